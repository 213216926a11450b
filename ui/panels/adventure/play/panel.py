"""Fantastical Adventure at the table, besides the Conflict: turns and scenes, the cast, Hits,
Ambitions and Bonds, Lending a Hand, and Identify Checks.

- **Turn and scene**: whose turn it is in the seat order, "Pass the turn", "New scene…" (with
  the draws for short-term Ambitions pursued, and "dead" characters regaining a card), and a
  button that hands the computer to whoever's turn it is.
- **The cast**: every character with its hand size and how it stands ("dead", Gone Down,
  Facets lost); environments marked as such.
- **Hits and wounds**: :class:`~cardtable.ui.panels.adventure.hits.HitsBox`.
- **Ambitions and Bonds**: take up an Ambition (a short-term one draws a card), accomplish
  one (five cards, shared with those who helped), act on a Bond (a card), Lend a Hand (the
  giver chooses cards behind the curtain; they go to the bonded character's hand).
- **Identify Check**: a player introduces a vague threat and the top card of the draw pile
  is laid face down; characters claim in turn with higher cards, face up; the reveal says
  what the thing is, in the log.

Every button is one session action (:mod:`cardtable.steps.adventure.play`), enabled only where
the model lets the seat holding the computer take it (its reason is the tooltip elsewhere):
a character's Ambitions, Bonds, loans and claims are its player's decisions, a new scene the
GM's. Where the character chosen is another player's, the form says "Waiting for Bea
(Bartholomew Quince)" beside a button that passes Bea the computer; pickers default to the
holder's own character, or to nobody. A hand is listed only while its player holds the
computer, and only the faces :func:`~cardtable.session.on_screen` allows.
"""

from __future__ import annotations

from attrs import frozen

from cardtable.cards import CardId, PlayingCard
from cardtable.piles import PileId
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.identify import IDENTIFY_PILE, later_is_higher
from cardtable.session import (
    Action,
    Changes,
    Character,
    CharacterId,
    PassSeat,
    PlayerId,
    hand_id,
    on_screen,
)
from cardtable.steps.adventure import play as steps
from cardtable.steps.adventure.conflict import (
    adventure_characters,
    find_game,
    first_narrator,
    has_shoe,
    is_environment,
    not_ready,
)
from cardtable.ui.document import SessionDocument
from cardtable.ui.help.question_mark import rules_button
from cardtable.ui.panels.adventure.conflict.views import HandPicker
from cardtable.ui.panels.adventure.hits import HitsBox, status_words
from cardtable.ui.panels.adventure.play.forms import (
    AccomplishDialog,
    SceneDialog,
    fill_choices,
    goals_of,
    ties_of,
)
from cardtable.ui.panels.adventure.play.identify_box import IdentifyBox
from cardtable.ui.panels.base import EVERY_CHANGE, SessionPanel
from cardtable.ui.panels.card_chips import card_caption
from cardtable.ui.panels.in_sight import RefreshInSight
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of, fill_characters
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.table.choosing import card_choice
from cardtable.ui.widgets.style import (
    button,
    enter_presses,
    escape,
    forget_typing,
    scrolling_dock,
    style_panel,
)
from cardtable.ui.widgets.style import combo as _combo
from cardtable.ui.widgets.style import line_edit as _line
from cardtable.ui.widgets.theme import ink

TITLE = "Adventure play"
DOCK_NAME = "adventurePlayDock"
LONG_TERM = "(a new long-term Ambition)"


@frozen
class Ask:
    """Cards the panel is asking a player for: an Identify claim or a Lend a Hand."""

    kind: str  # "claim" or "lend"
    character: str
    text: str = ""  # what the thing is, for a claim
    other: str = ""  # who receives, for a Lend a Hand


def _row(*widgets: QtWidgets.QWidget, stretch: int = 0) -> QtWidgets.QHBoxLayout:
    row = QtWidgets.QHBoxLayout()
    for index, widget in enumerate(widgets):
        row.addWidget(widget, 1 if index == stretch else 0)
    return row


class AdventurePlayPanel(SessionPanel, QtWidgets.QWidget):
    """Everything of Fantastical Adventure outside a Conflict, for the session in ``document``."""

    watches = EVERY_CHANGE

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setObjectName("adventurePlayPanel")
        self.setAccessibleName(TITLE)
        style_panel(self, "#2d3b5a", "#b7791f", "#f4f2ec",
                    "#bigNumber { font-size: 18pt; font-weight: bold; color: palette(text); }")
        self.pending: Ask | None = None
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(6)
        title = QtWidgets.QLabel("Fantastical Adventure: play", self)
        title.setObjectName("panelTitle")
        rules_button(title, "adventure", lambda: "turns", "Fantastical Adventure")
        layout.addWidget(title)
        layout.addWidget(self._build_turn())
        self.hits = HitsBox(document, self)
        layout.addWidget(self.hits)
        layout.addWidget(self._build_cast())
        layout.addWidget(self._build_ambitions())
        self.identify = IdentifyBox(self)
        self.identify.waiting = WaitingFor(document, self.identify)
        self.identify.form.addRow(self.identify.waiting)
        self.identify.claimer.currentIndexChanged.connect(lambda _i: self.refresh())
        # The Identify Check's controls, named on the panel as the rest are.
        box = self.identify
        self.identify_text, self.identify_cards = box.text, box.cards
        self.introducer, self.threat, self.start_identify = (
            box.introducer, box.threat, box.start)
        self.claimer, self.claim_what, self.claim, self.reveal = (
            box.claimer, box.claim_what, box.claim, box.reveal)
        self.start_identify.clicked.connect(self._on_start_identify)
        self.claim.clicked.connect(self._on_claim)
        self.reveal.clicked.connect(lambda: self.apply(steps.reveal_identify()))
        layout.addWidget(box)
        self.picker = HandPicker(self)
        self.picker.choice = card_choice(document)
        self.picker.chosen.connect(self._on_chosen)
        self.picker.pass_requested.connect(self._on_pass)
        self.picker.cancelled.connect(self._on_cancel)
        layout.addWidget(self.picker)
        self.message = self.message_line()
        layout.addWidget(self.message)
        layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._in_sight = RefreshInSight(self, self.refresh)
        self.refresh()

    # -- building -------------------------------------------------------------------------

    def _build_turn(self) -> QtWidgets.QGroupBox:
        box = QtWidgets.QGroupBox("Turn and scene", self)
        layout = QtWidgets.QVBoxLayout(box)
        self.scene = QtWidgets.QLabel(box)
        self.scene.setObjectName("bigNumber")
        self.turn = QtWidgets.QLabel(box)
        self.turn.setTextFormat(Qt.TextFormat.RichText)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.scene)
        top.addSpacing(12)
        top.addWidget(self.turn, 1)
        layout.addLayout(top)
        self.order = QtWidgets.QLabel(box)
        self.order.setWordWrap(True)
        self.order.setTextFormat(Qt.TextFormat.RichText)
        self.order.setAccessibleName("Seat order")
        layout.addWidget(self.order)
        self.pass_turn = button("Pass the tur&n", "Narration passes to the next seat", box)
        self.pass_turn.clicked.connect(self._on_pass_turn)
        self.new_scene = button("Ne&w scene…", "Begin the next scene, with the draws it "
                                "brings", box)
        self.new_scene.clicked.connect(self.open_scene)
        self.hand_over = button("Hand the computer over", "Pass the computer to the player "
                                "whose turn it is, behind the curtain", box, primary=True)
        self.hand_over.clicked.connect(self._on_hand_over)
        layout.addLayout(_row(self.pass_turn, self.new_scene, stretch=-1))
        layout.addWidget(self.hand_over)
        return box

    def _build_cast(self) -> QtWidgets.QGroupBox:
        box = QtWidgets.QGroupBox("The cast", self)
        layout = QtWidgets.QVBoxLayout(box)
        self.cast = QtWidgets.QLabel(box)
        self.cast.setTextFormat(Qt.TextFormat.RichText)
        self.cast.setWordWrap(True)
        self.cast.setAccessibleName("The cast")
        layout.addWidget(self.cast)
        return box

    def _build_ambitions(self) -> QtWidgets.QGroupBox:
        box = QtWidgets.QGroupBox("Ambitions and Bonds", self)
        form = QtWidgets.QFormLayout(box)
        # In a narrow column a row's label goes above its fields rather than squeezing them.
        form.setRowWrapPolicy(QtWidgets.QFormLayout.RowWrapPolicy.WrapLongRows)
        self.who = _combo("Character", "The character whose Ambitions and Bonds are shown", box)
        self.who.currentIndexChanged.connect(lambda _i: self.refresh())
        form.addRow("Ch&aracter", self.who)
        self.goals = QtWidgets.QLabel(box)
        self.goals.setTextFormat(Qt.TextFormat.RichText)
        self.goals.setWordWrap(True)
        form.addRow(self.goals)
        self.new_goal = _line("New Ambition", "a new Ambition…", box)
        self.serves = _combo("Serving", "The long-term Ambition a short-term one serves", box)
        self.take_up = button("Take &up", "Take on the Ambition (a short-term one draws a card)",
                              box)
        self.take_up.clicked.connect(self._on_take_up)
        enter_presses(self.new_goal, self.take_up)
        form.addRow("New", self.new_goal)
        form.addRow("Serving", _row(self.serves, self.take_up))
        self.short = _combo("Short-term Ambition", "A short-term Ambition of the character", box)
        self.accomplish = button("Acco&mplished…", "Five cards, shared with those who helped",
                                 box)
        self.accomplish.clicked.connect(self.open_accomplish)
        form.addRow("Done", _row(self.short, self.accomplish))
        self.bonds = QtWidgets.QLabel(box)
        self.bonds.setTextFormat(Qt.TextFormat.RichText)
        self.bonds.setWordWrap(True)
        form.addRow(self.bonds)
        self.bond = _combo("Bond", "A Bond of the character", box)
        self.bond.currentIndexChanged.connect(lambda _i: self.refresh())
        self.act = button("Acted on it", "Acting in accordance with the Bond draws a card", box)
        self.act.clicked.connect(self._on_act)
        self.lend = button("&Lend a Hand…", "Give cards to the bonded character (chosen "
                           "behind the curtain)", box)
        self.lend.clicked.connect(self._on_lend)
        form.addRow("Bond", self.bond)
        form.addRow(_row(self.act, self.lend, stretch=-1))
        self.ambition_waiting = WaitingFor(self.document, box)
        form.addRow(self.ambition_waiting)
        return box

    # -- reading --------------------------------------------------------------------------

    def _game(self) -> AdventureGame | None:
        return find_game(self.session.state)

    def _ready(self) -> list[Character]:
        return [c for c in adventure_characters(self.session.state) if not_ready(c) is None]

    def _turn_player(self, game: AdventureGame | None) -> tuple[str, str] | None:
        """(id, name) of the player whose turn it is."""
        if game is not None:
            return game.turn_player.id, game.turn_player.name
        opening = first_narrator(self.session.state)
        return (opening.id, opening.name) if opening else None

    # -- refreshing -----------------------------------------------------------------------

    def _asking(self) -> bool:
        """Whether the panel asks for a card, or did until this change: on the felt too."""
        return self.pending is not None or not self.picker.isHidden()

    def refresh(self) -> None:
        game = self._game()
        blocked = self.curtain_reason()
        ready = self._ready()
        self._show_turn(game, blocked)
        self._show_cast(game, ready)
        self._show_ambitions(game, ready, blocked)
        state = self.session.state
        self.identify.show_check(self.session, game,
                                 [(c.id, c.name) for c in ready if not is_environment(state, c)],
                                 blocked)
        self._show_picker(game)

    def _show_turn(self, game: AdventureGame | None, blocked: str | None) -> None:
        state = self.session.state
        scene = max(state.scene, game.scene if game is not None else 0)
        self.scene.setText(f"Scene {scene}")
        turn = self._turn_player(game)
        seated = state.players
        if turn is None:
            self.turn.setText("Nobody at the table yet")
            self.order.clear()
        else:
            colour = next((p.colour for p in seated if p.id == turn[0]), "#333")
            self.turn.setText(f"<span style='color:{colour}; font-size:14pt'>●</span> "
                              f"<b>{escape(turn[1])}</b>'s turn")
            names = [f"<b><u>{escape(p.name)}</u></b>" if p.id == turn[0] else escape(p.name)
                     for p in seated]
            self.order.setText("Seat order: " + " → ".join(names))
        conflict = game.conflict if game is not None else None
        why = blocked or (None if turn else "nobody is at the table") or (
            "finish the Conflict in progress first" if conflict is not None else None)
        nxt = ""
        if turn is not None and seated:
            at = next((i for i, p in enumerate(seated) if p.id == turn[0]), 0)
            nxt = seated[(at + 1) % len(seated)].name
        allow_step(self.pass_turn, self.session, steps.pass_turn(turn[0]) if turn else None,
                   f"{turn[1] if turn else 'Nobody'} passes narration to {nxt}", why)
        allow_step(self.new_scene, self.session, steps.new_scene(),
                   self.new_scene.accessibleDescription(),
                   blocked or ("finish the Conflict in progress first"
                               if conflict is not None else None))
        holder = self.session.holder
        # Outside a Conflict (which passes the computer as it needs), offer to hand it over.
        away = turn is not None and holder != turn[0] and blocked is None and conflict is None
        self.hand_over.setVisible(away)
        if away and turn is not None:
            self.hand_over.setText(f"Hand the computer to {turn[1]}")
            self.hand_over.setAccessibleName(self.hand_over.text())

    def _show_cast(self, game: AdventureGame | None, ready: list[Character]) -> None:
        state = self.session.state
        if not has_shoe(state):
            self.cast.setText("<i>This session has no shoe of playing cards on the table: "
                              "Fantastical Adventure is played with one (start a session "
                              "with it from File > New session).</i>")
            return
        if not ready:
            self.cast.setText("<i>No character is ready for Fantastical Adventure (a sheet "
                              "with a Strong and a Weak Suit).</i>")
            return
        rows = []
        turn = self._turn_player(game)
        for character in ready:
            player = state.player(character.player)
            playing = game.characters.get(character.id) if game is not None else None
            environment = is_environment(state, character)
            if environment:
                cards = "environment, no hand"
            else:
                pile = state.table.piles.get(PileId(game.hand_id(character.id) if playing
                                                    and game else hand_id(character)))
                count = len(pile.cards) if pile is not None else 0
                cards = f"{count} card{'s' if count != 1 else ''}"
            marks = status_words(playing) if playing is not None else []
            badge = "".join(f" <span style='color:{ink('error')}; font-weight:bold'>"
                            f"{escape(m)}</span>" for m in marks)
            here = " · <i>turn</i>" if turn is not None and player.id == turn[0] else ""
            rows.append(f"<tr><td><span style='color:{player.colour}'>●</span> "
                        f"<b>{escape(character.name)}</b>{badge}</td>"
                        f"<td style='color:{ink('muted')}'>&nbsp;{escape(player.name)}{here}</td>"
                        f"<td style='color:{ink('muted')}'>&nbsp;{cards}</td></tr>")
        self.cast.setText("<table cellspacing=2>" + "".join(rows) + "</table>")

    def _show_ambitions(self, game: AdventureGame | None, ready: list[Character],
                        blocked: str | None) -> None:
        state = self.session.state
        session = self.session
        fill_characters(self.who, session, [(c.id, c.name) for c in ready])
        character = self.who.currentData()
        goals = goals_of(state, game, character) if character else []
        lines = [f"<b>{escape(g.text)}</b>" if g.serves is None else
                 f"&nbsp;&nbsp;↳ {escape(g.text)}" for g in goals]
        self.goals.setText("<br>".join(lines) if lines else "<i>No Ambitions yet.</i>")
        longs = [g.text for g in goals if g.serves is None]
        fill_choices(self.serves, [(text, f"toward: {text}") for text in longs]
                   + [(None, LONG_TERM)], longs[0] if longs else None)
        fill_choices(self.short, [(g.text, g.text) for g in goals if g.serves is not None])
        chosen = None if character else "choose the character first"
        allow_step(self.take_up, session,
                   steps.take_up_ambition(character, "", None) if character else None,
                   self.take_up.accessibleDescription(), blocked or chosen)
        allow_step(self.accomplish, session,
                   steps.accomplish(character, "", {}) if character else None,
                   self.accomplish.accessibleDescription(),
                   blocked or chosen or (None if self.short.count() else
                                         "no short-term Ambition to accomplish"))
        ties = ties_of(state, game, character) if character else []
        self.bonds.setText("<br>".join(f"Bond with <b>{escape(t.name)}</b>: {escape(t.nature)}"
                                       for t in ties) if ties else "<i>No Bonds yet.</i>")
        fill_choices(self.bond, [(t.other, t.name) for t in ties])
        receiver = self.bond.currentData()
        allow_step(self.act, session,
                   steps.act_on_bond(character, receiver) if character and receiver else None,
                   self.act.accessibleDescription(), blocked or chosen or (
                       None if ties else "no Bond"))
        lendable = receiver is not None and any(
            c.id == receiver and not is_environment(state, c) for c in ready)
        allow_step(self.lend, session,
                   steps.lend_a_hand(character, receiver, []) if character and receiver
                   else None, self.lend.accessibleDescription(),
                   blocked or chosen or (None if lendable else
                                         "only a bonded character in play can be lent cards"))
        self.ambition_waiting.show_for(
            decider_of(session, steps.take_up_ambition(character, "", None))
            if character else None, "to act on these Ambitions and Bonds")

    def _show_picker(self, game: AdventureGame | None) -> None:
        ask = self.pending
        self.picker.setVisible(ask is not None)
        if ask is None:
            return
        session = self.session
        character = session.characters.get(CharacterId(ask.character))
        if character is None or (ask.kind == "claim" and (game is None or game.identify is None)):
            self.pending = None
            self.picker.hide()
            return
        player = session.state.player(character.player)
        lending = ask.kind == "lend"
        confirm = "Give these cards" if lending else "Play face up"
        self.picker.cards.setSelectionMode(
            QtWidgets.QAbstractItemView.SelectionMode.MultiSelection if lending else
            QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        receiver = session.characters.get(CharacterId(ask.other))
        doing = (f"the cards {character.name} lends to {receiver.name if receiver else ask.other}"
                 if lending else f"the card {character.name} claims with")
        owner = f"Waiting for {player.name} ({character.name})"
        if session.curtain is not None:
            waiting = session.state.player(session.curtain)
            self.picker.ask(f"{owner}: behind the curtain, {player.name} chooses {doing} once "
                            "they take the computer.", None, confirm=confirm,
                            pass_to=None if waiting.id == player.id else player.name)
            return
        if session.holder != player.id:
            self.picker.ask(f"{owner}: {player.name} chooses {doing} in secret.", None,
                            confirm=confirm, pass_to=player.name)
            return
        shown = on_screen(session)
        pile = session.table.piles.get(PileId(game.hand_id(character.id) if game is not None and
                                              character.id in game.characters else
                                              hand_id(character)))
        hand = [c for c in (pile.cards if pile is not None else []) if c in shown]
        if not lending and game is not None and game.identify is not None \
                and game.identify.claims:
            last = session.table.card(game.identify.claims[-1].card).face
            hand = [c for c in hand if isinstance(f := session.table.card(c).face, PlayingCard)
                    and isinstance(last, PlayingCard) and later_is_higher(f, last)]
        cards = [(c, card_caption(session.table.card(c).face)) for c in hand]
        tail = " (click each card to give)" if lending else " (only cards higher than the last)"
        # A claim dragged onto the Identify Check is made; cards lent are clicked one by one.
        self.picker.ask(f"{player.name}: choose {doing}{tail}.", cards, confirm=confirm,
                        empty="No card in the hand can be played.", player=player.id,
                        place=None if lending else PileId(IDENTIFY_PILE),
                        probe=lambda card: self._action_for(ask, [card]))
        if lending:
            self.picker.cards.clearSelection()  # nothing is given until it is clicked

    # -- acting ---------------------------------------------------------------------------

    def _on_pass_turn(self) -> None:
        turn = self._turn_player(self._game())
        if turn is not None:
            self.apply(steps.pass_turn(turn[0]))

    def _on_hand_over(self) -> None:
        turn = self._turn_player(self._game())
        if turn is not None:
            self.apply(PassSeat(self.session.state.seat_of(PlayerId(turn[0]))))

    def open_scene(self) -> SceneDialog | None:
        """Ask which short-term Ambitions are pursued, then begin the next scene (the GM's
        decision: None, and the model's reason refused, at another seat)."""
        if not self.may(steps.new_scene()):
            return None
        dialog = SceneDialog(self.session.state, self._game(), self._ready(), self)
        self.present(dialog, lambda: self.apply(steps.new_scene(dialog.working_toward())))
        return dialog

    def open_accomplish(self) -> AccomplishDialog | None:
        """Share the five cards of the chosen short-term Ambition."""
        character = self.who.currentData()
        text = self.short.currentData()
        if character is None or text is None or not self.may(steps.accomplish(character, text,
                                                                                 {})):
            return None
        state = self.session.state
        found = state.character(CharacterId(character))
        helpers = [(c.id, c.name) for c in self._ready()
                   if c.id != character and not is_environment(state, c)]
        dialog = AccomplishDialog(found, text, helpers, self)
        self.present(dialog,
                     lambda: self.apply(steps.accomplish(character, text, dialog.shares())))
        return dialog

    def _on_take_up(self) -> None:
        character, text = self.who.currentData(), self.new_goal.text().strip()
        if character is None or not text:
            self.refuse("Write the Ambition first.")
            return
        serves = self.serves.currentData()
        if self.apply(steps.take_up_ambition(character, text, serves)):
            self.new_goal.clear()

    def _on_act(self) -> None:
        character, other = self.who.currentData(), self.bond.currentData()
        if character is not None and other is not None:
            self.apply(steps.act_on_bond(character, other))

    def _on_lend(self) -> None:
        character, other = self.who.currentData(), self.bond.currentData()
        if character is not None and other is not None:
            self._ask(Ask("lend", character, other=other))

    def _on_start_identify(self) -> None:
        introducer, threat = self.introducer.currentData(), self.threat.text().strip()
        if introducer is None or not threat:
            self.refuse("Say who introduced the threat and describe it, vaguely.")
            return
        if self.apply(steps.start_identify(introducer, threat)):
            self.threat.clear()

    def _on_claim(self) -> None:
        character, what = self.claimer.currentData(), self.claim_what.text().strip()
        if character is None or not what:
            self.refuse("Choose who claims and say what they think the thing is.")
            return
        self._ask(Ask("claim", character, text=what))

    def _ask(self, ask: Ask) -> None:
        self.message.clear()
        self.pending = ask
        self.refresh()
        QtCore.QTimer.singleShot(0, self.picker.bring_into_view)  # once laid out anew
        target = self.picker.cards if self.picker.cards.isVisible() else self.picker.pass_button
        target.setFocus()

    def _on_chosen(self, card_id: str) -> None:
        ask = self.pending
        if ask is None:
            return
        cards = [CardId(str(item.data(Qt.ItemDataRole.UserRole)))
                 for item in self.picker.cards.selectedItems()] if ask.kind == "lend" else [
            CardId(card_id)]
        action = self._action_for(ask, cards)
        self.pending = None
        if self.apply(action):
            if ask.kind == "claim":
                self.claim_what.clear()
        else:
            self.pending = ask
        self.refresh()

    @staticmethod
    def _action_for(ask: Ask, cards: list[CardId]) -> Action:
        """The step ``ask`` leads to with ``cards`` chosen."""
        if ask.kind == "lend":
            return steps.lend_a_hand(ask.character, ask.other, cards)
        return steps.identify_claim(ask.character, cards[0], ask.text)

    def _on_pass(self) -> None:
        ask = self.pending
        character = self.session.characters.get(CharacterId(ask.character)) if ask else None
        if character is not None:
            self.apply(PassSeat(self.session.state.seat_of(character.player)))

    def _on_cancel(self) -> None:
        self.pending = None
        self.refresh()

    def _on_replaced(self) -> None:
        self.pending = None
        self.message.clear()
        forget_typing(self)
        self.refresh()

    def _on_changed(self, changes: Changes) -> None:
        # A card asked for is asked for on the felt too: that follows every change.
        self._in_sight.changed(changes.value, self._asking())


def make_dock(document: SessionDocument, parent: QtWidgets.QWidget) -> QtWidgets.QDockWidget:
    """The Adventure play panel in a dock widget for the main window."""
    return scrolling_dock(AdventurePlayPanel(document), TITLE, DOCK_NAME, parent)


__all__ = ["DOCK_NAME", "TITLE", "AdventurePlayPanel", "Ask", "make_dock"]
