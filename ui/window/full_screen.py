"""View > Full screen (F11): the table on the whole of a shared screen, no frame, no task bar.

F11 and the menu entry toggle it; Escape does not leave it (on Linux and Windows leaving
full screen is F11's, and Escape already closes menus, dialogs and a card's preview, so a
player pressing it for those would lose the full screen by surprise). The window's geometry,
which :class:`~cardtable.ui.window.placement.WindowPlace` keeps, says full screen too, so the
next start comes back full screen.
"""

from __future__ import annotations

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets


def full_screen_keys() -> list[QtGui.QKeySequence]:
    """The platform's keys for full screen, and F11 wherever it is not one of them."""
    keys = QtGui.QKeySequence.keyBindings(QtGui.QKeySequence.StandardKey.FullScreen)
    f11 = QtGui.QKeySequence(Qt.Key.Key_F11)
    return keys if f11 in keys else [f11, *keys]


class FullScreen(QtCore.QObject):
    """The checkable View > Full screen entry of ``window``, ticked while it is full screen
    (however it got there: the entry, F11, or a geometry brought back full screen)."""

    def __init__(self, window: QtWidgets.QMainWindow, menu: QtWidgets.QMenu) -> None:
        super().__init__(window)
        self._window = window
        self.action = QtGui.QAction("F&ull screen", window)
        self.action.setCheckable(True)
        self.action.setShortcuts(full_screen_keys())
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        shortcut = self.action.shortcut().toString(QtGui.QKeySequence.SequenceFormat.NativeText)
        self.action.setStatusTip(f"The table on the whole screen ({shortcut} again to leave)")
        self.action.setToolTip(self.action.statusTip())
        self.action.setChecked(window.isFullScreen())
        self.action.toggled.connect(self._on_toggled)
        window.addAction(self.action)  # F11 works with the menu bar hidden too
        menu.addAction(self.action)

    def _on_toggled(self, on: bool) -> None:
        if on != self._window.isFullScreen():
            state = self._window.windowState()
            full = Qt.WindowState.WindowFullScreen
            self._window.setWindowState(state | full if on else state & ~full)

    def state_changed(self) -> None:
        """The window's state changed (told by the window: a filter on it would be a call
        into Python for every event it gets)."""
        self.action.setChecked(self._window.isFullScreen())
