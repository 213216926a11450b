"""A dragged card painted over a picture of the table, as card games and map viewers do.

While one card is dragged, nothing else on the felt moves: every frame Qt would paint again
the cards under the dragged card's old and new place, dozens deep on a crowded table, only
to show what was there a moment before. :class:`DragPicture` keeps instead a picture of the
table without the dragged card (the view's size and pixel ratio), and a frame copies from it
the part asked for, then draws the card's own pixmap layers over it, as Qt draws them: two
copies of pictures, whatever lies beneath.

The picture is drawn by the view's own paint: the card's place as it is lifted (what Qt would
paint for that frame), then, once a frame is painted and before the next move, every tile of
:data:`TILE` device pixels round the card that is not drawn yet, all in one paint (each paint of the
view costs the same again however little it draws), so that most moves find drawn what they
uncover and ask for nothing more than the frame (a move that does not draws just that part).
For as long as the picture lasts the card is see-through to Qt (opacity 0): Qt leaves it out
of what it draws and of what it repaints, and the picture asks for the repaint of the card's
old and new place itself. A part of the view Qt asks to repaint beyond the card's place
changed for another reason: Qt paints that frame (the card drawn over it), and the picture
draws that part again when it next needs it.

What the picture holds stays true because whatever else changes on the felt during the drag
either asks Qt for a repaint outside the card's place (above), or is drawn again in the
picture before the next frame (:meth:`DragPicture.redraw`: a zone lit or put out as the card
is aimed, over and under the card alike), or ends the picture (:meth:`DragPicture.end`: a
change of the session, the seat at the screen or the curtain, a key, a scroll, a zoom, a
resize, a hidden felt, the drop). Whether the picture still fits the view (its transform,
size and pixel ratio, the card still shown) is looked at as it begins and again whenever Qt
asks to paint more than the card's place and the changes the picture was told of, as a
scroll, a zoom, a resize or a new screen always does: a move or a frame that only moves the
card asks nothing more. It is never begun while another card slides, flips or turns, nor for
a card that paints more than its pixmap layers, nor for several cards dragged at once (see
:meth:`TableView._picture_drag <cardtable.ui.table.view.TableView._picture_drag>`). The
lifted card lies above every other (:data:`~cardtable.ui.table.cards.item.LIFTED_Z`), so
drawing it last is drawing it as Qt does.

Privacy: the picture only ever holds what the felt showed at that moment, and it is dropped
(not kept for later) whenever the session or the seat at the screen changes, so a face
hidden from the seat now is never painted from it.
"""

from __future__ import annotations

import contextlib

from cardtable.ui.qt import QtCore, QtGui, QtWidgets

_Flag = QtWidgets.QGraphicsItem.GraphicsItemFlag
_DRAW_CHILDREN = QtWidgets.QWidget.RenderFlag.DrawChildren
#: Room (pixels) round the card's place, for what Qt grows its own repaints by.
_SLACK = 3
#: The side of a tile of the picture (device pixels; see :func:`_tiles`): at a pixel ratio
#: of 2 a tile as wide in logical pixels is four times the paint, and on a crowded table just
#: zoomed, drawn in one paint round the card, a frame held back.
TILE = 128
#: How long the picture kept for a drop's frame waits for that frame (a felt that paints
#: nothing meanwhile, out of sight, has Qt paint it; see :meth:`DragPicture.land`).
LANDING_WAIT_MS = 250


class DragPicture:
    """The picture ``view`` paints a dragged card over; see the module's docstring."""

    def __init__(self, view: QtWidgets.QGraphicsView) -> None:
        self._view = view
        self._card: QtWidgets.QGraphicsItem | None = None
        self._opacity = 1.0  # the card's own, given back as the picture ends
        self._picture: QtGui.QPixmap | None = None
        #: The part of the picture drawn and still true (viewport pixels, logical).
        self._drawn = QtGui.QRegion()
        #: What changed on the table since the last frame, drawn again in the picture
        #: before that frame (Qt asks to repaint it; see :meth:`redraw`); None: nothing.
        self._changed: QtGui.QRegion | None = None
        #: The view as the picture was begun: its transform, size and pixel ratio.
        self._seen: tuple[QtGui.QTransform, QtCore.QSize, float] | None = None
        #: Whether the view was found as :attr:`_seen` and nothing since may have changed it
        #: (see :meth:`_fits`).
        self._fitting = False
        #: The viewport, its rectangle and pixel ratio as the picture was begun.
        self._viewport = view.viewport()
        self._area = QtCore.QRect()
        self._ratio = 1.0
        #: A part of the viewport drawn whole in the picture (to spare a move the region's
        #: sums): null once any of the picture is drawn anew.
        self._ready = QtCore.QRect()
        #: Where the card lay at the last frame and lies now (viewport pixels).
        self._before = QtCore.QRect()
        self._now = QtCore.QRect()
        #: Whether the view paints into the picture now.
        self._drawing = False
        #: The card let go as the picture ended, until it is set down (see :meth:`set_down`).
        self._landing: QtWidgets.QGraphicsItem | None = None
        #: How a layer is asked to paint itself (a layer is never selected, nor focused).
        self._option = QtWidgets.QStyleOptionGraphicsItem()
        #: The picture kept past the drop for its first frame (see :meth:`land`).
        self._kept: _Kept | None = None
        #: Whether the next frame is the drop's, painted from the kept picture if it may be.
        self._armed = False
        #: Draws the tiles round the card between frames (see :meth:`_draw_ahead`).
        self._ahead = QtCore.QTimer(view)
        self._ahead.setSingleShot(True)
        self._ahead.setInterval(0)
        self._ahead.timeout.connect(self._draw_ahead)
        self._waited = QtCore.QTimer(view)
        self._waited.setSingleShot(True)
        self._waited.setInterval(LANDING_WAIT_MS)
        self._waited.timeout.connect(self._forget_kept)

    def active(self) -> bool:
        return self._card is not None

    def card(self) -> QtWidgets.QGraphicsItem | None:
        return self._card

    def landing(self) -> bool:
        """Whether a picture is kept for the frame of a drop not painted yet: until then
        nothing on the felt may look otherwise than in the picture (the cards' art of a new
        zoom waits, :meth:`FeltView._settle_art <cardtable.ui.table.felt.FeltView._settle_art>`)."""
        return self._kept is not None

    def _forget_kept(self) -> None:
        self._kept, self._armed = None, False

    def begin(self, card: QtWidgets.QGraphicsItem) -> bool:
        """Paint the drag of ``card`` (just lifted) from a picture from now on, if it is
        drawn by its pixmap layers alone; False (Qt paints as ever) if not."""
        self.end()
        viewport = self._view.viewport()
        ratio = viewport.devicePixelRatioF()
        size = viewport.size()
        if size.isEmpty() or not _paints_as_layers(card):
            return False
        picture = QtGui.QPixmap(round(size.width() * ratio), round(size.height() * ratio))
        picture.setDevicePixelRatio(ratio)
        self._picture = picture
        self._drawn = QtGui.QRegion()
        self._ready = QtCore.QRect()
        self._seen = (self._view.viewportTransform(), size, ratio)
        self._viewport, self._area, self._ratio = viewport, viewport.rect(), ratio
        self._fitting = True
        self._card, self._opacity = card, card.opacity()
        card.setOpacity(0.0)
        # The lifted card covers where it lay (it is larger, and its shadow falls round it):
        # its place is drawn whole at once, as Qt would paint it.
        self._before = self._now = self._card_place()
        own = self._own()
        self._draw_table(QtGui.QRegion(own.intersected(viewport.rect())))
        viewport.update(own)
        return True

    def end(self, mark: bool = False, landing: bool = False) -> None:
        """Qt paints as ever from now on; the picture is forgotten.

        What the viewport shows stays true: every frame painted from the picture showed the
        table as it was, and what changes as the picture ends asks Qt for its own repaint.
        With ``mark`` (the card let go), call :meth:`set_down` once the card lies as it was
        let go, before anything moves it, and :meth:`land` once the drop is made: until
        then the picture is kept for the drop's frame, through an end with ``landing`` (the
        drop's own change of the session, seat and curtain as they were) but no other.
        """
        card, self._card = self._card, None
        self._ahead.stop()
        if mark and card is not None and self._picture is not None and self._seen is not None:
            true = self._drawn if self._changed is None else self._drawn.subtracted(self._changed)
            kept = _Kept(card, self._picture, true, self._seen, self._now)
            self._kept, self._armed = kept, False
        elif not landing:
            self._kept, self._armed = None, False
        self._picture = None
        self._drawn = QtGui.QRegion()
        self._ready = QtCore.QRect()
        self._changed = None
        self._seen = None
        self._fitting = False
        if card is None:
            return
        with contextlib.suppress(RuntimeError):  # a card taken off the felt since
            card.setOpacity(self._opacity)
        self._landing = card if mark else None
        self._view.viewport().update(self._now)

    def set_down(self, card: QtWidgets.QGraphicsItem, painted: bool = True) -> None:
        """``card``, let go as the picture ended, lies where it was let go: with ``painted``,
        Qt paints one pixel of it there, off screen. Qt repaints a card's layer that moved
        from where it last painted it: for a card seen through the picture, where the drag
        began, or for a layer the lifted card hid (its ring), where it lay before the drag;
        the drop's repaint would span the whole path. Without ``painted`` (a drop that
        repaints the place the drag began anyway, and is not painted from the picture), it
        is set down unseen: that one pixel costs Qt a paint of the view, some milliseconds
        of the drop; the picture kept for the drop's frame is then forgotten at
        :meth:`land`."""
        landing = self._landing
        if landing is None or landing is not card:
            return
        self._landing = None
        viewport = self._view.viewport()
        if not painted or not viewport.isVisible():
            return
        with contextlib.suppress(RuntimeError):  # a card taken off the felt since
            bounds = landing.sceneBoundingRect()
            centre = self._view.mapFromScene(bounds.center())
            # Qt's own paint of one pixel of the card, into a scratch picture.
            scratch = QtGui.QPixmap(2, 2)
            scratch.setDevicePixelRatio(viewport.devicePixelRatioF())
            pixel = QtGui.QRegion(QtCore.QRect(centre, QtCore.QSize(1, 1)))
            viewport.render(scratch, QtCore.QPoint(), pixel, _DRAW_CHILDREN)
            if self._kept is not None and self._kept.card is landing:
                self._kept.let_go = _place_of(self._view, landing)

    def land(self, card: QtWidgets.QGraphicsItem | None) -> None:
        """The drop of the card let go is made. With ``card`` (that card), the drop put it
        down by hand over every card round it, and changed nothing else the felt shows: the
        drop's frame is then the kept picture (the table without the card, as it was) with
        the card painted over it as it lies, if Qt asks for no more than the card's places
        (where it showed last, lifted, where it was let go and where it lies now; anything
        else changed asks for its own repaint). With None, or any other card, the picture is
        forgotten."""
        kept = self._kept
        if kept is None or card is None or kept.card is not card or kept.let_go is None:
            self._kept, self._armed = None, False
        else:
            self._armed = True
            self._waited.start()

    def _paint_landing(self, event: QtGui.QPaintEvent) -> bool:
        """Paint the drop's frame from the kept picture (see :meth:`land`), if it may be;
        the picture is forgotten either way."""
        kept = self._kept
        self._kept, self._armed = None, False
        self._waited.stop()
        assert kept is not None and kept.let_go is not None
        view, card = self._view, kept.card
        viewport = view.viewport()
        try:
            if card.scene() is not view.scene() or not card.isVisible():
                return False
            seen = (view.viewportTransform(), viewport.size(), viewport.devicePixelRatioF())
            if seen != kept.seen or not _paints_as_layers(card):
                return False
            places = QtGui.QRegion(kept.lifted).united(kept.let_go).united(_place_of(view, card))
        except RuntimeError:  # a card taken off the felt since
            return False
        asked = event.region()
        grown = QtGui.QRegion()
        for rect in places:
            grown = grown.united(rect.adjusted(-_SLACK, -_SLACK, _SLACK, _SLACK))
        if not asked.subtracted(grown).isEmpty() or not asked.subtracted(kept.drawn).isEmpty():
            return False
        painter = QtGui.QPainter(viewport)
        painter.setClipRegion(asked)
        painter.drawPixmap(QtCore.QPointF(0, 0), kept.picture)  # clipped to what is asked
        _paint_layers(painter, card, card.opacity(), view.viewportTransform(), self._option)
        painter.end()
        return True

    def redraw(self, scene_rect: QtCore.QRectF) -> None:
        """``scene_rect`` of the table changed (and asked Qt for its repaint): the picture
        draws it again before the next frame, which is then painted from the picture."""
        if self._card is None or scene_rect.isEmpty():
            return
        place = self._view.mapFromScene(scene_rect).boundingRect()
        grown = QtGui.QRegion(place.adjusted(-_SLACK, -_SLACK, _SLACK, _SLACK))
        self._forget(grown)
        self._changed = grown if self._changed is None else self._changed.united(grown)

    def moved(self) -> None:
        """The card moved (or was lifted): ask for the repaint of its old and new place, and
        draw the part of the picture that frame needs and the picture lacks."""
        if not self._fits():
            return
        # The tiles wait for the frame: drawn between this move and its paint, they would
        # hold the frame back.
        self._ahead.stop()
        now = self._card_place()
        if now != self._now:
            self._before, self._now = self._now, now
        own = self._own()
        self._viewport.update(own)
        changed = self._changed
        if changed is None and self._ready.contains(own):
            return
        needed = QtGui.QRegion(own) if changed is None else changed.united(own)
        needed = needed.intersected(self._area).subtracted(self._drawn)
        if not needed.isEmpty():
            self._draw_table(needed)

    def _draw_ahead(self) -> None:
        """Between frames, draw what the picture lacks of the tiles round the card, in one
        paint."""
        if not self._fits():
            return
        side = max(1, round(TILE / self._ratio))
        around = self._own().adjusted(-side, -side, side, side).intersected(self._area)
        if self._ready.contains(around):
            return
        cover = _tiles(around, side).intersected(self._area)
        missing = QtGui.QRegion(cover).subtracted(self._drawn)
        if not missing.isEmpty():
            self._draw_table(missing)
        self._ready = cover

    def _own(self) -> QtCore.QRect:
        """The card's old and new place, with room round them: what a frame repaints."""
        both = self._now.united(self._before)
        return both.adjusted(-_SLACK, -_SLACK, _SLACK, _SLACK)

    def _forget(self, region: QtGui.QRegion) -> None:
        """``region`` of the picture is no longer true: it is drawn again when next needed."""
        self._drawn = self._drawn.subtracted(region)
        self._ready = QtCore.QRect()

    def _fits(self) -> bool:
        """Whether the picture is under way and still fits the view (if not, it ends).

        The answer found is kept until :meth:`paint` is asked for more than it knows changed
        (what a scroll, a zoom, a resize or a new screen asks for), which looks again.
        """
        if self._card is None:
            return False
        if self._fitting:
            return True
        card = self._card
        view = self._view
        viewport = self._viewport
        seen = (view.viewportTransform(), viewport.size(), viewport.devicePixelRatioF())
        if (
            viewport is not view.viewport()
            or seen != self._seen
            or card.scene() is not view.scene()
            or not card.isVisible()
        ):
            self.end()  # Qt paints the view at once, the card with it
            return False
        self._fitting = True
        return True

    def paint(self, event: QtGui.QPaintEvent) -> bool:
        """Paint the part of the viewport ``event`` asks for: from the picture, or (the
        picture lacks part of it) as Qt paints it; then the card over it. False when Qt is to
        paint it as ever (no picture, or the picture no longer fits the view)."""
        if self._armed and not self._drawing:
            return self._paint_landing(event)
        if self._drawing or self._card is None:
            return False
        asked = event.region()
        bounds = asked.boundingRect()
        own = self._own()
        changed, self._changed = self._changed, None
        if changed is not None or not own.contains(bounds):
            # Anything asked for beyond the card's place and what the picture was told of
            # changed for another reason: the view itself, perhaps.
            beyond = asked.subtracted(own if changed is None else changed.united(own))
            if not beyond.isEmpty():
                self._fitting = False
                self._forget(beyond)
        if not self._fits():
            return False
        card, picture, seen = self._card, self._picture, self._seen
        assert card is not None and picture is not None and seen is not None
        from_picture = self._ready.contains(bounds) or asked.subtracted(self._drawn).isEmpty()
        if not from_picture:
            QtWidgets.QGraphicsView.paintEvent(self._view, event)  # the table, without the card
        painter = QtGui.QPainter(self._viewport)  # clipped by Qt to what the event asks for
        if from_picture:
            ratio = self._ratio
            for rect in asked:
                if ratio == 1.0:
                    painter.drawPixmap(rect, picture, rect)
                    continue
                source = QtCore.QRectF(
                    rect.x() * ratio, rect.y() * ratio, rect.width() * ratio, rect.height() * ratio
                )
                painter.drawPixmap(QtCore.QRectF(rect), picture, source)
        _paint_layers(painter, card, self._opacity, seen[0], self._option)
        painter.end()
        self._ahead.start()
        return True

    def _card_place(self) -> QtCore.QRect:
        """Where the card and its layers lie in the viewport (pixels)."""
        card = self._card
        assert card is not None
        bounds = card.boundingRect().united(card.childrenBoundingRect())
        return self._view.mapFromScene(card.mapRectToScene(bounds)).boundingRect()

    def _draw_table(self, region: QtGui.QRegion) -> None:
        """Draw ``region`` of the picture as the view paints the table now (without the
        card, see-through to Qt): the view's own paint, so that the zones' pictures Qt keeps
        for the view stay those it paints on screen."""
        picture = self._picture
        assert picture is not None
        self._drawing = True
        try:
            # All of it in one paint: Qt looks up the items under the bounds of the region,
            # but paints only those that meet the region itself.
            at = region.boundingRect().topLeft()
            self._viewport.render(picture, at, region, _DRAW_CHILDREN)
        finally:
            self._drawing = False
        self._drawn = self._drawn.united(region)


class _Kept:
    """The picture of the table without ``card`` as the card was let go, kept for the
    drop's frame: ``drawn``, the part of it drawn and true then; ``seen``, the view then;
    ``lifted``, where the lifted card showed last; ``let_go``, where the card lay once set
    down (viewport pixels; None until it is)."""

    def __init__(
        self,
        card: QtWidgets.QGraphicsItem,
        picture: QtGui.QPixmap,
        drawn: QtGui.QRegion,
        seen: tuple[QtGui.QTransform, QtCore.QSize, float],
        lifted: QtCore.QRect,
    ) -> None:
        self.card = card
        self.lifted = lifted
        self.picture = picture
        self.drawn = drawn
        self.seen = seen
        self.let_go: QtCore.QRect | None = None


def _place_of(view: QtWidgets.QGraphicsView, card: QtWidgets.QGraphicsItem) -> QtCore.QRect:
    """Where ``card`` and its layers lie in ``view``'s viewport (pixels)."""
    bounds = card.boundingRect().united(card.childrenBoundingRect())
    return view.mapFromScene(card.mapRectToScene(bounds)).boundingRect()


def _tiles(rect: QtCore.QRect, side: int) -> QtCore.QRect:
    """The tiles ``side`` pixels wide that ``rect`` touches, together."""
    left, top = rect.left() // side * side, rect.top() // side * side
    right = (rect.right() // side + 1) * side
    bottom = (rect.bottom() // side + 1) * side
    return QtCore.QRect(left, top, right - left, bottom - top)


def _paints_as_layers(card: QtWidgets.QGraphicsItem) -> bool:
    """Whether ``card`` paints nothing of its own, only child pixmaps with no children."""
    if not card.flags() & _Flag.ItemHasNoContents or card.graphicsEffect() is not None:
        return False
    for layer in card.childItems():
        if not isinstance(layer, QtWidgets.QGraphicsPixmapItem) or layer.childItems():
            return False
        if layer.graphicsEffect() is not None:
            return False
    return True


def _paint_layers(
    painter: QtGui.QPainter,
    card: QtWidgets.QGraphicsItem,
    opacity: float,
    view: QtGui.QTransform,
    option: QtWidgets.QStyleOptionGraphicsItem,
) -> None:
    """Paint ``card``'s pixmap layers with a new ``painter`` as Qt paints them (in stacking
    order, each through its own transform onto the view, by its own paint with ``option``),
    the card's own opacity being ``opacity``."""
    now = 1.0  # a new painter's
    for layer in card.childItems():  # in stacking order
        if not layer.isVisible():
            continue
        shown = opacity * layer.opacity()
        if shown <= 0.0:
            continue
        if shown != now:
            painter.setOpacity(shown)
            now = shown
        painter.setTransform(layer.deviceTransform(view))
        layer.paint(painter, option, None)
