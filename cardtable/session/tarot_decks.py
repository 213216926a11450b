"""The group's own tarot decks: named deck files in the user's decks folder.

A group edits the Tourist's Tarot's words (:mod:`cardtable.decks.words_file`) and saves them
as a named deck in its decks folder, beside the art sets in the user's data folder::

    <user data>/tarot-decks/<id>.json       one deck file per named deck

The shipped deck (``assets/decks/tourist-tarot.json``) is read, never written: every deck
saved goes to this folder. A deck file passes between groups by export (written anywhere)
and import (read, checked, and saved here under an id of its own).

A session plays with one of these decks by naming it on its tarot deck
(:attr:`DeckOnTable.words`). A session opened where the named deck is not in the folder
(brought from another computer, or the deck removed) is not refused: the group expects to
play on, so the table shows the shipped words, and :func:`missing_words` gives the one line
that says so. The session keeps naming the deck, so the words come back where it is found.

>>> import tempfile
>>> shelf = TarotShelf(Path(tempfile.mkdtemp()))
>>> noir = shelf.save_as(shipped_tarot_deck(), "Noir words")
>>> noir.id, [d.name for d in shelf.decks()]
('noir-words', ['Noir words'])
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from cardtable.decks.art import default_data_dir
from cardtable.decks.standard import DeckSpec
from cardtable.decks.words_file import (
    MAX_ID,
    MAX_NAME,
    SHIPPED_FILE,
    TarotDeck,
    TarotDeckError,
    read_tarot_deck,
    shipped_tarot_deck,
    tarot_deck_bytes,
)
from cardtable.session.atomic import write_atomic

__all__ = ["TarotDeck", "TarotDeckError", "TarotShelf", "shipped_tarot_deck"]

FOLDER = "tarot-decks"
SUFFIX = ".json"
#: The shipped deck's id: a deck of the group's never takes it.
SHIPPED_ID = SHIPPED_FILE.removesuffix(SUFFIX)

_log = logging.getLogger(__name__)
_folder: Path | None = None
#: Decks read from the folder, by path, with the file's (mtime, size) when read.
_read: dict[Path, tuple[tuple[int, int], TarotDeck]] = {}


def use_folder(folder: Path | None) -> None:
    """Keep the group's tarot decks in ``folder`` (None: the user's own data folder)."""
    global _folder
    _folder = folder


def decks_folder() -> Path:
    """Where the group's tarot decks are kept."""
    return _folder if _folder is not None else default_data_dir() / FOLDER


def slug_id(name: str) -> str:
    """A deck id made from a name: ``"Noir Words!"`` becomes ``noir-words``."""
    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:MAX_ID].strip("-")
    return text or "deck"


class TarotShelf:
    """The tarot decks in one folder (the user's decks folder unless a test gives its own)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else decks_folder()

    def path(self, deck_id: str) -> Path:
        return self.folder / f"{deck_id}{SUFFIX}"

    def decks(self) -> list[TarotDeck]:
        """Every readable deck, by name; one that cannot be read is logged and left out."""
        found = []
        try:
            paths = sorted(self.folder.glob(f"*{SUFFIX}"))
        except OSError:
            return []
        for path in paths:
            try:
                found.append(self.get(path.stem))
            except TarotDeckError as exc:
                _log.warning("skipped a tarot deck: %s", exc)
        return sorted(found, key=lambda d: (d.name.casefold(), d.id))

    def get(self, deck_id: str) -> TarotDeck:
        """The deck ``deck_id``; :class:`TarotDeckError` when it is not here or unreadable."""
        path = self.path(deck_id)
        try:
            stat = path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
            cached = _read.get(path)
            if cached is not None and cached[0] == stamp:
                return cached[1]
            raw = path.read_bytes()
        except OSError:
            raise TarotDeckError(
                f"The tarot deck {deck_id!r} is not in your decks folder ({self.folder})."
            ) from None
        deck = read_tarot_deck(raw, path.name)
        if deck.id != deck_id:
            raise TarotDeckError(f"{path.name}: its id {deck.id!r} is not the file's name")
        _read[path] = (stamp, deck)
        return deck

    def find(self, deck_id: str) -> TarotDeck | None:
        try:
            return self.get(deck_id)
        except TarotDeckError:
            return None

    def fresh_id(self, name: str) -> str:
        """An id made from ``name`` that no deck here (nor the shipped one) has."""
        base = slug_id(name)
        candidate, number = base, 1
        while candidate == SHIPPED_ID or self.path(candidate).exists():
            number += 1
            candidate = f"{base[: MAX_ID - 4]}-{number}"
        return candidate

    def save(self, deck: TarotDeck) -> TarotDeck:
        """Write ``deck`` under its own id (replacing the deck of that id); refuses the
        shipped deck's id, so the shipped file is never stood in for."""
        if deck.id == SHIPPED_ID:
            raise TarotDeckError("Save the group's words under a name of their own.")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path(deck.id), tarot_deck_bytes(deck))
        except OSError as exc:
            raise TarotDeckError(
                f"The deck {deck.name} cannot be saved ({exc.strerror or exc})."
            ) from None
        return deck

    def save_as(self, deck: TarotDeck, name: str) -> TarotDeck:
        """``deck`` saved as a new deck called ``name``."""
        title = " ".join(name.split())
        if not title or len(title) > MAX_NAME:
            raise TarotDeckError(f"Give the deck a name of 1 to {MAX_NAME} characters.")
        return self.save(deck.named(self.fresh_id(title), title))

    def remove(self, deck_id: str) -> None:
        try:
            os.unlink(self.path(deck_id))
        except OSError as exc:
            raise TarotDeckError(
                f"The deck {deck_id!r} cannot be removed ({exc.strerror or exc})."
            ) from None

    def export(self, deck: TarotDeck, path: Path) -> None:
        """Write ``deck`` as a file another group can import."""
        try:
            write_atomic(Path(path), tarot_deck_bytes(deck))
        except OSError as exc:
            raise TarotDeckError(
                f"{Path(path).name} cannot be written ({exc.strerror or exc})."
            ) from None

    def import_file(self, path: Path) -> TarotDeck:
        """Read the deck file at ``path`` (refused in one line if it is no good) and keep
        it here; a deck whose id is taken by other words gets an id of its own."""
        path = Path(path)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise TarotDeckError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
        deck = read_tarot_deck(raw, path.name)
        if self.find(deck.id) == deck:
            return deck
        if deck.id == SHIPPED_ID or self.path(deck.id).exists():
            deck = deck.named(self.fresh_id(deck.name), deck.name)
        return self.save(deck)


def words_spec(deck_id: str) -> DeckSpec | None:
    """The table's deck for the group's deck ``deck_id``, or None when it cannot be read."""
    found = TarotShelf().find(deck_id)
    return None if found is None else found.spec()


def missing_words(deck_id: str | None) -> str | None:
    """The line saying a session's deck is not here and the shipped words stand in, or None."""
    if deck_id is None:
        return None
    try:
        TarotShelf().get(deck_id)
    except TarotDeckError as exc:
        return f"{exc} The table shows the shipped words of the Tourist's Tarot."
    return None
