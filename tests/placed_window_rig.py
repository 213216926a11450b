"""A real main window on the demo whose place (geometry, docks) is kept in an INI file under
the test's folder, as the app keeps it in its QSettings."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import QtCore
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.placement import WindowPlace
from cardtable.ui.window.setup import WindowSetup


def place_store(tmp_path: Path) -> QtCore.QSettings:
    return QtCore.QSettings(str(tmp_path / "window.ini"), QtCore.QSettings.Format.IniFormat)


def start_placed(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The window shown, its session and panels built."""
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(
        window, Settings(), store=lambda s, folder: None, place=WindowPlace(place_store(tmp_path))
    )
    window.show()
    qtbot.waitExposed(window)
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    return window
