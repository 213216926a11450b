"""The bench's floor is the app's own table as plain pictures: each picture the app's cards
show, where and as the app shows it, in a view with the felt's settings; and it shows the
very drop the app showed: at the release, every picture the app's drop moved goes where
the app put it, and is drawn anew."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from table_rig import demo_document, table_view, zone_centre

from cardtable.bench.floor import (
    FloorView,
    card_pictures,
    copy_view_settings,
    floor_scene,
    item_picture,
    look_as,
)
from cardtable.bench.tables import big_table, fanned_table
from cardtable.session import ConfirmSeat, Session
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table import zone_pictures
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.table.view import TableView


def test_the_floor_puts_what_the_apps_drop_moved_where_the_app_put_it(qtbot: QtBot) -> None:
    scene = QtWidgets.QGraphicsScene(QtCore.QRectF(-500, -500, 1000, 1000))
    picture = QtGui.QPixmap(40, 60)
    picture.fill(Qt.GlobalColor.white)
    items = []
    for n in range(3):
        item = QtWidgets.QGraphicsPixmapItem(picture)
        item.setPos(50.0 * n, 0)
        item.setZValue(n)
        scene.addItem(item)
        items.append(item)
    let_go = QtWidgets.QGraphicsPixmapItem(picture)  # left where it was let go
    let_go.setPos(300, 150)
    scene.addItem(let_go)
    # The app's drop moved the first card onto the third, and the second closed up; the
    # card let go on the open table stays, but is drawn anew.
    landing = [
        (items[0], QtCore.QPointF(110, 0), 3.0),
        (items[1], QtCore.QPointF(0, 0), 1.0),
        (let_go, QtCore.QPointF(300, 150), 0.0),
    ]
    view = FloorView(scene, landing)
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.centerOn(150, 100)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(200)  # the first paints are over
    painted: list[QtGui.QRegion] = []

    class Paints(QtCore.QObject):
        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if event.type() == QtCore.QEvent.Type.Paint:
                assert isinstance(event, QtGui.QPaintEvent)
                painted.append(event.region())
            return False

    paints = Paints()
    view.viewport().installEventFilter(paints)
    where = view.mapFromScene(QtCore.QPointF(10, 10))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert [(i.pos(), i.zValue()) for i in items] == [
        (QtCore.QPointF(110, 0), 3.0),
        (QtCore.QPointF(0, 0), 1.0),
        (QtCore.QPointF(100, 0), 2.0),
    ]
    qtbot.waitUntil(lambda: bool(painted))  # and the change is painted
    for point in (QtCore.QPointF(130, 30), QtCore.QPointF(320, 180)):
        assert any(region.contains(view.mapFromScene(point)) for region in painted)


def _table(qtbot: QtBot, session: Session, centre_on: str, zoom: float = 1.0) -> TableView:
    """The felt showing ``session`` at ``zoom``, looking at ``centre_on``'s zone, painted."""
    document = demo_document()
    view = table_view(qtbot, document)
    document.replace(session)
    if document.session.curtain is not None:  # it comes in behind the curtain
        assert document.apply(ConfirmSeat(document.session.curtain))
    view.zoom_by(zoom / view.zoom_factor())
    view.centerOn(zone_centre(view, centre_on))
    view.grab()  # every card in sight picks its pictures
    return view


def _painted(view: QtWidgets.QGraphicsView) -> list[QtWidgets.QGraphicsPixmapItem]:
    """The pictures of cards ``view`` draws, bottom first (the floor's lie in the cards'
    layers, from 0 up; the pictures of zones and captions under them)."""
    shown = [
        item
        for item in view.items(view.viewport().rect())
        if isinstance(item, QtWidgets.QGraphicsPixmapItem)
        and item.isVisible()
        and (
            (item.parentItem() is None and item.zValue() >= 0)
            or isinstance(item.parentItem(), CardItem)
        )
    ]
    return list(reversed(shown))


def _spots(pictures: list[QtWidgets.QGraphicsPixmapItem]) -> list[tuple[int, tuple]]:
    """Each picture, and where it lies on the table."""
    return [(p.pixmap().cacheKey(), p.sceneBoundingRect().getRect()) for p in pictures]


def _floor_of(qtbot: QtBot, felt: TableView) -> tuple[QtWidgets.QGraphicsView, dict]:
    """A plain view of the floor's scene, over the same part of the table as ``felt``."""
    scene, cards = floor_scene(felt)
    floor = QtWidgets.QGraphicsView(scene)
    scene.setParent(floor)  # kept as long as the view
    qtbot.addWidget(floor)
    copy_view_settings(felt, floor)
    floor.resize(felt.viewport().size())
    floor.show()
    qtbot.waitExposed(floor)
    look_as(felt, floor)
    return floor, cards


@pytest.mark.parametrize(("layout", "zoom"), [("spread", 1.0), ("crowded", 1.0), ("fanned", 2.0)])
def test_the_floor_draws_each_picture_the_app_draws_where_the_app_draws_it(
    qtbot: QtBot, layout: str, zoom: float
) -> None:
    session = fanned_table(300) if layout == "fanned" else big_table(300, layout == "crowded")
    felt = _table(qtbot, session, "zone/006" if layout == "spread" else OPEN_TABLE, zoom)
    floor, cards = _floor_of(qtbot, felt)
    app, plain = _painted(felt), _painted(floor)
    # The same pictures, each on the same spot of the table, stacked the same way.
    assert len(app) > 100 and len(plain) == len(app)
    assert sorted(_spots(plain)) == sorted(_spots(app))
    for item in felt.card_items():
        pictures = cards.get(item.card_id, [])
        assert [p.zValue() for p, _ in pictures] == sorted(p.zValue() for p, _ in pictures)
        assert all(item.zValue() <= p.zValue() < item.zValue() + 1 for p, _ in pictures)
    assert len(cards) == len([i for i in felt.card_items() if i.isVisible()])
    # A reversed card shows the picture the app turned round for it, not its upright art.
    turned = [i for i in felt.card_items() if i.rotation() == 180.0 and i.art_pixmap()]
    assert turned
    for item in turned:
        picture, _ = cards[item.card_id][0]
        assert picture.pixmap().cacheKey() != item.art_pixmap().cacheKey()


@pytest.mark.parametrize(("layout", "zoom", "zones"), [("spread", 1.0, 4), ("fanned", 2.0, 1)])
def test_the_floor_shows_the_table_as_the_app_does(
    qtbot: QtBot, layout: str, zoom: float, zones: int
) -> None:
    session = fanned_table(300) if layout == "fanned" else big_table(300, crowded=False)
    felt = _table(qtbot, session, "zone/006" if layout == "spread" else OPEN_TABLE, zoom)
    for zone in felt.zones():
        zone.let_felt_paint_frame(False)  # the open table's frame is an item's picture too
    felt.grab()
    qtbot.waitUntil(zone_pictures.frames.settled)
    floor, _ = _floor_of(qtbot, felt)
    # Every zone's frame, title and count, every caption and card: the very same pixels.
    shown = [item for item in floor.items(floor.viewport().rect()) if item.zValue() < 0]
    assert len(shown) >= zones
    assert floor.viewport().grab().toImage() == felt.viewport().grab().toImage()
    for read in ("viewportUpdateMode", "cacheMode", "optimizationFlags", "transform"):
        assert getattr(floor, read)() == getattr(felt, read)()
    assert floor.scene().bspTreeDepth() == felt.scene().bspTreeDepth()


def test_the_floor_lays_no_picture_of_what_paints_nothing(qtbot: QtBot) -> None:
    felt = _table(qtbot, fanned_table(300), OPEN_TABLE, 1.0)
    opened = next(zone for zone in felt.zones() if zone.pile_id == OPEN_TABLE)
    assert opened.frame_in_felt()  # the felt paints it with its background
    floor, _ = _floor_of(qtbot, felt)
    assert item_picture(opened, felt) is None
    # Its title band is an item of its own, and the floor has its picture.
    [band] = opened.childItems()
    assert item_picture(band, felt) is not None
    assert len(floor.scene().items()) > len([i for i in felt.card_items() if i.isVisible()])


def test_a_card_that_has_not_drawn_yet_is_its_whole_art_where_it_lies(qtbot: QtBot) -> None:
    document = demo_document()
    felt = table_view(qtbot, document)
    document.replace(big_table(40, crowded=False))
    item = next(i for i in felt.card_items() if i.rotation() == 180.0)
    [(picture, layer)] = card_pictures(item, 1.0, 1.0)
    assert layer == 0.0
    assert picture.sceneBoundingRect().center() == item.pos()
    assert picture.sceneBoundingRect().size() == item.card_rect().size()


def test_a_zone_partly_in_the_part_of_the_table_asked_for_is_pictured_that_far(
    qtbot: QtBot,
) -> None:
    felt = _table(qtbot, big_table(300, crowded=False), "zone/006")
    zone = next(z for z in felt.zones() if z.pile_id == "zone/006")
    whole = item_picture(zone, felt)
    place = zone.sceneBoundingRect()
    left = QtCore.QRectF(place.left() - 50, place.top() - 50, 50 + place.width() / 2, 400)
    half = item_picture(zone, felt, left)
    assert whole is not None and half is not None
    assert half.sceneBoundingRect().right() <= left.right() + 1
    assert half.pixmap().width() < whole.pixmap().width() * 0.6
    # The same pixels where the two overlap: a part of the very same picture.
    part = whole.pixmap().copy(0, 0, half.pixmap().width(), half.pixmap().height())
    assert part.toImage() == half.pixmap().toImage()
    assert item_picture(zone, felt, QtCore.QRectF(-9000, -9000, 10, 10)) is None
