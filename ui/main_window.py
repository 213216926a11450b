"""The main window: the felt table in the middle, a menu bar and a status bar."""

from __future__ import annotations

from cardtable import __version__
from cardtable.ui.felt import FeltView
from cardtable.ui.qt import QtGui, QtWidgets

TITLE = "Cardtable"


class MainWindow(QtWidgets.QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(TITLE)
        self.resize(1280, 800)
        self.felt = FeltView(self)
        self.setCentralWidget(self.felt)
        self._build_menus()
        self.statusBar().showMessage("Welcome to the table. Ctrl+0 fits the table to the window.")

    def _action(
        self, menu: QtWidgets.QMenu, text: str, shortcut: QtGui.QKeySequence | str | None, tip: str
    ) -> QtGui.QAction:
        action = menu.addAction(text)
        if shortcut is not None:
            action.setShortcut(QtGui.QKeySequence(shortcut))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        quit_action = self._action(
            file_menu, "&Quit", QtGui.QKeySequence.StandardKey.Quit, "Close Cardtable"
        )
        quit_action.triggered.connect(self.close)
        view_menu = bar.addMenu("&View")
        fit = self._action(view_menu, "&Fit table to window", None, "Show every card (Ctrl+0)")
        fit.triggered.connect(self.felt.fit_table)
        help_menu = bar.addMenu("&Help")
        about = self._action(help_menu, "&About Cardtable", None, "Version and credits")
        about.triggered.connect(self._on_about)

    def _on_about(self) -> None:
        QtWidgets.QMessageBox.about(
            self,
            "About Cardtable",
            f"<h3>Cardtable {__version__}</h3>"
            "<p>A card-and-dice table for narrative role-playing games, "
            "passed from hand to hand around one computer.</p>",
        )
