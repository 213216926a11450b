"""A zoom on a crowded felt paints at once from the pictures the cards hold, and the art of
the new size follows between frames, never while a card is being dragged."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from table_rig import crowded_table_view, logical_width, zone_centre

from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.table.view import TableView

#: A zoom no other test draws the art for, so that its faces are not in the cache.
ODD_ZOOM = 1.37


def _widths(items: list[CardItem]) -> set[int]:
    return {logical_width(art) for item in items if (art := item.art_pixmap()) is not None}


def _drawn(view: TableView) -> list[CardItem]:
    """The cards drawn so far (a card never yet drawn has no art)."""
    return [item for item in view.card_items() if item.art_pixmap() is not None]


def _in_sight(view: TableView) -> list[CardItem]:
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    return [item for item in view.card_items() if seen.contains(item.scenePos())]


def test_the_frame_after_a_zoom_draws_no_art_and_the_new_size_follows(qtbot: QtBot) -> None:
    view = crowded_table_view(qtbot, 200)
    drawn = _drawn(view)
    assert _widths(drawn) == {round(card_art.CARD_WIDTH)}
    rendered = card_art.stats.renders
    view.zoom_by(ODD_ZOOM)
    view.centerOn(zone_centre(view, OPEN_TABLE))
    view.grab()  # the frame at the new zoom
    # The zoomed frame shows every card in sight, stretched from the picture it held.
    assert card_art.stats.renders == rendered
    assert _widths(drawn) == {round(card_art.CARD_WIDTH)}
    assert not view.art_settled()
    wider = round(card_art.CARD_WIDTH * ODD_ZOOM)
    qtbot.waitUntil(view.art_settled, timeout=20_000)
    assert card_art.stats.renders > rendered
    assert {logical_width(item.art_pixmap()) for item in _in_sight(view)} == {wider}


def test_the_new_art_waits_while_a_card_is_held_and_follows_its_release(qtbot: QtBot) -> None:
    view = crowded_table_view(qtbot, 200)
    drawn = _drawn(view)
    card = next(item for item in _in_sight(view) if item.shows_face())
    view.zoom_by(ODD_ZOOM * 1.1)
    view.centerOn(card.scenePos())
    view.grab()  # the frame at the new zoom
    viewport = view.viewport()
    start = view.mapFromScene(card.scenePos())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QtCore.QPoint(0, 20))
    qtbot.wait(300)
    # Dragged right after the zoom: no card took new art while the button was held.
    assert not view.art_settled()
    assert _widths(drawn) == {round(card_art.CARD_WIDTH)}
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start + QtCore.QPoint(0, 20))
    qtbot.waitUntil(view.art_settled, timeout=20_000)
    wider = round(card_art.CARD_WIDTH * ODD_ZOOM * 1.1)
    assert _widths(drawn) == {wider}


def test_a_face_taken_away_while_the_art_catches_up_is_never_drawn_again(
    qtbot: QtBot,
) -> None:
    view = crowded_table_view(qtbot, 200)
    card = next(item for item in _in_sight(view) if item.shows_face())
    view.zoom_by(ODD_ZOOM * 0.9)
    view.centerOn(card.scenePos())
    view.grab()  # stretched from the pictures the cards held
    card.set_state(None, face_up=True, reversed=False, animate=False)
    ratio = view.viewport().devicePixelRatioF()
    back = card_art.back_pixmap(card.kind, round(card_art.CARD_WIDTH), ratio)
    # At once the back, of the size the card showed: no face is kept to stretch.
    assert card.art_pixmap().cacheKey() == back.cacheKey()
    qtbot.waitUntil(view.art_settled, timeout=20_000)
    assert not card.shows_face()
    wider = round(card_art.CARD_WIDTH * ODD_ZOOM * 0.9)
    assert card.art_pixmap().cacheKey() == card_art.back_pixmap(card.kind, wider, ratio).cacheKey()


def test_cards_out_of_sight_take_their_art_between_frames_before_a_pan_shows_them(
    qtbot: QtBot,
) -> None:
    view = crowded_table_view(qtbot, 300, crowded=False)
    seen = set(_in_sight(view))
    away = [item for item in view.card_items() if item not in seen]
    assert away
    qtbot.waitUntil(view.art_settled, timeout=20_000)
    # Every card holds the art of the zoom shown, those never yet in sight too.
    assert {logical_width(item.art_pixmap()) for item in away} == {round(card_art.CARD_WIDTH)}
    rendered = card_art.stats.renders
    view.centerOn(away[0].scenePos())
    view.grab()  # the pan only copies pictures the cards hold
    assert card_art.stats.renders == rendered


def test_once_the_art_follows_a_zoom_of_many_decimals_qt_copies_each_cards_pixels(
    qtbot: QtBot,
) -> None:
    view = crowded_table_view(qtbot, 200)
    zoom = 7 / 12  # 0.58333...: more decimals than the six the felt tells zooms apart by
    view.zoom_by(zoom / view.zoom_factor())
    view.zoom_by(1.15)
    view.zoom_by(1 / 1.15)  # a step of the wheel and back: the zoom's last digits move
    view.centerOn(zone_centre(view, OPEN_TABLE))
    view.grab()
    qtbot.waitUntil(view.art_settled, timeout=20_000)
    layers = [
        layer
        for item in _in_sight(view)
        for layer in item.childItems()
        if layer.isVisible() and isinstance(layer, QtWidgets.QGraphicsPixmapItem)
    ]
    assert layers
    # Each layer undoes the zoom: to the screen it is moved, never scaled, so Qt copies its
    # pixels instead of resampling them (where a paint's clip begins would then matter).
    kinds = {(layer.sceneTransform() * view.viewportTransform()).type() for layer in layers}
    assert kinds == {QtGui.QTransform.TransformationType.TxTranslate}
