"""Other Cardtables for the autosave tests: one that crashes just after autosaving, one that
recovers what another left and crashes in turn, one that keeps running. Each is a real
process, so its lock and its end are real too.

Import as ``from autosave_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from cardtable.session import Session
from cardtable.session.saving import to_bytes

_INSTANCE = """
import os, sys
from pathlib import Path
from cardtable.session import Note
from cardtable.session.autosave import Autosaver
from cardtable.session.recovery import recoverable
from cardtable.session.saving import from_bytes

folder, source, title, file, unsaved, then = sys.argv[1:7]
if then == "recover":  # as the window recovers the newest autosave, then plays on
    recovery = recoverable(Path(folder))[0]
    session, slot = recovery.open()
    saver = Autosaver(session, Path(folder), delay=0.0)
    saver.keep_until_saved(slot)
    session.apply(Note(source))
    then = "crash"
else:
    session = from_bytes(Path(source).read_bytes())
    saver = Autosaver(session, Path(folder), delay=0.0)
saver.about(title, Path(file) if file else None, int(unsaved))
saver.changed()
saver.flush()
print("autosaved", flush=True)
if then == "crash":
    os._exit(137)  # no close(): what kill -9 or a power cut leaves
sys.stdin.read()  # run until told to stop
saver.close()
"""


def _start(
    folder: Path,
    session: Session | str,
    then: str,
    title: str,
    file: Path | None,
    unsaved: int,
) -> subprocess.Popen[str]:
    if isinstance(session, str):  # the note a recovered session plays next
        source = session
    else:
        path = Path(tempfile.mkdtemp()) / "source.cardtable"
        path.write_bytes(to_bytes(session))
        source = str(path)
    args = [str(folder), source, title, str(file or ""), str(unsaved), then]
    child = subprocess.Popen(
        [sys.executable, "-c", _INSTANCE, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.strip() == "autosaved", child.stderr.read() if child.stderr else line
    return child


def crash_while_autosaving(
    folder: Path,
    session: Session,
    *,
    title: str = "an unsaved session",
    file: Path | None = None,
    unsaved: int = 0,
) -> None:
    """Another Cardtable autosaves ``session`` into ``folder`` and dies without closing."""
    child = _start(folder, session, "crash", title, file, unsaved)
    child.communicate(timeout=60)
    assert child.returncode == 137


def crash_after_recovering(folder: Path, note: str, *, title: str = "an unsaved session") -> None:
    """Another Cardtable recovers the newest autosave in ``folder``, plays ``note`` on it,
    autosaves and dies without closing: the same session crashed twice."""
    child = _start(folder, note, "recover", title, None, 1)
    child.communicate(timeout=60)
    assert child.returncode == 137


@contextlib.contextmanager
def running_cardtable(
    folder: Path, session: Session, *, title: str = "an unsaved session"
) -> Iterator[subprocess.Popen[str]]:
    """Another Cardtable, autosaving ``session`` into ``folder`` and still running; it
    closes cleanly when the block ends (unless the block killed it)."""
    child = _start(folder, session, "run", title, None, 0)
    try:
        yield child
    finally:
        if child.poll() is None:
            child.communicate("", timeout=60)
