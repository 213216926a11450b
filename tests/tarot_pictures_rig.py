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


#: The colour of the back, when the scans have one.
BACK_COLOUR = (128, 128, 128)


def own_tarot(
    library: ArtLibrary,
    folder: Path,
    *,
    drop: str | None = None,
    name: str = "Moon Tarot",
    back: bool = False,
    spare: bool = False,
) -> ArtSet:
    """The group's tarot imported into ``library`` as a deck of its own called ``name``
    (``drop``: a card's slug whose picture is left out; ``back``: with a grey ``back.png``;
    ``spare``: with a picture ``spare.png`` that is no card of the tarot)."""
    folder.mkdir(parents=True)
    if back:
        card_file(folder / "back.png", BACK_COLOUR, size=(40, 64))
    if spare:
        card_file(folder / "spare.png", colour_of(99), size=(40, 64))
    for number, slot in enumerate(tarot_slots(), 1):
        if slot.slug == drop:
            continue
        stem = MYSTERY if slot.slug == "excuse" else f"{number:02d}_{slot.slug}"
        card_file(folder / f"{stem}.png", colour_of(number), size=(40, 64))
    plan = plan_folder(folder, "custom", shape="tarot", deck_name=name)
    return import_deck(plan, library, name, height=HEIGHT, workers=2)
