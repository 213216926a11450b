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
SHADOW = "shadow"
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


def paint_shadow(painter: QtGui.QPainter, card: QtCore.QRectF) -> None:
    """A soft shadow from stacked translucent outlines: cheaper than a blur effect."""
    painter.setPen(Qt.PenStyle.NoPen)
    steps = 6
    for i in range(steps):
        grow = SHADOW_BLUR * (i + 1) / steps
        painter.setBrush(QtGui.QColor(0, 0, 0, 22))
        box = card.translated(SHADOW_OFFSET).adjusted(-grow, -grow, grow, grow)
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
    if name == SHADOW:
        grow = SHADOW_BLUR + 1
        return card.translated(SHADOW_OFFSET).adjusted(-grow, -grow, grow, grow)
    return card.adjusted(-1, -1, 1, 13)  # the tab hangs below the edge


_PAINTERS: dict[str, Callable[[QtGui.QPainter, QtCore.QRectF], None]] = {
    REVERSED: paint_reversed_marker,
    SHADOW: paint_shadow,
    SELECTED: paint_ring,
    FOCUSED: lambda painter, card: paint_ring(painter, card, dashed=True),
}


def mark_pixmap(
    name: str, kind: str, width_px: int, dpr: float
) -> tuple[QtGui.QPixmap, QtCore.QRectF]:
    """The mark ``name`` (:data:`REVERSED`, :data:`SHADOW`, :data:`SELECTED` or
    :data:`FOCUSED`) for a ``kind`` card drawn ``width_px`` logical pixels wide at ``dpr``,
    and the item rectangle it covers."""
    key = (name, kind, width_px, dpr)
    found = _pixmaps.get(key)
    if found is not None:
        return found
    card = card_rect(kind)
    scale = width_px / card.width() * dpr
    wanted = _area(name, card)
    width = max(1, math.ceil(wanted.width() * scale))
    height = max(1, math.ceil(wanted.height() * scale))
    # Whole device pixels: the pixmap then lies on the card as the art does, pixel for pixel.
    area = QtCore.QRectF(wanted.topLeft(), QtCore.QSizeF(width / scale, height / scale))
    image = QtGui.QImage(width, height, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    try:
        painter.setRenderHints(
            QtGui.QPainter.RenderHint.Antialiasing | QtGui.QPainter.RenderHint.TextAntialiasing
        )
        painter.scale(scale, scale)
        painter.translate(-area.topLeft())
        _PAINTERS[name](painter, card)
    finally:
        painter.end()
    pixmap = QtGui.QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(dpr)
    if len(_pixmaps) >= KEPT:
        del _pixmaps[next(iter(_pixmaps))]
    _pixmaps[key] = (pixmap, area)
    return pixmap, area
