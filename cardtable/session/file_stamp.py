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
from hashlib import blake2b
from pathlib import Path

from attrs import frozen


def _digest(data: bytes) -> str:
    return blake2b(data, digest_size=16).hexdigest()


@frozen
class FileStamp:
    """A file's size, modification time, identity and the digest of its bytes."""

    size: int
    mtime_ns: int
    identity: tuple[int, int]
    digest: str

    @classmethod
    def of(cls, path: Path, data: bytes) -> FileStamp:
        """The stamp of ``path``, which holds ``data`` (just read or just written)."""
        status = os.stat(path)
        identity = (status.st_dev, status.st_ino)
        return cls(status.st_size, status.st_mtime_ns, identity, _digest(data))

    @classmethod
    def read(cls, path: Path) -> FileStamp | None:
        """The stamp of ``path`` as it is now; None when it cannot be read."""
        try:
            return cls.of(path, path.read_bytes())
        except OSError:
            return None

    def matches(self, path: Path) -> bool:
        """Whether ``path`` still holds what it held when this stamp was taken."""
        try:
            status = os.stat(path)
        except FileNotFoundError:
            return False
        if (status.st_size, status.st_mtime_ns, (status.st_dev, status.st_ino)) == (
            self.size,
            self.mtime_ns,
            self.identity,
        ):
            return True
        if status.st_size != self.size:
            return False
        try:
            return _digest(path.read_bytes()) == self.digest
        except OSError:
            return False
