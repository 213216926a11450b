"""Cards put down by hand on the open table: where each was let go, and stacks, fans and
spreads made of them.

:class:`Place` lays cards on a zone each at its :class:`~cardtable.piles.Spot` (on top of
whatever lies there), from wherever they were: a drop on the open table, a stack gathered, a
stack spread out again, a tarot spread laid. The spot is model state like the pile itself, so
it is saved, undone and seen the same by every seat; it says nothing of the card's face.

>>> from cardtable.cards import DeckId
>>> from cardtable.piles import Pile, PileKind, Spot
>>> from cardtable.randomness import seeded
>>> from cardtable.session.actions import AddDeck, AddPile, AddPlayer, Draw
>>> from cardtable.session.core import Session
>>> from cardtable.session.model import DeckOnTable, Player
>>> session = Session(rng=seeded(3))
>>> _ = session.apply(AddPlayer(Player.named("Alex")))
>>> _ = session.apply(AddDeck(DeckOnTable(DeckId("tarot"), "tourist-tarot")))
>>> _ = session.apply(AddPile(Pile(PileId("table"), PileKind.ZONE, "the open table")))
>>> _ = session.apply(Draw(PileId("tarot/draw"), PileId("table"), 2))
>>> cards = session.table.piles[PileId("table")].cards
>>> _ = session.apply(Place(tuple(cards), (Spot(100, 150), Spot(102, 152)), PileId("table"),
...                         "stack"))
>>> session.log[-1].public
'Alex stacked 2 cards on the open table'
>>> session.table.piles[PileId("table")].spots[cards[0]]
Spot(x=100, y=150)
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from cardtable.cards import CardId
from cardtable.piles import PileId, PileKind, Spot
from cardtable.session.actions import _audiences, _facing_words, _told, move_refusal
from cardtable.session.authority import card_refusal, destination_refusal
from cardtable.session.core import Action, Performed, Session
from cardtable.session.model import PlayerId, SessionError
from cardtable.session.spreads import FAN, ROW, STACK, spread_named

#: How far from the pile's corner a spot may lie, in table units.
MAX_SPOT = 100_000
NOT_A_ZONE = "Cards lie where they are put only on the open table and other zones."


def _cards(cards: Iterable[CardId]) -> tuple[CardId, ...]:
    return tuple(cards)


def _spots(spots: Iterable[Spot]) -> tuple[Spot, ...]:
    return tuple(spots)


@frozen
class Place(Action):
    """Put ``cards`` on top of zone ``to``, each at its spot (``spots``, one a card).

    ``arrangement`` names what the player made, for the log: "" (cards put down where they
    were let go), or a key of :mod:`cardtable.session.spreads` ("stack", "fan", "row",
    "cross", "three", "celtic").
    """

    cards: tuple[CardId, ...] = field(converter=_cards)
    spots: tuple[Spot, ...] = field(converter=_spots)
    to: PileId
    arrangement: str = ""

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        state = session.state
        for card in self.cards:
            if card in state.table.cards and (reason := card_refusal(state, who, card, "move")):
                return reason
        dest = state.table.piles.get(self.to)
        return None if dest is None else destination_refusal(state, who, dest)

    def perform(self, session: Session) -> Performed:
        state = session.state
        if not self.cards:
            raise SessionError("Choose at least one card to put down.")
        if len(self.spots) != len(self.cards):
            raise SessionError("Each card needs one place to lie.")
        if any(abs(s.x) > MAX_SPOT or abs(s.y) > MAX_SPOT for s in self.spots):
            raise SessionError("That place is off the table.")
        dest = state.table.pile(self.to)
        if dest.kind is not PileKind.ZONE:
            raise SessionError(NOT_A_ZONE)
        if refusal := move_refusal(state, self.cards, dest.id):
            raise SessionError(refusal)
        spread = spread_named(self.arrangement) if self.arrangement else None
        sources = {state.table.where(card) for card in self.cards}
        before = _audiences(state, self.cards)
        state.table.place(self.cards, dest.id, self.spots)
        who = session.actor_name
        if sources == {dest.id}:
            where = f" on {dest.label}"
        else:
            origin = f" from {state.table.piles[next(iter(sources))].label}" if len(
                sources
            ) == 1 else ""
            where = f"{_facing_words(state, self.cards, dest)}{origin} to {dest.label}"
        if spread is None:
            verb, how = "moved", ""
        elif spread is STACK:
            verb, how = "stacked", ""
        elif spread is FAN:
            verb, how = "fanned out", ""
        elif spread is ROW:
            verb, how = "laid", " out in a row"
        else:
            title = spread.title[:1].lower() + spread.title[1:]
            verb, how = "laid", f" out as {title}"

        def sentence(what: str) -> str:
            return f"{who} {verb} {what}{how}{where}"

        return Performed((_told(session, sentence, self.cards, before),))


__all__ = ["MAX_SPOT", "NOT_A_ZONE", "Place"]
