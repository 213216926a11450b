"""Where the window was: its size and place, and its panels' layout and widths, kept between
runs in the app's QSettings (``Cardtable/Cardtable``, Qt's own place for them).

The first time, the window opens maximised (a table wants all the screen it can get); after
that it comes back as it was closed: its geometry (:meth:`QWidget.saveGeometry`, which keeps
"maximised" too) and, once the panels are built, its docks (:meth:`QMainWindow.saveState`:
which panel is where, which tab is in front, and how wide the column is), within the screen
it opens on: a window left larger than it is brought within it, and a column left wide
leaves the felt at least half the window's width (the hand's row at most half its height).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import in_front

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow

GEOMETRY_KEY = "window/geometry"
DOCKS_KEY = "window/docks"
#: The widths of the column of panels and of the log, and the hand's height (Qt's own state
#: does not always bring them back when the panels are built after the window is shown).
SIZES_KEY = "window/dock_sizes"
#: How many times a dock is asked again for the width it had, the width it is given
#: falling short of the width asked for.
_TRIES = 3
#: The share of the screen a window not maximised takes the first time.
FIRST_SHARE = 0.85


class WindowPlace(QtCore.QObject):
    """Keeps a window's geometry and dock layout in ``store`` (the app's QSettings unless
    given one): :meth:`restore_geometry` before it is shown, :meth:`restore_docks` once its
    docks are built; it remembers both when the window is closed, or the app quits."""

    def __init__(self, store: QtCore.QSettings | None = None) -> None:
        super().__init__()
        self._store = store if store is not None else QtCore.QSettings()
        self._window: QtWidgets.QMainWindow | None = None
        self.docks_ready = False
        self._check_shown = False

    @property
    def store(self) -> QtCore.QSettings:
        return self._store

    def _saved(self, key: str) -> QtCore.QByteArray | None:
        value = self._store.value(key)
        return value if isinstance(value, QtCore.QByteArray) and not value.isEmpty() else None

    def restore_geometry(self, window: MainWindow) -> bool:
        """Put ``window`` where it was last closed (True), or the first time maximised, its
        size when not maximised a large share of the screen (False). Watches it from now on."""
        self._window = window
        # Told by the window (a filter on it would be a call into Python for every event).
        window.closing.connect(self._on_closing)
        window.shown.connect(self._on_shown)
        app = QtWidgets.QApplication.instance()
        if app is not None:  # a quit that closes no window keeps the place too
            app.aboutToQuit.connect(self._on_quit)
        saved = self._saved(GEOMETRY_KEY)
        if saved is not None and window.restoreGeometry(saved):
            _within_screen(window)
            self._check_shown = True  # again once shown, with the frame the desktop adds
            return True
        screen = window.screen() or QtGui.QGuiApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            size = QtCore.QSize(int(area.width() * FIRST_SHARE), int(area.height() * FIRST_SHARE))
            window.resize(size)
            window.move(area.center() - QtCore.QPoint(size.width() // 2, size.height() // 2))
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
        return False

    def saved_height(self, dock: QtWidgets.QDockWidget) -> int | None:
        """How tall ``dock`` was when the window was last closed, if that is known."""
        sizes = self._store.value(SIZES_KEY)
        for name, _, height in map(_entry, sizes if isinstance(sizes, list) else []):
            if name == dock.objectName() and height is not None:
                return height
        return None

    def restore_docks(self, window: QtWidgets.QMainWindow) -> bool:
        """Lay the docks out as they were last closed (True), if that is known."""
        self.docks_ready = True
        saved = self._saved(DOCKS_KEY)
        if saved is None or not window.restoreState(saved):
            return False
        _lay_out(window)
        sizes = self._store.value(SIZES_KEY)
        if isinstance(sizes, list):
            _resize(window, [str(s) for s in sizes])
        lock = getattr(window, "curtain_lock", None)
        if lock is not None:  # laid out behind the curtain: it lifts onto this layout
            lock.rearranged(saved)
        return True

    def remember(self, window: QtWidgets.QMainWindow) -> None:
        """Keep ``window``'s geometry now, and its docks once they are all built."""
        self._store.setValue(GEOMETRY_KEY, window.saveGeometry())
        if self.docks_ready:
            # Not the panels hidden behind the curtain: as the players left them.
            lock = getattr(window, "curtain_lock", None)
            state = window.saveState() if lock is None else lock.arrangement()
            self._store.setValue(DOCKS_KEY, state)
            self._store.setValue(SIZES_KEY, _sizes(window))
        self._store.sync()

    def _on_quit(self) -> None:
        # Only a window still open: one closed was remembered as it closed.
        with contextlib.suppress(RuntimeError):  # the window is gone already
            if self._window is not None and self._window.isVisible():
                self.remember(self._window)

    def _on_closing(self) -> None:
        if self._window is not None:
            self.remember(self._window)

    def _on_shown(self) -> None:
        window = self._window
        if window is not None and self._check_shown:
            self._check_shown = False
            QtCore.QTimer.singleShot(0, lambda: _within_screen(window))


def _front_docks(window: QtWidgets.QMainWindow) -> list[QtWidgets.QDockWidget]:
    """The docks in sight, named (behind the curtain: those in sight once it lifts): of
    each group of tabs, the one in front. The others keep the size they last had in front,
    which is not the column's once the player has made it narrower."""
    lock = getattr(window, "curtain_lock", None)
    shown = [
        dock
        for dock in window.findChildren(QtWidgets.QDockWidget)
        if dock.objectName()
        and (dock.isVisible() or (lock is not None and lock.keeps(dock)))
        and not dock.isFloating()
    ]
    seen: set[QtWidgets.QDockWidget] = set()
    front = []
    for dock in shown:
        if dock in seen:
            continue
        group = [dock, *(d for d in window.tabifiedDockWidgets(dock) if d in shown)]
        seen.update(group)
        # Panels not laid out yet are all at the window's corner: the largest of them.
        ahead = [d for d in group if in_front(d)] or group
        front.append(max(ahead, key=lambda d: d.width() * d.height()))
    return front


def _sizes(window: QtWidgets.QMainWindow) -> list[str]:
    """Each dock in sight as ``name:width:height``."""
    return [f"{d.objectName()}:{d.width()}:{d.height()}" for d in _front_docks(window)]


def _entry(entry: object) -> tuple[str, int | None, int | None]:
    """A dock's name, width and height from an entry of :func:`_sizes` (None where the entry
    does not say)."""
    name, _, rest = str(entry).partition(":")
    width, _, height = rest.partition(":")
    return (
        name,
        int(width) if width.isdigit() else None,
        int(height) if height.isdigit() else None,
    )


def _within_screen(window: QtWidgets.QMainWindow) -> None:
    """Bring a window restored larger than its screen, or partly off it, within the screen
    it opens on (left on a larger screen, it would hide its status bar or a panel's edge)."""
    if window.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
        return
    screen = window.screen() or QtGui.QGuiApplication.primaryScreen()
    if screen is None:
        return
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    if area.contains(frame):
        return
    # The frame (title bar, borders) around the window counts against the screen too.
    extra = frame.size() - window.geometry().size()
    room = area.size() - extra
    window.resize(window.size().boundedTo(room))
    left = min(max(frame.left(), area.left()), area.right() + 1 - window.frameGeometry().width())
    top = min(max(frame.top(), area.top()), area.bottom() + 1 - window.frameGeometry().height())
    window.move(left, top)


def _felt_half(window: QtWidgets.QMainWindow, column: list[QtWidgets.QDockWidget]) -> None:
    """Narrow the docks of ``column`` (each in front in its side's column) until the table in
    the middle has at least half the window's width."""
    central = window.centralWidget()
    if central is None or not column:
        return
    short = window.width() // 2 - central.width()
    if short <= 0:
        return
    each = -(-short // len(column))  # shared, rounded up
    window.resizeDocks(
        column, [max(1, dock.width() - each) for dock in column], Qt.Orientation.Horizontal
    )
    _lay_out(window)


def _lay_out(window: QtWidgets.QMainWindow) -> None:
    """Put the docks at the sizes just given now, not at the window's next turn of its
    event loop: the sizes read next are the given ones, and the layout is final before
    the curtain a session comes in behind can be lifted."""
    layout = window.layout()
    if layout is not None:
        layout.activate()


def _resize(window: QtWidgets.QMainWindow, sizes: list[str]) -> None:
    """Give the docks named in ``sizes`` (see :func:`_sizes`) their widths and heights, the
    felt keeping at least half the window's width, and the hand's row at most half its
    height."""
    docks = {d.objectName(): d for d in window.findChildren(QtWidgets.QDockWidget)}
    across: tuple[list[QtWidgets.QDockWidget], list[int]] = ([], [])
    down: tuple[list[QtWidgets.QDockWidget], list[int]] = ([], [])
    for name, width, height in map(_entry, sizes):
        dock = docks.get(name)
        if dock is None or width is None or height is None:
            continue
        across[0].append(dock)
        across[1].append(width)
        if window.dockWidgetArea(dock) in (
            Qt.DockWidgetArea.BottomDockWidgetArea,
            Qt.DockWidgetArea.TopDockWidgetArea,
        ):
            down[0].append(dock)
            down[1].append(min(height, window.height() // 2))
    if across[0]:
        window.resizeDocks(across[0], across[1], Qt.Orientation.Horizontal)
        _lay_out(window)
        # A column of tabbed panels counts its tabs down its side in the width asked for:
        # ask again for what is missing, so that the panels come back as wide as they were.
        for dock, width in zip(*across, strict=True):
            asked = width
            for _ in range(_TRIES):
                missing = width - dock.width()
                if not missing:
                    break
                asked += missing
                window.resizeDocks([dock], [asked], Qt.Orientation.Horizontal)
                _lay_out(window)
    if down[0]:
        window.resizeDocks(down[0], down[1], Qt.Orientation.Vertical)
    _lay_out(window)
    sides = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
    column = [dock for dock in _front_docks(window) if window.dockWidgetArea(dock) in sides]
    _felt_half(window, column)


__all__ = ["DOCKS_KEY", "GEOMETRY_KEY", "WindowPlace"]
