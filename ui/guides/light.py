"""The ring a guide draws around what a step needs, over the window or over the curtain.

:class:`Light` is a see-through layer over its stage (the main window, or the curtain while
it is up) that takes no click: everything under it is pressed as usual. It paints a ring in
the palette's highlight colour around the spot, edged on both sides in the palette's base
colour so that it stands out on the green felt, on a light panel and on a dark one, and
dims nothing. It follows the spot as it moves (a dock resized, a panel scrolled, the felt
zoomed).
"""

from __future__ import annotations

from cardtable.ui.guides.targets import Spot
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: How far the ring stands off the spot, and how thick it is, in pixels.
MARGIN = 5
WIDTH = 4
_FOLLOWED = {
    QtCore.QEvent.Type.Move,
    QtCore.QEvent.Type.Resize,
    QtCore.QEvent.Type.Show,
    QtCore.QEvent.Type.Hide,
    QtCore.QEvent.Type.Paint,
}


class Light(QtWidgets.QWidget):
    """A ring around one :class:`Spot` at a time, drawn over ``stage``."""

    def __init__(self, stage: QtWidgets.QWidget) -> None:
        super().__init__(stage)
        self.setObjectName("guideLight")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._spot: Spot | None = None
        self._watched: list[QtWidgets.QWidget] = []
        #: Where the ring is, in the stage's coordinates (empty: nothing lit in sight).
        self.ring = QtCore.QRect()
        self.hide()

    @property
    def spot(self) -> Spot | None:
        return self._spot

    def set_stage(self, stage: QtWidgets.QWidget) -> None:
        """Draw over ``stage`` from now on (the curtain while it is up, else the window)."""
        if self.parentWidget() is not stage:
            self.setParent(stage)
        self.place()

    def light(self, spot: Spot | None) -> None:
        """Ring ``spot`` (None: nothing)."""
        for watched in self._watched:
            watched.removeEventFilter(self)
        self._watched = []
        self._spot = spot
        if spot is not None:
            widget: QtWidgets.QWidget | None = spot.widget
            while widget is not None and widget is not self.parentWidget():
                widget.installEventFilter(self)
                self._watched.append(widget)
                widget = widget.parentWidget()
        self.place()
        self.raise_()

    def place(self) -> None:
        """Cover the stage and put the ring where the spot is now."""
        stage = self.parentWidget()
        spot = self._spot
        if stage is None:
            return
        ring = QtCore.QRect()
        if spot is not None and spot.widget.isVisible() and stage.isAncestorOf(spot.widget):
            area = spot.area()
            top_left = spot.widget.mapTo(stage, area.topLeft())
            ring = QtCore.QRect(top_left, area.size()).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
            ring = ring.intersected(
                _visible_part(spot.widget, stage).adjusted(
                    -MARGIN - WIDTH, -MARGIN - WIDTH, MARGIN + WIDTH, MARGIN + WIDTH
                )
            )
        if self.geometry() != stage.rect():
            self.setGeometry(stage.rect())
        if ring != self.ring:
            self.ring = ring
            self.update()
        self.setVisible(not ring.isEmpty())

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() in _FOLLOWED:
            self.place()
        return False

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        if self.ring.isEmpty():
            return
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        glow = QtGui.QColor(palette.color(QtGui.QPalette.ColorRole.Highlight))
        edge = QtGui.QColor(palette.color(QtGui.QPalette.ColorRole.Base))
        ring = QtCore.QRectF(self.ring)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for width, colour in ((WIDTH + 4, edge), (WIDTH, glow)):
            pen = QtGui.QPen(colour, width)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.drawRoundedRect(ring, 8, 8)
        halo = QtGui.QColor(glow)
        halo.setAlpha(60)
        painter.setPen(QtGui.QPen(halo, WIDTH + 10))
        painter.drawRoundedRect(ring.adjusted(-6, -6, 6, 6), 12, 12)
        painter.end()


def _visible_part(widget: QtWidgets.QWidget, stage: QtWidgets.QWidget) -> QtCore.QRect:
    """The part of ``widget`` its ancestors up to ``stage`` leave in sight (a control in a
    scrolled panel), in the stage's coordinates."""
    shown = QtCore.QRect(widget.mapTo(stage, QtCore.QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not stage:
        shown = shown.intersected(
            QtCore.QRect(parent.mapTo(stage, QtCore.QPoint(0, 0)), parent.size())
        )
        parent = parent.parentWidget()
    return shown


__all__ = ["Light"]
