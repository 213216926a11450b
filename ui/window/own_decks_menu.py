"""The Table menu's "Put Your Own Deck on the Table" submenu: one entry per deck a group made.

The entries are read afresh each time the menu opens, so a deck just imported is there. A
deck already on the table can be put there again (a second copy, with its own id).
"""

from __future__ import annotations

from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.custom import own_decks
from cardtable.session.art_actions import put_on_table
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtWidgets

EMPTY_TEXT = "No deck of your own yet: File ▸ Import Deck Art…"


def make_own_decks_menu(
    parent: QtWidgets.QWidget, document: SessionDocument, library: ArtLibrary | None = None
) -> QtWidgets.QMenu:
    """The submenu; each entry puts one of the group's own decks on the table."""
    menu = QtWidgets.QMenu("Put Your &Own Deck on the Table", parent)
    menu.setToolTipsVisible(True)
    menu.setToolTip("Decks you made from your own pictures")
    shelf = library if library is not None else ArtLibrary()

    def fill() -> None:
        menu.clear()
        decks = own_decks(shelf)
        if not decks:
            menu.addAction(EMPTY_TEXT).setEnabled(False)
        for art in decks:
            entry = menu.addAction(f"{art.name} ({len(art.cards)} cards)")
            entry.setToolTip(f"Shuffle {art.name} into a draw pile on the table")
            entry.triggered.connect(lambda _=False, chosen=art: _put(document, chosen))

    menu.aboutToShow.connect(fill)
    fill()
    return menu


def _put(document: SessionDocument, art: ArtSet) -> None:
    document.apply(put_on_table(document.session.state, art))
