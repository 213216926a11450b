"""Faces of the Tourist's Tarot, drawn in card units (500 x 800, a 5:8 card).

A suit card shows its suit's emblem in an arched window, its figure's glyph on a seal below
the window, its name and rank ("7 · Soldier", "of Paper") and its rank in two corners. A
Triumph shows a big Roman numeral on a starburst; the Excuse an open door between worlds.
Every card prints its upright keyword along the bottom edge and its reversed keyword upside
down along the top edge, so a reversed card reads its reversed keyword the right way up. A
card the group renamed prints its new name where its title goes (a suit card keeps its rank
and the rules' name beneath it).
"""

from __future__ import annotations

import math

from cardtable.cards import TarotCard, TarotSuit, roman
from cardtable.counts import ordinal
from cardtable.ui.art.common import (
    INK,
    SERIF,
    card_outline,
    draw_text,
    font,
    mixed,
    pen,
    placed,
    star_path,
    turned_half,
)
from cardtable.ui.art.emblems import draw_emblem, suit_colour
from cardtable.ui.art.figures import draw_figure_glyph
from cardtable.ui.qt import Qt, QtCore, QtGui

WIDTH = 500.0
HEIGHT = 800.0
P = QtCore.QPointF

PARCHMENT = QtGui.QColor("#f8f1e0")
PARCHMENT_EDGE = QtGui.QColor("#eadbb8")
GOLD = QtGui.QColor("#d4a443")
NIGHT = QtGui.QColor("#18214a")
EXCUSE_TEAL = QtGui.QColor("#1f6b68")
_WHITE = QtGui.QColor("#ffffff")

_BAND = 70.0  # height of the keyword bands at the top and bottom
_FRAME = 20.0  # inset of the coloured frame


def paint_tarot_face(painter: QtGui.QPainter, card: TarotCard, detail: bool = True) -> None:
    """Paint ``card``'s face on a card of :data:`WIDTH` x :data:`HEIGHT` units.

    ``detail=False`` drops the keywords and fine lines, for cards a few dozen pixels wide.
    """
    if card.suit is not None and card.figure is not None:
        _paint_suited(painter, card, card.suit, detail)
    elif card.triumph is not None:
        _paint_triumph(painter, card, card.triumph, detail)
    else:
        _paint_excuse(painter, card, detail)


# --- pieces shared by every tarot face --------------------------------------------------------


def _ground(painter: QtGui.QPainter, centre: QtGui.QColor, edge: QtGui.QColor) -> None:
    glow = QtGui.QRadialGradient(WIDTH / 2, HEIGHT * 0.45, HEIGHT * 0.62)
    glow.setColorAt(0.0, centre)
    glow.setColorAt(1.0, edge)
    painter.fillPath(card_outline(WIDTH, HEIGHT), QtGui.QBrush(glow))


def _frame(painter: QtGui.QPainter, colour: QtGui.QColor, inner: QtGui.QColor) -> None:
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen(colour, 7))
    painter.drawPath(card_outline(WIDTH, HEIGHT, _FRAME))
    painter.setPen(pen(inner, 1.8))
    painter.drawPath(card_outline(WIDTH, HEIGHT, _FRAME + 9))


def _keywords(
    painter: QtGui.QPainter, card: TarotCard, colour: QtGui.QColor, rule: QtGui.QColor
) -> None:
    """The upright keyword along the bottom; the reversed one upside down along the top."""
    face = font(SERIF, 31, 500, italic=True)
    top = _FRAME + 9
    bottom = HEIGHT - _FRAME - 9
    painter.setPen(pen(rule, 1.5))
    for y in (top + _BAND, bottom - _BAND):
        painter.drawLine(P(110, y), P(WIDTH - 110, y))
    centre_low = P(WIDTH / 2, bottom - _BAND / 2)
    draw_text(painter, card.upright, face, centre_low, colour, max_width=300)
    with turned_half(painter, P(WIDTH / 2, HEIGHT / 2)):
        draw_text(painter, card.reversed, face, centre_low, colour, max_width=300)


def _corner_marks(
    painter: QtGui.QPainter, text: str, colour: QtGui.QColor, size: float, detail: bool
) -> None:
    """``text`` in the top-left corner and, turned round, in the bottom-right corner.

    Without detail there are no keywords, and the marks grow into the empty bands so that a
    small card still tells its rank.
    """
    if not detail:
        size *= 1.6
    face = font(SERIF, size, 700)
    room = 64 if detail else 110
    where = P(_FRAME + 12 + room / 2, _FRAME + 9 + _BAND / 2)
    draw_text(painter, text, face, where, colour, max_width=room)
    with turned_half(painter, P(WIDTH / 2, HEIGHT / 2)):
        draw_text(painter, text, face, where, colour, max_width=room)


# --- suit cards -------------------------------------------------------------------------------


def _arch(left: float, top: float, right: float, bottom: float) -> QtGui.QPainterPath:
    """A window with a round-headed arch."""
    width = right - left
    shoulder = top + width * 0.42
    path = QtGui.QPainterPath(P(left, bottom))
    path.lineTo(left, shoulder)
    path.cubicTo(P(left, top), P(right, top), P(right, shoulder))
    path.lineTo(right, bottom)
    path.closeSubpath()
    return path


def _paint_suited(painter: QtGui.QPainter, card: TarotCard, suit: TarotSuit, detail: bool) -> None:
    assert card.figure is not None
    colour = suit_colour(suit)
    deep = colour.darker(135)
    _ground(painter, PARCHMENT, PARCHMENT_EDGE)
    _frame(painter, colour, mixed(colour, PARCHMENT, 0.45))
    window_top, window_bottom = 112.0, 545.0
    window = _arch(58, window_top, WIDTH - 58, window_bottom)
    sky = QtGui.QRadialGradient(WIDTH / 2, 330, 260)
    sky.setColorAt(0.0, mixed(colour, _WHITE, 0.9))
    sky.setColorAt(1.0, mixed(colour, _WHITE, 0.58))
    painter.fillPath(window, QtGui.QBrush(sky))
    if detail:
        _window_rays(painter, window, colour)
    _rank_beads(painter, int(card.figure), colour, detail)
    draw_emblem(painter, suit, P(WIDTH / 2, 345), 250, colour, detail)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen(colour, 5))
    painter.drawPath(window)
    painter.setPen(pen(GOLD, 1.6))
    painter.drawPath(_arch(67, window_top + 9, WIDTH - 67, window_bottom - 9))
    # The figure's seal sits on the window sill.
    seal = P(WIDTH / 2, window_bottom)
    painter.setPen(pen(colour, 5))
    painter.setBrush(PARCHMENT)
    painter.drawEllipse(seal, 50, 50)
    painter.setPen(pen(GOLD, 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(seal, 42, 42)
    draw_figure_glyph(painter, card.figure, seal, 64, deep)
    number = str(int(card.figure))
    title = f"{number} · {card.figure.title}"
    under = f"of {suit.value}"
    if card.renamed:  # the group's name, its rank and the rules' name beneath
        title, under = card.title, f"{number} · {card.name}"
    draw_text(painter, title, font(SERIF, 44, 700), P(WIDTH / 2, 628), INK, max_width=380)
    draw_text(
        painter,
        under,
        font(SERIF, 30, 500, italic=True),
        P(WIDTH / 2, 672),
        deep,
        max_width=300,
    )
    _corner_marks(painter, number, deep, 46, detail)
    if detail:
        _keywords(painter, card, deep, mixed(colour, PARCHMENT, 0.5))


def _window_rays(painter: QtGui.QPainter, window: QtGui.QPainterPath, colour: QtGui.QColor) -> None:
    painter.save()
    painter.setClipPath(window)
    ray = QtGui.QColor(colour)
    ray.setAlphaF(0.09)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ray)
    centre = P(WIDTH / 2, 345)
    for i in range(18):
        angle = math.radians(i * 20)
        spread = math.radians(5)
        wedge = QtGui.QPolygonF(
            [
                centre,
                P(
                    centre.x() + 600 * math.cos(angle - spread),
                    centre.y() + 600 * math.sin(angle - spread),
                ),
                P(
                    centre.x() + 600 * math.cos(angle + spread),
                    centre.y() + 600 * math.sin(angle + spread),
                ),
            ]
        )
        painter.drawPolygon(wedge)
    painter.restore()


def _rank_beads(painter: QtGui.QPainter, rank: int, colour: QtGui.QColor, detail: bool) -> None:
    """``rank`` small diamonds strung along the inside of the arch, for counting at a glance."""
    centre = P(WIDTH / 2, 335)
    spread = 150.0 if rank > 1 else 0.0
    size = 10.0
    painter.setPen(pen(colour.darker(140), 1.6 / size) if detail else Qt.PenStyle.NoPen)
    painter.setBrush(GOLD)
    for i in range(rank):
        step = spread / (rank - 1) if rank > 1 else 0.0
        angle = math.radians(-90 - spread / 2 + i * step)
        where = P(centre.x() + 150 * math.cos(angle), centre.y() + 152 * math.sin(angle))
        with placed(painter, where, size, math.degrees(angle) + 90):
            painter.drawPolygon(QtGui.QPolygonF([P(0, -1.2), P(0.7, 0), P(0, 1.2), P(-0.7, 0)]))


# --- Triumphs ---------------------------------------------------------------------------------


def _paint_triumph(painter: QtGui.QPainter, card: TarotCard, number: int, detail: bool) -> None:
    _ground(painter, NIGHT.lighter(135), NIGHT.darker(150))
    centre = P(WIDTH / 2, 370)
    _starburst(painter, centre, number)
    if detail:
        _sparkles(painter, number)
    painter.setPen(pen(GOLD, 6))
    disc = QtGui.QRadialGradient(centre, 125)
    disc.setColorAt(0.0, NIGHT.lighter(150))
    disc.setColorAt(1.0, NIGHT)
    painter.setBrush(QtGui.QBrush(disc))
    painter.drawEllipse(centre, 122, 122)
    painter.setPen(pen(GOLD, 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, 110, 110)
    _upright_numeral(painter, centre, number)
    numeral = roman(number)
    label = font(SERIF, 36, 700)
    label.setLetterSpacing(QtGui.QFont.SpacingType.AbsoluteSpacing, 6)
    draw_text(painter, "TRIUMPH", label, P(WIDTH / 2, 590), GOLD, max_width=320)
    draw_text(
        painter,
        card.title if card.renamed else f"the {ordinal(number)} of twenty-one",
        font(SERIF, 26, 500, italic=True),
        P(WIDTH / 2, 636),
        mixed(GOLD, _WHITE, 0.35),
        max_width=330,
    )
    _frame(painter, GOLD, mixed(GOLD, NIGHT, 0.4))
    _corner_marks(painter, numeral, GOLD, 40, detail)
    if detail:
        _keywords(painter, card, QtGui.QColor("#f3e6c4"), mixed(GOLD, NIGHT, 0.35))


def _upright_numeral(painter: QtGui.QPainter, centre: QtCore.QPointF, number: int) -> None:
    """The Triumph's number in Arabic figures on a baseline rule, under a point aiming up.

    A Roman numeral of I, V and X reads nearly the same turned round (IX becomes "XI"); a
    figure standing on its rule with a point above it reads plainly upside down.
    """
    ink = QtGui.QColor("#fbe7b0")
    draw_text(
        painter,
        str(number),
        font(SERIF, 118, 700),
        P(centre.x(), centre.y() + 2),
        ink,
        max_width=170,
        halo=NIGHT.darker(160),
        halo_width=8,
    )
    painter.setPen(pen(NIGHT.darker(160), 3))
    painter.setBrush(ink)
    painter.drawRoundedRect(QtCore.QRectF(centre.x() - 62, centre.y() + 56, 124, 13), 5, 5)
    painter.drawPolygon(
        QtGui.QPolygonF(
            [P(centre.x(), centre.y() - 100), P(centre.x() + 20, centre.y() - 68),
             P(centre.x() - 20, centre.y() - 68)]
        )
    )


def _starburst(painter: QtGui.QPainter, centre: QtCore.QPointF, number: int) -> None:
    """Gold rays; stronger Triumphs shine further."""
    reach = 190 + number * 4
    rays = 32
    painter.setPen(Qt.PenStyle.NoPen)
    for i in range(rays):
        angle = math.radians(i * 360 / rays)
        length = reach if i % 2 == 0 else reach * 0.7
        half = math.radians(2.6 if i % 2 == 0 else 1.8)
        shine = QtGui.QLinearGradient(
            centre, P(centre.x() + length * math.cos(angle), centre.y() + length * math.sin(angle))
        )
        shine.setColorAt(0.0, mixed(GOLD, _WHITE, 0.3))
        fade = QtGui.QColor(GOLD)
        fade.setAlphaF(0.0)
        shine.setColorAt(1.0, fade)
        painter.setBrush(QtGui.QBrush(shine))
        painter.drawPolygon(
            QtGui.QPolygonF(
                [
                    P(
                        centre.x() + 40 * math.cos(angle - half * 6),
                        centre.y() + 40 * math.sin(angle - half * 6),
                    ),
                    P(centre.x() + length * math.cos(angle), centre.y() + length * math.sin(angle)),
                    P(
                        centre.x() + 40 * math.cos(angle + half * 6),
                        centre.y() + 40 * math.sin(angle + half * 6),
                    ),
                ]
            )
        )


def _sparkles(painter: QtGui.QPainter, seed: int) -> None:
    """A few four-pointed stars, placed by a small fixed sequence so each Triumph differs."""
    painter.setPen(Qt.PenStyle.NoPen)
    star = QtGui.QColor("#fff3cf")
    for i in range(9):
        # A fixed quasi-random walk: the same card always gets the same sky.
        u = math.modf((seed * 0.618034 + i * 0.754877) % 1.0)[0]
        v = math.modf((seed * 0.381966 + i * 0.569840) % 1.0)[0]
        x = 70 + u * (WIDTH - 140)
        y = 130 + v * 440
        if math.hypot(x - WIDTH / 2, y - 370) < 150:
            continue
        star.setAlphaF(0.55 + 0.45 * ((i * 7 + seed) % 5) / 4)
        painter.setBrush(star)
        with placed(painter, P(x, y), 7 + (i % 3) * 3):
            painter.drawPath(star_path(4, 1.0, 0.28))


# --- the Excuse -------------------------------------------------------------------------------


def _paint_excuse(painter: QtGui.QPainter, card: TarotCard, detail: bool) -> None:
    light, dark = EXCUSE_TEAL.lighter(118), EXCUSE_TEAL.darker(112)
    _ground(painter, light, dark)
    if detail:
        _harlequin(painter, dark)
    centre = P(WIDTH / 2, 360)
    painter.setPen(pen(GOLD, 6))
    painter.setBrush(PARCHMENT)
    painter.drawEllipse(centre, 150, 150)
    painter.setPen(pen(GOLD, 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, 138, 138)
    _doorway(painter, centre, detail)
    draw_text(
        painter,
        card.title if card.renamed else "The Excuse",
        font(SERIF, 50, 700),
        P(WIDTH / 2, 600),
        PARCHMENT,
        max_width=360,
        halo=EXCUSE_TEAL.darker(170),
        halo_width=6,
    )
    draw_text(
        painter,
        "beats nothing · beaten by nothing",
        font(SERIF, 23, 500, italic=True),
        P(WIDTH / 2, 646),
        mixed(PARCHMENT, EXCUSE_TEAL, 0.15),
        max_width=340,
    )
    _frame(painter, GOLD, mixed(GOLD, EXCUSE_TEAL, 0.4))
    for flip in (False, True):
        painter.save()
        if flip:
            painter.translate(WIDTH, HEIGHT)
            painter.rotate(180)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(GOLD)
        with placed(painter, P(_FRAME + 44, _FRAME + 9 + _BAND / 2), 20):
            painter.drawPath(star_path(4, 1.0, 0.3))
        painter.restore()
    if detail:
        _keywords(painter, card, PARCHMENT, mixed(GOLD, EXCUSE_TEAL, 0.3))


def _harlequin(painter: QtGui.QPainter, shade: QtGui.QColor) -> None:
    """Faint lozenges, the wanderer's motley."""
    tint = QtGui.QColor(shade.darker(118))
    tint.setAlphaF(0.55)
    painter.save()
    painter.setClipPath(card_outline(WIDTH, HEIGHT, _FRAME))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(tint)
    w, h = 62.5, 100.0
    for row in range(-1, 10):
        for col in range(-1, 9):
            if (row + col) % 2:
                continue
            x, y = col * w, row * h
            painter.drawPolygon(
                QtGui.QPolygonF(
                    [P(x + w / 2, y), P(x + w, y + h / 2), P(x + w / 2, y + h), P(x, y + h / 2)]
                )
            )
    painter.restore()


def _doorway(painter: QtGui.QPainter, centre: QtCore.QPointF, detail: bool) -> None:
    """An open door with another world's starlight behind it."""
    left, right = centre.x() - 52, centre.x() + 52
    top, bottom = centre.y() - 95, centre.y() + 95
    opening = _arch(left, top, right, bottom)
    beyond = QtGui.QLinearGradient(0, top, 0, bottom)
    beyond.setColorAt(0.0, NIGHT)
    beyond.setColorAt(1.0, QtGui.QColor("#5a4a8a"))
    painter.fillPath(opening, QtGui.QBrush(beyond))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QtGui.QColor("#fff3cf"))
    for dx, dy, size in ((-22, -50, 9), (18, -20, 6), (-8, 10, 5), (24, 40, 8), (-28, 55, 5)):
        with placed(painter, P(centre.x() + dx, centre.y() + dy), size):
            painter.drawPath(star_path(4, 1.0, 0.3))
    # The door leaf swung outwards, seen edge-on in perspective.
    leaf = QtGui.QPolygonF(
        [P(left, top + 44), P(left - 58, top + 22), P(left - 58, bottom + 16), P(left, bottom)]
    )
    wood = QtGui.QLinearGradient(left - 58, 0, left, 0)
    wood.setColorAt(0.0, QtGui.QColor("#9a6a3c"))
    wood.setColorAt(1.0, QtGui.QColor("#6b4527"))
    painter.setPen(pen(QtGui.QColor("#3e2915"), 3))
    painter.setBrush(QtGui.QBrush(wood))
    painter.drawPolygon(leaf)
    if detail:
        painter.setBrush(GOLD)
        painter.drawEllipse(P(left - 44, centre.y() + 12), 5, 5)
    painter.setPen(pen(QtGui.QColor("#3e2915"), 6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(opening)
    # Light spilling out across the threshold.
    spill = QtGui.QPolygonF(
        [P(left, bottom), P(right, bottom), P(right + 40, bottom + 30), P(left - 10, bottom + 30)]
    )
    glow = QtGui.QColor("#fff3cf")
    glow.setAlphaF(0.45)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(glow)
    painter.drawPolygon(spill)
