"""Reading an exact distribution, every way the dice tray and the command line read one, against
the dice counted roll by roll; and the size limits of exact odds, at their very edge."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from cardtable.dice import DiceExpressionError, Expression, KeepMode
from cardtable.dice.odds import (
    MAX_KEEP_WORK,
    MAX_TOTALS,
    Distribution,
    challenge_distribution,
    dice_sum,
    expression_distribution,
    keep_distribution,
)


def _counted(*dice: tuple[int, int], flat: int = 0) -> dict[int, float]:
    """Totals of dice given as (sides, sign), counted over every roll."""
    faces = [range(1, sides + 1) for sides, _ in dice]
    signs = [sign for _, sign in dice]
    counts = Counter(
        flat + sum(s * v for s, v in zip(signs, roll, strict=True))
        for roll in itertools.product(*faces)
    )
    whole = sum(counts.values())
    return {total: n / whole for total, n in counts.items()}


CASES = {
    "3d6": _counted((6, 1), (6, 1), (6, 1)),
    "2d6-1d4+3": _counted((6, 1), (6, 1), (4, -1), flat=3),
    "1d8-2": _counted((8, 1), flat=-2),
    "-1d6+1d10": _counted((6, -1), (10, 1)),
}


@pytest.mark.parametrize("text", CASES)
def test_every_reading_of_a_distribution_matches_the_counted_rolls(text: str):
    counted = CASES[text]
    got = expression_distribution(Expression.parse(text))
    low, high = min(counted), max(counted)
    assert (got.low, got.high) == (low, high)
    assert dict(got.items()) == pytest.approx(counted, abs=1e-12)
    assert got.mass == pytest.approx(1.0, abs=1e-12)
    assert got.mean == pytest.approx(sum(t * p for t, p in counted.items()), abs=1e-9)
    for total in range(low - 2, high + 3):
        exactly = counted.get(total, 0.0)
        at_least = sum(p for t, p in counted.items() if t >= total)
        at_most = sum(p for t, p in counted.items() if t <= total)
        above = sum(p for t, p in counted.items() if t > total)
        assert got.p(total) == pytest.approx(exactly, abs=1e-12)
        assert got.p_at_least(total) == pytest.approx(at_least, abs=1e-12)
        assert got.p_at_most(total) == pytest.approx(at_most, abs=1e-12)
        assert got.p_above(total) == pytest.approx(above, abs=1e-12)


def test_a_shifted_distribution_moves_every_total():
    base = dice_sum(2, 6)
    moved = base.shifted(5)
    assert (moved.low, moved.high) == (base.low + 5, base.high + 5)
    assert all(moved.p(t + 5) == base.p(t) for t in range(base.low, base.high + 1))
    assert moved.mean == pytest.approx(base.mean + 5)


def test_a_distribution_says_its_range_and_mean():
    assert repr(dice_sum(2, 6)) == "<Distribution of totals 2..12, mean 7.0000>"


def test_a_distribution_can_cover_totals_too_unlikely_to_hold():
    # Highest given: the totals run to it even where the chance rounds to nothing.
    sure = Distribution.from_packed(1, 0, highest=3)
    assert (sure.low, sure.high, sure.units[1:]) == (0, 3, (0, 0, 0))
    assert Distribution.from_packed(1, 0).high == 0


# -- the limits, at their edge -----------------------------------------------------------------


def test_exact_odds_cover_at_most_max_totals_possible_totals():
    # count * (sides - 1) + 1 totals: 1d20000 has exactly MAX_TOTALS, 1d20001 one too many.
    assert len(dice_sum(1, MAX_TOTALS).units) == MAX_TOTALS
    with pytest.raises(DiceExpressionError, match=f"at most {MAX_TOTALS}"):
        dice_sum(1, MAX_TOTALS + 1)


def test_an_expression_of_several_terms_covers_at_most_max_totals():
    with pytest.raises(DiceExpressionError, match=f"at most {MAX_TOTALS}"):
        expression_distribution(Expression.parse("10d1000+11d1000"))  # 9,991 + 10,990
    assert expression_distribution(Expression.parse("10d1000+10d1000")).low == 20  # 19,982


def test_a_keep_pool_is_worked_out_up_to_the_work_limit_and_not_beyond():
    # dice x kept x sides: 100 x 20 x 100 is exactly the limit; one more die is past it.
    assert MAX_KEEP_WORK == 100 * 20 * 100
    assert keep_distribution(100, 100, 20, KeepMode.HIGHEST).low == 20
    with pytest.raises(DiceExpressionError, match="too many dice for exact odds of a keep pool"):
        keep_distribution(101, 100, 20, KeepMode.HIGHEST)


@pytest.mark.parametrize("count", [1, 2, 3, 7])
def test_challenge_dice_total_0_to_twice_their_number(count: int):
    # Each challenge die is 0, 1 or 2: the totals run from 0 to 2 x dice, no further.
    dist = challenge_distribution(count)
    assert (dist.low, dist.high) == (0, 2 * count)
    assert dist.p(2 * count) == pytest.approx((1 / 6) ** count, abs=1e-12)


@pytest.mark.parametrize("mode", list(KeepMode))
def test_one_sided_dice_always_total_the_number_kept(mode: KeepMode):
    dist = keep_distribution(3, 1, 2, mode)
    assert (dist.low, dist.high) == (2, 2)
    assert dist.p(2) == pytest.approx(1.0, abs=1e-12)


def test_keeping_the_lowest_runs_from_all_ones_to_all_tops():
    dist = keep_distribution(4, 6, 3, KeepMode.LOWEST)
    assert (dist.low, dist.high) == (3, 18)
