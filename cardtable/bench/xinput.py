"""Real pointer input for the table benchmarks: the X server's own mouse, moved at a steady pace.

A player's mouse does not wait for the table to finish a frame: it reports a new place every
few milliseconds, and a table that is slow to paint skips positions (Qt keeps only the
latest move). So the benchmarks do not hand events to Qt one at a time; a separate process
(``python -m cardtable.bench.xinput``) moves the X server's pointer through the XTest
extension, as a real mouse would, on a fixed clock, and reports when it sent each move. It
is a separate process so that nothing in the measured one (the GIL above all) can delay it.

The plan comes as one JSON object on stdin::

    {"points": [[x, y], ...], "interval_ms": 8, "press": true, "release": true}

(device pixels of the root window). The driver moves to the first point, presses the left
button, waits :data:`PRESS_WAIT_S`, moves through the other points one every
``interval_ms``, waits :data:`RELEASE_WAIT_S` and releases. It prints one JSON object:
``{"sent": [...], "pressed": t, "released": t}`` in :func:`time.monotonic` seconds, the
clock the measured process reads too.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

#: Pause after the press, so that the table has lifted the card before it moves.
PRESS_WAIT_S = 0.25
#: Pause after the last move, so that the table has caught up before the drop.
RELEASE_WAIT_S = 0.25
DRIVER_TIMEOUT_S = 120
LEFT_BUTTON = 1


class PointerError(RuntimeError):
    """The X server's pointer cannot be driven here (no X display, no XTest)."""


class _XTest:
    """The few Xlib and XTest calls the driver needs."""

    def __init__(self) -> None:
        x11 = ctypes.util.find_library("X11")
        xtst = ctypes.util.find_library("Xtst")
        if x11 is None or xtst is None:
            raise PointerError("libX11 and libXtst are needed (apt-get install libxtst6)")
        self._x11 = ctypes.CDLL(x11)
        self._xtst = ctypes.CDLL(xtst)
        self._x11.XOpenDisplay.restype = ctypes.c_void_p
        self._x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self._x11.XFlush.argtypes = [ctypes.c_void_p]
        self._x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self._x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self._xtst.XTestFakeMotionEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        self._xtst.XTestFakeButtonEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        display = self._x11.XOpenDisplay(None)
        if not display:
            raise PointerError("cannot open the X display (is DISPLAY set?)")
        self._display = display

    def move(self, x: int, y: int) -> None:
        self._xtst.XTestFakeMotionEvent(self._display, -1, x, y, 0)
        self._x11.XFlush(self._display)

    def button(self, down: bool) -> None:
        self._xtst.XTestFakeButtonEvent(self._display, LEFT_BUTTON, 1 if down else 0, 0)
        self._x11.XFlush(self._display)

    def sync(self) -> None:
        self._x11.XSync(self._display, 0)

    def close(self) -> None:
        self._x11.XCloseDisplay(self._display)


def _wait_until(deadline: float) -> None:
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        # Sleep most of the way, then spin the last half millisecond: sleeps overshoot.
        if left > 0.0015:
            time.sleep(left - 0.001)


def drive(plan: dict[str, Any]) -> dict[str, Any]:
    """Carry out ``plan`` (see the module's docstring); when each event was sent."""
    points = [(int(x), int(y)) for x, y in plan["points"]]
    interval = float(plan.get("interval_ms", 8.0)) / 1000
    x = _XTest()
    try:
        x.move(*points[0])
        x.sync()
        time.sleep(0.05)
        pressed = None
        if plan.get("press", True):
            pressed = time.monotonic()
            x.button(True)
            x.sync()
            time.sleep(PRESS_WAIT_S)
        sent: list[float] = []
        due = time.monotonic()
        for point in points[1:]:
            _wait_until(due)
            sent.append(time.monotonic())
            x.move(*point)
            due += interval
        x.sync()
        released = None
        if plan.get("release", True):
            time.sleep(RELEASE_WAIT_S)
            released = time.monotonic()
            x.button(False)
            x.sync()
    finally:
        x.close()
    return {"sent": sent, "pressed": pressed, "released": released}


def start(
    points: Sequence[tuple[int, int]],
    interval_ms: float = 8.0,
    *,
    press: bool = True,
    release: bool = True,
) -> subprocess.Popen[str]:
    """Start a driver process carrying out a plan; read its answer with :func:`answer`."""
    plan = {
        "points": [list(p) for p in points],
        "interval_ms": interval_ms,
        "press": press,
        "release": release,
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable.bench.xinput"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None
    process.stdin.write(json.dumps(plan))
    process.stdin.close()
    return process


def answer(process: subprocess.Popen[str]) -> dict[str, Any]:
    """The finished driver's answer; :class:`PointerError` when it failed."""
    assert process.stdout is not None and process.stderr is not None
    process.wait(timeout=DRIVER_TIMEOUT_S)
    out, err = process.stdout.read(), process.stderr.read()
    process.stdout.close()
    process.stderr.close()
    if process.returncode != 0:
        tail = (err.strip().splitlines() or ["no message"])[-1]
        raise PointerError(f"the pointer driver failed: {tail}")
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def available() -> str | None:
    """None when XTest can drive the pointer here, else why not."""
    try:
        _XTest().close()
    except PointerError as exc:
        return str(exc)
    return None


def main() -> int:
    plan = json.loads(sys.stdin.read())
    try:
        print(json.dumps(drive(plan)), flush=True)
    except PointerError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
