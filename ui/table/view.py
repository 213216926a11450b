"""The felt driven by the session: card items kept in step with the table, drops made moves.

:class:`TableView` takes the :class:`~cardtable.ui.document.SessionDocument` and lays every
pile but the hands out on the felt (:mod:`cardtable.ui.table.layout`), one
:class:`~cardtable.ui.table.zones.ZoneItem` per pile and a :class:`TableCard` per card shown (a
stack shows only its top cards). After a change it looks again only at the piles that
changed (:mod:`~cardtable.ui.table.watch`), and updates only the items that differ; cards
slide into place only near a drop (:mod:`~cardtable.ui.table.slides`). The keyboard's way
round the felt is :mod:`cardtable.ui.table.keys`.

A card dropped on the felt lands on the zone its card overlaps most that takes it (the
model says which: :func:`~cardtable.session.actions.move_refusal` and
:meth:`~cardtable.session.Session.may`, asked once per pile per drag); on bare felt it joins
the open table. Dragging one of several selected cards moves them all, in one action. A
moving card asks only which zone it is over (:class:`~cardtable.ui.table.layout.ZoneGrid`);
its place in the pile is worked out at the drop (:mod:`cardtable.ui.table.aiming`). A card
the seat may not move does not lift at all, and a zone that would refuse the cards is lit as
refusing, its reason in the status bar (:mod:`cardtable.ui.table.permits`).

Privacy: an item is given its face only when :func:`~cardtable.session.visibility.on_screen_in`
says the face may be painted now, and the view updates before the curtain paints.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from itertools import compress, count

from cardtable.cards import CardFace, CardId, FaceWords, words_of
from cardtable.piles import Pile, PileId
from cardtable.session import Changes
from cardtable.session.model import GameState
from cardtable.session.table_text import pile_place, pile_title
from cardtable.session.visibility import on_screen_in
from cardtable.ui.art import card_art
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.actions import TableActions
from cardtable.ui.table.aiming import DropAim, DropIndex, DropTarget
from cardtable.ui.table.cards.item import DEFAULT_ANIMATION_MS, CardItem, animations_running
from cardtable.ui.table.cards.look import HoverPreview, TableCard
from cardtable.ui.table.cards.row import lay_row
from cardtable.ui.table.choosing import card_choice
from cardtable.ui.table.felt import TABLE_RECT, FeltView
from cardtable.ui.table.keys import TableKeys
from cardtable.ui.table.layout import (
    OPEN_TABLE,
    Layout,
    ZoneGrid,
    ZoneSpec,
    ZoneStyle,
    dragged_cards,
    laid_xy,
    lay_out,
    layout_key,
    open_xy,
    shown,
)
from cardtable.ui.table.open_table import OpenTable
from cardtable.ui.table.permits import CardLock
from cardtable.ui.table.slides import Slides
from cardtable.ui.table.stacking import SpotLayers
from cardtable.ui.table.text_view import FELT_DESCRIPTION
from cardtable.ui.table.watch import Place, TableWatch
from cardtable.ui.table.zones import CaptionItem, ZoneItem, paint_reserved

#: The narrowest a card is drawn when the felt fits the table (pixels): readable on a laptop.
MIN_CARD_PX = 70.0
READABLE_ZOOM = MIN_CARD_PX / card_art.CARD_WIDTH

#: Card items per stack: the top one, and the one a lifted top uncovers.
STACK_DEPTH = 2
_SCENE_MARGIN = 300.0
_HINTS = {
    ZoneStyle.OPEN: "Cards dropped on bare felt land here",
    ZoneStyle.FAN: "Drop cards here",
}
EMPTY_TABLE_HINT = (
    "No deck on the table yet. File > Open the demo table to try one, or open a session."
)
#: A table set up without a deck (its systems roll dice) is told only what is true of it.
NO_DECK_HINT = "No cards at this table. Table > Put Your Own Deck on the Table adds a deck."
_REFRESH = Changes.TABLE | Changes.HAND | Changes.SEAT | Changes.PLAYERS
#: Up to this many chosen cards of one pile are put in order by their index in the pile.
_FEW_CHOSEN = 8


class TableView(FeltView):
    """The felt showing the session's table; every gesture becomes a session action."""

    #: True as the left button goes down on the felt, False once it is let go: what can
    #: wait (an autosave, a search for garbage) waits while a card is held.
    held = QtCore.Signal(bool)

    # Class-wide defaults: Qt may resize or paint the view before __init__ has set them.
    _auto_fit = True
    #: The zoom and pixel ratio the zones were last painted at.
    _zones_scale: tuple[float, float] | None = None
    #: Each zone's place on the felt (what it paints, its edge included) and its item.
    _zone_places: tuple[tuple[ZoneSpec, QtCore.QRectF, ZoneItem], ...] = ()
    #: Those the felt paints with its background: places kept, the open table's frame.
    _felt_places: tuple[tuple[ZoneSpec, QtCore.QRectF, ZoneItem], ...] = ()

    def __init__(
        self,
        document: SessionDocument,
        parent: QtWidgets.QWidget | None = None,
        animation_ms: int = DEFAULT_ANIMATION_MS,
    ) -> None:
        super().__init__(parent)
        #: The keyboard's way round the zones and cards.
        self.keys = TableKeys(self)
        self._document = document
        self.animation_ms = animation_ms
        self._items: dict[str, TableCard] = {}
        self._shown_as: dict[str, tuple[CardFace | None, FaceWords, bool, bool, bool]] = {}
        self._zones: dict[str, ZoneItem] = {}
        self._captions: list[CaptionItem] = []
        self._layout = Layout((), ())
        self._grid = ZoneGrid(self._layout)
        self._layout_key: object = None
        self._watch = TableWatch()
        #: The layers of the cards put down by hand, kept while their order holds.
        self._spot_layers = SpotLayers()
        self._slides = Slides(self, animation_ms)
        #: Where dragged cards would land, and the zone lit to say so.
        self.aim = DropAim(document, lambda: self._grid, lambda: self._zones, self._relit)
        self._release_global: QtCore.QPoint | None = None
        self._lock = CardLock(document)
        self._carrying: list[str] = []  # what a press on the felt picked up
        #: While a card let go is dropped: the cards the felt put in another place or
        #: showed otherwise (True: with another look), "" for a whole new look of the felt.
        self._settled: list[tuple[str, bool]] | None = None
        #: The card let go whose drop's frame may be painted from its drag's picture.
        self._landed: TableCard | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAcceptDrops(True)
        # The felt and the reserved places on it are drawn once per zoom and pan, not again
        # under every frame of a dragged card.
        self.setCacheMode(QtWidgets.QGraphicsView.CacheModeFlag.CacheBackground)
        self._hover = HoverPreview(self, self._face_shown, lambda: self._grabbed_card() is not None)
        #: The large view of a card, shown while the pointer rests on it.
        self.preview = self._hover.preview
        self.card_actions = TableActions(self, document)
        #: Where cards land on the open table, and the keys that stack and spread them.
        self.open_table = OpenTable(self, document)
        #: The panels' prompts waiting for a card: their cards are lit, a click chooses one.
        self.choice = card_choice(document)
        self.choice.changed.connect(self._light_choosable)
        # A dragged card's picture shows the table as it was: any change of the session (the
        # seat at the screen, the curtain, a phone's move, the public table's) ends it.
        self.choice.changed.connect(self.drag_picture.end)
        document.changed_at_once.connect(self._picture_hears)
        document.replaced.connect(self.drag_picture.end)
        # The felt shows a change as it is made; the other views may follow after its frame.
        document.changed_at_once.connect(self._on_changed)
        document.changed.connect(self._refresh_actions_due)
        document.replaced.connect(self._on_replaced)
        #: The menu's card actions wait for the other views after a drop (see :meth:`sync`).
        self._actions_due = False
        self.sync()

    # --- reading, for the actions and for tests -------------------------------------------

    @property
    def document(self) -> SessionDocument:
        return self._document

    @property
    def layout_now(self) -> Layout:
        return self._layout

    def item(self, card: str) -> TableCard | None:
        """The item showing ``card``, or None (a card deep in a stack, or in a hand)."""
        return self._items.get(card)

    def laid(self, pile: str) -> tuple[list[str], list[Place]]:
        """The cards ``pile``'s zone shows, bottom first, and where each lies: (x, y, layer)
        of its centre, once it has slid there."""
        return self._watch.laid(pile)

    def items_shown(self) -> dict[str, TableCard]:
        return dict(self._items)

    def zone(self, pile: str) -> ZoneItem | None:
        return self._zones.get(pile)

    def zones(self) -> list[ZoneItem]:
        return [self._zones[str(z.pile)] for z in self._layout.zones if not z.reserved]

    def selected_cards(self) -> list[str]:
        """The selected cards, in table order (pile by pile, bottom card first)."""
        chosen = {i.card_id for i in self.scene().selectedItems() if isinstance(i, CardItem)}
        if not chosen:
            return []
        # Only the piles holding a chosen card are walked (each item knows its pile), not
        # the whole table; should an item not know yet, the whole table is.
        by_pile: dict[str, set[str]] = {}
        for card in chosen:
            item = self._items.get(card)
            by_pile.setdefault(item.pile_id if item is not None else "", set()).add(card)
        table = self._document.session.table
        piles = table.piles
        found: list[str] = []
        for zone in self._layout.zones:
            wanted = by_pile.get(str(zone.pile))
            pile = piles.get(zone.pile)
            if wanted is None or pile is None:
                continue
            if len(wanted) > _FEW_CHOSEN:
                found.extend(card for card in pile.cards if card in wanted)
                continue
            if len(wanted) == 1:
                # One card (the one dragged): the table knows where it lies, without a scan.
                (card,) = wanted
                if table.holds(CardId(card), zone.pile):
                    found.append(card)
                    continue
                break  # an item that has not heard of its move yet
            # A few cards of a long pile (a card dropped on a crowded table): found by
            # list.index, which scans in C, rather than by walking the pile in Python.
            try:
                found.extend(sorted(wanted, key=pile.cards.index))
            except ValueError:  # an item that has not heard of its move yet
                break
        if len(found) == len(chosen):
            return found
        return [c for c in self._table_order() if c in chosen]

    def focused_item(self) -> QtWidgets.QGraphicsItem | None:
        return self.scene().focusItem()

    def set_animation_ms(self, ms: int) -> None:
        """How long flips, turns and slides take from now on (0: at once)."""
        self.animation_ms = max(0, ms)
        self._slides.animation_ms = self.animation_ms
        for item in self._items.values():
            item.animation_ms = self.animation_ms

    def card_items(self) -> Iterable[CardItem]:
        return self._items.values()

    def add_drop_target(self, target: DropTarget, index_at: DropIndex | None = None) -> None:
        """Ask ``target`` where a card released outside the felt lands (the hand dock), and
        ``index_at`` where in that pile (None: on top)."""
        self.aim.add_target(target, index_at)

    def _table_order(self) -> list[str]:
        piles = self._document.session.table.piles
        return [card for z in self._layout.zones if z.pile in piles for card in piles[z.pile].cards]

    # --- keeping in step ------------------------------------------------------------------

    def _on_changed(self, flags: int) -> None:
        changes = Changes(flags)
        if changes & Changes.SEAT:
            self._hide_preview()
        if changes & _REFRESH:
            self.sync()

    def _refresh_actions_due(self, _flags: int) -> None:
        if self._actions_due:
            self._actions_due = False
            self.card_actions.refresh()

    def _on_replaced(self) -> None:
        self._hide_preview()
        for item in list(self._items.values()):
            self._drop_item(item.card_id)
        self._layout_key = None
        self._watch.forget()
        self._spot_layers.forget()
        self.sync()
        self.fit_table()

    def sync(self) -> None:
        """Bring the items in line with the session: the piles that changed since the last
        time, or all of them after a new layout or another seat (only items that differ
        change)."""
        session = self._document.session
        state = session.state
        key = layout_key(state)
        new_layout = key != self._layout_key
        if new_layout:
            self._relayout(state)
            self._layout_key = key
        # Heard of a change of a few piles, only their zones are looked at.
        piles = session.piles_changed
        zones, everything, turned = self._watch.changed(session, self._layout, new_layout, piles)
        if everything and self._settled is not None:
            self._settled.append(("", True))
        places = self._watch.places
        kinds: dict[str, str] | None = None
        left: set[str] = set()
        showings: list[list[str]] = []
        for zone, cards in zones:
            pile = state.table.piles.get(zone.pile)
            showing = shown(zone, cards, STACK_DEPTH)
            stack = zone.style is ZoneStyle.STACK
            laid = _places(zone, pile, showing, self._spot_layers)
            # A stack shows a handful; a row may show thousands, of which a change moves few.
            moved = self._watch.relaid(zone, showing, laid, everything or stack)
            # Who may see a card changes only if it turned, came here, or the seat changed.
            look = {
                card
                for card in (showing[index] for index in moved)
                if everything or places.get(card, (None,))[0] != zone.pile
            }
            flipped = turned.intersection(showing) if turned else None
            if flipped:
                look.update(flipped)
                at = compress(count(), map(flipped.__contains__, showing))
                moved = sorted(set(moved).union(at))
            visible = on_screen_in(session, pile, look) if pile is not None and look else set()
            last = len(showing) - 1
            for index in moved:
                card = showing[index]
                x, y, layer = laid[index]
                under = stack and index < last
                if card not in look and places.get(card) == (zone.pile, layer, x, y, under):
                    continue  # as it lay and as it looked
                sight = (card in visible) if card in look else None
                self._place(state, card, zone, layer, x, y, sight, under)
            if not stack:
                lay_row(self._items, showing, laid, None if everything else moved)
            left.update(self._watch.looked(zone, cards, showing))
            showings.append(showing)
            if not cards and kinds is None:
                kinds = _deck_kinds(state)
            kind = _kind_of(state, cards[-1]) if cards else (kinds or {}).get(_deck_of(zone.pile))
            hint = (
                _HINTS.get(zone.style, "")
                if state.decks
                else NO_DECK_HINT
                if state.players
                else EMPTY_TABLE_HINT
            )
            zone_item = self._zones[str(zone.pile)]
            zone_item.set_count(len(cards), kind or card_art.TAROT, hint)
            zone_item.spoken_title = pile_title(pile) if pile is not None else ""
        if everything:
            gone = set(self._items) - self._watch.shown()
        else:  # most often no card left a zone it was shown in
            gone = left.difference(*showings) if left else set()
        for card in gone:
            if card in self._items:
                self._drop_item(card)
        if self._document.felt_leads:
            # A drop: the actions' greying waits with the other views for the felt's frame
            # (an action is checked again by the model when taken).
            self._actions_due = True
        else:
            self.card_actions.refresh()
        # What a screen reader is told of the focused card, told again: its face may be out of
        # this seat's sight now (and with no card focused, no card is told of).
        focused = self.scene().focusItem()
        if isinstance(focused, TableCard | ZoneItem) or focused is None:
            self.setAccessibleDescription(
                focused.description() if focused is not None else FELT_DESCRIPTION
            )

    def _place(
        self,
        state: GameState,
        card: str,
        zone: ZoneSpec,
        index: float,
        x: float,
        y: float,
        visible: bool | None,
        under: bool,
    ) -> None:
        """Put ``card``'s item in its place; with ``visible`` (None: as it was), its face."""
        item = self._items.get(card)
        fresh = item is None
        if item is None:
            item = self._new_item(state, card)
        restyled = fresh
        if visible is not None:
            facing = state.table.facing[CardId(card)]
            face = state.table.cards[CardId(card)].face if visible else None
            peeked = visible and not facing.face_up
            # A face's words are not part of what it is: a card given the group's words
            # (cardtable.session.words_actions) is the same card, shown anew.
            shown_as = (face, words_of(face), facing.face_up, facing.reversed, peeked)
            if self._shown_as.get(card) != shown_as:
                item.peeked = peeked
                item.set_state(face, facing.face_up, facing.reversed, animate=not fresh)
                self._shown_as[card] = shown_as
                restyled = True
        placed = (zone.pile, index, x, y, under)
        before = self._watch.places.get(card)
        if (before != placed or restyled) and self._settled is not None:
            self._settled.append((card, restyled))
        if before == placed:
            return  # where it was put last time, and nobody has moved it since
        self._watch.places[card] = placed
        self._slides.stop(card)
        if before is None or before[0] != zone.pile:
            item.pile_id = str(zone.pile)
            pile = state.table.piles.get(zone.pile)
            item.place_words = pile_place(pile) if pile is not None else ""
        if before is None or before[1] != index:
            item.setZValue(float(index))
        if before is None or before[4] != under:
            item.setVisible(not under)
        self._slides.move(item, QtCore.QPointF(x, y), animate=not fresh)

    def _new_item(self, state: GameState, card: str) -> TableCard:
        item = TableCard(card, _kind_of(state, card), self.animation_ms)
        item.dropped.connect(self._on_card_dropped)
        item.activated.connect(self.card_actions.activate_card)
        item.flip_requested.connect(lambda c: self.card_actions.flip_cards([c]))
        item.turn_requested.connect(lambda c: self.card_actions.turn_cards([c]))
        item.clicked.connect(self.choice.choose)
        item.choosable = card in self.choice.choosable()
        self._hover.watch(item)
        self.scene().addItem(item)
        self._items[card] = item
        self.cards_added()
        return item

    def _drop_item(self, card: str) -> None:
        item = self._items.pop(card)
        if self._settled is not None:
            self._settled.append((card, True))
        self._shown_as.pop(card, None)
        self._watch.places.pop(card, None)
        self._slides.stop(card)
        item.forget_neighbours()
        if item is self._hover.current:
            self._hide_preview()
        # Forget its face at once: a flip still under way would draw it until Qt deletes it;
        # nor may the felt go on telling a screen reader what it was.
        item.set_state(None, item.face_up, item.is_reversed, animate=False)
        if self.scene().focusItem() is item:
            self.setAccessibleDescription(FELT_DESCRIPTION)
        self.scene().removeItem(item)
        item.deleteLater()

    def drawBackground(self, painter: QtGui.QPainter, rect: QtCore.QRectF) -> None:
        super().drawBackground(painter, rect)
        scale, self._zones_scale = self._zones_scale, self._scale_now()
        if scale is not None and scale != self._zones_scale:
            # At a new zoom the zones in sight are drawn cheaply first, as the cards are
            # (found by squares of the felt: a big table has hundreds of zones out of sight).
            zoom = self._zones_scale[0]
            for _, spec in self._grid.overlaps(rect.adjusted(-2, -2, 2, 2)):
                if not spec.reserved:
                    self._zones[str(spec.pile)].zooming(zoom)
            for caption in self._captions:
                if caption.sceneBoundingRect().intersects(rect):
                    caption.zooming()
        under: list[ZoneItem] = []  # the frames the felt paints, over the places kept
        for spec, place, zone in self._felt_places:
            if not place.intersects(rect):
                continue
            if spec.reserved:
                paint_reserved(painter, spec)
            elif zone.frame_in_felt():
                under.append(zone)
        for zone in under:
            zone.paint_frame_under(painter)

    def _relayout(self, state: GameState) -> None:
        self._layout = lay_out(state)
        self._grid = ZoneGrid(self._layout)
        self.resetCachedContent()  # the reserved places drawn with the felt may have moved
        keep = {str(z.pile) for z in self._layout.zones}
        for pile in [p for p in self._zones if p not in keep]:
            zone = self._zones.pop(pile)
            self.aim.forget(zone)
            self.scene().removeItem(zone)
            zone.deleteLater()
        for spec in self._layout.zones:
            zone = self._zones.get(str(spec.pile))
            if zone is None:
                zone = ZoneItem(spec)
                zone.let_felt_paint_frame()
                zone.activated.connect(self.card_actions.activate_pile)
                self.scene().addItem(zone)
                self._zones[str(spec.pile)] = zone
            else:
                zone.set_spec(spec)
        self._zone_places = tuple(
            (spec, spec.rect().adjusted(-2, -2, 2, 2), self._zones[str(spec.pile)])
            for spec in self._layout.zones
        )
        self._felt_places = tuple(
            place
            for place in self._zone_places
            if place[0].reserved or place[0].style is ZoneStyle.OPEN
        )
        for caption in self._captions:
            self.scene().removeItem(caption)
        self._captions = []
        for spec_caption in self._layout.captions:
            caption = CaptionItem(spec_caption.text)
            caption.setPos(spec_caption.x + 4, spec_caption.y)
            self.scene().addItem(caption)
            self._captions.append(caption)
        bounds = self._layout.bounds().adjusted(
            -_SCENE_MARGIN, -_SCENE_MARGIN, _SCENE_MARGIN, _SCENE_MARGIN
        )
        self.scene().setSceneRect(bounds.united(TABLE_RECT))
        if self._auto_fit:
            self.fit_table()

    def fit_table(self) -> None:
        """Zoom so that every zone is in view, and keep it so as the window changes size
        until the player zooms or pans."""
        bounds = self._layout.bounds()
        self._auto_fit = True
        if bounds.isEmpty():
            super().fit_table()
            return
        area = bounds.adjusted(-30, -30, 30, 30)
        self.fitInView(area, Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom_factor() < READABLE_ZOOM:
            # A table too big for the window is shown from its top left (the decks) at the
            # smallest size a card and its labels can be read at; the rest is a drag away.
            self.resetTransform()
            self.scale(READABLE_ZOOM, READABLE_ZOOM)
            seen = self.viewport().rect()
            self.centerOn(
                area.left() + seen.width() / READABLE_ZOOM / 2,
                area.top() + seen.height() / READABLE_ZOOM / 2,
            )

    def zoom_by(self, factor: float) -> None:
        self._auto_fit = False
        super().zoom_by(factor)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit_table()

    # --- dropping -------------------------------------------------------------------------

    def _moving_with(self, card: str) -> list[str]:
        item = self._items.get(card)
        if item is None or not item.isSelected():
            return [card]
        return self.selected_cards()

    def drop_cards(
        self,
        cards: list[str],
        rect: QtCore.QRectF,
        pointer: QtCore.QPoint | None,
        let_go: TableCard | None = None,
    ) -> bool:
        """Move ``cards`` to where a drop covering ``rect`` lands; False (and the reason in
        the status bar, the cards back in place) when nothing takes them. ``let_go``: the
        card the hand let go, set down as suits where the drop lands."""
        pile, index, refusal = self.aim.target_for(rect, cards, pointer)
        if let_go is not None:
            # Only a card put down on the open table may have its drop's frame painted from
            # the picture (see _on_top). Elsewhere the drop lays a pile anew, or the refused
            # card slides back over its path: the place the drag began joining that frame
            # costs less than the paint that would spare it.
            self.drag_picture.set_down(let_go, painted=pile == OPEN_TABLE)
        done = False
        held = self.card_actions.held(cards)
        chosen = self.choice.takes_drop(cards, pile)
        if chosen is not None:
            self.choice.choose(chosen)  # a prompt waited for it there: its own step lays it
            pile = None
            refusal = None
        if pile is None:
            if refusal:
                self._document.refused.emit(refusal)
        elif pile == OPEN_TABLE or not self.aim.already_there(cards, pile, index):
            # Cards slide into place near the drop only; the move syncs the felt once, and the
            # other views follow after the felt's frame.
            self._slides.begin(rect.center())
            try:
                with self._document.felt_first():
                    if pile == OPEN_TABLE:  # it stays where it was let go
                        done = self.open_table.drop(cards, rect, self._carrying)
                    else:
                        done = self.move_cards(cards, pile, index)
            finally:
                self._slides.begin(None)
        if done:
            self.card_actions.say_laid_face_down(held)
        else:
            # Nothing moved in the session: put back what the hand moved on the felt.
            self._watch.force(self._items[c].pile_id for c in cards if c in self._items)
            self.sync()
        return done

    def move_cards(self, cards: list[str], pile: PileId, index: int | None = None) -> bool:
        """One Move action for ``cards`` onto ``pile`` (made first for the open table)."""
        return self.card_actions.move_cards(cards, pile, index)

    def _on_card_dropped(self, card: str, _scene_pos: QtCore.QPointF) -> None:
        item = self._items.get(card)
        if item is None:
            return
        self.aim.light(None)
        rect = item.mapRectToScene(item.card_rect())
        cards = self._moving_with(card)
        self._settled = []
        try:
            done = self.drop_cards(cards, rect, self._release_global, let_go=item)
        finally:
            settled, self._settled = self._settled, None
        if done and cards == [card] and settled == [(card, False)] and self._on_top(item):
            self._landed = item

    def _on_top(self, item: TableCard) -> bool:
        """Whether ``item`` (the only card a drop put in another place, its look as it was)
        was put down by hand on the open table over every card round it, all the way from
        where it was let go to where it lies: the last card put down there lies over all the
        others (:class:`~cardtable.ui.table.stacking.SpotLayers`), cards laid in rows under
        them, a card sliding over them all; no card of another zone is in its way, nor
        any other card on its way. (No card takes new art before the frame: the art of a new
        zoom waits for it, :meth:`~cardtable.ui.table.drag_picture.DragPicture.landing`.)"""
        pile = self._document.session.table.piles.get(OPEN_TABLE)
        place = self._watch.places.get(item.card_id)
        if pile is None or not pile.spots or list(pile.spots)[-1] != item.card_id:
            return False
        if place is None or place[0] != OPEN_TABLE or self._slides.sliding() > 1:
            return False
        now = item.mapRectToScene(item.boundingRect().united(item.childrenBoundingRect()))
        way = now.united(now.translated(place[2] - item.x(), place[3] - item.y()))
        for spec, zone_place, _zone in self._zone_places:
            if spec.pile == OPEN_TABLE:
                if not zone_place.contains(way):
                    return False
            elif zone_place.intersects(way):
                return False
        return True

    def _picture_hears(self, flags: int) -> None:
        """A change of the session ends a dragged card's picture; the drop of a card let go
        keeps it for the drop's frame unless the seat or the curtain changed."""
        landing = self._settled is not None and not Changes(flags) & Changes.SEAT
        self.drag_picture.end(landing=landing)

    # --- mouse ----------------------------------------------------------------------------

    def _light_choosable(self) -> None:
        choosable = self.choice.choosable()
        for card, item in self._items.items():
            item.choosable = card in choosable

    def _grabbed_card(self) -> TableCard | None:
        grabbed = self.scene().mouseGrabberItem()
        return grabbed if isinstance(grabbed, TableCard) else None

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.held.emit(True)
        self._hide_preview()
        if (
            event.button() == Qt.MouseButton.LeftButton
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            and not isinstance(self.itemAt(event.position().toPoint()), CardItem)
        ):
            # Shift-drag on the felt draws a selection band instead of panning.
            self.setDragMode(QtWidgets.QGraphicsView.DragMode.RubberBandDrag)
        super().mousePressEvent(event)
        grabbed = self._grabbed_card()
        if grabbed is not None:
            self._carrying = self._moving_with(grabbed.card_id)
            if self._lock.press(grabbed, self._carrying, event.position()):
                self._uncover(grabbed)
                self._picture_drag(grabbed)

    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        grabbed = self._grabbed_card()
        if grabbed is not None and grabbed.is_lifted():
            self.aim.light_for(grabbed.mapRectToScene(grabbed.card_rect()), self._carrying)
            self.drag_picture.moved()
        elif grabbed is not None:
            self._lock.moved(event.position())
        elif event.buttons() & Qt.MouseButton.LeftButton:
            self._auto_fit = False  # the player pans the table: leave it where they put it

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:
        self.drag_picture.end(mark=True)
        self._release_global = event.globalPosition().toPoint()
        grabbed = self._grabbed_card()
        try:
            super().mouseReleaseEvent(event)
        finally:
            if grabbed is not None:
                self.drag_picture.set_down(grabbed)  # if nothing moved it: let go where it lay
            # The drop's frame from the drag's picture, if it may be; or the picture is gone.
            self.drag_picture.land(self._landed)
            self._landed = None
            self._release_global = None
            self.aim.light(None)
            self.setDragMode(QtWidgets.QGraphicsView.DragMode.ScrollHandDrag)
            if grabbed is not None:
                self._lock.release(grabbed)
            self._carrying = []
            if event.button() == Qt.MouseButton.LeftButton:
                self.held.emit(False)

    def _relit(self, zone: ZoneItem) -> None:
        """``zone`` was lit or put out: a dragged card's picture draws it again."""
        if zone.spec.style is not ZoneStyle.OPEN:  # the open table looks the same lit
            self.drag_picture.redraw(zone.sceneBoundingRect())

    def _picture_drag(self, card: TableCard) -> None:
        """Paint the drag of ``card`` over a picture of the table when nothing else on the
        felt moves (:mod:`~cardtable.ui.table.drag_picture`)."""
        if (
            card.is_lifted()
            and self._carrying == [card.card_id]
            and len(self.scene().selectedItems()) <= 1
            and not self._slides.sliding()
            and not animations_running()
        ):
            self.drag_picture.begin(card)

    def _uncover(self, top: TableCard) -> None:
        """Show the card under a stack's lifted top card (hidden while covered)."""
        spec = self._layout.zone(PileId(top.pile_id))
        if spec is None or spec.style is not ZoneStyle.STACK:
            return
        pile = self._document.session.table.piles.get(spec.pile)
        if pile is not None and len(pile.cards) > 1 and pile.cards[-1] == top.card_id:
            under = self._items.get(pile.cards[-2])
            if under is not None:
                under.setVisible(True)

    def contextMenuEvent(self, event: QtGui.QContextMenuEvent) -> None:
        self.drag_picture.end()
        self._hide_preview()
        if event.reason() == QtGui.QContextMenuEvent.Reason.Keyboard:
            target = self.focused_item()
            where = (
                self.mapFromScene(target.sceneBoundingRect().center())
                if target is not None
                else self.viewport().rect().center()
            )
        else:
            where = event.pos()
            target = next(
                (i for i in self.items(where) if isinstance(i, TableCard | ZoneItem)), None
            )
        if isinstance(target, TableCard) and not target.isSelected():
            self.scene().clearSelection()
            target.setSelected(True)
        menu = self.card_actions.menu_for(target)
        menu.exec(self.viewport().mapToGlobal(where))
        menu.deleteLater()

    # --- dragging in from the hand dock ----------------------------------------------------

    def _dragged_cards(self, event: QtGui.QDropEvent) -> list[str]:
        return dragged_cards(event.mimeData())

    def _drop_rect(self, event: QtGui.QDropEvent, cards: list[str]) -> QtCore.QRectF:
        centre = self.mapToScene(event.position().toPoint())
        state = self._document.session.state
        kind = _kind_of(state, cards[0]) if CardId(cards[0]) in state.table.cards else "tarot"
        size = card_art.card_size(kind)
        corner = centre - QtCore.QPointF(size.width() / 2, size.height() / 2)
        return QtCore.QRectF(corner, size)

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        if self._dragged_cards(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QtGui.QDragMoveEvent) -> None:
        cards = self._dragged_cards(event)
        if not cards:
            event.ignore()
            return
        if self.aim.light_for(self._drop_rect(event, cards), cards):
            event.acceptProposedAction()
        else:
            event.ignore()  # the pointer says "not here", as the zone lit red does

    def dragLeaveEvent(self, event: QtGui.QDragLeaveEvent) -> None:
        self.aim.light(None)
        event.accept()

    def dropEvent(self, event: QtGui.QDropEvent) -> None:
        cards = self._dragged_cards(event)
        self.aim.light(None)
        if not cards:
            event.ignore()
            return
        self.drop_cards(cards, self._drop_rect(event, cards), None)
        event.acceptProposedAction()

    # --- the keyboard ---------------------------------------------------------------------

    def focus_on(self, item: QtWidgets.QGraphicsItem) -> None:
        """Put the keyboard focus on a zone or card of the felt."""
        self.keys.focus_on(item)

    def move_focus(self, step: int, by_zone: bool) -> bool:
        """Move the focus ``step`` places on (cards and zones, or zones only)."""
        return self.keys.move_focus(step, by_zone)

    def focusNextPrevChild(self, next: bool) -> bool:
        if self.hasFocus() and self.keys.move_focus(1 if next else -1, by_zone=True):
            return True
        return super().focusNextPrevChild(next)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        self.drag_picture.end()  # a key may change any card (its ring, its side)
        if self.keys.key_press(event) or self.card_actions.explain(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusInEvent(event)
        self.keys.focus_in(event)

    # --- hovering -------------------------------------------------------------------------

    def _face_shown(self, card: str) -> CardFace | None:
        return self._shown_as.get(card, (None,))[0]

    def show_preview(self, card: str) -> None:
        """Show ``card`` large now, if its face may be painted (after a peek, say)."""
        item = self._items.get(card)
        if item is not None:
            self._hover.show_now(item)

    def _hide_preview(self) -> None:
        self._hover.hide()


def _places(zone: ZoneSpec, pile: Pile | None, cards: list[str], layers: SpotLayers) -> list[Place]:
    """Where ``cards`` (those ``zone`` shows) lie and at which layer: put down by hand (each
    at the layer ``layers`` keeps for it), or as the zone lays them."""
    if pile is not None and pile.spots:
        return open_xy(zone, cards, pile.spots, partial(layers.ranked, str(zone.pile)))
    return laid_xy(zone, len(cards))


def _kind_of(state: GameState, card: str) -> str:
    return card_art.deck_kind(state.table.cards[CardId(card)].face)


def _deck_of(pile: PileId) -> str:
    return pile.rpartition("/")[0]


def _deck_kinds(state: GameState) -> dict[str, str]:
    kinds = {}
    for deck in state.decks:
        cards = deck.cards()
        if cards:
            kinds[str(deck.id)] = card_art.deck_kind(cards[0].face)
    return kinds
