"""The laptop's drag with the public table open on the TV, beside the same drag without it.

The public table (View > Table on a second screen) follows the game live, so it must cost the
laptop little: a drag on the laptop's felt with it open should stay within 1.3 times the
same drag without it (``PUBLIC_RATIO_TARGET`` in :mod:`cardtable.bench.command`).
:func:`measure` opens the app's main window (:class:`~cardtable.bench.felt.FeltBench`),
and on a spread table of :data:`CARDS` cards drags and drops one card as the felt bench
does, by turns without the public window and with it open (and the GM's small picture of it
docked on the laptop), the window :data:`PUBLIC_SIZE` beside the laptop's on the same X
screen, so that each is painted in full. Turns alternate, so a machine growing busier weighs
on both.

Figures (ms; frames pooled over the turns, drops their medians): ``public_frame_median``,
``public_frame_p95``, ``public_drop`` with the window open, and the same as ``alone_*``
without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.bench.drag_run import DragRun, summary, wait
from cardtable.bench.felt import WINDOW_SIZE, FeltBench
from cardtable.ui.qt import QtCore

#: The table: the felt bench's smallest spread one.
CARDS = 500
#: The public window's size; it is put just right of the laptop's window.
PUBLIC_SIZE = QtCore.QSize(1280, 720)
#: The figures each side reports.
FIGURES = ("frame_median", "frame_p95", "drop")


def _open_public(bench: FeltBench) -> None:
    screen = bench.window.public_screen
    screen.open_at_start()
    window = screen.window
    assert window is not None
    window.showNormal()
    window.resize(PUBLIC_SIZE)
    window.move(WINDOW_SIZE.width() + 10, 0)
    wait(0.5)


def _close_public(bench: FeltBench) -> None:
    bench.window.public_screen.close()
    wait(0.3)


def measure(runs: int, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """``runs`` turns, each a drag and drop without the public window and one with it."""
    bench = FeltBench()
    alone: list[DragRun] = []
    beside: list[DragRun] = []
    try:
        for turn in range(runs):
            if progress is not None:
                progress(f"  public table, turn {turn + 1} of {runs}")
            alone += bench.drags(CARDS, "spread", 1)[0]
            _open_public(bench)
            try:
                beside += bench.drags(CARDS, "spread", 1)[0]
            finally:
                _close_public(bench)
    finally:
        bench.close()
    with_it, without = summary(beside), summary(alone)
    results: dict[str, Any] = {f"public_{key}": with_it[key] for key in FIGURES}
    results.update({f"alone_{key}": without[key] for key in FIGURES})
    return results
