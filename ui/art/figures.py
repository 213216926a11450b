"""A small glyph for each of the twelve figures of the Tourist's Tarot.

Figures matter in play (Effect counts cards that share a figure), so every suit card shows
its figure's glyph as well as its name: a sprout for the Child, a key for the Servant,
footprints for the Traveler, scales for the Merchant, linked rings for the Lover, a hammer
for the Builder, a shield for the Soldier, a candle for the Priest, an open book for the
Sage, a crown for the Ruler, a paw for the Beast and a wing for the Dragon. Each is a single
filled outline in a box 2 units wide around (0, 0).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from cardtable.cards import Figure
from cardtable.ui.art.common import placed
from cardtable.ui.qt import Qt, QtCore, QtGui

P = QtCore.QPointF


def draw_figure_glyph(
    painter: QtGui.QPainter,
    figure: Figure,
    centre: QtCore.QPointF,
    size: float,
    colour: QtGui.QColor,
) -> None:
    """Fill ``figure``'s glyph, ``size`` units across, centred on ``centre``."""
    with placed(painter, centre, size / 2):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawPath(figure_glyph(figure))


def figure_glyph(figure: Figure) -> QtGui.QPainterPath:
    """The glyph of ``figure`` as one path, in a 2-unit box around (0, 0)."""
    return _GLYPHS[figure]()


def _union(*parts: QtGui.QPainterPath) -> QtGui.QPainterPath:
    """One outline covering every part (overlaps filled, not cancelled)."""
    whole = QtGui.QPainterPath()
    for part in parts:
        whole = whole.united(part)
    return whole


def _winding(path: QtGui.QPainterPath) -> QtGui.QPainterPath:
    """``path`` filled wherever its parts overlap (they would cancel out under odd-even)."""
    path.setFillRule(Qt.FillRule.WindingFill)
    return path


def _stroke(path: QtGui.QPainterPath, width: float) -> QtGui.QPainterPath:
    stroker = QtGui.QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return stroker.createStroke(path)


def _child() -> QtGui.QPainterPath:
    stem = QtGui.QPainterPath(P(0, 0.85))
    stem.quadTo(0.05, 0.2, 0, -0.15)
    path = _stroke(stem, 0.14)
    for side in (-1, 1):
        leaf = QtGui.QPainterPath(P(0, -0.1))
        leaf.cubicTo(P(side * 0.2, -0.7), P(side * 0.75, -0.75), P(side * 0.85, -0.45))
        leaf.cubicTo(P(side * 0.6, -0.05), P(side * 0.25, 0.0), P(0, -0.1))
        path.addPath(leaf)
    path.addEllipse(P(0, 0.86), 0.45, 0.09)
    return _winding(path)


def _servant() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    ring = QtGui.QPainterPath()
    ring.addEllipse(P(0, -0.5), 0.38, 0.38)
    path.addPath(_stroke(ring, 0.17))
    shaft = QtGui.QPainterPath(P(0, -0.12))
    shaft.lineTo(0, 0.92)
    path.addPath(_stroke(shaft, 0.17))
    path.addRect(QtCore.QRectF(0.0, 0.5, 0.36, 0.13))
    path.addRect(QtCore.QRectF(0.0, 0.75, 0.28, 0.13))
    return _winding(path)


def _sole(x: float, y: float, tilt: float) -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    path.addEllipse(P(0, -0.2), 0.2, 0.3)
    path.addEllipse(P(0, 0.3), 0.14, 0.17)
    move = QtGui.QTransform()
    move.translate(x, y)
    move.rotate(tilt)
    return move.map(path)


def _traveler() -> QtGui.QPainterPath:
    path = _sole(-0.3, 0.35, -8)
    return _union(path, _sole(0.32, -0.3, 8))


def _merchant() -> QtGui.QPainterPath:
    frame = QtGui.QPainterPath(P(0, -0.8))
    frame.lineTo(0, 0.75)
    frame.moveTo(-0.75, -0.5)
    frame.lineTo(0.75, -0.5)
    for side in (-1, 1):
        frame.moveTo(side * 0.75, -0.5)
        frame.lineTo(side * 0.95, 0.1)
        frame.moveTo(side * 0.75, -0.5)
        frame.lineTo(side * 0.55, 0.1)
    path = _stroke(frame, 0.09)
    for side in (-1, 1):
        pan = QtGui.QPainterPath(P(side * 0.75 - 0.32, 0.1))
        pan.lineTo(side * 0.75 + 0.32, 0.1)
        pan.quadTo(side * 0.75, 0.55, side * 0.75 - 0.32, 0.1)
        path.addPath(pan)
    path.addRoundedRect(QtCore.QRectF(-0.4, 0.72, 0.8, 0.16), 0.05, 0.05)
    path.addEllipse(P(0, -0.85), 0.1, 0.1)
    return _winding(path)


def _lover() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    for x in (-0.32, 0.32):
        ring = QtGui.QPainterPath()
        ring.addEllipse(P(x, 0.05), 0.52, 0.52)
        path.addPath(_stroke(ring, 0.17))
    return _winding(path)


def _builder() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    path.addRoundedRect(QtCore.QRectF(-0.1, -0.35, 0.2, 1.25), 0.08, 0.08)
    head = QtGui.QPainterPath(P(-0.72, -0.62))
    head.lineTo(0.42, -0.62)
    head.lineTo(0.72, -0.82)
    head.lineTo(0.72, -0.25)
    head.lineTo(0.42, -0.32)
    head.lineTo(-0.72, -0.32)
    head.closeSubpath()
    path.addPath(head)
    move = QtGui.QTransform()
    move.rotate(-30)
    return _winding(move.map(path))


def _soldier() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(-0.75, -0.8))
    path.lineTo(0.75, -0.8)
    path.lineTo(0.75, -0.1)
    path.cubicTo(0.75, 0.45, 0.35, 0.75, 0, 0.95)
    path.cubicTo(-0.35, 0.75, -0.75, 0.45, -0.75, -0.1)
    path.closeSubpath()
    chevron = QtGui.QPainterPath(P(-0.5, 0.15))
    chevron.lineTo(0, -0.3)
    chevron.lineTo(0.5, 0.15)
    return path.subtracted(_stroke(chevron, 0.16))


def _priest() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    path.addRoundedRect(QtCore.QRectF(-0.24, -0.2, 0.48, 0.95), 0.05, 0.05)
    path.addRoundedRect(QtCore.QRectF(-0.55, 0.72, 1.1, 0.18), 0.08, 0.08)
    flame = QtGui.QPainterPath(P(0, -0.95))
    flame.cubicTo(P(0.3, -0.6), P(0.25, -0.32), P(0, -0.3))
    flame.cubicTo(P(-0.25, -0.32), P(-0.3, -0.6), P(0, -0.95))
    path.addPath(flame)
    return _winding(path)


def _sage() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    for side in (-1, 1):
        page = QtGui.QPainterPath(P(0, -0.45))
        page.cubicTo(P(side * 0.3, -0.65), P(side * 0.7, -0.65), P(side * 0.95, -0.5))
        page.lineTo(side * 0.95, 0.55)
        page.cubicTo(P(side * 0.7, 0.4), P(side * 0.3, 0.4), P(0, 0.6))
        page.closeSubpath()
        inner = QtGui.QPainterPath()
        for row in range(3):
            y = -0.3 + row * 0.25
            inner.moveTo(side * 0.2, y)
            inner.lineTo(side * 0.75, y - 0.02)
        path.addPath(page.subtracted(_stroke(inner, 0.07)))
    return path


def _ruler() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(-0.85, 0.55))
    path.lineTo(-0.95, -0.45)
    path.lineTo(-0.45, 0.0)
    path.lineTo(0, -0.7)
    path.lineTo(0.45, 0.0)
    path.lineTo(0.95, -0.45)
    path.lineTo(0.85, 0.55)
    path.closeSubpath()
    path.addRoundedRect(QtCore.QRectF(-0.85, 0.62, 1.7, 0.22), 0.06, 0.06)
    for x, y in ((-0.95, -0.45), (0, -0.7), (0.95, -0.45)):
        path.addEllipse(P(x, y - 0.1), 0.12, 0.12)
    return _winding(path)


def _beast() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(0, 0.05))
    path.cubicTo(P(0.45, 0.05), P(0.7, 0.6), P(0.45, 0.8))
    path.cubicTo(P(0.25, 0.95), P(0.1, 0.75), P(0, 0.75))
    path.cubicTo(P(-0.1, 0.75), P(-0.25, 0.95), P(-0.45, 0.8))
    path.cubicTo(P(-0.7, 0.6), P(-0.45, 0.05), P(0, 0.05))
    for angle, distance in ((-150, 0.75), (-108, 0.82), (-72, 0.82), (-30, 0.75)):
        rad = math.radians(angle)
        toe = QtGui.QPainterPath()
        toe.addEllipse(P(0, 0), 0.16, 0.22)
        move = QtGui.QTransform()
        move.translate(distance * math.cos(rad), 0.2 + distance * math.sin(rad))
        move.rotate(angle + 90)
        path.addPath(move.map(toe))
    return _winding(path)


def _dragon() -> QtGui.QPainterPath:
    shoulder, wrist = P(-0.92, 0.05), P(0.5, -0.72)
    tips = [P(0.95, 0.05), P(0.55, 0.6), P(0.0, 0.78), P(-0.55, 0.6)]
    membrane = QtGui.QPainterPath(shoulder)
    membrane.quadTo(P(-0.3, -0.85), wrist)
    membrane.lineTo(tips[0])
    # Scallops between the finger tips, bowing in towards the wrist.
    for here, there in zip(tips, [*tips[1:], shoulder], strict=True):
        mid = P((here.x() + there.x()) / 2, (here.y() + there.y()) / 2)
        pull = P(mid.x() + (wrist.x() - mid.x()) * 0.28, mid.y() + (wrist.y() - mid.y()) * 0.28)
        membrane.quadTo(pull, there)
    membrane.closeSubpath()
    bones = QtGui.QPainterPath()
    for tip in tips[1:]:
        bones.moveTo(P(wrist.x() - 0.05, wrist.y() + 0.16))
        bones.lineTo(
            P(tip.x() - (tip.x() - wrist.x()) * 0.1, tip.y() - (tip.y() - wrist.y()) * 0.1)
        )
    wing = membrane.subtracted(_stroke(bones, 0.05))
    claw = QtGui.QPainterPath(P(0.4, -0.72))
    claw.quadTo(P(0.45, -0.95), P(0.72, -0.98))
    claw.quadTo(P(0.55, -0.85), P(0.6, -0.7))
    claw.closeSubpath()
    return _union(wing, claw)


_GLYPHS: dict[Figure, Callable[[], QtGui.QPainterPath]] = {
    Figure.CHILD: _child,
    Figure.SERVANT: _servant,
    Figure.TRAVELER: _traveler,
    Figure.MERCHANT: _merchant,
    Figure.LOVER: _lover,
    Figure.BUILDER: _builder,
    Figure.SOLDIER: _soldier,
    Figure.PRIEST: _priest,
    Figure.SAGE: _sage,
    Figure.RULER: _ruler,
    Figure.BEAST: _beast,
    Figure.DRAGON: _dragon,
}
