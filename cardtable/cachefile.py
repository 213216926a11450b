"""Files of the user's cache folder that spare a start work it did last time (the code of
:mod:`cardtable.codecache`, the pictures of :mod:`cardtable.ui.art.picture_cache`).

Each holds one marshalled value after a stamp that says what made it (the app's version,
Python's, Qt's): a file with another stamp, or that cannot be read, is no cache at all. One
is written whole, to a scratch file then renamed over the old (a crash mid-write leaves the
old one), and writing it removes the files of its kind left by other versions. Nothing here
is precious: every failure costs only time.
"""

from __future__ import annotations

import contextlib
import logging
import marshal
import os
from pathlib import Path
from typing import Any

_log = logging.getLogger(__name__)


def cache_folder() -> Path:
    """The user's cache folder for Cardtable."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("cardtable", appauthor=False))


def read(path: Path, stamp: bytes) -> Any:
    """The value in the file at ``path`` if it bears ``stamp``; None otherwise."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if not data.startswith(stamp):
        return None
    try:
        return marshal.loads(memoryview(data)[len(stamp) :])  # not a copy of the data
    except (EOFError, ValueError, TypeError):
        _log.info("the cache %s could not be read; it will be made anew", path)
        return None


def write(path: Path, stamp: bytes, value: Any, *, kind: str = "") -> bool:
    """Replace the file at ``path`` with ``value`` after ``stamp``; True if written. Then the
    other files of the folder named ``kind*.bin`` (other versions') are removed."""
    scratch = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        scratch.write_bytes(stamp + marshal.dumps(value))
        os.replace(scratch, path)
    except (OSError, ValueError) as exc:  # ValueError: a value marshal cannot keep
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
