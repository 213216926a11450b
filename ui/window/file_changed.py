"""The question asked when the session file changed on disk since it was opened or saved.

Another Cardtable, or a sync client bringing another computer's save, wrote the file while
this session was in play. Saving over it in silence would lose their version; not saving
would lose this one. :class:`FileChangedDialog` lets the player choose: keep mine (theirs
stays as the backup, ``NAME.bak``), reload theirs (this session's unsaved changes go), or
save mine under another name (both stay).
"""

from __future__ import annotations

import html
from datetime import datetime
from pathlib import Path

from cardtable.ui.qt import Qt, QtWidgets

KEEP_MINE, RELOAD_THEIRS, SAVE_AS, CANCEL = "keep mine", "reload theirs", "save as", "cancel"


def _when(path: Path) -> str:
    try:
        at = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        return "meanwhile"
    if at.date() == datetime.now().date():
        return f"at {at:%H:%M:%S}"
    return f"at {at:%H:%M} on {at:%d %B}"


class FileChangedDialog(QtWidgets.QDialog):
    """Keep mine, reload theirs, or save as: :attr:`choice` holds the answer after it closes
    (:data:`CANCEL` when the player closed it)."""

    def __init__(self, path: Path, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = CANCEL
        self.setWindowTitle("The session file changed on disk")
        self.setAccessibleName("The session file changed on disk")
        name = html.escape(path.name)
        self.message = QtWidgets.QLabel(
            f"<p><b>{name}</b> was written by someone else {_when(path)}, after you opened "
            "or last saved it here: another Cardtable, or a sync client bringing another "
            "computer's save.</p><p>Which version do you want to keep?</p>"
        )
        self.message.setWordWrap(True)
        self.message.setMinimumWidth(420)
        self.keep_button = self._button(
            "&Keep mine",
            f"Save this session over the file; their version is kept as {path.name}.bak",
            KEEP_MINE,
        )
        self.reload_button = self._button(
            "&Reload theirs",
            "Open the file as it is on disk now; the changes made here since the last save "
            "are lost",
            RELOAD_THEIRS,
        )
        self.save_as_button = self._button(
            "&Save mine as…", "Keep both: save this session under another name", SAVE_AS
        )
        self.cancel_button = self._button("Cancel", "Do not save now", CANCEL)
        self.cancel_button.setAutoDefault(False)
        self.save_as_button.setDefault(True)  # the choice that loses nothing
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        for button in (self.reload_button, self.keep_button, self.save_as_button):
            buttons.addWidget(button)
        icon = QtWidgets.QLabel(self)
        warning = self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning)
        icon.setPixmap(warning.pixmap(48, 48))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        top = QtWidgets.QHBoxLayout()
        top.setSpacing(16)
        top.addWidget(icon)
        top.addWidget(self.message, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(18, 18, 18, 14)
        layout.setSpacing(16)
        layout.addLayout(top)
        layout.addLayout(buttons)

    def _button(self, text: str, tip: str, choice: str) -> QtWidgets.QPushButton:
        button = QtWidgets.QPushButton(text, self)
        button.setToolTip(tip)
        button.setAccessibleName(text.replace("&", "").rstrip("…"))
        button.setAccessibleDescription(tip)
        button.clicked.connect(lambda _=False: self._choose(choice))
        return button

    def _choose(self, choice: str) -> None:
        self.choice = choice
        if choice == CANCEL:
            self.reject()
        else:
            self.accept()


def ask_file_changed_box(parent: QtWidgets.QWidget, path: Path) -> str:
    """Ask what to do about ``path`` changed on disk: one of the four choices above."""
    dialog = FileChangedDialog(path, parent)
    dialog.exec()
    return dialog.choice
