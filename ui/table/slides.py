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

    def __init__(self, slides: Slides) -> None:
        super().__init__(slides)
        self._slides = slides
        self.cards: dict[str, tuple[CardItem, QtCore.QPointF, QtCore.QPointF]] = {}
        self._clock = QtCore.QVariantAnimation(self)
        self._clock.setStartValue(0.0)
        self._clock.setEndValue(1.0)
        self._clock.setEasingCurve(QtCore.QEasingCurve.Type.OutCubic)
        self._clock.valueChanged.connect(self._on_step)
        self._clock.finished.connect(self._on_finished)

    def start(self, duration_ms: int) -> None:
        """Run again, for a new change's cards (a batch is kept for the next change: making
        one cost a drop more than starting it)."""
        self._clock.setDuration(duration_ms)
        self._clock.start()

    def running(self) -> bool:
        return bool(self.cards)

    def add(self, item: CardItem, start: QtCore.QPointF, end: QtCore.QPointF) -> None:
        self.cards[item.card_id] = (item, start, end)

    def remove(self, card: str) -> None:
        self.cards.pop(card, None)
        if not self.cards:
            self._clock.stop()
            self._slides.idle(self)

    def _on_step(self, value: float) -> None:
        for item, start, end in self.cards.values():
            item.setPos(start + (end - start) * value)

    def _on_finished(self) -> None:
        for card in list(self.cards):
            self._slides.arrived(card)
        self.cards.clear()
        self._slides.idle(self)


class Slides(QtCore.QObject):
    """The slides running on ``view``'s cards; :meth:`begin` before each change's moves."""

    def __init__(self, view: QtWidgets.QGraphicsView, animation_ms: int) -> None:
        super().__init__(view)
        self._view = view
        self.animation_ms = animation_ms
        #: Each sliding card's batch, item and resting layer.
        self._running: dict[str, tuple[_Batch, CardItem, float]] = {}
        self._batch: _Batch | None = None
        #: Batches whose cards have all arrived or stopped, kept to run again.
        self._idle: list[_Batch] = []
        self._anchor: QtCore.QPointF | None = None
        self._near = (0.0, 0.0)
        self._sight: QtCore.QRectF | None = None
        self._left = MAX_SLIDES

    def begin(self, anchor: QtCore.QPointF | None) -> None:
        """A change begins: cards near ``anchor`` (a drop) may slide, or with None, cards
        in sight."""
        self._anchor = anchor
        self._near = (anchor.x(), anchor.y()) if anchor is not None else (0.0, 0.0)
        self._sight = None
        self._left = MAX_SLIDES
        self._batch = None

    def _worth(self, start: QtCore.QPointF, end: QtCore.QPointF) -> bool:
        # Plain numbers: this runs for every card a change moves, thousands on a big table.
        sx, sy, ex, ey = start.x(), start.y(), end.x(), end.y()
        if self._left <= 0 or abs(ex - sx) + abs(ey - sy) < MIN_SLIDE:
            return False
        if self._anchor is not None:
            ax, ay = self._near
            return (abs(sx - ax) <= NEAR_X and abs(sy - ay) <= NEAR_Y) or (
                abs(ex - ax) <= NEAR_X and abs(ey - ay) <= NEAR_Y
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
        if item.card_id in self._running:
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
        if self._batch is None or not self._batch.running():  # none yet, or all stopped
            self._batch = self._idle.pop() if self._idle else _Batch(self)
            self._batch.start(self.animation_ms)
        resting = item.zValue()
        item.setZValue(resting + SLIDING_Z)
        self._batch.add(item, start, place)
        self._running[item.card_id] = (self._batch, item, resting)
        item.moving = True

    def idle(self, batch: _Batch) -> None:
        """``batch`` has no card on its way any more: keep it for a later change."""
        if batch is self._batch:
            self._batch = None
        if batch not in self._idle:
            self._idle.append(batch)

    def arrived(self, card: str) -> None:
        """``card`` is in its place: it lies down at its layer again."""
        running = self._running.pop(card, None)
        if running is not None:
            batch, item, resting = running
            item.setPos(batch.cards.pop(card, (item, item.pos(), item.pos()))[2])
            item.setZValue(resting)
            item.moving = False
