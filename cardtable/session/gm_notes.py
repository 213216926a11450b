"""The GM's private notes: a private :class:`~cardtable.session.actions.Note` only the GM
writes, and only the GM reads.

Each note is a line of the session log whose text is the GM's alone (the room reads "Dana
wrote in the GM's notes"), so it is saved with the session and kept private by the same rule
as a hand of cards (``rules/table.md``: a GM's notes are private). :func:`gm_notes` is the
one way to read them back: it gives them only while the GM holds the computer and no curtain
is up, and nothing otherwise, so no view can paint them for another seat.

>>> from cardtable.randomness import seeded
>>> from cardtable.session.actions import AddPlayer
>>> from cardtable.session.core import Session
>>> from cardtable.session.model import Player
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Dana", gm=True)))
>>> _ = session.apply(GmNote("The Duke is the assassin."))
>>> [note.text for note in gm_notes(session)], session.log[-1].public
(['The Duke is the assassin.'], "Dana wrote in the GM's notes")
"""

from __future__ import annotations

from datetime import datetime
from itertools import compress, count, repeat
from operator import eq
from typing import ClassVar

from attrs import frozen

from cardtable.session.actions import MAX_NOTE, Note
from cardtable.session.authority import gm_of, gm_refusal
from cardtable.session.core import Performed, Session
from cardtable.session.log import Event
from cardtable.session.model import PlayerId, SessionError

#: How a GM's note reads, to the GM and to the room.
PRIVATE_PREFIX = "GM's note: "
PUBLIC_SUFFIX = " wrote in the GM's notes"


@frozen
class GmNote(Note):
    """A line in the GM's private notes (the GM's alone to write)."""

    undoable: ClassVar[bool] = False

    private: bool = True

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        if gm_of(session.state) is None:
            return "This table has no GM: mark a player as the GM to keep GM's notes."
        return gm_refusal(session.state, who, "write in the GM's notes")

    def perform(self, session: Session) -> Performed:
        text = " ".join(self.text.split())
        gm = gm_of(session.state)
        if gm is None:
            raise SessionError("This table has no GM: mark a player as the GM to keep GM's "
                               "notes.")
        if not text:
            raise SessionError("The note is empty: write something first.")
        if len(text) > MAX_NOTE:
            raise SessionError(f"A note holds at most {MAX_NOTE} characters ({len(text)} "
                               "written).")
        name = session.state.player(gm).name
        return Performed((Event.secret(f"{name}{PUBLIC_SUFFIX}", f"{PRIVATE_PREFIX}{text}", gm),))


@frozen
class GmNoteShown:
    """One of the GM's notes, when it was written."""

    at: datetime
    text: str


def gm_may_read(session: Session) -> bool:
    """Whether the GM's notes may be shown now: the GM holds the computer, no curtain up."""
    gm = gm_of(session.state)
    return gm is not None and session.curtain is None and session.holder == gm


def gm_notes(session: Session) -> list[GmNoteShown]:
    """The GM's notes, oldest first, while :func:`gm_may_read`; an empty list otherwise."""
    if not gm_may_read(session):
        return []
    gm = gm_of(session.state)
    # Read from the log's columns: a long evening's lines are not all made for this.
    ats, _, _, publics, privates, owners, _, _ = session.log.columns
    return [
        GmNoteShown(ats[index], privates[index].removeprefix(PRIVATE_PREFIX))
        for index in compress(count(), map(eq, owners, repeat(gm)))
        if privates[index] is not None
        and privates[index].startswith(PRIVATE_PREFIX)
        and publics[index].endswith(PUBLIC_SUFFIX)
    ]


__all__ = ["GmNote", "GmNoteShown", "gm_may_read", "gm_notes"]
