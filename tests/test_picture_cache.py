"""The pictures a start draws, kept between runs: the next start shows the very same pixels
without drawing them, code that draws otherwise is never shown a stale picture, and only
what a start needs is kept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from cardtable.ui.art import card_art, picture_cache, toolbar_icons
from cardtable.ui.art.picture_cache import PictureCache, drawn
from cardtable.ui.qt import QtGui


@pytest.fixture
def cache_at(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Where the installed cache keeps its pictures (one per test); a fresh start is
    :func:`_restart`."""
    path = tmp_path / "pictures.bin"
    monkeypatch.setattr(picture_cache, "_installed", PictureCache(path))
    monkeypatch.setattr(toolbar_icons, "_cache", {})
    yield path


def _restart(path: Path, monkeypatch: pytest.MonkeyPatch) -> PictureCache:
    """What the next start finds: the pictures written, a new process's caches empty."""
    cache = picture_cache.installed()
    assert cache is not None
    cache.save()
    again = PictureCache(path)
    monkeypatch.setattr(picture_cache, "_installed", again)
    monkeypatch.setattr(toolbar_icons, "_cache", {})
    QtGui.QPixmapCache.clear()
    return again


def _square(colour: str) -> list[str]:
    calls: list[str] = []

    def draw(image: QtGui.QImage) -> None:
        calls.append(colour)
        painter = QtGui.QPainter(image)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setBrush(QtGui.QColor(colour))
        painter.drawEllipse(2, 2, 12, 9)
        painter.end()

    draw.calls = calls  # type: ignore[attr-defined]
    return draw  # type: ignore[return-value]


def test_the_next_start_shows_the_same_pixels_without_drawing_them(
    cache_at: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draw = _square("#b5651d")
    first = drawn("dot/16x13", 16, 13, draw)
    _restart(cache_at, monkeypatch)
    again = drawn("dot/16x13", 16, 13, draw)
    assert draw.calls == ["#b5651d"]  # type: ignore[attr-defined]
    assert again == first and not again.isNull()


def test_without_the_cache_installed_every_picture_is_drawn(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(picture_cache, "_installed", None)
    draw = _square("#27332c")
    assert drawn("dot", 16, 13, draw) == drawn("dot", 16, 13, draw)
    assert draw.calls == ["#27332c", "#27332c"]  # type: ignore[attr-defined]


def test_pictures_drawn_by_other_code_are_never_shown(
    cache_at: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn("dot", 16, 13, _square("#ff0000"))
    monkeypatch.setattr(picture_cache, "_stamp", lambda: b"CTPICT2 changed art\n")
    _restart(cache_at, monkeypatch)
    redraw = _square("#00ff00")
    image = drawn("dot", 16, 13, redraw)
    assert redraw.calls == ["#00ff00"]  # type: ignore[attr-defined]
    assert image.pixelColor(8, 6).green() > 200


def test_only_what_the_start_drew_or_used_is_kept(
    cache_at: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn("used", 8, 8, _square("#111111"))
    drawn("once", 8, 8, _square("#222222"))
    second = _restart(cache_at, monkeypatch)
    drawn("used", 8, 8, _square("#333333"))  # found
    assert second.save() is False  # nothing new: the file stays as it is
    drawn("new size", 9, 9, _square("#444444"))  # the window is larger, say
    picture_cache.start_shown()
    drawn("zoomed", 8, 8, _square("#555555"))  # after the first session: not kept
    third = _restart(cache_at, monkeypatch)
    assert third.find("used") is not None and third.find("new size") is not None
    assert third.find("once") is None and third.find("zoomed") is None


@pytest.mark.parametrize(
    "content",
    [b"", b"CTPICT1 00000000\nold format", b"garbage"],
    ids=["empty", "foreign stamp", "garbage"],
)
def test_a_cache_file_that_cannot_be_read_costs_only_a_drawing(
    cache_at: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    cache_at.write_bytes(content)
    monkeypatch.setattr(picture_cache, "_installed", PictureCache(cache_at))
    draw = _square("#123456")
    assert not drawn("dot", 16, 13, draw).isNull()
    assert draw.calls == ["#123456"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("damage", ["cut short", "a key not in UTF-8", "a record too large"])
def test_a_cache_file_with_the_right_stamp_but_damaged_records_costs_only_a_drawing(
    cache_at: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    drawn("dot", 16, 13, _square("#654321"))
    _restart(cache_at, monkeypatch)
    data = bytearray(cache_at.read_bytes())
    record = data.index(b"dot") - 6  # the header (key length, width, height) before the key
    if damage == "cut short":
        del data[-5:]
    elif damage == "a key not in UTF-8":
        data[record + 6] = 0xFF
    else:
        data[record + 2 : record + 4] = (5000).to_bytes(2, "little")
    cache_at.write_bytes(bytes(data))
    monkeypatch.setattr(picture_cache, "_installed", PictureCache(cache_at))
    draw = _square("#123456")
    assert not drawn("dot", 16, 13, draw).isNull()
    assert draw.calls == ["#123456"]  # type: ignore[attr-defined]


def test_a_toolbar_icon_and_a_card_back_from_the_cache_are_the_ones_drawn(
    cache_at: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    icon = toolbar_icons.icon("shuffle").pixmap(48, 48).toImage()
    back = card_art.back_pixmap(card_art.PLAYING, 70).toImage()
    _restart(cache_at, monkeypatch)
    painted: list[str] = []
    real_back = card_art.paint_playing_back

    def paint_back(*args: Any) -> Any:
        painted.append("back")
        return real_back(*args)

    monkeypatch.setattr(card_art, "paint_playing_back", paint_back)
    assert toolbar_icons.icon("shuffle").pixmap(48, 48).toImage() == icon
    assert card_art.back_pixmap(card_art.PLAYING, 70).toImage() == back
    assert painted == []


def test_the_stamp_follows_every_module_of_the_front_end_and_nothing_else(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    front_end = tmp_path / "ui"
    (front_end / "table").mkdir(parents=True)
    zones = front_end / "table" / "zones.py"
    zones.write_text("RADIUS = 10\n")
    monkeypatch.setattr(picture_cache, "_FRONT_END", front_end)
    before = picture_cache._stamp()
    (front_end / "table" / "__pycache__").mkdir()
    (front_end / "table" / "__pycache__" / "zones.cpython-311.pyc").write_bytes(b"compiled")
    (front_end / "notes.txt").write_text("not code")
    assert picture_cache._stamp() == before  # the first start compiles; the second finds it
    zones.write_text("RADIUS = 12.5\n")  # the zones drawn with rounder corners
    changed = picture_cache._stamp()
    assert changed != before
    (front_end / "table" / "edges.py").write_text("WIDTH = 2\n")  # a new drawing module
    assert picture_cache._stamp() != changed


def test_the_real_stamp_covers_the_modules_that_draw_the_kept_pictures() -> None:
    sources = " ".join(picture_cache._sources(picture_cache._FRONT_END))
    for drawing in ("toolbar_icons.py", "card_art.py", "zones.py", "main_window.py"):
        assert drawing in sources
