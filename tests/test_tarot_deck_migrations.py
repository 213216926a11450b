"""A tarot deck file of an older format is brought up to today's, one step at a time: a
format 1 card gets the Attribute and rank the rules give its name, however the name is
spelled; what names no card is left for the reading to refuse; a file too new, too old or
with no whole version is refused in one line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.assets import asset_folder
from cardtable.cards import TarotCard
from cardtable.decks.names import tarot_slots
from cardtable.decks.words_file import CardWords, TarotDeckError, read_tarot_deck
from cardtable.decks.words_migrations import TAROT_FORMAT, DeckMigrationError, migrate


def _format_1(cards: list[Any]) -> dict[str, Any]:
    return {
        "deck_format": 1,
        "id": "old",
        "name": "Old words",
        "system": "tarot",
        "uses_orientation": True,
        "cards": cards,
    }


def _identity(name: Any) -> tuple[Any, Any]:
    card = migrate(_format_1([{"card": name, "upright": "u", "reversed": "r"}]))["cards"][0]
    return card["attribute"], card["rank"]


_NAMES = [slot.name for slot in tarot_slots()]


def _respelled(data: st.DataObject, name: str) -> str:
    """``name`` as a hand might type it: any case, spaces doubled anywhere."""
    words = name.split()
    cased = [data.draw(st.sampled_from((w, w.upper(), w.lower(), w.capitalize()))) for w in words]
    gaps = [data.draw(st.sampled_from((" ", "  ", " \t "))) for _ in words[1:]]
    return cased[0] + "".join(gap + word for gap, word in zip(gaps, cased[1:], strict=True))


@given(st.data())
def test_a_format_1_card_gets_the_attribute_and_rank_the_rules_give_its_name(
    data: st.DataObject,
) -> None:
    name = data.draw(st.sampled_from(_NAMES))
    spelled = _respelled(data, name)
    rules = CardWords(TarotCard.from_name(name))
    assert _identity(spelled) == (rules.attribute, rules.rank)


@pytest.mark.parametrize(
    ("name", "identity"),
    [
        ("Triumph 4", (None, 4)),
        ("triumph xxi", (None, 21)),
        ("Triumph XXII", (None, None)),
        ("Triumph XX I", (None, None)),
        ("Triumph", (None, None)),
        ("Jester of Rock", (None, None)),
        ("Soldier of Glass", (None, None)),
        ("Soldier", (None, None)),
        (7, (None, None)),
        (None, (None, None)),
    ],
)
def test_a_format_1_name_says_what_it_can(name: Any, identity: tuple[Any, Any]) -> None:
    assert _identity(name) == identity


def test_a_format_1_file_reads_with_keywords_empty_and_no_orientation_flag() -> None:
    shipped = _shipped()
    new = migrate(shipped)
    assert new["deck_format"] == TAROT_FORMAT
    assert "uses_orientation" not in new
    assert {k: new[k] for k in ("id", "name", "system")} == {
        k: shipped[k] for k in ("id", "name", "system")
    }
    first = new["cards"][0]
    assert list(first) == ["card", "name", "attribute", "rank", "keywords", "upright", "reversed"]
    assert (first["card"], first["name"], first["attribute"], first["rank"], first["keywords"]) == (
        "Child of Rock",
        "Child of Rock",
        "Rock",
        1,
        [],
    )
    assert shipped["uses_orientation"] is True  # the file's own dict is left as it was


def test_what_is_no_card_passes_through_the_step_for_the_reading_to_refuse() -> None:
    assert migrate(_format_1([7, "x"]))["cards"] == [7, "x"]
    assert migrate(_format_1("cards"))["cards"] == "cards"  # type: ignore[arg-type]
    with pytest.raises(TarotDeckError) as refused:
        read_tarot_deck(json.dumps(_format_1([7])).encode(), "old.json")
    assert str(refused.value) == "old.json: damaged: a value of the wrong kind at cards[0]"
    with pytest.raises(TarotDeckError) as refused:
        read_tarot_deck(
            json.dumps(
                _format_1([{"card": "Jester of Rock", "upright": "u", "reversed": "r"}])
            ).encode(),
            "old.json",
        )
    assert str(refused.value) == "old.json: card 1: 'jester' is not a figure of the Tourist's Tarot"


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (True, "deck_format must be a whole number, not True"),
        (2.0, "deck_format must be a whole number, not 2.0"),
        (0, "deck format 0 is older than any this Cardtable can bring up to date"),
        (-1, "deck format -1 is older than any this Cardtable can bring up to date"),
        (4, "made by a newer Cardtable (deck format 4); this one reads up to 3"),
    ],
)
def test_a_version_no_step_reaches_is_refused(version: Any, message: str) -> None:
    with pytest.raises(DeckMigrationError) as refused:
        migrate({"deck_format": version, "cards": []})
    assert str(refused.value) == message


def test_the_steps_run_one_after_another_up_to_the_current_format() -> None:
    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "deck_format": 2, "seen": [*data.get("seen", []), 1]}

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "deck_format": 3, "seen": [*data["seen"], 2]}

    steps = {1: one_to_two, 2: two_to_three}
    assert migrate({"deck_format": 1}, current=3, steps=steps) == {"deck_format": 3, "seen": [1, 2]}
    assert migrate({"deck_format": 2, "seen": []}, current=3, steps=steps)["seen"] == [2]
    assert migrate({"deck_format": 3}, current=3, steps=steps) == {"deck_format": 3}


def test_a_step_that_lands_on_another_format_is_refused() -> None:
    with pytest.raises(DeckMigrationError) as refused:
        migrate({"deck_format": 1}, current=3, steps={1: lambda d: {**d, "deck_format": 3}})
    assert str(refused.value) == "the step from deck format 1 did not produce format 2"
    with pytest.raises(DeckMigrationError) as refused:
        migrate({"deck_format": 1}, current=2, steps={1: lambda d: d})
    assert str(refused.value) == "the step from deck format 1 did not produce format 2"


def _shipped() -> dict[str, Any]:
    return json.loads((asset_folder() / "decks" / "tourist-tarot.json").read_bytes())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update({"x-notes": "mine"}), "old.json: damaged: unknown keys 'x-notes'"),
        (
            lambda d: d["cards"][6].update(art="x.png"),
            "old.json: damaged: unknown keys 'art' at cards[6]",
        ),
        (
            lambda d: d["cards"][6].update(attribute="Paper"),
            "old.json: card 7 (Soldier of Rock): its Attribute is Rock, not Paper (the rules "
            "give it)",
        ),
    ],
)
def test_what_a_format_1_file_holds_beyond_its_format_is_kept_for_the_reading_to_refuse(
    change: Any, message: str
) -> None:
    doc = _shipped()
    change(doc)
    with pytest.raises(TarotDeckError) as refused:
        read_tarot_deck(json.dumps(doc).encode(), "old.json")
    assert str(refused.value) == message
