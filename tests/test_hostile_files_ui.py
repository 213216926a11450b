"""A hostile session file through every door of the app: double-click, File > Open, the
welcome screen's recent list. Each explains in one line and leaves a working table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.welcome import WelcomeDialog

REFUSAL = "huge.cardtable: is damaged: it holds a number too long to read"


@pytest.fixture
def huge(tmp_path: Path) -> Path:
    """The demo with a 5,000-digit number for its scene."""
    path = tmp_path / "huge.cardtable"
    text = demo_path().read_text(encoding="utf-8")
    data = json.loads(text)
    data["session"]["scene"] = 0
    path.write_text(json.dumps(data).replace('"scene": 0', '"scene": ' + "9" * 5000, 1))
    return path


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(
        QtWidgets.QMessageBox, "warning", lambda _parent, _title, text, *a: said.append(text)
    )
    return said


def _window(qtbot: QtBot, tmp_path: Path, path: Path | None) -> MainWindow:
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    return window


def test_a_double_clicked_hostile_file_opens_an_empty_table_and_says_why(
    qtbot: QtBot, tmp_path: Path, huge: Path, warnings: list[str]
) -> None:
    window = _window(qtbot, tmp_path, huge)
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    window.show()
    qtbot.waitUntil(lambda: ready == [window])
    assert warnings == [REFUSAL]
    assert window.document.session.players == []  # a new table, ready to play
    assert window.document.path is None
    assert window.windowTitle() == "Untitled session[*] — Cardtable"


def test_file_open_refuses_a_hostile_file_and_keeps_the_session(
    qtbot: QtBot, tmp_path: Path, huge: Path, warnings: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    before = window.document.session
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", lambda *a, **k: (str(huge), "")
    )
    window.open_action.trigger()
    assert warnings == [REFUSAL]
    assert window.document.session is before


def test_a_hostile_recent_session_is_explained_on_the_welcome_screen(
    qtbot: QtBot, huge: Path
) -> None:
    dialog = WelcomeDialog(Settings(recent_files=[str(huge)]), rng_source=lambda: seeded(5))
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):
        dialog.show()
        dialog.activateWindow()
    dialog.recent.setCurrentRow(0)
    qtbot.mouseClick(dialog.open_recent_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and dialog.started is None
    assert dialog.error.isVisible() and dialog.error.text() == REFUSAL
