"""Keeps the card art in step with the session: each deck shows the art set chosen for it.

The session says which art set dresses each deck (:attr:`DeckOnTable.art`, changed with
:class:`~cardtable.session.art_actions.ChooseArt`); :class:`ArtBinding` looks the sets up in
the user's library and hands them to :mod:`cardtable.ui.art.card_art`, whose card items, hand,
preview and chips then paint the pictures. A set that is not installed on this computer
(a session brought from another) is reported once through ``document.refused`` and the
deck shows Cardtable's own art. A session's tarot whose group's words are not on this
computer is reported the same way (it shows the shipped words,
:mod:`cardtable.session.tarot_decks`).
"""

from __future__ import annotations

from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.custom import use_library
from cardtable.session import Changes
from cardtable.session.tarot_decks import missing_words
from cardtable.ui.art import card_art
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtCore


class ArtBinding(QtCore.QObject):
    """Dresses the table's decks in the art sets ``document``'s session chose."""

    def __init__(
        self,
        document: SessionDocument,
        library: ArtLibrary | None = None,
        parent: QtCore.QObject | None = None,
    ) -> None:
        super().__init__(parent if parent is not None else document)
        self._document = document
        self.library = library if library is not None else ArtLibrary()
        if library is not None:
            # The group's own decks on the table are read from the same library.
            use_library(library)
        self._told: set[tuple[str, str]] = set()
        document.changed_at_once.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        self.refresh()

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & Changes.TABLE:
            self.refresh()

    def _on_replaced(self) -> None:
        self._told.clear()
        self.refresh()

    def refresh(self) -> None:
        """Look up every deck's art set again and dress the table in them."""
        decks: dict[str, tuple[str, ArtSet | None]] = {}
        for deck in self._document.session.decks:
            try:
                faces = deck.spec().faces
            except ValueError:
                continue
            kind = card_art.art_kind(faces[0])
            art = self.library.find(deck.art)
            if deck.art is not None and art is None and (deck.id, deck.art) not in self._told:
                self._told.add((deck.id, deck.art))
                self._document.refused.emit(
                    f"The art set {deck.art!r} chosen for {deck.spec().name} is not installed "
                    "on this computer; the deck shows Cardtable's own art."
                )
            if deck.words is not None and (deck.id, f"words:{deck.words}") not in self._told:
                self._told.add((deck.id, f"words:{deck.words}"))
                if (missing := missing_words(deck.words)) is not None:
                    self._document.refused.emit(missing)
            decks[str(deck.id)] = (kind, art)
        card_art.set_table_art(decks, self.library)


def bind_art(document: SessionDocument, library: ArtLibrary | None = None) -> ArtBinding:
    """Keep the card art in step with ``document`` (the main window calls this once)."""
    return ArtBinding(document, library)
