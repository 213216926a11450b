"""Character sheets of the five systems: what each accepts, what it refuses, and why."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import Suit, TarotSuit
from cardtable.sheets import (
    SHEET_TYPES,
    Ability,
    AdventureSheet,
    Ambition,
    Aspect,
    BanzaiSheet,
    Bond,
    CrisisSheet,
    Element,
    Facet,
    Penalty,
    PoolSheet,
    Power,
    Role,
    SheetError,
    Skill,
    SleeveCard,
    TarotSheet,
    blank,
    sample_characters,
)
from cardtable.sheets.convert import sheet_from_dict, sheet_to_dict
from cardtable.sheets.tarot import rank_label

# The ladder as rules/tourist-tarot.md states it.
RULES_LADDER = {
    0: "Mediocre",
    1: "Average",
    2: "Fair",
    3: "Good",
    4: "Great",
    5: "Superb",
    6: "Fantastic",
    7: "Epic",
    8: "Legendary",
    9: "Mythic",
}
# Starting hands as rules/fantastical-adventure.md states them.
RULES_HANDS = {"ordinary": 3, "person of import": 5, "extraordinary": 7, "fantastical": 10}


def refusal(build: object, **changes: object) -> SheetError:
    """The SheetError raised by building ``build`` with ``changes``."""
    with pytest.raises(SheetError, match=r"^[A-Z].*\.$") as caught:
        build(**changes)  # type: ignore[operator]
    return caught.value


# ---------------------------------------------------------------------------------------------
# What every sheet shares


@pytest.mark.parametrize("system", list(SHEET_TYPES))
def test_every_system_has_a_valid_blank_sheet(system: str) -> None:
    sheet = blank(system)
    assert type(sheet) is SHEET_TYPES[system]
    assert sheet.system == system
    assert sheet.problems() == []


def test_an_unknown_system_is_refused_naming_the_real_ones() -> None:
    with pytest.raises(SheetError, match="tarot, crisis, pool, adventure, banzai"):
        blank("chess")


def test_the_sample_party_has_one_named_character_per_system() -> None:
    party = sample_characters()
    assert [sheet.system for sheet in party] == list(SHEET_TYPES)
    assert len({sheet.name for sheet in party}) == len(party)
    assert all(sheet.name and sheet.player and sheet.notes for sheet in party)


def test_a_name_too_long_for_the_page_is_refused() -> None:
    error = refusal(CrisisSheet, name="X" * 81)
    assert [problem.field for problem in error.problems] == ["name"]
    assert "at most 80" in str(error)


def test_a_name_must_fit_on_one_line_but_notes_may_not() -> None:
    assert refusal(CrisisSheet, player="Sam\nand Ana").problems[0].field == "player"
    assert CrisisSheet(notes="first line\nsecond line").notes.count("\n") == 1


def test_every_problem_is_reported_at_once_with_its_field() -> None:
    error = refusal(TarotSheet, rock=12, serpent=-1, name="\t")
    assert [problem.field for problem in error.problems] == ["name", "rock", "serpent"]
    assert "Rock must be between 0 and 9 (got 12)." in str(error)
    assert "Serpent must be between 0 and 9 (got -1)." in str(error)


def test_an_editor_can_ask_about_a_change_before_making_it() -> None:
    sheet = TarotSheet(name="Ada")
    assert sheet.problems_if(rock=9) == []
    [problem] = sheet.problems_if(rock=10)
    assert (problem.field, problem.message) == ("rock", "Rock must be between 0 and 9 (got 10).")
    assert sheet.revised(rock=9).rock == 9
    with pytest.raises(SheetError, match=r"Rock must be between 0 and 9 \(got 10\)"):
        sheet.revised(rock=10)
    assert sheet.rock == 0


def test_text_where_a_number_belongs_is_refused_not_crashed_on() -> None:
    error = refusal(CrisisSheet, dice="four")
    assert "Dice pool must be a whole number" in str(error)
    assert refusal(BanzaiSheet, honor=True).problems[0].field == "honor"


# ---------------------------------------------------------------------------------------------
# N-Dimensional Tourists


@given(st.sampled_from(["rock", "paper", "blades", "serpent", "unknown"]), st.integers(-20, 30))
def test_an_attribute_is_accepted_exactly_on_the_ladder(which: str, value: int) -> None:
    changes: dict[str, Any] = {which: value}
    if 0 <= value <= 9:
        assert TarotSheet(**changes).attribute(TarotSuit[which.upper()]) == value
    else:
        [problem] = refusal(TarotSheet, **changes).problems
        assert problem.field == which
        assert problem.message.startswith(which.capitalize())


def test_the_ladder_labels_follow_the_rules() -> None:
    assert {rank: rank_label(rank) for rank in range(10)} == RULES_LADDER
    with pytest.raises(ValueError, match="ranks run from 0 to 9, not 10"):
        rank_label(10)


def test_aspects_are_temporary_unless_written_permanent() -> None:
    sheet = TarotSheet(aspects=(Aspect("Tricked by Lord Devon"), Aspect("Nightmares", True)))
    assert [aspect.kind for aspect in sheet.aspects] == ["temporary", "permanent"]
    error = refusal(TarotSheet, aspects=(Aspect("  "),))
    assert error.problems[0].field == "aspects[0]"


def test_a_sleeve_card_must_name_a_card_of_the_deck() -> None:
    sheet = TarotSheet(
        sleeve=(
            SleeveCard("Soldier of Paper", reversed=True),
            SleeveCard("Triumph XIV"),
            SleeveCard("the Excuse"),
        )
    )
    assert sheet.sleeve[0].face.figure is not None
    assert sheet.sleeve[0].label == "Soldier of Paper, reversed"
    error = refusal(TarotSheet, sleeve=(SleeveCard("Soldier of Papyrus"),))
    assert error.problems[0].field == "sleeve[0]"
    assert "Soldier of Papyrus" in str(error)
    assert refusal(TarotSheet, sleeve=(SleeveCard("Triumph XXII"),)).problems


def test_a_specialty_listed_twice_is_refused() -> None:
    error = refusal(TarotSheet, specialties=("Forgery", "forgery "))
    assert error.problems[0].field == "specialties[1]"


# ---------------------------------------------------------------------------------------------
# Crisis dice


@given(st.integers(-5, 20))
def test_a_dice_pool_is_one_to_twelve_dice(dice: int) -> None:
    if 1 <= dice <= 12:
        assert CrisisSheet(dice=dice).dice == dice
    else:
        assert refusal(CrisisSheet, dice=dice).problems[0].field == "dice"


def test_an_empty_trait_is_refused() -> None:
    assert refusal(CrisisSheet, traits=("Brave", "")).problems[0].field == "traits[1]"


# ---------------------------------------------------------------------------------------------
# The pool Challenge


def test_penalties_lower_their_ability_and_overall_ones_lower_all() -> None:
    sheet = PoolSheet(
        abilities=(Ability("Swordplay", 8), Ability("Riding", 5), Ability("Cooking", 1)),
        penalties=(Penalty("swordplay", 2), Penalty("", 1, "exhausted")),
    )
    assert sheet.effective_rating("Swordplay") == 8 - 2 - 1
    assert sheet.effective_rating("Riding") == 5 - 1
    assert sheet.effective_rating("Cooking") == 0
    assert sheet.penalties[1].target == "overall"


def test_an_ability_needs_a_rating_and_no_negative_extras() -> None:
    error = refusal(PoolSheet, abilities=(Ability("Riding", 0, reserves=-1),))
    fields = [problem.field for problem in error.problems]
    assert fields == ["abilities[0].rating", "abilities[0].reserves"]
    assert "Riding's rating must be between 1 and 99 (got 0)." in str(error)


def test_a_penalty_on_an_ability_the_character_lacks_is_refused() -> None:
    error = refusal(PoolSheet, abilities=(Ability("Riding", 5),), penalties=(Penalty("Flying", 2),))
    assert error.problems[0].field == "penalties[0].ability"
    assert "Flying" in str(error)


def test_two_abilities_with_one_name_are_refused() -> None:
    error = refusal(PoolSheet, abilities=(Ability("Riding", 5), Ability("RIDING", 3)))
    assert error.problems[0].field == "abilities[1]"


# ---------------------------------------------------------------------------------------------
# Fantastical Adventure


def test_power_sets_the_starting_hand_as_the_rules_say() -> None:
    assert {
        power.value: AdventureSheet(power=power).starting_hand for power in Power
    } == RULES_HANDS


def test_a_blank_adventurer_has_four_facets_on_four_suits() -> None:
    facets = AdventureSheet().facets
    assert sorted(facet.suit.value for facet in facets) == sorted(suit.value for suit in Suit)


def test_strong_and_weak_suits_mark_their_facets() -> None:
    sheet = AdventureSheet(strong=Suit.SPADES, weak=Suit.HEARTS)
    assert sheet.facet(Suit.SPADES).strong and not sheet.facet(Suit.SPADES).weak
    assert sheet.facet(Suit.HEARTS).weak
    assert sheet.facet(Suit.CLUBS).mark == ""


def test_the_strong_suit_cannot_also_be_the_weak_one() -> None:
    error = refusal(AdventureSheet, strong=Suit.CLUBS, weak=Suit.CLUBS)
    assert [problem.field for problem in error.problems] == ["weak"]


def test_two_facets_on_one_suit_are_refused() -> None:
    facets = (Facet(Suit.HEARTS), Facet(Suit.HEARTS), Facet(Suit.CLUBS), Facet(Suit.SPADES))
    error = refusal(AdventureSheet, facets=facets)
    assert error.problems[0].field == "facets[1].suit"
    assert "hearts" in str(error)


def test_a_character_has_exactly_four_facets() -> None:
    three = tuple(Facet(suit) for suit in (Suit.HEARTS, Suit.CLUBS, Suit.SPADES))
    assert refusal(AdventureSheet, facets=three).problems[0].field == "facets"


def test_at_most_four_long_term_ambitions_and_four_bonds() -> None:
    four = tuple(Ambition(f"Goal {n}", ("step",) * 6) for n in range(4))
    assert len(AdventureSheet(ambitions=four).ambitions) == 4
    assert refusal(AdventureSheet, ambitions=(*four, Ambition("Goal 5"))).problems[0].field == (
        "ambitions"
    )
    bonds = tuple(Bond(f"Friend {n}", "old friends") for n in range(5))
    assert refusal(AdventureSheet, bonds=bonds).problems[0].field == "bonds"


def test_a_short_term_ambition_cannot_be_empty() -> None:
    error = refusal(AdventureSheet, ambitions=(Ambition("Find the map", ("",)),))
    assert error.problems[0].field == "ambitions[0].short_term[0]"


def test_roles_read_as_the_rules_name_them() -> None:
    assert [role.label for role in Role] == ["Protagonist", "Antagonist", "Supporting cast"]


# ---------------------------------------------------------------------------------------------
# Banzai


@given(st.sampled_from(list(Element)), st.integers(-3, 14))
def test_an_element_rank_runs_from_zero_to_ten(element: Element, rank: int) -> None:
    changes: dict[str, Any] = {element.name.lower(): rank}
    if 0 <= rank <= 10:
        assert BanzaiSheet(**changes).element(element) == rank
    else:
        assert refusal(BanzaiSheet, **changes).problems[0].field == element.name.lower()


def test_raises_are_capped_by_void_or_else_the_lowest_element() -> None:
    assert BanzaiSheet(void=3, earth=1).raise_limit == 3
    assert BanzaiSheet(void=0, earth=4, fire=2, water=5, wind=3).raise_limit == 2


def test_the_usual_roll_is_skill_keep_element() -> None:
    # Tachibana Jo in rules/banzai.md: Kenjutsu 5 with Fire 3 rolls 5k3.
    jo = BanzaiSheet(fire=3, skills=(Skill("Kenjutsu", 5),))
    assert jo.roll("kenjutsu", Element.FIRE) == "5k3"


def test_a_skill_needs_a_rank_and_a_unique_name() -> None:
    error = refusal(BanzaiSheet, skills=(Skill("Hunting", 0), Skill("hunting", 11)))
    fields = [problem.field for problem in error.problems]
    assert fields == ["skills[0].rank", "skills[1].rank", "skills[1]"]


# ---------------------------------------------------------------------------------------------
# Saving


@pytest.mark.parametrize("sheet", sample_characters(), ids=lambda sheet: sheet.system)
def test_a_sheet_survives_json_and_back(sheet: object) -> None:
    data = json.loads(json.dumps(sheet_to_dict(sheet)))  # type: ignore[arg-type]
    assert data["system"] == sheet.system  # type: ignore[attr-defined]
    assert sheet_from_dict(data) == sheet


def test_a_saved_sheet_with_an_unknown_key_is_refused() -> None:
    data = sheet_to_dict(blank("banzai"))
    data["glory"] = 3
    with pytest.raises(SheetError, match="glory"):
        sheet_from_dict(data)


def test_a_saved_sheet_breaking_the_rules_gives_the_rules_message() -> None:
    data = sheet_to_dict(blank("tarot"))
    data["blades"] = 11
    with pytest.raises(SheetError, match="Blades must be between 0 and 9"):
        sheet_from_dict(data)


def test_a_saved_sheet_without_its_system_is_refused() -> None:
    data = sheet_to_dict(blank("crisis"))
    del data["system"]
    with pytest.raises(SheetError, match="must name its system"):
        sheet_from_dict(data)


def test_sheets_are_values() -> None:
    sheet = CrisisSheet(name="Bill", dice=2)
    assert sheet == CrisisSheet(name="Bill", dice=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError, match="can't set attribute"):
        sheet.dice = 3  # type: ignore[misc]
