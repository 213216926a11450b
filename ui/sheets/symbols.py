"""The systems' symbols as vector paths in a unit square: tarot emblems, Elements, dice.

Paths are built once and scaled into place by :meth:`Canvas.shape`, so they print sharp at
any size. Playing-card suits are printed as text glyphs (♥♦♣♠) instead: those are searchable.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TypeAlias

from cardtable.cards import TarotSuit
from cardtable.sheets.banzai import Element
from cardtable.ui.qt import QtCore, QtGui

QPointF: TypeAlias = QtCore.QPointF
QPainterPath: TypeAlias = QtGui.QPainterPath


def _polygon(*points: tuple[float, float]) -> QPainterPath:
    path = QPainterPath(QPointF(*points[0]))
    for point in points[1:]:
        path.lineTo(QPointF(*point))
    path.closeSubpath()
    return path


@cache
def tarot_emblem(suit: TarotSuit) -> QPainterPath:
    """A filled emblem for each suit of the Tourist's Tarot (and each Attribute)."""
    if suit is TarotSuit.ROCK:
        # A mountain of two peaks, the higher one capped.
        mountain = _polygon((0.02, 0.88), (0.36, 0.2), (0.54, 0.52), (0.68, 0.36), (0.98, 0.88))
        cap = _polygon(
            (0.36, 0.2), (0.47, 0.42), (0.41, 0.38), (0.36, 0.45), (0.3, 0.38), (0.25, 0.42)
        )
        return mountain.subtracted(cap)
    if suit is TarotSuit.PAPER:
        # A sheet with its corner folded down.
        path = _polygon((0.2, 0.06), (0.64, 0.06), (0.84, 0.26), (0.84, 0.94), (0.2, 0.94))
        fold = _polygon((0.64, 0.06), (0.64, 0.26), (0.84, 0.26))
        return path.subtracted(fold)
    if suit is TarotSuit.BLADES:
        # A sword, point up.
        path = _polygon((0.5, 0.0), (0.62, 0.15), (0.62, 0.6), (0.38, 0.6), (0.38, 0.15))
        path.addRoundedRect(QtCore.QRectF(0.14, 0.6, 0.72, 0.1), 0.04, 0.04)
        path.addRect(QtCore.QRectF(0.44, 0.7, 0.12, 0.16))
        path.addEllipse(QPointF(0.5, 0.91), 0.085, 0.085)
        return path.simplified()
    if suit is TarotSuit.SERPENT:
        # An S-shaped snake, stroked thick, with a head.
        spine = QPainterPath(QPointF(0.72, 0.16))
        spine.cubicTo(QPointF(0.3, 0.02), QPointF(0.08, 0.36), QPointF(0.45, 0.5))
        spine.cubicTo(QPointF(0.86, 0.64), QPointF(0.7, 0.98), QPointF(0.2, 0.86))
        stroker = QtGui.QPainterPathStroker()
        stroker.setWidth(0.13)
        stroker.setCapStyle(QtCore.Qt.PenCapStyle.RoundCap)
        body = stroker.createStroke(spine)
        body.addEllipse(QPointF(0.76, 0.17), 0.1, 0.085)
        return body.simplified()
    # Unknown: an open eye.
    eye = QPainterPath(QPointF(0.04, 0.5))
    eye.quadTo(QPointF(0.5, 0.02), QPointF(0.96, 0.5))
    eye.quadTo(QPointF(0.5, 0.98), QPointF(0.04, 0.5))
    iris = QPainterPath()
    iris.addEllipse(QPointF(0.5, 0.5), 0.2, 0.2)
    pupil = QPainterPath()
    pupil.addEllipse(QPointF(0.5, 0.5), 0.08, 0.08)
    return eye.subtracted(iris).united(pupil)


@cache
def element_emblem(element: Element) -> QPainterPath:
    """The five stones of a gorinto: cube, sphere, pyramid, crescent and jewel."""
    path = QPainterPath()
    if element is Element.EARTH:
        path.addRect(QtCore.QRectF(0.14, 0.14, 0.72, 0.72))
    elif element is Element.WATER:
        path.addEllipse(QPointF(0.5, 0.5), 0.4, 0.4)
    elif element is Element.FIRE:
        path = _polygon((0.5, 0.08), (0.92, 0.86), (0.08, 0.86))
    elif element is Element.WIND:
        # A bowl, flat side up.
        path.moveTo(QPointF(0.06, 0.3))
        path.lineTo(QPointF(0.94, 0.3))
        path.arcTo(QtCore.QRectF(0.06, -0.14, 0.88, 0.88), 0.0, -180.0)
        path.closeSubpath()
    else:
        # The jewel: a pointed flame on a round base.
        path.moveTo(QPointF(0.5, 0.04))
        path.cubicTo(QPointF(0.62, 0.28), QPointF(0.88, 0.44), QPointF(0.84, 0.66))
        path.cubicTo(QPointF(0.8, 0.9), QPointF(0.2, 0.9), QPointF(0.16, 0.66))
        path.cubicTo(QPointF(0.12, 0.44), QPointF(0.38, 0.28), QPointF(0.5, 0.04))
        path.closeSubpath()
    return path


@cache
def die_face(pips: int) -> QPainterPath:
    """A six-sided die showing ``pips`` (1-6), as a rounded square with holes."""
    body = QPainterPath()
    body.addRoundedRect(QtCore.QRectF(0.04, 0.04, 0.92, 0.92), 0.18, 0.18)
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.28, 0.28), (0.72, 0.72)],
        3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)],
        6: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)],
    }[pips]
    holes = QPainterPath()
    for x, y in spots:
        holes.addEllipse(QPointF(x, y), 0.085, 0.085)
    return body.subtracted(holes)


@cache
def ripples() -> QPainterPath:
    """Concentric rings: the pool Challenge's emblem."""
    path = QPainterPath()
    stroker = QtGui.QPainterPathStroker()
    stroker.setWidth(0.07)
    for radius in (0.12, 0.27, 0.42):
        ring = QPainterPath()
        ring.addEllipse(QPointF(0.5, 0.5), radius, radius * 0.62)
        path.addPath(stroker.createStroke(ring))
    drop = QPainterPath()
    drop.addEllipse(QPointF(0.5, 0.5), 0.05, 0.05)
    path.addPath(drop)
    return path


@cache
def compass_star() -> QPainterPath:
    """A four-pointed star: Fantastical Adventure's emblem (one point per suit)."""
    points = []
    for index in range(8):
        angle = math.pi / 4 * index - math.pi / 2
        radius = 0.48 if index % 2 == 0 else 0.14
        points.append((0.5 + radius * math.cos(angle), 0.5 + radius * math.sin(angle)))
    return _polygon(*points)
