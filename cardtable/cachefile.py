"""Files of the user's cache folder that spare a start work it did last time (the pictures
of :mod:`cardtable.ui.art.picture_cache`).

Each holds its bytes after a stamp that says what made them: a file with another stamp, or
that cannot be read, is no cache at all. One is written whole, to a scratch file then
renamed over the old (a crash mid-write leaves the old one), and writing it removes the files
of its kind left by other versions. Nothing here is precious: every failure costs only time.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

_log = logging.getLogger(__name__)


def cache_folder() -> Path:
    """The user's cache folder for Cardtable."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("cardtable", appauthor=False))


def read(path: Path, stamp: bytes) -> memoryview | None:
    """The bytes after ``stamp`` in the file at ``path`` if it begins with it; None otherwise."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if not data.startswith(stamp):
        return None
    return memoryview(data)[len(stamp) :]  # not a copy of the data


def write(path: Path, stamp: bytes, content: bytes, *, kind: str = "") -> bool:
    """Replace the file at ``path`` with ``content`` after ``stamp``; True if written. Then
    the other files of the folder named ``kind*.bin`` (other versions') are removed."""
    scratch = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        scratch.write_bytes(stamp + content)
        os.replace(scratch, path)
    except OSError as exc:
        _log.info("the cache %s was not written (%s)", path, exc)
        with contextlib.suppress(OSError):
            scratch.unlink(missing_ok=True)
        return False
    if kind and path.name.startswith(kind):
        for old in path.parent.glob(f"{kind}*.bin"):
            if old != path:
                with contextlib.suppress(OSError):
                    old.unlink()
    return True
