"""A number and its noun, in the singular for one: "1 Raise", "3 Raises", "after 1 round".

Every line a player reads that puts a count before a noun goes through :func:`counted`, so
that no panel, log line or refusal says "1 Raises".

>>> counted(1, "Raise"), counted(3, "Raise"), counted(0, "die", "dice")
('1 Raise', '3 Raises', '0 dice')
>>> noun(1, "die", "dice"), noun(2, "die", "dice")
('die', 'dice')
"""

from __future__ import annotations


def noun(count: int, one: str, many: str | None = None) -> str:
    """``one`` for a count of 1 (or -1), else ``many`` (``one`` + "s" unless given)."""
    return one if abs(count) == 1 else (many if many is not None else f"{one}s")


def counted(count: int, one: str, many: str | None = None) -> str:
    """``count`` and its noun: "1 card", "2 cards", "1 die", "6 dice"."""
    return f"{count} {noun(count, one, many)}"


__all__ = ["counted", "noun"]
