"""Banzai difficulty and help: steps, conditions, dice modifiers and group rolls.

Everything here turns into dice modifiers (``+AkB`` / ``-AkB``) that a
:class:`~cardtable.resolvers.banzai.roll.BanzaiSetup` applies all at once through the dice
engine (:class:`~cardtable.dice.BanzaiPool`). Rules: ``rules/banzai.md``.

**Difficulty steps** are integers, Average being 0 and harder tasks positive, so that
"one step harder" is ``+1`` whatever the step (Average to Hard is two steps):

>>> [step_dice(step) for step in range(Step.MUNDANE, Step.LEGENDARY + 1)]
[4, 2, 1, 0, -1, -2, -4, -8]
>>> step_dice(Step.LEGENDARY + 2), step_name(Step.LEGENDARY + 2), step_dice(Step.MUNDANE - 1)
(-16, '2 steps beyond Legendary', 8)

**Sources** of difficulty each count (a cliff without a rope, in moonlight, in light rain:
-2k0 -2k0 -1k0), except that conditions of one kind count once, at their worst:

>>> sources = [Difficulty.task(Step.HARD, "a cliff without a rope"),
...            Difficulty.of(Condition.MOONLIGHT), Difficulty.of(Condition.LIGHT_RAIN),
...            Difficulty.of(Condition.HEAVY_RAIN)]
>>> [str(source) for source in counted(sources)]
['a cliff without a rope: Hard, -2k0', 'moonlight: Hard, -2k0', 'heavy rain: Hard, -2k0']

Decisions: a condition that grows (suffocation, sleeplessness, starvation, dehydration)
starts at Moderate and adds a step per interval, so after ``n`` intervals it is step ``n``;
each of those kinds counts once (at its longest), and different kinds add up. Mimicking
conditions of different kinds (pitch black and sense blindness of sight) are left to the GM:
leave one of them out.
"""

from __future__ import annotations

import enum
import re

from attrs import field, frozen, validators

from cardtable.refusals import Refusal

__all__ = [
    "BEYOND_STEP_DICE",
    "BanzaiError",
    "Condition",
    "ConditionKind",
    "DiceModifier",
    "Difficulty",
    "Helper",
    "Step",
    "counted",
    "group_bonus",
    "most_steps_beyond",
    "step_dice",
    "step_name",
]

#: Each step beyond Legendary takes this many more rolled dice; beyond Mundane, adds them.
BEYOND_STEP_DICE = 4
#: Ranks and dice modifiers stay within this size.
MAX_RANK = 100


class BanzaiError(Refusal):
    """A Banzai request the rules do not allow (the message says what is allowed)."""


class Step(enum.IntEnum):
    """The named difficulty steps; any integer is a step (beyond the ends, 4 dice each)."""

    MUNDANE = -3
    EASY = -2
    SIMPLE = -1
    AVERAGE = 0
    MODERATE = 1
    HARD = 2
    HEROIC = 3
    LEGENDARY = 4

    @property
    def label(self) -> str:
        return self.name.capitalize()


_STEP_DICE = {
    Step.MUNDANE: 4,
    Step.EASY: 2,
    Step.SIMPLE: 1,
    Step.AVERAGE: 0,
    Step.MODERATE: -1,
    Step.HARD: -2,
    Step.HEROIC: -4,
    Step.LEGENDARY: -8,
}


def most_steps_beyond(end: Step) -> int:
    """How many steps beyond ``end`` (Legendary or Mundane) a task may lie. The rules set no
    end to them (each another 4 dice); here they go as far as a dice modifier does.

    >>> most_steps_beyond(Step.LEGENDARY), most_steps_beyond(Step.MUNDANE)
    (23, 24)
    """
    return (MAX_RANK - abs(_STEP_DICE[end])) // BEYOND_STEP_DICE


def check_step(step: int) -> int:
    """A step no further beyond Legendary or Mundane than :func:`most_steps_beyond` allows."""
    hardest = Step.LEGENDARY + most_steps_beyond(Step.LEGENDARY)
    easiest = Step.MUNDANE - most_steps_beyond(Step.MUNDANE)
    if not easiest <= step <= hardest:
        raise BanzaiError(
            f"A difficulty step lies from {Step.MUNDANE - easiest} steps beyond Mundane to "
            f"{hardest - Step.LEGENDARY} steps beyond Legendary, not {step}"
        )
    return step


def step_dice(step: int) -> int:
    """The rolled dice a difficulty step adds (negative: takes away).

    >>> step_dice(Step.HEROIC), step_dice(Step.EASY)
    (-4, 2)
    """
    check_step(step)
    if step > Step.LEGENDARY:
        return _STEP_DICE[Step.LEGENDARY] - BEYOND_STEP_DICE * (step - Step.LEGENDARY)
    if step < Step.MUNDANE:
        return _STEP_DICE[Step.MUNDANE] + BEYOND_STEP_DICE * (Step.MUNDANE - step)
    return _STEP_DICE[Step(step)]


def step_name(step: int) -> str:
    """The step's name: "Hard", or "1 step beyond Legendary".

    >>> step_name(Step.HARD), step_name(-4)
    ('Hard', '1 step beyond Mundane')
    """
    check_step(step)
    if Step.MUNDANE <= step <= Step.LEGENDARY:
        return Step(step).label
    end = Step.LEGENDARY if step > 0 else Step.MUNDANE
    beyond = abs(step - end)
    return f"{beyond} step{'s' if beyond > 1 else ''} beyond {end.label}"


def _modifier_text(rolled: int, kept: int) -> str:
    if rolled >= 0 and kept >= 0:
        return f"+{rolled}k{kept}"
    if rolled <= 0 and kept <= 0:
        return f"-{-rolled}k{-kept}"
    return f"{_modifier_text(rolled, 0)} {_modifier_text(0, kept)}"


@frozen(repr=False)
class DiceModifier:
    """A dice modifier, ``+AkB`` or ``-AkB``, with where it comes from.

    >>> DiceModifier.parse("+2k2", "katana")
    DiceModifier.parse('+2k2', 'katana')
    >>> str(DiceModifier(-1, 0, "light rain"))
    'light rain: -1k0'
    """

    rolled: int = field(validator=[validators.ge(-MAX_RANK), validators.le(MAX_RANK)])
    kept: int = field(validator=[validators.ge(-MAX_RANK), validators.le(MAX_RANK)])
    label: str = ""

    @classmethod
    def parse(cls, text: str, label: str = "") -> DiceModifier:
        """Read ``+AkB`` or ``-AkB`` (the sign applies to both numbers)."""
        match = re.fullmatch(r"\s*([+-]?)\s*(\d{1,3})\s*k\s*(\d{1,3})\s*", text.lower())
        if match is None:
            raise BanzaiError(f"Write a dice modifier as +AkB or -AkB (like +2k2), not {text!r}")
        sign = -1 if match[1] == "-" else 1
        rolled, kept = int(match[2]), int(match[3])
        if max(rolled, kept) > MAX_RANK:
            raise BanzaiError(f"A dice modifier adds at most {MAX_RANK} dice, not {text!r}")
        return cls(sign * rolled, sign * kept, label)

    @property
    def text(self) -> str:
        return _modifier_text(self.rolled, self.kept)

    def __str__(self) -> str:
        return f"{self.label}: {self.text}" if self.label else self.text

    def __repr__(self) -> str:
        if (self.rolled >= 0) == (self.kept >= 0) or 0 in (self.rolled, self.kept):
            label = f", {self.label!r}" if self.label else ""
            return f"DiceModifier.parse({self.text!r}{label})"
        return f"DiceModifier({self.rolled}, {self.kept}, {self.label!r})"


class ConditionKind(enum.Enum):
    """Kinds of condition. The first five count once, at their worst; the last four grow a
    step per interval (a minute or round, a Scene, a day)."""

    DARKNESS = "darkness"
    RAIN = "rain"
    EARTHQUAKE = "earthquake"
    SICKNESS = "sickness"
    SENSE_IMPAIRMENT = "sense impairment"
    SUFFOCATION = "suffocation"
    SLEEPLESSNESS = "sleeplessness"
    STARVATION = "starvation"
    DEHYDRATION = "dehydration"

    @property
    def grows(self) -> bool:
        """True for the conditions that add a step per interval."""
        return self in _GROWING


_GROWING = frozenset(
    {
        ConditionKind.SUFFOCATION,
        ConditionKind.SLEEPLESSNESS,
        ConditionKind.STARVATION,
        ConditionKind.DEHYDRATION,
    }
)


class Condition(enum.Enum):
    """The conditions of fixed severity, each of one kind at one step."""

    DIM_LIGHT = "dim light"
    MOONLIGHT = "moonlight"
    PITCH_BLACK = "pitch black"
    LIGHT_RAIN = "light rain"
    HEAVY_RAIN = "heavy rain"
    STORM = "storm"
    TYPHOON = "typhoon"
    LIGHT_EARTHQUAKE = "light earthquake"
    HEAVY_EARTHQUAKE = "heavy earthquake"
    MASSIVE_EARTHQUAKE = "massive earthquake"
    CATACLYSMIC_EARTHQUAKE = "cataclysmic earthquake"
    MINOR_SICKNESS = "minor sickness"
    MAJOR_SICKNESS = "major sickness"
    DEBILITATING_SICKNESS = "debilitating sickness"
    SLIGHT_IMPAIRMENT = "slight impairment"
    SENSE_BLINDNESS = "sense blindness"

    @property
    def kind(self) -> ConditionKind:
        return _CONDITIONS[self][0]

    @property
    def step(self) -> Step:
        return _CONDITIONS[self][1]


_CONDITIONS: dict[Condition, tuple[ConditionKind, Step]] = {
    Condition.DIM_LIGHT: (ConditionKind.DARKNESS, Step.MODERATE),
    Condition.MOONLIGHT: (ConditionKind.DARKNESS, Step.HARD),
    Condition.PITCH_BLACK: (ConditionKind.DARKNESS, Step.HEROIC),
    Condition.LIGHT_RAIN: (ConditionKind.RAIN, Step.MODERATE),
    Condition.HEAVY_RAIN: (ConditionKind.RAIN, Step.HARD),
    Condition.STORM: (ConditionKind.RAIN, Step.HEROIC),
    Condition.TYPHOON: (ConditionKind.RAIN, Step.LEGENDARY),
    Condition.LIGHT_EARTHQUAKE: (ConditionKind.EARTHQUAKE, Step.MODERATE),
    Condition.HEAVY_EARTHQUAKE: (ConditionKind.EARTHQUAKE, Step.HARD),
    Condition.MASSIVE_EARTHQUAKE: (ConditionKind.EARTHQUAKE, Step.HEROIC),
    Condition.CATACLYSMIC_EARTHQUAKE: (ConditionKind.EARTHQUAKE, Step.LEGENDARY),
    Condition.MINOR_SICKNESS: (ConditionKind.SICKNESS, Step.MODERATE),
    Condition.MAJOR_SICKNESS: (ConditionKind.SICKNESS, Step.HARD),
    Condition.DEBILITATING_SICKNESS: (ConditionKind.SICKNESS, Step.HEROIC),
    Condition.SLIGHT_IMPAIRMENT: (ConditionKind.SENSE_IMPAIRMENT, Step.HARD),
    Condition.SENSE_BLINDNESS: (ConditionKind.SENSE_IMPAIRMENT, Step.HEROIC),
}


def _step(instance: object, attribute: object, value: int) -> None:
    check_step(value)


@frozen
class Difficulty:
    """One source of difficulty: the task, a condition, or anything else the GM names.

    ``kind`` is set for conditions: of several of one kind only the worst counts.
    """

    step: int = field(validator=_step)
    label: str = ""
    kind: ConditionKind | None = None

    @classmethod
    def task(cls, step: int, label: str = "the task") -> Difficulty:
        """The task's own difficulty (or any other source that always counts)."""
        return cls(step, label)

    @classmethod
    def of(cls, condition: Condition) -> Difficulty:
        """A condition of fixed severity, such as :attr:`Condition.MOONLIGHT`."""
        return cls(condition.step, condition.value, condition.kind)

    @classmethod
    def growing(cls, kind: ConditionKind, intervals: int) -> Difficulty:
        """A condition that has lasted ``intervals`` intervals: Moderate after the first,
        a step harder after each further one.

        >>> str(Difficulty.growing(ConditionKind.STARVATION, 3))
        'starvation, 3 intervals: Heroic, -4k0'
        """
        if not kind.grows:
            raise BanzaiError(
                f"{kind.value.capitalize()} does not grow by intervals: pick its severity"
            )
        if intervals < 0:
            raise BanzaiError(f"A condition lasts 0 or more intervals, not {intervals}")
        plural = "s" if intervals != 1 else ""
        return cls(check_step(intervals), f"{kind.value}, {intervals} interval{plural}", kind)

    @property
    def dice(self) -> int:
        """The rolled dice it adds (negative: takes away)."""
        return step_dice(self.step)

    @property
    def modifier(self) -> DiceModifier:
        return DiceModifier(self.dice, 0, self.label)

    def __str__(self) -> str:
        head = f"{self.label}: " if self.label else ""
        return f"{head}{step_name(self.step)}, {self.modifier.text}"


def counted(sources: tuple[Difficulty, ...] | list[Difficulty]) -> tuple[Difficulty, ...]:
    """The sources that count: all of them, except that of conditions of one kind only the
    worst (the first of equals) stays. Order is kept."""
    worst: dict[ConditionKind, Difficulty] = {}
    for source in sources:
        if source.kind is not None and (
            source.kind not in worst or source.step > worst[source.kind].step
        ):
            worst[source.kind] = source
    return tuple(s for s in sources if s.kind is None or worst[s.kind] is s)


def _rank(instance: object, attribute: object, value: int) -> None:
    if not 0 <= value <= MAX_RANK:
        raise BanzaiError(f"A rank runs from 0 to {MAX_RANK}, not {value}")


@frozen
class Helper:
    """A character helping a group roll, with their ranks in the roll's Skill and Element
    (0 for a Skill they do not have)."""

    name: str
    skill: int = field(validator=_rank)
    element: int = field(validator=_rank)


def group_bonus(skill: int, element: int, helpers: tuple[Helper, ...]) -> DiceModifier:
    """+1k1 per helper, the rolled part capped at the lowest Skill of all actors, the kept
    part at the lowest Element (``skill`` and ``element`` are the primary actor's).

    >>> group_bonus(6, 3, (Helper("Keiko", skill=0, element=3),))
    DiceModifier.parse('+0k1', 'help from Keiko')
    """
    if not helpers:
        return DiceModifier(0, 0, "no help")
    lowest_skill = min(skill, *(h.skill for h in helpers))
    lowest_element = min(element, *(h.element for h in helpers))
    names = ", ".join(h.name for h in helpers)
    return DiceModifier(
        min(len(helpers), lowest_skill), min(len(helpers), lowest_element), f"help from {names}"
    )
