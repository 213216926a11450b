"""Hits at the table: striking a Hit one has earned, the Hit player's choice, getting up,
treatment, and "dead" characters.

:class:`HitsBox` lists what is waiting: Hits earned and not yet struck ("Grimsby may Hit
Mirela [Hit]"), Hits to take ("Mirela must take a Hit [Take the Hit…]"), characters who Went
Down or lost Facets (Shake It Off, Treat) and "dead" ones (back only through a Monologue of
Miraculous Survival, in the Author-token panel). Each row's decision is someone's: a Hit is
struck by the winner's player, taken (and got up from) by the Hit character's player; a row
whose decision is not the holder's says "Waiting for Bea (Bartholomew Quince)", its buttons
greyed with the model's reason, beside "Pass the computer to Bea". :class:`HitDialog` asks the
Hit character's player, at their seat only: Go Down, Shake It Off by discarding a card or
losing a Facet, or be "killed". A card to discard is listed only while that player holds
the computer, and only as :func:`~cardtable.session.on_screen` allows. Every choice is one
session action from :mod:`cardtable.steps.adventure.play`; the rules stay in
:mod:`cardtable.resolvers.adventure.hits`.
"""

from __future__ import annotations

from cardtable.cards import CardId, Suit
from cardtable.piles import PileId
from cardtable.resolvers.adventure.characters import Character as PlayCharacter
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.hits import HitChoice
from cardtable.session import CharacterId, PassSeat, ResolverStep, Session, on_screen
from cardtable.steps.adventure import play as steps
from cardtable.steps.adventure.conflict import find_game
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.base import EVERY_CHANGE, SessionPanel
from cardtable.ui.panels.card_chips import card_caption
from cardtable.ui.panels.owners import allow_step, decider_of, owner_name, owner_words
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.widgets.style import allow, button, escape
from cardtable.ui.widgets.theme import ink_text

#: A row's button: (key, text, tooltip, what it does, the step it leads to, asked of the model).
RowAction = tuple[str, str, str, object, ResolverStep | None]

#: What each choice means, as the dialog explains it.
CHOICES = {
    HitChoice.GO_DOWN: ("Goes &Down", "Cannot act until treated or until Shaking It Off"),
    HitChoice.SHAKE_OFF_DISCARD: ("Shakes It Off, &discarding a card",
                                  "Discard one card from the hand"),
    HitChoice.SHAKE_OFF_FACET: ("Shakes It Off, losing a &Facet",
                                "The Facet is lost (struck through on the sheet) until treated"),
    HitChoice.KILLED: ("Is “&killed”", "Out of the story until a Monologue of Miraculous "
                       "Survival; regains a card each scene meanwhile"),
}


def status_words(character: PlayCharacter) -> list[str]:
    """How a character stands after Hits, in words for badges: "“dead” (2 scenes)",
    "Gone Down", "lost: Poet"."""
    words = []
    if character.dead:
        scenes = character.scenes_dead
        words.append("“dead”" + (f" ({scenes} scene{'s' if scenes != 1 else ''})"
                                 if scenes else ""))
    if character.down:
        words.append("Gone Down")
    lost = character.facet_names(lost=True)
    if lost and not character.dead:
        words.append("lost: " + ", ".join(lost))
    return words


def hand_cards(session: Session, game: AdventureGame, character: str
               ) -> list[tuple[CardId, str]] | None:
    """The character's hand as (card, caption), or None when whoever holds the computer may
    not see it (someone else's hand, or the curtain is up)."""
    if session.curtain is not None:
        return None
    who = game.characters.get(character)
    if who is None or not who.has_hand or session.holder != who.player:
        return None
    shown = on_screen(session)
    pile = session.table.pile(PileId(game.hand_id(character)))
    return [(card, card_caption(session.table.card(card).face)) for card in pile.cards
            if card in shown]


class HitDialog(QtWidgets.QDialog):
    """The Hit character's player chooses how the Hit lands (or, for one who Went Down, how
    they Shake It Off: ``getting_up``)."""

    def __init__(self, session: Session, game: AdventureGame, target: str, *,
                 getting_up: bool = False, reason: str = "",
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.target = target
        self.getting_up = getting_up
        who = game.character(target)
        player = game.player(who.player).name
        self.setWindowTitle(f"{who.name} Shakes It Off" if getting_up else
                            f"{who.name} takes a Hit")
        self.setAccessibleName(self.windowTitle())
        layout = QtWidgets.QVBoxLayout(self)
        self.setMinimumWidth(380)
        lead = QtWidgets.QLabel(
            (f"<b>{escape(who.name)}</b> gets up: discard a card or lose a Facet until "
             "treated." if getting_up else
             f"<b>{escape(who.name)}</b> takes a Hit{f' ({escape(reason)})' if reason else ''}. "
             f"{escape(player)} chooses how it lands."), self)
        lead.setWordWrap(True)
        layout.addWidget(lead)
        self.options: dict[HitChoice, QtWidgets.QRadioButton] = {}
        offered = ([HitChoice.SHAKE_OFF_DISCARD, HitChoice.SHAKE_OFF_FACET] if getting_up
                   else list(HitChoice))
        for choice in offered:
            text, tip = CHOICES[choice]
            radio = QtWidgets.QRadioButton(text, self)
            radio.setToolTip(tip)
            radio.setAccessibleName(text.replace("&", ""))
            radio.setAccessibleDescription(tip)
            radio.toggled.connect(self._update)
            self.options[choice] = radio
            layout.addWidget(radio, 0, Qt.AlignmentFlag.AlignLeft)
            hint = QtWidgets.QLabel(tip, self)
            hint.setObjectName("hint")
            ink_text(hint, "muted", "margin-left: 24px;")
            hint.setWordWrap(True)
            layout.addWidget(hint)
            if choice is HitChoice.SHAKE_OFF_DISCARD:
                layout.addWidget(self._build_cards(session, game, target, player))
            elif choice is HitChoice.SHAKE_OFF_FACET:
                layout.addWidget(self._build_facets(who))
        self.buttons = QtWidgets.QDialogButtonBox(self)
        self.ok = self.buttons.addButton("Take the Hit" if not getting_up else "Get up",
                                         QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setToolTip("Apply the choice (it is logged, and undo can take it back)")
        self.buttons.addButton(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        first = next(iter(self.options.values()))
        first.setChecked(True)
        self._update()

    def _build_cards(self, session: Session, game: AdventureGame, target: str,
                     player: str) -> QtWidgets.QWidget:
        cards = hand_cards(session, game, target)
        self.cards = QtWidgets.QListWidget(self)
        self.cards.setAccessibleName("Card to discard")
        self.cards.setMaximumHeight(120)
        self.cards_note = QtWidgets.QLabel(self)
        self.cards_note.setWordWrap(True)
        self.cards_note.setStyleSheet("margin-left: 24px; font-style: italic;")
        holder = QtWidgets.QWidget(self)
        column = QtWidgets.QVBoxLayout(holder)
        column.setContentsMargins(24, 0, 0, 0)
        column.addWidget(self.cards)
        column.addWidget(self.cards_note)
        self._can_discard = bool(cards)
        if cards is None:
            self.cards.hide()
            self.cards_note.setText(f"Only {player} may see the hand: pass them the computer "
                                    "to discard a card.")
        elif not cards:
            self.cards.hide()
            self.cards_note.setText("The hand is empty.")
        else:
            self.cards_note.hide()
            for card, caption in cards:
                item = QtWidgets.QListWidgetItem(caption)
                item.setData(Qt.ItemDataRole.UserRole, str(card))
                self.cards.addItem(item)
            self.cards.setCurrentRow(0)
        return holder

    def _build_facets(self, who: PlayCharacter) -> QtWidgets.QWidget:
        self.facet = QtWidgets.QComboBox(self)
        self.facet.setAccessibleName("Facet to lose")
        self.facet.setToolTip("The Facet lost until treated")
        for facet in who.facets:
            if facet.suit not in who.lost:
                self.facet.addItem(f"{facet.suit.symbol} {facet.name}", facet.suit)
        holder = QtWidgets.QWidget(self)
        row = QtWidgets.QHBoxLayout(holder)
        row.setContentsMargins(24, 0, 0, 0)
        row.addWidget(self.facet, 1)
        return holder

    def choice(self) -> HitChoice:
        return next(c for c, radio in self.options.items() if radio.isChecked())

    def _update(self) -> None:
        choice = next((c for c, r in self.options.items() if r.isChecked()), None)
        discarding = choice is HitChoice.SHAKE_OFF_DISCARD
        self.cards.setEnabled(discarding)
        self.facet.setEnabled(choice is HitChoice.SHAKE_OFF_FACET)
        why = None
        if discarding and not self._can_discard:
            why = "no card can be chosen here"
        elif choice is HitChoice.SHAKE_OFF_FACET and self.facet.count() == 0:
            why = "every Facet is lost already"
        allow(self.ok, why, "Apply the choice (it is logged, and undo can take it back)")

    def action(self) -> ResolverStep:
        """The session action for the choice made."""
        choice = self.choice()
        card: CardId | None = None
        suit: Suit | None = None
        if choice is HitChoice.SHAKE_OFF_DISCARD:
            item = self.cards.currentItem()
            card = CardId(str(item.data(Qt.ItemDataRole.UserRole))) if item else None
        elif choice is HitChoice.SHAKE_OFF_FACET:
            data = self.facet.currentData()
            suit = data if isinstance(data, Suit) else None
        if self.getting_up:
            return steps.shake_it_off(self.target, card=card, suit=suit)
        return steps.take_hit(self.target, choice, card=card, suit=suit)


class HitsBox(SessionPanel, QtWidgets.QGroupBox):
    """Hits earned, Hits to take, the wounded and the "dead", each with what can be done."""

    watches = EVERY_CHANGE

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(document, "Hits and wounds", parent)
        self.setObjectName("hitsBox")
        self.setAccessibleName("Hits and wounds")
        self._rows = QtWidgets.QVBoxLayout(self)
        self._rows.setSpacing(4)
        self.buttons: dict[str, QtWidgets.QPushButton] = {}
        self.refresh()

    def refresh(self) -> None:
        while self._rows.count():
            item = self._rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.buttons = {}
        game = find_game(self.session.state)
        lines = self._lines(game) if game is not None else []
        for text, actions in lines:
            row = self._row(text, actions)
            self._rows.addWidget(row)
            row.show()
        self.setVisible(bool(lines))

    def _lines(self, game: AdventureGame) -> list[tuple[str, list[RowAction]]]:
        """(text, [row actions]) for each row."""
        lines: list[tuple[str, list[RowAction]]] = []
        for allowance in game.hit_allowances:
            hitter, target = game.name(allowance.hitter), game.name(allowance.target)
            if game.character(allowance.target).dead:
                continue
            strike = steps.strike(allowance.hitter, allowance.target)
            lines.append(self._owned(
                f"{escape(hitter)} may Hit {escape(target)} {escape(allowance.reason)}, if "
                "violence fits.", allowance.hitter, strike,
                [(f"strike:{allowance.hitter}:{allowance.target}", f"Hit {target}",
                  f"{hitter} Hits {target}; {target}'s player chooses how it lands", strike,
                  strike)]))
        for pending in game.pending_hits:
            who = game.character(pending.target)
            player = game.player(who.player).name
            probe = steps.take_hit(who.id, HitChoice.GO_DOWN)
            lines.append(self._owned(
                f"<b>{escape(who.name)}</b> must take a Hit {escape(pending.reason)}: Go Down, "
                "Shake It Off or be “killed”.", who.id, probe,
                [(f"take:{who.id}", "Take the Hit…", f"{player} chooses how the Hit lands",
                  ("take", who.id, pending.reason), probe)]))
        taking = {h.target for h in game.pending_hits}
        for who in game.characters.values():
            if who.id in taking:
                continue
            if who.dead:
                lines.append((f"<b>{escape(who.name)}</b> is {status_words(who)[0]}: only a "
                              "Monologue of Miraculous Survival (3 Author tokens, in the "
                              "Author-token panel) brings them back.", []))
            elif who.down or who.lost:
                state = "; ".join(status_words(who))
                actions: list[RowAction] = []
                up = steps.shake_it_off(who.id)
                if who.down:
                    actions.append((f"up:{who.id}", "Shake It Off…", "Get up by discarding a "
                                    "card or losing a Facet", ("up", who.id, ""), up))
                treat = steps.treat(who.id)
                actions.append((f"treat:{who.id}", "Treat", "The wounds are treated: back on "
                                "their feet with every Facet", treat, treat))
                text = f"<b>{escape(who.name)}</b>: {escape(state)}."
                lines.append(self._owned(text, who.id, up, actions) if who.down
                             else (text, actions))
        return lines

    def _owned(self, text: str, character: str, step: ResolverStep, actions: list[RowAction]
               ) -> tuple[str, list[RowAction]]:
        """A row whose decision is ``step``'s decider's: where the seat holding the computer
        may not take it, the row says whom it waits for and offers to pass them the
        computer."""
        session = self.session
        decider = decider_of(session, step)
        holder = session.holder
        if decider is None or holder is None or decider.refusal(session.state, holder) is None:
            return text, actions
        name = owner_name(session.state, decider) or ""
        text += f" <i>Waiting for {escape(owner_words(session.state, decider) or name)}.</i>"
        pass_to = (f"pass:{character}", f"Pass the computer to {name}", f"Hand the computer "
                   f"to {name}, whose decision it is", ("pass", character, ""), None)
        return text, [pass_to, *actions]

    def _row(self, text: str, actions: list[RowAction]) -> QtWidgets.QWidget:
        row = QtWidgets.QFrame(self)
        row.setObjectName("numberBox")
        layout = QtWidgets.QVBoxLayout(row)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.setSpacing(2)
        label = QtWidgets.QLabel(text, row)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(label)
        row.setAccessibleName(QtGui.QTextDocumentFragment.fromHtml(text).toPlainText())
        buttons = QtWidgets.QHBoxLayout()
        buttons.addStretch(1)
        for key, title, tip, does, step in actions:
            widget = button(title, tip, row)
            widget.clicked.connect(lambda _=False, d=does: self._on_click(d))
            self.buttons[key] = widget
            if step is None:  # passing the computer (even behind the curtain): a line of its own
                allow(widget, None, tip)
                layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignRight)
                continue
            allow_step(widget, self.session, step, tip)
            buttons.addWidget(widget)
        if actions:
            layout.addLayout(buttons)
        return row

    def _on_click(self, does: object) -> None:
        if isinstance(does, ResolverStep):
            self.apply(does)
        elif isinstance(does, tuple):
            kind, character, reason = does
            if kind == "pass":
                self.pass_to(str(character))
                return
            self.open_dialog(str(character), getting_up=kind == "up", reason=str(reason))

    def open_dialog(self, character: str, *, getting_up: bool = False, reason: str = ""
                    ) -> HitDialog | None:
        """Ask ``character``'s player how the Hit lands (or how they get up): only at their
        seat (elsewhere None, and the model's reason is refused)."""
        game = find_game(self.session.state)
        if game is None:
            return None
        probe = (steps.shake_it_off(character) if getting_up else
                 steps.take_hit(character, HitChoice.GO_DOWN))
        if not self.may(probe):
            return None
        dialog = HitDialog(self.session, game, character, getting_up=getting_up,
                           reason=reason, parent=self)
        self.present(dialog, lambda: self.apply(dialog.action()))
        return dialog

    def pass_to(self, character: str) -> bool:
        """Hand the computer to the player of ``character`` (to choose a card in secret)."""
        found = self.session.characters.get(CharacterId(character))
        if found is None:
            return False
        return self.apply(PassSeat(self.session.state.seat_of(found.player)))


__all__ = ["CHOICES", "HitDialog", "HitsBox", "hand_cards", "status_words"]
