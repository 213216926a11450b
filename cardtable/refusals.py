"""Refusals in a player's words: never Python's own ("unhashable type: 'list'").

:class:`Refusal` is what the model raises when it will not do what was asked (a rule, a
seat that may not, text it cannot read): every error class of the model meant for a player
derives from it, and only these reach a player as a refusal. Any other exception during an
action is a bug: the window logs it and says so (``cardtable.ui.document``).

Loading a hostile file can trip Python itself deep inside a check (a list where a name
belongs, a number where an object belongs). Such a message means nothing to a player, so a
refusal that would carry one says what the player can act on instead.

>>> python_words("unhashable type: 'list'"), python_words("argument of type 'int' is not iterable")
(True, True)
>>> python_words("two piles share the id 'tarot/draw'")
False
>>> in_plain_words(TypeError("'NoneType' object is not subscriptable"), "it is damaged")
'it is damaged'
>>> one_line("3k2\\n--tn: cannot read\\n'-tn'")
"3k2 --tn: cannot read '-tn'"
"""

from __future__ import annotations

import re


class Refusal(ValueError):
    """The model's own refusal, with a message a player can act on."""

#: The shapes of CPython's own error messages (and of the libraries' that pass them on).
_PYTHON = re.compile(
    "|".join(
        (
            r"unhashable type",
            r"object has no attribute",
            r"object is not (?:iterable|subscriptable|callable|a mapping|an iterator)",
            r"argument of type '",
            r"not supported between instances of",
            r"unsupported operand type",
            r"(?:positional|keyword) argument",
            r"\w\(\) (?:takes|got|missing|argument)",
            r"__\w+__",
            r"invalid literal for",
            r"index out of range",
            r"indices must be",
            r"can only concatenate",
            r"must be (?:str|int|real number|a (?:str|bytes|int|tuple))",
            r"has no len\(\)",
            r"integer string conversion",
            r"codec can't (?:encode|decode)",
            r"values to unpack",
            r"cannot be interpreted as",
            r"maximum recursion depth",
            r"math domain error|division by zero|int too large|cannot convert float",
            r"'(?:list|dict|int|str|float|bool|tuple|set|bytes|NoneType|object)'",
            r"invalid value for type|invalid type \(|unknown error \(",  # cattrs passing them on
            r"\b\w+(?:\.\w+)*\.[A-Z]\w* \|",  # a type's dotted name, as cattrs gives it
            r"^'[^']*'$",  # a KeyError: the missing key, nothing more
        )
    )
)


def python_words(message: str) -> bool:
    """Whether ``message`` is Python's own wording rather than a sentence for a player."""
    return not message.strip() or _PYTHON.search(message) is not None


def in_plain_words(error: BaseException, fallback: str) -> str:
    """``error``'s message on one line, or ``fallback`` where the message is Python's own."""
    message = one_line(str(error))
    return fallback if python_words(message) else message


#: Control characters but the tab and the line break (which :func:`one_line` makes spaces).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` with each control character written as its escape: quoted input can then
    never move a terminal's cursor, change its colours or clear it.

    >>> print(printable("7k5\\x1b[31mRED"))
    7k5\\x1b[31mRED
    """
    return _CONTROL.sub(lambda found: f"\\x{ord(found[0]):02x}", text)


def one_line(text: str) -> str:
    """``text`` with every run of white space (line breaks too) made one space."""
    return " ".join(text.split())
