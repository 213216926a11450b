"""A deck imported from pictures, mapped onto the Tourist's Tarot's 82 cards: by the names it
can read, by hand for the rest; refused for the Challenge, naming what is missing, until whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from deck_art_rig import colour_of, library_in
from PIL import Image
from tarot_pictures_rig import MYSTERY, own_tarot

from cardtable.decks.names import TAROT, tarot_slots
from cardtable.decks.tarot_pictures import (
    TarotPicturesError,
    check_whole,
    dress_tarot,
    guess_pictures,
    missing,
)


def test_the_names_map_every_card_but_the_one_no_name_says(tmp_path: Path) -> None:
    library = library_in(tmp_path)
    art = own_tarot(library, tmp_path / "scans")
    mapping = guess_pictures(art)
    assert len(mapping) == 81
    assert missing(mapping) == ["The Excuse"]
    with pytest.raises(TarotPicturesError) as refused:
        dress_tarot(library, art, mapping)
    assert str(refused.value) == (
        "Moon Tarot cannot play the Challenge: it has no picture for the Excuse."
    )
    assert [a.deck for a in library.art_sets()] == ["custom"]  # nothing was made


def test_a_deck_missing_cards_is_refused_naming_them(tmp_path: Path) -> None:
    art = own_tarot(library_in(tmp_path), tmp_path / "scans", drop="soldier-paper")
    with pytest.raises(TarotPicturesError) as refused:
        check_whole(guess_pictures(art), art.name)
    assert str(refused.value) == (
        "Moon Tarot cannot play the Challenge: it has no picture for the Soldier of Paper "
        "and the Excuse."
    )
    few = {slot.slug: "x" for slot in tarot_slots()[10:]}
    with pytest.raises(TarotPicturesError) as refused:
        check_whole(few, "Moon Tarot")
    assert str(refused.value) == (
        "Moon Tarot cannot play the Challenge: it has no picture for the Child of Rock, the "
        "Servant of Rock, the Traveler of Rock, the Merchant of Rock, the Lover of Rock and "
        "5 more."
    )


def test_a_whole_mapping_dresses_the_tarot_in_the_groups_pictures(tmp_path: Path) -> None:
    library = library_in(tmp_path)
    art = own_tarot(library, tmp_path / "scans")
    mapping = guess_pictures(art) | {"excuse": MYSTERY}
    dressed = dress_tarot(library, art, mapping)
    assert (dressed.deck, dressed.name, len(dressed.cards)) == (TAROT, "Moon Tarot (tarot)", 82)
    excuse = dressed.picture("excuse")
    assert excuse is not None
    with Image.open(excuse) as picture:
        pixel = picture.convert("RGB").getpixel((picture.width // 2, picture.height // 2))
    assert pixel == pytest.approx(colour_of(82), abs=30)
    assert art in library.art_sets("custom")  # the imported deck is as it was
