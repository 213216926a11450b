"""Where cards dragged on the felt would land, and the zone lit to say so.

:class:`DropAim` answers, for a card's rectangle on the felt (and the pointer, when it is
over another widget such as the hand dock), which pile takes the cards, where in it, or why
none does. While a card moves it asks only which zone it is over (the
:class:`~cardtable.ui.table.layout.ZoneGrid`), so a move costs the same on a table of ten
cards or of thousands; the place in the pile is worked out once, at the drop. And where the
card overlaps one zone or none, the answer holds while it moves less than its :class:`Steady`
leeway (no zone's edge crossed), and where it overlaps several, while it moves too little
for the overlaps to change places (:func:`order_leeway`): most moves of a drag ask nothing
at all.

The model decides what a pile takes (:class:`~cardtable.ui.table.permits.DropPermits`, one
question per pile per drag); this module only lights the zone, green where the cards would
land, red where the zone refuses them, its reason sent to the status bar once.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtCore
from cardtable.ui.table.layout import OPEN_TABLE, ZoneGrid, ZoneSpec, insert_index, lies_so
from cardtable.ui.table.permits import DropPermits
from cardtable.ui.table.zones import ZoneItem

#: Asked, when a card is dropped, with the pointer's global position: the pile of a widget
#: outside the felt under it (a hand in the hand dock), or None.
DropTarget = Callable[[QtCore.QPoint], PileId | None]
#: Asked with the same point once the pile is known: where in it the cards go (None: on top).
DropIndex = Callable[[QtCore.QPoint], int | None]


@dataclass(frozen=True)
class Steady:
    """What :meth:`DropAim.light_for` lit for ``cards`` over a rect at (``x``, ``y``) of
    ``grid``: it holds for a rect of the same size moved less than ``leeway`` across and
    down, which overlaps the same zones (see :func:`leeway`)."""

    cards: list[str]
    grid: ZoneGrid
    x: float
    y: float
    width: float
    height: float
    leeway: float
    zone: ZoneItem | None
    refusal: str | None
    taken: bool

    def holds(self, grid: ZoneGrid, rect: QtCore.QRectF, cards: list[str]) -> bool:
        return (
            abs(rect.x() - self.x) < self.leeway
            and abs(rect.y() - self.y) < self.leeway
            and rect.width() == self.width
            and rect.height() == self.height
            and grid is self.grid
            and cards == self.cards
        )


def leeway(grid: ZoneGrid, rect: QtCore.QRectF, found: list[tuple[float, ZoneSpec]]) -> float:
    """How far ``rect`` may move across and down (less than this) and still overlap the
    zones it overlaps, ``found``, and no other: each overlap stays while the move is less
    than its width and height, and each zone apart stays apart while the move is less than
    the gap to it. Zones beyond :meth:`ZoneGrid.near` are at least a square away."""
    left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
    overlapped = {zone.pile for _, zone in found}
    room = grid.SQUARE
    for zone in grid.near(rect):
        zone_right, zone_bottom = zone.x + zone.width, zone.y + zone.height
        if zone.pile in overlapped:
            across = min(right, zone_right) - max(left, zone.x)
            down = min(bottom, zone_bottom) - max(top, zone.y)
            room = min(room, across, down)
        else:
            room = min(
                room, max(zone.x - right, left - zone_right, zone.y - bottom, top - zone_bottom)
            )
    return room


def order_leeway(rect: QtCore.QRectF, found: list[tuple[float, ZoneSpec]]) -> float:
    """How far ``rect`` may move across and down (less than this) and still overlap the zones
    it overlaps, ``found`` (largest overlap first), in the same order, as long as it overlaps
    the same zones (see :func:`leeway`).

    A move of less than ``d`` across and down changes an overlap's width and height by less
    than ``d`` each, so its area by less than ``d * (width + height) + d * d`` (the rect's
    own width and height): two overlaps keep their order while twice that stays under the
    gap between them.

    >>> from cardtable.piles import PileId
    >>> from cardtable.ui.table.layout import ZoneStyle
    >>> a = ZoneSpec(PileId("a"), ZoneStyle.FAN, 0, 0, 100, 100, "A")
    >>> b = ZoneSpec(PileId("b"), ZoneStyle.FAN, 100, 0, 100, 100, "B")
    >>> round(order_leeway(QtCore.QRectF(40, 0, 100, 100), [(6000.0, a), (4000.0, b)]), 3)
    4.881
    >>> order_leeway(QtCore.QRectF(50, 0, 100, 100), [(5000.0, a), (5000.0, b)])
    0.0
    """
    gap = min((a - b for (a, _), (b, _) in itertools.pairwise(found)), default=math.inf)
    if gap == math.inf:
        return math.inf
    side = rect.width() + rect.height()
    return max(0.0, (math.sqrt(side * side + 2 * gap) - side) / 2)


class DropAim:
    """Where cards land on a felt whose zones ``grid()`` and ``zones()`` give (both change
    as the table is laid out again); ``relit(zone)`` is told of each light turned on or off."""

    def __init__(
        self,
        document: SessionDocument,
        grid: Callable[[], ZoneGrid],
        zones: Callable[[], dict[str, ZoneItem]],
        relit: Callable[[ZoneItem], None] = lambda _zone: None,
    ) -> None:
        self._document = document
        #: Told of each zone whose light changes (a dragged card's picture draws it again).
        self._relit = relit
        self._grid = grid
        self._zones = zones
        self._permits = DropPermits(document)
        self._targets: list[tuple[DropTarget, DropIndex | None]] = []
        self._lit: ZoneItem | None = None
        #: The last answer of :meth:`light_for`, while it holds (None: ask anew).
        self._steady: Steady | None = None
        document.changed_at_once.connect(self._unsteady)
        document.replaced.connect(self._unsteady)

    def _unsteady(self, *_args: object) -> None:
        """The session changed: what lands where may have too."""
        self._steady = None

    def add_target(self, target: DropTarget, index_at: DropIndex | None = None) -> None:
        """Ask ``target`` where a card released outside the felt lands (the hand dock), and
        ``index_at`` where in that pile (None: on top)."""
        self._targets.append((target, index_at))

    def target_for(
        self,
        rect: QtCore.QRectF,
        cards: list[str],
        pointer: QtCore.QPoint | None = None,
        *,
        with_index: bool = True,
    ) -> tuple[PileId | None, int | None, str | None]:
        """Where ``cards`` land if dropped covering ``rect``: (pile, index, refusal).

        The zone the rect overlaps most that takes the cards wins; bare felt is the open
        table; a widget outside the felt under ``pointer`` (global) comes first. Without
        ``with_index``, the place in the pile is left out (None).
        """
        if pointer is not None:
            for target, index_at in self._targets:
                pile = target(pointer)
                if pile is not None:
                    reason = self._permits.refusal(cards, pile)
                    if reason is not None:
                        return None, None, reason
                    at = index_at(pointer) if index_at is not None and with_index else None
                    return pile, at, None
        return self._landing(self._grid().overlaps(rect), rect, cards, with_index)

    def _landing(
        self,
        found: list[tuple[float, ZoneSpec]],
        rect: QtCore.QRectF,
        cards: list[str],
        with_index: bool,
    ) -> tuple[PileId | None, int | None, str | None]:
        """As :meth:`target_for`, over the zones ``rect`` overlaps, ``found``."""
        if not found:
            reason = self._permits.refusal(cards, OPEN_TABLE)
            return (OPEN_TABLE, None, None) if reason is None else (None, None, reason)
        refusal: str | None = None
        for _, zone in found:
            reason = self._permits.refusal(cards, zone.pile)
            if reason is not None:
                refusal = refusal or reason
                continue
            if not with_index:
                return zone.pile, None, None
            table = self._document.session.state.table
            pile = table.piles.get(zone.pile)
            # Counted, not listed: a pile of thousands is passed over for the few cards moved.
            moving = sum(table.holds(CardId(card), zone.pile) for card in set(cards))
            staying = len(pile.cards) - moving if pile is not None else 0
            return zone.pile, insert_index(zone, staying, rect.center()), None
        return None, None, refusal

    def already_there(self, cards: list[str], pile: PileId, index: int | None) -> bool:
        """Whether ``cards`` already lie in ``pile`` as a drop at ``index`` would lay them."""
        found = self._document.session.table.piles.get(pile)
        return found is not None and lies_so(found.cards, cards, index)

    def light(self, zone: ZoneItem | None, refusal: str | None = None) -> None:
        """Light ``zone`` as where the cards would land, or as refusing them (the reason
        goes to the status bar once, as the light comes on)."""
        if zone is self._lit and (zone is None or zone.is_refusing() == (refusal is not None)):
            return
        if self._lit is not None:
            self._lit.set_lit(False)
            self._relit(self._lit)
        self._lit = zone
        if zone is not None:
            zone.set_lit(True, refusing=refusal is not None)
            self._relit(zone)
            if refusal is not None:
                self._document.refused.emit(refusal)

    def light_for(self, rect: QtCore.QRectF, cards: list[str]) -> bool:
        """Light where ``cards`` would land (or the zone refusing them); True when something
        takes them there."""
        grid = self._grid()
        steady = self._steady
        if steady is not None and steady.holds(grid, rect, cards):
            self.light(steady.zone, steady.refusal)
            return steady.taken
        zones = self._zones()
        found = grid.overlaps(rect)
        pile, _, refusal = self._landing(found, rect, cards, with_index=False)
        if pile is None and refusal is not None:
            zone = zones.get(str(found[0][1].pile)) if found else None
        else:
            zone, refusal = (zones.get(str(pile)) if pile is not None else None), None
        self.light(zone, refusal)
        self._steady = None
        # Over several zones, which overlap is larger may change at any move: the answer
        # holds while they keep their order.
        room = min(leeway(grid, rect, found), order_leeway(rect, found))
        if room > 0:
            taken = pile is not None
            self._steady = Steady(
                list(cards),
                grid,
                rect.x(),
                rect.y(),
                rect.width(),
                rect.height(),
                room,
                zone,
                refusal,
                taken,
            )
        return pile is not None

    def forget(self, zone: ZoneItem) -> None:
        """``zone`` leaves the felt: it is lit no more."""
        if zone is self._lit:
            self._lit = None
        self._steady = None


__all__ = ["DropAim", "DropIndex", "DropTarget", "Steady", "leeway", "order_leeway"]
