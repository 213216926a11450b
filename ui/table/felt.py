"""The felt: a QGraphicsView the cards lie on, zoomed with the wheel and panned by dragging.

Cards show art drawn for the size they cover on the screen. When the zoom or the screen's
pixel ratio changes, the view draws first what is cheap, as a map viewer does: every card
goes on showing the picture it holds, stretched to the new size, and the frame costs no more
than any other. The art of the new size is drawn afterwards, a few faces at a time between
frames (one picture per face, shared by every card showing it), and only while no button is
held: a card or the table being dragged right after a zoom is never kept waiting for it.
Once every face is drawn, the cards (:meth:`FeltView.card_items`) take their new pictures,
those in sight first and from left to right, so that each step repaints a strip of the view.
Cards put on the felt out of sight are given their pictures the same way, between frames
(:meth:`FeltView.cards_added`): a pan or zoom that brings hundreds of them into sight then
copies pictures, instead of having each card find its size and art as it is first painted.

The view, not each card, follows the pointer: it tells a card the pointer came onto it or
left it (:meth:`~cardtable.ui.table.cards.item.CardItem.set_hovered`) as the pointer moves
with no button held. Cards left to Qt's own hover events cost every release of the mouse a
search of the cards under it, through Python, hundreds deep on a crowded table.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.drag_picture import DragPicture

if TYPE_CHECKING:  # the card art is not needed for the window's first paint
    from cardtable.ui.table.cards.item import CardItem

FELT_GREEN = QtGui.QColor("#1f5d3a")
TABLE_RECT = QtCore.QRectF(-1200, -800, 2400, 1600)
#: How finely the scene's index divides the table (64 x 64 cells, each a third of a card
#: across). Qt picks a depth for the table it first indexes and keeps it: a crowded table
#: opened over the demo stayed coarse, and every query at one point (the card under the
#: pointer, under a drop) asked hundreds of cards for their bounds.
BSP_DEPTH = 12
ZOOM_STEP = 1.15
#: How long the felt works at a time, between frames, on the art of a new zoom (one face
#: drawn may take longer).
SETTLE_STEP_S = 0.006
#: How often it looks again whether the button held over the felt is let go.
BUSY_WAIT_MS = 50
#: How far a card's centre may lie outside the view and the card still show (scene units).
CARD_REACH = 200.0
ZOOM_RANGE = (0.2, 5.0)


def felt_brush(colour: QtGui.QColor = FELT_GREEN) -> QtGui.QBrush:
    """A subtly woven felt texture in ``colour``, tiled across the table."""
    tile = QtGui.QPixmap(64, 64)
    tile.fill(colour)
    painter = QtGui.QPainter(tile)
    for i, step in enumerate(range(0, 64, 4)):
        shade = colour.lighter(104) if i % 2 else colour.darker(104)
        painter.setPen(QtGui.QPen(shade, 1))
        painter.drawLine(step, 0, step + 32, 64)
        painter.drawLine(step + 32, 0, step, 64)
    painter.end()
    return QtGui.QBrush(tile)


class FeltView(QtWidgets.QGraphicsView):
    """The table surface. Cards are items of :attr:`scene`; the view only shows them."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        # A viewport of our own making, as plain as Qt's own: the first widget Qt made that
        # Python meets sends PySide through every widget class it knows, building each one's
        # enums.
        self.setViewport(QtWidgets.QWidget())
        # The view does not own its scene; parenting it keeps Python from collecting it.
        self.setScene(QtWidgets.QGraphicsScene(TABLE_RECT, self))
        self.scene().setBspTreeDepth(BSP_DEPTH)
        self.setAccessibleName("Card table")
        self.setObjectName("felt")
        self.setBackgroundBrush(felt_brush())
        # No antialiasing for the whole view: the cards are pictures, which Qt draws by a
        # slow path with it on; the zones, rings and badges ask for it as they paint.
        # Repainting the union rect of what moved is far cheaper than Qt's default
        # multi-rect MinimalViewportUpdate when many cards overlap.
        self.setViewportUpdateMode(
            QtWidgets.QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate
        )
        self.setDragMode(QtWidgets.QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QtWidgets.QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        # The felt pans by dragging; scroll bars would only take room from the cards.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        #: Ctrl+0 on the felt alone; a window with its own Ctrl+0 action turns it off.
        self.fit_shortcut = QtGui.QShortcut(QtGui.QKeySequence("Ctrl+0"), self)
        self.fit_shortcut.activated.connect(self.fit_table)
        self._art_scale: tuple[float, float] | None = None
        #: The cards still showing the art of an earlier zoom, the last to settle first;
        #: how many of them (from the end) have their art of the new size drawn.
        self._unsettled: list[CardItem] | None = None
        self._warmed = 0
        #: Whether cards never drawn have come onto the felt since its last paint.
        self._cards_added = False
        self._settling = QtCore.QTimer(self)
        self._settling.setInterval(0)
        self._settling.timeout.connect(self._settle_art)
        #: The picture a dragged card is painted over (:mod:`~cardtable.ui.table.drag_picture`).
        self.drag_picture = DragPicture(self)
        #: The card the pointer rests on (see :meth:`_follow_pointer`).
        self._hovered: CardItem | None = None
        self.viewport().setMouseTracking(True)

    def card_items(self) -> Iterable[CardItem]:
        """Every card on the felt (a view that keeps its own list answers faster)."""
        items = self.scene().items()
        if not items:
            # The empty felt painted before the session is loaded need not import the cards
            # (and attrs with them).
            return iter(())
        from cardtable.ui.table.cards.item import CardItem

        return (item for item in items if isinstance(item, CardItem))

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        if not self.drag_picture.paint(event):
            super().paintEvent(event)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.drag_picture.end()  # the picture shows the table where it lay
        super().scrollContentsBy(dx, dy)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        self.drag_picture.end()
        super().resizeEvent(event)

    def hideEvent(self, event: QtGui.QHideEvent) -> None:
        self.drag_picture.end()  # behind the curtain: the picture is forgotten
        super().hideEvent(event)

    def drawBackground(self, painter: QtGui.QPainter, rect: QtCore.QRectF) -> None:
        super().drawBackground(painter, rect)
        seen = self._scale_now()
        if seen != self._art_scale or self._cards_added:
            if self._art_scale is not None or self._cards_added:
                # The cards are painted as they are; their new art comes between frames.
                self._unsettled = None
                self._settling.setInterval(0)
                self._settling.start()
            self._art_scale = seen
            self._cards_added = False

    def cards_added(self) -> None:
        """Cards were put on the felt: from its next paint on, those out of sight are given
        the art of the zoom shown, between frames."""
        self._cards_added = True
        self.viewport().update()

    def _scale_now(self) -> tuple[float, float]:
        """The view's zoom and the screen's pixel ratio."""
        return round(abs(self.transform().m22()), 6), self.viewport().devicePixelRatioF()

    def art_settled(self) -> bool:
        """Whether every card shows the art of the zoom the view shows now."""
        return not self._settling.isActive() and self._art_scale == self._scale_now()

    def _pointer_busy(self) -> bool:
        """Whether a button is held on the felt (a card or the table being dragged)."""
        held = QtWidgets.QApplication.mouseButtons() != Qt.MouseButton.NoButton
        return held or self.scene().mouseGrabberItem() is not None

    def _settle_order(self) -> list[CardItem]:
        """The cards, those out of sight first, then those in sight from right to left: the
        last is taken first."""
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        seen.adjust(-CARD_REACH, -CARD_REACH, CARD_REACH, CARD_REACH)
        left, right, top, bottom = seen.left(), seen.right(), seen.top(), seen.bottom()
        away: list[CardItem] = []
        near: list[tuple[float, CardItem]] = []
        for item in self.card_items():
            place = item.scenePos()
            x, y = place.x(), place.y()
            if left <= x <= right and top <= y <= bottom:
                near.append((x, item))
            else:
                away.append(item)
        near.sort(key=lambda pair: pair[0], reverse=True)
        return away + [item for _, item in near]

    def _settle_art(self) -> None:
        """Draw a few faces of the new size, or once all are drawn, show them on a few cards
        (:data:`SETTLE_STEP_S` at a time); wait while a button is held."""
        assert self._art_scale is not None
        # A drop's frame painted from the picture of the drag shows the cards as they looked
        # then: their art waits for that frame too.
        if self._pointer_busy() or self.drag_picture.landing():
            self._settling.setInterval(BUSY_WAIT_MS)
            return
        self._settling.setInterval(0)
        if self._unsettled is None:
            self._unsettled = self._settle_order()
            self._warmed = 0
        # The zoom itself, not the rounded one that tells one zoom from another: a card's
        # layers undo it, and undone to within a millionth Qt no longer copies their pixels
        # but resamples them, a pixel off here and there as each paint's clip begins.
        scale, dpr = abs(self.transform().m22()), self._art_scale[1]
        cards = self._unsettled
        until = time.perf_counter() + SETTLE_STEP_S
        while self._warmed < len(cards) and time.perf_counter() < until:
            self._warmed += 1
            with contextlib.suppress(RuntimeError):  # a card taken off the felt since
                cards[-self._warmed].warm_art(scale, dpr)
        if self._warmed < len(cards):
            return
        while cards and time.perf_counter() < until:
            item = cards.pop()
            self._warmed -= 1
            with contextlib.suppress(RuntimeError):
                item.settle_art(scale, dpr)
        if not cards:
            self._unsettled = None
            self._settling.stop()

    def zoom_factor(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        low, high = ZOOM_RANGE
        target = min(max(self.zoom_factor() * factor, low), high)
        scale = target / self.zoom_factor()
        self.scale(scale, scale)

    def fit_table(self) -> None:
        """Zoom so that every card (or the empty table) is in view."""
        items = self.scene().itemsBoundingRect()
        rect = items.adjusted(-60, -60, 60, 60) if not items.isEmpty() else TABLE_RECT
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    # --- the pointer ------------------------------------------------------------------------

    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        # A card dragged over a picture is held by a button: nothing to follow.
        if not self.drag_picture.active() and event.buttons() == Qt.MouseButton.NoButton:
            self._follow_pointer(self.card_at(event.position().toPoint()))

    def leaveEvent(self, event: QtCore.QEvent) -> None:
        super().leaveEvent(event)
        self._follow_pointer(None)

    def card_at(self, point: QtCore.QPoint) -> CardItem | None:
        """The topmost card at ``point`` of the viewport (None: bare felt)."""
        from cardtable.ui.table.cards.item import CardItem

        for item in self.items(point):
            card = item if isinstance(item, CardItem) else item.parentItem()
            if isinstance(card, CardItem):
                return card
        return None

    def _follow_pointer(self, card: CardItem | None) -> None:
        """Tell the card the pointer left, and the one it came onto."""
        before, self._hovered = self._hovered, card
        if card is before:
            return
        if before is not None:
            with contextlib.suppress(RuntimeError):  # a card taken off the felt since
                before.set_hovered(False)
        if card is not None:
            card.set_hovered(True)

    def wheelEvent(self, event: QtGui.QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(ZOOM_STEP**steps)
        event.accept()
