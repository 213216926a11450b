"""What a card on the felt knows of its row: the card lying next over it, and how much of it
is in sight past that card.

On a crowded open table each card shows only a strip at its left; painting every card whole
under the others was most of a frame. A card lying still under a card lying still, opaque but
for its rounded corners, draws only that strip (and those corners): see
:meth:`RowCard.set_over`. :class:`~cardtable.ui.table.cards.item.CardItem` builds on it; the
view tells each card of a row which card lies over it with :func:`lay_row`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cardtable.ui.art import card_marks
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.pixmaps import opaque_inside

#: How much of a card under another in a row shows past the other's left edge: its rounded
#: corners, and a unit more, for the pixel the two cards may round to differently.
_PEEK = card_marks.CORNER + 1.0
#: The strip in sight is this many scene units wide, or a multiple of it.
_SIGHT_STEP = 4.0


class RowCard(QtWidgets.QGraphicsObject):
    """A card that may lie in a row under another (what it draws is the subclass's)."""

    _rect: QtCore.QRectF
    _device: tuple[int, float, float] | None
    _lifted: bool

    def __init__(self, parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        #: The card lying next over this one in its row (see :meth:`set_over`), the card this
        #: one lies over, and how much of this one is in sight (scene units from its left
        #: edge; None: all of it).
        self._over: RowCard | None = None
        self._covering: RowCard | None = None
        self._sight: float | None = None
        #: How much of this card the card over it leaves in sight, both in their places.
        self._laid_sight: float | None = None
        self._moving = False
        #: While true, the card is being set down where it was let go: neither it nor the
        #: card under it is cut to its strip until the felt has laid the drop (most often
        #: the card leaves its row, and both would show whole again at once).
        self._landing = False

    # --- what the subclass draws ------------------------------------------------------------

    def is_animating(self) -> bool:
        """Whether a flip or a turn is under way."""
        raise NotImplementedError

    def art_pixmap(self) -> QtGui.QPixmap | None:
        """The card's picture, whole (None until it is first drawn)."""
        raise NotImplementedError

    def _refresh_art(self) -> None:
        """Show the card's pictures again; the art only :attr:`sight` of it, if not None."""
        raise NotImplementedError

    def _show_sight(self) -> None:
        """Show as much of the card's art as :attr:`sight` says."""
        raise NotImplementedError

    # --- lying under another card -----------------------------------------------------------

    def set_over(self, over: RowCard | None, gap: float = 0.0) -> None:
        """Note that ``over`` lies next over this card in a row of the felt, its place
        ``gap`` scene units right of this card's (None: no card does). While both lie still
        in their places, and ``over`` is opaque but for its corners, this card shows only
        the strip left of ``over`` and its corners: Qt then copies a few pixels of it at
        every frame rather than the whole card."""
        # Rounded up to a few units: a fan closing up by a hair as a card joins it leaves its
        # cards their pictures, instead of cutting every one of them anew.
        peek = math.ceil((gap + _PEEK) / _SIGHT_STEP) * _SIGHT_STEP
        laid = peek if over is not None and gap > 0 and peek < self._rect.width() else None
        if over is self._over and laid == self._laid_sight:
            return  # a row shifted along as one: every card shows what it showed
        self._laid_sight = laid
        if over is not self._over:
            if self._over is not None and self._over._covering is self:
                self._over._covering = None
            self._over = over
            if over is not None:
                if over._covering is not None and over._covering is not self:
                    over._covering._over = None
                    over._covering._recrop()
                over._covering = self
        self._recrop()

    def forget_neighbours(self) -> None:
        """Leave the row: lie under no card, and over none (the card leaves the felt)."""
        under = self._covering
        self.set_over(None)
        if under is not None and under._over is self:
            under.set_over(None)

    @property
    def sight(self) -> float | None:
        """How much of the card is drawn, from its left edge as the table sees it (scene
        units): the strip another card in its row leaves in sight; None, all of it."""
        return self._sight

    @property
    def moving(self) -> bool:
        """Whether the card is on its way to its place (sliding)."""
        return self._moving

    @moving.setter
    def moving(self, value: bool) -> None:
        if value != self._moving:
            self._moving = value
            self._recrop()
            self._tell_under()

    def _lies_still(self) -> bool:
        moving = self._lifted or self._moving or self._landing or self.is_animating()
        return not moving and self.isVisible()

    def _sight_now(self) -> float | None:
        """How much of this card is in sight past the card over it (None: all of it)."""
        over, sight = self._over, self._laid_sight
        if over is None or sight is None or not (self._lies_still() and over._lies_still()):
            return None
        if over._rect != self._rect or not over._opaque():
            return None
        return sight

    def _opaque(self) -> bool:
        """Whether this card's art hides what lies under it but at its corners."""
        picture = self.art_pixmap()
        if picture is None:
            return False
        per_unit = picture.deviceIndependentSize().width() / self._rect.width()
        return opaque_inside(picture, _PEEK * per_unit)

    def _recrop(self) -> None:
        if self._device is None or self._lifted:
            return
        sight = self._sight_now()
        if sight != self._sight:
            self._sight = sight
            self._show_sight()

    def _tell_under(self) -> None:
        """This card began or ended moving, flipping or turning: the card under it shows
        whole while it does."""
        if self._covering is not None and not self._landing:
            self._covering._recrop()


def lay_row(
    items: Mapping[str, RowCard],
    showing: Sequence[str],
    laid: Sequence[tuple[float, float, float]],
    moved: Sequence[int] | None,
) -> None:
    """Tell each card of a row (``showing``, their ``items``, lying at ``laid``: x, y and
    layer) which card lies next over it, if one does: the next in the row, laid in its
    place. Only round the ``moved`` ones (None: all); a card put down by hand lies over the
    row, and leaves a gap in it."""
    size = len(showing)
    near = range(size) if moved is None else {k for m in moved for k in (m - 1, m)}
    for index in sorted({*near, size - 1}):
        item = items.get(showing[index]) if 0 <= index < size else None
        if item is None:
            continue
        over, gap = None, 0.0
        if index + 1 < size:
            x, y, layer = laid[index]
            next_x, next_y, next_layer = laid[index + 1]
            if layer == index and next_layer == index + 1 and next_y == y:
                over, gap = items.get(showing[index + 1]), next_x - x
        item.set_over(over, gap)
