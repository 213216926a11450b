"""What the Adventure play panel reads and asks: each character's Ambitions and Bonds as play
knows them, the dialog that begins a new scene, and the one that shares the five cards of an
accomplished Ambition.

A character not yet in the game is read from its sheet, as the game will read it on joining;
one in the game is read from the game, which keeps what play changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.play import AMBITION_ACCOMPLISHED
from cardtable.session import Character, CharacterId, GameState
from cardtable.sheets.adventure import AdventureSheet
from cardtable.steps.adventure.mirror import bond_target
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import allow, describe, escape


@frozen
class Goal:
    """An Ambition as the panel shows it: long-term when ``serves`` is None."""

    text: str
    serves: str | None = None


@frozen
class Tie:
    """A Bond: whom it ties to (a character id, or a name for someone not in play), shown as
    ``name``, and its nature."""

    other: str
    name: str
    nature: str


def goals_of(state: GameState, game: AdventureGame | None, character: str) -> list[Goal]:
    """The character's Ambitions, long-term ones each followed by those serving it."""
    if game is not None and character in game.characters:
        found = game.characters[character].ambitions
        out = []
        for long in (a for a in found if a.is_long_term):
            out.append(Goal(long.text))
            out += [Goal(a.text, a.serves) for a in found if a.serves == long.text]
        return out
    sheet = _sheet(state, character)
    if sheet is None:
        return []
    out = []
    for entry in sheet.ambitions:
        out.append(Goal(entry.long_term))
        out += [Goal(text, entry.long_term) for text in entry.short_term]
    return out


def ties_of(state: GameState, game: AdventureGame | None, character: str) -> list[Tie]:
    """The character's Bonds."""
    if game is not None and character in game.characters:
        bonds = [(b.other, b.nature) for b in game.characters[character].bonds]
    else:
        sheet = _sheet(state, character)
        bonds = [] if sheet is None else [(bond_target(state, character, b.character), b.nature)
                                          for b in sheet.bonds]
    return [Tie(other, _name(state, other), nature) for other, nature in bonds]


def fill_choices(combo: QtWidgets.QComboBox, items: Sequence[tuple[object, str]],
                 default: object = None) -> None:
    """Offer ``items`` ((data, text) pairs) in ``combo``, keeping the choice made (else
    ``default``, else the first)."""
    have = [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]
    if have == items:
        return
    chosen = combo.currentData() if combo.count() and combo.currentData() else default
    combo.blockSignals(True)
    combo.clear()
    for data, text in items:
        combo.addItem(text, data)
    combo.setCurrentIndex(max(0, combo.findData(chosen)))
    combo.blockSignals(False)


def _sheet(state: GameState, character: str) -> AdventureSheet | None:
    found = state.characters.get(CharacterId(character))
    return found.sheet if found is not None and isinstance(found.sheet, AdventureSheet) else None


def _name(state: GameState, character: str) -> str:
    found = state.characters.get(CharacterId(character))
    return found.name if found is not None else character


def _buttons(dialog: QtWidgets.QDialog, ok: str, tip: str) -> QtWidgets.QDialogButtonBox:
    box = QtWidgets.QDialogButtonBox(dialog)
    button = box.addButton(ok, QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
    button.setToolTip(tip)
    box.addButton(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class SceneDialog(QtWidgets.QDialog):
    """Begin the next scene: which short-term Ambitions each character works toward in it."""

    def __init__(self, state: GameState, game: AdventureGame | None,
                 characters: Sequence[Character], parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        number = max(state.scene, game.scene if game is not None else 0) + 1
        self.setMinimumWidth(440)
        self.setWindowTitle(f"Begin scene {number}")
        self.setAccessibleName(self.windowTitle())
        layout = QtWidgets.QVBoxLayout(self)
        lead = QtWidgets.QLabel(
            f"<b>Scene {number}</b>. Tick the short-term Ambitions each character works "
            "toward in this scene: one card each. “Dead” characters regain a card (up to "
            "their starting hand).", self)
        lead.setWordWrap(True)
        layout.addWidget(lead)
        self.pursued = QtWidgets.QListWidget(self)
        self.pursued.setAccessibleName("Short-term Ambitions pursued")
        for character in characters:
            for goal in goals_of(state, game, character.id):
                if goal.serves is None:
                    continue
                item = QtWidgets.QListWidgetItem(f"{character.name}: {goal.text}")
                item.setToolTip(f"Serving “{goal.serves}”")
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                item.setData(Qt.ItemDataRole.UserRole, (character.id, goal.text))
                self.pursued.addItem(item)
        if not self.pursued.count():
            empty = QtWidgets.QListWidgetItem("No character has a short-term Ambition.")
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self.pursued.addItem(empty)
        self.pursued.setMaximumHeight(180)
        layout.addWidget(self.pursued)
        layout.addWidget(_buttons(self, f"Begin scene {number}", "Standing Advantage of this "
                                  "scene lapses; the draws are made"))

    def tick(self, character: str, ambition: str) -> None:
        """Mark ``character`` as working toward ``ambition`` (keyboard users and tests)."""
        for i in range(self.pursued.count()):
            item = self.pursued.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == (character, ambition):
                item.setCheckState(Qt.CheckState.Checked)
                return
        raise LookupError(f"{character} has no short-term Ambition {ambition!r}")

    def working_toward(self) -> dict[str, list[str]]:
        chosen: dict[str, list[str]] = {}
        for i in range(self.pursued.count()):
            item = self.pursued.item(i)
            data = item.data(Qt.ItemDataRole.UserRole)
            if data and item.checkState() == Qt.CheckState.Checked:
                chosen.setdefault(data[0], []).append(data[1])
        return chosen


class AccomplishDialog(QtWidgets.QDialog):
    """Share the five cards of an accomplished short-term Ambition with those who helped."""

    def __init__(self, character: Character, ambition: str,
                 helpers: Sequence[tuple[str, str]],
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.character = str(character.id)
        self.ambition = ambition
        count = AMBITION_ACCOMPLISHED
        self.setMinimumWidth(400)
        self.setWindowTitle(f"{character.name} accomplished an Ambition")
        self.setAccessibleName(self.windowTitle())
        layout = QtWidgets.QVBoxLayout(self)
        lead = QtWidgets.QLabel(
            f"<b>{escape(character.name)}</b> accomplished “{escape(ambition)}”: "
            f"{count} cards, shared with the characters who helped.", self)
        lead.setWordWrap(True)
        layout.addWidget(lead)
        form = QtWidgets.QFormLayout()
        self.spins: dict[str, QtWidgets.QSpinBox] = {}
        for who, name in [(self.character, character.name), *helpers]:
            spin = QtWidgets.QSpinBox(self)
            spin.setRange(0, count)
            spin.setValue(count if who == self.character else 0)
            spin.setAccessibleName(f"Cards for {name}")
            describe(spin, f"How many of the {count} cards {name} draws")
            spin.valueChanged.connect(self._update)
            form.addRow(name, spin)
            self.spins[who] = spin
        layout.addLayout(form)
        self.total = QtWidgets.QLabel(self)
        layout.addWidget(self.total)
        self.buttons = _buttons(self, "Draw the cards", "Each draws their share, in secret")
        layout.addWidget(self.buttons)
        self._update()

    def shares(self) -> dict[str, int]:
        return {who: spin.value() for who, spin in self.spins.items() if spin.value()}

    def _update(self) -> None:
        shared = sum(spin.value() for spin in self.spins.values())
        self.total.setText(f"{shared} of {AMBITION_ACCOMPLISHED} cards shared")
        accept = QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole
        ok = next(b for b in self.buttons.buttons() if self.buttons.buttonRole(b) == accept)
        allow(ok, None if shared == AMBITION_ACCOMPLISHED else
              f"share exactly {AMBITION_ACCOMPLISHED} cards", "Each draws their share")


__all__ = ["AccomplishDialog", "Goal", "SceneDialog", "Tie", "fill_choices", "goals_of",
           "ties_of"]
