"""Two writers, one file: Save asks "keep mine, reload theirs, or save as", through the real
dialog's buttons, and each answer keeps what it says."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot
from session_builders import small_session

from cardtable.session import Note, load, save
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.window.file_changed import FileChangedDialog
from cardtable.ui.window.main_window import DISCARD, MainWindow


def _texts(path: Path) -> str:
    """The session log saved at ``path``, as one text."""
    return " | ".join(entry.public for entry in load(path).log)


@pytest.fixture
def shared(tmp_path: Path) -> Path:
    path = tmp_path / "shared.cardtable"
    session = small_session()
    session.apply(Note("Both of us saw this."))
    save(session, path)
    return path


def _window(qtbot: QtBot, tmp_path: Path, path: Path) -> MainWindow:
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    take_the_computer(qtbot, window)  # whoever held it when it was saved
    window.document.apply(Note("Mine: the move made here."))
    return window


def _they_save(path: Path) -> bytes:
    theirs = load(path)
    theirs.apply(Note("Theirs: a move made on the other computer."))
    save(theirs, path)
    return path.read_bytes()


def _answer(qtbot: QtBot, button: Callable[[FileChangedDialog], QtWidgets.QPushButton]) -> list:
    """Click ``button`` of the dialog once it is up; returns what it said, for the test."""
    seen: list[str] = []

    def click() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(dialog, FileChangedDialog):
            QtCore.QTimer.singleShot(20, click)
            return
        seen.append(dialog.message.text())
        qtbot.mouseClick(button(dialog), Qt.MouseButton.LeftButton)

    QtCore.QTimer.singleShot(0, click)
    return seen


def test_keep_mine_saves_over_theirs_and_keeps_theirs_as_the_backup(
    qtbot: QtBot, tmp_path: Path, shared: Path
) -> None:
    window = _window(qtbot, tmp_path, shared)
    theirs = _they_save(shared)
    seen = _answer(qtbot, lambda dialog: dialog.keep_button)
    assert window.save()
    assert seen and "shared.cardtable" in seen[0] and "another Cardtable" in seen[0]
    assert "Mine: the move made here." in _texts(shared)
    assert (tmp_path / "shared.cardtable.bak").read_bytes() == theirs
    assert not window.document.dirty
    # Saved and stamped again: the next save goes through without asking.
    window.document.apply(Note("And one more."))
    assert window.save()


def test_reload_theirs_puts_their_session_in_play(
    qtbot: QtBot, tmp_path: Path, shared: Path
) -> None:
    window = _window(qtbot, tmp_path, shared)
    theirs = _they_save(shared)
    _answer(qtbot, lambda dialog: dialog.reload_button)
    assert not window.save()
    texts = [entry.public for entry in window.document.session.log]
    assert "Theirs: a move made on the other computer." in " ".join(texts)
    assert "Mine: the move made here." not in " ".join(texts)
    assert shared.read_bytes() == theirs and not window.document.dirty


def test_save_as_keeps_both_versions(
    qtbot: QtBot, tmp_path: Path, shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path, shared)
    theirs = _they_save(shared)
    mine = tmp_path / "mine.cardtable"
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(mine), "")
    )
    _answer(qtbot, lambda dialog: dialog.save_as_button)
    assert window.save()
    assert shared.read_bytes() == theirs
    assert "Mine: the move made here." in _texts(mine)
    assert window.document.path == mine


def test_cancel_writes_nothing_and_keeps_the_changes_unsaved(
    qtbot: QtBot, tmp_path: Path, shared: Path
) -> None:
    window = _window(qtbot, tmp_path, shared)
    theirs = _they_save(shared)
    _answer(qtbot, lambda dialog: dialog.cancel_button)
    assert not window.save()
    assert shared.read_bytes() == theirs
    assert window.document.dirty


def test_saving_a_file_nobody_else_touched_asks_nothing(
    qtbot: QtBot, tmp_path: Path, shared: Path
) -> None:
    window = _window(qtbot, tmp_path, shared)
    assert window.save()  # a dialog here would block the test
    assert "Mine: the move made here." in _texts(shared)
