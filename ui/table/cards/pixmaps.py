"""Pictures a card on the felt makes from its shared art: turned half round, or cut down to
the part of it in sight.

A card lying in a row under the next one shows only a strip at its left; on a crowded open
table that strip may be a few pixels wide, and painting the whole card under the others,
for every card, is most of a frame. Such a card shows the strip alone (see
:meth:`~cardtable.ui.table.cards.item.CardItem.set_over`), which it may only when the card
over it is opaque everywhere but its rounded corners: :func:`opaque_inside` says.

Every picture here is made once and shared, in Qt's pixmap cache, like the art itself.
"""

from __future__ import annotations

import math

from cardtable.ui.qt import QtCore, QtGui

#: How many pictures' answers :func:`opaque_inside` keeps (a face at a size each).
_OPACITY_KEPT = 4096
_opacity: dict[tuple[int, int], bool] = {}


def turned_round(pixmap: QtGui.QPixmap) -> QtGui.QPixmap:
    """``pixmap`` turned half round."""
    key = f"cardtable/turned/{pixmap.cacheKey()}"
    found = QtGui.QPixmapCache.find(key)
    if found is None:
        found = pixmap.transformed(QtGui.QTransform.fromScale(-1.0, -1.0))
        found.setDevicePixelRatio(pixmap.devicePixelRatio())
        QtGui.QPixmapCache.insert(key, found)
    return found


def left_part(pixmap: QtGui.QPixmap, width: float) -> QtGui.QPixmap:
    """The left ``width`` logical pixels of ``pixmap`` (its whole height)."""
    dpr = pixmap.devicePixelRatio()
    device = min(pixmap.width(), math.ceil(width * dpr))
    key = f"cardtable/left/{pixmap.cacheKey()}/{device}"
    found = QtGui.QPixmapCache.find(key)
    if found is None:
        found = pixmap.copy(QtCore.QRect(0, 0, device, pixmap.height()))
        found.setDevicePixelRatio(dpr)
        QtGui.QPixmapCache.insert(key, found)
    return found


def opaque_inside(pixmap: QtGui.QPixmap, corner: float) -> bool:
    """Whether every pixel of ``pixmap`` is opaque but those in its four corners, squares
    ``corner`` logical pixels wide: then nothing under it shows through anywhere else.

    Cardtable's own art is; a group's own pictures may not be, and a card under one is
    drawn whole.
    """
    inset = math.ceil(corner * pixmap.devicePixelRatio())
    key = (pixmap.cacheKey(), inset)
    known = _opacity.get(key)
    if known is None:
        known = _opaque(pixmap.toImage(), inset)
        if len(_opacity) >= _OPACITY_KEPT:
            _opacity.clear()
        _opacity[key] = known
    return known


def _opaque(image: QtGui.QImage, inset: int) -> bool:
    if not image.hasAlphaChannel():
        return True
    alpha = image.convertToFormat(QtGui.QImage.Format.Format_Alpha8)
    width, height, line = alpha.width(), alpha.height(), alpha.bytesPerLine()
    if width <= 2 * inset or height <= 2 * inset:
        return False
    data = bytes(alpha.constBits())
    solid = b"\xff" * width
    for y in range(height):
        row = data[y * line : y * line + width]
        if inset <= y < height - inset:
            if row != solid:
                return False
        elif row[inset : width - inset] != solid[: width - 2 * inset]:
            return False
    return True
