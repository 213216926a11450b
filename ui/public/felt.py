"""The public felt: the piles of a :class:`~cardtable.public.PublicView`, painted large.

It paints the faces the view carries and backs for every other card, nothing it works out
itself: the view is the privacy boundary, this widget only draws it. Each pile is a cell (its
label, a stack of backs with their count, then each face), the cells flowing in rows and the
cards shrinking until every cell fits. Under each face its index ("Q♥", "Triumph XXI") is
written in type at least :data:`INDEX_FRACTION` of the height, so a room reads it from three
metres; a reversed card is turned round and wears the felt's amber edge and REVERSED tab,
scaled with the card, and its index says "reversed". Cards just shown to the room wear a
ring for :data:`MARK_MS`.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from cardtable.cards import CardId
from cardtable.public.view import PublicCard, PublicPile, PublicView
from cardtable.ui.art import card_art
from cardtable.ui.art.card_marks import MARKER_COLOUR, SELECTED_COLOUR, card_rect
from cardtable.ui.art.card_marks import paint_reversed_marker as paint_reversed
from cardtable.ui.art.common import SANS
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: Card indices and labels are at least this fraction of the window's height (1/40: 27
#: pixels on a 1080-line TV).
INDEX_FRACTION = 1 / 40
#: How long a card just shown to the room stays ringed.
MARK_MS = 4000
FELT = QtGui.QColor("#1f4d36")
INK = QtGui.QColor("#f4efe2")
#: The widest card tried, as a fraction of the height, and the narrowest.
WIDEST, NARROWEST = 1 / 6.5, 1 / 16


def index_px(height: int) -> int:
    """The pixel size of the type under the cards for a window ``height`` pixels tall."""
    return max(14, -(-height // 40))


@frozen
class _Slot:
    """One card painted in a cell: a face (``card`` carries it) or a stack of ``count``
    backs."""

    card: PublicCard
    count: int = 1


def _slots(pile: PublicPile) -> list[_Slot]:
    backs = [card for card in pile.cards if card.face is None]
    slots = [_Slot(backs[-1], len(backs))] if backs else []
    return slots + [_Slot(card) for card in pile.shown]


def _aspect(back: str) -> float:
    size = card_art.card_size(back if back in card_art.DECK_KINDS else card_art.PLAYING)
    return size.height() / size.width()


class PublicFelt(QtWidgets.QWidget):
    """The piles of the public table, drawn for the room (see the module)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("publicFelt")
        self.setAccessibleName("The table")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, FELT)
        self.setPalette(palette)
        self.setMinimumSize(320, 200)
        self._piles: tuple[PublicPile, ...] = ()
        self._marked: set[CardId] = set()
        #: The layout of the piles, kept until the view or the size changes.
        self._cells: list[tuple[PublicPile, QtCore.QRectF, float]] | None = None
        self._unmark = QtCore.QTimer(self)
        self._unmark.setSingleShot(True)
        self._unmark.setInterval(MARK_MS)
        self._unmark.timeout.connect(self._on_unmark)

    def show_view(self, view: PublicView, newly: Iterable[CardId] = ()) -> None:
        """Paint ``view``'s piles; ``newly`` shown cards are ringed for a while."""
        # Empty piles are left out, and the piles with faces come first: the room looks there.
        piles = [pile for pile in view.piles if pile.cards]
        self._piles = tuple(sorted(piles, key=lambda pile: not pile.shown))
        fresh = set(newly)
        if fresh:
            self._marked = fresh
            self._unmark.start()
        self._marked &= view.shown_cards()
        self._cells = None
        self.setAccessibleDescription(self.describe())
        self.update()

    def marked(self) -> frozenset[CardId]:
        """The cards ringed as just shown."""
        return frozenset(self._marked)

    def describe(self) -> str:
        """The felt in words, as a screen reader reads it: each pile, its faces, its backs."""
        parts = []
        for pile in self._piles:
            faces = [f"{c.name}{' (reversed)' if c.reversed else ''}" for c in pile.shown]
            backs = len(pile.cards) - len(faces)
            words = faces + ([f"{backs} face down"] if backs else [])
            parts.append(f"{pile.label}: {', '.join(words) if words else 'empty'}")
        return "; ".join(parts)

    def _on_unmark(self) -> None:
        self._marked.clear()
        self.update()

    # -- layout --------------------------------------------------------------------------

    def _font(self, bold: bool = False) -> QtGui.QFont:
        font = QtGui.QFont()
        font.setFamilies(SANS)
        font.setPixelSize(index_px(self.window().height() or self.height()))
        font.setBold(bold)
        return font

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._cells = None

    def cells(self) -> list[tuple[PublicPile, QtCore.QRectF, float]]:
        """Where each pile is painted, and the card width that fits them all."""
        if self._cells is None:
            self._cells = self._fit()
        return self._cells

    def _fit(self) -> list[tuple[PublicPile, QtCore.QRectF, float]]:
        height = self.window().height() or self.height()
        width = height * WIDEST
        while True:
            placed = self._place(width)
            if placed is not None or width <= height * NARROWEST:
                return placed or self._place(width, force=True) or []
            width *= 0.9

    def _place(
        self, card_w: float, force: bool = False
    ) -> list[tuple[PublicPile, QtCore.QRectF, float]] | None:
        text = QtGui.QFontMetricsF(self._font()).height()
        gap = card_w * 0.12
        x = y = gap
        row = 0.0
        out = []
        for pile in self._piles:
            slots = max(1, len(_slots(pile)))
            tall = max((_aspect(c.back) for c in pile.cards), default=_aspect("playing"))
            # Wide enough for a label over two lines even above a single card.
            w = max(slots * (card_w + gap) - gap, card_w * 1.7)
            h = 2 * text + gap / 2 + card_w * tall + (3.2 * text if pile.shown else 0)
            if x > gap and x + w > self.width() - gap:
                x, y, row = gap, y + row + gap, 0.0
            out.append((pile, QtCore.QRectF(x, y, w, h), card_w))
            x += w + 2 * gap
            row = max(row, h)
        if not force and y + row > self.height() - gap:
            return None
        return out

    # -- painting --------------------------------------------------------------------------

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
        label_font, index_font = self._font(bold=True), self._font()
        text = QtGui.QFontMetricsF(index_font).height()
        for pile, cell, card_w in self.cells():
            painter.setFont(label_font)
            painter.setPen(INK)
            label = QtCore.QRectF(cell.left(), cell.top(), cell.width(), 2 * text)
            flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom
            painter.drawText(label, int(flags) | int(Qt.TextFlag.TextWordWrap), pile.label)
            top = cell.top() + 2 * text + card_w * 0.12  # room for a REVERSED tab
            x = cell.left()
            for slot in _slots(pile):
                card = slot.card
                box = QtCore.QRectF(x, top, card_w, card_w * _aspect(card.back))
                self._paint_card(painter, card, box, slot.count)
                if card.face is not None:
                    self._paint_index(painter, card, box, index_font, text)
                x += card_w * 1.12
        painter.end()

    def _paint_card(
        self, painter: QtGui.QPainter, card: PublicCard, box: QtCore.QRectF, count: int
    ) -> None:
        dpr = self.devicePixelRatioF()
        width = round(box.width())
        kind = card.back if card.back in card_art.DECK_KINDS else card_art.PLAYING
        if card.face is None:
            painter.drawPixmap(box.topLeft(), card_art.back_pixmap(kind, width, dpr))
            if count > 1:
                self._paint_count(painter, box, count)
            return
        variant = card_art.joker_variant(card.card or "")
        pixmap = card_art.face_pixmap(card.face, width, dpr, variant)
        painter.save()
        painter.translate(box.center())
        if card.reversed:
            painter.rotate(180)
        painter.drawPixmap(QtCore.QPointF(-box.width() / 2, -box.height() / 2), pixmap)
        if card.reversed:
            # The felt's own marker, drawn in card units (120 wide) and scaled with the card.
            unit = box.width() / card_rect(kind).width()
            painter.scale(unit, unit)
            paint_reversed(painter, card_rect(kind))
        painter.restore()
        if card.card in self._marked:
            ring = QtGui.QPen(SELECTED_COLOUR, max(4.0, box.width() / 18))
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box.adjusted(-6, -6, 6, 6), 10, 10)

    def _paint_count(self, painter: QtGui.QPainter, box: QtCore.QRectF, count: int) -> None:
        font = self._font(bold=True)
        painter.setFont(font)
        badge = QtCore.QRectF(
            box.left(), box.bottom() - box.height() / 3, box.width(), box.height() / 3
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QtGui.QColor(0, 0, 0, 150))
        painter.drawRect(badge)
        painter.setPen(INK)
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), f"×{count}")

    def _paint_index(
        self,
        painter: QtGui.QPainter,
        card: PublicCard,
        box: QtCore.QRectF,
        font: QtGui.QFont,
        line: float,
    ) -> None:
        area = QtCore.QRectF(
            box.left() - box.width() * 0.05,
            box.bottom() + line * 0.1,
            box.width() * 1.1,
            line * 3.1,
        )
        flags = int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        painter.setFont(font)
        if card.reversed:
            painter.setPen(MARKER_COLOUR)
            painter.drawText(area.adjusted(0, line * 2, 0, 0), flags, "REVERSED")
            area.setHeight(line * 2.05)
        painter.setPen(INK)
        painter.drawText(area, flags | int(Qt.TextFlag.TextWordWrap), card.index)
