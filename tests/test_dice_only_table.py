"""Issue 46: a table set up for dice only is not told to open the demo. Its felt once said
"No deck on the table yet. File > Open the demo table…"; it now says what is true of it, and
how to bring a deck if the group wants one. An empty table (nobody seated) still points to
the demo."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session import Session
from cardtable.session.new_session import NewSessionPlan, PlayerPlan, build_session
from cardtable.ui.table.view import EMPTY_TABLE_HINT, NO_DECK_HINT, TableView


def _hints(qtbot: QtBot, tmp_path: Path, session: Session) -> set[str]:
    window = demo_window(qtbot, tmp_path)
    window.document.replace(session, None)
    qtbot.wait(50)
    view = window.findChild(TableView)
    assert view is not None
    return {zone.hint for zone in view.zones()}


def test_a_dice_only_table_is_not_sent_to_the_demo(qtbot: QtBot, tmp_path: Path) -> None:
    plan = NewSessionPlan(
        systems=("crisis", "banzai"),
        players=(PlayerPlan("Dana", "#8e44ad", gm=True), PlayerPlan("Alex", "#c0392b")),
    )
    hints = _hints(qtbot, tmp_path, build_session(plan, rng=seeded(3)))
    assert hints == {NO_DECK_HINT}
    assert "demo" not in NO_DECK_HINT
    assert "Put Your Own Deck on the Table" in NO_DECK_HINT  # the Table menu's own words


def test_an_empty_table_still_points_to_the_demo(qtbot: QtBot, tmp_path: Path) -> None:
    assert _hints(qtbot, tmp_path, Session(rng=seeded(3))) == {EMPTY_TABLE_HINT}
