"""A session plays with the group's tarot words: chosen by the GM, carried by every card,
saved by the deck's id (format 6), and the shipped words shown where the deck is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from attrs import evolve
from session_builders import ALEX, DANA, small_session

from cardtable.cards import CardId, DeckId
from cardtable.decks.words_file import TarotDeck
from cardtable.session import Session, SessionError, load, save
from cardtable.session.migrations import migrate
from cardtable.session.saving import to_bytes
from cardtable.session.tarot_decks import TarotShelf, missing_words, shipped_tarot_deck
from cardtable.session.words_actions import ChooseWords

SOLDIER = CardId("tarot/soldier-paper")


pytestmark = pytest.mark.usefixtures("tarot_decks_folder")


def noir() -> TarotDeck:
    """The group's words: the Soldier of Paper reversed is "Paper Moon"."""
    shipped = shipped_tarot_deck()
    soldier = evolve(shipped.card("Soldier of Paper"), reversed="Paper Moon")
    return TarotShelf().save_as(shipped.with_card(soldier), "Noir words")


def _gm_chooses(session: Session, words: TarotDeck | None) -> None:
    session.holder = DANA
    session.apply(ChooseWords(DeckId("tarot"), words))


def test_the_cards_carry_the_chosen_words_and_undo_puts_the_shipped_ones_back() -> None:
    session = small_session()
    assert session.table.card(SOLDIER).face.reversed == "Paper Tiger"  # type: ignore[union-attr]
    _gm_chooses(session, noir())
    assert session.table.card(SOLDIER).face.reversed == "Paper Moon"  # type: ignore[union-attr]
    assert session.log[-1].public == "Dana chose the words of Noir words for The Tourist's Tarot"
    assert session.decks[0].words == "noir-words"
    session.undo()
    assert session.table.card(SOLDIER).face.reversed == "Paper Tiger"  # type: ignore[union-attr]
    assert session.decks[0].words is None


def test_only_the_gm_chooses_the_words() -> None:
    session = small_session(holder=ALEX)
    words = noir()
    assert session.may(ChooseWords(DeckId("tarot"), words)) == (
        "Only the GM (Dana) may choose the words the tarot plays with."
    )
    with pytest.raises(SessionError, match=r"^Only the GM \(Dana\) may choose the words"):
        session.apply(ChooseWords(DeckId("tarot"), words))


def test_the_same_words_again_are_refused_but_edited_words_are_taken() -> None:
    session = small_session()
    words = noir()
    _gm_chooses(session, words)
    with pytest.raises(SessionError) as refused:
        session.apply(ChooseWords(DeckId("tarot"), words))
    assert str(refused.value) == "The Tourist's Tarot already carries those words."
    soldier = evolve(words.card("Soldier of Paper"), reversed="Paper Ghost")
    session.apply(ChooseWords(DeckId("tarot"), TarotShelf().save(words.with_card(soldier))))
    assert session.table.card(SOLDIER).face.reversed == "Paper Ghost"  # type: ignore[union-attr]


def test_a_saved_session_keeps_its_words_by_the_decks_id(tmp_path: Path) -> None:
    session = small_session()
    _gm_chooses(session, noir())
    save(session, tmp_path / "evening.cardtable")
    saved = json.loads((tmp_path / "evening.cardtable").read_bytes())
    assert saved["session"]["decks"][0]["words"] == "noir-words"
    again = load(tmp_path / "evening.cardtable")
    assert again.table.card(SOLDIER).face.reversed == "Paper Moon"  # type: ignore[union-attr]
    assert missing_words(again.decks[0].words) is None


def test_a_session_whose_deck_is_missing_shows_the_shipped_words_and_says_so(
    tmp_path: Path, tarot_decks_folder: Path
) -> None:
    session = small_session()
    _gm_chooses(session, noir())
    save(session, tmp_path / "evening.cardtable")
    (tarot_decks_folder / "noir-words.json").unlink()
    again = load(tmp_path / "evening.cardtable")
    assert again.table.card(SOLDIER).face.reversed == "Paper Tiger"  # type: ignore[union-attr]
    assert again.decks[0].words == "noir-words"  # kept: the words return where the deck is
    assert missing_words(again.decks[0].words) == (
        f"The tarot deck 'noir-words' is not in your decks folder ({tarot_decks_folder}). "
        "The table shows the shipped words of the Tourist's Tarot."
    )


def test_a_format_5_session_loads_with_the_shipped_words(tmp_path: Path) -> None:
    data = json.loads(to_bytes(small_session()))
    data["format_version"] = 5
    for deck in data["session"]["decks"]:
        del deck["words"]
    assert migrate(json.loads(json.dumps(data)))["session"]["decks"][0]["words"] is None
    (tmp_path / "old.cardtable").write_text(json.dumps(data), encoding="utf-8")
    old = load(tmp_path / "old.cardtable")
    assert old.decks[0].words is None
    assert old.table.card(SOLDIER).face.reversed == "Paper Tiger"  # type: ignore[union-attr]


def test_words_on_a_deck_that_is_no_tarot_are_refused(tmp_path: Path) -> None:
    session = small_session(shoe=True)
    data = json.loads(to_bytes(session))
    data["session"]["decks"][1]["words"] = "noir-words"
    (tmp_path / "odd.cardtable").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(Exception) as refused:
        load(tmp_path / "odd.cardtable")
    assert str(refused.value) == (
        "odd.cardtable: does not hold a whole session: The deck 'shoe' is no tarot: it cannot "
        "take a tarot's words."
    )


def test_a_sleeve_card_kept_by_the_rules_name_is_found_and_said_by_the_groups_name() -> None:
    from cardtable.decks.words_file import edited
    from cardtable.piles import PileId
    from cardtable.resolvers.tarot.events import Attribute
    from cardtable.session import Move
    from cardtable.session.demo import demo_path
    from cardtable.steps import tarot as tarot_steps

    session = load(demo_path())
    shipped = shipped_tarot_deck()
    renamed = shipped.with_card(edited(shipped.card("Sage of Serpent"), "title", "The Old Snake"))
    renamed = renamed.with_card(edited(renamed.card("Triumph XIV"), "title", "The Long Wait"))
    _gm_chooses(session, TarotShelf().save_as(renamed, "Ours"))
    # The Long Wait lies in Quince's hand, out of the deck the sleeve is filled from.
    wait = CardId("tarot/triumph-14")
    assert session.apply(Move((wait,), PileId("hand/bartholomew-quince"), face_up=True))
    assert session.apply(tarot_steps.begin("ottilie-marchbank", Attribute.ROCK, 1))
    said = [entry.public for entry in session.log[-5:]]
    assert "Ottilie Marchbank's Sleeve Cards come out of the deck: The Old Snake (reversed)" in said
    assert (
        "The Long Wait (on Ottilie Marchbank's sheet) lie elsewhere on the table, not in the "
        "sleeve" in said
    )
    sleeve = session.table.piles[PileId("sleeve/ottilie-marchbank")]
    assert sleeve.cards == [CardId("tarot/sage-serpent")]
