"""Crash recovery that recovers, through the real welcome screen: after ``kill -9`` the
welcome screen offers the autosave first and says what it holds; Recover opens it, and the
autosave stays until the recovered session is saved or discarded. Saved files are recent."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from autosave_rig import crash_while_autosaving, running_cardtable
from pytestqt.qtbot import QtBot
from session_builders import DANA, small_session

from cardtable.randomness import seeded
from cardtable.session import Note, Session, load, save
from cardtable.session.autosave import autosave_folder
from cardtable.session.recovery import recoverable
from cardtable.settings import Settings, load_settings
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup, start_window
from cardtable.ui.window.welcome import ChoiceKind, WelcomeDialog

MOVE = "Dana noted: The lantern goes out."


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Settings and autosaves in the test's own folders, never the user's."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield


@pytest.fixture
def crashed(tmp_path: Path) -> tuple[Path, Session]:
    """evening.cardtable, saved; then a move; then Cardtable killed after autosaving it."""
    file = tmp_path / "evening.cardtable"
    session = small_session(holder=DANA)
    save(session, file)
    session.apply(Note("The lantern goes out."))
    crash_while_autosaving(autosave_folder(), session, title=file.name, file=file, unsaved=1)
    return file, session


def _log(session: Session) -> list[str]:
    return [entry.public for entry in session.log]


def _welcome(qtbot: QtBot, settings: Settings) -> WelcomeDialog:
    dialog = WelcomeDialog(
        settings, rng_source=lambda: seeded(5), recoveries=recoverable(autosave_folder())
    )
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):
        dialog.show()
        dialog.activateWindow()
    return dialog


def _click(qtbot: QtBot, button: QtWidgets.QAbstractButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _when_modal(qtbot: QtBot, act: Callable[[QtWidgets.QWidget], None]) -> None:
    """Once a modal window is up (the welcome screen, a question), act on it."""

    def look() -> None:
        modal = QtWidgets.QApplication.activeModalWidget()
        if modal is None or not modal.isVisible():
            QtCore.QTimer.singleShot(20, look)
            return
        act(modal)

    QtCore.QTimer.singleShot(0, look)


def test_after_a_crash_the_welcome_screen_offers_the_autosave_first_and_says_what_it_holds(
    qtbot: QtBot, crashed: tuple[Path, Session]
) -> None:
    file, _session = crashed
    dialog = _welcome(qtbot, Settings(recent_files=[str(file)]))
    panel = dialog.recovery
    assert panel.isVisible() and len(panel.rows) == 1
    recovery, words, recover, _discard = panel.rows[0]
    assert "Cardtable did not close properly" in panel.findChild(QtWidgets.QLabel).text()
    assert words.text() == (
        f"Its autosave holds evening.cardtable, autosaved at {recovery.at:%H:%M}, with 1 move "
        "made after it was last saved."
    )
    assert recover.hasFocus()  # Enter recovers
    with qtbot.waitSignal(dialog.accepted):
        _click(qtbot, recover)
    started = dialog.started
    assert started is not None and dialog.choice.kind is ChoiceKind.RECOVER
    assert _log(started.session)[-1] == MOVE  # the move made after the last save is there
    assert started.path == file and started.slot is not None
    assert recoverable(autosave_folder()) == []  # held while it is being recovered
    started.slot.release(remove=False)


def _recovered_on_the_welcome_screen(qtbot: QtBot) -> MainWindow:
    """The app started, its welcome screen's first Recover clicked: the window it opens."""

    def recover(welcome: QtWidgets.QWidget) -> None:
        assert isinstance(welcome, WelcomeDialog)
        _click(qtbot, welcome.recovery.rows[0][2])

    _when_modal(qtbot, recover)
    window = start_window(None)
    assert window is not None
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: DISCARD
    return window


def test_a_recovered_session_is_opened_and_its_autosave_kept_until_saved(
    qtbot: QtBot, crashed: tuple[Path, Session]
) -> None:
    file, _session = crashed
    [left] = recoverable(autosave_folder())
    window = _recovered_on_the_welcome_screen(qtbot)
    document = window.document
    assert _log(document.session)[-1] == MOVE
    assert document.path == file and document.dirty
    assert window.windowTitle() == "evening.cardtable[*] — Cardtable"
    assert left.autosave.is_file()  # kept: nothing is saved yet
    assert recoverable(autosave_folder()) == []  # nor offered to another Cardtable
    assert window.save()
    assert not left.autosave.exists()  # saved: the autosave it came from may go
    assert _log(load(file))[-1] == MOVE
    assert load_settings().recent_files[0] == str(file)
    window.close()
    assert sorted(autosave_folder().iterdir()) == []


def test_choosing_the_file_of_a_newer_autosave_asks_which_to_open(
    qtbot: QtBot, crashed: tuple[Path, Session]
) -> None:
    file, _session = crashed
    dialog = _welcome(qtbot, Settings(recent_files=[str(file)]))
    asked: list[str] = []

    def answer_yes(box: QtWidgets.QWidget) -> None:
        assert isinstance(box, QtWidgets.QMessageBox)
        asked.append(box.text())
        _click(qtbot, box.button(QtWidgets.QMessageBox.StandardButton.Yes))

    _when_modal(qtbot, answer_yes)
    dialog.recent.setCurrentRow(0)
    _click(qtbot, dialog.open_recent_button)
    qtbot.waitUntil(lambda: dialog.started is not None)
    assert asked and "with 1 move made after it was last saved" in asked[0]
    assert dialog.started is not None
    assert _log(dialog.started.session)[-1] == MOVE  # the autosave, not the older file
    assert dialog.started.slot is not None
    dialog.started.slot.release(remove=False)


def test_discard_asks_then_deletes_the_autosave(
    qtbot: QtBot, crashed: tuple[Path, Session]
) -> None:
    dialog = _welcome(qtbot, Settings())
    [left] = recoverable(autosave_folder())

    def discard(box: QtWidgets.QWidget) -> None:
        assert isinstance(box, QtWidgets.QMessageBox)
        _click(qtbot, box.button(QtWidgets.QMessageBox.StandardButton.Discard))

    _when_modal(qtbot, discard)
    _click(qtbot, dialog.recovery.rows[0][3])
    qtbot.waitUntil(lambda: not dialog.recovery.isVisible())
    assert not left.autosave.exists() and recoverable(autosave_folder()) == []
    assert dialog.isVisible() and dialog.started is None  # the player chooses what next


def test_a_running_cardtables_autosave_is_not_offered_on_the_welcome_screen(
    qtbot: QtBot,
) -> None:
    with running_cardtable(autosave_folder(), small_session(holder=DANA)):
        dialog = _welcome(qtbot, Settings())
        assert not dialog.recovery.isVisible() and dialog.recovery.rows == []
        assert dialog.new_button.hasFocus()
        assert len(list(autosave_folder().glob("autosave-*.cardtable"))) == 1


def test_a_saved_session_appears_among_the_recent_sessions(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored: list[Settings] = []
    window = MainWindow(None, autosave_folder=tmp_path / "autosave", animation_ms=0)
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, _f: stored.append(s))
    window.show()
    qtbot.waitUntil(lambda: bool(window.setup.docks))
    target = tmp_path / "Thursday.cardtable"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.save_as()
    assert stored and stored[-1].recent_files[0] == str(target)


def test_a_recovered_demo_table_keeps_its_title(qtbot: QtBot) -> None:
    """An untitled "Demo table" comes back as "Demo table", not "Untitled session"."""
    session = small_session(holder=DANA)
    session.apply(Note("The lantern goes out."))
    crash_while_autosaving(autosave_folder(), session, title="Demo table", unsaved=1)
    window = _recovered_on_the_welcome_screen(qtbot)
    assert _log(window.document.session)[-1] == MOVE
    assert window.windowTitle() == "Demo table[*] — Cardtable"
    window.close()


def test_a_demo_table_recovered_when_asked_keeps_its_title(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "autosaves"
    session = small_session(holder=DANA)
    session.apply(Note("The lantern goes out."))
    crash_while_autosaving(folder, session, title="Demo table", unsaved=1)
    window = MainWindow(autosave_folder=folder, ask_recover=lambda recovery: True)
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: DISCARD
    assert _log(window.document.session)[-1] == MOVE
    assert window.windowTitle().startswith("Demo table")
    window.close()
