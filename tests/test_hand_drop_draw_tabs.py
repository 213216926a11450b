"""Issue 18's loose ends, through the real main window and real events: a card dragged out of
a hand onto the table says it lies face down and how to turn it up; D at each seat draws from
that seat's own deck; every tab of the right dock reads whole at 1024x700 and 1280x800."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from seat_rig import table_window
from table_rig import QUINCE_HAND, take_seat

from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.hand_dock import HandList
from cardtable.ui.table.layout import OPEN_TABLE

ROLE = Qt.ItemDataRole.UserRole  # where the hand list keeps each item's card


def test_a_card_dragged_from_a_hand_onto_the_open_table_says_it_lies_face_down(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = load(demo_path())
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
