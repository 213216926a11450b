"""The GM's small live picture of the public table: the TV usually faces away from the GM.

A dock the GM can close, holding a picture of the public window taken after it changed, at
most every :data:`FRAME_MS`: the laptop copies the window's pixels a few times a second at
most, and not at all while nothing changes. The picture is of the public window, so it shows
only what the room sees.
"""

from __future__ import annotations

from cardtable.ui.public.window import PublicTable
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: The least time between two pictures.
FRAME_MS = 300
WIDTH = 320


class PublicPreview(QtWidgets.QDockWidget):
    """What the room sees, small, beside the GM's table."""

    def __init__(self, table: PublicTable, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("What the room sees", parent)
        self.setObjectName("publicPreview")
        self.setFeatures(
            QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self._table = table
        self.picture = QtWidgets.QLabel(self)
        self.picture.setAccessibleName("A picture of the table on the second screen")
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setMinimumSize(WIDTH, WIDTH * 9 // 16)
        self.setWidget(self.picture)
        #: How many pictures were taken (the bench and the tests read it).
        self.frames = 0
        self._due = QtCore.QTimer(self)
        self._due.setSingleShot(True)
        self._due.setInterval(FRAME_MS)
        self._due.timeout.connect(self._take)
        table.refreshed.connect(self._on_refreshed)

    def _on_refreshed(self) -> None:
        if not self._due.isActive():
            self._due.start()

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        self._due.start()

    def _take(self) -> None:
        if not self.isVisible() or not self._table.isVisible():
            return
        shot = self._table.grab()
        width = max(WIDTH, self.picture.width())
        self.picture.setPixmap(
            shot.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
        )
        self.frames += 1
