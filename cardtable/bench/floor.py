"""The floor of the table benchmarks: the app's own table as plain pixmap items.

:func:`floor_scene` lays, for every card the felt shows, each picture the card shows (the
very same shared pixmap, the strip of its art a card under another in a row shows
included) as a plain ``QGraphicsPixmapItem``, where and as the app shows it: the same
place, layer, zoom and turn, drawn as Qt draws a picture by default. A card that has not
yet picked its pictures shows its whole art at the felt's zoom. Under the cards it lays
what the felt's other items show (the zones' frames, titles and counts, the decks'
captions), each as one plain picture of what that item paints at the felt's zoom, on the
very pixels where the felt shows it (:func:`item_picture`); what the felt paints with its
background (the weave, the open table's frame, the places kept for piles to come) is the
floor's background too, or left out. :class:`FloorTable` puts that scene in a plain
``QGraphicsView`` with the felt's own view settings (how it updates, what it caches, its
scene's index, its background), laid exactly over the felt, for the bench to drag on
(:meth:`FloorTable.drags`) and to zoom and pan. The floor is what Qt itself needs to show
the app's table, with none of the app's own work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.bench.drag_run import QUIET_S, DragRun, Landing, summary, wait
from cardtable.bench.frames import FrameClock
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem

if TYPE_CHECKING:
    from cardtable.ui.table.felt import FeltView

#: A card's pictures lie in layers over its own: its art, then its marks, a quarter apart.
LAYER_STEP = 0.25

#: One card's pictures in the floor: each with its layer within the card.
Pictures = list[tuple[QtWidgets.QGraphicsPixmapItem, float]]


def _picture(pixmap: QtGui.QPixmap, offset: QtCore.QPointF) -> QtWidgets.QGraphicsPixmapItem:
    picture = QtWidgets.QGraphicsPixmapItem(pixmap)
    picture.setOffset(offset)
    picture.setShapeMode(QtWidgets.QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
    # Qt's default: a plain copy of the pixels, as the app's own cards are drawn at rest.
    picture.setTransformationMode(Qt.TransformationMode.FastTransformation)
    picture.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
    return picture


def _whole_art(item: CardItem, zoom: float, ratio: float) -> QtWidgets.QGraphicsPixmapItem:
    """``item``'s whole art at ``zoom``, where the item lies (it has not drawn its own yet)."""
    width_px = min(max(round(card_art.CARD_WIDTH * zoom), card_art.MIN_PX), card_art.MAX_PX)
    face = item.visible_face() if item.shows_face() else None
    if face is not None:
        pixmap = card_art.face_pixmap(face, width_px, ratio, card_art.joker_variant(item.card_id))
    else:
        pixmap = card_art.back_pixmap(item.kind, width_px, ratio)
    size = pixmap.deviceIndependentSize()
    picture = _picture(pixmap, QtCore.QPointF(-size.width() / 2, -size.height() / 2))
    scale = card_art.CARD_WIDTH / size.width()
    picture.setTransform(
        QtGui.QTransform().scale(scale, scale)
        * QtGui.QTransform().rotate(item.rotation())
        * QtGui.QTransform.fromTranslate(item.pos().x(), item.pos().y())
    )
    return picture


def card_pictures(item: CardItem, zoom: float, ratio: float) -> Pictures:
    """The plain pictures showing ``item`` as the felt shows it, each with its layer."""
    shown = [
        child
        for child in item.childItems()
        if isinstance(child, QtWidgets.QGraphicsPixmapItem)
        and child.isVisible()
        and not child.pixmap().isNull()
    ]
    if not shown:
        return [(_whole_art(item, zoom, ratio), 0.0)]
    pictures: Pictures = []
    for child in sorted(shown, key=lambda c: c.zValue()):
        picture = _picture(child.pixmap(), child.offset())
        picture.setTransform(child.sceneTransform())
        pictures.append((picture, child.zValue() * LAYER_STEP))
    return pictures


def _of_a_card(item: QtWidgets.QGraphicsItem) -> bool:
    """Whether ``item`` is a card or one of its pictures."""
    while item is not None:
        if isinstance(item, CardItem):
            return True
        item = item.parentItem()
    return False


def item_picture(
    item: QtWidgets.QGraphicsItem,
    felt: QtWidgets.QGraphicsView,
    within: QtCore.QRectF | None = None,
) -> QtWidgets.QGraphicsPixmapItem | None:
    """What ``item`` (a zone, a zone's title band, a deck's caption; not its children)
    paints, as one plain picture drawn at ``felt``'s zoom and laid on the very device
    pixels where the felt shows it (as Qt's own cache of an item is: its bounds rounded out
    to whole pixels), only as much of it as lies ``within`` that part of the table (None:
    all); None if it paints nothing there."""
    if item.flags() & QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
        return None
    ratio = felt.viewport().devicePixelRatioF()
    to_view = item.sceneTransform() * felt.viewportTransform()
    device = QtGui.QTransform.fromScale(ratio, ratio)
    bounds = (to_view * device).mapRect(item.boundingRect()).toAlignedRect()
    if within is not None:
        bounds &= (felt.viewportTransform() * device).mapRect(within).toAlignedRect()
    if bounds.isEmpty():
        return None
    image = QtGui.QImage(bounds.size(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(0)
    corner = QtCore.QPointF(bounds.topLeft()) / ratio  # in the viewport's pixels
    painter = QtGui.QPainter(image)
    painter.setRenderHints(felt.renderHints())
    painter.setWorldTransform(to_view * QtGui.QTransform.fromTranslate(-corner.x(), -corner.y()))
    item.paint(painter, QtWidgets.QStyleOptionGraphicsItem(), None)
    painter.end()
    if _blank(image):
        return None
    picture = _picture(QtGui.QPixmap.fromImage(image), QtCore.QPointF(0, 0))
    zoom = felt.transform().m22()
    place = felt.viewportTransform().inverted()[0].map(corner)
    picture.setTransform(
        QtGui.QTransform().scale(1 / zoom, 1 / zoom)
        * QtGui.QTransform.fromTranslate(place.x(), place.y())
    )
    return picture


def _blank(image: QtGui.QImage) -> bool:
    """Whether every pixel of ``image`` is fully transparent."""
    clear = QtGui.QImage(image.size(), image.format())
    clear.setDevicePixelRatio(image.devicePixelRatio())
    clear.fill(0)
    return image == clear


def floor_scene(felt: FeltView) -> tuple[QtWidgets.QGraphicsScene, dict[str, Pictures]]:
    """A scene of plain pictures showing every card ``felt`` shows, and under them what its
    other items show (see the module's docstring); and each card's pictures."""
    scene = QtWidgets.QGraphicsScene(felt.sceneRect())
    source = felt.scene()
    scene.setItemIndexMethod(source.itemIndexMethod())
    scene.setBspTreeDepth(source.bspTreeDepth())
    zoom = felt.transform().m22()
    ratio = felt.viewport().devicePixelRatioF()
    cards: dict[str, Pictures] = {}
    # A zone's picture is as large as the zone: what lies within a view's width and height
    # of the felt's view is laid (the bench pans by half a view, and zooms in).
    near = felt.mapToScene(felt.viewport().rect()).boundingRect()
    near.adjust(-near.width(), -near.height(), near.width(), near.height())
    # In the felt's own stacking order, bottom first: cards of one layer stack as they do
    # there, and a zone's band lies over its zone.
    for item in source.items(Qt.SortOrder.AscendingOrder):
        if not item.isVisible():
            continue
        if not isinstance(item, CardItem):
            if _of_a_card(item) or not item.sceneBoundingRect().intersects(near):
                continue
            shown = item_picture(item, felt, near)
            if shown is not None:
                top = item.topLevelItem()
                shown.setZValue(top.zValue() if top is not None else item.zValue())
                scene.addItem(shown)
            continue
        pictures = card_pictures(item, zoom, ratio)
        for picture, layer in pictures:
            picture.setZValue(item.zValue() + layer)
            scene.addItem(picture)
        cards[item.card_id] = pictures
    return scene, cards


def copy_view_settings(felt: QtWidgets.QGraphicsView, view: QtWidgets.QGraphicsView) -> None:
    """Give ``view`` the felt's own settings: how it updates, caches and paints, its zoom."""
    view.setViewportUpdateMode(felt.viewportUpdateMode())
    view.setCacheMode(felt.cacheMode())
    view.setOptimizationFlags(felt.optimizationFlags())
    view.setRenderHints(felt.renderHints())
    view.setTransformationAnchor(felt.transformationAnchor())
    view.setResizeAnchor(felt.resizeAnchor())
    view.setBackgroundBrush(felt.backgroundBrush())
    view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTransform(felt.transform())


def look_as(felt: QtWidgets.QGraphicsView, view: QtWidgets.QGraphicsView) -> None:
    """Show in ``view`` the very part of the table ``felt`` shows, to the pixel (the two
    share a scene rectangle and a zoom, so the same scroll makes the same picture)."""
    view.centerOn(felt.mapToScene(felt.viewport().rect().center()))
    view.horizontalScrollBar().setValue(felt.horizontalScrollBar().value())
    view.verticalScrollBar().setValue(felt.verticalScrollBar().value())


class FloorView(QtWidgets.QGraphicsView):
    """The floor's plain view: at the release, the pictures of each card the app's drop
    moved go where the app put it (by as much as the card moved, at its new layer), in one
    loop, and are drawn anew, as bare Qt would show that drop."""

    def __init__(
        self,
        scene: QtWidgets.QGraphicsScene,
        moves: list[tuple[QtWidgets.QGraphicsPixmapItem, QtCore.QPointF, float]],
    ) -> None:
        super().__init__(scene)
        self._moves = moves

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        for picture, place, layer in self._moves:
            picture.setPos(place)
            picture.setZValue(layer)
            picture.update()  # the card let go is drawn anew (the app's loses its lift)


def floor_moves(
    felt: FeltView, cards: dict[str, Pictures], landing: Landing
) -> list[tuple[QtWidgets.QGraphicsPixmapItem, QtCore.QPointF, float]]:
    """Where the app's drop put each picture of the cards it moved: moved by as much as its
    card (from where the card lies now), at the card's new layer."""
    items = felt.items_shown()
    moves = []
    for card, place, layer in landing:
        item = items.get(card)
        if item is None or card not in cards:
            continue
        shift = place - item.pos()
        for picture, own in cards[card]:
            moves.append((picture, picture.pos() + shift, layer + own))
    return moves


class FloorTable:
    """The floor of the table ``felt`` shows now, in its own window over the felt."""

    def __init__(self, felt: FeltView, landing: Landing) -> None:
        viewport = felt.viewport()
        self.scene, cards = floor_scene(felt)
        self.view = FloorView(self.scene, floor_moves(felt, cards, landing))
        self.view.setWindowFlag(Qt.WindowType.FramelessWindowHint)
        copy_view_settings(felt, self.view)
        self.view.resize(viewport.size())
        self.view.move(viewport.mapToGlobal(QtCore.QPoint(0, 0)))
        self.view.show()
        self.view.raise_()
        wait(0.2)
        look_as(felt, self.view)
        wait(0.3)

    def zoom_by(self, factor: float) -> None:
        self.view.scale(factor, factor)

    def drags(self, points: list[tuple[int, int]], index: dict, runs: int) -> dict[str, float]:
        """``runs`` drags and drops along the pointer's path (after one untimed), every
        picture put back after each; their figures."""
        clock = FrameClock(self.view.viewport())
        measured = []
        places = [(picture, picture.pos(), picture.zValue()) for picture in self.scene.items()]
        try:
            for attempt in range(runs + 1):
                run = DragRun(clock, points, index)
                if attempt:
                    measured.append(run)
                for picture, place, layer in places:  # every picture back where it was
                    picture.setPos(place)
                    picture.setZValue(layer)
                wait(QUIET_S)
        finally:
            clock.remove()
        return summary(measured)

    def close(self) -> None:
        self.view.close()
        self.view.deleteLater()
        wait(0.2)
