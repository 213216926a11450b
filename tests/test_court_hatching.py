"""A court card's hatching is drawn only across its panel, and looks as the whole lines
clipped to the panel do."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from cardtable.ui.art import court
from cardtable.ui.art.common import pen
from cardtable.ui.art.playing import WIDTH
from cardtable.ui.qt import QtCore, QtGui

P = QtCore.QPointF
Hatching = Callable[[QtGui.QPainter, QtGui.QPainterPath, QtGui.QColor], None]


def _whole_lines(painter: QtGui.QPainter, panel: QtGui.QPainterPath, colour: QtGui.QColor) -> None:
    """The hatching as whole lines across the card, left to the clip."""
    painter.save()
    painter.setClipPath(panel)
    painter.setPen(pen(colour, 2))
    for offset in range(-700, 700, 26):
        painter.drawLine(P(offset, 0), P(offset + 700, 700))
        painter.drawLine(P(offset + 700, 0), P(offset, 700))
    painter.restore()


def _drawn(width: int, hatching: Hatching) -> QtGui.QImage:
    image = QtGui.QImage(width, width * 7 // 5, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QtGui.QColor("white"))
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.scale(width / WIDTH, width / WIDTH)
    panel = QtGui.QPainterPath()
    panel.addRoundedRect(court._PANEL, 14, 14)
    hatching(painter, panel, QtGui.QColor("#c8c8d8"))
    painter.end()
    return image


@pytest.mark.parametrize("width", [480, 960])
def test_the_hatching_looks_as_whole_lines_clipped_to_the_panel(qtbot: QtBot, width: int) -> None:
    ours, whole = _drawn(width, court._hatching), _drawn(width, _whole_lines)
    worst = max(
        abs(QtGui.QColor(ours.pixel(x, y)).red() - QtGui.QColor(whole.pixel(x, y)).red())
        for y in range(0, ours.height(), 3)
        for x in range(ours.width())
    )
    assert worst <= 3  # the same lines: only the edges' shading may round otherwise


def test_a_line_is_cut_to_the_area() -> None:
    area = QtCore.QRectF(2, 0, 4, 10)
    assert court._within(P(0, 0), P(10, 10), area) == (P(2, 2), P(6, 6))
    assert court._within(P(0, 0), P(10, 10), QtCore.QRectF(20, 0, 4, 10)) is None
