"""The table's own card art, drawn for the phones as PNG (on the window's thread, as Qt wants).

A reversed card is turned round and wears the felt's amber edge and REVERSED tab, so a phone
shows a card as the felt does.
"""

from __future__ import annotations

from collections.abc import Hashable

from cardtable.cards import CardFace, CardId
from cardtable.ui.art import card_art
from cardtable.ui.art.card_marks import card_rect, paint_reversed_marker
from cardtable.ui.qt import Qt, QtCore, QtGui


class QtCardPainter:
    """Draws faces with :func:`card_art.face_pixmap`, in the art dressing each card's deck."""

    def key(self, card: CardId, face: CardFace) -> Hashable:
        art = card_art.art_for_card(card)
        dressed = None if art is None else (art.id, art.stamp)
        return face, card_art.joker_variant(card), dressed

    def png(self, card: CardId, face: CardFace, width: int, reversed_: bool) -> bytes:
        art = card_art.art_for_card(card)
        variant = card_art.joker_variant(card)
        if art is None:
            pixmap = card_art.face_pixmap(face, width, 1.0, variant)
        else:
            pixmap = card_art.face_pixmap(face, width, 1.0, variant, art)
        image = QtGui.QImage(pixmap.size(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QtGui.QPainter(image)
        try:
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            painter.translate(image.width() / 2, image.height() / 2)
            if reversed_:
                painter.rotate(180)
            painter.drawPixmap(QtCore.QPointF(-image.width() / 2, -image.height() / 2), pixmap)
            if reversed_:
                kind = card_art.deck_kind(face)
                unit = image.width() / card_rect(kind).width()
                painter.scale(unit, unit)
                paint_reversed_marker(painter, card_rect(kind))
        finally:
            painter.end()
        buffer = QtCore.QBuffer()
        buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        return bytes(buffer.data().data())
