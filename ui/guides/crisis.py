"""Crisis dice's guided round: a Simple Challenge Dana sets and Alex rolls, with a push.

Wren Halloway (Alex's) rolls her four dice against a difficulty Dana sets in the dice tray's
Crisis Challenge tab. On a failing roll the computer goes back to Dana, who may invite a
push; then to Alex, who pushes her luck or stops. A roll that succeeds at once skips the
push. The words are ours, from the rules (``rules/crisis-dice.md``).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.guides import crisis
from cardtable.resolvers.crisis.duel import CrisisPhase, SimpleChallenge
from cardtable.session import Session
from cardtable.steps.crisis import simple_in_play
from cardtable.ui.guides.seats import (
    ALEX,
    DANA,
    pass_the_computer,
    sits_down,
    the_gm_sits_down,
    the_round_is_over,
)
from cardtable.ui.guides.step import Guide, Step
from cardtable.ui.guides.targets import Target, in_panel
from cardtable.ui.panels.dice.simple import SimpleView
from cardtable.ui.qt import QtWidgets


def _challenge(session: Session) -> SimpleChallenge | None:
    return simple_in_play(session.state)


def _set(session: Session) -> bool:
    return _challenge(session) is not None


def _rolled(session: Session) -> bool:
    found = _challenge(session)
    return found is not None and found.phase is not CrisisPhase.READY


def _no_push_asked(session: Session) -> bool:
    """The roll succeeded at once (or the failure was let stand): no push to ask for."""
    found = _challenge(session)
    return found is not None and found.phase is CrisisPhase.ENDED and not found.invited


def _not_invited(session: Session) -> bool:
    found = _challenge(session)
    return found is not None and not found.invited


def _invited_or_over(session: Session) -> bool:
    found = _challenge(session)
    return found is not None and (found.invited or found.phase is CrisisPhase.ENDED)


def _pushed(session: Session) -> bool:
    found = _challenge(session)
    return found is not None and (bool(found.pushed) or found.phase is CrisisPhase.ENDED)


def _pushing(session: Session) -> bool:
    found = _challenge(session)
    return found is not None and found.invited and found.phase is CrisisPhase.FAILING


def _over(session: Session) -> bool:
    found = _challenge(session)
    return found is not None and found.phase is CrisisPhase.ENDED


def _pass(view: SimpleView) -> QtWidgets.QWidget:
    return view.waiting.pass_button


def _tray(pick: Callable[[SimpleView], QtWidgets.QWidget], name: str) -> Target:
    return in_panel("dice", SimpleView, pick, name)


GUIDE = Guide(
    key="crisis",
    title="crisis dice",
    table=crisis.prepared,
    panel="dice",
    steps=(
        the_gm_sits_down(),
        Step(
            "Set a Simple Challenge",
            "Wren rolls as many dice as her sheet says, against a difficulty that is a "
            "multiple of 3 (6 is moderately hard, 15 very hard). Set the difficulty, write "
            "the Crisis a failed push would bring (only the GM sees it), and press <b>Set the "
            "Challenge</b>.",
            _tray(lambda v: v.set_up, "Set the Challenge"),
            _set,
            press="Press “Set the Challenge”",
        ),
        pass_the_computer(
            "Alex", ALEX, "Rolling is the player's part.", _tray(_pass, "Pass the computer")
        ),
        sits_down("Alex", ALEX),
        Step(
            "Roll the pool",
            "The Roll Total is the sum of the dice; it must be above the difficulty, not "
            "equal to it. Press <b>Roll</b>.",
            _tray(lambda v: v.roll_button, "Roll"),
            _rolled,
            press="Press “Roll”",
        ),
        Step(
            "Above the difficulty?",
            "The total against the difficulty: above it is a success and the Challenge is "
            "over. Not above it, the GM may invite Wren to push her luck.",
            _tray(lambda v: v.total, "the Roll Total"),
        ),
        pass_the_computer(
            "Dana",
            DANA,
            "Whether to invite a push is the GM's call.",
            _tray(_pass, "Pass the computer"),
            skip=_no_push_asked,
        ),
        sits_down("Dana", DANA, skip=_no_push_asked),
        Step(
            "Invite a push",
            "A push rolls one more die: if it shows a value still in Wren's set, the Crisis "
            "strikes. Press <b>Invite a push</b> (or let the failure stand).",
            _tray(lambda v: v.invite, "Invite a push"),
            _invited_or_over,
            skip=_no_push_asked,
            press="Press “Invite a push”",
        ),
        pass_the_computer(
            "Alex",
            ALEX,
            "Pushing is Alex's choice now.",
            _tray(_pass, "Pass the computer"),
            skip=_not_invited,
        ),
        sits_down("Alex", ALEX, skip=_not_invited),
        Step(
            "Push your luck",
            "The odds of a Crisis and of a success are shown above the buttons. Press "
            "<b>Push your luck</b>.",
            _tray(lambda v: v.push, "Push your luck"),
            _pushed,
            skip=_not_invited,
            press="Press “Push your luck”",
        ),
        Step(
            "Push again, or stop",
            "A push that brings no Crisis adds its die, and the total is compared again. "
            "Push again, or press <b>Stop pushing</b> to let the failure stand.",
            _tray(lambda v: v.stop, "Stop pushing"),
            _over,
            skip=_not_invited,
            press="Press “Stop pushing” (or push again)",
            on_the_way=_pushing,
        ),
        Step(
            "The result",
            "Success, failure, or a Crisis: a Crisis shows the die that caused it and what "
            "the GM wrote down for it. Press Next.",
            _tray(lambda v: v.result, "the result"),
        ),
        the_round_is_over("Every roll"),
    ),
)
