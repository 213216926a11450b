"""Starting the Qt application: the log file, the app icon, the main window.

With the environment variable ``CARDTABLE_SMOKE_EXIT=1`` the app prints
``cardtable: painted at <epoch seconds>`` on stdout just after the main window's first
paint, then, once the window has its session in place (``MainWindow.when_ready``),
``cardtable: ready: <window title>``, then ``cardtable: shown at <epoch seconds>`` just
after the paint that shows the session (the first, as the app puts the session in place
before the window is painted), and quits with status 0. The packaging smoke test
and ``cardtable bench`` (start-up time, to a usable window showing the session) use it. A
window that is not ready after :data:`SMOKE_TIMEOUT_MS` ends the run with status 3.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import TYPE_CHECKING

from cardtable import __version__
from cardtable.logs import configure_logging, log_uncaught
from cardtable.ui.art.app_icon import app_icon
from cardtable.ui.art.fonts import use_bundled_fonts
from cardtable.ui.art.picture_cache import install as keep_pictures
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.theme import follow_the_desktop
from cardtable.ui.window.memory import hold_for_start

SMOKE_EXIT_VARIABLE = "CARDTABLE_SMOKE_EXIT"
SMOKE_TIMEOUT_MS = 30_000
EXIT_NOT_READY = 3

_log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow


def application() -> QtWidgets.QApplication:
    """The running QApplication, created once."""
    app = QtWidgets.QApplication.instance()
    if isinstance(app, QtWidgets.QApplication):
        return app
    app = QtWidgets.QApplication(sys.argv[:1])
    app.setApplicationName("Cardtable")
    app.setOrganizationName("Cardtable")
    app.setApplicationDisplayName("Cardtable")
    # Ties the windows to packaging/linux/cardtable.desktop (its icon in docks and task bars).
    app.setDesktopFileName("cardtable")
    # The same typefaces on every machine, for the panels as for the felt and the cards.
    use_bundled_fonts(app)
    follow_the_desktop(app)
    return app


def show_icon(app: QtWidgets.QApplication) -> None:
    """Give every window of ``app`` Cardtable's icon (this loads the SVG plugin and draws the
    icon's sizes for the window manager)."""
    app.setWindowIcon(app_icon())


def icon_once_shown(app: QtWidgets.QApplication, window: MainWindow) -> None:
    """Give ``app`` its icon just after ``window`` has painted its session: the first sight of
    the table does not wait for it (the task bar shows it a frame later)."""

    window.when_ready(lambda ready: ready.after_shown(lambda: show_icon(app)))


class _FirstPaint(QtCore.QObject):
    """The smoke test: notes the first paint of ``window``, quits once it is ready.

    It watches one widget at a time (the window, then what shows the session), not
    the whole application: an application-wide filter hands Python every event of every
    object, Qt's own included, and would slow the very start it measures (the bare window of
    :mod:`cardtable.ui.window.bare_window` watches the same way)."""

    def __init__(self, app: QtWidgets.QApplication, window: QtWidgets.QWidget) -> None:
        super().__init__(app)
        self._app = app
        self._window = window
        self._watched: QtWidgets.QWidget = window
        self._seen = False
        self._ready = False
        #: Whether the session was in place before the window's first paint (which then
        #: showed it).
        self._loaded = False
        when_ready = getattr(window, "when_ready", None)
        if callable(when_ready):
            when_ready(self._on_loaded)
        window.installEventFilter(self)
        QtCore.QTimer.singleShot(SMOKE_TIMEOUT_MS, self._on_timeout)

    def _on_loaded(self, window: QtWidgets.QWidget) -> None:
        self._loaded = True
        showing = getattr(window, "showing", None)
        if not self._seen and callable(showing):
            # In place before the first paint: the first paint is then what shows the
            # session (the curtain it comes in behind covers the window, which paints
            # nothing of its own).
            self._watched.removeEventFilter(self)
            self._watched = showing()
            self._watched.installEventFilter(self)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.Paint and watched is self._watched:
            watched.removeEventFilter(self)
            # Queued, so it runs once this paint (and the rest of the window's) is done: the
            # first paint, or once ready the first that shows the session.
            if self._seen:
                QtCore.QTimer.singleShot(0, self._on_shown)
            else:
                shows_session = self._loaded
                QtCore.QTimer.singleShot(0, lambda: self._on_painted(shows_session))
            self._seen = True
        return False

    def _on_painted(self, shows_session: bool) -> None:
        painted_at = time.time()
        _say(f"cardtable: painted at {painted_at:.6f}")
        _log.info("smoke test: the main window painted")
        if shows_session:  # that paint showed the session: ready and shown then
            self._ready = True
            _say(f"cardtable: ready: {self._window.windowTitle()}")
            self._on_shown(painted_at)
            return
        when_ready = getattr(self._window, "when_ready", None)
        if callable(when_ready):
            when_ready(lambda window: self._on_ready())
        else:
            self._on_ready()

    def _on_ready(self) -> None:
        self._ready = True
        _say(f"cardtable: ready: {self._window.windowTitle()}")
        # What shows the session, in Cardtable: the curtain it comes in behind, or the felt.
        showing = getattr(self._window, "showing", None)
        self._watched = showing() if callable(showing) else self._window
        self._watched.installEventFilter(self)
        # Putting the session in place always paints; should it have painted already, ask.
        QtCore.QTimer.singleShot(1000, self._watched.update)

    def _on_shown(self, at: float | None = None) -> None:
        _say(f"cardtable: shown at {time.time() if at is None else at:.6f}")
        _log.info("smoke test: the window shows its session; quitting")
        self._app.exit(0)

    def _on_timeout(self) -> None:
        if not self._ready:
            _log.error("smoke test: not ready after %d ms", SMOKE_TIMEOUT_MS)
            self._app.exit(EXIT_NOT_READY)


def _say(line: str) -> None:
    if sys.stdout is not None:  # a windowed build on Windows has no stdout
        print(line, flush=True)


def run(session: str | None = None) -> int:
    """Open the main window (with ``session`` if given) and run until it closes."""
    log_file = configure_logging()
    sys.excepthook = log_uncaught
    _log.info("Cardtable %s starting (log file: %s)", __version__, log_file)
    app = application()
    hold_for_start(app)  # the collector waits until the first session is shown
    keep_pictures()  # the icons and card backs of a start, drawn once, not at every start
    requests = None
    if os.environ.get(SMOKE_EXIT_VARIABLE) != "1":  # a smoke run neither hands off nor listens
        from cardtable.ui.window.open_requests import start_desktop

        requests = start_desktop(app, session)
        if requests is None:  # the Cardtable already running took the file
            return 0
    # Imported after the QApplication exists: the window pulls in the card art and felt.
    from cardtable.ui.window.setup import start_window

    if session is None:
        show_icon(app)  # the welcome screen comes first
    window = start_window(session)
    if window is None:  # the player chose Quit on the welcome screen
        return 0
    if session is not None:
        icon_once_shown(app, window)
    if requests is not None:
        requests.attach(window)  # files double-clicked from now on open in this window
    window.show()
    if os.environ.get(SMOKE_EXIT_VARIABLE) == "1":
        _FirstPaint(app, window)
    window.load_now()
    status = app.exec()
    _log.info("Cardtable closed (status %d)", status)
    return status
