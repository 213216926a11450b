"""The open table as a real table: a card stays where it was let go, cards dropped on a card
make a stack, and stacks, fans, rows and tarot spreads are laid at a key or from the menu.

Every arrangement is one :class:`~cardtable.session.arranging.Place` action, so it is saved,
undone and logged like any move, and the felt syncs once for it. The spots are worked out
at the drop (:meth:`OpenTable.drop`) or when an entry is chosen, never while a card moves.

The keys, live while the felt has the focus (each entry's tooltip says what it does, or why
it is greyed out): G gathers the chosen cards into a stack, N fans them out, W lays them side
by side in a row; "Lay out as spread" lays them as a cross, three cards or the Celtic Cross.
A single chosen card stands for its whole stack, so the same keys spread a stack again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.cards import CardId
from cardtable.piles import Spot
from cardtable.session.arranging import Place
from cardtable.session.spreads import FAN, ROW, SPREADS, STACK, STACK_STEP, Spread, spots_for
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.layout import (
    CARD_H,
    CARD_W,
    LABEL_BAND,
    OPEN_TABLE,
    PAD,
    ZoneSpec,
    spot_at,
)
from cardtable.ui.table.permits import confirmed, first_refusal, offer

if TYPE_CHECKING:
    from cardtable.ui.table.view import TableView

#: A card let go with its centre this close to a card's centre (in cards) lands on it.
STACK_REACH = 0.3
#: Cards brought in from outside the felt (a hand) fan out from the drop by this much.
FAN_IN = 0.3
NO_CARDS = "Choose the cards to lay out first: click them, or Shift-drag round them."


class OpenTable(QtCore.QObject):
    """Where cards land on ``view``'s open table, and the actions that arrange them."""

    def __init__(self, view: TableView, document: SessionDocument) -> None:
        super().__init__(view)
        self._view = view
        self._document = document
        self._tips: dict[QtGui.QAction, str] = {}
        self._spread_of: dict[QtGui.QAction, Spread] = {}
        self.stack = self._make("&Gather into a stack", "G", STACK)
        self.fan = self._make("Fa&n out", "N", FAN)
        self.row = self._make("Spread in a ro&w", "W", ROW)
        #: "Lay out as spread": one entry a spread, each greyed out while it does not fit.
        self.spreads_menu = QtWidgets.QMenu("&Lay out as spread", view)
        self.spreads_menu.setToolTipsVisible(True)
        self.spreads_menu.menuAction().setToolTip(
            "Lay the chosen cards out as a tarot spread on the open table"
        )
        self.spread_actions = [self._make(s.title, None, s) for s in SPREADS]
        self.spreads_menu.addActions(self.spread_actions)
        # Live again when the menu holding it (the Table menu, a card's menu) closes.
        self.spreads_menu.aboutToShow.connect(self.refresh)
        scene = view.scene()
        scene.selectionChanged.connect(self.stale)
        scene.focusItemChanged.connect(self._on_focus)
        document.changed.connect(self.stale)
        self.refresh()

    def _make(self, text: str, key: str | None, spread: Spread) -> QtGui.QAction:
        action = QtGui.QAction(text, self._view)
        tip = spread.tip
        if key is not None:
            action.setShortcut(QtGui.QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            tip = f"{tip} on the open table ({key})"
            self._view.addAction(action)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        self._tips[action] = tip
        self._spread_of[action] = spread
        action.triggered.connect(lambda _=False, s=spread: self.arrange(s))
        return action

    def all(self) -> list[QtGui.QAction]:
        """The keyed actions (for the Table menu), then the spreads' menu."""
        return [self.stack, self.fan, self.row, self.spreads_menu.menuAction()]

    def fill_menu(self, menu: QtWidgets.QMenu) -> None:
        """Add the arranging entries to a card's context menu."""
        self.refresh()
        menu.addSeparator()
        menu.addActions([self.stack, self.fan, self.row])
        menu.addMenu(self.spreads_menu)
        menu.aboutToHide.connect(self.stale)

    # --- what the entries work on -----------------------------------------------------------

    def chosen(self) -> list[str]:
        """The chosen cards; a single card on the open table stands for its whole stack."""
        cards = self._view.card_actions.target_cards()
        if len(cards) == 1:
            return self.stack_of(cards[0])
        return cards

    def stack_of(self, card: str) -> list[str]:
        """``card`` and the cards of the open table lying squared up with it, bottom first
        (lowest layer first)."""
        item = self._view.item(card)
        pile = self._document.session.table.piles.get(OPEN_TABLE)
        if item is None or pile is None or card not in pile.cards:
            return [card]
        # Asked of the scene's index, not of every card on the table: a click on a table of
        # thousands of cards costs what a click on a table of ten does.
        reach_x, reach_y = STACK_REACH * CARD_W, STACK_REACH * CARD_H
        here = item.pos()
        around = QtCore.QRectF(here.x() - reach_x, here.y() - reach_y, 2 * reach_x, 2 * reach_y)
        found = [
            other
            for other in self._view.scene().items(around)
            if getattr(other, "pile_id", None) == OPEN_TABLE
            and getattr(other, "card_id", None) is not None
            and abs(other.pos().x() - here.x()) <= reach_x
            and abs(other.pos().y() - here.y()) <= reach_y
        ]
        return [other.card_id for other in sorted(found, key=lambda i: i.zValue())]

    def stale(self, *_args: object) -> None:
        """The chosen cards or the table changed: every entry is live again until a menu
        showing them opens (:meth:`refresh`). Working out each refusal at every click would
        slow every click on a crowded table; a key pressed meanwhile is checked when it
        arranges, and a refusal says why in the status bar."""
        for action, tip in self._tips.items():
            offer(action, None, tip)

    def _on_focus(self, _new: object, _old: object, reason: Qt.FocusReason) -> None:
        # A menu opening takes the focus from the felt; the menu's entries are still right.
        if reason not in (Qt.FocusReason.PopupFocusReason, Qt.FocusReason.ActiveWindowFocusReason):
            self.stale()

    def refresh(self, *_args: object) -> None:
        """Grey out each arrangement the chosen cards cannot take, saying why (as a menu
        showing them opens)."""
        try:
            cards = self.chosen()
        except RuntimeError:
            return  # the scene is clearing as the felt closes
        session = self._document.session
        for action, spread in self._spread_of.items():
            reason = NO_CARDS if not cards else spread.refusal(len(cards))
            if reason is None:
                ids = tuple(CardId(c) for c in cards)
                reason = session.may(Place(ids, (Spot(0, 0),) * len(ids), OPEN_TABLE))
            offer(action, reason, self._tips[action])

    # --- arranging ------------------------------------------------------------------------

    def arrange(self, spread: Spread) -> bool:
        """Lay the chosen cards out as ``spread`` where the first of them lies."""
        cards = self.chosen()
        reason = NO_CARDS if not cards else spread.refusal(len(cards))
        if reason is not None:
            self._document.refused.emit(reason)
            return False
        zone = self._zone()
        if zone is None:
            if not self._view.card_actions.ensure_pile(OPEN_TABLE):
                return False
            zone = self._zone()
            assert zone is not None
        anchor = self._spot_of(cards[0], zone)
        spots = _inside(zone, spots_for(spread, len(cards), anchor, card_w=CARD_W, card_h=CARD_H))
        order = spread.laid(len(cards))
        if not self._place([cards[i] for i in order], [spots[i] for i in order], spread.key):
            return False
        # The cards stay chosen: another key lays the same cards out another way.
        self._view.scene().clearSelection()
        for card in cards:
            item = self._view.item(card)
            if item is not None:
                item.setSelected(True)
        return True

    def _zone(self) -> ZoneSpec | None:
        return self._view.layout_now.zone(OPEN_TABLE)

    def _spot_of(self, card: str, zone: ZoneSpec) -> Spot:
        """Where ``card`` lies now, as a spot of the open table (its first place if it lies
        elsewhere)."""
        pile = self._document.session.table.piles.get(OPEN_TABLE)
        item = self._view.item(card)
        if pile is not None and card in pile.cards and item is not None:
            return spot_at(zone, item.pos())
        return spot_at(zone, QtCore.QPointF(zone.x, zone.y))

    def _place(self, cards: Sequence[str], spots: Sequence[Spot], how: str = "") -> bool:
        place = Place(tuple(CardId(c) for c in cards), tuple(spots), OPEN_TABLE, how)
        session = self._document.session
        reason = first_refusal(session, [place])
        if reason is not None:
            self._document.refused.emit(reason)
            return False
        # A face-up card from a hand shows the table its face: asked first, as for any move.
        if not confirmed(session, [place], self._view.card_actions.confirm_reveal):
            return False
        return self._view.card_actions.ensure_pile(OPEN_TABLE) and self._document.apply(place)

    # --- dropping -------------------------------------------------------------------------

    def drop(self, cards: list[str], rect: QtCore.QRectF, carried: Sequence[str]) -> bool:
        """Put ``cards`` down on the open table where a drop covering ``rect`` let them go:
        the cards ``carried`` on the felt where each lies now, others fanned from the drop;
        on a card of the open table, squared up on top of it. True when they moved."""
        zone = self._zone()
        if zone is None:
            if not self._view.card_actions.ensure_pile(OPEN_TABLE):
                return False
            zone = self._zone()
            assert zone is not None
        centre = rect.center()
        under = self._card_under(centre, cards)
        shift = QtCore.QPointF(0, 0)
        if under is not None:
            # Squared up on the card under it, a hair down and right: the stack shows.
            shift = under.pos() + QtCore.QPointF(STACK_STEP, STACK_STEP) - centre
        points = []
        lead = self._view.item(cards[0])
        moved = set(carried)
        for index, card in enumerate(cards):
            item = self._view.item(card)
            if card in moved and item is not None and lead is not None:
                offset = item.pos() - lead.pos()
            else:
                offset = QtCore.QPointF(index * FAN_IN * CARD_W, 0)
            points.append(centre + shift + offset)
        spots = [spot_at(zone, p, snap=under is None) for p in points]
        if self._already(cards, spots):
            return False
        return self._place(cards, spots)

    def _card_under(
        self, point: QtCore.QPointF, moving: list[str]
    ) -> QtWidgets.QGraphicsItem | None:
        """The topmost card of the open table near ``point`` (not one of ``moving``)."""
        # From the places the felt laid the cards in, top card first: asking the scene for
        # the cards round the point called into Python for the bounds of hundreds of them on
        # a crowded table, at every drop.
        cards, places = self._view.laid(OPEN_TABLE)
        reach_x, reach_y = STACK_REACH * CARD_W, STACK_REACH * CARD_H
        x, y = point.x(), point.y()
        skip = set(moving)
        for card, (card_x, card_y, _layer) in zip(reversed(cards), reversed(places), strict=True):
            if abs(card_x - x) <= reach_x and abs(card_y - y) <= reach_y and card not in skip:
                return self._view.item(card)
        return None

    def _already(self, cards: Sequence[str], spots: Sequence[Spot]) -> bool:
        """Whether ``cards`` were the last put down on the open table, at ``spots``."""
        pile = self._document.session.table.piles.get(OPEN_TABLE)
        if pile is None or list(pile.spots)[-len(cards) :] != list(cards):
            return False
        return all(pile.spots.get(CardId(c)) == s for c, s in zip(cards, spots, strict=True))


def _inside(zone: ZoneSpec, spots: list[Spot]) -> list[Spot]:
    """``spots`` moved together so that they all lie on the open table where they can, then
    each pulled inside."""
    low_x, low_y = PAD + CARD_W / 2, LABEL_BAND + PAD + CARD_H / 2
    high_x, high_y = zone.width - low_x, zone.height - PAD - CARD_H / 2
    dx = _fit(min(s.x for s in spots), max(s.x for s in spots), low_x, high_x)
    dy = _fit(min(s.y for s in spots), max(s.y for s in spots), low_y, high_y)
    return [
        Spot(round(min(max(s.x + dx, low_x), high_x)), round(min(max(s.y + dy, low_y), high_y)))
        for s in spots
    ]


def _fit(low: float, high: float, start: float, end: float) -> float:
    """How far to shift a span [low, high] so that it lies within [start, end] if it can."""
    if low < start:
        return start - low
    if high > end:
        return max(end - high, start - low)
    return 0.0


__all__ = ["NO_CARDS", "OpenTable"]
