"""Card backs: a star map for the Tourist's Tarot and a lattice for playing cards.

Both backs look the same turned round (point-symmetric), as real tarot backs are, so a
face-down card never gives its orientation away. Colours come from a :class:`BackStyle`.
"""

from __future__ import annotations

import itertools
import math

from attrs import frozen

from cardtable.randomness import seeded
from cardtable.ui.art.common import card_outline, mixed, pen, placed, star_path
from cardtable.ui.qt import Qt, QtCore, QtGui

P = QtCore.QPointF
_WHITE = QtGui.QColor("#ffffff")
_STAR_MAP_SEED = 1492  # a fixed sky: every tarot back shows the same constellations


@frozen
class BackStyle:
    """The colours of a card back, as ``#rrggbb`` strings.

    ``ground`` fills the back, ``ink`` draws its lines, ``accent`` picks out details.
    """

    ground: str
    ink: str
    accent: str

    @classmethod
    def star_map(cls) -> BackStyle:
        """Midnight blue, gold and a pale sky blue: the tarot's default."""
        return cls("#16204a", "#d8b25a", "#9cc3e6")

    @classmethod
    def lattice(cls) -> BackStyle:
        """Card-room red with cream and gold: the playing cards' default."""
        return cls("#9b1d25", "#f6efe0", "#e3bd5e")

    @property
    def key(self) -> str:
        return f"{self.ground}{self.ink}{self.accent}"


def paint_tarot_back(
    painter: QtGui.QPainter, width: float, height: float, style: BackStyle
) -> None:
    """A star map for tourists between dimensions: a compass rose among orbits and stars."""
    ground, ink, accent = (QtGui.QColor(c) for c in (style.ground, style.ink, style.accent))
    centre = P(width / 2, height / 2)
    sky = QtGui.QRadialGradient(centre, height * 0.6)
    sky.setColorAt(0.0, ground.lighter(150))
    sky.setColorAt(1.0, ground.darker(140))
    painter.fillPath(card_outline(width, height), QtGui.QBrush(sky))
    field = card_outline(width, height, 34)
    painter.save()
    painter.setClipPath(field)
    _stars(painter, width, height, accent)
    faint = QtGui.QColor(ink)
    faint.setAlphaF(0.45)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for radius, dashed in ((110, False), (160, True), (215, False), (280, True), (350, False)):
        line = pen(faint, 2.0 if not dashed else 1.6)
        if dashed:
            line.setStyle(Qt.PenStyle.CustomDashLine)
            line.setDashPattern([4, 5])
        painter.setPen(line)
        painter.drawEllipse(centre, radius, radius)
    # Planets on their orbits, in opposite pairs so the back turns round unchanged.
    painter.setPen(Qt.PenStyle.NoPen)
    for radius, angle, size in (
        (160, 35.0, 11),
        (215, 160.0, 8),
        (280, 250.0, 13),
        (350, 300.0, 9),
    ):
        for turn in (0.0, 180.0):
            a = math.radians(angle + turn)
            where = P(centre.x() + radius * math.cos(a), centre.y() + radius * math.sin(a))
            planet = QtGui.QRadialGradient(where.x() - size / 3, where.y() - size / 3, size * 1.4)
            planet.setColorAt(0.0, mixed(accent, _WHITE, 0.6))
            planet.setColorAt(1.0, accent.darker(150))
            painter.setBrush(QtGui.QBrush(planet))
            painter.drawEllipse(where, size, size)
    painter.restore()
    _compass_rose(painter, centre, ink, accent, ground)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen(ink, 6))
    painter.drawPath(card_outline(width, height, 18))
    painter.setPen(pen(ink, 1.6))
    painter.drawPath(field)
    for corner in (P(46, 46), P(width - 46, 46), P(46, height - 46), P(width - 46, height - 46)):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        with placed(painter, corner, 13, 45):
            painter.drawPath(star_path(4, 1.0, 0.3))


def _stars(painter: QtGui.QPainter, width: float, height: float, colour: QtGui.QColor) -> None:
    rng = seeded(_STAR_MAP_SEED)
    cx, cy = width / 2, height / 2
    points: list[QtCore.QPointF] = []
    for _ in range(34):
        x, y = rng.uniform(30, width - 30), rng.uniform(30, cy)
        points.append(P(x, y))
        points.append(P(2 * cx - x, 2 * cy - y))
    painter.setPen(Qt.PenStyle.NoPen)
    for i, where in enumerate(points):
        size = (2.2, 3.2, 4.5, 6.5)[(i // 2) % 4]
        star = QtGui.QColor(colour if (i // 2) % 3 else _WHITE)
        star.setAlphaF(0.85)
        painter.setBrush(star)
        if size > 5:
            with placed(painter, where, size * 1.6):
                painter.drawPath(star_path(4, 1.0, 0.25))
        else:
            painter.drawEllipse(where, size / 2, size / 2)
    # Two constellations (a pair, turned round from each other).
    line = QtGui.QColor(colour)
    line.setAlphaF(0.5)
    painter.setPen(pen(line, 1.4))
    upper = points[0::2]
    chain = [upper[5]]
    # Walk to the nearest star not yet joined, so the lines stay short like a real figure.
    for _ in range(4):
        here = chain[-1]
        rest = [p for p in upper if p not in chain]
        chain.append(min(rest, key=lambda p: (p.x() - here.x()) ** 2 + (p.y() - here.y()) ** 2))
    for here, there in itertools.pairwise(chain):
        painter.drawLine(here, there)
        painter.drawLine(
            P(2 * cx - here.x(), 2 * cy - here.y()), P(2 * cx - there.x(), 2 * cy - there.y())
        )


def _compass_rose(
    painter: QtGui.QPainter,
    centre: QtCore.QPointF,
    ink: QtGui.QColor,
    accent: QtGui.QColor,
    ground: QtGui.QColor,
) -> None:
    with placed(painter, centre, 1.0):
        painter.setPen(pen(ink.darker(140), 1.5))
        for i in range(8):
            long_point = i % 2 == 0
            reach = 150.0 if long_point else 95.0
            waist = 26.0 if long_point else 18.0
            painter.save()
            painter.rotate(i * 45.0)
            # Each point is split lengthwise into a light and a dark half, as on a chart.
            for side, colour in (
                (-1, ink if long_point else accent),
                (1, ink.darker(150) if long_point else accent.darker(150)),
            ):
                half = QtGui.QPolygonF([P(0, 0), P(0, -reach), P(side * waist * 0.55, -waist)])
                painter.setBrush(colour)
                painter.drawPolygon(half)
            painter.restore()
        painter.setBrush(ground)
        painter.setPen(pen(ink, 3))
        painter.drawEllipse(P(0, 0), 22, 22)
        painter.setBrush(ink)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPath(star_path(4, 15, 4, -90))


def paint_playing_back(
    painter: QtGui.QPainter, width: float, height: float, style: BackStyle
) -> None:
    """A diagonal lattice inside a white margin, with a rosette in the middle."""
    ground, ink, accent = (QtGui.QColor(c) for c in (style.ground, style.ink, style.accent))
    painter.fillPath(card_outline(width, height), QtGui.QColor("#fdfbf6"))
    painter.setPen(pen(QtGui.QColor("#b9b3a6"), 3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(card_outline(width, height, 1.5))
    field = card_outline(width, height, 30)
    painter.fillPath(field, ground)
    centre = P(width / 2, height / 2)
    painter.save()
    painter.setClipPath(field)
    step = 34.0
    # Lines through points symmetric about the centre keep the back the same turned round.
    reach = int(max(width, height) / step) + 2
    painter.setPen(pen(mixed(ink, ground, 0.35), 3.2))
    for k in range(-2 * reach, 2 * reach + 1):
        offset = k * step
        painter.drawLine(
            P(centre.x() + offset - height, centre.y() - height),
            P(centre.x() + offset + height, centre.y() + height),
        )
        painter.drawLine(
            P(centre.x() + offset + height, centre.y() - height),
            P(centre.x() + offset - height, centre.y() + height),
        )
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(accent)
    for i in range(-reach * 2, reach * 2 + 1):
        for j in range(-reach * 2, reach * 2 + 1):
            if (i + j) % 2:
                continue
            x = centre.x() + i * step / 2
            y = centre.y() + j * step / 2
            if -10 < x < width + 10 and -10 < y < height + 10:
                painter.drawEllipse(P(x, y), 3.4, 3.4)
    painter.restore()
    painter.setPen(pen(ink, 4))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(field)
    painter.setPen(pen(accent, 1.6))
    painter.drawPath(card_outline(width, height, 40))
    _rosette(painter, centre, ground, ink, accent)


def _rosette(
    painter: QtGui.QPainter,
    centre: QtCore.QPointF,
    ground: QtGui.QColor,
    ink: QtGui.QColor,
    accent: QtGui.QColor,
) -> None:
    with placed(painter, centre, 1.0):
        painter.setPen(pen(ink, 4))
        painter.setBrush(ground)
        painter.drawEllipse(P(0, 0), 78, 100)
        painter.setPen(pen(accent, 1.6))
        painter.drawEllipse(P(0, 0), 68, 90)
        painter.setPen(pen(ground.darker(140), 1.5))
        for i in range(8):
            painter.save()
            painter.rotate(i * 45.0)
            petal = QtGui.QPainterPath(P(0, 0))
            petal.cubicTo(P(-24, -20), P(-16, -54), P(0, -62))
            petal.cubicTo(P(16, -54), P(24, -20), P(0, 0))
            painter.setBrush(ink if i % 2 == 0 else accent)
            painter.drawPath(petal)
            painter.restore()
        painter.setBrush(ground)
        painter.setPen(pen(accent, 2))
        painter.drawEllipse(P(0, 0), 12, 12)
