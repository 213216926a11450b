"""The live numbers of a tarot Challenge: Cost, Effect, what is beaten, and the next card's odds.

Everything here is a pure function of the cards on the table; the resolver in
:mod:`cardtable.resolvers.tarot.challenge` calls it after every card. See
``rules/tourist-tarot.md``.

>>> from cardtable.cards import TarotCard
>>> names = ("Soldier of Rock", "Soldier of Paper", "Triumph V")
>>> effect_of(TarotCard.from_name(name) for name in names)
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from attrs import frozen

from cardtable.beats import tarot_beats
from cardtable.cards import CardId, TarotCard
from cardtable.piles import PileId, Table

#: A Cost that reaches this is a Wipe Out, and drawing stops at once.
WIPE_OUT_COST = 5
#: Each figure is in the deck five times (once per suit), which caps Effect.
MAX_EFFECT = 5


def effect_of(faces: Iterable[TarotCard]) -> int:
    """The largest number of cards that share one figure (Triumphs and the Excuse have none)."""
    counts = Counter(face.figure for face in faces if face.figure is not None)
    return max(counts.values(), default=0)


@frozen
class BeatenBy:
    """One Challenge card and the player's cards that beat it (none yet: ``by == ()``)."""

    card: CardId
    by: tuple[CardId, ...] = ()

    @property
    def beaten(self) -> bool:
        return bool(self.by)


def beaten_by(
    challenge: Sequence[tuple[CardId, TarotCard]], player: Sequence[tuple[CardId, TarotCard]]
) -> tuple[BeatenBy, ...]:
    """For each Challenge card in order, the player's cards (in order) that beat it."""
    return tuple(
        BeatenBy(card, tuple(mine for mine, attacker in player if tarot_beats(attacker, face)))
        for card, face in challenge
    )


@frozen
class NextCardOdds:
    """Exact chances for the next card drawn from the deck, over the cards nobody has seen.

    ``unseen`` is how many cards the next card may be. The Excuse's orientation counts in
    ``reversed`` but never adds to the Cost.
    """

    unseen: int
    beats_more: Fraction
    reversed: Fraction
    excuse: Fraction
    wipe_out: Fraction

    def as_floats(self) -> dict[str, float]:
        """The four chances as floats between 0 and 1, keyed by field name."""
        return {
            "beats_more": float(self.beats_more),
            "reversed": float(self.reversed),
            "excuse": float(self.excuse),
            "wipe_out": float(self.wipe_out),
        }

    def text(self) -> str:
        """One line for the table, e.g. "Next card (70 unseen): beats more 40%, ..."."""
        parts = [
            f"beats more {_percent(self.beats_more)}",
            f"reversed {_percent(self.reversed)}",
            f"the Excuse {_percent(self.excuse)}",
            f"Wipe Out {_percent(self.wipe_out)}",
        ]
        return f"Next card ({self.unseen} unseen): " + ", ".join(parts)


def _percent(chance: Fraction) -> str:
    value = float(chance) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def next_card_candidates(table: Table, draw: PileId) -> list[CardId]:
    """The cards the next draw from ``draw`` may turn up: the draw pile's cards, or, when it
    is empty, the discard pile it will take in shuffled."""
    pile = table.pile(draw)
    if pile.cards or pile.refill_from is None:
        return list(pile.cards)
    return list(table.pile(pile.refill_from).cards)


def next_card_odds(
    table: Table, draw: PileId, unbeaten: Sequence[TarotCard], cost: int
) -> NextCardOdds | None:
    """Exact odds for the next card drawn from ``draw``, or None when nothing can be drawn.

    Each candidate card is equally likely. A pile that turns on shuffle hides orientation, so
    each candidate is reversed with chance 1/2 whatever the table records; a pile that never
    turns keeps the orientation everyone saw when the card was last face up.
    """
    candidates = next_card_candidates(table, draw)
    if not candidates:
        return None
    hidden = table.pile(draw).turns_on_shuffle
    half = Fraction(1, 2)
    beats = reversed_ = excuse = wipe_out = Fraction(0)
    for card_id in candidates:
        face = table.card(card_id).face
        if not isinstance(face, TarotCard):
            raise ValueError(f"{card_id} is not a card of the Tourist's Tarot")
        p_reversed = half if hidden else Fraction(int(table.facing[card_id].reversed))
        reversed_ += p_reversed
        if face.is_excuse:
            excuse += 1
            # The Excuse stops the drawing; it adds no Cost, but a Cost already at 5 stands.
            wipe_out += int(cost >= WIPE_OUT_COST)
            continue
        if any(tarot_beats(face, defender) for defender in unbeaten):
            beats += 1
        wipe_out += p_reversed * int(cost + 1 >= WIPE_OUT_COST) + (1 - p_reversed) * int(
            cost >= WIPE_OUT_COST
        )
    n = len(candidates)
    return NextCardOdds(n, beats / n, reversed_ / n, excuse / n, wipe_out / n)


@frozen
class TarotNumbers:
    """What the table shows after each card: Cost, Effect, what is beaten, the next card's odds.

    ``cost`` is the running Cost (it may be negative); ``odds`` is None once drawing is over
    or when no card is left to draw.
    """

    cost: int
    effect: int
    beaten: tuple[BeatenBy, ...]
    odds: NextCardOdds | None = None

    @property
    def beaten_map(self) -> Mapping[CardId, tuple[CardId, ...]]:
        """Each beaten Challenge card and the player's cards that beat it."""
        return {entry.card: entry.by for entry in self.beaten if entry.by}

    @property
    def unbeaten(self) -> tuple[CardId, ...]:
        return tuple(entry.card for entry in self.beaten if not entry.by)

    @property
    def all_beaten(self) -> bool:
        return all(entry.by for entry in self.beaten)
