"""Limits in session files: every text has a generous maximum, names are plain text on one
line, and a file over a limit is refused in one line naming the place and the limit, before
anything of it is made (a 100 MB log line is never loaded)."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from session_builders import DANA, small_session

from cardtable.session import Note, SessionError, SessionFileError, load
from cardtable.session.model import MAX_NAME, Player
from cardtable.session.saving import to_bytes
from cardtable.session.text_limits import MAX_LOG_LINE, MAX_OPTION_TEXT, MAX_TEXT

Change = Callable[[dict[str, Any]], None]


def _file(tmp_path: Path, change: Change) -> Path:
    """A saved session, changed by hand as a hostile or damaged file would be."""
    session = small_session(holder=DANA)
    session.apply(Note("The lantern goes out."))
    data = json.loads(to_bytes(session))
    change(data["session"])
    path = tmp_path / "evening.cardtable"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _refusal(path: Path) -> str:
    with pytest.raises(SessionFileError) as refused:
        load(path)
    message = str(refused.value)
    assert "\n" not in message
    return message


def _player_name(name: str) -> Change:
    return lambda session: session["players"][1].update(name=name)


def _character_name(name: str) -> Change:
    return lambda session: session["characters"][0].update(name=name)


def _log_line(text: str) -> Change:
    return lambda session: session["log"]["public"].__setitem__(-1, text)


def _option(value: str) -> Change:
    return lambda session: session["options"].update({"pool-ties": value})


def _pile_label(text: str) -> Change:
    return lambda session: session["table"]["piles"][0].update(label=text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            _player_name("Bea\x00"),
            "players[1].name holds a control character (U+0000); a name is plain text on one line",
        ),
        (
            _player_name("Bea\x1b[31mRED"),
            "players[1].name holds a control character (U+001B); a name is plain text on one line",
        ),
        (
            _character_name("Ay\x7fla"),
            "characters[0].name holds a control character (U+007F); a name is plain text on "
            "one line",
        ),
        (
            _player_name("B" * (MAX_NAME + 1)),
            f"players[1].name holds {MAX_NAME + 1:,} characters; a name holds at most {MAX_NAME:,}",
        ),
        (
            _log_line("x" * (MAX_LOG_LINE + 1)),
            f"the log's entry 11 (public text) holds {MAX_LOG_LINE + 1:,} characters; a log "
            f"line holds at most {MAX_LOG_LINE:,}",
        ),
        (
            _option("x" * (MAX_OPTION_TEXT + 1)),
            f"options['pool-ties'] holds {MAX_OPTION_TEXT + 1:,} characters; an option's "
            f"value holds at most {MAX_OPTION_TEXT:,}",
        ),
        (
            _pile_label("x" * (MAX_TEXT + 1)),
            f"table.piles[0].label holds {MAX_TEXT + 1:,} characters; a text holds at most "
            f"{MAX_TEXT:,}",
        ),
    ],
    ids=["nul", "escape", "delete", "long-name", "log-line", "option", "pile-label"],
)
def test_a_text_over_its_limit_is_refused_naming_the_place_and_the_limit(
    tmp_path: Path, change: Change, message: str
) -> None:
    assert _refusal(_file(tmp_path, change)) == f"evening.cardtable: {message}"


@pytest.mark.parametrize("change", [_log_line, _option], ids=["log-line", "option"])
def test_a_hundred_megabyte_text_is_refused_without_being_loaded(
    tmp_path: Path, change: Callable[[str], Change]
) -> None:
    path = _file(tmp_path, change("x" * 100_000_000))
    tracemalloc.start()
    try:
        message = _refusal(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "100,000,000 characters" in message
    # The file's bytes and the one text read from them; no second reading, no session.
    assert peak < 230_000_000, f"{peak:,} bytes"


def test_a_long_evenings_texts_within_their_limits_load(tmp_path: Path) -> None:
    note = "n" * 2000  # the longest note a player may write
    path = _file(tmp_path, _log_line(f"Dana noted: {note}"))
    assert load(path).log[-1].public == f"Dana noted: {note}"


def test_a_name_with_a_control_character_is_refused_at_the_table_too() -> None:
    with pytest.raises(SessionError, match=r"control character \(U\+0000\)"):
        Player.named("Bea\x00", "#c0392b")


def test_a_stretch_longer_than_any_text_outside_the_session_is_refused_all_the_same(
    tmp_path: Path,
) -> None:
    path = tmp_path / "evening.cardtable"
    raw = to_bytes(small_session(holder=DANA))
    path.write_bytes(raw.replace(b'"saved_by":"', b'"saved_by":"' + b"y" * 9_000_000, 1))
    assert _refusal(path) == (
        "evening.cardtable: holds 9,000,015 characters in a row, more than any text in a "
        "session may (8,000,000)"
    )
