"""The open session as the front end sees it: one object every view and panel shares.

Views take a :class:`SessionDocument` in their constructor, connect to :attr:`changed`
(the model's change flags) and :attr:`replaced` (a whole new session was opened), and ask
for every change through :meth:`apply`. The felt, and what must never lag what it shows
(who may see which face: the curtain, the table as text, the phones; the window's title,
undo and autosave), hear :attr:`changed_at_once` instead, always as the change is made.
A card dropped on the felt is shown by the felt first (:meth:`felt_first`): the other views
hear :attr:`changed` once the event loop turns, after the felt's next frame, and before
anything else is asked of the document. A refused action never raises into Qt: the
model's own refusal (a :class:`~cardtable.refusals.Refusal`) goes to :attr:`refused`, which
the main window shows in the status bar. Any other exception is a bug, not a rule: it is
logged with its traceback, the session is left as it was before the action, and
:attr:`failed` says so, with where the log file is.

Every session the window puts in play (New, Open, a file handed over or dropped, the
welcome screen, a recovered autosave, the demo, the window's first session) comes through
:meth:`SessionDocument.replace`, which brings it in behind the curtain for the player who
holds the computer (:func:`cardtable.session.arrival.behind_the_curtain`).

A guide's prepared table is lent the screen (:meth:`SessionDocument.lend`): the group's
session, its file, its stamp and its unsaved mark are kept aside untouched, and
:meth:`SessionDocument.take_back` puts them back. :attr:`SessionDocument.arrival` tells
whoever hears :attr:`~SessionDocument.replaced` which kind of arrival it was, so that the
window starts no autosave for a guide's table and remembers no file for it.
"""

from __future__ import annotations

import contextlib
import enum
import logging
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

from cardtable.logs import current_log_file
from cardtable.randomness import from_os
from cardtable.refusals import Refusal
from cardtable.session import Action, Changes, FileStamp, Session, load_stamped, save
from cardtable.session.arrival import behind_the_curtain
from cardtable.ui.qt import QtCore

log = logging.getLogger(__name__)

#: Why a guide's table is never saved.
NOT_SAVED = "A guide's table is not saved: leave the guide to save the session."
#: Changes every view hears at once, even under :meth:`SessionDocument.felt_first`: who sits
#: at the screen, and who plays.
_NEVER_HELD = Changes.SEAT | Changes.PLAYERS
#: What the player is told when an action fails for a reason that is no rule (a bug).
UNCHANGED = "Something went wrong; the table is unchanged."


class Arrival(enum.Enum):
    """How the session in play came to the screen."""

    #: Opened, made new, recovered: the group's session, with its file and its autosave.
    OPENED = "opened"
    #: A guide's prepared table, lent the screen: no file, no autosave, no recent entry.
    LENT = "lent"
    #: The group's session back after a guide, as it was kept (its autosave never stopped).
    TAKEN_BACK = "taken back"


@attrs.frozen
class _Kept:
    """The group's session while a guide's table is lent the screen, with its place."""

    session: Session
    path: Path | None
    stamp: FileStamp | None
    dirty: bool


class SessionDocument(QtCore.QObject):
    """The session in play, where it is saved, and whether it has unsaved changes."""

    #: Emitted with the :class:`Changes` flags (as an int) after every change; after a change
    #: made under :meth:`felt_first`, once the event loop turns (the flags of every change
    #: held meanwhile together).
    changed = QtCore.Signal(int)
    #: Emitted with the flags as each change is made, before :attr:`changed`: for the felt,
    #: and for the views that must never lag it.
    changed_at_once = QtCore.Signal(int)
    #: Emitted when a different session replaces the one in play.
    replaced = QtCore.Signal()
    #: Emitted with a player-readable reason when an action is refused.
    refused = QtCore.Signal(str)
    #: Emitted with what to tell the player when an action failed for a reason that is no
    #: rule (a bug): that the table is unchanged, and where the log file with the details is.
    failed = QtCore.Signal(str)
    #: Emitted with a word for the status bar that is no refusal ("Laid the card face down").
    said = QtCore.Signal(str)
    #: Emitted after the session was written to :attr:`path`.
    saved = QtCore.Signal()

    def __init__(self, session: Session | None = None, path: Path | None = None) -> None:
        super().__init__()
        self._session = session if session is not None else Session(rng=from_os())
        self._unsubscribe: Callable[[], None] = self._session.subscribe(self._on_changes)
        self.path = path
        self.dirty = False
        self._heard = False
        #: How :attr:`path` looked when it was opened or last saved here (None: not known),
        #: so that a save never overwrites what someone else wrote meanwhile.
        self.stamp = FileStamp.read(path) if path is not None else None
        #: How the session in play came to the screen (read it when :attr:`replaced` comes).
        self.arrival = Arrival.OPENED
        self._kept: _Kept | None = None
        #: Inside :meth:`felt_first` (a count: it may be entered again inside itself).
        self._felt_first = 0
        #: The flags :attr:`changed` has not yet said, held for the felt's frame.
        self._held = Changes.NONE
        # A zero timer: it fires once the events the change posted are handled, the felt's
        # paint among them; anything asked of the document before then catches up first.
        self._catch_up_soon = QtCore.QTimer(self)
        self._catch_up_soon.setSingleShot(True)
        self._catch_up_soon.setInterval(0)
        self._catch_up_soon.timeout.connect(self.catch_up)

    @property
    def session(self) -> Session:
        return self._session

    def replace(
        self, session: Session, path: Path | None = None, stamp: FileStamp | None = None
    ) -> None:
        """Put ``session`` in play (New, Open, the demo, a recovered autosave, the window's
        first session) behind the curtain for the player holding the computer; ``stamp`` is
        ``path`` as it was read (taken now when not given). A guide's table lent the screen
        is let go: the group's session it kept aside goes with it."""
        self._kept = None
        self._put(session, path, stamp, Arrival.OPENED)

    @property
    def lent(self) -> bool:
        """Whether a guide's table is in play, the group's session kept aside."""
        return self._kept is not None

    def lend(self, session: Session) -> None:
        """Put a guide's prepared table in play, behind the curtain for its holder; the
        group's session (its state, its undo, its file and unsaved mark) is kept aside as it
        is, for :meth:`take_back`. Lending again replaces the guide's table, keeping the
        group's session as it was first kept."""
        if self._kept is None:
            self._kept = _Kept(self._session, self.path, self.stamp, self.dirty)
        self._put(session, None, None, Arrival.LENT)

    def take_back(self) -> None:
        """Put the group's session back in play as it was kept, behind the curtain for the
        player who held the computer (whoever sits there now need not be them); nothing
        when no guide's table is lent."""
        kept, self._kept = self._kept, None
        if kept is None:
            return
        self._put(kept.session, kept.path, kept.stamp, Arrival.TAKEN_BACK, dirty=kept.dirty)

    def _put(
        self,
        session: Session,
        path: Path | None,
        stamp: FileStamp | None,
        arrival: Arrival,
        *,
        dirty: bool = False,
    ) -> None:
        self.catch_up()
        self._unsubscribe()
        self._session = behind_the_curtain(session)
        self._unsubscribe = session.subscribe(self._on_changes)
        self.path = path
        if stamp is None and path is not None:
            stamp = FileStamp.read(path)
        self.stamp = stamp
        self.dirty = dirty
        self.arrival = arrival
        self.replaced.emit()

    def apply(self, action: Action) -> bool:
        """Ask the session to perform ``action``; False (and :attr:`refused`, or
        :attr:`failed` for a bug) when it did not."""
        return self._run(type(action).__name__, lambda: self._session.apply(action), action)

    def undo(self) -> bool:
        return self._run("undo", self._session.undo)

    def redo(self) -> bool:
        return self._run("redo", self._session.redo)

    @contextlib.contextmanager
    def felt_first(self) -> Iterator[None]:
        """Changes made inside are shown by the felt at once (:attr:`changed_at_once`) and
        told the other views (:attr:`changed`) once the event loop turns: the felt's next
        frame does not wait for the panels, the log or the hands.

        Safe because every view of a change that moves who sees what hears it at once: a
        change of seat or curtain is never held; the model has made the change already
        (its undo, authority and log as ever); and the held flags are told before the
        document does anything else (:meth:`catch_up` begins every action, undo, redo,
        save and new session), so no action is ever asked on top of views a change behind.
        """
        self._felt_first += 1
        try:
            yield
        finally:
            self._felt_first -= 1

    @property
    def felt_leads(self) -> bool:
        """Whether a change made now is told the views other than the felt only after the
        felt's next frame (inside :meth:`felt_first`)."""
        return self._felt_first > 0

    def catch_up(self) -> None:
        """Tell :attr:`changed` the flags held back for the felt's frame, if any."""
        held, self._held = self._held, Changes.NONE
        self._catch_up_soon.stop()
        if held:
            self.changed.emit(held.value)

    def _run(self, what: str, run: Callable[[], Changes], action: Action | None = None) -> bool:
        self.catch_up()
        session = self._session
        # The session puts the game state back itself when an undoable action fails; an
        # action that is not undoable gets no copy there, nor does undo or redo: one is kept
        # here.
        kept = session.state.copy() if action is None or not action.undoable else None
        seat = (session.holder, session.curtain)
        entries = len(session.log)
        self._heard = False
        try:
            run()
        except Refusal as exc:
            log.info("refused %s: %s", what, exc)
            self.refused.emit(str(exc))
            return False
        except Exception:
            log.exception("%s failed", what)
            if self._heard or len(session.log) != entries:
                # The session had done it and told its listeners; one of them failed.
                self.failed.emit(f"Something went wrong after the table changed. {_details()}")
                return False
            if kept is not None:
                session.state.restore(kept)
            session.holder, session.curtain = seat
            self.failed.emit(f"{UNCHANGED} {_details()}")
            return False
        return True

    def open(self, path: Path) -> None:
        """Load ``path`` and put it in play; raises SessionFileError and keeps the old one."""
        session, stamp = load_stamped(path)
        self.replace(session, path, stamp)

    def save(self, path: Path | None = None, *, overwrite: bool = False) -> None:
        """Save to ``path`` (or where it was last saved); raises SessionFileError on failure.

        Saving over the file the session came from raises
        :class:`~cardtable.session.FileChangedError` when someone else has written it since,
        unless ``overwrite`` (the player chose to keep their version).
        """
        if self.lent:
            raise ValueError(NOT_SAVED)
        target = path or self.path
        if target is None:
            raise ValueError("Choose where to save the session first.")
        self.catch_up()
        guard = self.stamp if target == self.path and not overwrite else None
        self.stamp = save(self._session, target, unchanged_since=guard)
        self.path = target
        self.dirty = False
        self.changed_at_once.emit(Changes.NONE.value)
        self.changed.emit(Changes.NONE.value)
        self.saved.emit()

    def _on_changes(self, changes: Changes) -> None:
        self._heard = True
        if changes & ~Changes.UNDO:
            self.dirty = True
        self.changed_at_once.emit(changes.value)
        if self._felt_first and not changes & _NEVER_HELD:
            self._held |= changes
            self._catch_up_soon.start()
            return
        held, self._held = self._held | changes, Changes.NONE
        self._catch_up_soon.stop()
        self.changed.emit(held.value)


def _details() -> str:
    where = current_log_file()
    if where is None:
        return "The details went to the terminal Cardtable was started from."
    return f"The details are in {where}."
