"""The portrait on a sheet's form: a thumbnail, "Load portrait…" and "Remove".

The image is read by :func:`cardtable.sheets.portrait.load_portrait` (upright, scaled down,
stored as PNG); a file it refuses is named in a message box with the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.decks.images import FORMATS
from cardtable.sheets import Portrait
from cardtable.sheets.portrait import PortraitError, load_portrait
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.sheets.fields import ProblemLabel

if TYPE_CHECKING:
    from cardtable.ui.sheets.form import SheetForm

#: The file dialog's filter: the formats the portrait loader reads.
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.gif *.bmp *.tif *.tiff *.webp);;All files (*)"
THUMBNAIL = QtCore.QSize(96, 120)


class PortraitBox(QtWidgets.QWidget):
    """The portrait's thumbnail with its two buttons, under the form's control."""

    def __init__(self, form: SheetForm) -> None:
        super().__init__(form)
        self._form = form
        self._portrait: Portrait | None = None
        self._loaded = False
        self._folder = ""
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.thumbnail = QtWidgets.QLabel()
        self.thumbnail.setFixedSize(THUMBNAIL)
        self.thumbnail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.thumbnail.setAccessibleName("Portrait")
        self.thumbnail.setStyleSheet(
            f"background: {form.tint.name()}; border: 1px solid {form.ink.name()};"
            "border-radius: 3px; color: #6b6660;"
        )
        layout.addWidget(self.thumbnail, 0, Qt.AlignmentFlag.AlignHCenter)
        self.load_button = QtWidgets.QPushButton("Load…")
        self.load_button.setToolTip(f"Load a portrait from an image file ({FORMATS})")
        self.load_button.setAccessibleName("Load portrait")
        self.load_button.clicked.connect(self._on_load)
        self.remove_button = QtWidgets.QPushButton("Remove")
        self.remove_button.setToolTip("Take the portrait off the sheet (Undo puts it back)")
        self.remove_button.setAccessibleName("Remove portrait")
        self.remove_button.clicked.connect(self._on_remove)
        for button in (self.load_button, self.remove_button):
            button.setFixedWidth(THUMBNAIL.width())
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.problems = ProblemLabel(self)
        self.problems.setMaximumWidth(THUMBNAIL.width())
        layout.addWidget(self.problems)
        self.load(None)

    def load(self, portrait: Portrait | None) -> None:
        """Show the sheet's portrait (or an empty frame)."""
        if portrait is self._portrait and self._loaded:
            return
        self._portrait, self._loaded = portrait, True
        self.problems.set_for(self, [])
        if portrait is None:
            self.thumbnail.setPixmap(QtGui.QPixmap())
            self.thumbnail.setText("No\nportrait")
            self.thumbnail.setToolTip("No portrait yet: “Load…” picks an image file")
        else:
            pixmap = QtGui.QPixmap()
            pixmap.loadFromData(portrait.png, "PNG")
            ratio = self.devicePixelRatioF()
            scaled = pixmap.scaled(
                THUMBNAIL * ratio - QtCore.QSize(2, 2),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            scaled.setDevicePixelRatio(ratio)
            self.thumbnail.setPixmap(scaled)
            width, height = portrait.size
            self.thumbnail.setToolTip(f"The portrait ({width} × {height} pixels)")
        self.remove_button.setEnabled(portrait is not None and not self._form.read_only)

    def set_read_only(self, read_only: bool) -> None:
        self.load_button.setEnabled(not read_only)
        self.remove_button.setEnabled(self._portrait is not None and not read_only)

    def _on_load(self) -> None:
        chosen, _filter = QtWidgets.QFileDialog.getOpenFileName(
            self, "Load portrait", self._folder or _pictures_folder(), IMAGE_FILTER
        )
        if not chosen:
            return
        path = Path(chosen)
        self._folder = str(path.parent)
        QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            portrait = load_portrait(path)
        except PortraitError as error:
            QtWidgets.QApplication.restoreOverrideCursor()
            QtWidgets.QMessageBox.warning(self, "Portrait not loaded", str(error))
            return
        QtWidgets.QApplication.restoreOverrideCursor()
        self._form.propose(
            {"portrait": portrait},
            f"portrait (loaded {path.name})",
            lambda messages: self.problems.set_for(self, messages),
        )

    def _on_remove(self) -> None:
        self._form.propose(
            {"portrait": None},
            "portrait (removed)",
            lambda messages: self.problems.set_for(self, messages),
        )


def _pictures_folder() -> str:
    folders = QtCore.QStandardPaths.standardLocations(
        QtCore.QStandardPaths.StandardLocation.PicturesLocation
    )
    return folders[0] if folders else ""
