"""Where cards dragged on the felt would land, and the zone lit to say so.

:class:`DropAim` answers, for a card's rectangle on the felt (and the pointer, when it is
over another widget such as the hand dock), which pile takes the cards, where in it, or why
none does. While a card moves it asks only which zone it is over (the
:class:`~cardtable.ui.table.layout.ZoneGrid`), so a move costs the same on a table of ten
cards or of thousands; the place in the pile is worked out once, at the drop.

The model decides what a pile takes (:class:`~cardtable.ui.table.permits.DropPermits`, one
question per pile per drag); this module only lights the zone, green where the cards would
land, red where the zone refuses them, its reason sent to the status bar once.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtCore
from cardtable.ui.table.layout import OPEN_TABLE, ZoneGrid, insert_index, lies_so
from cardtable.ui.table.permits import DropPermits
from cardtable.ui.table.zones import ZoneItem

#: Asked, when a card is dropped, with the pointer's global position: the pile of a widget
#: outside the felt under it (a hand in the hand dock), or None.
DropTarget = Callable[[QtCore.QPoint], PileId | None]
#: Asked with the same point once the pile is known: where in it the cards go (None: on top).
DropIndex = Callable[[QtCore.QPoint], int | None]


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
        found = self._grid().overlaps(rect)
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
        zones = self._zones()
        pile, _, refusal = self.target_for(rect, cards, with_index=False)
        if pile is None and refusal is not None:
            found = self._grid().overlaps(rect)
            self.light(zones.get(str(found[0][1].pile)) if found else None, refusal)
        else:
            self.light(zones.get(str(pile)) if pile is not None else None)
        return pile is not None

    def forget(self, zone: ZoneItem) -> None:
        """``zone`` leaves the felt: it is lit no more."""
        if zone is self._lit:
            self._lit = None


__all__ = ["DropAim", "DropIndex", "DropTarget"]
