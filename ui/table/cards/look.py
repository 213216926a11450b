"""A card on the felt as the table shows it, and the large preview of a resting pointer.

:class:`TableCard` is a :class:`~cardtable.ui.table.cards.item.CardItem` that also remembers its
pile and marks a face-down card its owner has peeked at. :class:`HoverPreview` shows a card
large, with its keywords, once the pointer has rested on it, and only when the table says
its face may be painted now.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.cards import CardFace
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.cards.preview import HOVER_DELAY_MS, CardPreview

PEEK_INK = QtGui.QColor("#3b2308")
PEEK_BADGE = QtGui.QColor("#ffd866")
#: The ring of a card a panel's prompt waits for (a click chooses it).
CHOOSABLE_RING = QtGui.QColor("#5ee0ff")


class TableCard(CardItem):
    """A card on the felt; also marks a face-down card its owner has peeked at, and a card
    a panel's prompt waits for (``choosable``); a click without a drag says ``clicked``."""

    clicked = QtCore.Signal(str)

    def __init__(self, card_id: str, kind: str, animation_ms: int) -> None:
        self._peeked = False
        self._choosable = False
        self._pressed_at: QtCore.QPointF | None = None
        super().__init__(card_id, kind, animation_ms=animation_ms)
        self.pile_id = ""

    @property
    def choosable(self) -> bool:
        """Whether a panel's prompt waits for this card (it wears a ring; a click takes it)."""
        return self._choosable

    @choosable.setter
    def choosable(self, value: bool) -> None:
        if value != self._choosable:
            self._choosable = value
            self._update_contents()
            self.update()

    def mousePressEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:
        self._pressed_at = self.pos() if event.button() == Qt.MouseButton.LeftButton else None
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:
        start, self._pressed_at = self._pressed_at, None
        super().mouseReleaseEvent(event)
        plain = event.modifiers() == Qt.KeyboardModifier.NoModifier
        if event.button() == Qt.MouseButton.LeftButton and plain and start == self.pos():
            self.clicked.emit(self.card_id)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and self._choosable and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            self.clicked.emit(self.card_id)  # Enter chooses it, as a click does
            event.accept()
            return
        super().keyPressEvent(event)

    @property
    def peeked(self) -> bool:
        """Whether the viewer has peeked at this face-down card (it wears an eye)."""
        return self._peeked

    @peeked.setter
    def peeked(self, value: bool) -> None:
        if value != self._peeked:
            self._peeked = value
            self._update_contents()
            self.update()

    def _wants_contents(self) -> bool:
        return super()._wants_contents() or self._choosable or (self._peeked and not self.face_up)

    def set_state(
        self, face: CardFace | None, face_up: bool, reversed: bool, animate: bool = True
    ) -> None:
        super().set_state(face, face_up, reversed, animate)
        self._update_contents()  # a card turned face up no longer wears the eye

    def paint(
        self,
        painter: QtGui.QPainter,
        option: QtWidgets.QStyleOptionGraphicsItem,
        widget: QtWidgets.QWidget | None = None,
    ) -> None:
        if self._choosable:
            painter.save()
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            painter.setPen(QtGui.QPen(CHOOSABLE_RING, 4.0))
            painter.setBrush(QtGui.QColor(94, 224, 255, 40))
            painter.drawRoundedRect(self.card_rect().adjusted(-2.5, -2.5, 2.5, 2.5), 8, 8)
            painter.restore()
        super().paint(painter, option, widget)
        if self.peeked and not self.face_up:
            painter.save()
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            rect = self.card_rect()
            badge = QtCore.QRectF(rect.right() - 34, rect.top() + 6, 28, 18)
            painter.setPen(QtGui.QPen(QtGui.QColor("#3b2308"), 1.0))
            painter.setBrush(QtGui.QColor("#ffd866"))
            painter.drawRoundedRect(badge, 9, 9)
            eye = QtGui.QPainterPath()
            eye.moveTo(badge.left() + 5, badge.center().y())
            eye.quadTo(badge.center().x(), badge.top() + 1, badge.right() - 5, badge.center().y())
            eye.quadTo(badge.center().x(), badge.bottom() - 1, badge.left() + 5, badge.center().y())
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(eye)
            painter.setBrush(QtGui.QColor("#3b2308"))
            painter.drawEllipse(badge.center(), 2.6, 2.6)
            painter.restore()

    def description(self) -> str:
        text = super().description()
        text = f"{text} (you peeked)" if self.peeked and not self.face_up else text
        return f"{text}, can be chosen: click it" if self._choosable else text


class HoverPreview(QtCore.QObject):
    """The large preview of the card the pointer rests on, over ``view``.

    ``face_of(card)`` is the face the table may paint now (None: none), and ``busy()`` says
    a card is being dragged, when no preview shows.
    """

    def __init__(
        self,
        view: QtWidgets.QGraphicsView,
        face_of: Callable[[str], CardFace | None],
        busy: Callable[[], bool],
    ) -> None:
        super().__init__(view)
        self._view = view
        self._face_of = face_of
        self._busy = busy
        self.preview = CardPreview(view)
        self.current: TableCard | None = None
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HOVER_DELAY_MS)
        self._timer.timeout.connect(self._on_timeout)
        view.installEventFilter(self)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if watched is self._view and event.type() == QtCore.QEvent.Type.Hide:
            self.hide()  # a closed or hidden felt shows nothing large, now or later
        return False

    def watch(self, item: TableCard) -> None:
        item.hovered.connect(lambda _card, inside: self._on_hovered(item, inside))

    def _on_hovered(self, item: TableCard, inside: bool) -> None:
        if inside and self._face_of(item.card_id) is not None:
            self.current = item
            self._timer.start()
        else:
            self.hide()

    def _on_timeout(self) -> None:
        item = self.current
        if (
            item is not None
            and item.scene() is not None
            and self._view.isVisible()
            and not self._busy()
        ):
            self._show(item, QtGui.QCursor.pos())

    def show_now(self, item: TableCard) -> None:
        """Show ``item`` large beside it now (nothing, if its face may not be painted)."""
        corner = self._view.mapFromScene(item.sceneBoundingRect().topRight())
        self.current = item
        self._show(item, self._view.viewport().mapToGlobal(corner))

    def _show(self, item: TableCard, near: QtCore.QPoint) -> None:
        face = self._face_of(item.card_id)
        if face is None:
            return
        variant = card_art.joker_variant(item.card_id)
        self.preview.show_card(face, item.kind, item.is_reversed, near, variant)

    def hide(self) -> None:
        self._timer.stop()
        self.current = None
        self.preview.hide()
