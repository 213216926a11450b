"""Where a guided round is offered: Help > Show me a round of …, and the welcome screen,
one entry for each guide the registry lists; a round started from the welcome screen comes
up once the window is shown."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from guide_rig import LEFT, group_window
from pytestqt.qtbot import QtBot

from cardtable.settings import Settings
from cardtable.ui.guides.menu import running_round
from cardtable.ui.guides.registry import titles
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.window.main_window import DISCARD
from cardtable.ui.window.welcome import ChoiceKind, Started, WelcomeDialog


def entry_texts(menu: QtWidgets.QMenu) -> list[str]:
    return [action.text() for action in menu.actions() if not action.isSeparator()]


def written() -> list[str]:
    return [f"{title[:1].upper()}{title[1:]}" for _key, title in titles()]


def test_the_help_menu_offers_a_round_of_each_guide_written(qtbot, tmp_path):
    window, _group, _stored = group_window(qtbot, tmp_path)
    help_menu = next(
        a.menu() for a in window.menuBar().actions() if a.text() == "&Help" and a.menu()
    )
    rounds = next(a.menu() for a in help_menu.actions() if a.text() == "&Show me a round of")
    assert entry_texts(rounds) == written()
    assert written()[0] == "The tarot Challenge"
    tarot = rounds.actions()[0]
    assert "your session waits as it is" in tarot.toolTip()
    tarot.trigger()
    walk = running_round(window)
    assert walk is not None and walk.guide.key == "tarot"
    assert window.document.lent


def choose_in_popup(qtbot: QtBot, text: str) -> None:
    """Once a popup menu is up, pick its entry ``text`` with the keyboard."""

    def choose() -> None:
        menu = QtWidgets.QApplication.activePopupWidget()
        assert isinstance(menu, QtWidgets.QMenu)
        menu.setActiveAction(next(a for a in menu.actions() if a.text() == text))
        qtbot.keyClick(menu, Qt.Key.Key_Return)

    QtCore.QTimer.singleShot(300, choose)


def test_the_welcome_screen_starts_a_round(qtbot):
    dialog = WelcomeDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.guide_button.isVisible()
    assert entry_texts(dialog.guide_menu) == written()
    choose_in_popup(qtbot, "The tarot Challenge")
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.guide_button, LEFT)
    assert dialog.choice.kind is ChoiceKind.GUIDE and dialog.choice.guide == "tarot"
    started = dialog.started
    assert isinstance(started, Started) and started.guide == "tarot"
    assert started.path is None and not started.session.players  # an empty table waits


def test_a_round_chosen_on_the_welcome_screen_comes_up_with_the_window(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    from cardtable.randomness import seeded
    from cardtable.session import Session
    from cardtable.ui.window import setup, welcome

    started = Started(Session(rng=seeded(1)), None, Settings(), guide="tarot")
    monkeypatch.setattr(welcome, "choose_start", lambda *_a, **_k: started)
    window = setup.start_window(None)
    assert window is not None
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: DISCARD
    window.show()
    window.load_now()
    qtbot.waitUntil(lambda: running_round(window) is not None, timeout=10_000)
    walk = running_round(window)
    assert walk is not None and walk.card.isVisible()
    assert walk.step.title == "The GM takes the computer"
    qtbot.mouseClick(walk.card.leave, LEFT)
    assert window.document.session is started.session
    assert window.windowTitle().startswith("Untitled session")


def test_no_round_starts_while_phones_hold_the_groups_seats(qtbot, tmp_path):
    window, _group, _stored = group_window(qtbot, tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    window.phones.start("127.0.0.1", port)
    try:
        help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
        rounds = next(a.menu() for a in help_menu.actions() if a.menu() is not None)
        rounds.actions()[0].trigger()
        assert running_round(window) is None and not window.document.lent
        assert window.statusBar().currentMessage() == (
            "⚠ Turn the phones off first (Table > Play with phones…): a guided round is "
            "played at this screen alone, and the phones keep the group's seats."
        )
        assert window.phones.running
    finally:
        window.phones.stop()
    rounds.actions()[0].trigger()  # phones off: the round starts
    assert running_round(window) is not None
