"""Which card beats which: the tarot relation and the playing cards' trumps.

Both relations are checked against restatements written here from the rules text
(``rules/tourist-tarot.md``, "Which card beats which"; ``rules/fantastical-adventure.md``,
"Which card trumps which"), never from ``cardtable.beats`` itself.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from strategies import played_cards

from cardtable.beats import Played, Strength, Trump, strength_of, tarot_beats, trump
from cardtable.cards import PlayingCard, Rank, Suit, TarotCard
from cardtable.decks.standard import tourist_tarot

# ---------------------------------------------------------------------------------------------
# The tarot: a restatement of the rules table, working on card names alone

FIGURES_IN_ORDER = [
    *("Child", "Servant", "Traveler", "Merchant", "Lover", "Builder"),
    *("Soldier", "Priest", "Sage", "Ruler", "Beast", "Dragon"),
]
SUITS = ("Rock", "Paper", "Blades", "Serpent", "Unknown")
NUMERALS = [
    *("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"),
    *("XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"),
]

# The suit table, as the rules write it.
SUIT_TABLE = """
Rock beats Blades and Serpent
Paper beats Rock and Unknown
Blades beats Paper and Serpent
Serpent beats Paper and Unknown
Unknown beats Rock and Blades
"""


def suit_wins() -> set[tuple[str, str]]:
    wins = set()
    for line in SUIT_TABLE.strip().splitlines():
        winner, rest = line.split(" beats ")
        for loser in rest.split(" and "):
            wins.add((winner, loser))
    return wins


SUIT_WINS = suit_wins()

# A card as the rules describe it: ("excuse",), ("triumph", number) or ("suit", suit, rank).
Described = tuple[str, ...] | tuple[str, int] | tuple[str, str, int]


def describe(name: str) -> Described:
    if name == "the Excuse":
        return ("excuse",)
    if name.startswith("Triumph "):
        return ("triumph", NUMERALS.index(name.removeprefix("Triumph ")) + 1)
    figure, suit = name.split(" of ")
    return ("suit", suit, FIGURES_IN_ORDER.index(figure) + 1)


Rule = tuple[str, Callable[[Described, Described], bool], Callable[[Described, Described], bool]]

# The rules' bullets in order; the first whose situation fits decides.
RULES: list[Rule] = [
    (
        "the Excuse never beats and is never beaten",
        lambda a, b: "excuse" in (a[0], b[0]),
        lambda a, b: False,
    ),
    (
        "a Triumph beats every suit card",
        lambda a, b: a[0] == "triumph" and b[0] == "suit",
        lambda a, b: True,
    ),
    (
        "a Triumph beats every Triumph with a lower number",
        lambda a, b: a[0] == "triumph" and b[0] == "triumph",
        lambda a, b: a[1] > b[1],  # type: ignore[operator]
    ),
    (
        "a suit card never beats a Triumph",
        lambda a, b: a[0] == "suit" and b[0] == "triumph",
        lambda a, b: False,
    ),
    (
        "same suit: the higher figure beats the lower",
        lambda a, b: a[1] == b[1],
        lambda a, b: a[2] > b[2],  # type: ignore[misc,operator]
    ),
    (
        "different suits: the suit table decides, whatever the figures",
        lambda a, b: True,
        lambda a, b: (a[1], b[1]) in SUIT_WINS,
    ),
]


def rules_say(attacker: str, defender: str) -> tuple[bool, str]:
    """Whether the rules say ``attacker`` beats ``defender``, and which rule said so."""
    a, b = describe(attacker), describe(defender)
    for why, fits, verdict in RULES:
        if fits(a, b):
            return verdict(a, b), why
    raise AssertionError(f"no rule covers {attacker} against {defender}")


def tourist_names() -> list[str]:
    suited = [f"{figure} of {suit}" for suit in SUITS for figure in FIGURES_IN_ORDER]
    return [*suited, *(f"Triumph {n}" for n in NUMERALS), "the Excuse"]


NAMES = tourist_names()
BARE = {name: TarotCard.from_name(name) for name in NAMES}
SHIPPED = {face.name: face for face in tourist_tarot().faces if isinstance(face, TarotCard)}


def test_the_restatement_covers_82_cards_and_ten_suit_pairs() -> None:
    assert len(NAMES) == len(set(NAMES)) == 82
    assert len(SUIT_WINS) == 10
    assert set(SHIPPED) == set(NAMES)


@pytest.mark.parametrize("cards", [BARE, SHIPPED], ids=["bare cards", "shipped deck with keywords"])
def test_tarot_relation_agrees_with_the_rules_table_on_all_82_by_82_pairs(
    cards: dict[str, TarotCard],
) -> None:
    wrong = []
    for attacker in NAMES:
        for defender in NAMES:
            expected, why = rules_say(attacker, defender)
            got = tarot_beats(cards[attacker], cards[defender])
            if got != expected:
                wrong.append(f"{attacker} vs {defender}: got {got}, rules say {expected} ({why})")
    assert not wrong, f"{len(wrong)} pairs disagree, e.g. " + "; ".join(wrong[:5])


def test_the_deck_holds_3240_beating_pairs() -> None:
    # Counted by hand from the rules: Triumph over lower Triumph 21*20/2 = 210; Triumph
    # over suit card 21*60 = 1260; same suit 5 * 12*11/2 = 330; suit over other suit
    # 5 suits * 2 beaten suits * 12*12 figures = 1440.
    beating = sum(tarot_beats(BARE[a], BARE[d]) for a in NAMES for d in NAMES)
    assert beating == 210 + 1260 + 330 + 1440


def test_no_two_tarot_cards_beat_each_other() -> None:
    both = [
        (a, d)
        for a in NAMES
        for d in NAMES
        if tarot_beats(BARE[a], BARE[d]) and tarot_beats(BARE[d], BARE[a])
    ]
    assert not both


def test_no_tarot_card_beats_itself() -> None:
    assert not [name for name in NAMES if tarot_beats(BARE[name], BARE[name])]


def test_the_excuse_neither_beats_nor_is_beaten() -> None:
    excuse = TarotCard.the_excuse()
    for name in NAMES:
        assert not tarot_beats(excuse, BARE[name]), name
        assert not tarot_beats(BARE[name], excuse), name


def test_triumph_xxi_beats_every_other_card_but_the_excuse() -> None:
    xxi = TarotCard.from_name("Triumph XXI")
    for name in NAMES:
        if name not in ("Triumph XXI", "the Excuse"):
            assert tarot_beats(xxi, BARE[name]), name
            assert not tarot_beats(BARE[name], xxi), name


def test_the_lowest_triumph_beats_the_highest_suit_card() -> None:
    assert tarot_beats(TarotCard.from_name("Triumph I"), TarotCard.from_name("Dragon of Rock"))
    assert not tarot_beats(TarotCard.from_name("Dragon of Rock"), TarotCard.from_name("Triumph I"))


def test_paper_beats_unknown_whatever_the_figures() -> None:
    # The original's own example, with the lowest Paper against the highest Unknown.
    assert tarot_beats(
        TarotCard.from_name("Child of Paper"), TarotCard.from_name("Dragon of Unknown")
    )
    assert not tarot_beats(
        TarotCard.from_name("Dragon of Unknown"), TarotCard.from_name("Child of Paper")
    )


def test_two_suit_cards_of_different_suits_always_have_a_winner() -> None:
    # Five suits, ten pairs, each suit beating two: every pair of different suits is decided.
    for a in NAMES[:60]:
        for d in NAMES[:60]:
            if BARE[a].suit is not BARE[d].suit:
                assert tarot_beats(BARE[a], BARE[d]) != tarot_beats(BARE[d], BARE[a]), (a, d)


def test_the_suits_beat_in_a_circle() -> None:
    # Rock beats Blades, Blades beats Paper, Paper beats Rock: there is no strongest suit.
    rock, blades, paper = (
        TarotCard.from_name(f"Child of {s}") for s in ("Rock", "Blades", "Paper")
    )
    assert tarot_beats(rock, blades) and tarot_beats(blades, paper) and tarot_beats(paper, rock)


# ---------------------------------------------------------------------------------------------
# Playing cards: a restatement of "Which card trumps which"

RANK_CODES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
# Values: 2-10 at face value; Jack, Queen, King and Ace count 10.
VALUE = {code: min(int(code), 10) if code.isdigit() else 10 for code in RANK_CODES}
# Rules 2 to 4 put it in order: Strong above normal above Weak, then value decides.
LEVEL = {Strength.STRONG: 2, Strength.NORMAL: 1, Strength.WEAK: 0}


def rules_trump(first: Played, second: Played) -> Trump:
    """Who trumps whom, worked out from the rules' five points."""
    a, b = first.card, second.card
    if a.is_joker and b.is_joker:
        return Trump.DEADLOCK
    if a.is_joker:
        return Trump.SECOND if b.code.startswith("2") else Trump.FIRST
    if b.is_joker:
        return Trump.FIRST if a.code.startswith("2") else Trump.SECOND

    def value(played: Played) -> int:
        return played.value if played.value is not None else VALUE[played.card.code[:-1]]

    mine = (LEVEL[first.strength], value(first))
    theirs = (LEVEL[second.strength], value(second))
    if mine == theirs:
        return Trump.DEADLOCK
    return Trump.FIRST if mine > theirs else Trump.SECOND


ALL_PLAYED = [
    Played(PlayingCard.from_code(code), strength)
    for code in [*(r + s for s in "HDCS" for r in RANK_CODES), "JOKER"]
    for strength in Strength
]


def p(code: str, strength: Strength = Strength.NORMAL) -> Played:
    return Played(PlayingCard.from_code(code), strength)


STRONG, NORMAL, WEAK = Strength.STRONG, Strength.NORMAL, Strength.WEAK


def test_trump_agrees_with_the_rules_on_every_pair_of_played_cards() -> None:
    wrong = [
        f"{a} vs {b}: got {trump(a, b)}, rules say {rules_trump(a, b)}"
        for a in ALL_PLAYED
        for b in ALL_PLAYED
        if trump(a, b) != rules_trump(a, b)
    ]
    assert not wrong, f"{len(wrong)} pairs disagree, e.g. " + "; ".join(wrong[:5])


@settings(max_examples=300, derandomize=True)
@given(first=played_cards(values=True), second=played_cards(values=True))
def test_trump_with_tandem_values_agrees_with_the_rules(first: Played, second: Played) -> None:
    assert trump(first, second) == rules_trump(first, second)


def test_swapping_the_two_cards_swaps_the_winner() -> None:
    for a in ALL_PLAYED:
        for b in ALL_PLAYED:
            assert trump(b, a) == trump(a, b).flipped(), (a, b)


def test_strong_beats_normal() -> None:
    assert trump(p("3H", STRONG), p("KS", NORMAL)) is Trump.FIRST
    assert trump(p("KS", NORMAL), p("3H", STRONG)) is Trump.SECOND


def test_strong_beats_weak() -> None:
    assert trump(p("2C", STRONG), p("AS", WEAK)) is Trump.FIRST
    assert trump(p("AS", WEAK), p("2C", STRONG)) is Trump.SECOND


def test_normal_beats_weak() -> None:
    assert trump(p("2D", NORMAL), p("KH", WEAK)) is Trump.FIRST
    assert trump(p("KH", WEAK), p("2D", NORMAL)) is Trump.SECOND


def test_strong_against_strong_goes_to_value() -> None:
    assert trump(p("9H", STRONG), p("7H", STRONG)) is Trump.FIRST
    assert trump(p("4D", STRONG), p("QC", STRONG)) is Trump.SECOND


def test_weak_against_weak_goes_to_value() -> None:
    assert trump(p("4S", WEAK), p("8S", WEAK)) is Trump.SECOND
    assert trump(p("10C", WEAK), p("5D", WEAK)) is Trump.FIRST


def test_normal_against_normal_goes_to_value() -> None:
    assert trump(p("6D", NORMAL), p("5C", NORMAL)) is Trump.FIRST
    assert trump(p("2H", NORMAL), p("3H", NORMAL)) is Trump.SECOND


@pytest.mark.parametrize("strength", list(Strength))
def test_equal_value_and_equal_strength_deadlock(strength: Strength) -> None:
    assert trump(p("7H", strength), p("7C", strength)) is Trump.DEADLOCK


def test_equal_value_but_different_strength_is_no_deadlock() -> None:
    assert trump(p("7H", STRONG), p("7C", NORMAL)) is Trump.FIRST
    assert trump(p("7H", WEAK), p("7C", NORMAL)) is Trump.SECOND


def test_face_cards_count_ten_so_king_against_ten_deadlocks() -> None:
    assert trump(p("KS", NORMAL), p("10H", NORMAL)) is Trump.DEADLOCK
    assert trump(p("QD", STRONG), p("JC", STRONG)) is Trump.DEADLOCK
    assert trump(p("AH", WEAK), p("KH", WEAK)) is Trump.DEADLOCK
    assert trump(p("AH", NORMAL), p("9H", NORMAL)) is Trump.FIRST


def test_joker_beats_a_strong_ace() -> None:
    assert trump(p("JOKER"), p("AS", STRONG)) is Trump.FIRST
    assert trump(p("AS", STRONG), p("JOKER")) is Trump.SECOND


def test_joker_beats_a_weak_three() -> None:
    assert trump(p("JOKER"), p("3C", WEAK)) is Trump.FIRST


@pytest.mark.parametrize("strength", list(Strength))
def test_a_deuce_of_any_strength_beats_a_joker(strength: Strength) -> None:
    for suit in "HDCS":
        assert trump(p(f"2{suit}", strength), p("JOKER")) is Trump.FIRST
        assert trump(p("JOKER"), p(f"2{suit}", strength)) is Trump.SECOND


def test_two_jokers_deadlock() -> None:
    assert trump(p("JOKER"), p("JOKER")) is Trump.DEADLOCK
    assert trump(p("JOKER", STRONG), p("JOKER", WEAK)) is Trump.DEADLOCK


def test_joker_is_neither_strong_nor_weak() -> None:
    joker = PlayingCard.joker()
    for strong in Suit:
        for weak in Suit:
            if strong is not weak:
                assert strength_of(joker, strong, weak) is Strength.NORMAL
    # Even marked Strong, a Joker still falls to a Weak Deuce and still beats a Strong King.
    assert trump(p("JOKER", STRONG), p("2S", WEAK)) is Trump.SECOND
    assert trump(p("JOKER", WEAK), p("KS", STRONG)) is Trump.FIRST


def test_strength_comes_from_the_characters_suits() -> None:
    strong, weak = Suit.HEARTS, Suit.CLUBS
    assert strength_of(PlayingCard.from_code("5H"), strong, weak) is Strength.STRONG
    assert strength_of(PlayingCard.from_code("5C"), strong, weak) is Strength.WEAK
    assert strength_of(PlayingCard.from_code("5D"), strong, weak) is Strength.NORMAL
    assert strength_of(PlayingCard.from_code("5S"), strong, weak) is Strength.NORMAL
    # The same card is Weak for one character and Strong for another.
    assert strength_of(PlayingCard.from_code("QC"), Suit.CLUBS, Suit.SPADES) is Strength.STRONG


def test_a_character_without_strong_or_weak_suit_plays_every_card_normal() -> None:
    for rank in Rank:
        for suit in Suit:
            assert strength_of(PlayingCard.of(rank, suit), None, None) is Strength.NORMAL


def test_a_tandem_counts_at_its_given_value() -> None:
    # Two Weak cards in Tandem count as one Strong action valued at the higher of the two.
    tandem = Played(PlayingCard.from_code("3C"), Strength.STRONG, value=9)
    assert tandem.pips == 9
    assert trump(tandem, p("8S", STRONG)) is Trump.FIRST
    assert trump(tandem, p("9S", STRONG)) is Trump.DEADLOCK


def test_flipping_an_outcome() -> None:
    assert Trump.FIRST.flipped() is Trump.SECOND
    assert Trump.SECOND.flipped() is Trump.FIRST
    assert Trump.DEADLOCK.flipped() is Trump.DEADLOCK
