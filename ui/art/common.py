"""What every piece of card art shares: the card's drawing units, fonts, text and outlines.

Every face and back is drawn in *card units*: a card is :data:`CARD_UNITS_WIDE` units wide
and as tall as its aspect makes it (800 for the tarot's 5:8, 700 for playing cards' 5:7). The
painter is scaled from card units to pixels before drawing, so one drawing serves every size
and stays sharp: nothing is drawn from a bitmap.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator, Sequence

from cardtable.ui.art import fonts
from cardtable.ui.qt import Qt, QtCore, QtGui

CARD_UNITS_WIDE = 500.0
CORNER_RADIUS = 24.0  # card units: a real card's 3 mm corner on a 63 mm card

# The bundled families (ui/art/fonts.py); the sans after the serif draws the symbols it lacks.
SERIF = [fonts.SERIF, fonts.SANS]
SANS = [fonts.SANS]

INK = QtGui.QColor("#231f1a")
PAPER_WHITE = QtGui.QColor("#fdfbf6")


def card_outline(width: float, height: float, inset: float = 0.0) -> QtGui.QPainterPath:
    """The rounded rectangle of a card ``width`` x ``height`` units, shrunk by ``inset``."""
    path = QtGui.QPainterPath()
    radius = max(CORNER_RADIUS - inset, 2.0)
    path.addRoundedRect(
        QtCore.QRectF(inset, inset, width - 2 * inset, height - 2 * inset), radius, radius
    )
    return path


def font(
    families: Sequence[str], size: float, weight: int = 400, italic: bool = False
) -> QtGui.QFont:
    """A font ``size`` card units tall (pixel size, so it scales with the painter)."""
    fonts.register_fonts(families)
    result = QtGui.QFont()
    result.setFamilies(list(families))
    result.setStyleHint(
        QtGui.QFont.StyleHint.Serif if families is SERIF else QtGui.QFont.StyleHint.SansSerif
    )
    result.setPixelSize(max(1, round(size)))
    result.setWeight(QtGui.QFont.Weight(weight))
    result.setItalic(italic)
    # Hinting snaps glyphs to a pixel grid that the scaled painter no longer has.
    result.setHintingPreference(QtGui.QFont.HintingPreference.PreferNoHinting)
    return result


def text_path(
    text: str, face: QtGui.QFont, centre: QtCore.QPointF, max_width: float | None = None
) -> QtGui.QPainterPath:
    """``text`` as a vector outline centred on ``centre``, squeezed to ``max_width`` if wider.

    Outlines rather than ``drawText`` so that letters scale exactly with the card and can be
    stroked for a halo.
    """
    path = QtGui.QPainterPath()
    path.addText(0, 0, face, text)
    box = path.boundingRect()
    metrics = QtGui.QFontMetricsF(face)
    squeeze = 1.0
    if max_width is not None and box.width() > max_width > 0:
        squeeze = max_width / box.width()
    # Centre on the cap height rather than the ink box, so that "Ag" and "AA" share a line.
    cap = metrics.capHeight()
    move = QtGui.QTransform()
    move.translate(centre.x(), centre.y() + cap / 2)
    move.scale(squeeze, 1.0)
    move.translate(-(box.left() + box.width() / 2), 0)
    return move.map(path)


def draw_text(
    painter: QtGui.QPainter,
    text: str,
    face: QtGui.QFont,
    centre: QtCore.QPointF,
    colour: QtGui.QColor,
    max_width: float | None = None,
    halo: QtGui.QColor | None = None,
    halo_width: float = 6.0,
) -> None:
    """Draw ``text`` centred on ``centre`` (optionally with a ``halo`` behind it)."""
    path = text_path(text, face, centre, max_width)
    if halo is not None:
        painter.strokePath(
            path,
            QtGui.QPen(
                halo,
                halo_width,
                Qt.PenStyle.SolidLine,
                Qt.PenCapStyle.RoundCap,
                Qt.PenJoinStyle.RoundJoin,
            ),
        )
    painter.fillPath(path, colour)


@contextlib.contextmanager
def turned_half(painter: QtGui.QPainter, centre: QtCore.QPointF) -> Iterator[None]:
    """Within the block, draw turned 180 degrees about ``centre``."""
    painter.save()
    painter.translate(centre)
    painter.rotate(180)
    painter.translate(-centre)
    try:
        yield
    finally:
        painter.restore()


@contextlib.contextmanager
def placed(
    painter: QtGui.QPainter, centre: QtCore.QPointF, scale: float, angle: float = 0.0
) -> Iterator[None]:
    """Within the block, (0, 0) lands on ``centre`` and one unit is ``scale`` units."""
    painter.save()
    painter.translate(centre)
    painter.rotate(angle)
    painter.scale(scale, scale)
    try:
        yield
    finally:
        painter.restore()


def mixed(a: QtGui.QColor, b: QtGui.QColor, amount: float) -> QtGui.QColor:
    """``a`` moved ``amount`` (0 to 1) of the way towards ``b``."""
    return QtGui.QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * amount,
        a.greenF() + (b.greenF() - a.greenF()) * amount,
        a.blueF() + (b.blueF() - a.blueF()) * amount,
        a.alphaF() + (b.alphaF() - a.alphaF()) * amount,
    )


def star_path(points: int, outer: float, inner: float, turn: float = -90.0) -> QtGui.QPainterPath:
    """A ``points``-pointed star around (0, 0); the first point faces ``turn`` degrees."""
    path = QtGui.QPainterPath()
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180.0 / points)
        point = QtCore.QPointF(radius * math.cos(angle), radius * math.sin(angle))
        if i == 0:
            path.moveTo(point)
        else:
            path.lineTo(point)
    path.closeSubpath()
    return path


def pen(colour: QtGui.QColor | str, width: float, round_ends: bool = True) -> QtGui.QPen:
    """A solid pen ``width`` card units wide."""
    result = QtGui.QPen(QtGui.QColor(colour), width)
    if round_ends:
        result.setCapStyle(Qt.PenCapStyle.RoundCap)
        result.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return result
