"""The open table's frame is painted by the felt with its background, and the table looks
exactly as it does with the zone painting it all: at rest, after a zoom, after a pan across
and down; a focused or empty open table paints its frame itself (its ring and hint cover the
whole zone)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot
from table_rig import device_point, turn_wheel

from cardtable.bench.tables import big_table
from cardtable.ui.qt import QtCore, QtGui
from cardtable.ui.table import zone_pictures
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.table.view import TableView
from cardtable.ui.table.zones import ZoneItem


def _felt(qtbot: QtBot, tmp_path: Path, crowded: bool = True) -> TableView:
    """The real main window with 300 cards crowded on the open table (or spread in fans,
    the open table empty), the curtain lifted."""
    window = demo_window(qtbot, tmp_path)
    window.document.replace(big_table(300, crowded=crowded))
    window.curtain.confirm.click()  # the table comes in behind the curtain
    felt = window.felt
    felt.zoom_by(1.0 / felt.zoom_factor())
    felt.centerOn(felt.zone(OPEN_TABLE).sceneBoundingRect().topLeft())
    _settle(qtbot, felt)
    return felt


def _settle(qtbot: QtBot, felt: TableView) -> None:
    qtbot.waitUntil(lambda: zone_pictures.frames.settled() and felt.art_settled(), timeout=10_000)
    qtbot.wait(20)


def _both_ways(
    qtbot: QtBot, felt: TableView, zone: ZoneItem, pan: tuple[int, int] = (0, 0)
) -> tuple[QtGui.QImage, ...]:
    """The view with the felt painting the open table's frame, and with the zone painting
    it all (as before the felt painted it): each drawn whole, then panned by ``pan``
    pixels (the felt then draws only what the pan brought into view)."""
    shots = []
    for in_felt in (True, False):
        zone.let_felt_paint_frame(in_felt)
        felt.resetCachedContent()  # the felt's weave, drawn whole both times
        felt.viewport().update()
        _settle(qtbot, felt)
        assert zone.frame_in_felt() == in_felt
        across, down = felt.horizontalScrollBar(), felt.verticalScrollBar()
        across.setValue(across.value() + pan[0])
        down.setValue(down.value() + pan[1])
        _settle(qtbot, felt)
        shots.append(felt.viewport().grab().toImage())
        across.setValue(across.value() - pan[0])
        down.setValue(down.value() - pan[1])
    zone.let_felt_paint_frame(True)
    _settle(qtbot, felt)
    return tuple(shots)


def test_the_felt_paints_the_open_tables_frame_and_the_table_looks_the_same(
    qtbot: QtBot, tmp_path: Path
) -> None:
    felt = _felt(qtbot, tmp_path)
    zone = felt.zone(OPEN_TABLE)
    assert zone is not None and zone.count == 300
    with_felt, by_zone = _both_ways(qtbot, felt, zone)
    assert with_felt == by_zone
    # Zooms never shown before, once their pictures are drawn, out until the frame's edge
    # is thinner than a pixel, and back in.
    for steps in (-3, -1, -1, -1, 3):
        for _ in range(abs(steps)):
            turn_wheel(felt.viewport(), 120 if steps > 0 else -120)
        _settle(qtbot, felt)
        with_felt, by_zone = _both_ways(qtbot, felt, zone)
        assert with_felt == by_zone, felt.zoom_factor()
    # A pan across and down at once: the felt draws an L of the view anew.
    with_felt, by_zone = _both_ways(qtbot, felt, zone, (137, 61))
    assert with_felt == by_zone


def test_a_focused_open_table_paints_its_frame_itself(qtbot: QtBot, tmp_path: Path) -> None:
    felt = _felt(qtbot, tmp_path)
    zone = felt.zone(OPEN_TABLE)
    assert zone is not None and zone.frame_in_felt()
    felt.setFocus()
    felt.focus_on(zone)
    assert zone.hasFocus() and not zone.frame_in_felt()
    felt.focus_on(felt.zone(str(felt.layout_now.zones[0].pile)))
    assert not zone.hasFocus() and zone.frame_in_felt()


def test_an_empty_open_table_paints_its_frame_and_hint_itself(qtbot: QtBot, tmp_path: Path) -> None:
    felt = _felt(qtbot, tmp_path, crowded=False)
    zone = felt.zone(OPEN_TABLE)
    assert zone is not None and zone.count == 0 and zone.hint
    assert not zone.frame_in_felt()


def test_the_felt_stops_painting_the_frame_of_an_open_table_hidden_and_paints_it_shown(
    qtbot: QtBot, tmp_path: Path
) -> None:
    felt = _felt(qtbot, tmp_path)
    zone = felt.zone(OPEN_TABLE)
    assert zone.frame_in_felt()
    # A point of the frame's tinted middle that no card nor its title band covers, in sight.
    inside = zone.sceneBoundingRect().adjusted(30, 30, -30, -30)
    seen = felt.viewport().rect().adjusted(10, 10, -10, -10)
    edge = next(
        point
        for y in range(seen.top(), seen.bottom(), 7)
        for x in range(seen.left(), seen.right(), 7)
        if inside.contains(felt.mapToScene(point := QtCore.QPoint(x, y)))
        and all(item is zone for item in felt.items(point))
    )
    def seen_at_edge() -> int:
        grab = felt.viewport().grab().toImage()
        return grab.pixel(device_point(edge, grab))

    framed = seen_at_edge()
    for hiding in (zone.hide, lambda: zone.setVisible(False)):
        hiding()
        _settle(qtbot, felt)
        assert not zone.frame_in_felt()
        assert seen_at_edge() != framed  # bare felt there
        zone.show()
        _settle(qtbot, felt)
        assert seen_at_edge() == framed


def test_a_frame_too_large_for_a_picture_is_drawn_in_parts_and_looks_the_same(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The open table's frame zoomed in at a pixel ratio of 2 would be a picture of some 25
    million pixels: each paint draws only the part it shows, and the table looks exactly as
    with the whole picture, painted by the felt or by the zone, and after a pan."""
    felt = _felt(qtbot, tmp_path)
    zone = felt.zone(OPEN_TABLE)
    assert zone is not None
    whole = _both_ways(qtbot, felt, zone)
    panned = _both_ways(qtbot, felt, zone, (137, 61))
    drawn: list[str] = []
    outlined = zone_pictures.outlined

    def noted(key: str, *rest: Any) -> QtGui.QPixmap:
        drawn.append(key)
        return outlined(key, *rest)

    monkeypatch.setattr(zone_pictures, "outlined", noted)
    monkeypatch.setattr(zone_pictures, "FRAME_LARGEST", 10_000)  # every zone's frame
    zone_pictures.frames.forget()
    for pan, pictured in (((0, 0), whole), ((137, 61), panned)):
        with_felt, by_zone = _both_ways(qtbot, felt, zone, pan)
        assert with_felt == by_zone
        # Beside its whole picture, the dashes' ends may fall a shade apart; nothing else.
        assert _off_the_outline(felt, zone, pan, with_felt, pictured[0]) == []
    assert not [key for key in drawn if key.startswith("zone/")]


def _off_the_outline(
    felt: TableView,
    zone: ZoneItem,
    pan: tuple[int, int],
    one: QtGui.QImage,
    other: QtGui.QImage,
) -> list[tuple[int, int]]:
    """The pixels (device) where two grabs of the felt panned by ``pan`` differ, but for
    those on ``zone``'s outline (its rounded corners bend some 4 units in from its edges)."""
    ratio = one.devicePixelRatio()
    spec = zone.spec
    box = felt.mapFromScene(QtCore.QRectF(spec.x, spec.y, spec.width, spec.height))
    edges = box.boundingRect().translated(-pan[0], -pan[1])
    left, right = edges.left() * ratio, (edges.right() + 1) * ratio
    top, bottom = edges.top() * ratio, (edges.bottom() + 1) * ratio
    near = 8 * ratio
    width, stride = one.width() * 4, one.bytesPerLine()
    first, second = bytes(one.constBits()), bytes(other.constBits())
    off = []
    for y in range(one.height()):
        row = slice(y * stride, y * stride + width)
        if first[row] == second[row]:
            continue
        for x in range(one.width()):
            if one.pixel(x, y) == other.pixel(x, y):
                continue
            across = top - near <= y <= bottom + near and left - near <= x <= right + near
            side = min(abs(x - left), abs(x - right), abs(y - top), abs(y - bottom)) <= near
            if not (across and side):
                off.append((x, y))
    return off
