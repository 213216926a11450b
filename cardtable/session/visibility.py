"""Who may see what: the one answer the table, tooltips, thumbnails and the log paint through.

The rules (``rules/table.md``, "Hot-seat play and privacy"):

- a card face up in a pile that is not a hand is seen by everyone, curtain or not;
- a card in a hand is seen only by the player controlling the hand's character;
- a face-down card is seen by nobody, except by its owner after they peeked at it;
- while the curtain is up, nothing private is seen by anyone;
- a log entry's private text is read by its owner only (curtain down), until every card it
  names has been shown to the table; then everyone reads it.

:func:`audience` gives the rule without the curtain; :func:`visible_face` and
:func:`log_text_for` add the curtain and answer for a seat ("what may the person at seat S
see"); :func:`on_screen` answers for whoever holds the computer now, which is what the table
paints.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import CardId
from cardtable.piles import Pile
from cardtable.session.audience import EVERYONE as EVERYONE
from cardtable.session.audience import Audience as Audience
from cardtable.session.audience import Everyone as Everyone
from cardtable.session.audience import _placed, audience, audience_in, public_cards
from cardtable.session.core import Session
from cardtable.session.log import LogEntry
from cardtable.session.model import PlayerId, Seat

__all__ = ["EVERYONE", "Audience", "Everyone", "audience", "audience_in", "public_cards"]


def _player_at(session: Session, seat: int) -> PlayerId | None:
    players = session.state.players
    return players[seat].id if 0 <= seat < len(players) else None


def visible_face(session: Session, seat: int, card: CardId) -> bool:
    """May the person at ``seat`` see the face of ``card`` now?"""
    who = audience(session.state, card)
    if who is EVERYONE:
        return True
    if session.curtain is not None or who is None:
        return False
    return who == _player_at(session, seat)


def visible_faces(session: Session, seat: int) -> frozenset[CardId]:
    """Every card whose face the person at ``seat`` may see now (one pass over the table)."""
    state = session.state
    me = None if session.curtain is not None else _player_at(session, seat)
    shown = set()
    for card, pile in _placed(state):
        who = audience_in(state, card, pile)
        if who is EVERYONE or (me is not None and who == me):
            shown.add(card)
    return frozenset(shown)


def on_screen(session: Session) -> frozenset[CardId]:
    """Every face the screen may paint now: what the seat holding the computer may see
    (only public faces while the curtain is up or before anyone sits down)."""
    seat = session.current_seat
    return public_cards(session.state) if seat is None else visible_faces(session, seat)


def on_screen_in(session: Session, pile: Pile, cards: Iterable[CardId]) -> frozenset[CardId]:
    """Which of ``cards``, lying in ``pile``, the screen may paint face up now: the answer
    of :func:`on_screen` for one pile's cards (a view refreshing one pile asks this)."""
    seat = session.current_seat
    me = None if seat is None or session.curtain is not None else _player_at(session, seat)
    state = session.state
    shown = set()
    for card in cards:
        who = audience_in(state, card, pile)
        if who is EVERYONE or (me is not None and who == me):
            shown.add(card)
    return frozenset(shown)


def log_text_for(session: Session, seat: int, entry: LogEntry) -> str:
    """The text of ``entry`` the person at ``seat`` may read now."""
    if entry.private is None or entry.revealed:
        return entry.seen_by_all
    if session.curtain is not None or entry.owner is None:
        return entry.public
    return entry.private if entry.owner == _player_at(session, seat) else entry.public


def visible_log(session: Session, seat: int) -> list[str]:
    """The whole log as the person at ``seat`` may read it now."""
    return [log_text_for(session, seat, entry) for entry in session.log]


def export_lines(session: Session, seat: Seat | None = None) -> list[tuple[LogEntry, str]]:
    """Each entry with the text to export: what everyone saw, or what ``seat`` may read."""
    if seat is None:
        return [(entry, entry.seen_by_all) for entry in session.log]
    return [(entry, log_text_for(session, seat, entry)) for entry in session.log]
