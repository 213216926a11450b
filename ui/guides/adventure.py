"""Fantastical Adventure's guided round: one Conflict, Bartholomew against Crane.

On Alex's turn Bartholomew Quince (Alex's) issues a Challenge in the Conflict panel: Alex
takes the computer to state the goal and lay a card face down from his private hand; Dana
takes it back to answer with Harbourmaster Crane's. The cards are revealed together, the
trumped side Yields (or Pushes), and the Conflict is closed, which moves the turn on.
Whoever must move next holds the computer, behind the curtain. The words are ours, from the
rules (``rules/fantastical-adventure.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.guides import adventure
from cardtable.resolvers.adventure.showdown import DeadlockWay
from cardtable.resolvers.adventure.state import Conflict, Phase
from cardtable.session import CharacterId, Session
from cardtable.steps.adventure.conflict import find_game
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
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.qt import QtWidgets

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow


def _conflict(session: Session) -> Conflict | None:
    game = find_game(session.state)
    return game.conflict if game is not None else None


def _phase(session: Session) -> Phase | None:
    found = _conflict(session)
    return found.phase if found is not None else None


def _challenged(session: Session) -> bool:
    return _conflict(session) is not None


def _answered(session: Session) -> bool:
    """Answered, or nobody answered (the Challenger attains the goal: no Conflict left)."""
    return _phase(session) is not Phase.CHALLENGED


def _unanswered(session: Session) -> bool:
    return _conflict(session) is None


def _revealed(session: Session) -> bool:
    return _phase(session) in (Phase.SHOWDOWN, Phase.DEADLOCK, Phase.OVER)


def _over(session: Session) -> bool:
    return _phase(session) in (Phase.OVER, None)


def _pushing(session: Session) -> bool:
    return _phase(session) is Phase.SHOWDOWN


def _alex_not_to_move(session: Session) -> bool:
    """Passes over the hand-over: the move (Yield or Push) is not Bartholomew's."""
    found = _conflict(session)
    if found is None or found.phase is not Phase.SHOWDOWN or found.to_move is None:
        return True
    mover = found.side(found.to_move).primary
    character = session.state.characters.get(CharacterId(mover)) if mover else None
    return character is None or character.player != ALEX


def _no_showdown(session: Session) -> bool:
    return _phase(session) is not Phase.SHOWDOWN


def _no_deadlock(session: Session) -> bool:
    return _phase(session) is not Phase.DEADLOCK


def _panel(pick: Callable[[ConflictPanel], QtWidgets.QWidget], name: str) -> Target:
    return in_panel("conflict", ConflictPanel, pick, name)


def _lay(button: Callable[[ConflictPanel], QtWidgets.QWidget], name: str) -> Target:
    """The form's ``button`` (Challenge, Answer), then, once it asks for a card, the picker's
    Lay face down."""

    def find(window: MainWindow) -> Spot | None:
        dock = window.setup.docks.get("conflict")
        panel = dock.findChild(ConflictPanel) if dock is not None else None
        if panel is None:
            return None
        if panel.pending is not None and panel.picker.confirm.isVisibleTo(panel):
            return Spot(panel.picker.confirm, "Lay face down")
        return Spot(button(panel), name)

    return find


GUIDE = Guide(
    key="adventure",
    title="Fantastical Adventure",
    table=adventure.prepared,
    panel="conflict",
    steps=(
        the_gm_sits_down(),
        Step(
            "Alex's turn",
            "Narration goes round the table in seat order, and Alex sits first: on his turn "
            "Bartholomew may issue a Challenge. Choose <b>Bartholomew Quince</b> as the "
            "Challenger, then press Next.",
            _panel(lambda p: p.challenger, "the Challenger"),
        ),
        pass_the_computer(
            "Alex",
            ALEX,
            "Bartholomew's hand is private to Alex.",
            _panel(lambda p: p.challenge_waiting.pass_button, "Pass the computer"),
        ),
        sits_down("Alex", ALEX),
        Step(
            "Issue the Challenge",
            "Type the goal, what Bartholomew wants (never how), and press <b>Challenge</b>; "
            "then choose a card of his hand and press <b>Lay face down</b>. Clubs are his "
            "Strong Suit, Diamonds his Weak.",
            _lay(lambda p: p.challenge, "Challenge"),
            _challenged,
            press="Press “Challenge”, then “Lay face down”",
        ),
        Step(
            "Who answers",
            "Anyone who wants to stop him may answer. Choose <b>Harbourmaster Crane</b> as "
            "the Answerer, then press Next.",
            _panel(lambda p: p.answerer, "the Answerer"),
        ),
        pass_the_computer(
            "Dana",
            DANA,
            "Crane's hand is the GM's, and so is his Answer.",
            _panel(lambda p: p.answer_waiting.pass_button, "Pass the computer"),
        ),
        sits_down("Dana", DANA),
        Step(
            "Answer",
            "Say what Crane intends and press <b>Answer</b>; then lay a card of his face "
            "down. Spades are his Strong Suit, Hearts his Weak.",
            _lay(lambda p: p.answer, "Answer"),
            _answered,
            press="Press “Answer”, then “Lay face down”",
        ),
        Step(
            "Reveal",
            "Supporters could join either side now, one card each. Press <b>Reveal</b>: "
            "every card turns up at once.",
            _panel(lambda p: p.reveal, "Reveal"),
            _revealed,
            skip=_unanswered,
            press="Press “Reveal”",
        ),
        Step(
            "Which card trumps",
            "A Joker beats all but a Deuce; a Strong card beats one that is not, a Weak card "
            "loses to one that is not; otherwise the higher value wins. Equal: Deadlock.",
            _panel(lambda p: p.board, "the cards revealed"),
            skip=_unanswered,
        ),
        pass_the_computer(
            "Alex",
            ALEX,
            "Bartholomew's card was trumped: to Yield or Push is Alex's choice.",
            _panel(lambda p: p.mover_waiting.pass_button, "Pass the computer"),
            skip=_alex_not_to_move,
        ),
        sits_down("Alex", ALEX, skip=_alex_not_to_move),
        Step(
            "Yield, or push",
            "The trumped side Yields (gives up the goal, draws Advantage + 1 cards) or "
            "Pushes with another card for 1 Advantage, and the other must answer it. Press "
            "<b>Yield</b>.",
            _panel(lambda p: p.yield_button, "Yield"),
            _over,
            skip=_no_showdown,
            press="Press “Yield” (or Push first)",
            on_the_way=_pushing,
        ),
        Step(
            "Deadlock",
            "The cards tie: both players agree to both yield, both attain their goals, or "
            "flip a coin. Press <b>Flip a coin</b> (or another way out).",
            _panel(lambda p: p.deadlock[DeadlockWay.COIN_FLIP], "Flip a coin"),
            _over,
            skip=_no_deadlock,
            press="Choose a way out",
        ),
        Step(
            "The winner",
            "The winner narrates with the Facet of the suit of the last card played; the "
            "loser always draws at least one card.",
            _panel(lambda p: p.banner, "who won"),
            skip=_unanswered,
        ),
        Step(
            "Close the Conflict",
            "Closing draws the cards still owed, discards every card of the Conflict and "
            "moves the turn on. Press <b>Close the Conflict</b>.",
            _panel(lambda p: p.close_button, "Close the Conflict"),
            _unanswered,
            skip=_unanswered,
            press="Press “Close the Conflict”",
        ),
        the_round_is_over("Every card"),
    ),
)
