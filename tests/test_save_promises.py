"""What a save file promises besides loading whole: a refusal says where and what in a
player's words (whose sheet, which card, what was expected), and a pile is written with only
what it holds, so a file stays small and a table without spots or fans reads as before."""

from __future__ import annotations

import gc
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import attrs
import pytest
from session_builders import small_session

from cardtable.piles import Pile, PileId, PileKind
from cardtable.session.demo import demo_path
from cardtable.session.saving import (
    SessionFileError,
    encode,
    from_bytes,
    load,
    load_stamped,
    save,
    to_bytes,
)

Doc = dict[str, Any]


def _demo() -> Doc:
    data: Doc = json.loads(demo_path().read_bytes())
    return data


def _refused(doc: Doc, says: str) -> None:
    with pytest.raises(SessionFileError, match=says):
        from_bytes(json.dumps(doc).encode("utf-8"), "demo.cardtable")


def test_a_damaged_sheet_is_refused_naming_whose_sheet_it_is() -> None:
    doc = _demo()
    wren = next(c for c in doc["session"]["characters"] if c["name"] == "Wren Halloway")
    wren["sheet"]["dice"] = -1
    _refused(doc, r"^demo\.cardtable: .*Wren Halloway's sheet: Dice pool must be between 1 and 12 "
                  r"\(got -1\)\.$")


def test_a_card_laid_face_up_that_no_deck_holds_is_refused_by_its_id() -> None:
    doc = _demo()
    doc["session"]["table"]["facing"]["tarot/ghost"] = {"face_up": True, "reversed": False}
    _refused(doc, r"^demo\.cardtable: .*there is no card 'tarot/ghost' on the table$")


@pytest.mark.parametrize(
    ("where", "shown"),
    [(("table",), "session.table"), (("table", "piles", 0), r"session.table.piles\[0\]")],
    ids=["the table", "a pile"],
)
def test_a_list_where_an_object_belongs_is_refused_saying_an_object_was_expected(
    where: tuple[str | int, ...], shown: str
) -> None:
    doc = _demo()
    parent: Any = doc["session"]
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = [3]
    _refused(doc, rf"^demo\.cardtable: damaged: expected an object with named fields at {shown}$")


#: What a new pile holds when nothing more is said (everything but its id, kind and label).
NEW_PILE = {
    key: value
    for key, value in attrs.asdict(Pile(PileId("new"), PileKind.ZONE, "New")).items()
    if key not in ("id", "kind", "label")
}


@pytest.mark.parametrize("made_by", ["the demo, saved again", "a small table"])
def test_a_saved_pile_writes_only_what_differs_from_a_new_pile(made_by: str) -> None:
    if made_by == "a small table":
        session = small_session(7)
    else:
        session = from_bytes(json.dumps(_demo()).encode("utf-8"), "demo.cardtable")
    piles = json.loads(to_bytes(session))["session"]["table"]["piles"]
    assert set(NEW_PILE) >= {"cards", "owner", "refill_from", "turns_on_shuffle", "spots"}
    for pile in piles:
        assert all(pile[key] != value for key, value in NEW_PILE.items() if key in pile), pile
    # Both kinds are there: an empty pile without a card list, a full one with it.
    assert any("cards" not in pile for pile in piles) and any(pile.get("cards") for pile in piles)


def test_a_pile_written_with_only_its_id_kind_and_label_loads_as_a_new_pile() -> None:
    doc = _demo()
    doc["session"]["table"]["piles"].append({"id": "zone/extra", "kind": "zone", "label": "Extra"})
    session = from_bytes(json.dumps(doc).encode("utf-8"), "demo.cardtable")
    assert session.state.table.pile(PileId("zone/extra")) == Pile(
        PileId("zone/extra"), PileKind.ZONE, "Extra"
    )


@pytest.mark.parametrize("state", [[1], 5, "a Challenge", None], ids=repr)
def test_a_resolver_whose_state_is_not_an_object_is_refused_by_its_name(state: Any) -> None:
    doc = _demo()
    doc["session"]["resolvers"]["duel"] = {"kind": "tarot-challenge", "state": state}
    _refused(doc, r"^demo\.cardtable: .*the resolver 'duel' is damaged: expected an object "
                  r"with named fields$")


def test_a_file_that_cannot_be_read_says_why_in_the_systems_words(tmp_path: Path) -> None:
    with pytest.raises(SessionFileError,
                       match=r"^gone\.cardtable: cannot be read \(No such file or directory\)$"):
        load(tmp_path / "gone.cardtable")
    (tmp_path / "folder.cardtable").mkdir()
    with pytest.raises(SessionFileError,
                       match=r"^folder\.cardtable: cannot be read \(Is a directory\)$"):
        load(tmp_path / "folder.cardtable")


@pytest.mark.parametrize(
    ("number", "written"),
    [(5, "5"), (2**70, "1180591620717411303424"), (-(2**64), "-18446744073709551616")],
    ids=["small", "past 64 bits", "below minus 2 to the 64"],
)
def test_every_document_is_written_as_the_same_compact_json_ending_in_a_new_line(
    number: int, written: str
) -> None:
    # The quick writer cannot write a whole number past 64 bits: Python's own writes it the
    # same way, times and all.
    at = datetime(2025, 3, 1, 20, 15, tzinfo=timezone(timedelta(hours=1)))
    doc = {"at": at, "n": number, "text": "Crème brûlée", "list": [True, None]}
    expected = f'{{"at":"2025-03-01T20:15:00+01:00","n":{written},"text":"Crème brûlée",' \
        '"list":[true,null]}\n'
    assert encode(doc) == expected.encode("utf-8")


@pytest.mark.parametrize("curtain", ["alex", "bea", "chidi"])
def test_a_curtain_waiting_for_anyone_but_the_holder_is_refused(curtain: str) -> None:
    doc = _demo()
    assert doc["session"]["holder"] == "dana"
    doc["session"]["curtain"] = curtain
    _refused(doc, r"^demo\.cardtable: .*the curtain waits for someone who does not hold the "
                  r"computer$")


def test_a_number_where_an_object_belongs_is_refused_saying_an_object_was_expected() -> None:
    doc = _demo()
    doc["session"]["table"]["piles"][0] = 5
    _refused(doc, r"^demo\.cardtable: damaged: expected an object with named fields at "
                  r"session\.table\.piles\[0\]$")


def test_a_refusal_quotes_the_files_own_words_whatever_they_say() -> None:
    doc = _demo()
    doc["session"]["table"]["piles"][0]["kind"] = "has no attribute"
    _refused(doc, r"^demo\.cardtable: damaged: 'has no attribute' is not a valid PileKind at "
                  r"session\.table\.piles\[0\]\.kind$")


def test_a_file_that_cannot_be_read_is_refused_by_the_stamped_load_too(tmp_path: Path) -> None:
    with pytest.raises(SessionFileError,
                       match=r"^gone\.cardtable: cannot be read \(No such file or directory\)$"):
        load_stamped(tmp_path / "gone.cardtable")


@pytest.mark.parametrize("collecting", [True, False], ids=["collector on", "collector off"])
def test_saving_and_loading_leave_the_cycle_collector_as_they_found_it(
    tmp_path: Path, collecting: bool
) -> None:
    was = gc.isenabled()
    try:
        gc.enable() if collecting else gc.disable()
        path = tmp_path / "evening.cardtable"
        save(small_session(7), path)
        assert gc.isenabled() is collecting
        load(path)
        assert gc.isenabled() is collecting
    finally:
        gc.enable() if was else gc.disable()
