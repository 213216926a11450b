"""The words of the 82 cards as a table the group edits: search, filter, and undo.

Each row is a card. Its Attribute and rank are the rules' and cannot be edited (a tooltip
says so); its name (the name players see: the rules keep knowing the card as they call it),
keywords (separated by commas), upright and reversed meanings can. Every edit is one undoable
command on the table's own :class:`QUndoStack` (undo within the editor, apart from the
session's), checked by the model (:func:`cardtable.decks.words_file.edited`, and
:meth:`~cardtable.decks.words_file.TarotDeck.with_card` for a name another card has): words
that cannot be are refused in one line on :attr:`WordsTable.refused`, and the cell shows the
words it had.
"""

from __future__ import annotations

from cardtable.decks.words_file import CardWords, TarotDeck, TarotDeckError, edited
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: The columns: what each holds, and its heading.
COLUMNS = (
    ("title", "Card"),
    ("attribute", "Attribute"),
    ("rank", "Rank"),
    ("keywords", "Keywords"),
    ("upright", "Upright"),
    ("reversed", "Reversed"),
)
#: The columns the rules fix: shown, never edited.
RULES_COLUMNS = (1, 2)
RULES_TIP = "The rules fix each card's Attribute and rank; they decide which card beats which."
#: The filter's choices: what the list shows, and which cards each keeps.
EVERY_CARD = "Every card"
TRIUMPHS = "The Triumphs"
EXCUSE = "The Excuse"
CHANGED = "Words changed from the shipped deck"


def _cell(card: CardWords, what: str) -> str:
    if what == "keywords":
        return ", ".join(card.keywords)
    if what == "rank":
        return "" if card.rank is None else str(card.rank)
    if what == "attribute":
        return card.attribute or ""
    return str(getattr(card, what))


class EditWords(QtGui.QUndoCommand):
    """One card's words changed: undone, the card has the words it had."""

    def __init__(self, table: WordsTable, before: CardWords, after: CardWords) -> None:
        super().__init__(f"Edit {before.title}")
        self._table, self._before, self._after = table, before, after

    def redo(self) -> None:
        self._table.put(self._after)

    def undo(self) -> None:
        self._table.put(self._before)


class WordsTable(QtWidgets.QTableWidget):
    """The cards of one deck, a row each; edits go through :attr:`undo_stack`."""

    refused = QtCore.Signal(str)
    #: The deck as it now reads, after every edit, undo and redo.
    edited = QtCore.Signal()

    def __init__(
        self, deck: TarotDeck, shipped: TarotDeck, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(len(deck.cards), len(COLUMNS), parent)
        self.setAccessibleName("The cards' words")
        self.setHorizontalHeaderLabels([title for _, title in COLUMNS])
        self.verticalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.undo_stack = QtGui.QUndoStack(self)
        self._shipped = {card.face: card for card in shipped.cards}
        self._filling = False
        self.deck = deck
        self.itemChanged.connect(self._on_item_changed)
        self.load(deck)
        self.resizeColumnsToContents()

    # -- the deck ---------------------------------------------------------------------------

    def load(self, deck: TarotDeck) -> None:
        """Show ``deck`` afresh (its undo history forgotten)."""
        self.deck = deck
        self.undo_stack.clear()
        self._filling = True
        self.setRowCount(len(deck.cards))
        for row, card in enumerate(deck.cards):
            for column, (what, _) in enumerate(COLUMNS):
                item = QtWidgets.QTableWidgetItem(_cell(card, what))
                if column in RULES_COLUMNS:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                    item.setToolTip(RULES_TIP)
                self.setItem(row, column, item)
            self._name_tip(row, card)
        self._filling = False
        self.undo_stack.setClean()

    def _name_tip(self, row: int, card: CardWords) -> None:
        self.item(row, 0).setToolTip(f"The rules call this card {card.name}.")

    def row_of(self, name: str) -> int:
        """The row of the card the rules call ``name``."""
        face = self.deck.card(name).face
        return next(row for row, card in enumerate(self.deck.cards) if card.face == face)

    def put(self, card: CardWords) -> None:
        """Show ``card``'s words in its row and take them into :attr:`deck`."""
        self.deck = self.deck.with_card(card)
        row = self.row_of(card.name)
        self._filling = True
        for column, (what, _) in enumerate(COLUMNS):
            if column not in RULES_COLUMNS:
                self.item(row, column).setText(_cell(card, what))
        self._name_tip(row, card)
        self._filling = False
        self.edited.emit()

    def _on_item_changed(self, item: QtWidgets.QTableWidgetItem) -> None:
        if self._filling:
            return
        before = self.deck.cards[item.row()]
        what = COLUMNS[item.column()][0]
        try:
            after = edited(before, what, item.text())
            self.deck.with_card(after)  # a name another card has is refused here
        except TarotDeckError as exc:
            self._filling = True
            item.setText(_cell(before, what))
            self._filling = False
            self.refused.emit(str(exc))
            return
        if after == before:
            self.put(before)  # the words as the model writes them (spaces tidied)
            return
        self.undo_stack.push(EditWords(self, before, after))

    # -- search and filter -----------------------------------------------------------------

    def show_only(self, search: str, kind: str) -> int:
        """Show the cards whose words hold ``search`` and that ``kind`` keeps; how many."""
        shown = 0
        for row, card in enumerate(self.deck.cards):
            keep = card.matches(search) and self._kept(card, kind)
            self.setRowHidden(row, not keep)
            shown += keep
        return shown

    def _kept(self, card: CardWords, kind: str) -> bool:
        if kind == EVERY_CARD:
            return True
        if kind == TRIUMPHS:
            return card.face.is_triumph
        if kind == EXCUSE:
            return card.face.is_excuse
        if kind == CHANGED:
            return self._shipped.get(card.face) != card
        return card.attribute == kind

    def shown_names(self) -> list[str]:
        """The names of the cards the search and filter leave in sight, in order."""
        return [c.name for row, c in enumerate(self.deck.cards) if not self.isRowHidden(row)]
