"""Ways to lay cards out on the open table: a stack, a fan, a row, and the spreads tarot
readers lay (a cross, three cards, the Celtic Cross).

A :class:`Spread` is a list of places measured in cards (1.0 across is one card's width, 1.0
down one card's height) from its first card; :func:`spots_for` turns it into the
:class:`~cardtable.piles.Spot` of each card for cards of a given size, anchored where the
first card lies. A named spread has as many places as it lays cards; a stack, a fan and a row
take any number.

>>> spots_for(ROW, 3, Spot(100, 200), card_w=120, card_h=200)
[Spot(x=100, y=200), Spot(x=234, y=200), Spot(x=369, y=200)]
>>> [s.x for s in spots_for(STACK, 3, Spot(0, 0), card_w=120, card_h=200)]
[0, 2, 4]
>>> spots_for(THREE_CARDS, 4, Spot(0, 0), card_w=120, card_h=200)
Traceback (most recent call last):
...
cardtable.session.spreads.SpreadError: Three cards (past, present, future) lays 3 cards, not 4.
"""

from __future__ import annotations

from attrs import frozen

from cardtable.piles import Spot
from cardtable.session.model import SessionError

#: A gap between cards laid side by side, in cards.
_GAP = 0.12
#: How far each card of a stack sits from the one under it, in table units: a stack shows
#: its thickness.
STACK_STEP = 2
#: How much of each card a fan leaves in sight, in cards.
FAN_STEP = 0.3


class SpreadError(SessionError):
    """A spread asked of a number of cards it does not lay."""


@frozen
class Spread:
    """A way to lay cards out. ``places`` (x, y in cards from the first card) for a named
    spread; empty for a shape that takes any number of cards, laid ``step`` apart."""

    key: str
    title: str
    tip: str
    places: tuple[tuple[float, float], ...] = ()
    step: tuple[float, float] = (0.0, 0.0)
    #: The order the cards are put down in (the last lies on top), where it is not the
    #: reading order: overlapping cards each keep their top edge (a reversed card's marker)
    #: in sight.
    lay_order: tuple[int, ...] = ()

    def laid(self, count: int) -> list[int]:
        """The indexes of ``count`` cards in the order they are put down."""
        return [i for i in self.lay_order if i < count] or list(range(count))

    @property
    def size(self) -> int | None:
        """How many cards the spread lays (None: any number)."""
        return len(self.places) or None

    def refusal(self, count: int) -> str | None:
        """Why the spread cannot lay ``count`` cards, in words for the player, or None."""
        if count < 1:
            return "Choose the cards to lay out first."
        if self.size is not None and count != self.size:
            return f"{self.title} lays {self.size} cards, not {count}."
        return None


STACK = Spread("stack", "A stack", "Square the chosen cards up into one stack", step=(0.0, 0.0))
FAN = Spread("fan", "A fan", "Fan the chosen cards out, each overlapping the one before",
             step=(FAN_STEP, 0.0))
ROW = Spread("row", "A row", "Lay the chosen cards side by side in a row", step=(1 + _GAP, 0.0))
_ACROSS, _DOWN = 1 + _GAP, 1 + _GAP
CROSS = Spread(
    "cross",
    "A cross",
    "Five cards: the heart of the matter, then left, right, above and below it",
    ((0, 0), (-_ACROSS, 0), (_ACROSS, 0), (0, -_DOWN), (0, _DOWN)),
)
THREE_CARDS = Spread(
    "three",
    "Three cards (past, present, future)",
    "Three cards in a row, read left to right: past, present, future",
    ((0, 0), (_ACROSS, 0), (2 * _ACROSS, 0)),
)
CELTIC_CROSS = Spread(
    "celtic",
    "The Celtic Cross",
    "Ten cards: the cross of six (the second card across the first) and a staff of four "
    "beside it, read from the bottom up",
    # Kept within three rows of cards (the open table's height): the cross's arms a card
    # and a half out so the crossing card shows beside the first, a little lower so the
    # first card's top edge (where a reversed card wears its tab) shows whole; the staff
    # overlapping.
    (
        (0, 0),
        (0.5, 0.15),
        (0, 1.05),
        (-1.5, 0),
        (0, -1.05),
        (1.5, 0),
        (2.9, 1.05),
        (2.9, 0.35),
        (2.9, -0.35),
        (2.9, -1.05),
    ),
    lay_order=(0, 1, 2, 3, 4, 5, 9, 8, 7, 6),
)
#: The named spreads offered under "Lay out as spread", in menu order.
SPREADS = (ROW, CROSS, THREE_CARDS, CELTIC_CROSS)


def spots_for(
    spread: Spread, count: int, anchor: Spot, *, card_w: float, card_h: float
) -> list[Spot]:
    """Where ``count`` cards of ``card_w`` by ``card_h`` table units lie when laid out as
    ``spread`` with its first card at ``anchor``; :class:`SpreadError` when it cannot."""
    if (reason := spread.refusal(count)) is not None:
        raise SpreadError(reason)
    if spread is STACK:
        return [Spot(anchor.x + i * STACK_STEP, anchor.y + i * STACK_STEP) for i in range(count)]
    places = spread.places or tuple(
        (i * spread.step[0], i * spread.step[1]) for i in range(count)
    )
    return [
        Spot(anchor.x + round(dx * card_w), anchor.y + round(dy * card_h))
        for dx, dy in places[:count]
    ]


def spread_named(key: str) -> Spread:
    """The spread (or stack, fan, row) called ``key``."""
    for spread in (STACK, FAN, *SPREADS):
        if spread.key == key:
            return spread
    raise SpreadError(f"There is no spread called {key!r}.")


__all__ = [
    "CELTIC_CROSS",
    "CROSS",
    "FAN",
    "ROW",
    "SPREADS",
    "STACK",
    "THREE_CARDS",
    "Spread",
    "SpreadError",
    "spots_for",
    "spread_named",
]
