"""Rolling: scripted faces replay the rules' worked examples; seeded rolls repeat."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.dice import (
    EXPLOSION_CAP,
    BanzaiPool,
    DiceExpressionError,
    Die,
    Expression,
    challenge_value,
    roll,
    roll_banzai,
    roll_challenge_dice,
    roll_d6,
    roll_exploding_d10,
    roll_json,
    roll_text,
)
from cardtable.randomness import seeded


class ScriptedRng(random.Random):
    """An Rng that shows the faces it is given, in order, and checks the die asked for."""

    def __init__(self, faces: Iterable[int], sides: int = 10) -> None:
        super().__init__(0)
        self.script = list(faces)
        self.sides = sides

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, self.sides), f"asked for a d{b}, scripted d{self.sides}"
        assert self.script, "rolled more dice than scripted"
        return self.script.pop(0)


# ---------------------------------------------------------------------------------------------
# The worked examples of banzai.md


def test_tachibana_jo_keeps_the_exploded_ten() -> None:
    # 7k5 against TN 25: 3,5,5,6,9,9,10 with the 10 exploding into 3 -> 13,9,9,6,5 = 42.
    rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3])
    result = roll("7k5", rng, tn=25)
    assert not rng.script
    [group] = result.groups
    assert [list(die.faces) for die in group.dice] == [[3], [5], [5], [6], [9], [9], [10, 3]]
    assert [die.value for die in group.kept_dice] == [13, 9, 9, 6, 5]
    assert sorted(die.value for die in group.dropped_dice) == [3, 5]
    assert result.total == 42
    assert result.success is True


def test_jo_roll_reads_as_one_line() -> None:
    result = roll("7k5", ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3]), tn=25)
    assert roll_text(result) == (
        "7k5 vs TN 25: [3] [5] [5] [6] [9] [9] [10→3=13]  keep 13 9 9 6 5 = 42  success"
    )


def test_keiko_succeeds_with_both_raises_on_29() -> None:
    # 7k3 against TN 10 with two Raises: TN 20; 29 succeeds with both Raises.
    rng = ScriptedRng([10, 9, 6, 4, 2, 1, 3, 1])
    result = roll("7k3", rng, tn=10, raises=2)
    assert result.target == 20
    assert result.total == 29
    assert result.success is True


def test_keiko_two_raises_turn_a_19_into_a_failure() -> None:
    faces = [9, 6, 4, 2, 1, 3, 1]
    assert roll("7k3", ScriptedRng(faces), tn=10).success is True
    assert roll("7k3", ScriptedRng(faces), tn=10, raises=2).success is False


def test_7k4_against_10_needs_no_roll() -> None:
    result = roll("7k4", ScriptedRng([]), tn=10)  # any die rolled would fail the script
    assert result.no_roll
    assert result.success is True
    assert result.total is None
    assert result.dice == ()
    assert any("no roll needed" in note for note in result.notes)


def test_no_tn_means_always_roll() -> None:
    result = roll("7k4", ScriptedRng([1, 2, 3, 4, 5, 6, 7]))
    assert not result.no_roll
    assert result.success is None
    assert result.total == 7 + 6 + 5 + 4


# ---------------------------------------------------------------------------------------------
# The ten-dice cap and the explosion cap


def test_12k3_rolls_ten_dice_and_gains_two_free_raises() -> None:
    rng = ScriptedRng([1, 2, 3, 4, 5, 6, 7, 8, 9, 9])
    result = roll("12k3", rng, tn=40)
    assert not rng.script
    assert len(result.dice) == 10
    assert result.free_raises == 2
    # Free Raises do not raise the TN.
    assert result.target == 40
    assert any("2 dice beyond 10 become Free Raises" in note for note in result.notes)


def test_12k12_keeps_only_ten() -> None:
    result = roll("12k12", ScriptedRng([5] * 10))
    assert len(result.groups[0].kept) == 10
    assert result.total == 50
    assert result.lost_kept == 2
    assert result.free_raises == 2


def test_an_endless_chain_of_tens_stops_at_the_cap_and_says_so() -> None:
    die = roll_exploding_d10(ScriptedRng([10] * (EXPLOSION_CAP + 1)))
    assert die.capped
    assert len(die.faces) == EXPLOSION_CAP + 1
    assert die.value == 10 * (EXPLOSION_CAP + 1)
    result = roll("1k1", ScriptedRng([10] * (EXPLOSION_CAP + 1)))
    assert result.capped
    assert any("cap" in note for note in result.notes)
    assert roll_json(result)["capped"] is True


def test_a_chain_one_short_of_the_cap_ends_normally() -> None:
    die = roll_exploding_d10(ScriptedRng([10] * EXPLOSION_CAP + [4]))
    assert not die.capped
    assert die.value == 10 * EXPLOSION_CAP + 4


# ---------------------------------------------------------------------------------------------
# Choosing the kept dice


def test_a_player_may_keep_any_dice() -> None:
    result = roll("7k5", ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3]), tn=30)
    assert result.success is True
    low = result.keeping([0, 1, 2, 3, 4])  # 3, 5, 5, 6, 9: failing on purpose
    assert low.total == 28
    assert low.success is False
    assert low.dice == result.dice


@pytest.mark.parametrize("indices", [[0, 1], [0, 0, 1, 2, 3], [0, 1, 2, 3, 7]])
def test_keeping_the_wrong_number_of_dice_is_refused(indices: list[int]) -> None:
    result = roll("7k5", ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3]))
    with pytest.raises(
        DiceExpressionError, match=r"choose 5 different dice numbered 0 to 6|keep exactly 5 dice"
    ):
        result.keeping(indices)


# ---------------------------------------------------------------------------------------------
# Plain pools, crisis dice and challenge dice


def test_keep_highest_and_lowest_pick_the_right_dice() -> None:
    high = roll("4d6kh3", ScriptedRng([2, 6, 1, 4], sides=6))
    assert [die.value for die in high.groups[0].kept_dice] == [6, 4, 2]
    assert high.total == 12
    low = roll("4d6kl1", ScriptedRng([2, 6, 1, 4], sides=6))
    assert low.total == 1


def test_negative_pools_and_flat_modifiers_add_up() -> None:
    rng = ScriptedRng([5, 3], sides=6)
    assert roll("1d6-1d6+2", rng).total == 5 - 3 + 2


def test_crisis_pools_are_d6_and_a_push_is_one_more() -> None:
    rng = seeded(11)
    pool = roll_d6(4, rng)
    push = roll_d6(1, rng)
    assert len(pool) == 4 and len(push) == 1
    assert all(1 <= face <= 6 for face in pool + push)


def test_challenge_die_worth() -> None:
    # pool-challenge.md: a d6 worth 0 on a 1, 2 on a 6, and 1 otherwise.
    worth = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2}
    assert {face: challenge_value(face) for face in range(1, 7)} == worth
    dice = roll_challenge_dice(6, ScriptedRng([1, 2, 3, 4, 5, 6], sides=6))
    assert [die.value for die in dice] == [0, 1, 1, 1, 1, 2]
    assert roll("3c", ScriptedRng([6, 6, 1], sides=6)).total == 4


def test_dice_print_and_repr_back() -> None:
    for die in (Die.plain(4), Die.chain([10, 10, 2]), Die.challenge(6), Die.chain([10], True)):
        assert eval(repr(die), {"Die": Die}) == die
    assert str(Die.chain([10, 10, 2])) == "[10→10→2=22]"
    assert str(Die.challenge(6)) == "[6=2]"


# ---------------------------------------------------------------------------------------------
# Seeds and properties


@settings(max_examples=50)
@given(st.sampled_from(["7k5", "10k10+3", "4d6kh3", "2d20kl1", "3c+1d8", "12k3"]), st.integers())
def test_the_same_seed_gives_the_same_roll(text: str, seed: int) -> None:
    assert roll(text, seeded(seed), tn=20) == roll(text, seeded(seed), tn=20)


def test_different_seeds_give_different_rolls() -> None:
    rolls = {roll("10k10", seeded(seed)).dice for seed in range(20)}
    assert len(rolls) > 15


@settings(max_examples=200)
@given(
    st.integers(1, 14),
    st.integers(1, 14),
    st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), max_size=3),
    st.integers(0, 2**32),
)
def test_kept_never_exceeds_rolled_and_chains_explode_only_on_ten(
    rolled: int, kept: int, modifiers: list[tuple[int, int]], seed: int
) -> None:
    pool = BanzaiPool.of(rolled, kept, modifiers)
    result = roll_banzai(pool, seeded(seed), flat=3)
    [group] = result.groups
    assert len(group.kept) == pool.dice_kept <= len(group.dice) == pool.dice_rolled <= 10
    for die in group.dice:
        assert all(face == 10 for face in die.faces[:-1])
        assert die.faces[-1] != 10 and 1 <= die.faces[-1] <= 10
        assert die.value == sum(die.faces)
    values = sorted((die.value for die in group.dice), reverse=True)
    assert result.total == sum(values[: pool.dice_kept]) + 3


@settings(max_examples=100)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 60), st.integers(0, 3))
def test_success_is_meeting_the_raised_tn(rolled: int, kept: int, tn: int, raises: int) -> None:
    pool = BanzaiPool.of(rolled, kept)
    result = roll_banzai(pool, seeded(tn * 7 + raises), tn=tn, raises=raises)
    if result.no_roll:
        assert rolled + kept > tn + 5 * raises
        assert result.success is True
    else:
        assert result.total is not None
        assert result.success == (result.total >= tn + 5 * raises)


def test_raises_without_a_tn_are_refused() -> None:
    with pytest.raises(DiceExpressionError, match="TN"):
        roll("7k3", seeded(1), raises=2)
    with pytest.raises(DiceExpressionError, match="XkY"):
        roll("2d6", seeded(1), tn=7, raises=1)


def test_expression_is_kept_apart_from_the_result() -> None:
    expression = Expression.parse("5k4-1k0+2k0-0k3")
    result = roll(str(expression), seeded(3))
    assert result.expression == expression
    assert result.groups[0].label == "6k1"
