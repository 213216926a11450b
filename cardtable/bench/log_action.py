"""One logged action in the app's main window once the log holds 10,000 lines.

:func:`run` loads the demo session, writes :data:`LOG_LINES` notes into its log, opens it in
Cardtable's main window (panels, the log beside the hand, autosave on) and then plays
actions as the panels and the felt do, through the window's document: notes (the log
alone changes) and flips of the tarot deck's top card (the felt and the log change),
alternately. Each is timed on the main thread from the call to the end of the last paint
it caused (the felt's and the log's). The peer is the model alone: the same actions on
the same session with no window.

:func:`run_keyed` does the same from the keyboard on a big table: the spread 2,000-card
table of :mod:`cardtable.bench.tables` with :data:`LOG_LINES` notes in its log, in the main
window, the keyboard's focus on a face-up tarot card near the middle of the felt; the R key
is pressed (through Qt's own key handling: the shortcut turns the card round, a logged
action) again and again, each timed from the press to the end of the first paint of the
felt and of the log after it. The peer is the same turn applied to the model alone.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from cardtable.bench.drag_run import wait, wait_for, wait_idle
from cardtable.bench.felt import open_window, put_in_play
from cardtable.bench.frames import FrameClock, percentile
from cardtable.bench.tables import big_table
from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.session import Action, Flip, Note, Session, Turn, load
from cardtable.session.demo import demo_path
from cardtable.ui.qt import Qt, QtCore, QtTest, QtWidgets
from cardtable.ui.window.main_window import MainWindow

LOG_LINES = 10_000
DECK = PileId("tarot/draw")
#: The table of :func:`run_keyed`: the spread one of this many cards.
KEY_CARDS = 2000
#: The first actions of a run warm the art and the caches, and are not counted.
WARM_UP = 6


def _session(lines: int) -> Session:
    return _with_log(load(demo_path()), lines)


def _with_log(session: Session, lines: int) -> Session:
    for number in range(lines):
        session.apply(Note(f"Line {number}: the caravan rolls on through the night."))
    return session


def _viewports(window: MainWindow) -> list[QtWidgets.QWidget]:
    """The felt's viewport and the log's, the log's tab brought to the front (as a player
    watching the log would have it)."""
    log = window.findChild(QtWidgets.QDockWidget, "logDock")
    assert log is not None
    log.show()
    log.raise_()
    wait(0.2)
    viewports = [window.felt.viewport()]
    view = getattr(log.widget(), "view", None)
    if isinstance(view, QtWidgets.QAbstractScrollArea):
        viewports.append(view.viewport())
    return viewports


def _actions(session: Session, count: int) -> list[Action]:
    return [
        Note(f"Action {n}: a note.") if n % 2 == 0 else Flip(session.table.piles[DECK].cards[-1])
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
            clocks = [FrameClock(v) for v in _viewports(window)]
            window_ms = []
            for n, action in enumerate(_actions(session, actions + WARM_UP)):
                for clock in clocks:
                    clock.clear()
                start = time.monotonic()
                document.apply(action)
                _idle()
                ends = [p.end for clock in clocks for p in clock.paints]
                done = max(ends) if ends else time.monotonic()
                if n >= WARM_UP:
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


def _key_card(session: Session) -> CardId:
    """A face-up tarot card on top of a fan in the middle of the spread table."""
    fans = sorted(p for p in session.table.piles if p.startswith("zone/"))
    for pile in fans[len(fans) // 2 :] + fans:
        card = session.table.piles[pile].cards[-1]
        if card.startswith("tarot") and session.table.facing[card].face_up:
            return card
    raise RuntimeError("no face-up tarot card on top of a fan")


def run_keyed(lines: int = LOG_LINES, actions: int = 40) -> dict[str, float]:
    """Milliseconds per logged action from a key press on the 2,000-card table with a long
    log, and per the same action in the model alone (see the module's docstring)."""
    alone = _with_log(big_table(KEY_CARDS, crowded=False), lines)
    card = _key_card(alone)
    model_ms = []
    for _ in range(actions):
        start = time.perf_counter()
        alone.apply(Turn(card))
        model_ms.append((time.perf_counter() - start) * 1000)
    session = _with_log(big_table(KEY_CARDS, crowded=False), lines)
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as folder:
        window = open_window(Path(folder))
        try:
            put_in_play(window, session)
            felt = window.felt
            item = felt.item(card)
            assert item is not None
            window.activateWindow()
            felt.focus_on(item)
            wait_idle()
            clocks = [FrameClock(v) for v in _viewports(window)]
            window_ms = []
            for n in range(actions + WARM_UP):
                for clock in clocks:
                    clock.clear()
                turned = session.table.facing[card].reversed
                start = time.monotonic()
                QtTest.QTest.keyClick(felt, Qt.Key.Key_R)
                wait_for(lambda: all(c.paints for c in clocks), timeout=5)
                if session.table.facing[card].reversed == turned:
                    raise RuntimeError("the R key did not turn the focused card round")
                done = max(clock.paints[0].end for clock in clocks)
                if n >= WARM_UP:
                    window_ms.append((done - start) * 1000)
                wait(0.3)  # the turn's animation ends
            for clock in clocks:
                clock.remove()
        finally:
            window.document.dirty = False
            window.close()
            wait(0.1)
    return {
        "key_action_median_ms": statistics.median(window_ms),
        "key_action_p95_ms": percentile(window_ms, 0.95),
        "key_model_median_ms": statistics.median(model_ms),
    }
