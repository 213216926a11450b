"""Small line icons for the toolbar and menus, drawn with QPainter (no image files).

>>> sorted(ICONS)[:3]
['discard', 'draw', 'fit']
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui.art.picture_cache import drawn
from cardtable.ui.qt import Qt, QtCore, QtGui

INK = QtGui.QColor("#27332c")
ACCENT = QtGui.QColor("#b5651d")
_SIZE = 24  # drawing units; icons are rendered at 24 and 48 pixels

Painter = Callable[[QtGui.QPainter], None]


def _pen(painter: QtGui.QPainter, colour: QtGui.QColor = INK, width: float = 1.8) -> None:
    pen = QtGui.QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _card(painter: QtGui.QPainter, rect: QtCore.QRectF, fill: QtGui.QColor | None = None) -> None:
    _pen(painter)
    painter.setBrush(fill if fill is not None else QtGui.QColor("#fbf7ee"))
    painter.drawRoundedRect(rect, 2.2, 2.2)


def _arrow_head(painter: QtGui.QPainter, tip: QtCore.QPointF, angle: float) -> None:
    """A filled head at ``tip`` pointing along ``angle`` degrees (0: right, 90: down)."""
    path = QtGui.QPainterPath()
    path.moveTo(0, 0)
    path.lineTo(-5, -3.2)
    path.lineTo(-5, 3.2)
    path.closeSubpath()
    transform = QtGui.QTransform().translate(tip.x(), tip.y()).rotate(angle)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ACCENT)
    painter.drawPath(transform.map(path))
    painter.restore()


def _open(p: QtGui.QPainter) -> None:
    _pen(p)
    folder = QtGui.QPainterPath()
    folder.moveTo(3, 7)
    folder.lineTo(9, 7)
    folder.lineTo(11, 9)
    folder.lineTo(20, 9)
    folder.lineTo(20, 19)
    folder.lineTo(3, 19)
    folder.closeSubpath()
    p.setBrush(QtGui.QColor("#f1d48a"))
    p.drawPath(folder)


def _save(p: QtGui.QPainter) -> None:
    _pen(p)
    p.setBrush(QtGui.QColor("#dfe8f1"))
    p.drawRoundedRect(QtCore.QRectF(4, 4, 16, 16), 2, 2)
    p.setBrush(QtGui.QColor("white"))
    p.drawRect(QtCore.QRectF(8, 4, 8, 5))
    p.drawRect(QtCore.QRectF(7, 13, 10, 7))


def _undo(p: QtGui.QPainter, mirror: bool = False) -> None:
    if mirror:
        p.translate(_SIZE, 0)
        p.scale(-1, 1)
    _pen(p, ACCENT, 2.2)
    path = QtGui.QPainterPath()
    path.moveTo(8, 9)
    path.lineTo(15, 9)
    path.cubicTo(21, 9, 21, 19, 15, 19)
    path.lineTo(9, 19)
    p.drawPath(path)
    _arrow_head(p, QtCore.QPointF(4, 9), 180)


def _redo(p: QtGui.QPainter) -> None:
    _undo(p, mirror=True)


def _fit(p: QtGui.QPainter) -> None:
    _pen(p, INK, 2.0)
    for x, y, dx, dy in ((4, 4, 1, 1), (20, 4, -1, 1), (4, 20, 1, -1), (20, 20, -1, -1)):
        p.drawLine(QtCore.QPointF(x, y), QtCore.QPointF(x + 5 * dx, y))
        p.drawLine(QtCore.QPointF(x, y), QtCore.QPointF(x, y + 5 * dy))
    _card(p, QtCore.QRectF(9, 8, 6, 8))


def _pass(p: QtGui.QPainter) -> None:
    _pen(p)
    p.setBrush(QtGui.QColor("#c9d7cf"))
    p.drawEllipse(QtCore.QRectF(3, 4, 7, 7))
    body = QtGui.QPainterPath()
    body.moveTo(1.5, 20)
    body.cubicTo(1.5, 12, 11.5, 12, 11.5, 20)
    body.closeSubpath()
    p.drawPath(body)
    _pen(p, ACCENT, 2.2)
    p.drawLine(QtCore.QPointF(13, 12), QtCore.QPointF(19, 12))
    _arrow_head(p, QtCore.QPointF(23, 12), 0)


def _draw(p: QtGui.QPainter) -> None:
    _card(p, QtCore.QRectF(4, 3, 10, 14), QtGui.QColor("#3b5b8c"))
    _card(p, QtCore.QRectF(11, 8, 10, 14))
    _pen(p, ACCENT, 2.2)
    p.drawLine(QtCore.QPointF(16, 11), QtCore.QPointF(16, 16))
    _arrow_head(p, QtCore.QPointF(16, 20), 90)


def _flip(p: QtGui.QPainter) -> None:
    _card(p, QtCore.QRectF(3, 6, 9, 13), QtGui.QColor("#3b5b8c"))
    _card(p, QtCore.QRectF(13, 6, 9, 13))
    _pen(p, ACCENT, 2.0)
    arc = QtGui.QPainterPath()
    arc.moveTo(7, 5)
    arc.quadTo(12, -1, 17, 3.5)
    p.drawPath(arc)
    _arrow_head(p, QtCore.QPointF(18.5, 5), 45)


def _turn(p: QtGui.QPainter) -> None:
    _card(p, QtCore.QRectF(8, 5, 9, 14))
    _pen(p, ACCENT, 2.0)
    p.drawArc(QtCore.QRectF(3, 3, 18, 18), 200 * 16, 250 * 16)
    _arrow_head(p, QtCore.QPointF(4.2, 15.5), 100)


def _shuffle(p: QtGui.QPainter) -> None:
    _pen(p, ACCENT, 2.0)
    one = QtGui.QPainterPath()
    one.moveTo(3, 7)
    one.cubicTo(11, 7, 11, 17, 18, 17)
    two = QtGui.QPainterPath()
    two.moveTo(3, 17)
    two.cubicTo(11, 17, 11, 7, 18, 7)
    p.drawPath(one)
    p.drawPath(two)
    _arrow_head(p, QtCore.QPointF(22, 7), 0)
    _arrow_head(p, QtCore.QPointF(22, 17), 0)


def _discard(p: QtGui.QPainter) -> None:
    _card(p, QtCore.QRectF(6, 9, 12, 12))
    _card(p, QtCore.QRectF(8, 3, 10, 13))
    _pen(p, ACCENT, 2.2)
    p.drawLine(QtCore.QPointF(10, 7), QtCore.QPointF(16, 13))
    p.drawLine(QtCore.QPointF(16, 7), QtCore.QPointF(10, 13))


ICONS: dict[str, Painter] = {
    "open": _open,
    "save": _save,
    "undo": _undo,
    "redo": _redo,
    "fit": _fit,
    "pass": _pass,
    "draw": _draw,
    "flip": _flip,
    "turn": _turn,
    "shuffle": _shuffle,
    "discard": _discard,
}

_cache: dict[str, QtGui.QIcon] = {}


def icon(name: str) -> QtGui.QIcon:
    """The icon called ``name`` (see :data:`ICONS`); an empty icon for an unknown name."""
    if name in _cache:
        return _cache[name]
    paint = ICONS.get(name)
    made = QtGui.QIcon()
    if paint is not None:
        for pixels in (_SIZE, 2 * _SIZE):

            def draw(image: QtGui.QImage, pixels: int = pixels, paint: Painter = paint) -> None:
                painter = QtGui.QPainter(image)
                painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
                painter.scale(pixels / _SIZE, pixels / _SIZE)
                paint(painter)
                painter.end()

            image = drawn(f"icon/{name}/{pixels}", pixels, pixels, draw)
            made.addPixmap(QtGui.QPixmap.fromImage(image))
    _cache[name] = made
    return made
