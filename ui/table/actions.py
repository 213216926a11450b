"""What a player can do to the cards on the felt: the actions behind the shortcuts (F flip,
R turn, D draw, S shuffle, Delete discard, P peek, V reveal) and the context menus.

Each works on the chosen cards: the selected ones, else the card with the keyboard focus,
else the top card of the pile with the focus. Each asks the session through the document,
so it is undoable and logged, and a refusal lands in the status bar.

The model says who may do what (:meth:`~cardtable.session.Session.may`): whenever the chosen
cards, the seat or the table change, each action the seat may not take is greyed out with the
reason as its tooltip (:meth:`TableActions.refresh`), in the Table menu, on the toolbar and
in the context menus alike; its shortcut then puts the reason in the status bar. An action
that would show the table a hidden card asks first (:attr:`TableActions.confirm_reveal`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.cards import CardId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.session import (
    Action,
    AddPile,
    Draw,
    Flip,
    Move,
    Peek,
    Reveal,
    Shuffle,
    Turn,
    hand_id,
)
from cardtable.session.hand_decks import mismatch, source_for, takes
from cardtable.session.table_text import pile_place
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.layout import OPEN_TABLE, OPEN_TABLE_LABEL
from cardtable.ui.table.permits import ConfirmReveal, confirmed, first_refusal, offer
from cardtable.ui.table.zones import ZoneItem

if TYPE_CHECKING:
    from cardtable.ui.table.view import TableView

NO_CARD = "Choose a card first: click it, or move to it with the arrow keys."
NO_HIDDEN = "Choose face-down cards to reveal."
NO_PILE = "Choose a pile to shuffle."
NO_DRAW_PILE = "There is no draw pile on the table: put a deck on it first."


def ensure_pile(document: SessionDocument, pile: PileId) -> bool:
    """Lay out the open table the first time a card goes there (an undoable action of its
    own); True when ``pile`` is there to take cards."""
    if pile != OPEN_TABLE or pile in document.session.table.piles:
        return True
    return document.apply(AddPile(Pile(OPEN_TABLE, PileKind.ZONE, OPEN_TABLE_LABEL, fanned=True)))


def face_up_on(kind: PileKind) -> bool | None:
    """How cards land on a pile of ``kind``: face up on a discard pile, face down on a draw
    pile, as they were anywhere else."""
    return True if kind is PileKind.DISCARD else False if kind is PileKind.DRAW else None


class TableActions(QtCore.QObject):
    """The table's card actions, with shortcuts live while the felt has the focus."""

    def __init__(self, view: TableView, document: SessionDocument) -> None:
        super().__init__(view)
        self._view = view
        self._document = document
        self._last_source: PileId | None = None
        self._tips: dict[QtGui.QAction, str] = {}
        #: Asked with how many hidden cards an action would show the table (a flip, a reveal,
        #: a card dropped face up), the "ask before revealing" setting; None reveals at once.
        self.confirm_reveal: ConfirmReveal | None = None
        #: What a system adds to the menu of a character's zone (``extra(menu, character)``)
        #: or of the bare felt (``character`` None): the window adds "Banzai roll for ...".
        self.menu_extras: list[Callable[[QtWidgets.QMenu, str | None], object]] = []
        self.draw = self._make(
            "&Draw a card",
            "D",
            "Draw the top card of the chosen draw pile to your hand (or onto the open table)",
            self._on_draw,
        )
        self.flip = self._make(
            "&Flip", "F", "Turn the chosen cards face up or face down", self._on_flip
        )
        self.turn = self._make(
            "&Turn round", "R", "Turn the chosen cards upright or reversed", self._on_turn
        )
        self.shuffle = self._make("&Shuffle pile", "S", "Shuffle the chosen pile", self._on_shuffle)
        self.discard = self._make(
            "Dis&card",
            QtGui.QKeySequence(QtGui.QKeySequence.StandardKey.Delete),
            "Put the chosen cards face up on their deck's discard pile",
            self._on_discard,
        )
        self.peek = self._make(
            "&Peek",
            "P",
            "Look at a face-down card your character laid (only you see it)",
            self._on_peek,
        )
        self.reveal = self._make(
            "Re&veal together",
            "V",
            "Turn the chosen face-down cards face up, all at once",
            self._on_reveal,
        )
        scene = view.scene()
        scene.selectionChanged.connect(self.refresh)
        scene.focusItemChanged.connect(self.refresh)

    def _make(
        self,
        text: str,
        key: str | QtGui.QKeySequence,
        tip: str,
        slot: Callable[[], None],
    ) -> QtGui.QAction:
        action = QtGui.QAction(text, self._view)
        action.setShortcut(QtGui.QKeySequence(key))
        # Only while the felt has the focus: typing an F in a sheet must not flip a card.
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut = action.shortcut().toString(QtGui.QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{tip} ({shortcut})")
        action.setStatusTip(tip)
        action.setWhatsThis(tip)  # what it does, for the keyboard help, while greyed too
        self._tips[action] = action.toolTip()
        action.triggered.connect(slot)
        self._view.addAction(action)
        return action

    def all(self) -> list[QtGui.QAction]:
        return [
            self.draw,
            self.flip,
            self.turn,
            self.shuffle,
            self.discard,
            self.peek,
            self.reveal,
        ]

    # --- what the seat may do -------------------------------------------------------------

    def refresh(self, *_args: object) -> None:
        """Grey out each action the seat holding the computer may not take on the chosen
        cards now, with the model's reason as its tooltip."""
        session = self._document.session
        try:
            chosen_ids = self.target_cards()
        except RuntimeError:
            return  # the scene is clearing its items as the felt closes: nothing to offer
        cards = [CardId(c) for c in chosen_ids if CardId(c) in session.table.cards]
        chosen = NO_CARD if not cards else None
        tips = self._tips
        offer(self.flip, chosen or first_refusal(session, map(Flip, cards)), tips[self.flip])
        offer(self.turn, chosen or first_refusal(session, map(Turn, cards)), tips[self.turn])
        offer(self.peek, chosen or session.may(Peek(cards[-1])), tips[self.peek])
        facing = session.table.facing
        hidden = tuple(c for c in cards if not facing[c].face_up)
        why = session.may(Reveal(hidden)) if hidden else chosen or NO_HIDDEN
        offer(self.reveal, why, tips[self.reveal])
        why = chosen or first_refusal(session, self._discards(cards))
        offer(self.discard, why, tips[self.discard])
        pile = self.target_pile() or self.draw_source()
        why = NO_PILE if pile is None else session.may(Shuffle(pile))
        offer(self.shuffle, why, tips[self.shuffle])
        route = self.draw_route()
        why = route if isinstance(route, str) else session.may(Draw(*route))
        offer(self.draw, why, tips[self.draw])

    def explain(self, event: QtGui.QKeyEvent) -> bool:
        """A key of an action greyed out for the seat: say why in the status bar (True)."""
        pressed = QtGui.QKeySequence(event.keyCombination())
        exact = QtGui.QKeySequence.SequenceMatch.ExactMatch
        for action in self.all():
            if not action.isEnabled() and action.shortcut().matches(pressed) == exact:
                self._refuse(action.toolTip())
                return True
        return False

    def _refusal(self, actions: list[Action]) -> bool:
        """Say why the seat may not take one of ``actions`` (True), or False when it may."""
        reason = first_refusal(self._document.session, actions)
        if reason is not None:
            self._refuse(reason)
        return reason is not None

    def _asked(self, actions: list[Action]) -> bool:
        """Whether ``actions`` may go ahead: the seat may take them all, and the player agreed
        to show the table any hidden card among them."""
        session = self._document.session
        return not self._refusal(actions) and confirmed(session, actions, self.confirm_reveal)

    def _discards(self, cards: list[CardId]) -> list[Action]:
        """Each deck's cards face up onto its discard pile (decks with none left out)."""
        table = self._document.session.table
        by_deck: dict[PileId, list[CardId]] = {}
        for card in cards:
            by_deck.setdefault(PileId(f"{table.card(card).deck}/discard"), []).append(card)
        return [
            Move(tuple(group), pile, face_up=True)
            for pile, group in by_deck.items()
            if pile in table.piles
        ]

    # --- what the actions work on ---------------------------------------------------------

    def target_cards(self) -> list[str]:
        """The selected cards, else the focused card, else the top of the focused stack."""
        chosen = self._view.selected_cards()
        if chosen:
            return chosen
        focused = self._view.focused_item()
        if isinstance(focused, ZoneItem):
            pile = self._document.session.table.piles.get(PileId(focused.pile_id))
            return [pile.cards[-1]] if pile is not None and pile.cards else []
        return [focused.card_id] if isinstance(focused, CardItem) else []

    def target_pile(self) -> PileId | None:
        focused = self._view.focused_item()
        if isinstance(focused, ZoneItem):
            return PileId(focused.pile_id)
        if isinstance(focused, CardItem):
            return self._pile_of(focused.card_id)
        chosen = self._view.selected_cards()
        return self._pile_of(chosen[-1]) if chosen else None

    def _pile_of(self, card: str) -> PileId | None:
        item = self._view.item(card)
        return PileId(item.pile_id) if item is not None and item.pile_id else None

    def _piles(self) -> dict[PileId, Pile]:
        return self._document.session.table.piles

    def draw_source(self) -> PileId | None:
        """The chosen draw pile, else the last one drawn from, else the first on the table."""
        piles = self._piles()
        chosen = self.target_pile()
        if chosen is not None and chosen in piles and piles[chosen].kind is PileKind.DRAW:
            return chosen
        if self._last_source in piles:
            return self._last_source
        return next((p.id for p in piles.values() if p.kind is PileKind.DRAW), None)

    def hands_here(self) -> list[Pile]:
        """The hands of the characters of whoever holds the computer."""
        session = self._document.session
        if session.holder is None:
            return []
        piles = self._piles()
        found = [piles.get(hand_id(c)) for c in session.characters_of(session.holder)]
        return [p for p in found if p is not None and p.kind is PileKind.HAND]

    def draw_destination(self) -> PileId:
        """The first hand of the player at the computer, or the open table."""
        hands = self.hands_here()
        return hands[0].id if hands else OPEN_TABLE

    def draw_route(self, source: PileId | None = None) -> tuple[PileId, PileId] | str:
        """Where D draws from and to: into the seat's first hand whose deck is on the table
        (a Fantastical Adventure hand from the playing cards, a tarot hand from the tarot),
        from ``source`` or the chosen draw pile if one is chosen; else why it cannot."""
        state = self._document.session.state
        piles = self._piles()
        chosen = self.target_pile() if source is None else source
        if chosen is not None and (chosen not in piles or piles[chosen].kind is not PileKind.DRAW):
            chosen = None
        hands = self.hands_here()
        if chosen is not None:  # the player chose the deck: the hand that takes it
            fits = [h for h in hands if takes(state, h, chosen)]
            if hands and not fits:
                return mismatch(state, hands[0], chosen) or NO_DRAW_PILE
            return chosen, fits[0].id if fits else OPEN_TABLE
        first = self._last_source if self._last_source in piles else None
        for hand in hands:
            found = source_for(state, hand, first)
            if found is not None:
                return found, hand.id
        fallback = self.draw_source()
        if fallback is None:
            return NO_DRAW_PILE
        if hands:
            return mismatch(state, hands[0], fallback) or NO_DRAW_PILE
        return fallback, OPEN_TABLE

    # --- doing ----------------------------------------------------------------------------

    def _refuse(self, reason: str) -> None:
        self._document.refused.emit(reason)

    def held(self, cards: list[str]) -> list[CardId]:
        """Those of ``cards`` held in a hand now."""
        table = self._document.session.table
        return [
            CardId(c)
            for c in cards
            if CardId(c) in table.cards and table.pile(table.where(CardId(c))).kind is PileKind.HAND
        ]

    def say_laid_face_down(self, held: list[CardId]) -> None:
        """Say in the status bar that cards ``held`` in a hand a moment ago now lie face down
        where the table sees them, and how to turn them face up (a drop keeps them hidden)."""
        table = self._document.session.table
        down = [c for c in held if not table.facing[c].face_up]
        piles = {table.where(c) for c in down}
        if not down or len(piles) != 1:
            return
        pile = table.pile(piles.pop())
        if pile.kind in (PileKind.HAND, PileKind.DRAW):
            return
        what, it = ("the card", "it") if len(down) == 1 else (f"{len(down)} cards", "them")
        self._document.said.emit(f"Laid {what} face down {pile_place(pile)}: F flips {it} face up.")

    def ensure_pile(self, pile: PileId) -> bool:
        """Lay out the open table the first time a card goes there."""
        return ensure_pile(self._document, pile)

    def draw_card(
        self, source: PileId | None = None, to: PileId | None = None, face_up: bool = False
    ) -> bool:
        if to is None:  # D, Enter on a draw pile: the seat's hand that takes the deck
            route = self.draw_route(source)
            if isinstance(route, str):
                self._refuse(route)
                return False
            source, to = route
        source = source or self.draw_source()
        if source is None:
            self._refuse(NO_DRAW_PILE)
            return False
        target = to
        draw = Draw(source, target, face_up=face_up)
        if not self._asked([draw]) or not self.ensure_pile(target):
            return False
        self._last_source = source
        return self._document.apply(draw)

    def flip_cards(self, cards: list[str]) -> None:
        self._each([Flip(CardId(card)) for card in cards])

    def turn_cards(self, cards: list[str]) -> None:
        self._each([Turn(CardId(card)) for card in cards])

    def _each(self, actions: list[Action]) -> None:
        """Apply ``actions`` one by one (each its own undo step), once the seat may take them
        all and the player agreed to any reveal among them."""
        if not actions:
            self._refuse(NO_CARD)
            return
        if not self._asked(actions):
            return
        for action in actions:
            if not self._document.apply(action):
                return

    def move_cards(self, cards: list[str], pile: PileId, index: int | None = None) -> bool:
        """One Move action for ``cards`` onto ``pile`` (made first for the open table), face
        up onto a discard pile and face down onto a draw pile."""
        found = self._piles().get(pile)
        face_up = face_up_on(found.kind) if found is not None else None
        move = Move(tuple(CardId(c) for c in cards), pile, face_up=face_up, index=index)
        if not self._asked([move]) or not self.ensure_pile(pile):
            return False
        return self._document.apply(move)

    def discard_cards(self, cards: list[str]) -> None:
        """Each card face up onto its own deck's discard pile (one move per deck)."""
        if not cards:
            self._refuse(NO_CARD)
            return
        moves = self._discards([CardId(c) for c in cards])
        if sum(len(m.cards) for m in moves if isinstance(m, Move)) < len(cards):
            self._refuse("That deck has no discard pile on the table.")
            return
        if not self._asked(moves):
            return
        for move in moves:
            if not self._document.apply(move):
                return

    def shuffle_pile(self, pile: PileId | None = None) -> None:
        pile = pile or self.target_pile() or self.draw_source()
        if pile is None:
            self._refuse(NO_PILE)
            return
        self._document.apply(Shuffle(pile))

    def peek_at(self, card: str) -> None:
        if self._document.apply(Peek(CardId(card))):
            self._view.show_preview(card)

    def reveal_cards(self, cards: list[str]) -> None:
        facing = self._document.session.table.facing
        hidden = [CardId(c) for c in cards if not facing[CardId(c)].face_up]
        if not hidden:
            self._refuse(NO_HIDDEN)
            return
        reveal = Reveal(tuple(hidden))
        if self._asked([reveal]):
            self._document.apply(reveal)

    def activate_card(self, card: str) -> None:
        """Enter or a double-click: draw from a draw pile's top, else flip the card."""
        pile_id = self._pile_of(card)
        pile = self._piles().get(pile_id) if pile_id is not None else None
        if pile is not None and pile.kind is PileKind.DRAW and pile.top == card:
            self.draw_card(pile.id)
        else:
            self.flip_cards([card])

    def activate_pile(self, pile_id: str) -> None:
        """Enter on a pile: draw from a draw pile; flip the top card of another stack."""
        pile = self._piles().get(PileId(pile_id))
        if pile is None:
            return
        if pile.kind is PileKind.DRAW:
            self.draw_card(pile.id)
        elif pile.kind is PileKind.DISCARD and pile.cards:
            self.flip_cards([pile.cards[-1]])
        else:
            self._refuse("Move to a card with the arrow keys; Enter flips it.")

    def _on_draw(self) -> None:
        self.draw_card()

    def _on_flip(self) -> None:
        self.flip_cards(self.target_cards())

    def _on_turn(self) -> None:
        self.turn_cards(self.target_cards())

    def _on_shuffle(self) -> None:
        self.shuffle_pile()

    def _on_discard(self) -> None:
        self.discard_cards(self.target_cards())

    def _on_peek(self) -> None:
        cards = self.target_cards()
        if not cards:
            self._refuse(NO_CARD)
            return
        self.peek_at(cards[-1])

    def _on_reveal(self) -> None:
        self.reveal_cards(self.target_cards())

    # --- context menus --------------------------------------------------------------------

    def menu_for(self, item: QtWidgets.QGraphicsItem | None) -> QtWidgets.QMenu:
        """The context menu for a card, a pile's zone, or the bare felt (None)."""
        menu = QtWidgets.QMenu(self._view)
        menu.setToolTipsVisible(True)
        self.refresh()
        if isinstance(item, ZoneItem) and item.pile_id == OPEN_TABLE:
            # The open table is most of the felt: its menu is the bare felt's, with what its
            # cards offer besides.
            pile = self._piles().get(OPEN_TABLE)
            if pile is not None and pile.cards:
                self._pile_menu(menu, OPEN_TABLE)
            self._felt_menu(menu)
        elif isinstance(item, ZoneItem):
            self._pile_menu(menu, PileId(item.pile_id))
            pile = self._piles().get(PileId(item.pile_id))
            if pile is not None and pile.owner:
                self._extras(menu, pile.owner)
        elif isinstance(item, CardItem):
            self._card_menu(menu, item.card_id, self._pile_of(item.card_id))
        else:
            self._felt_menu(menu)
        return menu

    def _felt_menu(self, menu: QtWidgets.QMenu) -> None:
        """What the felt itself offers: a draw, fitting the table, and each system's own
        entries for the whole table ("Banzai roll for ...")."""
        menu.addAction(self.draw)
        fit = menu.addAction("Fit the table to the window")
        fit.triggered.connect(self._view.fit_table)
        self._extras(menu, None)

    def _extras(self, menu: QtWidgets.QMenu, character: str | None) -> None:
        if self.menu_extras:
            menu.addSeparator()
        for extra in self.menu_extras:
            extra(menu, character)

    def _card_menu(self, menu: QtWidgets.QMenu, card: str, pile_id: PileId | None) -> None:
        session = self._document.session
        pile = self._piles().get(pile_id) if pile_id is not None else None
        cards = self.target_cards() or [card]
        if pile is not None and pile.kind is PileKind.DRAW and pile.top == card:
            self._draw_entries(menu, pile.id)
            menu.addSeparator()
        menu.addAction(self.flip)
        menu.addAction(self.turn)
        face_down = not session.table.facing[CardId(card)].face_up
        owner = session.state.controller(pile) if pile is not None else None
        if face_down and owner is not None and owner == session.holder:
            menu.addAction(self.peek)
        if face_down and pile is not None and pile.kind is PileKind.ZONE:
            menu.addAction(self.reveal)
        menu.addSeparator()
        move_to = menu.addMenu("&Move to")
        move_to.setToolTipsVisible(True)
        piles = self._piles()
        for target in self._destinations(exclude=pile_id or ""):
            entry = move_to.addAction(self._label(target))
            found = piles.get(target)
            face_up = face_up_on(found.kind) if found is not None else None
            self._ask(entry, Move(tuple(map(CardId, cards)), target, face_up=face_up))
            entry.triggered.connect(lambda _=False, to=target: self._view.move_cards(cards, to))
        menu.addAction(self.discard)
        self._view.open_table.fill_menu(menu)  # stack, fan, row, spreads

    def _ask(self, entry: QtGui.QAction, action: Action) -> None:
        """Grey out a menu entry for ``action`` when the seat may not take it, saying why."""
        offer(entry, self._document.session.may(action), "")

    def _pile_menu(self, menu: QtWidgets.QMenu, pile_id: PileId) -> None:
        pile = self._piles().get(pile_id)
        if pile is None:
            menu.addAction(self.draw)
            return
        if pile.kind is PileKind.DRAW:
            self._draw_entries(menu, pile.id)
        if pile.cards:
            shuffle = menu.addAction("&Shuffle this pile")
            self._ask(shuffle, Shuffle(pile.id))
            shuffle.triggered.connect(lambda: self.shuffle_pile(pile.id))
            flip = menu.addAction("&Flip the top card")
            self._ask(flip, Flip(pile.cards[-1]))
            flip.triggered.connect(lambda: self.flip_cards([pile.cards[-1]]))
            hidden = [c for c in pile.cards if not self._document.session.table.facing[c].face_up]
            if pile.kind is PileKind.ZONE and hidden:
                reveal = menu.addAction("Re&veal every face-down card here")
                self._ask(reveal, Reveal(tuple(hidden)))
                reveal.triggered.connect(lambda: self.reveal_cards(list(hidden)))

    def _draw_entries(self, menu: QtWidgets.QMenu, source: PileId) -> None:
        state = self._document.session.state
        for hand in (h for h in self.hands_here() if takes(state, h, source)):
            entry = menu.addAction(f"Draw to {hand.label}")
            self._ask(entry, Draw(source, hand.id))
            entry.triggered.connect(lambda _=False, to=hand.id: self.draw_card(source, to))
        down = menu.addAction("Draw onto the open table, face down")
        self._ask(down, Draw(source, OPEN_TABLE))
        down.triggered.connect(lambda: self.draw_card(source, OPEN_TABLE))
        up = menu.addAction("Draw onto the open table, face up")
        self._ask(up, Draw(source, OPEN_TABLE, face_up=True))
        up.triggered.connect(lambda: self.draw_card(source, OPEN_TABLE, face_up=True))

    def _destinations(self, exclude: str) -> list[PileId]:
        """Every pile a card can be moved to, once each: the zones laid out (the open table
        even before its first card, not the places kept for piles a system lays out later),
        then the hands."""
        laid = [
            z.pile
            for z in self._view.layout_now.zones
            if not z.reserved and (z.pile in self._piles() or z.pile == OPEN_TABLE)
        ]
        hands = [p.id for p in self._piles().values() if p.kind is PileKind.HAND]
        return [p for p in [*laid, *hands] if p != exclude]

    def _label(self, pile: PileId) -> str:
        found = self._piles().get(pile)
        text = found.label if found is not None else OPEN_TABLE_LABEL
        return text[:1].upper() + text[1:]
