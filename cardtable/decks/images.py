"""Card pictures from image files: opened safely, turned upright, trimmed, fitted to a card.

A group's scans and downloads come in every shape: phone photos stored sideways with an EXIF
note saying which way is up, scans with a margin of scanner lid round the card, sheets of
cards in a grid (as Tabletop Simulator's decks are made). :func:`card_picture` turns one into
a picture of exactly a card's shape; a file that is not an image, is damaged, or claims to be
so large that decoding it would exhaust memory (a "decompression bomb") is refused with a
:class:`CardImageError` naming the file. The approach is the portrait loader's
(:mod:`cardtable.sheets.portrait`): check the size from the header before decoding anything,
let JPEG decode at a fraction of its size when that is all that is needed.

>>> from PIL import Image
>>> scan = Image.new("RGB", (700, 1000), "white")
>>> scan.paste((180, 30, 40), (100, 100, 600, 900))  # a card lying on a white scanner bed
>>> picture = card_picture(scan, aspect=8 / 5, height=160)
>>> picture.size, picture.getpixel((5, 5))
((100, 160), (180, 30, 40))
"""

from __future__ import annotations

import io
import os
import warnings
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from PIL import Image, ImageChops, ImageFilter, ImageOps, UnidentifiedImageError

from cardtable.refusals import Refusal

#: The picture formats Cardtable reads, for messages (portraits use the same list).
FORMATS = "PNG, JPEG, GIF, BMP, TIFF or WebP"


def flat_mode(image: Image.Image) -> Image.Image:
    """RGB, or RGBA when the picture has transparency; palette, CMYK and 16-bit become these."""
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    wanted = "RGBA" if has_alpha else "RGB"
    return image if image.mode == wanted else image.convert(wanted)


#: The most pixels an image file may claim before it is refused unread (about 9,400 x 9,400:
#: a Tabletop Simulator sheet of 70 cards fits). Kept under Pillow's own alarm, so Pillow
#: never has to be silenced in the worker threads.
MAX_PIXELS = 89_000_000
#: Files larger than this are refused before Pillow reads them.
MAX_FILE_BYTES = 200 * 1024 * 1024
#: File name endings taken for pictures; other files in a folder are left alone.
IMAGE_SUFFIXES = frozenset((".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp"))
#: How far (0-255, summed over the channels' grey) a margin may stray from its corner colour.
TRIM_TOLERANCE = 28
#: A trim is believed only if it leaves a picture within this much of the card's shape...
TRIM_ASPECT_SLACK = 0.2
#: ...and at least this share of the picture's area (a white card on a white scanner bed
#: would otherwise be "trimmed" to its central pip).
TRIM_MIN_AREA = 0.35
#: Decode at least this much larger than the picture wanted, so downscaling stays sharp.
DECODE_MARGIN = 1.25

#: How card pictures are written: zlib level 1 with run-length matching writes a scanned
#: card five times faster than Pillow's default, and smaller than level 1 alone.
PNG_OPTIONS: dict[str, Any] = {"compress_level": 1, "compress_type": zlib.Z_RLE}

Fit = Literal["crop", "pad"]
Box = tuple[int, int, int, int]


class CardImageError(Refusal):
    """An image file that cannot become a card picture; the message names the file."""


def is_image_name(path: Path) -> bool:
    """Whether ``path``'s name ends like a picture (``.png``, ``.JPG``, ``.webp``...)."""
    return path.suffix.lower() in IMAGE_SUFFIXES


def _check_file_size(path: Path) -> None:
    try:
        size = path.stat().st_size
    except OSError as error:
        raise CardImageError(f"Cannot read {path.name}: {error.strerror or error}.") from None
    if size > MAX_FILE_BYTES:
        raise CardImageError(
            f"{path.name} is {size // (1024 * 1024)} MB; a card image may be at most "
            f"{MAX_FILE_BYTES // (1024 * 1024)} MB."
        )


def _read(path: Path) -> bytes:
    _check_file_size(path)
    try:
        return path.read_bytes()
    except OSError as error:
        raise CardImageError(f"Cannot read {path.name}: {error.strerror or error}.") from None


def _refuse_bomb(size: tuple[int, int], name: str, max_pixels: int) -> None:
    width, height = size
    if width * height > max_pixels:
        raise CardImageError(
            f"{name} is {width} x {height} pixels, more than the {max_pixels:,} a card image "
            "may have (a decompression bomb?); scale it down first."
        )


def _upright_size(image: Image.Image) -> tuple[int, int]:
    """The size once EXIF's orientation is applied (5 to 8 mean a quarter turn).

    Reads only what the header holds: Pillow's ``getexif`` decodes a whole PNG to look for
    an EXIF block after the pixels, which would make a quick look as slow as the real work.
    """
    if image.format == "PNG" and "exif" not in image.info:
        return image.size
    orientation = image.getexif().get(0x0112, 1)
    width, height = image.size
    return (height, width) if orientation in (5, 6, 7, 8) else (width, height)


def _opened(data: bytes | Path, name: str, max_pixels: int) -> Image.Image:
    try:
        image = Image.open(io.BytesIO(data) if isinstance(data, bytes) else data)
    except UnidentifiedImageError:
        raise CardImageError(f"{name} is not an image ({FORMATS}).") from None
    except Image.DecompressionBombError:
        raise CardImageError(
            f"{name} claims to be a huge image (a decompression bomb?); it was not opened."
        ) from None
    except (OSError, SyntaxError, ValueError) as error:
        raise CardImageError(f"{name} is a damaged or unsupported image: {error}.") from None
    try:
        _refuse_bomb(image.size, name, max_pixels)
    except CardImageError:
        image.close()
        raise
    return image


def probe(path: Path, *, max_pixels: int = MAX_PIXELS) -> tuple[int, int]:
    """The upright size of the picture in ``path``, reading only its header.

    Refuses (:class:`CardImageError`, naming the file) what is not an image or is too large,
    so a whole folder can be checked in a moment before the real work starts.
    """
    path = Path(path)
    _check_file_size(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with _opened(path, path.name, max_pixels) as image:
                return _upright_size(image)
        except Image.DecompressionBombWarning:
            raise CardImageError(
                f"{path.name} claims to be a huge image (a decompression bomb?); it was not opened."
            ) from None
        except OSError as error:
            raise CardImageError(f"Cannot read {path.name}: {error.strerror or error}.") from None


def open_upright(
    path: Path, *, want: tuple[int, int] | None = None, max_pixels: int = MAX_PIXELS
) -> Image.Image:
    """The decoded picture in ``path``, turned upright by its EXIF note, in RGB or RGBA.

    ``want`` is the upright size the caller will scale down to: a JPEG then decodes at the
    smallest of its built-in scales (1/2, 1/4, 1/8) that stays comfortably above it.
    Safe to call from worker threads (it never touches the warnings filters).
    """
    path = Path(path)
    data = _read(path)
    image = _opened(data, path.name, max_pixels)
    try:
        if want is not None:
            upright = _upright_size(image)
            turned = upright != image.size
            width, height = (round(w * DECODE_MARGIN) for w in want)
            image.draft("RGB", (height, width) if turned else (width, height))
        image.load()
        # In place: a picture that needs no turn is not copied (12 MB for a large scan).
        ImageOps.exif_transpose(image, in_place=True)
        flat = flat_mode(image)
    except (OSError, SyntaxError, ValueError) as error:
        image.close()
        # Pillow reports a truncated or corrupt file with any of these.
        raise CardImageError(f"{path.name} is a damaged or unsupported image: {error}.") from None
    if flat is not image:
        image.close()
    return flat


# ---------------------------------------------------------------------------------------------
# Trimming and fitting


def _close(a: Sequence[int], b: Sequence[int], tolerance: int) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


def _colour(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    pixel = image.getpixel(xy)
    return tuple(pixel) if isinstance(pixel, tuple) else (int(pixel or 0),)


def content_box(image: Image.Image, tolerance: int = TRIM_TOLERANCE) -> Box:
    """The box inside a uniform border (transparent, or of the corners' one colour).

    The whole picture when there is no such border: the four corners must agree on a colour
    before anything counts as margin. Specks of dust in the margin are ignored.
    """
    full = (0, 0, image.width, image.height)
    if image.width < 3 or image.height < 3:
        return full
    if image.mode == "RGBA":
        alpha = image.getchannel("A").point(lambda v: 255 if v > tolerance else 0)
        box = alpha.getbbox()
        if box is not None and box != full:
            return box
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    ground = _margin_colour(rgb, tolerance)
    if ground is None:
        return full
    # Find the card on a copy about 400 pixels across (a twentieth of the work; averaging
    # also drowns specks of dust), then settle each edge on the full picture.
    factor = max(1, max(image.size) // 400)
    small = rgb.reduce(factor) if factor > 1 else rgb
    coarse = _inside(small, ground, tolerance)
    if coarse is None:
        return full
    left, top, right, bottom = (
        coarse[0] * factor,
        coarse[1] * factor,
        min(coarse[2] * factor, image.width),
        min(coarse[3] * factor, image.height),
    )
    if factor == 1:
        return left, top, right, bottom
    band = 2 * factor
    edges = _inside(rgb.crop((left, top, min(left + band, right), bottom)), ground, tolerance)
    left += edges[0] if edges else 0
    edges = _inside(rgb.crop((left, top, right, min(top + band, bottom))), ground, tolerance)
    top += edges[1] if edges else 0
    start = max(right - band, left)
    edges = _inside(rgb.crop((start, top, right, bottom)), ground, tolerance)
    right = start + edges[2] if edges else right
    start = max(bottom - band, top)
    edges = _inside(rgb.crop((left, start, right, bottom)), ground, tolerance)
    bottom = start + edges[3] if edges else bottom
    return left, top, right, bottom


def _margin_colour(rgb: Image.Image, tolerance: int) -> tuple[int, ...] | None:
    """The colour all four corners share, or None when they differ (no uniform margin)."""
    w, h = rgb.width - 1, rgb.height - 1
    corners = [_colour(rgb, xy) for xy in ((0, 0), (w, 0), (0, h), (w, h))]
    if not all(_close(corners[0], c, tolerance) for c in corners[1:]):
        return None
    return corners[0][:3]


def _inside(rgb: Image.Image, ground: tuple[int, ...], tolerance: int) -> Box | None:
    """The box of what in ``rgb`` differs from ``ground``, specks of one pixel ignored."""
    if rgb.width < 1 or rgb.height < 1:
        return None
    mask = ImageChops.difference(rgb, Image.new("RGB", rgb.size, ground)).convert("L")
    mask = mask.point(lambda v: 255 if v > tolerance // 2 else 0)
    if rgb.width >= 3 and rgb.height >= 3:
        mask = mask.filter(ImageFilter.MinFilter(3))
    box = mask.getbbox()
    if box is None:
        return None
    left, top, right, bottom = box
    # The erosion that removed the specks shrank what is left by a pixel on every side.
    return (
        max(left - 1, 0),
        max(top - 1, 0),
        min(right + 1, rgb.width),
        min(bottom + 1, rgb.height),
    )


def trimmed_box(image: Image.Image, aspect: float, tolerance: int = TRIM_TOLERANCE) -> Box:
    """The part of ``image`` inside its uniform border, when what is left looks like a card.

    ``aspect`` is the card's height / width: a trim that leaves something far from it (or
    a small part of the picture) is not believed, and the whole picture is kept.
    """
    full = (0, 0, image.width, image.height)
    box = content_box(image, tolerance)
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    if box == full or width < 1 or height < 1:
        return full
    if width * height < TRIM_MIN_AREA * image.width * image.height:
        return full
    if abs((height / width) / aspect - 1.0) > TRIM_ASPECT_SLACK:
        return full
    return box


def trim(image: Image.Image, aspect: float, tolerance: int = TRIM_TOLERANCE) -> Image.Image:
    """``image`` without its uniform border, when what is left looks like a card."""
    box = trimmed_box(image, aspect, tolerance)
    return image if box == (0, 0, image.width, image.height) else image.crop(box)


def card_size(aspect: float, height: int) -> tuple[int, int]:
    """The pixel size of a card ``height`` pixels tall: ``card_size(8 / 5, 750) == (469, 750)``."""
    return max(1, round(height / aspect)), height


def _centre_crop(box: Box, aspect: float) -> tuple[float, float, float, float]:
    """The largest part of ``box`` of shape ``aspect`` (height / width), centred."""
    left, top, right, bottom = (float(v) for v in box)
    width, height = right - left, bottom - top
    if height / width > aspect:
        keep = width * aspect
        top += (height - keep) / 2
        return left, top, right, top + keep
    keep = height / aspect
    left += (width - keep) / 2
    return left, top, left + keep, bottom


def fit(
    image: Image.Image, size: tuple[int, int], how: Fit = "crop", box: Box | None = None
) -> Image.Image:
    """The part ``box`` of ``image`` (all of it by default) scaled to exactly ``size``:
    cropped to fill it, or padded with its edge colour."""
    width, height = size
    box = box if box is not None else (0, 0, image.width, image.height)
    if how == "crop":
        # One resampling pass, straight from the decoded picture: Pillow shrinks by whole
        # steps first (reducing_gap), then finishes with Lanczos.
        return image.resize(
            size,
            Image.Resampling.LANCZOS,
            box=_centre_crop(box, height / width),
            reducing_gap=DECODE_MARGIN,
        )
    part = image.crop(box) if box != (0, 0, image.width, image.height) else image
    edge = _colour(part.convert("RGB") if part.mode not in ("RGB", "RGBA") else part, (0, 0))
    scale = min(width / part.width, height / part.height)
    inner = (max(1, round(part.width * scale)), max(1, round(part.height * scale)))
    shrunk = part.resize(inner, Image.Resampling.LANCZOS, reducing_gap=DECODE_MARGIN)
    canvas = Image.new(part.mode, size, edge if part.mode != "RGBA" else (*edge[:3], 255))
    canvas.paste(shrunk, ((width - inner[0]) // 2, (height - inner[1]) // 2))
    return canvas


def card_picture(
    image: Image.Image,
    aspect: float,
    height: int,
    *,
    trim_border: bool = True,
    how: Fit = "crop",
) -> Image.Image:
    """``image`` as a card ``height`` pixels tall of shape ``aspect`` (height / width)."""
    box = trimmed_box(image, aspect) if trim_border else None
    return fit(image, card_size(aspect, height), how, box)


def is_blank(image: Image.Image, tolerance: int = 6) -> bool:
    """Whether ``image`` is one flat colour (an empty cell of a sheet)."""
    small = image.convert("RGB").reduce(max(1, min(image.size) // 64))
    extrema: Any = small.getextrema()  # one (low, high) per channel, for RGB
    return all(high - low <= tolerance for low, high in extrema)


def grid_boxes(size: tuple[int, int], rows: int, columns: int) -> list[Box]:
    """The cells of a sheet ``size`` pixels large, row by row from the top left.

    >>> grid_boxes((200, 100), 2, 2)
    [(0, 0, 100, 50), (100, 0, 200, 50), (0, 50, 100, 100), (100, 50, 200, 100)]
    """
    width, height = size
    if rows < 1 or columns < 1:
        raise CardImageError("A sheet has at least one row and one column of cards.")
    if width < columns or height < rows:
        raise CardImageError(
            f"A sheet {width} x {height} pixels cannot hold {rows} x {columns} cards."
        )
    boxes = []
    for row in range(rows):
        top, bottom = row * height // rows, (row + 1) * height // rows
        for column in range(columns):
            left, right = column * width // columns, (column + 1) * width // columns
            boxes.append((left, top, right, bottom))
    return boxes


def save_png(image: Image.Image, path: Path) -> None:
    """Write ``image`` as a PNG, quickly (a card picture is saved once and read often)."""
    with open(path, "wb") as out:
        image.save(out, "PNG", **PNG_OPTIONS)
        out.flush()
        os.fsync(out.fileno())


def thumbnail_png(path: Path, side: int, *, max_pixels: int = MAX_PIXELS) -> bytes:
    """A small upright PNG of the picture in ``path`` (long side ``side``), for previews."""
    image = open_upright(Path(path), want=(side, side), max_pixels=max_pixels)
    image.thumbnail((side, side), Image.Resampling.BILINEAR)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()
