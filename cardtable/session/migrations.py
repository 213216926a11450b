"""Bringing a saved session's dict up to the current file format, one version at a time.

The format has its own integer version (``format_version``, the first key of every file),
independent of the app's version. Each step is a plain function from the dict of version
``n`` to the dict of version ``n + 1``; it never imports today's model, so it keeps working
however the model changes later (mitmproxy's ``io/compat.py``, Electrum's ``wallet_db.py``).

Format 1 was the first. Format 2 lets a deck on the table name the art set it is dressed
in (``"art"``, absent or null for Cardtable's own art). Format 3 gives a Banzai sheet its
Raise step (``"raise_step"``, 5 for every sheet saved before: the rules' step), so that a
Cardtable that knows no Raise step refuses the file instead of misreading it.

When the format changes: bump :data:`FORMAT_VERSION`, add ``STEPS[old] = _old_to_new`` here,
and keep a file of the old version under ``tests/`` that must still load.

>>> migrate({"format_version": 1, "session": {"decks": [{"id": "tarot"}]}})
{'format_version': 3, 'session': {'decks': [{'id': 'tarot', 'art': None}]}}
>>> jo = {"id": "jo", "sheet": {"system": "banzai", "void": 3}}
>>> migrate({"format_version": 2, "session": {"characters": [jo]}})["session"]["characters"]
[{'id': 'jo', 'sheet': {'system': 'banzai', 'void': 3, 'raise_step': 5}}]
>>> migrate({"format_version": 7})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.session.migrations.MigrationError: made by a newer Cardtable (format 7); this one ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: The format this Cardtable writes, and the newest it reads.
FORMAT_VERSION = 3

Document = dict[str, Any]
Step = Callable[[Document], Document]


def _1_to_2(data: Document) -> Document:
    """Format 2 gives every deck an ``art`` (null: Cardtable's own art, as format 1 showed)."""
    session = dict(data["session"])
    decks = session.get("decks")
    if isinstance(decks, list):
        session["decks"] = [
            {**deck, "art": deck.get("art")} if isinstance(deck, dict) else deck for deck in decks
        ]
    return {**data, "format_version": 2, "session": session}


def _2_to_3(data: Document) -> Document:
    """Format 3 gives every Banzai sheet a ``raise_step`` (5: what format 2 always meant)."""
    session = dict(data["session"])
    characters = session.get("characters")
    if isinstance(characters, list):
        session["characters"] = [_with_raise_step(c) for c in characters]
    return {**data, "format_version": 3, "session": session}


def _with_raise_step(character: Any) -> Any:
    if not isinstance(character, dict):
        return character
    sheet = character.get("sheet")
    if not isinstance(sheet, dict) or sheet.get("system") != "banzai":
        return character
    return {**character, "sheet": {**sheet, "raise_step": sheet.get("raise_step", 5)}}


#: ``STEPS[n]`` turns a version-``n`` dict into a version-``n + 1`` dict.
STEPS: dict[int, Step] = {1: _1_to_2, 2: _2_to_3}


class MigrationError(ValueError):
    """A file this Cardtable cannot bring up to date (too new, too old, or a step failed)."""


def file_version(data: Mapping[str, Any]) -> int:
    """The ``format_version`` a parsed file declares; :class:`MigrationError` if none."""
    version = data.get("format_version")
    if "format_version" not in data:
        raise MigrationError("not a Cardtable session (it has no format_version)")
    if isinstance(version, bool) or not isinstance(version, int):
        raise MigrationError(f"format_version must be a whole number, not {version!r}")
    return version


def migrate(
    data: Document, *, current: int = FORMAT_VERSION, steps: Mapping[int, Step] = STEPS
) -> Document:
    """``data`` brought from its own version up to ``current``, step by step.

    A file newer than ``current`` is refused, never half-read. Each step must return a dict
    declaring the next version.
    """
    version = file_version(data)
    if version > current:
        raise MigrationError(
            f"made by a newer Cardtable (format {version}); this one reads up to {current}"
        )
    while version < current:
        step = steps.get(version)
        if step is None:
            raise MigrationError(
                f"format {version} is older than any this Cardtable can bring up to date"
            )
        try:
            data = step(dict(data))
        except MigrationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise MigrationError(
                f"cannot bring format {version} up to date ({type(exc).__name__}: {exc})"
            ) from None
        if not isinstance(data, dict) or file_version(data) != version + 1:
            raise MigrationError(
                f"the step from format {version} did not produce format {version + 1}"
            )
        version += 1
    return data
