"""Every session comes in behind the curtain: a file dropped on the window or handed over by a
second start while the curtain is up for another player, a file opened as the app's first
session, a session recovered after a crash, the demo. The curtain is up for the player who
held the computer when it was saved, nothing private shows until they say "I am ...", and
the unsaved-changes question that comes first names no card."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeAlias

import pytest
from autosave_rig import crash_while_autosaving
from curtain_rig import only_the_curtain, open_window, take_the_computer
from pytestqt.qtbot import QtBot
from screen_privacy import check_screen, leaked, names_of, shown_widgets, widget_texts
from table_rig import QUINCE_HAND, SHOE_DRAW, take_seat

from cardtable.cards import CardId
from cardtable.session import Draw, PassSeat, load, save
from cardtable.session.demo import demo_path
from cardtable.ui.qt import Qt, QtCore, QtGui, QtNetwork, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.open_requests import OpenRequests, start_desktop
from cardtable.ui.window.session_files import ask_unsaved_box
from cardtable.ui.window.setup import start_window
from cardtable.ui.window.single_instance import encode_request

_Button: TypeAlias = QtWidgets.QMessageBox.StandardButton
#: Card names the demo's panels show as words of its sheets and hints (a tarot character's
#: sleeve, "a card of the Tourist's Tarot, like ..."), not as cards dealt.
DEMO_WORDS = ("Triumph XIV", "Soldier of Paper", "Sage of Serpent")
_DROP_ACTIONS = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction | Qt.DropAction.LinkAction


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, autosaves and the single-instance socket in the test's own folders."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))


@pytest.fixture
def bea_saved(tmp_path: Path) -> tuple[Path, list[CardId]]:
    """The demo as Bea left it: she holds the computer and has just drawn a card (her log
    names it), saved with the curtain down. The file, and the cards in her hand."""
    session = load(demo_path())
    take_seat(session, "Bea")
    session.apply(Draw(SHOE_DRAW, QUINCE_HAND, 1))
    path = tmp_path / "bea.cardtable"
    save(session, path)
    return path, list(session.table.piles[QUINCE_HAND].cards)


@pytest.fixture
def alex_waits(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The demo, played a little: Dana passed the computer to Alex, who has not taken it."""
    copy = tmp_path / "evening.cardtable"
    shutil.copyfile(demo_path(), copy)
    window = open_window(qtbot, copy)
    take_the_computer(qtbot, window)  # Dana
    window.document.apply(PassSeat(0))
    assert window.curtain.confirm.text() == "I am Alex" and window.document.dirty
    return window


def _answer_when_asked(button: _Button, said: list[str]) -> None:
    """Once the unsaved-changes box is up, note every word it shows, then press ``button``."""

    def look() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox) or not box.isVisible():
            QtCore.QTimer.singleShot(20, look)
            return
        said.extend(text for widget in shown_widgets(box) for text in widget_texts(widget))
        said.append(box.text())
        box.button(button).click()

    QtCore.QTimer.singleShot(0, look)


def _drop(window: MainWindow, path: Path) -> None:
    """Drag ``path`` from a file manager onto the middle of the window and drop it there,
    as the platform does (the events go to the window, which finds the widget under them)."""
    handle = window.windowHandle()
    assert handle is not None
    data = QtCore.QMimeData()
    data.setUrls([QtCore.QUrl.fromLocalFile(str(path))])
    at = QtCore.QPointF(window.rect().center())
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    for event in (
        QtGui.QDragEnterEvent(at.toPoint(), _DROP_ACTIONS, data, buttons, keys),
        QtGui.QDragMoveEvent(at.toPoint(), _DROP_ACTIONS, data, buttons, keys),
        QtGui.QDropEvent(at, _DROP_ACTIONS, data, buttons, keys),
    ):
        QtWidgets.QApplication.sendEvent(handle, event)
    assert event.isAccepted()


def _second_start(qtbot: QtBot, window: MainWindow, path: Path) -> Callable[[], None]:
    """Have ``window`` listen as the app does, then hand it ``path`` as a later start (a
    double-click in a file manager) does; the returned function stops listening."""
    app = QtWidgets.QApplication.instance()
    assert isinstance(app, QtWidgets.QApplication)
    requests = start_desktop(app, None)
    assert isinstance(requests, OpenRequests)
    requests.attach(window)
    qtbot.waitUntil(lambda: requests.instance is not None and requests.instance.listening)
    assert requests.instance is not None
    client = QtNetwork.QLocalSocket()
    client.connectToServer(requests.instance.name)
    qtbot.waitUntil(
        lambda: client.state() == QtNetwork.QLocalSocket.LocalSocketState.ConnectedState
    )
    client.write(encode_request([path]))
    client.flush()

    def stop() -> None:
        client.abort()
        assert requests.instance is not None
        requests.instance.close()
        requests.setParent(None)

    return stop


def _behind_the_curtain_for_bea(window: MainWindow, hand: list[CardId]) -> None:
    """The curtain is up for Bea, the window shows it alone, and no word or face anywhere
    in the window (the log, the panels, the hand) gives away a card of hers."""
    session = window.document.session
    assert session.curtain == "bea" and session.holder == "bea"
    assert window.curtain.isVisible() and window.curtain.confirm.text() == "I am Bea"
    only_the_curtain(window)
    check_screen(window, static=DEMO_WORDS)
    assert not leaked(
        [t for w in shown_widgets(window) for t in widget_texts(w)], names_of(session, hand)
    )


@pytest.mark.parametrize("answer", [_Button.Discard, _Button.Save], ids=["discard", "save"])
def test_a_file_dropped_while_the_curtain_is_up_opens_behind_it(
    qtbot: QtBot,
    alex_waits: MainWindow,
    bea_saved: tuple[Path, list[CardId]],
    answer: _Button,
) -> None:
    window = alex_waits
    path, hand = bea_saved
    window.ask_unsaved = lambda: ask_unsaved_box(window)
    said: list[str] = []
    _answer_when_asked(answer, said)
    _drop(window, path)
    qtbot.waitUntil(lambda: window.document.path == path, timeout=10_000)
    window.ask_unsaved = lambda: DISCARD  # closing at the end asks nothing
    assert said and not leaked(said, names_of(window.document.session, hand))
    _behind_the_curtain_for_bea(window, hand)
    take_the_computer(qtbot, window)
    check_screen(window, static=DEMO_WORDS)  # now Bea's own hand shows, to Bea


def test_a_dropped_file_left_unopened_leaves_the_curtain_as_it_was(
    qtbot: QtBot,
    alex_waits: MainWindow,
    bea_saved: tuple[Path, list[CardId]],
) -> None:
    window = alex_waits
    path, _hand = bea_saved
    before = window.document.session
    window.ask_unsaved = lambda: ask_unsaved_box(window)
    said: list[str] = []
    _answer_when_asked(_Button.Cancel, said)
    _drop(window, path)
    qtbot.waitUntil(lambda: bool(said))
    qtbot.wait(50)
    window.ask_unsaved = lambda: DISCARD
    assert window.document.session is before and before.curtain == "alex"
    only_the_curtain(window)
    check_screen(window, static=DEMO_WORDS)


def test_a_file_a_second_start_hands_over_while_the_curtain_is_up_opens_behind_it(
    qtbot: QtBot,
    alex_waits: MainWindow,
    bea_saved: tuple[Path, list[CardId]],
) -> None:
    window = alex_waits
    path, hand = bea_saved
    stop = _second_start(qtbot, window, path)
    try:
        qtbot.waitUntil(lambda: window.document.path == path, timeout=10_000)
        _behind_the_curtain_for_bea(window, hand)
    finally:
        stop()


def test_a_file_opened_as_the_first_session_opens_behind_the_curtain(
    qtbot: QtBot,
    bea_saved: tuple[Path, list[CardId]],
) -> None:
    path, hand = bea_saved
    window = open_window(qtbot, path)
    _behind_the_curtain_for_bea(window, hand)


def test_a_file_opened_from_the_menu_opens_behind_the_curtain(
    qtbot: QtBot,
    tmp_path: Path,
    bea_saved: tuple[Path, list[CardId]],
) -> None:
    path, hand = bea_saved
    window = open_window(qtbot, None)
    assert window.open_session(path)  # File > Open… once the file is chosen
    _behind_the_curtain_for_bea(window, hand)


def test_the_demo_and_a_new_session_open_behind_the_curtain_for_the_gm(
    qtbot: QtBot,
    bea_saved: tuple[Path, list[CardId]],
) -> None:
    path, _hand = bea_saved
    window = open_window(qtbot, path)
    take_the_computer(qtbot, window)  # Bea
    window.document.dirty = False
    window.open_demo()
    assert window.curtain.confirm.text() == "I am Dana"
    only_the_curtain(window)
    check_screen(window, static=DEMO_WORDS)
    take_the_computer(qtbot, window)
    window.document.dirty = False
    made = load(demo_path())
    window.new_session_factory = lambda: made  # what the New-session wizard builds
    window.new_session()
    assert window.document.session is made and made.curtain == made.holder == "dana"
    only_the_curtain(window)


def test_a_session_recovered_at_start_opens_behind_the_curtain(
    qtbot: QtBot,
    tmp_path: Path,
    bea_saved: tuple[Path, list[CardId]],
) -> None:
    path, hand = bea_saved
    folder = tmp_path / "crashed"
    crash_while_autosaving(folder, load(path), title=path.name, file=path, unsaved=1)
    window = open_window(qtbot, None, autosave_folder=folder, ask_recover=lambda _r: True)
    assert window.document.dirty  # recovered
    _behind_the_curtain_for_bea(window, hand)


def test_a_session_recovered_from_the_welcome_screen_opens_behind_the_curtain(
    qtbot: QtBot,
    tmp_path: Path,
    bea_saved: tuple[Path, list[CardId]],
) -> None:
    from cardtable.session.autosave import autosave_folder
    from cardtable.ui.window.welcome import WelcomeDialog

    path, hand = bea_saved
    crash_while_autosaving(autosave_folder(), load(path), title=path.name, file=path, unsaved=1)

    def recover() -> None:
        welcome = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(welcome, WelcomeDialog) or not welcome.isVisible():
            QtCore.QTimer.singleShot(20, recover)
            return
        qtbot.mouseClick(welcome.recovery.rows[0][2], Qt.MouseButton.LeftButton)

    QtCore.QTimer.singleShot(0, recover)
    window = start_window(None)
    assert window is not None
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: DISCARD
    window.show()
    qtbot.waitExposed(window)
    assert window.document.path == path
    _behind_the_curtain_for_bea(window, hand)
