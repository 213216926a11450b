"""Card faces and backs as pixmaps of any size, drawn from vector art and cached per size.

Two kinds of card lie on the table: ``"tarot"`` cards (5:8, the Tourist's Tarot) and
``"playing"`` cards (5:7). Both are :data:`CARD_WIDTH` scene units wide; :func:`card_size`
gives the full size. The art is original to Cardtable and drawn with QPainter paths, so a
pixmap of any width is sharp; each (face, pixel size) is drawn once and then served from
:class:`QtGui.QPixmapCache`, whose limit :func:`ensure_cache_limit` raises.

>>> from cardtable.cards import TarotCard
>>> size = card_size(deck_kind(TarotCard.from_name("Soldier of Paper")))
>>> size.width(), size.height()
(120.0, 192.0)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from attrs import define

from cardtable.cards import CardFace, CardId, PlayingCard, TarotCard
from cardtable.ui.art_backs import BackStyle, paint_playing_back, paint_tarot_back
from cardtable.ui.art_common import CARD_UNITS_WIDE
from cardtable.ui.art_playing import paint_playing_face
from cardtable.ui.art_tarot import paint_tarot_face
from cardtable.ui.qt import Qt, QtCore, QtGui

TAROT = "tarot"
PLAYING = "playing"
DECK_KINDS = (TAROT, PLAYING)

CARD_WIDTH = 120.0  # scene units
ASPECTS = {TAROT: 8 / 5, PLAYING: 7 / 5}  # height / width

PIXMAP_CACHE_KB = 256 * 1024
# Below this many device pixels across, keywords and fine lines only blur: leave them out.
DETAIL_MIN_PX = 90
MIN_PX, MAX_PX = 8, 2048


class CardArtError(ValueError):
    """A deck kind or size the card art cannot draw."""


@define
class ArtStats:
    """How often art was drawn and how often a cached pixmap was reused."""

    renders: int = 0
    hits: int = 0


stats = ArtStats()
_back_styles: dict[str, BackStyle] = {TAROT: BackStyle.star_map(), PLAYING: BackStyle.lattice()}


# Paints one card in card units; the flag says whether fine detail is worth drawing.
Drawer = Callable[[QtGui.QPainter, bool], None]


def ensure_cache_limit(kilobytes: int = PIXMAP_CACHE_KB) -> None:
    """Raise :class:`QtGui.QPixmapCache`'s limit to ``kilobytes`` (never lowers it).

    Card items use ``DeviceCoordinateCache``, which keeps its pixmaps in the same cache; Qt's
    default 10 MB holds a few dozen cards, and a thrashing cache repaints every frame.
    """
    if QtGui.QPixmapCache.cacheLimit() < kilobytes:
        QtGui.QPixmapCache.setCacheLimit(kilobytes)


def deck_kind(face: CardFace) -> str:
    """``"tarot"`` or ``"playing"``: which art and which back a face belongs to."""
    return TAROT if isinstance(face, TarotCard) else PLAYING


def _check_kind(kind: str) -> None:
    if kind not in DECK_KINDS:
        raise CardArtError(f"there is no card art for {kind!r}; use one of {', '.join(DECK_KINDS)}")


def card_size(kind: str) -> QtCore.QSizeF:
    """A card's size in scene units: 120 x 192 for the tarot, 120 x 168 for playing cards."""
    _check_kind(kind)
    return QtCore.QSizeF(CARD_WIDTH, CARD_WIDTH * ASPECTS[kind])


def pixel_height(kind: str, width_px: int) -> int:
    return round(width_px * ASPECTS[kind])


def joker_variant(card_id: CardId | str) -> int:
    """Which joker style a card id gets: 0 (black) or 1 (red).

    Deck ids number repeated faces (``shoe/3/joker``), so a deck's two jokers alternate.

    >>> joker_variant("playing/1/joker"), joker_variant("playing/2/joker")
    (0, 1)
    """
    found = re.search(r"/(\d+)/[^/]+$", str(card_id))
    return (int(found.group(1)) - 1) % 2 if found else 0


def back_style(kind: str) -> BackStyle:
    _check_kind(kind)
    return _back_styles[kind]


def set_back_style(kind: str, style: BackStyle) -> None:
    """Use ``style`` for every ``kind`` back drawn from now on."""
    _check_kind(kind)
    _back_styles[kind] = style


def _face_key(face: CardFace, variant: int) -> str:
    if isinstance(face, TarotCard):
        # Keywords are printed on the card, and a group may edit them.
        return f"tarot/{face.slug}/{face.upright}/{face.reversed}"
    return f"playing/{face.code}/{variant % 2 if face.is_joker else 0}"


def _sizes(kind: str, width_px: int, dpr: float) -> tuple[int, int]:
    if not MIN_PX <= width_px <= MAX_PX:
        raise CardArtError(f"card pixmaps are {MIN_PX} to {MAX_PX} pixels wide, not {width_px}")
    if not 0.5 <= dpr <= 8.0:
        raise CardArtError(f"a device pixel ratio of {dpr} is not a screen's")
    device_width = max(MIN_PX, round(width_px * dpr))
    return device_width, pixel_height(kind, device_width)


def _render(kind: str, width_px: int, dpr: float, key: str, draw: Drawer) -> QtGui.QPixmap:
    device_width, device_height = _sizes(kind, width_px, dpr)
    full_key = f"cardtable/{key}/{device_width}/{dpr:g}"
    ensure_cache_limit()
    cached = QtGui.QPixmapCache.find(full_key)
    if cached is not None and not cached.isNull():
        stats.hits += 1
        return cached
    image = QtGui.QImage(
        device_width, device_height, QtGui.QImage.Format.Format_ARGB32_Premultiplied
    )
    image.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    try:
        painter.setRenderHints(
            QtGui.QPainter.RenderHint.Antialiasing
            | QtGui.QPainter.RenderHint.SmoothPixmapTransform
            | QtGui.QPainter.RenderHint.TextAntialiasing
        )
        painter.scale(device_width / CARD_UNITS_WIDE, device_width / CARD_UNITS_WIDE)
        draw(painter, device_width >= DETAIL_MIN_PX)
    finally:
        painter.end()
    pixmap = QtGui.QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(dpr)
    stats.renders += 1
    QtGui.QPixmapCache.insert(full_key, pixmap)
    return pixmap


def face_pixmap(face: CardFace, width_px: int, dpr: float = 1.0, variant: int = 0) -> QtGui.QPixmap:
    """``face`` drawn ``width_px`` logical pixels wide (``width_px * dpr`` device pixels).

    ``variant`` picks the joker's style (see :func:`joker_variant`). The pixmap has rounded,
    transparent corners and its device pixel ratio set to ``dpr``.
    """
    kind = deck_kind(face)

    def draw(painter: QtGui.QPainter, detail: bool) -> None:
        if isinstance(face, TarotCard):
            paint_tarot_face(painter, face, detail)
        else:
            assert isinstance(face, PlayingCard)
            paint_playing_face(painter, face, variant, detail)

    return _render(kind, width_px, dpr, _face_key(face, variant), draw)


def back_pixmap(
    kind: str, width_px: int, dpr: float = 1.0, style: BackStyle | None = None
) -> QtGui.QPixmap:
    """The back of a ``kind`` card, ``width_px`` logical pixels wide, in ``style``'s colours."""
    _check_kind(kind)
    chosen = style if style is not None else _back_styles[kind]
    width_units = CARD_UNITS_WIDE
    height_units = CARD_UNITS_WIDE * ASPECTS[kind]

    def draw(painter: QtGui.QPainter, detail: bool) -> None:
        if kind == TAROT:
            paint_tarot_back(painter, width_units, height_units, chosen)
        else:
            paint_playing_back(painter, width_units, height_units, chosen)

    return _render(kind, width_px, dpr, f"back/{kind}/{chosen.key}", draw)
