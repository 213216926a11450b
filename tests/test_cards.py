"""Cards as frozen values: what a tarot card and a playing card know about themselves.

The expectations are written from ``rules/tourist-tarot.md`` and
``rules/fantastical-adventure.md``, not read back from ``cardtable.cards``.
"""

from __future__ import annotations

import attrs
import pytest

from cardtable.cards import (
    Card,
    CardError,
    CardId,
    DeckId,
    Figure,
    PlayingCard,
    Rank,
    Suit,
    TarotCard,
    TarotSuit,
    from_roman,
    roman,
)

# From the rules text: the figures in rank order, 1 (lowest) to 12, and the five suits.
FIGURES_IN_ORDER = [
    *("Child", "Servant", "Traveler", "Merchant", "Lover", "Builder"),
    *("Soldier", "Priest", "Sage", "Ruler", "Beast", "Dragon"),
]
SUITS = ("Rock", "Paper", "Blades", "Serpent", "Unknown")
NUMERALS = [
    *("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"),
    *("XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"),
]


def tourist_names() -> list[str]:
    """The 82 card names of the Tourist's Tarot, spelled as the rules spell them."""
    suited = [f"{figure} of {suit}" for suit in SUITS for figure in FIGURES_IN_ORDER]
    return [*suited, *(f"Triumph {n}" for n in NUMERALS), "the Excuse"]


# ---------------------------------------------------------------------------------------------
# The Tourist's Tarot


def test_soldier_of_paper_knows_its_suit_and_figure_rank() -> None:
    card = TarotCard.from_name("Soldier of Paper")
    assert card.suit is TarotSuit.PAPER
    assert card.figure is Figure.SOLDIER
    assert int(card.figure) == 7
    assert card.triumph is None
    assert (card.is_suited, card.is_triumph, card.is_excuse) == (True, False, False)


def test_triumph_fourteen_knows_its_number_and_has_no_suit_or_figure() -> None:
    card = TarotCard.from_name("Triumph XIV")
    assert card.triumph == 14
    assert card.suit is None and card.figure is None
    assert (card.is_suited, card.is_triumph, card.is_excuse) == (False, True, False)


def test_the_excuse_has_no_suit_figure_or_number() -> None:
    card = TarotCard.the_excuse()
    assert card.suit is None and card.figure is None and card.triumph is None
    assert (card.is_suited, card.is_triumph, card.is_excuse) == (False, False, True)
    assert card.name == "the Excuse"


@pytest.mark.parametrize(("rank", "title"), list(enumerate(FIGURES_IN_ORDER, start=1)))
def test_figures_rank_as_the_rules_list_them(rank: int, title: str) -> None:
    figure = Figure.from_title(title)
    assert int(figure) == rank
    assert figure.title == title


def test_the_five_suits_are_named_like_the_attributes() -> None:
    assert {suit.value for suit in TarotSuit} == set(SUITS)


@pytest.mark.parametrize("name", tourist_names())
def test_every_tarot_name_reads_back_to_the_same_card(name: str) -> None:
    card = TarotCard.from_name(name)
    assert card.name == name
    assert TarotCard.from_name(card.name) == card
    assert eval(repr(card), {"TarotCard": TarotCard}) == card


def test_the_82_tarot_names_are_82_different_cards_with_different_slugs() -> None:
    cards = [TarotCard.from_name(name) for name in tourist_names()]
    assert len(set(cards)) == 82
    assert len({card.slug for card in cards}) == 82


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("soldier of paper", "Soldier of Paper"),
        ("  Soldier   of  Paper ", "Soldier of Paper"),
        ("DRAGON of UNKNOWN", "Dragon of Unknown"),
        ("Triumph 21", "Triumph XXI"),
        ("triumph xxi", "Triumph XXI"),
        ("Triumph 4", "Triumph IV"),
        ("Excuse", "the Excuse"),
        ("The Excuse", "the Excuse"),
    ],
)
def test_tarot_names_are_read_leniently(written: str, meant: str) -> None:
    assert TarotCard.from_name(written).name == meant


def test_a_capitalised_of_is_read_like_the_rest_of_the_name() -> None:
    # Figure, suit and "Triumph" are read in any case; a deck file written "Soldier Of Paper"
    # or "SOLDIER OF PAPER" should not be refused for the one small word.
    refused = []
    for written in ("Soldier Of Paper", "SOLDIER OF PAPER"):
        try:
            card = TarotCard.from_name(written)
        except CardError as exc:
            refused.append(f"TarotCard.from_name({written!r}) raises {exc}")
            continue
        assert card == TarotCard.suited(Figure.SOLDIER, TarotSuit.PAPER)
    assert not refused, "CORE BUG: " + "; ".join(refused)


@pytest.mark.parametrize(
    "name",
    [
        "Jester of Rock",  # no such figure
        "Soldier of Cups",  # no such suit
        "Soldier",
        "",
        "Triumph",
        "Triumph 0",
        "Triumph 22",
        "Triumph XXII",
        "Triumph IIII",  # not a well-formed numeral
        "Triumph -1",
        "Triumph twelve",
    ],
)
def test_a_name_that_names_no_tarot_card_is_refused(name: str) -> None:
    with pytest.raises(
        CardError,
        match=r"names no card of the Tourist's Tarot|Roman numeral|is not a (suit|figure) of"
        r"|Triumphs are numbered I to XXI",
    ):
        TarotCard.from_name(name)


def test_card_errors_are_value_errors() -> None:
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize("number", [0, 22, -3])
def test_there_is_no_triumph_outside_one_to_twenty_one(number: int) -> None:
    with pytest.raises(CardError, match="Triumphs are numbered I to XXI"):
        TarotCard.trump(number)


HALF_CARDS: list[dict[str, object]] = [
    {"suit": TarotSuit.ROCK},  # a suit and no figure
    {"figure": Figure.CHILD},  # a figure and no suit
    {"suit": TarotSuit.ROCK, "figure": Figure.CHILD, "triumph": 3},  # both kinds at once
    {"triumph": 22},  # a Triumph the deck does not have
]


def test_a_tarot_card_that_is_no_card_of_the_deck_is_refused() -> None:
    # PlayingCard refuses a rank without a suit; a TarotCard should refuse its own nonsense
    # the same way, or it calls itself "the Excuse" while not being treated as the Excuse.
    accepted = []
    for fields in HALF_CARDS:
        try:
            card = TarotCard(**fields)  # type: ignore[arg-type]
        except CardError:
            continue
        accepted.append(f"TarotCard(**{fields}) named {card.name!r}, is_excuse={card.is_excuse}")
    assert not accepted, "CORE BUG: TarotCard accepts cards the deck cannot have: " + "; ".join(
        accepted
    )


def test_keywords_go_with_orientation_and_are_not_the_card_identity() -> None:
    worded = TarotCard.suited(Figure.SAGE, TarotSuit.ROCK, upright="Patience", reversed="Stubborn")
    assert worded.keyword(reversed=False) == "Patience"
    assert worded.keyword(reversed=True) == "Stubborn"
    plain = TarotCard.from_name("Sage of Rock")
    assert worded == plain
    assert hash(worded) == hash(plain)
    assert len({worded, plain}) == 1


def test_a_tarot_card_cannot_be_changed() -> None:
    card = TarotCard.from_name("Lover of Serpent")
    with pytest.raises(attrs.exceptions.FrozenInstanceError, match="can't set attribute"):
        card.figure = Figure.DRAGON  # type: ignore[misc]


@pytest.mark.parametrize(("number", "numeral"), list(enumerate(NUMERALS, start=1)))
def test_roman_numerals_for_the_triumphs(number: int, numeral: str) -> None:
    assert roman(number) == numeral
    assert from_roman(numeral) == number
    assert from_roman(numeral.lower()) == number


@pytest.mark.parametrize("text", ["", "IIII", "VV", "IC", "ABC", "XIIII"])
def test_malformed_roman_numerals_are_refused(text: str) -> None:
    with pytest.raises(CardError, match=r"is not a (well-formed )?Roman numeral"):
        from_roman(text)


# ---------------------------------------------------------------------------------------------
# Playing cards

RANK_CODES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUIT_LETTERS = {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"}
# From the rules: 2-10 at face value; Jack, Queen, King and Ace count 10.
PIPS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
PIPS |= {"J": 10, "Q": 10, "K": 10, "A": 10}
TITLES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def all_codes() -> list[str]:
    return [f"{rank}{suit}" for suit in SUIT_LETTERS for rank in RANK_CODES]


def test_queen_of_hearts_knows_its_rank_and_suit() -> None:
    card = PlayingCard.from_code("QH")
    assert card.rank is Rank.QUEEN
    assert card.suit is Suit.HEARTS
    assert not card.is_joker
    assert card.name == "Queen of Hearts"


def test_a_joker_knows_it_is_a_joker() -> None:
    joker = PlayingCard.from_code("JOKER")
    assert joker.is_joker
    assert joker.rank is None and joker.suit is None
    assert joker == PlayingCard.joker()
    assert joker.name == "Joker"
    assert joker.pips == 0


@pytest.mark.parametrize("code", all_codes())
def test_every_playing_card_code_reads_back_to_the_same_card(code: str) -> None:
    card = PlayingCard.from_code(code)
    assert card.code == code
    assert PlayingCard.from_code(code.lower()) == card
    assert eval(repr(card), {"PlayingCard": PlayingCard}) == card
    rank, letter = code[:-1], code[-1]
    assert card.pips == PIPS[rank]
    assert card.name == f"{TITLES.get(rank, rank)} of {SUIT_LETTERS[letter]}"
    assert card.is_deuce == (rank == "2")
    assert card.suit is not None and card.suit.is_red == (letter in "HD")


def test_the_52_codes_are_52_different_cards() -> None:
    assert len({PlayingCard.from_code(code) for code in all_codes()}) == 52


@pytest.mark.parametrize("code", ["1H", "11H", "QX", "Q", "", "ZZ", "10", "JOKERS", "0S"])
def test_a_code_that_names_no_playing_card_is_refused(code: str) -> None:
    with pytest.raises(
        CardError, match=r"is not a (rank \(2-10, J, Q, K or A\)|playing-card code|suit letter)"
    ):
        PlayingCard.from_code(code)


def test_a_rank_without_a_suit_is_no_playing_card() -> None:
    with pytest.raises(CardError, match="has both a rank and a suit, or is a joker"):
        PlayingCard(rank=Rank.TWO)
    with pytest.raises(CardError, match="has both a rank and a suit, or is a joker"):
        PlayingCard(suit=Suit.CLUBS)


def test_face_cards_count_ten_as_pips() -> None:
    for rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE):
        assert rank.pips == 10
        assert rank.is_face
    assert not Rank.TEN.is_face
    assert Rank.TEN.pips == 10


def test_a_playing_card_cannot_be_changed() -> None:
    card = PlayingCard.from_code("7C")
    with pytest.raises(attrs.exceptions.FrozenInstanceError, match="can't set attribute"):
        card.rank = Rank.ACE  # type: ignore[misc]


# ---------------------------------------------------------------------------------------------
# Physical cards


def test_three_queens_of_hearts_in_a_shoe_are_three_cards() -> None:
    queen = PlayingCard.from_code("QH")
    cards = {Card(CardId(f"shoe/{n}/qh"), queen, DeckId("shoe")) for n in (1, 2, 3)}
    assert len(cards) == 3
    assert {card.name for card in cards} == {"Queen of Hearts"}


def test_a_physical_card_cannot_be_changed() -> None:
    card = Card(CardId("tarot/excuse"), TarotCard.the_excuse(), DeckId("tarot"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError, match="can't set attribute"):
        card.id = CardId("tarot/other")  # type: ignore[misc]
