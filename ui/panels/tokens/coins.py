"""Applause and Author tokens drawn as coins: a stack with its count beside it.

An Applause coin is silver with a sparkle; an Author coin is gold with a star. A stack of
Applause can be dragged (its coins carry the giver's player id) onto another player's row.
"""

from __future__ import annotations

import enum
import math

from cardtable.ui.art.common import SANS
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: The mime type of a dragged Applause coin; its data is the giver's player id.
APPLAUSE_MIME = "application/x-cardtable-applause"
#: A stack shows at most this many coins (the count says the rest).
MAX_DRAWN = 10
COIN_WIDTH = 34.0
COIN_HEIGHT = 13.0
COIN_STEP = 3.5


class CoinKind(enum.Enum):
    APPLAUSE = "Applause"
    AUTHOR = "Author"


_METALS = {
    CoinKind.APPLAUSE: ("#eef2f6", "#9aa6b2", "#5d6873"),
    CoinKind.AUTHOR: ("#ffe08a", "#d4a017", "#8a6200"),
}


def _star(centre: QtCore.QPointF, outer: float, inner: float, points: int, squash: float
          ) -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    for index in range(points * 2):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi * index / points - math.pi / 2
        point = QtCore.QPointF(centre.x() + radius * math.cos(angle),
                               centre.y() + radius * math.sin(angle) * squash)
        if index == 0:
            path.moveTo(point)
        else:
            path.lineTo(point)
    path.closeSubpath()
    return path


def paint_coin(painter: QtGui.QPainter, rect: QtCore.QRectF, kind: CoinKind, top: bool) -> None:
    """One coin seen slightly from above, its milled edge below; ``top`` draws its emblem."""
    light, body, dark = (QtGui.QColor(c) for c in _METALS[kind])
    painter.save()
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    thickness = COIN_STEP
    edge = rect.translated(0, thickness)
    side = QtGui.QPainterPath()
    side.moveTo(rect.left(), rect.center().y())
    side.arcTo(edge, 180, 180)
    side.lineTo(rect.right(), rect.center().y())
    side.closeSubpath()
    painter.setPen(QtGui.QPen(dark, 0.8))
    painter.setBrush(body.darker(112))
    painter.drawPath(side)
    gradient = QtGui.QLinearGradient(rect.topLeft(), rect.bottomRight())
    gradient.setColorAt(0, light)
    gradient.setColorAt(1, body)
    painter.setBrush(QtGui.QBrush(gradient))
    painter.setPen(QtGui.QPen(dark, 0.8))
    painter.drawEllipse(rect)
    if top:
        inner = rect.adjusted(rect.width() * 0.14, rect.height() * 0.14,
                              -rect.width() * 0.14, -rect.height() * 0.14)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QtGui.QPen(dark.lighter(120), 0.8))
        painter.drawEllipse(inner)
        squash = rect.height() / rect.width()
        if kind is CoinKind.AUTHOR:
            emblem = _star(rect.center(), rect.width() * 0.26, rect.width() * 0.11, 5, squash)
        else:
            emblem = _star(rect.center(), rect.width() * 0.26, rect.width() * 0.06, 4, squash)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(dark)
        painter.drawPath(emblem)
    painter.restore()


def coin_pixmap(kind: CoinKind, ratio: float = 1.0) -> QtGui.QPixmap:
    """One coin, for a drag."""
    size = QtCore.QSizeF(COIN_WIDTH + 4, COIN_HEIGHT * 1.5 + 4)
    pixmap = QtGui.QPixmap((size * ratio).toSize())
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(pixmap)
    paint_coin(painter, QtCore.QRectF(2, 2, COIN_WIDTH, COIN_HEIGHT), kind, True)
    painter.end()
    return pixmap


class CoinStack(QtWidgets.QWidget):
    """A stack of coins and its count; an Applause stack with a giver can be dragged."""

    def __init__(self, kind: CoinKind, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.count = 0
        self.giver: str | None = None
        self._press: QtCore.QPoint | None = None
        self.setMinimumSize(88, 58)
        self.setAccessibleName(f"{kind.value} tokens")

    def set_count(self, count: int, giver: str | None = None) -> None:
        """Show ``count`` coins; ``giver`` (a player id) makes an Applause stack draggable."""
        self.count = count
        self.giver = giver if self.kind is CoinKind.APPLAUSE and count > 0 else None
        self.setCursor(Qt.CursorShape.OpenHandCursor if self.giver else Qt.CursorShape.ArrowCursor)
        word = f"{count} {self.kind.value} token{'s' if count != 1 else ''}"
        self.setAccessibleDescription(word)
        self.update()

    def sizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(96, 58)

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        drawn = min(self.count, MAX_DRAWN)
        base = self.height() - COIN_HEIGHT * 1.4 - 2
        if drawn == 0:
            painter.setPen(QtGui.QPen(QtGui.QColor("#9a9a9a"), 1, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QtCore.QRectF(4, base, COIN_WIDTH, COIN_HEIGHT))
        for index in range(drawn):
            rect = QtCore.QRectF(4, base - index * COIN_STEP, COIN_WIDTH, COIN_HEIGHT)
            paint_coin(painter, rect, self.kind, index == drawn - 1)
        font = QtGui.QFont()
        font.setFamilies(SANS)
        font.setPixelSize(20)
        font.setBold(True)
        painter.setFont(font)
        ink = self.palette().color(QtGui.QPalette.ColorRole.WindowText)
        painter.setPen(ink)
        left = COIN_WIDTH + 10
        number = QtCore.QRectF(left, 4, self.width() - left, self.height() * 0.55)
        painter.drawText(number, Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft,
                         str(self.count))
        font.setPixelSize(11)
        font.setBold(False)
        painter.setFont(font)
        ink.setAlpha(170)
        painter.setPen(ink)
        caption = QtCore.QRectF(left, self.height() * 0.55 + 4, self.width() - left, 16)
        painter.drawText(caption, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft,
                         self.kind.value)
        painter.end()

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.giver:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:
        if self._press is None or self.giver is None:
            return
        moved = (event.position().toPoint() - self._press).manhattanLength()
        if moved < QtWidgets.QApplication.startDragDistance():
            return
        self._press = None
        mime = QtCore.QMimeData()
        mime.setData(APPLAUSE_MIME, QtCore.QByteArray(self.giver.encode()))
        drag = QtGui.QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(coin_pixmap(self.kind, self.devicePixelRatioF()))
        drag.setHotSpot(QtCore.QPoint(int(COIN_WIDTH / 2), int(COIN_HEIGHT / 2)))
        drag.exec(Qt.DropAction.MoveAction)

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)
