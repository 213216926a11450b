"""Locks every Cardtable honours: an operating-system lock on a small file, which the system
lets go of when its process ends, however it ends (``kill -9`` and power cuts included).

A session file is saved under the lock of ``.NAME.lock`` beside it (:func:`locked`), so
that the check that nobody else wrote the file and the write itself are one step no other
Cardtable can cut into. The autosave slots of :mod:`cardtable.session.recovery` hold theirs
for as long as their Cardtable runs (:func:`try_lock`). Lock files are readable by their
owner only, whatever the umask. A save's lock file is removed once the save is done; a
slot's stays while its Cardtable runs.

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "evening.cardtable"
>>> with locked(path):
...     oct(lock_path(path).stat().st_mode & 0o777)
'0o600'
>>> lock_path(path).exists()
False
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from cardtable.session.atomic import PRIVATE_MODE

#: How long a save waits for another Cardtable's save of the same file to finish.
WAIT_SECONDS = 10.0


class FileBusyError(OSError):
    """Another Cardtable kept the file locked for longer than a save waits."""


def lock_path(path: Path) -> Path:
    """The lock file of ``path``: ``.NAME.lock`` in the same folder."""
    return path.with_name(f".{path.name}.lock")


def open_private(path: Path) -> IO[bytes]:
    """``path`` opened for appending, made if need be, readable by its owner only (whatever
    the umask, and also when an earlier Cardtable made it readable by others)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, PRIVATE_MODE)
    try:
        if os.name == "posix" and stat.S_IMODE(os.fstat(fd).st_mode) != PRIVATE_MODE:
            os.fchmod(fd, PRIVATE_MODE)
    except OSError:  # another user's file in a shared folder: it keeps its mode
        pass
    return os.fdopen(fd, "a+b")


def try_lock(handle: IO[bytes]) -> bool:
    """Lock the open file ``handle`` for this process; False when another process holds it."""
    try:
        if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


@contextmanager
def locked(path: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock of ``path`` (see :func:`lock_path`) for the block, waiting up to
    ``wait`` seconds for another process to let it go; :class:`FileBusyError` after that.

    The lock file is removed when the block ends, while still locked, so that a folder of
    session files gains nothing. A process that was waiting on the removed file finds it is
    no longer the one at :func:`lock_path` and locks the new one instead.
    """
    where = lock_path(path)
    deadline = time.monotonic() + wait
    pause = 0.001
    while True:
        handle = open_private(where)
        try:
            if try_lock(handle) and _still_there(handle, where):
                break
        except BaseException:
            handle.close()
            raise
        handle.close()
        if time.monotonic() >= deadline:
            raise FileBusyError(f"another Cardtable has been saving {path.name} for {wait:.0f} s")
        time.sleep(pause)
        pause = min(pause * 2, 0.002)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):  # Windows keeps an open file: it stays, unused
            where.unlink()
        handle.close()  # the lock goes with the handle


def _still_there(handle: IO[bytes], where: Path) -> bool:
    """Whether the locked ``handle`` is still the file at ``where`` (not one its last
    holder removed)."""
    try:
        here = os.stat(where)
    except FileNotFoundError:
        return False
    mine = os.fstat(handle.fileno())
    return (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino)
