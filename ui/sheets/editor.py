"""The character-sheet editor: a dock with a character picker and the picked sheet's form.

The picker lists the characters of whoever holds the computer first, then everyone
else's. Character sheets are not private (``rules/table.md`` lists a character's hand,
face-down cards and *a GM's notes* as private, not sheets), so any sheet, its free notes
included, may be read from any seat; the notes box says so. A player changes the sheets of
their own characters; the GM changes any. Another player's sheet is shown read-only, and
while the curtain is up nothing can be changed.

The Roll menu beside the picker starts a roll from the sheet shown (a Banzai Skill or Element
roll, a crisis dice Challenge): it emits :attr:`SheetEditor.roll_asked`, and the window brings
the panel that rolls it forward. A Banzai roll is its character's player's to start: at
another seat the entries are greyed out, the model's reason as their tooltip.

Each finished edit is one :class:`~cardtable.session.EditSheet` action, so Undo takes
back the last edit and the log says what it was ("Alex changed Ottilie Marchbank's Rock to
Great (4)"). The form follows the session: after an undo, a redo or another seat's edit it
shows the sheet as it now is, keeping an unfinished edit in a field that did not change.
A tarot sheet's Sleeve Cards go by the names the session's tarot gives its cards
(:class:`~cardtable.sheets.card_names.CardNames`), and the form is built anew when the GM
chooses other words.

Wiring: ``dock = make_dock(document, window)``, then
``window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)`` and
``view_menu.addAction(dock.toggleViewAction())``.
"""

from __future__ import annotations

import functools

from cardtable.session import Changes, Character, CharacterId, EditSheet
from cardtable.session.words_actions import card_names
from cardtable.sheets import SHEET_TYPES, BanzaiSheet, Element, Sheet, blank
from cardtable.sheets.card_names import CardNames
from cardtable.steps.banzai.picks import RollPick
from cardtable.steps.banzai.roll import roll as banzai_roll
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.sheets.form import FormContext, SheetForm
from cardtable.ui.sheets.forms.adventure import AdventureForm
from cardtable.ui.sheets.forms.banzai import BanzaiForm
from cardtable.ui.sheets.forms.crisis import CrisisForm
from cardtable.ui.sheets.forms.pool import PoolForm
from cardtable.ui.sheets.forms.tarot import TarotForm
from cardtable.ui.widgets.theme import ink_text

#: Each system's form, by the system's key.
FORMS: dict[str, type[SheetForm]] = {
    form.system: form for form in (TarotForm, CrisisForm, PoolForm, AdventureForm, BanzaiForm)
}
#: What makes the editor look again at the characters, and at the sheet it shows.
_WATCHED = Changes.SHEET | Changes.PLAYERS | Changes.SEAT

DOCK_OBJECT_NAME = "characterSheetDock"
#: What :attr:`SheetEditor.roll_asked` names for a crisis dice Challenge.
CRISIS_ROLL = "crisis"


def starting_sheet(document: SessionDocument, character: Character) -> Sheet:
    """The character's sheet, or a blank one of its system with its name and player."""
    if character.sheet is not None:
        return character.sheet
    sheet = blank(character.system)
    player = next((p for p in document.session.players if p.id == character.player), None)
    return sheet.revised(name=character.name, player=player.name if player else "")


class SheetEditor(QtWidgets.QWidget):
    """Pick a character, edit its sheet."""

    #: Emitted with the character's id when the picker shows another character (or "").
    picked = QtCore.Signal(str)
    #: Emitted with the character's id and what to roll (a Banzai Skill, "" for an Element
    #: roll, or :data:`CRISIS_ROLL`) when the player starts a roll from the sheet.
    roll_asked = QtCore.Signal(str, str)

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.form: SheetForm | None = None
        self._character: CharacterId | None = None
        self.setAccessibleName("Character sheet editor")

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 0)
        layout.setSpacing(4)
        top = QtWidgets.QHBoxLayout()
        top.setSpacing(4)
        self.picker = QtWidgets.QComboBox()
        self.picker.setAccessibleName("Character")
        self.picker.setToolTip("The character whose sheet is shown (yours first)")
        self.picker.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.picker.setMinimumContentsLength(16)
        self.picker.activated.connect(self._on_picked)
        self.new_button = QtWidgets.QToolButton()
        self.new_button.setText("New…")
        self.new_button.setToolTip("Bring in a new character with a blank sheet")
        self.new_button.setAccessibleName("New character")
        self.new_button.clicked.connect(self._on_new)
        self.roll_button = QtWidgets.QToolButton()
        self.roll_button.setText("Roll")
        self.roll_button.setAccessibleName("Roll from this sheet")
        self.roll_button.setToolTip("Start a roll with this character: a Banzai Skill, or a "
                                    "crisis dice Challenge; the ranks come from the sheet")
        self.roll_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        self.roll_menu = QtWidgets.QMenu(self.roll_button)
        self.roll_menu.aboutToShow.connect(self._fill_roll_menu)
        self.roll_button.setMenu(self.roll_menu)
        top.addWidget(self.picker, 1)
        top.addWidget(self.roll_button)
        top.addWidget(self.new_button)
        layout.addLayout(top)

        self.banner = QtWidgets.QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(
            "background: #f3eee3; color: #4a4238; border: 1px solid #d8cfbd;"
            "border-radius: 3px; padding: 4px 6px;"
        )
        self.banner.setAccessibleName("Editing")
        self.banner.hide()
        layout.addWidget(self.banner)

        self.scroll = QtWidgets.QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.scroll, 1)
        self.empty = QtWidgets.QLabel("No characters yet: “New…” brings one in.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        ink_text(self.empty, "muted", "padding: 24px;")

        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        self._on_replaced()

    # -- reading ------------------------------------------------------------------------

    def current_character(self) -> CharacterId | None:
        """The character whose sheet is shown, or None when there is none."""
        return self._character

    def select(self, character: CharacterId) -> None:
        """Show ``character``'s sheet."""
        if character not in self._document.session.characters:
            raise KeyError(character)
        self._show(character)
        self._fill_picker()

    def may_edit(self, character: Character) -> str | None:
        """None when whoever holds the computer may change ``character``'s sheet; else why not."""
        session = self._document.session
        if session.curtain is not None:
            name = session.state.player(session.curtain).name
            return (
                "The curtain is up: sheets can be read but not changed until "
                f"{name} takes the computer."
            )
        me = session.current_player
        if me is None or me.is_gm or me.id == character.player:
            return None
        owner = session.state.player(character.player).name
        return f"{owner} plays {character.name}: only {owner} or the GM can change this sheet."

    # -- the picker ---------------------------------------------------------------------

    def _ordered(self) -> list[Character]:
        session = self._document.session
        holder = session.holder
        seats = {player.id: seat for seat, player in enumerate(session.players)}
        everyone = list(session.characters.values())
        mine = [c for c in everyone if c.player == holder]
        others = sorted(
            (c for c in everyone if c.player != holder), key=lambda c: seats.get(c.player, 99)
        )
        return mine + others

    def _fill_picker(self) -> None:
        session = self._document.session
        names = {player.id: player.name for player in session.players}
        self.picker.blockSignals(True)
        try:
            self.picker.clear()
            holder = session.holder
            previous_mine: bool | None = None
            for character in self._ordered():
                mine = character.player == holder
                if previous_mine is not None and mine != previous_mine:
                    self.picker.insertSeparator(self.picker.count())
                previous_mine = mine
                title = (
                    SHEET_TYPES[character.system].title if character.system in SHEET_TYPES else ""
                )
                text = f"{character.name} — {names.get(character.player, '?')}"
                self.picker.addItem(text, character.id)
                self.picker.setItemData(
                    self.picker.count() - 1,
                    f"{character.name}: {title}",
                    Qt.ItemDataRole.ToolTipRole,
                )
            index = self.picker.findData(self._character) if self._character else -1
            self.picker.setCurrentIndex(index)
        finally:
            self.picker.blockSignals(False)
        self.picker.setEnabled(self.picker.count() > 0)

    def _fill_roll_menu(self) -> None:
        """The rolls this character's sheet offers."""
        self.roll_menu.clear()
        character = self._character
        found = self._document.session.characters.get(character) if character else None
        if found is None:
            return
        sheet = found.sheet
        if found.system == "banzai":
            skills = sheet.skills if isinstance(sheet, BanzaiSheet) else ()
            # Only the character's player starts its roll: elsewhere greyed out, saying why.
            session = self._document.session
            refusal = session.may(banzai_roll(RollPick(found.id, "", Element.FIRE)))
            self.roll_menu.setToolTipsVisible(True)
            for text, skill in [*((f"{s.name} {s.rank}", s.name) for s in skills),
                                ("An Element roll (XkX)", "")]:
                entry = self.roll_menu.addAction(text)
                entry.setEnabled(refusal is None)
                entry.setToolTip(refusal or f"Open the Banzai panel with {found.name}'s {text}")
                entry.triggered.connect(functools.partial(self._ask_roll, found.id, skill))
        elif found.system == "crisis":
            entry = self.roll_menu.addAction("A Simple Challenge (the GM sets it)")
            entry.triggered.connect(functools.partial(self._ask_roll, found.id, CRISIS_ROLL))

    def _ask_roll(self, character: str, what: str) -> None:
        self.roll_asked.emit(character, what)

    def _show_roll_button(self) -> None:
        found = (self._document.session.characters.get(self._character)
                 if self._character else None)
        self.roll_button.setVisible(found is not None and found.system in ("banzai", "crisis"))

    def _on_picked(self, index: int) -> None:
        character = self.picker.itemData(index)
        if character and character != self._character:
            self._show(CharacterId(str(character)))

    # -- the form -----------------------------------------------------------------------

    def _show(self, character: CharacterId | None) -> None:
        """Build the form for ``character`` (None: no form)."""
        if self.form is not None and self._character != character:
            # An edit the player has not finished (no Tab yet) is kept, if the sheet takes it.
            self.form.flush()
        self._character = character
        old = self.scroll.takeWidget()
        if old is not None and old is not self.empty:
            old.deleteLater()
        self.form = None
        session = self._document.session
        if character is None or character not in session.characters:
            self._character = None
            self.scroll.setWidget(self.empty)
            self.empty.show()
            self.banner.hide()
            self.roll_button.hide()
            self.picked.emit("")
            return
        chosen = session.characters[character]
        names = tuple(c.name for c in session.characters.values() if c.id != character)
        form_type = FORMS[chosen.system]
        # The commit is tied to this character: an edit finishing as the form goes away
        # can never land on the next character's sheet.
        commit = functools.partial(self._commit, chosen.id)
        context = FormContext(commit, names, self._card_names())
        self.form = form_type(starting_sheet(self._document, chosen), context)
        self.scroll.setWidget(self.form)
        self._apply_permissions(chosen)
        self._show_roll_button()
        self.picked.emit(str(character))

    def _card_names(self) -> CardNames:
        state = self._document.session.state
        return card_names(state.decks, state.table.cards.values())

    def _apply_permissions(self, character: Character) -> None:
        reason = self.may_edit(character)
        self.banner.setText(reason or "")
        self.banner.setVisible(reason is not None)
        if self.form is not None and self.form.read_only != (reason is not None):
            self.form.set_read_only(reason is not None)

    def _commit(self, character: CharacterId, sheet: Sheet, what: str) -> str | None:
        """Ask the session to put ``sheet`` on ``character``: None if done, else why not."""
        refusals: list[str] = []
        self._document.refused.connect(refusals.append)
        try:
            done = self._document.apply(EditSheet(character, sheet, what))
        finally:
            self._document.refused.disconnect(refusals.append)
        if done:
            return None
        return refusals[0] if refusals else "The session refused the change."

    # -- following the session ----------------------------------------------------------

    def _on_replaced(self) -> None:
        self._character = None
        ordered = self._ordered()
        self._show(ordered[0].id if ordered else None)
        self._fill_picker()

    def _on_changed(self, flags: int) -> None:
        changes = Changes(flags)
        # The deck's words changed: the form shows and takes the cards' new names.
        if (
            changes & Changes.TABLE
            and self.form is not None
            and self.form.context.cards != self._card_names()
        ):
            self._show(self._character)
        if not changes & _WATCHED:
            return
        session = self._document.session
        if changes & (Changes.PLAYERS | Changes.SEAT):
            if self._character not in session.characters:
                ordered = self._ordered()
                self._show(ordered[0].id if ordered else None)
            self._fill_picker()
        if self._character is None or self.form is None:
            return
        character = session.characters[self._character]
        if character.system != self.form.system:
            self._show(character.id)
            return
        sheet = starting_sheet(self._document, character)
        if sheet is not self.form.sheet:
            self.form.load(sheet)
        self._apply_permissions(character)

    def _on_new(self) -> None:
        from cardtable.ui.sheets.new_character import ask_new_character

        created = ask_new_character(self, self._document)
        if created is not None:
            self.select(created)


class SheetDock(QtWidgets.QDockWidget):
    """The editor in a dock widget; ``current_character`` is the one shown."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None):
        super().__init__("Character sheet", parent)
        self.setObjectName(DOCK_OBJECT_NAME)
        self.editor = SheetEditor(document, self)
        self.setWidget(self.editor)
        self.setMinimumWidth(400)
        self.toggleViewAction().setText("&Character sheet")
        self.toggleViewAction().setShortcut(QtGui.QKeySequence("Ctrl+Shift+C"))
        self.toggleViewAction().setToolTip("Show or hide the character sheet editor")

    def current_character(self) -> CharacterId | None:
        return self.editor.current_character()


def make_dock(document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> SheetDock:
    """The character-sheet dock for ``document`` (add it with ``addDockWidget``)."""
    return SheetDock(document, parent)
