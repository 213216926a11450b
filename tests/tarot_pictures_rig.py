"""A group's own tarot pictures imported as a deck of its own: 82 small PNGs, one a colour,
named the way scans are named (``07_soldier-paper.png``), all but the Excuse, whose file is
called ``mystery.png`` (no name says which card it is).

Import as ``from tarot_pictures_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from pathlib import Path

from deck_art_rig import HEIGHT, card_file, colour_of

from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.importing import import_deck, plan_folder
from cardtable.decks.names import tarot_slots

#: The picture no name maps: the Excuse's.
MYSTERY = "mystery"


def own_tarot(
    library: ArtLibrary, folder: Path, *, drop: str | None = None, name: str = "Moon Tarot"
) -> ArtSet:
    """The group's tarot imported into ``library`` as a deck of its own called ``name``
    (``drop``: a card's slug whose picture is left out)."""
    folder.mkdir(parents=True)
    for number, slot in enumerate(tarot_slots(), 1):
        if slot.slug == drop:
            continue
        stem = MYSTERY if slot.slug == "excuse" else f"{number:02d}_{slot.slug}"
        card_file(folder / f"{stem}.png", colour_of(number), size=(40, 64))
    plan = plan_folder(folder, "custom", shape="tarot", deck_name=name)
    return import_deck(plan, library, name, height=HEIGHT, workers=2)
