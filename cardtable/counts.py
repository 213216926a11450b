"""A number and its noun, in the singular for one: "1 Raise", "3 Raises", "after 1 round".

Every line a player reads that puts a count before a noun goes through :func:`counted`, so
that no panel, log line or refusal says "1 Raises".

>>> counted(1, "Raise"), counted(3, "Raise"), counted(0, "die", "dice")
('1 Raise', '3 Raises', '0 dice')
>>> noun(1, "die", "dice"), noun(2, "die", "dice")
('die', 'dice')
>>> ordinal(1), ordinal(12), ordinal(22)
('first', 'twelfth', '22nd')
"""

from __future__ import annotations


def noun(count: int, one: str, many: str | None = None) -> str:
    """``one`` for a count of 1 (or -1), else ``many`` (``one`` + "s" unless given)."""
    return one if abs(count) == 1 else (many if many is not None else f"{one}s")


def counted(count: int, one: str, many: str | None = None) -> str:
    """``count`` and its noun: "1 card", "2 cards", "1 die", "6 dice"."""
    return f"{count} {noun(count, one, many)}"


_ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "twenty-first",
)


def ordinal(number: int) -> str:
    """Where ``number`` (from 1) comes in a row, as a player says it: "first", "twelfth",
    "22nd"."""
    if 1 <= number <= len(_ORDINALS):
        return _ORDINALS[number - 1]
    last = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{last}"


__all__ = ["counted", "noun", "ordinal"]
