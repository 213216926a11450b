"""Small pictures for the deck-import tests: a colour per card, made with Pillow in tmp_path.

Import as ``from deck_art_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PIL import Image

from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.importing import import_deck, plan_folder
from cardtable.decks.names import Slot, playing_slots, tarot_slots

#: Stored pictures in the tests are this tall: small, so a whole deck imports in a moment.
HEIGHT = 64
# EXIF tag 0x0112; value 6 means "rotate 90 degrees clockwise to view".
ORIENTATION = 0x0112


def colour_of(index: int) -> tuple[int, int, int]:
    """A colour for card ``index``, far from white and from its neighbours' colours."""
    return (40 + (index * 67) % 180, 40 + (index * 131) % 180, 40 + (index * 29) % 180)


def close_to(pixel: object, colour: Iterable[int], slack: int = 30) -> bool:
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= slack for a, b in zip(pixel[:3], colour, strict=False))


def card_file(
    path: Path,
    colour: tuple[int, int, int],
    size: tuple[int, int] = (40, 64),
    margin: int = 0,
) -> Path:
    """A flat card of ``colour``, optionally lying on a white margin, saved at ``path``."""
    image = Image.new("RGB", (size[0] + 2 * margin, size[1] + 2 * margin), "white")
    image.paste(colour, (margin, margin, margin + size[0], margin + size[1]))
    image.save(path)
    return path


def deck_folder(folder: Path, slots: Iterable[Slot], suffix: str = ".png") -> Path:
    """One picture per slot, named by slug, coloured by position."""
    folder.mkdir(parents=True, exist_ok=True)
    for index, slot in enumerate(slots):
        card_file(folder / f"{slot.slug}{suffix}", colour_of(index))
    return folder


def tarot_folder(folder: Path) -> Path:
    return deck_folder(folder, tarot_slots())


def playing_folder(folder: Path, second_joker: bool = True) -> Path:
    slots = [s for s in playing_slots() if second_joker or s.required]
    return deck_folder(folder, slots)


def library_in(tmp_path: Path) -> ArtLibrary:
    return ArtLibrary(tmp_path / "data", tmp_path / "cache")


def imported_tarot(tmp_path: Path, name: str = "Test Tarot", back: bool = True) -> ArtSet:
    """A whole tarot art set, one flat colour per card (by deck order), with a grey back."""
    folder = tarot_folder(tmp_path / "tarot-scans")
    if back:
        card_file(folder / "back.png", (128, 128, 128))
    plan = plan_folder(folder, "tarot")
    return import_deck(plan, library_in(tmp_path), name, height=HEIGHT, workers=2)
