"""Issue 46: a pool penalty taken is shown, after a reload, as it was written.

Iridia loses to the Demon (pool -3 of 7: a quarter of her Sorcery, and half off every ability
of her sheet) and takes the overall part on Riding only: Riding 4 loses 2. Reopened, the
penalty box once worked the overall part out again from the sheet it had already lowered
("Riding −1 (2/4 of 2)" where −2 was written). It now reads what the Challenge kept.
"""

from __future__ import annotations

from pathlib import Path

from curtain_rig import open_window, take_the_computer
from pool_table import ALEX, pool_session, seat
from pytestqt.qtbot import QtBot
from test_pool_steps import lose_to_the_demon

from cardtable.session import Session, save
from cardtable.steps.pool.penalties import take_penalty
from cardtable.ui.panels.pool.penalty import PenaltyForm
from cardtable.ui.panels.pool.tracker import PoolTracker


def iridias_penalty_reopened(qtbot: QtBot, session: Session, tmp_path: Path) -> PenaltyForm:
    """``session`` saved, opened in the real window, and Iridia's penalty box in its pool
    panel."""
    path = tmp_path / "iridia.cardtable"
    save(session, path)
    window = open_window(qtbot, path)
    take_the_computer(qtbot, window)
    tracker = window.setup.docks["pool"].findChild(PoolTracker)
    assert tracker is not None
    [form] = [f for f in tracker.penalties if f.side.name == "Iridia"]
    return form


def test_a_penalty_taken_reads_as_written_after_a_reload(qtbot: QtBot, tmp_path: Path) -> None:
    session = pool_session()
    lose_to_the_demon(session)
    seat(session, ALEX)
    assert session.apply(
        take_penalty("Iridia", {"Iridia": 1, "Joiry's Sorcery": 1}, overall=["Riding"])
    )
    form = iridias_penalty_reopened(qtbot, session, tmp_path)
    boxes = [(box.text(), box.isChecked()) for box in form.overall.values()]
    assert boxes == [
        ("Sorcery −4 (half of 8)", False),
        ("Riding −2 (half of 4)", True),
        ("Run Like A Bunny −1 (half of 3)", False),
    ]
    assert {name: spin.value() for name, spin in form.spins.items() if spin.value()} == {
        "Iridia": 1,
        "Joiry's Sorcery": 1,
    }
    assert not form.take.isEnabled() and "taken already" in form.take.toolTip()


def test_the_overall_penalty_is_said_in_words_before_it_is_taken(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = pool_session()
    lose_to_the_demon(session)
    form = iridias_penalty_reopened(qtbot, session, tmp_path)
    words = [label.text() for label in form.findChildren(type(form.summary))]
    assert "Overall: half off every ability of the sheet" in words
    assert [box.text() for box in form.overall.values()][1] == "Riding −2 (half of 4)"
