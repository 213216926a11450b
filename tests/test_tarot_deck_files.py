"""The group's tarot words as a file: format 2 with its migration, the decks folder, export
and import between users, and hostile files refused in one line."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardtable.assets import asset_folder
from cardtable.cards import TarotCard
from cardtable.decks.standard import tourist_tarot
from cardtable.decks.words_file import (
    CARD_COUNT,
    MAX_DECK_BYTES,
    MAX_MEANING,
    CardWords,
    TarotDeck,
    TarotDeckError,
    edited,
    read_tarot_deck,
    shipped_tarot_deck,
    tarot_deck_bytes,
)
from cardtable.session.model import MAX_NAME as SESSION_NAME
from cardtable.session.tarot_decks import TarotShelf

SHIPPED = asset_folder() / "decks" / "tourist-tarot.json"


def _digest() -> str:
    return hashlib.sha256(SHIPPED.read_bytes()).hexdigest()


pytestmark = pytest.mark.usefixtures("tarot_decks_folder")


def test_the_shipped_deck_reads_through_its_migration_with_the_same_words() -> None:
    shipped = shipped_tarot_deck()
    assert [c.dressed() for c in shipped.cards] == list(tourist_tarot().faces)
    faces = [f for f in tourist_tarot().faces if isinstance(f, TarotCard)]
    assert [(c.upright, c.reversed) for c in shipped.cards] == [
        (f.upright, f.reversed) for f in faces
    ]
    soldier = shipped.card("Soldier of Paper")
    assert (soldier.attribute, soldier.rank, soldier.keywords) == ("Paper", 7, ())
    assert (shipped.card("Triumph XXI").rank, shipped.card("the Excuse").rank) == (21, None)
    assert json.loads(SHIPPED.read_bytes())["deck_format"] == 1


def test_saving_exporting_and_importing_never_write_the_shipped_file(tmp_path: Path) -> None:
    before = _digest()
    shelf = TarotShelf()
    shipped = shipped_tarot_deck()
    noir = shelf.save_as(shipped.with_card(_rewritten(shipped, "Paper Moon")), "Noir words")
    shelf.export(noir, tmp_path / "noir.json")
    shelf.import_file(tmp_path / "noir.json")
    with pytest.raises(TarotDeckError, match="under a name of their own"):
        shelf.save(shipped)
    assert _digest() == before
    assert sorted(p.name for p in shelf.folder.iterdir()) == ["noir-words.json"]


def _rewritten(deck: TarotDeck, reversed_words: str) -> CardWords:
    from attrs import evolve

    return evolve(deck.card("Soldier of Paper"), reversed=reversed_words)


def test_a_deck_passes_between_two_users_by_export_and_import(tmp_path: Path) -> None:
    ours, theirs = TarotShelf(tmp_path / "ours"), TarotShelf(tmp_path / "theirs")
    shipped = shipped_tarot_deck()
    noir = ours.save_as(shipped.with_card(_rewritten(shipped, "Paper Moon")), "Noir words")
    ours.export(noir, tmp_path / "gift.json")
    received = theirs.import_file(tmp_path / "gift.json")
    assert received == noir
    assert theirs.get("noir-words").card("Soldier of Paper").reversed == "Paper Moon"
    # Other words under the same id do not replace theirs: the import takes an id of its own.
    ours.export(shipped.named("noir-words", "Noir words"), tmp_path / "other.json")
    again = theirs.import_file(tmp_path / "other.json")
    assert again.id == "noir-words-2"
    assert theirs.get("noir-words").card("Soldier of Paper").reversed == "Paper Moon"
    assert [d.id for d in theirs.decks()] == ["noir-words", "noir-words-2"]


def test_the_deck_limits_are_the_session_files() -> None:
    from cardtable.decks import words_file

    assert words_file.MAX_NAME == SESSION_NAME
    assert len(tourist_tarot().faces) == CARD_COUNT


# --- hostile files ----------------------------------------------------------------------------

Change = Callable[[dict[str, Any]], Any]


def _doc() -> dict[str, Any]:
    return json.loads(tarot_deck_bytes(shipped_tarot_deck().named("noir", "Noir")))


def _card(number: int, **changes: Any) -> Change:
    def change(doc: dict[str, Any]) -> None:
        doc["cards"][number].update(changes)

    return change


def _set(key: str, value: Any) -> Change:
    def change(doc: dict[str, Any]) -> None:
        doc[key] = value

    return change


def _drop_card(name: str) -> Change:
    def change(doc: dict[str, Any]) -> None:
        doc["cards"] = [c for c in doc["cards"] if c["card"] != name]

    return change


def _twice(doc: dict[str, Any]) -> None:
    doc["cards"].append(dict(doc["cards"][0]))


_LONG = "card 1 (Child of Rock): its Attribute is Rock, not "

HOSTILE: list[tuple[str, Change | bytes, str]] = [
    ("empty", b"  \n", "d.json: is empty"),
    ("not utf-8", b"\xff\xfe{}", "d.json: is not a deck file (not UTF-8 text)"),
    (
        "not json",
        b'{"deck_format": 2,',
        "d.json: is damaged: not valid JSON (Expecting property name enclosed in double quotes "
        "at line 1, column 19)",
    ),
    ("a list", b"[1, 2]", "d.json: is not a deck file (no JSON object inside)"),
    (
        "nested deep",
        b"[" * 100_000 + b"]" * 100_000,
        "d.json: is damaged: its JSON is nested too deeply",
    ),
    (
        "too big",
        b" " * (MAX_DECK_BYTES + 1),
        "d.json: is 1,000,001 bytes; a deck file holds at most 1,000,000",
    ),
    (
        "no version",
        lambda d: d.pop("deck_format"),
        "d.json: not a Cardtable deck (it has no deck_format)",
    ),
    (
        "version text",
        _set("deck_format", "2"),
        "d.json: deck_format must be a whole number, not '2'",
    ),
    (
        "newer",
        _set("deck_format", 9),
        "d.json: made by a newer Cardtable (deck format 9); this one reads up to 3",
    ),
    ("unknown key", _set("colour", "red"), "d.json: damaged: unknown keys 'colour'"),
    (
        "unknown card key",
        _card(3, art="x"),
        "d.json: damaged: unknown keys 'art' at cards[3]",
    ),
    (
        "name a number",
        _set("name", 7),
        "d.json: damaged: expected text, found a whole number at name",
    ),
    (
        "rank true",
        _card(0, rank=True),
        "d.json: damaged: expected a whole number, found true or false at cards[0].rank",
    ),
    (
        "missing meaning",
        lambda d: d["cards"][5].pop("upright"),
        "d.json: damaged: a key is missing at cards[5].upright",
    ),
    ("a playing deck", _set("system", "playing"), "d.json: a 'playing' deck, not a tarot deck"),
    (
        "bad id",
        _set("id", "../../etc"),
        "d.json: '../../etc' is not a deck id (lower-case letters, digits, hyphens)",
    ),
    (
        "long name",
        _set("name", "N" * 81),
        "d.json: the deck's name holds 81 characters, at most 80",
    ),
    (
        "control in name",
        _set("name", "No\x00ir"),
        "d.json: the deck's name holds a control character (U+0000); it is plain text on one line",
    ),
    (
        "no such card",
        _card(2, card="Jester of Rock"),
        "d.json: card 3: 'jester' is not a figure of the Tourist's Tarot",
    ),
    (
        "wrong attribute",
        _card(4, attribute="Paper"),
        "d.json: card 5 (Lover of Rock): its Attribute is Rock, not Paper (the rules give it)",
    ),
    (
        "wrong rank",
        _card(4, rank=9),
        "d.json: card 5 (Lover of Rock): its rank is 5, not 9 (the rules give it)",
    ),
    (
        "long meaning",
        _card(0, reversed="x" * 41),
        "d.json: card 1 (Child of Rock): the reversed meaning holds 41 characters, at most 40",
    ),
    (
        "huge meaning",
        _card(0, reversed="x" * 900_000),
        "d.json: card 1 (Child of Rock): the reversed meaning holds 900,000 characters, at most 40",
    ),
    (
        "blank meaning",
        _card(1, upright="   "),
        "d.json: card 2 (Servant of Rock): the upright meaning is empty",
    ),
    (
        "line break",
        _card(1, upright="Steady\nLabour"),
        "d.json: card 2 (Servant of Rock): the upright meaning holds a control character (U+000A); "
        "it is plain text on one line",
    ),
    (
        "lone surrogate",
        _card(3, keywords=["\ud800"]),
        "d.json: card 4 (Merchant of Rock): a keyword holds a lone surrogate (U+D800), which "
        "is not valid Unicode",
    ),
    (
        "too many keywords",
        _card(0, keywords=["k"] * 9),
        "d.json: card 1 (Child of Rock): a card has at most 8 keywords",
    ),
    ("a card missing", _drop_card("Soldier of Paper"), "d.json: the deck lacks Soldier of Paper"),
    ("a card twice", _twice, "d.json: 83 cards; the tarot has 82"),
    (
        "an empty name",
        _card(5, name=" "),
        "d.json: card 6 (Builder of Rock): the card's name is empty",
    ),
    (
        "a long name",
        _card(5, name="N" * 81),
        "d.json: card 6 (Builder of Rock): the card's name holds 81 characters, at most 80",
    ),
    (
        "a name twice",
        _card(7, name="child OF rock"),
        "d.json: card 8 (Priest of Rock) is called “child OF rock”, as Child of Rock is; each "
        "card's name is its own",
    ),
    (
        "an attribute of 100k characters",
        _card(0, attribute="A" * 100_000),
        "d.json: " + f"{_LONG}{'A' * (299 - len(_LONG))}…",
    ),
]


@pytest.mark.parametrize(("case", "change", "message"), HOSTILE, ids=[c[0] for c in HOSTILE])
def test_a_hostile_deck_file_is_refused_in_one_line(
    case: str, change: Change | bytes, message: str
) -> None:
    if isinstance(change, bytes):
        raw = change
    else:
        doc = _doc()
        change(doc)
        raw = json.dumps(doc).encode()
    with pytest.raises(TarotDeckError) as refused:
        read_tarot_deck(raw, "d.json")
    assert str(refused.value) == message
    assert "\n" not in str(refused.value)


def test_a_deck_file_with_a_card_twice_in_place_of_another_names_the_card() -> None:
    doc = _doc()
    doc["cards"][1] = dict(doc["cards"][0])
    with pytest.raises(TarotDeckError) as refused:
        read_tarot_deck(json.dumps(doc).encode(), "d.json")
    assert str(refused.value) == "d.json: Child of Rock appears more than once"


# --- round trip ---------------------------------------------------------------------------------

_WORD = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp", "Zs")),
    min_size=1,
    max_size=12,
)
_MEANING = (
    st.lists(_WORD, min_size=1, max_size=3)
    .map(" ".join)
    .filter(lambda text: len(text) <= MAX_MEANING)
)


@st.composite
def decks(draw: st.DrawFn) -> TarotDeck:
    shipped = shipped_tarot_deck()
    order = draw(st.permutations(shipped.cards))
    # The group renames some cards (each name its own); the others keep the rules' names.
    names = draw(st.lists(_MEANING, max_size=CARD_COUNT, unique_by=str.casefold))
    rules = {card.name.casefold() for card in order[len(names) :]}
    assume(not rules & {name.casefold() for name in names})
    titles = [*names, *(card.name for card in order[len(names) :])]
    cards = [
        CardWords(
            card.face,
            tuple(draw(st.lists(_WORD, max_size=3))),
            draw(_MEANING),
            draw(_MEANING),
            title,
        )
        for card, title in zip(order, titles, strict=True)
    ]
    name = draw(_MEANING)
    return TarotDeck(
        draw(st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}", fullmatch=True)), name, cards
    )


@given(decks())
def test_a_deck_file_reads_back_as_it_was_written(deck: TarotDeck) -> None:
    raw = tarot_deck_bytes(deck)
    assert read_tarot_deck(raw, "d.json") == deck
    assert tarot_deck_bytes(read_tarot_deck(raw, "d.json")) == raw


def test_a_format_2_file_calls_each_card_by_the_rules_name() -> None:
    doc = _doc()
    doc["deck_format"] = 2
    for card in doc["cards"]:
        del card["name"]
    deck = read_tarot_deck(json.dumps(doc).encode(), "d.json")
    assert deck.card("Triumph IV").title == "Triumph IV"
    assert all(card.title == card.name for card in deck.cards)
    assert json.loads(tarot_deck_bytes(deck))["deck_format"] == 3


def test_a_renamed_card_is_written_under_both_names() -> None:
    shipped = shipped_tarot_deck()
    hound = edited(shipped.card("Soldier of Paper"), "title", "The Paper Hound")
    doc = json.loads(tarot_deck_bytes(shipped.with_card(hound)))
    [card] = [c for c in doc["cards"] if c["card"] == "Soldier of Paper"]
    assert (card["name"], card["attribute"], card["rank"]) == ("The Paper Hound", "Paper", 7)


def test_a_name_another_card_has_is_refused_in_one_line() -> None:
    shipped = shipped_tarot_deck()
    deck = shipped.with_card(edited(shipped.card("Soldier of Paper"), "title", "The Hound"))
    with pytest.raises(TarotDeckError) as refused:
        deck.with_card(edited(deck.card("Triumph IV"), "title", "the hound"))
    assert str(refused.value) == (
        "Triumph IV: Soldier of Paper is already called “The Hound”; each card's name is its own"
    )
    for empty in ("", "   "):
        with pytest.raises(TarotDeckError) as refused:
            edited(deck.card("Triumph IV"), "title", empty)
        assert str(refused.value) == "Triumph IV: the card's name is empty"
    with pytest.raises(TarotDeckError) as refused:
        edited(deck.card("Triumph IV"), "title", "N" * 81)
    assert str(refused.value) == "Triumph IV: the card's name holds 81 characters, at most 80"
