"""Issue 18's loose ends, through the real main window and real events: a card dragged out of
a hand onto the table says it lies face down and how to turn it up; D at each seat draws from
that seat's own deck; every tab of the right dock reads whole at 1024x700 and 1280x800."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from seat_rig import table_window
from table_rig import QUINCE_HAND, TAROT_DRAW, take_seat

from cardtable.randomness import seeded
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.hand_dock import HandList
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.window.main_window import MainWindow

ROLE = Qt.ItemDataRole.UserRole  # where the hand list keeps each item's card


def focus_felt(qtbot: QtBot, window: MainWindow) -> None:
    """The felt shown and holding the keyboard, as a click on it leaves it."""
    felt = window.felt
    qtbot.waitUntil(lambda: felt.isVisible() and felt.viewport().width() > 400)
    window.activateWindow()
    felt.setFocus()
    qtbot.waitUntil(felt.hasFocus)


def test_a_card_dragged_from_a_hand_onto_the_open_table_says_it_lies_face_down(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = load(demo_path(), rng=seeded(1))
    take_seat(session, "Bea")
    window = table_window(qtbot, tmp_path, session)
    session = window.document.session
    felt = window.felt
    card = session.table.piles[QUINCE_HAND].cards[0]
    assert not session.table.facing[card].face_up  # held face down, seen by Bea alone
    # What the hand dock's drag carries (the list's own mimeData), let go over the open table.
    hand = window.hand_dock.findChild(HandList)
    assert hand is not None
    held = next(hand.item(i) for i in range(hand.count()) if hand.item(i).data(ROLE) == card)
    data = hand.mimeData([held])
    zone = felt.layout_now.zone(OPEN_TABLE)
    where = felt.mapFromScene(QtCore.QPointF(zone.x + 300, zone.y + 200))
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    move = Qt.DropAction.MoveAction
    for event in (
        QtGui.QDragEnterEvent(where, move, data, left, none),
        QtGui.QDragMoveEvent(where, move, data, left, none),
        QtGui.QDropEvent(QtCore.QPointF(where), move, data, left, none),
    ):
        QtWidgets.QApplication.sendEvent(felt.viewport(), event)
    assert session.table.piles[OPEN_TABLE].cards == [card]
    assert not session.table.facing[card].face_up  # no face shown without the reveal question
    assert window.statusBar().currentMessage() == (
        "Laid the card face down on the open table: F flips it face up."
    )


def test_d_at_a_fantastical_adventure_seat_draws_a_playing_card_never_a_tarot_card(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # A tarot deck and a shoe of playing cards, the tarot first.
    session = load(demo_path(), rng=seeded(1))
    take_seat(session, "Bea")  # Bea's hand is her adventurer Bartholomew Quince's
    window = table_window(qtbot, tmp_path, session)
    session = window.document.session
    felt = window.felt
    before = list(session.table.piles[QUINCE_HAND].cards)
    focus_felt(qtbot, window)
    qtbot.keyClick(felt, Qt.Key.Key_D)
    drawn = [c for c in session.table.piles[QUINCE_HAND].cards if c not in before]
    assert len(drawn) == 1 and drawn[0].startswith("shoe/")
    assert session.table.card(drawn[0]).deck == "shoe"


def test_d_with_the_tarot_pile_chosen_at_an_adventure_seat_says_why_and_draws_nothing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = load(demo_path(), rng=seeded(1))
    take_seat(session, "Bea")
    window = table_window(qtbot, tmp_path, session)
    session = window.document.session
    felt = window.felt
    before = list(session.table.piles[QUINCE_HAND].cards)
    qtbot.waitUntil(lambda: felt.isVisible() and felt.viewport().width() > 400)
    tarot = felt.zone(str(TAROT_DRAW))
    assert tarot is not None
    qtbot.mouseClick(felt.viewport(), Qt.MouseButton.LeftButton,
                     pos=felt.mapFromScene(tarot.sceneBoundingRect().center()))
    focus_felt(qtbot, window)
    qtbot.keyClick(felt, Qt.Key.Key_D)
    assert session.table.piles[QUINCE_HAND].cards == before
    assert window.statusBar().currentMessage() == (
        "⚠ Bartholomew Quince's hand takes playing cards, not The Tourist's Tarot: "
        "draw from a pile of playing cards."
    )


def test_the_hand_decks_examples_hold() -> None:
    import doctest

    from cardtable.session import hand_decks

    result = doctest.testmod(hand_decks)
    assert result.attempted == 6 and result.failed == 0


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_every_tab_of_the_panels_column_shows_its_whole_title(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    window = table_window(qtbot, tmp_path, load(demo_path(), rng=seeded(1)))
    window.resize(*size)
    qtbot.waitUntil(lambda: window.width() == size[0])

    def panels_bar() -> QtWidgets.QTabBar | None:
        """The visible row of tabs of the panels' column (the one with a Conflict tab)."""
        return next((b for b in window.findChildren(QtWidgets.QTabBar)
                     if b.parent() is window and b.isVisible()
                     and "Conflict" in [b.tabText(i) for i in range(b.count())]), None)

    qtbot.waitUntil(lambda: panels_bar() is not None)
    panels = panels_bar()
    assert panels is not None
    titles = [panels.tabText(i) for i in range(panels.count())]
    assert titles == ["Dice", "Tarot", "Conflict", "Pool", "Banzai", "Tokens", "Sheet", "Play",
                      "Notes"]
    assert panels.elideMode() == Qt.TextElideMode.ElideNone  # never "D…", "Ta…", "Co…"
    assert panels.usesScrollButtons()
    # Each tab is as wide as its whole title asks, none squeezed into an ellipsis; the row
    # scrolls instead, and the tab chosen is always in sight.
    for index in range(panels.count()):
        assert panels.tabRect(index).width() >= panels.tabSizeHint(index).width(), titles[index]
    conflict = titles.index("Conflict")
    window.setup.docks["conflict"].raise_()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: panels.currentIndex() == conflict)
    assert panels.rect().contains(panels.tabRect(conflict))
