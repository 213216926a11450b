"""Issue 38, steps only their owner takes, through the real window: at another seat "Nobody
answers" and the pool's "Next round" are greyed with the model's reason, pressing them does
nothing, and the model refuses them if forced; the owner (the GM) then takes them.

Both walk-throughs open a saved session in the main window; the seat passes as the table's
own actions (:class:`PassSeat`, then "I am ..."), and every step asked of the window is the
panel's own button.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from adventure_table_rig import ISOLDE, cast_session, give
from pool_table import ALEX, BEA, DANA, IRIDIA, pool_session
from pytestqt.qtbot import QtBot

from cardtable.resolvers.pool.sides import Conversion
from cardtable.session import AuthorityError, ConfirmSeat, PassSeat, PlayerId, Session, save
from cardtable.settings import Settings
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.pool import play as pool_steps
from cardtable.steps.pool.picks import SidePick
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

LEFT = Qt.MouseButton.LeftButton
NOBODY_REFUSED = "Only the GM (Dana) may say that nobody answers."
ROUND_REFUSED = (
    "Demon's conversions are not in yet: only the GM (Dana) may plan them, or play the round "
    "without them."
)


def _window(qtbot: QtBot, session: Session, tmp_path: Path) -> MainWindow:
    path = tmp_path / "table.cardtable"
    save(session, path)
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, folder: None)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    return window


def _panel(window: MainWindow, key: str, kind: type[QtWidgets.QWidget]) -> QtWidgets.QWidget:
    dock = window.setup.docks[key]
    dock.show()
    dock.raise_()
    found = dock.findChild(kind)
    assert found is not None
    return found


def _hand_to(window: MainWindow, player: str) -> None:
    """The computer passes to ``player``, who says "I am ..."."""
    document = window.document
    seat = [p.id for p in document.session.players].index(PlayerId(player))
    assert document.apply(PassSeat(seat))
    assert document.apply(ConfirmSeat(PlayerId(player)))


def _forced(window: MainWindow, step: object, reason: str) -> None:
    """Asked of the model anyway (a stale button, a phone): refused in the same words."""
    document = window.document
    said: list[str] = []
    document.refused.connect(said.append)
    before = len(document.session.log)
    assert not document.apply(step)  # type: ignore[arg-type]
    assert said == [reason]
    with pytest.raises(AuthorityError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        document.session.apply(step)  # type: ignore[arg-type]
    assert len(document.session.log) == before


def test_only_the_gm_says_nobody_answers(qtbot: QtBot, tmp_path: Path) -> None:
    session = cast_session()
    card = give(session, ISOLDE, ["4C"])[0]
    session.holder = ALEX
    session.apply(conflict_steps.issue_challenge(ISOLDE, "to cut the lamp", card))
    window = _window(qtbot, session, tmp_path)
    panel = _panel(window, "conflict", ConflictPanel)
    assert isinstance(panel, ConflictPanel)
    for player in (BEA, ALEX):  # one who may Answer, and the Challenger's player
        _hand_to(window, player)
        qtbot.waitUntil(panel.no_answer.isVisible)
        assert not panel.no_answer.isEnabled()
        assert panel.no_answer.toolTip().endswith(f"Not now: {NOBODY_REFUSED}")
        before = len(window.document.session.log)
        qtbot.mouseClick(panel.no_answer, LEFT)
        assert len(window.document.session.log) == before
        _forced(window, conflict_steps.no_answer(), NOBODY_REFUSED)
    _hand_to(window, "dana")
    assert panel.no_answer.isEnabled()
    qtbot.mouseClick(panel.no_answer, LEFT)
    assert window.document.session.log[-1].public.startswith(
        "Nobody answered: Isolde Varga attains 'to cut the lamp'"
    )


def test_next_round_waits_for_the_gms_plan_or_the_gm_moving_on(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = pool_session()
    session.holder = DANA
    iridia = SidePick.from_sheet(session.state, IRIDIA, "Sorcery")
    # The Demon typed in, no sheet behind it: the GM's side, thick-skinned enough to last.
    session.apply(pool_steps.start(iridia, [SidePick("Demon", rating=9, reserves=10)]))
    window = _window(qtbot, session, tmp_path)
    tracker = _panel(window, "pool", PoolTracker)
    assert isinstance(tracker, PoolTracker)
    _hand_to(window, ALEX)
    # What the issue saw: the Demon's column waits for the GM, and Next round is greyed.
    demon = tracker.columns["Demon"]
    assert demon.waiting is not None and demon.waiting.isVisibleTo(tracker)
    assert not tracker.next_button.isEnabled()
    assert tracker.next_button.toolTip().endswith(f"Not now: {ROUND_REFUSED}")
    qtbot.mouseClick(tracker.next_button, LEFT)
    assert tracker.challenge().rounds_played == 0
    _forced(window, pool_steps.play_round({"Iridia": Conversion(to_bonus=1)}), ROUND_REFUSED)
    # The GM plans the Demon's round (no conversion); then Alex plays it.
    _hand_to(window, DANA)
    qtbot.mouseClick(demon.plan_button, LEFT)
    assert window.document.session.log[-1].public == "Demon plans for round 1: no conversion."
    assert not demon.waiting.isVisibleTo(tracker)
    assert demon.planned.text() == "Planned: no conversion."
    _hand_to(window, ALEX)
    assert tracker.next_button.isEnabled(), tracker.next_button.toolTip()
    qtbot.mouseClick(tracker.next_button, LEFT)
    assert tracker.challenge().rounds_played == 1
    # Round two: nothing planned, and the GM moves on without Alex's plan, logged.
    assert not tracker.challenge().over
    assert not tracker.next_button.isEnabled()
    _hand_to(window, DANA)
    assert tracker.next_button.isEnabled(), tracker.next_button.toolTip()
    qtbot.mouseClick(tracker.next_button, LEFT)
    said = [entry.public for entry in window.document.session.log]
    assert "Dana moved on without waiting for Iridia's conversions" in said
