"""A deck imported from pictures mapped onto the Tourist's Tarot's 82 cards, for the Challenge.

The GM picks one of the group's own decks (imported with File > Import Deck Art… as a deck
of its own); each of the 82 cards gets the picture its name or its file's name says
(:func:`~cardtable.decks.tarot_pictures.guess_pictures`), and the rest are chosen card by
card, each in its row. "Play the Challenge with these pictures" asks the model: a mapping
that is not whole is refused, naming what is missing; a whole one becomes an art set for the
Tourist's Tarot (the pictures copied), which the session's tarot then wears
(:class:`~cardtable.session.art_actions.ChooseArt`, logged and undoable).
"""

from __future__ import annotations

from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.custom import own_decks
from cardtable.decks.names import tarot_slots
from cardtable.decks.tarot_pictures import (
    TarotPicturesError,
    dress_tarot,
    guess_pictures,
    missing,
    picture_names,
)
from cardtable.session.art_actions import ChooseArt
from cardtable.session.words_actions import tarot_on_table
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtWidgets
from cardtable.ui.widgets.style import describe
from cardtable.ui.widgets.theme import ink_text

NO_PICTURE = "(no picture)"
NO_DECKS = "No deck of your own yet: File ▸ Import Deck Art… as a new deck"


class PicturesDialog(QtWidgets.QDialog):
    """Which picture of an imported deck each card of the tarot shows."""

    def __init__(
        self,
        document: SessionDocument,
        library: ArtLibrary | None = None,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("The tarot's pictures")
        self.setAccessibleName("The tarot's pictures")
        self._document = document
        self.library = library if library is not None else ArtLibrary()
        layout = QtWidgets.QVBoxLayout(self)
        self.decks = QtWidgets.QComboBox(self)
        self.decks.setAccessibleName("Pictures from")
        row = QtWidgets.QHBoxLayout()
        row.addWidget(QtWidgets.QLabel("Pictures &from:", self, buddy=self.decks))
        row.addWidget(self.decks, 1)
        layout.addLayout(row)
        self.cards = QtWidgets.QTableWidget(0, 2, self)
        self.cards.setAccessibleName("Each card's picture")
        self.cards.setHorizontalHeaderLabels(["Card", "Picture"])
        self.cards.verticalHeader().hide()
        self.cards.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.cards, 1)
        self.missing = QtWidgets.QLabel(self)
        self.missing.setWordWrap(True)
        layout.addWidget(self.missing)
        self.message = QtWidgets.QLabel(self)
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Message")
        ink_text(self.message, "warning")
        layout.addWidget(self.message)
        buttons = QtWidgets.QHBoxLayout()
        self.play_button = QtWidgets.QPushButton("&Play the Challenge with these pictures", self)
        describe(self.play_button, "The session's tarot shows these pictures from now on")
        close = QtWidgets.QPushButton("Close", self)
        buttons.addWidget(self.play_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.play_button.clicked.connect(self.play)
        close.clicked.connect(self.reject)
        self.decks.currentIndexChanged.connect(self._show_deck)
        self._choosers: dict[str, QtWidgets.QComboBox] = {}
        self._art: ArtSet | None = None
        for art in own_decks(self.library):
            self.decks.addItem(f"{art.name} ({len(art.cards)} pictures)", art.id)
        if self.decks.count() == 0:
            self.decks.addItem(NO_DECKS, None)
            self.decks.setEnabled(False)
        self._show_deck()
        self.resize(560, 640)

    def _show_deck(self) -> None:
        self._art = self.library.find(self.decks.currentData())
        self.cards.setRowCount(0)
        self._choosers = {}
        if self._art is None:
            self._refresh()
            return
        try:
            names = picture_names(self._art)
            guessed = guess_pictures(self._art)
        except TarotPicturesError as exc:
            self.message.setText(str(exc))
            return
        slots = tarot_slots()
        self.cards.setRowCount(len(slots))
        for row, slot in enumerate(slots):
            self.cards.setItem(row, 0, QtWidgets.QTableWidgetItem(slot.name))
            chooser = QtWidgets.QComboBox(self.cards)
            chooser.setAccessibleName(f"Picture of {slot.name}")
            chooser.addItem(NO_PICTURE, None)
            for picture, name in names.items():
                chooser.addItem(name, picture)
            chooser.setCurrentIndex(max(0, chooser.findData(guessed.get(slot.slug))))
            chooser.currentIndexChanged.connect(self._refresh)
            self.cards.setCellWidget(row, 1, chooser)
            self._choosers[slot.slug] = chooser
        self.cards.resizeColumnToContents(0)
        self._refresh()

    def chooser(self, card: str) -> QtWidgets.QComboBox:
        """The picture chooser in the row of the card called ``card``."""
        slug = next(s.slug for s in tarot_slots() if s.name.casefold() == card.casefold())
        return self._choosers[slug]

    def mapping(self) -> dict[str, str]:
        """Each card's chosen picture (tarot slot to the imported deck's slot)."""
        return {
            slug: chooser.currentData()
            for slug, chooser in self._choosers.items()
            if chooser.currentData() is not None
        }

    def _refresh(self) -> None:
        lacking = missing(self.mapping()) if self._art is not None else []
        if self._art is None:
            self.missing.setText("")
        elif lacking:
            self.missing.setText(f"{len(lacking)} of 82 cards have no picture yet.")
        else:
            self.missing.setText("Every card has a picture.")

    def play(self) -> bool:
        """Dress the session's tarot in the chosen pictures; refused, naming what is missing,
        unless every card has one."""
        tarot = tarot_on_table(self._document.session.decks)
        if self._art is None or tarot is None:
            self.message.setText("Choose a deck of pictures, with a Tourist's Tarot on the table.")
            return False
        probe = ChooseArt(tarot.id, None)
        reason = self._document.session.may(probe)
        if reason is not None:
            self.message.setText(reason)
            return False
        try:
            dressed = dress_tarot(self.library, self._art, self.mapping())
        except TarotPicturesError as exc:
            self.message.setText(str(exc))
            return False
        if not self._document.apply(ChooseArt.of(tarot.id, dressed)):
            return False
        ink_text(self.message, "muted")
        self.message.setText(f"The tarot shows the pictures of {self._art.name}.")
        return True
