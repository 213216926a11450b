"""A zone's frame stretched after a zoom round its plain middle, filled with its colour, looks
exactly as the whole picture stretched, on the felt's weave; a picture laid at the painter's
own zoom is copied pixel for pixel onto whole pixels, wherever it is painted from."""

from __future__ import annotations

import pytest

from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table import zones
from cardtable.ui.table.felt import felt_brush
from cardtable.ui.table.picture_laying import lay_picture
from cardtable.ui.table.zone_pictures import Frame, frame_picture

SIZE = QtCore.QSize(700, 420)


def _laid(
    frame: Frame,
    zoom: float,
    offset: QtCore.QPointF,
    with_core: bool,
    dpr: float = 1.0,
    drawn_at: float | None = None,
) -> QtGui.QImage:
    """``frame`` laid on the weave at ``zoom`` and pixel ratio ``dpr``, its corner at
    ``offset`` (scene units), from its picture drawn at ``drawn_at`` (None: ``zoom``)."""
    pixels = round((drawn_at or zoom) * dpr * 1000)
    picture, margin = frame_picture(frame, pixels, dpr)
    image = QtGui.QImage(SIZE * dpr, QtGui.QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(dpr)
    painter = QtGui.QPainter(image)
    painter.fillRect(image.rect(), felt_brush())
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.scale(zoom, zoom)
    painter.translate(offset)
    logical = picture.deviceIndependentSize()
    per_unit = pixels / 1000 / dpr
    target = QtCore.QRectF(
        -margin, -margin, logical.width() / per_unit, logical.height() / per_unit
    )
    lay_picture(painter, target, picture, frame.core() if with_core else None)
    painter.end()
    return image


@pytest.mark.parametrize(("zoom", "drawn_at"), [(1.15, 1.0), (0.8371, 1.0), (1.4433, 1.2)])
@pytest.mark.parametrize("dashed", [False, True])
@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_a_frame_stretched_round_its_middle_filled_looks_as_the_whole_picture(
    qapp: QtWidgets.QApplication, zoom: float, drawn_at: float, dashed: bool, dpr: float
) -> None:
    frame = Frame(444.0, 258.0, zones.EDGE.rgba(), 1.6, dashed, zones.FILL.rgba())
    offset = QtCore.QPointF(13.37, 21.6)
    whole = _laid(frame, zoom, offset, with_core=False, dpr=dpr, drawn_at=drawn_at)
    filled = _laid(frame, zoom, offset, with_core=True, dpr=dpr, drawn_at=drawn_at)
    assert filled == whole
    bare = QtGui.QImage(SIZE * dpr, QtGui.QImage.Format.Format_RGB32)
    bare.setDevicePixelRatio(dpr)
    painter = QtGui.QPainter(bare)
    painter.fillRect(QtCore.QRectF(0, 0, SIZE.width(), SIZE.height()), felt_brush())
    painter.end()
    assert filled != bare  # the frame was laid at all


def test_a_lit_frame_laid_with_its_middle_filled_looks_as_the_whole_picture(
    qapp: QtWidgets.QApplication,
) -> None:
    frame = Frame(300.0, 200.0, zones.LIT_EDGE.rgba(), 3.0, False, zones.LIT_FILL.rgba())
    offset = QtCore.QPointF(40.25, 30.75)
    lit = _laid(frame, 1.27, offset, True, drawn_at=1.1)
    assert lit == _laid(frame, 1.27, offset, False, drawn_at=1.1)


@pytest.mark.parametrize(("zoom", "dpr"), [(1.0, 1.0), (1.15, 1.0), (1.0, 2.0), (0.8371, 2.0)])
def test_a_picture_at_its_own_zoom_is_copied_onto_whole_pixels(
    qapp: QtWidgets.QApplication, zoom: float, dpr: float
) -> None:
    """Laid a fraction of a pixel off or not at all, the picture's pixels are copied as they
    are, the middle too (given or not)."""
    frame = Frame(200.0, 120.0, zones.EDGE.rgba(), 1.6, False, zones.FILL.rgba())
    picture, margin = frame_picture(frame, round(zoom * dpr * 1000), dpr)
    expected = picture.toImage().convertToFormat(QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    for shift in (0.0, 0.3, 0.7):
        image = QtGui.QImage(SIZE * dpr, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(dpr)
        image.fill(0)
        painter = QtGui.QPainter(image)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.scale(zoom, zoom)
        painter.translate(10 + shift, 10 + shift)
        logical = picture.deviceIndependentSize()
        target = QtCore.QRectF(-margin, -margin, logical.width() / zoom, logical.height() / zoom)
        corner = round(painter.worldTransform().mapRect(target).x() * dpr)
        lay_picture(painter, target, picture, frame.core() if shift else None)
        painter.end()
        copied = image.copy(corner, corner, picture.width(), picture.height())
        copied.setDevicePixelRatio(expected.devicePixelRatio())
        assert copied == expected, shift
