"""The mapping of a deck's own pictures onto the Tourist's Tarot, at its edges: only a deck
of its own is mapped, a card two pictures claim goes to the first, a refusal names up to five
missing cards as a sentence says them, a mapping naming a picture the deck lacks or one
picture twice is refused, and the dressed tarot keeps the back; a copy that fails leaves
nothing half made."""

from __future__ import annotations

from pathlib import Path

import pytest
from deck_art_rig import HEIGHT, card_file, colour_of, imported_tarot, library_in
from PIL import Image
from tarot_pictures_rig import BACK_COLOUR, MYSTERY, own_tarot

from cardtable.decks.art import DECK_FILE
from cardtable.decks.importing import import_deck, plan_folder
from cardtable.decks.names import tarot_slots
from cardtable.decks.tarot_pictures import (
    TarotPicturesError,
    check_whole,
    dress_tarot,
    guess_pictures,
    picture_names,
)


def test_only_a_deck_of_its_own_is_mapped_onto_the_tarot(tmp_path: Path) -> None:
    library = library_in(tmp_path)
    tarot_art = imported_tarot(tmp_path, "Gilded Tarot")
    with pytest.raises(TarotPicturesError) as refused:
        guess_pictures(tarot_art)
    assert str(refused.value) == "Gilded Tarot is art for a tarot deck, not a deck of its own"
    art = own_tarot(library, tmp_path / "scans")
    (art.folder / DECK_FILE).write_text("{", encoding="utf-8")
    with pytest.raises(TarotPicturesError) as refused:
        picture_names(art)
    assert str(refused.value).startswith("Moon Tarot cannot be read: ")


def test_the_pictures_are_named_in_the_decks_order_by_their_cards(tmp_path: Path) -> None:
    art = own_tarot(library_in(tmp_path), tmp_path / "scans")
    names = picture_names(art)
    assert len(names) == 82
    assert list(names) == sorted(names, key=lambda slot: list(art.cards).index(slot))
    assert set(names) == set(art.cards)


def test_a_card_two_pictures_claim_goes_to_the_first(tmp_path: Path) -> None:
    scans = tmp_path / "scans"
    scans.mkdir()
    card_file(scans / "07_soldier-paper.png", colour_of(1))
    card_file(scans / "08_soldier-paper.png", colour_of(2))
    plan = plan_folder(scans, "custom", shape="tarot", deck_name="Twins")
    art = import_deck(plan, library_in(tmp_path), "Twins", height=HEIGHT, workers=1)
    slots = list(picture_names(art))
    assert len(slots) == 2
    assert guess_pictures(art) == {"soldier-paper": slots[0]}


@pytest.mark.parametrize(
    ("lacking", "listed"),
    [
        (["triumph-4"], "Triumph IV"),
        (["excuse", "triumph-21"], "Triumph XXI and the Excuse"),
        (
            ["child-rock", "servant-rock", "traveler-rock", "merchant-rock", "lover-rock"],
            "the Child of Rock, the Servant of Rock, the Traveler of Rock, the Merchant of "
            "Rock and the Lover of Rock",
        ),
        (
            [
                "child-rock",
                "servant-rock",
                "traveler-rock",
                "merchant-rock",
                "lover-rock",
                "excuse",
            ],
            "the Child of Rock, the Servant of Rock, the Traveler of Rock, the Merchant of "
            "Rock, the Lover of Rock and 1 more",
        ),
    ],
)
def test_a_refusal_names_up_to_five_missing_cards_as_a_sentence_says_them(
    lacking: list[str], listed: str
) -> None:
    mapping = {slot.slug: "x" for slot in tarot_slots() if slot.slug not in lacking}
    with pytest.raises(TarotPicturesError) as refused:
        check_whole(mapping, "Moon Tarot")
    assert str(refused.value) == (
        f"Moon Tarot cannot play the Challenge: it has no picture for {listed}."
    )
    check_whole(mapping | {slug: "x" for slug in lacking}, "Moon Tarot")  # whole: no refusal


def test_a_mapping_that_names_pictures_the_deck_lacks_is_refused_naming_the_first(
    tmp_path: Path,
) -> None:
    library = library_in(tmp_path)
    art = own_tarot(library, tmp_path / "scans")
    mapping = guess_pictures(art) | {"excuse": "no-such-picture", "triumph-1": "zz-nor-this"}
    with pytest.raises(TarotPicturesError) as refused:
        dress_tarot(library, art, mapping)
    assert str(refused.value) == "Moon Tarot has no picture 'no-such-picture'"
    assert [a.deck for a in library.art_sets()] == ["custom"]


def test_a_picture_no_card_takes_is_left_out_of_the_dressed_tarot(tmp_path: Path) -> None:
    library = library_in(tmp_path)
    art = own_tarot(library, tmp_path / "scans", spare=True)
    assert len(art.cards) == 83
    dressed = dress_tarot(library, art, guess_pictures(art) | {"excuse": MYSTERY})
    assert sorted(dressed.cards) == sorted(slot.slug for slot in tarot_slots())


def test_one_picture_given_to_two_cards_is_refused(tmp_path: Path) -> None:
    library = library_in(tmp_path)
    art = own_tarot(library, tmp_path / "scans")
    mapping = guess_pictures(art)
    mapping["excuse"] = mapping["soldier-paper"]
    with pytest.raises(TarotPicturesError) as refused:
        dress_tarot(library, art, mapping)
    assert str(refused.value) == "Moon Tarot: one picture is given to two cards"
    assert [a.deck for a in library.art_sets()] == ["custom"]


def test_the_dressed_tarot_keeps_the_decks_back_and_each_cards_picture(tmp_path: Path) -> None:
    library = library_in(tmp_path)
    long_name = "The Moon and Stars Tarot of the Old Lighthouse Keepers"
    art = own_tarot(library, tmp_path / "scans", back=True, name=long_name)
    assert art.back is not None
    dressed = dress_tarot(library, art, guess_pictures(art) | {"excuse": MYSTERY})
    assert dressed.name == f"{long_name} (taro"  # an art set's name holds 60 characters
    back = dressed.picture("back")
    assert back is not None
    with Image.open(back) as picture:
        assert picture.convert("RGB").getpixel((picture.width // 2, picture.height // 2)) == (
            pytest.approx(BACK_COLOUR, abs=30)
        )
    for slot in tarot_slots():
        path = dressed.picture(slot.slug)
        assert path is not None and path.name == f"{slot.slug}.png"
    soldier = dressed.picture("soldier-paper")
    assert soldier is not None
    with Image.open(soldier) as picture:
        pixel = picture.convert("RGB").getpixel((picture.width // 2, picture.height // 2))
    number = next(n for n, s in enumerate(tarot_slots(), 1) if s.slug == "soldier-paper")
    assert pixel == pytest.approx(colour_of(number), abs=30)
    assert sorted(p.name for p in library.folder.iterdir() if p.name.startswith(".")) == []


def test_a_copy_that_fails_leaves_nothing_half_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = library_in(tmp_path)
    art = own_tarot(library, tmp_path / "scans")
    mapping = guess_pictures(art) | {"excuse": MYSTERY}
    (art.folder / art.cards[MYSTERY]).unlink()
    with pytest.raises(TarotPicturesError) as refused:
        dress_tarot(library, art, mapping)
    assert str(refused.value) == "The pictures could not be copied: No such file or directory"
    assert [p.name for p in library.folder.iterdir()] == [art.id]
