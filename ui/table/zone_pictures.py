"""The pictures a zone on the felt paints its frame from, and how a new zoom gets its own.

A zone's frame (its outline and translucent fill) is a picture shared by every zone of that
look and size, drawn once per zoom (:class:`Frames`); so are the edges of a stack's cards
(any :class:`Look`). At a new zoom the nearest picture drawn is shown stretched first, and
the zoom's own is drawn between frames, as the cards' art is. A frame too large for a
picture (:data:`FRAME_LARGEST`) has none: each paint draws the part of it that it shows.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Callable, Hashable
from typing import NamedTuple, Protocol

from cardtable.ui.art.picture_cache import drawn
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.picture_laying import Core, lay_picture

#: A zone's corners (scene units).
RADIUS = 14.0


class Frame(NamedTuple):
    """A zone's outline and fill: what its shared picture is drawn from."""

    width: float
    height: float
    edge: int  # QRgb
    pen_width: float
    dashed: bool
    fill: int  # QRgb

    def picture(self, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
        """The frame drawn at ``pixels`` / 1000 device pixels a unit (see :func:`frame_picture`)."""
        return frame_picture(self, pixels, dpr)

    def draw(self, drawing: QtGui.QPainter) -> None:
        """Draw it with its top left corner at the painter's origin, in scene units."""
        pen = QtGui.QPen(QtGui.QColor.fromRgba(self.edge), self.pen_width)
        if self.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        drawing.setPen(pen)
        drawing.setBrush(QtGui.QColor.fromRgba(self.fill))
        drawing.drawRoundedRect(QtCore.QRectF(0, 0, self.width, self.height), RADIUS, RADIUS)

    def draw_part(self, drawing: QtGui.QPainter) -> None:
        """Draw it as :meth:`draw` does, on a painter that shows a part of it: its dashes laid
        along the whole outline, as on a picture of all of it (a pen lays them only where its
        painter may paint, and they would fall apart from one part to the next)."""
        inside, edge = _outline(self)
        drawing.fillPath(inside, QtGui.QColor.fromRgba(self.fill))
        drawing.fillPath(edge, QtGui.QColor.fromRgba(self.edge))

    def too_large(self, pixels: int) -> bool:
        """Whether its picture at ``pixels`` / 1000 device pixels a unit would be larger than
        :data:`FRAME_LARGEST`: each paint then draws only the part it shows (:func:`draw_frame`)."""
        per_unit = pixels / 1000
        return self.width * per_unit * self.height * per_unit > FRAME_LARGEST

    def core(self) -> Core:
        """Its middle, all of its fill's colour, from its top left corner: clear of the
        rounded corners and the outline."""
        inset = RADIUS + self.pen_width
        area = QtCore.QRectF(inset, inset, self.width - 2 * inset, self.height - 2 * inset)
        return Core(area, self.fill)


class Look(Hashable, Protocol):
    """What a zone paints from a picture shared by every zone that looks the same."""

    def picture(self, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
        """It, drawn at ``pixels`` / 1000 device pixels a unit and pixel ratio ``dpr``, and the
        room (units) the picture leaves round it."""
        ...


#: Frame pictures kept: every look of every zone size at a few zooms.
FRAMES_KEPT = 48
#: The largest frame picture drawn whole (pixels). Of a frame larger (the open table's,
#: zoomed in at a pixel ratio of 2: some 25 million) each paint draws only the part it
#: shows (:func:`draw_frame`): its whole picture would cost a pause of a tenth of a second
#: between frames at each new zoom, and a hundred megabytes, to show a tenth of it.
FRAME_LARGEST = 8_000_000
#: Zones kept with a picture of themselves to stand in for them at a new zoom, and the most
#: pixels those pictures hold (a fan's is some 120,000 at a zoom of 1, four times that at a
#: pixel ratio of 2): the zones in sight, and as many again.
STAND_INS_KEPT = 64
STAND_IN_PIXELS_KEPT = 8_000_000
#: The largest picture a zone draws of itself (pixels): one larger, zoomed far in, would cost
#: a long pause between frames and much memory for one frame's sake.
STAND_IN_LARGEST = 1_500_000
#: How long after a zone's look changed its picture of itself is drawn again: a drop
#: changes two counts, and its own frame comes first.
STAND_IN_LATER_MS = 300
#: How often the zones look again whether the button held is let go.
BUSY_WAIT_MS = 50


@functools.lru_cache(maxsize=64)
def _outline(frame: Frame) -> tuple[QtGui.QPainterPath, QtGui.QPainterPath]:
    """``frame``'s inside and its outline's stroke, dashes and all (see
    :meth:`Frame.draw_part`)."""
    inside = QtGui.QPainterPath()
    inside.addRoundedRect(QtCore.QRectF(0, 0, frame.width, frame.height), RADIUS, RADIUS)
    stroker = QtGui.QPainterPathStroker()
    stroker.setWidth(frame.pen_width)
    if frame.dashed:
        stroker.setDashPattern(Qt.PenStyle.DashLine)
    return inside, stroker.createStroke(inside)


def scale_of(painter: QtGui.QPainter) -> tuple[float, float]:
    """The painter's zoom (device-independent pixels a unit) and its device's pixel ratio."""
    world = painter.worldTransform()
    scale = math.hypot(world.m11(), world.m12()) or 1.0
    device = painter.device()
    return scale, device.devicePixelRatioF() if device is not None else 1.0


def draw_picture(
    painter: QtGui.QPainter,
    origin: QtCore.QPointF,
    pixmap: QtGui.QPixmap,
    margin: float,
    scale: float,
    core: Core | None = None,
    own: bool = False,
) -> None:
    """Paint ``pixmap``, drawn at ``scale`` device-independent pixels a unit with ``margin``
    units round what it shows, at ``origin``: pixel for pixel if it was drawn for the
    painter's zoom (``own``), stretched if not; ``core`` (its plain middle, from ``origin``)
    filled with its colour (:func:`~cardtable.ui.table.picture_laying.lay_picture`)."""
    logical = pixmap.deviceIndependentSize()
    target = QtCore.QRectF(
        origin.x() - margin,
        origin.y() - margin,
        logical.width() / scale,
        logical.height() / scale,
    )
    if not own and core is None:  # stretched: Qt's own way, with no more calls
        painter.drawPixmap(target, pixmap, QtCore.QRectF(pixmap.rect()))
        return
    if core is not None:
        core = Core(core.area.translated(origin), core.colour)
    lay_picture(painter, target, pixmap, core)


def draw_frame(
    painter: QtGui.QPainter, frame: Frame, origin: QtCore.QPointF, pixels: int, dpr: float
) -> None:
    """Paint the part of ``frame`` at ``origin`` that the painter's clip lets through, as its
    whole picture at ``pixels`` (:func:`frame_picture`) would show it there but for where its
    dashes end: that part drawn into a picture of its own, laid on the same whole device
    pixels. (Drawn straight onto the painter, the frame's translucent fill would blend once
    onto the felt and twice through a zone's own cache: the two ways a zone's frame is
    painted would differ.)"""
    world = painter.worldTransform()
    if world.m12() != 0 or world.m21() != 0 or not world.isAffine():
        picture, margin = frame_picture(frame, pixels, dpr)  # never on the felt: zones lie square
        draw_picture(painter, origin, picture, margin, pixels / 1000 / dpr)
        return
    per_unit, margin, size = _picture_size(frame, pixels)
    # Where the whole picture would be laid (device pixels), as lay_picture lays it.
    corner = world.map(origin - QtCore.QPointF(margin, margin))
    left = math.floor(corner.x() * dpr + 0.5)
    top = math.floor(corner.y() * dpr + 0.5)
    whole = QtCore.QRect(QtCore.QPoint(left, top), size)
    if painter.hasClipping():
        seen = world.mapRect(painter.clipBoundingRect())
        clip = QtGui.QTransform.fromScale(dpr, dpr).mapRect(seen)
        part = whole.intersected(clip.toAlignedRect())
    else:
        part = whole.intersected(_device_rect(painter.device(), dpr))
    if part.isEmpty():
        return
    image = QtGui.QImage(part.size(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    drawing = QtGui.QPainter(image)
    drawing.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    drawing.translate(left - part.x(), top - part.y())  # whole pixels: drawn as in the picture
    drawing.scale(per_unit, per_unit)
    drawing.translate(margin, margin)
    frame.draw_part(drawing)
    drawing.end()
    image.setDevicePixelRatio(dpr)
    painter.save()
    painter.setWorldTransform(QtGui.QTransform())
    painter.drawImage(QtCore.QPointF(part.x() / dpr, part.y() / dpr), image)
    painter.restore()


def _device_rect(device: QtGui.QPaintDevice, dpr: float) -> QtCore.QRect:
    """All of ``device``, in device pixels (a picture's size is in them, a widget's is not)."""
    if isinstance(device, QtGui.QImage | QtGui.QPixmap):
        return QtCore.QRect(0, 0, device.width(), device.height())
    return QtCore.QRect(0, 0, math.ceil(device.width() * dpr), math.ceil(device.height() * dpr))


def outlined(
    key: str,
    size: QtCore.QSize,
    per_unit: float,
    margin: float,
    dpr: float,
    draw: Callable[[QtGui.QPainter], None],
) -> QtGui.QPixmap:
    """The picture ``key`` (kept from one start to the next): ``draw`` on an antialiased
    painter ``per_unit`` device pixels a unit, its origin ``margin`` units in."""

    def paint(image: QtGui.QImage) -> None:
        drawing = QtGui.QPainter(image)
        drawing.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        drawing.scale(per_unit, per_unit)
        drawing.translate(margin, margin)
        draw(drawing)
        drawing.end()

    picture = QtGui.QPixmap.fromImage(drawn(key, size.width(), size.height(), paint))
    picture.setDevicePixelRatio(dpr)
    return picture


#: A look drawn at one zoom (device pixels a unit, in thousandths) and pixel ratio.
FrameAt = tuple[Look, int, float]


class Framed(Protocol):
    """A zone, as its frame pictures know it."""

    def scene(self) -> QtWidgets.QGraphicsScene | None: ...

    def shows(self, at: FrameAt) -> bool:
        """Whether it was last painted with ``at``'s look at its zoom."""

    def refresh(self) -> None:
        """Paint it anew, from the picture of its zoom now drawn."""


class StandsIn(Protocol):
    """A zone that a picture of itself may stand in for at a new zoom (``ZoneItem.zooming``)."""

    def stand_down(self) -> None:
        """Be painted by itself again, at the zoom shown."""

    def picture_itself(self) -> int:
        """Draw its picture of itself as it is shown now, if it is settled at the zoom shown;
        the pixels of the picture it keeps (0: none)."""

    def forget_stand_in(self) -> None:
        """Let its picture of itself go."""


class Frames:
    """The frame pictures drawn (the last :data:`FRAMES_KEPT`), and the zones waiting for
    the look of a new zoom.

    At a zoom already drawn, a zone paints its frame from its picture: a large translucent
    rounded shape is slow to fill, and a zone is drawn again whenever it lights up or goes
    out under a dragged card. Zones of one look and size share it. A zone also keeps a
    picture of itself as the view shows it (Qt's device cache), so that a card moving over
    it is drawn without calling back into Python.

    Both would be drawn anew at every new zoom before its first frame could show, at the
    cost of the whole zone: the open table's frame covers most of the table, millions of
    pixels filled and outlined. So, as a map viewer does and as the cards do with their art,
    the view draws what is cheap first: at a new zoom (``ZoneItem.zooming``) a zone is
    painted straight onto the view, its frame from the picture of the nearest zoom drawn,
    stretched. Between frames, and only while no button is held (a zone lit under a dragged
    card is never kept waiting), the pictures of the new zoom are drawn one at a time, and
    then every zone keeps its own picture again: drawn anew from them, it looks exactly as
    if the view had always been at that zoom. A frame never drawn before (a zone's first
    paint, a zone of a new size or look) is drawn at once.

    Cheaper still, a zone shown settled at some zoom keeps a picture of its whole self, drawn
    between frames once it has settled (the last :data:`STAND_INS_KEPT` zones, within
    :data:`STAND_IN_PIXELS_KEPT`): at a new zoom that picture stands in for the zone, and Qt
    alone draws it, stretched, as it draws the cards' art; the zone paints nothing through
    Python in that frame (a few dozen calls a zone, which a machine just back from idle runs
    slowly). Once the frame is shown, it paints itself again at the new zoom.
    """

    def __init__(self, kept: int = FRAMES_KEPT, pixels_kept: int | None = None) -> None:
        """Keep the last ``kept`` pictures drawn, and no more than ``pixels_kept`` pixels of
        them (None: however many)."""
        self._kept = kept
        self._pixels_kept = pixels_kept
        self._pixels = 0
        self._drawn: dict[FrameAt, tuple[QtGui.QPixmap, float]] = {}
        #: The zooms each look is drawn at, by look and pixel ratio: what :meth:`nearest`
        #: chooses from, without looking through every picture kept (a zoom paints a few
        #: dozen zones, and hundreds of titles may be kept).
        self._zooms: dict[tuple[Look, float], set[int]] = {}
        self._wanted: dict[FrameAt, list[Framed]] = {}
        #: The zones (and title bands) painted straight onto the view since a zoom.
        self._uncached: list[QtWidgets.QGraphicsItem] = []
        self._timer: QtCore.QTimer | None = None
        #: The zones shown by their pictures of themselves since a zoom.
        self._standing: list[StandsIn] = []
        #: The zones with pictures of themselves, the last drawn last, and those pictures'
        #: pixels; the zones to draw one for, between frames.
        self._stand_ins: dict[StandsIn, int] = {}
        self._to_picture: dict[StandsIn, None] = {}
        self._picturing: QtCore.QTimer | None = None

    def picture(self, at: FrameAt) -> tuple[QtGui.QPixmap, float]:
        """The picture of ``at``, drawn now if it was not."""
        found = self._drawn.pop(at, None)
        if found is None:
            look, pixels, dpr = at
            found = look.picture(pixels, dpr)
            self._pixels += _pixels(found[0])
            while self._drawn and (len(self._drawn) >= self._kept or self._over_budget()):
                self._forget(next(iter(self._drawn)))
            self._zooms.setdefault((look, dpr), set()).add(pixels)
        self._drawn[at] = found  # the last used last
        return found

    def _forget(self, at: FrameAt) -> None:
        """Forget the picture of ``at``."""
        self._pixels -= _pixels(self._drawn.pop(at)[0])
        look, pixels, dpr = at
        zooms = self._zooms[look, dpr]
        zooms.discard(pixels)
        if not zooms:
            del self._zooms[look, dpr]

    def paint(
        self,
        painter: QtGui.QPainter,
        look: Look,
        zone: Framed,
        origin: QtCore.QPointF | None = None,
        fill_middle: bool = False,
    ) -> FrameAt:
        """Paint ``look`` at ``origin`` (None: ``zone``'s own), from another zoom's picture,
        stretched, if its own is not drawn yet; the look and the zoom it was painted for.
        ``fill_middle``: a frame stretched from another zoom's picture has its plain middle
        filled with its colour, not stretched (worth its few more calls on a frame as large
        as the view; it looks the same); a picture of its own zoom is copied whole."""
        scale, dpr = scale_of(painter)
        pixels = round(scale * dpr * 1000)
        at = (look, pixels, dpr)
        where = QtCore.QPointF(0, 0) if origin is None else origin
        if isinstance(look, Frame) and look.too_large(pixels):
            draw_frame(painter, look, where, pixels, dpr)
            return at
        core = look.core() if fill_middle and isinstance(look, Frame) else None
        nearest = None if at in self._drawn else self.nearest(at)
        if nearest is None:
            pixmap, margin = self.picture(at)
            draw_picture(painter, where, pixmap, margin, scale, core, own=True)
            return at
        (pixmap, margin), drawn_at = nearest
        draw_picture(painter, where, pixmap, margin, drawn_at / 1000 / dpr, core)
        self.want(at, zone)
        return at

    def has(self, at: FrameAt) -> bool:
        """Whether the picture of ``at`` is drawn (or none is: a frame too large for one)."""
        look, pixels, _dpr = at
        return at in self._drawn or (isinstance(look, Frame) and look.too_large(pixels))

    def want(self, at: FrameAt, zone: Framed) -> None:
        """Draw the picture of ``at`` between frames, and then have ``zone`` painted anew
        from it if it still shows that look at that zoom."""
        waiting = self._wanted.setdefault(at, [])
        if zone not in waiting:
            waiting.append(zone)
        self._refine_soon(0)

    def nearest(self, at: FrameAt) -> tuple[tuple[QtGui.QPixmap, float], int] | None:
        """The picture of ``at``'s look drawn at the zoom nearest its own (its own, if it is
        drawn), and that zoom."""
        frame, pixels, dpr = at
        zooms = self._zooms.get((frame, dpr))
        if not zooms:
            return None
        drawn_at = min(zooms, key=lambda zoom: (abs(math.log(zoom / pixels)), zoom))
        return self._drawn[frame, drawn_at, dpr], drawn_at

    def _refine_soon(self, ms: int) -> None:
        if self._timer is None:
            self._timer = QtCore.QTimer()
            self._timer.setSingleShot(True)
            self._timer.timeout.connect(self._refine)
        if not self._timer.isActive():
            self._timer.start(ms)

    def uncache(self, item: QtWidgets.QGraphicsItem) -> None:
        """Paint ``item`` (a zone, or its title band) straight onto the view until the
        pictures of the zoom shown are drawn."""
        if item.cacheMode() is not QtWidgets.QGraphicsItem.CacheMode.NoCache:
            item.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.NoCache)
            self._uncached.append(item)
            self._refine_soon(0)

    def stand_in(self, zone: StandsIn) -> None:
        """``zone`` is shown by its picture of itself until the pictures of the zoom shown
        are drawn."""
        self._standing.append(zone)
        self._refine_soon(0)

    def picture_later(self, zone: StandsIn, ms: int = 0) -> None:
        """Have ``zone`` draw its picture of itself between frames (``ms`` from now at the
        soonest), once every zone has settled."""
        self._to_picture[zone] = None
        if self._picturing is None:
            self._picturing = QtCore.QTimer()
            self._picturing.setSingleShot(True)
            self._picturing.timeout.connect(self._picture_one)
        if not self._picturing.isActive() or self._picturing.remainingTime() < ms:
            self._picturing.start(ms)

    def stand_in_gone(self, zone: StandsIn) -> None:
        """``zone`` let its picture of itself go."""
        self._stand_ins.pop(zone, None)

    def stand_ins(self) -> int:
        """How many zones keep a picture of themselves."""
        return len(self._stand_ins)

    def picturing(self) -> bool:
        """Whether zones wait to draw their pictures of themselves."""
        return bool(self._to_picture)

    def _picture_one(self) -> None:
        """Have one zone draw its picture of itself; wait while a button is held or a zone
        has not settled."""
        busy = QtWidgets.QApplication.mouseButtons() != Qt.MouseButton.NoButton
        if busy or not self.settled():
            self.picture_later(next(iter(self._to_picture)), BUSY_WAIT_MS)
            return
        zone = next(iter(self._to_picture))
        del self._to_picture[zone]
        self._stand_ins.pop(zone, None)
        with contextlib.suppress(RuntimeError):  # a zone taken off the felt since
            pixels = zone.picture_itself()
            if pixels:
                self._stand_ins[zone] = pixels
        while len(self._stand_ins) > STAND_INS_KEPT or (
            sum(self._stand_ins.values()) > STAND_IN_PIXELS_KEPT and len(self._stand_ins) > 1
        ):
            oldest = next(iter(self._stand_ins))
            del self._stand_ins[oldest]
            with contextlib.suppress(RuntimeError):
                oldest.forget_stand_in()
        if self._to_picture:
            self._picturing.start(0)  # type: ignore[union-attr]  # one at a time

    def _refine(self) -> None:
        """Draw one picture a zone is waiting for, and have its zones painted from it; once
        none is, give every zone its own picture again."""
        if QtWidgets.QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            self._refine_soon(BUSY_WAIT_MS)
            return
        if self._wanted:
            at = next(iter(self._wanted))
            # A zone painted since at another zoom or in another look no longer needs it.
            zones = [zone for zone in self._wanted.pop(at) if _still_shows(zone, at)]
            if zones:
                self.picture(at)
                for zone in zones:
                    zone.refresh()
            self._refine_soon(0)
            return
        uncached, self._uncached = self._uncached, []
        for item in uncached:
            with contextlib.suppress(RuntimeError):  # a zone taken off the felt since
                item.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
                item.update()  # Qt draws nothing anew for a change of cache mode alone
        standing, self._standing = self._standing, []
        for stood in standing:
            with contextlib.suppress(RuntimeError):
                stood.stand_down()

    def kept(self) -> int:
        """How many pictures are kept."""
        return len(self._drawn)

    def settled(self) -> bool:
        """Whether every zone shows the look of the zoom it is shown at."""
        return not self._wanted and not self._uncached and not self._standing

    def forget(self) -> None:
        """Forget every picture drawn (the next paint of each frame draws it anew)."""
        self._drawn.clear()
        self._zooms.clear()
        self._pixels = 0
        self._wanted.clear()
        stand_ins, self._stand_ins = self._stand_ins, {}
        for zone in stand_ins:
            with contextlib.suppress(RuntimeError):
                zone.forget_stand_in()

    def _over_budget(self) -> bool:
        return self._pixels_kept is not None and self._pixels > self._pixels_kept


def _pixels(picture: QtGui.QPixmap) -> int:
    return picture.width() * picture.height()


def _still_shows(zone: Framed, at: FrameAt) -> bool:
    """Whether ``zone`` was last painted with ``at``'s look at its zoom (False: a zone taken
    off the felt since)."""
    try:
        return zone.scene() is not None and zone.shows(at)
    except RuntimeError:
        return False


def frame_picture(frame: Frame, pixels: int, dpr: float) -> tuple[QtGui.QPixmap, float]:
    """``frame`` drawn at ``pixels`` / 1000 device pixels a unit, and the room (units) left
    round it for the edge: whole device pixels, so the outline lies where it was drawn."""
    per_unit, margin, size = _picture_size(frame, pixels)
    key = f"zone/{'/'.join(map(str, frame))}/{pixels}"
    return outlined(key, size, per_unit, margin, dpr, frame.draw), margin


def _picture_size(frame: Frame, pixels: int) -> tuple[float, float, QtCore.QSize]:
    """Device pixels a unit at ``pixels``, the room (units) left round ``frame`` for its edge
    (whole device pixels, so the outline lies where it was drawn), and its picture's size."""
    per_unit = pixels / 1000
    margin = math.ceil(frame.pen_width * per_unit) / per_unit
    size = QtCore.QSize(
        math.ceil((frame.width + 2 * margin) * per_unit),
        math.ceil((frame.height + 2 * margin) * per_unit),
    )
    return per_unit, margin, size


#: Every zone's frame pictures (see :class:`Frames`).
frames = Frames()
