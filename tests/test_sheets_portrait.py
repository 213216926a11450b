"""Portraits from image files: turned upright, scaled down, and bad files refused by name."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from cardtable.sheets import Portrait, SheetError, TarotSheet
from cardtable.sheets.portrait import (
    PortraitError,
    load_portrait,
    portrait_from_bytes,
    portrait_from_text,
    portrait_to_text,
)

RED = (220, 20, 20)
BLUE = (20, 20, 220)
# EXIF tag 0x0112; value 6 means "rotate 90 degrees clockwise to view".
ORIENTATION = 0x0112


def opened(portrait: Portrait) -> Image.Image:
    image = Image.open(io.BytesIO(portrait.png))
    assert image.format == "PNG"
    return image


def close_to(pixel: object, colour: tuple[int, int, int]) -> bool:
    assert isinstance(pixel, tuple)
    return all(abs(a - b) < 40 for a, b in zip(pixel[:3], colour, strict=True))


def sideways_jpeg(path: Path) -> None:
    """A wide JPEG, red on its left half, that EXIF says must be turned clockwise."""
    image = Image.new("RGB", (80, 40), BLUE)
    image.paste(RED, (0, 0, 40, 40))
    exif = Image.Exif()
    exif[ORIENTATION] = 6
    image.save(path, "JPEG", exif=exif, quality=95)


def test_a_phone_photo_stored_sideways_comes_out_upright(tmp_path: Path) -> None:
    path = tmp_path / "sideways.jpg"
    sideways_jpeg(path)
    portrait = load_portrait(path)
    image = opened(portrait).convert("RGB")
    # Turned a quarter clockwise: the wide picture is now tall, its left half on top.
    assert image.size == (40, 80) == portrait.size
    assert close_to(image.getpixel((20, 15)), RED)
    assert close_to(image.getpixel((20, 65)), BLUE)


def test_a_large_picture_is_scaled_down_keeping_its_shape(tmp_path: Path) -> None:
    path = tmp_path / "wide.png"
    Image.new("RGB", (2000, 1000), "teal").save(path)
    assert load_portrait(path).size == (512, 256)
    assert load_portrait(path, max_side=100).size == (100, 50)


def test_a_small_picture_is_not_enlarged(tmp_path: Path) -> None:
    path = tmp_path / "small.gif"
    Image.new("P", (60, 30)).save(path)
    assert load_portrait(path).size == (60, 30)


def test_a_large_jpeg_is_read_at_reduced_size_and_scaled(tmp_path: Path) -> None:
    path = tmp_path / "big.jpg"
    Image.new("RGB", (4000, 3000), "olive").save(path, quality=80)
    assert load_portrait(path).size == (512, 384)


def test_transparency_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "cut-out.png"
    image = Image.new("RGBA", (30, 30), (0, 0, 0, 0))
    image.paste((200, 100, 0, 255), (10, 10, 20, 20))
    image.save(path)
    stored = opened(load_portrait(path))
    assert stored.mode == "RGBA"
    assert stored.getpixel((0, 0)) == (0, 0, 0, 0)


def test_a_text_file_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Not a picture at all.\n")
    with pytest.raises(PortraitError, match=r"notes\.txt is not an image"):
        load_portrait(path)


def test_a_missing_file_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(PortraitError, match=r"ghost\.png"):
        load_portrait(tmp_path / "ghost.png")


def test_a_truncated_picture_is_refused(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    Image.effect_noise((200, 200), 60).convert("RGB").save(buffer, "PNG")
    path = tmp_path / "cut.png"
    path.write_bytes(buffer.getvalue()[: len(buffer.getvalue()) // 2])
    with pytest.raises(PortraitError, match=r"cut\.png is a damaged"):
        load_portrait(path)


def test_a_picture_over_the_pixel_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "poster.png"
    Image.new("RGB", (300, 200)).save(path)
    with pytest.raises(PortraitError, match=r"poster\.png is 300 x 200 pixels"):
        load_portrait(path, max_pixels=50_000)
    assert load_portrait(path, max_pixels=60_000).size == (300, 200)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG file whose header claims ``width`` x ``height`` pixels."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + _chunk(b"IEND", b"")
    )


def test_a_decompression_bomb_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "bomb.png"
    path.write_bytes(png_claiming(100_000, 100_000))
    with pytest.raises(PortraitError, match=r"bomb\.png .*decompression bomb"):
        load_portrait(path)
    with pytest.raises(PortraitError, match=r"bomb\.png .*decompression bomb"):
        load_portrait(path, max_pixels=10**12)


def test_pillows_bomb_warning_stops_the_load(tmp_path: Path) -> None:
    # 100 million pixels: above Pillow's warning limit, below its error limit.
    path = tmp_path / "almost.png"
    path.write_bytes(png_claiming(10_000, 10_000))
    with pytest.raises(PortraitError, match=r"almost\.png .*decompression bomb"):
        load_portrait(path, max_pixels=10**12)


def test_a_portrait_is_saved_as_base64_text_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "face.png"
    Image.new("RGB", (40, 50), "tan").save(path)
    portrait = load_portrait(path)
    text = portrait_to_text(portrait)
    assert text.isascii() and "\n" not in text
    assert portrait_from_text(text) == portrait
    with pytest.raises(PortraitError, match="not valid base64 text"):
        portrait_from_text("not base64!")
    with pytest.raises(PortraitError, match="not a PNG"):
        portrait_from_text("aGVsbG8=")


def test_a_sheet_holds_only_png_portraits() -> None:
    with pytest.raises(SheetError, match="not a PNG"):
        Portrait(b"GIF89a")
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buffer, "PNG")
    sheet = TarotSheet(portrait=portrait_from_bytes(buffer.getvalue(), "dot.png"))
    assert sheet.portrait is not None and sheet.portrait.size == (8, 8)
