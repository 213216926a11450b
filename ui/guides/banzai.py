"""Banzai's guided round: Dana names a target number, Alex rolls Kaneda's dice against it.

Kaneda Suzume (Alex's) rolls Kenjutsu with Fire in the Banzai panel's Roll tab. The GM
gives the TN; the computer then goes to Alex behind the curtain, for the Raises, the roll,
the dice kept, the Raises spent and the roll finished and put away: every one of those is
the roller's decision. The words are ours, from the rules (``rules/banzai.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.guides import banzai
from cardtable.resolvers.banzai.roll import BanzaiPhase
from cardtable.resolvers.banzai.setup import honor_points
from cardtable.session import Session
from cardtable.steps.banzai.roll import roll_in_play
from cardtable.ui.guides.seats import (
    ALEX,
    pass_the_computer,
    sits_down,
    the_gm_sits_down,
    the_round_is_over,
)
from cardtable.ui.guides.step import Guide, Step
from cardtable.ui.guides.targets import Spot, Target, in_panel
from cardtable.ui.panels.banzai.roll import RollTab
from cardtable.ui.qt import QtWidgets

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow


def _phase_at_least(*phases: BanzaiPhase) -> Callable[[Session], bool]:
    """Done once the roll on the table is in one of ``phases``."""

    def done(session: Session) -> bool:
        found = roll_in_play(session.state)
        return found is not None and found.phase in phases

    return done


_rolled = _phase_at_least(BanzaiPhase.ROLLED, BanzaiPhase.DECIDED, BanzaiPhase.FINISHED)
_decided = _phase_at_least(BanzaiPhase.DECIDED, BanzaiPhase.FINISHED)
_finished = _phase_at_least(BanzaiPhase.FINISHED)


def _put_away(session: Session) -> bool:
    return roll_in_play(session.state) is None


def _tab(pick: Callable[[RollTab], QtWidgets.QWidget], name: str) -> Target:
    return in_panel("banzai", RollTab, pick, name)


def _finish(window: MainWindow) -> Spot | None:
    """The one Finish, named for the Honor the Raises left unspent make."""
    dock = window.setup.docks.get("banzai")
    tab = dock.findChild(RollTab) if dock is not None else None
    found = roll_in_play(window.document.session.state)
    if tab is None or found is None:
        return None
    unused = found.raises_available - len(found.effects)
    if honor_points(unused, found.terms.honor_cap):
        return Spot(tab.finish, "Finish, Honor")
    return Spot(tab.finish, "Finish")


GUIDE = Guide(
    key="banzai",
    title="Banzai",
    table=banzai.prepared,
    panel="banzai",
    steps=(
        the_gm_sits_down(),
        Step(
            "Build the roll",
            "A roll is XkY: roll as many ten-sided dice as the Skill's rank, keep as many as "
            "the Element's. Kaneda rolls <b>Kenjutsu</b> (4) with <b>Fire</b> (3): 4k3. "
            "Press Next.",
            _tab(lambda t: t.form.who, "who rolls, with what"),
        ),
        Step(
            "The target number",
            "The GM names the TN the kept dice must reach: 10 for a simple task, 5 more for "
            "each degree harder. Set it to <b>TN 15</b>, then press Next.",
            _tab(lambda t: t.form.tn, "the TN"),
        ),
        pass_the_computer(
            "Alex",
            ALEX,
            "The Raises and the roll are Kaneda's player's decisions.",
            _tab(lambda t: t.roll_waiting.pass_button, "Pass the computer"),
        ),
        sits_down("Alex", ALEX),
        Step(
            "Raises, by their odds",
            "Each Raise declared adds 5 to the TN and buys a bonus Effect if the roll still "
            "makes it; Kaneda may declare as many as her Void, 2. Each line gives the exact "
            "chance: pick one.",
            _tab(lambda t: t.odds_box, "the Raises and their odds"),
        ),
        Step(
            "Roll",
            "A die showing 10 explodes: it is rolled again and added, as long as tens come "
            "up. Press <b>Roll</b>.",
            _tab(lambda t: t.roll_button, "Roll"),
            _rolled,
            press="Press “Roll”",
        ),
        Step(
            "Keep the dice, then decide",
            "The highest dice are kept; press another die to keep it instead. Reaching the TN "
            "gives Alex narrative control: press <b>Succeed</b> (or accept a failure).",
            _tab(lambda t: t.succeed, "Succeed"),
            _decided,
            press="Press “Succeed”",
        ),
        Step(
            "Spend the Raises, then finish",
            "Each Raise made is one bonus Effect to spend here; unspent ones turn into Honor, "
            "1 point for 2 Raises. Press <b>Finish</b>.",
            _finish,
            _finished,
            press="Press “Finish”",
        ),
        Step(
            "The outcome",
            "Success or failure, with the dice kept and every Raise spent. Press Next.",
            _tab(lambda t: t.banner, "the outcome"),
        ),
        Step(
            "Put the roll away",
            "The roll leaves the table, and the panel is ready for the next. Press <b>Put "
            "the roll away</b>.",
            _tab(lambda t: t.clear, "Put the roll away"),
            _put_away,
            press="Press “Put the roll away”",
        ),
        the_round_is_over("Every die"),
    ),
)
