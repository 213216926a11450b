"""The hand dock: the hands of the characters of whoever holds the computer.

Each hand is its own row (a character's cards are never mixed with another's). A card
shows its face only when :func:`~cardtable.session.visibility.on_screen_in` allows it, so
while the curtain is up the dock shows nothing at all. Cards are dragged from here onto the
felt (a Move action: playing a card), or played from the context menu or the keyboard:
Enter plays the chosen cards face up onto the open table, Shift+Enter lays them face down in
the character's own zone, Delete discards them, R turns them round.

Each asks the model first (:mod:`cardtable.ui.table.permits`): a context menu entry the seat
may not take is greyed out with the reason as its tooltip, a drag of cards the seat may not
move never starts, and playing a card face up (or discarding it) asks before it shows the
table a hidden card, when the "ask before revealing" setting is on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from cardtable.cards import CardFace, CardId, TarotCard, shown_name, words_of
from cardtable.piles import Pile, PileId, PileKind
from cardtable.session import Action, Changes, Move, Session, Turn, hand_id
from cardtable.session.visibility import on_screen_in
from cardtable.ui.art import card_art
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.actions import ensure_pile, face_up_on
from cardtable.ui.table.choosing import card_choice
from cardtable.ui.table.layout import CARDS_MIME, OPEN_TABLE
from cardtable.ui.table.permits import (
    ConfirmReveal,
    confirmed,
    first_refusal,
    offer,
    pick_up_refusal,
)
from cardtable.ui.widgets.style import ScrollColumn

#: What a system adds to a hand's context menu: ``extra(menu, document, hand, cards)`` adds
#: its entries for the chosen ``cards`` (the window passes Fantastical Adventure's Joker trade).
MenuExtra = Callable[[QtWidgets.QMenu, SessionDocument, PileId, Sequence[str]], object]

CARD_PX = 80  # a card's width in the dock, logical pixels
_REFRESH = Changes.TABLE | Changes.HAND | Changes.SEAT | Changes.PLAYERS
_CARD_ROLE = Qt.ItemDataRole.UserRole
_LIT_ROLE = Qt.ItemDataRole.UserRole + 1
_PLAIN_ROLE = Qt.ItemDataRole.UserRole + 2  # a lit card's picture without its ring
EMPTY_TEXT = "No cards in hand."
PANEL_STYLE = (
    "#handPanel { background: #173b27; }"
    "#handPanel QLabel { color: #eef3ea; }"
    "#handMessage { color: #b9c8bd; font-style: italic; padding: 12px; }"
    "QListWidget#handList { background: transparent; }"
    "QListWidget#handList::item { border-radius: 6px; padding: 2px; }"
    "QListWidget#handList::item:selected { background: rgba(255, 216, 102, 110); }"
    "QListWidget#handList::item:focus { border: 2px dashed #ffd866; }"
)
#: The ring round a card a panel's prompt waits for (a click takes it), as on the felt.
CHOOSABLE_RING = QtGui.QColor("#5ee0ff")
CHOOSABLE_TIP = "Click to choose this card for the prompt waiting for it"


def _card_pixmap(face: CardFace | None, kind: str, reversed: bool, dpr: float) -> QtGui.QPixmap:
    if face is None:
        return card_art.back_pixmap(kind, CARD_PX, dpr)
    # Through the module, so a test can watch every face that is drawn.
    pixmap = card_art.face_pixmap(face, CARD_PX, dpr)
    if reversed and isinstance(face, TarotCard):
        pixmap = pixmap.transformed(QtGui.QTransform().rotate(180))
        pixmap.setDevicePixelRatio(dpr)
    return pixmap


class HandList(QtWidgets.QListWidget):
    """One character's hand: its cards side by side, draggable, and droppable onto."""

    def __init__(self, panel: HandPanel, pile: PileId) -> None:
        super().__init__(panel)
        self._panel = panel
        self.pile = pile
        self.shown: tuple[tuple[str, CardFace | None, bool], ...] = ()
        self._drop_refusal: str | None = None
        self.setViewMode(QtWidgets.QListView.ViewMode.IconMode)
        self.setFlow(QtWidgets.QListView.Flow.LeftToRight)
        self.setWrapping(False)
        self.setMovement(QtWidgets.QListView.Movement.Static)
        self.setResizeMode(QtWidgets.QListView.ResizeMode.Adjust)
        self.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragDropMode(QtWidgets.QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setAcceptDrops(True)
        self.setSpacing(6)
        self.setHorizontalScrollMode(QtWidgets.QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setObjectName("handList")
        self.itemClicked.connect(self._on_clicked)

    def light(self, choosable: frozenset[str]) -> None:
        """Mark the cards a panel's prompt waits for (a click on one chooses it)."""
        for row in range(self.count()):
            item = self.item(row)
            lit = str(item.data(_CARD_ROLE)) in choosable
            if bool(item.data(_LIT_ROLE)) == lit:
                continue
            item.setData(_LIT_ROLE, lit)
            if lit:  # a ring round the card itself: the item is all picture
                item.setData(_PLAIN_ROLE, item.icon())
                item.setIcon(QtGui.QIcon(_ringed(item.icon().pixmap(self.iconSize()))))
            elif isinstance(plain := item.data(_PLAIN_ROLE), QtGui.QIcon):
                item.setIcon(plain)
            name = str(item.data(Qt.ItemDataRole.AccessibleTextRole))
            item.setToolTip(f"{name}\n{CHOOSABLE_TIP}" if lit else name)
            item.setData(Qt.ItemDataRole.AccessibleDescriptionRole,
                         "can be chosen: click it" if lit else "")

    def lit_cards(self) -> list[str]:
        """The cards marked as choosable, in hand order."""
        return [str(self.item(r).data(_CARD_ROLE)) for r in range(self.count())
                if self.item(r).data(_LIT_ROLE)]

    def _on_clicked(self, item: QtWidgets.QListWidgetItem) -> None:
        modifiers = QtWidgets.QApplication.keyboardModifiers()
        if modifiers == Qt.KeyboardModifier.NoModifier:
            self._panel.choose(str(item.data(_CARD_ROLE)))

    def cards(self) -> list[str]:
        return [str(self.item(i).data(_CARD_ROLE)) for i in range(self.count())]

    def chosen(self) -> list[str]:
        """The selected cards, in hand order; else the current one."""
        rows = sorted(self.row(item) for item in self.selectedItems())
        if not rows and self.currentRow() >= 0:
            rows = [self.currentRow()]
        return [str(self.item(r).data(_CARD_ROLE)) for r in rows]

    def show_cards(self, shown: tuple[tuple[str, CardFace | None, bool], ...], kind: str) -> None:
        """Show ``shown``: (card, face or None, reversed) in hand order."""
        # A face's words are not part of what it is: the same card with other words
        # (cardtable.session.words_actions) is shown anew.
        if shown == self.shown and [words_of(f) for _, f, _ in shown] == [
            words_of(f) for _, f, _ in self.shown
        ]:
            return
        chosen = set(self.chosen())
        before = {card for card, _face, _reversed in self.shown}
        self.shown = shown
        self.clear()
        dpr = self.devicePixelRatioF()
        tallest = card_art.pixel_height(card_art.TAROT if kind == card_art.TAROT else kind, CARD_PX)
        self.setIconSize(QtCore.QSize(CARD_PX, tallest))
        for card, face, reversed in shown:
            card_kind = card_art.deck_kind(face) if face is not None else kind
            icon = QtGui.QIcon(_card_pixmap(face, card_kind, reversed, dpr))
            item = QtWidgets.QListWidgetItem(icon, "")
            item.setData(_CARD_ROLE, card)
            name = _describe(face, reversed)
            item.setToolTip(name)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, name)
            self.addItem(item)
            item.setSelected(card in chosen)
        self.setFixedHeight(tallest + 28)
        # A card just drawn may land beyond the right edge of a long hand: show it.
        new = [i for i in range(self.count()) if self.item(i).data(_CARD_ROLE) not in before]
        if before and new:
            self.scrollToItem(self.item(new[-1]))

    # --- dragging out and in --------------------------------------------------------------

    def mimeTypes(self) -> list[str]:
        return [CARDS_MIME]

    def mimeData(self, items: list[QtWidgets.QListWidgetItem]) -> QtCore.QMimeData:
        data = QtCore.QMimeData()
        cards = [str(item.data(_CARD_ROLE)) for item in items]
        data.setData(CARDS_MIME, QtCore.QByteArray("\n".join(cards).encode("utf-8")))
        return data

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        # Not the list's own startDrag: it would take the items out of the list itself,
        # while the list follows the session once the drop has moved the cards.
        items = self.selectedItems()
        if not items:
            return
        cards = [str(item.data(_CARD_ROLE)) for item in items]
        if self._panel.refuse(pick_up_refusal(self._panel.session, cards)):
            return
        drag = QtGui.QDrag(self)
        drag.setMimeData(self.mimeData(items))
        icon = items[0].icon()
        pixmap = icon.pixmap(self.iconSize())
        drag.setPixmap(pixmap)
        drag.setHotSpot(QtCore.QPoint(pixmap.width() // 2, pixmap.height() // 2))
        drag.exec(Qt.DropAction.MoveAction)

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        data = event.mimeData()
        if data is None or not data.hasFormat(CARDS_MIME):
            event.ignore()
            return
        # Asked once as the drag comes in, not at every move over the row.
        cards = tuple(CardId(c) for c in _cards_in(data))
        self._drop_refusal = self._panel.session.may(Move(cards, self.pile))
        self.dragMoveEvent(event)

    def dragMoveEvent(self, event: QtGui.QDragMoveEvent) -> None:
        data = event.mimeData()
        if data is not None and data.hasFormat(CARDS_MIME) and self._drop_refusal is None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QtGui.QDropEvent) -> None:
        data = event.mimeData()
        if data is None or not data.hasFormat(CARDS_MIME):
            event.ignore()
            return
        cards = _cards_in(data)
        at = self.indexAt(event.position().toPoint())
        staying = [c for c in self.cards() if c not in cards]
        index = None
        if at.isValid():
            before = self.cards()[: at.row()]
            index = len([c for c in before if c not in cards])
        if index is None or [*staying[:index], *cards, *staying[index:]] != self.cards():
            self._panel.move_cards(cards, self.pile, index)
        event.setDropAction(Qt.DropAction.CopyAction)  # the session moved them, not the list
        event.accept()

    # --- keyboard and menu ----------------------------------------------------------------

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        key = event.key()
        cards = self.chosen()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and len(cards) == 1 and (
                not event.modifiers() & Qt.KeyboardModifier.ShiftModifier
                and self._panel.choose(cards[0])):
            pass  # a prompt waited for it
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and cards:
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self._panel.lay_face_down(self.pile, cards)
            else:
                self._panel.play(cards, OPEN_TABLE, face_up=True)
        elif key == Qt.Key.Key_Delete and cards:
            self._panel.discard(cards)
        elif key == Qt.Key.Key_R and cards:
            self._panel.turn(cards)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def contextMenuEvent(self, event: QtGui.QContextMenuEvent) -> None:
        item = self.itemAt(event.pos())
        if item is not None and not item.isSelected():
            self.clearSelection()
            item.setSelected(True)
        cards = self.chosen()
        if not cards:
            return
        menu = self._panel.menu_for(self.pile, cards)
        where = event.globalPos()
        menu.exec(where)
        menu.deleteLater()


class HandPanel(QtWidgets.QWidget):
    """Every hand of the characters of the player at the computer, one row each."""

    def __init__(
        self,
        document: SessionDocument,
        parent: QtWidgets.QWidget | None = None,
        menu_extras: Sequence[MenuExtra] = (),
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._menu_extras = tuple(menu_extras)
        self.setObjectName("handPanel")
        self.setAccessibleName("Your hand")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(PANEL_STYLE)
        self._lists: dict[PileId, HandList] = {}
        self._headers: dict[PileId, QtWidgets.QLabel] = {}
        self._layout = QtWidgets.QVBoxLayout(self)
        self._layout.setContentsMargins(8, 6, 8, 6)
        self._layout.setSpacing(4)
        self._message = QtWidgets.QLabel(self)
        self._message.setObjectName("handMessage")
        self._message.setWordWrap(True)
        self._message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._layout.addWidget(self._message)
        self._layout.addStretch(1)
        self.title = "Hand"
        #: Told the dock's new title after every refresh ("Bea's hand").
        self.title_changed: Callable[[str], None] | None = None
        #: Asked with how many hidden cards a play would show the table (the "ask before
        #: revealing" setting); None plays at once.
        self.confirm_reveal: ConfirmReveal | None = None
        document.changed.connect(self._on_changed)
        self._choice = card_choice(document)
        self._choice.changed.connect(self._light)
        # A deck dressed in other art: every hand redraws its pictures.
        card_art.art_notifier().changed.connect(self._on_art_changed)
        document.replaced.connect(self.refresh)
        self.refresh()

    def hand_lists(self) -> dict[PileId, HandList]:
        return dict(self._lists)

    def one_hand_height(self) -> int:
        """The height the first hand needs, its header and its cards (or the message's when
        there is no hand): what the dock keeps in sight, the other hands scrolling."""
        margins = self._layout.contentsMargins()
        rows = [self._headers[pile].sizeHint().height() + self._layout.spacing()
                + hand.minimumHeight() for pile, hand in self._lists.items()][:1]
        inner = rows[0] if rows else self._message.sizeHint().height()
        return margins.top() + inner + margins.bottom()

    def hand_at(self, global_pos: QtCore.QPoint) -> PileId | None:
        """The hand whose row is under the screen point ``global_pos`` (a felt drop)."""
        if not self.isVisible():
            return None
        for pile, hand in self._lists.items():
            if hand.isVisible() and hand.rect().contains(hand.mapFromGlobal(global_pos)):
                return pile
        return None

    def index_at(self, global_pos: QtCore.QPoint) -> int | None:
        """Where in the hand under ``global_pos`` a card dropped there goes: before the card
        under the point, or last (None) between or after them."""
        for hand in self._lists.values():
            local = hand.viewport().mapFromGlobal(global_pos)
            if hand.isVisible() and hand.viewport().rect().contains(local):
                at = hand.indexAt(local)
                return at.row() if at.isValid() else None
        return None

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & _REFRESH:
            self.refresh()

    def _on_art_changed(self) -> None:
        for hand in self._lists.values():
            hand.shown = ()
        self.refresh()

    def _hands(self) -> list[Pile]:
        session = self._document.session
        if session.holder is None or session.curtain is not None:
            return []
        piles = session.table.piles
        found = [piles.get(hand_id(c)) for c in session.characters_of(session.holder)]
        return [p for p in found if p is not None and p.kind is PileKind.HAND]

    def refresh(self) -> None:
        """Show the hands of whoever holds the computer now (none while the curtain is up)."""
        session = self._document.session
        hands = self._hands()
        for gone in [p for p in self._lists if p not in {h.id for h in hands}]:
            # Emptied and hidden now: Qt deletes a widget only once back in its event loop,
            # and the last seat's cards must not be shown (or read out) until then.
            for widget in (self._lists.pop(gone), self._headers.pop(gone)):
                widget.clear()
                widget.hide()
                widget.deleteLater()
        player = session.current_player
        if session.curtain is not None:
            waiting = session.state.player(session.curtain).name
            self._set_message(f"Hidden until {waiting} takes the computer.")
        elif player is None:
            self._set_message("Nobody is at the table yet.")
        elif not hands:
            self._set_message(f"{player.name} holds no hand of cards.")
        else:
            self._set_message("")
        table = session.table
        for position, pile in enumerate(hands):
            hand = self._lists.get(pile.id)
            if hand is None:
                hand = HandList(self, pile.id)
                header = QtWidgets.QLabel(self)
                header.setObjectName("handHeader")
                self._lists[pile.id] = hand
                self._headers[pile.id] = header
                self._layout.insertWidget(1 + 2 * position, header)
                self._layout.insertWidget(2 + 2 * position, hand)
            # Asked of this hand's cards only: an action on a table of thousands of cards
            # costs the hand what it costs on a table of ten.
            visible = on_screen_in(session, pile, pile.cards)
            count = len(pile.cards)
            noun = "card" if count == 1 else "cards"
            self._headers[pile.id].setText(f"<b>{pile.label}</b> · {count} {noun}")
            hand.setAccessibleName(pile.label)
            shown = tuple(
                (
                    str(card),
                    table.cards[card].face if card in visible else None,
                    table.facing[card].reversed,
                )
                for card in pile.cards
            )
            kind = card_art.deck_kind(table.cards[pile.cards[0]].face) if pile.cards else "playing"
            hand.show_cards(shown, kind)
            hand.setToolTip("" if pile.cards else EMPTY_TEXT)
        self._light()
        self.title = f"{player.name}'s hand" if player is not None and hands else "Hand"
        if self.title_changed is not None:
            self.title_changed(self.title)

    def _light(self) -> None:
        choosable = self._choice.choosable()
        for hand in self._lists.values():
            hand.light(choosable)

    def choose(self, card: str) -> bool:
        """Hand ``card`` to the panel prompt waiting for it (False: none waits for it)."""
        return self._choice.choose(card)

    def _set_message(self, text: str) -> None:
        self._message.setText(text)
        self._message.setVisible(bool(text))

    # --- what the hand can do -------------------------------------------------------------

    @property
    def session(self) -> Session:
        return self._document.session

    def refuse(self, reason: str | None) -> bool:
        """Say ``reason`` in the status bar (True), or False when there is none."""
        if reason is not None:
            self._document.refused.emit(reason)
        return reason is not None

    def _go(self, actions: Sequence[Action], to: PileId | None = None) -> bool:
        """Apply ``actions`` once the seat may take them all and the player agreed to show
        the table any hidden card among them; ``to`` is laid out first (the open table)."""
        if self.refuse(first_refusal(self.session, actions)):
            return False
        if not confirmed(self.session, actions, self.confirm_reveal):
            return False
        if to is not None and not ensure_pile(self._document, to):
            return False
        return all(self._document.apply(action) for action in actions)

    def _move(self, cards: Sequence[str], to: PileId, face_up: bool | None = None,
              index: int | None = None) -> Move:
        if face_up is None:
            pile = self.session.table.piles.get(to)
            face_up = face_up_on(pile.kind) if pile is not None else None
        return Move(tuple(CardId(c) for c in cards), to, face_up=face_up, index=index)

    def move_cards(self, cards: list[str], to: PileId, index: int | None = None) -> bool:
        """Move ``cards`` onto pile ``to`` (a hand, a zone...), as cards land there."""
        return self._go([self._move(cards, to, index=index)], to)

    def play(self, cards: list[str], to: PileId, face_up: bool | None) -> bool:
        """Play ``cards`` onto ``to`` (face up or down, or as they lie for None)."""
        return self._go([Move(tuple(CardId(c) for c in cards), to, face_up=face_up)], to)

    def own_zone(self, hand: PileId) -> PileId | None:
        """The zone the hand's character lays its cards in, if it has one."""
        piles = self._document.session.table.piles
        owner = piles[hand].owner if hand in piles else None
        return next(
            (p.id for p in piles.values() if p.kind is PileKind.ZONE and p.owner == owner),
            None,
        )

    def lay_face_down(self, hand: PileId, cards: list[str]) -> None:
        zone = self.own_zone(hand)
        if zone is None:
            self._document.refused.emit("This character has no zone of its own to lay cards in.")
            return
        self.play(cards, zone, face_up=False)

    def _discards(self, cards: list[str]) -> list[Action] | None:
        """Each card face up onto its deck's discard pile; None when a deck has none."""
        table = self.session.table
        piles = [PileId(f"{table.card(CardId(card)).deck}/discard") for card in cards]
        if any(pile not in table.piles for pile in piles):
            return None
        return [self._move([card], pile, True) for card, pile in zip(cards, piles, strict=True)]

    def discard(self, cards: list[str]) -> None:
        moves = self._discards(cards)
        if moves is None:
            self.refuse("That deck has no discard pile on the table.")
            return
        self._go(moves)

    def turn(self, cards: list[str]) -> None:
        self._go([Turn(CardId(card)) for card in cards])

    def menu_for(self, hand: PileId, cards: list[str]) -> QtWidgets.QMenu:
        menu = QtWidgets.QMenu(self)
        menu.setToolTipsVisible(True)

        def entry(where: QtWidgets.QMenu, text: str, actions: Sequence[Action] | None,
                  slot: Callable[[], object]) -> None:
            # Greyed out, the reason as its tooltip, when the seat may not take it.
            item = where.addAction(text)
            why = "That deck has no discard pile on the table." if actions is None else (
                first_refusal(self.session, actions))
            offer(item, why, "")
            item.triggered.connect(lambda _=False: slot())

        entry(menu, "Play face up onto the open table\tEnter",
              [self._move(cards, OPEN_TABLE, True)],
              lambda: self.play(cards, OPEN_TABLE, face_up=True))
        zone = self.own_zone(hand)
        if zone is not None:
            label = self.session.table.piles[zone].label
            entry(menu, f"Lay face down: {label}\tShift+Enter", [self._move(cards, zone, False)],
                  lambda: self.play(cards, zone, face_up=False))
        piles = self.session.table.piles
        zones = [p for p in piles.values() if p.kind is PileKind.ZONE and p.id != zone]
        if zones:
            face_down = menu.addMenu("Lay face down on")
            face_upward = menu.addMenu("Play face up on")
            for pile in zones:
                name = pile.label[:1].upper() + pile.label[1:]
                for where, up in ((face_down, False), (face_upward, True)):
                    where.setToolTipsVisible(True)
                    entry(where, name, [self._move(cards, pile.id, up)],
                          partial(self.play, cards, pile.id, up))
        others = [p for p in piles.values() if p.kind is PileKind.HAND and p.id != hand]
        if others:
            give = menu.addMenu("Give to")
            give.setToolTipsVisible(True)
            for pile in others:
                entry(give, pile.label, [self._move(cards, pile.id)],
                      partial(self.move_cards, cards, pile.id))
        menu.addSeparator()
        for extra in self._menu_extras:
            extra(menu, self._document, hand, cards)
        entry(menu, "Turn round\tR", [Turn(CardId(c)) for c in cards], lambda: self.turn(cards))
        entry(menu, "Discard\tDel", self._discards(cards), lambda: self.discard(cards))
        return menu


def _ringed(picture: QtGui.QPixmap) -> QtGui.QPixmap:
    """``picture`` with a bright ring painted round its edge."""
    ringed = QtGui.QPixmap(picture)
    painter = QtGui.QPainter(ringed)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setPen(QtGui.QPen(CHOOSABLE_RING, 5.0))
    size = picture.deviceIndependentSize()
    painter.drawRoundedRect(QtCore.QRectF(2.5, 2.5, size.width() - 5, size.height() - 5), 6, 6)
    painter.end()
    return ringed


def _cards_in(data: QtCore.QMimeData) -> list[str]:
    return [c for c in bytes(data.data(CARDS_MIME).data()).decode("utf-8").splitlines() if c]


def _describe(face: CardFace | None, reversed: bool) -> str:
    if face is None:
        return "Face-down card"
    name = shown_name(face)
    name = name[:1].upper() + name[1:]
    if isinstance(face, TarotCard):
        keywords = face.reversed if reversed else face.upright
        turned = " (reversed)" if reversed else ""
        return f"{name}{turned}: {keywords}" if keywords else f"{name}{turned}"
    return name


class HandScroll(ScrollColumn):
    """The hands in their dock, one under the other: a player with several characters (the
    GM, say) scrolls through them, and the dock asks room for one hand only, so that the
    window still fits the screen."""

    def __init__(self, panel: HandPanel, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(panel, parent, fields=False)  # cards, never a field to guard
        self._panel = panel

    def minimumSizeHint(self) -> QtCore.QSize:
        hint = super().minimumSizeHint()
        return QtCore.QSize(hint.width(), self._panel.one_hand_height())


def make_hand_dock(
    document: SessionDocument, parent: QtWidgets.QWidget | None = None
) -> QtWidgets.QDockWidget:
    """The hand panel in a dock titled after whoever holds the computer."""
    dock = QtWidgets.QDockWidget("Hand", parent)
    dock.setObjectName("handDock")
    dock.setAccessibleName("Hand")
    panel = HandPanel(document, dock)
    panel.title_changed = dock.setWindowTitle
    panel.refresh()
    dock.setWidget(HandScroll(panel, dock))
    return dock


__all__ = ["HandList", "HandPanel", "HandScroll", "make_hand_dock"]
