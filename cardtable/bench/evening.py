"""What one action costs over a long evening with autosave on, beside the model alone.

:func:`run` plays the same seeded :func:`~cardtable.bench.session.evening` twice: once on a
bare session (the model alone), once with an :class:`~cardtable.session.Autosaver` keeping a
copy in a temporary folder, as the app does. It times every ``Session.apply`` on the
calling thread (the UI thread, in the app) and reports the median of the first and of the
last :data:`WINDOW` actions, in microseconds, and how the last compare with the first. A
flat evening has a ratio near 1. ``autosave_write_ms`` is how long the autosave of the
whole evening then takes to reach the disk (on its own thread).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from cardtable.bench.session import evening, table_for_an_evening
from cardtable.session.autosave import Autosaver

#: Actions at each end of the evening whose median is compared.
WINDOW = 1000


def _play(actions: int, autosave: Path | None) -> tuple[list[float], float | None]:
    session = table_for_an_evening()
    saver = Autosaver(session, autosave) if autosave is not None else None
    times: list[float] = []
    try:
        clock = time.perf_counter
        for action in evening(session):
            if len(times) == actions:
                break
            start = clock()
            session.apply(action)
            times.append((clock() - start) * 1_000_000)
        written = None
        if saver is not None:
            start = clock()
            saver.flush(timeout=120)
            written = (clock() - start) * 1000
    finally:
        if saver is not None:
            saver.close()
    return times, written


def run(actions: int = 50_000) -> dict[str, float]:
    """Per-action microseconds at the start and the end of ``actions`` actions, with and
    without autosave (see the module's docstring)."""
    alone, _ = _play(actions, None)
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as folder:
        saved, written = _play(actions, Path(folder))
    first, last = statistics.median(saved[:WINDOW]), statistics.median(saved[-WINDOW:])
    alone_first = statistics.median(alone[:WINDOW])
    alone_last = statistics.median(alone[-WINDOW:])
    return {
        "evening_actions": float(actions),
        "action_first_us": first,
        "action_last_us": last,
        "action_growth": last / first,
        "model_first_us": alone_first,
        "model_last_us": alone_last,
        "model_growth": alone_last / alone_first,
        "autosave_write_ms": written or 0.0,
    }
