"""Starting the Qt application."""

from __future__ import annotations

import sys

from cardtable.ui.main_window import MainWindow
from cardtable.ui.qt import QtWidgets


def application() -> QtWidgets.QApplication:
    """The running QApplication, created once."""
    app = QtWidgets.QApplication.instance()
    if isinstance(app, QtWidgets.QApplication):
        return app
    app = QtWidgets.QApplication(sys.argv[:1])
    app.setApplicationName("Cardtable")
    app.setOrganizationName("Cardtable")
    app.setApplicationDisplayName("Cardtable")
    return app


def run(session: str | None = None) -> int:
    """Open the main window (with ``session`` if given) and run until it closes."""
    app = application()
    window = MainWindow()
    window.show()
    return app.exec()
