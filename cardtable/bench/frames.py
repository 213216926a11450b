"""Frame times from what a viewport really did: when each mouse event and paint began and ended.

:class:`FrameClock` watches one viewport. For each mouse event and each paint it notes the
start, the end and this thread's processor time, by handing the event on to the viewport
itself from inside its filter (so the end is the end of the real handling, not a guess).

:func:`frame_times` then gives one frame time for every move the pointer driver sent. A
move the table painted on its own takes from the start of its handling to the end of that
paint. A move that never had a paint of its own (Qt kept only a later one, or the table
handled another before painting) is **missed**: it counts with the whole wait from the
moment the pointer sent it to the end of the paint that finally showed a later place, never
as a fast frame.

Four moves sent 8 ms apart; Qt dropped the second, and the table was too slow to paint
after the fourth before the drag ended:

>>> moves = [Handled(0.001, 0.002, 0, 0), Handled(0.017, 0.018, 0, 2), Handled(0.025, 0.0255, 0, 3)]
>>> paints = [Painted(0.0021, 0.004, 0), Painted(0.0185, 0.0245, 0)]
>>> found = frame_times([0.000, 0.008, 0.016, 0.024], moves, paints)
>>> [round(ms, 1) for ms in found.frames_ms], found.missed
([3.0, 16.5, 7.5], 1)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from attrs import frozen

from cardtable.ui.qt import QtCore, QtGui, QtWidgets

_Type = QtCore.QEvent.Type
_MOUSE = {_Type.MouseMove, _Type.MouseButtonPress, _Type.MouseButtonRelease}


@frozen
class Handled:
    """A mouse move the table handled: when (start, end), its CPU time and which move it was."""

    start: float
    end: float
    cpu: float
    index: int


@frozen
class Painted:
    """One paint of the viewport: start, end and its CPU time (seconds)."""

    start: float
    end: float
    cpu: float


@frozen
class FrameTimes:
    """Each sent move's wait for its frame (ms), and how many never had a frame of their own."""

    frames_ms: tuple[float, ...]
    missed: int
    cpu_ms_per_move: float


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95 for the 95th) of ``values``.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5), percentile(range(1, 101), 0.95)
    (3.0, 95)
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values to take a percentile of")
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    return percentile(values, 0.5)


def frame_times(
    sent: Sequence[float], moves: Sequence[Handled], paints: Sequence[Painted]
) -> FrameTimes:
    """The frame time of each move in ``sent`` (send times; move ``i`` is the ``i``-th),
    and how many were missed; see the module's docstring."""
    frames: list[float] = []
    missed = 0
    handled = sorted(moves, key=lambda m: m.start)
    painted = sorted(paints, key=lambda p: p.start)
    h = p = 0
    for i, sent_at in enumerate(sent):
        # The first move handled that was sent at i or later (Qt may have dropped i itself).
        while h < len(handled) and handled[h].index < i:
            h += 1
        if h == len(handled):
            break  # the drag ended before the table saw this move: nothing to time
        move = handled[h]
        while p < len(painted) and painted[p].start < move.end:
            p += 1
        if p == len(painted):
            break
        following = handled[h + 1].start if h + 1 < len(handled) else math.inf
        if move.index != i or painted[p].start > following:
            missed += 1
            frames.append((painted[p].end - sent_at) * 1000)
        else:
            frames.append((painted[p].end - move.start) * 1000)
    cpu = sum(m.cpu for m in moves) + sum(x.cpu for x in paints)
    return FrameTimes(tuple(frames), missed, cpu * 1000 / max(len(sent), 1))


class FrameClock(QtCore.QObject):
    """Notes every mouse event and paint of ``viewport`` (install, read, :meth:`clear`).

    ``index_of(global_device_point)`` says which sent move a mouse move is (None: not one).
    """

    def __init__(self, viewport: QtWidgets.QWidget) -> None:
        QtCore.QObject.__init__(self)
        self._viewport = viewport
        self.index_of: dict[tuple[int, int], int] = {}
        self.moves: list[Handled] = []
        self.paints: list[Painted] = []
        #: (start, end, thread time at the start) of the button release, the drop.
        self.release: tuple[float, float, float] | None = None
        self._inside = False
        viewport.installEventFilter(self)

    def clear(self, index_of: dict[tuple[int, int], int] | None = None) -> None:
        self.index_of = dict(index_of or {})
        self.moves = []
        self.paints = []
        self.release = None

    def remove(self) -> None:
        self._viewport.removeEventFilter(self)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        kind = event.type()
        if self._inside or (kind != _Type.Paint and kind not in _MOUSE):
            return False
        start, cpu = time.monotonic(), time.thread_time()
        # Hand the event on now, without this filter, to time its whole handling.
        self._inside = True
        try:
            QtCore.QCoreApplication.sendEvent(watched, event)
        finally:
            self._inside = False
        end, used = time.monotonic(), time.thread_time() - cpu
        if kind == _Type.Paint:
            self.paints.append(Painted(start, end, used))
        elif kind == _Type.MouseMove:
            assert isinstance(event, QtGui.QMouseEvent)
            where = event.globalPosition()
            ratio = self._viewport.devicePixelRatioF()
            key = (round(where.x() * ratio), round(where.y() * ratio))
            index = self.index_of.get(key)
            if index is not None:
                self.moves.append(Handled(start, end, used, index))
        elif kind == _Type.MouseButtonRelease:
            self.release = (start, end, cpu)
        return True
