"""Paths into a character sheet, and the words a log line uses for a sheet's values.

A path names where a value lives: ``("abilities", 1, "rating")`` is the rating of the
second ability, which the sheet's problems call ``abilities[1].rating``. Sheets are frozen,
so "changing" a value at a path means building the revised top-level field for
``sheet.revised(**changes)`` or ``sheet.problems_if(**changes)``.

>>> path_text(("abilities", 1, "rating"))
'abilities[1].rating'
>>> from cardtable.sheets import Ability, PoolSheet
>>> sheet = PoolSheet(abilities=(Ability("Riding", 5),))
>>> changes_at(sheet, ("abilities", 0, "rating"), 6)
{'abilities': (Ability(name='Riding', rating=6, bonus=0, reserves=0, resistance=0),)}
>>> value_words(6), quoted("Fencing")
('6', '“Fencing”')
"""

from __future__ import annotations

import enum
from typing import Any, TypeAlias

from attrs import evolve

#: Where a value lives in a sheet: attribute names and list indexes, outermost first.
FieldPath: TypeAlias = tuple[str | int, ...]

#: The longest quotation of a player's text a log line carries.
QUOTE_LENGTH = 40


# ---------------------------------------------------------------------------------------------
# Paths into a sheet


def path_text(path: FieldPath) -> str:
    """The path as the sheet's problems name it: ``facets[2].name``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


def value_at(value: Any, path: FieldPath) -> Any:
    """The value at ``path`` inside ``value`` (a sheet, or any nested value)."""
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, part)
    return value


def replaced_at(value: Any, path: FieldPath, new: Any) -> Any:
    """``value`` with ``new`` at ``path`` inside it (nested values rebuilt, lists as tuples)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        items = list(value)
        items[head] = replaced_at(items[head], rest, new)
        return tuple(items)
    return evolve(value, **{head: replaced_at(getattr(value, head), rest, new)})


def changes_at(sheet: Any, path: FieldPath, new: Any) -> dict[str, Any]:
    """The ``revised``/``problems_if`` keywords that put ``new`` at ``path`` in ``sheet``.

    Nested values (an Ability, a Facet) are rebuilt with the one value changed; the sheet
    itself is not built, so this never raises for a value the sheet would refuse.
    """
    top = path[0]
    if not isinstance(top, str):
        raise ValueError(f"a path into a sheet starts with a field name, not {top!r}")
    return {top: replaced_at(getattr(sheet, top), path[1:], new)}


# ---------------------------------------------------------------------------------------------
# Words for the log


def quoted(text: str) -> str:
    """A player's text for a log line: quoted, on one line, shortened when long."""
    flat = " ".join(text.split())
    if len(flat) > QUOTE_LENGTH:
        flat = flat[: QUOTE_LENGTH - 1].rstrip() + "…"
    return f"“{flat}”"


def value_words(value: object) -> str:
    """How a log line says a value: numbers as numbers, text quoted, choices by their label."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return quoted(value) if value.strip() else "nothing"
    if isinstance(value, enum.Enum):
        label = getattr(value, "label", None)
        return str(label) if isinstance(label, str) else str(value.value).capitalize()
    if value is None:
        return "none"
    return str(value)
