"""The one place ``cardtable.ui`` imports PySide6; every other module imports from here.

QtNetwork, QtPrintSupport, QtSvg and QtTest (the bench's key presses) are imported on first
use (``from cardtable.ui.qt import QtSvg`` works as usual): the main window paints before
any of them is needed.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from PySide6 import QtNetwork, QtPrintSupport, QtSvg, QtTest

__all__ = ["Qt", "QtCore", "QtGui", "QtNetwork", "QtPrintSupport", "QtSvg", "QtTest", "QtWidgets"]

_LATER = {"QtNetwork", "QtPrintSupport", "QtSvg", "QtTest"}


def __getattr__(name: str) -> ModuleType:
    if name in _LATER:
        module = importlib.import_module(f"PySide6.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
