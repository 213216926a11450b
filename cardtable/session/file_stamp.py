"""What a session file looked like when Cardtable last read or wrote it.

Two writers of one file (a second Cardtable, a sync client bringing another computer's
save) must not overwrite each other in silence. A :class:`FileStamp` taken when a file is
loaded or saved tells, before the next save, whether anyone else has written it since:
its size, modification time and file identity first (cheap), and when any of those moved,
the bytes themselves (a file touched but not changed is still the same file).

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "evening.cardtable"
>>> _ = path.write_bytes(b"ours")
>>> stamp = FileStamp.of(path, b"ours")
>>> stamp.matches(path)
True
>>> _ = path.write_bytes(b"theirs, a little longer")
>>> stamp.matches(path)
False
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from attrs import frozen


def _digest(data: bytes) -> str:
    # Imported here: hashlib loads the OpenSSL library, which a start that opens no saved
    # file (the demo, a new session) never needs.
    from hashlib import blake2b

    return blake2b(data, digest_size=16).hexdigest()


#: A file modified this close to when its stamp was taken may be modified again within the
#: same tick of the file system's clock (coarse on most, two seconds on FAT) and keep its
#: modification time: its bytes are compared instead (git's "racily clean" entries).
RACY_NS = 2_000_000_000


@frozen
class FileStamp:
    """A file's size, modification time, identity and the digest of its bytes, and when
    the stamp was taken."""

    size: int
    mtime_ns: int
    identity: tuple[int, int]
    digest: str
    taken_ns: int = 0

    @classmethod
    def of(cls, path: Path, data: bytes) -> FileStamp:
        """The stamp of ``path``, which holds ``data`` (just written, under the lock that
        keeps other writers out)."""
        return cls._of(os.stat(path), data)

    @classmethod
    def _of(cls, status: os.stat_result, data: bytes) -> FileStamp:
        identity = (status.st_dev, status.st_ino)
        return cls(status.st_size, status.st_mtime_ns, identity, _digest(data), time.time_ns())

    @classmethod
    def read_with_bytes(cls, path: Path) -> tuple[FileStamp, bytes]:
        """The stamp of ``path`` and its bytes, read from one opened file: a save landing
        meanwhile replaces the file by a rename, and this one stays what was read."""
        with open(path, "rb") as handle:
            status = os.fstat(handle.fileno())
            data = handle.read()
        return cls._of(status, data), data

    @classmethod
    def read(cls, path: Path) -> FileStamp | None:
        """The stamp of ``path`` as it is now; None when it cannot be read."""
        try:
            return cls.read_with_bytes(path)[0]
        except OSError:
            return None

    def matches(self, path: Path) -> bool:
        """Whether ``path`` still holds what it held when this stamp was taken."""
        try:
            status = os.stat(path)
        except FileNotFoundError:
            return False
        if status.st_size != self.size:
            return False
        same = (status.st_mtime_ns, (status.st_dev, status.st_ino)) == (
            self.mtime_ns,
            self.identity,
        )
        if same and self.taken_ns - self.mtime_ns > RACY_NS:
            return True
        try:
            return _digest(path.read_bytes()) == self.digest
        except OSError:
            return False
