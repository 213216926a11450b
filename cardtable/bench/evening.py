"""What one action costs over a long evening with autosave on, beside the model alone.

:func:`run` plays the same seeded :func:`~cardtable.bench.session.evening` on four sessions:
two with an :class:`~cardtable.session.Autosaver` keeping a copy in a temporary folder (as the
app does) and two bare (the model alone). One of each pair is first played on to the last
:data:`WINDOW` actions of the evening; then the first :data:`WINDOW` actions of the fresh
ones and the last of the played-on ones are applied in turn, one of each, so that a busy
machine slows both ends alike. Every ``Session.apply`` is timed in the calling thread's
processor time (the UI thread, in the app). The figures are the medians in microseconds,
and how the end compares with the start: a flat evening has a ratio near 1.
``autosave_write_ms`` is how long the autosave of the whole evening then takes to reach the
disk (on its own thread).

Then actions land while the autosave writes: at the end of the evening the autosave is
written again and again (as steady play has it written every few seconds), each action
applied while a write is under way is timed by the wall clock (waiting for the writer
counts), and as many of the same evening's actions are timed with no write under way.
``writing_action_us`` and ``quiet_action_us`` are their medians (``_p95_us`` their 95th
percentiles, ``_max_us`` the longest): an action keeps its usual time when the two are close.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from cardtable.bench.session import evening, table_for_an_evening
from cardtable.session import Action
from cardtable.session.autosave import Autosaver

#: Actions at each end of the evening whose medians are compared.
WINDOW = 1000
#: Autosaves written while actions land, and the most actions timed during each.
WRITES, DURING = 40, 50


class _Player:
    """One session playing the evening, with or without autosave."""

    def __init__(self, folder: Path | None) -> None:
        self.session = table_for_an_evening()
        self.saver = Autosaver(self.session, folder) if folder is not None else None
        self._actions: Iterator[Action] = evening(self.session)
        self.times: list[float] = []

    def play(self, count: int) -> None:
        for _ in range(count):
            self.session.apply(next(self._actions))

    def timed(self) -> None:
        action = next(self._actions)
        start = time.thread_time()
        self.session.apply(action)
        self.times.append((time.thread_time() - start) * 1_000_000)

    def walled(self) -> float:
        """Apply the next action; its wall-clock microseconds."""
        action = next(self._actions)
        start = time.perf_counter()
        self.session.apply(action)
        return (time.perf_counter() - start) * 1_000_000

    def close(self) -> None:
        if self.saver is not None:
            self.saver.close()


def run(actions: int = 50_000) -> dict[str, float]:
    """Per-action microseconds at the start and at the end of ``actions`` actions, with and
    without autosave (see the module's docstring)."""
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as folder:
        players = {
            "early": _Player(Path(folder) / "early"),
            "late": _Player(Path(folder) / "late"),
            "early_model": _Player(None),
            "late_model": _Player(None),
        }
        try:
            for name in ("late", "late_model"):
                players[name].play(max(0, actions - WINDOW))
            for _ in range(WINDOW):
                for player in players.values():
                    player.timed()
            late = players["late"]
            assert late.saver is not None
            start = time.perf_counter()
            late.saver.flush(timeout=120)
            written = (time.perf_counter() - start) * 1000
            late.saver.close()
            late.saver = None
            writing, quiet = _during_writes(late, Path(folder) / "writes")
        finally:
            for player in players.values():
                player.close()
    median = {name: statistics.median(player.times) for name, player in players.items()}
    return {
        "evening_actions": float(actions),
        "action_first_us": median["early"],
        "action_last_us": median["late"],
        "action_growth": median["late"] / median["early"],
        "model_first_us": median["early_model"],
        "model_last_us": median["late_model"],
        "model_growth": median["late_model"] / median["early_model"],
        "autosave_write_ms": written,
        "writing_action_us": statistics.median(writing),
        "quiet_action_us": statistics.median(quiet),
        "writing_action_p95_us": _p95(writing),
        "quiet_action_p95_us": _p95(quiet),
        "writing_action_max_us": max(writing),
        "quiet_action_max_us": max(quiet),
    }


def _p95(values: list[float]) -> float:
    """The 95th percentile of ``values`` (this module leaves Qt, and the felt's helpers, out)."""
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def _during_writes(player: _Player, folder: Path) -> tuple[list[float], list[float]]:
    """Wall-clock microseconds of ``player``'s actions landing while its autosave is being
    written, and of as many with no write under way."""
    saver = Autosaver(player.session, folder, delay=0.0, listen=False)
    writing: list[float] = []
    quiet: list[float] = []
    try:
        saver.changed()
        saver.flush(timeout=120)  # the whole log once; from now on each write is as in play
        for _ in range(WRITES):
            saver.changed()
            begun = time.perf_counter()
            while not saver.writing and time.perf_counter() - begun < 1.0:
                time.sleep(0)  # let the writer take the lock and begin
            landed = 0
            while saver.writing and landed < DURING:
                writing.append(player.walled())
                landed += 1
            saver.settle()
            quiet.extend(player.walled() for _ in range(landed))
    finally:
        saver.close()
    if not writing:
        raise RuntimeError("no action landed while the autosave was written")
    return writing, quiet
