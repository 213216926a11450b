"""Autosave: written in the background after changes, offered back after a crash."""

from __future__ import annotations

import threading
from pathlib import Path

from autosave_rig import crash_while_autosaving
from session_builders import AYLA, BEA, CHALLENGE, DANA, HAND, TAROT_DRAW, small_session

from cardtable.session import ChangeScene, Draw, Move, Note, Session, load
from cardtable.session import autosave as autosave_module
from cardtable.session.autosave import (
    MOST_LOST,
    Autosaver,
    autosave_folder,
    dismiss_autosave,
    recoverable_autosave,
)
from cardtable.session.saving import document, to_bytes


def _same(a, b) -> bool:
    first, second = document(a), document(b)
    return first["session"] == second["session"]


def test_changes_are_autosaved_and_a_crash_offers_them_back(tmp_path: Path):
    session = small_session(holder=DANA)
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 2))
    session.apply(ChangeScene())
    crash_while_autosaving(tmp_path, session)  # kill -9 once the autosave is written
    found = recoverable_autosave(tmp_path)
    assert found is not None and found.parent == tmp_path
    assert _same(load(found), session)


def test_a_clean_exit_offers_nothing_to_recover(tmp_path: Path):
    session = small_session(holder=DANA)
    saver = Autosaver(session, tmp_path, delay=0.01)
    session.apply(ChangeScene())
    saver.flush()
    assert _same(load(saver.path), session)  # the last state was written
    saver.close()
    assert recoverable_autosave(tmp_path) is None
    assert list(tmp_path.iterdir()) == []  # and its slot is gone with it


def test_nothing_is_offered_before_anything_was_autosaved(tmp_path: Path):
    saver = Autosaver(small_session(holder=DANA), tmp_path, delay=0.01)
    saver.flush()
    assert recoverable_autosave(tmp_path) is None
    saver.close()


def test_declining_recovery_forgets_the_autosave(tmp_path: Path):
    session = small_session(holder=DANA)
    session.apply(ChangeScene())
    crash_while_autosaving(tmp_path, session)
    assert recoverable_autosave(tmp_path) is not None
    dismiss_autosave(tmp_path)
    assert recoverable_autosave(tmp_path) is None
    assert list(tmp_path.iterdir()) == []


def test_the_table_does_not_wait_for_the_disk(tmp_path: Path, monkeypatch):
    """The writer is stuck (a slow network drive, say); actions still go through."""
    release, writing = threading.Event(), threading.Event()
    real_write = autosave_module.write_atomic

    def stuck_write(path, data, **kwargs):
        writing.set()
        release.wait(10)
        real_write(path, data, **kwargs)

    monkeypatch.setattr(autosave_module, "write_atomic", stuck_write)
    session = small_session(holder=DANA)
    saver = Autosaver(session, tmp_path, delay=0.0)
    session.apply(ChangeScene())
    assert writing.wait(10)
    for _ in range(5):  # each returns while the first write still hangs
        session.apply(ChangeScene())
    assert not release.is_set() and session.scene == 7
    release.set()
    saver.flush()
    assert load(saver.path).scene == 7  # the latest state, not the stuck one
    saver.close()


def test_many_quick_changes_make_few_writes(tmp_path: Path):
    session = small_session(holder=DANA)
    saver = Autosaver(session, tmp_path, delay=30.0)
    for number in range(20):
        session.apply(Note(f"line {number}"))
    assert saver.saves == 0  # still waiting for a pause
    saver.flush()
    assert saver.saves == 1
    saver.close()


def test_a_failing_autosave_is_reported_not_raised(tmp_path: Path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folder should be")
    session = small_session(holder=DANA)
    saver = Autosaver(session, blocked, delay=0.0)
    session.apply(ChangeScene())
    saver.flush()
    assert saver.last_error is not None and "Autosave" in saver.last_error
    saver.close()


def test_autosaves_go_to_the_users_data_folder():
    folder = autosave_folder()
    assert folder.name.lower() == "cardtable" and folder.is_absolute()


def test_the_autosave_is_written_from_what_changed_and_equals_a_full_save(tmp_path: Path):
    """Private draws, notes, and cards later played face up (which rewrite the draws' lines):
    the autosave written bit by bit is, byte for byte, the session saved in full."""
    session = small_session(holder=BEA)
    saver = Autosaver(session, tmp_path, delay=60.0)
    try:
        for turn in range(40):
            session.apply(Draw(TAROT_DRAW, HAND[AYLA], 1))
            session.apply(Note(f"Turn {turn}."))
            if turn % 10 == 9:
                saver.flush()  # written now, before the reveals below rewrite old lines
            if turn % 4 == 3:
                card = session.table.piles[HAND[AYLA]].cards[0]
                session.apply(Move((card,), CHALLENGE, face_up=True))
        assert any(entry.revealed for entry in session.log)
        saver.flush()
        assert saver.last_error is None
        assert saver.path.read_bytes() == to_bytes(session)
    finally:
        saver.close()


class _Clock:
    """Seconds that move only when the test moves them."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_steady_play_is_autosaved_however_steady(tmp_path: Path):
    """A move every half second for 16 s never pauses for the autosave's quiet moment; each
    move made more than MOST_LOST seconds ago is on disk all the same."""
    clock = _Clock()
    session = small_session(holder=DANA)
    saver = Autosaver(session, tmp_path, clock=clock)
    made: list[tuple[float, int]] = []  # (when, how long the log was then)
    try:
        for step in range(33):
            clock.now = step * 0.5
            session.apply(Note(f"move {step}"))
            made.append((clock.now, len(session.log)))
            saver.settle()
            owed = max(
                (entries for when, entries in made if when <= clock.now - MOST_LOST), default=0
            )
            on_disk = len(load(saver.path).log) if saver.path.is_file() else 0
            assert on_disk >= owed, f"at {clock.now} s the autosave lacks moves of 10 s ago"
        assert saver.saves >= 1  # written during the play, not only once it stopped
    finally:
        saver.close()


def _on_disk(saver: Autosaver) -> int:
    return len(load(saver.path).log) if saver.path.is_file() else 0


def _held_after_a_change(tmp_path: Path, clock: _Clock) -> tuple[Session, Autosaver]:
    """A session changed at 0 s (a quiet moment of 2 s, the longest wait 8 s), and a card
    held on its table at once."""
    session = small_session(holder=DANA)
    saver = Autosaver(session, tmp_path, clock=clock, delay=2.0, longest=8.0)
    session.apply(Note("before the drag"))
    saver.hold()
    return session, saver


def test_nothing_is_written_while_a_card_is_held_and_the_change_waits_for_quiet_after(
    tmp_path: Path,
):
    """A change made before a drag is not written while the card is held, however long
    past its quiet moment; once let go it waits for the quiet moment again, then is on disk."""
    clock = _Clock()
    session, saver = _held_after_a_change(tmp_path, clock)
    try:
        clock.now = 5.0  # past the quiet moment, short of the longest wait
        saver.settle()
        assert saver.saves == 0 and _on_disk(saver) == 0
        saver.let_go()
        clock.now = 6.5
        saver.settle()
        assert saver.saves == 0  # the quiet moment counts from the card let go
        clock.now = 7.0
        saver.settle()
        assert saver.saves == 1 and _on_disk(saver) == len(session.log)
    finally:
        saver.close()


def test_a_card_held_for_long_still_lets_a_change_be_written_within_the_longest_wait(
    tmp_path: Path,
):
    """Holding a card never puts off a change past ``longest``: what a crash may cost stays
    within MOST_LOST."""
    clock = _Clock()
    session, saver = _held_after_a_change(tmp_path, clock)
    try:
        clock.now = 7.9
        saver.settle()
        assert saver.saves == 0
        clock.now = 8.0
        saver.settle()
        assert saver.saves == 1 and _on_disk(saver) == len(session.log)
        assert MOST_LOST > 8.0
    finally:
        saver.let_go()
        saver.close()


def test_a_flush_is_written_while_a_card_is_held(tmp_path: Path):
    session = small_session(holder=DANA)
    saver = Autosaver(session, tmp_path, clock=_Clock())
    try:
        saver.hold()
        session.apply(Note("kept at once"))
        saver.flush()
        assert _on_disk(saver) == len(session.log)
    finally:
        saver.close()
