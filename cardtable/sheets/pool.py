"""The pool Challenge sheet: abilities with rating, bonus, reserves and resistance; penalties.

See ``rules/pool-challenge.md``. Bonus, reserves and resistance written on the sheet are the
ones that come from equipment or abilities (they never revert); the ones a side converts
during a Challenge live in the Challenge, not here.

A penalty lowers one ability, or every ability when it is *overall* (``ability == ""``):

>>> sheet = PoolSheet(
...     abilities=(Ability("Swordplay", 8), Ability("Riding", 5)),
...     penalties=(Penalty("Swordplay", 2, "cut arm"), Penalty("", 1, "exhausted")),
... )
>>> sheet.effective_rating("Swordplay"), sheet.effective_rating("Riding")
(5, 4)
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from cardtable.sheets.common import (
    MAX_ENTRY,
    MAX_NAME,
    Problem,
    SheetBase,
    check_range,
    check_text,
    check_unique,
)

MAX_RATING = 99
#: What a penalty with no ability is printed as: it lowers every ability.
OVERALL = "overall"


@frozen
class Ability:
    """An ability the character can start a Challenge with."""

    name: str
    rating: int
    bonus: int = 0
    reserves: int = 0
    resistance: int = 0


@frozen
class Penalty:
    """A penalty carried from a lost hazardous Challenge: ``points`` off one ability, or all."""

    ability: str
    points: int
    note: str = ""

    @property
    def target(self) -> str:
        return self.ability or OVERALL


@frozen
class PoolSheet(SheetBase):
    """A character of the pool Challenge: abilities and the penalties they carry."""

    system: ClassVar[str] = "pool"
    title: ClassVar[str] = "Pool Challenge"

    abilities: tuple[Ability, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    incapacitated: bool = False

    def ability(self, name: str) -> Ability:
        """The ability called ``name`` (any case); ``KeyError`` if there is none."""
        key = name.strip().casefold()
        for ability in self.abilities:
            if ability.name.strip().casefold() == key:
                return ability
        raise KeyError(name)

    def penalty_points(self, name: str) -> int:
        """Points off ``name``: its own penalties plus the overall ones."""
        key = name.strip().casefold()
        return sum(
            penalty.points
            for penalty in self.penalties
            if not penalty.ability.strip() or penalty.ability.strip().casefold() == key
        )

    def effective_rating(self, name: str) -> int:
        """The rating of ``name`` after penalties, never below 0."""
        return max(0, self.ability(name).rating - self.penalty_points(name))

    def system_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        for index, ability in enumerate(self.abilities):
            where = f"abilities[{index}]"
            label = ability.name.strip() if isinstance(ability.name, str) else ""
            label = label or f"Ability {index + 1}"
            check_text(
                problems,
                f"{where}.name",
                f"Ability {index + 1}'s name",
                ability.name,
                MAX_NAME,
                required=True,
            )
            check_range(
                problems, f"{where}.rating", f"{label}'s rating", ability.rating, 1, MAX_RATING
            )
            for part in ("bonus", "reserves", "resistance"):
                check_range(
                    problems,
                    f"{where}.{part}",
                    f"{label}'s {part}",
                    getattr(ability, part),
                    0,
                    MAX_RATING,
                )
        check_unique(problems, "abilities", "Ability", (a.name for a in self.abilities))
        known = {a.name.strip().casefold() for a in self.abilities if isinstance(a.name, str)}
        for index, penalty in enumerate(self.penalties):
            where = f"penalties[{index}]"
            check_text(
                problems,
                f"{where}.ability",
                f"Penalty {index + 1}'s ability",
                penalty.ability,
                MAX_NAME,
            )
            if (
                isinstance(penalty.ability, str)
                and penalty.ability.strip()
                and (penalty.ability.strip().casefold() not in known)
            ):
                problems.append(
                    Problem(
                        f"{where}.ability",
                        f"Penalty {index + 1} is on {penalty.ability.strip()!r}, which is not "
                        "one of the abilities (leave it empty for an overall penalty).",
                    )
                )
            check_range(
                problems,
                f"{where}.points",
                f"Penalty {index + 1}'s points",
                penalty.points,
                1,
                MAX_RATING,
            )
            check_text(
                problems, f"{where}.note", f"Penalty {index + 1}'s note", penalty.note, MAX_ENTRY
            )
        return problems
