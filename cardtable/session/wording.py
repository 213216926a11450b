"""Cards and counts in the words a log line uses.

>>> listed(["the 2 of Clubs", "a Joker", "the Ace of Spades"])
'the 2 of Clubs, a Joker and the Ace of Spades'
>>> count_of(1), count_of(3)
('a card', '3 cards')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.cards import CardId, CustomCard, PlayingCard, TarotCard
from cardtable.session.model import GameState


def listed(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def count_of(count: int, noun: str = "card") -> str:
    return f"a {noun}" if count == 1 else f"{count} {noun}s"


def card_words(state: GameState, card: CardId, orientation: bool = True) -> str:
    """The card as a sentence names it: "the Queen of Hearts", "the Soldier of Paper
    (reversed)", "Triumph XXI", "a Joker", a tarot card by the name the group gave it
    (``orientation=False`` leaves out "(reversed)")."""
    face = state.table.card(card).face
    if isinstance(face, PlayingCard):
        return "a Joker" if face.is_joker else f"the {face.name}"
    if isinstance(face, CustomCard):  # a group's own card, by the name they gave it
        return f"“{face.name}”"
    assert isinstance(face, TarotCard)
    name = face.in_sentence
    if orientation and state.table.facing[card].reversed:
        return f"{name} (reversed)"
    return name


def cards_words(state: GameState, cards: Iterable[CardId]) -> str:
    return listed([card_words(state, card) for card in cards])
