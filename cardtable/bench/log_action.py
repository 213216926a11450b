"""One logged action in the app's main window once the log holds 10,000 lines.

:func:`run` loads the demo session, writes :data:`LOG_LINES` notes into its log, opens it in
Cardtable's main window (panels, the log beside the hand, autosave on) and then plays
actions as the panels and the felt do, through the window's document: notes (the log
alone changes) and flips of the tarot deck's top card (the felt and the log change),
alternately. Each is timed on the main thread from the call to the end of the last paint
it caused (the felt's and the log's). The peer is the model alone: the same actions on
the same session with no window.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from cardtable.bench.felt import open_window, put_in_play, wait
from cardtable.bench.frames import FrameClock, percentile
from cardtable.piles import PileId
from cardtable.session import Action, Flip, Note, Session, load
from cardtable.session.demo import demo_path
from cardtable.ui.qt import QtCore, QtWidgets

LOG_LINES = 10_000
DECK = PileId("tarot/draw")


def _session(lines: int) -> Session:
    session = load(demo_path())
    for number in range(lines):
        session.apply(Note(f"Line {number}: the caravan rolls on through the night."))
    return session


def _actions(session: Session, count: int) -> list[Action]:
    return [
        Note(f"Action {n}: a note.")
        if n % 2 == 0
        else Flip(session.table.piles[DECK].cards[-1])
        for n in range(count)
    ]


def _idle() -> None:
    """Run the event loop until what is pending now (paints too) has been handled."""
    loop = QtCore.QEventLoop()
    QtCore.QTimer.singleShot(0, loop.quit)
    loop.exec()


def run(lines: int = LOG_LINES, actions: int = 40) -> dict[str, float]:
    """Milliseconds per logged action in the window and in the model alone."""
    alone = _session(lines)
    model_ms = []
    for action in _actions(alone, actions):
        start = time.perf_counter()
        alone.apply(action)
        model_ms.append((time.perf_counter() - start) * 1000)
    session = _session(lines)
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as folder:
        window = open_window(Path(folder))
        try:
            document = window.document
            put_in_play(window, session)
            wait(0.5)
            log = window.findChild(QtWidgets.QDockWidget, "logDock")
            assert log is not None
            viewports = [window.felt.viewport()]
            shown = log.widget()
            view = getattr(shown, "view", None)
            if isinstance(view, QtWidgets.QAbstractScrollArea):
                viewports.append(view.viewport())
            clocks = [FrameClock(v) for v in viewports]
            window_ms = []
            for n, action in enumerate(_actions(session, actions + 6)):
                for clock in clocks:
                    clock.clear()
                start = time.monotonic()
                document.apply(action)
                _idle()
                ends = [p.end for clock in clocks for p in clock.paints]
                done = max(ends) if ends else time.monotonic()
                if n >= 6:  # the first few warm the art and the caches
                    window_ms.append((done - start) * 1000)
                wait(0.05)
            for clock in clocks:
                clock.remove()
        finally:
            document.dirty = False
            window.close()
            wait(0.1)
    return {
        "log_lines": float(lines),
        "log_action_median_ms": statistics.median(window_ms),
        "log_action_p95_ms": percentile(window_ms, 0.95),
        "log_model_median_ms": statistics.median(model_ms),
    }
