"""A bug is reported as a bug, never as a rule: an action that fails with anything but the
model's own refusal leaves the table exactly as it was, tells the player so and where the
log file is, and puts its traceback in that file. Through the real window."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from pytestqt.qtbot import QtBot
from table_rig import CHALLENGE, TAROT_DRAW, top

from cardtable.logs import HANDLER_NAME, configure_logging
from cardtable.session import Action, Performed, Session, SessionError
from cardtable.session.demo import demo_path
from cardtable.session.saving import to_bytes
from cardtable.ui.window.main_window import DISCARD, MainWindow


class _SlipsAfterMoving(Action):
    """Moves a card, then trips over a programming slip (a plain ValueError, as a bad
    ``int()`` or an unpacking would raise)."""

    behind_curtain: ClassVar[bool] = True

    def perform(self, session: Session) -> Performed:
        table = session.state.table
        table.move([top(session, TAROT_DRAW)], CHALLENGE)
        raise ValueError("invalid literal for int() with base 10: 'x'")


class _NotUndoableSlip(_SlipsAfterMoving):
    """The same slip in an action undo does not keep a copy for (as a note or a pass)."""

    undoable: ClassVar[bool] = False

    def perform(self, session: Session) -> Performed:
        session.state.scene += 5
        session.state.table.move([top(session, TAROT_DRAW)], CHALLENGE)
        raise KeyError("hand/nobody")


class _Refused(Action):
    behind_curtain: ClassVar[bool] = True

    def perform(self, session: Session) -> Performed:
        raise SessionError("The shoe is empty.")


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    path = configure_logging(tmp_path / "log")
    assert path is not None
    yield path
    logger = logging.getLogger("cardtable")
    for handler in [h for h in logger.handlers if h.get_name() == HANDLER_NAME]:
        logger.removeHandler(handler)
        handler.close()


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(demo_path(), autosave=False, animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.mark.parametrize("slip", [_SlipsAfterMoving, _NotUndoableSlip])
def test_an_action_that_fails_with_a_bug_leaves_the_table_as_it_was_and_says_so(
    window: MainWindow, log_file: Path, slip: type[Action]
) -> None:
    document = window.document
    before = to_bytes(document.session)
    refusals: list[str] = []
    document.refused.connect(refusals.append)
    assert document.apply(slip()) is False
    assert to_bytes(document.session) == before  # cards, scene, log: all as they were
    assert not document.dirty
    assert refusals == []  # not passed off as a rule
    message = window.statusBar().currentMessage()
    assert message == (
        f"Something went wrong; the table is unchanged. The details are in {log_file}."
    )
    written = log_file.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in written
    assert f"{slip.__name__} failed" in written


def test_the_models_own_refusal_is_still_a_refusal(window: MainWindow, log_file: Path) -> None:
    refusals: list[str] = []
    window.document.refused.connect(refusals.append)
    assert window.document.apply(_Refused()) is False
    assert refusals == ["The shoe is empty."]
    assert window.statusBar().currentMessage() == "⚠ The shoe is empty."
    assert "Traceback" not in log_file.read_text(encoding="utf-8")


def test_an_undo_that_fails_with_a_bug_leaves_the_table_as_it_was(
    window: MainWindow, log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.document.session
    before = to_bytes(session)

    def slipping_undo() -> None:
        session.state.table.move([top(session, TAROT_DRAW)], CHALLENGE)
        raise IndexError("pop from empty list")

    monkeypatch.setattr(session, "undo", slipping_undo)
    assert window.document.undo() is False
    assert to_bytes(session) == before
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Something went wrong; the table is unchanged.")
    )
    assert "IndexError: pop from empty list" in log_file.read_text(encoding="utf-8")
