"""The felt: a QGraphicsView the cards lie on, zoomed with the wheel and panned by dragging.

Cards show art drawn for the size they cover on the screen; when the zoom or the screen's
pixel ratio changes, the view tells its cards (:meth:`FeltView.card_items`) before it
paints them, and each card in sight picks the art of the new size; the cards out of sight
take it a few at a time between frames.

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
        self._unsettled: list[CardItem] = []
        self._settling = QtCore.QTimer(self)
        self._settling.setInterval(0)
        self._settling.timeout.connect(self._settle_art)
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

    def drawBackground(self, painter: QtGui.QPainter, rect: QtCore.QRectF) -> None:
        super().drawBackground(painter, rect)
        # Drawn before the cards: a new zoom or pixel ratio reaches them in this very frame.
        seen = (round(abs(self.transform().m22()), 6), self.viewport().devicePixelRatioF())
        if seen != self._art_scale:
            self._art_scale = seen
            self._unsettled = list(self.card_items())
            for item in self._unsettled:
                item.mark_stale()
            self._settling.start()

    def _settle_art(self) -> None:
        """Give a few cards out of sight the art of the new size (4 ms at a time)."""
        assert self._art_scale is not None
        scale, dpr = self._art_scale
        until = time.perf_counter() + 0.004
        while self._unsettled and time.perf_counter() < until:
            item = self._unsettled.pop()
            with contextlib.suppress(RuntimeError):  # a card taken off the felt since
                item.settle_art(scale, dpr)
        if not self._unsettled:
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
        if event.buttons() == Qt.MouseButton.NoButton:
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
