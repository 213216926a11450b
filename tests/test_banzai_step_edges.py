"""Banzai difficulty at its edges: the steps beyond Legendary and Mundane as far as a dice
modifier goes, modifiers at their largest and of mixed signs, ranks and intervals refused in
words, the worst of a kind of condition kept (the first of equals), and help capped."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.resolvers.banzai.steps import (
    MAX_RANK,
    BanzaiError,
    Condition,
    ConditionKind,
    DiceModifier,
    Difficulty,
    Helper,
    Step,
    counted,
    group_bonus,
    most_steps_beyond,
    step_dice,
    step_name,
)


@pytest.mark.parametrize("end", [Step.LEGENDARY, Step.MUNDANE])
def test_the_steps_beyond_an_end_go_as_far_as_a_dice_modifier_does(end: Step) -> None:
    away = 1 if end is Step.LEGENDARY else -1
    furthest = end + away * most_steps_beyond(end)
    assert abs(Difficulty.task(furthest).modifier.rolled) <= MAX_RANK
    # One more would be no dice modifier: the model refuses it as a step.
    assert abs(step_dice(furthest) - away * 4) > MAX_RANK
    with pytest.raises(BanzaiError):
        step_dice(furthest + away)
    assert step_name(furthest) == f"{most_steps_beyond(end)} steps beyond {end.label}"


HARDEST = Step.LEGENDARY + most_steps_beyond(Step.LEGENDARY)
EASIEST = Step.MUNDANE - most_steps_beyond(Step.MUNDANE)


@given(st.integers(EASIEST, HARDEST))
def test_each_step_harder_takes_away_dice(step: int) -> None:
    if step < HARDEST:
        assert step_dice(step + 1) < step_dice(step)
    beyond = step - Step.LEGENDARY if step > 0 else Step.MUNDANE - step
    if beyond > 0:
        end = Step.LEGENDARY if step > 0 else Step.MUNDANE
        assert step_dice(step) == step_dice(end) - (1 if step > 0 else -1) * 4 * beyond


@pytest.mark.parametrize("step", [HARDEST + 1, EASIEST - 1, 50, -1000])
def test_a_step_beyond_the_furthest_is_refused_in_words(step: int) -> None:
    """Every step the model takes has a dice modifier: one further is refused as Banzai's,
    never as a bare error from building the modifier."""
    for ask in (step_dice, step_name, lambda s: Difficulty.task(s)):
        with pytest.raises(BanzaiError) as refused:
            ask(step)
        assert str(refused.value) == (
            f"A difficulty step lies from 24 steps beyond Mundane to 23 steps beyond Legendary, "
            f"not {step}"
        )


def test_a_modifier_of_a_hundred_dice_is_the_largest_written() -> None:
    assert DiceModifier.parse("+100k100") == DiceModifier(100, 100)
    with pytest.raises(BanzaiError) as refused:
        DiceModifier.parse("+101k0")
    assert str(refused.value) == "A dice modifier adds at most 100 dice, not '+101k0'"


def test_a_modifier_of_mixed_signs_is_written_as_two() -> None:
    mixed = DiceModifier(2, -1, "cramped")
    assert str(mixed) == "cramped: +2k0 -0k1"
    assert repr(mixed) == "DiceModifier(2, -1, 'cramped')"
    assert repr(DiceModifier(0, -2)) == "DiceModifier.parse('-0k2')"
    assert repr(DiceModifier(-2, -1, "mud")) == "DiceModifier.parse('-2k1', 'mud')"
    assert repr(DiceModifier(-2, 1)) == "DiceModifier(-2, 1, '')"
    assert DiceModifier(0, 0).text == "+0k0"


def test_a_condition_lasting_no_interval_yet_adds_nothing_and_a_negative_one_is_refused() -> None:
    assert str(Difficulty.growing(ConditionKind.STARVATION, 0)) == (
        "starvation, 0 intervals: Average, +0k0"
    )
    assert str(Difficulty.growing(ConditionKind.STARVATION, 1)) == (
        "starvation, 1 interval: Moderate, -1k0"
    )
    with pytest.raises(BanzaiError) as refused:
        Difficulty.growing(ConditionKind.STARVATION, -1)
    assert str(refused.value) == "A condition lasts 0 or more intervals, not -1"


@pytest.mark.parametrize(("skill", "element", "wrong"), [(101, 1, 101), (1, -1, -1)])
def test_a_helpers_rank_runs_from_0_to_100(skill: int, element: int, wrong: int) -> None:
    with pytest.raises(BanzaiError) as refused:
        Helper("Keiko", skill, element)
    assert str(refused.value) == f"A rank runs from 0 to 100, not {wrong}"
    assert Helper("Keiko", MAX_RANK, 0).skill == MAX_RANK


def test_of_two_conditions_of_a_kind_as_bad_the_first_counts() -> None:
    moonlight = Difficulty.of(Condition.MOONLIGHT)
    again = Difficulty(Step.HARD, "thick smoke", ConditionKind.DARKNESS)
    assert counted([moonlight, again]) == (moonlight,)
    assert counted([again, moonlight]) == (again,)


def test_help_is_capped_by_the_lowest_skill_and_element_of_all_actors() -> None:
    pair = (Helper("A", 4, 4), Helper("B", 4, 4))
    assert group_bonus(1, 5, pair) == DiceModifier(1, 2, "help from A, B")
    assert group_bonus(5, 5, pair) == DiceModifier(2, 2, "help from A, B")
    assert str(group_bonus(3, 2, ())) == "no help: +0k0"
