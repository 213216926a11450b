"""Card faces and backs as pixmaps of any size, drawn from vector art and cached per size.

Two kinds of card lie on the table: ``"tarot"`` cards (5:8, the Tourist's Tarot) and
``"playing"`` cards (5:7). Both are :data:`CARD_WIDTH` scene units wide; :func:`card_size`
gives the full size. The art is original to Cardtable and drawn with QPainter paths, so a
pixmap of any width is sharp; each (face, width, pixel ratio) is drawn once and then served
from :class:`QtGui.QPixmapCache`, whose limit :func:`ensure_cache_limit` raises. Every card
of that face on the table shows that one pixmap (the felt's cards keep no image of their
own), so a table of thousands of cards costs the pictures of its few dozen faces.

>>> from cardtable.cards import TarotCard
>>> size = card_size(deck_kind(TarotCard.from_name("Soldier of Paper")))
>>> size.width(), size.height()
(120.0, 192.0)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from attrs import define

from cardtable.cards import CardFace, CardId, CustomCard, PlayingCard, TarotCard
from cardtable.ui.art.backs import BackStyle, paint_playing_back, paint_tarot_back
from cardtable.ui.art.common import (
    CARD_UNITS_WIDE,
    INK,
    PAPER_WHITE,
    SERIF,
    card_outline,
    font,
)
from cardtable.ui.art.picture_cache import drawn
from cardtable.ui.qt import Qt, QtCore, QtGui

if TYPE_CHECKING:  # the art sets need Pillow, which the vector art never does
    from cardtable.decks.art import ArtLibrary, ArtSet
    from cardtable.settings import Settings

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

    Qt's default 10 MB holds a few dozen faces at a large zoom on a high-density screen; a
    face pushed out of the cache is drawn again from its vector art the next time it is
    asked for.
    """
    if QtGui.QPixmapCache.cacheLimit() < kilobytes:
        QtGui.QPixmapCache.setCacheLimit(kilobytes)


def deck_kind(face: CardFace) -> str:
    """``"tarot"`` or ``"playing"``: which art and which back a face belongs to.

    A group's own card (:class:`CustomCard`) is of the shape its deck chose.
    """
    if isinstance(face, CustomCard):
        return face.shape
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


#: The number a deck gives a repeated face, in a card id.
_REPEAT = re.compile(r"/(\d+)/[^/]+$")


def joker_variant(card_id: CardId | str) -> int:
    """Which joker style a card id gets: 0 (black) or 1 (red).

    Deck ids number repeated faces (``shoe/3/joker``), so a deck's two jokers alternate.

    >>> joker_variant("playing/1/joker"), joker_variant("playing/2/joker")
    (0, 1)
    """
    found = _REPEAT.search(str(card_id))
    return (int(found.group(1)) - 1) % 2 if found else 0


def back_style(kind: str) -> BackStyle:
    _check_kind(kind)
    return _back_styles[kind]


def set_back_style(kind: str, style: BackStyle) -> None:
    """Use ``style`` for every ``kind`` back drawn from now on (card items showing a back
    are told, and take the new one)."""
    _check_kind(kind)
    if _back_styles.get(kind) != style:
        _back_styles[kind] = style
        art_notifier().changed.emit()


def apply_card_backs(settings: Settings) -> None:
    """Draw every card back from now on in the palettes ``settings`` chose.

    Cards already on the table keep their cached backs until they are next drawn.
    """
    for kind in DECK_KINDS:
        palette = settings.back_for(kind)
        set_back_style(kind, BackStyle(palette.ground, palette.ink, palette.accent))


def _face_key(face: CardFace, variant: int) -> str:
    if isinstance(face, CustomCard):
        return f"custom/{face.deck}/{face.slug}/{face.shape}/{face.name}"
    if isinstance(face, TarotCard):
        # Its meanings and a name of the group's are printed on the card, and may be edited.
        return f"tarot/{face.slug}/{face.upright}/{face.reversed}/{face.title}"
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

    def paint(image: QtGui.QImage) -> None:
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

    pixmap = QtGui.QPixmap.fromImage(drawn(full_key, device_width, device_height, paint))
    pixmap.setDevicePixelRatio(dpr)
    stats.renders += 1
    QtGui.QPixmapCache.insert(full_key, pixmap)
    return pixmap


def face_pixmap(
    face: CardFace,
    width_px: int,
    dpr: float = 1.0,
    variant: int = 0,
    art: ArtSet | None = None,
    *,
    own_art: bool = False,
) -> QtGui.QPixmap:
    """``face`` drawn ``width_px`` logical pixels wide (``width_px * dpr`` device pixels).

    ``variant`` picks the joker's style (see :func:`joker_variant`). The pixmap has rounded,
    transparent corners and its device pixel ratio set to ``dpr``. With ``art`` (an art set
    of the face's shape holding a picture for it) the picture is shown instead of
    Cardtable's own art; without, the art the table dresses every deck of this kind in, if
    there is one (see :func:`set_table_art`). ``own_art`` always draws Cardtable's own.
    """
    kind = deck_kind(face)
    if art is None and not own_art:
        art = _kind_art.get(art_kind(face))
    if art is not None and art.shape == kind:
        slot = art.slot_for(face, variant)
        if slot is not None:
            picture = _picture_render(kind, width_px, dpr, art, slot)
            if picture is not None:
                return picture

    def draw(painter: QtGui.QPainter, detail: bool) -> None:
        # The faces' drawing (six modules) is imported when a face is first drawn: the
        # table a start shows often has none face up, and its backs come from the cache.
        if isinstance(face, CustomCard):
            _paint_custom_face(painter, face)
        elif isinstance(face, TarotCard):
            from cardtable.ui.art.tarot import paint_tarot_face

            paint_tarot_face(painter, face, detail)
        else:
            assert isinstance(face, PlayingCard)
            from cardtable.ui.art.playing_faces import paint_playing_face

            paint_playing_face(painter, face, variant, detail)

    return _render(kind, width_px, dpr, _face_key(face, variant), draw)


def back_pixmap(
    kind: str,
    width_px: int,
    dpr: float = 1.0,
    style: BackStyle | None = None,
    art: ArtSet | None = None,
    *,
    own_art: bool = False,
) -> QtGui.QPixmap:
    """The back of a ``kind`` card, ``width_px`` logical pixels wide, in ``style``'s colours.

    With ``art`` that has a back picture (or, without ``art``, when the table dresses every
    deck of this kind in one art set that has), the picture is the back; ``own_art``
    always draws Cardtable's own.
    """
    _check_kind(kind)
    if art is None and not own_art:
        art = _kind_art.get(kind)
    if style is None and art is not None and art.shape == kind and art.back is not None:
        picture = _picture_render(kind, width_px, dpr, art, BACK_SLOT)
        if picture is not None:
            return picture
    chosen = style if style is not None else _back_styles[kind]
    width_units = CARD_UNITS_WIDE
    height_units = CARD_UNITS_WIDE * ASPECTS[kind]

    def draw(painter: QtGui.QPainter, detail: bool) -> None:
        if kind == TAROT:
            paint_tarot_back(painter, width_units, height_units, chosen)
        else:
            paint_playing_back(painter, width_units, height_units, chosen)

    return _render(kind, width_px, dpr, f"back/{kind}/{chosen.key}", draw)


# ---------------------------------------------------------------------------------------------
# A group's own pictures (art sets)

BACK_SLOT = "back"
#: The art set dressing each deck on the table, by deck id (see :func:`set_table_art`).
_table_art: dict[str, ArtSet] = {}
#: The art set dressing every deck of a kind, when all decks of that kind wear the same one.
_kind_art: dict[str, ArtSet] = {}
_library: ArtLibrary | None = None


class ArtNotifier(QtCore.QObject):
    """Tells card items that the table's art changed, so they repaint."""

    changed = QtCore.Signal()


_notifier: ArtNotifier | None = None


def art_notifier() -> ArtNotifier:
    """The one :class:`ArtNotifier` (card items connect to its ``changed`` signal)."""
    global _notifier
    if _notifier is None:
        _notifier = ArtNotifier()
    return _notifier


def art_kind(face: CardFace) -> str:
    """The kind of deck whose art a face wears: ``tarot``, ``playing``, or ``custom:<deck>``
    for a group's own card (each such deck is its own kind)."""
    if isinstance(face, CustomCard):
        return f"custom:{face.deck}"
    return deck_kind(face)


def _paint_custom_face(painter: QtGui.QPainter, face: CustomCard) -> None:
    """A group's own card drawn without its picture (the art set is not installed here):
    plain paper with its name, so the card can still be played."""
    height = CARD_UNITS_WIDE * ASPECTS[face.shape]
    outline = card_outline(CARD_UNITS_WIDE, height)
    painter.fillPath(outline, PAPER_WHITE)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QtGui.QPen(INK, 6.0))
    painter.drawPath(card_outline(CARD_UNITS_WIDE, height, 22))
    painter.setFont(font(SERIF, 54, 600))
    painter.setPen(INK)
    painter.drawText(
        QtCore.QRectF(50, 60, CARD_UNITS_WIDE - 100, height - 120),
        int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
        face.name,
    )


def set_table_art(
    decks: Mapping[str, tuple[str, ArtSet | None]], library: ArtLibrary | None = None
) -> bool:
    """Dress each deck on the table: ``decks`` maps a deck id to (its kind, its art set).

    The kind is :func:`art_kind` of the deck's faces (``tarot``, ``playing``,
    ``custom:<deck>``).

    ``library`` makes the smaller copies of the pictures (see
    :meth:`~cardtable.decks.art.ArtLibrary.sized_picture`). A face drawn with no art given
    takes its deck kind's art when every deck of that kind wears the same set (the
    Challenge panels and the hand know a face, not always its deck). Returns whether
    anything changed; card items are told to repaint when it did.
    """
    global _library
    table = {deck: art for deck, (_, art) in decks.items() if art is not None}
    by_kind: dict[str, set[str | None]] = {}
    for kind, art in decks.values():
        by_kind.setdefault(kind, set()).add(None if art is None else f"{art.id}/{art.stamp}")
    kinds = {}
    for kind, worn in by_kind.items():
        if len(worn) == 1 and None not in worn:
            kinds[kind] = next(a for k, a in decks.values() if k == kind and a is not None)
    if library is not None:
        _library = library
    if table == _table_art and kinds == _kind_art:
        return False
    _table_art.clear()
    _table_art.update(table)
    _kind_art.clear()
    _kind_art.update(kinds)
    art_notifier().changed.emit()
    return True


def clear_table_art() -> None:
    """Every deck back in Cardtable's own art (and no library for pictures)."""
    global _library
    set_table_art({})
    _library = None


def art_for_card(card_id: CardId | str) -> ArtSet | None:
    """The art set dressing the deck ``card_id`` belongs to (its id's longest known prefix).

    >>> art_for_card("tarot/soldier-paper") is None  # nothing chosen
    True
    """
    if not _table_art:
        return None
    parts = str(card_id).split("/")
    for end in range(len(parts) - 1, 0, -1):
        art = _table_art.get("/".join(parts[:end]))
        if art is not None:
            return art
    return None


def _picture_render(
    kind: str, width_px: int, dpr: float, art: ArtSet, slot: str
) -> QtGui.QPixmap | None:
    """The picture ``slot`` of ``art`` as a card pixmap (cached like the vector art), or None
    when the picture cannot be read (the caller then draws Cardtable's own art)."""
    key = f"picture/{art.id}/{art.stamp}/{slot}"
    device_width, device_height = _sizes(kind, width_px, dpr)
    cached = QtGui.QPixmapCache.find(f"cardtable/{key}/{device_width}/{dpr:g}")
    if cached is not None and not cached.isNull():
        stats.hits += 1
        return cached
    path = art.picture(slot)
    if _library is not None:
        path = _library.sized_picture(art, slot, device_height)
    image = QtGui.QImage(str(path)) if path is not None else QtGui.QImage()
    if image.isNull():
        return None
    height_units = CARD_UNITS_WIDE * ASPECTS[kind]

    def draw(painter: QtGui.QPainter, detail: bool) -> None:
        outline = card_outline(CARD_UNITS_WIDE, height_units)
        painter.save()
        painter.setClipPath(outline)
        painter.drawImage(QtCore.QRectF(0, 0, CARD_UNITS_WIDE, height_units), image)
        painter.restore()
        # A hairline edge, so a pale picture still reads as a card on a pale cloth.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QtGui.QPen(QtGui.QColor(0, 0, 0, 70), 3.0))
        painter.drawPath(card_outline(CARD_UNITS_WIDE, height_units, 1.5))

    return _render(kind, width_px, dpr, key, draw)
