"""The main window: titled, with a felt table, menus and a status bar."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.ui.felt import FeltView
from cardtable.ui.main_window import MainWindow
from cardtable.ui.qt import Qt, QtCore, QtGui


def test_main_window_has_felt_menus_and_status_bar(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle() == "Cardtable"
    assert isinstance(window.centralWidget(), FeltView)
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert "File" in titles and "Help" in titles
    assert window.statusBar().currentMessage()


def test_wheel_zooms_and_ctrl_0_fits(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    felt = window.felt
    start = felt.zoom_factor()
    felt.zoom_by(2.0)
    assert felt.zoom_factor() > start * 1.9
    window.activateWindow()
    felt.setFocus()
    qtbot.waitUntil(felt.hasFocus)
    qtbot.keyClick(felt, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert felt.zoom_factor() < start * 1.9
    assert felt.mapToScene(felt.viewport().rect()).boundingRect().contains(QtCore.QPointF(0, 0))
    assert isinstance(felt.backgroundBrush(), QtGui.QBrush)
