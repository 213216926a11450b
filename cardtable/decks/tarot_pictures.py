"""A group's own tarot pictures for the Challenge: a deck imported from pictures, mapped onto
the Tourist's Tarot's 82 cards.

A deck imported as a deck of its own (:mod:`cardtable.decks.importing`, system ``custom``) has
cards of any names. To play the Challenge with its pictures, each of the rules' 82 cards
(the five suits' twelve figures, the 21 Triumphs, the Excuse) needs one picture:
:func:`guess_pictures` reads what it can from the pictures' card names and file names
(``soldier-paper``, ``07_paper``, ``Triumph XXI``, ``fool``: :func:`~.names.guess_tarot`),
the editor maps the rest card by card, and :func:`dress_tarot` refuses a mapping that is not
whole, naming what is missing, or else makes an art set dressing the Tourist's Tarot in those
pictures (the pictures are copied; the imported deck stays as it was).

>>> from cardtable.decks.names import tarot_slots
>>> mapping = {slot.slug: f"pic-{n}" for n, slot in enumerate(tarot_slots())}
>>> del mapping["soldier-paper"], mapping["excuse"]
>>> check_whole(mapping, "Moon Oracle")
Traceback (most recent call last):
...
cardtable.decks.tarot_pictures.TarotPicturesError: Moon Oracle cannot play the Challenge: \
it has no picture for the Soldier of Paper and the Excuse.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping

from cardtable.decks.art import (
    ARTSET_FILE,
    DECK_FILE,
    IMPORT_PREFIX,
    ArtLibrary,
    ArtSet,
    ArtSetError,
    art_set_document,
    check_id,
)
from cardtable.decks.importing import sync_folder, write_json
from cardtable.decks.names import CUSTOM, TAROT, guess_tarot, tarot_slots
from cardtable.decks.standard import DeckFileError, load_deck
from cardtable.refusals import Refusal

#: How many missing cards a refusal names before it counts the rest.
NAMED = 5


class TarotPicturesError(Refusal):
    """Pictures that cannot dress the Tourist's Tarot; the message names what is missing."""


def picture_names(art: ArtSet) -> dict[str, str]:
    """The pictures of the imported deck ``art``: each slot's card name, in the deck's order."""
    if art.deck != CUSTOM:
        raise TarotPicturesError(f"{art.name} is art for a {art.deck} deck, not a deck of its own")
    try:
        spec = load_deck(art.folder / DECK_FILE)
    except DeckFileError as exc:
        raise TarotPicturesError(f"{art.name} cannot be read: {exc}") from None
    names = {getattr(face, "slug", ""): face.name for face in spec.faces}
    return {slug: name for slug, name in names.items() if slug in art.cards}


def guess_pictures(art: ArtSet) -> dict[str, str]:
    """Which picture of ``art`` each tarot card takes, where its name or its file's name says:
    tarot slot to ``art``'s slot. A card two pictures claim goes to the first."""
    mapping: dict[str, str] = {}
    for slot, name in picture_names(art).items():
        card = guess_tarot(name) or guess_tarot(slot)
        if card is not None and card not in mapping:
            mapping[card] = slot
    return mapping


def _called(name: str) -> str:
    """How a sentence names a card: "the Soldier of Paper", "Triumph IV", "the Excuse"."""
    if name == "The Excuse":
        return "the Excuse"
    return name if name.startswith("Triumph") else f"the {name}"


def missing(mapping: Mapping[str, str]) -> list[str]:
    """The names of the cards ``mapping`` gives no picture, in the deck's order."""
    return [slot.name for slot in tarot_slots() if not mapping.get(slot.slug)]


def check_whole(mapping: Mapping[str, str], deck_name: str) -> None:
    """Refuse (:class:`TarotPicturesError`) a mapping lacking a card, naming the first few."""
    lacking = [_called(name) for name in missing(mapping)]
    if not lacking:
        return
    shown = lacking[:NAMED]
    rest = len(lacking) - len(shown)
    if rest:
        listed = f"{', '.join(shown)} and {rest} more"
    elif len(shown) > 1:
        listed = f"{', '.join(shown[:-1])} and {shown[-1]}"
    else:
        listed = shown[0]
    raise TarotPicturesError(
        f"{deck_name} cannot play the Challenge: it has no picture for {listed}."
    )


def dress_tarot(library: ArtLibrary, art: ArtSet, mapping: Mapping[str, str]) -> ArtSet:
    """An art set dressing the Tourist's Tarot in ``art``'s pictures as ``mapping`` places
    them (tarot slot to ``art``'s slot); refused when it is not whole or names a picture
    ``art`` lacks. Made aside and installed in one rename: all or nothing."""
    check_whole(mapping, art.name)
    if stray := sorted(set(mapping.values()) - set(art.cards)):
        raise TarotPicturesError(f"{art.name} has no picture {stray[0]!r}")
    if len(set(mapping.values())) != len(mapping):
        raise TarotPicturesError(f"{art.name}: one picture is given to two cards")
    name = f"{art.name} (tarot)"[:60]
    library.folder.mkdir(parents=True, exist_ok=True)
    new_id = check_id(library.fresh_id(name))
    work = library.folder / f"{IMPORT_PREFIX}{new_id}-{os.urandom(4).hex()}"
    work.mkdir()
    try:
        cards = {}
        for slot in tarot_slots():
            source = art.folder / art.cards[mapping[slot.slug]]
            cards[slot.slug] = f"{slot.slug}.png"
            shutil.copyfile(source, work / cards[slot.slug])
        back = None
        if art.back is not None:
            back = "back.png"
            shutil.copyfile(art.folder / art.back, work / back)
        dressed = ArtSet(new_id, name, TAROT, art.shape, work, cards, back, os.urandom(4).hex())
        write_json(work / ARTSET_FILE, art_set_document(dressed))
        os.rename(work, library.folder / new_id)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise TarotPicturesError(
            f"The pictures could not be copied: {exc.strerror or exc}"
        ) from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    sync_folder(library.folder)
    try:
        return library.get(new_id)
    except ArtSetError as exc:  # pragma: no cover - we just wrote it
        raise TarotPicturesError(f"The new art set could not be read back: {exc}") from None
