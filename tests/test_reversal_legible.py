"""A reversed card reads as reversed across a room, on a card 70 pixels wide.

A Triumph's central mark turned round must not look like any Triumph's mark upright (a Roman
IX turned round read "XI"), and the REVERSED tab every reversed card wears (tarot and playing
alike) must be a band a player sees, not a sliver.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from cardtable.cards import TarotCard
from cardtable.decks.standard import playing_cards, tourist_tarot
from cardtable.ui.art import card_art, card_marks
from cardtable.ui.art.tarot import HEIGHT, WIDTH, paint_tarot_face
from cardtable.ui.qt import QtGui

SMALLEST = 70  # pixels: the narrowest a card is drawn on the felt
DISC = (250.0, 370.0)  # the Triumph's disc, in face units


@pytest.fixture(autouse=True)
def _qt_app(qtbot: QtBot) -> None:
    """Images and fonts need a running QApplication; pytest-qt's qtbot makes one."""


def _triumphs() -> list[TarotCard]:
    return [f for f in tourist_tarot().faces if isinstance(f, TarotCard) and f.triumph]


def _face(card: TarotCard, turned: bool) -> QtGui.QImage:
    """``card`` at the smallest size, turned about its disc's centre if ``turned``."""
    height = round(SMALLEST * HEIGHT / WIDTH)
    image = QtGui.QImage(SMALLEST, height, QtGui.QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.scale(SMALLEST / WIDTH, height / HEIGHT)
    if turned:
        painter.translate(*DISC)
        painter.rotate(180)
        painter.translate(-DISC[0], -DISC[1])
    paint_tarot_face(painter, card, False)
    painter.end()
    return image


def _disc_difference(a: QtGui.QImage, b: QtGui.QImage) -> float:
    """Mean grey difference over the disc (the square inside it), 0-255."""
    cx = round(DISC[0] * SMALLEST / WIDTH)
    cy = round(DISC[1] * a.height() / HEIGHT)
    total = count = 0
    for x in range(cx - 14, cx + 14):
        for y in range(cy - 14, cy + 14):
            total += abs(QtGui.qGray(a.pixel(x, y)) - QtGui.qGray(b.pixel(x, y)))
            count += 1
    return total / count


def test_no_triumph_turned_round_looks_like_a_triumph_upright() -> None:
    triumphs = _triumphs()
    assert len(triumphs) == 21
    upright = {card.triumph: _face(card, False) for card in triumphs}
    for card in triumphs:
        turned = _face(card, True)
        nearest = min(
            (_disc_difference(turned, image), number) for number, image in upright.items()
        )
        # Roman numerals scored under 3 here (I, II and III under 1); the figures on a rule
        # under a point score over 20.
        assert nearest[0] > 10, f"Triumph {card.triumph} turned round reads like {nearest[1]}"


def _tab_rows(kind: str) -> int:
    """Rows of the reversed mark's lower half, at the smallest size, mostly covered: the
    tab (the card's edge alone covers a few pixels of a row)."""
    pixmap, _ = card_marks.mark_pixmap(card_marks.REVERSED, kind, SMALLEST, 1.0)
    image = pixmap.toImage()
    rows = 0
    for y in range(image.height() // 2, image.height()):
        covered = sum(image.pixelColor(x, y).alpha() > 200 for x in range(image.width()))
        rows += covered > image.width() * 0.4
    return rows


@pytest.mark.parametrize("deck", [tourist_tarot(), playing_cards()], ids=["tarot", "playing"])
def test_every_reversed_card_wears_a_tab_seen_at_the_smallest_size(deck: object) -> None:
    faces = deck.faces  # type: ignore[attr-defined]
    kinds = {card_art.deck_kind(face) for face in faces}
    assert len(faces) in (82, 54)
    for kind in kinds:
        # 13 rows: a band as tall as a line of the felt's labels. The old tab had 11.
        assert _tab_rows(kind) >= 13
