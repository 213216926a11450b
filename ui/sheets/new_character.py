"""The "New character…" dialog: a name, who plays it, its system; then a blank sheet.

The character comes in (:func:`~cardtable.steps.adventure.arrival.bring_in`) with a blank sheet
of its system holding its name and its player's name; a Fantastical Adventure character gets
a private hand of cards by default (the one system here that deals hands), dealt its starting
hand as it comes.

Wiring: ``ask_new_character(window, document)`` from a menu action; it returns the new
character's id (to show its sheet), or None when cancelled.
"""

from __future__ import annotations

from cardtable.session import Character, CharacterId, PlayerId, SessionError
from cardtable.session.model import unique_id
from cardtable.sheets import SHEET_TYPES, SheetError, blank
from cardtable.steps.adventure.arrival import bring_in
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.fields import ProblemLabel

#: Systems whose characters hold a hand of cards.
HAND_SYSTEMS = frozenset({"adventure"})


class NewCharacterDialog(QtWidgets.QDialog):
    """Asks for the new character's name, player and system, and checks them as typed."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None):
        super().__init__(parent)
        self._document = document
        self.created: CharacterId | None = None
        session = document.session
        self.setWindowTitle("New character")
        self.setAccessibleName("New character")

        self.name = QtWidgets.QLineEdit()
        self.name.setPlaceholderText("The character's name")
        self.name.setAccessibleName("Name")
        self.name.setToolTip("The character's name, as the table and the sheet show it")
        self.player = QtWidgets.QComboBox()
        self.player.setAccessibleName("Player")
        self.player.setToolTip("Who plays the character (the GM plays NPCs and antagonists)")
        for player in session.players:
            self.player.addItem(f"{player.name}{' (GM)' if player.is_gm else ''}", player.id)
        if session.holder is not None:
            self.player.setCurrentIndex(max(0, self.player.findData(session.holder)))
        self.system = QtWidgets.QComboBox()
        self.system.setAccessibleName("System")
        self.system.setToolTip("The game system of the character's sheet")
        for key, sheet_type in SHEET_TYPES.items():
            self.system.addItem(sheet_type.title, key)
        self.hand = QtWidgets.QCheckBox("A private hand of cards")
        self.hand.setToolTip("Give the character a hand only its player sees")
        self.problems = ProblemLabel()

        form = QtWidgets.QFormLayout()
        form.addRow("&Name", self.name)
        form.addRow("&Player", self.player)
        form.addRow("&System", self.system)
        form.addRow("", self.hand)
        self.buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = self.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Bring in")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(380)

        self.name.textEdited.connect(self._check)
        self.player.currentIndexChanged.connect(self._check)
        self.system.currentIndexChanged.connect(self._on_system)
        self.hand.toggled.connect(lambda _on: self._say_undo())
        if not session.players:
            self.problems.set_for(self, ["Seat a player first: every character has one."])
        self._on_system()

    def _on_system(self) -> None:
        self.hand.setChecked(self.system.currentData() in HAND_SYSTEMS)
        self._say_undo()
        self._check()

    def _say_undo(self) -> None:
        """Whether Undo can take the character back: not once its hand is dealt."""
        dealt = self.hand.isChecked() and self.system.currentData() in HAND_SYSTEMS
        self.ok.setToolTip(
            "Bring the character in with a blank sheet, dealt its starting hand (cards dealt "
            "stay dealt: Undo stops there)" if dealt
            else "Bring the character in with a blank sheet (Undo takes it back)")

    def character(self) -> Character:
        """The character the dialog describes; SessionError or SheetError if it cannot be."""
        session = self._document.session
        if self.player.currentIndex() < 0:
            raise SessionError("Seat a player first: every character has one.")
        player = session.state.player(PlayerId(str(self.player.currentData())))
        name = self.name.text().strip()
        system = str(self.system.currentData())
        identity = CharacterId(unique_id(name or "character", session.characters))
        sheet = blank(system).revised(name=name, player=player.name)
        return Character(identity, name, player.id, system, sheet)

    def _check(self) -> None:
        if not self.name.text().strip():
            self.problems.set_for(self, [])
            self.ok.setEnabled(False)
            return
        try:
            self.character()
        except (SessionError, SheetError) as error:
            self.problems.set_for(self, [_sentence(str(error))])
            self.ok.setEnabled(False)
            return
        self.problems.set_for(self, [])
        self.ok.setEnabled(True)

    def accept(self) -> None:
        try:
            character = self.character()
        except (SessionError, SheetError) as error:
            self.problems.set_for(self, [_sentence(str(error))])
            return
        refusals: list[str] = []
        self._document.refused.connect(refusals.append)
        try:
            done = self._document.apply(bring_in(character, hand=self.hand.isChecked()))
        finally:
            self._document.refused.disconnect(refusals.append)
        if not done:
            self.problems.set_for(self, [_sentence(r) for r in refusals] or ["Not brought in."])
            return
        self.created = character.id
        super().accept()


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def ask_new_character(
    parent: QtWidgets.QWidget | None, document: SessionDocument
) -> CharacterId | None:
    """Show the dialog; the new character's id, or None if it was cancelled."""
    dialog = NewCharacterDialog(document, parent)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.exec()
    return dialog.created
