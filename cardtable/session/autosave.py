"""Autosave: a copy of the session in the user's data folder, written shortly after every
change by a background thread, so a crash loses at most the last few seconds of play.

After a change, the caller's thread (the table's) only copies the game state, as undo does,
and notes how long the log is: the same small cost at the first action of an evening and at
the 50,000th. A worker thread waits until changes have paused for ``delay`` seconds, or
until the first change not yet on disk has waited ``longest`` seconds, whichever comes
first: steady play, which never pauses, is still written every ``longest`` seconds. It
writes the file atomically, encoding only what is new since its last write (the log's new
entries, and those a reveal rewrote): :class:`LogText`. The table never waits for the disk,
nor for the log.

Each running Cardtable writes into a slot of its own (:mod:`cardtable.session.recovery`),
locked while it runs and removed by a clean exit; beside the autosave it notes what the
session is (its file, its title) and how many moves were made since it was last saved, so
that after a crash the offer to recover can say what it holds. A second Cardtable never
touches the first one's slot.

>>> import tempfile
>>> from pathlib import Path
>>> from cardtable.randomness import seeded
>>> from cardtable.session.core import Session
>>> folder = Path(tempfile.mkdtemp())
>>> saver = Autosaver(Session(rng=seeded(1)), folder, delay=0.01)
>>> saver.changed()
>>> saver.flush()
>>> recoverable_autosave(folder) is None   # its Cardtable still runs
True
>>> saver.close()
>>> recoverable_autosave(folder) is None   # and a clean exit leaves nothing behind
True
"""

from __future__ import annotations

import logging
import os
import threading
import time
from bisect import bisect_right
from collections.abc import Callable
from pathlib import Path

import platformdirs
from attrs import frozen

from cardtable.randomness import Rng
from cardtable.session.atomic import write_atomic
from cardtable.session.core import Changes, Session
from cardtable.session.log import SessionLog
from cardtable.session.log_file import COLUMNS, columns
from cardtable.session.model import GameState, PlayerId
from cardtable.session.recovery import RecoveryInfo, Slot, recoverable
from cardtable.session.saving import document, encode

#: The one autosave of an earlier Cardtable (still offered back after its crash).
AUTOSAVE_NAME = "autosave.cardtable"
#: Seconds of quiet after a change before the autosave is written.
DEFAULT_DELAY = 2.0
#: The longest a change waits to be written however steady the play: with the window's
#: own moment before it tells the autosave, and the write itself, a change is on disk well
#: within :data:`MOST_LOST` seconds.
DEFAULT_LONGEST = 8.0
#: What a crash can cost at most, in seconds of play (the README promises it).
MOST_LOST = 10.0

_log = logging.getLogger(__name__)


@frozen
class Snapshot:
    """The session at one moment, as the worker needs it: a copy of the game state, who holds
    the computer, and how many entries the log had (it only grows)."""

    state: GameState
    holder: PlayerId | None
    curtain: PlayerId | None
    entries: int

    @classmethod
    def of(cls, session: Session) -> Snapshot:
        return cls(session.state.copy(), session.holder, session.curtain, len(session.log))


#: Stands for the log in the encoded document until the log's own text takes its place.
_LOG_PLACE = "\x00log\x00"
_PLACED = encode(_LOG_PLACE).rstrip(b"\n")


#: Entries per encoded piece of the log: a reveal encodes again only its own piece.
PIECE = 1024


class LogText:
    """The log as the text of a save file, kept up to date by encoding only what changed.

    The log's columns are encoded a piece of :data:`PIECE` entries at a time, exactly as a
    full save encodes them; a piece holding an entry a reveal rewrote
    (:meth:`~cardtable.session.log.SessionLog.replaced_since`) is encoded again, and so is
    the last piece while it fills. :meth:`file` gives the bytes of the whole file, the same
    as :func:`cardtable.session.saving.to_bytes` of the session at that moment.
    """

    def __init__(self, log: SessionLog) -> None:
        self._log = log
        #: Each piece's eight columns, encoded without their brackets, and where it ends.
        self._pieces: list[list[bytes]] = []
        self._ends: list[int] = []
        self._mark = 0

    def _encode(self, piece: int, stop: int) -> None:
        start = self._ends[piece - 1] if piece else 0
        found = columns(self._log, stop, start=start)
        encoded = [encode(found[name]).rstrip(b"\n")[1:-1] for name in COLUMNS]
        if piece == len(self._pieces):
            self._pieces.append(encoded)
            self._ends.append(stop)
        else:
            self._pieces[piece], self._ends[piece] = encoded, stop

    def file(self, snapshot: Snapshot, rng: Rng) -> bytes:
        """The save file of ``snapshot`` (``rng`` is the session's, never used here)."""
        replaced, self._mark = self._log.replaced_since(self._mark)
        for piece in {bisect_right(self._ends, index) for index in replaced}:
            if piece < len(self._pieces):
                self._encode(piece, self._ends[piece])
        entries = snapshot.entries
        while not self._ends or self._ends[-1] < entries:
            last = len(self._pieces) - 1
            begun = self._ends[last - 1] if last > 0 else 0
            if last >= 0 and self._ends[last] - begun < PIECE:  # the last piece fills up
                self._encode(last, min(begun + PIECE, entries))
            else:
                self._encode(last + 1, min((self._ends[-1] if self._ends else 0) + PIECE, entries))
            if entries == 0:
                break
        moment = Session(
            snapshot.state,
            rng=rng,
            holder=snapshot.holder,
            curtain=snapshot.curtain,
            log=SessionLog(),
        )
        doc = document(moment)
        doc["session"]["log"] = _LOG_PLACE
        log = (
            b"{"
            + b",".join(
                b'"%s":[%s]' % (name.encode(), b",".join(piece[column] for piece in self._pieces))
                for column, name in enumerate(COLUMNS)
            )
            + b"}"
        )
        return encode(doc).replace(_PLACED, log, 1)


def autosave_folder() -> Path:
    """Where autosaves live: the user's data folder for Cardtable."""
    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def recoverable_autosave(folder: Path | None = None) -> Path | None:
    """The newest autosave left by a Cardtable that did not close cleanly, or None (see
    :func:`cardtable.session.recovery.recoverable` for all of them, described)."""
    found = recoverable(autosave_folder() if folder is None else Path(folder))
    return found[0].autosave if found else None


def dismiss_autosave(folder: Path | None = None) -> None:
    """The player declined to recover: forget what crashed Cardtables left (never the slot
    of one still running)."""
    for recovery in recoverable(autosave_folder() if folder is None else Path(folder)):
        recovery.discard()


class Autosaver:
    """Keeps an autosave of ``session`` in ``folder`` (the user data folder by default).

    It listens to the session itself; :meth:`changed` may also be called by hand. Call
    :meth:`about` to say what the session is, :meth:`saved` after each save, and
    :meth:`close` when the session closes cleanly. ``last_error`` holds the last failure
    (a full disk, say) in words, or None; autosaving goes on trying.

    A change is written once changes have paused for ``delay`` seconds, and at the latest
    ``longest`` seconds after the first change not yet written. ``clock`` gives the time in
    seconds (tests pass one they move by hand, then :meth:`settle`).
    """

    def __init__(
        self,
        session: Session,
        folder: Path | None = None,
        *,
        delay: float = DEFAULT_DELAY,
        longest: float = DEFAULT_LONGEST,
        listen: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.session = session
        self.folder = autosave_folder() if folder is None else Path(folder)
        self.delay = delay
        self.longest = longest
        self._clock = clock
        self.saves = 0
        self.last_error: str | None = None
        self._slot: Slot | None = None
        self._kept: list[Slot] = []
        self._title = "an unsaved session"
        self._file: Path | None = None
        self._saved_moves = 0
        #: Names this session across crashes (see :attr:`RecoveryInfo.session`).
        self._session_name = os.urandom(8).hex()
        self._info: RecoveryInfo | None = None
        self._text = LogText(session.log)
        self._pending: Snapshot | None = None
        #: When the first change not yet written came, and when it is to be written.
        self._first = 0.0
        self._due = 0.0
        self._writing = False
        #: A card is held on the table (see :meth:`hold`).
        self._held = False
        #: Looks at the clock asked of the worker (by :meth:`settle`), and the last it took.
        self._asked = 0
        self._looked = 0
        self._closed = False
        self._wake = threading.Condition()
        self._unsubscribe = session.subscribe(self._on_changes) if listen else None
        self._thread = threading.Thread(target=self._run, name="cardtable-autosave", daemon=True)
        self._thread.start()

    @property
    def path(self) -> Path:
        """The autosave file (in this Cardtable's own slot, once it has one)."""
        return self._slot.autosave if self._slot is not None else self.folder / AUTOSAVE_NAME

    def about(self, title: str, file: Path | None, unsaved_moves: int = 0) -> None:
        """What the session is: its ``title`` and ``file`` (None until saved), and how many
        moves of its log were made since it was last saved."""
        self._title, self._file = title, file
        self._saved_moves = max(0, len(self.session.log) - unsaved_moves)

    def saved(self, title: str, file: Path) -> None:
        """The session was saved to ``file``: nothing is unsaved now, and the autosaves kept
        until then (a recovered session's) may go."""
        self.about(title, file)
        for slot in self._kept:
            slot.release(remove=True)
        self._kept.clear()
        self.changed()  # note it beside the autosave too

    def keep_until_saved(self, slot: Slot) -> None:
        """Hold ``slot`` (the autosave a recovered session came from) until the session is
        saved (:meth:`saved`) or discarded (:meth:`close`). The session goes on under that
        autosave's name: should it crash again, its newer autosave is offered in its place."""
        self._kept.append(slot)
        self._session_name = RecoveryInfo.of_slot(slot).session or slot.name

    def _on_changes(self, changes: Changes) -> None:
        if changes:
            self.changed()

    @property
    def writing(self) -> bool:
        """Whether the worker is writing an autosave at this moment."""
        return self._writing

    def changed(self) -> None:
        """The session changed: save it once changes have paused for ``delay`` seconds, or
        once the first change not yet written has waited ``longest`` seconds.

        Only the game state is copied here; the worker does the rest.
        """
        snapshot = Snapshot.of(self.session)
        moves = snapshot.entries - self._saved_moves
        with self._wake:
            if self._closed:
                return
            self._info = RecoveryInfo(self._title, self._file, moves, self._session_name)
            now = self._clock()
            waiting = self._pending is None
            if waiting:
                self._first = now
            self._pending = snapshot
            self._due = min(now + self.delay, self._first + self.longest)
            if waiting:  # else the worker wakes at its time, no later than the new one
                self._wake.notify_all()

    def hold(self) -> None:
        """A card is held on the table (a drag is under way): write nothing until it is let
        go (:meth:`let_go`) but a change that has waited ``longest`` seconds. A write takes
        the interpreter from the table's thread for moments at a time, and a drag shows
        every one of them."""
        with self._wake:
            self._held = True

    def let_go(self) -> None:
        """The card held is let go: a change not yet written waits for ``delay`` seconds of
        quiet from now (the drop is a change of its own, and its slide comes first)."""
        with self._wake:
            self._held = False
            if self._pending is not None and self._due != float("-inf"):
                self._due = max(
                    self._due, min(self._clock() + self.delay, self._first + self.longest)
                )
            self._wake.notify_all()

    def _write_at(self) -> float:
        """When the change pending is to be written: at its time, but while a card is held
        no sooner than the longest a change may wait (a :meth:`flush` is never put off)."""
        if self._held and self._due != float("-inf"):
            return max(self._due, self._first + self.longest)
        return self._due

    def settle(self, timeout: float = 10.0) -> None:
        """Have the worker look at the clock now, and wait until it has: written what was
        due by then, or gone back to waiting (for a test whose clock moves by hand)."""
        deadline = time.monotonic() + timeout
        with self._wake:
            self._asked += 1
            asked = self._asked
            self._wake.notify_all()
            while (self._looked < asked or self._writing) and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._wake.wait(left)

    def flush(self, timeout: float = 10.0) -> None:
        """Write any pending autosave now and wait until it is on disk."""
        deadline = time.monotonic() + timeout
        with self._wake:
            self._due = float("-inf")
            self._wake.notify_all()
            while (self._pending is not None or self._writing) and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._wake.wait(left)

    def close(self) -> None:
        """A clean exit: write what is pending, stop, and remove the marker."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.flush()
        with self._wake:
            self._closed = True
            self._wake.notify_all()
        self._thread.join(timeout=10.0)
        for slot in [*self._kept, self._slot]:
            if slot is not None:
                slot.release(remove=True)
        self._kept.clear()

    def _run(self) -> None:
        while True:
            with self._wake:
                while True:
                    self._looked = self._asked
                    now = self._clock()
                    if self._closed or (self._pending is not None and now >= self._write_at()):
                        break
                    self._wake.notify_all()  # for settle(): the clock is read, nothing is due
                    self._wake.wait(None if self._pending is None else self._write_at() - now)
                if self._pending is None:
                    return  # closed with nothing left to write
                snapshot, self._pending = self._pending, None
                info = self._info
                self._writing = True
            try:
                self._write(snapshot, info)
            finally:
                with self._wake:
                    self._writing = False
                    self._wake.notify_all()

    def _write(self, snapshot: Snapshot, info: RecoveryInfo | None) -> None:
        try:
            data = self._text.file(snapshot, self.session.rng)
            if self._slot is None:
                self._slot = Slot.claim(self.folder)
            write_atomic(self._slot.autosave, data, private=True)
            if info is not None:
                self._slot.describe(info)
            self.saves += 1
            self.last_error = None
        except (OSError, ValueError, TypeError) as exc:
            self.last_error = f"Autosave to {self.path} failed: {exc}"
            _log.warning("%s", self.last_error)
