"""A save file must hang together, not only parse: what the log names is on the table, the
seat and player of each line sit at the table, the computer is held by a player, every value
has its JSON type. A file that breaks one of these promises is refused whole, with one line
that names the file and the problem (the session's own rules: ``rules/table.md``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from session_builders import (
    ALEX,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DRAW,
    seat_of,
    small_session,
    take_seat,
)

from cardtable.session import Draw, Note, PassSeat, Session, visible_log
from cardtable.session.log_file import COLUMNS
from cardtable.session.saving import MAX_MESSAGE, SessionFileError, from_bytes, save, to_bytes

Doc = dict[str, Any]


class _Line:
    """One entry of a saved log, read and written through the log's columns (format 4)."""

    def __init__(self, doc: Doc, index: int) -> None:
        self._log, self.index = doc["session"]["log"], index

    def __getitem__(self, key: str) -> Any:
        return self._log[key][self.index]

    def __setitem__(self, key: str, value: Any) -> None:
        self._log[key][self.index] = value


def _lines(doc: Doc) -> list[_Line]:
    return [_Line(doc, index) for index in range(len(doc["session"]["log"]["at"]))]


def _evening() -> Session:
    """Alex draws three cards into Roland's hand (a private line naming them), writes a
    private note, and hands over to Bea, who draws a card face up for everyone."""
    session = small_session(7)
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 3))
    session.apply(Note("Roland hides the key", private=True))
    session.apply(PassSeat(seat_of(session, BEA)))
    take_seat(session, BEA)
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    return session


def _saved() -> Doc:
    return json.loads(to_bytes(_evening()))


def _private_draw(doc: Doc) -> _Line:
    """The log line of Alex's private draw into Roland's hand."""
    return next(e for e in _lines(doc) if e["cards"] and e["private"])


def _as_format_3(doc: Doc) -> Doc:
    """The same file as format 3 wrote it: each log entry an object, empty values left out."""
    doc["format_version"] = 3
    log = doc["session"]["log"]
    doc["session"]["log"] = [
        {
            key: log[key][index]
            for key in COLUMNS
            if key in ("at", "seat", "actor", "public") or log[key][index] is not None
        }
        for index in range(len(log["at"]))
    ]
    return doc


def _refused(doc: Doc, says: str) -> str:
    raw = json.dumps(doc).encode("utf-8")
    with pytest.raises(SessionFileError, match=says) as refused:
        from_bytes(raw, "evening.cardtable")
    message = str(refused.value)
    assert message.startswith("evening.cardtable: ") and "\n" not in message
    return message


def test_the_evening_itself_loads_as_it_was_saved():
    session = _evening()
    loaded = from_bytes(to_bytes(session), "evening.cardtable")
    assert list(loaded.log) == list(session.log)
    assert loaded.holder == session.holder == BEA
    assert [visible_log(loaded, s) for s in range(3)] == [visible_log(session, s) for s in range(3)]


# -- the log against the table -------------------------------------------------------------------


def test_a_log_line_naming_a_card_no_deck_holds_is_refused():
    doc = _saved()
    _private_draw(doc)["cards"].append("tarot/no-such-card")
    _refused(doc, "a log entry names a card that is not on the table")


def test_a_log_line_still_hiding_a_card_it_does_not_name_is_refused():
    doc = _saved()
    entry = _private_draw(doc)
    entry["unrevealed"] = [*entry["unrevealed"], "tarot/no-such-card"]
    _refused(doc, "a log entry names a card that is not on the table")


def test_a_log_line_hiding_cards_without_private_text_is_refused():
    doc = _saved()
    entry = _private_draw(doc)
    entry["private"] = None
    _refused(doc, "a log entry hides cards but has no private text")


def test_an_empty_log_line_card_list_is_as_good_as_none():
    doc = _as_format_3(_saved())
    line = next(e for e in doc["session"]["log"] if "cards" not in e)
    line["cards"] = []
    loaded = from_bytes(json.dumps(doc).encode(), "evening.cardtable")
    assert len(loaded.log) == len(doc["session"]["log"])


# -- seats and players ---------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, -3, 3, 4, 1000])
def test_a_log_line_from_a_seat_nobody_sits_at_is_refused(seat: int):
    doc = _saved()
    _lines(doc)[-1]["seat"] = seat
    _refused(doc, "a log entry names a seat nobody sits at")


def test_a_log_line_whose_player_is_not_at_its_seat_is_refused():
    doc = _saved()
    line = _lines(doc)[-1]
    assert line["actor"] == BEA
    line["actor"] = ALEX
    _refused(doc, "a log entry's player is not the one at its seat")


def test_a_log_line_by_a_stranger_is_refused():
    doc = _saved()
    _lines(doc)[-1]["actor"] = "mallory"
    _refused(doc, "a log entry's player is not the one at its seat")


def test_a_private_line_owned_by_a_stranger_is_refused():
    doc = _saved()
    _private_draw(doc)["owner"] = "mallory"
    _refused(doc, "a log entry's private text belongs to someone not at the table")


def test_every_seat_of_the_table_may_write_the_log():
    doc = _saved()
    players = [p["id"] for p in doc["session"]["players"]]
    for seat, line in zip([0, 1, 2], _lines(doc)[-3:], strict=True):
        line["seat"], line["actor"] = seat, players[seat]
    loaded = from_bytes(json.dumps(doc).encode(), "evening.cardtable")
    assert [e.seat for e in list(loaded.log)[-3:]] == [0, 1, 2]


def test_the_computer_held_by_a_stranger_is_refused():
    doc = _saved()
    doc["session"]["holder"] = "mallory"
    doc["session"]["curtain"] = None
    _refused(doc, "the computer is held by an unknown player")


def test_nobody_holding_the_computer_at_a_full_table_is_refused():
    doc = _saved()
    doc["session"]["holder"] = None
    doc["session"]["curtain"] = None
    _refused(doc, "nobody holds the computer")


def test_a_curtain_for_someone_else_than_the_holder_is_refused():
    doc = _saved()
    doc["session"]["curtain"] = DANA
    _refused(doc, "the curtain waits for someone who does not hold the computer")


def test_a_curtain_for_the_holder_is_whole():
    doc = _saved()
    doc["session"]["curtain"] = doc["session"]["holder"]
    assert from_bytes(json.dumps(doc).encode(), "evening.cardtable").curtain == BEA


def test_an_empty_table_held_by_nobody_is_whole():
    doc = json.loads(to_bytes(Session()))
    assert doc["session"]["holder"] is None
    assert from_bytes(json.dumps(doc).encode(), "new.cardtable").holder is None


# -- types ---------------------------------------------------------------------------------------


def _set(key: str, value: Any) -> Callable[[Doc], None]:
    def edit(doc: Doc) -> None:
        _private_draw(doc)[key] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (_set("private", 5), "wrong type"),
        (_set("private", ["a", "b"]), "wrong type"),
        (_set("public", None), "wrong type"),
        (_set("owner", 7), "wrong type"),
        (_set("actor", False), "wrong type"),
        (_set("seat", True), "wrong type"),
        (_set("seat", 1.0), "wrong type"),
        (_set("seat", "1"), "wrong type"),
        (_set("cards", "tarot/builder-paper"), "must be a list of card ids"),
        (_set("unrevealed", {"a": 1}), "must be a list of card ids"),
        (_set("at", "2025-03-01T20:00:00"), "has no time zone"),
        (_set("at", 1740859200), "expected a date and time"),
        (_set("cards", ["tarot/builder-paper", 7]), "must be a list of card ids"),
        (_set("at", "at eight"), "'at eight' is not a date and time"),
    ],
)
def test_a_log_line_with_a_value_of_the_wrong_kind_is_refused(
    edit: Callable[[Doc], None], says: str
):
    doc = _saved()
    edit(doc)
    _refused(doc, says)


def test_a_wrong_log_line_is_refused_saying_which():
    doc = _saved()
    _lines(doc)[2]["seat"] = "2"
    message = _refused(doc, "a log entry's seat is of the wrong type")
    assert message.endswith("expected a whole number or null, found text (entry 2)")


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda log: log.pop("owner"), "the log has no column 'owner'"),
        (lambda log: log.update(colour=[]), "the log has unknown columns: colour"),
        (lambda log: log.update(seat="0"), "the log's 'seat' is a list, not text"),
        (lambda log: log["public"].pop(), "the log's columns are of different lengths"),
    ],
)
def test_a_log_of_the_wrong_shape_is_refused(edit: Callable[[Doc], None], says: str):
    doc = _saved()
    edit(doc["session"]["log"])
    _refused(doc, says)


def test_a_log_that_is_a_list_of_lines_in_format_4_is_refused():
    doc = _saved()
    doc["session"]["log"] = []
    _refused(doc, "the log is an object of columns, not a list")


def test_a_format_3_log_line_that_is_not_an_object_is_refused():
    doc = _as_format_3(_saved())
    doc["session"]["log"][0] = ["at", "seat"]
    _refused(doc, r"a log entry is an object, not a list at session\.log\[0\]")


def test_a_format_3_log_line_with_a_key_of_its_own_is_refused():
    doc = _as_format_3(_saved())
    doc["session"]["log"][1]["colour"] = "red"
    _refused(doc, r"a log entry has unknown keys: colour at session\.log\[1\]")


def test_a_format_3_log_line_with_a_value_of_the_wrong_kind_is_refused():
    doc = _as_format_3(_saved())
    doc["session"]["log"][1]["seat"] = "1"
    _refused(doc, "a log entry's seat is of the wrong type")


def test_a_format_3_file_loads_through_its_migration_as_it_was_saved():
    session = _evening()
    doc = _as_format_3(json.loads(to_bytes(session)))
    assert isinstance(doc["session"]["log"][0], dict)
    loaded = from_bytes(json.dumps(doc).encode(), "evening.cardtable")
    assert list(loaded.log) == list(session.log)
    assert to_bytes(loaded) == to_bytes(session)
    assert [visible_log(loaded, s) for s in range(3)] == [visible_log(session, s) for s in range(3)]


# -- the one line that says why ------------------------------------------------------------------


def test_a_file_with_several_problems_names_the_first_and_counts_the_rest():
    doc = _saved()
    doc["session"]["players"][0]["favourite"] = "teal"
    doc["session"]["scene"] = "2"
    doc["session"]["holder"] = 5
    message = _refused(doc, "damaged: ")
    assert message == (
        "evening.cardtable: damaged: unknown keys 'favourite' at session.players[0]"
        " (and 2 more problems)"
    )


def test_a_file_with_one_problem_counts_no_others():
    doc = _saved()
    doc["session"]["scene"] = "2"
    message = _refused(doc, "damaged: ")
    assert message == (
        "evening.cardtable: damaged: expected a whole number, found text at session.scene"
    )


def test_a_very_long_problem_is_cut_to_one_readable_line():
    doc = _saved()
    doc["session"]["players"][0]["k" * 1000] = 1
    message = _refused(doc, "unknown keys 'kkk")
    problem = message.removeprefix("evening.cardtable: ")
    assert len(problem) == MAX_MESSAGE == 300  # the longest line a refusal prints
    assert problem.endswith("k…")


def test_a_problem_just_within_the_limit_is_kept_whole():
    doc = _saved()
    shown = "damaged: unknown keys '' at session.players[0]"
    key = "k" * (MAX_MESSAGE - len(shown))
    doc["session"]["players"][0][key] = 1
    message = _refused(doc, "unknown keys")
    assert message == f"evening.cardtable: damaged: unknown keys '{key}' at session.players[0]"


def test_a_session_that_cannot_be_written_as_utf8_is_refused_and_the_old_file_kept(tmp_path):
    # A lone surrogate (half a character) cannot be written as UTF-8.
    session = _evening()
    session.apply(Note("half a character: \ud800"))
    path = tmp_path / "evening.cardtable"
    path.write_bytes(b"the evening as it was")
    with pytest.raises(SessionFileError, match=r"^evening\.cardtable: cannot be saved"):
        save(session, path)
    assert path.read_bytes() == b"the evening as it was"
