"""Python's collector of reference cycles is settled once a session is shown: the garbage
of the session before it collected, and what is alive then kept out of later searches, so
that no full search pauses a drag on a big table."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.ui.qt import QtCore
from cardtable.ui.window import memory
from cardtable.ui.window.main_window import DISCARD, MainWindow


class _Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def _thawed() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_settling_collects_the_cycles_left_and_sets_the_living_aside() -> None:
    garbage = _Node()
    gone = weakref.ref(garbage)
    del garbage
    kept = _Node()
    memory.settle()
    assert gone() is None
    frozen = gc.get_freeze_count()
    assert frozen > 0
    # What was alive is left out of later searches; what is made since is searched.
    later = _Node()
    later_ref = weakref.ref(later)
    del later
    gc.collect()
    assert later_ref() is None and gc.get_freeze_count() == frozen
    # The next settling takes everything back first: a cycle set aside is freed then.
    kept_ref = weakref.ref(kept)
    del kept
    gc.collect()
    assert kept_ref() is not None  # set aside, not searched
    memory.settle()
    assert kept_ref() is None


def test_the_window_settles_once_the_felt_shows_its_session(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0, timeout=10_000)
    session = window.document.session
    old = weakref.ref(session.state)
    del session
    gc.unfreeze()
    window.document.replace(load(demo_path(), rng=seeded(1)), None)
    assert gc.get_freeze_count() == 0  # not before the felt has shown it
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0, timeout=10_000)
    assert old() is None


def test_start_up_holds_the_collector_off_until_the_first_session_is_settled(
    qtbot: QtBot,
) -> None:
    holder = QtCore.QObject()
    try:
        memory.hold_for_start(holder)
        assert not gc.isenabled()
        memory.settle()
        assert gc.isenabled()
    finally:
        gc.enable()


def test_start_up_gives_the_collector_back_even_if_no_session_is_ever_shown(
    qtbot: QtBot,
) -> None:
    holder = QtCore.QObject()
    try:
        memory.hold_for_start(holder, longest_ms=50)
        assert not gc.isenabled()
        qtbot.waitUntil(gc.isenabled, timeout=5_000)
    finally:
        gc.enable()
