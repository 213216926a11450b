"""View > Full screen: F11 and the menu entry put the real main window on the whole screen
and back, Escape leaves it as it is, and the next start comes back full screen."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import start_placed as _start
from pytestqt.qtbot import QtBot

from cardtable.session import PassSeat
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.window.main_window import MainWindow


def _view_entry(window: MainWindow, text: str) -> QtGui.QAction:
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(view, QtWidgets.QMenu)
    return next(a for a in view.actions() if a.text().replace("&", "") == text)


def test_f11_and_the_view_menu_toggle_full_screen_and_escape_keeps_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _start(qtbot, tmp_path)
    entry = _view_entry(window, "Full screen")
    assert not window.isFullScreen() and not entry.isChecked()
    window.activateWindow()
    qtbot.keyClick(window.felt, Qt.Key.Key_F11)
    qtbot.waitUntil(window.isFullScreen)
    assert entry.isChecked()
    qtbot.keyClick(window.felt, Qt.Key.Key_Escape)
    qtbot.wait(50)
    assert window.isFullScreen() and entry.isChecked()
    qtbot.keyClick(window.felt, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not entry.isChecked()
    entry.trigger()  # View > Full screen
    qtbot.waitUntil(window.isFullScreen)
    assert entry.isChecked()


def test_a_window_left_full_screen_comes_back_full_screen(qtbot: QtBot, tmp_path: Path) -> None:
    first = _start(qtbot, tmp_path)
    _view_entry(first, "Full screen").trigger()
    qtbot.waitUntil(first.isFullScreen)
    first.close()
    second = _start(qtbot, tmp_path)
    qtbot.waitUntil(second.isFullScreen)
    assert _view_entry(second, "Full screen").isChecked()
    _view_entry(second, "Full screen").trigger()
    qtbot.waitUntil(lambda: not second.isFullScreen())
    second.close()
    third = _start(qtbot, tmp_path)
    qtbot.wait(50)
    assert not third.isFullScreen()


def test_f11_works_behind_the_curtain_and_shows_only_the_curtain(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _start(qtbot, tmp_path)
    window.document.apply(PassSeat(0))
    qtbot.waitUntil(lambda: window.curtain_lock.engaged)
    qtbot.keyClick(window.curtain.confirm, Qt.Key.Key_F11)
    qtbot.waitUntil(window.isFullScreen)
    assert window.curtain.isVisible() and window.curtain_lock.engaged
    assert not [d for d in window.findChildren(QtWidgets.QDockWidget) if d.isVisible()]
