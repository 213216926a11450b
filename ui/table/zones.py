"""A pile's place on the felt: an outlined area with its title, a count, and for a stack the
thickness of the cards under the top one.

Only the top cards of a stack are card items (:mod:`cardtable.ui.table.view`); the zone
paints the edges of the rest, a few cheap outlines, so a full deck costs as little to
paint as one card. A zone can take the keyboard focus (Enter asks its table to act on it)
and is lit while a dragged card would land on it (lit red when it would refuse the card).

At a new zoom the zones in sight are painted first from the pictures they have, stretched,
and drawn anew between frames, as the cards' art is (:mod:`~cardtable.ui.table.zone_pictures`);
their words and the decks' captions too (:mod:`~cardtable.ui.table.zone_labels`).
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from cardtable.ui.art import card_art
from cardtable.ui.art.common import SANS
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.layout import LABEL_BAND, PAD, ZoneSpec, ZoneStyle, card_centre
from cardtable.ui.table.zone_labels import label_picture, paint_label
from cardtable.ui.table.zone_pictures import (
    RADIUS,
    STAND_IN_LARGEST,
    STAND_IN_LATER_MS,
    Frame,
    FrameAt,
    frames,
    outlined,
)

INK = QtGui.QColor("#eef3ea")
FAINT_INK = QtGui.QColor(238, 243, 234, 120)
FILL = QtGui.QColor(0, 0, 0, 46)
LIT_FILL = QtGui.QColor(255, 216, 102, 40)
EDGE = QtGui.QColor(255, 255, 255, 60)
LIT_EDGE = QtGui.QColor("#ffd866")
REFUSING_FILL = QtGui.QColor(214, 69, 65, 46)
REFUSING_EDGE = QtGui.QColor("#e0605a")
CARD_EDGE = QtGui.QColor("#ece4d2")
CARD_EDGE_LINE = QtGui.QColor(60, 45, 30, 150)
BADGE = QtGui.QColor(12, 28, 18, 200)
RESERVED_EDGE = QtGui.QColor(255, 255, 255, 45)
#: Edges painted under a stack's top card at most, however many cards lie beneath.
MAX_EDGES = 7
EDGE_STEP = 1.6
#: Text sizes (scene units): at the smallest fitted zoom (a card 70 px wide) every label is
#: at least 11 px tall on screen.
_TITLE_PX = 21
_HINT_PX = 19
SMALLEST_TEXT_PX = 19
ZONE_Z = -100.0


@functools.lru_cache(maxsize=8)
def _font(pixels: int, bold: bool = False) -> QtGui.QFont:
    """The zones' font at ``pixels`` (shared: a painter and an item take a copy)."""
    font = QtGui.QFont()
    font.setFamilies(SANS)
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


#: Room round a zone's title band for its edges rounded out to whole pixels (scene units: a
#: pixel at the smallest zoom, and a little more).
_BAND_ROOM = 6.0


@functools.lru_cache(maxsize=64)
def _badge_width(count: int) -> float:
    """How wide the badge showing ``count`` is (scene units)."""
    metrics = QtGui.QFontMetricsF(_font(SMALLEST_TEXT_PX, bold=True))
    return max(metrics.horizontalAdvance(str(count)) + 16, 34)


@functools.lru_cache(maxsize=16)
def _edges_picture(
    width: float, height: float, edges: int, pixels: int, dpr: float
) -> tuple[QtGui.QPixmap, float]:
    """The edges of ``edges`` cards under a pile's top card (``width`` x ``height`` units),
    drawn at ``pixels`` / 1000 device pixels a unit, and the room (units) left round them;
    shared by every pile of that size, and kept from one start to the next."""
    per_unit = pixels / 1000
    margin = math.ceil(per_unit) / per_unit  # the outline's half-width, in whole pixels
    reach = edges * EDGE_STEP
    size = QtCore.QSize(
        math.ceil((width + reach + 2 * margin) * per_unit),
        math.ceil((height + reach + 2 * margin) * per_unit),
    )

    def draw(drawing: QtGui.QPainter) -> None:
        drawing.setPen(QtGui.QPen(CARD_EDGE_LINE, 0.8))
        drawing.setBrush(CARD_EDGE)
        card = QtCore.QRectF(0, 0, width, height)
        for depth in range(edges, 0, -1):
            shift = depth * EDGE_STEP
            drawing.drawRoundedRect(card.translated(shift, shift), 6, 6)

    key = f"stack/{width:g}x{height:g}/{edges}/{pixels}"
    return outlined(key, size, per_unit, margin, dpr, draw), margin


class Edges(NamedTuple):
    """The edges of ``edges`` cards (``width`` x ``height`` units) under a pile's top card."""

    width: float
    height: float
    edges: int

    def picture(self, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
        """The edges drawn at ``pixels`` / 1000 device pixels a unit (:func:`_edges_picture`)."""
        return _edges_picture(self.width, self.height, self.edges, pixels, dpr)


class Label(NamedTuple):
    """What a zone's title band shows: its title (and colour), its count, on a zone
    ``width`` units wide."""

    title: str
    colour: str
    cards: int
    width: float

    def band(self) -> QtCore.QRectF:
        """The title band (the title and the count), in the zone's coordinates."""
        return QtCore.QRectF(PAD, 6, self.width - 2 * PAD, LABEL_BAND - 6)

    def badge_rect(self) -> QtCore.QRectF:
        """Where the count is painted, in the zone's coordinates."""
        band = self.band()
        badge_w = _badge_width(self.cards)
        return QtCore.QRectF(band.right() - badge_w, band.top(), badge_w, LABEL_BAND - 8)

    def bounds(self) -> QtCore.QRectF:
        """All :meth:`paint` paints, with room for its edges rounded out to whole pixels at
        the smallest zoom."""
        return self.band().adjusted(-_BAND_ROOM, -_BAND_ROOM, _BAND_ROOM, _BAND_ROOM)

    def picture(self, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
        """The band drawn at ``pixels`` / 1000 device pixels a unit (:func:`label_picture`)."""
        return label_picture(self.bounds(), pixels, dpr, self.paint)

    def paint(self, painter: QtGui.QPainter) -> None:
        """Paint the band's count badge, colour dot and title as text."""
        band = self.band()
        painter.setFont(_font(SMALLEST_TEXT_PX, bold=True))
        badge = self.badge_rect()
        badge_w = badge.width()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(BADGE)
        painter.drawRoundedRect(badge, 13, 13)
        painter.setPen(INK)
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(self.cards))
        title_box = band.adjusted(0, 0, -badge_w - 8, 0)
        if self.colour:
            dot = QtCore.QRectF(title_box.left(), title_box.center().y() - 6, 12, 12)
            painter.setPen(QtGui.QPen(QtGui.QColor(0, 0, 0, 90), 1))
            painter.setBrush(QtGui.QColor(self.colour))
            painter.drawEllipse(dot)
            title_box.setLeft(dot.right() + 7)
        painter.setFont(_font(_TITLE_PX, bold=True))
        metrics = QtGui.QFontMetricsF(painter.font())
        if metrics.horizontalAdvance(self.title) > title_box.width():
            painter.setFont(_font(SMALLEST_TEXT_PX, bold=True))  # a long title, a smaller hand
            metrics = QtGui.QFontMetricsF(painter.font())
        text = metrics.elidedText(self.title, Qt.TextElideMode.ElideRight, title_box.width())
        painter.setPen(INK)
        painter.drawText(
            title_box, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), text
        )


class Words(NamedTuple):
    """A hint a zone shows in faint ink, centred in ``area`` (x, y, width, height), its
    lines wrapped if ``wrap``."""

    text: str
    area: tuple[float, float, float, float]
    wrap: bool = True

    def flags(self) -> int:
        wrap = Qt.TextFlag.TextWordWrap if self.wrap else 0
        return int(Qt.AlignmentFlag.AlignCenter) | int(wrap)

    def bounds(self) -> QtCore.QRectF:
        """All :meth:`paint` paints, with room for its glyphs' edges."""
        metrics = QtGui.QFontMetricsF(_font(_HINT_PX))
        ink = metrics.boundingRect(QtCore.QRectF(*self.area), self.flags(), self.text)
        return ink.adjusted(-_BAND_ROOM, -_BAND_ROOM, _BAND_ROOM, _BAND_ROOM)

    def picture(self, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
        """The words drawn at ``pixels`` / 1000 device pixels a unit (:func:`label_picture`)."""
        return label_picture(self.bounds(), pixels, dpr, self.paint)

    def paint(self, painter: QtGui.QPainter) -> None:
        painter.setFont(_font(_HINT_PX))
        painter.setPen(FAINT_INK)
        painter.drawText(QtCore.QRectF(*self.area), self.flags(), self.text)

    def paint_for(self, painter: QtGui.QPainter, zone: ZoneItem) -> None:
        """Paint them for ``zone`` (see :mod:`~cardtable.ui.table.zone_labels`)."""
        paint_label(painter, self, zone, self.bounds().topLeft(), self.paint, zone.zoomed())


class ZoneItem(QtWidgets.QGraphicsObject):
    """The felt area of one pile. Positioned by its :class:`ZoneSpec`; shows ``count``."""

    activated = QtCore.Signal(str)

    def __init__(self, spec: ZoneSpec) -> None:
        super().__init__()
        self._spec = spec
        self._count = 0
        self._kind = card_art.TAROT
        self._lit = False
        self._refusing = False
        self._hint = ""
        #: The frame and zoom the zone was last painted for (see :mod:`zone_pictures`).
        self.frame_shown: FrameAt | None = None
        #: The title band and zoom it was last painted with (see :mod:`zone_labels`).
        self.label_shown: FrameAt | None = None
        #: The stack's edges and zoom it was last painted with (None: no edges).
        self._edges_shown: FrameAt | None = None
        #: Whether its felt may paint this zone's frame with its background (the open table
        #: only: see :meth:`frame_in_felt`), and whether it does now.
        self._felt_may_paint = False
        self._in_felt = False
        #: What paints the title band while the felt paints the frame (made the first time).
        self._band_item: _TitleBand | None = None
        #: A picture of the whole zone as it was last shown settled, which stands in for it
        #: at a new zoom (see :meth:`zooming`), and the zoom it was drawn at.
        self._stand_in: QtWidgets.QGraphicsPixmapItem | None = None
        self._stand_in_zoom = 0.0
        #: The pile's name as a screen reader says it ("Shoe of 2 decks draw pile"): the
        #: painted title leaves the deck to the caption above.
        self.spoken_title = ""
        self.setZValue(ZONE_Z)
        self.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsFocusable)
        # Presses fall through to the view: dragging a zone's felt pans the table.
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_spec(spec)

    # --- state ----------------------------------------------------------------------------

    @property
    def spec(self) -> ZoneSpec:
        return self._spec

    @property
    def pile_id(self) -> str:
        return str(self._spec.pile)

    @property
    def count(self) -> int:
        return self._count

    def set_spec(self, spec: ZoneSpec) -> None:
        if spec != self._spec or self.pos() != QtCore.QPointF(spec.x, spec.y):
            self.prepareGeometryChange()
            if self._band_item is not None:
                self._band_item.resized()
            self._spec = spec
            self.setPos(spec.x, spec.y)
            self._repaint()
        # A place kept for a pile not there yet is passed over by the keyboard, and is
        # painted with the felt (:func:`paint_reserved`), not by the item.
        flags = QtWidgets.QGraphicsItem.GraphicsItemFlag
        self.setFlag(flags.ItemIsFocusable, not spec.reserved)
        self._follow_felt()
        self.setFlag(flags.ItemHasNoContents, bool(spec.reserved) or self._in_felt)

    def let_felt_paint_frame(self, may: bool = True) -> None:
        """Let the felt paint this zone's frame with its background, when it may (see
        :meth:`frame_in_felt`), or not (the zone paints it all)."""
        self._felt_may_paint = may
        self._follow_felt()

    def frame_in_felt(self) -> bool:
        """Whether the felt paints this zone's frame, with its background, and the zone only
        its title band.

        The open table is most of the view: as an item it is a picture of the whole view
        laid over the felt, drawn anew (in part) at every pan and blended over the felt at
        every frame. Its look never changes (it is never lit), so, while it holds cards and
        has no keyboard focus (its hint and focus ring cover the whole zone), the felt paints
        its frame once per pan and zoom, from the same picture; the zone paints its title band
        as before, frame and all, and the felt leaves those very pixels to it, so that the
        table looks exactly as it would with the zone painting it all."""
        return self._in_felt and self.isVisible()

    # Not itemChange: Qt would call into Python at every change of every zone (its place, its
    # flags at each zoom), where only its being shown or hidden matters.
    def setVisible(self, visible: bool) -> None:
        shown = self.isVisible()
        super().setVisible(visible)
        if self._in_felt and self.isVisible() != shown:
            self._felt_redraws()  # the felt paints the frame of a zone shown only

    def hide(self) -> None:
        self.setVisible(False)

    def show(self) -> None:
        self.setVisible(True)

    def _follow_felt(self) -> None:
        """Paint the frame with the felt or as an item, as the zone now may."""
        in_felt = (
            self._felt_may_paint
            and self._spec.style is ZoneStyle.OPEN
            and not self._spec.reserved
            and self._count > 0
            and not self.hasFocus()
        )
        if in_felt == self._in_felt:
            return
        self._in_felt = in_felt
        if in_felt and self._band_item is None:
            self._band_item = _TitleBand(self)
        if self._band_item is not None:
            self._band_item.setVisible(in_felt)
        flags = QtWidgets.QGraphicsItem.GraphicsItemFlag
        self.setFlag(flags.ItemHasNoContents, bool(self._spec.reserved) or in_felt)
        self._repaint()
        self._felt_redraws()

    def shows(self, at: FrameAt) -> bool:
        """Whether the zone was last painted with ``at``'s picture at its zoom."""
        return at in (self.frame_shown, self._edges_shown)

    def refresh(self) -> None:
        """Paint the zone anew, its frame on the felt included."""
        self._repaint()
        if self._in_felt:
            self._felt_redraws()

    def _repaint(self, area: QtCore.QRectF | None = None) -> None:
        """Have ``area`` (None: all) of what the zone paints itself painted anew."""
        self._look_changed()
        painted: QtWidgets.QGraphicsItem = self
        if self._in_felt and self._band_item is not None:
            painted = self._band_item
        if area is None:
            painted.update()
        else:
            painted.update(area)

    def _felt_redraws(self) -> None:
        """Have the felt draw its background anew (it paints this zone's frame, or did)."""
        for view in self.scene().views() if self.scene() is not None else []:
            view.resetCachedContent()
            view.viewport().update()

    @property
    def hint(self) -> str:
        """What the zone says while it is empty."""
        return self._hint

    def set_count(self, count: int, kind: str, hint: str = "") -> None:
        """How many cards the pile holds, of which deck kind, and a hint while it is empty."""
        if (count, kind, hint) == (self._count, self._kind, self._hint):
            return
        # A fan or row whose count alone changed shows it in its badge: only the badge is
        # drawn again into the zone's cached picture, not the whole zone (a drop changes
        # two counts, and a zone is a large translucent shape to fill).
        badge_only = (
            (kind, hint) == (self._kind, self._hint)
            and self._spec.style is not ZoneStyle.STACK
            and count > 0
            and self._count > 0
            and _badge_width(count) == _badge_width(self._count)
        )
        self._count, self._kind, self._hint = count, kind, hint
        if badge_only:
            self._repaint(self._badge_rect().adjusted(-2, -2, 2, 2))
        else:
            self._repaint()
        self._follow_felt()

    def set_lit(self, lit: bool, refusing: bool = False) -> None:
        """Light the zone up: a dragged card would land here (``refusing``: it may not)."""
        refusing = lit and refusing
        if (lit, refusing) != (self._lit, self._refusing):
            self._lit, self._refusing = lit, refusing
            # The open table is the felt itself, most of the view, and a crowded one holds
            # thousands of cards: drawn lit, each card dragged onto bare felt or off it
            # would repaint them all. It is lit for the table's logic (a refusal still goes
            # to the status bar) but looks the same.
            if self._spec.style is not ZoneStyle.OPEN:
                self._look_changed()
                self.update()

    def zooming(self, zoom: float) -> None:
        """The view is about to show another zoom, ``zoom``: paint what is cheap first (see
        :class:`~cardtable.ui.table.zone_pictures.Frames`): its picture of itself, if it
        has one of a zoom near enough (within a factor of two), else itself from the
        pictures of its frame and title."""
        stand_in = self._stand_in
        if stand_in is not None and stand_in.isVisible():
            return  # standing in since the last step of the wheel
        if (
            stand_in is not None
            and not stand_in.pixmap().isNull()
            and 0.5 <= zoom / self._stand_in_zoom <= 2.0
        ):
            self.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
            stand_in.setVisible(True)
            frames.stand_in(self)
            return
        frames.uncache(self)
        if self._band_item is not None:
            frames.uncache(self._band_item)
        if self._may_stand_in():
            frames.picture_later(self)

    def _may_stand_in(self) -> bool:
        """Whether a picture of the zone may stand in for it at a new zoom: a zone painted
        as an item (not a place kept, nor the open table the felt paints)."""
        return not self._spec.reserved and not self._in_felt

    def stand_down(self) -> None:
        """Be painted by itself again, between frames once a zoom is shown: from its frame's
        picture of that zoom (drawn now, if no zone has drawn it: one for every zone of its
        look); then draw its picture of itself anew."""
        if self._put_away():
            shown = self._shown_at()
            if shown is not None:
                zoom, dpr = shown
                at = (self._look(), round(zoom * dpr * 1000), dpr)
                if not frames.has(at):  # (a frame too large for a picture has none)
                    frames.picture(at)
            if self._may_stand_in():
                frames.picture_later(self)

    def _put_away(self) -> bool:
        """Put its picture of itself away, if it stands in, and paint itself again (at a new
        zoom, from the nearest pictures first, as ever); whether it stood in."""
        stand_in = self._stand_in
        if stand_in is None or not stand_in.isVisible():
            return False
        stand_in.setVisible(False)
        flags = QtWidgets.QGraphicsItem.GraphicsItemFlag
        self.setFlag(flags.ItemHasNoContents, bool(self._spec.reserved) or self._in_felt)
        self.update()
        return True

    def _shown_at(self) -> tuple[float, float] | None:
        """The zoom and pixel ratio of the view that shows the zone (None: none does)."""
        scene = self.scene()
        views = scene.views() if scene is not None else []
        if not views:
            return None
        return abs(views[0].transform().m22()), views[0].viewport().devicePixelRatioF()

    def picture_itself(self) -> int:
        """Draw the picture that stands in for the zone at a new zoom: the zone as the view
        shows it now, settled (painted from its frame's picture of this zoom); the pixels of
        the picture it keeps (0: none, the zone not to stand in)."""
        shown = self._shown_at()
        if shown is None or not self._may_stand_in() or self.hasFocus():
            self.forget_stand_in()
            return 0
        zoom, dpr = shown
        if not frames.has((self._look(), round(zoom * dpr * 1000), dpr)):
            # Not painted at this zoom yet: the one it has (if any) stays, until it settles.
            kept = self._stand_in.pixmap() if self._stand_in is not None else QtGui.QPixmap()
            return kept.width() * kept.height()
        per_unit = zoom * dpr
        bounds = QtGui.QTransform.fromScale(per_unit, per_unit).mapRect(self._whole())
        area = bounds.toAlignedRect()
        if area.width() * area.height() > STAND_IN_LARGEST:
            self.forget_stand_in()  # zoomed in this far, it paints itself cheaply first
            return 0
        image = QtGui.QImage(area.size(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(dpr)
        image.fill(0)
        corner = QtCore.QPointF(area.topLeft()) / dpr
        painter = QtGui.QPainter(image)
        painter.setWorldTransform(
            QtGui.QTransform.fromScale(zoom, zoom)
            * QtGui.QTransform.fromTranslate(-corner.x(), -corner.y())
        )
        self.paint(painter, QtWidgets.QStyleOptionGraphicsItem(), None)
        painter.end()
        stand_in = self._stand_in
        if stand_in is None:
            stand_in = self._stand_in = QtWidgets.QGraphicsPixmapItem(self)
            stand_in.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            # The scene looks under the pointer at every move of a drag (hover, aiming): a
            # shape taken from the picture's pixels, Qt's default, is a mask of the whole
            # picture, built in the middle of a frame. The cards' pictures are found by
            # their rectangles too.
            stand_in.setShapeMode(QtWidgets.QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
            stand_in.setVisible(False)
        stand_in.setPixmap(QtGui.QPixmap.fromImage(image))
        stand_in.setOffset(corner)
        stand_in.setTransform(QtGui.QTransform.fromScale(1 / zoom, 1 / zoom))
        self._stand_in_zoom = zoom
        return area.width() * area.height()

    def forget_stand_in(self) -> None:
        """Let its picture of itself go (put away first if it stands in)."""
        if self._stand_in is None:
            return
        self._put_away()
        self._stand_in.setPixmap(QtGui.QPixmap())
        frames.stand_in_gone(self)

    def _look_changed(self) -> None:
        """What the zone shows changed: its picture of itself no longer shows it; another is
        drawn a moment later."""
        stand_in = self._stand_in
        if stand_in is None or stand_in.pixmap().isNull():
            return
        self.forget_stand_in()
        frames.picture_later(self, STAND_IN_LATER_MS)

    def zoomed(self) -> bool:
        """Whether it is painted straight onto the view after a zoom (see :meth:`zooming`)."""
        return _zoomed(self)

    def letter_anew(self) -> None:
        """The picture of words it waited for is drawn (see :mod:`zone_labels`)."""
        if _zoomed(self):
            self.update()

    def is_lit(self) -> bool:
        return self._lit

    def is_refusing(self) -> bool:
        """Lit as refusing the cards dragged over it."""
        return self._refusing

    def description(self) -> str:
        if self._spec.reserved:
            return f"{self._spec.title} (not laid out yet): {self._spec.reserved}"
        noun = "card" if self._count == 1 else "cards"
        # The painted title leaves the deck to the caption; a screen reader names it.
        title = self.spoken_title or self._spec.title
        return f"{title[:1].upper()}{title[1:]}, {self._count} {noun}"

    # --- painting -------------------------------------------------------------------------

    def boundingRect(self) -> QtCore.QRectF:
        return self._whole()

    def _band(self) -> QtCore.QRectF:
        """The title band (the title and the count), in item coordinates."""
        return self._label().band()

    def _band_pixels(self, world: QtGui.QTransform) -> QtCore.QRect:
        """The whole pixels the title band covers through ``world`` (item to device)."""
        return world.mapRect(self._band()).toAlignedRect()

    def _look(self) -> Frame:
        """The zone's frame as it looks now."""
        lit = self._lit and self._spec.style is not ZoneStyle.OPEN  # see set_lit
        refusing = lit and self._refusing
        edge = QtGui.QColor(self._spec.colour) if self._spec.colour else EDGE
        if self._spec.colour and not lit:
            edge.setAlpha(170)
        lit_edge, lit_fill = (REFUSING_EDGE, REFUSING_FILL) if refusing else (LIT_EDGE, LIT_FILL)
        dashed = (self._spec.style is ZoneStyle.OPEN and not lit) or refusing
        return Frame(
            self._spec.width,
            self._spec.height,
            (lit_edge if lit else edge).rgba(),
            3.0 if lit else 1.6,
            dashed,
            (lit_fill if lit else FILL).rgba(),
        )

    def paint_frame_under(self, painter: QtGui.QPainter) -> None:
        """Paint the frame on the felt's background (``painter``: scene to device), all but
        the pixels of the title band, which the zone paints (see :meth:`frame_in_felt`)."""
        painter.save()
        place = QtGui.QTransform.fromTranslate(self._spec.x, self._spec.y)
        world = place * painter.worldTransform()
        painter.setWorldTransform(QtGui.QTransform())
        # Where the zone's own picture of itself would end (Qt's device cache: its bounds
        # rounded to whole pixels, and one more), which cuts the frame's outer edge there.
        around = QtGui.QRegion(world.mapRect(self._whole()).toRect().adjusted(-1, -1, 1, 1))
        if painter.hasClipping():
            around = around.intersected(painter.clipRegion())
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        # One rectangle at a time: clipped to a rectangle, Qt lays the picture on whole
        # pixels as it does in the zone's picture of itself (clipped to any other shape, it
        # would lay it between them, its edges blended).
        look = self._look()
        for part in around.subtracted(QtGui.QRegion(self._band_pixels(world))):
            painter.setClipRect(part, Qt.ClipOperation.ReplaceClip)
            painter.setWorldTransform(world)
            self.frame_shown = frames.paint(painter, look, self, fill_middle=True)
            painter.setWorldTransform(QtGui.QTransform())
        painter.restore()

    def paint_band(self, painter: QtGui.QPainter) -> None:
        """Paint the title band's pixels, frame and all, as the zone would paint them, while
        the felt paints the rest of the frame (see :meth:`frame_in_felt`)."""
        painter.save()
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        world = painter.worldTransform()
        painter.setWorldTransform(QtGui.QTransform())
        painter.setClipRect(self._band_pixels(world), Qt.ClipOperation.IntersectClip)
        painter.setWorldTransform(world)
        self.frame_shown = frames.paint(painter, self._look(), self)
        band = self._band_item
        self._paint_title(painter, self if band is None else band)
        painter.restore()

    def band_bounds(self) -> QtCore.QRectF:
        """All :meth:`paint_band` paints: the band, with room for its edges rounded out to
        whole pixels at the smallest zoom."""
        return self._label().bounds()

    def _whole(self) -> QtCore.QRectF:
        """All the zone paints, its frame's edge included, in item coordinates."""
        return QtCore.QRectF(-2, -2, self._spec.width + 4, self._spec.height + 4)

    def paint(
        self,
        painter: QtGui.QPainter,
        option: QtWidgets.QStyleOptionGraphicsItem,
        widget: QtWidgets.QWidget | None = None,
    ) -> None:
        painter.save()
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        box = QtCore.QRectF(0, 0, self._spec.width, self._spec.height)
        if self._spec.reserved:
            painter.restore()
            return  # the felt paints it (paint_reserved)
        self.frame_shown = frames.paint(painter, self._look(), self)
        self._edges_shown = None
        if self.hasFocus():
            ring = QtGui.QPen(LIT_EDGE, 3.0, Qt.PenStyle.DashLine)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box.adjusted(-4, -4, 4, 4), RADIUS + 3, RADIUS + 3)
        self._paint_title(painter, self)
        if self._spec.style is ZoneStyle.STACK:
            self._paint_stack(painter)
        elif self._count == 0:
            self._paint_hint(painter, box)
        painter.restore()

    def _badge_rect(self) -> QtCore.QRectF:
        """Where the count is painted, in item coordinates."""
        return self._label().badge_rect()

    def _label(self) -> Label:
        """What the title band shows now."""
        return Label(self._spec.title, self._spec.colour or "", self._count, self._spec.width)

    def _paint_title(self, painter: QtGui.QPainter, item: ZoneItem | _TitleBand) -> None:
        """Paint the title band for ``item`` (the zone, or the band the felt leaves to it):
        see :mod:`~cardtable.ui.table.zone_labels`."""
        label = self._label()
        origin = self.band_bounds().topLeft()
        item.label_shown = paint_label(painter, label, item, origin, label.paint, _zoomed(item))

    def _card_rect(self) -> QtCore.QRectF:
        """The card's place in item coordinates (for the deck kind the pile holds)."""
        centre = card_centre(self._spec) - QtCore.QPointF(self._spec.x, self._spec.y)
        size = card_art.card_size(self._kind)
        return QtCore.QRectF(
            centre.x() - size.width() / 2,
            centre.y() - size.height() / 2,
            size.width(),
            size.height(),
        )

    def _paint_stack(self, painter: QtGui.QPainter) -> None:
        card = self._card_rect()
        if self._count == 0:
            painter.setPen(QtGui.QPen(FAINT_INK, 2.0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(card, 6, 6)
            words = Words("empty", (card.x(), card.y(), card.width(), card.height()), wrap=False)
            words.paint_for(painter, self)
            return
        # The cards under the top one, as edges peeking out below and to the right.
        edges = min(self._count - 1, MAX_EDGES)
        if edges > 0:
            look = Edges(card.width(), card.height(), edges)
            self._edges_shown = frames.paint(painter, look, self, card.topLeft())

    def _paint_hint(self, painter: QtGui.QPainter, box: QtCore.QRectF) -> None:
        if not self._hint:
            return
        area = box.adjusted(PAD, LABEL_BAND, -PAD, -PAD)
        words = Words(self._hint, (area.x(), area.y(), area.width(), area.height()))
        words.paint_for(painter, self)

    # --- keyboard -------------------------------------------------------------------------

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activated.emit(self.pile_id)
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusInEvent(event)
        for view in self.scene().views() if self.scene() is not None else []:
            view.setAccessibleDescription(self.description())
        self._follow_felt()
        self._repaint()

    def focusOutEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._follow_felt()
        self._repaint()


class _TitleBand(QtWidgets.QGraphicsItem):
    """The title band of a zone whose frame the felt paints (:meth:`ZoneItem.frame_in_felt`):
    a small picture of its own, where the zone's would be the whole view."""

    def __init__(self, zone: ZoneItem) -> None:
        super().__init__(zone)
        self._zone = zone
        #: The title band and zoom it was last painted with (see :mod:`zone_labels`).
        self.label_shown: FrameAt | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def resized(self) -> None:
        """The zone is about to change its size or place."""
        self.prepareGeometryChange()

    def boundingRect(self) -> QtCore.QRectF:
        return self._zone.band_bounds()

    def letter_anew(self) -> None:
        """The picture of its words it waited for is drawn (see :mod:`zone_labels`)."""
        if _zoomed(self):
            self.update()

    def paint(self, painter: QtGui.QPainter, *_: object) -> None:
        self._zone.paint_band(painter)


def _zoomed(item: QtWidgets.QGraphicsItem) -> bool:
    """Whether ``item`` (a zone or its band) is painted straight onto the view after a zoom."""
    return item.cacheMode() is QtWidgets.QGraphicsItem.CacheMode.NoCache


class Caption(NamedTuple):
    """A deck's name as its caption shows it, within ``area`` (x, y, width, height)."""

    text: str
    area: tuple[float, float, float, float]

    def picture(self, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
        """The caption drawn at ``pixels`` / 1000 device pixels a unit (:func:`label_picture`)."""
        return label_picture(QtCore.QRectF(*self.area), pixels, dpr, self.paint)

    def paint(self, painter: QtGui.QPainter) -> None:
        CaptionItem(self.text).paint_text(painter)


class CaptionItem(QtWidgets.QGraphicsSimpleTextItem):
    """A deck's name above its piles. After a zoom it is painted from a picture of it at
    another zoom, stretched, until its own is drawn (see :mod:`zone_labels`)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setFont(_font(20, bold=True))
        # With its style said: QBrush(colour) alone makes PySide try every overload, and
        # build the gradient classes (and their enums) to rule them out.
        self.setBrush(QtGui.QBrush(INK, Qt.BrushStyle.SolidPattern))
        self.setZValue(ZONE_Z)
        self._zooming = False

    def zooming(self) -> None:
        """The view is about to show another zoom: paint what is cheap first."""
        self._zooming = True

    def letter_anew(self) -> None:
        """The picture it waited for is drawn: paint it as text again."""
        if self._zooming:
            self._zooming = False
            self.update()

    def paint_text(self, painter: QtGui.QPainter) -> None:
        """Paint it as Qt paints a simple text item."""
        super().paint(painter, QtWidgets.QStyleOptionGraphicsItem(), None)

    def paint(self, painter: QtGui.QPainter, *_: object) -> None:
        box = self.boundingRect()
        look = Caption(self.text(), (box.x(), box.y(), box.width(), box.height()))
        paint_label(painter, look, self, box.topLeft(), self.paint_text, self._zooming)


def paint_reserved(painter: QtGui.QPainter, spec: ZoneSpec) -> None:
    """A place kept for a pile a system lays out later, at ``spec``'s place on the table: a
    faint outline, its name and what it will hold. The felt paints these with its
    background, once per view and zoom: a card dragged across them costs nothing more than
    one dragged across bare felt."""
    painter.save()
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.translate(spec.x, spec.y)
    box = QtCore.QRectF(0, 0, spec.width, spec.height)
    painter.setPen(QtGui.QPen(RESERVED_EDGE, 1.4, Qt.PenStyle.DotLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(box, RADIUS, RADIUS)
    band = QtCore.QRectF(PAD, 6, box.width() - 2 * PAD, LABEL_BAND - 6)
    painter.setFont(_font(SMALLEST_TEXT_PX, bold=True))
    metrics = QtGui.QFontMetricsF(painter.font())
    painter.setPen(FAINT_INK)
    title = metrics.elidedText(spec.title, Qt.TextElideMode.ElideRight, band.width())
    painter.drawText(band, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), title)
    area = box.adjusted(PAD, LABEL_BAND, -PAD, -PAD)
    painter.setFont(_font(_HINT_PX))
    painter.drawText(
        area, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), spec.reserved
    )
    painter.restore()


__all__ = ["SMALLEST_TEXT_PX", "CaptionItem", "ZoneItem", "paint_reserved"]
