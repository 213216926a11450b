"""The tarot Challenge's guided round: Dana sets a Challenge, Alex draws against it.

Ottilie Marchbank (Alex's) faces a Challenge Dana sets in the Tarot panel; the computer
passes to Alex behind the curtain for the draws, and the round ends with the outcome and
Finish. The words are ours, from the rules (``rules/tourist-tarot.md``).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.guides import tarot
from cardtable.resolvers.tarot.challenge import TarotPhase
from cardtable.session import Session
from cardtable.steps.tarot import challenge_in_play
from cardtable.ui.guides.seats import (
    ALEX,
    pass_the_computer,
    sits_down,
    the_gm_sits_down,
    the_round_is_over,
)
from cardtable.ui.guides.step import Guide, Step
from cardtable.ui.guides.targets import Target, felt_zone, in_panel
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import QtWidgets


def _drawn(session: Session) -> bool:
    return challenge_in_play(session.state) is not None


def _player_drew(session: Session) -> bool:
    challenge = challenge_in_play(session.state)
    return challenge is None or bool(challenge.player) or challenge.phase is TarotPhase.ENDED


def _ended(session: Session) -> bool:
    challenge = challenge_in_play(session.state)
    return challenge is None or challenge.phase is TarotPhase.ENDED


def _drawing(session: Session) -> bool:
    challenge = challenge_in_play(session.state)
    return challenge is not None and challenge.phase is TarotPhase.DRAWING


def _finished(session: Session) -> bool:
    return challenge_in_play(session.state) is None


def _panel(pick: Callable[[TarotPanel], QtWidgets.QWidget], name: str) -> Target:
    return in_panel("tarot", TarotPanel, pick, name)


GUIDE = Guide(
    key="tarot",
    title="the tarot Challenge",
    table=tarot.prepared,
    panel="tarot",
    steps=(
        the_gm_sits_down(),
        Step(
            "Set the Challenge up",
            "Alex says what Ottilie wants and how; Dana weighs how hard it is. Pick "
            "<b>Ottilie Marchbank</b> as the character, one of her five Attributes, and a "
            "Rank from 0 (Mediocre) to 9 (Mythic), then press Next.",
            _panel(lambda p: p.setup_box, "the Challenge's set-up"),
        ),
        Step(
            "The Challenge draws",
            "The Challenge turns up as many cards as its Rank, face up, each upright or "
            "reversed. Press <b>Challenge draws</b>.",
            _panel(lambda p: p.challenge_draws, "Challenge draws"),
            _drawn,
            press="Press “Challenge draws”",
        ),
        Step(
            "Cost and Effect",
            "Cost starts at minus the Attribute, plus one for each reversed Challenge card; "
            "Effect counts the cards on the table that share one figure. The Challenge's "
            "cards lie in its zone on the felt.",
            felt_zone("tarot/challenge", "the Challenge's row"),
        ),
        pass_the_computer(
            "Alex",
            ALEX,
            "Drawing against the Challenge is the player's decision, not the GM's.",
            _panel(lambda p: p.player_waiting.pass_button, "Pass the computer"),
        ),
        sits_down("Alex", ALEX),
        Step(
            "Draw a card",
            "Alex draws one card at a time to beat the Challenge's cards: a Triumph beats "
            "any suit card, and each reversed card drawn adds 1 to Cost. Press <b>Draw</b>.",
            _panel(lambda p: p.draw, "Draw"),
            _player_drew,
            press="Press “Draw”",
        ),
        Step(
            "Draw again, or stop",
            "Draw while a Challenge card stands unbeaten, and mind the Cost: at 5 it is a "
            "Wipe Out. When you are content, press <b>Stop</b>.",
            _panel(lambda p: p.stop, "Stop"),
            _ended,
            press="Press “Stop” (or Draw again first)",
            on_the_way=_drawing,
        ),
        Step(
            "The outcome",
            "Success when every Challenge card is beaten by one of Alex's; Effect counts at "
            "least 1 on a success, and a Cost below 0 is no Cost. An Aspect may go on the "
            "sheet here; then press Next.",
            _panel(lambda p: p.banner, "the outcome"),
        ),
        Step(
            "Finish",
            "Every card of the Challenge goes to the discard pile. Press <b>Finish</b>.",
            _panel(lambda p: p.finish, "Finish"),
            _finished,
            press="Press “Finish”",
        ),
        the_round_is_over("Every step"),
    ),
)
