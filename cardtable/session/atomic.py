"""Writing a file so that a crash, a full disk or a pulled plug never damages what was there.

The new bytes go to a temporary file in the same folder, are flushed and fsynced, and only
then replace the old file in one rename; the folder is fsynced so the rename itself
survives a power cut. With ``backup`` the previous file is kept as ``NAME.bak`` (a hard
link where the file system allows, a copy otherwise), but only once the new file is in
place: a save that fails leaves both files as they were.

A path that is a symbolic link is written through: the link's target gets the new bytes
and the link stays (a session linked into a synced folder keeps syncing). A read-only file
is refused with :class:`ReadOnlyFileError`, never replaced. With ``private`` a new file is
readable by its owner only (0600, whatever the umask); an existing file keeps its mode.

Temporary files are named ``.NAME.<pid>-<random>.tmp``; those left by a process killed
half-way through a save are swept by :func:`sweep_stale_temps`, which every save runs.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import sys
import time
from pathlib import Path

#: Temporary files younger than this are never swept: another machine sharing the folder
#: (a synced or network folder) may be writing one.
STALE_SECONDS = 120.0
#: Owner read and write, nobody else: files that may hold private cards and notes.
PRIVATE_MODE = 0o600

#: ``.NAME.<pid>-<hex>.tmp`` (a save), ``.NAME.bak.<pid>.tmp`` (a backup being made), and
#: ``.NAME.<hex>.tmp`` (a save by an earlier Cardtable, which did not name its process).
_TEMP = re.compile(
    r"^\.(?P<name>.+?)\.(?:(?P<pid>\d+)-[0-9a-f]{8}|[0-9a-f]{8}|bak\.(?P<bak>\d+))\.tmp$"
)


class ReadOnlyFileError(PermissionError):
    """The file to be replaced is read-only: it is left exactly as it is."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            errno.EACCES, "the file is read-only; save under another name to keep the changes",
            str(path),
        )


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


def _write_temp(
    folder: Path, stem: str, data: bytes, like: Path | None = None, *, private: bool = False
) -> Path:
    """A new file in ``folder`` holding ``data``, flushed to disk, with the permissions of
    ``like`` when that exists, else 0600 when ``private``, else 0666 less the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        temp = folder / f".{stem}.{os.getpid()}-{os.urandom(4).hex()}.tmp"
        try:
            fd = os.open(temp, flags, PRIVATE_MODE if private else 0o666)
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
        elif private:
            os.chmod(temp, PRIVATE_MODE)  # the umask may have taken even the owner's bits
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return temp


def _spare_backup(path: Path) -> Path:
    """A second name for what ``path`` holds now (a copy where links are not allowed), to
    become ``NAME.bak`` once the new file is in place."""
    spare = path.parent / f".{path.name}.bak.{os.getpid()}.tmp"
    with contextlib.suppress(OSError):
        spare.unlink()
    try:
        # No bytes copied: the save renames a new file over ``path``, and the old one lives
        # on under the spare name alone.
        os.link(path, spare)
    except OSError:
        try:
            shutil.copyfile(path, spare)
            shutil.copymode(path, spare)
            with open(spare, "rb+") as handle:
                os.fsync(handle.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                spare.unlink()
            raise
    return spare


def _through_links(path: Path) -> Path:
    """The file a save must replace: the final target when ``path`` is a symbolic link."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _refuse_read_only(path: Path) -> None:
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # a new file, or one the write itself will explain
    # The owner's write bit, not only access(): an administrator may write anything, but a
    # file marked read-only was marked so on purpose.
    if not mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        raise ReadOnlyFileError(path)


def process_alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (True when it cannot be told)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import ctypes

        kernel = ctypes.WinDLL("kernel32", use_last_error=True)
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return ctypes.get_last_error() == 5  # access denied: it exists
        code = ctypes.c_ulong()
        try:
            kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        finally:
            kernel.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def sweep_stale_temps(folder: Path, name: str | None = None) -> list[Path]:
    """Remove the temporary files a save killed half-way left in ``folder`` (for the file
    ``name`` only, or for any); returns what was removed.

    A temporary file is stale when the process that wrote it is gone and it is older than
    :data:`STALE_SECONDS`. Other files, and files of other programs, are never touched.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        found = _TEMP.match(entry.name)
        if found is None or (name is not None and found["name"] not in (name, f"{name}.bak")):
            continue
        pid = found["pid"] or found["bak"]
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < STALE_SECONDS:
                continue
            if pid is not None and process_alive(int(pid)):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def write_atomic(
    path: Path, data: bytes, *, backup: bool = False, private: bool = False
) -> None:
    """Replace ``path`` with ``data`` all at once; on any error ``path`` is as it was.

    With ``backup``, the file being replaced is kept as ``NAME.bak`` once the new one is in
    place (a failure before leaves the old backup as it was). With ``private``, a new file
    is readable by its owner only. A symbolic link is written through to its target.
    Raises :class:`OSError` (the caller words it): :class:`ReadOnlyFileError` for a
    read-only file.
    """
    path = _through_links(Path(path))
    folder = path.parent
    _refuse_read_only(path)
    sweep_stale_temps(folder, path.name)
    temp = _write_temp(folder, path.name, data, like=path, private=private)
    spare: Path | None = None
    try:
        if backup and path.is_file():
            spare = _spare_backup(path)
        os.replace(temp, path)
    except BaseException:
        for left in (temp, spare):
            if left is not None:
                with contextlib.suppress(OSError):
                    left.unlink()
        raise
    if spare is not None:
        try:
            os.replace(spare, backup_path(path))
        except OSError:  # the save itself is done; the older backup stays
            with contextlib.suppress(OSError):
                spare.unlink()
    _fsync_folder(folder)
