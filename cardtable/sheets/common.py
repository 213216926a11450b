"""What every character sheet shares: a name, a player, free notes and an optional portrait.

Sheets are frozen attrs values. A sheet that exists is valid: its constructor runs
:meth:`SheetBase.problems` and refuses the value with a :class:`SheetError` listing every
problem, each tied to the field it is about, so an editor can try a change with
``attrs.evolve`` and show the messages next to the right boxes as the player types.

>>> from cardtable.sheets.crisis import CrisisSheet
>>> CrisisSheet(name="Mara Quell", dice=0)
Traceback (most recent call last):
...
cardtable.sheets.common.SheetError: Dice pool must be between 1 and 12 (got 0).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self

from attrs import evolve, field, frozen

from cardtable.refusals import Refusal

#: Longest name, player name, list entry and note the sheet accepts (a printed page has room).
MAX_NAME = 80
MAX_ENTRY = 200
MAX_NOTES = 4000

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@frozen
class Problem:
    """One thing wrong with a sheet: the field it is about (``"rock"``, ``"facets[2].name"``)."""

    field: str
    message: str

    def __str__(self) -> str:
        return self.message


class SheetError(Refusal):
    """A sheet refused because some of its values break the rules; ``problems`` says which."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__(" ".join(problem.message for problem in self.problems))


@frozen(repr=False)
class Portrait:
    """A character's picture: PNG bytes, already scaled down and turned upright.

    Build one with :func:`cardtable.sheets.portrait.load_portrait` (from an image file) or
    :meth:`from_png`; the bytes are saved as base64 text in a session file.
    """

    png: bytes = field()

    @png.validator
    def _is_png(self, _attribute: object, value: bytes) -> None:
        if not value.startswith(PNG_SIGNATURE) or value[12:16] != b"IHDR":
            raise SheetError([Problem("portrait", "The portrait is not a PNG image.")])

    @classmethod
    def from_png(cls, png: bytes) -> Portrait:
        return cls(png)

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in pixels, read from the PNG header."""
        width, height = struct.unpack(">II", self.png[16:24])
        return int(width), int(height)

    def __repr__(self) -> str:
        width, height = self.size
        return f"<Portrait {width}x{height}, {len(self.png)} bytes of PNG>"


# ---------------------------------------------------------------------------------------------
# Checks shared by every system


def check_range(
    problems: list[Problem], where: str, label: str, value: int, low: int, high: int
) -> None:
    """Add a problem when ``value`` is not a whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(Problem(where, f"{label} must be a whole number (got {value!r})."))
    elif not low <= value <= high:
        problems.append(Problem(where, f"{label} must be between {low} and {high} (got {value})."))


def check_text(
    problems: list[Problem],
    where: str,
    label: str,
    value: str,
    longest: int,
    *,
    required: bool = False,
    one_line: bool = True,
) -> None:
    """Add a problem for text that is missing (when required), too long or broken over lines."""
    if not isinstance(value, str):
        problems.append(Problem(where, f"{label} must be text (got {value!r})."))
        return
    if required and not value.strip():
        problems.append(Problem(where, f"{label} is empty: write something or remove it."))
    if len(value) > longest:
        problems.append(
            Problem(where, f"{label} is {len(value)} characters long; at most {longest} fit.")
        )
    if one_line and any(ch in value for ch in "\n\r\t"):
        problems.append(Problem(where, f"{label} must fit on one line."))


def check_count(
    problems: list[Problem], where: str, label: str, items: Sequence[object], most: int
) -> None:
    """Add a problem when a list holds more than ``most`` entries."""
    if len(items) > most:
        problems.append(Problem(where, f"At most {most} {label} (got {len(items)})."))


def check_unique(problems: list[Problem], where: str, label: str, names: Iterable[str]) -> None:
    """Add a problem for each name given twice (compared without case or outer spaces)."""
    seen: set[str] = set()
    for index, name in enumerate(names):
        key = name.strip().casefold()
        if key and key in seen:
            problems.append(
                Problem(f"{where}[{index}]", f"{label} {name.strip()!r} is listed twice.")
            )
        seen.add(key)


@frozen
class SheetBase:
    """The fields every sheet has. Subclasses add their system's fields and checks."""

    #: The system's key in :data:`cardtable.sheets.SHEET_TYPES` and the tag in saved files.
    system: ClassVar[str] = ""
    #: The system's name as printed on the sheet.
    title: ClassVar[str] = ""

    name: str = ""
    player: str = ""
    notes: str = ""
    portrait: Portrait | None = None

    def __attrs_post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise SheetError(problems)

    def problems(self) -> list[Problem]:
        """Every problem with this sheet, in the order its fields are printed."""
        problems: list[Problem] = []
        check_text(problems, "name", "The character's name", self.name, MAX_NAME)
        check_text(problems, "player", "The player's name", self.player, MAX_NAME)
        check_text(problems, "notes", "Notes", self.notes, MAX_NOTES, one_line=False)
        if self.portrait is not None and not isinstance(self.portrait, Portrait):
            problems.append(Problem("portrait", "The portrait must be a Portrait."))
        problems.extend(self.system_problems())
        return problems

    def system_problems(self) -> list[Problem]:
        """The checks of one system; every subclass overrides this."""
        return []

    def revised(self, **changes: Any) -> Self:
        """A copy with ``changes``; :class:`SheetError` (with every problem) if it is invalid."""
        return evolve(self, **changes)

    def problems_if(self, **changes: Any) -> list[Problem]:
        """The problems the sheet would have with ``changes``: ``[]`` when they are fine.

        This is what an editor calls as the player types, to show each message beside its box.
        """
        try:
            evolve(self, **changes)
        except SheetError as error:
            return list(error.problems)
        return []
