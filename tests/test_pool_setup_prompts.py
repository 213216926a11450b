"""Issue 46: the pool panel's set-up invents nobody. A new table's second side once came
pre-filled as "Small dragon, rating 8" (and a horde as "Bandits"); each opponent's name is now
an empty field that says what it wants."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.ui.panels.pool.setup import OPPONENT_PROMPT, Mode
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.qt import Qt


def test_no_opponent_is_invented_in_any_mode(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path)
    tracker = window.setup.docks["pool"].findChild(PoolTracker)
    assert tracker is not None
    setup = tracker.setup
    for mode, count in ((Mode.ONE_ON_ONE, 1), (Mode.ONE_AGAINST_MANY, 2), (Mode.HORDE, 1)):
        setup.set_mode(mode)
        assert len(setup.opponents) == count
        assert [form.name.text() for form in setup.opponents] == [""] * count, mode
        assert {form.name.placeholderText() for form in setup.opponents} == {OPPONENT_PROMPT}
    setup.set_mode(Mode.ONE_AGAINST_MANY)
    qtbot.mouseClick(setup.add, Qt.MouseButton.LeftButton)
    assert setup.opponents[-1].name.text() == ""
