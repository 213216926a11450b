"""One card on the felt: a graphics item that shows a face or a back, and reports gestures.

The item decides nothing. It shows what it is told (:meth:`CardItem.set_state`) and turns
the player's gestures into signals (``dropped``, ``activated``, ``flip_requested``,
``turn_requested``, ``hovered``) for the table's controller to turn into session actions.

Privacy: an item is given a face only when the viewer may see it; given ``None`` it holds no
face at all and paints the back, whatever ``face_up`` says. A face-down card also shows its
back the right way up whatever its orientation, as a real card's symmetric back would.

The item's origin is the card's centre, so it turns and flips about its middle; ``pos()`` is
where the centre lies on the table.

Painting: the art, the reversed marker and the selection or focus ring are child pixmap
items holding the pixmaps every card of that look shares (one per face or mark, size and
pixel ratio, from :mod:`cardtable.ui.art.card_art` and :mod:`cardtable.ui.art.card_marks`;
a lifted card shows its shadow, art and marks as one picture). Qt copies them without
calling back into Python, and keeps no image of its own per card, so even a chosen card
being dragged is drawn by Qt alone. The item itself paints only the first time it is drawn,
when it picks the pixmaps of its size (unless the felt gave it them before it came into
sight: :meth:`CardItem.settle_art`), and what a subclass adds. At a new zoom or pixel
ratio the layers go on showing the pictures they hold, stretched by the view, until the view
gives the card the art of the new size (:meth:`CardItem.warm_art`, :meth:`CardItem.settle_art`),
as a map viewer shows its old tiles until the new ones arrive. A card under the next one in
a row shows only the strip of its art in sight (see :mod:`cardtable.ui.table.cards.row`).
"""

from __future__ import annotations

import functools
import math

from cardtable.cards import CardFace, CardId, shown_name
from cardtable.ui.art import card_art, card_marks
from cardtable.ui.art.card_marks import FOCUSED, REVERSED, SELECTED
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.pixmaps import left_part, turned_round
from cardtable.ui.table.cards.row import RowCard

DEFAULT_ANIMATION_MS = 180
LIFT_SCALE = 1.04
LIFTED_Z = 1_000_000.0
_SHADOW_BLUR = card_marks.SHADOW_BLUR
# Room round the card for the selection ring, and below it for the reversed tab. Kept tight:
# a dragged card's bounds are what the view repaints every frame.
_MARGIN = 5.0
_TAB_MARGIN = 10.0
_CORNER = card_marks.CORNER  # scene units; the art's rounded corners on a 120-unit card
MARKER_COLOUR = card_marks.MARKER_COLOUR
SELECTED_COLOUR = card_marks.SELECTED_COLOUR


#: The flips and turns begun on any card and perhaps still under way.
_UNDER_WAY: set[QtCore.QVariantAnimation] = set()


def animations_running() -> bool:
    """Whether a card on any felt is flipping or turning now."""
    for animation in list(_UNDER_WAY):
        try:
            running = animation.state() == QtCore.QAbstractAnimation.State.Running
        except RuntimeError:  # its card is gone, and the animation with it
            running = False
        if not running:
            _UNDER_WAY.discard(animation)
        else:
            return True
    return False


class CardItem(RowCard):
    """A card lying on the felt.

    ``kind`` is the deck's kind (``"tarot"`` or ``"playing"``), needed to draw the back of a
    card whose face the viewer may not see. ``animation_ms`` is how long flips and turns
    take; 0 makes them instant.
    """

    dropped = QtCore.Signal(str, QtCore.QPointF)
    activated = QtCore.Signal(str)
    flip_requested = QtCore.Signal(str)
    turn_requested = QtCore.Signal(str)
    hovered = QtCore.Signal(str, bool)

    def __init__(
        self,
        card_id: CardId | str,
        kind: str,
        face: CardFace | None = None,
        face_up: bool = False,
        reversed: bool = False,
        animation_ms: int = DEFAULT_ANIMATION_MS,
        parent: QtWidgets.QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        card_art.ensure_cache_limit()
        self._card_id = str(card_id)
        self._kind = kind
        size = card_art.card_size(kind)
        self._rect = QtCore.QRectF(
            -size.width() / 2, -size.height() / 2, size.width(), size.height()
        )
        self._variant = card_art.joker_variant(self._card_id)
        self._face: CardFace | None = face
        self._face_up = face_up
        self._reversed = reversed
        self._shown_up = face_up  # the side painted now; differs from _face_up mid-flip
        #: Where the card lies, in words ("in Bea's hand"), for :meth:`description`.
        self.place_words = ""
        self.animation_ms = animation_ms
        self._flip: QtCore.QVariantAnimation | None = None
        self._turn: QtCore.QVariantAnimation | None = None
        self._lifted = False
        self._resting_z = 0.0
        self._press_pos: QtCore.QPointF | None = None
        #: (width in logical pixels, pixel ratio, the view's zoom) the layers' pixmaps are
        #: drawn for; None until the first paint says.
        self._device: tuple[int, float, float] | None = None
        self._bounds: QtCore.QRectF | None = None
        #: How Qt draws the layers: a plain copy at rest (several times faster than asking Qt
        #: to smooth a picture it need not resample), smoothly while a flip or turn runs.
        self._transformation = Qt.TransformationMode.FastTransformation
        #: The art of the side shown now, whole, at the size drawn (None until drawn).
        self._whole: QtGui.QPixmap | None = None
        self._turned = False  # whether the lifted card's shadow falls for a card turned round
        self._art = self._layer(0.0)
        #: The marks a card wears now and then (the reversed marker, the ring; lifted, it
        #: wears them in its art's one picture), each a layer made the first time the card
        #: wears it: a table of thousands of cards holds two items a card (the card and its
        #: art) for Qt to index and move.
        self._marks: dict[str, QtWidgets.QGraphicsPixmapItem] = {}
        flags = QtWidgets.QGraphicsItem.GraphicsItemFlag
        self.setFlags(flags.ItemIsMovable | flags.ItemIsSelectable | flags.ItemIsFocusable)
        self.setRotation(self._target_rotation())
        # The layers take the new pictures when the group dresses its deck anew.
        card_art.art_notifier().changed.connect(self._on_art_changed)
        self._update_contents()

    def _layer(self, z: float) -> QtWidgets.QGraphicsPixmapItem:
        """A child showing one shared pixmap, under whatever the item paints itself."""
        layer = QtWidgets.QGraphicsPixmapItem(self)
        layer.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        layer.setShapeMode(QtWidgets.QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        layer.setTransformationMode(self._transformation)
        layer.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        layer.setZValue(z)
        layer.setVisible(False)
        return layer

    # --- what the item shows --------------------------------------------------------------

    @property
    def card_id(self) -> str:
        return self._card_id

    @property
    def kind(self) -> str:
        return self._kind

    @property
    def face_up(self) -> bool:
        return self._face_up

    @property
    def is_reversed(self) -> bool:
        return self._reversed

    def visible_face(self) -> CardFace | None:
        """The face the viewer sees on the table now, or ``None`` when the back shows."""
        return self._face if self._face_up else None

    def shows_face(self) -> bool:
        return self._face is not None and self._shown_up

    def is_animating(self) -> bool:
        return any(
            a is not None and a.state() == QtCore.QAbstractAnimation.State.Running
            for a in (self._flip, self._turn)
        )

    def description(self) -> str:
        """What the card is, in words, for screen readers and status lines: "Queen of Cups,
        reversed, face up, in the Challenge"; a card whose face the viewer may not see is
        only a "Face-down card" (and where it lies)."""
        place = f", {self.place_words}" if self.place_words else ""
        if self._face is None:
            return f"Face-down card{place}"
        turned = ", reversed" if self._reversed else ""
        side = "face up" if self._face_up else "face down"
        return f"{shown_name(self._face)}{turned}, {side}{place}"

    def set_state(
        self, face: CardFace | None, face_up: bool, reversed: bool, animate: bool = True
    ) -> None:
        """Show ``face`` (``None``: the viewer may not see it), which side is up, which way round.

        A change of side animates a flip and a change of orientation a turn, when ``animate``
        is true and :attr:`animation_ms` is not 0.
        """
        # Forget a face the viewer may no longer see at once, even mid-animation.
        self._face = face
        flipping = face_up != self._face_up
        turning = reversed != self._reversed
        self._face_up = face_up
        self._reversed = reversed
        quick = not animate or self.animation_ms <= 0
        if flipping and not quick:
            self._start_flip()
        elif flipping:
            self._stop(self._flip)
            self._shown_up = face_up
            self._set_flip_scale(1.0)
            self.setRotation(self._target_rotation())
        if turning and not flipping:
            if quick or not self.shows_face():
                self._stop(self._turn)
                self.setRotation(self._target_rotation())
            else:
                self._start_turn()
        if self.hasFocus():
            self._announce()
        self._refresh_art()

    def _announce(self) -> None:
        """Graphics items have no accessibility interface: the view speaks for its focused card."""
        for view in self.scene().views() if self.scene() is not None else []:
            view.setAccessibleDescription(self.description())

    # --- animations -----------------------------------------------------------------------

    def _target_rotation(self) -> float:
        return 180.0 if self._reversed and self._face is not None and self._face_up else 0.0

    @staticmethod
    def _stop(animation: QtCore.QVariantAnimation | None) -> None:
        if animation is not None:
            animation.stop()

    def _start_flip(self) -> None:
        self._stop(self._flip)
        self._stop(self._turn)
        flip = self._flip
        if flip is None:  # one for the card's life: each flip starts it again
            flip = self._flip = QtCore.QVariantAnimation(self)
            flip.setStartValue(0.0)
            flip.setEndValue(1.0)
            flip.setEasingCurve(QtCore.QEasingCurve.Type.InOutQuad)
            flip.valueChanged.connect(self._on_flip_step)
            flip.finished.connect(self._on_flip_done)
        flip.setDuration(self.animation_ms)
        flip.start()
        _UNDER_WAY.add(flip)
        self._tell_under()

    def _on_flip_step(self, value: float) -> None:
        if value >= 0.5 and self._shown_up != self._face_up:
            # Edge-on: swap sides, and snap to the new orientation while nobody can tell.
            self._shown_up = self._face_up
            self.setRotation(self._target_rotation())
            self._refresh_art()
        self._set_flip_scale(abs(1.0 - 2.0 * value))

    def _on_flip_done(self) -> None:
        self._shown_up = self._face_up
        self.setRotation(self._target_rotation())
        self._set_flip_scale(1.0)
        self._refresh_art()
        self._tell_under()

    def _set_flip_scale(self, amount: float) -> None:
        # A flat card would vanish; keep a sliver, and rise a little as it turns over.
        lift = 1.0 + 0.06 * (1.0 - amount)
        self.setTransform(QtGui.QTransform.fromScale(max(amount, 0.02) * lift, lift))

    def _start_turn(self) -> None:
        self._stop(self._turn)
        start = self.rotation() % 360.0
        end = self._target_rotation()
        if end <= start:
            end += 360.0  # always turn the same way round
        turn = self._turn
        if turn is None:  # one for the card's life: each turn starts it again
            turn = self._turn = QtCore.QVariantAnimation(self)
            turn.setEasingCurve(QtCore.QEasingCurve.Type.InOutCubic)
            turn.valueChanged.connect(self.setRotation)
            turn.finished.connect(self._on_turn_done)
        turn.setStartValue(start)
        turn.setEndValue(end)
        turn.setDuration(self.animation_ms)
        turn.start()
        _UNDER_WAY.add(turn)
        self._tell_under()

    def _on_turn_done(self) -> None:
        self.setRotation(self._target_rotation())
        self._refresh_art()  # at rest: a card turned round takes its pictures turned round
        self._tell_under()

    def _match_smoothing(self) -> None:
        """Draw the layers smoothly while the card is squeezed or turned by an animation,
        and as plain copies of their pixels at rest."""
        mode = (
            Qt.TransformationMode.SmoothTransformation
            if self.is_animating()
            else Qt.TransformationMode.FastTransformation
        )
        if mode != self._transformation:
            self._transformation = mode
            for layer in (self._art, *self._marks.values()):
                layer.setTransformationMode(mode)

    # --- painting -------------------------------------------------------------------------

    def boundingRect(self) -> QtCore.QRectF:
        # Asked many times for every card that moves: worked out once per lift or set-down.
        if self._bounds is None:
            box = self._rect.adjusted(-_MARGIN, -_MARGIN, _MARGIN, _TAB_MARGIN)
            if self._lifted:
                grow = _SHADOW_BLUR
                shadow = card_marks.shadow_rect(self._rect, self._turned)
                box = box.united(shadow.adjusted(-grow, -grow, grow, grow))
            self._bounds = box
        return self._bounds

    def shape(self) -> QtGui.QPainterPath:
        # Asked of every card under the pointer or a query: one path per card size.
        return _card_shape(self._rect.width(), self._rect.height())

    def card_rect(self) -> QtCore.QRectF:
        """The card itself in item coordinates (centred on the origin)."""
        return QtCore.QRectF(self._rect)

    def paint(
        self,
        painter: QtGui.QPainter,
        option: QtWidgets.QStyleOptionGraphicsItem,
        widget: QtWidgets.QWidget | None = None,
    ) -> None:
        # Leave the painter as found, so the view may skip saving it for every item.
        painter.save()
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
        if self._device is None:
            # The first paint: the layers hold the art from the next frame on; this one
            # paints it over them.
            self._device = self._device_of(painter)
            self._refresh_art()  # it tells the card under it
            layers = sorted((self._art, *self._marks.values()), key=lambda i: i.zValue())
            for layer in layers:
                if layer.isVisible():
                    painter.save()
                    painter.translate(layer.pos())
                    painter.setTransform(layer.transform(), True)
                    painter.drawPixmap(layer.offset(), layer.pixmap())
                    painter.restore()
            self._update_contents()
        painter.restore()

    def _wants_contents(self) -> bool:
        """Whether :meth:`paint` has anything to draw (a subclass may add its own marks)."""
        return self._device is None

    def _update_contents(self) -> None:
        # Without contents Qt never calls back into Python to paint the card: the layers
        # (plain pixmap items) are all there is to draw.
        self.setFlag(
            QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not self._wants_contents()
        )

    def warm_art(self, scale: float, dpr: float) -> None:
        """Have the shared art this card will show at zoom ``scale`` and pixel ratio ``dpr``
        drawn (in the pixmap cache), without showing it yet."""
        self._art_pixmap(self._width_px(scale), dpr)

    def settle_art(self, scale: float, dpr: float) -> bool:
        """Show the art of the size the card covers at zoom ``scale`` and pixel ratio ``dpr``
        (until then the layers show the pictures of the zoom before, stretched; a card never
        drawn shows nothing, and would pick its size as it is first painted). False if it
        already did."""
        device = (self._width_px(scale), dpr, scale)
        # A zoom and its way back differ in their last digits: a layer that undid the one
        # undoes the other to within what Qt takes for a plain copy (its transform a
        # translation: a scale within 1e-12 of one).
        known = self._device
        if (
            known is not None
            and known[:2] == device[:2]
            and math.isclose(known[2], scale, rel_tol=1e-13)
        ):
            return False
        first = self._device is None
        self._device = device
        self._refresh_art()
        if first:
            self._update_contents()  # the layers show it all: nothing left for paint()
        return True

    def _width_px(self, zoom: float, lift: float = 1.0) -> int:
        """How many logical pixels wide the card is drawn at ``zoom`` (the view's)."""
        width_px = round(self._rect.width() * zoom * lift)
        return min(max(width_px, card_art.MIN_PX), card_art.MAX_PX)

    def _device_of(self, painter: QtGui.QPainter) -> tuple[int, float, float]:
        """The width in logical pixels this card covers through ``painter``, its pixel ratio
        and the view's zoom."""
        world = painter.worldTransform()
        # The card's height is never squeezed by a flip, so it gives the zoom. Lifting and the
        # rise during a flip are left out: a few per cent of stretch for a moment is not worth
        # drawing the art anew at every step.
        own = abs(self.transform().m22() * self.scale()) or 1.0
        scale = (math.hypot(world.m21(), world.m22()) or 1.0) / own
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        return self._width_px(scale), dpr, scale

    def _art_pixmap(self, width_px: int, dpr: float) -> QtGui.QPixmap:
        """The shared art of the side shown now, ``width_px`` logical pixels wide."""
        art = card_art.art_for_card(self._card_id)
        if self._face is not None and self._shown_up:
            if art is None:
                return card_art.face_pixmap(self._face, width_px, dpr, self._variant)
            return card_art.face_pixmap(self._face, width_px, dpr, self._variant, art)
        if art is None:
            return card_art.back_pixmap(self._kind, width_px, dpr)
        return card_art.back_pixmap(self._kind, width_px, dpr, art=art)

    def _refresh_art(self) -> None:
        """Give the layers the shared pixmaps of what the card shows now (once it is known at
        what size the card is drawn)."""
        self._match_smoothing()
        if self._device is None:
            return
        width_px, dpr, _ = self._device
        before, art = self._whole, self._art_pixmap(width_px, dpr)
        self._whole = art
        # Every face shows its reversal: a playing card turned round looks nearly the same.
        marker = REVERSED if self.shows_face() and self._reversed else None
        ring = self._ring()
        if self._lifted:
            # Shadow, art and marks in one picture, drawn once as the card is lifted, not
            # blended one over another by every frame of the drag.
            marks = tuple(mark for mark in (marker, ring) if mark is not None)
            turned = self._target_rotation() == 180.0
            if turned != self._turned:
                self.prepareGeometryChange()
                self._turned, self._bounds = turned, None
            look, area = card_marks.lifted_pixmap(
                art, self._kind, self._shown_px(), dpr, marks, turned
            )
            self._lay(self._art, look, area)
            marker = ring = None
            self._sight = None
        else:
            self._sight = self._sight_now()
            self._lay(self._art, art, self._rect, self._sight)
        self._wear("marker", 1.0, marker)
        self._wear("ring", 2.0, ring)
        if before is None or before.cacheKey() != art.cacheKey():
            self._tell_under()  # a new picture may let through what the old one hid

    def _ring(self) -> str | None:
        """The chosen card's ring, or the focused card's dashed one (None: neither)."""
        return SELECTED if self.isSelected() else FOCUSED if self.hasFocus() else None

    def _refresh_ring(self) -> None:
        """The ring as the card is chosen or focused: a shared pixmap too, so a chosen card
        being dragged is painted without calling back into Python."""
        if self._lifted:
            self._refresh_art()
        else:
            self._wear("ring", 2.0, self._ring())

    def _wear(self, slot: str, z: float, mark: str | None) -> None:
        """Show the shared pixmap of ``mark`` on the layer ``slot`` (made, at ``z``, the first
        time the card wears one there), or hide that layer (``mark`` None)."""
        layer = self._marks.get(slot)
        if mark is None or self._device is None:
            if layer is not None:
                layer.setVisible(False)
            return
        if layer is None:
            layer = self._marks[slot] = self._layer(z)
        _, dpr, _ = self._device
        self._lay(layer, *card_marks.mark_pixmap(mark, self._kind, self._shown_px(), dpr))

    def _shown_px(self) -> int:
        """How many logical pixels wide the card shows now (a lifted card is larger)."""
        assert self._device is not None
        width_px, _, zoom = self._device
        return self._width_px(zoom, LIFT_SCALE) if self._lifted else width_px

    def _lay(
        self,
        layer: QtWidgets.QGraphicsPixmapItem,
        pixmap: QtGui.QPixmap,
        area: QtCore.QRectF,
        sight: float | None = None,
    ) -> None:
        """Show ``pixmap`` on ``layer``, centred on ``area`` of the card; with ``sight``,
        only its part that far (scene units) from the card's left edge as the table sees it.

        Pixel for pixel: the layer undoes the view's zoom and the lift, so Qt copies the
        pixmap to the screen as it is instead of resampling it every frame, whatever the
        zoom. The pixmap was drawn for the card's size at this zoom, so it covers ``area``
        to within a pixel. A card lying turned round (reversed) shows the picture turned
        round once, on a layer that undoes the card's turn: Qt turns a picture pixel by
        pixel at every frame, and copies it several times faster.
        """
        assert self._device is not None
        unit = 1.0 / (self._device[2] * self.scale())  # item units a logical pixel covers
        if self.rotation() == 180.0 and not self.is_animating():
            pixmap = turned_round(pixmap)
            transform = QtGui.QTransform(-unit, 0.0, 0.0, -unit, 0.0, 0.0)
        else:
            transform = QtGui.QTransform.fromScale(unit, unit)
        size = pixmap.deviceIndependentSize()
        if sight is not None:
            # The picture lies on the table as it is drawn (turned round with the card, if it
            # is), so its left part is the part in sight.
            pixmap = left_part(pixmap, sight / unit)
        if (
            layer.pixmap().cacheKey() == pixmap.cacheKey()
            and layer.isVisible()
            and layer.transform() == transform
        ):
            return  # the same picture at the same zoom, so the same size and place
        layer.setPixmap(pixmap)
        layer.setOffset(-size.width() / 2, -size.height() / 2)
        layer.setPos(area.center())
        layer.setTransform(transform)
        layer.setVisible(True)

    def art_pixmap(self) -> QtGui.QPixmap | None:
        """The shared pixmap the card shows now, whole (None until it is first drawn)."""
        return self._whole if self._device is not None else None

    def _show_sight(self) -> None:
        if self._whole is None:
            self._refresh_art()
        else:
            self._lay(self._art, self._whole, self._rect, self._sight)

    def _on_art_changed(self) -> None:
        self._refresh_art()

    # --- gestures -------------------------------------------------------------------------

    def set_lifted(self, up: bool) -> None:
        """Raise the card above the others with a shadow (while dragged), or set it down."""
        if up == self._lifted:
            return
        self.prepareGeometryChange()
        self._lifted = up
        self._bounds = None
        if up:
            self._resting_z = self.zValue()
            self.setZValue(LIFTED_Z)
            self.setScale(LIFT_SCALE)
        else:
            self.setZValue(self._resting_z)
            self.setScale(1.0)
        self._refresh_art()
        self._tell_under()

    def is_lifted(self) -> bool:
        return self._lifted

    def mousePressEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press_pos = self.pos()
            self.set_lifted(True)

    def mouseReleaseEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton:
            return
        start, self._press_pos = self._press_pos, None
        # Neither this card nor the one under it is cut to its strip until the felt has laid
        # the drop: set down where it was let go, this card would lie in its row for a
        # moment, then (most often) leave it, and the table would repaint both for nothing.
        self._landing = True
        try:
            self.set_lifted(False)
            if start is not None and start != self.pos():
                self.dropped.emit(self._card_id, self.scenePos())
        finally:
            self._landing = False
        self._recrop()
        self._tell_under()

    def mouseDoubleClickEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:
        self.activated.emit(self._card_id)
        event.accept()

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activated.emit(self._card_id)
        elif key == Qt.Key.Key_F:
            self.flip_requested.emit(self._card_id)
        elif key == Qt.Key.Key_R:
            self.turn_requested.emit(self._card_id)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def set_hovered(self, inside: bool) -> None:
        """The pointer came onto the card (or left it): says ``hovered``. The view follows the
        pointer for its cards (:class:`~cardtable.ui.table.felt.FeltView`)."""
        self.hovered.emit(self._card_id, inside)

    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusInEvent(event)
        self._announce()
        self._refresh_ring()

    def focusOutEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._refresh_ring()

    def itemChange(
        self, change: QtWidgets.QGraphicsItem.GraphicsItemChange, value: object
    ) -> object:
        if change == QtWidgets.QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged:
            self._refresh_ring()
        return value  # what QGraphicsItem.itemChange answers, without the round trip to Qt


@functools.lru_cache(maxsize=8)
def _card_shape(width: float, height: float) -> QtGui.QPainterPath:
    """A card's outline (its rounded corners), centred on the origin."""
    path = QtGui.QPainterPath()
    path.addRoundedRect(QtCore.QRectF(-width / 2, -height / 2, width, height), _CORNER, _CORNER)
    return path
