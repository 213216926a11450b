"""How a zone's picture is laid on the view: copied pixel for pixel, or stretched round a
plain middle.

A zone's frame is a large translucent picture (:mod:`~cardtable.ui.table.zone_pictures`).
Qt blends a picture through its scaling path whenever the painter is zoomed (at pixel ratio
2, whenever the zoom is not exactly 1), even when the picture was drawn for that very zoom,
and that path costs several times a plain copy. So a picture drawn for the painter's zoom is
copied onto whole device pixels with no zoom at all, wherever it is painted from (a zone's
picture of itself, the felt's background, the title band the felt leaves to the zone), so
every one of them lays it on the same pixels.

Right after a zoom, the open table's frame, which the felt paints across the whole view, is
the picture of another zoom stretched: there its middle, where every pixel of the picture is
the one colour of its fill, is filled with that colour instead, and only the ring round it,
the outline and the rounded corners, is stretched from the picture. Filling with a colour and
blending pixels of that colour give the same pixels. A picture at its own zoom is copied
whole: a plain copy costs less than the fill, and on a small frame the few more calls of the
ring cost more than they save.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from cardtable.ui.qt import QtCore, QtGui


class Core(NamedTuple):
    """The middle of a picture that is all one colour: ``area`` (the painter's coordinates)
    and its colour (QRgb, not premultiplied)."""

    area: QtCore.QRectF
    colour: int


def lay_picture(
    painter: QtGui.QPainter,
    target: QtCore.QRectF,
    pixmap: QtGui.QPixmap,
    core: Core | None = None,
) -> None:
    """Paint ``pixmap`` over ``target`` (the painter's coordinates): copied onto whole
    device pixels if ``target`` is its size on the device, else stretched, ``core``'s area
    (if given) then filled with its colour."""
    world = painter.worldTransform()
    dpr = pixmap.devicePixelRatio()
    width, height = pixmap.width(), pixmap.height()
    turned = world.m12() != 0 or world.m21() != 0 or not world.isAffine()
    own = (
        abs(target.width() * world.m11() * dpr - width) < 0.01
        and abs(target.height() * world.m22() * dpr - height) < 0.01
    )
    if turned or (not own and core is None):
        painter.drawPixmap(target, pixmap, QtCore.QRectF(pixmap.rect()))
        return
    box = world.mapRect(target)  # device-independent pixels
    if own:  # on whole device pixels: a plain copy costs less than filling the middle
        left = math.floor(box.x() * dpr + 0.5)
        top = math.floor(box.y() * dpr + 0.5)
        box = QtCore.QRectF(left / dpr, top / dpr, width / dpr, height / dpr)
        painter.setWorldTransform(QtGui.QTransform())
        painter.drawPixmap(box, pixmap, QtCore.QRectF(pixmap.rect()))
        painter.setWorldTransform(world)
        return
    assert core is not None
    middle = _middle(world.mapRect(core.area), box, dpr)
    if middle is None:
        painter.drawPixmap(target, pixmap, QtCore.QRectF(pixmap.rect()))
        return
    painter.setWorldTransform(QtGui.QTransform())
    across, down = width / box.width(), height / box.height()
    for part in _ring(box, middle):
        source = QtCore.QRectF(
            (part.x() - box.x()) * across,
            (part.y() - box.y()) * down,
            part.width() * across,
            part.height() * down,
        )
        painter.drawPixmap(part, pixmap, source)
    smooth = painter.testRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, False)
    painter.fillRect(middle, QtGui.QColor.fromRgba(core.colour))
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, smooth)
    painter.setWorldTransform(world)


def _middle(area: QtCore.QRectF, box: QtCore.QRectF, dpr: float) -> QtCore.QRectF | None:
    """The whole device pixels well inside ``area`` and ``box`` (device-independent pixels),
    a pixel short of each edge (the picture's own edge may blend into its neighbours when
    stretched); None if there are none."""
    inside = area.intersected(box)
    left = math.ceil(inside.left() * dpr) + 1
    top = math.ceil(inside.top() * dpr) + 1
    right = math.floor(inside.right() * dpr) - 1
    bottom = math.floor(inside.bottom() * dpr) - 1
    if right <= left or bottom <= top:
        return None
    return QtCore.QRectF(left / dpr, top / dpr, (right - left) / dpr, (bottom - top) / dpr)


def _ring(box: QtCore.QRectF, middle: QtCore.QRectF) -> list[QtCore.QRectF]:
    """``box`` but ``middle``: the strips above and below it, and either side."""
    return [
        QtCore.QRectF(box.left(), box.top(), box.width(), middle.top() - box.top()),
        QtCore.QRectF(box.left(), middle.bottom(), box.width(), box.bottom() - middle.bottom()),
        QtCore.QRectF(box.left(), middle.top(), middle.left() - box.left(), middle.height()),
        QtCore.QRectF(middle.right(), middle.top(), box.right() - middle.right(), middle.height()),
    ]
