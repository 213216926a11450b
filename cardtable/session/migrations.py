"""Bringing a saved session's dict up to the current file format, one version at a time.

The format has its own integer version (``format_version``, the first key of every file),
independent of the app's version. Each step is a plain function from the dict of version
``n`` to the dict of version ``n + 1``; it never imports today's model, so it keeps working
however the model changes later (mitmproxy's ``io/compat.py``, Electrum's ``wallet_db.py``).

Format 1 was the first. Format 2 lets a deck on the table name the art set it is dressed
in (``"art"``, absent or null for Cardtable's own art). Format 3 gives a Banzai sheet its
Raise step (``"raise_step"``, 5 for every sheet saved before: the rules' step), so that a
Cardtable that knows no Raise step refuses the file instead of misreading it. Format 4
writes the log as eight columns instead of an object per entry
(:mod:`cardtable.session.log_file`): a long evening's file is smaller and reads several
times faster. Format 5 says how many cards at the bottom of each pile lie shuffled, unseen
(``"shuffled"``, absent for none): their order is no longer written (a load deals them
afresh); a draw pile of an older file is taken as shuffled up to its first face-up card.
Format 6 lets a deck name the group's own tarot deck whose words it carries (``"words"``,
null for the shipped words, as every older file meant; :mod:`cardtable.session.tarot_decks`).

When the format changes: bump :data:`FORMAT_VERSION`, add ``STEPS[old] = _old_to_new`` here,
and keep a file of the old version under ``tests/`` that must still load.

>>> migrate({"format_version": 1, "session": {"decks": [{"id": "tarot"}]}})
{'format_version': 6, 'session': {'decks': [{'id': 'tarot', 'art': None, 'words': None}]}}
>>> jo = {"id": "jo", "sheet": {"system": "banzai", "void": 3}}
>>> migrate({"format_version": 2, "session": {"characters": [jo]}})["session"]["characters"]
[{'id': 'jo', 'sheet': {'system': 'banzai', 'void': 3, 'raise_step': 5}}]
>>> migrate({"format_version": 3, "session": {"log": [{"at": "2025-03-01T20:15:00+00:00",
...     "seat": None, "actor": None, "public": "Scene 2"}]}})["session"]["log"]["public"]
['Scene 2']
>>> migrate({"format_version": 7})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.session.migrations.MigrationError: made by a newer Cardtable (format 7); this one ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: The format this Cardtable writes, and the newest it reads.
FORMAT_VERSION = 6

Document = dict[str, Any]
Step = Callable[[Document], Document]


def _every_deck_with(data: Document, key: str, version: int) -> Document:
    """``data`` as format ``version``: every deck given ``key``, null where it had none."""
    session = dict(data["session"])
    decks = session.get("decks")
    if isinstance(decks, list):
        session["decks"] = [
            {**deck, key: deck.get(key)} if isinstance(deck, dict) else deck for deck in decks
        ]
    return {**data, "format_version": version, "session": session}


def _1_to_2(data: Document) -> Document:
    """Format 2 gives every deck an ``art`` (null: Cardtable's own art, as format 1 showed)."""
    return _every_deck_with(data, "art", 2)


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


#: A format 3 log entry's keys, which are format 4's columns.
_COLUMNS_4 = ("at", "seat", "actor", "public", "private", "owner", "cards", "unrevealed")
_KEYS_3 = frozenset(_COLUMNS_4)
_KINDS = {
    list: "a list",
    str: "text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    type(None): "null",
}


def _3_to_4(data: Document) -> Document:
    """Format 4 writes the log as an object of eight lists, one value per entry in each:
    ``{"at": [...], "seat": [...], "actor": [...], "public": [...], "private": [...],
    "owner": [...], "cards": [...], "unrevealed": [...]}``; null where format 3 left a key
    out (or, for the two lists of cards, wrote an empty one)."""
    session = dict(data["session"])
    log = session.get("log")
    if isinstance(log, list):
        rows = [_row_4(entry, index) for index, entry in enumerate(log)]
        session["log"] = {
            name: [row[column] for row in rows] for column, name in enumerate(_COLUMNS_4)
        }
    return {**data, "format_version": 4, "session": session}


def _row_4(entry: Any, index: int) -> list[Any]:
    if not isinstance(entry, dict):
        kind = _KINDS.get(type(entry), "something else")
        raise MigrationError(
            f"damaged: a log entry is an object, not {kind} at session.log[{index}]"
        )
    if extra := entry.keys() - _KEYS_3:
        raise MigrationError(
            f"damaged: a log entry has unknown keys: {', '.join(sorted(map(str, extra)))} "
            f"at session.log[{index}]"
        )
    row = [entry.get(key) for key in _COLUMNS_4]
    row[6:] = [cards if cards != [] else None for cards in row[6:]]
    return row


def _4_to_5(data: Document) -> Document:
    """Format 5 counts each pile's shuffled, unseen cards; format 4 kept a draw pile's order,
    which no one had seen below its first face-up card: from now on that part is dealt
    afresh at each load."""
    session = dict(data["session"])
    table = session.get("table")
    if isinstance(table, dict) and isinstance(table.get("piles"), list):
        facing = table.get("facing")
        up = (
            {
                card
                for card, lies in facing.items()
                if isinstance(lies, dict) and lies.get("face_up")
            }
            if isinstance(facing, dict)
            else set()
        )
        piles = [_with_shuffled(pile, up) for pile in table["piles"]]
        session["table"] = {**table, "piles": piles}
    return {**data, "format_version": 5, "session": session}


def _with_shuffled(pile: Any, up: set[Any]) -> Any:
    if not isinstance(pile, dict) or pile.get("kind") != "draw":
        return pile
    cards = pile.get("cards")
    if not isinstance(cards, list):
        return pile
    count = next((at for at, card in enumerate(cards) if card in up), len(cards))
    return {**pile, "shuffled": count} if count else pile


def _5_to_6(data: Document) -> Document:
    """Format 6 gives every deck its ``words`` (null: the shipped words, all format 5 had)."""
    return _every_deck_with(data, "words", 6)


#: ``STEPS[n]`` turns a version-``n`` dict into a version-``n + 1`` dict.
STEPS: dict[int, Step] = {1: _1_to_2, 2: _2_to_3, 3: _3_to_4, 4: _4_to_5, 5: _5_to_6}


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
