"""Faces of ordinary playing cards, drawn in card units (500 x 700, a 5:7 card).

Every card has its index (rank over suit) in the top-left corner and, turned round, in the
bottom-right. Number cards lay their pips out in the classic arrangement, the lower half
upside down; an Ace shows one big pip. Court cards and jokers are in :mod:`art_court`.
"""

from __future__ import annotations

from cardtable.cards import Rank, Suit
from cardtable.ui.art.common import (
    PAPER_WHITE,
    SERIF,
    card_outline,
    draw_text,
    font,
    pen,
    placed,
)
from cardtable.ui.qt import Qt, QtCore, QtGui

WIDTH = 500.0
HEIGHT = 700.0
P = QtCore.QPointF

RED = QtGui.QColor("#c1202b")
BLACK = QtGui.QColor("#1c1c22")
CENTRE = P(WIDTH / 2, HEIGHT / 2)

# Classic pip places: columns left/centre/right, rows as a fraction of the pip field's height.
_L, _C, _R = 150.0, 250.0, 350.0
_PIP_TOP, _PIP_BOTTOM = 118.0, 582.0
_THIRD, _SIXTH = 1 / 3, 1 / 6
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, 0.5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    9: [
        (_L, 0),
        (_R, 0),
        (_L, _THIRD),
        (_R, _THIRD),
        (_C, 0.5),
        (_L, 2 * _THIRD),
        (_R, 2 * _THIRD),
        (_L, 1),
        (_R, 1),
    ],
    10: [
        (_L, 0),
        (_R, 0),
        (_C, _SIXTH),
        (_L, _THIRD),
        (_R, _THIRD),
        (_L, 2 * _THIRD),
        (_R, 2 * _THIRD),
        (_C, 5 * _SIXTH),
        (_L, 1),
        (_R, 1),
    ],
}


def suit_ink(suit: Suit) -> QtGui.QColor:
    return QtGui.QColor(RED if suit.is_red else BLACK)


def pip_positions(rank: Rank) -> list[tuple[QtCore.QPointF, bool]]:
    """Where the pips of a number card go, and whether each is drawn upside down."""
    places = []
    for x, row in _PIPS[int(rank)]:
        y = _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP)
        places.append((P(x, y), row > 0.5))
    return places


# --- the four suit symbols, each in a 2-unit box around (0, 0) --------------------------------


def _heart() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(0, 0.95))
    path.cubicTo(P(-0.25, 0.62), P(-1.0, 0.2), P(-1.0, -0.38))
    path.cubicTo(P(-1.0, -0.86), P(-0.35, -1.08), P(0, -0.56))
    path.cubicTo(P(0.35, -1.08), P(1.0, -0.86), P(1.0, -0.38))
    path.cubicTo(P(1.0, 0.2), P(0.25, 0.62), P(0, 0.95))
    path.closeSubpath()
    return path


def _diamond() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(0, -1))
    path.quadTo(P(0.34, -0.42), P(0.76, 0))
    path.quadTo(P(0.34, 0.42), P(0, 1))
    path.quadTo(P(-0.34, 0.42), P(-0.76, 0))
    path.quadTo(P(-0.34, -0.42), P(0, -1))
    path.closeSubpath()
    return path


def _stem() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(-0.07, 0.15))
    path.quadTo(P(-0.05, 0.75), P(-0.42, 0.98))
    path.lineTo(0.42, 0.98)
    path.quadTo(P(0.05, 0.75), P(0.07, 0.15))
    path.closeSubpath()
    return path


def _club() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    for x, y in ((0, -0.5), (-0.5, 0.1), (0.5, 0.1)):
        lobe = QtGui.QPainterPath()
        lobe.addEllipse(P(x, y), 0.44, 0.44)
        path = path.united(lobe)
    middle = QtGui.QPainterPath()
    middle.addEllipse(P(0, -0.05), 0.3, 0.3)
    return path.united(middle).united(_stem())


def _spade() -> QtGui.QPainterPath:
    path = QtGui.QPainterPath(P(0, -1.0))
    path.cubicTo(P(0.3, -0.62), P(1.0, -0.25), P(1.0, 0.22))
    path.cubicTo(P(1.0, 0.62), P(0.42, 0.78), P(0.05, 0.42))
    path.lineTo(-0.05, 0.42)
    path.cubicTo(P(-0.42, 0.78), P(-1.0, 0.62), P(-1.0, 0.22))
    path.cubicTo(P(-1.0, -0.25), P(-0.3, -0.62), P(0, -1.0))
    path.closeSubpath()
    return path.united(_stem())


_SHAPES = {Suit.HEARTS: _heart, Suit.DIAMONDS: _diamond, Suit.CLUBS: _club, Suit.SPADES: _spade}
_SHAPE_CACHE: dict[Suit, QtGui.QPainterPath] = {}


def suit_path(suit: Suit) -> QtGui.QPainterPath:
    """``suit``'s symbol as a path 2 units tall around (0, 0)."""
    if suit not in _SHAPE_CACHE:
        _SHAPE_CACHE[suit] = _SHAPES[suit]()
    return QtGui.QPainterPath(_SHAPE_CACHE[suit])


def draw_pip(
    painter: QtGui.QPainter,
    suit: Suit,
    centre: QtCore.QPointF,
    size: float,
    upside_down: bool = False,
    colour: QtGui.QColor | None = None,
) -> None:
    """One suit symbol ``size`` units tall at ``centre``."""
    with placed(painter, centre, size / 2, 180.0 if upside_down else 0.0):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour if colour is not None else suit_ink(suit))
        painter.drawPath(suit_path(suit))


# --- faces ------------------------------------------------------------------------------------


def paint_ground(painter: QtGui.QPainter) -> None:
    """White card stock with a hairline edge."""
    painter.fillPath(card_outline(WIDTH, HEIGHT), PAPER_WHITE)
    painter.setPen(pen(QtGui.QColor("#b9b3a6"), 3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(card_outline(WIDTH, HEIGHT, 1.5))


def draw_index(
    painter: QtGui.QPainter, rank_text: str, suit: Suit, ink: QtGui.QColor, large: bool = False
) -> None:
    """The corner index, top-left and turned round in the bottom-right.

    ``large`` makes it bigger, for cards so small that the index is all one can read.
    """
    grow = 1.2 if large else 1.0
    x = 52 * grow
    for turned in (False, True):
        painter.save()
        if turned:
            _turn_about_centre(painter)
        squeeze = 60 * grow if len(rank_text) > 1 else None
        face = font(SERIF, 66 * grow, 700)
        draw_text(painter, rank_text, face, P(x, 62 * grow), ink, max_width=squeeze)
        draw_pip(painter, suit, P(x, 126 * grow), 46 * grow)
        painter.restore()


def _turn_about_centre(painter: QtGui.QPainter) -> None:
    painter.translate(CENTRE)
    painter.rotate(180)
    painter.translate(-CENTRE)
