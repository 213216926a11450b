"""Correcting chance in the open: taking back a mistaken draw, striking a mistaken roll.

Undo never crosses a draw, shuffle or roll someone saw (:mod:`cardtable.session.core`):
what chance gave stays given, so no one can draw or roll again for a better result, nor
learn the next card by putting one back. A mistake is still put right, visibly and by the
GM (anyone, at a table without one):

- :class:`TakeBack` returns the cards of the last draw to the pile they came from and
  shuffles that pile with fresh randomness; the log says who took back whose draw.
- :class:`StrikeRoll` strikes the tray's latest roll from the record: it stays in the
  history, marked struck, and is never rolled again with the same dice.

>>> from cardtable.randomness import seeded
>>> from cardtable.session.actions import AddPlayer
>>> from cardtable.session.model import Player
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Dana", gm=True)))
>>> session.may(TakeBack()), session.may(StrikeRoll())
('There is no draw to take back.', 'There is no roll to strike.')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import evolve, frozen

from cardtable.session.authority import gm_refusal, name_of
from cardtable.session.core import Action, Changes, DrawMade, Performed, Session
from cardtable.session.log import Event
from cardtable.session.model import HISTORY_ID, PlayerId, SessionError

if TYPE_CHECKING:
    from cardtable.session.dice_history import DiceHistory

__all__ = ["NO_DRAW", "NO_ROLL", "StrikeRoll", "TakeBack"]

NO_DRAW = "There is no draw to take back."
NO_ROLL = "There is no roll to strike."


def _drawn_still_there(session: Session, draw: DrawMade) -> bool:
    table = session.state.table
    return draw.source in table.piles and all(table.holds(c, draw.to) for c in draw.cards)


def _drawer(session: Session, draw: DrawMade) -> str:
    return name_of(session.state, draw.actor) if draw.actor is not None else "someone"


@frozen
class TakeBack(Action):
    """The GM takes back the last draw: its cards go back to their pile, shuffled in afresh."""

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        draw = session.last_draw
        if draw is None:
            return NO_DRAW
        if reason := gm_refusal(session.state, who, "take back a draw"):
            return reason
        if not _drawn_still_there(session, draw):
            # Never name the cards: the seat asking may not have seen them.
            return (
                f"{_drawer(session, draw)}'s draw cannot be taken back: its cards have moved since."
            )
        return None

    def perform(self, session: Session) -> Performed:
        draw = session.last_draw
        if draw is None:
            raise SessionError(NO_DRAW)
        if not _drawn_still_there(session, draw):
            raise SessionError(f"{_drawer(session, draw)}'s draw cannot be taken back.")
        state = session.state
        pile = state.table.pile(draw.source)
        state.table.move(draw.cards, pile.id, face_up=False)
        state.table.shuffle(pile.id, session.rng)
        for card in pile.cards:
            state.peeks.pop(card, None)
        session.last_draw = None
        drawer = _drawer(session, draw)
        said = f"{session.actor_name} took back {drawer}'s draw; {pile.label} was shuffled"
        return Performed((Event.said(said),), unseen=True)

    @staticmethod
    def label(session: Session) -> str:
        """The menu's words for it: "Take back Bob's draw" or "Take back a draw"."""
        draw = session.last_draw
        return (
            "Take &back a draw" if draw is None else f"Take &back {_drawer(session, draw)}'s draw"
        )


@frozen
class StrikeRoll(Action):
    """The GM strikes the tray's latest roll not yet struck from the record."""

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        if _latest(session) is None:
            return NO_ROLL
        return gm_refusal(session.state, who, "strike a roll from the record")

    def perform(self, session: Session) -> Performed:
        at = _latest(session)
        history = _history(session)
        if at is None or history is None:
            raise SessionError(NO_ROLL)
        record = history.records[at]
        who = session.actor_name
        history.records[at] = evolve(record, struck_by=who)
        said = (
            f"{who} struck {record.actor}'s roll of {record.heading()} ({record.verdict()}) "
            "from the record"
        )
        return Performed((Event.said(said),), Changes.RESOLVER)

    @staticmethod
    def label(session: Session) -> str:
        """The menu's words for it: "Strike Bob's roll of 7k5" or "Strike a roll"."""
        at = _latest(session)
        history = _history(session)
        if at is None or history is None:
            return "&Strike a roll"
        record = history.records[at]
        return f"&Strike {record.actor}'s roll of {record.heading()}"


def _history(session: Session) -> DiceHistory | None:
    """The tray's history, None before the first roll."""
    if HISTORY_ID not in session.state.resolvers:
        return None
    # A session that holds a history has imported its module (by rolling, or by loading one):
    # the Edit menu asks this of every session, and one that never rolled needs no dice.
    from cardtable.session.dice_history import history_of

    return history_of(session.state)


def _latest(session: Session) -> int | None:
    """Where the latest roll not struck lies in the tray's history, or None."""
    history = _history(session)
    if history is None:
        return None
    return next(
        (at for at in range(len(history.records) - 1, -1, -1) if not history.records[at].struck_by),
        None,
    )
