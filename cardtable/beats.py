"""Which card beats which: the Tourist's Tarot relation and the playing cards' trumps.

Orientation plays no part in either. See ``rules/tourist-tarot.md`` and
``rules/fantastical-adventure.md``.

>>> tarot_beats(TarotCard.from_name("Soldier of Paper"), TarotCard.from_name("Child of Unknown"))
True
>>> trump(Played.strong(PlayingCard.from_code("3H")), Played.normal(PlayingCard.from_code("KS")))
<Trump.FIRST: 'first'>
"""

from __future__ import annotations

import enum

from attrs import frozen

from cardtable.cards import PlayingCard, Suit, TarotCard, TarotSuit

#: Each suit beats exactly two others, whatever the figures.
SUIT_BEATS: dict[TarotSuit, frozenset[TarotSuit]] = {
    TarotSuit.ROCK: frozenset({TarotSuit.BLADES, TarotSuit.SERPENT}),
    TarotSuit.PAPER: frozenset({TarotSuit.ROCK, TarotSuit.UNKNOWN}),
    TarotSuit.BLADES: frozenset({TarotSuit.PAPER, TarotSuit.SERPENT}),
    TarotSuit.SERPENT: frozenset({TarotSuit.PAPER, TarotSuit.UNKNOWN}),
    TarotSuit.UNKNOWN: frozenset({TarotSuit.ROCK, TarotSuit.BLADES}),
}


def tarot_beats(attacker: TarotCard, defender: TarotCard) -> bool:
    """Whether ``attacker`` beats ``defender`` in a tarot Challenge."""
    if attacker.is_excuse or defender.is_excuse:
        return False
    if attacker.triumph is not None:
        return defender.triumph is None or attacker.triumph > defender.triumph
    if defender.triumph is not None:
        return False
    assert attacker.suit is not None and defender.suit is not None
    if attacker.suit is defender.suit:
        assert attacker.figure is not None and defender.figure is not None
        return attacker.figure > defender.figure
    return defender.suit in SUIT_BEATS[attacker.suit]


# ---------------------------------------------------------------------------------------------
# Playing cards: Strong, Weak, Joker, Deuce, Deadlock


class Strength(enum.Enum):
    """How a card counts for the character who played it."""

    STRONG = "strong"
    NORMAL = "normal"
    WEAK = "weak"


def strength_of(card: PlayingCard, strong: Suit | None, weak: Suit | None) -> Strength:
    """A card's strength with the suits of the character who played it (a Joker is normal)."""
    if card.suit is None:
        return Strength.NORMAL
    if card.suit is strong:
        return Strength.STRONG
    if card.suit is weak:
        return Strength.WEAK
    return Strength.NORMAL


@frozen
class Played:
    """A playing card as played by a character: the card and how strong it counts.

    ``value`` overrides the card's pips (a Tandem counts at the higher of its two cards).
    """

    card: PlayingCard
    strength: Strength = Strength.NORMAL
    value: int | None = None

    @classmethod
    def strong(cls, card: PlayingCard) -> Played:
        return cls(card, Strength.STRONG)

    @classmethod
    def normal(cls, card: PlayingCard) -> Played:
        return cls(card, Strength.NORMAL)

    @classmethod
    def weak(cls, card: PlayingCard) -> Played:
        return cls(card, Strength.WEAK)

    @property
    def pips(self) -> int:
        return self.card.pips if self.value is None else self.value


class Trump(enum.Enum):
    """The outcome of comparing two played cards."""

    FIRST = "first"
    SECOND = "second"
    DEADLOCK = "deadlock"

    def flipped(self) -> Trump:
        return {Trump.FIRST: Trump.SECOND, Trump.SECOND: Trump.FIRST}.get(self, self)


def trump(first: Played, second: Played) -> Trump:
    """Which of two played cards trumps the other, or Deadlock."""
    a, b = first.card, second.card
    if a.is_joker or b.is_joker:
        if a.is_joker and b.is_joker:
            return Trump.DEADLOCK
        joker_first = a.is_joker
        other = b if joker_first else a
        joker_wins = not other.is_deuce
        return Trump.FIRST if joker_wins == joker_first else Trump.SECOND
    if first.strength is not second.strength:
        if Strength.STRONG in (first.strength, second.strength):
            return Trump.FIRST if first.strength is Strength.STRONG else Trump.SECOND
        # One is Weak, the other normal: the Weak card is trumped.
        return Trump.SECOND if first.strength is Strength.WEAK else Trump.FIRST
    if first.pips == second.pips:
        return Trump.DEADLOCK
    return Trump.FIRST if first.pips > second.pips else Trump.SECOND
