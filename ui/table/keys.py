"""Playing the felt from the keyboard: Tab and the arrows move between piles and cards,
Space selects a card, Escape clears the selection (Enter and the letter keys are the card
actions' shortcuts, :mod:`cardtable.ui.table.actions`).

The keyboard visits a ring, in the layout's order: each zone, then the cards of a row (a
stack is visited as its zone). Up and Down, and Tab, go zone by zone; Left and Right go card
by card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.table.cards.look import TableCard
from cardtable.ui.table.layout import ZoneStyle
from cardtable.ui.table.zones import ZoneItem

if TYPE_CHECKING:
    from cardtable.ui.table.view import TableView

#: The arrow keys: (how many places on, zone by zone).
ARROWS = {
    Qt.Key.Key_Right: (1, False),
    Qt.Key.Key_Left: (-1, False),
    Qt.Key.Key_Down: (1, True),
    Qt.Key.Key_Up: (-1, True),
}


class TableKeys:
    """The keyboard focus of ``view``'s zones and cards."""

    def __init__(self, view: TableView) -> None:
        self._view = view

    def ring(self) -> list[QtWidgets.QGraphicsItem]:
        """What the keyboard visits, in order: each zone, then the cards of a row."""
        view = self._view
        ring: list[QtWidgets.QGraphicsItem] = []
        piles = view.document.session.table.piles
        for spec in view.layout_now.zones:
            if spec.reserved:
                continue  # a place kept for a pile not laid out yet
            zone = view.zone(str(spec.pile))
            if zone is not None:
                ring.append(zone)
            pile = piles.get(spec.pile)
            if spec.style is not ZoneStyle.STACK and pile is not None:
                ring.extend(item for c in pile.cards if (item := view.item(c)) is not None)
        return ring

    def zone_of(self, item: QtWidgets.QGraphicsItem | None) -> ZoneItem | None:
        if isinstance(item, ZoneItem):
            return item
        if isinstance(item, TableCard):
            return self._view.zone(item.pile_id)
        return None

    def focus_on(self, item: QtWidgets.QGraphicsItem) -> None:
        view = self._view
        view.setFocus(Qt.FocusReason.OtherFocusReason)
        item.setFocus(Qt.FocusReason.TabFocusReason)
        view.ensureVisible(item, 8, 8)

    def move_focus(self, step: int, by_zone: bool) -> bool:
        """Move the focus ``step`` places on (cards and zones, or zones only)."""
        ring = self.ring()
        if by_zone:
            ring = [i for i in ring if isinstance(i, ZoneItem)]
        if not ring:
            return False
        current = self._view.focused_item()
        if by_zone:
            current = self.zone_of(current)
        if current not in ring:
            self.focus_on(ring[0] if step > 0 else ring[-1])
            return True
        at = ring.index(current) + step
        if not 0 <= at < len(ring):
            return False
        self.focus_on(ring[at])
        return True

    def key_press(self, event: QtGui.QKeyEvent) -> bool:
        """Act on an arrow, Space or Escape; False for any other key."""
        key = event.key()
        if key in ARROWS and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            step, by_zone = ARROWS[Qt.Key(key)]
            self.move_focus(step, by_zone)
            return True
        focused = self._view.focused_item()
        if key == Qt.Key.Key_Space and isinstance(focused, TableCard):
            focused.setSelected(not focused.isSelected())
            return True
        if key == Qt.Key.Key_Escape:
            self._view.scene().clearSelection()
            return True
        return False

    def focus_in(self, event: QtGui.QFocusEvent) -> None:
        """Tabbing into the felt lands on its first zone (Shift+Tab: its last)."""
        if self._view.focused_item() is None and event.reason() in (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
        ):
            self.move_focus(1 if event.reason() == Qt.FocusReason.TabFocusReason else -1, True)
