"""One question before a step that cannot be taken back (conceding a tarot Challenge, closing
a Conflict): a message box whose default is to keep playing, so that Enter or Escape changes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui.qt import QtWidgets

#: Asked with (title, question, the step's button text); True goes ahead.
AskBefore = Callable[[str, str, str], bool]
KEEP_PLAYING = "Keep playing"


def ask_before(parent: QtWidgets.QWidget, title: str, question: str, go: str) -> bool:
    """Ask ``question`` once; True when the player pressed ``go`` (the default is not to)."""
    box = QtWidgets.QMessageBox(parent)
    box.setIcon(QtWidgets.QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(question)
    yes = box.addButton(go, QtWidgets.QMessageBox.ButtonRole.AcceptRole)
    no = box.addButton(KEEP_PLAYING, QtWidgets.QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(no)
    box.setEscapeButton(no)
    box.exec()
    answer = box.clickedButton() is yes
    box.deleteLater()
    return answer


__all__ = ["KEEP_PLAYING", "AskBefore", "ask_before"]
