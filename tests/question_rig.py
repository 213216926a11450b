"""Answering the one question a panel asks before a step that cannot be taken back.

Import as ``from question_rig import answer_next_question`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.ui.qt import Qt, QtCore, QtWidgets


def answer_next_question(qtbot: QtBot, button: str, asked: list[str] | None = None) -> None:
    """Click ``button`` on the next message box as soon as it is shown (its text goes into
    ``asked``); call just before the click that asks."""

    def press() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox) or not box.isVisible():
            QtCore.QTimer.singleShot(10, press)
            return
        if asked is not None:
            asked.append(box.text())
        found = next(b for b in box.buttons() if b.text() == button)
        qtbot.mouseClick(found, Qt.MouseButton.LeftButton)

    QtCore.QTimer.singleShot(0, press)
