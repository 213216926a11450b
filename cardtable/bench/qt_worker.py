"""The Qt half of ``cardtable bench``: measurements that need Qt, each run in its own process.

    python -m cardtable.bench.qt_worker startup [--runs N]
    python -m cardtable.bench.qt_worker felt [--runs N] [--sizes 500,2000,5000]
    python -m cardtable.bench.qt_worker public [--runs N]
    python -m cardtable.bench.qt_worker log [--runs N]
    python -m cardtable.bench.qt_worker pdf [--runs N]

Each prints one JSON object on stdout. ``startup``, ``felt``, ``public`` and ``log`` need an
X display (a real one or Xvfb, with the XTest extension for ``felt`` and ``public``);
``cardtable bench`` (:mod:`cardtable.bench.command`) decides how to give them one, and runs
``felt`` once per pixel ratio (``QT_SCALE_FACTOR``), so that the model package never imports
Qt itself.

Start-up is measured from launching a fresh process to a usable window: Cardtable
(``python -m cardtable`` with the demo session and ``CARDTABLE_SMOKE_EXIT=1``) until the end
of the first paint that shows the session, against a bare PySide6 ``QMainWindow`` of the
same size until its first paint, alternating, after one unmeasured run of each (so both
find the files in the disk cache). Each round also times Cardtable's first start after
install: the same, with an empty cache folder.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

PAINTED = "cardtable: painted at "
SHOWN = "cardtable: shown at "
START_TIMEOUT_S = 60


class StartupError(RuntimeError):
    """A window under measurement did not start, paint or exit cleanly."""


def time_marks(command: Sequence[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from launching ``command`` to each time it printed: ``painted`` (the end of
    its first paint) and, for Cardtable, ``shown`` (the end of the paint showing its
    session)."""
    launched = time.time()
    done = subprocess.run(
        list(command), env=env, capture_output=True, text=True, timeout=START_TIMEOUT_S
    )
    marks = {}
    for name, prefix in (("painted", PAINTED), ("shown", SHOWN)):
        lines = [line for line in done.stdout.splitlines() if line.startswith(prefix)]
        if lines:
            marks[name] = float(lines[-1].removeprefix(prefix)) - launched
    if done.returncode != 0 or "painted" not in marks:
        tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise StartupError(f"{command[-1]!r} exited {done.returncode} without painting: {tail}")
    return marks


def _scratch_env(scratch: str) -> dict[str, str]:
    """The environment of a measured start: the player's own settings, log, autosave and
    cache folder stay out of it (where platformdirs follows XDG), so that neither the player
    nor another checkout's bench changes what is timed. Python keeps its compiled modules (in
    the scratch folder), as an installed app does: a start is timed warm, after one
    unmeasured start has compiled them and filled the cache folder."""
    env = dict(os.environ, CARDTABLE_SMOKE_EXIT="1")
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[name] = os.path.join(scratch, name.lower())
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(scratch, "pycache")
    return env


def _bare_window() -> str:
    """The file of the bare PySide6 window (:mod:`cardtable.ui.window.bare_window`), run by
    its path so that it imports nothing of Cardtable."""
    spec = importlib.util.find_spec("cardtable.ui.window.bare_window")
    if spec is None or spec.origin is None:
        raise StartupError("the bare window's script is missing from the install")
    return spec.origin


def startup(runs: int) -> dict[str, Any]:
    """Median start-up times (ms): Cardtable to a usable window showing the demo session
    (and to its first paint), the same with an empty cache folder (the first start after
    install), a bare window to its first paint, and the ratio of the warm start to it."""
    from cardtable.session.demo import demo_path

    app = [sys.executable, "-m", "cardtable", str(demo_path())]
    bare = [sys.executable, _bare_window()]
    shown: list[float] = []
    first: list[float] = []
    cold: list[float] = []
    bare_s: list[float] = []
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as scratch:
        env = _scratch_env(scratch)
        time_marks(bare, env)
        time_marks(app, env)
        for run in range(runs):
            bare_s.append(time_marks(bare, env)["painted"])
            marks = time_marks(app, env)
            shown.append(_shown(marks))
            first.append(marks["painted"])
            empty = os.path.join(scratch, f"empty-cache-{run}")
            cold.append(_shown(time_marks(app, dict(env, XDG_CACHE_HOME=empty))))
    app_ms = statistics.median(shown) * 1000
    bare_ms = statistics.median(bare_s) * 1000
    return {
        "startup_ratio": app_ms / bare_ms,
        "startup_ms": app_ms,
        "startup_first_paint_ms": statistics.median(first) * 1000,
        "startup_cold_ms": statistics.median(cold) * 1000,
        "bare_startup_ms": bare_ms,
        "startup_runs": runs,
    }


def _shown(marks: dict[str, float]) -> float:
    if "shown" not in marks:
        raise StartupError("Cardtable painted but never showed its session")
    return marks["shown"]


def _application() -> None:
    """The QApplication as the app makes it (its fonts, its names), in a scratch home."""
    scratch = tempfile.mkdtemp(prefix="cardtable-bench-")
    for name, value in _scratch_env(scratch).items():
        if name.startswith("XDG_"):
            os.environ[name] = value
    from cardtable.ui.app import application

    application()


def _drivable() -> None:
    """The application, on an X display whose pointer the bench can drive (else why not)."""
    _application()
    from cardtable.bench import xinput
    from cardtable.ui.qt import QtGui

    platform = QtGui.QGuiApplication.platformName()
    if platform != "xcb":
        raise StartupError(f"the table needs an X display to drive, not Qt's {platform}")
    why = xinput.available()
    if why is not None:
        raise StartupError(why)


def felt(runs: int, sizes: Sequence[int] = (500, 2000, 5000)) -> dict[str, Any]:
    """Dragging and dropping on the app's table and on its floor (see
    :mod:`cardtable.bench.felt`), at this process's pixel ratio."""
    _drivable()
    from cardtable.bench import felt as felt_bench

    results = felt_bench.measure_all(tuple(sizes), runs, lambda text: print(text, file=sys.stderr))
    results["felt_runs"] = runs
    return results


def public(runs: int) -> dict[str, Any]:
    """The laptop's drag with the public table open beside the same without it (see
    :mod:`cardtable.bench.public_drag`)."""
    _drivable()
    from cardtable.bench import public_drag

    return public_drag.measure(runs, lambda text: print(text, file=sys.stderr))


def log(runs: int) -> dict[str, Any]:
    """One logged action in the main window with a 10,000-line log, and one from a key
    press on a 2,000-card table with the same log (see :mod:`cardtable.bench.log_action`);
    ``runs`` twenties of actions."""
    _application()
    from cardtable.bench import log_action

    found = log_action.run(actions=20 * runs)
    found.update(log_action.run_keyed(actions=20 * runs))
    return found


def pdf(runs: int) -> dict[str, Any]:
    """The sample party printed to PDF (best of ``runs``), on the offscreen platform."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from cardtable.ui.sheets.printing.output import bench_pdf

    numbers = bench_pdf(repeats=runs)
    return {"pdf_party_ms": numbers["pdf_party_ms"], "pdf_kb_per_page": numbers["pdf_kb_per_page"]}


PARTS = {"startup": startup, "felt": felt, "public": public, "log": log, "pdf": pdf}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.bench.qt_worker")
    parser.add_argument("part", choices=sorted(PARTS))
    parser.add_argument("--runs", type=int, default=3, help="repetitions (default: 3)")
    parser.add_argument(
        "--sizes", default="500,2000,5000", help="felt: the tables' card counts (comma separated)"
    )
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    if args.part == "felt":
        found = felt(runs, [int(n) for n in args.sizes.split(",") if n])
    else:
        found = PARTS[args.part](runs)
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
