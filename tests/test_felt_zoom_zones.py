"""A wheel step on the felt paints the zones at once from the pictures they have, stretched;
the pictures of the new zoom follow between frames, never while a button is held, and then
the felt looks exactly as if it had always been at that zoom."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest
from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot
from table_rig import turn_wheel

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table import zone_labels, zone_pictures, zones
from cardtable.ui.table.layout import ZoneStyle
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import MainWindow

CACHED = QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache


def _settled(felt: TableView) -> bool:
    return zone_pictures.frames.settled() and zone_labels.labels.settled() and felt.art_settled()


def _felt_at_rest(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, TableView]:
    """The demo in the real main window, every zone's picture drawn at the zoom shown and
    nothing else (no other test's zooms to stretch from)."""
    window = demo_window(qtbot, tmp_path)
    felt = window.felt
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    zone_pictures.frames.forget()
    zone_labels.labels.forget()
    zones._edges_picture.cache_clear()
    for zone in felt.zones():
        zone.update()
    felt.viewport().repaint()
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    return window, felt


def _captions_in_sight(qtbot: QtBot, felt: TableView) -> list[zones.CaptionItem]:
    """The decks' names, the view moved to show them, and settled."""
    captions = [item for item in felt.scene().items() if isinstance(item, zones.CaptionItem)]
    felt.centerOn(captions[0].sceneBoundingRect().center())
    felt.viewport().repaint()
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    return captions


def _on_screen(felt: TableView, item: QtWidgets.QGraphicsItem) -> QtCore.QRect:
    """Where ``item`` is on ``felt``'s viewport."""
    return felt.mapFromScene(item.sceneBoundingRect()).boundingRect()


def _drawing_zone_pictures(monkeypatch: pytest.MonkeyPatch, kind: str = "zone/") -> list[str]:
    """The keys of the zone pictures of ``kind`` ("zone/": frames, "stack/": the edges of a
    stack's cards) drawn from now on, as they are drawn."""
    drawn: list[str] = []
    outlined = zone_pictures.outlined

    def noting(key: str, *args: object) -> QtGui.QPixmap:
        if key.startswith(kind):
            drawn.append(key)
        return outlined(key, *args)

    monkeypatch.setattr(zone_pictures, "outlined", noting)
    monkeypatch.setattr(zones, "outlined", noting)
    return drawn


def test_a_wheel_step_paints_the_zones_before_drawing_their_pictures_anew(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    drawn = _drawing_zone_pictures(monkeypatch)
    turn_wheel(felt.viewport(), 120)
    felt.viewport().repaint()  # the first frame at the new zoom
    assert drawn == []
    in_sight = [zone for zone in felt.zones() if zone.frame_shown is not None]
    assert in_sight and not zone_pictures.frames.settled()
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    assert drawn  # afterwards, between frames
    assert all(zone.cacheMode() == CACHED for zone in felt.zones())


def test_a_wheel_step_paints_the_stacks_edges_before_drawing_them_anew(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    stacks = [z for z in felt.zones() if z.spec.style is ZoneStyle.STACK and z.count > 1]
    assert stacks  # the demo's draw piles
    drawn = _drawing_zone_pictures(monkeypatch, "stack/")
    turn_wheel(felt.viewport(), 120)
    felt.viewport().repaint()  # the first frame at the new zoom
    assert drawn == []
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    assert drawn  # afterwards, between frames


def test_a_wheel_step_paints_the_zones_words_from_pictures_drawing_no_text(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    captions = _captions_in_sight(qtbot, felt)
    lettered: list[object] = []
    draw_text = QtGui.QPainter.drawText

    def noting(painter: QtGui.QPainter, *args: object) -> None:
        lettered.append(args[-1])
        draw_text(painter, *args)

    monkeypatch.setattr(QtGui.QPainter, "drawText", noting)
    paint_text = zones.CaptionItem.paint_text

    def noting_caption(caption: zones.CaptionItem, painter: QtGui.QPainter) -> None:
        lettered.append(caption.text())
        paint_text(caption, painter)

    monkeypatch.setattr(zones.CaptionItem, "paint_text", noting_caption)
    turn_wheel(felt.viewport(), 120)
    felt.viewport().repaint()  # the first frame at the new zoom: no glyphs of a new size
    # The places kept for piles not there yet are painted with the felt's background.
    kept = {t for z in felt.layout_now.zones if z.reserved for t in (z.title, z.reserved)}
    in_sight = [c for c in captions if felt.viewport().rect().intersects(_on_screen(felt, c))]
    assert in_sight
    assert [text for text in lettered if text not in kept] == []
    assert any(zone.label_shown is not None for zone in felt.zones())
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    assert lettered  # the titles of the new zoom, between frames


@pytest.mark.parametrize("pictured", [False, True])
def test_once_drawn_the_zoomed_felt_looks_as_if_it_had_always_been_at_that_zoom(
    qtbot: QtBot, tmp_path: Path, pictured: bool
) -> None:
    """Two steps of the wheel from pictures of frames and titles only; or one, the zones
    settled first with their pictures of themselves, which stand in for them."""
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    _captions_in_sight(qtbot, felt)
    if pictured:
        _stand_ins_drawn(qtbot, felt)
    for _ in range(1 if pictured else 2):
        turn_wheel(felt.viewport(), 120)
    first = felt.viewport().grab().toImage()  # the first frame: stretched pictures
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    settled = felt.viewport().grab().toImage()
    assert settled != first
    # Today's way, from nothing: every picture drawn at this zoom as the zones are painted.
    zone_pictures.frames.forget()
    zone_labels.labels.forget()
    felt.scene().update()
    for zone in felt.zones():
        zone.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.NoCache)
        zone.setCacheMode(CACHED)
        zone.update()
    assert felt.viewport().grab().toImage() == settled


def test_the_pictures_of_a_new_zoom_wait_while_a_button_is_held(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    drawn = _drawing_zone_pictures(monkeypatch)
    viewport = felt.viewport()
    corner = viewport.rect().topLeft() + viewport.rect().center() / 4
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=corner)
    try:
        turn_wheel(felt.viewport(), 120)
        viewport.repaint()
        qtbot.wait(300)
        assert drawn == [] and not zone_pictures.frames.settled()
    finally:
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=corner)
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    assert drawn


class _Square(NamedTuple):
    """A look whose picture is ``side`` pixels square."""

    side: int

    def picture(self, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
        return QtGui.QPixmap(self.side, self.side), 0.0


def test_the_pictures_kept_stay_within_their_pixels(qtbot: QtBot) -> None:
    kept = zone_pictures.Frames(kept=100, pixels_kept=250)
    for zoom in (1000, 1100, 1200):  # 100 pixels each
        kept.picture((_Square(10), zoom, 1.0))
    assert kept.kept() == 2
    assert not kept.has((_Square(10), 1000, 1.0))  # the oldest goes first


def test_a_new_zoom_is_painted_from_the_nearest_zoom_kept_of_its_own_look(qtbot: QtBot) -> None:
    kept = zone_pictures.Frames(kept=3)
    assert kept.nearest((_Square(10), 1000, 1.0)) is None  # nothing drawn yet
    for look, zoom, dpr in ((_Square(10), 1000, 1.0), (_Square(10), 1500, 1.0),
                            (_Square(20), 1150, 1.0)):
        kept.picture((look, zoom, dpr))
    # The nearest as a ratio, of its own look and pixel ratio only.
    found = kept.nearest((_Square(10), 1200, 1.0))
    assert found is not None and found[1] == 1000
    assert found[0] is kept.picture((_Square(10), 1000, 1.0))
    found = kept.nearest((_Square(10), 1250, 1.0))
    assert found is not None and found[1] == 1500
    assert kept.nearest((_Square(10), 1200, 2.0)) is None
    # One more picture: the one used longest ago (1,500) is forgotten, and never chosen again.
    kept.picture((_Square(20), 1300, 1.0))
    found = kept.nearest((_Square(10), 1450, 1.0))
    assert found is not None and found[1] == 1000
    kept.forget()
    assert kept.nearest((_Square(20), 1300, 1.0)) is None


def _in_sight(felt: TableView) -> list[zones.ZoneItem]:
    """The zones the felt shows (painted as items: not the places kept for piles to come)."""
    seen = felt.mapToScene(felt.viewport().rect()).boundingRect()
    return [
        zone
        for zone in felt.zones()
        if zone.sceneBoundingRect().intersects(seen)
        and not zone.spec.reserved
        and not zone.frame_in_felt()
    ]


def _stand_ins_drawn(qtbot: QtBot, felt: TableView) -> list[zones.ZoneItem]:
    """A wheel step, and every zone then in sight settled; those with a picture of
    themselves (all but any over the largest picture a zone draws)."""
    turn_wheel(felt.viewport(), 120)
    felt.viewport().repaint()
    qtbot.waitUntil(
        lambda: _settled(felt) and not zone_pictures.frames.picturing(), timeout=10_000
    )
    return [
        zone
        for zone in _in_sight(felt)
        if zone._stand_in is not None and not zone._stand_in.pixmap().isNull()
    ]


def test_at_a_new_zoom_a_settled_zone_is_shown_by_its_picture_of_itself(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    zoned = _stand_ins_drawn(qtbot, felt)
    assert len(zoned) >= 3
    shown = {zone: zone.frame_shown for zone in zoned}
    drawn = _drawing_zone_pictures(monkeypatch)
    turn_wheel(felt.viewport(), 120)
    felt.viewport().repaint()  # the first frame at the new zoom
    # Qt alone drew each zone there, from its picture: none painted itself, none drew a frame.
    assert [zone.frame_shown for zone in zoned] == list(shown.values())
    assert all(zone._stand_in is not None and zone._stand_in.isVisible() for zone in zoned)
    flag = QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    assert all(zone.flags() & flag for zone in zoned)
    assert drawn == [] and not zone_pictures.frames.settled()
    qtbot.waitUntil(lambda: _settled(felt), timeout=10_000)
    # Then each paints itself again at the new zoom, its picture put away.
    assert all(zone.frame_shown != shown[zone] for zone in zoned)
    assert not any(zone._stand_in is not None and zone._stand_in.isVisible() for zone in zoned)
    assert not any(zone.flags() & flag for zone in zoned)


def test_a_zone_whose_count_changes_while_its_picture_stands_in_paints_itself_at_once(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    zoned = _stand_ins_drawn(qtbot, felt)
    zone = next(z for z in zoned if z.count > 0)
    turn_wheel(felt.viewport(), 120)
    felt.viewport().repaint()
    assert zone._stand_in is not None and zone._stand_in.isVisible()
    shown = zone.frame_shown
    drawn = _drawing_zone_pictures(monkeypatch)
    zone.set_count(zone.count + 1, card_kind(zone))
    # Its picture showed the old count: it is put away, and the zone paints the new one,
    # cheaply first (its frame from the nearest zoom's picture, stretched: none drawn).
    assert not zone._stand_in.isVisible() and zone._stand_in.pixmap().isNull()
    felt.viewport().repaint()
    assert zone.frame_shown != shown and drawn == []
    qtbot.waitUntil(lambda: _settled(felt) and not zone._stand_in.pixmap().isNull(), timeout=10_000)


def card_kind(zone: zones.ZoneItem) -> str:
    """The deck kind ``zone``'s pile holds, as the felt last told it."""
    return zone._kind


class _Zone:
    """A zone that draws a picture of itself of ``pixels`` pixels, and notes letting it go."""

    def __init__(self, pixels: int) -> None:
        self.pixels = pixels
        self.forgotten = False

    def stand_down(self) -> None:
        pass

    def picture_itself(self) -> int:
        return self.pixels

    def forget_stand_in(self) -> None:
        self.forgotten = True


def test_the_zones_pictures_of_themselves_kept_stay_within_their_number_and_pixels(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(zone_pictures, "STAND_INS_KEPT", 3)
    monkeypatch.setattr(zone_pictures, "STAND_IN_PIXELS_KEPT", 1000)
    kept = zone_pictures.Frames()
    made = [_Zone(100) for _ in range(5)] + [_Zone(600), _Zone(500)]
    for zone in made:
        kept.picture_later(zone)
    qtbot.waitUntil(lambda: made[5].forgotten, timeout=5_000)  # the last but one let go
    # Three at most, and then no more than 1,000 pixels: the oldest go first.
    assert [zone.forgotten for zone in made] == [True] * 6 + [False]
    assert kept.stand_ins() == 1


def test_a_zone_zoomed_far_in_keeps_no_picture_of_itself(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    zoned = _stand_ins_drawn(qtbot, felt)
    zone = zoned[0]
    pixels = zone._stand_in.pixmap() if zone._stand_in is not None else QtGui.QPixmap()
    assert pixels.width() * pixels.height() > 0
    monkeypatch.setattr(zones, "STAND_IN_LARGEST", pixels.width() * pixels.height() - 1)
    assert zone.picture_itself() == 0
    assert zone._stand_in is not None and zone._stand_in.pixmap().isNull()


def test_a_zones_picture_standing_in_is_found_under_the_pointer_by_its_rectangle(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The scene looks under the pointer at every move of a drag (hover, aiming): a zone's
    picture standing in after a zoom is found there by its rectangle, as a card's pictures
    are, never by a mask of its pixels (built at the first look, a frame held back)."""
    _window, felt = _felt_at_rest(qtbot, tmp_path)
    zoned = _stand_ins_drawn(qtbot, felt)
    assert zoned
    turn_wheel(felt.viewport(), 120)
    felt.viewport().repaint()
    for zone in zoned:
        stand_in = zone._stand_in
        assert stand_in is not None and stand_in.isVisible()
        # The picture's corner lies outside the frame's rounded edge: clear.
        assert stand_in.pixmap().toImage().pixelColor(0, 0).alpha() == 0
        corner = stand_in.boundingRect().topLeft() + QtCore.QPointF(0.25, 0.25)
        assert stand_in.contains(corner)
        assert stand_in in felt.scene().items(stand_in.mapToScene(corner))
