"""Autosave slots, one per running Cardtable, and the sessions a crash left behind.

Every running Cardtable autosaves into a slot of its own in the autosave folder::

    autosave-<id>.cardtable   the session as last autosaved
    autosave-<id>.json        what it holds: its file, its title, moves since the last save
    autosave-<id>.lock        kept locked by that Cardtable while it runs

The operating system lets go of a lock when its process ends, however it ends (``kill -9``
and power cuts included). So a slot whose lock is free but whose autosave is there was
left by a Cardtable that did not close: :func:`recoverable` offers it back. A slot whose
lock is held belongs to a Cardtable still running: it is never offered, never deleted.
A clean exit removes its slot.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> slot = Slot.claim(folder)
>>> _ = slot.autosave.write_bytes(b"{}")
>>> slot.describe(RecoveryInfo(title="evening.cardtable", path=None, moves=3))
>>> recoverable(folder)   # its Cardtable runs: nothing to offer
[]
>>> slot.release(remove=False)   # as if it had crashed
>>> [found.title for found in recoverable(folder)]
['evening.cardtable']
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from attrs import frozen

from cardtable.randomness import Rng
from cardtable.session.atomic import process_alive, sweep_stale_temps, write_atomic
from cardtable.session.core import Session
from cardtable.session.locks import open_private, try_lock
from cardtable.session.saving import SessionFileError, load

PREFIX = "autosave-"
#: What an earlier Cardtable left: one slot for every instance, and a marker with its pid.
LEGACY_AUTOSAVE, LEGACY_MARKER = "autosave.cardtable", "autosave.open"
LEGACY_TITLE = "the last session"


#: The title of an autosave whose Cardtable did not say what it held.
UNKNOWN_TITLE = "an unsaved session"
#: The autosave folder's mode: its owner's alone.
FOLDER_MODE = 0o700


def private_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if need be, and make it its owner's alone, whatever
    the umask (and also when an earlier Cardtable made it readable by others)."""
    folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    if os.name == "posix" and stat.S_IMODE(folder.stat().st_mode) != FOLDER_MODE:
        with contextlib.suppress(OSError):  # another user's folder: the files stay 0600
            folder.chmod(FOLDER_MODE)


@frozen
class RecoveryInfo:
    """What an autosave holds, as its Cardtable described it."""

    title: str
    path: Path | None
    moves: int | None
    #: Names the session across crashes: an autosave of a recovered session carries the
    #: name of the autosave it was recovered from, and holds all that one held.
    session: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "path": None if self.path is None else str(self.path),
            "moves": self.moves,
            "session": self.session,
            "pid": os.getpid(),
        }

    @classmethod
    def from_json(cls, data: Any) -> RecoveryInfo:
        """Read back leniently: an odd value becomes "not known", never a refusal."""
        data = data if isinstance(data, dict) else {}
        title = data.get("title")
        path = data.get("path")
        moves = data.get("moves")
        session = data.get("session")
        return cls(
            title=title if isinstance(title, str) and title.strip() else UNKNOWN_TITLE,
            path=Path(path) if isinstance(path, str) and path else None,
            moves=moves if type(moves) is int and moves >= 0 else None,
            session=session if isinstance(session, str) and session else None,
        )

    @classmethod
    def of_slot(cls, slot: Slot) -> RecoveryInfo:
        """What ``slot``'s Cardtable noted beside its autosave (leniently, as
        :meth:`from_json`)."""
        try:
            return cls.from_json(json.loads(slot.info.read_bytes()))
        except (OSError, ValueError):
            return cls.from_json(None)


@frozen
class Recovery:
    """A session a Cardtable that did not close left in its autosave slot."""

    slot: str
    folder: Path
    autosave: Path
    title: str
    path: Path | None
    moves: int | None
    at: datetime
    session: str | None = None

    @property
    def untitled(self) -> str | None:
        """The name the recovered session goes by until it is saved somewhere ("Demo
        table"), when its Cardtable said one."""
        if self.title in (UNKNOWN_TITLE, LEGACY_TITLE):
            return None
        return self.title.removesuffix(".cardtable") or None

    def words(self) -> str:
        """What it holds, for the player: "evening.cardtable, autosaved at 21:14 on 3 May,
        with 2 moves made after it was last saved"."""
        when = (
            f"{self.at:%H:%M}"
            if self.at.date() == datetime.now().date()
            else (f"{self.at:%H:%M} on {self.at.day} {self.at:%B}")
        )
        if self.moves is None:
            moves = ""
        elif self.path is None:
            moves = ", never saved" if self.moves else ""
        elif self.moves == 0:
            moves = ", with no move after it was last saved"
        else:
            noun = "move" if self.moves == 1 else "moves"
            moves = f", with {self.moves} {noun} made after it was last saved"
        return f"{self.title}, autosaved at {when}{moves}"

    @property
    def file(self) -> Path | None:
        """The file the session was last saved to, if it is still there."""
        return self.path if self.path is not None and self.path.is_file() else None

    def open(self, rng: Rng | None = None) -> tuple[Session, Slot]:
        """The autosaved session, and its slot held until the session is saved or discarded
        (see :meth:`Autosaver.keep_until_saved`). :class:`SessionFileError` says why not."""
        slot = self.claim()
        if slot is None:
            raise SessionFileError(f"Another Cardtable is recovering {self.title} already.")
        try:
            return load(self.autosave, rng=rng), slot
        except SessionFileError as exc:
            slot.release(remove=False)
            raise SessionFileError(f"The autosave could not be recovered: {exc}") from None

    def claim(self) -> Slot | None:
        """Hold this slot while its session is recovered (so no other Cardtable offers
        it); None when another one already has."""
        return Slot.take(self.folder, self.slot)

    def discard(self) -> bool:
        """Delete the autosave; False (and nothing deleted) if a running Cardtable holds it."""
        slot = self.claim()
        if slot is None:
            return False
        slot.release(remove=True)
        return True


class Slot:
    """One Cardtable's autosave slot, locked for as long as it is held."""

    def __init__(self, folder: Path, name: str, lock: IO[bytes] | None) -> None:
        self.folder = folder
        self.name = name
        self._lock: IO[bytes] | None = lock

    @classmethod
    def claim(cls, folder: Path) -> Slot:
        """A new slot of this process's own in ``folder`` (made if need be, and readable by
        its owner only: autosaves hold private cards and notes)."""
        private_folder(folder)
        while True:
            name = f"{PREFIX}{os.getpid()}-{os.urandom(3).hex()}"
            if not (folder / f"{name}.lock").exists():
                slot = cls.take(folder, name)
                if slot is not None:
                    return slot

    @classmethod
    def take(cls, folder: Path, name: str) -> Slot | None:
        """The slot ``name`` locked for this process; None while another process holds it."""
        if name == LEGACY_AUTOSAVE.removesuffix(".cardtable"):
            return _legacy_slot(folder)
        handle = open_private(folder / f"{name}.lock")  # held while in use
        if not try_lock(handle):
            handle.close()
            return None
        return cls(folder, name, handle)

    @property
    def autosave(self) -> Path:
        return self.folder / f"{self.name}.cardtable"

    @property
    def info(self) -> Path:
        return self.folder / f"{self.name}.json"

    def describe(self, info: RecoveryInfo) -> None:
        """Note what the autosave holds, for the offer after a crash."""
        data = json.dumps(info.to_json(), ensure_ascii=False).encode("utf-8", "replace")
        write_atomic(self.info, data, private=True)

    def release(self, *, remove: bool) -> None:
        """Let the slot go; with ``remove`` (a clean exit, a discarded recovery) delete it."""
        if remove:
            for path in (self.autosave, self.info, self.folder / f"{self.name}.lock"):
                with contextlib.suppress(OSError):
                    path.unlink()
        if self._lock is not None:
            self._lock.close()  # the lock goes with the handle
            self._lock = None


def _legacy_slot(folder: Path) -> Slot | None:
    """The single slot of an earlier Cardtable: free when the process in its marker is gone."""
    marker = folder / LEGACY_MARKER
    try:
        pid = int(marker.read_text(encoding="utf-8").split()[0])
    except (OSError, ValueError, IndexError):
        pid = None
    if pid is not None and process_alive(pid):
        return None
    return _LegacySlot(folder)


class _LegacySlot(Slot):
    def __init__(self, folder: Path) -> None:
        super().__init__(folder, LEGACY_AUTOSAVE.removesuffix(".cardtable"), None)

    @property
    def info(self) -> Path:
        return self.folder / LEGACY_MARKER


def recoverable(folder: Path) -> list[Recovery]:
    """The sessions left in ``folder`` by Cardtables that did not close, newest first.

    Slots of running Cardtables are left alone. On the way, what a crash left that holds
    nothing (a lock with no autosave, temporary files of a killed write) is swept.
    """
    sweep_stale_temps(folder)
    try:
        names = sorted(
            {
                entry.name.rsplit(".", 1)[0]
                for entry in os.scandir(folder)
                if entry.name.startswith(PREFIX) and entry.name.endswith((".lock", ".cardtable"))
            }
        )
    except OSError:
        return []
    found = [recovery for name in names if (recovery := _left_in(folder, name)) is not None]
    legacy = _legacy(folder)
    if legacy is not None:
        found.append(legacy)
    return _newest_of_each(sorted(found, key=lambda recovery: recovery.at, reverse=True))


def _newest_of_each(found: list[Recovery]) -> list[Recovery]:
    """One offer per session, its newest autosave: a session that crashed, was recovered
    and crashed again left two, and the newer holds all the older one did (the older is
    removed)."""
    offered: list[Recovery] = []
    sessions: set[str] = set()
    for recovery in found:
        # An autosave noted by an earlier Cardtable has no session name; one recovered
        # from it goes on under the name of its slot.
        names = {recovery.session or recovery.slot, recovery.slot}
        if names & sessions:
            recovery.discard()
        else:
            offered.append(recovery)
            sessions |= names
    return offered


def _left_in(folder: Path, name: str) -> Recovery | None:
    slot = Slot.take(folder, name)
    if slot is None:
        return None  # a running Cardtable's
    try:
        if not slot.autosave.is_file():
            slot.release(remove=True)  # crashed before its first autosave: nothing to offer
            return None
        info = RecoveryInfo.of_slot(slot)
        if info.moves == 0 and info.path is not None and info.path.is_file():
            slot.release(remove=True)  # saved just before the end: the file holds it all
            return None
        return _recovery(folder, name, slot.autosave, info)
    finally:
        slot.release(remove=False)


def _legacy(folder: Path) -> Recovery | None:
    autosave = folder / LEGACY_AUTOSAVE
    if not ((folder / LEGACY_MARKER).exists() and autosave.is_file()):
        return None
    if _legacy_slot(folder) is None:
        return None
    info = RecoveryInfo(title=LEGACY_TITLE, path=None, moves=None)
    return _recovery(folder, LEGACY_AUTOSAVE.removesuffix(".cardtable"), autosave, info)


def _recovery(folder: Path, name: str, autosave: Path, info: RecoveryInfo) -> Recovery:
    try:
        at = datetime.fromtimestamp(autosave.stat().st_mtime)
    except OSError:
        at = datetime.now()
    return Recovery(name, folder, autosave, info.title, info.path, info.moves, at, info.session)
