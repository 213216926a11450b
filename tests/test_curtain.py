"""The curtain: it covers the window on every change of seat, only "I am X" lifts it, and
while it is up no private face is painted anywhere in the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot
from table_rig import QUINCE_HAND, QUINCE_ZONE, SHOE_DRAW, take_seat, top

from cardtable.cards import CardFace
from cardtable.session import Move, on_screen
from cardtable.session.demo import demo_path
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtGui
from cardtable.ui.table.curtain import KEY_PAUSE_MS
from cardtable.ui.window.main_window import DISCARD, MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    shown = MainWindow(demo_path(), autosave_folder=tmp_path, animation_ms=0)
    shown.ask_unsaved = lambda: DISCARD  # closing at the end of a test asks nothing
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    take_the_computer(qtbot, shown)  # Dana, the GM
    return shown


def _pass_to(window: MainWindow, name: str) -> None:
    """Choose ``name`` in the Seat menu's "Pass the computer to" list."""
    window._fill_pass_menu()
    entry = next(a for a in window.pass_menu.actions() if a.text().startswith(name))
    entry.trigger()


def test_passing_the_computer_raises_the_curtain_until_that_player_confirms(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.document.session
    _pass_to(window, "Bea")
    curtain = window.curtain
    assert curtain.isVisible()
    assert curtain.geometry() == window.rect()
    assert curtain.confirm.text() == "I am Bea"
    assert session.log[-1].public == "Dana passed the computer to Bea"
    assert not window.felt.isEnabled()
    qtbot.mouseClick(curtain.confirm, Qt.MouseButton.LeftButton)
    assert not curtain.isVisible()
    assert session.curtain is None and session.current_player.name == "Bea"
    assert window.felt.isEnabled()


def test_someone_else_can_take_the_computer_from_behind_the_curtain(
    qtbot: QtBot, window: MainWindow
) -> None:
    _pass_to(window, "Bea")
    curtain = window.curtain
    curtain._fill_others()
    menu = curtain.elsewhere.menu()
    entry = next(a for a in menu.actions() if a.text() == "Pass to Chidi")
    entry.trigger()
    assert curtain.confirm.text() == "I am Chidi"
    qtbot.mouseClick(curtain.confirm, Qt.MouseButton.LeftButton)
    assert window.document.session.current_player.name == "Chidi"
    assert not curtain.isVisible()


@pytest.mark.parametrize("next_player", ["Alex", "Bea"])
def test_no_private_face_is_painted_while_the_curtain_is_up(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, next_player: str
) -> None:
    document = window.document
    session = document.session
    # Bea holds her hand and has peeked at a card she laid face down: faces only she sees.
    card = top(session, SHOE_DRAW)
    assert document.apply(Move((card,), QUINCE_ZONE, face_up=False))
    take_seat(session, "Bea")
    window.felt.card_actions.peek_at(card)
    private = {card, *session.table.piles[QUINCE_HAND].cards}
    assert private <= on_screen(session)
    assert window.hand.hand_lists()
    window.grab()  # everything painted once, with the private faces
    drawn: list[CardFace] = []
    real = card_art.face_pixmap

    def recording(face: CardFace, *args: object, **kwargs: object) -> QtGui.QPixmap:
        drawn.append(face)
        return real(face, *args, **kwargs)

    monkeypatch.setattr(card_art, "face_pixmap", recording)
    QtGui.QPixmapCache.clear()  # no card item may reuse a picture of a private face
    _pass_to(window, next_player)
    assert window.curtain.isVisible()
    assert on_screen(session).isdisjoint(private)
    image = window.grab()
    felt = window.felt.grab()
    assert not image.isNull() and not felt.isNull()
    private_faces = {session.table.cards[c].face for c in private}
    assert not private_faces & set(drawn)
    assert all(
        item.visible_face() is None and not item.peeked
        for cid, item in window.felt.items_shown().items()
        if cid in private
    )
    assert window.hand.hand_lists() == {}
    assert not window.felt.preview.isVisible()
    window.felt.show_preview(card)  # nor in the large preview
    assert not window.felt.preview.isVisible()
    assert not private_faces & set(drawn)


def test_the_next_player_carries_on_from_the_keyboard_once_the_curtain_lifts(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.document.session
    felt = window.felt  # the table, built on first use
    qtbot.waitUntil(felt.isVisible)
    felt.setFocus()
    assert window.focusWidget() is felt
    _pass_to(window, "Bea")
    assert window.focusWidget() is window.curtain  # not "I am Bea": see test_curtain_keys
    qtbot.wait(KEY_PAUSE_MS + 100)
    qtbot.keyClick(window.curtain, Qt.Key.Key_Return)  # "I am Bea", once the curtain is up
    # The felt lost the focus to the curtain, and gets it back.
    qtbot.waitUntil(lambda: window.focusWidget() is felt)
    before = len(session.table.pile(QUINCE_HAND).cards)
    qtbot.keyClick(felt, Qt.Key.Key_D)  # D draws to Bea's hand
    assert len(session.table.pile(QUINCE_HAND).cards) == before + 1
