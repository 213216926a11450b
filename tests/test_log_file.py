"""The log in a save file (format 4): eight columns, read whole, entries made only when read.

A loaded log must be the log that was saved, entry for entry, whichever entries are read
first; a card shown after loading rewrites the lines that hid it, in the session and in
the next save; times keep their exact offset; the autosave writes the same bytes as a save.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from session_builders import HAND, ROLAND, TAROT_DISCARD, TAROT_DRAW, small_session

from cardtable.session import Autosaver, Draw, Move, Note, Session
from cardtable.session.log import LogEntry, SessionLog
from cardtable.session.log_file import COLUMNS, columns, read_log
from cardtable.session.saving import encode, from_bytes, load, save, to_bytes


def _evening() -> Session:
    """Alex draws three cards into Roland's hand (a line only Alex reads in full), notes,
    and discards one of them face up (which shows it to the table)."""
    session = small_session(3)
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 3))
    for turn in range(5):
        session.apply(Note(f"Turn {turn}"))
    return session


def test_the_log_is_saved_as_eight_columns_of_one_value_per_entry():
    session = _evening()
    saved = json.loads(to_bytes(session))["session"]["log"]
    assert list(saved) == list(COLUMNS)
    assert {len(column) for column in saved.values()} == {len(session.log)}
    assert saved["public"] == [entry.public for entry in session.log]
    assert saved["at"][-1] == session.log[-1].at.isoformat()


def test_a_loaded_log_makes_no_entry_until_one_is_read():
    session = _evening()
    loaded = from_bytes(to_bytes(session), "evening.cardtable")
    assert all(loaded.log.unmade(index) for index in range(len(loaded.log)))
    assert loaded.log[-1] == session.log[-1]
    assert not loaded.log.unmade(len(loaded.log) - 1)
    assert loaded.log.unmade(0)


def test_a_loaded_log_is_the_saved_log_whichever_entry_is_read_first():
    session = _evening()
    loaded = from_bytes(to_bytes(session), "evening.cardtable")
    backwards = [loaded.log[index] for index in reversed(range(len(loaded.log)))]
    assert backwards[::-1] == list(session.log)
    assert list(loaded.log) == list(session.log)


def test_a_card_shown_after_loading_rewrites_the_line_that_hid_it_and_the_next_save():
    session = _evening()
    loaded = from_bytes(to_bytes(session), "evening.cardtable")
    drew = next(i for i, entry in enumerate(session.log) if entry.unrevealed)
    card = session.log[drew].unrevealed[0]
    later = datetime(2025, 3, 1, 23, 0, tzinfo=UTC)
    for table in (session, loaded):
        table.clock = lambda: later
        table.apply(Move((card,), TAROT_DISCARD, face_up=True))
    assert loaded.log[drew] == session.log[drew]
    assert card not in loaded.log[drew].unrevealed
    assert to_bytes(loaded) == to_bytes(session)
    again = from_bytes(to_bytes(loaded), "again.cardtable")
    assert list(again.log) == list(session.log)


@pytest.mark.parametrize(
    "zone",
    [
        UTC,
        timezone(timedelta(hours=5, minutes=30)),
        timezone(timedelta(hours=-3)),
        timezone(timedelta(hours=1, minutes=1, seconds=1)),  # an old local mean time
    ],
)
def test_a_time_keeps_its_exact_offset_through_a_save(zone: timezone):
    at = datetime(1890, 3, 1, 20, 15, 7, 250, tzinfo=zone)
    log = SessionLog([LogEntry(at, None, None, "The train leaves")])
    saved = json.loads(encode(columns(log)))
    assert saved["at"] == [at.isoformat()]
    [entry] = read_log(saved, (), [])
    assert entry.at == at and entry.at.utcoffset() == at.utcoffset()


def test_a_log_of_mixed_offsets_reads_back_exactly():
    odd = timezone(timedelta(seconds=3661))
    entries = [
        LogEntry(datetime(2025, 3, 1, 20, minute, tzinfo=zone), None, None, f"line {minute}")
        for minute, zone in enumerate([UTC, odd, UTC])
    ]
    saved = json.loads(encode(columns(SessionLog(entries))))
    loaded = read_log(saved, (), [])
    assert list(loaded) == entries
    assert json.loads(encode(columns(loaded))) == saved


def test_a_whole_number_orjson_cannot_write_is_written_by_pythons_own_encoder():
    assert encode({"big": 2**70, "at": datetime(2025, 3, 1, tzinfo=UTC)}) == (
        b'{"big":1180591620717411303424,"at":"2025-03-01T00:00:00+00:00"}\n'
    )


def test_the_autosave_of_a_loaded_session_is_the_same_file_as_a_save(tmp_path: Path):
    path = tmp_path / "evening.cardtable"
    save(_evening(), path)
    loaded = load(path)
    loaded.log[2]  # one entry made, the others still as read
    saver = Autosaver(loaded, tmp_path / "autosaves", delay=0.0)
    try:
        loaded.apply(Note("After the break"))
        saver.flush()
        assert saver.path.read_bytes() == to_bytes(loaded)
    finally:
        saver.close()


def test_the_autosave_text_kept_piece_by_piece_is_a_save_after_every_change(monkeypatch):
    from cardtable.session import autosave

    monkeypatch.setattr(autosave, "PIECE", 3)
    session = small_session(5)
    text = autosave.LogText(session.log)
    assert text.file(autosave.Snapshot.of(session), session.rng) == to_bytes(session)
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 3))
    drawn = session.table.piles[HAND[ROLAND]].cards
    for turn in range(7):
        session.apply(Note(f"Turn {turn}"))
        assert text.file(autosave.Snapshot.of(session), session.rng) == to_bytes(session)
    for card in list(drawn):  # each shown card rewrites the line in an early piece
        session.apply(Move((card,), TAROT_DISCARD, face_up=True))
        assert text.file(autosave.Snapshot.of(session), session.rng) == to_bytes(session)
    assert not any(entry.unrevealed for entry in session.log)
