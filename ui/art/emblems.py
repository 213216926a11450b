"""The five suit emblems of the Tourist's Tarot, drawn as vector paths.

Rock is a cairn of stacked stones, Paper a folded tourist's map, Blades two crossed blades,
Serpent a coiled snake and Unknown an eye whose iris is a question-spiral. Each is drawn in a
box 2 units wide around (0, 0); :func:`draw_emblem` places and scales it.
"""

from __future__ import annotations

import math

from cardtable.cards import TarotSuit
from cardtable.ui.art.common import mixed, pen, placed
from cardtable.ui.qt import Qt, QtCore, QtGui

SUIT_COLOURS: dict[TarotSuit, QtGui.QColor] = {
    TarotSuit.ROCK: QtGui.QColor("#7a5632"),
    TarotSuit.PAPER: QtGui.QColor("#2b5a8c"),
    TarotSuit.BLADES: QtGui.QColor("#a3262d"),
    TarotSuit.SERPENT: QtGui.QColor("#2c7a4b"),
    TarotSuit.UNKNOWN: QtGui.QColor("#6a3d9e"),
}

_WHITE = QtGui.QColor("#ffffff")
_BLACK = QtGui.QColor("#000000")


def suit_colour(suit: TarotSuit) -> QtGui.QColor:
    return QtGui.QColor(SUIT_COLOURS[suit])


def draw_emblem(
    painter: QtGui.QPainter,
    suit: TarotSuit,
    centre: QtCore.QPointF,
    size: float,
    colour: QtGui.QColor | None = None,
    detail: bool = True,
) -> None:
    """Draw ``suit``'s emblem ``size`` units across, centred on ``centre``.

    ``detail=False`` leaves out fine lines, for emblems a few pixels tall.
    """
    tint = colour if colour is not None else suit_colour(suit)
    with placed(painter, centre, size / 2):
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        _DRAWERS[suit](painter, tint, detail)


def _outline(colour: QtGui.QColor, width: float = 0.05) -> QtGui.QPen:
    return pen(colour.darker(170), width)


def _gradient(colour: QtGui.QColor, top: float = -1.0, bottom: float = 1.0) -> QtGui.QBrush:
    ramp = QtGui.QLinearGradient(0, top, 0, bottom)
    ramp.setColorAt(0.0, mixed(colour, _WHITE, 0.35))
    ramp.setColorAt(1.0, colour.darker(125))
    return QtGui.QBrush(ramp)


# --- Rock: a cairn ----------------------------------------------------------------------------

_STONES = [  # centre x, centre y, half-width, half-height, tilt in degrees
    (0.00, 0.66, 0.86, 0.26, 2.0),
    (-0.04, 0.17, 0.64, 0.23, -5.0),
    (0.05, -0.27, 0.45, 0.19, 6.0),
    (-0.02, -0.62, 0.28, 0.15, -4.0),
]


def _stone(cx: float, cy: float, rx: float, ry: float, tilt: float) -> QtGui.QPainterPath:
    """A pebble: an ellipse flattened underneath, so that the stones sit on each other."""
    path = QtGui.QPainterPath()
    path.moveTo(-rx, 0.15 * ry)
    path.cubicTo(-rx, -1.05 * ry, rx, -1.15 * ry, rx, 0.05 * ry)
    path.cubicTo(rx, 0.85 * ry, 0.35 * rx, 1.0 * ry, 0, 1.0 * ry)
    path.cubicTo(-0.5 * rx, 1.0 * ry, -rx, 0.9 * ry, -rx, 0.15 * ry)
    move = QtGui.QTransform()
    move.translate(cx, cy)
    move.rotate(tilt)
    return move.map(path)


def _draw_rock(painter: QtGui.QPainter, colour: QtGui.QColor, detail: bool) -> None:
    painter.setPen(pen(colour.darker(160), 0.06))
    painter.drawLine(QtCore.QPointF(-0.95, 0.93), QtCore.QPointF(0.95, 0.93))
    for index, (cx, cy, rx, ry, tilt) in enumerate(_STONES):
        shade = mixed(colour, _WHITE, 0.12 * index)
        stone = _stone(cx, cy, rx, ry, tilt)
        painter.setPen(_outline(colour))
        painter.setBrush(_gradient(shade, cy - ry, cy + ry))
        painter.drawPath(stone)
        if detail:
            # A highlight along the stone's top edge gives it weight.
            glint = QtGui.QPainterPath()
            glint.moveTo(cx - rx * 0.55, cy - ry * 0.45)
            glint.quadTo(cx, cy - ry * 0.95, cx + rx * 0.45, cy - ry * 0.55)
            painter.setPen(pen(mixed(shade, _WHITE, 0.6), 0.04))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(glint)


# --- Paper: a folded map ----------------------------------------------------------------------


def _draw_paper(painter: QtGui.QPainter, colour: QtGui.QColor, detail: bool) -> None:
    xs = [-0.92, -0.46, 0.0, 0.46, 0.92]
    tops = [-0.62, -0.78, -0.62, -0.78, -0.62]
    height = 1.38
    light = mixed(colour, _WHITE, 0.72)
    dark = mixed(colour, _WHITE, 0.45)
    for i in range(4):
        panel = QtGui.QPolygonF(
            [
                QtCore.QPointF(xs[i], tops[i]),
                QtCore.QPointF(xs[i + 1], tops[i + 1]),
                QtCore.QPointF(xs[i + 1], tops[i + 1] + height),
                QtCore.QPointF(xs[i], tops[i] + height),
            ]
        )
        painter.setPen(_outline(colour, 0.045))
        painter.setBrush(light if i % 2 == 0 else dark)
        painter.drawPolygon(panel)
    if not detail:
        return
    # The route: a dashed trail wandering across the folds to a cross.
    route = QtGui.QPainterPath()
    route.moveTo(-0.72, 0.45)
    route.cubicTo(-0.45, -0.35, -0.1, 0.55, 0.15, 0.05)
    route.cubicTo(0.35, -0.35, 0.45, -0.1, 0.6, -0.32)
    trail = pen(colour.darker(130), 0.055)
    trail.setStyle(Qt.PenStyle.CustomDashLine)
    trail.setDashPattern([1.6, 1.4])
    painter.setPen(trail)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(route)
    painter.setPen(pen(colour.darker(150), 0.075))
    for dx, dy in ((1, 1), (1, -1)):
        painter.drawLine(
            QtCore.QPointF(0.6 - 0.1 * dx, -0.32 - 0.1 * dy),
            QtCore.QPointF(0.6 + 0.1 * dx, -0.32 + 0.1 * dy),
        )
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour.darker(130))
    painter.drawEllipse(QtCore.QPointF(-0.72, 0.45), 0.075, 0.075)


# --- Blades: two crossed blades ---------------------------------------------------------------


def _blade() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    path.moveTo(-0.085, 0.48)
    path.lineTo(-0.085, -0.72)
    path.quadTo(-0.07, -0.9, 0.0, -1.02)
    path.quadTo(0.07, -0.9, 0.085, -0.72)
    path.lineTo(0.085, 0.48)
    path.closeSubpath()
    return path


def _hilt() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    guard = QtCore.QRectF(-0.34, 0.44, 0.68, 0.1)
    path.addRoundedRect(guard, 0.05, 0.05)
    path.addRoundedRect(QtCore.QRectF(-0.055, 0.54, 0.11, 0.3), 0.03, 0.03)
    path.addEllipse(QtCore.QPointF(0, 0.9), 0.085, 0.085)
    return path


def _draw_blades(painter: QtGui.QPainter, colour: QtGui.QColor, detail: bool) -> None:
    steel = QtGui.QColor("#c9ced6")
    for angle in (-38.0, 38.0):
        painter.save()
        painter.rotate(angle)
        # Cross the blades above their middles so the two guards stand apart.
        painter.scale(0.9, 0.9)
        painter.translate(0, 0.2)
        shine = QtGui.QLinearGradient(-0.085, 0, 0.085, 0)
        shine.setColorAt(0.0, mixed(steel, _WHITE, 0.6))
        shine.setColorAt(0.5, steel)
        shine.setColorAt(1.0, steel.darker(135))
        painter.setPen(pen(QtGui.QColor("#4a4f57"), 0.035))
        painter.setBrush(QtGui.QBrush(shine))
        painter.drawPath(_blade())
        if detail:
            painter.setPen(pen(steel.darker(150), 0.022))
            painter.drawLine(QtCore.QPointF(0, 0.42), QtCore.QPointF(0, -0.7))
        painter.setPen(_outline(colour, 0.035))
        painter.setBrush(_gradient(colour, 0.4, 1.0))
        painter.drawPath(_hilt())
        painter.restore()


# --- Serpent: a coiled snake ------------------------------------------------------------------


def _spiral_point(t: float) -> tuple[float, float, float]:
    """Centre-line point of the coil at ``t`` (0 tail, 1 neck) and the body's half-width."""
    turns = 1.75
    theta = math.pi * 0.15 + t * turns * 2 * math.pi
    radius = 0.12 + 0.6 * t
    half_width = 0.03 + 0.13 * t**0.8
    return radius * math.cos(theta), radius * math.sin(theta) * 0.82 + 0.16, half_width


def _serpent_body() -> tuple[QtGui.QPainterPath, list[QtCore.QPointF], float]:
    steps = 160
    centre_line = [_spiral_point(i / steps) for i in range(steps + 1)]
    left: list[QtCore.QPointF] = []
    right: list[QtCore.QPointF] = []
    for i, (x, y, half) in enumerate(centre_line):
        nx0, ny0, _ = centre_line[max(i - 1, 0)]
        nx1, ny1, _ = centre_line[min(i + 1, steps)]
        dx, dy = nx1 - nx0, ny1 - ny0
        length = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / length * half, dx / length * half
        left.append(QtCore.QPointF(x + ox, y + oy))
        right.append(QtCore.QPointF(x - ox, y - oy))
    body = QtGui.QPainterPath()
    body.addPolygon(QtGui.QPolygonF(left + right[::-1]))
    body.closeSubpath()
    spine = [QtCore.QPointF(x, y) for x, y, _ in centre_line]
    return body, spine, centre_line[-1][2]


def _draw_serpent(painter: QtGui.QPainter, colour: QtGui.QColor, detail: bool) -> None:
    body, spine, neck_half = _serpent_body()
    belly = mixed(colour, _WHITE, 0.25)
    painter.setPen(_outline(colour, 0.04))
    painter.setBrush(_gradient(belly, -0.8, 0.9))
    painter.drawPath(body.simplified())
    if detail:
        # Scales: a row of small diamonds along the back.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour.darker(135))
        for i in range(14, len(spine) - 6, 9):
            p = spine[i]
            size = 0.018 + 0.045 * i / len(spine)
            diamond = QtGui.QPolygonF(
                [
                    QtCore.QPointF(p.x(), p.y() - size),
                    QtCore.QPointF(p.x() + size, p.y()),
                    QtCore.QPointF(p.x(), p.y() + size),
                    QtCore.QPointF(p.x() - size, p.y()),
                ]
            )
            painter.drawPolygon(diamond)
    # The head carries on from the end of the coil, looking where the body was going.
    neck, before = spine[-1], spine[-4]
    heading = math.degrees(math.atan2(neck.y() - before.y(), neck.x() - before.x()))
    painter.save()
    painter.translate(neck)
    painter.rotate(heading + 90)
    head = QtGui.QPainterPath()
    head.moveTo(-neck_half * 0.9, 0.05)
    head.cubicTo(-neck_half * 1.5, -0.18, -0.14, -0.42, 0.0, -0.44)
    head.cubicTo(0.14, -0.42, neck_half * 1.5, -0.18, neck_half * 0.9, 0.05)
    head.closeSubpath()
    if detail:
        tongue = QtGui.QPainterPath()
        tongue.moveTo(0, -0.43)
        tongue.lineTo(0, -0.55)
        tongue.lineTo(-0.045, -0.62)
        tongue.moveTo(0, -0.55)
        tongue.lineTo(0.045, -0.62)
        painter.setPen(pen(QtGui.QColor("#b3212b"), 0.025))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(tongue)
    painter.setPen(_outline(colour, 0.04))
    painter.setBrush(_gradient(colour, -0.45, 0.05))
    painter.drawPath(head)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QtGui.QColor("#f4d35e"))
    for side in (-1, 1):
        painter.drawEllipse(QtCore.QPointF(side * 0.065, -0.24), 0.035, 0.035)
    painter.setBrush(_BLACK)
    for side in (-1, 1):
        painter.drawEllipse(QtCore.QPointF(side * 0.065, -0.24), 0.012, 0.028)
    painter.restore()


# --- Unknown: an eye with a question-spiral iris ----------------------------------------------


def _draw_unknown(painter: QtGui.QPainter, colour: QtGui.QColor, detail: bool) -> None:
    if detail:
        painter.setPen(pen(colour, 0.05))
        for i in range(7):
            angle = math.radians(-150 + i * 20)
            inner, outer = 0.72, 0.92 if i % 2 else 0.98
            painter.drawLine(
                QtCore.QPointF(inner * math.cos(angle) * 1.15, inner * math.sin(angle)),
                QtCore.QPointF(outer * math.cos(angle) * 1.15, outer * math.sin(angle)),
            )
    almond = QtGui.QPainterPath()
    almond.moveTo(-0.98, 0.05)
    almond.cubicTo(-0.55, -0.62, 0.55, -0.62, 0.98, 0.05)
    almond.cubicTo(0.55, 0.66, -0.55, 0.66, -0.98, 0.05)
    almond.closeSubpath()
    white = QtGui.QRadialGradient(0, 0.05, 0.95)
    white.setColorAt(0.0, _WHITE)
    white.setColorAt(1.0, mixed(colour, _WHITE, 0.75))
    painter.setPen(_outline(colour, 0.06))
    painter.setBrush(QtGui.QBrush(white))
    painter.drawPath(almond)
    iris = QtGui.QRadialGradient(0, 0.05, 0.4)
    iris.setColorAt(0.0, mixed(colour, _WHITE, 0.45))
    iris.setColorAt(1.0, colour.darker(120))
    painter.save()
    painter.setClipPath(almond)
    painter.setPen(pen(colour.darker(160), 0.035))
    painter.setBrush(QtGui.QBrush(iris))
    painter.drawEllipse(QtCore.QPointF(0, 0.05), 0.4, 0.4)
    painter.restore()
    # The pupil is a spiral winding in to a dot: the question that has no answer yet.
    spiral = QtGui.QPainterPath()
    steps = 90
    for i in range(steps + 1):
        t = i / steps
        theta = t * 2.6 * math.pi
        radius = 0.3 * (1 - t) + 0.03
        point = QtCore.QPointF(radius * math.cos(theta), 0.05 + radius * math.sin(theta))
        if i == 0:
            spiral.moveTo(point)
        else:
            spiral.lineTo(point)
    painter.setPen(pen(_WHITE if detail else colour.darker(200), 0.055))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if detail:
        painter.drawPath(spiral)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_WHITE)
    painter.drawEllipse(QtCore.QPointF(0.03 * math.cos(2.6 * math.pi), 0.05), 0.05, 0.05)


_DRAWERS = {
    TarotSuit.ROCK: _draw_rock,
    TarotSuit.PAPER: _draw_paper,
    TarotSuit.BLADES: _draw_blades,
    TarotSuit.SERPENT: _draw_serpent,
    TarotSuit.UNKNOWN: _draw_unknown,
}
