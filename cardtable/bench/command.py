"""``cardtable bench``: every speed promise of the issues, measured and checked in one table.

    cardtable bench [--json] [--quick]

It measures, each in fresh processes: start-up against a bare PySide6 window, drag frame
times over 500 and 2,000 cards, the exact Banzai odds (against icepool when installed),
saving and loading a long session and printing the sample party to PDF. The Qt parts run in
:mod:`cardtable.bench.qt_worker` subprocesses, so this module never imports Qt. Start-up and
dragging need a display: the current one, else ``xvfb-run -a`` when it is installed; with
neither they are reported as null with a note. Progress goes to stderr, the table (or the
JSON object) to stdout; the exit status is 0 even when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import Any

from attrs import frozen

from cardtable import __version__

#: Subprocess time limit for one part (the slowest, full drag runs, takes well under this).
PART_TIMEOUT_S = 900


class BenchPartError(RuntimeError):
    """A part of the benchmark that could not run here; its message says why."""


@frozen
class Metric:
    """One row of the table: a measured key and the target the issues set for it."""

    key: str
    label: str
    unit: str
    target: float | None
    #: "max": the value must be at most the target; "min": at least.
    bound: str = "max"

    def met(self, value: float | None) -> bool | None:
        """Whether ``value`` meets the target (None when there is no value or no target)."""
        if value is None or self.target is None:
            return None
        return value <= self.target if self.bound == "max" else value >= self.target


METRICS = (
    Metric("startup_ratio", "start-up vs a bare PySide6 window", "x", 1.5),
    Metric("startup_ms", "start-up to a painted window", "ms", None),
    Metric("bare_startup_ms", "the same for a bare PySide6 window", "ms", None),
    Metric("drag_frame_ms_median", "drag frame, 500 cards, median", "ms", 2.0),
    Metric("drag_frame_ms_p95", "drag frame, 500 cards, 95th pct", "ms", 4.0),
    Metric("drag_frame_ms_median_2000", "drag frame, 2,000 cards, median", "ms", 4.0),
    Metric("odds_10k10_ms", "exact odds of one 10k10", "ms", 5.0),
    Metric("odds_55_ms", "exact odds of all 55 XkY", "ms", 100.0),
    Metric("odds_speedup_vs_icepool", "odds speed-up vs icepool", "x", 5.0, "min"),
    Metric("save_ms", "save a 5,000-event session", "ms", 100.0),
    Metric("load_ms", "load a 5,000-event session", "ms", 100.0),
    Metric("pdf_party_ms", "party of 5 sheets to PDF", "ms", 200.0),
)

#: The keys each part reports; when a part cannot run they are all null.
PART_KEYS: dict[str, tuple[str, ...]] = {
    "startup": ("startup_ratio", "startup_ms", "bare_startup_ms"),
    "drag": (
        "drag_frame_ms_median",
        "drag_frame_ms_p95",
        "drag_frame_ms_median_2000",
        "drag_frame_ms_p95_2000",
    ),
    "odds": ("odds_10k10_ms", "odds_55_ms", "odds_speedup_vs_icepool"),
    "session": ("save_ms", "load_ms"),
    "pdf": ("pdf_party_ms",),
}

#: Repetitions per part: (full, --quick).
RUNS = {"startup": (7, 3), "drag": (3, 1), "odds": (3, 1), "session": (5, 2), "pdf": (5, 2)}


def add_bench_parser(subparsers: Any) -> None:
    """Add ``bench [--json] [--quick]``."""
    parser = subparsers.add_parser(
        "bench",
        help="measure start-up, dragging, odds, saving and printing against their targets",
        description=(
            "Measure what Cardtable promises to be fast and print a table of each number, its "
            "target and whether it is met. Takes about half a minute (--quick: about 10 seconds)."
        ),
    )
    parser.add_argument("--json", action="store_true", help="print a JSON object instead")
    parser.add_argument(
        "--quick", action="store_true", help="fewer repetitions: faster, noisier numbers"
    )
    parser.set_defaults(func=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    """Carry out ``cardtable bench``; returns the exit status."""
    results = measure(quick=args.quick)
    print(json.dumps(results, indent=2) if args.json else format_table(results))
    return 0


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- running the parts ---------------------------------------------------------------


def _display_available(env: Mapping[str, str]) -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def display_prefix(env: Mapping[str, str]) -> list[str]:
    """What to put before a command that needs a display: nothing, or ``xvfb-run -a``.

    Raises :class:`BenchPartError` when there is no display and no Xvfb to make one.
    """
    if _display_available(env):
        return []
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        raise BenchPartError("no display and no xvfb-run (apt-get install xvfb) to make one")
    return [xvfb, "-a"]


def _python() -> str:
    if getattr(sys, "frozen", False):
        raise BenchPartError("the bundled app cannot start Python workers; run it from a venv")
    return sys.executable


def run_worker(part: str, runs: int, needs_display: bool) -> dict[str, Any]:
    """Run one part of :mod:`cardtable.bench.qt_worker` in a subprocess; its JSON answer."""
    env = dict(os.environ)
    if needs_display:
        prefix = display_prefix(env)
        # The offscreen platform (set for tests) paints nothing to a screen; measure on one.
        if env.get("QT_QPA_PLATFORM") == "offscreen":
            del env["QT_QPA_PLATFORM"]
    else:
        prefix = []
        env["QT_QPA_PLATFORM"] = "offscreen"
    command = [*prefix, _python(), "-m", "cardtable.bench.qt_worker", part, f"--runs={runs}"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=PART_TIMEOUT_S)
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise BenchPartError(f"the {part} worker failed (status {done.returncode}): {tail}")
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def _startup(runs: int) -> dict[str, Any]:
    return run_worker("startup", runs, needs_display=True)


def _drag(runs: int) -> dict[str, Any]:
    return run_worker("drag", runs, needs_display=True)


def _pdf(runs: int) -> dict[str, Any]:
    return run_worker("pdf", runs, needs_display=False)


def _odds(runs: int) -> dict[str, Any]:
    _python()
    from cardtable.bench import dice as bench

    return bench.run(runs=runs)


def _session(runs: int) -> dict[str, Any]:
    try:
        from cardtable.bench import session as bench
    except ImportError as exc:
        raise BenchPartError(f"the session benchmark is not available ({exc})") from exc
    return dict(bench.run(repeats=runs))


#: Each part, by name: takes a repetition count, returns its numbers.
PARTS: dict[str, Callable[[int], dict[str, Any]]] = {
    "startup": _startup,
    "drag": _drag,
    "odds": _odds,
    "session": _session,
    "pdf": _pdf,
}


def measure(quick: bool = False) -> dict[str, Any]:
    """Run every part; every key of :data:`PART_KEYS` is present (None when not measured).

    A part that cannot run (no display, no worker, an error) adds a line to ``notes``
    instead of stopping the others.
    """
    results: dict[str, Any] = {key: None for keys in PART_KEYS.values() for key in keys}
    notes: list[str] = []
    for part, measure_part in PARTS.items():
        runs = RUNS[part][1 if quick else 0]
        _progress(f"cardtable bench: {part} ({runs} run{'s' if runs != 1 else ''})...")
        try:
            found = measure_part(runs)
        except (BenchPartError, OSError, ValueError, subprocess.SubprocessError) as exc:
            notes.append(f"{part}: not measured: {exc}")
            continue
        results.update({key: found.get(key) for key in PART_KEYS[part]})
        if part == "odds" and found.get("odds_speedup_vs_icepool") is None:
            notes.append("odds: icepool is not installed (pip install icepool): no speed-up")
        if part == "odds" and found.get("agree") is False:
            notes.append("odds: our odds and icepool's DISAGREE by more than 1e-9")
        if part == "drag" and found.get("drag_platform") in ("offscreen", "minimal"):
            notes.append(f"drag: measured on Qt's {found['drag_platform']} platform, not a screen")
    results.update(
        {
            "quick": quick,
            "cardtable_version": __version__,
            "python": platform.python_version(),
            "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs",
            "notes": notes,
        }
    )
    return results


# --- the table -----------------------------------------------------------------------


def _number(value: float | None, unit: str) -> str:
    if value is None:
        return "null"
    if unit == "x":
        return f"{value:.2f}x" if value < 10 else f"{value:.0f}x"
    return f"{value:.1f} ms" if value >= 10 else f"{value:.2f} ms"


def format_table(results: Mapping[str, Any]) -> str:
    """The results as a Markdown table: metric, value, target, ok; then the notes."""
    rows = [("metric", "value", "target", "ok"), ("---", "---:", "---:", "---")]
    for metric in METRICS:
        value = results.get(metric.key)
        target = "-"
        if metric.target is not None:
            sign = "<=" if metric.bound == "max" else ">="
            target = f"{sign} {_number(metric.target, metric.unit)}"
        met = metric.met(value)
        ok = "-" if met is None else "yes" if met else "NO"
        rows.append((f"`{metric.key}` ({metric.label})", _number(value, metric.unit), target, ok))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
        for row in rows
    ]
    runs = "quick" if results.get("quick") else "full"
    lines.append("")
    lines.append(
        f"Cardtable {results.get('cardtable_version')}, Python {results.get('python')}, "
        f"{results.get('machine')} ({runs} runs)"
    )
    lines.extend(f"note: {note}" for note in results.get("notes", []))
    return "\n".join(lines)
