"""Who may see a face, from the table alone: the rule the session and every view share.

The rules (``rules/table.md``, "Hot-seat play and privacy"): a card face up in a pile that is
not a hand is seen by everyone; a card in a hand only by the player controlling the hand's
character; a face-down card by nobody, except by its owner after they peeked at it. The
curtain and the seat holding the computer are added by :mod:`cardtable.session.visibility`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from cardtable.cards import CardId
from cardtable.piles import Pile, PileKind
from cardtable.session.model import GameState, PlayerId


class Everyone(enum.Enum):
    """The audience of a public face."""

    EVERYONE = "everyone"


EVERYONE = Everyone.EVERYONE

#: Who may see a face, curtain aside: everyone, one player, or nobody (None).
Audience = Everyone | PlayerId | None


def audience_in(state: GameState, card: CardId, pile: Pile) -> Audience:
    """Who may see ``card``, lying in ``pile``, when no curtain is up."""
    if pile.kind is PileKind.HAND:
        return state.controller(pile)
    if state.table.facing[card].face_up:
        return EVERYONE
    peek = state.peeks.get(card)
    if peek is not None and peek.pile == pile.id:
        return peek.player
    return None


def _placed(state: GameState) -> Iterator[tuple[CardId, Pile]]:
    for pile in state.table.piles.values():
        for card in pile.cards:
            yield card, pile


def audience(state: GameState, card: CardId) -> Audience:
    """Who may see ``card`` when no curtain is up (see :func:`audience_in`)."""
    return audience_in(state, card, state.table.pile(state.table.where(card)))


def public_cards(state: GameState) -> frozenset[CardId]:
    """Every card whose face everyone may see: face up, and not in a hand.

    (The same answer as :func:`audience_in` is EVERYONE, computed in one quick pass: the
    session asks after every action.)
    """
    # Every card lies in exactly one pile (Table.check), so the face-up cards less those in
    # hands are those face up outside hands: two passes Python makes quickly, twice an action.
    up = {card for card, facing in state.table.facing.items() if facing.face_up}
    held = [
        card
        for pile in state.table.piles.values()
        if pile.kind is PileKind.HAND
        for card in pile.cards
    ]
    return frozenset(up.difference(held))
