"""Hypothesis strategies for cards, played cards and tables, shared by the model tests.

Import them as ``from strategies import tables`` (pytest puts ``tests/`` on the path).

The tables are small on purpose: a few decks of a dozen cards or fewer, a few hands and
zones, some cards already dealt, so that a long run of moves stays fast and a failing
example shrinks to something a person can read.
"""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from cardtable.beats import Played, Strength
from cardtable.cards import DeckId, PlayingCard, Rank, Suit, TarotCard
from cardtable.decks.standard import DeckSpec, tourist_tarot
from cardtable.piles import Pile, PileId, PileKind, Table
from cardtable.randomness import seeded

#: Seeds for the table's own Rng; any 32-bit number will do.
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@cache
def all_tarot_faces() -> tuple[TarotCard, ...]:
    """The 82 faces of the shipped Tourist's Tarot, keywords included."""
    return tuple(face for face in tourist_tarot().faces if isinstance(face, TarotCard))


def all_playing_faces(jokers: bool = True) -> tuple[PlayingCard, ...]:
    """The 52 playing-card faces, and the joker when ``jokers`` is true (once)."""
    faces = tuple(PlayingCard.of(rank, suit) for suit in Suit for rank in Rank)
    return (*faces, PlayingCard.joker()) if jokers else faces


def tarot_faces() -> st.SearchStrategy[TarotCard]:
    return st.sampled_from(all_tarot_faces())


def playing_faces(jokers: bool = True) -> st.SearchStrategy[PlayingCard]:
    return st.sampled_from(all_playing_faces(jokers))


def suits_or_none() -> st.SearchStrategy[Suit | None]:
    return st.none() | st.sampled_from(list(Suit))


def played_cards(values: bool = False) -> st.SearchStrategy[Played]:
    """A playing card as played by a character, with any strength.

    With ``values`` some of them carry a Tandem value (2 to 10) instead of their own pips.
    """
    value = (st.none() | st.integers(min_value=2, max_value=10)) if values else st.none()
    return st.builds(Played, playing_faces(), st.sampled_from(list(Strength)), value)


@st.composite
def small_decks(draw: st.DrawFn, deck_number: int = 0, max_cards: int = 12) -> DeckSpec:
    """A small deck: a handful of distinct tarot faces that turn on shuffling, or a handful
    of playing cards (repeats allowed, as in a shoe) that do not."""
    size = draw(st.integers(min_value=1, max_value=max_cards))
    if draw(st.booleans()):
        faces: list[TarotCard | PlayingCard] = list(
            draw(st.lists(tarot_faces(), min_size=size, max_size=size, unique=True))
        )
        return DeckSpec(f"mini-tarot-{deck_number}", "Mini tarot", "tarot", True, tuple(faces))
    faces = list(draw(st.lists(playing_faces(), min_size=size, max_size=size)))
    return DeckSpec(f"mini-shoe-{deck_number}", "Mini shoe", "playing", False, tuple(faces))


@st.composite
def tables(draw: st.DrawFn, max_decks: int = 2, max_cards: int = 12, max_piles: int = 3) -> Table:
    """A table with one or more small decks, some hands and zones, and some cards dealt.

    Deck ``n`` has the piles ``deck<n>/draw`` and ``deck<n>/discard``; hands are called
    ``hand/<n>`` and zones ``zone/<n>``. Dealt cards may lie face up or down, and some are
    turned round.
    """
    table = Table()
    rng = seeded(draw(SEEDS))
    for number in range(draw(st.integers(min_value=1, max_value=max_decks))):
        spec = draw(small_decks(number, max_cards))
        table.add_deck(spec, DeckId(f"deck{number}"), rng)
    for number in range(draw(st.integers(min_value=0, max_value=max_piles))):
        if draw(st.booleans()):
            pile = Pile(
                PileId(f"hand/{number}"), PileKind.HAND, f"Hand {number}", owner=f"c{number}"
            )
        else:
            pile = Pile(PileId(f"zone/{number}"), PileKind.ZONE, f"Zone {number}")
        table.add_pile(pile)
    card_ids = sorted(table.cards)
    pile_ids = sorted(table.piles)
    deals = st.tuples(st.sampled_from(card_ids), st.sampled_from(pile_ids), st.booleans())
    for card, pile_id, face_up in draw(st.lists(deals, max_size=8)):
        table.move([card], pile_id, face_up=face_up)
    for card in draw(st.lists(st.sampled_from(card_ids), max_size=4, unique=True)):
        table.turn(card)
    return table
