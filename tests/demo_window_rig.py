"""The real main window on the demo (every system's panels), for the window tests.

Import as ``from demo_window_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import QtCore
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.placement import WindowPlace
from cardtable.ui.window.setup import WindowSetup

T = TypeVar("T", bound=QtCore.QObject)


def place_store(tmp_path: Path) -> QtCore.QSettings:
    """Where :func:`start_placed` keeps the window's place: an INI file under ``tmp_path``."""
    return QtCore.QSettings(str(tmp_path / "window.ini"), QtCore.QSettings.Format.IniFormat)


def demo_window(
    qtbot: QtBot,
    tmp_path: Path,
    *,
    place: WindowPlace | None = None,
    size: QtCore.QSize | None = None,
    lift: bool = True,
) -> MainWindow:
    """The window shown (``size`` if given), its session and panels built, and the curtain
    it came in behind lifted (still up with ``lift=False``)."""
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, folder: None, place=place)
    if size is not None:
        window.resize(size)
    window.show()
    qtbot.waitExposed(window)
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    if lift:
        take_the_computer(qtbot, window)  # the session came in behind the curtain: Dana, the GM
    return window


def start_placed(qtbot: QtBot, tmp_path: Path, *, lift: bool = True) -> MainWindow:
    """:func:`demo_window` whose place (geometry, docks) is kept in :func:`place_store`, as
    the app keeps it in its QSettings."""
    return demo_window(qtbot, tmp_path, place=WindowPlace(place_store(tmp_path)), lift=lift)


def shown_panel(qtbot: QtBot, window: MainWindow, dock: str, kind: type[T]) -> T:
    """The panel of class ``kind`` in the window's dock ``dock`` ("banzai", "conflict"...),
    its dock shown and brought to the front."""
    found = window.setup.docks[dock]
    found.show()
    found.raise_()
    panel = found.findChild(kind)
    assert panel is not None
    qtbot.waitUntil(panel.isVisible)
    return panel
