"""The session log: what happened, when, at whose seat, in words a player reads.

An entry has a public text (what everyone saw) and may have a private one that names cards
only their owner has seen: "Bea drew a card" for the room, "Bea drew the Queen of Hearts"
for Bea. Once every card an entry names has been shown to the whole table, the private
text is what everyone reads (:attr:`LogEntry.revealed`). Which text a given seat may read
is decided in :mod:`cardtable.session.visibility`; exports here print what everyone saw.

The log only grows: undo writes "Alex undid: ..." lines rather than rubbing out history.

>>> from datetime import datetime, timezone
>>> at = datetime(2025, 3, 1, 20, 15, tzinfo=timezone.utc)
>>> entry = LogEntry(at, 1, "bea", "Bea drew a card", "Bea drew the 7 of Clubs", "bea",
...                  cards=("shoe/7c",), unrevealed=("shoe/7c",))
>>> entry.revealed, entry.seen_by_all
(False, 'Bea drew a card')
>>> entry.revealing(["shoe/7c"]).seen_by_all
'Bea drew the 7 of Clubs'
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from itertools import compress
from typing import Any, cast

from attrs import evolve, frozen

from cardtable.cards import CardId
from cardtable.session.model import Player, PlayerId

#: How a sealed roll's seal begins (:mod:`cardtable.session.sealed_rolls`): a line about a roll
#: the GM keeps behind the screen hides behind its seal as a private draw hides behind its
#: card. No card id holds a ``#`` (card ids are ``deck/card``).
SEAL_PREFIX = "sealed-roll#"


def is_seal(name: str) -> bool:
    """Whether ``name``, among a log line's cards, is a sealed roll's seal, not a card."""
    return name.startswith(SEAL_PREFIX)


@frozen
class Event:
    """What an action tells the log, before the session stamps it with time and seat.

    ``private`` is read only by ``owner`` (or by nobody, when ``owner`` is None) until all
    of ``cards`` have been shown to the table.
    """

    public: str
    private: str | None = None
    owner: PlayerId | None = None
    cards: tuple[CardId, ...] = ()

    @classmethod
    def said(cls, text: str) -> Event:
        """An event everyone may read in full."""
        return cls(text)

    @classmethod
    def secret(
        cls, public: str, private: str, owner: PlayerId | None, cards: Iterable[CardId] = ()
    ) -> Event:
        """An event whose full text only ``owner`` reads until ``cards`` are revealed."""
        return cls(public, private, owner, tuple(cards))


@frozen
class LogEntry:
    """One line of the log. ``unrevealed`` lists the cards still hiding ``private``."""

    at: datetime
    seat: int | None
    actor: PlayerId | None
    public: str
    private: str | None = None
    owner: PlayerId | None = None
    cards: tuple[CardId, ...] = ()
    unrevealed: tuple[CardId, ...] = ()

    @property
    def revealed(self) -> bool:
        """True once every card of a private entry has been shown to the whole table."""
        return self.private is not None and bool(self.cards) and not self.unrevealed

    @property
    def seen_by_all(self) -> str:
        """The text everyone at the table may read."""
        if self.private is not None and self.revealed:
            return self.private
        return self.public

    def revealing(self, shown: Iterable[CardId]) -> LogEntry:
        """This entry after ``shown`` were shown to the table."""
        gone = set(shown)
        return evolve(self, unrevealed=tuple(c for c in self.unrevealed if c not in gone))


#: A log entry's fields, in the order of :attr:`SessionLog.columns`.
FIELDS = ("at", "seat", "actor", "public", "private", "owner", "cards", "unrevealed")


def _cards(cards: tuple[CardId, ...]) -> list[CardId] | None:
    return list(cards) if cards else None


class SessionLog:
    """The entries in the order they happened, with an index of the cards still hidden.

    Entries are frozen; revealing a card replaces the entries that named it, and
    :meth:`replaced_since` tells those who keep a copy of the lines (the log panel, the
    autosave) which ones.

    The log also keeps its entries' values column by column (:attr:`columns`, in the order
    of :data:`FIELDS`; a list of cards, or None for none), as a save file holds them: a
    save copies eight lists however long the evening, and a log read from a file
    (:meth:`from_columns`) makes each entry only when it is first read.
    """

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        # None marks an entry read from a file and not made yet.
        self._entries: list[LogEntry | None] = []
        self.columns: tuple[list[Any], ...] = tuple([] for _ in FIELDS)
        #: The time zones of the entries' times.
        self.zones: set[Any] = set()
        self._waiting: dict[CardId, set[int]] = {}
        self._replaced: list[int] = []
        self._unmade = 0
        self._making = threading.Lock()
        for entry in entries:
            self.append(entry)

    @classmethod
    def from_columns(cls, columns: Sequence[list[Any]], zones: Iterable[Any]) -> SessionLog:
        """The log whose values are ``columns`` (as :attr:`columns` holds them, already
        checked), each entry made when first read.

        A long evening's file holds a hundred thousand lines and a screen shows a few dozen:
        loading checks them all but makes none.
        """
        log = cls()
        log.columns = tuple(columns)
        log.zones = set(zones)
        count = len(log.columns[0])
        log._entries = [None] * count
        log._unmade = count
        privates, hiding = log.columns[4], log.columns[7]
        for index in compress(range(count), hiding):
            if privates[index] is not None:
                for card in hiding[index]:
                    log._waiting.setdefault(card, set()).add(index)
        return log

    def unmade(self, index: int) -> bool:
        """Whether entry ``index`` was read from a file and not made yet."""
        return self._entries[index] is None

    def _made(self, index: int) -> LogEntry:
        # The autosave's thread reads entries too: make each one once, under the lock.
        with self._making:
            entry = self._entries[index]
            if entry is None:
                at, seat, actor, public, private, owner, cards, hiding = (
                    column[index] for column in self.columns
                )
                entry = self._entries[index] = LogEntry(
                    at, seat, actor, public, private, owner, tuple(cards or ()), tuple(hiding or ())
                )
                self._unmade -= 1
            return entry

    def append(self, entry: LogEntry) -> None:
        index = len(self._entries)
        self._entries.append(entry)
        at, seat, actor, public, private, owner, cards, hiding = self.columns
        at.append(entry.at)
        seat.append(entry.seat)
        actor.append(entry.actor)
        public.append(entry.public)
        private.append(entry.private)
        owner.append(entry.owner)
        cards.append(_cards(entry.cards))
        hiding.append(_cards(entry.unrevealed))
        self.zones.add(entry.at.tzinfo)
        if entry.private is not None:
            for card in entry.unrevealed:
                self._waiting.setdefault(card, set()).add(index)

    def reveal(self, cards: Iterable[CardId]) -> bool:
        """Mark ``cards`` as shown to the table; True when some entry changed."""
        shown = set(cards)
        touched: set[int] = set()
        for card in shown:
            touched |= self._waiting.pop(card, set())
        for index in sorted(touched):
            entry = self._entries[index] = self[index].revealing(shown)
            self.columns[7][index] = _cards(entry.unrevealed)
            self._replaced.append(index)
        return bool(touched)
    def replaced_since(self, mark: int) -> tuple[list[int], int]:
        """The indices of the entries replaced since ``mark`` (0: since the log began), in
        the order it happened, and the mark to ask with next time.

        >>> from datetime import datetime, timezone
        >>> at = datetime(2025, 3, 1, 20, 15, tzinfo=timezone.utc)
        >>> log = SessionLog([LogEntry(at, 0, "bea", "Bea drew a card", "Bea drew the 7 of Clubs",
        ...                            "bea", cards=("shoe/7c",), unrevealed=("shoe/7c",))])
        >>> _, mark = log.replaced_since(0)
        >>> log.reveal(["shoe/7c"]), log.replaced_since(mark)
        (True, ([0], 1))
        """
        return self._replaced[mark:], len(self._replaced)

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[LogEntry]:
        if self._unmade:
            for index in range(len(self._entries)):
                if self._entries[index] is None:
                    self._made(index)
        return iter(cast(list[LogEntry], self._entries))

    def __getitem__(self, index: int) -> LogEntry:
        entry = self._entries[index]
        return self._made(index) if entry is None else entry

    @property
    def entries(self) -> Sequence[LogEntry]:
        return tuple(self)

    def __repr__(self) -> str:
        return f"<SessionLog of {len(self._entries)} entries>"



# ---------------------------------------------------------------------------------------------
# Export


def _day(entry: LogEntry) -> str:
    return entry.at.strftime("%Y-%m-%d")


def _clock(entry: LogEntry) -> str:
    return entry.at.strftime("%H:%M:%S")


def _one_line(text: str) -> str:
    return " ".join(text.split())


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+\-!|~])")


def markdown_escape(text: str) -> str:
    r"""Text that Markdown prints as written.

    >>> markdown_escape("Bea *shouted* <b>")
    'Bea \\*shouted\\* \\<b\\>'
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", _one_line(text))


def to_markdown(
    lines: Sequence[tuple[LogEntry, str]], title: str = "Session log", subtitle: str = ""
) -> str:
    """The log as Markdown, one bullet per entry under a heading per day.

    ``lines`` pairs each entry with the text to print for it (see
    :func:`cardtable.session.visibility.export_lines`).
    """
    out = [f"# {markdown_escape(title)}", ""]
    if subtitle:
        out += [markdown_escape(subtitle), ""]
    day = None
    for entry, text in lines:
        if _day(entry) != day:
            day = _day(entry)
            out += ["", f"## {day}", ""] if out[-1] != "" else [f"## {day}", ""]
        out.append(f"- {_clock(entry)} — {markdown_escape(text)}")
    if not lines:
        out.append("Nothing has happened yet.")
    return "\n".join(out).rstrip() + "\n"


_HTML_STYLE = (
    "body{font-family:sans-serif;max-width:48em;margin:2em auto;line-height:1.4}"
    "time{color:#666;font-variant-numeric:tabular-nums;margin-right:.6em}"
    "li{list-style:none;padding:.1em 0;border-left:.3em solid var(--seat,#ccc);padding-left:.5em}"
)


def to_html(
    lines: Sequence[tuple[LogEntry, str]],
    players: Sequence[Player] = (),
    title: str = "Session log",
    subtitle: str = "",
) -> str:
    """The log as a standalone HTML page; every text is escaped.

    Each line is marked with the colour of the player who acted, when known.
    """
    import html  # here: a session opens without exporting its log

    colours = {p.id: p.colour for p in players}
    esc = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        f"<title>{esc(title)}</title>",
        f"<style>{_HTML_STYLE}</style></head>",
        "<body>",
        f"<h1>{esc(title)}</h1>",
    ]
    if subtitle:
        out.append(f"<p>{esc(subtitle)}</p>")
    day = None
    for entry, text in lines:
        if _day(entry) != day:
            if day is not None:
                out.append("</ol>")
            day = _day(entry)
            out += [f"<h2>{esc(day)}</h2>", '<ol class="log">']
        colour = colours.get(entry.actor) if entry.actor is not None else None
        style = f' style="--seat:{esc(colour)}"' if colour else ""
        out.append(
            f'<li{style}><time datetime="{esc(entry.at.isoformat())}">{esc(_clock(entry))}'
            f"</time> {esc(_one_line(text))}</li>"
        )
    if day is not None:
        out.append("</ol>")
    else:
        out.append("<p>Nothing has happened yet.</p>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"
