"""The dialogs of the Author-token panel: an Author Power's targets, a Veto, the vote, a debt.

Each dialog only collects choices and returns a :class:`Play`: the rules' own step
(:mod:`cardtable.resolvers.adventure.tokens`, which checks everything again) and the
session characters it names, which the step brings into the game first. Each is one
player's decision, opened at their seat only (the panel asks the model first): a Veto is
called by the player holding the computer, and each player casts their own vote at their
own seat. A card in a hand is named only when :func:`~cardtable.session.on_screen` says its
face may be shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import field, frozen

from cardtable.cards import CardId
from cardtable.counts import counted
from cardtable.piles import PileId, Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure.characters import Ambition, Bond
from cardtable.resolvers.adventure.events import Events
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import VetoSubject
from cardtable.resolvers.adventure.tokens import (
    AuthorPower,
    author_draw,
    call_veto,
    concrete_fact,
    count_votes,
    flashback,
    foreshadow,
    lucky_break,
    miraculous_survival,
    pay_veto,
    vote,
)
from cardtable.session import CharacterId, GameState, Session, hand_id, on_screen
from cardtable.session.wording import card_words
from cardtable.sheets.adventure import AdventureSheet
from cardtable.steps.adventure.conflict import adventure_characters, not_ready
from cardtable.ui.qt import Qt, QtWidgets

#: A step of the game: it changes the game (and the table) and says what happened.
Run = Callable[[AdventureGame, Table, Rng], Events]


def _names(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(values)


@frozen
class Play:
    """A step of the game and the characters (ids) it names."""

    run: Run
    involving: tuple[str, ...] = field(default=(), converter=_names)


MAX_ADVANTAGE = 10

#: What each power asks for: a character (whose), a text (its label), Advantage,
#: allies, inconvenienced characters.
_ASKS: dict[AuthorPower, tuple[str, str, bool, bool, bool]] = {
    AuthorPower.FLASHBACK: ("own", "The shared past narrated", True, False, False),
    AuthorPower.FORESHADOWING: ("", "The event foreshadowed", False, False, True),
    AuthorPower.CONCRETE_FACT: ("", "The fact", True, False, False),
    AuthorPower.DRAW: ("any", "", False, False, False),
    AuthorPower.MIRACULOUS_SURVIVAL: ("dead", "", False, False, False),
    AuthorPower.LUCKY_BREAK: ("own", "What succeeds", False, True, True),
}
EFFECTS = {
    AuthorPower.FLASHBACK: "narrate a shared past; may add a Bond or an Ambition and give "
    "Advantage",
    AuthorPower.FORESHADOWING: "each character the event inconveniences draws 1",
    AuthorPower.CONCRETE_FACT: "a fact that contradicts nothing; may give Advantage",
    AuthorPower.DRAW: "any one character draws a card",
    AuthorPower.MIRACULOUS_SURVIVAL: "a \"dead\" character returns",
    AuthorPower.LUCKY_BREAK: "an automatic scene-scale success; the inconvenienced draw 3",
}


def candidates(
    state: GameState, game: AdventureGame, player: str | None, which: str
) -> list[tuple[str, str]]:
    """(id, name) of the characters a power may name: ``own`` (the player's, able to act),
    ``dead`` (the player's "dead" ones), or ``any`` character that draws cards. Session
    characters whose sheets are ready count even before they join the game."""
    chosen = []
    ready = [c for c in adventure_characters(state) if not_ready(c) is None]
    for character in ready:
        playing = game.characters.get(character.id)
        dead = playing is not None and playing.dead
        hand = playing is None or playing.has_hand
        mine = character.player == player
        if (which == "own" and mine and not dead) or (which == "dead" and mine and dead) or (
            which == "any" and hand
        ):
            chosen.append((str(character.id), character.name))
    return chosen


def unavailable(state: GameState, game: AdventureGame, player: str, power: AuthorPower) -> str:
    """Why ``player`` cannot use ``power`` now, in words ("" when they can)."""
    purse = game.purse(player)
    name = game.player(player).name
    if purse.author < power.cost:
        plural = "s" if purse.author != 1 else ""
        return f"{name} has {purse.author} Author token{plural}; {power.value} costs {power.cost}"
    which = _ASKS[power][0]
    if which and not candidates(state, game, player, which):
        return {
            "own": f"{name} controls no character in the game who can act",
            "dead": f"None of {name}'s characters is \"dead\"",
            "any": "No character in the game draws cards",
        }[which]
    return ""


def _checklist(name: str, items: list[tuple[str, str]]) -> QtWidgets.QListWidget:
    widget = QtWidgets.QListWidget()
    widget.setAccessibleName(name)
    widget.setMaximumHeight(90)
    for cid, label in items:
        item = QtWidgets.QListWidgetItem(label)
        item.setData(Qt.ItemDataRole.UserRole, cid)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Unchecked)
        widget.addItem(item)
    return widget


def _checked(widget: QtWidgets.QListWidget | None) -> list[str]:
    if widget is None:
        return []
    return [
        widget.item(row).data(Qt.ItemDataRole.UserRole)
        for row in range(widget.count())
        if widget.item(row).checkState() == Qt.CheckState.Checked
    ]


#: Room a title bar takes besides its words: the window's icon and its buttons.
TITLE_BAR_EXTRA = 160


def title_room(dialog: QtWidgets.QDialog) -> int:
    """How wide ``dialog`` must be for its title bar to show its whole title."""
    return dialog.fontMetrics().horizontalAdvance(dialog.windowTitle()) + TITLE_BAR_EXTRA


def _buttons(dialog: QtWidgets.QDialog, ok: str) -> QtWidgets.QDialogButtonBox:
    box = QtWidgets.QDialogButtonBox(
        QtWidgets.QDialogButtonBox.StandardButton.Ok
        | QtWidgets.QDialogButtonBox.StandardButton.Cancel
    )
    box.button(QtWidgets.QDialogButtonBox.StandardButton.Ok).setText(ok)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class PowerDialog(QtWidgets.QDialog):
    """The targets and words an Author Power needs."""

    def __init__(self, state: GameState, game: AdventureGame, player: str, power: AuthorPower,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.power, self.player = power, player
        name = game.player(player).name
        # The power's name alone: its cost is said in the dialog, where it is never cut.
        self.setWindowTitle(power.value)
        self.setMinimumWidth(title_room(self))
        self.setAccessibleName(f"{power.value} for {name}")
        which, text_label, advantage, allies, inconvenienced = _ASKS[power]
        form = QtWidgets.QFormLayout(self)
        spends = QtWidgets.QLabel(
            f"{name} spends {counted(power.cost, 'Author token')}: {EFFECTS[power]}.")
        spends.setWordWrap(True)
        form.addRow(spends)
        others = candidates(state, game, None, "any")
        drawers = others
        self.character: QtWidgets.QComboBox | None = None
        if which:
            self.character = QtWidgets.QComboBox()
            self.character.setAccessibleName("Character")
            for cid, label in candidates(state, game, player, which):
                self.character.addItem(label, cid)
            form.addRow("Character", self.character)
        self.text: QtWidgets.QLineEdit | None = None
        if text_label:
            self.text = QtWidgets.QLineEdit()
            self.text.setAccessibleName(text_label)
            form.addRow(text_label, self.text)
        self.advantage_to: QtWidgets.QComboBox | None = None
        self.points: QtWidgets.QSpinBox | None = None
        if advantage:
            if power is AuthorPower.CONCRETE_FACT:
                self.advantage_to = QtWidgets.QComboBox()
                self.advantage_to.setAccessibleName("Advantage to")
                self.advantage_to.addItem("nobody", None)
                for cid, label in others:
                    self.advantage_to.addItem(label, cid)
                form.addRow("Advantage to", self.advantage_to)
            self.points = QtWidgets.QSpinBox()
            self.points.setRange(0, MAX_ADVANTAGE)
            self.points.setAccessibleName("Advantage")
            form.addRow("Advantage", self.points)
        self.allies = _checklist("Allies", others) if allies else None
        if self.allies is not None:
            form.addRow("Allies", self.allies)
        self.inconvenienced = _checklist("Inconvenienced", drawers) if inconvenienced else None
        if self.inconvenienced is not None:
            form.addRow("Inconvenienced (draw)", self.inconvenienced)
        self._state = state
        self.adds: QtWidgets.QComboBox | None = None
        if power is AuthorPower.FLASHBACK:
            self._add_flashback_rows(form, others)
        self.buttons = _buttons(self, f"Spend {power.cost}")
        form.addRow(self.buttons)

    def _add_flashback_rows(self, form: QtWidgets.QFormLayout,
                            others: list[tuple[str, str]]) -> None:
        """What a Flashback may add: a Bond (with whom, its nature) or an Ambition (its
        words; a short-term one serves a long-term one)."""
        self.adds = QtWidgets.QComboBox()
        self.adds.setAccessibleName("The Flashback adds")
        self.adds.setToolTip("A Flashback may add a Bond or an Ambition, if there is room on "
                             "the sheet")
        for text, key in (("nothing more", ""), ("a Bond", "bond"),
                          ("a long-term Ambition", "long"), ("a short-term Ambition", "short")):
            self.adds.addItem(text, key)
        form.addRow("Adds", self.adds)
        self.bond_with = QtWidgets.QComboBox()
        self.bond_with.setAccessibleName("Bond with")
        self._others = others
        self.nature = QtWidgets.QLineEdit()
        self.nature.setAccessibleName("Nature of the Bond")
        self.nature.setPlaceholderText("Blood Brothers")
        self.ambition = QtWidgets.QLineEdit()
        self.ambition.setAccessibleName("Ambition")
        self.ambition.setPlaceholderText("Find the mapmaker's widow")
        self.serves = QtWidgets.QComboBox()
        self.serves.setAccessibleName("Serves")
        self.serves.setToolTip("The long-term Ambition this short-term one works toward")
        self._extra_rows = {"bond": [("Bond with", self.bond_with), ("Nature", self.nature)],
                            "long": [("Ambition", self.ambition)],
                            "short": [("Ambition", self.ambition), ("Serves", self.serves)]}
        self._form = form
        for label, widget in (("Bond with", self.bond_with), ("Nature", self.nature),
                              ("Ambition", self.ambition), ("Serves", self.serves)):
            form.addRow(label, widget)
        self.adds.currentIndexChanged.connect(self._show_flashback_rows)
        if self.character is not None:
            self.character.currentIndexChanged.connect(self._show_flashback_rows)
        self._show_flashback_rows()

    def _show_flashback_rows(self) -> None:
        assert self.adds is not None
        key = self.adds.currentData()
        shown = {id(widget) for _, widget in self._extra_rows.get(key, [])}
        for widget in (self.bond_with, self.nature, self.ambition, self.serves):
            self._form.setRowVisible(widget, id(widget) in shown)
        character = self.character.currentData() if self.character is not None else None
        self.bond_with.clear()
        for cid, label in self._others:
            if cid != character:
                self.bond_with.addItem(label, cid)
        self.serves.clear()
        found = self._state.characters.get(CharacterId(character or ""))
        if found is not None and isinstance(found.sheet, AdventureSheet):
            for ambition in found.sheet.ambitions:
                self.serves.addItem(ambition.long_term, ambition.long_term)

    def flashback_additions(self) -> tuple[Bond | None, Ambition | None]:
        """The Bond or Ambition the Flashback adds, as the dialog holds them."""
        key = self.adds.currentData() if self.adds is not None else ""
        if key == "bond" and self.bond_with.currentData():
            return Bond(self.bond_with.currentData(), self.nature.text().strip()), None
        text = self.ambition.text().strip() if key in ("long", "short") else ""
        if key == "long" and text:
            return None, Ambition.long_term(text)
        if key == "short" and text:
            return None, Ambition.short_term(text, str(self.serves.currentData() or ""))
        return None, None

    def action(self) -> Play:
        """The power as a step of the game, with what the dialog holds."""
        power, player = self.power, self.player
        character: str = self.character.currentData() if self.character is not None else ""
        text = self.text.text().strip() if self.text is not None else ""
        points = self.points.value() if self.points is not None else 0
        target = self.advantage_to.currentData() if self.advantage_to is not None else None
        allies, inconvenienced = _checked(self.allies), _checked(self.inconvenienced)
        named: list[str] = [c for c in (character, target) if c] + allies + inconvenienced
        bond, ambition = self.flashback_additions()
        if bond is not None:
            named.append(bond.other)

        def act(game: AdventureGame, table: Table, rng: Rng) -> Events:
            if power is AuthorPower.FLASHBACK:
                return flashback(game, player, character, text, bond=bond, ambition=ambition,
                                 advantage=points)
            if power is AuthorPower.FORESHADOWING:
                return foreshadow(game, table, rng, player, text, inconvenienced)
            if power is AuthorPower.CONCRETE_FACT:
                return concrete_fact(game, player, text, advantage_to=target,
                                     points=points if target else 0)
            if power is AuthorPower.DRAW:
                return author_draw(game, table, rng, player, character)
            if power is AuthorPower.MIRACULOUS_SURVIVAL:
                return miraculous_survival(game, player, character)
            return lucky_break(game, table, rng, player, character, text, allies=allies,
                               inconvenienced=inconvenienced)

        return Play(act, list(dict.fromkeys(named)))


class VetoDialog(QtWidgets.QDialog):
    """A Veto called by ``caller`` (the player holding the computer), on what."""

    def __init__(self, game: AdventureGame, caller: str,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Call a Veto")
        self.setAccessibleName("Call a Veto")
        form = QtWidgets.QFormLayout(self)
        self.caller = QtWidgets.QComboBox()
        self.caller.setAccessibleName("Caller")
        # Only the player at the computer calls a Veto: another calls it at their own seat.
        self.caller.addItem(game.player(caller).name, caller)
        self.caller.setEnabled(False)
        self.caller.setToolTip("A Veto is called by the player holding the computer")
        self.about = QtWidgets.QComboBox()
        self.about.setAccessibleName("Vetoed")
        for subject in (VetoSubject.NARRATION, VetoSubject.SUGGESTION,
                        VetoSubject.ADVANTAGE_AWARD):
            self.about.addItem(subject.value, subject)
        self.subject = QtWidgets.QLineEdit()
        self.subject.setAccessibleName("What is vetoed")
        self.subject.setPlaceholderText("the dragon is made of cheese")
        self.subject.setMinimumWidth(260)
        self.award = QtWidgets.QSpinBox()
        self.award.setRange(1, 20)
        self.award.setAccessibleName("Which award")
        self.award.setToolTip("Which award of the Conflict: 1 for the first, as the log says")
        form.addRow("Called by", self.caller)
        form.addRow("On the", self.about)
        form.addRow("What", self.subject)
        form.addRow("Which award", self.award)
        self.about.currentIndexChanged.connect(self._on_about)
        self._on_about()
        self.buttons = _buttons(self, "Call the vote")
        form.addRow(self.buttons)

    def _on_about(self) -> None:
        self.award.setEnabled(self.about.currentData() is VetoSubject.ADVANTAGE_AWARD)

    def action(self) -> Play:
        caller, about = self.caller.currentData(), self.about.currentData()
        subject = self.subject.text().strip()
        award = self.award.value() if about is VetoSubject.ADVANTAGE_AWARD else None

        def act(game: AdventureGame, table: Table, rng: Rng) -> Events:
            return call_veto(game, caller, subject, about, award=award)

        return Play(act)


class VoteDialog(QtWidgets.QDialog):
    """``voter``'s own vote on the Veto, cast at their seat; the last vote counts them all."""

    def __init__(self, game: AdventureGame, voter: str,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        veto = game.veto
        assert veto is not None
        self.voter = voter
        name = game.player(voter).name
        self.setWindowTitle(f"{name}'s vote on the Veto")
        self.setAccessibleName(self.windowTitle())
        layout = QtWidgets.QVBoxLayout(self)
        caller = game.player(veto.caller).name
        question = QtWidgets.QLabel(
            f"{caller} calls a Veto on the {veto.about.value} “{veto.subject}”.\n"
            "A majority against retracts it; a majority for, or a tie, keeps it."
        )
        question.setWordWrap(True)
        layout.addWidget(question)
        row = QtWidgets.QHBoxLayout()
        row.addWidget(QtWidgets.QLabel(f"{name} votes"))
        group = QtWidgets.QButtonGroup(self)
        against = QtWidgets.QRadioButton("Against (retract)")
        keep = QtWidgets.QRadioButton("For (keep)")
        against.setAccessibleName(f"{name} votes against")
        keep.setAccessibleName(f"{name} votes for")
        keep.setChecked(True)
        group.addButton(against)
        group.addButton(keep)
        row.addWidget(against)
        row.addWidget(keep)
        layout.addLayout(row)
        #: The voter's "against" button, by player id (one: each votes at their own seat).
        self.against: dict[str, QtWidgets.QRadioButton] = {voter: against}
        left = [p.name for p in game.players if p.id not in veto.votes and p.id != voter]
        self.note = QtWidgets.QLabel(
            f"Still to vote after {name}: {', '.join(left)}." if left else
            f"{name}'s is the last vote: the votes are counted at once.")
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.buttons = _buttons(self, "Vote" if left else "Vote and count")
        layout.addWidget(self.buttons)

    def action(self) -> Play:
        voter, against = self.voter, self.against[self.voter].isChecked()

        def act(game: AdventureGame, table: Table, rng: Rng) -> Events:
            said = list(vote(game, voter, against))
            veto = game.veto
            if veto is not None and all(p.id in veto.votes for p in game.players):
                said.extend(count_votes(game))
            return tuple(said)

        return Play(act)


class DiscardDialog(QtWidgets.QDialog):
    """Which card a player discards to pay for a Veto that stood."""

    def __init__(self, session: Session, game: AdventureGame, player: str,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.setWindowTitle("Discard a card for the Veto")
        self.setAccessibleName("Discard a card")
        form = QtWidgets.QFormLayout(self)
        self.card = QtWidgets.QComboBox()
        self.card.setAccessibleName("Card")
        shown = on_screen(session)
        table = session.state.table
        for cid, name in candidates(session.state, game, player, "own") + candidates(
            session.state, game, player, "dead"
        ):
            pile = game.hand_id(cid) if cid in game.characters else hand_id(
                session.state.character(CharacterId(cid))
            )
            if PileId(pile) not in table.piles:
                continue
            for number, card in enumerate(table.pile(PileId(pile)).cards, 1):
                # A face is named only when the seat holding the computer may see it.
                face = card_words(session.state, card) if card in shown else f"card {number}"
                self.card.addItem(f"{name}: {face}", (cid, card))
        form.addRow("Card", self.card)
        cards = [self.card.itemData(i)[1] for i in range(self.card.count())]
        if not cards:
            owner = game.player(player).name
            empty = QtWidgets.QLabel(f"{owner}'s characters hold no cards: forfeit an Author "
                                     "token instead.")
            empty.setWordWrap(True)
            form.addRow(empty)
        if cards and not any(card in shown for card in cards):
            note = QtWidgets.QLabel("Faces are hidden: pass the computer to the card's owner "
                                    "to see them.")
            note.setWordWrap(True)
            form.addRow(note)
        self.buttons = _buttons(self, "Discard")
        ok = self.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(cards))
        ok.setToolTip("" if cards else "No card in hand to discard: forfeit a token instead")
        form.addRow(self.buttons)

    def action(self) -> Play:
        character, card = self.card.currentData()
        player = self.player

        def act(game: AdventureGame, table: Table, rng: Rng) -> Events:
            return pay_veto(game, table, player, card=CardId(card), character=character)

        return Play(act, [character])

