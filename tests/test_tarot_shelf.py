"""The group's tarot decks folder at its edges: ids made from names (never the shipped
deck's, numbered when taken, cut to fit), names refused outside 1 to 80 characters, a file
whose id is not its name refused, a damaged file left out of the list, a changed file read
again, and every file fault (save, remove, export, import) refused in one line."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from attrs import evolve

from cardtable.decks.words_file import MAX_ID, MAX_NAME, tarot_deck_bytes
from cardtable.session.tarot_decks import (
    TarotDeckError,
    TarotShelf,
    shipped_tarot_deck,
)


def _refusal(call: object, *args: object) -> str:
    with pytest.raises(TarotDeckError) as refused:
        call(*args)  # type: ignore[operator]
    return str(refused.value)


def test_ids_come_from_names_never_the_shipped_decks_and_numbered_when_taken(
    tmp_path: Path,
) -> None:
    shelf = TarotShelf(tmp_path / "decks")
    shipped = shipped_tarot_deck()
    assert shelf.save_as(shipped, "Tourist Tarot").id == "tourist-tarot-2"
    assert shelf.save_as(shipped, "  Noir   Words! ").id == "noir-words"
    assert shelf.save_as(shipped, "Noir words").id == "noir-words-2"
    assert shelf.save_as(shipped, "Noir words").id == "noir-words-3"
    assert shelf.get("noir-words").name == "Noir Words!"
    assert shelf.save_as(shipped, "!!!").id == "deck"
    long = "N" * MAX_NAME
    assert shelf.save_as(shipped, long).id == "n" * MAX_ID
    assert shelf.save_as(shipped, long).id == "n" * (MAX_ID - 4) + "-2"


@pytest.mark.parametrize("name", ["", "   ", "N" * (MAX_NAME + 1)])
def test_a_deck_is_named_in_1_to_80_characters(tmp_path: Path, name: str) -> None:
    shelf = TarotShelf(tmp_path / "decks")
    assert _refusal(shelf.save_as, shipped_tarot_deck(), name) == (
        "Give the deck a name of 1 to 80 characters."
    )
    assert shelf.save_as(shipped_tarot_deck(), "N" * MAX_NAME).name == "N" * MAX_NAME


def test_a_file_whose_id_is_not_its_name_is_refused_and_left_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    shelf = TarotShelf(tmp_path / "decks")
    shelf.save_as(shipped_tarot_deck(), "Noir")
    (shelf.folder / "stray.json").write_bytes(
        tarot_deck_bytes(shipped_tarot_deck().named("other", "Other"))
    )
    (shelf.folder / "broken.json").write_bytes(b"{")
    assert _refusal(shelf.get, "stray") == "stray.json: its id 'other' is not the file's name"
    with caplog.at_level(logging.WARNING):
        assert [d.id for d in shelf.decks()] == ["noir"]
    assert "skipped a tarot deck: broken.json: is damaged" in caplog.text
    assert shelf.find("stray") is None
    assert TarotShelf(tmp_path / "nowhere").decks() == []


def test_the_list_is_by_name_whatever_the_case_then_by_id(tmp_path: Path) -> None:
    shelf = TarotShelf(tmp_path / "decks")
    shipped = shipped_tarot_deck()
    for deck_id, name in [("b", "noir"), ("a", "Noir"), ("c", "Autumn")]:
        shelf.save(shipped.named(deck_id, name))
    assert [d.id for d in shelf.decks()] == ["c", "a", "b"]


def test_a_deck_changed_on_disk_is_read_again(tmp_path: Path) -> None:
    shelf = TarotShelf(tmp_path / "decks")
    noir = shelf.save_as(shipped_tarot_deck(), "Noir")
    assert shelf.get("noir") == noir
    soldier = evolve(noir.card("Soldier of Paper"), reversed="Paper Moon, Folded")
    shelf.save(noir.with_card(soldier))
    assert shelf.get("noir").card("Soldier of Paper").reversed == "Paper Moon, Folded"


def test_every_file_fault_is_refused_in_one_line(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    noir = shipped_tarot_deck().named("noir", "Noir")
    assert (
        _refusal(TarotShelf(blocked).save, noir) == "The deck Noir cannot be saved (File exists)."
    )
    shelf = TarotShelf(tmp_path / "decks")
    assert _refusal(shelf.remove, "nope") == (
        "The deck 'nope' cannot be removed (No such file or directory)."
    )
    assert _refusal(shelf.export, noir, tmp_path / "no" / "gift.json") == (
        "gift.json cannot be written (No such file or directory)."
    )
    assert _refusal(shelf.import_file, tmp_path / "gift.json") == (
        "gift.json: cannot be read (No such file or directory)"
    )
    assert _refusal(shelf.get, "nope") == (
        f"The tarot deck 'nope' is not in your decks folder ({shelf.folder})."
    )


def test_a_deck_removed_is_gone_from_the_folder(tmp_path: Path) -> None:
    shelf = TarotShelf(tmp_path / "decks")
    shelf.save_as(shipped_tarot_deck(), "Noir")
    shelf.remove("noir")
    assert shelf.decks() == [] and shelf.find("noir") is None


def test_importing_the_same_words_twice_keeps_one_deck(tmp_path: Path) -> None:
    shelf = TarotShelf(tmp_path / "decks")
    noir = shipped_tarot_deck().named("noir", "Noir")
    shelf.export(noir, tmp_path / "gift.json")
    assert shelf.import_file(tmp_path / "gift.json") == noir
    assert shelf.import_file(tmp_path / "gift.json") == noir
    assert [d.id for d in shelf.decks()] == ["noir"]
    shelf.export(shipped_tarot_deck().named("tourist-tarot", "Mine"), tmp_path / "mine.json")
    assert shelf.import_file(tmp_path / "mine.json").id == "mine"
