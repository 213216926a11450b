"""The pool Challenge's guided round: Dana sets Isolde against an obstacle, Alex plans her
conversion, Dana plays the round.

Captain Isolde Varga (Alex's) enters with an ability from her sheet against an obstacle
whose numbers Dana types in. Isolde's conversion is Alex's decision, so the computer goes
to Alex to plan it and back to Dana, who plans the obstacle's and plays the round; the
round ends with the verdict and the Challenge taken off the table. The words are ours,
from the rules (``rules/pool-challenge.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.guides import pool
from cardtable.session import Session
from cardtable.steps.pool.play import challenge_in
from cardtable.ui.guides.seats import (
    ALEX,
    DANA,
    pass_the_computer,
    sits_down,
    the_gm_sits_down,
    the_round_is_over,
)
from cardtable.ui.guides.step import Guide, Step
from cardtable.ui.guides.targets import Spot, Target, in_panel
from cardtable.ui.panels.pool.tracker import PoolTracker, SideColumn
from cardtable.ui.qt import QtWidgets

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow


def _started(session: Session) -> bool:
    return challenge_in(session.state) is not None


def _cleared(session: Session) -> bool:
    return not _started(session)


def _rounds(session: Session) -> int:
    found = challenge_in(session.state)
    return found.rounds_played if found is not None else 0


def _played(session: Session) -> bool:
    return _rounds(session) > 0


def _first_planned(session: Session) -> bool:
    """Isolde's plan is in (or the round it was for is played already)."""
    found = challenge_in(session.state)
    return found is not None and (found.first[0].plan_in or found.rounds_played > 0)


def _tracker(pick: Callable[[PoolTracker], QtWidgets.QWidget], name: str) -> Target:
    return in_panel("pool", PoolTracker, pick, name)


def _side(at: int, pick: Callable[[SideColumn], QtWidgets.QWidget | None], name: str) -> Target:
    """A control of the ``at``-th side's column (0: Isolde's, the first side; 1: the
    obstacle's), once the Challenge has its columns."""

    def find(window: MainWindow) -> Spot | None:
        dock = window.setup.docks.get("pool")
        tracker = dock.findChild(PoolTracker) if dock is not None else None
        columns = list(tracker.columns.values()) if tracker is not None else []
        widget = pick(columns[at]) if at < len(columns) else None
        return Spot(widget, name) if widget is not None else None

    return find


def _pass(column: SideColumn) -> QtWidgets.QWidget | None:
    return column.waiting.pass_button if column.waiting is not None else None


GUIDE = Guide(
    key="pool",
    title="the pool Challenge",
    table=pool.prepared,
    panel="pool",
    steps=(
        the_gm_sits_down(),
        Step(
            "Set up the sides",
            "Each side brings a rating, and its pool starts there. For the first side pick "
            "<b>Captain Isolde Varga: Swordplay</b> from her sheet; for the second, type an "
            "obstacle: <b>A young wyvern</b>, rating 4. Then press Next.",
            _tracker(lambda t: t.setup, "the Challenge's set-up"),
        ),
        Step(
            "Start the Challenge",
            "Both sides enter at full pools; a bonus counts for strength but never keeps a "
            "side in. Press <b>Start Challenge</b>.",
            _tracker(lambda t: t.setup.start, "Start Challenge"),
            _started,
            press="Press “Start Challenge”",
        ),
        Step(
            "Round 1 next",
            "Each side now shows its pool against where it started, with its bonus, reserves "
            "and resistance beside it. Before each round, every side plans its conversions.",
            _tracker(lambda t: t.heading, "the Challenge's heading"),
        ),
        pass_the_computer(
            "Alex",
            ALEX,
            "How Isolde spends her pool this round is Alex's decision.",
            _side(0, _pass, "Pass the computer"),
        ),
        sits_down("Alex", ALEX),
        Step(
            "Take a risk, or play safe",
            "Before a round a side may turn up to half its pool into bonus (1 pool gives 2), "
            "reserves (1 gives 3) or resistance (2 give 1). Set Pool → bonus to 1, or leave "
            "every number at 0, and press <b>Plan</b>.",
            _side(0, lambda c: c.plan_button, "Plan"),
            _first_planned,
            press="Press “Plan”",
        ),
        pass_the_computer(
            "Dana",
            DANA,
            "The wyvern's conversion, and the round, are the GM's.",
            _side(1, _pass, "Pass the computer"),
            skip=_played,
        ),
        sits_down("Dana", DANA, skip=_played),
        Step(
            "Play the round",
            "Strength is pool plus bonus. The weaker side loses the other's whole strength, "
            "the stronger only half of it, rounded up. Press <b>Next round</b>.",
            _tracker(lambda t: t.next_button, "Next round"),
            _played,
            press="Press “Next round”",
        ),
        Step(
            "What the round did",
            "Resistance comes off each loss first, reserves soak up what they can, and the "
            "pool takes the rest: the table shows each side's sum.",
            _tracker(lambda t: t.round_table, "the round's table"),
        ),
        Step(
            "The verdict",
            "A side whose pool falls to 0 or below is out and loses. While both stand, "
            "another round follows, with fresh conversions.",
            _tracker(lambda t: t.verdict, "the verdict"),
        ),
        Step(
            "Clear the table",
            "The GM takes the Challenge off the table. Press <b>Clear</b>.",
            _tracker(lambda t: t.clear_button, "Clear"),
            _cleared,
            press="Press “Clear”",
        ),
        the_round_is_over("Every round"),
    ),
)
