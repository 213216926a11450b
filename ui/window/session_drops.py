"""Dropping a session file on the main window opens it.

A ``.cardtable`` file dragged from a file manager is welcome anywhere on the window: the
felt, the hand and the panels take only cards and tokens, and pass anything else up to the
window. The file opens once the drop is over (a question about unsaved changes must not
hold the file manager's drag), through the window's own Open, which asks before unsaved
changes are lost and refuses a file it cannot read with its reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.ui.qt import Qt, QtCore, QtGui

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow

SESSION_SUFFIX = ".cardtable"

_Type = QtCore.QEvent.Type


def session_file_in(data: QtCore.QMimeData | None) -> Path | None:
    """The first local ``.cardtable`` file among the dragged ``data``, or None."""
    if data is None or not data.hasUrls():
        return None
    for url in data.urls():
        if url.isLocalFile():
            path = Path(url.toLocalFile())
            if path.suffix.lower() == SESSION_SUFFIX:
                return path
    return None


class SessionDrops(QtCore.QObject):
    """Lets ``window`` take dropped session files: the window hands over each drag and drop
    that reaches it (a filter on it would be a call into Python for every event it gets)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        window.setAcceptDrops(True)

    def take(self, event: QtGui.QDropEvent) -> bool:
        """Whether ``event`` (a drag entering or moving over the window, or a drop on it)
        carries a session file: then it is taken (the drop opens the file)."""
        kind = event.type()
        path = session_file_in(event.mimeData())
        if path is None:
            return False
        event.setDropAction(Qt.DropAction.CopyAction)  # the file stays where it is
        event.accept()
        if kind == _Type.Drop:
            window = self._window
            QtCore.QTimer.singleShot(0, window, lambda: window.open_session(path))
        return True
