"""One timed drag and drop on a viewport, and the event loop's waits round it.

:class:`DragRun` has the pointer driver (:mod:`cardtable.bench.xinput`) carry out one drag
and drop along a path while a :class:`~cardtable.bench.frames.FrameClock` notes every move
and paint of the viewport; :func:`summary` pools the frames of several runs. The felt's
benchmark (:mod:`cardtable.bench.felt`) and its floor (:mod:`cardtable.bench.floor`) both
drag with it, so that the two are timed alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cardtable.bench import xinput
from cardtable.bench.frames import FrameClock, frame_times, median, percentile
from cardtable.ui.qt import QtCore

#: A move is sent every this many ms, as a mouse reports.
MOVE_MS = 8.0
#: The main thread is idle once it has used less than this (ms) in :data:`IDLE_WINDOW_S`.
IDLE_CPU_MS, IDLE_WINDOW_S = 15.0, 0.2
#: A table is settled once its viewport has not painted for this long.
QUIET_S = 0.3


def wait(seconds: float) -> None:
    """Run the event loop for ``seconds``."""
    loop = QtCore.QEventLoop()
    QtCore.QTimer.singleShot(max(0, round(seconds * 1000)), loop.quit)
    loop.exec()


def wait_for(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Run the event loop until ``condition()`` holds (checked every 10 ms)."""
    if condition():
        return
    deadline = time.monotonic() + timeout
    loop = QtCore.QEventLoop()
    timer = QtCore.QTimer()
    timer.setInterval(10)

    def check() -> None:
        if condition() or time.monotonic() > deadline:
            loop.quit()

    timer.timeout.connect(check)
    timer.start()
    loop.exec()
    timer.stop()
    if not condition():
        raise TimeoutError("the window did not get there in time")


def wait_idle(timeout: float = 60.0) -> None:
    """Run the event loop until the main thread has little left to do (the cards out of
    sight have taken the art of a new zoom, say)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        cpu = time.thread_time()
        wait(IDLE_WINDOW_S)
        if (time.thread_time() - cpu) * 1000 < IDLE_CPU_MS:
            return


def settle(clock: FrameClock, since: float) -> float:
    """Run the event loop until the viewport has been quiet for :data:`QUIET_S`; the end of
    its last paint after ``since`` (or ``since``)."""
    while True:
        last = clock.paints[-1].end if clock.paints else 0.0
        if time.monotonic() - max(last, since) >= QUIET_S:
            return max(last, since)
        wait(0.02)


#: Where one drop left each card it moved: its card, place and layer.
Landing = list[tuple[str, QtCore.QPointF, float]]


class DragRun:
    """One drag and drop, driven by the pointer process, timed by ``clock``."""

    def __init__(self, clock: FrameClock, points: list[tuple[int, int]], index: dict) -> None:
        clock.clear(index)
        self.clock = clock
        self.driver = xinput.start(points, MOVE_MS)
        wait_for(lambda: self.driver.poll() is not None, timeout=xinput.DRIVER_TIMEOUT_S)
        self.answer = xinput.answer(self.driver)
        wait_for(lambda: clock.release is not None, timeout=10)
        assert clock.release is not None
        release_start, release_end, cpu_then = clock.release
        settled = settle(clock, release_end)
        self.drop_cpu = (time.thread_time() - cpu_then) * 1000
        after = [p for p in clock.paints if p.start >= release_end]
        first = after[0].end if after else release_end
        self.drop = (first - release_start) * 1000
        self.drop_settled = (settled - release_start) * 1000
        self.frames = frame_times(self.answer["sent"], clock.moves, clock.paints)


def summary(runs: list[DragRun]) -> dict[str, float]:
    """The figures of ``runs`` (see the module's docstring)."""
    frames = [ms for run in runs for ms in run.frames.frames_ms]
    sent = sum(len(run.answer["sent"]) for run in runs)
    return {
        "frame_median": median(frames),
        "frame_p95": percentile(frames, 0.95),
        "frame_max": max(frames),
        "missed": sum(run.frames.missed for run in runs) / max(sent, 1),
        "cpu_per_move": sum(run.frames.cpu_ms_per_move for run in runs) / len(runs),
        "drop": median([run.drop for run in runs]),
        "drop_settled": median([run.drop_settled for run in runs]),
        "drop_cpu": median([run.drop_cpu for run in runs]),
    }
