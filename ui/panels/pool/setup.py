"""Setting up a pool Challenge: two sides, one against many, or one against a horde.

Each side is an :class:`EntrantForm`: a pool-Challenge character's ability read from the
sheet (its penalties applied), or an obstacle's numbers typed in (name, rating, bonus,
reserves, resistance; members for a horde), with up to two helping and two hindering
abilities (:mod:`.helpers`). The form only collects the picks
(:class:`~cardtable.steps.pool.picks.SidePick`); the model builds the sides, refuses what
the rules do not allow, and says how each side will enter, shown under it as it is edited.
"""

from __future__ import annotations

import enum

from cardtable.resolvers.pool.abilities import Source
from cardtable.resolvers.pool.challenge import PoolChallenge
from cardtable.resolvers.pool.sides import Entrant, Side, carried_bonus
from cardtable.session import GameState, Session
from cardtable.steps.pool.picks import SidePick, pool_options
from cardtable.ui.panels.pool.helpers import HelperBox, sheet_abilities
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import describe, escape

MAX_NUMBER = 99
MAX_OPPONENTS = 6
#: The first entry of a side's list of sheet abilities.
TYPED_NUMBERS = "Numbers typed in (an obstacle, an NPC)"
START_TEXT, PREPARED_TEXT = "Start Challenge", "Start the prepared Challenge"
#: What an opponent's empty name field asks for.
OPPONENT_PROMPT = "Who or what opposes: name it, or pick a sheet's ability above"


class Mode(enum.Enum):
    """How the sides face each other."""

    ONE_ON_ONE = "One against one"
    ONE_AGAINST_MANY = "One against many"
    HORDE = "Against a horde"


class EntrantForm(QtWidgets.QGroupBox):
    """One entrant: a character's ability from the sheet, or an obstacle's typed numbers;
    its helping and hindering abilities; and how the model says it will enter."""

    def __init__(
        self, title: str, name: str, rating: int, *, horde: bool = False,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.setAccessibleName(title)
        self._ability = ""
        self._sources: list[Source] = []
        self._session: Session | None = None
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(6, 4, 6, 4)
        grid.setHorizontalSpacing(6)
        self.sheet = QtWidgets.QComboBox(self)
        self.sheet.setAccessibleName(f"{title}: ability from a sheet")
        describe(self.sheet, "A pool-Challenge character's ability, read from the sheet with "
                              "its penalties; or numbers typed in for an obstacle")
        self.sheet.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.sheet.setMinimumContentsLength(14)
        grid.addWidget(self.sheet, 0, 0, 1, 5)
        self.name = QtWidgets.QLineEdit(name)
        self.name.setPlaceholderText("a sheet's ability above, or a name")
        self.name.setAccessibleName(f"{title} name")
        describe(self.name, "Who or what enters: a character, an obstacle, a horde")
        self.name.textEdited.connect(self._forget_ability)
        grid.addWidget(self.name, 1, 0, 1, 5)
        grid.setColumnStretch(4, 1)
        self.spins: dict[str, QtWidgets.QSpinBox] = {}
        tips = {
            "rating": "The rating: the pool starts at it",
            "bonus": "Bonus from equipment or nature: counts for strength, never for going out",
            "reserves": "Reserves absorb loss before the pool does",
            "resistance": "Resistance takes this much off every loss",
            "members": "How many identical members the horde has",
        }
        fields = ["rating", "bonus", "reserves", "resistance"] + (["members"] if horde else [])
        for column, key in enumerate(fields):
            label = QtWidgets.QLabel(key.capitalize())
            spin = QtWidgets.QSpinBox()
            spin.setRange(2 if key == "members" else 0, MAX_NUMBER)
            spin.setMinimumWidth(64)
            spin.setValue({"rating": rating, "members": 4}.get(key, 0))
            spin.setAccessibleName(f"{title} {key}")
            describe(spin, tips[key])
            describe(label, tips[key])
            row, col = 2 + 2 * (column // 4), column % 4
            grid.addWidget(label, row, col)
            grid.addWidget(spin, row + 1, col)
            spin.valueChanged.connect(self._show_entry)
            self.spins[key] = spin
        self.horde = horde
        self.helpers = HelperBox(title, self)
        self.helpers.setVisible(not horde)
        self.helpers.changed.connect(self._show_entry)
        grid.addWidget(self.helpers, 6, 0, 1, 5)
        self.entry = QtWidgets.QLabel(self)
        self.entry.setWordWrap(True)
        self.entry.setAccessibleName(f"{title}: how it enters")
        self.entry.setObjectName("emptyNote")
        grid.addWidget(self.entry, 7, 0, 1, 5)
        self.sheet.activated.connect(self._on_sheet)
        self._fill_choices([])

    def _forget_ability(self) -> None:
        self._ability = ""
        if self.source() is not None:
            self._choose_typed()

    def _choose_typed(self) -> None:
        self.sheet.setCurrentIndex(0)
        for spin in self.spins.values():
            spin.setEnabled(True)

    def fill(self, name: str, ability: str, rating: int, bonus: int, reserves: int,
             resistance: int) -> None:
        """Fill in typed numbers (a character's ability copied by hand)."""
        self._choose_typed()
        self.name.setText(name)
        self._ability = ability
        for key, value in (("rating", rating), ("bonus", bonus), ("reserves", reserves),
                           ("resistance", resistance)):
            self.spins[key].setValue(value)

    def fill_sheets(self, session: Session, owner: str | None = None) -> None:
        """Offer the abilities of every pool-Challenge character at the table (only
        ``owner``'s, when given)."""
        self._session = session
        abilities = [] if self.horde else sheet_abilities(session)
        if owner is not None:
            abilities = [(source, text) for source, text in abilities if source.owner == owner]
        self._fill_choices(abilities)
        self.helpers.fill(sheet_abilities(session))
        self._show_entry()

    def _fill_choices(self, abilities: list[tuple[Source, str]]) -> None:
        chosen = self.source()
        self.sheet.blockSignals(True)
        self.sheet.clear()
        self.sheet.addItem(TYPED_NUMBERS)
        self._sources = [source for source, _ in abilities]
        for _, text in abilities:
            self.sheet.addItem(text)
        self.sheet.setEnabled(bool(abilities))
        self.sheet.blockSignals(False)
        if chosen in self._sources:
            self.choose(chosen)
        else:
            self._choose_typed()

    @property
    def sources(self) -> tuple[Source, ...]:
        """The abilities on the sheets that the form offers, in its order."""
        return tuple(self._sources)

    def choose(self, source: Source) -> None:
        """Enter with ``source``'s ability, read from its sheet (penalties applied)."""
        self.sheet.setCurrentIndex(1 + self._sources.index(source))
        self._on_sheet(self.sheet.currentIndex())

    def source(self) -> Source | None:
        index = self.sheet.currentIndex() - 1
        return self._sources[index] if 0 <= index < len(self._sources) else None

    def _on_sheet(self, row: int) -> None:
        source = self.source()
        if source is None or self._session is None:
            self._choose_typed()
            self._show_entry()
            return
        state = self._session.state
        entrant = SidePick(source.owner, source=source).entrant(state)
        self.name.setText(entrant.name)
        self._ability = entrant.ability.name
        for key, value in (("rating", entrant.rating), ("bonus", entrant.ability.bonus),
                           ("reserves", entrant.ability.reserves),
                           ("resistance", entrant.ability.resistance)):
            self.spins[key].blockSignals(True)
            self.spins[key].setValue(value)
            self.spins[key].setEnabled(False)  # the sheet's numbers: edit the sheet instead
            self.spins[key].blockSignals(False)
        self._show_entry()

    def value(self, key: str) -> int:
        return self.spins[key].value()

    def pick(self) -> SidePick:
        """The side as picked: the sheet's ability (read when the step runs), or typed."""
        helping, hindering = self.helpers.picks() if not self.horde else ([], [])
        source = self.source()
        if source is not None:
            return SidePick(self.name.text(), source=source, ability=source.ability,
                            complements=helping, detractors=hindering)
        name = self.name.text().strip() or self.title()
        return SidePick(
            name, self.value("rating"), self.value("bonus"), self.value("reserves"),
            self.value("resistance"), ability=self._ability,
            members=self.value("members") if self.horde else 1,
            complements=helping, detractors=hindering,
        )

    def entrant(self) -> Entrant:
        """The entrant as the model builds it (it refuses what the rules do not allow)."""
        if self._session is None:
            return self.pick().entrant(GameState())
        return self.pick().entrant(self._session.state)

    def _show_entry(self) -> None:
        """How the side enters, in the model's words: its pool and what helps it."""
        if self._session is None:
            self.entry.clear()
            return
        state = self._session.state
        try:
            entrant = self.entrant()
            formula = pool_options(state).formula
            side = Side.enter(entrant, None, formula)
            given = entrant.hindrance(formula)
        except ValueError as exc:
            self.entry.setText(escape(str(exc)))
            return
        parts = [f"pool {side.pool}"] + [
            f"{word} {value}" for word, value in (
                ("bonus", side.bonus), ("reserves", side.reserves),
                ("resistance", side.resistance)) if value]
        said = "Enters with " + ", ".join(parts)
        notes = [*side.notes, *given.notes]
        if notes:
            said += ": " + "; ".join(notes)
        self.entry.setText(escape(said) + ".")


class ChallengeSetup(QtWidgets.QWidget):
    """The form: the mode, the first side, and the second side (or sides).

    After a Challenge of one against one, :meth:`prepare` fills it with the same two sides for
    the Challenge the finished one prepares (the start button then says so).
    """

    #: Emitted when the form asks to start the Challenge.
    start_requested = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Pool Challenge set-up")
        self._session: Session | None = None
        self.preparing = False
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.mode = QtWidgets.QComboBox()
        self.mode.addItems([mode.value for mode in Mode])
        self.mode.setAccessibleName("How the sides face each other")
        describe(self.mode, "One against one, one against several opponents, or one against "
                             "a horde of identical members")
        layout.addWidget(self.mode)
        self.note = QtWidgets.QLabel(self)
        self.note.setWordWrap(True)
        self.note.setObjectName("emptyNote")
        self.note.hide()
        layout.addWidget(self.note)
        self.first = EntrantForm("First side", "", 8)
        #: The first side's list of sheet abilities.
        self.sheet = self.first.sheet
        layout.addWidget(self.first)
        self._others = QtWidgets.QVBoxLayout()
        layout.addLayout(self._others)
        buttons = QtWidgets.QHBoxLayout()
        self.add = QtWidgets.QPushButton("Add opponent")
        describe(self.add, "Another opponent for the lone side")
        self.remove = QtWidgets.QPushButton("Remove opponent")
        describe(self.remove, "Take the last opponent away")
        self.cancel = QtWidgets.QPushButton("Cancel")
        describe(self.cancel, "Keep the finished Challenge on the table")
        self.cancel.hide()
        self.start = QtWidgets.QPushButton(START_TEXT)
        self.start.setDefault(True)
        describe(self.start, "Enter both sides at full pools (the GM's step)")
        self.start.setAccessibleName("Start Challenge")
        buttons.addWidget(self.add)
        buttons.addWidget(self.remove)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel)
        buttons.addWidget(self.start)
        layout.addLayout(buttons)
        self.opponents: list[EntrantForm] = []
        self.mode.currentIndexChanged.connect(self._on_mode)
        self.add.clicked.connect(self._add_opponent)
        self.remove.clicked.connect(self._remove_opponent)
        self.start.clicked.connect(self.start_requested)
        self.cancel.clicked.connect(self._on_cancel)
        self._on_mode()

    @property
    def current_mode(self) -> Mode:
        return list(Mode)[self.mode.currentIndex()]

    def set_mode(self, mode: Mode) -> None:
        self.mode.setCurrentIndex(list(Mode).index(mode))

    def _clear_opponents(self) -> None:
        for form in self.opponents:
            self._others.removeWidget(form)
            form.deleteLater()
        self.opponents = []

    def _on_mode(self) -> None:
        self._clear_opponents()
        mode = self.current_mode
        if mode is Mode.HORDE:
            form = EntrantForm("Horde", "", 3, horde=True)
            form.name.setPlaceholderText(OPPONENT_PROMPT)
            self.opponents.append(form)
            self._others.addWidget(form)
            if self._session is not None:
                form.fill_sheets(self._session)
        else:
            self._add_opponent()
            if mode is Mode.ONE_AGAINST_MANY:
                self._add_opponent()
        many = mode is Mode.ONE_AGAINST_MANY
        self.add.setVisible(many)
        self.remove.setVisible(many)
        self._update_buttons()

    def _add_opponent(self) -> None:
        number = len(self.opponents) + 1
        title = "Second side" if self.current_mode is Mode.ONE_ON_ONE else f"Opponent {number}"
        # Nobody is invented for the group: the field asks who or what opposes.
        form = EntrantForm(title, "", 8)
        form.name.setPlaceholderText(OPPONENT_PROMPT)
        self.opponents.append(form)
        self._others.addWidget(form)
        if self._session is not None:
            form.fill_sheets(self._session)
        self._update_buttons()

    def _remove_opponent(self) -> None:
        if len(self.opponents) > 1:
            form = self.opponents.pop()
            self._others.removeWidget(form)
            form.deleteLater()
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.add.setEnabled(len(self.opponents) < MAX_OPPONENTS)
        self.remove.setEnabled(len(self.opponents) > 1)

    def fill_sheets(self, session: Session) -> None:
        """Offer the abilities of every pool-Challenge character at the table to every side."""
        self._session = session
        for form in (self.first, *self.opponents):
            form.fill_sheets(session)

    def picks(self) -> tuple[SidePick, list[SidePick]]:
        """The lone first side and its opponent (or opponents), as picked."""
        return self.first.pick(), [form.pick() for form in self.opponents]

    def camps(self) -> tuple[Entrant, tuple[Entrant, ...]]:
        """The lone first side and its opponent (or opponents), as the model builds them."""
        return self.first.entrant(), tuple(form.entrant() for form in self.opponents)

    def prepare(self, challenge: PoolChallenge) -> None:
        """Set up the Challenge ``challenge`` (finished, one against one) prepares: the same
        two sides, each with the ability it will use now (its own until changed here)."""
        self.set_mode(Mode.ONE_ON_ONE)
        for form, side in zip((self.first, *self.opponents), challenge.sides, strict=True):
            source = side.entrant.source
            if source is not None and source in form.sources:
                form.choose(source)
            else:
                ability = side.entrant.ability
                form.fill(side.name, ability.name if ability.name != side.name else "",
                          ability.rating, ability.bonus, ability.reserves, ability.resistance)
        self.preparing = True
        self.mode.setEnabled(False)
        ahead = [side for side in challenge.sides
                 if carried_bonus(side.pool, challenge.opponents(side.name)[0].pool)]
        carried = (f" {ahead[0].name} ended ahead and carries a bonus of "
                   f"{carried_bonus(ahead[0].pool, challenge.opponents(ahead[0].name)[0].pool)} "
                   "into the first round." if ahead else "")
        self.note.setText("The next Challenge, prepared by the one just finished: pick the "
                          f"ability each side uses now.{carried}")
        self.note.show()
        self.start.setText(PREPARED_TEXT)
        self.start.setToolTip("Start the Challenge the finished one prepared, with its carried "
                              "bonus (the GM's step)")
        self.cancel.show()

    def start_afresh(self) -> None:
        """Another session: nothing typed for the last one stays (its sides' names, numbers
        and opponents); the new session's abilities are offered by :meth:`fill_sheets`."""
        self.stop_preparing()
        self.first.fill("", "", 8, 0, 0, 0)
        if self.current_mode is Mode.ONE_ON_ONE:
            self._on_mode()  # its opponent as new
        else:
            self.set_mode(Mode.ONE_ON_ONE)

    def stop_preparing(self) -> None:
        self.preparing = False
        self.mode.setEnabled(True)
        self.note.hide()
        self.cancel.hide()
        self.start.setText(START_TEXT)
        self.start.setToolTip("Enter both sides at full pools (the GM's step)")

    def _on_cancel(self) -> None:
        self.stop_preparing()
        self.setVisible(False)
