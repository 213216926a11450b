"""Two Cardtables, one autosave folder: each autosaves into a slot of its own, a running
one's slot is never offered or deleted, and a crashed one's is offered back, described."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from autosave_rig import crash_after_recovering, crash_while_autosaving, running_cardtable
from session_builders import DANA, small_session

from cardtable.session import Autosaver, ChangeScene, Note, load, save
from cardtable.session.autosave import dismiss_autosave, recoverable_autosave
from cardtable.session.recovery import recoverable
from cardtable.session.saving import document, to_bytes


def _same(a, b) -> bool:
    return document(a)["session"] == document(b)["session"]


def _files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_two_cardtables_autosave_into_slots_of_their_own(tmp_path: Path) -> None:
    first, second = small_session(holder=DANA), small_session(holder=DANA)
    second.apply(ChangeScene())
    with running_cardtable(tmp_path, first):
        saver = Autosaver(second, tmp_path, delay=0.0)
        saver.changed()
        saver.flush()
        autosaves = sorted(tmp_path.glob("autosave-*.cardtable"))
        assert len(autosaves) == 2 and saver.path in autosaves
        other = next(path for path in autosaves if path != saver.path)
        assert _same(load(other), first) and _same(load(saver.path), second)
        saver.close()
        assert sorted(tmp_path.glob("autosave-*.cardtable")) == [other]


def test_a_running_cardtables_autosave_is_never_offered_nor_deleted(tmp_path: Path) -> None:
    session = small_session(holder=DANA)
    with running_cardtable(tmp_path, session) as other:
        before = _files(tmp_path)
        assert recoverable(tmp_path) == [] and recoverable_autosave(tmp_path) is None
        dismiss_autosave(tmp_path)  # the second Cardtable declines "a recovery": nothing goes
        assert _files(tmp_path) == before
        if os.name != "posix":
            pytest.skip("kill -9 is POSIX")
        os.kill(other.pid, signal.SIGKILL)  # now the first one crashes...
        other.wait(timeout=30)
        [left] = recoverable(tmp_path)  # ...and only now is its autosave offered
        assert _same(load(left.autosave), session)


def test_the_offer_says_which_session_when_and_how_many_moves_were_not_saved(
    tmp_path: Path,
) -> None:
    file = tmp_path / "evening.cardtable"
    session = small_session(holder=DANA)
    save(session, file)
    for text in ("one", "two", "three"):
        session.apply(Note(text))
    crash_while_autosaving(tmp_path / "autosave", session, title=file.name, file=file, unsaved=3)
    [left] = recoverable(tmp_path / "autosave")
    assert (left.title, left.path, left.moves) == ("evening.cardtable", file, 3)
    assert left.words() == (
        f"evening.cardtable, autosaved at {left.at:%H:%M}, with 3 moves made after it was "
        "last saved"
    )


def test_a_never_saved_session_is_offered_as_such(tmp_path: Path) -> None:
    session = small_session(holder=DANA)
    crash_while_autosaving(tmp_path, session, title="Untitled session", unsaved=4)
    [left] = recoverable(tmp_path)
    assert left.words() == f"Untitled session, autosaved at {left.at:%H:%M}, never saved"


def test_the_autosave_counts_the_moves_made_since_the_last_save(tmp_path: Path) -> None:
    session = small_session(holder=DANA)
    saver = Autosaver(session, tmp_path / "autosave", delay=0.0)
    saver.about("evening.cardtable", tmp_path / "evening.cardtable")
    session.apply(Note("one"))
    session.apply(Note("two"))
    saver.flush()
    [info] = (tmp_path / "autosave").glob("autosave-*.json")
    assert json.loads(info.read_text())["moves"] == 2
    saver.saved("evening.cardtable", tmp_path / "evening.cardtable")
    saver.flush()
    assert json.loads(info.read_text())["moves"] == 0
    saver.close()


def test_a_session_saved_just_before_the_crash_is_not_offered(tmp_path: Path) -> None:
    file = tmp_path / "evening.cardtable"
    session = small_session(holder=DANA)
    save(session, file)
    crash_while_autosaving(tmp_path / "autosave", session, title=file.name, file=file)
    assert recoverable(tmp_path / "autosave") == []
    assert _files(tmp_path / "autosave") == []  # and nothing is left behind


def test_a_recovered_autosave_is_kept_until_the_session_is_saved(tmp_path: Path) -> None:
    folder, file = tmp_path / "autosave", tmp_path / "evening.cardtable"
    session = small_session(holder=DANA)
    session.apply(Note("made after the last save"))
    crash_while_autosaving(folder, session, title=file.name, file=file, unsaved=1)
    [left] = recoverable(folder)
    slot = left.claim()
    assert slot is not None
    assert recoverable(folder) == []  # held while it is being recovered
    assert left.claim() is None  # ...so a third Cardtable cannot take it too
    recovered = load(left.autosave)
    saver = Autosaver(recovered, folder, delay=0.0)
    saver.keep_until_saved(slot)
    recovered.apply(Note("and one more"))
    saver.flush()
    assert left.autosave.is_file()  # kept: the session is not saved yet
    save(recovered, file)
    saver.saved(file.name, file)
    assert not left.autosave.exists()
    saver.close()
    assert _files(folder) == []


def test_a_recovered_session_discarded_takes_its_autosave_with_it(tmp_path: Path) -> None:
    session = small_session(holder=DANA)
    crash_while_autosaving(tmp_path, session, unsaved=2)
    [left] = recoverable(tmp_path)
    slot = left.claim()
    assert slot is not None
    saver = Autosaver(load(left.autosave), tmp_path, delay=0.0)
    saver.keep_until_saved(slot)
    saver.close()  # the player chose Discard
    assert _files(tmp_path) == []


def test_an_earlier_cardtables_single_autosave_is_still_offered_once_it_is_gone(
    tmp_path: Path,
) -> None:
    session = small_session(holder=DANA)
    (tmp_path / "autosave.cardtable").write_bytes(to_bytes(session))
    (tmp_path / "autosave.open").write_text(f"{os.getpid()}\n")  # still running
    assert recoverable(tmp_path) == []
    (tmp_path / "autosave.open").write_text("999999999\n")  # that process is gone
    [left] = recoverable(tmp_path)
    assert left.title == "the last session" and _same(load(left.autosave), session)
    assert left.discard()
    assert _files(tmp_path) == []


def test_a_session_that_crashed_twice_is_offered_once_its_newest(tmp_path: Path) -> None:
    """Crashed, recovered, played on, crashed again: one offer, holding the later move."""
    session = small_session(holder=DANA)
    session.apply(Note("The lantern goes out."))
    crash_while_autosaving(tmp_path, session, title="Demo table")
    crash_after_recovering(tmp_path, "The door creaks.", title="Demo table")
    found = recoverable(tmp_path)
    assert [(offer.title, offer.untitled) for offer in found] == [("Demo table", "Demo table")]
    notes = [entry.public for entry in load(found[0].autosave).log][-2:]
    assert notes == ["Dana noted: The lantern goes out.", "Dana noted: The door creaks."]
    assert len([name for name in _files(tmp_path) if name.endswith(".cardtable")]) == 1


def test_two_sessions_that_crashed_are_both_offered(tmp_path: Path) -> None:
    crash_while_autosaving(tmp_path, small_session(holder=DANA), title="Demo table")
    crash_while_autosaving(tmp_path, small_session(holder=DANA), title="evening.cardtable")
    assert sorted(offer.title for offer in recoverable(tmp_path)) == [
        "Demo table",
        "evening.cardtable",
    ]
