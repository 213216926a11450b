"""Guard the PySide6 pin: 6.12.0 on Python 3.11 leaks a reference to None per void Qt call."""

from __future__ import annotations

import sys

from cardtable.ui.qt import QtCore


def test_void_qt_calls_keep_none_alive() -> None:
    timer = QtCore.QObject()
    before = sys.getrefcount(None)
    for i in range(20_000):
        timer.setObjectName("tick" if i % 2 else "tock")  # returns None
    after = sys.getrefcount(None)
    # A fall of one per call would abort the interpreter in real play ("none_dealloc").
    assert after >= before - 100, f"None lost {before - after} references over 20,000 Qt calls"


def test_pyside_is_below_6_12() -> None:
    import PySide6

    major, minor = (int(p) for p in PySide6.__version__.split(".")[:2])
    assert (major, minor) < (6, 12), f"PySide6 {PySide6.__version__}: keep it below 6.12"
