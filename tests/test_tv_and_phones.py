"""Table > A TV and phones, and its tick on the welcome screen: the public table on the second
screen (a normal window with one, as under the offscreen platform), the phones started with
the phones dialog open, the laptop left with the GM.

The table is :mod:`phone_rig`'s: Dana, the GM, holds the computer; Bea and Alex play.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from phone_rig import phone_table, phone_window
from pytestqt.qtbot import QtBot

from cardtable.session import PassSeat
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.welcome import Started, WelcomeDialog


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path):
    shown = phone_window(qtbot, tmp_path)
    yield shown
    shown.phones.stop()
    shown.public_screen.close()


def _entry(qtbot: QtBot, window: MainWindow):
    """The Table menu's entry (put in place just after the table is first shown)."""

    def found():
        return [a for a in window.table_menu.actions() if a.objectName() == "tvAndPhonesAction"]

    qtbot.waitUntil(lambda: bool(found()), timeout=10_000)
    return found()[0]


def _phones_dialog(window: MainWindow) -> QtWidgets.QDialog | None:
    return window.findChild(QtWidgets.QDialog, "phonesDialog")


def _public_open(window: MainWindow) -> bool:
    public = window.public_screen.window
    return public is not None and public.isVisible()


def test_the_gm_opens_the_tv_and_the_phones_in_one_go_and_keeps_the_laptop(
    qtbot: QtBot, window: MainWindow
) -> None:
    take_the_computer(qtbot, window)
    entry = _entry(qtbot, window)
    assert entry.text() == "A TV and phon&es"
    entry.trigger()
    assert _public_open(window) and window.public_screen.action.isChecked()
    assert not window.public_screen.window.isFullScreen()  # one screen: a window beside
    assert window.phones.running
    dialog = _phones_dialog(window)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    # Each player's link is theirs, and the code shown is the GM's, at the laptop.
    session = window.document.session
    assert session.holder == "dana" and session.curtain is None
    assert dialog.link.text() == window.phones.url("dana")
    assert dialog.findChild(QtWidgets.QPushButton, "pass-bea") is not None
    assert dialog.findChild(QtWidgets.QPushButton, "pass-alex") is not None


def test_a_player_at_the_laptop_is_told_it_is_the_gms_and_nothing_starts(
    qtbot: QtBot, window: MainWindow
) -> None:
    take_the_computer(qtbot, window)
    document = window.document
    assert document.apply(PassSeat(document.session.state.seat_of("bea")))
    take_the_computer(qtbot, window)
    _entry(qtbot, window).trigger()
    assert window.statusBar().currentMessage() == (
        "⚠ A TV and phones: Only the GM (Dana) may turn the phones on or off."
    )
    assert not window.phones.running and not _public_open(window)
    assert _phones_dialog(window) is None


def test_behind_the_curtain_the_tv_opens_and_the_phones_wait_for_the_gm(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.document.session.curtain is not None  # it came in behind the curtain
    _entry(qtbot, window).trigger()
    assert window.public_screen.action.isChecked()
    assert not window.phones.running and _phones_dialog(window) is None
    take_the_computer(qtbot, window)  # Dana, the GM
    qtbot.waitUntil(lambda: window.phones.running and _public_open(window))
    dialog = _phones_dialog(window)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)


def test_the_welcome_screens_tick_asks_for_a_tv_and_phones(qtbot: QtBot) -> None:
    dialog = WelcomeDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.tv_and_phones.text() == "Play with a &TV and phones"
    tick = dialog.tv_and_phones
    qtbot.mouseClick(tick, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(8, tick.height() // 2))
    assert tick.isChecked()
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.demo_button, Qt.MouseButton.LeftButton)
    assert isinstance(dialog.started, Started) and dialog.started.tv_and_phones


def test_a_session_started_for_a_tv_and_phones_opens_the_tv(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    from cardtable.ui.window import setup, welcome

    started = Started(phone_table(), None, Settings(), tv_and_phones=True)
    monkeypatch.setattr(welcome, "choose_start", lambda *_a, **_k: started)
    window = setup.start_window(None)
    assert window is not None
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: DISCARD
    window.show()
    window.load_now()  # as the app does
    try:
        # Opened; on the laptop's only screen it steps aside while the curtain is up.
        assert window.public_screen.action.isChecked()
        assert window.document.session.curtain is not None and not window.phones.running
        take_the_computer(qtbot, window)  # the GM
        qtbot.waitUntil(lambda: window.phones.running and _public_open(window))
    finally:
        window.phones.stop()
        window.public_screen.close()
