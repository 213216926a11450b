"""Helpers for the curtain's tests: the player it waits for takes the computer, and the check
that the window shows the curtain and nothing else.

Import as ``from curtain_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup


def open_window(qtbot: QtBot, path: Path | None, **options: object) -> MainWindow:
    """The main window as the app opens ``path``, panels and log and all, the curtain (if
    any) still up; ``options`` go to :class:`MainWindow` (autosaves beside ``path``)."""
    options.setdefault("autosave_folder", path.parent / "autosave" if path else None)
    window = MainWindow(path, animation_ms=0, **options)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    setup = WindowSetup(window, Settings(), store=lambda settings, folder: None)
    window.show()
    qtbot.waitExposed(window)
    window.setup = setup
    qtbot.waitUntil(lambda: bool(setup.docks), timeout=10_000)
    return window


def take_the_computer(qtbot: QtBot, window: MainWindow) -> None:
    """The player the curtain waits for clicks "I am ..." (a session comes in behind the
    curtain, for whoever held the computer when it was saved); nothing when none is up (an
    empty table)."""
    curtain = window.curtain
    if curtain.waiting_for() is None:
        return
    if curtain.confirm.isVisible():
        qtbot.mouseClick(curtain.confirm, Qt.MouseButton.LeftButton)
    else:  # a window not shown yet: the same button, pressed
        curtain.confirm.click()
    assert window.document.session.curtain is None


def other_windows(window: MainWindow) -> list[str]:
    """The app's windows in sight other than ``window`` (dialogs, tool windows, menus)."""
    return [
        f"{type(widget).__name__} {widget.objectName()} {widget.windowTitle()}".strip()
        for widget in QtWidgets.QApplication.topLevelWidgets()
        if widget.isVisible() and widget is not window and not isinstance(widget, MainWindow)
    ]


def only_the_curtain(window: MainWindow) -> None:
    """The whole window, grabbed, is the curtain alone, pixel for pixel, no window of the app
    stands above it, and its "I am X" button is the widget under its own centre (nothing
    covers it) and takes a click."""
    QtWidgets.QApplication.processEvents()  # anything queued (a panel shown later) lands
    whole = window.grab().toImage()
    curtain = window.curtain.grab().toImage()
    assert not whole.isNull()
    assert whole.deviceIndependentSize().toSize() == window.size()
    assert whole == curtain
    confirm = window.curtain.confirm
    assert confirm.isVisible() and confirm.isEnabled()
    centre = confirm.mapTo(window, confirm.rect().center())
    assert window.childAt(centre) is confirm
    assert not [d for d in window.findChildren(QtWidgets.QDockWidget) if d.isVisible()]
    others = other_windows(window)
    assert others == [], others
