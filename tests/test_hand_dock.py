"""The hand dock: only the current seat's hands, faces only for their holder, played by
keyboard, by dragging into the felt, and cards dragged from the felt into a hand."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from table_rig import (
    QUINCE_HAND,
    QUINCE_ZONE,
    SHOE_DRAW,
    TAROT_DRAW,
    demo_document,
    drag,
    table_view,
    take_seat,
    top,
)

from cardtable.piles import PileId
from cardtable.session import Draw, PassSeat
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.hand_dock import HandPanel, make_hand_dock
from cardtable.ui.table.layout import OPEN_TABLE


def _panel(qtbot: QtBot, document: SessionDocument) -> HandPanel:
    dock = make_hand_dock(document)
    qtbot.addWidget(dock)
    dock.resize(700, 220)
    dock.show()
    panel = dock.findChild(HandPanel)
    assert isinstance(panel, HandPanel)
    return panel


def test_the_dock_shows_the_hands_of_the_player_at_the_computer_only(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    panel = _panel(qtbot, document)
    assert panel.hand_lists() == {}  # Dana, the GM, holds no hand
    assert panel.title == "Hand"
    take_seat(session, "Bea")
    lists = panel.hand_lists()
    assert list(lists) == [QUINCE_HAND]
    hand = lists[QUINCE_HAND]
    cards = session.table.piles[QUINCE_HAND].cards
    assert hand.cards() == cards
    assert [face for _, face, _ in hand.shown] == [session.table.cards[c].face for c in cards]
    assert panel.title == "Bea's hand"
    take_seat(session, "Chidi")
    assert panel.hand_lists() == {}


def test_the_hand_is_gone_while_the_curtain_is_up(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    panel = _panel(qtbot, document)
    take_seat(session, "Bea")
    assert panel.hand_lists()
    document.apply(PassSeat(1))  # to Bea again: the curtain goes up until she confirms
    assert panel.hand_lists() == {}
    assert "Hidden until Bea" in panel.findChild(QtWidgets.QLabel, "handMessage").text()


def test_enter_plays_the_chosen_card_face_up_onto_the_open_table(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    panel = _panel(qtbot, document)
    take_seat(session, "Bea")
    hand = panel.hand_lists()[QUINCE_HAND]
    card = hand.cards()[1]
    hand.setCurrentRow(1)
    hand.item(1).setSelected(True)
    qtbot.keyClick(hand, Qt.Key.Key_Return)
    assert session.table.piles[OPEN_TABLE].cards == [card]
    assert session.table.facing[card].face_up
    assert card not in panel.hand_lists()[QUINCE_HAND].cards()


def test_shift_enter_lays_the_card_face_down_in_the_characters_zone(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    panel = _panel(qtbot, document)
    take_seat(session, "Bea")
    hand = panel.hand_lists()[QUINCE_HAND]
    card = hand.cards()[0]
    hand.setCurrentRow(0)
    qtbot.keyClick(hand, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert session.table.piles[QUINCE_ZONE].cards == [card]
    assert not session.table.facing[card].face_up
    assert session.log[-1].public.startswith("Bea moved a card face down")


def test_cards_dragged_from_the_hand_land_where_they_are_dropped_on_the_felt(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    session = document.session
    take_seat(session, "Bea")
    view = table_view(qtbot, document)
    panel = _panel(qtbot, document)
    hand = panel.hand_lists()[QUINCE_HAND]
    cards = hand.cards()[:2]
    data = hand.mimeData([hand.item(0), hand.item(1)])
    assert bytes(data.data("application/x-cardtable-cards").data()).decode().split() == cards
    zone = view.zone("challenge")
    where = view.mapFromScene(zone.sceneBoundingRect().center())
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    move = Qt.DropAction.MoveAction
    # The events a drag from the dock delivers: enter, move over the felt, drop.
    enter = QtGui.QDragEnterEvent(where, move, data, left, none)
    QtWidgets.QApplication.sendEvent(view.viewport(), enter)
    assert enter.isAccepted()
    over = QtGui.QDragMoveEvent(where, move, data, left, none)
    QtWidgets.QApplication.sendEvent(view.viewport(), over)
    assert view.zone("challenge").is_lit()
    drop = QtGui.QDropEvent(QtCore.QPointF(where), move, data, left, none)
    QtWidgets.QApplication.sendEvent(view.viewport(), drop)
    assert not view.zone("challenge").is_lit()
    assert session.table.piles[PileId("challenge")].cards == cards
    QtCore.QCoreApplication.processEvents()  # the hand follows once the felt has shown it
    assert hand.cards() == session.table.piles[QUINCE_HAND].cards
    assert len(hand.cards()) == 3


def test_a_felt_card_released_over_a_hand_goes_into_that_hand(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    take_seat(session, "Bea")
    view = table_view(qtbot, document)
    panel = _panel(qtbot, document)
    view.add_drop_target(panel.hand_at)
    hand = panel.hand_lists()[QUINCE_HAND]
    card = top(session, SHOE_DRAW)
    # Where the hand row is, in the felt's scene coordinates (off the felt's own viewport).
    over_hand = hand.mapToGlobal(hand.rect().center())
    target = view.mapToScene(view.viewport().mapFromGlobal(over_hand))
    drag(qtbot, view, view.item(card).scenePos(), target)
    assert session.table.piles[QUINCE_HAND].cards[-1] == card
    assert hand.cards()[-1] == card


def test_faces_in_the_dock_follow_privacy(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    take_seat(session, "Bea")
    panel = _panel(qtbot, document)
    hand = panel.hand_lists()[QUINCE_HAND]
    assert all(face is not None for _, face, _ in hand.shown)
    assert hand.item(0).toolTip() != "Face-down card"
    # A tarot card dealt into Bea's hand face down is still hers to see.
    assert document.apply(Draw(TAROT_DRAW, QUINCE_HAND))
    assert panel.hand_lists()[QUINCE_HAND].shown[-1][1] is not None


def test_a_card_drawn_into_a_long_hand_is_scrolled_into_sight(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    panel = _panel(qtbot, document)
    take_seat(session, "Bea")
    for _ in range(12):  # far more cards than the 700-pixel dock shows
        assert document.apply(Draw(SHOE_DRAW, QUINCE_HAND))
    hand = panel.hand_lists()[QUINCE_HAND]
    qtbot.waitUntil(lambda: hand.viewport().width() > 300)  # laid out in the dock
    assert document.apply(Draw(SHOE_DRAW, QUINCE_HAND))
    newest = hand.visualItemRect(hand.item(hand.count() - 1))
    assert hand.horizontalScrollBar().value() > 0
    assert newest.left() >= 0 and newest.right() <= hand.viewport().width()


def test_a_move_on_the_table_asks_the_hand_about_its_own_cards_only(
    qtbot: QtBot, monkeypatch
) -> None:
    """The dock is told of every change to the table; on a table of thousands of cards it
    must not look at all of them each time (a drop at 2,000 cards paid ~4 ms for it)."""
    import cardtable.session.visibility as visibility

    document = demo_document()
    session = document.session
    take_seat(session, "Bea")
    panel = _panel(qtbot, document)
    asked: list[str] = []
    real = visibility.audience_in

    def counting(state, card, pile):
        asked.append(card)
        return real(state, card, pile)

    monkeypatch.setattr(visibility, "audience_in", counting)
    assert document.apply(Draw(SHOE_DRAW, QUINCE_ZONE))
    asked.clear()
    panel.refresh()
    hand = session.table.piles[QUINCE_HAND].cards
    assert sorted(asked) == sorted(hand)
    assert [face for _, face, _ in panel.hand_lists()[QUINCE_HAND].shown] == [
        session.table.cards[c].face for c in hand
    ]
