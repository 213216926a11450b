"""The edges of the dice rules (``rules/banzai.md``): a roll is never below 1k1, kept dice
never exceed rolled dice, the ten-dice cap turns extra rolled dice into Free Raises, a roll
is needed unless rolled + kept is *greater* than the raised TN, and Raises run from 0 to the
sanity bound. Exact odds refuse what they cannot mean (keeping no dice, or more than rolled).
"""

from __future__ import annotations

import itertools

import pytest

from cardtable.dice.banzai import MAX_RAISES, BanzaiPool, check_raises, raised_tn
from cardtable.dice.errors import DiceExpressionError
from cardtable.dice.expression import KeepMode
from cardtable.dice.odds import (
    dice_sum,
    exploding_keep_highest,
    keep_distribution,
    p_banzai,
)

# -- the pool -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("rolled", "kept"), [(0, 0), (0, 1), (1, 0), (5, 0), (-1, -1), (-3, 2)])
def test_a_pool_below_1k1_is_refused(rolled: int, kept: int):
    with pytest.raises(ValueError, match=r"rolls and keeps at least one die, not -?[0-9]"):
        BanzaiPool(rolled, kept)


def test_the_smallest_pool_is_1k1():
    pool = BanzaiPool(1, 1)
    assert (pool.dice_rolled, pool.dice_kept, pool.free_raises) == (1, 1, 0)


def test_a_pool_keeping_more_than_it_rolls_is_refused():
    with pytest.raises(ValueError, match=r"keeps at most the dice it rolls \(2k3\)"):
        BanzaiPool(2, 3)


@pytest.mark.parametrize(
    ("rolled", "kept", "modifiers", "pool"),
    [
        (1, 1, [(-1, -1)], (1, 1)),  # 0k0 floors at 1k1
        (2, 1, [(-5, 0)], (1, 1)),
        (3, 3, [(0, -3)], (3, 1)),  # keeping none still keeps one
        (3, 2, [(0, 4)], (3, 3)),  # kept = rolled
        (5, 4, [(-1, 0), (2, 0), (0, -3)], (6, 1)),
    ],
)
def test_modifiers_apply_at_once_then_the_floor(rolled, kept, modifiers, pool):
    result = BanzaiPool.of(rolled, kept, modifiers)
    assert (result.rolled, result.kept) == pool


@pytest.mark.parametrize(
    ("rolled", "kept", "capped"),
    [(10, 10, (10, 10, 0)), (11, 3, (10, 3, 1)), (12, 12, (10, 10, 2)), (9, 9, (9, 9, 0))],
)
def test_the_ten_dice_cap(rolled: int, kept: int, capped: tuple[int, int, int]):
    pool = BanzaiPool(rolled, kept)
    assert (pool.dice_rolled, pool.dice_kept, pool.free_raises) == capped


# -- rolls needed, Raises -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pool", "tn", "raises", "needed"),
    [
        ((7, 4), 10, 0, False),  # 11 > 10
        ((7, 4), 11, 0, True),  # 11 is not greater than 11
        ((7, 4), 12, 0, True),
        ((7, 4), 6, 1, True),  # 6 + 5 = 11
        ((7, 4), 5, 1, False),
        ((12, 12), 23, 0, False),  # before the cap: 24 > 23
    ],
)
def test_a_roll_is_needed_unless_rolled_and_kept_beat_the_raised_tn(pool, tn, raises, needed):
    assert BanzaiPool(*pool).rolls_needed(tn, raises) is needed
    if not needed:
        assert p_banzai(BanzaiPool(*pool), tn, raises) == 1.0


def test_no_raise_is_the_default():
    assert raised_tn(15) == 15
    assert BanzaiPool(2, 1).rolls_needed(2) is False and BanzaiPool(2, 1).rolls_needed(3) is True


@pytest.mark.parametrize("raises", [0, 1, MAX_RAISES])
def test_raises_from_none_to_the_bound_are_taken(raises: int):
    check_raises(raises)
    assert raised_tn(10, raises) == 10 + 5 * raises


@pytest.mark.parametrize("raises", [-1, -5, MAX_RAISES + 1, 1000])
def test_raises_outside_the_bound_are_refused(raises: int):
    says = f"declare between 0 and 100 Raises, not {raises}"
    with pytest.raises(DiceExpressionError, match=says):
        check_raises(raises)
    with pytest.raises(DiceExpressionError, match="Raises"):
        raised_tn(10, raises)


def test_the_bound_is_100_raises():
    assert MAX_RAISES == 100


# -- exact odds refuse what they cannot mean ---------------------------------------------------


@pytest.mark.parametrize(("count", "keep"), [(5, 0), (1, 0), (5, 6), (3, -1)])
@pytest.mark.parametrize("mode", list(KeepMode))
def test_keeping_no_dice_or_more_than_rolled_has_no_odds(count: int, keep: int, mode: KeepMode):
    with pytest.raises(DiceExpressionError, match=f"cannot keep {keep} of {count} dice"):
        keep_distribution(count, 6, keep, mode)


@pytest.mark.parametrize("mode", list(KeepMode))
def test_keeping_every_die_is_the_plain_sum(mode: KeepMode):
    for count, sides in ((1, 6), (3, 4), (4, 6)):
        kept = keep_distribution(count, sides, count, mode)
        plain = dice_sum(count, sides)
        assert (kept.low, kept.high) == (plain.low, plain.high)
        assert [round(p, 12) for _, p in kept.items()] == [round(p, 12) for _, p in plain.items()]


def test_keeping_one_of_two_counted_face_by_face():
    for mode, pick in ((KeepMode.HIGHEST, max), (KeepMode.LOWEST, min)):
        kept = keep_distribution(2, 4, 1, mode)
        rolls = list(itertools.product(range(1, 5), repeat=2))
        for total in range(1, 5):
            expected = sum(pick(roll) == total for roll in rolls) / len(rolls)
            assert kept.p(total) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(("rolled", "kept"), [(1, 0), (0, 0), (3, 4), (11, 1), (11, 11), (5, -1)])
def test_exact_banzai_odds_cover_1k1_to_10k10_only(rolled: int, kept: int):
    with pytest.raises(DiceExpressionError, match=f"{rolled}k{kept}: exact Banzai odds cover"):
        exploding_keep_highest(rolled, kept)


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (10, 10), (10, 1)])
def test_the_corners_of_exact_banzai_odds_hold_all_their_chance(rolled: int, kept: int):
    distribution = exploding_keep_highest(rolled, kept)
    assert distribution.low == kept
    assert distribution.mass == pytest.approx(1.0, abs=1e-9)


def test_every_raise_step_from_1_to_10_raises_the_tn_by_itself() -> None:
    # A Raise adds 5 to the TN unless an ability changes it, to 1 to 10.
    assert [raised_tn(10, 2, step=step) for step in range(1, 11)] == list(range(12, 31, 2))


@pytest.mark.parametrize("step", [0, 11, -1, True, 1.5, "5"], ids=repr)
def test_a_raise_step_outside_1_to_10_is_refused(step: object) -> None:
    with pytest.raises(DiceExpressionError,
                       match=rf"^a Raise adds 1 to 10 to the TN \(5 unless an ability changes "
                             rf"it\), not {step}$"):
        raised_tn(10, 1, step=step)  # type: ignore[arg-type]
