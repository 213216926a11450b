"""The Qt half of ``cardtable bench``: measurements that need Qt, each run in its own process.

    python -m cardtable.bench.qt_worker startup [--runs N]
    python -m cardtable.bench.qt_worker drag [--runs N]
    python -m cardtable.bench.qt_worker pdf [--runs N]

Each prints one JSON object on stdout. ``startup`` and ``drag`` need a display (a real one or
Xvfb); ``cardtable bench`` (:mod:`cardtable.bench.command`) decides how to give them one, so
that the model package never imports Qt itself.

Start-up is measured from launching a fresh process to the end of the first paint of its
main window: Cardtable (``python -m cardtable`` with ``CARDTABLE_SMOKE_EXIT=1``, a new
session) against a bare PySide6 ``QMainWindow`` of the same size, alternating, after one
unmeasured run of each (so both find the files in the disk cache).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

#: A bare PySide6 window that prints the time of its first paint the way the app does.
BARE_WINDOW = """
import sys, time
from PySide6 import QtCore, QtWidgets

class FirstPaint(QtCore.QObject):
    seen = False
    def eventFilter(self, watched, event):
        if not self.seen and event.type() == QtCore.QEvent.Type.Paint:
            self.seen = True
            QtCore.QTimer.singleShot(0, self.painted)
        return False
    def painted(self):
        print(f"cardtable: painted at {time.time():.6f}", flush=True)
        QtWidgets.QApplication.exit(0)

app = QtWidgets.QApplication(sys.argv[:1])
window = QtWidgets.QMainWindow()
window.setWindowTitle("bare")
window.resize(1280, 800)
first = FirstPaint()
app.installEventFilter(first)
window.show()
sys.exit(app.exec())
"""
PAINTED = "cardtable: painted at "
START_TIMEOUT_S = 60


class StartupError(RuntimeError):
    """A window under measurement did not start, paint or exit cleanly."""


def time_to_paint(command: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from launching ``command`` to the end of its first paint (it prints when)."""
    launched = time.time()
    done = subprocess.run(
        list(command), env=env, capture_output=True, text=True, timeout=START_TIMEOUT_S
    )
    painted = [line for line in done.stdout.splitlines() if line.startswith(PAINTED)]
    if done.returncode != 0 or not painted:
        tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise StartupError(f"{command[-1]!r} exited {done.returncode} without painting: {tail}")
    return float(painted[-1].removeprefix(PAINTED)) - launched


def startup(runs: int) -> dict[str, Any]:
    """Median start-up times (ms) of Cardtable and of a bare window, and their ratio."""
    app = [sys.executable, "-m", "cardtable"]
    bare = [sys.executable, "-c", BARE_WINDOW]
    app_s: list[float] = []
    bare_s: list[float] = []
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as scratch:
        # The player's own settings, log and autosave stay out of it (where platformdirs
        # follows XDG); the font cache is shared, as it is for any start.
        env = dict(os.environ, CARDTABLE_SMOKE_EXIT="1")
        for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
            env[name] = os.path.join(scratch, name.lower())
        time_to_paint(bare, env)
        time_to_paint(app, env)
        for _ in range(runs):
            bare_s.append(time_to_paint(bare, env))
            app_s.append(time_to_paint(app, env))
    app_ms = statistics.median(app_s) * 1000
    bare_ms = statistics.median(bare_s) * 1000
    return {
        "startup_ratio": app_ms / bare_ms,
        "startup_ms": app_ms,
        "bare_startup_ms": bare_ms,
        "startup_runs": runs,
    }


def drag(runs: int) -> dict[str, Any]:
    """Drag frame times over 500 and 2,000 cards: the steadiest of ``runs`` runs of each."""
    from cardtable.bench import drag as drag_bench
    from cardtable.ui.art.fonts import use_bundled_fonts
    from cardtable.ui.qt import QtGui, QtWidgets

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv[:1])
    assert isinstance(app, QtWidgets.QApplication)
    use_bundled_fonts(app)  # the felt's labels and the cards in the app's own typefaces
    steadiest = {
        cards: min(
            (drag_bench.run(cards) for _ in range(runs)), key=lambda r: r["drag_frame_ms_p95"]
        )
        for cards in (500, 2000)
    }
    del app
    return {
        "drag_frame_ms_median": steadiest[500]["drag_frame_ms_median"],
        "drag_frame_ms_p95": steadiest[500]["drag_frame_ms_p95"],
        "drag_frame_ms_median_2000": steadiest[2000]["drag_frame_ms_median"],
        "drag_frame_ms_p95_2000": steadiest[2000]["drag_frame_ms_p95"],
        "drag_platform": QtGui.QGuiApplication.platformName(),
        "drag_runs": runs,
    }


def pdf(runs: int) -> dict[str, Any]:
    """The sample party printed to PDF (best of ``runs``), on the offscreen platform."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from cardtable.ui.sheets.printing.output import bench_pdf

    numbers = bench_pdf(repeats=runs)
    return {"pdf_party_ms": numbers["pdf_party_ms"], "pdf_kb_per_page": numbers["pdf_kb_per_page"]}


PARTS = {"startup": startup, "drag": drag, "pdf": pdf}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.bench.qt_worker")
    parser.add_argument("part", choices=sorted(PARTS))
    parser.add_argument("--runs", type=int, default=3, help="repetitions (default: 3)")
    args = parser.parse_args(argv)
    print(json.dumps(PARTS[args.part](max(1, args.runs))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
