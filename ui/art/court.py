"""Court cards and jokers, drawn in playing-card units (500 x 700).

A court card is double-ended like a real one: inside a framed panel, the top half shows the
headgear (a crown for the King, a tiara for the Queen, a plumed cap for the Jack) over a big
letter between two pips, and the bottom half repeats it turned round. A joker wears a
jester's cap with bells, black or red.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from cardtable.cards import Rank, Suit
from cardtable.ui.art.common import (
    PAPER_WHITE,
    SERIF,
    draw_text,
    font,
    mixed,
    pen,
    placed,
    star_path,
    turned_half,
)
from cardtable.ui.art.playing import BLACK, CENTRE, RED, WIDTH, draw_pip, suit_ink
from cardtable.ui.qt import Qt, QtCore, QtGui

P = QtCore.QPointF
GOLD = QtGui.QColor("#d9a93f")
_PANEL = QtCore.QRectF(96, 78, WIDTH - 192, 544)


# --- headgear, each in a box 2 units wide around (0, 0) ---------------------------------------


def _crown() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(-0.9, 0.3))
    for x, y in (
        (-0.95, -0.5),
        (-0.47, -0.05),
        (0, -0.72),
        (0.47, -0.05),
        (0.95, -0.5),
        (0.9, 0.3),
    ):
        path.lineTo(x, y)
    path.closeSubpath()
    band = QtGui.QPainterPath()
    band.addRoundedRect(QtCore.QRectF(-0.95, 0.25, 1.9, 0.38), 0.08, 0.08)
    path = path.united(band)
    for x, y in ((-0.95, -0.5), (0, -0.72), (0.95, -0.5)):
        ball = QtGui.QPainterPath()
        ball.addEllipse(P(x, y - 0.1), 0.12, 0.12)
        path = path.united(ball)
    return path


def _tiara() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(-0.95, 0.6))
    path.quadTo(P(0, 0.35), P(0.95, 0.6))
    path.lineTo(0.95, 0.35)
    path.quadTo(P(0, 0.1), P(-0.95, 0.35))
    path.closeSubpath()
    for x, top in ((-0.72, 0.0), (-0.36, -0.32), (0.0, -0.62), (0.36, -0.32), (0.72, 0.0)):
        arch = QtGui.QPainterPath(P(x - 0.2, 0.35))
        arch.quadTo(P(x - 0.2, top), P(x, top - 0.08))
        arch.quadTo(P(x + 0.2, top), P(x + 0.2, 0.35))
        arch.closeSubpath()
        pearl = QtGui.QPainterPath()
        pearl.addEllipse(P(x, top - 0.17), 0.09, 0.09)
        path = path.united(arch).united(pearl)
    return path


def _feather(base: QtCore.QPointF, tip: QtCore.QPointF, bulge: float) -> QtGui.QPainterPath:
    """A plume from ``base`` to ``tip``, ``bulge`` units wide at its fullest."""
    dx, dy = tip.x() - base.x(), tip.y() - base.y()
    length = (dx * dx + dy * dy) ** 0.5
    nx, ny = -dy / length * bulge, dx / length * bulge
    one_third = P(base.x() + dx / 3, base.y() + dy / 3)
    two_thirds = P(base.x() + dx * 2 / 3, base.y() + dy * 2 / 3)
    path = QtGui.QPainterPath(base)
    path.cubicTo(
        P(one_third.x() + nx, one_third.y() + ny), P(two_thirds.x() + nx, two_thirds.y() + ny), tip
    )
    path.cubicTo(
        P(two_thirds.x() - nx * 0.6, two_thirds.y() - ny * 0.6),
        P(one_third.x() - nx * 0.6, one_third.y() - ny * 0.6),
        base,
    )
    path.closeSubpath()
    return path


def _cap() -> QtGui.QPainterPath:
    """A pointed cap: the brim turned up to a point in front, a feather swept back."""
    brim = QtGui.QPainterPath(P(-0.95, 0.32))
    brim.quadTo(P(0.2, 0.05), P(1.0, -0.35))
    brim.quadTo(P(0.75, 0.35), P(0.1, 0.55))
    brim.quadTo(P(-0.5, 0.62), P(-0.95, 0.32))
    brim.closeSubpath()
    crown = QtGui.QPainterPath(P(-0.7, 0.32))
    crown.cubicTo(P(-0.7, -0.35), P(-0.15, -0.62), P(0.2, -0.5))
    crown.cubicTo(P(0.45, -0.4), P(0.5, -0.05), P(0.5, 0.2))
    crown.closeSubpath()
    return brim.united(crown)


def _plume() -> QtGui.QPainterPath:
    """The Jack's feather, drawn behind the cap in the suit's colour."""
    return _feather(P(-0.35, 0.2), P(-1.0, -0.95), 0.26)


_HEADGEAR: dict[Rank, Callable[[], QtGui.QPainterPath]] = {
    Rank.KING: _crown,
    Rank.QUEEN: _tiara,
    Rank.JACK: _cap,
}
_JEWELS: dict[Rank, list[tuple[float, float]]] = {
    Rank.KING: [(-0.55, 0.44), (0.0, 0.44), (0.55, 0.44)],
    Rank.QUEEN: [(0.0, -0.2)],
    Rank.JACK: [(-0.1, 0.28)],
}


def _panel_tint(suit: Suit) -> QtGui.QColor:
    # Black suits get a cool tint, red suits a warm one, so the two colours read apart.
    return QtGui.QColor("#f6e9e4") if suit.is_red else QtGui.QColor("#e7ecf3")


def paint_court(painter: QtGui.QPainter, rank: Rank, suit: Suit) -> None:
    """The framed, double-ended design of a Jack, Queen or King."""
    ink = suit_ink(suit)
    panel = QtGui.QPainterPath()
    panel.addRoundedRect(_PANEL, 14, 14)
    painter.fillPath(panel, _panel_tint(suit))
    _hatching(painter, panel, mixed(ink, PAPER_WHITE, 0.86))
    for turned in (False, True):
        with turned_half(painter, CENTRE) if turned else contextlib.nullcontext():
            _court_half(painter, rank, suit, ink)
    painter.setPen(pen(GOLD, 2.2))
    painter.drawLine(P(_PANEL.left(), CENTRE.y()), P(_PANEL.right(), CENTRE.y()))
    painter.setPen(pen(GOLD, 3))
    painter.setBrush(PAPER_WHITE)
    painter.drawEllipse(CENTRE, 28, 28)
    draw_pip(painter, suit, CENTRE, 30)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen(ink, 5))
    painter.drawPath(panel)
    painter.setPen(pen(GOLD, 1.8))
    inner = QtGui.QPainterPath()
    inner.addRoundedRect(_PANEL.adjusted(9, 9, -9, -9), 8, 8)
    painter.drawPath(inner)


def _court_half(painter: QtGui.QPainter, rank: Rank, suit: Suit, ink: QtGui.QColor) -> None:
    with placed(painter, P(CENTRE.x(), 160), 70):
        painter.setPen(pen(ink.darker(130), 0.05))
        gold = QtGui.QLinearGradient(0, -0.8, 0, 0.6)
        gold.setColorAt(0.0, mixed(GOLD, PAPER_WHITE, 0.45))
        gold.setColorAt(1.0, GOLD.darker(115))
        if rank is Rank.JACK:
            painter.setBrush(mixed(ink, PAPER_WHITE, 0.15))
            painter.drawPath(_plume())
            painter.setPen(pen(mixed(ink, PAPER_WHITE, 0.6), 0.03))
            painter.drawLine(P(-0.35, 0.2), P(-0.9, -0.82))
            painter.setPen(pen(ink.darker(130), 0.05))
        painter.setBrush(QtGui.QBrush(gold))
        painter.drawPath(_HEADGEAR[rank]())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        for x, y in _JEWELS[rank]:
            painter.drawEllipse(P(x, y), 0.1, 0.1)
    draw_text(
        painter,
        rank.code,
        font(SERIF, 112, 700),
        P(CENTRE.x(), 252),
        ink,
        halo=PAPER_WHITE,
        halo_width=10,
    )
    for x in (_PANEL.left() + 50, _PANEL.right() - 50):
        draw_pip(painter, suit, P(x, 252), 44)


def _hatching(painter: QtGui.QPainter, panel: QtGui.QPainterPath, colour: QtGui.QColor) -> None:
    painter.save()
    painter.setClipPath(panel)
    painter.setPen(pen(colour, 2))
    # Each line is drawn only across the panel (and its round ends' width round it): Qt
    # strokes the whole length of a line before the clip throws most of it away, which on a
    # card drawn large took longer than all the rest of its face.
    area = panel.boundingRect().adjusted(-2, -2, 2, 2)
    for offset in range(-700, 700, 26):
        for start, end in (
            (P(offset, 0), P(offset + 700, 700)),
            (P(offset + 700, 0), P(offset, 700)),
        ):
            inside = _within(start, end, area)
            if inside is not None:
                painter.drawLine(*inside)
    painter.restore()


def _within(
    start: QtCore.QPointF, end: QtCore.QPointF, area: QtCore.QRectF
) -> tuple[QtCore.QPointF, QtCore.QPointF] | None:
    """The part of the line from ``start`` to ``end`` inside ``area`` (None: none of it)."""
    across, down = end.x() - start.x(), end.y() - start.y()
    first, last = 0.0, 1.0
    for step, room in (
        (-across, start.x() - area.left()),
        (across, area.right() - start.x()),
        (-down, start.y() - area.top()),
        (down, area.bottom() - start.y()),
    ):
        if step == 0:
            if room < 0:
                return None
        elif step < 0:
            first = max(first, room / step)
        else:
            last = min(last, room / step)
    if first > last:
        return None
    return start + (end - start) * first, start + (end - start) * last


# --- jokers -----------------------------------------------------------------------------------


def _horn(
    base_left: float, base_right: float, tip: QtCore.QPointF, bend: float
) -> QtGui.QPainterPath:
    """One floppy point of a jester's cap, from the band up to a bell at ``tip``."""
    path = QtGui.QPainterPath(P(base_left, 0.45))
    path.quadTo(P(base_left + bend, -0.1), tip)
    path.quadTo(P(base_right + bend * 0.4, 0.0), P(base_right, 0.45))
    path.closeSubpath()
    return path


def paint_joker(painter: QtGui.QPainter, red: bool) -> None:
    """A joker: "JOKER" down the corners and a jester's cap with bells in the middle."""
    ink = QtGui.QColor(RED if red else BLACK)
    second = QtGui.QColor("#2f4f8f") if red else QtGui.QColor("#9b1f2a")
    letters = font(SERIF, 44, 700)
    for turned in (False, True):
        with turned_half(painter, CENTRE) if turned else contextlib.nullcontext():
            for i, letter in enumerate("JOKER"):
                draw_text(painter, letter, letters, P(50, 58 + i * 50), ink)
            with placed(painter, P(50, 58 + 5 * 50), 16):
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(GOLD)
                painter.drawPath(star_path(5, 1.0, 0.45))
    centre = P(CENTRE.x(), 320)
    spotlight = QtGui.QRadialGradient(centre, 170)
    spotlight.setColorAt(0.0, mixed(GOLD, PAPER_WHITE, 0.55))
    spotlight.setColorAt(1.0, PAPER_WHITE)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QtGui.QBrush(spotlight))
    painter.drawEllipse(centre, 170, 170)
    painter.setBrush(GOLD)
    for i in range(5):
        angle = -150.0 + i * 30.0
        size = 12 if i % 2 else 16
        with placed(painter, centre, 1.0, angle + 90), placed(painter, P(0, -165), size):
            painter.drawPath(star_path(5, 1.0, 0.45))
    horns = [
        (_horn(-0.85, -0.25, P(-1.1, -0.45), -0.55), ink, P(-1.1, -0.45)),
        (_horn(0.25, 0.85, P(1.1, -0.45), 0.55), ink, P(1.1, -0.45)),
        (_horn(-0.32, 0.32, P(0.15, -1.05), -0.2), second, P(0.15, -1.05)),
    ]
    with placed(painter, centre, 120):
        painter.setPen(pen(ink.darker(150), 0.04))
        for shape, colour, _ in horns:
            painter.setBrush(colour)
            painter.drawPath(shape)
        painter.setBrush(GOLD)
        band = QtGui.QPainterPath()
        band.addRoundedRect(QtCore.QRectF(-0.95, 0.38, 1.9, 0.34), 0.1, 0.1)
        painter.drawPath(band)
        painter.setBrush(ink)
        for x in (-0.6, -0.2, 0.2, 0.6):
            painter.drawPolygon(
                QtGui.QPolygonF([P(x, 0.44), P(x + 0.1, 0.55), P(x, 0.66), P(x - 0.1, 0.55)])
            )
        for _, _, tip in horns:
            painter.setBrush(GOLD)
            painter.drawEllipse(tip, 0.14, 0.14)
            painter.setPen(pen(ink.darker(150), 0.03))
            painter.drawLine(P(tip.x() - 0.07, tip.y() + 0.04), P(tip.x() + 0.07, tip.y() + 0.04))
            painter.setPen(pen(ink.darker(150), 0.04))
    title = font(SERIF, 64, 700)
    title.setLetterSpacing(QtGui.QFont.SpacingType.AbsoluteSpacing, 10)
    draw_text(painter, "JOKER", title, P(CENTRE.x(), 555), ink, max_width=300)
