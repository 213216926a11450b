"""The crisis dice sheet: how many six-sided dice the character rolls, and their traits.

See ``rules/crisis-dice.md``: a character rolls a pool of N dice, N from the sheet. Pushing
one's luck adds dice during a challenge; the sheet keeps the pool the character starts with.

>>> CrisisSheet(name="Bill", dice=2).dice
2
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from cardtable.sheets.common import MAX_ENTRY, Problem, SheetBase, check_range, check_text

#: The smallest and largest pool a sheet may give (a pool of one die can still be pushed).
MIN_DICE = 1
MAX_DICE = 12
DEFAULT_DICE = 3


@frozen
class CrisisSheet(SheetBase):
    """A character of the crisis dice game: a pool of d6 and a few traits."""

    system: ClassVar[str] = "crisis"
    title: ClassVar[str] = "Crisis Dice"

    dice: int = DEFAULT_DICE
    traits: tuple[str, ...] = ()

    def system_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        check_range(problems, "dice", "Dice pool", self.dice, MIN_DICE, MAX_DICE)
        for index, trait in enumerate(self.traits):
            check_text(
                problems, f"traits[{index}]", f"Trait {index + 1}", trait, MAX_ENTRY, required=True
            )
        return problems
