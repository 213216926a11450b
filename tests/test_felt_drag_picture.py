"""A card dragged on the felt is painted over a picture of the table, and the picture shows
what Qt itself would paint: as the card moves, as a zone lights under it, after another card
flips, and never once the curtain comes down (see :mod:`cardtable.ui.table.drag_picture`)."""

from __future__ import annotations

from pathlib import Path

from curtain_rig import only_the_curtain
from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.bench.tables import big_table
from cardtable.session import ConfirmSeat, Flip, PassSeat
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.look import TableCard
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton


def _spread_window(qtbot: QtBot, tmp_path: Path, zoom: float = 1.0) -> MainWindow:
    """The real main window on a 300-card table spread over fans, at ``zoom``, every card in
    sight drawn."""
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1280, 800))
    document = window.document
    document.replace(big_table(300, crowded=False))
    if document.session.curtain is not None:  # it comes in behind the curtain
        assert document.apply(ConfirmSeat(document.session.curtain))
    felt = window.felt
    felt.zoom_by(zoom / felt.zoom_factor())
    zone = felt.zone("zone/006")
    assert zone is not None
    felt.centerOn(zone.sceneBoundingRect().center())
    felt.viewport().grab()  # every card in sight picks its pictures
    return window


def _face_up_card(felt: TableView) -> tuple[TableCard, QtCore.QPoint]:
    """A face-up card on top near the middle of the view, and a point on it."""
    centre = felt.viewport().rect().center()
    for dx in range(0, 400, 8):
        for point in (centre + QtCore.QPoint(dx, 0), centre - QtCore.QPoint(dx, 0)):
            item = felt.itemAt(point)
            if isinstance(item, TableCard) and item.shows_face():
                return item, point
    raise AssertionError("no face-up card near the middle of the felt")


def _press(qtbot: QtBot, felt: TableView, point: QtCore.QPoint) -> None:
    qtbot.mousePress(felt.viewport(), LEFT, pos=point)


def _held(
    qtbot: QtBot, window: MainWindow, by: QtCore.QPoint
) -> tuple[TableCard, QtCore.QPoint, QtCore.QPoint]:
    """A face-up card pressed on and dragged ``by`` pixels, painted from the picture; the
    card, where it was pressed and where the pointer is."""
    felt = window.felt
    card, start = _face_up_card(felt)
    _press(qtbot, felt, start)
    assert card.is_lifted() and felt.drag_picture.card() is card
    _move(qtbot, felt, start, start + by)
    assert felt.drag_picture.active()
    return card, start, start + by


def _move(qtbot: QtBot, felt: TableView, start: QtCore.QPoint, end: QtCore.QPoint) -> None:
    """Move the held card from ``start`` to ``end`` in steps, each one painted as the felt
    paints a frame (the part Qt asks for)."""
    viewport = felt.viewport()
    for step in range(1, 9):
        qtbot.mouseMove(viewport, start + (end - start) * (step / 8))
        QtWidgets.QApplication.processEvents()


def _shown(felt: TableView, rect: QtCore.QRect | None = None) -> QtGui.QImage:
    """What the felt paints now over ``rect`` of its viewport (all of it: None)."""
    viewport = felt.viewport()
    return viewport.grab(rect if rect is not None else viewport.rect()).toImage()


def _as_qt_paints(felt: TableView, rect: QtCore.QRect | None = None) -> QtGui.QImage:
    """What Qt's own paint of the same scene shows there (the picture ends for it)."""
    felt.drag_picture.end()
    return _shown(felt, rect)


def _card_place(felt: TableView, card: TableCard) -> QtCore.QRect:
    bounds = card.boundingRect().united(card.childrenBoundingRect())
    return felt.mapFromScene(card.mapRectToScene(bounds)).boundingRect()


def test_a_dragged_card_is_painted_over_the_picture_as_qt_paints_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _spread_window(qtbot, tmp_path)
    felt = window.felt
    card, _start, end = _held(qtbot, window, QtCore.QPoint(90, 40))
    before = _card_place(felt, card)
    end += QtCore.QPoint(3, 2)
    qtbot.mouseMove(felt.viewport(), end)
    QtWidgets.QApplication.processEvents()
    assert felt.drag_picture.active()
    # Where the card lay a frame ago and lies now: what a frame paints, from the picture
    # alone; then the whole view (Qt paints the table, the card drawn over it).
    place = before.united(_card_place(felt, card))
    from_picture = _shown(felt, place)
    whole = _shown(felt)
    assert _as_qt_paints(felt, place) == from_picture
    assert _shown(felt) == whole
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=end)


def test_a_zone_lit_under_the_dragged_card_is_painted_lit(qtbot: QtBot, tmp_path: Path) -> None:
    window = _spread_window(qtbot, tmp_path, zoom=0.6)
    felt = window.felt
    viewport = felt.viewport()
    card, start = _face_up_card(felt)
    home = felt.zone(card.pile_id)
    other = next(
        zone
        for zone in felt.zones()
        if zone is not home
        and zone.pile_id.startswith("zone/")
        and viewport.rect().contains(felt.mapFromScene(zone.sceneBoundingRect().center()))
    )
    _press(qtbot, felt, start)
    assert felt.drag_picture.active()
    # Towards the other fan a few pixels a frame, the picture drawing the felt on the way,
    # until that fan lights; then a frame more.
    target = felt.mapFromScene(other.sceneBoundingRect().center())
    step = (target - start) / max(abs((target - start).x()), abs((target - start).y())) * 4
    point = start
    for _ in range(400):
        point += step
        qtbot.mouseMove(viewport, point)
        QtWidgets.QApplication.processEvents()
        if other.is_lit():
            break
    assert other.is_lit() and felt.drag_picture.active()
    before = _card_place(felt, card)
    qtbot.mouseMove(viewport, point + step)
    QtWidgets.QApplication.processEvents()
    assert felt.drag_picture.active()
    # Where the card lay as the fan lit, and lies now: painted from the picture, lit.
    place = before.united(_card_place(felt, card)).intersected(viewport.rect())
    shown = _shown(felt, place)
    assert _as_qt_paints(felt, place) == shown
    qtbot.mouseRelease(viewport, LEFT, pos=point + step)


def test_a_card_flipped_mid_drag_is_painted_flipped(qtbot: QtBot, tmp_path: Path) -> None:
    window = _spread_window(qtbot, tmp_path)
    felt = window.felt
    card, start, end = _held(qtbot, window, QtCore.QPoint(30, 0))
    # The card it lay on, seen by the picture as the drag began, turns face down.
    under = next(
        item
        for item in felt.items(start)
        if isinstance(item, TableCard) and item is not card and item.isVisible()
    )
    document = window.document
    assert document.apply(Flip(under.card_id))
    assert not felt.drag_picture.active()
    place = _card_place(felt, card).united(
        felt.mapFromScene(under.sceneBoundingRect()).boundingRect()
    )
    shown = _shown(felt, place)
    assert _as_qt_paints(felt, place) == shown
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=end)


def test_the_curtain_coming_down_mid_drag_shows_the_curtain_alone(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _spread_window(qtbot, tmp_path)
    _card, start, _end = _held(qtbot, window, QtCore.QPoint(40, 20))
    felt = window.felt
    session = window.document.session
    other = next(i for i, p in enumerate(session.players) if p.id != session.holder)
    assert window.document.apply(PassSeat(other))
    assert not felt.drag_picture.active()
    qtbot.waitUntil(lambda: not window.curtain.isHidden())
    only_the_curtain(window)
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=start)
    assert not felt.drag_picture.active()


def _lift(qtbot: QtBot, window: MainWindow) -> QtCore.QPoint:
    """:func:`_held`, once the cards an earlier drop moved have slid into place; where the
    pointer is."""
    qtbot.wait(400)
    return _held(qtbot, window, QtCore.QPoint(20, 0))[2]


def test_the_picture_ends_at_a_zoom_a_key_and_the_drop(qtbot: QtBot, tmp_path: Path) -> None:
    window = _spread_window(qtbot, tmp_path)
    felt = window.felt
    held = _lift(qtbot, window)
    felt.zoom_by(1.15)
    whole = _shown(felt)
    assert not felt.drag_picture.active()
    assert _as_qt_paints(felt) == whole
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=held)
    held = _lift(qtbot, window)
    qtbot.keyClick(felt, Qt.Key.Key_Shift)
    assert not felt.drag_picture.active()
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=held)
    held = _lift(qtbot, window)
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=held)
    assert not felt.drag_picture.active()


def test_a_zoom_that_scrolls_nothing_ends_the_picture_at_the_next_frame(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _spread_window(qtbot, tmp_path)
    held = _lift(qtbot, window)
    felt = window.felt
    # Zoomed in about the view's corner, through Qt itself: nothing scrolls (the picture is
    # not told), and the next frame asks Qt for the whole view.
    felt.setTransformationAnchor(QtWidgets.QGraphicsView.ViewportAnchor.NoAnchor)
    felt.scale(1.25, 1.25)
    assert felt.drag_picture.active()
    whole = _shown(felt)
    assert not felt.drag_picture.active()
    assert _as_qt_paints(felt) == whole
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=held)


def test_no_picture_while_several_cards_are_dragged(qtbot: QtBot, tmp_path: Path) -> None:
    window = _spread_window(qtbot, tmp_path)
    felt = window.felt
    card, start = _face_up_card(felt)
    others = [
        item
        for item in felt.items_shown().values()
        if item is not card and item.pile_id == card.pile_id
    ]
    card.setSelected(True)
    others[0].setSelected(True)
    _press(qtbot, felt, start)
    assert card.is_lifted()
    assert not felt.drag_picture.active()
    _move(qtbot, felt, start, start + QtCore.QPoint(30, 10))
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=start + QtCore.QPoint(30, 10))


def test_the_drag_right_after_a_zoom_waits_for_the_art_and_is_painted_from_the_picture(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _spread_window(qtbot, tmp_path)
    felt = window.felt
    felt.zoom_by(1.41)
    # The wheel's zoom keeps the point under the pointer in place, wherever an earlier test
    # left the pointer: look at the fans again.
    zone = felt.zone("zone/006")
    assert zone is not None
    felt.centerOn(zone.sceneBoundingRect().center())
    felt.viewport().grab()  # stretched from the pictures the cards hold
    assert not felt.art_settled()
    card, _start, end = _held(qtbot, window, QtCore.QPoint(40, 10))
    qtbot.wait(200)
    assert felt.drag_picture.active()
    assert not felt.art_settled()  # the art waits while the card is held
    place = _card_place(felt, card)
    shown = _shown(felt, place)
    # Qt itself samples a stretched picture a pixel differently at the edge of each part it
    # paints: the picture, painted in parts, differs from one paint of the whole at those
    # seams alone.
    assert _share_differing(_as_qt_paints(felt, place), shown) < 0.01
    qtbot.mouseRelease(felt.viewport(), LEFT, pos=end)
    qtbot.waitUntil(felt.art_settled, timeout=20_000)


def _share_differing(one: QtGui.QImage, other: QtGui.QImage) -> float:
    assert one.size() == other.size()
    width, height = one.width(), one.height()
    differ = sum(one.pixel(x, y) != other.pixel(x, y) for y in range(height) for x in range(width))
    return differ / (width * height)
