"""A group's own decks on the table: decks made from their pictures, kept with their art.

Importing pictures as a *new* deck (:mod:`cardtable.decks.importing`) writes its deck file
(system ``"custom"``, see :mod:`cardtable.decks.standard`) into the art set's folder. On the table
such a deck's source is ``user:<art set id>``; the session rebuilds its cards from that file,
so a saved session stores only where each card lies, as for the shipped decks. A session
holding a deck that is not installed on this computer cannot be opened, and says which.
The session puts such a deck on the table with
:func:`cardtable.session.art_actions.put_on_table`.

>>> source_of_id("moon-oracle")
'user:moon-oracle'
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.decks.art import DECK_FILE, ArtLibrary, ArtSet
from cardtable.decks.names import CUSTOM
from cardtable.decks.standard import DeckFileError, DeckSpec, load_deck

USER_SOURCE = "user:"

_library: ArtLibrary | None = None


def use_library(library: ArtLibrary | None) -> None:
    """Look the group's decks up in ``library`` (None: the user's own data folder)."""
    global _library
    _library = library


def source_of_id(art_id: str) -> str:
    """The source name a deck on the table gives for the art set ``art_id``."""
    return f"{USER_SOURCE}{art_id}"


def user_deck_builder(source: str) -> Callable[[int], DeckSpec]:
    """How to build the deck behind ``user:<id>``; DeckFileError when it is not installed."""
    art_id = source.removeprefix(USER_SOURCE)
    library = _library if _library is not None else ArtLibrary()
    art = library.find(art_id)
    if art is None or art.deck != CUSTOM:
        raise DeckFileError(
            f"The deck {art_id!r} is not installed on this computer; import its pictures "
            "first (File ▸ Import Deck Art…)."
        )
    path = art.folder / DECK_FILE

    def build(size: int) -> DeckSpec:
        if size != 1:
            raise DeckFileError(f"{art.name} comes one deck at a time, not {size} together")
        try:
            return load_deck(path)
        except DeckFileError as exc:
            raise DeckFileError(f"{art.name} cannot be read: {exc}") from None

    return build


def own_decks(library: ArtLibrary) -> list[ArtSet]:
    """The group's own decks installed in ``library``, by name."""
    return library.art_sets(CUSTOM)
