"""Steady play, then ``kill -9``: a real Cardtable window in a process of its own plays a move
every quarter of a second, never pausing, and is killed in the middle of it. What the
autosave brings back lacks at most the last :data:`MOST_LOST` seconds of play."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable.session import load
from cardtable.session.autosave import MOST_LOST
from cardtable.session.recovery import recoverable

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX"),
]

#: The window, its autosave in the given folder, and a move every quarter second through
#: the window's own document, each said on stdout with the log's length once it is made.
_PLAYING = """
import sys
from pathlib import Path
from cardtable.session import Note
from cardtable.ui.app import application
from cardtable.ui.qt import QtCore
from cardtable.ui.window.main_window import MainWindow

app = application()
window = MainWindow(autosave_folder=Path(sys.argv[1]), offer_recovery=False, animation_ms=0)
window.show()
window.load_now()
moves = [0]

def move():
    moves[0] += 1
    if window.document.apply(Note(f"move {moves[0]}")):
        print(f"made {len(window.document.session.log)}", flush=True)

timer = QtCore.QTimer()
timer.timeout.connect(move)
timer.start(250)
print("playing", flush=True)
app.exec()
"""


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home))
    runtime = home / "runtime"
    runtime.mkdir(mode=0o700)
    env["XDG_RUNTIME_DIR"] = str(runtime)
    for variable in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[variable] = str(home / variable.lower())
    return env


def test_a_kill_in_the_middle_of_fast_play_loses_at_most_the_last_ten_seconds(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "autosaves"
    child = subprocess.Popen(
        [sys.executable, "-c", _PLAYING, str(folder)],
        env=_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    made: list[tuple[float, int]] = []  # (when it was said, the log's length)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "playing"
        start = time.monotonic()
        while time.monotonic() - start < MOST_LOST + 4:
            line = child.stdout.readline()
            assert line.startswith("made "), line
            made.append((time.monotonic(), int(line.split()[1])))
        killed_at = time.monotonic()
        os.kill(child.pid, signal.SIGKILL)
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate(timeout=60)
    assert len(made) > 4 * MOST_LOST  # the play was steady: no pause for the autosave
    owed = max(entries for when, entries in made if when <= killed_at - MOST_LOST)
    found = recoverable(folder)
    assert len(found) == 1, "the crash left no autosave to recover"
    recovered = len(load(found[0].autosave).log)
    assert recovered >= owed, f"{owed - recovered} moves older than {MOST_LOST} s were lost"
