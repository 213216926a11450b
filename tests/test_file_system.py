"""Session files on a real file system: links, two writers, full disks, read-only files,
saves killed half-way, and who may read a file holding private cards."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from session_builders import AYLA, HAND, TAROT_DRAW, small_session

from cardtable.session import (
    Autosaver,
    Draw,
    FileChangedError,
    Note,
    Session,
    SessionFileError,
    load,
    load_stamped,
    save,
    write_log,
)
from cardtable.session import atomic as atomic_module
from cardtable.session import saving as saving_module
from cardtable.session.atomic import STALE_SECONDS, sweep_stale_temps
from cardtable.session.locks import lock_path
from cardtable.session.recovery import recoverable
from cardtable.session.saving import to_bytes

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX links, modes and signals")


def _noted(text: str) -> Session:
    session = small_session()
    session.apply(Note(text))
    return session


def _names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# -- symbolic links --------------------------------------------------------------------------------


@posix_only
def test_saving_through_a_link_updates_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    synced = tmp_path / "synced"
    synced.mkdir()
    target = synced / "evening.cardtable"
    save(_noted("first"), target)
    link = tmp_path / "evening.cardtable"
    link.symlink_to(target)
    save(_noted("second"), link)
    assert link.is_symlink() and link.resolve() == target
    assert to_bytes(load(target)) == to_bytes(load(link))
    assert "second" in " ".join(entry.public for entry in load(target).log)
    # The backup lies beside the file it backs up; nothing was left beside the link.
    assert _names(synced) == ["evening.cardtable", "evening.cardtable.bak"]
    assert _names(tmp_path) == ["evening.cardtable", "synced"]


@posix_only
def test_a_link_to_a_file_not_there_yet_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "new.cardtable"
    link.symlink_to(tmp_path / "elsewhere.cardtable")
    save(_noted("first"), link)
    assert link.is_symlink() and (tmp_path / "elsewhere.cardtable").is_file()


# -- two writers ---------------------------------------------------------------------------------


def test_a_file_changed_on_disk_since_it_was_loaded_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "shared.cardtable"
    save(_noted("ours at first"), path)
    mine, stamp = load_stamped(path)
    save(_noted("theirs"), path)  # another Cardtable saves the same file
    theirs = path.read_bytes()
    mine.apply(Note("mine"))
    with pytest.raises(
        FileChangedError,
        match=r"^shared\.cardtable: has changed on disk since it was opened or last saved here",
    ):
        save(mine, path, unchanged_since=stamp)
    assert path.read_bytes() == theirs
    # Keep mine: saved on purpose, without the guard; theirs stays as the backup.
    new_stamp = save(mine, path)
    assert (tmp_path / "shared.cardtable.bak").read_bytes() == theirs
    assert new_stamp.matches(path)


def test_a_file_touched_but_not_changed_is_still_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "touched.cardtable"
    stamp = save(_noted("ours"), path)
    later = time.time() + 5
    os.utime(path, (later, later))  # a sync client sets the time, bytes as they were
    assert stamp.matches(path)
    stamp = save(_noted("again"), path, unchanged_since=stamp)
    assert stamp.matches(path)


def test_each_save_takes_a_new_stamp_so_the_next_save_goes_through(tmp_path: Path) -> None:
    path = tmp_path / "evening.cardtable"
    session = _noted("one")
    stamp = save(session, path)
    for text in ("two", "three"):
        session.apply(Note(text))
        stamp = save(session, path, unchanged_since=stamp)
    assert "three" in " ".join(entry.public for entry in load(path).log)


# -- failed saves and read-only files ------------------------------------------------------------


def test_a_failed_save_leaves_the_file_and_its_older_backup_as_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "evening.cardtable"
    save(_noted("first"), path)
    first = path.read_bytes()
    save(_noted("second"), path)
    second = path.read_bytes()
    assert (tmp_path / "evening.cardtable.bak").read_bytes() == first
    real_fsync = os.fsync

    def disk_full(fd: int) -> None:
        real_fsync(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic_module.os, "fsync", disk_full)
    with pytest.raises(SessionFileError, match=r"cannot be written \(No space left on device\)"):
        save(_noted("third"), path)
    monkeypatch.undo()
    assert path.read_bytes() == second
    assert (tmp_path / "evening.cardtable.bak").read_bytes() == first  # not refreshed
    assert _names(tmp_path) == ["evening.cardtable", "evening.cardtable.bak"]


def test_a_failure_at_the_final_rename_keeps_the_older_backup_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "evening.cardtable"
    save(_noted("first"), path)
    first = path.read_bytes()
    save(_noted("second"), path)
    second = path.read_bytes()
    real_replace = os.replace

    def refuse_main_file(src: str, dst: str) -> None:
        if Path(dst) == path:
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(atomic_module.os, "replace", refuse_main_file)
    with pytest.raises(SessionFileError, match="Permission denied"):
        save(_noted("third"), path)
    monkeypatch.undo()
    assert path.read_bytes() == second
    assert (tmp_path / "evening.cardtable.bak").read_bytes() == first
    assert _names(tmp_path) == ["evening.cardtable", "evening.cardtable.bak"]


@posix_only
def test_a_read_only_session_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "archive.cardtable"
    save(_noted("kept"), path)
    path.chmod(0o444)
    before = path.read_bytes()
    with pytest.raises(
        SessionFileError,
        match=r"^archive\.cardtable: cannot be written \(the file is read-only; save under "
        r"another name to keep the changes\)$",
    ):
        save(_noted("changed"), path)
    assert path.read_bytes() == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
    assert _names(tmp_path) == ["archive.cardtable"]  # no backup made, no temporary left


# -- temporary files a killed save left ------------------------------------------------------------


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def _dead_pid() -> int:
    pid = 4_000_000  # above Linux's largest pid; on other systems, checked
    with contextlib.suppress(ProcessLookupError):
        while True:
            os.kill(pid, 0)
            pid -= 1
    return pid


@posix_only
def test_a_save_sweeps_the_stale_temporary_files_of_killed_saves(tmp_path: Path) -> None:
    path = tmp_path / "evening.cardtable"
    save(_noted("first"), path)
    dead = _dead_pid()
    stale = [
        tmp_path / ".evening.cardtable.0f1e2d3c.tmp",  # an earlier Cardtable's name
        tmp_path / f".evening.cardtable.{dead}-0f1e2d3c.tmp",
        tmp_path / f".evening.cardtable.bak.{dead}.tmp",
    ]
    kept = [
        tmp_path / f".evening.cardtable.{dead}-aaaabbbb.tmp",  # too young: maybe being written
        tmp_path / f".evening.cardtable.{os.getpid()}-ccccdddd.tmp",  # a live process's
        tmp_path / ".other.cardtable.0f1e2d3c.tmp",  # another file's
        tmp_path / ".evening.cardtable.notes.tmp",  # not our naming
    ]
    for file in stale + kept:
        file.write_bytes(b"a whole session, private cards and all")
        _age(file, STALE_SECONDS + 60)
    _age(kept[0], 1)
    save(_noted("second"), path)
    assert not any(file.exists() for file in stale)
    assert all(file.exists() for file in kept)


@posix_only
def test_the_sweep_of_a_whole_folder_takes_every_stale_one(tmp_path: Path) -> None:
    dead = _dead_pid()
    files = [tmp_path / f".a.cardtable.{dead}-01234567.tmp", tmp_path / ".b.cardtable.89abcdef.tmp"]
    for file in files:
        file.write_bytes(b"{}")
        _age(file, STALE_SECONDS + 1)
    assert sorted(sweep_stale_temps(tmp_path)) == sorted(files)
    assert list(tmp_path.iterdir()) == []


# -- private files: owner only -----------------------------------------------------------------


@pytest.fixture(params=[0o022, 0o000, 0o277])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


@posix_only
def test_files_holding_private_cards_are_readable_by_their_owner_only(
    tmp_path: Path, umask: int
) -> None:
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 2))
    path = tmp_path / "evening.cardtable"
    save(session, path)
    save(session, path)
    saver = Autosaver(session, tmp_path / "autosave", delay=0.0)
    saver.changed()
    saver.flush()
    mine = tmp_path / "ayla.md"
    write_log(session, mine, seat=0)
    everyone = tmp_path / "everyone.md"
    write_log(session, everyone)
    for private in (path, tmp_path / "evening.cardtable.bak", saver.path, mine):
        assert stat.S_IMODE(private.stat().st_mode) == 0o600, private.name
    # What everyone at the table saw is the player's to share: the usual mode for new files.
    assert stat.S_IMODE(everyone.stat().st_mode) == 0o666 & ~umask
    saver.close()


@posix_only
def test_the_autosave_folder_and_every_lock_are_their_owners_alone(
    tmp_path: Path, umask: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data" / "cardtable"
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 2))
    saver = Autosaver(session, folder, delay=0.0)
    saver.about("evening.cardtable", None, 1)
    saver.changed()
    saver.flush()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    modes = {
        entry.name.rsplit(".", 1)[1]: stat.S_IMODE(entry.stat().st_mode)
        for entry in folder.iterdir()
    }
    assert modes == {"cardtable": 0o600, "json": 0o600, "lock": 0o600}
    saver.close()
    # The lock a save holds, seen while it is held.
    seen: list[int] = []
    real_write = saving_module.write_atomic

    def looking(target: Path, data: bytes, **kwargs: bool) -> None:
        seen.append(stat.S_IMODE(lock_path(target).stat().st_mode))
        real_write(target, data, **kwargs)

    monkeypatch.setattr(saving_module, "write_atomic", looking)
    save(session, tmp_path / "evening.cardtable")
    assert seen == [0o600]


def test_a_save_lock_left_by_a_crash_does_not_hold_the_next_save(tmp_path: Path) -> None:
    """A Cardtable killed while it held the save lock leaves its lock file; the operating
    system let go of the lock itself, so the next save goes through at once."""
    path = tmp_path / "evening.cardtable"
    holder = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from cardtable.session.locks import locked\n"
        "with locked(Path(sys.argv[1])):\n"
        "    os._exit(137)\n"
    )
    done = subprocess.run([sys.executable, "-c", holder, str(path)], timeout=60)
    assert done.returncode == 137
    assert lock_path(path).exists()  # left behind, as a crash leaves it
    began = time.monotonic()
    save(small_session(), path)
    assert time.monotonic() - began < 2.0
    assert load(path).players


def test_a_save_waits_for_another_cardtables_save_then_goes_through(tmp_path: Path) -> None:
    path = tmp_path / "evening.cardtable"
    holder = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from cardtable.session.locks import locked\n"
        "with locked(Path(sys.argv[1])):\n"
        "    print('held', flush=True)\n"
        "    time.sleep(0.5)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", holder, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "held"
    began = time.monotonic()
    save(small_session(), path)
    waited = time.monotonic() - began
    child.communicate(timeout=60)
    assert 0.2 < waited < 5.0
    assert not lock_path(path).exists()  # the last save out takes its lock file away


@posix_only
def test_an_autosave_folder_an_earlier_cardtable_left_open_is_closed(tmp_path: Path) -> None:
    folder = tmp_path / "cardtable"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    (folder / "autosave-1-abcdef.lock").write_bytes(b"")
    (folder / "autosave-1-abcdef.cardtable").write_bytes(to_bytes(small_session()))
    (folder / "autosave-1-abcdef.lock").chmod(0o644)
    saver = Autosaver(small_session(), folder, delay=0.0)
    saver.changed()
    saver.flush()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    recoverable(folder)  # takes the old slot's lock on the way
    assert stat.S_IMODE((folder / "autosave-1-abcdef.lock").stat().st_mode) == 0o600
    saver.close()


@posix_only
def test_a_file_the_player_opened_up_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "shared.cardtable"
    save(small_session(), path)
    path.chmod(0o640)
    save(small_session(), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


# -- a hundred saves killed at random moments ----------------------------------------------------


@posix_only
@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_hundred_saves_killed_at_random_moments_lose_nothing(tmp_path: Path) -> None:
    """Each child saves in a loop, alternating two sessions, until it is killed at a random
    moment; the file then always loads whole as one of them, and so does its backup."""
    path = tmp_path / "evening.cardtable"
    versions = [_noted("even"), _noted("odd")]
    for version in versions:
        version.apply(Draw(TAROT_DRAW, HAND[AYLA], 3))
    expected = {to_bytes(version) for version in versions}
    save(versions[0], path)
    chooser = random.Random(16)
    leftovers = 0
    for _kill in range(100):
        pid = os.fork()
        if pid == 0:  # the child: save until killed
            try:
                turn = 0
                while True:
                    save(versions[turn % 2], path)
                    turn += 1
            finally:
                os._exit(0)
        time.sleep(chooser.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert to_bytes(load(path)) in expected
        backup = tmp_path / "evening.cardtable.bak"
        if backup.exists():
            assert to_bytes(load(backup)) in expected
        temps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        leftovers += len(temps)
        for temp in temps:
            _age(temp, STALE_SECONDS + 1)
    sys.stdout.write(f"\n100 kills during save: {leftovers} temporary files left, all swept\n")
    save(versions[0], path)  # the next save sweeps what the killed ones left
    assert _names(tmp_path) == ["evening.cardtable", "evening.cardtable.bak"]
