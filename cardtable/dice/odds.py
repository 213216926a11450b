"""Exact odds: the distribution of a roll's total and the chance that it meets a TN.

Distributions are worked out in pure Python on packed fixed-point polynomials
(:mod:`cardtable.dice._fixed`), so a fresh process answers within milliseconds, and are
memoised per process. Every probability is exact to well within 1e-12: the arithmetic rounds
by about 1e-18 per step, and the only other loss is the tail cut below.

**Exploding tens.** A Banzai die has no largest value, so its distributions stop at
totals below :data:`EXPLODING_TOTAL_CAP` (300): reaching 300 with at most ten dice takes
about twenty tens, a chance below 1e-14. The roller's chain cap (100 rerolls) lies far
beyond that and does not change any printed probability.

**Keeping the highest Y of X Banzai dice.** A die that exploded (worth 11 or more) beats
any die that did not (1 to 9). So with E of the X dice exploding (a binomial count):
if E >= Y the kept dice are the best Y of the E exploded ones, i.e. 10 each plus the best
Y of E fresh Banzai dice; otherwise all E exploded dice are kept (10E plus E fresh dice)
along with the best Y - E of X - E plain d9s. The E = X term refers back to the pool
itself, a geometric series that is summed directly. The plain d9 parts come from the same
idea one face at a time (how many dice show the top face), with exact integer counts.

>>> round(p_banzai(BanzaiPool.of(7, 5), tn=25), 4)
0.9313
>>> round(dice_sum(2, 6).p_at_least(7), 6)   # 21/36
0.583333
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from math import comb

from attrs import frozen

from cardtable.dice import _fixed as fx
from cardtable.dice.banzai import RAISE_STEP, BanzaiPool, check_raises, raised_tn
from cardtable.dice.errors import DiceExpressionError
from cardtable.dice.expression import ChallengeDice, DicePool, Expression, KeepMode

#: Exploding distributions drop totals from here on (their chance is below 1e-14).
EXPLODING_TOTAL_CAP = 300
#: Exact odds for sums cover at most this many possible totals.
MAX_TOTALS = 20_000
#: Exact odds for a keep-highest/lowest ``NdS`` pool: dice x kept x sides at most this.
MAX_KEEP_WORK = 200_000


@frozen(repr=False)
class Distribution:
    """The exact distribution of a total: ``units[i]`` is the chance of ``low + i``.

    Chances are held as integers in units of ``2**-60`` so that sums of them are exact.
    """

    low: int
    units: tuple[int, ...]

    @classmethod
    def from_packed(
        cls, poly: int, lowest: int, highest: int | None = None, offset: int = 0
    ) -> Distribution:
        """From a packed polynomial whose slot ``i`` is the chance of ``offset + i``.

        The distribution covers the possible totals ``lowest`` to ``highest`` (to the last
        total with a chance when ``highest`` is None), even where a chance is below the
        arithmetic's 2**-60 and so held as 0.
        """
        units = fx.unpack(poly)
        if highest is not None:
            size = highest - offset + 1
            units = units[:size] + [0] * (size - len(units))
        return cls(lowest, tuple(units[lowest - offset :]))

    @property
    def high(self) -> int:
        """The highest total held (before the tail cut, for exploding dice)."""
        return self.low + len(self.units) - 1

    @property
    def mass(self) -> float:
        """The total chance held: 1 up to rounding and the dropped tail."""
        return sum(self.units) * fx.UNIT

    @property
    def mean(self) -> float:
        return sum((self.low + i) * unit for i, unit in enumerate(self.units)) * fx.UNIT

    def p(self, total: int) -> float:
        """The chance of exactly ``total``."""
        index = total - self.low
        return self.units[index] * fx.UNIT if 0 <= index < len(self.units) else 0.0

    def p_at_least(self, total: int) -> float:
        """The chance of ``total`` or more (meeting a TN)."""
        return sum(self.units[max(total - self.low, 0) :]) * fx.UNIT

    def p_above(self, total: int) -> float:
        """The chance of more than ``total`` (beating a crisis-dice difficulty)."""
        return self.p_at_least(total + 1)

    def p_at_most(self, total: int) -> float:
        return sum(self.units[: max(total - self.low + 1, 0)]) * fx.UNIT

    def items(self) -> Iterator[tuple[int, float]]:
        """``(total, chance)`` for every total with a chance above 0."""
        for index, unit in enumerate(self.units):
            if unit:
                yield self.low + index, unit * fx.UNIT

    def shifted(self, amount: int) -> Distribution:
        """The same distribution with ``amount`` added to every total."""
        return Distribution(self.low + amount, self.units)

    def packed(self) -> int:
        return fx.pack(self.units)

    def __repr__(self) -> str:
        return f"<Distribution of totals {self.low}..{self.high}, mean {self.mean:.4f}>"


# ---------------------------------------------------------------------------------------------
# Plain dice: sums, keep-highest/lowest, challenge dice


def _uniform_die(sides: int) -> int:
    return fx.shift(fx.pack([fx.from_fraction(1, sides)] * sides), 1)


def _check_totals(count: int, sides: int) -> None:
    if count * (sides - 1) + 1 > MAX_TOTALS:
        raise DiceExpressionError(
            f"{count}d{sides}: too many possible totals for exact odds (at most {MAX_TOTALS})"
        )


@lru_cache(maxsize=256)
def dice_sum(count: int, sides: int) -> Distribution:
    """The sum of ``count`` dice with ``sides`` sides (a crisis pool is ``dice_sum(n, 6)``)."""
    _check_totals(count, sides)
    return Distribution.from_packed(
        fx.power(_uniform_die(sides), count), count, count * sides
    )


_COUNTING_SIDES = 20


@lru_cache(maxsize=4096)
def _keep_highest_counts(sides: int, count: int, keep: int) -> int:
    """Keep-highest ``keep`` of ``count`` dice with ``sides`` sides, as outcome counts.

    Packed polynomial over the kept sum; its counts add up to ``sides ** count``. Splits on
    how many dice show the top face: those are kept first, the rest is the same question
    for a die with one side fewer.
    """
    if keep == 0:
        return sides**count
    if sides == 1:
        return fx.shift(1, keep)
    below = 0
    top_fills_keep = 0
    for on_top in range(count + 1):
        ways = comb(count, on_top)
        if on_top >= keep:
            top_fills_keep += ways * (sides - 1) ** (count - on_top)
        else:
            rest = _keep_highest_counts(sides - 1, count - on_top, keep - on_top)
            below += ways * fx.shift(rest, sides * on_top)
    return below + fx.shift(top_fills_keep, sides * keep)


def _keep_highest_packed(count: int, sides: int, keep: int) -> int:
    """Keep-highest ``keep`` of ``count`` dice, as a fixed-point packed polynomial."""
    # Exact counts need every count to fit a slot, and recurse once per side.
    if sides <= _COUNTING_SIDES and sides**count < 2**64:
        return fx.rescale_counts(_keep_highest_counts(sides, count, keep), sides**count)
    return _keep_highest_walk(count, sides, keep)


def _keep_highest_walk(count: int, sides: int, keep: int) -> int:
    """Keep-highest for pools too big to count, in fixed point.

    Walks the faces from the top; the state is how many dice are at or above the current
    face (fewer than ``keep``), with the distribution of their sum. Work: about
    ``sides * keep * keep`` polynomial steps.
    """
    states = {0: fx.ONE}
    done = 0
    for face in range(sides, 0, -1):
        following: dict[int, int] = {}
        for placed, poly in states.items():
            left = count - placed
            # Of the dice not yet placed (each at most ``face``), how many show ``face``.
            weights = [
                comb(left, shown) * (face - 1) ** (left - shown) for shown in range(left + 1)
            ]
            whole = face**left
            fills = sum(weights[keep - placed :])
            done += fx.shift(fx.scale(poly, fx.from_fraction(fills, whole)), (keep - placed) * face)
            for shown in range(keep - placed):
                weight = fx.from_fraction(weights[shown], whole)
                if weight:
                    moved = fx.shift(fx.scale(poly, weight), shown * face)
                    following[placed + shown] = following.get(placed + shown, 0) + moved
        states = following
    return done


@lru_cache(maxsize=256)
def keep_distribution(count: int, sides: int, keep: int, mode: KeepMode) -> Distribution:
    """The sum of the ``keep`` highest (or lowest) of ``count`` dice with ``sides`` sides."""
    if not 1 <= keep <= count:
        raise DiceExpressionError(f"cannot keep {keep} of {count} dice")
    if count * keep * sides > MAX_KEEP_WORK:
        raise DiceExpressionError(
            f"{count}d{sides}{mode.value}{keep}: too many dice for exact odds of a keep pool"
        )
    packed = _keep_highest_packed(count, sides, keep)
    highest = Distribution.from_packed(packed, keep, keep * sides)
    if mode is KeepMode.HIGHEST:
        return highest
    # Turning every die upside down (v -> sides + 1 - v) swaps highest and lowest.
    return Distribution(keep * (sides + 1) - highest.high, highest.units[::-1])


_CHALLENGE_DIE = fx.pack([fx.from_fraction(1, 6), fx.from_fraction(4, 6), fx.from_fraction(1, 6)])


@lru_cache(maxsize=256)
def challenge_distribution(count: int) -> Distribution:
    """The sum of ``count`` challenge dice (each 0, 1 or 2 with chances 1/6, 4/6, 1/6)."""
    _check_totals(count, 3)
    return Distribution.from_packed(fx.power(_CHALLENGE_DIE, count), 0, 2 * count)


def crisis_distribution(count: int) -> Distribution:
    """The Roll Total of a crisis pool of ``count`` d6."""
    return dice_sum(count, 6)


def p_crisis_success(count: int, difficulty: int) -> float:
    """The chance that ``count`` d6 beat a Simple Challenge: a total strictly above it."""
    return crisis_distribution(count).p_above(difficulty)


# ---------------------------------------------------------------------------------------------
# Banzai: exploding tens, keep the highest


@lru_cache(maxsize=1)
def _exploding_die() -> int:
    units = [0] * EXPLODING_TOTAL_CAP
    for total in range(1, EXPLODING_TOTAL_CAP):
        if total % 10:
            # 10 * g + u needs g tens and then the face u: (1/10) ** (g + 1).
            units[total] = fx.from_fraction(1, 10 ** (total // 10 + 1))
    return fx.pack(units)


@cache
def _exploding_sum(count: int) -> int:
    if count == 0:
        return fx.ONE
    if count % 2:
        whole = fx.mul(_exploding_sum(count - 1), _exploding_die())
    else:  # halving keeps a lone 10k10 to four products
        half = _exploding_sum(count // 2)
        whole = fx.mul(half, half)
    return fx.truncate(whole, EXPLODING_TOTAL_CAP)


@cache
def _plain_d9_keep_highest(count: int, keep: int) -> int:
    # The faces 1-9 of a Banzai die that did not explode: uniform, since each has 1/10.
    return fx.rescale_counts(_keep_highest_counts(9, count, keep), 9**count)


@cache
def _exploding_keep_highest(rolled: int, kept: int) -> int:
    if kept == rolled:
        return _exploding_sum(rolled)
    whole = 10**rolled
    result = 0
    for exploded in range(rolled):
        # Chance that exactly ``exploded`` of the dice show a 10 first.
        chance = fx.from_fraction(comb(rolled, exploded) * 9 ** (rolled - exploded), whole)
        if exploded < kept:
            part = _plain_d9_keep_highest(rolled - exploded, kept - exploded)
            if exploded:
                part = fx.mul(part, _exploding_sum(exploded))
            result += fx.shift(fx.scale(part, chance), 10 * exploded)
        else:
            part = _exploding_keep_highest(exploded, kept)
            result += fx.shift(fx.scale(part, chance), 10 * kept)
    result = fx.truncate(result, EXPLODING_TOTAL_CAP)
    # All dice exploding (chance 10**-rolled) gives 10 per kept die plus the same pool again.
    all_explode = fx.from_fraction(1, whole)
    term = result
    while term:
        term = fx.truncate(fx.shift(fx.scale(term, all_explode), 10 * kept), EXPLODING_TOTAL_CAP)
        result += term
    return result


@cache
def exploding_keep_highest(rolled: int, kept: int) -> Distribution:
    """The sum of the ``kept`` highest of ``rolled`` exploding d10s (at most 10 of each).

    >>> round(exploding_keep_highest(1, 1).p_at_least(11), 12)   # a 10, then anything
    0.1
    """
    if not 1 <= kept <= rolled <= 10:
        raise DiceExpressionError(
            f"{rolled}k{kept}: exact Banzai odds cover 1k1 to 10k10 after the ten-dice cap"
        )
    return Distribution.from_packed(_exploding_keep_highest(rolled, kept), kept)


def banzai_distribution(pool: BanzaiPool, flat: int = 0) -> Distribution:
    """The total of a Banzai roll (after the ten-dice cap) plus a flat modifier."""
    return exploding_keep_highest(pool.dice_rolled, pool.dice_kept).shifted(flat)


def p_banzai(
    pool: BanzaiPool, tn: int, raises: int = 0, flat: int = 0, step: int = RAISE_STEP
) -> float:
    """The chance of a total of at least ``tn + step * raises`` (1 when no roll is needed);
    ``step`` is 5 unless an ability changes the character's Raise step."""
    if not pool.rolls_needed(tn, raises, step):
        return 1.0
    return banzai_distribution(pool, flat).p_at_least(raised_tn(tn, raises, step))


# ---------------------------------------------------------------------------------------------
# Whole expressions


def _term_distribution(term: DicePool | ChallengeDice) -> Distribution:
    if isinstance(term, ChallengeDice):
        distribution = challenge_distribution(term.count)
    elif term.keep is None:
        distribution = dice_sum(term.count, term.sides)
    else:
        distribution = keep_distribution(term.count, term.sides, term.keep, term.mode)
    if term.sign < 0:
        return Distribution(-distribution.high, distribution.units[::-1])
    return distribution


def expression_distribution(expression: Expression) -> Distribution:
    """The distribution of an expression's total."""
    if expression.is_banzai:
        return banzai_distribution(expression.banzai_pool(), expression.flat)
    parts = [_term_distribution(term) for term in expression.dice_terms]
    if len(parts) == 1:
        return parts[0].shifted(expression.flat)
    span = sum(len(part.units) for part in parts)
    if span > MAX_TOTALS:
        raise DiceExpressionError(
            f"{expression}: too many possible totals for exact odds (at most {MAX_TOTALS})"
        )
    poly = fx.ONE
    for part in parts:
        poly = fx.mul(poly, part.packed())
    low = expression.flat + sum(part.low for part in parts)
    high = expression.flat + sum(part.high for part in parts)
    return Distribution.from_packed(poly, low, high, offset=low)


def p_success(expression: Expression, tn: int, raises: int = 0, step: int = RAISE_STEP) -> float:
    """The chance that a roll of ``expression`` meets ``tn``.

    For a Banzai roll, each Raise adds ``step`` (5) to the TN and no roll needed counts as
    success; other expressions take no Raises.
    """
    check_raises(raises)
    if expression.is_banzai:
        return p_banzai(expression.banzai_pool(), tn, raises, expression.flat, step)
    if raises:
        raise DiceExpressionError("Raises belong to roll-and-keep (XkY) rolls")
    return expression_distribution(expression).p_at_least(tn)
