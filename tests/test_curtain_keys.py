"""Only a deliberate act lifts the curtain: no key the player who passed the computer was
still pressing (Enter twice, a shortcut then Enter, Enter held down) lifts it, a click or a
key pressed once the curtain has been up a moment does, and no window of the app (the
phones dialog that passed the computer) stays above it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from curtain_rig import only_the_curtain, open_window, other_windows, take_the_computer
from pytestqt.qtbot import QtBot
from screen_privacy import check_screen

from cardtable.session.demo import demo_path
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.curtain import KEY_PAUSE_MS
from cardtable.ui.window.main_window import MainWindow

#: Card names the demo's panels show as words of its sheets and hints, not as cards dealt.
DEMO_WORDS = ("Triumph XIV", "Soldier of Paper", "Sage of Serpent")
#: How soon a player who passed with Enter presses it again, by habit.
AGAIN_MS = 60


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The demo as the app opens it, Dana (the GM) at the computer, the felt with the keys."""
    copy = tmp_path / "demo.cardtable"
    shutil.copyfile(demo_path(), copy)
    shown = open_window(qtbot, copy)
    take_the_computer(qtbot, shown)
    shown.activateWindow()
    qtbot.waitActive(shown)
    shown.felt.setFocus()  # the keys play the table
    return shown


def _again(qtbot: QtBot, window: MainWindow, key: Qt.Key = Qt.Key.Key_Return) -> None:
    """``key`` pressed once more, wherever the keyboard focus of ``window`` is now (the test
    platform may not give the window back its activation once a menu closes)."""
    qtbot.wait(AGAIN_MS)
    focus = QtWidgets.QApplication.focusWidget() or window.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, key)


def _still_up_for(window: MainWindow, name: str) -> None:
    session = window.document.session
    assert session.curtain is not None and session.state.player(session.curtain).name == name
    assert window.curtain.isVisible()
    only_the_curtain(window)
    check_screen(window, static=DEMO_WORDS)


def test_enter_twice_passes_the_computer_and_lifts_nothing(
    qtbot: QtBot, window: MainWindow
) -> None:
    menu = window.pass_menu  # Seat > Pass the computer to
    menu.popup(window.mapToGlobal(QtCore.QPoint(200, 120)))
    qtbot.waitUntil(menu.isVisible)
    menu.setActiveAction(next(a for a in menu.actions() if a.text().startswith("Bea")))
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert window.document.session.curtain == "bea"
    _again(qtbot, window)
    _still_up_for(window, "Bea")
    _again(qtbot, window, Qt.Key.Key_Space)
    _still_up_for(window, "Bea")


def test_the_pass_shortcut_then_enter_lifts_nothing(qtbot: QtBot, window: MainWindow) -> None:
    modifiers = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.felt, Qt.Key.Key_P, modifiers)  # Pass to the next player
    assert window.document.session.curtain == "alex"
    _again(qtbot, window)
    _still_up_for(window, "Alex")


def test_enter_held_down_lifts_nothing_and_enter_pressed_after_a_moment_does(
    qtbot: QtBot, window: MainWindow
) -> None:
    qtbot.keyClick(
        window.felt,
        Qt.Key.Key_P,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    curtain = window.curtain
    assert curtain.how.text() == (
        "Click “I am Alex”, or press Enter once the curtain has been up a second: no key "
        "pressed before the computer changed hands lifts it."
    )
    assert curtain.how.isVisible() and curtain.how.text() in curtain.accessibleDescription()
    qtbot.wait(KEY_PAUSE_MS + 100)
    focus = QtWidgets.QApplication.focusWidget()
    assert focus is curtain
    held = QtGui.QKeyEvent(
        QtCore.QEvent.Type.KeyPress,
        Qt.Key.Key_Return,
        Qt.KeyboardModifier.NoModifier,
        "\r",
        True,  # a repeat of the Enter pressed before the curtain rose
    )
    QtWidgets.QApplication.sendEvent(focus, held)
    _still_up_for(window, "Alex")
    qtbot.keyClick(focus, Qt.Key.Key_Return)  # pressed anew, by Alex
    assert window.document.session.curtain is None
    assert window.document.session.current_player.name == "Alex"


def test_a_key_on_i_am_reached_with_tab_waits_for_the_pause_too(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.pass_to_next()
    curtain = window.curtain
    qtbot.keyClick(curtain, Qt.Key.Key_Tab)
    assert QtWidgets.QApplication.focusWidget() is curtain.confirm
    qtbot.keyClick(curtain.confirm, Qt.Key.Key_Space)
    qtbot.keyClick(curtain.confirm, Qt.Key.Key_Return)
    _still_up_for(window, "Alex")
    qtbot.wait(KEY_PAUSE_MS + 100)
    qtbot.keyClick(curtain.confirm, Qt.Key.Key_Space)
    assert window.document.session.curtain is None


def test_the_phones_dialog_passing_the_computer_goes_out_of_the_way_until_it_lifts(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.phones  # noqa: B018  (Table > Play with phones…, in place)
    action = next(a for a in window.table_menu.actions() if a.objectName() == "phonesAction")
    action.trigger()
    dialog = window.findChild(QtWidgets.QDialog, "phonesDialog")
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    pass_bea = dialog.findChild(QtWidgets.QPushButton, "pass-bea")
    assert pass_bea is not None and pass_bea.text() == "Pass the computer to Bea"
    qtbot.mouseClick(pass_bea, Qt.MouseButton.LeftButton)
    assert window.document.session.curtain == "bea"
    assert not dialog.isVisible()
    _still_up_for(window, "Bea")
    _again(qtbot, window)  # the GM's Enter, by habit, lands on the curtain and lifts nothing
    _still_up_for(window, "Bea")
    take_the_computer(qtbot, window)  # Bea
    qtbot.waitUntil(dialog.isVisible)  # back, for Bea now: she may pass it on
    assert dialog.findChild(QtWidgets.QPushButton, "pass-bea") is None
    assert dialog.findChild(QtWidgets.QPushButton, "pass-dana") is not None
    assert other_windows(window) == [f"PhonesDialog phonesDialog {dialog.windowTitle()}"]
    window.phones.stop()
