"""The band at the top of the welcome screen after a crash: what the autosave holds, and
Recover or Discard, before anything else is chosen.

One row per session a Cardtable that did not close left behind (usually one), newest first,
each saying what it is: "evening.cardtable, autosaved at 21:14, with 3 moves made after it
was last saved". Recover opens it; Discard asks, then deletes it.
"""

from __future__ import annotations

import html
from pathlib import Path

from cardtable.session.recovery import Recovery
from cardtable.ui.qt import Qt, QtCore, QtWidgets

#: Rows shown at most; older ones wait for the next start.
MAX_ROWS = 3
EDGE = "#e0c068"


class RecoveryPanel(QtWidgets.QFrame):
    """Recover or discard each autosave a crash left. Emits :attr:`recover` and
    :attr:`discard` with the :class:`~cardtable.session.recovery.Recovery` chosen."""

    recover = QtCore.Signal(object)  # Recovery
    discard = QtCore.Signal(object)  # Recovery

    def __init__(
        self, recoveries: list[Recovery], parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("recoveryPanel")
        self.setAccessibleName("Sessions to recover")
        self.setStyleSheet(
            f"#recoveryPanel {{ background: palette(alternate-base); border: 1px solid {EDGE};"
            " border-radius: 8px; } #recoveryPanel QLabel { background: transparent; }"
        )
        #: Each row: the recovery, its words, its Recover and Discard buttons.
        self.rows: list[
            tuple[Recovery, QtWidgets.QLabel, QtWidgets.QPushButton, QtWidgets.QPushButton]
        ] = []
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(6)
        heading = QtWidgets.QLabel("<b>Cardtable did not close properly last time.</b>")
        layout.addWidget(heading)
        for recovery in recoveries[:MAX_ROWS]:
            layout.addLayout(self._row(recovery))
        self.setVisible(bool(self.rows))

    def _row(self, recovery: Recovery) -> QtWidgets.QHBoxLayout:
        words = recovery.words()
        text = QtWidgets.QLabel(f"Its autosave holds {html.escape(words)}.")
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        recover = QtWidgets.QPushButton("Recover")
        recover.setToolTip(f"Open the autosave: {words}")
        recover.setAccessibleName(f"Recover {recovery.title}")
        recover.setAutoDefault(True)
        recover.clicked.connect(lambda _=False: self.recover.emit(recovery))
        discard = QtWidgets.QPushButton("Discard…")
        discard.setToolTip("Delete this autosave (you are asked first)")
        discard.setAccessibleName(f"Discard the autosave of {recovery.title}")
        discard.setAutoDefault(False)
        discard.clicked.connect(lambda _=False: self.discard.emit(recovery))
        row = QtWidgets.QHBoxLayout()
        row.setSpacing(10)
        row.addWidget(text, 1)
        row.addWidget(discard)
        row.addWidget(recover)
        self.rows.append((recovery, text, recover, discard))
        return row

    def remove(self, recovery: Recovery) -> None:
        """Take ``recovery``'s row away (discarded); the band goes with its last row."""
        for index, (shown, *widgets) in enumerate(self.rows):
            if shown == recovery:
                for widget in widgets:
                    widget.setEnabled(False)
                    widget.hide()
                del self.rows[index]
                break
        self.setVisible(bool(self.rows))

    def autosave_of(self, path: Path) -> Recovery | None:
        """The autosave a crash left of the session saved at ``path``, when it holds moves
        the file does not."""
        for recovery, *_widgets in self.rows:
            if recovery.path is None or recovery.moves == 0:
                continue
            try:
                if recovery.path.resolve() == path.resolve():
                    return recovery
            except OSError:
                continue
        return None

    @property
    def first_button(self) -> QtWidgets.QPushButton | None:
        """The newest session's Recover button (the welcome screen's first focus)."""
        return self.rows[0][2] if self.rows else None


_Button = QtWidgets.QMessageBox.StandardButton


def prefer_autosave(parent: QtWidgets.QWidget, recovery: Recovery) -> bool:
    """Ask whether to open ``recovery`` rather than the file it is an autosave of."""
    answer = QtWidgets.QMessageBox.question(
        parent,
        "A newer autosave",
        f"Cardtable did not close properly while {recovery.title} was open. Its autosave "
        f"holds {recovery.words()}.\n\nOpen the autosave instead of the file as it was last "
        "saved?",
        _Button.Yes | _Button.No,
        _Button.Yes,
    )
    return answer == _Button.Yes


def confirm_discard(parent: QtWidgets.QWidget, recovery: Recovery) -> bool:
    """Ask before deleting ``recovery``'s autosave."""
    answer = QtWidgets.QMessageBox.question(
        parent,
        "Discard the autosave?",
        f"Delete the autosave of {recovery.words()}? This cannot be undone.",
        _Button.Discard | _Button.Cancel,
        _Button.Cancel,
    )
    return answer == _Button.Discard
