"""The felt driven by the session: real mouse drags, snapping, refusals, undo, the keyboard."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from table_rig import (
    CHALLENGE,
    QUINCE_ZONE,
    SHOE_DISCARD,
    SHOE_DRAW,
    TAROT_DISCARD,
    TAROT_DRAW,
    at,
    demo_document,
    drag,
    table_view,
    take_seat,
    top,
    zone_centre,
)

from cardtable.bench.tables import big_table
from cardtable.cards import CardId
from cardtable.piles import PileId, PileKind
from cardtable.session import Move, on_screen
from cardtable.ui.qt import Qt, QtCore
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.cards.look import HoverPreview
from cardtable.ui.table.cards.preview import HOVER_DELAY_MS
from cardtable.ui.table.layout import OPEN_TABLE, slots
from cardtable.ui.table.view import STACK_DEPTH, TableCard
from cardtable.ui.table.watch import TableWatch


def _to_open_table(view, cards: int) -> list[CardId]:
    """Draw ``cards`` tarot cards face down onto the open table."""
    for _ in range(cards):
        assert view.card_actions.draw_card(TAROT_DRAW, OPEN_TABLE)
    return list(view.document.session.table.piles[OPEN_TABLE].cards)


def test_every_pile_but_the_hands_has_a_zone_and_stacks_show_only_their_top(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    piles = document.session.table.piles
    laid = {zone.pile_id for zone in view.zones()}
    assert laid == {str(p.id) for p in piles.values() if p.kind is not PileKind.HAND} | {OPEN_TABLE}
    draw = view.zone(TAROT_DRAW)
    assert draw is not None and draw.count == len(piles[TAROT_DRAW].cards) == 82
    items = view.items_shown()
    # 82 + 103 cards in the two draw piles, two items each, of which only the top is painted.
    assert len(items) == 2 * STACK_DEPTH
    painted = [i for i in items.values() if i.isVisible()]
    assert {i.card_id for i in painted} == {piles[p].cards[-1] for p in (TAROT_DRAW, "shoe/draw")}
    # Nobody sees a face-down card's face.
    assert all(i.visible_face() is None for i in items.values())


def test_dragging_the_top_card_onto_the_discard_pile_discards_it(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    card = top(session, TAROT_DRAW)
    item = view.item(card)
    assert item is not None
    drag(qtbot, view, item.scenePos(), zone_centre(view, TAROT_DISCARD))
    assert session.table.piles[TAROT_DISCARD].cards == [card]
    assert session.table.facing[card].face_up  # a discard pile lies face up
    assert session.log[-1].public.startswith("Dana discarded ")
    moved = view.item(card)
    assert moved is not None and moved.visible_face() is not None
    assert moved.scenePos() == slots(view.layout_now.zone(TAROT_DISCARD), 1)[0]


def test_a_drop_lands_on_the_zone_it_overlaps_most_that_takes_it(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    discard = view.zone(TAROT_DISCARD).sceneBoundingRect()
    shoe_draw = view.zone("shoe/draw").sceneBoundingRect()
    gap = shoe_draw.left() - discard.right()
    first = top(session, TAROT_DRAW)
    # Centred just right of the tarot discard pile: most of the card lies on it.
    spot = QtCore.QPointF(discard.right() + 10, discard.center().y())
    drag(qtbot, view, view.item(first).scenePos(), spot)
    assert session.table.piles[TAROT_DISCARD].cards == [first]
    # Now mostly over the shoe's draw pile, which refuses a tarot card: the tarot discard
    # pile, overlapped less, takes it.
    second = top(session, TAROT_DRAW)
    spot = QtCore.QPointF(discard.right() + gap - 20, discard.center().y())
    drag(qtbot, view, view.item(second).scenePos(), spot)
    assert session.table.piles[TAROT_DISCARD].cards == [first, second]
    assert second not in session.table.piles["shoe/draw"].cards


def test_a_refused_drop_goes_back_and_says_why(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    reasons: list[str] = []
    document.refused.connect(reasons.append)
    card = top(session, TAROT_DRAW)
    item = view.item(card)
    home = QtCore.QPointF(item.scenePos())
    drag(qtbot, view, home, zone_centre(view, SHOE_DISCARD))
    assert top(session, TAROT_DRAW) == card
    assert session.table.piles[SHOE_DISCARD].cards == []
    assert reasons and "not to Shoe of 2 decks" in reasons[-1]
    assert view.item(card).scenePos() == home


def test_chosen_cards_come_in_table_order_however_many_and_in_whatever_order_chosen(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    piles = document.session.table.piles
    cards = _to_open_table(view, 12)
    assert view.card_actions.draw_card(SHOE_DRAW, QUINCE_ZONE)
    quince = piles[QUINCE_ZONE].cards[-1]
    # Pile by pile as the felt lays them out, each from its bottom card up.
    zones = [PileId(zone.pile_id) for zone in view.zones()]
    assert zones.index(QUINCE_ZONE) != zones.index(OPEN_TABLE)
    for chosen in ([cards[7], cards[2]], cards[::-1], [cards[9], quince, cards[0], cards[4]]):
        view.scene().clearSelection()
        for card in chosen:
            view.item(card).setSelected(True)
        expected = [
            card for zone in zones if zone in piles for card in piles[zone].cards if card in chosen
        ]
        assert len(expected) == len(chosen)
        assert view.selected_cards() == expected


def test_several_selected_cards_move_together_in_one_undoable_action(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _to_open_table(view, 3)
    first, second = view.item(cards[0]), view.item(cards[2])
    control = Qt.KeyboardModifier.ControlModifier
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, first.scenePos()))
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, control, at(view, second.scenePos())
    )
    assert view.selected_cards() == [cards[0], cards[2]]
    entries = len(session.log)
    drag(qtbot, view, second.scenePos(), zone_centre(view, CHALLENGE))
    assert session.table.piles[CHALLENGE].cards == [cards[0], cards[2]]
    assert session.table.piles[OPEN_TABLE].cards == [cards[1]]
    assert len(session.log) == entries + 1
    assert "moved 2 cards face down" in session.log[-1].public
    assert document.undo()
    assert session.table.piles[OPEN_TABLE].cards == cards
    assert session.table.piles[CHALLENGE].cards == []


def test_undo_puts_a_dragged_card_back_on_its_pile(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    card = top(session, TAROT_DRAW)
    home = QtCore.QPointF(view.item(card).scenePos())
    drag(qtbot, view, home, zone_centre(view, CHALLENGE))
    assert session.table.piles[CHALLENGE].cards == [card]
    assert session.undo_label is not None and "moved a card" in session.undo_label
    assert document.undo()  # face down, no one saw it: it may go back
    assert card in session.table.piles[TAROT_DRAW].cards
    # Back among the shuffled cards, dealt afresh: the pile's top lies where it lay.
    assert view.item(top(session, TAROT_DRAW)).scenePos() == home


def _to_challenge(view, cards: int) -> list[CardId]:
    """Move ``cards`` tarot cards from the draw pile onto the Challenge's row (a fan)."""
    session = view.document.session
    moving = tuple(session.table.piles[TAROT_DRAW].cards[-cards:])
    assert view.document.apply(Move(moving, CHALLENGE))
    return list(session.table.piles[CHALLENGE].cards)


def test_dropping_a_card_in_a_row_puts_it_where_it_was_dropped(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _to_challenge(view, 3)
    last = view.item(cards[2])
    left_of_first = view.item(cards[0]).scenePos() - QtCore.QPointF(20, 0)
    drag(qtbot, view, last.scenePos(), left_of_first)
    assert session.table.piles[CHALLENGE].cards == [cards[2], cards[0], cards[1]]


def test_a_card_dropped_on_bare_felt_joins_the_open_table(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    card = top(session, TAROT_DRAW)
    bounds = view.layout_now.bounds()
    drag(qtbot, view, view.item(card).scenePos(), QtCore.QPointF(bounds.left() - 150, 0))
    assert session.table.piles[OPEN_TABLE].cards == [card]
    assert [e.public for e in session.log[-2:]] == [
        "Dana laid out the open table",
        "Dana moved a card face down from The Tourist's Tarot: draw pile to the open table",
    ]


def _focus_felt(qtbot: QtBot, view) -> None:
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)


def test_f_flips_and_r_turns_the_card_with_the_focus(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    [card] = _to_open_table(view, 1)
    _focus_felt(qtbot, view)
    view.focus_on(view.item(card))
    was = session.table.facing[card].reversed
    qtbot.keyClick(view, Qt.Key.Key_R)
    assert session.table.facing[card].reversed is not was
    way = "reversed" if session.table.facing[card].reversed else "upright"
    assert f"turned a card round, now {way}," in session.log[-1].public
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert session.table.facing[card].face_up
    assert " flipped " in session.log[-1].public and "turned" not in session.log[-1].public
    assert view.item(card).visible_face() == session.table.cards[card].face
    # Showing a face to the room is a checkpoint: undo cannot hide it again.
    assert not session.can_undo and "undo cannot hide them" in session.undo_blocked_reason


def test_keyboard_alone_draws_from_a_pile_and_flips_the_card(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    _focus_felt(qtbot, view)
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # the first pile: the tarot draw pile
    focused = view.focused_item()
    assert getattr(focused, "pile_id", None) == TAROT_DRAW
    drawn = top(session, TAROT_DRAW)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    # Dana (the GM) holds no hand: the card lands on the open table.
    assert session.table.piles[OPEN_TABLE].cards == [drawn]
    for _ in range(len(view.zones())):
        if getattr(view.focused_item(), "card_id", None) == drawn:
            break
        qtbot.keyClick(view, Qt.Key.Key_Right)
    assert isinstance(view.focused_item(), TableCard)
    assert view.focused_item().card_id == drawn
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert session.table.facing[drawn].face_up
    qtbot.keyClick(view, Qt.Key.Key_D)  # D draws again, from the pile drawn from last
    assert len(session.table.piles[OPEN_TABLE].cards) == 2


def test_d_draws_to_the_hand_of_the_player_at_the_computer(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    take_seat(session, "Bea")
    view = table_view(qtbot, document)
    hand = session.table.piles[PileId("hand/bartholomew-quince")]
    before = len(hand.cards)
    _focus_felt(qtbot, view)
    view.focus_on(view.zone("shoe/draw"))
    qtbot.keyClick(view, Qt.Key.Key_D)
    assert len(hand.cards) == before + 1
    assert session.log[-1].public == "Bea drew a card to Bartholomew Quince's hand"


def test_a_peeked_card_shows_its_face_only_to_its_owner(qtbot: QtBot) -> None:
    document = demo_document()
    session = document.session
    view = table_view(qtbot, document)
    card = top(session, SHOE_DRAW)
    assert document.apply(Move((card,), QUINCE_ZONE, face_up=False))
    take_seat(session, "Bea")
    view.card_actions.peek_at(card)
    item = view.item(card)
    assert item is not None and item.peeked
    assert card in on_screen(session)
    assert view.preview.isVisible() and view.preview.name_text()
    take_seat(session, "Alex")
    assert not item.peeked
    assert card not in on_screen(session)
    assert not view.preview.isVisible()


def test_the_context_menu_moves_a_card_to_any_pile(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    card = top(session, TAROT_DRAW)
    view.item(card).setSelected(True)
    menu = view.card_actions.menu_for(view.item(card))
    qtbot.addWidget(menu)
    move_to = next(a.menu() for a in menu.actions() if a.menu() is not None)
    entry = next(a for a in move_to.actions() if a.text() == "The middle of the table")
    entry.trigger()
    assert session.table.piles[CHALLENGE].cards == [card]


def test_resting_the_pointer_on_a_face_up_card_shows_it_large_with_its_keywords(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    assert view.card_actions.draw_card(TAROT_DRAW, OPEN_TABLE, face_up=True)
    [card] = session.table.piles[OPEN_TABLE].cards
    face = session.table.cards[card].face
    qtbot.mouseMove(view.viewport(), at(view, view.item(card).scenePos()))
    qtbot.waitUntil(view.preview.isVisible, timeout=2000)
    assert view.preview.name_text().lower() == face.name.lower()
    assert face.upright in view.preview.keywords_text()
    # A face-down card shows nothing large: there is nothing to see.
    qtbot.mouseMove(view.viewport(), at(view, view.item(top(session, TAROT_DRAW)).scenePos()))
    qtbot.waitUntil(lambda: not view.preview.isVisible(), timeout=2000)
    # ...and nothing is waiting to show: no card is pending and no hover timer runs.
    hover = view.findChild(HoverPreview)
    assert hover is not None and hover.current is None
    assert not any(timer.isActive() for timer in hover.findChildren(QtCore.QTimer))


def test_the_card_with_the_focus_is_described_to_screen_readers(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    assert view.accessibleName() == "Card table"
    _focus_felt(qtbot, view)
    view.focus_on(view.zone(TAROT_DRAW))
    assert view.accessibleDescription() == "The Tourist's Tarot draw pile, 82 cards"
    assert view.card_actions.draw_card(TAROT_DRAW, OPEN_TABLE, face_up=True)
    [card] = session.table.piles[OPEN_TABLE].cards
    view.focus_on(view.item(card))
    name = session.table.cards[card].face.name
    assert view.accessibleDescription().startswith(name)


def _felt_as_shown(view) -> dict[str, tuple[object, ...]]:
    """Every card item as the player sees it: its pile, place, layer, face and sight."""
    return {
        card: (
            item.pile_id,
            round(item.scenePos().x(), 3),
            round(item.scenePos().y(), 3),
            item.zValue(),
            item.isVisible(),
            item.visible_face(),
            item.face_up,
            item.is_reversed,
        )
        for card, item in view.items_shown().items()
    }


def test_after_a_run_of_changes_the_felt_shows_what_a_fresh_felt_shows(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _to_open_table(view, 6)
    view.card_actions.flip_cards([cards[1], cards[4]])
    drag(qtbot, view, view.item(cards[5]).scenePos(), view.item(cards[0]).scenePos())
    drag(qtbot, view, view.item(cards[2]).scenePos(), zone_centre(view, CHALLENGE))
    view.card_actions.turn_cards([cards[4]])
    assert document.undo()  # the turn
    drag(qtbot, view, view.item(top(session, SHOE_DRAW)).scenePos(), zone_centre(view, CHALLENGE))
    take_seat(session, "Bea")  # another seat: what may be seen changes
    fresh = table_view(qtbot, document)
    assert _felt_as_shown(view) == _felt_as_shown(fresh)


def test_a_drop_brings_the_felt_in_step_once(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    syncs: list[int] = []
    real_sync = view.sync

    def counted() -> None:
        syncs.append(1)
        real_sync()

    view.sync = counted
    card = top(document.session, TAROT_DRAW)
    drag(qtbot, view, view.item(card).scenePos(), zone_centre(view, TAROT_DISCARD))
    assert document.session.table.piles[TAROT_DISCARD].cards == [card]
    assert len(syncs) == 1
    refused = top(document.session, TAROT_DRAW)
    home = QtCore.QPointF(view.item(refused).scenePos())
    drag(qtbot, view, home, zone_centre(view, SHOE_DISCARD))  # a tarot card on the shoe
    assert len(syncs) == 2 and view.item(refused).scenePos() == home  # put back, once


def test_dragging_asks_only_which_zone_the_place_in_the_row_comes_at_the_drop(
    qtbot: QtBot, monkeypatch
) -> None:
    import cardtable.ui.table.aiming as aiming_module

    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _to_challenge(view, 12)
    asked: list[int] = []
    real = aiming_module.insert_index

    def counting(*args):
        asked.append(1)
        return real(*args)

    monkeypatch.setattr(aiming_module, "insert_index", counting)
    between = (view.item(cards[2]).scenePos() + view.item(cards[3]).scenePos()) / 2
    drag(qtbot, view, view.item(cards[-1]).scenePos(), between)
    assert asked == [1]  # once, at the drop; never while the card was moving
    assert session.table.piles[CHALLENGE].cards.index(cards[-1]) == 3


def test_only_the_cards_near_a_drop_slide_into_place(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _to_challenge(view, 8)
    view.set_animation_ms(400)
    zone = view.layout_now.zone(CHALLENGE)
    # A card dropped before the first of the row: the row closes up to make room.
    card = top(session, TAROT_DRAW)
    drop = view.item(cards[0]).scenePos() - QtCore.QPointF(20, 0)
    drag(qtbot, view, view.item(card).scenePos(), drop)
    row = session.table.piles[CHALLENGE].cards
    assert row == [card, *cards]
    places = dict(zip(row, slots(zone, len(row)), strict=True))
    moved = [c for c in cards if abs(places[c].x() - view.item(c).scenePos().x()) > 0]
    assert moved
    # Near the drop the cards are still on their way, and then arrive.
    assert any(view.item(c).scenePos() != places[c] for c in moved)
    qtbot.waitUntil(lambda: all(view.item(c).scenePos() == places[c] for c in row), timeout=3000)


def test_cards_far_from_a_drop_are_put_in_their_places_at_once(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    cards = _to_open_table(view, 16)
    view.set_animation_ms(400)
    zone = view.layout_now.zone(OPEN_TABLE)
    # The first card of the open table's row, dropped on the discard pile far away: the
    # others close up the row behind it at once.
    drag(qtbot, view, view.item(cards[0]).scenePos(), zone_centre(view, TAROT_DISCARD))
    row = session.table.piles[OPEN_TABLE].cards
    assert row == cards[1:]
    places = dict(zip(row, slots(zone, len(row)), strict=True))
    assert all(view.item(c).scenePos() == places[c] for c in row)


def test_a_point_of_a_crowded_table_asks_only_the_cards_near_it_after_another_session(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every card asked for its bounds is a call from Qt into Python: the scene's index must
    # stay fine enough when a crowded table replaces a small one (Qt's own choice did not).
    asked: set[int] = set()
    bounds = CardItem.boundingRect
    monkeypatch.setattr(CardItem, "boundingRect", lambda item: asked.add(id(item)) or bounds(item))
    document = demo_document()
    view = table_view(qtbot, document)
    view.grab()  # the demo is on screen before the crowded table is opened
    document.replace(big_table(2000, crowded=True))
    view.grab()
    asked.clear()
    found = view.scene().items(view.zone(OPEN_TABLE).sceneBoundingRect().center())
    under = [item for item in found if isinstance(item, CardItem)]
    assert 20 <= len(under) <= len(asked) < 200


def test_letting_go_of_a_card_on_a_crowded_table_looks_once_at_the_cards_under_it(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each card asked for its outline is a call from Qt into Python. Qt's hover events
    # searched the cards under the pointer at every release, on top of the search Qt makes
    # for a cursor; the felt follows the pointer itself, as it moves with no button held.
    asked: list[str] = []
    outline = CardItem.shape
    monkeypatch.setattr(CardItem, "shape", lambda item: asked.append(item.card_id) or outline(item))
    document = demo_document()
    view = table_view(qtbot, document)
    document.replace(big_table(2000, crowded=True))
    centre = view.zone(OPEN_TABLE).sceneBoundingRect().center()
    view.centerOn(centre)
    view.grab()
    viewport, start = view.viewport(), at(view, centre)
    hovered: list[tuple[str, bool]] = []
    for item in view.card_items():
        item.hovered.connect(lambda card, inside: hovered.append((card, inside)))
    qtbot.mouseMove(viewport, start)
    dragged = next(i for i in view.items(start) if isinstance(i, CardItem))
    assert dragged is not None and hovered == [(dragged.card_id, True)]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + QtCore.QPoint(20 * step, 0))
    asked.clear()
    end = start + QtCore.QPoint(100, 0)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert dragged.pile_id == OPEN_TABLE and dragged.pos() != centre
    looked = list(asked)
    under = {item.card_id for item in view.items(end) if isinstance(item, CardItem)}
    # Qt's own search for a cursor, the one left, asks each card there once.
    assert under <= set(looked) and len(looked) == len(set(looked))
    # The pointer moves on, off the card dropped: the card hears it left.
    away = end + QtCore.QPoint(0, 250)
    assert viewport.rect().contains(away)
    qtbot.mouseMove(viewport, away)
    assert (dragged.card_id, False) in hovered


def test_a_preview_waiting_to_show_when_the_window_closes_never_shows(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    session = document.session
    assert view.card_actions.draw_card(TAROT_DRAW, OPEN_TABLE, face_up=True)
    [card] = session.table.piles[OPEN_TABLE].cards
    qtbot.mouseMove(view.viewport(), at(view, view.item(card).scenePos()))
    hover = view.findChild(HoverPreview)
    assert hover is not None
    qtbot.waitUntil(lambda: hover.current is not None, timeout=2000)
    view.close()
    qtbot.wait(HOVER_DELAY_MS * 2)
    assert not view.preview.isVisible()
    assert not any(timer.isActive() for timer in hover.findChildren(QtCore.QTimer))


def test_the_felt_tells_where_it_laid_each_card_of_a_pile_until_it_looks_again(
    qtbot: QtBot,
) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    for _ in range(3):
        assert view.card_actions.draw_card(TAROT_DRAW, OPEN_TABLE, face_up=True)
    cards, places = view.laid(OPEN_TABLE)
    assert cards == [str(c) for c in document.session.table.piles[OPEN_TABLE].cards]
    items = [view.item(card) for card in cards]
    assert [(x, y) for x, y, _ in places] == [(i.pos().x(), i.pos().y()) for i in items]
    watch = TableWatch()
    zone = view.layout_now.zone(OPEN_TABLE)
    watch.relaid(zone, cards, places, whole=True)
    watch.looked(zone, list(document.session.table.piles[OPEN_TABLE].cards), cards)
    assert watch.laid(OPEN_TABLE) == (cards, places)
    watch.force([OPEN_TABLE])  # its places are to be found again: none are told meanwhile
    assert watch.laid(OPEN_TABLE) == ([], [])
