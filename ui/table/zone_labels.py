"""The pictures of a zone's title band (its title and count), and how a new zoom gets its own.

A zone paints its title and count as text straight onto its picture of itself, as it always
has. Text at a size never drawn costs Qt every glyph anew, and each zone's title is its own,
so at a new zoom the titles in sight would be the slowest part of the first frame. So, as its
frame is (:class:`~cardtable.ui.table.zone_pictures.Frames`), while a zone is painted straight
onto the view after a zoom its title band is painted from a picture of it at the nearest
zoom drawn, stretched; between frames, never while a button is held, each band is drawn at the
new zoom (which readies Qt's glyphs of that size too), and once the zones keep their own
pictures again they paint their text as before, so the settled felt is the very same.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.zone_pictures import FrameAt, Frames, Look, draw_picture, scale_of

#: Pictures of words kept: those of the zones in sight, at a few zooms; and at most this
#: many pixels of them (a zone's band is as wide as the zone, a large picture zoomed in).
LABELS_KEPT = 256
LABEL_PIXELS_KEPT = 16_000_000


class Lettered(Protocol):
    """What paints words from these pictures: a zone, the band the felt leaves to it, a
    deck's caption."""

    def scene(self) -> QtWidgets.QGraphicsScene | None: ...

    def letter_anew(self) -> None:
        """A picture it waited for is drawn: paint it anew if it showed another's."""


@dataclass(frozen=True)
class _Waiting:
    """A zone painted with a stretched band, as :class:`Frames` knows it."""

    item: Lettered

    def scene(self) -> QtWidgets.QGraphicsScene | None:
        return self.item.scene()

    def shows(self, at: FrameAt) -> bool:
        return True  # a zone painted since in another look paints it anew from its own

    def refresh(self) -> None:
        self.item.letter_anew()


#: Every zone's title band pictures.
labels = Frames(LABELS_KEPT, LABEL_PIXELS_KEPT)


def label_picture(
    area: QtCore.QRectF, pixels: int, dpr: float, draw: Callable[[QtGui.QPainter], None]
) -> tuple[QtGui.QPixmap, float]:
    """What ``draw`` paints within ``area`` (item coordinates), drawn at ``pixels`` / 1000
    device pixels a unit; its top left corner at ``area``'s (no room round it)."""
    per_unit = pixels / 1000
    image = QtGui.QImage(
        math.ceil(area.width() * per_unit),
        math.ceil(area.height() * per_unit),
        QtGui.QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(0)
    drawing = QtGui.QPainter(image)
    drawing.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    drawing.scale(per_unit, per_unit)
    drawing.translate(-area.topLeft())
    draw(drawing)
    drawing.end()
    picture = QtGui.QPixmap.fromImage(image)
    picture.setDevicePixelRatio(dpr)
    return picture, 0.0


def paint_label(
    painter: QtGui.QPainter,
    look: Look,
    item: Lettered,
    origin: QtCore.QPointF,
    draw: Callable[[QtGui.QPainter], None],
    zooming: bool,
) -> FrameAt:
    """Paint the words ``look`` (``draw`` paints them as text; their picture's corner at
    ``origin``) for ``item``: from the nearest zoom's picture, stretched, while ``zooming``
    (the view shows a zoom it may have no pictures of), else as text; the look and the zoom
    it was painted at."""
    scale, dpr = scale_of(painter)
    at = (look, round(scale * dpr * 1000), dpr)
    if zooming:
        found = labels.nearest(at)
        if found is not None:
            (pixmap, margin), drawn_at = found
            draw_picture(painter, origin, pixmap, margin, drawn_at / 1000 / dpr)
            # Even its own picture: once the view settles, the words are painted as text.
            labels.want(at, _Waiting(item))
            return at
    draw(painter)
    if not labels.has(at):  # for the next zoom to stretch
        labels.want(at, _Waiting(item))
    return at
