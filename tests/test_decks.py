"""Deck files: the shipped Tourist's Tarot and playing cards, the shoe, and broken files.

The composition expected of the tarot comes from ``rules/tourist-tarot.md`` ("The deck"),
that of the shoe from ``rules/fantastical-adventure.md`` ("The deck").
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cardtable.cards import DeckId, Figure, PlayingCard, TarotCard, TarotSuit
from cardtable.decks.standard import (
    DeckError,
    load_deck,
    playing_card_shoe,
    playing_cards,
    tourist_tarot,
)

# ---------------------------------------------------------------------------------------------
# The shipped Tourist's Tarot


def tarot_faces() -> list[TarotCard]:
    faces = tourist_tarot().faces
    assert all(isinstance(face, TarotCard) for face in faces)
    return [face for face in faces if isinstance(face, TarotCard)]


def test_the_tourist_tarot_has_82_cards_and_turns_on_shuffling() -> None:
    deck = tourist_tarot()
    assert len(deck.faces) == 82
    assert deck.system == "tarot"
    assert deck.uses_orientation


def test_the_tourist_tarot_has_five_suits_of_twelve_figures() -> None:
    suited = [face for face in tarot_faces() if face.is_suited]
    assert len(suited) == 60
    assert {(face.figure, face.suit) for face in suited} == {
        (figure, suit) for figure in Figure for suit in TarotSuit
    }


def test_each_figure_appears_five_times_once_per_suit() -> None:
    counts = Counter(face.figure for face in tarot_faces() if face.is_suited)
    assert counts == dict.fromkeys(Figure, 5)


def test_the_tourist_tarot_has_triumphs_one_to_twenty_one_and_one_excuse() -> None:
    faces = tarot_faces()
    assert len([face for face in faces if face.is_triumph]) == 21
    assert sorted(face.triumph for face in faces if face.triumph is not None) == list(range(1, 22))
    excuses = [face for face in faces if face.is_excuse]
    assert len(excuses) == 1


def test_every_tarot_card_has_a_short_upright_and_reversed_keyword() -> None:
    for face in tarot_faces():
        for keyword in (face.upright, face.reversed):
            assert keyword.strip() == keyword and keyword, face.name
            assert len(keyword) <= 30 and len(keyword.split()) <= 4, (face.name, keyword)


def test_no_two_keywords_in_the_tarot_are_the_same() -> None:
    keywords = [kw.casefold() for face in tarot_faces() for kw in (face.upright, face.reversed)]
    repeated = [kw for kw, n in Counter(keywords).items() if n > 1]
    assert not repeated
    assert len(keywords) == 164


def test_the_tarot_cards_have_ids_of_their_own() -> None:
    cards = tourist_tarot().cards(DeckId("tarot"))
    assert len({card.id for card in cards}) == 82
    assert all(card.id.startswith("tarot/") and card.deck == "tarot" for card in cards)


# ---------------------------------------------------------------------------------------------
# Playing cards and the shoe


def test_the_shipped_playing_cards_are_52_cards_and_2_jokers() -> None:
    faces = playing_cards().faces
    assert len(faces) == 54
    assert Counter(faces)[PlayingCard.joker()] == 2
    assert len(set(faces) - {PlayingCard.joker()}) == 52


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_a_shoe_of_n_decks_holds_52n_cards_and_2n_jokers(decks: int) -> None:
    shoe = playing_card_shoe(decks)
    assert len(shoe.faces) == 54 * decks
    counts = Counter(shoe.faces)
    assert counts.pop(PlayingCard.joker()) == 2 * decks
    assert len(counts) == 52
    assert set(counts.values()) == {decks}
    assert not shoe.uses_orientation


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_every_card_of_a_shoe_has_its_own_id(decks: int) -> None:
    cards = playing_card_shoe(decks).cards(DeckId("shoe"))
    assert len(cards) == 54 * decks
    assert len({card.id for card in cards}) == len(cards)
    assert all(card.deck == "shoe" for card in cards)


def test_the_shoe_holds_two_decks_unless_told_otherwise() -> None:
    assert len(playing_card_shoe().faces) == 108


@pytest.mark.parametrize("decks", [0, 4, -1])
def test_a_shoe_of_other_than_one_to_three_decks_is_refused(decks: int) -> None:
    with pytest.raises(DeckError, match="1 to 3"):
        playing_card_shoe(decks)


# ---------------------------------------------------------------------------------------------
# Broken deck files


def shipped(name: str) -> dict[str, Any]:
    text = (resources.files("cardtable.assets") / "decks" / name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


TAROT = shipped("tourist-tarot.json")
PLAYING = shipped("playing-cards.json")


def entry(data: dict[str, Any], card: str) -> dict[str, Any]:
    [found] = [e for e in data["cards"] if e["card"] == card]
    return found


def without(card: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["cards"].remove(entry(data, card))

    return edit


def renamed(card: str, to: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        entry(data, card)["card"] = to

    return edit


def twice(card: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["cards"].append(copy.deepcopy(entry(data, card)))

    return edit


def appended(new: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["cards"].append(new)

    return edit


def keyword_set(card: str, side: str, word: object) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        if word is None:
            del entry(data, card)[side]
        else:
            entry(data, card)[side] = word

    return edit


def without_one_joker(data: dict[str, Any]) -> None:
    data["cards"].remove({"card": "JOKER"})


def field_set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data[key] = value

    return edit


def write_json(path: Path, base: dict[str, Any], edit: Callable[[dict[str, Any]], None]) -> None:
    data = copy.deepcopy(base)
    edit(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


@pytest.mark.parametrize("base", [TAROT, PLAYING], ids=["tarot", "playing"])
def test_an_untouched_copy_of_a_shipped_deck_loads(tmp_path: Path, base: dict[str, Any]) -> None:
    # The broken files below are this copy with one fault each.
    path = tmp_path / "copy.json"
    write_json(path, base, lambda data: None)
    assert len(load_deck(path).faces) == len(base["cards"])


# (file name, deck it starts from, the fault, what the message must name besides the file)
BROKEN_JSON: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], None], list[str]]] = [
    ("format-two.json", TAROT, field_set("deck_format", 2), ["deck_format"]),
    ("no-format.json", TAROT, lambda data: data.pop("deck_format"), ["deck_format"]),
    (
        "no-reversed.json",
        TAROT,
        keyword_set("Sage of Rock", "reversed", None),
        ["Sage of Rock", "reversed"],
    ),
    (
        "blank-upright.json",
        TAROT,
        keyword_set("Triumph VII", "upright", "   "),
        ["Triumph VII", "upright"],
    ),
    (
        "number-keyword.json",
        TAROT,
        keyword_set("the Excuse", "reversed", 7),
        ["the Excuse", "reversed"],
    ),
    (
        "long-keyword.json",
        TAROT,
        keyword_set("Beast of Serpent", "upright", "word " * 20),
        ["Beast of Serpent"],
    ),
    ("two-children.json", TAROT, twice("Child of Rock"), ["Child of Rock"]),
    ("two-excuses.json", TAROT, twice("the Excuse"), ["the Excuse"]),
    ("no-fourteen.json", TAROT, without("Triumph XIV"), ["Triumph XIV"]),
    ("jester.json", TAROT, renamed("Child of Rock", "Jester of Rock"), ["Jester of Rock"]),
    ("cups.json", TAROT, renamed("Child of Rock", "Child of Cups"), ["Child of Cups"]),
    ("triumph-22.json", TAROT, renamed("Triumph XXI", "Triumph XXII"), ["Triumph XXII"]),
    ("queen-in-tarot.json", TAROT, renamed("Child of Rock", "QH"), ["QH"]),
    ("one-spade.json", PLAYING, renamed("QS", "1S"), ["1S"]),
    ("x-suit.json", PLAYING, renamed("QS", "QX"), ["QX"]),
    ("no-queen.json", PLAYING, without("QS"), ["Queen of Spades"]),
    ("two-sevens.json", PLAYING, twice("7D"), ["7 of Diamonds"]),
    ("one-joker.json", PLAYING, without_one_joker, ["joker"]),
    ("three-jokers.json", PLAYING, appended({"card": "JOKER"}), ["joker"]),
    ("poker.json", PLAYING, field_set("system", "poker"), ["system", "poker"]),
    ("no-cards.json", PLAYING, field_set("cards", []), ["'cards'"]),
    ("orientation.json", TAROT, field_set("uses_orientation", "yes"), ["uses_orientation"]),
    ("no-name.json", TAROT, field_set("name", ""), ["'name'"]),
    (
        "bare-string.json",
        TAROT,
        lambda data: data["cards"].__setitem__(0, "Child of Rock"),
        ["card 1"],
    ),
]


@pytest.mark.parametrize(
    ("file_name", "base", "edit", "named"), BROKEN_JSON, ids=[row[0] for row in BROKEN_JSON]
)
def test_a_broken_deck_file_is_refused_naming_the_file_and_the_card(
    tmp_path: Path,
    file_name: str,
    base: dict[str, Any],
    edit: Callable[[dict[str, Any]], None],
    named: list[str],
) -> None:
    path = tmp_path / file_name
    write_json(path, base, edit)
    with pytest.raises(DeckError, match=f"^{re.escape(file_name)}: ") as refused:
        load_deck(path)
    message = str(refused.value)
    for word in [file_name, *named]:
        assert word.casefold() in message.casefold(), f"{word!r} not in {message!r}"


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "scribbles.json"
    path.write_text('{"deck_format": 1, "cards": [', encoding="utf-8")
    with pytest.raises(DeckError, match=r"scribbles\.json"):
        load_deck(path)


def test_a_file_that_is_one_list_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(TAROT["cards"]), encoding="utf-8")
    with pytest.raises(DeckError, match=r"list\.json"):
        load_deck(path)


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    data = copy.deepcopy(TAROT)
    entry(data, "Merchant of Paper")["upright"] = "Café Deal"
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode("latin-1"))
    with pytest.raises(DeckError, match=r"latin\.json.*UTF-8"):
        load_deck(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"nowhere\.json"):
        load_deck(tmp_path / "nowhere.json")


def test_a_deck_file_error_is_a_value_error() -> None:
    assert issubclass(DeckError, ValueError)


def test_accented_keywords_in_utf8_are_fine(tmp_path: Path) -> None:
    path = tmp_path / "accents.json"
    write_json(path, TAROT, keyword_set("Merchant of Paper", "upright", "Café Deal"))
    deck = load_deck(path)
    [merchant] = [f for f in deck.faces if f == TarotCard.from_name("Merchant of Paper")]
    assert isinstance(merchant, TarotCard) and merchant.upright == "Café Deal"
