"""The one place ``cardtable.ui`` imports PySide6; every other module imports from here.

QtNetwork, QtPrintSupport and QtSvg are imported on first use (``from cardtable.ui.qt import
QtSvg`` works as usual): the main window paints before any of them is needed.

Importing it also spares every later import PySide6's ``__feature__`` scan (see
:func:`_skip_feature_scan`).
"""

from __future__ import annotations

import builtins
import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from PySide6 import QtNetwork, QtPrintSupport, QtSvg

__all__ = ["Qt", "QtCore", "QtGui", "QtNetwork", "QtPrintSupport", "QtSvg", "QtWidgets"]

_LATER = {"QtNetwork", "QtPrintSupport", "QtSvg"}


def _skip_feature_scan() -> None:
    """Let imports past PySide6's ``__feature__`` hook, which Cardtable does not use.

    To serve ``from __feature__ import snake_case``, PySide6 puts its own ``__import__`` in
    ``builtins``; after each import it reads the new module's whole source file, looking for
    the word "PySide6" (``shibokensupport/feature.py``, ``_mod_uses_pyside``). That is about
    190 files and 50 ms of Cardtable's start, and more for every module imported later.
    The import PySide6 wrapped (``__orig_import__``, its lazy loader of Qt types) does the
    rest of the work and stays in place. Should a PySide6 release name them otherwise,
    nothing changes.
    """
    feature_import = getattr(builtins, "__feature_import__", None)
    wrapped = getattr(builtins, "__orig_import__", None)
    if wrapped is not None and feature_import is not None and builtins.__import__ is feature_import:
        builtins.__import__ = wrapped


_skip_feature_scan()


def __getattr__(name: str) -> ModuleType:
    if name in _LATER:
        module = importlib.import_module(f"PySide6.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
