"""What a card on the felt wears besides its art: the reversed marker and the lifted shadow.

Like the art (:mod:`cardtable.ui.art.card_art`), each mark is drawn once per card kind,
width in logical pixels and device pixel ratio, and the pixmap is shared by every card that
wears it: a table of thousands of cards paints them by copying pixels, never by drawing
paths and text again each frame.

A mark is drawn in the card item's own coordinates (a card centred on the origin, 120 units
wide); :func:`mark_pixmap` gives its pixmap and the rectangle of the item it covers.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from cardtable.ui.art import card_art
from cardtable.ui.art.common import SANS
from cardtable.ui.qt import Qt, QtCore, QtGui

MARKER_COLOUR = QtGui.QColor("#f2a23a")
MARKER_INK = QtGui.QColor("#3b2308")
#: How far below a lifted card its shadow falls, and how soft it is (card units).
SHADOW_OFFSET = QtCore.QPointF(4.0, 7.0)
SHADOW_BLUR = 7.0
CORNER = 6.0  # card units; matches the art's rounded corners on a 120-unit card
REVERSED = "reversed"
#: The ring of a chosen (selected) card, and the dashed ring of the card with the focus.
SELECTED = "selected"
FOCUSED = "focused"
SELECTED_COLOUR = QtGui.QColor("#ffd866")
#: Pixmaps kept at most (the oldest go first): a few zoom levels of both marks and kinds.
KEPT = 64

_pixmaps: dict[tuple[str, str, int, float], tuple[QtGui.QPixmap, QtCore.QRectF]] = {}


def card_rect(kind: str) -> QtCore.QRectF:
    """A ``kind`` card in item coordinates: centred on the origin."""
    size = card_art.card_size(kind)
    return QtCore.QRectF(-size.width() / 2, -size.height() / 2, size.width(), size.height())


def paint_reversed_marker(painter: QtGui.QPainter, card: QtCore.QRectF) -> None:
    """An amber edge and a tab that reads "reversed" the right way up once turned round."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QtGui.QPen(MARKER_COLOUR, 3.5))
    painter.drawRoundedRect(card.adjusted(1.7, 1.7, -1.7, -1.7), CORNER, CORNER)
    # The item is turned 180 degrees, so its bottom edge is the top the player sees.
    # Wide and tall enough to be seen across a room on a card 70 pixels wide.
    tab = QtCore.QRectF(-50, card.bottom() - 12, 100, 24)
    painter.setPen(QtGui.QPen(MARKER_COLOUR.darker(170), 1.2))
    painter.setBrush(MARKER_COLOUR)
    painter.drawRoundedRect(tab, 6, 6)
    painter.save()
    painter.translate(tab.center())
    painter.rotate(180)
    circle = QtCore.QRectF(-44, -5.5, 11, 11)
    arrow = QtGui.QPainterPath()
    arrow.arcMoveTo(circle, 100)
    arrow.arcTo(circle, 100, 280)
    painter.setPen(QtGui.QPen(MARKER_INK, 1.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(arrow)
    head = arrow.currentPosition()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(MARKER_INK)
    painter.drawPolygon(
        QtGui.QPolygonF(
            [
                QtCore.QPointF(head.x() - 3.8, head.y() - 2.6),
                QtCore.QPointF(head.x() + 2.2, head.y() - 0.2),
                QtCore.QPointF(head.x() - 2.6, head.y() + 3.4),
            ]
        )
    )
    label = QtGui.QFont()
    label.setFamilies(SANS)
    label.setPixelSize(12)
    label.setBold(True)
    label.setLetterSpacing(QtGui.QFont.SpacingType.AbsoluteSpacing, 0.5)
    painter.setFont(label)
    painter.setPen(MARKER_INK)
    painter.drawText(QtCore.QRectF(-31, -10, 78, 20), int(Qt.AlignmentFlag.AlignCenter), "REVERSED")
    painter.restore()


def shadow_rect(card: QtCore.QRectF, turned: bool = False) -> QtCore.QRectF:
    """Where the shadow of a lifted ``card`` (item coordinates) falls before it is blurred:
    below and to the right as the player sees it, so up and to the left in the item of a
    card turned round (reversed)."""
    return card.translated(-SHADOW_OFFSET if turned else SHADOW_OFFSET)


def paint_shadow(painter: QtGui.QPainter, card: QtCore.QRectF, turned: bool = False) -> None:
    """A soft shadow from stacked translucent outlines: cheaper than a blur effect."""
    painter.setPen(Qt.PenStyle.NoPen)
    steps = 6
    for i in range(steps):
        grow = SHADOW_BLUR * (i + 1) / steps
        painter.setBrush(QtGui.QColor(0, 0, 0, 22))
        box = shadow_rect(card, turned).adjusted(-grow, -grow, grow, grow)
        painter.drawRoundedRect(box, CORNER + grow, CORNER + grow)


def paint_ring(painter: QtGui.QPainter, card: QtCore.QRectF, dashed: bool = False) -> None:
    """The ring round a chosen card (solid), or round the card with the focus (dashed)."""
    ring = QtGui.QPen(SELECTED_COLOUR, 3.0)
    if dashed:
        ring.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(ring)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(card.adjusted(-3, -3, 3, 3), CORNER + 2, CORNER + 2)


def _area(name: str, card: QtCore.QRectF) -> QtCore.QRectF:
    if name in (SELECTED, FOCUSED):
        return card.adjusted(-5, -5, 5, 5)
    return card.adjusted(-1, -1, 1, 13)  # the tab hangs below the edge


_PAINTERS: dict[str, Callable[[QtGui.QPainter, QtCore.QRectF], None]] = {
    REVERSED: paint_reversed_marker,
    SELECTED: paint_ring,
    FOCUSED: lambda painter, card: paint_ring(painter, card, dashed=True),
}


def _pixel_area(wanted: QtCore.QRectF, scale: float) -> tuple[QtCore.QRectF, int, int]:
    """``wanted`` grown to whole device pixels at ``scale``: the pixmap then lies on the card
    as the art does, pixel for pixel. Also its width and height in device pixels."""
    width = max(1, math.ceil(wanted.width() * scale))
    height = max(1, math.ceil(wanted.height() * scale))
    area = QtCore.QRectF(wanted.topLeft(), QtCore.QSizeF(width / scale, height / scale))
    return area, width, height


def _drawn(
    area: QtCore.QRectF,
    width: int,
    height: int,
    scale: float,
    dpr: float,
    draw: Callable[[QtGui.QPainter], None],
) -> QtGui.QPixmap:
    """A transparent pixmap of ``area`` of the card at ``scale`` with ``draw`` painted on it."""
    image = QtGui.QImage(width, height, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    try:
        painter.setRenderHints(
            QtGui.QPainter.RenderHint.Antialiasing
            | QtGui.QPainter.RenderHint.TextAntialiasing
            | QtGui.QPainter.RenderHint.SmoothPixmapTransform
        )
        painter.scale(scale, scale)
        painter.translate(-area.topLeft())
        draw(painter)
    finally:
        painter.end()
    pixmap = QtGui.QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(dpr)
    return pixmap


def _keep(cache: dict, key: object, value: object) -> None:
    if len(cache) >= KEPT:
        del cache[next(iter(cache))]
    cache[key] = value


def mark_pixmap(
    name: str, kind: str, width_px: int, dpr: float
) -> tuple[QtGui.QPixmap, QtCore.QRectF]:
    """The mark ``name`` (:data:`REVERSED`, :data:`SELECTED` or :data:`FOCUSED`) for a
    ``kind`` card drawn ``width_px`` logical pixels wide at ``dpr``, and the item rectangle
    it covers."""
    key = (name, kind, width_px, dpr)
    found = _pixmaps.get(key)
    if found is not None:
        return found
    card = card_rect(kind)
    scale = width_px / card.width() * dpr
    area, width, height = _pixel_area(_area(name, card), scale)
    pixmap = _drawn(area, width, height, scale, dpr, lambda p: _PAINTERS[name](p, card))
    _keep(_pixmaps, key, (pixmap, area))
    return pixmap, area


_lifted: dict[tuple[object, ...], tuple[QtGui.QPixmap, QtCore.QRectF]] = {}


def lifted_pixmap(
    art: QtGui.QPixmap,
    kind: str,
    width_px: int,
    dpr: float,
    marks: tuple[str, ...],
    turned: bool = False,
) -> tuple[QtGui.QPixmap, QtCore.QRectF]:
    """A lifted ``kind`` card in one pixmap, ``width_px`` logical pixels wide at ``dpr``: its
    shadow (for a card ``turned`` round, see :func:`shadow_rect`), ``art`` over it, then
    ``marks`` (:data:`REVERSED`, a ring) in that order; and the item rectangle it covers.

    A dragged card is repainted every frame, over every card it passes: one picture blended
    once costs less than the shadow, the art and the ring blended one over another.
    """
    key = (art.cacheKey(), kind, width_px, dpr, marks, turned)
    found = _lifted.get(key)
    if found is not None:
        return found
    card = card_rect(kind)
    scale = width_px / card.width() * dpr
    grow = SHADOW_BLUR + 1
    wanted = shadow_rect(card, turned).adjusted(-grow, -grow, grow, grow).united(card)
    for name in marks:
        wanted = wanted.united(_area(name, card))
    area, width, height = _pixel_area(wanted, scale)

    def draw(painter: QtGui.QPainter) -> None:
        paint_shadow(painter, card, turned)
        painter.drawPixmap(card, art, QtCore.QRectF(art.rect()))
        for name in marks:
            _PAINTERS[name](painter, card)

    pixmap = _drawn(area, width, height, scale, dpr, draw)
    _keep(_lifted, key, (pixmap, area))
    return pixmap, area
