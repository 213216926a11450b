"""What every part of the pool Challenge shares: half-up rounding and the refusal error.

The rules round halves up everywhere (a loss of half of 3 is 2, a bonus of 3/4 is 1), so
one function does it, on exact fractions, never on floats.

>>> round_half_up(Fraction(3, 2)), round_half_up(Fraction(1, 2)), round_half_up(Fraction(5, 4))
(2, 1, 1)
>>> half_up(7)
4
"""

from __future__ import annotations

import math
from fractions import Fraction

from cardtable.refusals import Refusal


class PoolChallengeError(Refusal):
    """A request the pool Challenge refuses, with the reason a player can act on."""


def round_half_up(value: Fraction | int) -> int:
    """``value`` rounded to the nearest whole number, halves going up (2.5 -> 3, -2.5 -> -2)."""
    return math.floor(Fraction(value) + Fraction(1, 2))


def half_up(value: int) -> int:
    """Half of ``value``, rounded half up: the loss a side that is not weaker takes."""
    return round_half_up(Fraction(value, 2))


def require_whole(value: int, what: str) -> None:
    """Refuse a negative count (a rating, a bonus, a number of pool points)."""
    if value < 0:
        raise PoolChallengeError(f"{what} cannot be negative (got {value}).")
