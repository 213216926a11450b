"""Probability polynomials packed into one Python integer, in fixed point.

The odds module works on distributions of small non-negative totals. A distribution is a
polynomial whose coefficient ``i`` is the probability of the total ``low + i``; here each
coefficient is a fixed-point number (units of ``2**-60``) stored in its own 128-bit slot of
one big integer. Adding, shifting and convolving distributions are then single big-integer
operations that run in C, which keeps a fresh process fast without numpy.

Every coefficient is at most ``ONE`` (a probability), so the product of two polynomials
never holds more than ``2**120`` in a slot and cannot spill into its neighbour; the
product is then brought back to 60 fraction bits slot by slot (``>> 60`` and a mask that
clears what the shift brought down from the slot above). Each rescale rounds down, by at
most one unit (about 9e-19) per coefficient.

>>> half = from_fraction(1, 2)
>>> coin = pack([half, half])           # 0 or 1 with even odds
>>> unpack(mul(coin, coin)) == [ONE // 4, ONE // 2, ONE // 4]
True
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from functools import lru_cache

#: Fraction bits of every coefficient: probabilities are multiples of 2**-60.
FRACTION_BITS = 60
#: Width of one coefficient's slot in the packed integer.
SLOT_BITS = 128
#: Probability 1 in fixed point.
ONE = 1 << FRACTION_BITS
#: Multiply a unit count by this to get a probability as a float.
UNIT = 2.0**-FRACTION_BITS

_SLOT_BYTES = SLOT_BITS // 8
#: Guard bits when turning outcome counts into probabilities.
_GUARD_BITS = 64


@lru_cache(maxsize=64)
def _mask(slots: int, dropped: int) -> int:
    # After ``>> dropped`` the low bits of each slot are the slot's own (floored) value;
    # its top ``dropped`` bits came down from the slot above and must be cleared.
    keep = ((1 << (SLOT_BITS - dropped)) - 1).to_bytes(_SLOT_BYTES, "little")
    return int.from_bytes(keep * slots, "little")


def _rescaled(product: int, dropped: int) -> int:
    """Every slot of ``product`` divided by ``2**dropped``, rounded down."""
    # The mask is rounded up to a power of two slots so that the cache holds a handful.
    slots = 1 << max(length(product) - 1, 0).bit_length()
    return (product >> dropped) & _mask(slots, dropped)


def length(poly: int) -> int:
    """The number of slots up to the highest non-zero coefficient."""
    return (poly.bit_length() + SLOT_BITS - 1) // SLOT_BITS


def from_fraction(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` in fixed point, rounded down (exact integer arithmetic)."""
    return (numerator << FRACTION_BITS) // denominator


def shift(poly: int, places: int) -> int:
    """Multiply by ``x**places``: every total grows by ``places``."""
    return poly << (SLOT_BITS * places)


def truncate(poly: int, slots: int) -> int:
    """Drop every coefficient from slot ``slots`` on (the tail beyond a cap)."""
    return poly & ((1 << (SLOT_BITS * slots)) - 1)


def mul(a: int, b: int) -> int:
    """The convolution of two fixed-point polynomials (the sum of independent totals)."""
    return _rescaled(a * b, FRACTION_BITS)


def scale(poly: int, weight: int) -> int:
    """Every coefficient times the fixed-point ``weight`` (at most ``ONE``)."""
    return _rescaled(poly * weight, FRACTION_BITS)


def rescale_counts(poly: int, outcomes: int) -> int:
    """Turn a polynomial of outcome counts (each at most ``outcomes``) into probabilities."""
    # With the guard bits every slot of the product stays below 2**124, and the factor
    # is exact to about 2**-64 of a unit.
    return _rescaled(poly * ((ONE << _GUARD_BITS) // outcomes), _GUARD_BITS)


def pack(units: Sequence[int]) -> int:
    """A packed polynomial from its coefficients (each below ``2**64``)."""
    words = array("Q", bytes(2 * 8 * len(units)))
    words[::2] = array("Q", units)
    if sys.byteorder == "big":
        words.byteswap()
    return int.from_bytes(words.tobytes(), "little")


def unpack(poly: int) -> list[int]:
    """The coefficients of a packed polynomial, lowest total first."""
    words = array("Q")
    words.frombytes(poly.to_bytes(length(poly) * _SLOT_BYTES, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    if any(words[1::2]):
        raise OverflowError("a coefficient outgrew 64 bits; the polynomial is not normalised")
    return words[::2].tolist()


def power(poly: int, exponent: int) -> int:
    """``poly`` convolved with itself ``exponent`` times (``ONE`` for exponent 0)."""
    result = ONE
    base = poly
    while exponent:
        if exponent & 1:
            result = mul(result, base)
        exponent >>= 1
        if exponent:
            base = mul(base, base)
    return result
