"""Opening session files the way a desktop hands them over: dropped on the window, sent by
macOS Finder as a QFileOpenEvent, or handed over while the welcome screen is up."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session import Note
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.window.main_window import CANCEL, DISCARD, MainWindow
from cardtable.ui.window.open_requests import OpenRequests
from cardtable.ui.window.session_drops import session_file_in
from cardtable.ui.window.welcome import WelcomeDialog

_DROP_ACTIONS = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction | Qt.DropAction.LinkAction


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "evening.cardtable"
    shutil.copyfile(demo_path(), path)
    return path


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    made = MainWindow(None, autosave_folder=tmp_path / "autosave", animation_ms=0)
    made.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(made)
    ready: list[MainWindow] = []
    made.when_ready(ready.append)
    made.show()
    qtbot.waitUntil(lambda: bool(ready))
    return made


@pytest.fixture
def requests() -> Iterator[OpenRequests]:
    made = OpenRequests()
    yield made
    app = QtWidgets.QApplication.instance()
    assert app is not None
    app.removeEventFilter(made)


def _files(*paths: Path) -> QtCore.QMimeData:
    data = QtCore.QMimeData()
    data.setUrls([QtCore.QUrl.fromLocalFile(str(path)) for path in paths])
    return data


def _drag_onto(
    window: MainWindow, widget: QtWidgets.QWidget, data: QtCore.QMimeData
) -> tuple[bool, bool]:
    """Drag ``data`` from outside onto the middle of ``widget`` and drop it there, as the
    platform does: the events go to the window, which finds the widget under the pointer.
    Whether the drag was welcome, and whether the drop was taken."""
    handle = window.windowHandle()
    assert handle is not None
    at = QtCore.QPointF(widget.mapTo(window, widget.rect().center()))
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QtGui.QDragEnterEvent(at.toPoint(), _DROP_ACTIONS, data, buttons, keys)
    QtWidgets.QApplication.sendEvent(handle, enter)
    move = QtGui.QDragMoveEvent(at.toPoint(), _DROP_ACTIONS, data, buttons, keys)
    QtWidgets.QApplication.sendEvent(handle, move)
    if not move.isAccepted():
        QtWidgets.QApplication.sendEvent(handle, QtGui.QDragLeaveEvent())
        return False, False
    drop = QtGui.QDropEvent(at, _DROP_ACTIONS, data, buttons, keys)
    QtWidgets.QApplication.sendEvent(handle, drop)
    return True, drop.isAccepted() and drop.dropAction() == Qt.DropAction.CopyAction


def test_a_session_file_dropped_on_the_felt_opens(
    qtbot: QtBot, window: MainWindow, evening: Path
) -> None:
    assert _drag_onto(window, window.felt, _files(evening)) == (True, True)
    qtbot.waitUntil(lambda: window.document.path == evening)
    assert window.windowTitle() == "evening.cardtable[*] — Cardtable"
    assert len(window.document.session.players) == 4
    assert evening.is_file()  # copied in, never moved away


def test_a_session_file_dropped_on_the_hand_opens_too(
    qtbot: QtBot, window: MainWindow, evening: Path
) -> None:
    hand = window.hand_dock.widget()
    assert hand is not None
    assert _drag_onto(window, hand, _files(evening)) == (True, True)
    qtbot.waitUntil(lambda: window.document.path == evening)


def test_other_files_are_not_taken(window: MainWindow, tmp_path: Path) -> None:
    picture = tmp_path / "map.png"
    picture.write_bytes(b"not really a picture")
    before = window.document.session
    assert _drag_onto(window, window.felt, _files(picture)) == (False, False)
    text = QtCore.QMimeData()
    text.setText("evening.cardtable")
    assert _drag_onto(window, window.felt, text) == (False, False)
    assert window.document.session is before


def test_the_session_file_among_several_dragged_is_the_one_opened(
    tmp_path: Path, evening: Path
) -> None:
    loud = tmp_path / "LOUD.CARDTABLE"
    assert session_file_in(_files(tmp_path / "a.png", evening, loud)) == evening
    assert session_file_in(_files(loud)) == loud
    web = QtCore.QMimeData()
    web.setUrls([QtCore.QUrl("https://example.org/evening.cardtable")])
    assert session_file_in(web) is None
    assert session_file_in(None) is None


def test_a_drop_asks_before_unsaved_changes_are_lost(
    qtbot: QtBot, window: MainWindow, evening: Path
) -> None:
    document = window.document
    document.apply(Note("Bring snacks."))
    asked: list[str] = []

    def answer(reply: str) -> None:
        def ask() -> str:
            asked.append(reply)
            return reply

        window.ask_unsaved = ask

    answer(CANCEL)
    before = document.session
    assert _drag_onto(window, window.felt, _files(evening)) == (True, True)
    qtbot.waitUntil(lambda: asked == [CANCEL])
    assert document.session is before and document.dirty
    answer(DISCARD)
    assert _drag_onto(window, window.felt, _files(evening)) == (True, True)
    qtbot.waitUntil(lambda: document.path == evening)
    assert asked == [CANCEL, DISCARD]
    assert not document.dirty


def test_a_file_finder_sends_opens_in_the_window(
    qtbot: QtBot, qapp: QtWidgets.QApplication, window: MainWindow, evening: Path,
    requests: OpenRequests,
) -> None:
    requests.attach(window)
    requests.watch_file_open_events(qapp)
    QtWidgets.QApplication.postEvent(qapp, QtGui.QFileOpenEvent(str(evening)))
    qtbot.waitUntil(lambda: window.document.path == evening)
    assert window.windowTitle() == "evening.cardtable[*] — Cardtable"


def test_a_file_handed_over_brings_a_minimised_window_back(
    qtbot: QtBot, window: MainWindow, evening: Path, requests: OpenRequests
) -> None:
    window.setWindowState(Qt.WindowState.WindowMinimized)
    qtbot.waitUntil(window.isMinimized)
    requests.attach(window)
    requests.open(evening)
    qtbot.waitUntil(lambda: window.document.path == evening)
    assert not window.isMinimized()


def test_a_file_handed_over_on_the_welcome_screen_opens_from_there(
    qtbot: QtBot, evening: Path, requests: OpenRequests
) -> None:
    welcome = WelcomeDialog(Settings(), rng_source=lambda: seeded(5))
    qtbot.addWidget(welcome)
    welcome.show()
    qtbot.mouseClick(welcome.new_button, Qt.MouseButton.LeftButton)  # the player is in the wizard
    qtbot.waitUntil(lambda: welcome.wizard is not None and welcome.wizard.isVisible())
    with qtbot.waitSignal(welcome.accepted):
        requests.open(evening)
    assert welcome.started is not None
    assert welcome.started.path == evening
    assert welcome.settings.recent_files[0] == str(evening)
    assert welcome.wizard is not None and not welcome.wizard.isVisible()


def test_a_file_that_cannot_be_read_is_explained_on_the_welcome_screen(
    qtbot: QtBot, tmp_path: Path, requests: OpenRequests
) -> None:
    welcome = WelcomeDialog(Settings(), rng_source=lambda: seeded(5))
    qtbot.addWidget(welcome)
    welcome.show()
    broken = tmp_path / "broken.cardtable"
    broken.write_text("{ not json", encoding="utf-8")
    requests.open(broken)
    qtbot.waitUntil(welcome.error.isVisible)
    assert "broken.cardtable" in welcome.error.text()
    assert welcome.isVisible() and welcome.started is None


def test_a_file_handed_over_before_any_window_waits_for_it(
    qtbot: QtBot, window: MainWindow, evening: Path, requests: OpenRequests
) -> None:
    requests.open(evening)
    qtbot.waitUntil(lambda: requests.waiting == (evening,))
    assert window.document.path is None
    requests.attach(window)
    qtbot.waitUntil(lambda: window.document.path == evening)
    assert requests.waiting == ()
