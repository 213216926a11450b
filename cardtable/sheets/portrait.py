"""Loading a portrait from an image file: upright, scaled down, stored as PNG.

A picture straight off a phone is large and often stored sideways with an EXIF note saying
which way is up; the sheet wants a small upright PNG. A file that is not an image, or that
claims to be so large that decoding it would exhaust memory (a "decompression bomb"), is
refused with a :class:`PortraitError` naming the file.

>>> import io
>>> from PIL import Image
>>> buffer = io.BytesIO()
>>> Image.new("RGB", (2000, 1000), "teal").save(buffer, "PNG")
>>> portrait_from_bytes(buffer.getvalue(), "wide.png").size
(512, 256)
"""

from __future__ import annotations

import base64
import binascii
import io
import warnings
from pathlib import Path

from cardtable.refusals import Refusal
from cardtable.sheets.common import Portrait

#: The long side of a stored portrait, in pixels (about 3.5 inches at 150 dpi).
MAX_SIDE = 512
#: The most pixels a portrait file may claim before it is refused unread (8000 x 8000).
MAX_PIXELS = 64_000_000
#: Files larger than this are refused before Pillow reads them.
MAX_FILE_BYTES = 64 * 1024 * 1024


class PortraitError(Refusal):
    """An image file that cannot become a portrait, and why."""


def load_portrait(
    path: str | Path, *, max_side: int = MAX_SIDE, max_pixels: int = MAX_PIXELS
) -> Portrait:
    """Read the image at ``path`` as a portrait: EXIF rotation applied, long side <= max_side."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise PortraitError(
                f"{path.name} is {size // (1024 * 1024)} MB; a portrait file may be at most "
                f"{MAX_FILE_BYTES // (1024 * 1024)} MB."
            )
        data = path.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        raise PortraitError(f"Cannot read the portrait {path.name}: {reason}.") from None
    return portrait_from_bytes(data, path.name, max_side=max_side, max_pixels=max_pixels)


def portrait_from_bytes(
    data: bytes, name: str, *, max_side: int = MAX_SIDE, max_pixels: int = MAX_PIXELS
) -> Portrait:
    """Make a portrait from the bytes of an image file; ``name`` is used in messages."""
    # Pillow comes in only when a picture is read: a session's stored portraits are PNG
    # already, and opening the table need not wait for Pillow.
    from PIL import Image, ImageOps, UnidentifiedImageError

    from cardtable.decks.images import FORMATS, flat_mode

    if max_side < 1 or max_pixels < 1:
        raise ValueError("max_side and max_pixels must be positive")
    # Pillow only warns at its own limit; a warning here must stop the load, not scroll by.
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as opened:
                _refuse_bomb(opened.size, name, max_pixels)
                # JPEG can decode at 1/2, 1/4 or 1/8 scale: a large photo never fills memory.
                opened.draft("RGB", (max_side * 2, max_side * 2))
                opened.load()
                image = ImageOps.exif_transpose(opened)
                image = flat_mode(image)
                image.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)
        except PortraitError:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise PortraitError(
                f"{name} claims to be a huge image (a decompression bomb?); it was not opened."
            ) from None
        except UnidentifiedImageError:
            raise PortraitError(f"{name} is not an image ({FORMATS}).") from None
        except (OSError, SyntaxError, ValueError) as error:
            # Pillow reports a truncated or corrupt file with any of these.
            raise PortraitError(f"{name} is a damaged or unsupported image: {error}.") from None
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False)
    return Portrait(out.getvalue())


def _refuse_bomb(size: tuple[int, int], name: str, max_pixels: int) -> None:
    width, height = size
    if width * height > max_pixels:
        raise PortraitError(
            f"{name} is {width} x {height} pixels, more than the {max_pixels:,} a portrait may "
            "have (a decompression bomb?); scale it down first."
        )


def portrait_to_text(portrait: Portrait) -> str:
    """The portrait as base64 text, the way a session file stores it."""
    return base64.b64encode(portrait.png).decode("ascii")


def portrait_from_text(text: str) -> Portrait:
    """The portrait stored as base64 text, within the limits :func:`load_portrait` keeps.

    A stored portrait larger than :data:`MAX_SIDE` (which Cardtable never writes) is scaled
    down as a picked file would be; one claiming more than :data:`MAX_PIXELS`, or longer
    than :data:`MAX_FILE_BYTES`, is refused unread. :class:`PortraitError` says why.
    """
    if len(text) > MAX_FILE_BYTES * 4 // 3 + 4:
        raise PortraitError(
            f"The stored portrait is larger than the {MAX_FILE_BYTES // (1024 * 1024)} MB "
            "a portrait file may be."
        )
    try:
        png = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise PortraitError("The stored portrait is not valid base64 text.") from None
    if not png.startswith(b"\x89PNG\r\n\x1a\n") or png[12:16] != b"IHDR" or len(png) < 24:
        raise PortraitError("The stored portrait is not a PNG image.")
    portrait = Portrait(png)
    name = "The stored portrait"
    _refuse_bomb(portrait.size, name, MAX_PIXELS)
    if max(portrait.size) > MAX_SIDE:
        return portrait_from_bytes(png, name)
    return portrait
