"""While a card is held on the felt, what can wait waits: the autosave writes nothing and
Python's collector does not search; once let go, both come back and the change is written."""

from __future__ import annotations

import functools
import gc
from pathlib import Path

import pytest
from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

import cardtable.session
from cardtable.session import Autosaver, Note, load
from cardtable.ui.qt import Qt, QtCore
from cardtable.ui.window import memory
from cardtable.ui.window.main_window import MainWindow

#: A short quiet moment before the autosave writes, so that the test need not wait long.
QUIET_S = 0.3


def _logged_on_disk(folder: Path) -> int:
    files = sorted(folder.rglob("*.cardtable"))
    return len(load(files[0]).log) if files else -1


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(cardtable.session, "Autosaver", functools.partial(Autosaver, delay=QUIET_S))
    monkeypatch.setattr(memory, "LET_GO_MS", 200)
    return demo_window(qtbot, tmp_path)


def test_a_card_held_on_the_felt_puts_the_autosave_and_the_collector_off_until_let_go(
    qtbot: QtBot, tmp_path: Path, window: MainWindow
) -> None:
    folder = tmp_path / "autosave"
    log = window.document.session.log
    window.document.apply(Note("Before the drag."))
    qtbot.waitUntil(lambda: _logged_on_disk(folder) == len(log), timeout=5000)
    assert gc.isenabled()
    viewport = window.felt.viewport()
    middle = viewport.rect().center()

    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=middle)
    window.document.apply(Note("While the card is held."))
    qtbot.wait(round(4 * QUIET_S * 1000))  # well past the quiet moment
    assert _logged_on_disk(folder) == len(log) - 1  # not written while held
    assert not gc.isenabled()

    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=middle + QtCore.QPoint(5, 5))
    qtbot.waitUntil(lambda: _logged_on_disk(folder) == len(log), timeout=5000)
    qtbot.waitUntil(gc.isenabled, timeout=5000)


def test_a_release_that_never_comes_keeps_the_collector_off_no_longer_than_the_longest_hold(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(memory, "LONGEST_HOLD_MS", 100)
    owner = QtCore.QObject()
    held = memory.HeldCard(owner)
    assert gc.isenabled()
    try:
        held.hold()  # and the button is let go over a menu: the felt never hears it
        assert not gc.isenabled()
        qtbot.waitUntil(gc.isenabled, timeout=2000)
    finally:
        gc.enable()


def test_a_collector_someone_else_turned_off_stays_off(qtbot: QtBot) -> None:
    owner = QtCore.QObject()
    held = memory.HeldCard(owner)
    gc.disable()  # as start-up keeps it until the first session is shown
    try:
        held.hold()
        held.let_go()
        qtbot.wait(memory.LET_GO_MS + 200)
        assert not gc.isenabled()
    finally:
        gc.enable()
