"""Writing a file so that a crash, a full disk or a pulled plug never damages what was there.

The new bytes go to a temporary file in the same folder, are flushed and fsynced, and only
then replace the old file in one rename; the folder is fsynced so the rename itself
survives a power cut. With ``backup`` the previous file is first kept as ``NAME.bak`` (a
hard link where the file system allows, a copy otherwise).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
from pathlib import Path


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows has no folder handles to sync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:  # some file systems (network shares) refuse; the rename still happened
        pass
    finally:
        os.close(fd)


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept: ``NAME.cardtable.bak``."""
    return path.with_name(path.name + ".bak")


def _write_temp(folder: Path, stem: str, data: bytes, like: Path | None = None) -> Path:
    """A new file in ``folder`` holding ``data``, flushed to disk, with the permissions of
    ``like`` when that exists (else the usual ones for a new file: 0666 less the umask)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        temp = folder / f".{stem}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(temp, flags, 0o666)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(f"cannot find a free temporary name in {folder}")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if like is not None and like.exists():
            os.chmod(temp, stat.S_IMODE(like.stat().st_mode))
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return temp


def _keep_backup(path: Path) -> None:
    """Make ``NAME.bak`` hold what ``path`` holds now, without ``path`` ever going missing."""
    folder = path.parent
    spare = folder / f".{path.name}.bak.{os.getpid()}.tmp"
    with contextlib.suppress(OSError):
        spare.unlink()
    try:
        # A second name for the old file: no bytes copied. The save then renames a new
        # file over ``path``, leaving the old one to the backup name alone.
        os.link(path, spare)
    except OSError:
        try:
            shutil.copyfile(path, spare)
            with open(spare, "rb+") as handle:
                os.fsync(handle.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                spare.unlink()
            raise
    try:
        os.replace(spare, backup_path(path))
    except BaseException:
        with contextlib.suppress(OSError):
            spare.unlink()
        raise


def write_atomic(path: Path, data: bytes, *, backup: bool = False) -> None:
    """Replace ``path`` with ``data`` all at once; on any error ``path`` is as it was.

    With ``backup``, the file being replaced is kept as ``NAME.bak`` (made first, so a
    failure later still leaves it). Raises :class:`OSError` (the caller words it).
    """
    path = Path(path)
    folder = path.parent
    if backup and path.is_file():
        _keep_backup(path)
    temp = _write_temp(folder, path.name, data, like=path)
    try:
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _fsync_folder(folder)
