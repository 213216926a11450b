"""The tarot editor: the group's words for the 82 cards, kept as named decks.

The editor opens on the deck the session's tarot plays with (the shipped words unless the GM
chose the group's). The shipped deck is never written: its words are saved as a new, named
deck in the user's decks folder (:class:`~cardtable.session.tarot_decks.TarotShelf`); a deck
of the group's is saved in place. "Play this session with these words" asks the model for
:class:`~cardtable.session.words_actions.ChooseWords` (the GM's, logged, undoable with the
session's Edit > Undo); the editor's own undo takes back its edits only. A deck file passes
between groups by Export… and Import…; a file that is no good is refused in one line on the
editor's message line, and nothing is kept of it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardtable.cards import DeckId
from cardtable.decks.art import ArtLibrary
from cardtable.decks.words_file import MAX_NAME, TarotDeck, TarotDeckError
from cardtable.session.tarot_decks import SHIPPED_ID, TarotShelf, shipped_tarot_deck
from cardtable.session.words_actions import ChooseWords, tarot_on_table
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.tarot_editor.words import CHANGED, EVERY_CARD, EXCUSE, TRIUMPHS, WordsTable
from cardtable.ui.widgets.style import describe
from cardtable.ui.widgets.theme import ink_text

SHIPPED_TITLE = "The Tourist's Tarot, as shipped"
DECK_FILES = "Tarot deck files (*.json)"
FILTERS = (EVERY_CARD, "Rock", "Paper", "Blades", "Serpent", "Unknown", TRIUMPHS, EXCUSE, CHANGED)


class TarotEditor(QtWidgets.QDialog):
    """Table > Decks > Edit the tarot…"""

    def __init__(
        self,
        document: SessionDocument,
        shelf: TarotShelf | None = None,
        library: ArtLibrary | None = None,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit the tarot")
        self.setAccessibleName("Edit the tarot")
        self._document = document
        self.shelf = shelf if shelf is not None else TarotShelf()
        self.library = library
        self.shipped = shipped_tarot_deck()
        #: Asked before unsaved words are left behind; True lets them go.
        self.ask_discard: Callable[[], bool] = self._ask_discard
        layout = QtWidgets.QVBoxLayout(self)

        top = QtWidgets.QHBoxLayout()
        self.decks = QtWidgets.QComboBox(self)
        self.decks.setAccessibleName("Deck")
        describe(self.decks, "The deck whose words you edit: the shipped one, or one of yours")
        top.addWidget(QtWidgets.QLabel("&Deck:", self, buddy=self.decks))
        top.addWidget(self.decks, 1)
        self.name = QtWidgets.QLineEdit(self)
        self.name.setMaxLength(MAX_NAME)
        self.name.setAccessibleName("Name")
        describe(self.name, "The name the deck is saved under")
        top.addWidget(QtWidgets.QLabel("&Name:", self, buddy=self.name))
        top.addWidget(self.name, 1)
        self.save_button = QtWidgets.QPushButton("&Save", self)
        self.save_as_button = QtWidgets.QPushButton("Save as a &new deck", self)
        describe(self.save_as_button, "Keep these words as a new deck in your decks folder")
        top.addWidget(self.save_button)
        top.addWidget(self.save_as_button)
        layout.addLayout(top)

        find = QtWidgets.QHBoxLayout()
        self.search = QtWidgets.QLineEdit(self)
        self.search.setPlaceholderText("Search names and words")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search")
        self.filter = QtWidgets.QComboBox(self)
        self.filter.addItems(FILTERS)
        self.filter.setAccessibleName("Show")
        self.count = QtWidgets.QLabel(self)
        self.undo_button = QtWidgets.QPushButton("&Undo", self)
        self.redo_button = QtWidgets.QPushButton("&Redo", self)
        describe(self.undo_button, "Take back the last edit in this editor")
        describe(self.redo_button, "Make the edit taken back again")
        find.addWidget(QtWidgets.QLabel("Fin&d:", self, buddy=self.search))
        find.addWidget(self.search, 2)
        find.addWidget(QtWidgets.QLabel("Sho&w:", self, buddy=self.filter))
        find.addWidget(self.filter, 1)
        find.addWidget(self.count)
        find.addStretch(1)
        find.addWidget(self.undo_button)
        find.addWidget(self.redo_button)
        layout.addLayout(find)

        self.table = WordsTable(self.shipped, self.shipped, self)
        layout.addWidget(self.table, 1)
        self.message = QtWidgets.QLabel(self)
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Message")
        ink_text(self.message, "warning")
        layout.addWidget(self.message)

        actions = QtWidgets.QHBoxLayout()
        self.play_button = QtWidgets.QPushButton("&Play this session with these words", self)
        describe(self.play_button, "The session's tarot carries these words from now on")
        self.pictures_button = QtWidgets.QPushButton("Pi&ctures…", self)
        describe(self.pictures_button, "Play the Challenge with a deck you imported from pictures")
        self.export_button = QtWidgets.QPushButton("&Export…", self)
        describe(self.export_button, "Write these words as a file another group can import")
        self.import_button = QtWidgets.QPushButton("&Import…", self)
        describe(self.import_button, "Read a deck file another group exported")
        close = QtWidgets.QPushButton("Close", self)
        for widget in (self.play_button, self.pictures_button, self.export_button,
                       self.import_button):  # fmt: skip
            actions.addWidget(widget)
        actions.addStretch(1)
        actions.addWidget(close)
        layout.addLayout(actions)

        self.save_button.clicked.connect(self.save)
        self.save_as_button.clicked.connect(self.save_as_new)
        self.play_button.clicked.connect(self.play)
        self.pictures_button.clicked.connect(self._on_pictures)
        self.export_button.clicked.connect(self._on_export)
        self.import_button.clicked.connect(self._on_import)
        close.clicked.connect(self.reject)
        self.undo_button.clicked.connect(self.table.undo_stack.undo)
        self.redo_button.clicked.connect(self.table.undo_stack.redo)
        self.table.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.table.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.table.undo_stack.cleanChanged.connect(self._refresh)
        self.table.refused.connect(self.say)
        self.table.edited.connect(self._refresh)
        self.search.textChanged.connect(self._filter)
        self.filter.currentIndexChanged.connect(self._filter)
        self.decks.activated.connect(self._on_deck_chosen)
        document.refused.connect(self.say)
        self._current: str | None = None
        self._fill_decks(self._playing())
        self.open_deck(self._playing())
        self.resize(960, 640)

    # -- which deck -------------------------------------------------------------------------

    def _playing(self) -> str | None:
        """The id of the group's deck the session's tarot plays with, if it is here."""
        tarot = tarot_on_table(self._document.session.decks)
        words = None if tarot is None else tarot.words
        return words if words is not None and self.shelf.find(words) is not None else None

    def _fill_decks(self, select: str | None) -> None:
        self.decks.clear()
        self.decks.addItem(SHIPPED_TITLE, None)
        for deck in self.shelf.decks():
            self.decks.addItem(deck.name, deck.id)
        self.decks.setCurrentIndex(max(0, self.decks.findData(select)))

    def open_deck(self, deck_id: str | None) -> None:
        """Show the deck ``deck_id`` (None: the shipped words) in the editor."""
        deck = self.shipped if deck_id is None else self.shelf.get(deck_id)
        self._current = deck_id
        self.table.load(deck)
        self.name.setText("" if deck_id is None else deck.name)
        self.decks.setCurrentIndex(max(0, self.decks.findData(deck_id)))
        self._filter()
        self._refresh()

    def _on_deck_chosen(self, index: int) -> None:
        chosen = self.decks.itemData(index)
        if chosen == self._current:
            return
        if not self.table.undo_stack.isClean() and not self.ask_discard():
            self.decks.setCurrentIndex(max(0, self.decks.findData(self._current)))
            return
        try:
            self.open_deck(chosen)
        except TarotDeckError as exc:
            self.say(str(exc))

    def _ask_discard(self) -> bool:
        answer = QtWidgets.QMessageBox.question(
            self, "Edit the tarot", "Leave the words you have not saved?"
        )
        return answer == QtWidgets.QMessageBox.StandardButton.Yes

    # -- saving and playing ----------------------------------------------------------------

    def _words(self) -> TarotDeck:
        name = " ".join(self.name.text().split())
        deck = self.table.deck
        return deck if self._current is None else deck.named(deck.id, name or deck.name)

    def save(self) -> bool:
        """Write the group's deck in place (never the shipped one)."""
        if self._current is None:
            self.say("The shipped deck is never written: save these words as a new deck.")
            return False
        return self._saved(lambda: self.shelf.save(self._words()))

    def save_as_new(self) -> bool:
        """Keep the words as a new deck called by the name typed."""
        name = " ".join(self.name.text().split())
        if not name:
            self.say("Give the deck a name first.")
            self.name.setFocus()
            return False
        return self._saved(lambda: self.shelf.save_as(self.table.deck, name))

    def _saved(self, write: Callable[[], TarotDeck], done: str = "Saved {} in") -> bool:
        """Keep a deck in the decks folder by ``write`` and show it; ``done`` says so."""
        try:
            deck = write()
        except TarotDeckError as exc:
            self.say(str(exc))
            return False
        self._fill_decks(deck.id)
        self.open_deck(deck.id)
        self.say(f"{done.format(deck.name)} your decks folder.", warning=False)
        return True

    def play(self) -> bool:
        """The session's tarot carries the saved words shown here from now on."""
        tarot = tarot_on_table(self._document.session.decks)
        if tarot is None:
            self.say("There is no Tourist's Tarot on the table to play with these words.")
            return False
        if not self.table.undo_stack.isClean():
            self.say("Save the words first: the session plays with a saved deck.")
            return False
        words = None if self._current is None else self.table.deck
        if not self._document.apply(ChooseWords(tarot.id, words)):
            return False
        name = SHIPPED_TITLE if words is None else words.name
        self.say(f"This session plays with {name}.", warning=False)
        self._refresh()
        return True

    # -- files ------------------------------------------------------------------------------

    def export_to(self, path: Path) -> bool:
        deck = self._words()
        if self._current is None:
            deck = deck.named(SHIPPED_ID, deck.name)
        try:
            self.shelf.export(deck, path)
        except TarotDeckError as exc:
            self.say(str(exc))
            return False
        self.say(f"Exported {deck.name} to {path.name}.", warning=False)
        return True

    def import_from(self, path: Path) -> bool:
        if not self.table.undo_stack.isClean() and not self.ask_discard():
            return False
        return self._saved(lambda: self.shelf.import_file(path), "Imported {} into")

    def _on_export(self) -> None:
        suggested = str(Path.home() / f"{self._current or SHIPPED_ID}.json")
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self, "Export the tarot's words", suggested, DECK_FILES
        )
        if path:
            self.export_to(Path(path))

    def _on_import(self) -> None:
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, "Import a tarot deck file", str(Path.home()), DECK_FILES
        )
        if path:
            self.import_from(Path(path))

    def _on_pictures(self) -> None:
        from cardtable.ui.tarot_editor.pictures import PicturesDialog

        dialog = PicturesDialog(self._document, self.library, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.show()
        self.pictures = dialog

    # -- what the editor shows ---------------------------------------------------------------

    def say(self, text: str, *, warning: bool = True) -> None:
        self.message.setText(text)
        ink_text(self.message, "warning" if warning else "muted")

    def _filter(self) -> None:
        shown = self.table.show_only(self.search.text(), self.filter.currentText())
        self.count.setText(f"{shown} of {len(self.table.deck.cards)} cards")

    def _refresh(self) -> None:
        clean = self.table.undo_stack.isClean()
        self.undo_button.setEnabled(self.table.undo_stack.canUndo())
        self.redo_button.setEnabled(self.table.undo_stack.canRedo())
        self.save_button.setEnabled(self._current is not None and not clean)
        if self._current is None:
            self.save_button.setToolTip(
                "The shipped deck is never written: save these words as a new deck."
            )
        else:
            self.save_button.setToolTip("Write these words over the deck's file")
        reason = self._document.session.may(ChooseWords(self._tarot_id(), None))
        self.play_button.setEnabled(reason is None and clean)
        if reason is not None:
            self.play_button.setToolTip(reason)
        elif not clean:
            self.play_button.setToolTip("Save the words first: the session plays a saved deck")
        else:
            describe(self.play_button, "The session's tarot carries these words from now on")

    def _tarot_id(self) -> DeckId:
        tarot = tarot_on_table(self._document.session.decks)
        return DeckId("tarot") if tarot is None else tarot.id

    def done(self, result: int) -> None:
        self._document.refused.disconnect(self.say)
        super().done(result)
