"""The log in a save file: eight columns, checked a column at a time, entries made when read.

Since format 4 the log is an object of eight lists of the same length, one value per entry
in each, in the order of :data:`COLUMNS`::

    "log": {"at": ["2025-03-01T20:15:00+00:00"], "seat": [1], "actor": ["bea"],
            "public": ["Bea drew a card"], "private": ["Bea drew the 7 of Clubs"],
            "owner": ["bea"], "cards": [["shoe/7c"]], "unrevealed": [["shoe/7c"]]}

(the time, the seat and the player who acted, the public text, the private text and whose
it is, the cards the entry names and those still hiding its private text; null where there
is none). A long evening writes a hundred thousand entries, so loading checks each column
whole with Python's own loops (:func:`read_log`) and makes each
:class:`~cardtable.session.log.LogEntry` only when someone reads it
(:meth:`SessionLog.from_columns`); saving copies the columns the log keeps
(:func:`columns`). When a column holds something wrong, the entries are walked one by one
to say which is wrong and how.

>>> log = read_log({"at": ["2025-03-01T20:15:00+00:00"], "seat": [0], "actor": ["bea"],
...                 "public": ["Bea drew a card"], "private": ["Bea drew the 7 of Clubs"],
...                 "owner": ["bea"], "cards": [["shoe/7c"]], "unrevealed": [["shoe/7c"]]},
...                {"shoe/7c"}, ["bea"])
>>> log[0].seen_by_all, log[0].at.isoformat()
('Bea drew a card', '2025-03-01T20:15:00+00:00')
>>> columns(log)["cards"]
[['shoe/7c']]
>>> read_log({**columns(log), "at": ["20:15"], "seat": [3]}, {"shoe/7c"}, ["bea"])
Traceback (most recent call last):
...
cardtable.session.log_file.DamagedLogError: '20:15' is not a date and time (entry 0)
>>> read_log({**columns(log), "at": ["2025-03-01T20:15:00+00:00"], "seat": [3]},
...          {"shoe/7c"}, ["bea"])
Traceback (most recent call last):
...
cardtable.session.log_file.DamagedLogError: a log entry names a seat nobody sits at (entry 0)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime, timedelta, timezone
from itertools import chain, compress, count
from operator import attrgetter
from typing import Any

from cardtable.cards import CardId
from cardtable.exact_json import JSON_NAMES, json_name
from cardtable.session.log import FIELDS, SessionLog, is_seal
from cardtable.session.model import PlayerId

#: The log's columns, in the order the file writes them.
COLUMNS = FIELDS
_NONE = type(None)
_ZONE = attrgetter("tzinfo")


class DamagedLogError(ValueError):
    """A log of the wrong shape or kind; the message says which entry and how."""


def _whole_minutes(offset: timedelta | None) -> bool:
    return offset is not None and not offset % timedelta(minutes=1)


# ---------------------------------------------------------------------------------------------
# Writing


def _file_times(log: SessionLog, ats: list[Any]) -> list[Any]:
    if all(type(zone) is timezone and _whole_minutes(zone.utcoffset(None)) for zone in log.zones):
        return ats
    return [at if _whole_minutes(at.utcoffset()) else at.isoformat() for at in ats]


def columns(
    log: SessionLog, entries: int | None = None, *, start: int = 0
) -> dict[str, list[Any]]:
    """The first ``entries`` of ``log`` (all by default; from ``start`` on) as the file's
    columns: copies of the log's own (:attr:`SessionLog.columns`), so a save costs the same
    whether its entries were played here or read from a file."""
    found = [column[start:entries] for column in log.columns]
    found[0] = _file_times(log, found[0])
    return dict(zip(COLUMNS, found, strict=True))


def values_of(log: SessionLog, index: int) -> list[Any]:
    """Entry ``index``'s eight values as the file's columns hold them (safe from any
    thread: an entry not made yet is not made for this)."""
    found = [column[index] for column in log.columns]
    found[0] = _file_times(log, found[:1])[0]
    return found


# ---------------------------------------------------------------------------------------------
# Reading


def read_log(data: Any, cards: Collection[CardId], seated: Sequence[PlayerId]) -> SessionLog:
    """The log held by ``data`` (the file's ``session.log``), whose entries may name only
    ``cards`` and come from the seats of ``seated``; :class:`DamagedLogError` says what is
    wrong with it otherwise."""
    if type(data) is not dict:
        raise DamagedLogError(f"the log is an object of columns, not {json_name(data)}")
    if extra := data.keys() - set(COLUMNS):
        raise DamagedLogError(f"the log has unknown columns: {', '.join(sorted(extra))}")
    if missing := [name for name in COLUMNS if name not in data]:
        raise DamagedLogError(f"the log has no column {missing[0]!r}")
    found = [data[name] for name in COLUMNS]
    for name, column in zip(COLUMNS, found, strict=True):
        if type(column) is not list:
            raise DamagedLogError(f"the log's {name!r} is a list, not {json_name(column)}")
    lengths = set(map(len, found))
    if len(lengths) > 1:
        raise DamagedLogError(
            f"the log's columns are of different lengths ({', '.join(map(str, sorted(lengths)))})"
        )
    if not found[0]:
        return SessionLog()
    try:
        checked = _checked(found, cards, seated)
    except (TypeError, ValueError):  # a wrong kind in some column: the walk below says which
        checked = None
    if checked is None:
        _refuse_first(found, cards, seated)
        raise DamagedLogError("a log entry cannot be read")  # the walk found them all whole
    return SessionLog.from_columns(checked, set(map(_ZONE, checked[0])))


def _checked(
    found: list[list[Any]], cards: Collection[CardId], seated: Sequence[PlayerId]
) -> tuple[list[Any], ...] | None:
    """The columns, each checked whole with Python's own loops, the times parsed; None when
    some entry is wrong."""
    ats, seats, actors, publics, privates, owners, named, hiding = found
    if not (
        set(map(type, ats)) == {str}
        and set(map(type, seats)) <= {int, _NONE}
        and set(map(type, actors)) <= {str, _NONE}
        and set(map(type, publics)) == {str}
        and set(map(type, privates)) <= {str, _NONE}
        and set(map(type, owners)) <= {str, _NONE}
        and set(map(type, named)) <= {list, _NONE}
        and set(map(type, hiding)) <= {list, _NONE}
    ):
        return None
    every_named = set(chain.from_iterable(filter(None, named)))
    if not set(map(type, every_named)) <= {str}:
        return None
    # A sealed roll's line hides behind its seal, not a card (cardtable.session.sealed_rolls).
    if not all(map(is_seal, every_named.difference(cards))):
        return None
    times = list(map(datetime.fromisoformat, ats))
    if None in set(map(_ZONE, times)):
        return None
    by_seat: dict[int | None, PlayerId | None] = dict(enumerate(seated))
    by_seat[None] = None
    if not set(seats) <= by_seat.keys() or actors != list(map(by_seat.__getitem__, seats)):
        return None
    if not set(owners) <= {None, *seated}:
        return None
    for index in compress(count(), hiding):
        if privates[index] is None or not set(named[index] or ()) >= set(hiding[index]):
            return None
    return times, seats, actors, publics, privates, owners, named, hiding


def _refuse_first(
    found: list[list[Any]], cards: Collection[CardId], seated: Sequence[PlayerId]
) -> None:
    """Raise for the first entry that is wrong, saying which and how."""
    on_table, players = set(cards), set(seated)
    for index in range(len(found[0])):
        try:
            _check_entry([column[index] for column in found], on_table, seated, players)
        except DamagedLogError as exc:
            raise DamagedLogError(f"{exc} (entry {index})") from None


def _check_entry(
    values: list[Any], on_table: set[CardId], seated: Sequence[PlayerId], players: set[PlayerId]
) -> None:
    at, seat, actor, public, private, owner, named, hiding = values
    for field, value, kinds in (
        ("seat", seat, (int, _NONE)),
        ("player", actor, (str, _NONE)),
        ("text", public, (str,)),
        ("private text", private, (str, _NONE)),
        ("owner", owner, (str, _NONE)),
    ):
        if type(value) not in kinds:
            wanted = " or ".join(JSON_NAMES[kind] for kind in kinds)
            raise DamagedLogError(
                f"a log entry's {field} is of the wrong type: expected {wanted}, "
                f"found {json_name(value)}"
            )
    for value in (named, hiding):
        if value is not None and (
            type(value) is not list or any(type(card) is not str for card in value)
        ):
            raise DamagedLogError("a log entry's cards must be a list of card ids")
    named, hiding = named or (), hiding or ()
    if type(at) is not str:
        raise DamagedLogError(f"expected a date and time, found {json_name(at)}")
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        raise DamagedLogError(f"{at!r} is not a date and time") from None
    if when.tzinfo is None:
        raise DamagedLogError(f"{at!r} has no time zone")
    if not on_table >= {c for c in named if not is_seal(c)} or not set(named) >= set(hiding):
        raise DamagedLogError("a log entry names a card that is not on the table")
    if hiding and private is None:
        raise DamagedLogError("a log entry hides cards but has no private text")
    if seat is not None and not 0 <= seat < len(seated):
        raise DamagedLogError("a log entry names a seat nobody sits at")
    if actor != (None if seat is None else seated[seat]):
        raise DamagedLogError("a log entry's player is not the one at its seat")
    if owner is not None and owner not in players:
        raise DamagedLogError("a log entry's private text belongs to someone not at the table")
