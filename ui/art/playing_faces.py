"""A whole playing-card face: the index, the pips, the ace's garland, or a court card.

The pieces come from :mod:`cardtable.ui.art.playing` (pips and indices) and
:mod:`cardtable.ui.art.court` (court cards and jokers); this module lays them out.
"""

from __future__ import annotations

from cardtable.cards import PlayingCard, Rank, Suit
from cardtable.ui.art.common import PAPER_WHITE, mixed, pen, placed
from cardtable.ui.art.court import paint_court, paint_joker
from cardtable.ui.art.playing import (
    CENTRE,
    P,
    draw_index,
    draw_pip,
    paint_ground,
    pip_positions,
    suit_ink,
    suit_path,
)
from cardtable.ui.qt import Qt, QtGui


def paint_playing_face(
    painter: QtGui.QPainter, card: PlayingCard, variant: int = 0, detail: bool = True
) -> None:
    """Paint ``card`` on a card of :data:`WIDTH` x :data:`HEIGHT` units.

    ``variant`` picks the joker's colours (0 black, 1 red); other cards ignore it.
    ``detail=False`` enlarges the corner index, for cards a few dozen pixels wide.
    """
    paint_ground(painter)
    if card.rank is None or card.suit is None:
        paint_joker(painter, red=variant % 2 == 1)
        return
    ink = suit_ink(card.suit)
    draw_index(painter, card.rank.code, card.suit, ink, large=not detail)
    if card.rank is Rank.ACE:
        _paint_ace(painter, card.suit)
    elif card.rank.is_face:
        paint_court(painter, card.rank, card.suit)
    else:
        for centre, upside_down in pip_positions(card.rank):
            draw_pip(painter, card.suit, centre, 104, upside_down)


def _paint_ace(painter: QtGui.QPainter, suit: Suit) -> None:
    ink = suit_ink(suit)
    ring = mixed(ink, PAPER_WHITE, 0.55)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen(ring, 2.5))
    painter.drawEllipse(CENTRE, 168, 168)
    painter.setPen(pen(ring, 1.2))
    painter.drawEllipse(CENTRE, 178, 178)
    # Small pips at the four quarters of the ring, as a garland.
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        draw_pip(painter, suit, P(CENTRE.x() + 173 * dx, CENTRE.y() + 173 * dy), 26, dy > 0, ring)
    draw_pip(painter, suit, CENTRE, 230)
    if suit is Suit.SPADES:
        # The Ace of Spades is traditionally the ornate one: a pale inlay inside the pip.
        with placed(painter, CENTRE, 115 * 0.62):
            painter.setPen(pen(PAPER_WHITE, 0.035))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(suit_path(suit))
