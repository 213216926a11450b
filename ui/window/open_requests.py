"""Session files handed to a running Cardtable from outside, and where they go.

They come from a later start (a file double-clicked in a file manager, handed over by
:mod:`cardtable.ui.window.single_instance`) or, on macOS, from Finder as a
:class:`QFileOpenEvent` (a double-click, or a file dropped on the Dock icon: macOS starts
the app without arguments and sends the file as an event). Each goes to what is on screen:

- the main window, brought forward; it asks before unsaved changes are lost;
- else the welcome screen, as if the file had been chosen with its Open…;
- else it waits, and the main window opens it once it is there.

:func:`start_desktop` puts it all in place when the app starts.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow
    from cardtable.ui.window.single_instance import SingleInstance

_log = logging.getLogger(__name__)


class OpenRequests(QtCore.QObject):
    """Takes files to open from outside and gives each to the window that can open it."""

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._window: MainWindow | None = None
        self._waiting: list[Path] = []
        #: The socket that later starts hand their files to (see :func:`start_desktop`).
        self.instance: SingleInstance | None = None

    @property
    def waiting(self) -> tuple[Path, ...]:
        """The files waiting for the main window."""
        return tuple(self._waiting)

    def attach(self, window: MainWindow) -> None:
        """Send files to ``window`` from now on, starting with those that waited for it."""
        self._window = window
        waiting, self._waiting = self._waiting, []
        for path in waiting:
            self.open(path)

    def open(self, path: str | Path) -> None:
        """Open ``path`` where it can be opened; done from the event loop, after the caller
        has returned (the window may have to ask about unsaved changes first)."""
        QtCore.QTimer.singleShot(0, self, lambda: self._deliver(Path(path)))

    def open_all(self, paths: list[str]) -> None:
        for path in paths:
            self.open(path)

    def watch_file_open_events(self, app: QtCore.QCoreApplication) -> None:
        """Open the files macOS sends as :class:`QFileOpenEvent`: a filter on the whole
        application, which is where Qt sends them."""
        app.installEventFilter(self)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if (
            event.type() == QtCore.QEvent.Type.FileOpen
            and isinstance(event, QtGui.QFileOpenEvent)
            and event.file()
        ):
            self.open(event.file())
            return True
        return False

    def _deliver(self, path: Path) -> None:
        window = self._window
        if window is not None:
            _log.info("opening %s from outside in the main window", path)
            _bring_forward(window)
            window.when_ready(lambda ready: ready.open_session(path))
            return
        welcome = _welcome_screen()
        if welcome is not None:
            _log.info("opening %s from outside on the welcome screen", path)
            _bring_forward(welcome)
            welcome.open_file(path)
            return
        _log.info("%s waits for the main window", path)
        self._waiting.append(path)


def _welcome_screen() -> QtWidgets.QWidget | None:
    from cardtable.ui.window.welcome import WelcomeDialog

    for widget in QtWidgets.QApplication.topLevelWidgets():
        if isinstance(widget, WelcomeDialog) and widget.isVisible():
            return widget
    return None


def _bring_forward(window: QtWidgets.QWidget) -> None:
    if window.isMinimized():
        window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()


def start_desktop(app: QtWidgets.QApplication, session: str | None) -> OpenRequests | None:
    """Make this start the one Cardtable that opens the files handed to it from outside.

    With ``session``, first offer it to a Cardtable already running: None means that one
    took it and this start should end. Otherwise the returned :class:`OpenRequests` takes
    later starts' files (and Finder's on macOS); :meth:`OpenRequests.attach` it to the main
    window once there is one.
    """
    requests = OpenRequests(app)
    if session is not None:
        instance = _instance(requests)
        if instance.hand_off([session]):
            _log.info("the running Cardtable took %s; this start ends", session)
            return None
    else:
        # Listening imports QtNetwork, which the first screen does not need.
        QtCore.QTimer.singleShot(0, requests, lambda: _instance(requests).listen())
    # Only macOS sends QFileOpenEvent, and an application-wide filter sees every event of
    # every widget (some microseconds each through Python), so elsewhere it stays off.
    if sys.platform == "darwin":
        requests.watch_file_open_events(app)
    return requests


def _instance(requests: OpenRequests) -> SingleInstance:
    from cardtable.ui.window.single_instance import SingleInstance

    instance = SingleInstance(parent=requests)
    instance.files_received.connect(requests.open_all)
    requests.instance = instance
    return instance
