"""Importing a deck's art: folders and sheets, EXIF, trimming, and refusals that keep nothing."""

from __future__ import annotations

import doctest
import importlib
import json
from pathlib import Path

import pytest
from deck_art_rig import (
    HEIGHT,
    ORIENTATION,
    card_file,
    close_to,
    colour_of,
    imported_tarot,
    library_in,
    playing_folder,
    tarot_folder,
)
from PIL import Image

from cardtable.decks.art import ARTSET_FILE, ArtSetError, read_art_set
from cardtable.decks.images import card_size
from cardtable.decks.importing import DECK_FILE, import_deck
from cardtable.decks.names import guess_card, playing_slots, tarot_slots
from cardtable.decks.plans import (
    DeckImportCancelled,
    DeckImportError,
    plan_folder,
    plan_grid,
    read_mapping,
)

TAROT_SIZE = card_size(8 / 5, HEIGHT)
PLAYING_SIZE = card_size(7 / 5, HEIGHT)


def stored(folder: Path, slot: str) -> Image.Image:
    image = Image.open(folder / f"{slot}.png")
    image.load()
    return image.convert("RGB")


def nothing_left(tmp_path: Path) -> bool:
    """No art set and no half-made folder in the library."""
    decks = tmp_path / "data" / "decks"
    return not decks.exists() or not any(decks.iterdir())


# --- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "deck", "slot"),
    [
        ("soldier-paper", "tarot", "soldier-paper"),
        ("07_paper", "tarot", "soldier-paper"),
        ("Soldier of Paper", "tarot", "soldier-paper"),
        ("01-child-rock", "tarot", "child-rock"),
        ("12_serpent", "tarot", "dragon-serpent"),
        ("Triumph XXI", "tarot", "triumph-21"),
        ("major_arcana_07", "tarot", "triumph-7"),
        ("the-excuse", "tarot", "excuse"),
        ("QH", "playing", "qh"),
        ("queen_of_hearts", "playing", "qh"),
        ("10-spades", "playing", "10s"),
        ("01_ah", "playing", "ah"),
        ("13_clubs", "playing", "kc"),
        ("joker_black", "playing", "joker"),
        ("joker_red", "playing", "joker-2"),
        ("IMG_0042", "playing", None),
        ("paper", "tarot", None),
    ],
)
def test_file_names_say_which_card(name: str, deck: str, slot: str | None) -> None:
    assert guess_card(name, deck) == slot


# --- folders --------------------------------------------------------------------------------


def test_a_folder_of_tarot_scans_becomes_an_art_set(tmp_path: Path) -> None:
    art = imported_tarot(tmp_path, "Gilded Marseille")
    assert (art.id, art.name, art.deck, art.shape) == (
        "gilded-marseille",
        "Gilded Marseille",
        "tarot",
        "tarot",
    )
    assert sorted(art.cards) == sorted(s.slug for s in tarot_slots())
    assert art.back is not None
    for index in (0, 30, 81):
        slot = tarot_slots()[index].slug
        picture = stored(art.folder, slot)
        assert picture.size == TAROT_SIZE
        assert close_to(picture.getpixel((TAROT_SIZE[0] // 2, HEIGHT // 2)), colour_of(index))
    assert close_to(stored(art.folder, "back").getpixel((5, 5)), (128, 128, 128))
    assert read_art_set(art.folder) == art


def test_playing_cards_by_code_with_a_mapping_for_an_odd_name(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans", second_joker=False)
    (folder / "qh.png").rename(folder / "IMG_0042.png")
    mapping = tmp_path / "map.json"
    mapping.write_text(json.dumps({"IMG_0042.png": "Queen of Hearts"}), encoding="utf-8")
    plan = plan_folder(folder, "playing", mapping=read_mapping(mapping))
    assert plan.missing() == []
    art = import_deck(plan, library_in(tmp_path), "Bicycle", height=HEIGHT)
    queen = [s.slug for s in playing_slots()].index("qh")
    assert close_to(stored(art.folder, "qh").getpixel((10, 10)), colour_of(queen))
    assert "joker-2" not in art.cards  # optional: both jokers show the one picture
    assert art.back is None


def test_a_phone_photo_stored_sideways_is_imported_upright(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    # Wide as stored, red on its left: EXIF says turn it clockwise, so red ends on top.
    photo = Image.new("RGB", (70, 50), (20, 20, 220))
    photo.paste((220, 20, 20), (0, 0, 35, 50))
    exif = Image.Exif()
    exif[ORIENTATION] = 6
    (folder / "ks.png").unlink()
    photo.save(folder / "ks.jpg", exif=exif, quality=95)
    art = import_deck(plan_folder(folder, "playing"), library_in(tmp_path), "Photos", height=HEIGHT)
    king = stored(art.folder, "ks")
    assert king.size == PLAYING_SIZE
    assert close_to(king.getpixel((PLAYING_SIZE[0] // 2, 8)), (220, 20, 20), 50)
    assert close_to(king.getpixel((PLAYING_SIZE[0] // 2, HEIGHT - 8)), (20, 20, 220), 50)


def test_the_scanner_margin_round_a_card_is_trimmed(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    card_file(folder / "as.png", (200, 30, 40), size=(100, 140), margin=40)
    art = import_deck(plan_folder(folder, "playing"), library_in(tmp_path), "Scans", height=HEIGHT)
    ace = stored(art.folder, "as")
    for corner in ((1, 1), (PLAYING_SIZE[0] - 2, HEIGHT - 2)):
        assert close_to(ace.getpixel(corner), (200, 30, 40))


def test_a_white_card_on_a_white_bed_is_not_cut_down_to_its_pip(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    ace = Image.new("RGB", (100, 140), "white")
    ace.paste((10, 10, 10), (45, 60, 55, 80))  # one small pip in the middle
    ace.save(folder / "as.png")
    art = import_deck(plan_folder(folder, "playing"), library_in(tmp_path), "Plain", height=HEIGHT)
    picture = stored(art.folder, "as")
    assert close_to(picture.getpixel((2, 2)), (255, 255, 255))
    assert close_to(picture.getpixel((PLAYING_SIZE[0] // 2, HEIGHT // 2)), (10, 10, 10))


def test_two_files_for_one_card_are_refused_until_a_mapping_says_which(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    card_file(folder / "queen_of_hearts.png", (1, 2, 3))
    plan = plan_folder(folder, "playing")
    with pytest.raises(DeckImportError, match=r"qh\.png and queen_of_hearts\.png both look like"):
        import_deck(plan, library_in(tmp_path), "Clash", height=HEIGHT)
    assert nothing_left(tmp_path)
    settled = plan_folder(folder, "playing", mapping={"queen_of_hearts.png": "QH"})
    assert settled.assigned["qh"].path.name == "queen_of_hearts.png"
    assert [s.path.name for s in settled.spare] == ["qh.png"]


def test_a_new_deck_takes_its_card_names_from_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "oracle"
    folder.mkdir()
    for number, name in enumerate(("the-moon", "the_tower", "Silver Key"), 1):
        card_file(folder / f"{number:02d}_{name}.png", colour_of(number))
    card_file(folder / "card-back.png", (90, 90, 90))
    (folder / "notes.txt").write_text("not a picture", encoding="utf-8")
    plan = plan_folder(folder, "custom", shape="playing", deck_name="Moon Oracle")
    assert [s.name for s in plan.target.slots] == ["The Moon", "The Tower", "Silver Key"]
    assert [p.name for p in plan.ignored] == ["notes.txt"]
    art = import_deck(plan, library_in(tmp_path), "Moon Oracle", height=HEIGHT)
    assert (art.deck, art.shape, art.back) == ("custom", "playing", "back.png")
    deck = json.loads((art.folder / DECK_FILE).read_text(encoding="utf-8"))
    assert (deck["system"], deck["name"]) == ("custom", "Moon Oracle")
    assert [c["card"] for c in deck["cards"]] == ["The Moon", "The Tower", "Silver Key"]


# --- sheets ---------------------------------------------------------------------------------


def sheet_of(path: Path, rows: int, columns: int, cell: tuple[int, int], count: int) -> Path:
    sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
    for index in range(count):
        row, column = divmod(index, columns)
        box = (column * cell[0], row * cell[1], (column + 1) * cell[0], (row + 1) * cell[1])
        sheet.paste(colour_of(index), box)
        # A pale line near the foot: a card is never one flat colour, an empty cell is.
        sheet.paste((250, 250, 240), (box[0] + 4, box[3] - 6, box[2] - 4, box[3] - 4))
    sheet.save(path)
    return path


def test_a_tabletop_simulator_sheet_is_cut_into_the_deck_in_order(tmp_path: Path) -> None:
    # 54 cards in the shipped order, then the back in cell 55; cells 56-60 are empty.
    sheet = sheet_of(tmp_path / "deck.png", rows=6, columns=10, cell=(30, 42), count=55)
    plan = plan_grid(sheet, 6, 10, "playing", back=55)
    assert plan.missing() == [] and len(plan.spare) == 5
    art = import_deck(plan, library_in(tmp_path), "Sheet", height=HEIGHT)
    slugs = [s.slug for s in playing_slots()]
    for slot in ("2h", "qh", "as", "joker", "joker-2"):
        picture = stored(art.folder, slot)
        assert picture.size == PLAYING_SIZE
        assert close_to(picture.getpixel((10, 20)), colour_of(slugs.index(slot)))
    assert close_to(stored(art.folder, "back").getpixel((10, 20)), colour_of(54))


def test_a_new_deck_from_a_sheet_skips_its_empty_cells(tmp_path: Path) -> None:
    sheet = sheet_of(tmp_path / "oracle.png", rows=2, columns=3, cell=(40, 64), count=4)
    plan = plan_grid(sheet, 2, 3, "custom", mapping={"2": "The Star"}, deck_name="Stars")
    assert [s.name for s in plan.target.slots] == ["Card 1", "The Star", "Card 3", "Card 4"]
    assert plan.target.shape == "tarot"  # 40 x 64 cells are 5:8
    art = import_deck(plan, library_in(tmp_path), "Stars", height=HEIGHT)
    assert close_to(stored(art.folder, "the-star").getpixel((5, 5)), colour_of(1))


def test_a_sheet_too_small_for_its_grid_is_refused(tmp_path: Path) -> None:
    sheet = sheet_of(tmp_path / "tiny.png", rows=1, columns=1, cell=(4, 4), count=1)
    with pytest.raises(DeckImportError, match="cannot hold 10 x 10"):
        plan_grid(sheet, 10, 10, "playing")


# --- refusals that keep nothing -------------------------------------------------------------


def test_a_missing_card_is_refused_by_name_and_nothing_is_kept(tmp_path: Path) -> None:
    folder = tarot_folder(tmp_path / "scans")
    (folder / "soldier-paper.png").unlink()
    plan = plan_folder(folder, "tarot")
    with pytest.raises(DeckImportError, match="No picture for Soldier of Paper"):
        import_deck(plan, library_in(tmp_path), "Short", height=HEIGHT)
    assert nothing_left(tmp_path)


def test_a_file_that_is_not_an_image_is_refused_by_name(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    (folder / "7d.png").write_text("a shopping list", encoding="utf-8")
    with pytest.raises(DeckImportError, match=r"7d\.png is not an image"):
        import_deck(plan_folder(folder, "playing"), library_in(tmp_path), "Bad", height=HEIGHT)
    assert nothing_left(tmp_path)


def test_a_decompression_bomb_is_refused_unread(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    card_file(folder / "kh.png", (1, 2, 3), size=(400, 600))
    plan = plan_folder(folder, "playing")
    with pytest.raises(DeckImportError, match=r"kh\.png is 400 x 600 pixels.*decompression bomb"):
        import_deck(plan, library_in(tmp_path), "Bomb", height=HEIGHT, max_pixels=100_000)
    assert nothing_left(tmp_path)


def test_a_picture_damaged_past_its_header_fails_the_whole_import(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    whole = (folder / "9c.png").read_bytes()
    (folder / "9c.png").write_bytes(whole[: len(whole) // 2])
    with pytest.raises(DeckImportError, match=r"9c\.png is a damaged"):
        import_deck(plan_folder(folder, "playing"), library_in(tmp_path), "Torn", height=HEIGHT)
    assert nothing_left(tmp_path)


def test_a_cancelled_import_keeps_nothing(tmp_path: Path) -> None:
    folder = tarot_folder(tmp_path / "scans")
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))

    with pytest.raises(DeckImportCancelled, match="The import was cancelled; nothing was kept"):
        import_deck(
            plan_folder(folder, "tarot"),
            library_in(tmp_path),
            "Stopped",
            height=HEIGHT,
            progress=progress,
            cancelled=lambda: len(seen) > 3,
        )
    assert nothing_left(tmp_path)
    assert seen[0] == (0, 82) and all(t == 82 for _, t in seen)


def test_progress_counts_every_picture_once(tmp_path: Path) -> None:
    folder = playing_folder(tmp_path / "scans")
    card_file(folder / "back.png", (128, 128, 128))
    seen: list[int] = []
    import_deck(
        plan_folder(folder, "playing"),
        library_in(tmp_path),
        "Counted",
        height=HEIGHT,
        progress=lambda done, total: seen.append(done) if total == 55 else None,
    )
    assert seen == list(range(56))


def test_a_second_import_of_the_same_name_gets_its_own_id(tmp_path: Path) -> None:
    first = imported_tarot(tmp_path, "Twin")
    second = imported_tarot(tmp_path, "Twin", back=False)
    assert (first.id, second.id) == ("twin", "twin-2")
    assert [a.id for a in library_in(tmp_path).art_sets("tarot")] == ["twin", "twin-2"]


# --- the library ----------------------------------------------------------------------------


def test_a_damaged_art_set_is_skipped_and_named(tmp_path: Path) -> None:
    art = imported_tarot(tmp_path, "Spoilt")
    (art.folder / "triumph-3.png").unlink()
    library = library_in(tmp_path)
    assert library.art_sets() == []
    with pytest.raises(ArtSetError, match=r"spoilt/artset\.json: the picture triumph-3\.png"):
        library.get("spoilt")
    (art.folder / ARTSET_FILE).write_text("{", encoding="utf-8")
    with pytest.raises(ArtSetError, match="damaged"):
        library_in(tmp_path).get("spoilt")


def test_smaller_copies_are_made_once_per_size_in_the_cache(tmp_path: Path) -> None:
    art = imported_tarot(tmp_path)
    library = library_in(tmp_path)
    small = library.sized_picture(art, "excuse", 50)
    assert small is not None and small.is_relative_to(tmp_path / "cache")
    assert Image.open(small).size == card_size(8 / 5, 60)  # the next size step up
    again = small.stat().st_mtime_ns
    assert library.sized_picture(art, "excuse", 55) == small
    assert small.stat().st_mtime_ns == again
    # Asked for more than any step, the stored picture serves.
    assert library.sized_picture(art, "excuse", 900) == art.folder / "excuse.png"


def test_an_art_set_can_be_removed(tmp_path: Path) -> None:
    art = imported_tarot(tmp_path, "Gone")
    library = library_in(tmp_path)
    library.sized_picture(art, "excuse", 50)
    library.remove("gone")
    assert library.find("gone") is None and not art.folder.exists()
    assert nothing_left(tmp_path)


@pytest.mark.parametrize(
    "name",
    [
        "cardtable.decks.images",
        "cardtable.decks.custom",
        "cardtable.decks.art",
        "cardtable.decks.importing",
        "cardtable.decks.names",
        "cardtable.decks.plans",
        "cardtable.session.art_actions",
    ],
)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
