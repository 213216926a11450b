"""The Banzai panel's set-up: who rolls (character, Skill, Element, read from the sheet), the
helpers of a group roll, the task's difficulty, the conditions around, dice modifiers from gear
and abilities, Free Raises from abilities, and where the TN comes from.

The widgets only say what the table picked, as a :class:`~cardtable.steps.banzai.picks.RollPick`;
every rank is read from the sheets by the model when the pick is used. No number a sheet holds
is typed here.
"""

from __future__ import annotations

from cardtable.resolvers.banzai.setup import MAX_FLAT
from cardtable.resolvers.banzai.steps import BanzaiError, Condition, step_name
from cardtable.session import CharacterId, Session
from cardtable.sheets import Element
from cardtable.steps.banzai.picks import (
    RollPick,
    TargetPick,
    banzai_characters,
    banzai_sheet,
    parse_modifiers,
)
from cardtable.ui.panels.banzai.task_step import TaskStep
from cardtable.ui.panels.owners import fill_characters
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.widgets.style import combo, describe, line_edit

#: The most Free Raises from abilities the panel offers.
MAX_FREE = 10
MAX_TN = 500


def _checked(view: QtWidgets.QListWidget) -> list[object]:
    return [view.item(row).data(Qt.ItemDataRole.UserRole) for row in range(view.count())
            if view.item(row).checkState() == Qt.CheckState.Checked]


def _check_list(name: str, tip: str, parent: QtWidgets.QWidget) -> QtWidgets.QListWidget:
    view = QtWidgets.QListWidget(parent)
    view.setAccessibleName(name)
    view.setToolTip(tip)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setMaximumHeight(74)
    view.setMinimumHeight(40)
    return view


def _check_item(view: QtWidgets.QListWidget, text: str, data: object, tip: str = "",
                checked: bool = False) -> None:
    item = QtWidgets.QListWidgetItem(text)
    item.setData(Qt.ItemDataRole.UserRole, data)
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
    if tip:
        item.setToolTip(tip)
    view.addItem(item)


def _labelled_spin(layout: QtWidgets.QVBoxLayout, label: str, name: str, tip: str, low: int,
                   high: int) -> QtWidgets.QSpinBox:
    """A number from ``low`` to ``high`` on a row of ``layout``, after its label."""
    parent = layout.parentWidget()
    spin = QtWidgets.QSpinBox(parent)
    spin.setRange(low, high)
    spin.setAccessibleName(name)
    describe(spin, tip)
    text = QtWidgets.QLabel(label, parent)
    text.setBuddy(spin)
    row = QtWidgets.QHBoxLayout()
    row.addWidget(text, 1)
    row.addWidget(spin)
    layout.addLayout(row)
    return spin


class WhoRolls(QtWidgets.QWidget):
    """A character, one of its Skills (or an Element roll) and an Element, from its sheet."""

    changed = QtCore.Signal()

    def __init__(self, title: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.character = combo(f"{title}: character", "Who rolls: a character with a Banzai "
                               "sheet", self)
        self.skill = combo(f"{title}: Skill", "The Skill rolled (its rank: the dice rolled), or "
                           "an Element roll (the Element rolled and kept)", self)
        self.element = combo(f"{title}: Element", "The Element kept (its rank: the dice kept)",
                             self)
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.character, 0, 0, 1, 2)
        grid.addWidget(self.skill, 1, 0)
        grid.addWidget(self.element, 1, 1)
        self.character.currentIndexChanged.connect(self._on_character)
        self.skill.currentIndexChanged.connect(self.changed)
        self.element.currentIndexChanged.connect(self.changed)

    def fill(self, session: Session) -> None:
        state = session.state
        items = [(c.id, f"{c.name} ({state.player(c.player).name})")
                 for c in banzai_characters(state)]
        before = self.character.currentData()
        fill_characters(self.character, session, items)
        if self.character.currentData() != before or self.skill.count() == 0:
            self._fill_ranks(session)
        else:
            self._fill_ranks(session, keep=True)

    def choose(self, session: Session, character: str, skill: str | None = None,
               element: Element | None = None) -> None:
        """Show ``character``'s ``skill`` (with its usual Element when none is given)."""
        index = self.character.findData(character)
        if index < 0:
            return
        self.character.setCurrentIndex(index)
        self._fill_ranks(session)
        if skill is not None:
            self.skill.setCurrentIndex(max(0, self.skill.findData(skill)))
        if element is not None:
            self.element.setCurrentIndex(max(0, self.element.findData(element)))

    def _on_character(self) -> None:
        self.changed.emit()

    def _fill_ranks(self, session: Session, keep: bool = False) -> None:
        chosen = self.character.currentData()
        skill, element = self.skill.currentData(), self.element.currentData()
        # An Element roll is kept only where it was chosen among Skills: while the sheet had
        # none it was all there was, and the Skill written since is the roll's default.
        chose_element_roll = skill == "" and self.skill.count() > 1
        for box in (self.skill, self.element):
            box.blockSignals(True)
            box.clear()
        if chosen is not None:
            _, sheet = banzai_sheet(session.state, chosen)
            for owned in sheet.skills:
                self.skill.addItem(f"{owned.name} {owned.rank}", owned.name)
            self.skill.addItem("Element roll (XkX)", "")
            for which in Element:
                self.element.addItem(f"{which} {sheet.element(which)}", which)
        if keep:
            if skill != "" or chose_element_roll:
                self.skill.setCurrentIndex(max(0, self.skill.findData(skill)))
            self.element.setCurrentIndex(max(0, self.element.findData(element)))
        else:
            self.element.setCurrentIndex(max(0, self.element.findData(Element.FIRE)))
        for box in (self.skill, self.element):
            box.blockSignals(False)

    def refill(self, session: Session) -> None:
        """The ranks again (a sheet changed), keeping the choices."""
        self._fill_ranks(session, keep=True)

    def parts(self) -> tuple[str, str, Element] | None:
        """(character id, Skill or "", Element), or None while nobody is chosen."""
        character, skill, element = (self.character.currentData(), self.skill.currentData(),
                                     self.element.currentData())
        if character is None or skill is None or not isinstance(element, Element):
            return None
        return str(character), str(skill), element


class RollForm(QtWidgets.QGroupBox):
    """The whole set-up of one roll."""

    changed = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Build the roll", parent)
        layout = QtWidgets.QVBoxLayout(self)
        self.who = WhoRolls("Roller", self)
        layout.addWidget(self.who)
        self.helpers = _check_list("Helpers", "A group roll: each helper ticked adds +1k1, "
                                   "capped by the lowest Skill and Element of all; only the "
                                   "roller makes Raises, one more per helper", self)
        helpers_label = QtWidgets.QLabel("Helpers (&group roll)", self)
        helpers_label.setBuddy(self.helpers)
        layout.addWidget(helpers_label)
        layout.addWidget(self.helpers)

        row = QtWidgets.QHBoxLayout()
        self.task = TaskStep(self)
        self.step, self.beyond = self.task.step, self.task.beyond
        task_label = QtWidgets.QLabel("Tas&k", self)
        task_label.setBuddy(self.step)
        row.addWidget(task_label)
        row.addWidget(self.task, 1)
        layout.addLayout(row)
        self.conditions = _check_list("Conditions around", "The conditions around the roll "
                                      "(darkness, rain, an earthquake...); of one kind only the "
                                      "worst counts. Those the character carries come from the "
                                      "sheet", self)
        for condition in Condition:
            _check_item(self.conditions, f"{condition.value} · {step_name(condition.step)}",
                        condition, f"{condition.kind.value}: {step_name(condition.step)}")
        layout.addWidget(self.conditions)
        self.modifiers = line_edit("Dice modifiers", "+2k2 katana; -1k0 wounded arm", self)
        layout.addWidget(self.modifiers)
        self.free = _labelled_spin(
            layout, "Free Raises from abi&lities", "Free Raises from abilities",
            "Free Raises an ability gives this roll: the same benefit as a Raise, without "
            "raising the TN or counting against Void", 0, MAX_FREE)
        self.flat = _labelled_spin(
            layout, "Flat modifier (+ to the kept dice)", "Flat modifier",
            "A number added to the kept dice (the +3 of 7k5+3); below 0 takes away",
            -MAX_FLAT, MAX_FLAT)

        target = QtWidgets.QGridLayout()
        self.tn_mode = combo("Where the TN comes from", "A TN the GM gives, or a passive TN: an "
                             "opponent's Element x 5", self)
        self.tn_mode.addItem("TN given", "typed")
        self.tn_mode.addItem("Passive TN", "passive")
        self.tn = QtWidgets.QSpinBox(self)
        self.tn.setRange(0, MAX_TN)
        self.tn.setValue(10)
        self.tn.setPrefix("TN ")
        self.tn.setAccessibleName("Target number")
        describe(self.tn, "The TN the GM gives (10 when nobody sets one)")
        self.opponent = combo("Opponent", "The opponent whose Element sets the passive TN", self)
        self.opponent_element = combo("Opponent's Element", "The opponent's Element: its rank "
                                      "x 5 is the TN", self)
        target.addWidget(self.tn_mode, 0, 0)
        target.addWidget(self.tn, 0, 1)
        target.addWidget(self.opponent, 1, 0)
        target.addWidget(self.opponent_element, 1, 1)
        layout.addLayout(target)

        self.who.changed.connect(self._on_who)
        for signal in (self.task.changed, self.conditions.itemChanged,
                       self.helpers.itemChanged, self.modifiers.textChanged,
                       self.free.valueChanged, self.flat.valueChanged, self.tn.valueChanged,
                       self.opponent_element.currentIndexChanged):
            signal.connect(self.changed)
        self.tn_mode.currentIndexChanged.connect(self._on_tn_mode)
        self.opponent.currentIndexChanged.connect(self._on_opponent)
        self._session: Session | None = None
        self._show_tn_mode()

    # -- filling --------------------------------------------------------------------------

    def fill(self, session: Session) -> None:
        """Offer the characters at the table again (a sheet or the seat changed)."""
        self._session = session
        for widget in (self, self.helpers, self.opponent, self.opponent_element):
            widget.blockSignals(True)
        self.who.fill(session)
        self.who.refill(session)
        self._fill_helpers(session)
        self._fill_opponents(session)
        for widget in (self, self.helpers, self.opponent, self.opponent_element):
            widget.blockSignals(False)

    def _fill_helpers(self, session: Session) -> None:
        """The other characters, each to tick (ticks kept while the list stays the same)."""
        roller = self.who.character.currentData()
        wanted = [(c.id, c.name) for c in banzai_characters(session.state) if c.id != roller]
        have = [(self.helpers.item(r).data(Qt.ItemDataRole.UserRole), self.helpers.item(r).text())
                for r in range(self.helpers.count())]
        if have == wanted:
            return
        ticked = set(map(str, _checked(self.helpers)))
        self.helpers.clear()
        for character, name in wanted:
            _check_item(self.helpers, name, character, f"{name} helps: +1k1, capped",
                        character in ticked)

    def _fill_opponents(self, session: Session) -> None:
        chosen = self.opponent.currentData()
        self.opponent.clear()
        for character in banzai_characters(session.state):
            self.opponent.addItem(character.name, character.id)
        if chosen is None or self.opponent.findData(chosen) < 0:
            mine = self.who.character.currentData()
            chosen = next((self.opponent.itemData(i) for i in range(self.opponent.count())
                           if self.opponent.itemData(i) != mine), None)
        self.opponent.setCurrentIndex(max(0, self.opponent.findData(chosen)))
        self._fill_opponent_elements(session)

    def _fill_opponent_elements(self, session: Session) -> None:
        chosen = self.opponent_element.currentData() or Element.WATER
        self.opponent_element.clear()
        opponent = self.opponent.currentData()
        if opponent is None:
            return
        _, sheet = banzai_sheet(session.state, opponent)
        for which in Element:
            self.opponent_element.addItem(f"{which} {sheet.element(which)}", which)
        self.opponent_element.setCurrentIndex(max(0, self.opponent_element.findData(chosen)))

    # -- reading --------------------------------------------------------------------------

    def pick(self) -> RollPick:
        """What the form asks for; :class:`BanzaiError` saying what to fill in otherwise."""
        parts = self.who.parts()
        if parts is None:
            raise BanzaiError("Choose the character who rolls")
        character, skill, element = parts
        return RollPick(character, skill, element, self.target(), step=self.task.value(),
                        conditions=[c for c in _checked(self.conditions)
                                    if isinstance(c, Condition)],
                        modifiers=parse_modifiers(self.modifiers.text()),
                        free_raises=self.free.value(),
                        helpers=[str(c) for c in _checked(self.helpers)],
                        flat=self.flat.value())

    def target(self) -> TargetPick:
        if self.tn_mode.currentData() == "passive":
            opponent, element = self.opponent.currentData(), self.opponent_element.currentData()
            if opponent is None or not isinstance(element, Element):
                raise BanzaiError("Choose the opponent whose Element sets the passive TN")
            return TargetPick.passive(str(opponent), element)
        return TargetPick.typed(self.tn.value())

    def choose(self, character: str, skill: str | None = None) -> None:
        if self._session is not None:
            self.who.choose(self._session, character, skill)

    # -- handlers -------------------------------------------------------------------------

    def _on_who(self) -> None:
        if self._session is not None:
            self.who.refill(self._session)
            self.helpers.blockSignals(True)
            self._fill_helpers(self._session)
            self.helpers.blockSignals(False)
        self.changed.emit()

    def _on_opponent(self) -> None:
        if self._session is not None:
            self.opponent_element.blockSignals(True)
            self._fill_opponent_elements(self._session)
            self.opponent_element.blockSignals(False)
        self.changed.emit()

    def _on_tn_mode(self) -> None:
        self._show_tn_mode()
        self.changed.emit()

    def _show_tn_mode(self) -> None:
        passive = self.tn_mode.currentData() == "passive"
        self.tn.setVisible(not passive)
        self.opponent.setVisible(passive)
        self.opponent_element.setVisible(passive)


def character_name(session: Session, character: str) -> str:
    found = session.state.characters.get(CharacterId(character))
    return found.name if found is not None else character


__all__ = ["RollForm", "WhoRolls", "character_name"]
