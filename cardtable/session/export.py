"""Exporting a session's log to Markdown or HTML, as the table saw it.

By default an export holds what everyone at the table saw (a private draw stays "Bea drew
a card" until the card was revealed); given a seat, it holds what that seat may read.

>>> from cardtable.randomness import seeded
>>> from cardtable.session.actions import AddPlayer
>>> from cardtable.session.model import Player
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Alex")))
>>> print(log_markdown(session, title="Night train").splitlines()[0])
# Night train
"""

from __future__ import annotations

from pathlib import Path

from cardtable.session.atomic import write_atomic
from cardtable.session.core import Session
from cardtable.session.log import to_html, to_markdown
from cardtable.session.model import Seat
from cardtable.session.visibility import export_lines

DEFAULT_TITLE = "Session log"


def _subtitle(session: Session, seat: Seat | None) -> str:
    if seat is None:
        return "As everyone at the table saw it."
    return f"As {session.players[seat].name} saw it."


def log_markdown(session: Session, seat: Seat | None = None, title: str = DEFAULT_TITLE) -> str:
    """The log as Markdown (what everyone saw, or what ``seat`` may read)."""
    return to_markdown(export_lines(session, seat), title, _subtitle(session, seat))


def log_html(session: Session, seat: Seat | None = None, title: str = DEFAULT_TITLE) -> str:
    """The log as a standalone HTML page (what everyone saw, or what ``seat`` may read)."""
    return to_html(export_lines(session, seat), session.players, title, _subtitle(session, seat))


def write_log(
    session: Session, path: str | Path, seat: Seat | None = None, title: str = DEFAULT_TITLE
) -> None:
    """Write the log to ``path``: HTML for ``.html``/``.htm``, Markdown otherwise.

    Raises :class:`OSError` when the file cannot be written (the old file, if any, is kept).
    A seat's own log may hold its private cards and notes: a new file of it is readable by
    its owner only.
    """
    path = Path(path)
    if path.suffix.lower() in (".html", ".htm"):
        text = log_html(session, seat, title)
    else:
        text = log_markdown(session, seat, title)
    write_atomic(path, text.encode("utf-8"), private=seat is not None)
