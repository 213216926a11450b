"""A Joker traded for three cards from the hand dock's context menu, with a real right-click.

From ``rules/fantastical-adventure.md``: a Joker may be discarded at any time to draw three
cards.
"""

from __future__ import annotations

from adventure_table_rig import BART, ISOLDE, cast_session, codes, give, stack, take_seat

from cardtable.piles import PileId
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.hand_menu import TRADE_TEXT, add_hand_actions
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.hand_dock import HandPanel


def right_click_menu(qtbot, hand, row: int) -> list[str]:
    """Right-click card ``row`` of ``hand``; returns the menu's entries and triggers the trade
    entry when there is one."""
    seen: list[str] = []

    def choose() -> None:
        menu = QtWidgets.QApplication.activePopupWidget()
        assert isinstance(menu, QtWidgets.QMenu)
        seen.extend(a.text() for a in menu.actions())
        trade = next((a for a in menu.actions() if a.text() == TRADE_TEXT), None)
        menu.close()
        if trade is not None:
            trade.trigger()

    QtCore.QTimer.singleShot(50, choose)
    # What a right-click on the card sends (QTest's clicks make no context-menu event).
    centre = hand.visualItemRect(hand.item(row)).center()
    event = QtGui.QContextMenuEvent(QtGui.QContextMenuEvent.Reason.Mouse, centre,
                                    hand.viewport().mapToGlobal(centre))
    QtWidgets.QApplication.sendEvent(hand.viewport(), event)
    qtbot.waitUntil(lambda: bool(seen))
    return seen


def test_a_joker_is_traded_for_three_cards_from_the_hand_menu(qtbot):
    session = cast_session()
    give(session, BART, ["JOKER", "5C"])
    give(session, ISOLDE, ["JOKER", "7H", "8H"])
    stack(session, ["2D", "3D", "4D"])
    take_seat(session, "bea")
    document = SessionDocument(session)
    panel = HandPanel(document, menu_extras=(add_hand_actions,))
    qtbot.addWidget(panel)
    panel.resize(900, 260)
    panel.show()
    qtbot.waitExposed(panel)
    hand = panel.hand_lists()[PileId(f"hand/{BART}")]
    assert list(panel.hand_lists()) == [PileId(f"hand/{BART}")]  # only Bea's own hand
    entries = right_click_menu(qtbot, hand, 1)  # the 5 of Clubs: no trade offered
    assert TRADE_TEXT not in entries
    entries = right_click_menu(qtbot, hand, 0)
    assert TRADE_TEXT in entries
    assert codes(session, BART) == ["2D", "3D", "4D", "5C"]
    log = [e.public for e in list(session.log)[-2:]]
    assert log == ["Bartholomew Quince discarded a Joker to draw three cards",
                   "Bartholomew Quince drew 3 cards for the Joker"]
    discard = session.table.pile(PileId("shoe/discard")).cards
    assert session.table.card(discard[-1]).face.is_joker  # type: ignore[union-attr]
