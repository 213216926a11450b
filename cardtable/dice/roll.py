"""Rolling dice: every face, every explosion chain, what was kept, the total and success.

What was asked (an :class:`~cardtable.dice.expression.Expression` or a
:class:`~cardtable.dice.banzai.BanzaiPool`) stays apart from what happened (a
:class:`RollResult`). Every face is drawn with ``rng.randint(1, sides)`` from the
:data:`~cardtable.randomness.Rng` passed in, so a seeded source replays a roll exactly and a
test can script the faces.

>>> from cardtable.randomness import seeded
>>> result = roll_expression(Expression.parse("7k5"), seeded(1), tn=25)
>>> result == roll_expression(Expression.parse("7k5"), seeded(1), tn=25)
True
>>> len(result.groups[0].dice), len(result.groups[0].kept)
(7, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import evolve, field, frozen

from cardtable.counts import counted
from cardtable.dice.banzai import TEN_DICE_CAP, BanzaiPool, check_raises, raised_tn
from cardtable.dice.errors import DiceExpressionError
from cardtable.dice.expression import (
    ChallengeDice,
    DicePool,
    Expression,
    Flat,
    KeepMode,
    RollAndKeep,
)
from cardtable.randomness import Rng

#: A Banzai die is a d10 ...
BANZAI_SIDES = 10
#: ... rolled again, and the new face added, each time it shows this face.
EXPLODES_ON = 10
#: A chain of tens stops after this many rerolls; the die is then marked ``capped``.
EXPLOSION_CAP = 100
#: The crisis dice and the pool Challenge's challenge dice are six-sided.
D6 = 6

CAP_NOTE = f"a chain of tens stopped at the cap of {EXPLOSION_CAP} rerolls"


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _dice(dice: Iterable[Die]) -> tuple[Die, ...]:
    return tuple(dice)


def _groups(groups: Iterable[DiceGroup]) -> tuple[DiceGroup, ...]:
    return tuple(groups)


def challenge_value(face: int) -> int:
    """What a challenge die's face is worth: 0 on a 1, 2 on a 6, 1 otherwise.

    >>> [challenge_value(face) for face in range(1, 7)]
    [0, 1, 1, 1, 1, 2]
    """
    if not 1 <= face <= D6:
        raise ValueError(f"a challenge die shows 1 to 6, not {face}")
    return 0 if face == 1 else 2 if face == D6 else 1


@frozen(repr=False)
class Die:
    """One die as rolled: its faces (several for an explosion chain) and what it is worth."""

    faces: tuple[int, ...] = field(converter=_ints)
    value: int
    capped: bool = False

    @classmethod
    def plain(cls, face: int) -> Die:
        """A die worth the face it shows."""
        return cls((face,), face)

    @classmethod
    def chain(cls, faces: Iterable[int], capped: bool = False) -> Die:
        """An exploding die: the faces of its chain, worth their sum."""
        faces = tuple(faces)
        return cls(faces, sum(faces), capped)

    @classmethod
    def challenge(cls, face: int) -> Die:
        """A challenge die showing ``face`` (worth 0, 1 or 2)."""
        return cls((face,), challenge_value(face))

    @property
    def exploded(self) -> bool:
        return len(self.faces) > 1

    def __str__(self) -> str:
        if self.exploded or self.capped:
            cap = "…" if self.capped else ""
            return f"[{'→'.join(map(str, self.faces))}{cap}={self.value}]"
        if self.value != self.faces[0]:
            return f"[{self.faces[0]}={self.value}]"
        return f"[{self.value}]"

    def __repr__(self) -> str:
        if self.exploded or self.capped:
            capped = ", capped=True" if self.capped else ""
            return f"Die.chain({self.faces!r}{capped})"
        if self.value != self.faces[0]:
            return f"Die.challenge({self.faces[0]})"
        return f"Die.plain({self.value})"


@frozen
class DiceGroup:
    """The dice of one pool, which of them count, and their signed total.

    ``kept`` holds indices into ``dice``, the best (or, for keep-lowest, the worst) first.
    """

    label: str
    dice: tuple[Die, ...] = field(converter=_dice)
    kept: tuple[int, ...] = field(converter=_ints)
    sign: int = 1

    def __attrs_post_init__(self) -> None:
        if len(set(self.kept)) != len(self.kept) or not all(
            0 <= index < len(self.dice) for index in self.kept
        ):
            raise ValueError(f"kept dice {self.kept} are not distinct dice of {len(self.dice)}")

    @property
    def kept_dice(self) -> tuple[Die, ...]:
        return tuple(self.dice[index] for index in self.kept)

    @property
    def dropped_dice(self) -> tuple[Die, ...]:
        kept = set(self.kept)
        return tuple(die for index, die in enumerate(self.dice) if index not in kept)

    @property
    def total(self) -> int:
        return self.sign * sum(die.value for die in self.kept_dice)


@frozen
class RollResult:
    """A finished roll: the dice of each pool, flat modifiers, TN, Raises and success.

    ``tn`` is the target number as asked; :attr:`target` adds 5 per declared Raise.
    When ``no_roll`` is set, rolled + kept beat the target and no dice were rolled, so
    :attr:`total` is None and the roll succeeds.
    """

    expression: Expression
    groups: tuple[DiceGroup, ...] = field(converter=_groups)
    flat: int = 0
    tn: int | None = None
    raises: int = 0
    free_raises: int = 0
    no_roll: bool = False
    lost_kept: int = 0

    @property
    def total(self) -> int | None:
        if self.no_roll:
            return None
        return sum(group.total for group in self.groups) + self.flat

    @property
    def target(self) -> int | None:
        return None if self.tn is None else raised_tn(self.tn, self.raises)

    @property
    def success(self) -> bool | None:
        """Whether the total meets the target; None when there is no TN."""
        if self.target is None:
            return None
        if self.no_roll:
            return True
        total = self.total
        return total is not None and total >= self.target

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die of every pool, in the order rolled."""
        return tuple(die for group in self.groups for die in group.dice)

    @property
    def capped(self) -> bool:
        """True when an explosion chain was cut short by :data:`EXPLOSION_CAP`."""
        return any(die.capped for die in self.dice)

    @property
    def notes(self) -> tuple[str, ...]:
        """What a player should know beyond the dice: no roll, Free Raises, the caps."""
        notes = []
        if self.no_roll and self.expression.is_banzai and self.target is not None:
            pool = self.expression.banzai_pool()
            notes.append(
                f"no roll needed: {pool.rolled} + {pool.kept} = {pool.rolled + pool.kept}"
                f" beats TN {self.target}"
            )
        if self.free_raises:
            become = "becomes a Free Raise" if self.free_raises == 1 else "become Free Raises"
            notes.append(
                f"ten-dice cap: {counted(self.free_raises, 'die', 'dice')} beyond {TEN_DICE_CAP} "
                f"{become}"
            )
        if self.lost_kept:
            notes.append(f"ten-dice cap: {self.lost_kept} kept dice beyond {TEN_DICE_CAP} lost")
        if self.capped:
            notes.append(CAP_NOTE)
        return tuple(notes)

    def keeping(self, indices: Iterable[int]) -> RollResult:
        """The same Banzai roll keeping the chosen dice (indices into ``groups[0].dice``).

        The player may keep any dice; the count must be the pool's kept dice.
        """
        if not self.expression.is_banzai or len(self.groups) != 1:
            raise DiceExpressionError("only a rolled roll-and-keep (XkY) roll can choose its dice")
        group = self.groups[0]
        chosen = tuple(indices)
        if len(chosen) != len(group.kept):
            keep = counted(len(group.kept), "die", "dice")
            raise DiceExpressionError(f"keep exactly {keep}, not {len(chosen)}")
        if len(set(chosen)) != len(chosen) or not all(0 <= i < len(group.dice) for i in chosen):
            raise DiceExpressionError(
                f"choose {len(group.kept)} different dice numbered 0 to {len(group.dice) - 1}"
            )
        ordered = sorted(chosen, key=lambda index: (-group.dice[index].value, index))
        return evolve(self, groups=(evolve(group, kept=tuple(ordered)),))


# ---------------------------------------------------------------------------------------------
# Rolling single dice (the resolvers use these directly)


def roll_faces(count: int, sides: int, rng: Rng) -> tuple[int, ...]:
    """``count`` faces of ``sides``-sided dice, in the order rolled."""
    return tuple(rng.randint(1, sides) for _ in range(count))


def roll_d6(count: int, rng: Rng) -> tuple[int, ...]:
    """``count`` six-sided dice: a crisis pool, or one pushed die with ``count=1``."""
    return roll_faces(count, D6, rng)


def roll_challenge_dice(count: int, rng: Rng) -> tuple[Die, ...]:
    """``count`` challenge dice (d6 worth 0/1/1/1/1/2)."""
    return tuple(Die.challenge(face) for face in roll_d6(count, rng))


def roll_exploding_d10(rng: Rng) -> Die:
    """One Banzai die: a d10 rolled again, the faces added, while it shows 10.

    The chain stops after :data:`EXPLOSION_CAP` rerolls and is then marked ``capped``.
    """
    faces = [rng.randint(1, BANZAI_SIDES)]
    while faces[-1] == EXPLODES_ON:
        if len(faces) > EXPLOSION_CAP:
            return Die.chain(faces, capped=True)
        faces.append(rng.randint(1, BANZAI_SIDES))
    return Die.chain(faces)


def keep_highest(dice: Sequence[Die], count: int) -> tuple[int, ...]:
    """Indices of the ``count`` most valuable dice, best first (earlier die wins a tie)."""
    return tuple(sorted(range(len(dice)), key=lambda i: (-dice[i].value, i))[:count])


def keep_lowest(dice: Sequence[Die], count: int) -> tuple[int, ...]:
    """Indices of the ``count`` least valuable dice, worst first (earlier die wins a tie)."""
    return tuple(sorted(range(len(dice)), key=lambda i: (dice[i].value, i))[:count])


# ---------------------------------------------------------------------------------------------
# Rolling whole pools and expressions


def roll_banzai(
    pool: BanzaiPool,
    rng: Rng,
    *,
    tn: int | None = None,
    raises: int = 0,
    flat: int = 0,
    expression: Expression | None = None,
) -> RollResult:
    """Roll a Banzai pool, keeping the highest dice (see :meth:`RollResult.keeping`).

    With a ``tn`` and rolled + kept above the raised TN, no dice are rolled: the result has
    ``no_roll`` set and succeeds. Raises need a TN.
    """
    check_raises(raises)
    if raises and tn is None:
        raise DiceExpressionError("Raises add to a target number: give a TN too")
    if expression is None:
        terms: tuple[RollAndKeep | Flat, ...] = (RollAndKeep(pool.rolled, pool.kept),)
        expression = Expression(terms + ((Flat(flat),) if flat else ()))
    no_roll = tn is not None and not pool.rolls_needed(tn, raises)
    groups: tuple[DiceGroup, ...] = ()
    if not no_roll:
        dice = tuple(roll_exploding_d10(rng) for _ in range(pool.dice_rolled))
        label = f"{pool.dice_rolled}k{pool.dice_kept}"
        groups = (DiceGroup(label, dice, keep_highest(dice, pool.dice_kept)),)
    return RollResult(
        expression,
        groups,
        flat=flat,
        tn=tn,
        raises=raises,
        free_raises=pool.free_raises,
        no_roll=no_roll,
        lost_kept=pool.kept - pool.dice_kept,
    )


def roll_expression(
    expression: Expression, rng: Rng, *, tn: int | None = None, raises: int = 0
) -> RollResult:
    """Roll every pool of an expression, in the order written.

    Success is a total of at least ``tn`` (plus 5 per Raise; Raises only for ``XkY``).
    """
    if expression.is_banzai:
        return roll_banzai(
            expression.banzai_pool(),
            rng,
            tn=tn,
            raises=raises,
            flat=expression.flat,
            expression=expression,
        )
    if raises:
        raise DiceExpressionError("Raises belong to roll-and-keep (XkY) rolls")
    groups = tuple(_roll_term(term, rng) for term in expression.dice_terms)
    return RollResult(expression, groups, expression.flat, tn)


def _roll_term(term: DicePool | ChallengeDice, rng: Rng) -> DiceGroup:
    if isinstance(term, ChallengeDice):
        dice = roll_challenge_dice(term.count, rng)
        return DiceGroup(term.text(), dice, range(len(dice)), term.sign)
    dice = tuple(Die.plain(face) for face in roll_faces(term.count, term.sides, rng))
    if term.keep is None:
        kept: tuple[int, ...] = tuple(range(len(dice)))
    elif term.mode is KeepMode.HIGHEST:
        kept = keep_highest(dice, term.keep)
    else:
        kept = keep_lowest(dice, term.keep)
    return DiceGroup(term.text(), dice, kept, term.sign)


def roll(text: str, rng: Rng, *, tn: int | None = None, raises: int = 0) -> RollResult:
    """Parse ``text`` and roll it: ``roll("7k5", rng, tn=25)``."""
    return roll_expression(Expression.parse(text), rng, tn=tn, raises=raises)
