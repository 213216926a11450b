"""The Banzai sheet: five Elements and Skills with ranks, Honor Points, the Raise step and the
conditions the character carries.

See ``rules/banzai.md``: a roll is usually Skill k Element, at most Void Raises a roll
(characters without Void: their lowest Element), each Raise adding 5 to the TN unless an
ability changes the character's step (``raise_step``, 1 to 10; a sheet saved before it
existed reads as 5). Ranks stop at 10, the most dice a roll
rolls or keeps. A condition the character carries from roll to roll (a sickness, an impaired
sense, or one that worsens a step per interval: suffocation, sleeplessness, starvation,
dehydration) is written on the sheet, so that every later roll counts it.

>>> sheet = BanzaiSheet(earth=3, fire=3, water=2, wind=2, void=0,
...                     skills=(Skill("Kenjutsu", 5),))
>>> sheet.roll("Kenjutsu", Element.FIRE), sheet.raise_limit, sheet.raise_step
('5k3', 2, 5)
>>> str(CarriedCondition("starvation", intervals=2))
'starvation, 2 intervals'
"""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import frozen

from cardtable.sheets.common import (
    MAX_NAME,
    Problem,
    SheetBase,
    check_count,
    check_range,
    check_text,
    check_unique,
)

MAX_RANK = 10
MAX_HONOR = 999
DEFAULT_ELEMENT = 2
#: Intervals a worsening condition may have lasted (far beyond any character's Earth).
MAX_INTERVALS = 50
#: At most this many conditions on one sheet.
MAX_CONDITIONS = 12
#: What each Raise adds to the TN, unless an ability changes the character's step.
DEFAULT_RAISE_STEP = 5
#: The largest Raise step (a Raise worth two of the usual ones).
MAX_RAISE_STEP = 10

#: Conditions that start at Moderate and worsen one step per interval (``rules/banzai.md``),
#: each with the interval the rules give it.
WORSENING = {
    "suffocation": "minute (or round)",
    "sleeplessness": "Scene past waking hours",
    "starvation": "day",
    "dehydration": "day",
}
#: Conditions of the body and the senses a character carries at a fixed severity.
LASTING = (
    "minor sickness",
    "major sickness",
    "debilitating sickness",
    "slight impairment",
    "sense blindness",
)


class Element(enum.Enum):
    """The five Elements, in the order the sheet prints them."""

    EARTH = "Earth"
    FIRE = "Fire"
    WATER = "Water"
    WIND = "Wind"
    VOID = "Void"

    def __str__(self) -> str:
        return self.value


@frozen
class Skill:
    """A Skill and its rank (a Skill the character lacks is simply not listed)."""

    name: str
    rank: int


@frozen
class CarriedCondition:
    """A condition the character carries: one of :data:`LASTING`, or one of
    :data:`WORSENING` with the intervals it has lasted (none yet: no penalty; one:
    Moderate; each further one a step harder)."""

    name: str
    intervals: int = 0

    @property
    def worsens(self) -> bool:
        return self.name in WORSENING

    def __str__(self) -> str:
        if not self.worsens:
            return self.name
        plural = "s" if self.intervals != 1 else ""
        return f"{self.name}, {self.intervals} interval{plural}"


@frozen
class BanzaiSheet(SheetBase):
    """A Banzai character: Elements 0-10, Skills 1-10, Honor Points, conditions carried, and
    the Raise step (what each declared Raise adds to the TN, 5 unless an ability changes it)."""

    system: ClassVar[str] = "banzai"
    title: ClassVar[str] = "Banzai"

    earth: int = DEFAULT_ELEMENT
    fire: int = DEFAULT_ELEMENT
    water: int = DEFAULT_ELEMENT
    wind: int = DEFAULT_ELEMENT
    void: int = DEFAULT_ELEMENT
    skills: tuple[Skill, ...] = ()
    honor: int = 0
    conditions: tuple[CarriedCondition, ...] = ()
    raise_step: int = DEFAULT_RAISE_STEP

    def element(self, which: Element) -> int:
        """The rank of one Element."""
        value: int = getattr(self, which.name.lower())
        return value

    @property
    def raise_limit(self) -> int:
        """Raises a roll may declare: Void, or the lowest other Element without Void."""
        if self.void > 0:
            return self.void
        return min(self.element(e) for e in Element if e is not Element.VOID)

    def skill(self, name: str) -> Skill:
        """The Skill called ``name`` (any case); ``KeyError`` if the character lacks it."""
        key = name.strip().casefold()
        for skill in self.skills:
            if skill.name.strip().casefold() == key:
                return skill
        raise KeyError(name)

    def roll(self, skill: str, element: Element) -> str:
        """The usual roll for ``skill`` with ``element``, as XkY."""
        return f"{self.skill(skill).rank}k{self.element(element)}"

    def system_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        for which in Element:
            check_range(problems, which.name.lower(), which.value, self.element(which), 0, MAX_RANK)
        for index, skill in enumerate(self.skills):
            where = f"skills[{index}]"
            check_text(
                problems,
                f"{where}.name",
                f"Skill {index + 1}'s name",
                skill.name,
                MAX_NAME,
                required=True,
            )
            label = skill.name.strip() if isinstance(skill.name, str) else ""
            check_range(
                problems,
                f"{where}.rank",
                f"{label or f'Skill {index + 1}'}'s rank",
                skill.rank,
                1,
                MAX_RANK,
            )
        check_unique(problems, "skills", "Skill", (s.name for s in self.skills))
        check_range(problems, "honor", "Honor Points", self.honor, 0, MAX_HONOR)
        check_range(problems, "raise_step", "The Raise step (what each Raise adds to the TN)",
                    self.raise_step, 1, MAX_RAISE_STEP)
        self._condition_problems(problems)
        return problems

    def condition(self, name: str) -> CarriedCondition | None:
        """The condition called ``name`` the character carries, if any."""
        return next((c for c in self.conditions if c.name == name), None)

    def _condition_problems(self, problems: list[Problem]) -> None:
        check_count(problems, "conditions", "conditions", self.conditions, MAX_CONDITIONS)
        known = ", ".join((*WORSENING, *LASTING))
        for index, carried in enumerate(self.conditions):
            where = f"conditions[{index}]"
            if carried.name not in WORSENING and carried.name not in LASTING:
                problems.append(
                    Problem(f"{where}.name", f"{carried.name!r} is not a condition a character "
                            f"carries; choose one of {known}.")
                )
            elif carried.worsens:
                check_range(problems, f"{where}.intervals", f"{carried.name.capitalize()}'s "
                            "intervals", carried.intervals, 0, MAX_INTERVALS)
            elif carried.intervals != 0:
                problems.append(
                    Problem(f"{where}.intervals", f"{carried.name.capitalize()} does not worsen "
                            "by intervals: it has none.")
                )
        check_unique(problems, "conditions", "Condition", (c.name for c in self.conditions))
