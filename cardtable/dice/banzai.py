"""Banzai pool arithmetic: what an ``XkY`` roll becomes once every rule has had its say.

The rules (``shared/rules/banzai.md``), in the order they apply:

1. Dice modifiers (``+AkB`` / ``-AkB``, difficulty steps) all apply at once.
2. If fewer dice are rolled than kept, kept = rolled; a roll is never below ``1k1``.
3. **No roll needed** when rolled + kept (here, before the cap) is greater than the TN
   raised by 5 for each Raise (or the character's own Raise step).
4. **Ten-dice cap**: at most 10 dice are rolled and 10 kept; each rolled die beyond 10 is
   a Free Raise, kept dice beyond 10 are lost.

>>> BanzaiPool.of(5, 4, [(-1, 0), (2, 0), (0, -3)])   # 5k4 -1k0 +2k0 -0k3
BanzaiPool.of(6, 1)
>>> pool = BanzaiPool.of(12, 3)
>>> (pool.dice_rolled, pool.dice_kept, pool.free_raises)
(10, 3, 2)
>>> BanzaiPool.of(7, 4).rolls_needed(tn=10)             # 7 + 4 = 11 > 10
False
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from cardtable.dice.errors import DiceExpressionError

#: At most this many dice are rolled, and this many kept, whatever the pool says.
TEN_DICE_CAP = 10
#: Each declared Raise adds this to the target number (abilities may change a character's).
RAISE_STEP = 5
#: The largest Raise step a character may have (a Raise worth two of the usual ones).
MAX_RAISE_STEP = 10
#: A sanity bound on declared Raises (the rules cap them at Void rank, far below this).
MAX_RAISES = 100


def raised_tn(tn: int, raises: int = 0, step: int = RAISE_STEP) -> int:
    """The target number once ``raises`` declared Raises are added (``step`` each, 5
    unless an ability changes it).

    >>> raised_tn(10, 2), raised_tn(10, 2, step=7)
    (20, 24)
    """
    check_raises(raises)
    check_raise_step(step)
    return tn + step * raises


def check_raise_step(step: int) -> None:
    """Refuse a Raise step outside 1 to :data:`MAX_RAISE_STEP`."""
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= MAX_RAISE_STEP:
        raise DiceExpressionError(
            f"a Raise adds 1 to {MAX_RAISE_STEP} to the TN (5 unless an ability changes it), "
            f"not {step}"
        )


def check_raises(raises: int) -> None:
    """Refuse a negative or absurd number of Raises."""
    if not 0 <= raises <= MAX_RAISES:
        raise DiceExpressionError(f"declare between 0 and {MAX_RAISES} Raises, not {raises}")


def _at_least_one(instance: object, attribute: object, value: int) -> None:
    if value < 1:
        raise DiceExpressionError(f"a Banzai pool rolls and keeps at least one die, not {value}")


@frozen(repr=False)
class BanzaiPool:
    """An ``XkY`` pool after modifiers, the ``1k1`` floor and kept <= rolled.

    ``rolled`` and ``kept`` are before the ten-dice cap (the no-roll rule looks at them);
    :attr:`dice_rolled`, :attr:`dice_kept` and :attr:`free_raises` are after it.
    """

    rolled: int = field(validator=_at_least_one)
    kept: int = field(validator=_at_least_one)

    def __attrs_post_init__(self) -> None:
        if self.kept > self.rolled:
            raise DiceExpressionError(
                f"a pool keeps at most the dice it rolls ({self.rolled}k{self.kept})"
            )

    @classmethod
    def of(
        cls, rolled: int, kept: int, modifiers: Iterable[tuple[int, int]] = ()
    ) -> BanzaiPool:
        """The pool ``rolled``k``kept`` with every dice modifier ``(A, B)`` applied at once.

        ``-1k0`` is ``(-1, 0)``. Pass all the modifiers of a roll (difficulty steps, helpers'
        ``+1k1``) in one call: the floor and kept <= rolled apply only to the final sums.
        """
        for extra_rolled, extra_kept in modifiers:
            rolled += extra_rolled
            kept += extra_kept
        kept = max(min(kept, rolled), 1)
        return cls(max(rolled, 1), kept)

    @property
    def dice_rolled(self) -> int:
        """Dice actually rolled (at most 10)."""
        return min(self.rolled, TEN_DICE_CAP)

    @property
    def dice_kept(self) -> int:
        """Dice actually kept (at most 10)."""
        return min(self.kept, TEN_DICE_CAP)

    @property
    def free_raises(self) -> int:
        """One Free Raise per rolled die beyond the ten-dice cap."""
        return max(self.rolled - TEN_DICE_CAP, 0)

    def rolls_needed(self, tn: int, raises: int = 0, step: int = RAISE_STEP) -> bool:
        """False when rolled + kept beats the raised TN, so no roll is needed."""
        return self.rolled + self.kept <= raised_tn(tn, raises, step)

    def __str__(self) -> str:
        return f"{self.rolled}k{self.kept}"

    def __repr__(self) -> str:
        return f"BanzaiPool.of({self.rolled}, {self.kept})"

