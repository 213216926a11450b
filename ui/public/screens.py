"""View > Table on a second screen: the public table, full screen on the screen the user picks.

With several screens the user picks one from those Qt sees, each named with its size
("HDMI-1, 1920 x 1080"), the first that is not the laptop's offered first; the public window
then fills it. With one screen the window opens as a normal window beside the table. When its
screen goes away (the TV is unplugged) the window comes back to the primary screen as a
normal window, never full screen over the GM's own table. Closing the window unticks the
entry; while it is open the GM has a small live picture of it
(:class:`~cardtable.ui.public.preview.PublicPreview`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

if TYPE_CHECKING:
    # Only named here: the main window imports this module before the session model loads.
    from cardtable.ui.document import SessionDocument
    from cardtable.ui.public.preview import PublicPreview
    from cardtable.ui.public.window import PublicTable

#: What "A TV and phones" does, in the Table menu and on the welcome screen.
TV_AND_PHONES = (
    "The table on the TV for the room, each player's hand on their own phone, "
    "this laptop for the GM"
)

#: Picks a screen from those offered (the first offered is the default); None: cancelled.
Chooser = Callable[[QtWidgets.QWidget, Sequence[QtGui.QScreen]], QtGui.QScreen | None]


def screen_words(screen: QtGui.QScreen) -> str:
    """A screen as the user picks it: its name and its size in its own pixels (a 1920x1080
    TV reads so even when the desktop is scaled, as on a HiDPI laptop)."""
    size = screen.size() * screen.devicePixelRatio()
    name = screen.name() or screen.model() or "Screen"
    return f"{name}, {size.width()} x {size.height()}"


def offered_screens(here: QtGui.QScreen | None) -> list[QtGui.QScreen]:
    """The screens Qt sees, those other than ``here`` (the laptop's) first."""
    screens = QtGui.QGuiApplication.screens()
    return [s for s in screens if s is not here] + [s for s in screens if s is here]


def ask_screen(parent: QtWidgets.QWidget, screens: Sequence[QtGui.QScreen]) -> QtGui.QScreen | None:
    """Ask which screen the table goes on (the default: the first offered)."""
    # Numbered: two screens of one make and size are still told apart.
    names = [f"{i}. {screen_words(screen)}" for i, screen in enumerate(screens, 1)]
    name, ok = QtWidgets.QInputDialog.getItem(
        parent, "Table on a second screen", "Show the table to the room on:", names, 0, False
    )
    return screens[names.index(name)] if ok and name in names else None


class PublicScreen(QtCore.QObject):
    """The View menu's entry, and the public window and the GM's picture it opens."""

    def __init__(
        self,
        parent: QtWidgets.QMainWindow,
        document: Callable[[], SessionDocument],
        choose: Chooser = ask_screen,
    ) -> None:
        super().__init__(parent)
        self._main = parent
        self._document = document
        #: Picks the screen among several (tests replace it).
        self.choose = choose
        self.window: PublicTable | None = None
        self.preview: PublicPreview | None = None
        self.action = QtGui.QAction("Table on a &second screen", parent)
        self.action.setCheckable(True)
        self.action.setStatusTip(
            "Show the table as everyone may see it on a TV or projector: no hand, no private face"
        )
        self.action.toggled.connect(self._on_toggled)
        app = QtGui.QGuiApplication.instance()
        assert isinstance(app, QtGui.QGuiApplication)
        app.screenRemoved.connect(self._on_screen_removed)

    def _on_toggled(self, on: bool) -> None:
        if on:
            if not self.open():
                self.action.setChecked(False)
        elif self.window is not None:
            self.window.close()

    def open(self, screen: QtGui.QScreen | None = None) -> bool:
        """Open the public window on ``screen`` (None: the one the user picks); False when
        the user cancelled."""
        if screen is None:
            screens = offered_screens(self._main.screen())
            if len(screens) > 1:
                screen = self.choose(self._main, screens)
                if screen is None:
                    return False
        window = self._ensure_window()
        if screen is None or len(QtGui.QGuiApplication.screens()) < 2:
            self._show_normal(window, self._main.screen())
        else:
            window.setScreen(screen)
            window.setGeometry(screen.geometry())
            window.showFullScreen()
        self._ensure_preview(window).show()
        return True

    def close(self) -> None:
        """Close the public window, if it is open (the main window is closing)."""
        if self.window is not None and self.window.isVisible():
            self.window.close()

    def open_at_start(self) -> None:
        """Open the public window without asking (the setting to open it at start): on the
        first screen that is not the laptop's, or as a window when there is one screen."""
        screens = offered_screens(self._main.screen())
        self.action.blockSignals(True)  # opened here, not again by the entry's toggle
        self.action.setChecked(self.open(screens[0] if len(screens) > 1 else None))
        self.action.blockSignals(False)

    def _ensure_window(self) -> PublicTable:
        if self.window is None:
            # Imported when first asked for: the public table's model is not needed to start.
            from cardtable.ui.public.window import PublicTable

            # Owned by the main window: it closes with it and never keeps the app running.
            self.window = PublicTable(self._document(), self._main)
            self.window.closed.connect(self._on_window_closed)
        return self.window

    def _ensure_preview(self, window: PublicTable) -> PublicPreview:
        if self.preview is None:
            from cardtable.ui.public.preview import PublicPreview

            self.preview = PublicPreview(window, self._main)
            self._main.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.preview)
        return self.preview

    def _show_normal(self, window: PublicTable, screen: QtGui.QScreen | None) -> None:
        window.showNormal()
        if screen is not None:
            window.setScreen(screen)
            room = screen.availableGeometry()
            window.resize(room.width() * 2 // 3, room.height() * 2 // 3)
            window.move(room.center() - window.rect().center())
        window.show()

    def _on_screen_removed(self, screen: QtGui.QScreen) -> None:
        window = self.window
        if window is None or not window.isVisible():
            return
        if window.screen() is screen or window.screen() is None:
            self._show_normal(window, QtGui.QGuiApplication.primaryScreen())

    def _on_window_closed(self) -> None:
        if self.preview is not None:
            self.preview.hide()
        self.action.setChecked(False)
