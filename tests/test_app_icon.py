"""The app's icon: given once the window shows its session, not before its first sight."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.ui.app import icon_once_shown, show_icon
from cardtable.ui.qt import QtGui, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow


def _app() -> QtWidgets.QApplication:
    app = QtWidgets.QApplication.instance()
    assert isinstance(app, QtWidgets.QApplication)
    return app


def test_the_icon_comes_once_the_window_has_painted_its_session(
    qtbot: QtBot, tmp_path: Path
) -> None:
    app = _app()
    app.setWindowIcon(QtGui.QIcon())
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    loaded: list[bool] = []
    icon_once_shown(app, window)
    window.when_ready(lambda ready: loaded.append(app.windowIcon().isNull()))
    window.show()
    qtbot.waitUntil(lambda: not app.windowIcon().isNull(), timeout=10_000)
    assert loaded == [True]  # the session was in place, the icon not yet
    assert not window.windowIcon().isNull()  # the windows have it


def test_show_icon_gives_the_app_cardtable_s_icon() -> None:
    app = _app()
    app.setWindowIcon(QtGui.QIcon())
    show_icon(app)
    assert not app.windowIcon().isNull()
