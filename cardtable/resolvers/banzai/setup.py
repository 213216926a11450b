"""What a Banzai roll asks for, and the dice it got.

:class:`BanzaiSetup` gathers the base ``XkY``, dice modifiers, difficulties, helpers, TN,
Raises and Free Raises, and hands the arithmetic to the dice engine
(:class:`~cardtable.dice.BanzaiPool`: modifiers all at once, the ``1k1`` floor, the ten-dice
cap, the no-roll rule) and its exact odds. :class:`BanzaiDice` holds rolled or physical
dice as chains of faces and which of them are kept. Both are frozen plain values.

>>> jo = BanzaiSetup("Jo", rolled=5, kept=3, tn=25, modifiers=[DiceModifier.parse("+2k2")])
>>> jo.pool, jo.rolls_needed
(BanzaiPool.of(7, 5), True)
>>> dice = BanzaiDice.given([3, 5, 5, 6, 9, 9, 13], keep=5)
>>> dice.kept_values, dice.total
((13, 9, 9, 6, 5), 42)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import evolve, field, frozen

from cardtable.counts import noun
from cardtable.dice import (
    RAISE_STEP,
    BanzaiPool,
    DiceExpressionError,
    Die,
    check_raise_step,
    keep_highest,
    p_banzai,
    raised_tn,
    roll_exploding_d10,
)
from cardtable.randomness import Rng
from cardtable.resolvers.banzai.steps import (
    MAX_RANK,
    BanzaiError,
    DiceModifier,
    Difficulty,
    Helper,
    counted,
    group_bonus,
)

#: The TN when nobody sets one.
SIMPLE_TN = 10
#: A die showing this face is rolled again and the faces added.
BANZAI_FACE = 10
#: Each two unused Raises make one Honor Point.
RAISES_PER_HONOR = 2
#: A flat modifier (the ``+3`` of ``7k5+3``) stays within this distance of 0.
MAX_FLAT = 10 * MAX_RANK


def honor_points(unused: int, cap: int) -> int:
    """Honor Points from unused Raises: one per two, at most ``cap`` (Void) per roll.

    >>> honor_points(5, 3), honor_points(9, 3)
    (2, 3)
    """
    return max(0, min(unused // RAISES_PER_HONOR, cap))


def _rank(value: int, what: str) -> None:
    if not 0 <= value <= MAX_RANK:
        raise BanzaiError(f"{what} runs from 0 to {MAX_RANK}, not {value}")


def _modifiers(values: Iterable[DiceModifier]) -> tuple[DiceModifier, ...]:
    return tuple(values)


def _difficulties(values: Iterable[Difficulty]) -> tuple[Difficulty, ...]:
    return tuple(values)


def _helpers(values: Iterable[Helper]) -> tuple[Helper, ...]:
    return tuple(values)


@frozen
class BanzaiSetup:
    """What a roll asks for, before any die is rolled.

    ``rolled`` and ``kept`` are the base ``XkY`` (usually Skill and Element; a group roll
    caps its helpers' bonus with them). ``tn`` is None only for a side of an opposed roll,
    whose TN is the other's total. ``void`` (or, without Void, ``lowest_element``) limits
    Raises, one more per helper, and caps Honor Points. ``free_raises`` come from abilities;
    the ten-dice cap adds its own. ``character`` is the id of the character rolling at the
    table (empty for a roll no sheet is behind). ``raise_step`` is what each declared Raise
    adds to the TN: 5, unless an ability changes the character's step.
    """

    actor: str
    rolled: int
    kept: int
    tn: int | None = SIMPLE_TN
    raises: int = 0
    void: int | None = None
    lowest_element: int | None = None
    free_raises: int = 0
    flat: int = 0
    modifiers: tuple[DiceModifier, ...] = field(default=(), converter=_modifiers)
    difficulties: tuple[Difficulty, ...] = field(default=(), converter=_difficulties)
    helpers: tuple[Helper, ...] = field(default=(), converter=_helpers)
    character: str = ""
    raise_step: int = RAISE_STEP

    def __attrs_post_init__(self) -> None:
        try:
            check_raise_step(self.raise_step)
        except DiceExpressionError as exc:
            raise BanzaiError(f"{self.actor}: {exc}") from None
        _rank(self.rolled, "The dice rolled")
        _rank(self.kept, "The dice kept")
        for rank, what in ((self.void, "Void"), (self.lowest_element, "An Element")):
            if rank is not None:
                _rank(rank, what)
        _rank(self.free_raises, "Free Raises")
        if self.tn is not None and not 0 <= self.tn <= 10 * MAX_RANK:
            raise BanzaiError(f"A TN runs from 0 to {10 * MAX_RANK}, not {self.tn}")
        if abs(self.flat) > MAX_FLAT:
            raise BanzaiError(f"A flat modifier stays within ±{MAX_FLAT}, not {self.flat}")
        if self.raises < 0:
            raise BanzaiError(f"Declare 0 or more Raises, not {self.raises}")
        if self.raises:
            limit = self.raise_limit
            if limit is None:
                raise BanzaiError(
                    f"Give {self.actor}'s Void (or, without Void, lowest Element) to declare "
                    "Raises"
                )
            if self.raises > limit:
                raise BanzaiError(
                    f"{self.actor} may declare at most {limit} Raise"
                    f"{'s' if limit != 1 else ''}, not {self.raises}"
                )

    # -- the pool -------------------------------------------------------------------------

    @property
    def counted_difficulties(self) -> tuple[Difficulty, ...]:
        """The difficulties that count (of conditions of one kind, only the worst)."""
        return counted(self.difficulties)

    @property
    def dice_modifiers(self) -> tuple[DiceModifier, ...]:
        """Every dice modifier that applies, with its source: the given ones, each counted
        difficulty, and the helpers' bonus."""
        steps = tuple(d.modifier for d in self.counted_difficulties)
        help_ = (group_bonus(self.rolled, self.kept, self.helpers),) if self.helpers else ()
        return self.modifiers + steps + help_

    @property
    def pool(self) -> BanzaiPool:
        """The pool after every modifier at once, the ``1k1`` floor and kept <= rolled."""
        return BanzaiPool.of(
            self.rolled, self.kept, [(m.rolled, m.kept) for m in self.dice_modifiers]
        )

    @property
    def written(self) -> str:
        """The pool with the flat modifier, as a dice expression writes it: ``5k3+3``."""
        return f"{self.pool}" + (f"{self.flat:+d}" if self.flat else "")

    # -- the target -----------------------------------------------------------------------

    @property
    def raise_limit(self) -> int | None:
        """Void (or the lowest Element), plus one per helper; None when neither is known."""
        base = self.void if self.void is not None else self.lowest_element
        return None if base is None else base + len(self.helpers)

    @property
    def honor_cap(self) -> int:
        """At most this many Honor Points per roll (Void, or the lowest Element)."""
        base = self.void if self.void is not None else self.lowest_element
        return base or 0

    @property
    def target(self) -> int | None:
        """The TN plus the Raise step (5 unless an ability changes it) per declared Raise."""
        return None if self.tn is None else raised_tn(self.tn, self.raises, self.raise_step)

    @property
    def total_free_raises(self) -> int:
        """Free Raises from abilities and from the ten-dice cap."""
        return self.free_raises + self.pool.free_raises

    @property
    def rolls_needed(self) -> bool:
        """False when rolled + kept (after modifiers, before the cap) beats the raised TN."""
        return self.tn is None or self.pool.rolls_needed(self.tn, self.raises, self.raise_step)

    def odds(self) -> float:
        """The chance of a total of at least the raised TN (1 when no roll is needed)."""
        if self.tn is None:
            raise BanzaiError("An opposed side has no TN of its own; ask the opposed roll")
        return p_banzai(self.pool, self.tn, self.raises, self.flat, self.raise_step)

    def with_raises(self, raises: int) -> BanzaiSetup:
        """The same set-up with ``raises`` declared (checked against the limit)."""
        return evolve(self, raises=raises)


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _chains(values: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(chain) for chain in values)


def _chain(value: int | Sequence[int]) -> tuple[int, ...]:
    """A die's faces from its total (13 is 10 then 3) or from its faces."""
    if isinstance(value, int):
        if value < 1 or value % BANZAI_FACE == 0:
            raise BanzaiError(
                f"A Banzai die is worth 1 to 9, or 10 plus what followed (13 for 10 then 3), "
                f"not {value}"
            )
        return (BANZAI_FACE,) * (value // BANZAI_FACE) + (value % BANZAI_FACE,)
    faces = tuple(value)
    if not faces or faces[-1] == BANZAI_FACE:
        raise BanzaiError(
            f"A 10 is rolled again: give the faces that followed it, not {list(faces)}"
        )
    return faces


@frozen
class BanzaiDice:
    """Rolled Banzai dice: each die's chain of faces, and the indices of the kept ones
    (the most valuable first)."""

    chains: tuple[tuple[int, ...], ...] = field(converter=_chains)
    kept: tuple[int, ...] = field(converter=_ints)

    def __attrs_post_init__(self) -> None:
        for chain in self.chains:
            if not chain or any(not 1 <= f <= BANZAI_FACE for f in chain) or any(
                f != BANZAI_FACE for f in chain[:-1]
            ):
                raise BanzaiError(f"{list(chain)} is not a Banzai die's chain of faces")
        if len(set(self.kept)) != len(self.kept) or len(self.kept) > len(self.chains):
            raise BanzaiError(f"Keep different dice, at most the {len(self.chains)} rolled")
        if any(not 0 <= i < len(self.chains) for i in self.kept):
            raise BanzaiError(f"Choose among the dice numbered 0 to {len(self.chains) - 1}")

    @classmethod
    def roll(cls, pool: BanzaiPool, rng: Rng) -> BanzaiDice:
        """Roll the pool's dice (at most 10) and keep the highest."""
        dice = [roll_exploding_d10(rng) for _ in range(pool.dice_rolled)]
        return cls([d.faces for d in dice], keep_highest(dice, pool.dice_kept))

    @classmethod
    def given(cls, dice: Iterable[int | Sequence[int]], keep: int) -> BanzaiDice:
        """Physical dice, each as its total (``13``) or its faces (``(10, 3)``), keeping
        the highest ``keep``."""
        chains = [_chain(value) for value in dice]
        if not 1 <= keep <= len(chains):
            raise BanzaiError(f"Keep 1 to {len(chains)} of these dice, not {keep}")
        return cls(chains, keep_highest([Die.chain(c) for c in chains], keep))

    @property
    def dice(self) -> tuple[Die, ...]:
        """The dice as the engine shows them."""
        return tuple(Die.chain(chain) for chain in self.chains)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(sum(chain) for chain in self.chains)

    @property
    def kept_values(self) -> tuple[int, ...]:
        return tuple(sum(self.chains[i]) for i in self.kept)

    @property
    def total(self) -> int:
        """The sum of the kept dice."""
        return sum(self.kept_values)

    def keeping(self, indices: Iterable[int]) -> BanzaiDice:
        """The same dice keeping the chosen ones (as many as before)."""
        chosen = tuple(indices)
        if len(chosen) != len(self.kept):
            keep = len(self.kept)
            raise BanzaiError(f"Keep exactly {keep} {noun(keep, 'die', 'dice')}, not {len(chosen)}")
        if len(set(chosen)) != len(chosen) or any(
            not 0 <= i < len(self.chains) for i in chosen
        ):
            raise BanzaiError(
                f"Choose {len(self.kept)} different dice numbered 0 to {len(self.chains) - 1}"
            )
        order = sorted(chosen, key=lambda i: (-sum(self.chains[i]), i))
        return evolve(self, kept=order)

    def text(self) -> str:
        return " ".join(str(die) for die in self.dice)


def pool_notes(terms: BanzaiSetup) -> tuple[str, ...]:
    """What the ten-dice cap did to a pool, and the Free Raises from abilities."""
    pool = terms.pool
    notes = []
    if pool.free_raises:
        become = "becomes a Free Raise" if pool.free_raises == 1 else "become Free Raises"
        free = pool.free_raises
        notes.append(f"ten-dice cap: {free} {noun(free, 'die', 'dice')} beyond 10 {become}")
    if pool.kept > pool.dice_kept:
        notes.append(f"ten-dice cap: {pool.kept - pool.dice_kept} kept dice beyond 10 lost")
    if terms.free_raises:
        plural = "s" if terms.free_raises > 1 else ""
        notes.append(f"{terms.free_raises} Free Raise{plural} from abilities")
    return tuple(notes)
