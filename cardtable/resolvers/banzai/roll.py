"""Banzai: one d10 roll-and-keep (``XkY``) roll against a target number, step by step.

A :class:`BanzaiSetup` says what is asked: the base pool (usually Skill and Element), dice
modifiers, difficulty steps and conditions, helpers, the TN, Raises and Free Raises. The
dice engine (:class:`~cardtable.dice.BanzaiPool`) applies every modifier at once, the
``1k1`` floor, the ten-dice cap and the no-roll rule; :meth:`BanzaiSetup.odds` is the
engine's exact chance of meeting the raised TN. A :class:`BanzaiRoll` then plays it: roll
(or take physical dice), choose the dice to keep, decide success (failing on purpose is
allowed), spend Raises on bonus Effects, and finish, turning unused Raises into Honor
Points. Every step returns a frozen event whose ``text()`` is the log line; all state is
plain values, so the session saves it with cattrs. The set-up and dice are in
:mod:`cardtable.resolvers.banzai.setup`, difficulty steps, conditions and group help in
:mod:`cardtable.resolvers.banzai.steps`, opposed rolls in
:mod:`cardtable.resolvers.banzai.opposed`. Rules: ``rules/banzai.md``.

>>> keiko = BanzaiRoll(BanzaiSetup("Keiko", rolled=7, kept=3, tn=10, raises=2, void=3))
>>> keiko.terms.target, keiko.terms.rolls_needed
(20, True)
>>> print(keiko.roll_given([9, 8, 12, 3, 1, 2, 4]).text())
Keiko rolled 7k3: [9] [8] [10→2=12] [3] [1] [2] [4]; keeps 12, 9, 8 = 29 against TN 20: met.
>>> print(keiko.decide().text())
Keiko meets TN 20 with 29 and succeeds, with 2 Raises for bonus Effects.

Decisions where the rules are silent: without a Void rank, the lowest Element caps Honor
Points as it caps Raises; a roll that falls short of its raised TN has no Raises to spend
or convert (Free Raises included); a roll that meets it keeps them all even when the
player chooses to fail.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from attrs import define, field, frozen

from cardtable.counts import counted
from cardtable.dice import RAISE_STEP
from cardtable.randomness import Rng
from cardtable.resolvers.banzai.setup import (
    SIMPLE_TN,
    BanzaiDice,
    BanzaiSetup,
    honor_points,
    pool_notes,
)
from cardtable.resolvers.banzai.steps import (
    BanzaiError,
    Condition,
    ConditionKind,
    DiceModifier,
    Difficulty,
    Helper,
    Step,
    step_dice,
    step_name,
)

__all__ = [
    "SIMPLE_TN",
    "BanzaiDice",
    "BanzaiError",
    "BanzaiFinished",
    "BanzaiOutcome",
    "BanzaiPhase",
    "BanzaiRoll",
    "BanzaiRolled",
    "BanzaiSetup",
    "Condition",
    "ConditionKind",
    "Decided",
    "DiceKept",
    "DiceModifier",
    "Difficulty",
    "EffectSpent",
    "Helper",
    "NoRollNeeded",
    "RaisesDeclared",
    "Step",
    "honor_points",
    "step_dice",
    "step_name",
]


def _sum_text(dice: BanzaiDice, flat: int) -> str:
    flat_text = f" {flat:+d}".replace("+", "+ ").replace("-", "- ") if flat else ""
    return f"{', '.join(map(str, dice.kept_values))}{flat_text} = {dice.total + flat}"


def _raises(count: int) -> str:
    return f"{count} Raise{'s' if count != 1 else ''}"


# ---------------------------------------------------------------------------------------------
# Events


@frozen
class RaisesDeclared:
    actor: str
    raises: int
    target: int | None
    limit: int | None
    #: What each Raise adds to the TN (5 unless an ability changes the character's step).
    step: int = RAISE_STEP

    def text(self) -> str:
        target = f": TN {self.target}" if self.target is not None else ""
        each = f" of {self.step}" if self.step != RAISE_STEP else ""
        return f"{self.actor} declares {_raises(self.raises)}{each}{target}."


@frozen
class BanzaiRolled:
    """The dice are down, the highest kept; ``target`` is None for an opposed side."""

    actor: str
    pool: str
    dice: BanzaiDice
    flat: int = 0
    target: int | None = None
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.dice.total + self.flat

    def text(self) -> str:
        line = f"{self.actor} rolled {self.pool}: {self.dice.text()}; keeps "
        line += _sum_text(self.dice, self.flat)
        if self.target is not None:
            line += f" against TN {self.target}: {'met' if self.total >= self.target else 'short'}"
        notes = f" ({'; '.join(self.notes)})" if self.notes else ""
        return line + notes + "."


@frozen
class NoRollNeeded:
    """Rolled + kept beat the raised TN: narrative control without rolling."""

    actor: str
    rolled: int
    kept: int
    target: int

    def text(self) -> str:
        return (
            f"{self.actor} needs no roll: {self.rolled}k{self.kept}, {self.rolled} + "
            f"{self.kept} = {self.rolled + self.kept} beats TN {self.target}."
        )


@frozen
class DiceKept:
    actor: str
    dice: BanzaiDice
    flat: int = 0
    target: int | None = None

    def text(self) -> str:
        line = f"{self.actor} keeps {_sum_text(self.dice, self.flat)}"
        if self.target is not None:
            met = self.dice.total + self.flat >= self.target
            line += f" against TN {self.target}: {'met' if met else 'short'}"
        return line + "."


@frozen
class Decided:
    """Whether the roll met its raised TN, and what the player chose."""

    actor: str
    total: int | None
    target: int
    success: bool
    raises: int

    @property
    def met(self) -> bool:
        return self.total is None or self.total >= self.target

    def text(self) -> str:
        total = "without rolling" if self.total is None else f"with {self.total}"
        if not self.met:
            return f"{self.actor} falls short of TN {self.target} {total}: failure."
        choice = "succeeds" if self.success else "chooses to fail"
        raises = f", with {_raises(self.raises)} for bonus Effects" if self.raises else ""
        return f"{self.actor} meets TN {self.target} {total} and {choice}{raises}."


@frozen
class EffectSpent:
    actor: str
    number: int
    available: int
    effect: str = ""

    def text(self) -> str:
        what = f": {self.effect}" if self.effect else ""
        spent = f"Raise {self.number} of {self.available}"
        return f"{self.actor} spends {spent} on a bonus Effect{what}."


@frozen
class BanzaiOutcome:
    """How a roll ended: total (None without a roll), raised TN, success, Raises spent on
    bonus Effects, and the Honor Points the unused ones made."""

    actor: str
    total: int | None
    target: int
    met: bool
    success: bool
    raises: int
    effects: tuple[str, ...] = ()
    honor_points: int = 0

    @property
    def unused(self) -> int:
        return self.raises - len(self.effects)

    def text(self) -> str:
        result = "success" if self.success else "failure"
        total = "no roll" if self.total is None else f"{self.total}"
        line = f"{self.actor}: {result} ({total} against TN {self.target})"
        if self.effects:
            line += f", {len(self.effects)} bonus Effect{'s' if len(self.effects) > 1 else ''}"
        if self.honor_points:
            line += (
                f", {_raises(self.unused)} unused make {self.honor_points} Honor "
                f"Point{'s' if self.honor_points > 1 else ''}"
            )
        return line + "."


@frozen
class BanzaiFinished:
    outcome: BanzaiOutcome

    def text(self) -> str:
        return self.outcome.text()


# ---------------------------------------------------------------------------------------------
# The roll


def _texts(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


class BanzaiPhase(enum.Enum):
    #: Raises may still be declared.
    SET_UP = "set up"
    #: The dice are down (or no roll was needed); dice may still be chosen.
    ROLLED = "rolled"
    #: Success or failure is decided; Raises may be spent on bonus Effects.
    DECIDED = "decided"
    FINISHED = "finished"


@define
class BanzaiRoll:
    """One unopposed roll, step by step.

    Steps: :meth:`declare_raises` (optional); :meth:`roll` or :meth:`roll_given` (which
    roll nothing when no roll is needed); :meth:`keep` (optional); :meth:`decide`;
    :meth:`spend` per bonus Effect; :meth:`finish`. A step not allowed now raises
    :class:`BanzaiError` and changes nothing.
    """

    terms: BanzaiSetup
    phase: BanzaiPhase = BanzaiPhase.SET_UP
    dice: BanzaiDice | None = None
    no_roll: bool = False
    success: bool | None = None
    effects: tuple[str, ...] = field(default=(), converter=_texts)
    honor_points: int = 0

    def __attrs_post_init__(self) -> None:
        if self.terms.tn is None:
            raise BanzaiError(
                f"{self.terms.actor}'s roll needs a TN: {SIMPLE_TN} when nobody sets one "
                "(opposed rolls are an OpposedRoll)"
            )

    # -- reading --------------------------------------------------------------------------

    @property
    def target(self) -> int:
        target = self.terms.target
        assert target is not None
        return target

    @property
    def total(self) -> int | None:
        """The kept dice plus the flat modifier; None before rolling or without a roll."""
        return None if self.dice is None else self.dice.total + self.terms.flat

    @property
    def met(self) -> bool:
        """Whether the roll meets its raised TN (so far)."""
        return self.no_roll or (self.total is not None and self.total >= self.target)

    @property
    def raises_available(self) -> int:
        """Raises for bonus Effects once decided: declared and Free, if the TN was met."""
        if not self.met:
            return 0
        return self.terms.raises + self.terms.total_free_raises

    def outcome(self) -> BanzaiOutcome:
        if self.phase not in (BanzaiPhase.DECIDED, BanzaiPhase.FINISHED):
            raise BanzaiError(f"{self.terms.actor}'s roll is not decided yet")
        return BanzaiOutcome(
            self.terms.actor,
            self.total,
            self.target,
            self.met,
            bool(self.success),
            self.raises_available,
            self.effects,
            self.honor_points,
        )

    # -- steps ----------------------------------------------------------------------------

    def declare_raises(self, raises: int) -> RaisesDeclared:
        """Declare Raises before rolling (at most Void, or the lowest Element, plus one per
        helper)."""
        self._require(BanzaiPhase.SET_UP, "declare Raises")
        self.terms = self.terms.with_raises(raises)
        return RaisesDeclared(
            self.terms.actor, raises, self.target, self.terms.raise_limit, self.terms.raise_step
        )

    def roll(self, rng: Rng) -> BanzaiRolled | NoRollNeeded:
        """Roll the pool, keeping the highest dice; nothing is rolled when no roll is
        needed."""
        self._require(BanzaiPhase.SET_UP, "roll")
        if not self.terms.rolls_needed:
            return self._no_roll()
        return self._rolled(BanzaiDice.roll(self.terms.pool, rng))

    def roll_given(self, dice: Iterable[int | Sequence[int]]) -> BanzaiRolled | NoRollNeeded:
        """Take the dice from physical dice, each as its total (13) or faces ((10, 3))."""
        self._require(BanzaiPhase.SET_UP, "roll")
        if not self.terms.rolls_needed:
            return self._no_roll()
        pool = self.terms.pool
        values = list(dice)
        if len(values) != pool.dice_rolled:
            raise BanzaiError(
                f"{self.terms.actor} rolls {counted(pool.dice_rolled, 'die', 'dice')}: give "
                f"{counted(pool.dice_rolled, 'value')}, not {len(values)}"
            )
        return self._rolled(BanzaiDice.given(values, pool.dice_kept))

    def keep(self, indices: Iterable[int]) -> DiceKept:
        """Keep the chosen dice (indices into the dice rolled) instead of the highest."""
        self._require(BanzaiPhase.ROLLED, "choose dice")
        if self.dice is None:
            raise BanzaiError(f"{self.terms.actor} rolled no dice: none to choose")
        self.dice = self.dice.keeping(indices)
        return DiceKept(self.terms.actor, self.dice, self.terms.flat, self.target)

    def decide(self, succeed: bool = True) -> Decided:
        """Settle the result: a met TN gives narrative control, and the player may choose
        to fail (``succeed=False``); a roll short of its raised TN fails."""
        self._require(BanzaiPhase.ROLLED, "decide")
        self.success = succeed and self.met
        self.phase = BanzaiPhase.DECIDED
        return Decided(
            self.terms.actor, self.total, self.target, self.success, self.raises_available
        )

    def spend(self, effect: str = "") -> EffectSpent:
        """Spend one Raise on a bonus Effect (described in ``effect``)."""
        self._require(BanzaiPhase.DECIDED, "spend a Raise")
        available = self.raises_available
        if len(self.effects) >= available:
            raise BanzaiError(
                f"{self.terms.actor} has no Raise left to spend ({_raises(available)} in all)"
            )
        self.effects = (*self.effects, " ".join(effect.split()))
        return EffectSpent(self.terms.actor, len(self.effects), available, self.effects[-1])

    def finish(self, convert: bool = True) -> BanzaiFinished:
        """End the roll; with ``convert``, unused Raises become Honor Points (1 per 2, at
        most Void)."""
        self._require(BanzaiPhase.DECIDED, "finish")
        unused = self.raises_available - len(self.effects)
        self.honor_points = honor_points(unused, self.terms.honor_cap) if convert else 0
        self.phase = BanzaiPhase.FINISHED
        return BanzaiFinished(self.outcome())

    # -- inside ---------------------------------------------------------------------------

    def _no_roll(self) -> NoRollNeeded:
        pool = self.terms.pool
        self.no_roll = True
        self.phase = BanzaiPhase.ROLLED
        return NoRollNeeded(self.terms.actor, pool.rolled, pool.kept, self.target)

    def _rolled(self, dice: BanzaiDice) -> BanzaiRolled:
        self.dice = dice
        self.phase = BanzaiPhase.ROLLED
        return BanzaiRolled(
            self.terms.actor,
            f"{self.terms.pool}",
            dice,
            self.terms.flat,
            self.target,
            pool_notes(self.terms),
        )

    def _require(self, phase: BanzaiPhase, what: str) -> None:
        if self.phase is not phase:
            raise BanzaiError(
                f"{self.terms.actor}'s roll is {self.phase.value}: too "
                f"{'early' if _ORDER[self.phase] < _ORDER[phase] else 'late'} to {what}"
            )


_ORDER = {phase: index for index, phase in enumerate(BanzaiPhase)}
