"""Who may see a face, from the table alone: the rule the session and every view share.

The rules (``rules/table.md``, "Hot-seat play and privacy"): a card face up in a pile that is
not a hand is seen by everyone; a card in a hand only by the player controlling the hand's
character; a face-down card by nobody, except by its owner after they peeked at it. The
curtain and the seat holding the computer are added by :mod:`cardtable.session.visibility`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from itertools import compress
from operator import is_not

from cardtable.cards import CardId
from cardtable.piles import Pile, PileKind, Table
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


def held_cards(table: Table) -> set[CardId]:
    """Every card in a hand."""
    return {
        card for pile in table.piles.values() if pile.kind is PileKind.HAND for card in pile.cards
    }


def is_public(table: Table, card: CardId, held: set[CardId]) -> bool:
    """Whether everyone may see ``card``'s face: face up, and not among ``held`` (the cards in
    hands, :func:`held_cards`). A card the table does not have is not."""
    facing = table.facing.get(card)
    return facing is not None and facing.face_up and card not in held


class Sighting:
    """The faces everyone may see on ``table``, noted before a change, so that after it
    :meth:`shown_since` tells which the change showed the table for the first time.

    The same answer as ``public_cards`` after, less ``public_cards`` before, worked out from
    the few cards that could have changed: a card turned over or round (its facing is no
    longer the very object it was), or one that left a hand. A table of thousands is passed
    over at C speed; the session asks before and after every action.
    """

    def __init__(self, table: Table) -> None:
        self._cards = list(table.facing)
        self._lay = list(table.facing.values())
        self._held = held_cards(table)

    def shown_since(self, table: Table) -> frozenset[CardId]:
        facing = table.facing
        held = held_cards(table)
        if len(facing) != len(self._cards) or list(facing) != self._cards:
            # Cards came or went: every card is looked at.
            before = {c for c, lies in zip(self._cards, self._lay, strict=True) if lies.face_up}
            return frozenset(c for c in facing if is_public(table, c, held)).difference(
                before - self._held
            )
        moved = list(map(is_not, facing.values(), self._lay))
        lay_before = dict(
            zip(compress(self._cards, moved), compress(self._lay, moved), strict=True)
        )
        newly = set()
        for card in lay_before.keys() | (self._held - held):
            was = lay_before.get(card, facing[card])
            if is_public(table, card, held) and not (was.face_up and card not in self._held):
                newly.add(card)
        return frozenset(newly)
