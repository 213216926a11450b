"""How long each text in a session file may be, checked before anything in it is built.

A session file is read as JSON first; before the session is made from it, every text in it
is held to a limit far beyond what play writes (a note holds at most 2,000 characters, a
long deal's log line a few thousand), and names are held to one line of plain text. A file
over a limit is refused in one line naming the place and the limit, and nothing of it is
made into a session::

    players[1].name holds a control character (U+0000); a name is plain text on one line

>>> check_texts({"players": [{"name": "Bea"}], "options": {"pool-ties": "x" * 20_000}})
Traceback (most recent call last):
...
cardtable.session.text_limits.TextLimitError: options['pool-ties'] holds 20,000 characters; \
an option's value holds at most 10,000
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Iterator
from typing import Any

import orjson

from cardtable.session.model import MAX_NAME

#: One line of the log (its public or private text).
MAX_LOG_LINE = 100_000
#: An option's value.
MAX_OPTION_TEXT = 10_000
#: A portrait, as the base64 text of its PNG (a 512-pixel picture takes well under 2 MB).
MAX_PORTRAIT = 8_000_000
#: Any other text: ids, sheet fields, resolver states, the log's other columns.
MAX_TEXT = 100_000

_LOG_TEXTS = {"public": "public text", "private": "private text"}
_CARD_COLUMNS = {"cards", "unrevealed"}
#: The lists of named things whose ``name`` is held to :data:`MAX_NAME`, one line of plain text.
_NAMED = ("players", "characters")


class TextLimitError(ValueError):
    """A text in a session file over its limit, or a name that is not plain text."""


def refuse_huge_texts(raw: bytes) -> None:
    """Refuse (:class:`TextLimitError`) the bytes of a file holding a text longer than any
    limit, before they are read as JSON (which would hold the text, and more, in memory).

    Any text longer than :data:`MAX_PORTRAIT` bytes leaves a stretch of the file without a
    quote that long; such a stretch is found by looking for a quote in blocks of half that
    length, a few searches for a whole file. The file is then read with each stretch cut
    out, so that the refusal can name the place of the text it belonged to.
    """
    runs = _unbroken(raw, MAX_PORTRAIT)
    if not runs:
        return
    pieces: list[bytes] = []
    lengths: dict[str, int] = {}
    start = 0
    for number, (begin, end) in enumerate(runs):
        marker = f"@cardtable-cut-{number}@"
        lengths[marker] = _characters(raw, begin, end)
        pieces += [raw[start:begin], marker.encode()]
        start = end
    pieces.append(raw[start:])
    try:
        data = orjson.loads(b"".join(pieces))
    except orjson.JSONDecodeError:
        data = None
    if isinstance(data, dict):
        check_texts(data.get("session"), lengths)
    raise TextLimitError(
        f"holds {max(lengths.values()):,} characters in a row, more than any text in a session "
        f"may ({MAX_PORTRAIT:,})"
    )


def _unbroken(raw: bytes, longest: int) -> list[tuple[int, int]]:
    """Where ``raw`` goes on for more than ``longest`` bytes without a quote."""
    # A stretch of longest + 1 bytes holds a whole block of this size, wherever it starts.
    block = (longest + 2) // 2
    runs: list[tuple[int, int]] = []
    at = 0
    while at < len(raw):
        if raw.find(b'"', at, at + block) >= 0:
            at += block
            continue
        begin = raw.rfind(b'"', 0, at) + 1
        end = raw.find(b'"', at + block)
        end = len(raw) if end < 0 else end
        if end - begin > longest:
            runs.append((begin, end))
        at = end + 1
    return runs


def _characters(raw: bytes, begin: int, end: int) -> int:
    """How many characters ``raw[begin:end]`` holds as UTF-8, read a megabyte at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    view = memoryview(raw)
    step = 1 << 20
    return sum(
        len(decoder.decode(view[at : min(at + step, end)], final=at + step >= end))
        for at in range(begin, end, step)
    )


def check_texts(session: Any, cut: dict[str, int] | None = None) -> None:
    """Refuse (:class:`TextLimitError`) the ``session`` part of a file, as read from JSON,
    if a text in it is over its limit; anything else wrong with it is left for the reading
    proper to say. ``cut`` gives the true length of stretches :func:`refuse_huge_texts` cut
    out, by the marker that stands in their place."""
    if isinstance(session, dict):
        _Texts(cut or {}).check(session)


class _Texts:
    """The checks of one file's texts."""

    def __init__(self, cut: dict[str, int]) -> None:
        self._cut = cut

    def check(self, session: dict[str, Any]) -> None:
        for key, value in session.items():
            if key == "log":
                self._log(value)
            elif key == "options" and isinstance(value, dict):
                for option, chosen in value.items():
                    place = f"options[{option!r}]"
                    self._limit(place, option, MAX_TEXT, "an option's name")
                    self._limit(place, chosen, MAX_OPTION_TEXT, "an option's value")
            else:
                for place, text, limit, what in _texts(value, str(key)):
                    self._limit(place, text, limit, what)
        for listed in _NAMED:
            items = session.get(listed)
            if isinstance(items, list):
                for number, item in enumerate(items):
                    if isinstance(item, dict) and isinstance(item.get("name"), str):
                        self._name(f"{listed}[{number}].name", item["name"])

    def _log(self, log: Any) -> None:
        if not isinstance(log, dict):
            return
        for column, texts in log.items():
            if not isinstance(texts, list) or column in _CARD_COLUMNS:
                continue  # card ids: each must name a card on the table
            limit, what = (
                (MAX_LOG_LINE, "a log line") if column in _LOG_TEXTS else (MAX_TEXT, "a text")
            )
            if not self._cut and _longest(texts) <= limit:
                continue
            for number, text in enumerate(texts):
                place = f"the log's entry {number} ({_LOG_TEXTS.get(column, column)})"
                self._limit(place, text, limit, what)

    def _limit(self, place: str, text: Any, limit: int, what: str) -> None:
        if not isinstance(text, str):
            return
        size = len(text) + sum(
            length - len(marker) for marker, length in self._cut.items() if marker in text
        )
        if size > limit:
            raise TextLimitError(
                f"{place} holds {size:,} characters; {what} holds at most {limit:,}"
            )

    def _name(self, place: str, name: str) -> None:
        self._limit(place, name, MAX_NAME, "a name")
        for character in name:
            if unicodedata.category(character) == "Cc":
                raise TextLimitError(
                    f"{place} holds a control character (U+{ord(character):04X}); a name is "
                    "plain text on one line"
                )


def _texts(value: Any, place: str) -> Iterator[tuple[str, str, int, str]]:
    """Every text in ``value`` (keys too), where it is, and its limit; without recursion, as
    deep as JSON goes."""
    stack: list[tuple[Any, str]] = [(value, place)]
    while stack:
        node, here = stack.pop()
        if isinstance(node, str):
            if here.endswith(".portrait"):
                yield here, node, MAX_PORTRAIT, "a portrait"
            else:
                yield here, node, MAX_TEXT, "a text"
        elif isinstance(node, list):
            stack.extend((item, f"{here}[{number}]") for number, item in enumerate(node))
        elif isinstance(node, dict):
            for key, item in node.items():
                yield here, key, MAX_TEXT, "a key"
                stack.append((item, f"{here}.{key}"))


def _longest(texts: list[Any]) -> int:
    """The length of the longest text in ``texts`` (quick for a column of a hundred thousand
    lines; what is not text counts as none)."""
    try:
        return max(map(len, filter(None, texts)), default=0)
    except TypeError:  # numbers, or anything else but text and null
        return max((len(text) for text in texts if isinstance(text, str)), default=0)
