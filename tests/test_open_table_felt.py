"""A real open table on the felt: a card stays where it was let go, cards dropped on a card
stack up, G / N / W and "Lay out as spread" arrange them, rows and hands take a card where it
was dropped, and zones keep their places when a tarot Challenge starts. Real mouse and keys."""

from __future__ import annotations

import itertools
from pathlib import Path

from pytestqt.qtbot import QtBot
from table_rig import (
    CHALLENGE,
    QUINCE_HAND,
    SHOE_DRAW,
    TAROT_DRAW,
    demo_document,
    drag,
    table_view,
    take_seat,
    top,
)

from cardtable.cards import CardId
from cardtable.piles import PileId, Spot
from cardtable.resolvers.tarot.challenge import Attribute
from cardtable.session import CharacterId, Draw, Move, load, save
from cardtable.session.arranging import Place
from cardtable.session.reveals import cards_revealed
from cardtable.session.spreads import FAN_STEP, STACK_STEP
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.hand_dock import HandPanel, make_hand_dock
from cardtable.ui.table.layout import CARD_W, GRID, OPEN_TABLE

OTTILIE = CharacterId("ottilie-marchbank")


def _open_table_cards(view, count: int) -> list[CardId]:
    """``count`` tarot cards drawn face up onto the open table (laid in its row)."""
    for _ in range(count):
        assert view.card_actions.draw_card(TAROT_DRAW, OPEN_TABLE, face_up=True)
    return list(view.document.session.table.piles[OPEN_TABLE].cards)


def _focus(qtbot: QtBot, view) -> None:
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)


def test_a_card_dropped_on_the_open_table_stays_where_it_was_let_go(
    qtbot: QtBot, tmp_path: Path
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    [card] = _open_table_cards(view, 1)
    zone = view.layout_now.zone(OPEN_TABLE)
    target = QtCore.QPointF(zone.x + zone.width * 0.55 + 3, zone.y + zone.height * 0.6 - 4)
    drag(qtbot, view, view.item(card).scenePos(), target)
    landed = view.item(card).scenePos()
    assert abs(landed.x() - target.x()) <= GRID and abs(landed.y() - target.y()) <= GRID
    spot = session.table.piles[OPEN_TABLE].spots[card]
    assert (spot.x % GRID, spot.y % GRID) == (0, 0)
    assert session.log[-1].public.startswith("Dana moved ")
    assert session.log[-1].public.endswith(" on the open table")
    # Saved and opened again, it lies where it was put.
    save(session, tmp_path / "table.cardtable")
    again = SessionDocument(load(tmp_path / "table.cardtable"))
    fresh = table_view(qtbot, again)
    assert fresh.item(card).scenePos() == landed
    # Undo puts it back in the row; redo where it was let go.
    before = QtCore.QPointF(view.item(card).scenePos())
    assert document.undo()
    assert (
        view.item(card).scenePos() != before and card not in session.table.piles[OPEN_TABLE].spots
    )
    assert document.redo()
    assert view.item(card).scenePos() == landed


def test_a_card_nudged_on_the_open_table_moves_and_does_not_stack_on_itself(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    [card] = _open_table_cards(view, 1)
    zone = view.layout_now.zone(OPEN_TABLE)
    middle = QtCore.QPointF(zone.x + zone.width / 2, zone.y + zone.height / 2)
    drag(qtbot, view, view.item(card).scenePos(), middle)
    was = view.item(card).scenePos()
    nudge = QtCore.QPointF(2 * GRID, 3 * GRID)  # well within reach of where it lay
    drag(qtbot, view, was, was + nudge)
    assert view.item(card).scenePos() == was + nudge


def test_cards_dropped_on_a_card_stack_up_and_w_spreads_the_stack_again(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    first, second, third = _open_table_cards(view, 3)
    zone = view.layout_now.zone(OPEN_TABLE)
    middle = QtCore.QPointF(zone.x + zone.width / 2, zone.y + zone.height / 2)
    drag(qtbot, view, view.item(first).scenePos(), middle)
    base = view.item(first).scenePos()
    drag(qtbot, view, view.item(second).scenePos(), base + QtCore.QPointF(15, -12))
    drag(qtbot, view, view.item(third).scenePos(), base + QtCore.QPointF(-10, 20))
    pile = session.table.piles[OPEN_TABLE]
    assert pile.cards[-3:] == [first, second, third]
    step = QtCore.QPointF(STACK_STEP, STACK_STEP)
    assert view.item(second).scenePos() == base + step
    assert view.item(third).scenePos() == base + step * 2
    # A click on the stack's top card, then W: the whole stack laid out in a row.
    _focus(qtbot, view)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(base + step * 2)
    )
    assert view.selected_cards() == [third]
    assert view.open_table.row.isEnabled(), view.open_table.row.toolTip()
    qtbot.keyClick(view, Qt.Key.Key_W)
    xs = [view.item(c).scenePos().x() for c in (first, second, third)]
    assert xs == sorted(xs) and min(b - a for a, b in itertools.pairwise(xs)) > CARD_W
    assert session.log[-1].public.endswith(" out in a row on the open table")
    # The three stay chosen: G gathers them into one stack again, one undo step.
    assert view.selected_cards() == [first, second, third]
    qtbot.keyClick(view, Qt.Key.Key_G)
    spots = [session.table.piles[OPEN_TABLE].spots[c] for c in (first, second, third)]
    assert [(s.x - spots[0].x, s.y - spots[0].y) for s in spots] == [
        (0, 0),
        (STACK_STEP, STACK_STEP),
        (2 * STACK_STEP, 2 * STACK_STEP),
    ]
    assert session.log[-1].public.startswith("Dana stacked ")
    assert document.undo()
    assert [view.item(c).scenePos().x() for c in (first, second, third)] == xs


def test_chosen_cards_are_laid_out_as_a_named_spread(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _open_table_cards(view, 3)
    view.card_actions.turn_cards([c for c in cards if not session.table.facing[c].reversed])
    _focus(qtbot, view)
    view.scene().clearSelection()
    for card in cards:
        qtbot.mouseClick(
            view.viewport(),
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.ControlModifier,
            view.mapFromScene(view.item(card).scenePos()),
        )
    assert view.selected_cards() == cards
    three, celtic = view.open_table.spread_actions[2], view.open_table.spread_actions[3]
    # The spreads' menu, as it opens, greys out what three cards cannot make.
    menu = view.open_table.spreads_menu
    menu.popup(view.mapToGlobal(QtCore.QPoint(10, 10)))
    qtbot.waitUntil(menu.isVisible)
    assert three.isEnabled()
    assert not celtic.isEnabled() and celtic.toolTip() == "The Celtic Cross lays 10 cards, not 3."
    menu.close()
    three.trigger()
    entry = session.log[-1].public
    assert entry.endswith(" out as three cards (past, present, future) on the open table")
    ys = {view.item(c).scenePos().y() for c in cards}
    assert len(ys) == 1
    assert all(session.table.facing[c].reversed for c in cards)


def test_a_card_dropped_in_a_tarot_challenge_row_goes_in_where_it_was_dropped(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    assert document.apply(tarot_steps.begin(OTTILIE, Attribute.ROCK, 3))
    row = PileId("tarot/challenge")
    laid = list(session.table.piles[row].cards)
    assert len(laid) >= 2
    card = top(session, TAROT_DRAW)
    between = (view.item(laid[0]).scenePos() + view.item(laid[1]).scenePos()) / 2
    drag(qtbot, view, view.item(card).scenePos(), between)
    assert session.table.piles[row].cards == [laid[0], card, *laid[1:]]


def test_no_zone_moves_when_a_tarot_challenge_starts(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    before = {z.pile_id: z.sceneBoundingRect() for z in view._zones.values()}
    kept = view.zone("sleeve/ottilie-marchbank")
    assert kept is not None and kept.spec.reserved  # its place is there, empty and faint
    assert kept not in view.zones()  # and the keyboard passes it over
    assert document.apply(tarot_steps.begin(OTTILIE, Attribute.ROCK, 3))
    assert PileId("sleeve/ottilie-marchbank") in session.table.piles
    after = {z.pile_id: z.sceneBoundingRect() for z in view._zones.values()}
    assert after == before
    assert not view.zone("sleeve/ottilie-marchbank").spec.reserved
    assert view.zone("tarot/challenge") in view.zones()


def test_reserved_places_are_painted_with_the_felt_and_go_when_their_pile_comes(
    qtbot: QtBot, monkeypatch
) -> None:
    """A reserved place is drawn once with the felt's cached background, not as an item Qt
    composites again under every frame of a dragged card; when its pile arrives, the felt
    is drawn again without it."""
    import cardtable.ui.table.view as view_module

    painted: list[str] = []
    real = view_module.paint_reserved

    def recording(painter, spec):
        painted.append(str(spec.pile))
        real(painter, spec)

    monkeypatch.setattr(view_module, "paint_reserved", recording)
    document = demo_document()
    view = table_view(qtbot, document)
    sleeve = "sleeve/ottilie-marchbank"
    item = view.zone(sleeve)
    assert item is not None and item.spec.reserved
    flags = QtWidgets.QGraphicsItem.GraphicsItemFlag
    assert item.flags() & flags.ItemHasNoContents
    view.centerOn(item.sceneBoundingRect().center())
    view.viewport().grab()
    assert sleeve in painted
    painted.clear()
    assert document.apply(tarot_steps.begin(OTTILIE, Attribute.ROCK, 3))
    view.centerOn(item.sceneBoundingRect().center())  # the places kept beside it in sight
    view.viewport().grab()
    assert painted and sleeve not in painted  # the felt was drawn again, without it
    assert not view.zone(sleeve).flags() & flags.ItemHasNoContents


def test_cards_from_another_zone_dropped_on_the_open_table_keep_their_places(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    document.apply(Draw(TAROT_DRAW, CHALLENGE, 2, face_up=True))
    a, b = session.table.piles[CHALLENGE].cards
    zone = view.layout_now.zone(OPEN_TABLE)
    view.scene().clearSelection()
    view.item(a).setSelected(True)
    view.item(b).setSelected(True)
    apart = view.item(b).scenePos() - view.item(a).scenePos()
    target = QtCore.QPointF(zone.x + 400, zone.y + 300)
    drag(qtbot, view, view.item(a).scenePos(), target)
    assert session.table.piles[OPEN_TABLE].cards == [a, b]
    now = view.item(b).scenePos() - view.item(a).scenePos()
    assert abs(now.x() - apart.x()) <= GRID and abs(now.y() - apart.y()) <= GRID
    assert document.undo()
    assert session.table.piles[CHALLENGE].cards == [a, b]
    document.apply(Move((a,), CHALLENGE))  # the felt still answers afterwards


def test_a_felt_card_released_over_a_card_in_a_hand_goes_in_before_it(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    take_seat(session, "Bea")
    view = table_view(qtbot, document)
    dock = make_hand_dock(document)
    qtbot.addWidget(dock)
    dock.resize(700, 220)
    dock.show()
    panel = dock.findChild(HandPanel)
    view.add_drop_target(panel.hand_at, panel.index_at)
    hand = panel.hand_lists()[QUINCE_HAND]
    held = list(session.table.piles[QUINCE_HAND].cards)
    card = top(session, SHOE_DRAW)
    # Released over the second card of the hand: it goes in before it.
    second = hand.visualItemRect(hand.item(1)).center()
    over = hand.viewport().mapToGlobal(second)
    target = view.mapToScene(view.viewport().mapFromGlobal(over))
    drag(qtbot, view, view.item(card).scenePos(), target)
    assert session.table.piles[QUINCE_HAND].cards == [held[0], card, *held[1:]]
    assert hand.cards() == session.table.piles[QUINCE_HAND].cards


def test_n_fans_a_stack_out_and_the_menu_says_why_a_spread_is_greyed(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _open_table_cards(view, 4)
    view.scene().clearSelection()
    for card in cards:
        view.item(card).setSelected(True)
    _focus(qtbot, view)
    qtbot.keyClick(view, Qt.Key.Key_G)  # one stack
    qtbot.keyClick(view, Qt.Key.Key_N)  # fanned out again, each overlapping the one before
    xs = [view.item(c).scenePos().x() for c in cards]
    steps = {round(b - a) for a, b in itertools.pairwise(xs)}
    assert steps == {round(FAN_STEP * CARD_W)}
    assert session.log[-1].public.startswith("Dana fanned out ")
    # Right-click on a card: the arranging entries are there, a cross greyed out with why.
    menu = view.card_actions.menu_for(view.item(cards[0]))
    texts = {a.text().replace("&", ""): a for a in menu.actions()}
    assert {"Gather into a stack", "Fan out", "Spread in a row"} <= texts.keys()
    cross = next(a for a in view.open_table.spread_actions if a.text() == "A cross")
    assert not cross.isEnabled() and cross.toolTip() == "A cross lays 5 cards, not 4."
    menu.deleteLater()


def test_a_celtic_cross_of_reversed_cards_shows_every_cards_marker(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _open_table_cards(view, 10)
    view.card_actions.turn_cards([c for c in cards if not session.table.facing[c].reversed])
    view.scene().clearSelection()
    for card in cards:
        view.item(card).setSelected(True)
    celtic = view.open_table.spread_actions[3]
    assert celtic.isEnabled(), celtic.toolTip()
    celtic.trigger()
    assert session.log[-1].public.endswith(" out as the Celtic Cross on the open table")
    zone = view.layout_now.zone(OPEN_TABLE).rect()
    for card in cards:
        item = view.item(card)
        box = item.sceneBoundingRect()
        assert zone.contains(item.scenePos())
        # The top edge, where a reversed card wears its marker (a tab 100 units wide):
        # this card along the whole tab, not another.
        for dx in (-45, 0, 45):
            edge = QtCore.QPointF(box.center().x() + dx, box.top() + 12)
            top_item = next(i for i in view.scene().items(edge) if hasattr(i, "card_id"))
            assert top_item.card_id == card, (card, dx)


def test_a_face_up_card_from_a_hand_put_down_on_the_open_table_asks_first(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    session = document.session
    take_seat(session, "Bea")
    view = table_view(qtbot, document)
    card = session.table.piles[QUINCE_HAND].cards[0]
    session.table.facing[card] = session.table.facing[card].flipped()  # held face up
    assert cards_revealed(session.state, Place((card,), (Spot(0, 0),), OPEN_TABLE)) == (card,)
    asked: list[int] = []

    def decline(count: int) -> bool:
        asked.append(count)
        return False

    view.card_actions.confirm_reveal = decline
    data = QtCore.QMimeData()
    data.setData("application/x-cardtable-cards", card.encode())
    zone = view.layout_now.zone(OPEN_TABLE)
    where = view.mapFromScene(QtCore.QPointF(zone.x + 300, zone.y + 200))
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    move = Qt.DropAction.MoveAction
    for event in (
        QtGui.QDragEnterEvent(where, move, data, left, none),
        QtGui.QDropEvent(QtCore.QPointF(where), move, data, left, none),
    ):
        QtWidgets.QApplication.sendEvent(view.viewport(), event)
    assert asked == [1]
    assert card in session.table.piles[QUINCE_HAND].cards  # the player said no: nothing moved
    view.card_actions.confirm_reveal = lambda count: True
    for event in (
        QtGui.QDragEnterEvent(where, move, data, left, none),
        QtGui.QDropEvent(QtCore.QPointF(where), move, data, left, none),
    ):
        QtWidgets.QApplication.sendEvent(view.viewport(), event)
    assert session.table.piles[OPEN_TABLE].cards == [card]
    assert view.item(card).visible_face() == session.table.cards[card].face
