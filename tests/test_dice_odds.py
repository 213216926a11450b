"""Exact odds against brute-force enumeration, a seeded Monte Carlo, and properties."""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.dice import (
    BanzaiPool,
    DiceExpressionError,
    Expression,
    KeepMode,
    challenge_distribution,
    challenge_value,
    crisis_distribution,
    dice_sum,
    exploding_keep_highest,
    expression_distribution,
    keep_distribution,
    p_banzai,
    p_crisis_success,
    p_success,
    roll_banzai,
)
from cardtable.dice._fixed import UNIT, rescale_counts, unpack
from cardtable.dice.odds import EXPLODING_TOTAL_CAP, _keep_highest_counts, _keep_highest_walk
from cardtable.randomness import seeded

EXACT = 1e-12

#: The chance of each total, as exact fractions.
Chances = defaultdict[int, Fraction]

# ---------------------------------------------------------------------------------------------
# Brute force: enumerate every chain of every die


def exploding_chains(depth: int) -> list[tuple[int, int]]:
    """Every chain of a Banzai die with at most ``depth`` tens, as (value, weight).

    A chain of g tens and a last face u has chance 10**-(g + 1), i.e. weight
    10**(depth - g) out of 10**(depth + 1).
    """
    chains = []
    for tens in range(depth + 1):
        for last in range(1, 10):
            chains.append((10 * tens + last, 10 ** (depth - tens)))
    return chains


def brute_keep_highest(rolled: int, kept: int, depth: int) -> tuple[Counter[int], int]:
    """Weights of each kept total over all pools of chains with at most ``depth`` tens each."""
    weights: Counter[int] = Counter()
    for pool in itertools.product(exploding_chains(depth), repeat=rolled):
        values = sorted((value for value, _ in pool), reverse=True)
        weights[sum(values[:kept])] += math.prod(weight for _, weight in pool)
    return weights, 10 ** ((depth + 1) * rolled)


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)])
def test_banzai_odds_match_enumeration_of_every_chain(rolled: int, kept: int) -> None:
    depth = 3
    weights, whole = brute_keep_highest(rolled, kept, depth)
    # The pools left out have a die of at least 10 * depth + 11, so every kept total they
    # give is at least that plus one per other kept die: below it they all succeed, and the
    # enumeration's chance plus the missing mass is exact.
    missing = Fraction(whole - sum(weights.values()), whole)
    exact_below = 10 * depth + 11 + (kept - 1)
    ours = exploding_keep_highest(rolled, kept)
    at_least = Fraction(sum(w for total, w in weights.items() if total > exact_below), whole)
    for total in range(exact_below, 0, -1):
        at_least += Fraction(weights[total], whole)
        assert ours.p_at_least(total) == pytest.approx(float(at_least + missing), abs=EXACT)
    # Below that, each exact chance agrees too.
    for total in range(1, exact_below):
        assert ours.p(total) == pytest.approx(weights[total] / whole, abs=EXACT)


def brute_dice(sides: list[list[int]]) -> dict[tuple[int, ...], Fraction]:
    """Every outcome of independent uniform dice given by their faces."""
    whole = math.prod(len(faces) for faces in sides)
    counts = Counter(itertools.product(*sides))
    return {outcome: Fraction(n, whole) for outcome, n in counts.items()}


def brute_pool(count: int, sides: int, keep: int | None, lowest: bool) -> Chances:
    chances: Chances = defaultdict(Fraction)
    for outcome, chance in brute_dice([list(range(1, sides + 1))] * count).items():
        ordered = sorted(outcome, reverse=not lowest)
        chances[sum(ordered[: keep or count])] += chance
    return chances


@settings(max_examples=60)
@given(st.integers(1, 4), st.integers(2, 7), st.data())
def test_pool_odds_match_enumeration(count: int, sides: int, data: st.DataObject) -> None:
    keep = data.draw(st.one_of(st.none(), st.integers(1, count)))
    lowest = data.draw(st.booleans())
    expected = brute_pool(count, sides, keep, lowest)
    if keep is None:
        ours = dice_sum(count, sides)
    else:
        mode = KeepMode.LOWEST if lowest else KeepMode.HIGHEST
        ours = keep_distribution(count, sides, keep, mode)
    for total in range(0, count * sides + 2):
        assert ours.p(total) == pytest.approx(float(expected[total]), abs=EXACT)


@settings(max_examples=60)
@given(st.integers(1, 9), st.integers(2, 9), st.data())
def test_walking_the_faces_agrees_with_counting(
    count: int, sides: int, data: st.DataObject
) -> None:
    # Pools too big to count (more than 2**64 outcomes) walk the faces instead.
    keep = data.draw(st.integers(1, count))
    counted = rescale_counts(_keep_highest_counts(sides, count, keep), sides**count)
    walked = _keep_highest_walk(count, sides, keep)
    for a, b in itertools.zip_longest(unpack(counted), unpack(walked), fillvalue=0):
        assert abs(a - b) * UNIT <= EXACT


def test_a_keep_pool_too_big_to_count_matches_order_statistics() -> None:
    # 6**30 outcomes do not fit the counting path. The best die of 30 shows at most ``face``
    # with chance (face/6)**30, and the best two are two sixes unless at most one six shows.
    ours = keep_distribution(30, 6, 1, KeepMode.HIGHEST)
    for face in range(1, 7):
        expected = (face / 6) ** 30 - ((face - 1) / 6) ** 30
        assert ours.p(face) == pytest.approx(expected, abs=EXACT)
    two = keep_distribution(30, 6, 2, KeepMode.HIGHEST)
    assert two.p(12) == pytest.approx(1 - (5 / 6) ** 30 - 30 * (1 / 6) * (5 / 6) ** 29, abs=EXACT)
    assert two.mass == pytest.approx(1, abs=EXACT)


def test_challenge_dice_match_enumeration() -> None:
    for count in range(1, 5):
        chances: Chances = defaultdict(Fraction)
        for outcome, chance in brute_dice([list(range(1, 7))] * count).items():
            chances[sum(challenge_value(face) for face in outcome)] += chance
        ours = challenge_distribution(count)
        for total in range(0, 2 * count + 1):
            assert ours.p(total) == pytest.approx(float(chances[total]), abs=EXACT)


def test_a_mixed_expression_matches_enumeration() -> None:
    faces = [list(range(1, 7))] * 2 + [list(range(1, 5))]
    chances: Chances = defaultdict(Fraction)
    for (a, b, c), chance in brute_dice(faces).items():
        chances[a + b - c + 3] += chance
    ours = expression_distribution(Expression.parse("2d6-1d4+3"))
    assert ours.low == min(chances) and ours.high == max(chances)
    for total, chance in chances.items():
        assert ours.p(total) == pytest.approx(float(chance), abs=EXACT)


def test_crisis_success_is_strictly_above_the_difficulty() -> None:
    # crisis-dice.md: success when the Roll Total is greater than the difficulty.
    for count, difficulty in [(2, 6), (4, 12), (3, 9), (5, 15)]:
        above = sum(
            chance
            for outcome, chance in brute_dice([list(range(1, 7))] * count).items()
            if sum(outcome) > difficulty
        )
        assert p_crisis_success(count, difficulty) == pytest.approx(float(above), abs=EXACT)
    assert crisis_distribution(3).p_above(18) == 0


# ---------------------------------------------------------------------------------------------
# Monte Carlo on big pools


def sample_banzai(rolled: int, kept: int, samples: int, seed: int) -> list[int]:
    """Kept totals of many rolls, drawn straight from random(), apart from the roller."""
    rng = seeded(seed)
    draw = rng.random
    totals = []
    for _ in range(samples):
        values = []
        for _ in range(rolled):
            value = 0
            while True:
                face = int(draw() * 10) + 1
                value += face
                if face != 10:
                    break
            values.append(value)
        values.sort(reverse=True)
        totals.append(sum(values[:kept]))
    return totals


@pytest.mark.parametrize(("rolled", "kept"), [(10, 10), (10, 4), (9, 2), (8, 6)])
def test_big_pools_agree_with_a_seeded_monte_carlo(rolled: int, kept: int) -> None:
    samples = 40_000
    totals = Counter(sample_banzai(rolled, kept, samples, seed=rolled * 100 + kept))
    ours = exploding_keep_highest(rolled, kept)
    at_least = samples
    for total in range(0, max(totals) + 1):
        observed = at_least / samples
        expected = ours.p_at_least(total)
        error = math.sqrt(max(expected * (1 - expected), 1e-9) / samples)
        assert abs(observed - expected) <= 5 * error + 1e-9, (total, observed, expected)
        at_least -= totals[total]


def test_the_roller_and_the_odds_agree() -> None:
    samples = 6_000
    rng = seeded(2024)
    pool = BanzaiPool.of(6, 3)
    hits = sum(roll_banzai(pool, rng, tn=25).success is True for _ in range(samples))
    expected = p_banzai(pool, 25)
    error = math.sqrt(expected * (1 - expected) / samples)
    assert abs(hits / samples - expected) <= 5 * error


# ---------------------------------------------------------------------------------------------
# The rules' odds


def test_odds_are_one_when_no_roll_is_needed() -> None:
    assert p_banzai(BanzaiPool.of(7, 4), tn=10) == 1
    assert p_success(Expression.parse("7k4"), 10) == 1


def test_raises_lift_the_tn_by_five_each() -> None:
    # Keiko: 7k3 against TN 10 with two Raises must roll against 20.
    keiko = BanzaiPool.of(7, 3)
    assert p_banzai(keiko, 10, raises=2) == exploding_keep_highest(7, 3).p_at_least(20)
    assert p_banzai(keiko, 10, raises=2) < p_banzai(keiko, 10) < 1


def test_free_raises_leave_the_odds_of_the_capped_pool() -> None:
    assert p_banzai(BanzaiPool.of(12, 3), 40) == p_banzai(BanzaiPool.of(10, 3), 40)
    assert p_banzai(BanzaiPool.of(12, 12), 90) == p_banzai(BanzaiPool.of(10, 10), 90)


def test_flat_modifiers_shift_the_total() -> None:
    plain = p_success(Expression.parse("6k3"), 30)
    assert p_success(Expression.parse("6k3+5"), 35) == pytest.approx(plain, abs=EXACT)


def test_the_cut_tail_is_negligible() -> None:
    for rolled in range(1, 11):
        for kept in range(1, rolled + 1):
            distribution = exploding_keep_highest(rolled, kept)
            assert distribution.mass == pytest.approx(1, abs=1e-13)
            assert distribution.high < EXPLODING_TOTAL_CAP


def test_odds_refuse_what_they_cannot_work_out() -> None:
    with pytest.raises(DiceExpressionError, match="too many possible totals"):
        dice_sum(1000, 1000)
    with pytest.raises(DiceExpressionError, match="too many dice"):
        keep_distribution(1000, 100, 500, KeepMode.HIGHEST)
    with pytest.raises(DiceExpressionError, match="exact Banzai odds cover 1k1 to 10k10"):
        exploding_keep_highest(11, 3)
    with pytest.raises(DiceExpressionError, match="XkY"):
        p_success(Expression.parse("2d6"), 7, raises=1)


# ---------------------------------------------------------------------------------------------
# Properties

_POOLS = st.tuples(st.integers(1, 10), st.integers(1, 10)).map(
    lambda pair: (max(pair), min(pair))
)


@settings(max_examples=150)
@given(_POOLS, st.integers(-5, 120))
def test_more_dice_never_lower_the_chance(pool: tuple[int, int], tn: int) -> None:
    rolled, kept = pool
    chance = exploding_keep_highest(rolled, kept).p_at_least(tn)
    assert 0 <= chance <= 1
    if rolled < 10:
        assert exploding_keep_highest(rolled + 1, kept).p_at_least(tn) >= chance - EXACT
    if kept < rolled:
        assert exploding_keep_highest(rolled, kept + 1).p_at_least(tn) >= chance - EXACT


@settings(max_examples=150)
@given(st.integers(1, 14), st.integers(1, 14), st.integers(-10, 150), st.integers(0, 5))
def test_chances_stay_between_0_and_1(rolled: int, kept: int, tn: int, raises: int) -> None:
    chance = p_banzai(BanzaiPool.of(rolled, kept), tn, raises)
    assert 0 <= chance <= 1
    assert chance >= p_banzai(BanzaiPool.of(rolled, kept), tn, raises + 1) - EXACT


@settings(max_examples=100)
@given(st.integers(1, 60), st.integers(2, 30))
def test_sum_distributions_add_up_to_one(count: int, sides: int) -> None:
    distribution = dice_sum(count, sides)
    assert distribution.mass == pytest.approx(1, abs=EXACT)
    assert (distribution.low, distribution.high) == (count, count * sides)
    assert distribution.mean == pytest.approx(count * (sides + 1) / 2, rel=1e-12)
    assert distribution.p_at_least(count) == pytest.approx(1, abs=EXACT)


@settings(max_examples=60)
@given(st.integers(1, 12), st.integers(2, 12), st.data())
def test_keep_distributions_add_up_to_one(count: int, sides: int, data: st.DataObject) -> None:
    keep = data.draw(st.integers(1, count))
    mode = data.draw(st.sampled_from(KeepMode))
    distribution = keep_distribution(count, sides, keep, mode)
    assert distribution.mass == pytest.approx(1, abs=EXACT)
    assert (distribution.low, distribution.high) == (keep, keep * sides)


def _top_kept_by_dice(count: int, sides: int, keep: int) -> dict[int, Fraction]:
    """Keep-highest worked out die by die: the state is the sorted ``keep`` best faces so
    far (an independent path from the face-by-face walk), with exact fractions."""
    states: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}
    die = Fraction(1, sides)
    for _ in range(count):
        following: defaultdict[tuple[int, ...], Fraction] = defaultdict(Fraction)
        for best, chance in states.items():
            for face in range(1, sides + 1):
                kept = tuple(sorted((*best, face), reverse=True)[:keep])
                following[kept] += chance * die
        states = following
    totals: defaultdict[int, Fraction] = defaultdict(Fraction)
    for best, chance in states.items():
        totals[sum(best)] += chance
    return totals


@pytest.mark.parametrize(
    ("count", "sides", "keep"), [(40, 10, 1), (60, 6, 2), (100, 4, 3), (50, 10, 2)]
)
def test_keep_pools_with_more_outcomes_than_2_to_the_128_stay_exact(
    count: int, sides: int, keep: int
) -> None:
    # More than 2**128 outcomes each: far past what outcome counts could hold.
    assert sides**count > 2**128
    expected = _top_kept_by_dice(count, sides, keep)
    ours = keep_distribution(count, sides, keep, KeepMode.HIGHEST)
    assert ours.mass == pytest.approx(1, abs=EXACT)
    for total in range(keep - 1, keep * sides + 2):
        assert ours.p(total) == pytest.approx(float(expected.get(total, 0)), abs=EXACT)
    assert ours.p_at_least(keep * sides) == pytest.approx(
        float(expected[keep * sides]), abs=EXACT
    )
