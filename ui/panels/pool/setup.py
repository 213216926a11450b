"""Setting up a pool Challenge: two sides, one against many, or one against a horde.

Each side is an :class:`EntrantForm` (name, rating, bonus, reserves, resistance; members
for a horde), optionally filled from a pool-Challenge character's sheet. The form only
collects numbers: :meth:`ChallengeSetup.entrants` hands them to
:meth:`~cardtable.resolvers.pool.sides.Entrant.of` and
:meth:`~cardtable.resolvers.pool.sides.Entrant.horde`, which refuse what the rules do not
allow.
"""

from __future__ import annotations

import enum

from cardtable.resolvers.pool.sides import Entrant
from cardtable.session import Session
from cardtable.sheets import PoolSheet
from cardtable.ui.qt import QtCore, QtWidgets

MAX_NUMBER = 99
MAX_OPPONENTS = 6


class Mode(enum.Enum):
    """How the sides face each other."""

    ONE_ON_ONE = "One against one"
    ONE_AGAINST_MANY = "One against many"
    HORDE = "Against a horde"


class EntrantForm(QtWidgets.QGroupBox):
    """One entrant's numbers."""

    def __init__(
        self, title: str, name: str, rating: int, *, horde: bool = False,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.setAccessibleName(title)
        self._ability = ""
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(6, 4, 6, 4)
        grid.setHorizontalSpacing(6)
        self.name = QtWidgets.QLineEdit(name)
        self.name.setAccessibleName(f"{title} name")
        self.name.setToolTip("Who or what enters: a character, an obstacle, a horde")
        self.name.textEdited.connect(self._forget_ability)
        grid.addWidget(self.name, 0, 0, 1, 5)
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
            spin.setToolTip(tips[key])
            label.setToolTip(tips[key])
            row, col = 1 + 2 * (column // 4), column % 4
            grid.addWidget(label, row, col)
            grid.addWidget(spin, row + 1, col)
            self.spins[key] = spin
        self.horde = horde

    def _forget_ability(self) -> None:
        self._ability = ""

    def fill(self, name: str, ability: str, rating: int, bonus: int, reserves: int,
             resistance: int) -> None:
        """Fill in a character's ability from their sheet."""
        self.name.setText(name)
        self._ability = ability
        for key, value in (("rating", rating), ("bonus", bonus), ("reserves", reserves),
                           ("resistance", resistance)):
            self.spins[key].setValue(value)

    def value(self, key: str) -> int:
        return self.spins[key].value()

    def entrant(self) -> Entrant:
        """The entrant as the model builds it (it refuses what the rules do not allow)."""
        name = self.name.text().strip() or self.title()
        if self.horde:
            return Entrant.horde(
                name, self.value("members"), self.value("rating"),
                member_reserves=self.value("reserves"), bonus=self.value("bonus"),
                resistance=self.value("resistance"),
            )
        return Entrant.of(
            name, self.value("rating"), bonus=self.value("bonus"),
            reserves=self.value("reserves"), resistance=self.value("resistance"),
            ability=self._ability,
        )


class ChallengeSetup(QtWidgets.QWidget):
    """The form: the mode, the first side, and the second side (or sides)."""

    #: Emitted when the form asks to start the Challenge.
    start_requested = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Pool Challenge set-up")
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QtWidgets.QHBoxLayout()
        self.mode = QtWidgets.QComboBox()
        self.mode.addItems([mode.value for mode in Mode])
        self.mode.setAccessibleName("How the sides face each other")
        self.mode.setToolTip("One against one, one against several opponents, or one against "
                             "a horde of identical members")
        self.sheet = QtWidgets.QComboBox()
        self.sheet.setAccessibleName("Fill the first side from a sheet")
        self.sheet.setToolTip("Fill the first side with a pool-Challenge character's ability")
        top.addWidget(self.mode, 1)
        top.addWidget(self.sheet, 1)
        layout.addLayout(top)
        self.first = EntrantForm("First side", "Captain Isolde Varga", 8)
        layout.addWidget(self.first)
        self._others = QtWidgets.QVBoxLayout()
        layout.addLayout(self._others)
        buttons = QtWidgets.QHBoxLayout()
        self.add = QtWidgets.QPushButton("Add opponent")
        self.add.setToolTip("Another opponent for the lone side")
        self.remove = QtWidgets.QPushButton("Remove opponent")
        self.remove.setToolTip("Take the last opponent away")
        self.start = QtWidgets.QPushButton("Start Challenge")
        self.start.setDefault(True)
        self.start.setToolTip("Enter both sides at full pools")
        self.start.setAccessibleName("Start Challenge")
        buttons.addWidget(self.add)
        buttons.addWidget(self.remove)
        buttons.addStretch(1)
        buttons.addWidget(self.start)
        layout.addLayout(buttons)
        self.opponents: list[EntrantForm] = []
        self._abilities: list[tuple[str, str, int, int, int, int]] = []
        self.mode.currentIndexChanged.connect(self._on_mode)
        self.sheet.activated.connect(self._on_sheet)
        self.add.clicked.connect(self._add_opponent)
        self.remove.clicked.connect(self._remove_opponent)
        self.start.clicked.connect(self.start_requested)
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
            form = EntrantForm("Horde", "Bandits", 3, horde=True)
            self.opponents.append(form)
            self._others.addWidget(form)
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
        defaults = [("Small dragon", 8), ("Wyvern", 5), ("Drake", 4), ("Whelp", 3)]
        name, rating = defaults[min(number - 1, len(defaults) - 1)]
        title = "Second side" if self.current_mode is Mode.ONE_ON_ONE else f"Opponent {number}"
        form = EntrantForm(title, name if number <= len(defaults) else f"{name} {number}", rating)
        self.opponents.append(form)
        self._others.addWidget(form)
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
        """Offer the abilities of every pool-Challenge character at the table."""
        self._abilities = [
            (c.name, a.name, a.rating, a.bonus, a.reserves, a.resistance)
            for c in session.characters.values()
            if isinstance(c.sheet, PoolSheet)
            for a in c.sheet.abilities
        ]
        self.sheet.blockSignals(True)
        self.sheet.clear()
        self.sheet.addItem("From a sheet…")
        for name, ability, rating, *_ in self._abilities:
            self.sheet.addItem(f"{name}: {ability} {rating}")
        self.sheet.setEnabled(bool(self._abilities))
        self.sheet.blockSignals(False)

    def _on_sheet(self, row: int) -> None:
        if 1 <= row <= len(self._abilities):
            self.first.fill(*self._abilities[row - 1])
        self.sheet.setCurrentIndex(0)

    def camps(self) -> tuple[Entrant, tuple[Entrant, ...]]:
        """The lone first side and its opponent (or opponents), as the model builds them."""
        return self.first.entrant(), tuple(form.entrant() for form in self.opponents)
