"""The one place ``cardtable.ui`` imports PySide6; every other module imports from here."""

from PySide6 import QtCore, QtGui, QtPrintSupport, QtSvg, QtWidgets
from PySide6.QtCore import Qt

__all__ = ["Qt", "QtCore", "QtGui", "QtPrintSupport", "QtSvg", "QtWidgets"]
