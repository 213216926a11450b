"""Cards sliding into their new places after a change, a few near where the eye is.

A drop on a crowded table may shift a thousand cards by a hair each; sliding them all would
cost the table more than the drop itself. So a change slides only the cards that moved near
the drop (or, for a change from a menu or a key, those in sight), at most
:data:`MAX_SLIDES` of them, and only when they move far enough to be seen moving; every
other card is simply put in its place.
"""

from __future__ import annotations

from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.layout import CARD_H, CARD_W

#: Cards that may slide after one change.
MAX_SLIDES = 24
#: How far (scene units) from the drop a card may lie and still slide.
NEAR_X, NEAR_Y = 3 * CARD_W, CARD_H
#: A move shorter than this (scene units) is not worth watching.
MIN_SLIDE = 6.0
#: Sliding cards pass over the others, and lie down in their place on arrival.
SLIDING_Z = 10_000.0


class _Batch(QtCore.QObject):
    """The cards one change slides: one animation moves them all, each from where it was to
    its new place (starting an animation per card cost a drop more than its slides)."""

    def __init__(self, slides: Slides, duration_ms: int) -> None:
        super().__init__(slides)
        self._slides = slides
        self.cards: dict[str, tuple[CardItem, QtCore.QPointF, QtCore.QPointF]] = {}
        self._clock = QtCore.QVariantAnimation(self)
        self._clock.setStartValue(0.0)
        self._clock.setEndValue(1.0)
        self._clock.setDuration(duration_ms)
        self._clock.setEasingCurve(QtCore.QEasingCurve.Type.OutCubic)
        self._clock.valueChanged.connect(self._on_step)
        self._clock.finished.connect(self._on_finished)
        self._clock.start()

    def add(self, item: CardItem, start: QtCore.QPointF, end: QtCore.QPointF) -> None:
        self.cards[item.card_id] = (item, start, end)

    def remove(self, card: str) -> None:
        self.cards.pop(card, None)
        if not self.cards:
            self._clock.stop()
            self.deleteLater()

    def _on_step(self, value: float) -> None:
        for item, start, end in self.cards.values():
            item.setPos(start + (end - start) * value)

    def _on_finished(self) -> None:
        for card in list(self.cards):
            self._slides.arrived(card)
        self.deleteLater()


class Slides(QtCore.QObject):
    """The slides running on ``view``'s cards; :meth:`begin` before each change's moves."""

    def __init__(self, view: QtWidgets.QGraphicsView, animation_ms: int) -> None:
        super().__init__(view)
        self._view = view
        self.animation_ms = animation_ms
        #: Each sliding card's batch, item and resting layer.
        self._running: dict[str, tuple[_Batch, CardItem, float]] = {}
        self._batch: _Batch | None = None
        self._anchor: QtCore.QPointF | None = None
        self._sight: QtCore.QRectF | None = None
        self._left = MAX_SLIDES

    def begin(self, anchor: QtCore.QPointF | None) -> None:
        """A change begins: cards near ``anchor`` (a drop) may slide, or with None, cards
        in sight."""
        self._anchor = anchor
        self._sight = None
        self._left = MAX_SLIDES
        self._batch = None

    def _worth(self, start: QtCore.QPointF, end: QtCore.QPointF) -> bool:
        if self._left <= 0 or (end - start).manhattanLength() < MIN_SLIDE:
            return False
        if self._anchor is not None:
            return any(
                abs(p.x() - self._anchor.x()) <= NEAR_X and abs(p.y() - self._anchor.y()) <= NEAR_Y
                for p in (start, end)
            )
        if self._sight is None:
            view = self._view
            area = view.mapToScene(view.viewport().rect()).boundingRect()
            self._sight = area.adjusted(-CARD_W, -CARD_H, CARD_W, CARD_H)
        return self._sight.contains(start) or self._sight.contains(end)

    def sliding(self) -> int:
        """How many cards are on their way."""
        return len(self._running)

    def stop(self, card: str) -> None:
        """Stop ``card`` where it is on its way, lying down at its layer again."""
        running = self._running.pop(card, None)
        if running is not None:
            batch, item, resting = running
            batch.remove(card)
            item.setZValue(resting)
            item.moving = False

    def move(self, item: CardItem, place: QtCore.QPointF, animate: bool) -> None:
        """Put ``item`` at ``place``: sliding there, when it is worth watching."""
        self.stop(item.card_id)
        start = item.pos()
        if (
            not animate
            or self.animation_ms <= 0
            or not item.isVisible()
            or not self._worth(start, place)
        ):
            item.setPos(place)
            return
        self._left -= 1
        if self._batch is None or not self._batch.cards:  # none yet, or all stopped
            self._batch = _Batch(self, self.animation_ms)
        resting = item.zValue()
        item.setZValue(resting + SLIDING_Z)
        self._batch.add(item, start, place)
        self._running[item.card_id] = (self._batch, item, resting)
        item.moving = True

    def arrived(self, card: str) -> None:
        """``card`` is in its place: it lies down at its layer again."""
        running = self._running.pop(card, None)
        if running is not None:
            batch, item, resting = running
            item.setPos(batch.cards.pop(card, (item, item.pos(), item.pos()))[2])
            item.setZValue(resting)
            item.moving = False
