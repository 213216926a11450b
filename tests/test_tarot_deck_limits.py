"""A tarot deck file at its limits: what is exactly at a limit reads, one past it is
refused; a file of many faults names the first and counts the rest; every value is of its
own JSON kind (text is no list of letters); the file a group edits keeps its words as they
are written; a deck's words are searched by any of them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from attrs import evolve

from cardtable.decks.words_file import (
    MAX_DECK_BYTES,
    MAX_KEYWORD,
    MAX_KEYWORDS,
    MAX_MEANING,
    MAX_MESSAGE,
    TarotDeckError,
    read_tarot_deck,
    shipped_tarot_deck,
    tarot_deck_bytes,
)


def _doc() -> dict[str, Any]:
    return json.loads(tarot_deck_bytes(shipped_tarot_deck().named("noir", "Noir")))


def _read(doc: dict[str, Any]) -> Any:
    return read_tarot_deck(json.dumps(doc).encode(), "d.json")


def _refusal(doc: dict[str, Any]) -> str:
    with pytest.raises(TarotDeckError) as refused:
        _read(doc)
    return str(refused.value)


def test_a_file_of_many_faults_names_the_first_and_counts_the_rest() -> None:
    doc = _doc()
    doc.update(id=5, name=7, system=3)
    assert _refusal(doc) == (
        "d.json: damaged: expected text, found a whole number at id (and 2 more)"
    )


def test_only_a_tarot_deck_is_read_as_one() -> None:
    for system in ("zodiac", "playing", "tarots", ""):
        doc = _doc()
        doc["system"] = system
        assert _refusal(doc) == f"d.json: a {system!r} deck, not a tarot deck"


def test_a_deck_id_is_read_up_to_60_characters() -> None:
    doc = _doc()
    doc["id"] = "a" * 60
    assert _read(doc).id == "a" * 60
    doc["id"] = "a" * 61
    assert _refusal(doc) == (
        f"d.json: {'a' * 60!r} is not a deck id (lower-case letters, digits, hyphens)"
    )
    doc["id"] = "Noir"
    assert _refusal(doc) == "d.json: 'Noir' is not a deck id (lower-case letters, digits, hyphens)"


def test_words_exactly_at_their_limits_are_read() -> None:
    doc = _doc()
    keywords = [f"{n}" * MAX_KEYWORD for n in range(MAX_KEYWORDS)]
    doc["cards"][0].update(keywords=keywords, upright="u" * MAX_MEANING)
    card = _read(doc).cards[0]
    assert (list(card.keywords), card.upright) == (keywords, "u" * MAX_MEANING)
    doc["cards"][0]["keywords"] = ["k" * (MAX_KEYWORD + 1)]
    assert _refusal(doc) == (
        "d.json: card 1 (Child of Rock): a keyword holds 41 characters, at most 40"
    )


def test_a_file_of_exactly_the_largest_size_is_read() -> None:
    raw = tarot_deck_bytes(shipped_tarot_deck().named("noir", "Noir"))
    padded = raw + b" " * (MAX_DECK_BYTES - len(raw))
    assert len(padded) == MAX_DECK_BYTES
    assert read_tarot_deck(padded, "d.json").id == "noir"
    with pytest.raises(TarotDeckError) as refused:
        read_tarot_deck(padded + b" ", "d.json")
    assert str(refused.value) == "d.json: is 1,000,001 bytes; a deck file holds at most 1,000,000"


def test_a_refusal_of_exactly_the_longest_length_is_given_whole() -> None:
    head = "card 1 (Child of Rock): its Attribute is Rock, not "
    tail = " (the rules give it)"
    doc = _doc()
    doc["cards"][0]["attribute"] = "A" * (MAX_MESSAGE - len(head) - len(tail))
    whole = _refusal(doc)
    assert whole == f"d.json: {head}{'A' * (MAX_MESSAGE - len(head) - len(tail))}{tail}"
    assert len(whole) == len("d.json: ") + MAX_MESSAGE
    doc["cards"][0]["attribute"] += "A"
    cut = _refusal(doc)
    assert len(cut) == len(whole) and cut.endswith(" (the rules give i…")


@pytest.mark.parametrize(
    ("keywords", "kind"),
    [("orders", "text"), ({"orders": 1}, "an object"), (7, "a whole number")],
)
def test_keywords_are_a_list_never_text_read_letter_by_letter(keywords: Any, kind: str) -> None:
    doc = _doc()
    doc["cards"][0]["keywords"] = keywords
    assert _refusal(doc) == f"d.json: damaged: expected a list, found {kind} at cards[0].keywords"


def test_cards_are_a_list_of_objects() -> None:
    doc = _doc()
    doc["cards"] = "Child of Rock"
    assert _refusal(doc) == "d.json: damaged: expected a list, found text at cards"
    doc = _doc()
    doc["cards"][0] = 7
    assert _refusal(doc) == "d.json: damaged: a value of the wrong kind at cards[0]"


def test_the_file_keeps_words_in_their_own_letters_for_the_group_to_edit() -> None:
    shipped = shipped_tarot_deck()
    soldier = shipped.card("Soldier of Paper")
    deck = shipped.with_card(evolve(soldier, upright="Épée signée", keywords=("ordres",)))
    raw = tarot_deck_bytes(deck.named("noir", "Noir à l'épée"))
    assert "Épée signée".encode() in raw
    assert "Noir à l'épée".encode() in raw
    assert b"\\u" not in raw


def test_the_table_turns_the_decks_cards_and_they_carry_its_words() -> None:
    shipped = shipped_tarot_deck()
    spec = shipped.spec()
    assert spec.uses_orientation is True
    assert (spec.id, spec.name, spec.system) == (shipped.id, shipped.name, "tarot")
    soldier = next(f for f in spec.faces if getattr(f, "name", "") == "Soldier of Paper")
    assert getattr(soldier, "reversed", None) == "Paper Tiger"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("", True),
        ("  ", True),
        ("soldier", True),
        ("PAPER TIGER", True),
        ("signed", True),
        ("War", True),
        ("dragon", False),
    ],
)
def test_a_card_is_found_by_its_name_or_any_of_its_words(text: str, found: bool) -> None:
    soldier = evolve(shipped_tarot_deck().card("Soldier of Paper"), keywords=("war",))
    assert soldier.matches(text) is found
