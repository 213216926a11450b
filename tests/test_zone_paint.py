"""How a zone on the felt is painted: its outline from a picture shared by every zone of that
look, lit while a card would land on it, and only its badge drawn again when its count
changes."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from table_rig import device_point

from cardtable.piles import PileId
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table import zone_pictures
from cardtable.ui.table.felt import FeltView
from cardtable.ui.table.layout import ZoneSpec, ZoneStyle
from cardtable.ui.table.zones import LIT_EDGE, ZoneItem


def _felt_with_zone(qtbot: QtBot, style: ZoneStyle = ZoneStyle.FAN) -> tuple[FeltView, ZoneItem]:
    view = FeltView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    qtbot.waitExposed(view)
    zone = ZoneItem(ZoneSpec(PileId("zone/a"), style, 0, 0, 440, 290, "Fan"))
    zone.set_count(5, "tarot")
    view.scene().addItem(zone)
    view.centerOn(220, 145)
    qtbot.wait(20)
    return view, zone


def test_a_new_count_draws_only_the_badge_again(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    exposed: list[QtCore.QRectF] = []
    painting = ZoneItem.paint

    def noting(
        item: ZoneItem,
        painter: QtGui.QPainter,
        option: QtWidgets.QStyleOptionGraphicsItem,
        widget: QtWidgets.QWidget | None = None,
    ) -> None:
        exposed.append(QtCore.QRectF(option.exposedRect))  # type: ignore[attr-defined]
        painting(item, painter, option, widget)

    monkeypatch.setattr(ZoneItem, "paint", noting)
    _view, zone = _felt_with_zone(qtbot)
    qtbot.waitUntil(lambda: bool(exposed))  # the first paint draws it all
    exposed.clear()
    zone.set_count(6, "tarot")
    qtbot.waitUntil(lambda: bool(exposed))
    badge = zone._badge_rect().adjusted(-3, -3, 3, 3)
    assert all(badge.contains(rect) for rect in exposed), exposed
    exposed.clear()
    zone.set_count(0, "tarot")  # empty: the hint appears, so the whole zone is drawn
    qtbot.waitUntil(lambda: bool(exposed))
    assert any(rect.contains(QtCore.QRectF(0, 0, 440, 290)) for rect in exposed)


def test_a_lit_zone_shows_its_lit_edge_from_a_shared_picture(qtbot: QtBot) -> None:
    view, zone = _felt_with_zone(qtbot)
    zone_pictures.frames.forget()
    zone.set_lit(True)
    qtbot.wait(20)
    shown = view.grab().toImage()
    top_edge = device_point(view.mapFromScene(QtCore.QPointF(220, 0)), shown)
    colours = [shown.pixelColor(top_edge.x(), top_edge.y() + dy) for dy in (-1, 0, 1)]
    assert any(
        abs(c.red() - LIT_EDGE.red()) < 40
        and abs(c.green() - LIT_EDGE.green()) < 40
        and abs(c.blue() - LIT_EDGE.blue()) < 60
        for c in colours
    ), colours
    other = ZoneItem(ZoneSpec(PileId("zone/b"), ZoneStyle.FAN, 0, 400, 440, 290, "Fan"))
    other.set_count(3, "tarot")
    other.set_lit(True)
    view.scene().addItem(other)
    view.centerOn(220, 545)
    qtbot.wait(20)
    # The two lit zones of one size share their picture.
    assert zone_pictures.frames.kept() == 1


def test_the_open_table_is_lit_for_the_logic_but_looks_the_same(qtbot: QtBot) -> None:
    """Drawn lit, the open table would repaint every card lying on it each time a dragged
    card crossed onto bare felt: it keeps its look (the status bar says any refusal)."""
    view, fan = _felt_with_zone(qtbot)
    table = ZoneItem(ZoneSpec(PileId("open"), ZoneStyle.OPEN, 0, 320, 440, 290, "Open table"))
    table.set_count(3, "tarot")
    view.scene().addItem(table)
    view.centerOn(220, 300)
    qtbot.wait(20)
    before = view.grab().toImage()
    table.set_lit(True, refusing=True)
    qtbot.wait(20)
    assert table.is_lit() and table.is_refusing()
    assert view.grab().toImage() == before
    fan.set_lit(True)  # any other zone still lights up
    qtbot.wait(20)
    assert view.grab().toImage() != before
