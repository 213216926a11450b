"""Piles and the cards in them: draw and discard piles, hands and table zones.

A :class:`Table` knows every physical card, which pile holds it and how it lies (face up or
down, upright or reversed). A card is in exactly one pile at any time; every method keeps
that true or raises :class:`PileError` and changes nothing.

>>> from cardtable.decks.standard import tourist_tarot
>>> from cardtable.randomness import seeded
>>> table = Table()
>>> draw, discard = table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(1))
>>> hand = table.add_pile(Pile(PileId("hand/alex"), PileKind.HAND, "Alex's hand"))
>>> [card] = table.draw(draw.id, hand.id, seeded(2))
>>> table.where(card), len(table.piles[draw.id])
('hand/alex', 81)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import ClassVar, NewType

from attrs import Factory, define, evolve, field, frozen

from cardtable.cards import Card, CardId, DeckId
from cardtable.decks.standard import DeckSpec
from cardtable.randomness import Rng
from cardtable.refusals import Refusal

PileId = NewType("PileId", str)


class PileError(Refusal):
    """A move the table cannot make (an unknown card or pile, an empty draw pile)."""


class PileKind(enum.Enum):
    DRAW = "draw"
    DISCARD = "discard"
    HAND = "hand"
    ZONE = "zone"


@frozen
class Facing:
    """How a card lies: face up or down, upright or reversed."""

    face_up: bool = False
    reversed: bool = False

    def flipped(self) -> Facing:
        return evolve(self, face_up=not self.face_up)

    def turned(self) -> Facing:
        return evolve(self, reversed=not self.reversed)


@frozen
class Spot:
    """Where a card was put down on a pile laid out by hand (the open table): its centre, in
    table units (a card is 120 wide) from the pile's top left corner."""

    x: int
    y: int


@define
class Pile:
    """An ordered pile of cards; ``cards[-1]`` is the top.

    ``refill_from`` names the discard pile a draw pile takes in (shuffled) when it runs out;
    ``turns_on_shuffle`` says whether shuffling this pile randomises orientation too.
    ``owner`` names whoever holds a hand or a private zone (a character id). ``spots`` says
    where a player put cards down on this pile (:meth:`Table.place`); a card leaving the pile
    leaves its spot behind, and a card without one lies where the table lays it. The spots
    are kept in the order the cards were put down (the last on top).

    ``shuffled`` counts the cards at the bottom (``cards[:shuffled]``) lying in an order
    chance chose and nobody has seen: a shuffle makes it the whole pile, cards leaving it
    take it down. That order is never saved nor restored (:meth:`Table.unseen_part`).
    """

    id: PileId
    kind: PileKind
    label: str
    cards: list[CardId] = Factory(list)
    owner: str | None = None
    refill_from: PileId | None = None
    turns_on_shuffle: bool = False
    fanned: bool = False
    spots: dict[CardId, Spot] = Factory(dict)
    shuffled: int = 0
    #: Saved without the fields that hold their default (:mod:`cardtable.session.saving`).
    saved_sparse: ClassVar[bool] = True

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> CardId | None:
        return self.cards[-1] if self.cards else None

    def copy(self) -> Pile:
        """An independent copy (its own card list and spots), as undo keeps one per action:
        built directly, several times quicker than ``attrs.evolve`` for a table of piles."""
        return Pile(
            self.id,
            self.kind,
            self.label,
            list(self.cards),
            self.owner,
            self.refill_from,
            self.turns_on_shuffle,
            self.fanned,
            dict(self.spots),
            self.shuffled,
        )


@define
class Table:
    """Every card on the table, the piles that hold them and how each card lies."""

    cards: dict[CardId, Card] = Factory(dict)
    piles: dict[PileId, Pile] = Factory(dict)
    facing: dict[CardId, Facing] = Factory(dict)
    #: The pile each card was last found in by :meth:`where`, and at which place in it;
    #: checked before it is trusted, since piles' card lists are changed in many places.
    _homes: dict[CardId, tuple[PileId, int]] = field(factory=dict, init=False, repr=False, eq=False)
    #: How many cards have left a pile's shuffled part on this table: dealt by chance.
    _dealt: int = field(default=0, init=False, repr=False, eq=False)

    @property
    def dealt(self) -> int:
        """How many cards chance has dealt from this table's shuffled piles so far (a draw,
        a card taken from a shuffled pile's unseen part): the session tells by it which
        actions gave out what chance chose."""
        return self._dealt

    # -- building -------------------------------------------------------------------------

    def add_pile(self, pile: Pile) -> Pile:
        if pile.id in self.piles:
            raise PileError(f"there is already a pile called {pile.id!r}")
        if unknown := [c for c in pile.cards if c not in self.cards]:
            raise PileError(f"the table has no card {unknown[0]!r}")
        self.piles[pile.id] = pile
        return pile

    def add_deck(self, spec: DeckSpec, deck_id: DeckId, rng: Rng) -> tuple[Pile, Pile]:
        """Put a deck on the table: all its cards face down in a shuffled draw pile, with an
        empty discard pile that refills it. Returns (draw pile, discard pile)."""
        cards = spec.cards(deck_id)
        if clash := [c.id for c in cards if c.id in self.cards]:
            raise PileError(f"the table already has a card {clash[0]!r}")
        discard = Pile(PileId(f"{deck_id}/discard"), PileKind.DISCARD, f"{spec.name}: discard")
        draw = Pile(
            PileId(f"{deck_id}/draw"),
            PileKind.DRAW,
            f"{spec.name}: draw pile",
            cards=[c.id for c in cards],
            refill_from=discard.id,
            turns_on_shuffle=spec.uses_orientation,
        )
        if draw.id in self.piles or discard.id in self.piles:
            raise PileError(f"the table already has piles for deck {deck_id!r}")
        for card in cards:
            self.cards[card.id] = card
            self.facing[card.id] = Facing()
        self.piles[draw.id] = draw
        self.piles[discard.id] = discard
        self.shuffle(draw.id, rng)
        return draw, discard

    # -- reading --------------------------------------------------------------------------

    def where(self, card: CardId) -> PileId:
        """The pile that holds ``card``.

        A card is in exactly one pile (:meth:`check`), so the pile it was last found in
        answers if it still holds the card: a lookup then reads one place of one pile, or
        that pile alone if the card moved within it, not the table. (A card dropped on a
        crowded open table is looked up a dozen times, in a pile of thousands.)
        """
        home = self._homes.get(card)
        if home is not None:
            pile_id, at = home
            pile = self.piles.get(pile_id)
            if pile is not None:
                cards = pile.cards
                if at < len(cards) and cards[at] == card:
                    return pile_id
                if (found := _index(cards, card)) is not None:
                    self._homes[card] = (pile_id, found)
                    return pile_id
        for pile in self.piles.values():
            if (found := _index(pile.cards, card)) is not None:
                self._homes[card] = (pile.id, found)
                return pile.id
        raise PileError(f"the table has no card {card!r}")

    def holds(self, card: CardId, pile_id: PileId) -> bool:
        """Whether pile ``pile_id`` holds ``card`` (False for a card the table does not have),
        found as :meth:`where` finds it."""
        try:
            return self.where(card) == pile_id
        except PileError:
            return False

    def pile(self, pile_id: PileId) -> Pile:
        try:
            return self.piles[pile_id]
        except KeyError:
            raise PileError(f"the table has no pile {pile_id!r}") from None

    def card(self, card_id: CardId) -> Card:
        try:
            return self.cards[card_id]
        except KeyError:
            raise PileError(f"the table has no card {card_id!r}") from None

    def check(self) -> None:
        """Raise :class:`PileError` unless every card is in exactly one pile."""
        seen: dict[CardId, PileId] = {}
        for pile in self.piles.values():
            for card in pile.cards:
                if card in seen:
                    raise PileError(f"{card} is in both {seen[card]} and {pile.id}")
                seen[card] = pile.id
            if stray := pile.spots.keys() - set(pile.cards):
                raise PileError(f"{pile.label} keeps a place for {sorted(stray)[0]}, not on it")
        if missing := set(self.cards) - set(seen):
            raise PileError(f"{sorted(missing)[0]} is in no pile")
        if extra := set(seen) - set(self.cards):
            raise PileError(f"{sorted(extra)[0]} is not a card of this table")

    # -- changing -------------------------------------------------------------------------

    def move(
        self,
        cards: Sequence[CardId],
        to: PileId,
        *,
        index: int | None = None,
        face_up: bool | None = None,
    ) -> None:
        """Move ``cards`` (in this order, the last ending on top) onto pile ``to``.

        ``index`` inserts them at that position instead of on top; ``face_up`` turns them face
        up or down as they land.
        """
        target = self.pile(to)
        if len(set(cards)) != len(cards):
            raise PileError("the same card cannot be moved twice at once")
        sources = [self.where(card) for card in cards]
        for card, source in zip(cards, sources, strict=True):
            pile = self.piles[source]
            if pile.shuffled and pile.cards.index(card) < pile.shuffled:
                pile.shuffled -= 1
                self._dealt += 1
            pile.cards.remove(card)
            pile.spots.pop(card, None)
        at = len(target.cards) if index is None else max(0, min(index, len(target.cards)))
        target.cards[at:at] = list(cards)
        if at < target.shuffled:
            # Cards slipped in among shuffled ones are shuffled in with them.
            target.shuffled += len(cards)
        if face_up is not None:
            for card in cards:
                self.facing[card] = evolve(self.facing[card], face_up=face_up)

    def place(self, cards: Sequence[CardId], to: PileId, spots: Sequence[Spot]) -> None:
        """Put ``cards`` down on pile ``to``, each at its spot, on top of every card put down
        there before (``spots`` keeps them in the order they were put down: the last lies on
        top). Cards from another pile join the end of ``to``; a card already on ``to`` keeps
        its place in the pile's order, so the cards the table lays itself do not shift."""
        if len(spots) != len(cards):
            raise PileError(f"{len(cards)} cards need {len(cards)} places, not {len(spots)}")
        if len(set(cards)) != len(cards):
            raise PileError("the same card cannot be put down twice at once")
        target = self.pile(to)
        here = set(target.cards)
        for card in cards:
            self.card(card)
        arriving = [card for card in cards if card not in here]
        if arriving:
            self.move(arriving, to)
        for card, spot in zip(cards, spots, strict=True):
            target.spots.pop(card, None)
            target.spots[card] = spot

    def draw(
        self, source: PileId, to: PileId, rng: Rng, count: int = 1, *, face_up: bool = False
    ) -> list[CardId]:
        """Draw ``count`` cards from the top of ``source`` onto ``to``, one at a time.

        A draw pile that runs out first takes in its shuffled discard pile. Raises
        :class:`PileError` and draws nothing when there are not enough cards.
        """
        if count < 0:
            raise PileError("cannot draw a negative number of cards")
        pile = self.pile(source)
        self.pile(to)
        if to == source or to == pile.refill_from:
            raise PileError(f"cannot draw from {pile.label} onto itself or its own discard pile")
        available = len(pile.cards)
        if pile.refill_from is not None:
            available += len(self.pile(pile.refill_from).cards)
        if count > available:
            raise PileError(
                f"{pile.label} holds {available} card{'s' if available != 1 else ''}; "
                f"cannot draw {count}"
            )
        drawn = []
        for _ in range(count):
            if not pile.cards:
                self.refill(source, rng)
            card = pile.cards[-1]
            self.move([card], to, face_up=face_up)
            drawn.append(card)
        return drawn

    def refill(self, draw: PileId, rng: Rng) -> int:
        """Shuffle the discard pile back under ``draw``; returns how many cards came back."""
        pile = self.pile(draw)
        if pile.refill_from is None:
            raise PileError(f"{pile.label} has no discard pile to take in")
        discard = self.pile(pile.refill_from)
        back = list(discard.cards)
        discard.cards.clear()
        discard.spots.clear()
        for card in back:
            self.facing[card] = evolve(self.facing[card], face_up=False)
        rng.shuffle(back)
        if pile.turns_on_shuffle:
            self._orient(back, rng)
        pile.shuffled = len(back) + min(pile.shuffled, len(pile.cards))
        pile.cards[0:0] = back
        return len(back)

    def shuffle(self, pile_id: PileId, rng: Rng) -> None:
        """Shuffle a pile's order, and its cards' orientation if the pile turns on shuffle."""
        pile = self.pile(pile_id)
        rng.shuffle(pile.cards)
        if pile.turns_on_shuffle:
            self._orient(pile.cards, rng)
        # A hand's order is seen by whoever holds it.
        pile.shuffled = 0 if pile.kind is PileKind.HAND else len(pile.cards)

    def unseen_part(self, pile_id: PileId) -> int:
        """How many cards at the bottom of a pile lie in an order chance chose and nobody
        has seen: its shuffled part, up to the first card lying face up.

        Their order is no one's knowledge, so it is never written to a file
        (:func:`~cardtable.session.saving.document` writes them in a fixed order) and is
        dealt afresh whenever the table is restored (:meth:`redeal`): what a file, an undo
        or a load shows decides no later draw.
        """
        pile = self.pile(pile_id)
        count = max(0, min(pile.shuffled, len(pile.cards)))
        for at, card in enumerate(pile.cards[:count]):
            if self.facing[card].face_up:
                return at
        return count

    def redeal(self, rng: Rng) -> None:
        """Shuffle every pile's unseen part (:meth:`unseen_part`) afresh, turning its cards
        at random too in a pile that turns on shuffle."""
        for pile in self.piles.values():
            count = self.unseen_part(pile.id)
            if count < 2 and not (count and pile.turns_on_shuffle):
                continue
            part = pile.cards[:count]
            rng.shuffle(part)
            pile.cards[:count] = part
            if pile.turns_on_shuffle:
                self._orient(part, rng)

    def flip(self, card: CardId) -> Facing:
        self.card(card)
        self.facing[card] = self.facing[card].flipped()
        return self.facing[card]

    def turn(self, card: CardId) -> Facing:
        self.card(card)
        self.facing[card] = self.facing[card].turned()
        return self.facing[card]

    def _orient(self, cards: Iterable[CardId], rng: Rng) -> None:
        for card in cards:
            self.facing[card] = evolve(self.facing[card], reversed=rng.random() < 0.5)


def _index(cards: list[CardId], card: CardId) -> int | None:
    """Where ``card`` lies in ``cards`` (None: it is not there)."""
    try:
        return cards.index(card)
    except ValueError:
        return None
