"""Complementary and detracting abilities for one side: picked from the sheets, or typed.

A :class:`HelperRow` is one ability that helps (or hinders) a side: any ability on a pool
sheet at the table (the character's own, or an ally's, its sheet's penalties applied), or a
name and rating typed in, and whether it gives bonus, reserves or resistance. The rows only
collect the pick (:class:`~cardtable.steps.pool.picks.HelperPick`); the resolver works out
what it gives, which :class:`~cardtable.ui.panels.pool.setup.EntrantForm` shows.
"""

from __future__ import annotations

from cardtable.resolvers.pool.abilities import MAX_HELPERS, Gives, Source
from cardtable.session import Session
from cardtable.sheets.pool import PoolSheet
from cardtable.steps.pool.picks import HelperPick, pool_characters
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import describe

MAX_RATING = 99
#: The first two entries of a helper's ability list.
NONE_TEXT, TYPED_TEXT = "—", "Typed in…"


def sheet_abilities(session: Session) -> list[tuple[Source, str]]:
    """Every ability on a pool sheet at the table, with how a list shows it: "Iridia:
    Sorcery 6 (7, penalty 1)" when the sheet's penalties lower it."""
    found = []
    for character in pool_characters(session.state):
        sheet = character.sheet
        assert isinstance(sheet, PoolSheet)
        for ability in sheet.abilities:
            rating = sheet.effective_rating(ability.name)
            text = f"{character.name}: {ability.name} {rating}"
            if rating != ability.rating:
                text += f" ({ability.rating}, penalty {ability.rating - rating})"
            found.append((Source(character.id, ability.name), text))
    return found


class HelperRow(QtWidgets.QWidget):
    """One helping (or hindering) ability: which, and what it gives."""

    changed = QtCore.Signal()

    def __init__(self, label: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(label)
        layout = QtWidgets.QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setHorizontalSpacing(4)
        self.ability = QtWidgets.QComboBox(self)
        self.ability.setAccessibleName(f"{label}: ability")
        describe(self.ability, "An ability on a pool sheet at the table (its penalties applied), "
                                "or one typed in")
        self.ability.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.ability.setMinimumContentsLength(12)
        self.gives = QtWidgets.QComboBox(self)
        self.gives.setAccessibleName(f"{label}: gives")
        describe(self.gives, "As bonus, as reserves (1.5 times the bonus) or as resistance "
                              "(a quarter of it)")
        for kind in Gives:
            self.gives.addItem(str(kind), kind)
        self.name = QtWidgets.QLineEdit(self)
        self.name.setPlaceholderText("name")
        self.name.setAccessibleName(f"{label}: typed name")
        describe(self.name, "What helps: a tool, an ally, a skill")
        self.rating = QtWidgets.QSpinBox(self)
        self.rating.setRange(0, MAX_RATING)
        self.rating.setPrefix("rating ")
        self.rating.setAccessibleName(f"{label}: typed rating")
        describe(self.rating, "The rating of what helps (or hinders) when it is typed in, "
                 "not read from a sheet")
        layout.addWidget(QtWidgets.QLabel(label, self), 0, 0)
        layout.addWidget(self.ability, 0, 1)
        layout.addWidget(self.gives, 0, 2)
        layout.addWidget(self.name, 1, 1)
        layout.addWidget(self.rating, 1, 2)
        layout.setColumnStretch(1, 1)
        self._sources: list[Source] = []
        self.ability.currentIndexChanged.connect(self._on_ability)
        self.gives.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.name.textEdited.connect(lambda _t: self.changed.emit())
        self.rating.valueChanged.connect(lambda _v: self.changed.emit())
        self.fill([])

    def fill(self, abilities: list[tuple[Source, str]]) -> None:
        """Offer ``abilities`` (keeping the one chosen if it is still there)."""
        chosen = self.source()
        typed = self.ability.currentIndex() == 1
        self.ability.blockSignals(True)
        self.ability.clear()
        self.ability.addItems([NONE_TEXT, TYPED_TEXT])
        self._sources = [source for source, _ in abilities]
        for _, text in abilities:
            self.ability.addItem(text)
        if chosen in self._sources:
            self.ability.setCurrentIndex(2 + self._sources.index(chosen))
        else:
            self.ability.setCurrentIndex(1 if typed else 0)
        self.ability.blockSignals(False)
        self._on_ability()

    def choose(self, source: Source | None, gives: Gives = Gives.BONUS) -> None:
        """Pick ``source`` (None: no helper)."""
        index = 0 if source is None else 2 + self._sources.index(source)
        self.ability.setCurrentIndex(index)
        self.gives.setCurrentIndex(list(Gives).index(gives))

    def source(self) -> Source | None:
        index = self.ability.currentIndex() - 2
        return self._sources[index] if 0 <= index < len(self._sources) else None

    def pick(self) -> HelperPick | None:
        """The helper picked, or None."""
        gives = self.gives.currentData()
        assert isinstance(gives, Gives)
        source = self.source()
        if source is not None:
            text = self.ability.currentText().split(": ", 1)[0]
            return HelperPick(f"{text}'s {source.ability}", 0, gives, source)
        if self.ability.currentIndex() == 1:
            name = " ".join(self.name.text().split()) or "Help"
            return HelperPick(name, self.rating.value(), gives)
        return None

    def _on_ability(self) -> None:
        typed = self.ability.currentIndex() == 1
        self.name.setVisible(typed)
        self.rating.setVisible(typed)
        self.gives.setEnabled(self.ability.currentIndex() != 0)
        self.changed.emit()


class HelperBox(QtWidgets.QWidget):
    """Up to two complementary and two detracting abilities of one side, behind a toggle."""

    changed = QtCore.Signal()

    def __init__(self, side: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.toggle = QtWidgets.QToolButton(self)
        self.toggle.setText("Helping and hindering abilities")
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(QtCore.Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(QtCore.Qt.ArrowType.RightArrow)
        self.toggle.setAccessibleName(f"{side}: helping and hindering abilities")
        describe(self.toggle, "Complementary abilities help this side (two at most); "
                               "detracting ones give the opponent the same help")
        self.toggle.setStyleSheet("QToolButton { border: none; }")
        layout.addWidget(self.toggle)
        self.rows_box = QtWidgets.QWidget(self)
        rows = QtWidgets.QVBoxLayout(self.rows_box)
        rows.setContentsMargins(12, 0, 0, 0)
        self.complements = [HelperRow(f"Helps {n + 1}", self.rows_box) for n in range(MAX_HELPERS)]
        self.detractors = [HelperRow(f"Hinders {n + 1}", self.rows_box)
                           for n in range(MAX_HELPERS)]
        for row in (*self.complements, *self.detractors):
            rows.addWidget(row)
            row.changed.connect(self.changed)
        layout.addWidget(self.rows_box)
        self.rows_box.setVisible(False)
        self.toggle.toggled.connect(self._on_toggle)

    def _on_toggle(self, shown: bool) -> None:
        self.rows_box.setVisible(shown)
        self.toggle.setArrowType(
            QtCore.Qt.ArrowType.DownArrow if shown else QtCore.Qt.ArrowType.RightArrow)

    def fill(self, abilities: list[tuple[Source, str]]) -> None:
        for row in (*self.complements, *self.detractors):
            row.fill(abilities)

    def picks(self) -> tuple[list[HelperPick], list[HelperPick]]:
        """The complementary and the detracting abilities picked."""
        helping = [pick for row in self.complements if (pick := row.pick()) is not None]
        hindering = [pick for row in self.detractors if (pick := row.pick()) is not None]
        return helping, hindering
