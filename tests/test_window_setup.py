"""Wiring the panels, settings and start-up choices into the main window."""

from __future__ import annotations

from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot

from cardtable.session import Reveal, load
from cardtable.session.demo import demo_path
from cardtable.settings import AnimationSpeed, Settings
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import HAND_HEIGHT, PANEL_KEYS, WindowSetup


@pytest.fixture
def stored() -> list[Settings]:
    return []


def _window(qtbot: QtBot, tmp_path: Path, settings: Settings, stored: list[Settings]) -> MainWindow:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(  # type: ignore[attr-defined]
        window, settings, store=lambda s, folder: stored.append(s)
    )
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # Dana, the GM
    return window


def test_every_panel_is_listed_with_its_shortcut(
    qtbot: QtBot, tmp_path: Path, stored: list[Settings]
) -> None:
    window = _window(qtbot, tmp_path, Settings(), stored)
    listed = {a.text(): a.shortcut().toString() for a in window.panels_menu.actions()}
    for text, keys in PANEL_KEYS.values():
        assert listed[text] == keys
    docks = window.findChildren(QtWidgets.QDockWidget)
    assert len(docks) == len(PANEL_KEYS) + 1  # and the hand
    file_entries = [a.text().replace("&", "") for a in window.file_menu.actions()]
    assert any(t.startswith("Print to PDF") for t in file_entries)
    assert any(t.startswith("Settings") for t in file_entries)
    assert any(t.startswith("New character") for t in file_entries)


def test_settings_colour_the_felt_and_set_the_animation(
    qtbot: QtBot, tmp_path: Path, stored: list[Settings]
) -> None:
    chosen = Settings(felt_colour="#7a1f2b", animation_speed=AnimationSpeed.OFF)
    window = _window(qtbot, tmp_path, chosen, stored)
    texture = window.felt.backgroundBrush().texture().toImage()
    red = texture.pixelColor(10, 10)
    assert red.red() > red.green() and red.red() > red.blue()
    window.setup.apply(Settings(felt_colour="#1f3d7a"))  # type: ignore[attr-defined]
    blue = window.felt.backgroundBrush().texture().toImage().pixelColor(10, 10)
    assert blue.blue() > blue.red()


def test_a_reveal_asks_first_unless_the_setting_is_off(
    qtbot: QtBot, tmp_path: Path, stored: list[Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path, Settings(confirm_reveal=True), stored)
    asked: list[str] = []
    answer = QtWidgets.QMessageBox.StandardButton.No

    def question(*args: object, **kwargs: object) -> QtWidgets.QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return answer

    monkeypatch.setattr(QtWidgets.QMessageBox, "question", question)
    applied: list[object] = []
    document = window.document
    real_apply = document.apply
    monkeypatch.setattr(
        document, "apply", lambda action: applied.append(action) or real_apply(action)
    )
    session = document.session
    face_down = [c for c, f in session.table.facing.items() if not f.face_up][:1]
    actions = window.felt.card_actions
    actions.reveal_cards([str(c) for c in face_down])
    assert asked and "Undo cannot hide" in asked[0]
    assert not any(isinstance(a, Reveal) for a in applied)
    window.setup.apply(Settings(confirm_reveal=False))  # type: ignore[attr-defined]
    asked.clear()
    actions.reveal_cards([str(c) for c in face_down])
    assert not asked


def test_opening_a_saved_session_adds_it_to_the_recent_files(
    qtbot: QtBot, tmp_path: Path, stored: list[Settings]
) -> None:
    window = _window(qtbot, tmp_path, Settings(), stored)
    saved = tmp_path / "evening.cardtable"
    saved.write_bytes(demo_path().read_bytes())
    window.document.replace(load(saved), saved)
    assert stored and stored[-1].recent_files[0] == str(saved)


def test_a_panel_shortcut_brings_a_panel_behind_another_tab_forward(
    qtbot: QtBot, tmp_path: Path, stored: list[Settings]
) -> None:
    window = _window(qtbot, tmp_path, Settings(), stored)
    tarot = window.setup.docks["tarot"]  # type: ignore[attr-defined]
    dice = window.setup.docks["dice"]  # type: ignore[attr-defined]
    entry = next(a for a in window.panels_menu.actions() if a.text() == "&Tarot Challenge")
    qtbot.waitUntil(lambda: not dice.visibleRegion().isEmpty())
    assert tarot.visibleRegion().isEmpty() and not entry.isChecked()  # behind the dice tab
    entry.trigger()  # Ctrl+2 (Qt's own toggle hid a panel that was open behind a tab)
    qtbot.waitUntil(lambda: not tarot.visibleRegion().isEmpty())
    assert not tarot.isHidden() and entry.isChecked() and dice.visibleRegion().isEmpty()
    entry.trigger()  # in front already: hidden
    assert tarot.isHidden() and not entry.isChecked()
    entry.trigger()
    assert not tarot.isHidden() and entry.isChecked()


def _unshown_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The window as the app makes it, 1280x800, not shown yet."""
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(  # type: ignore[attr-defined]
        window, Settings(), store=lambda s, folder: None
    )
    window.resize(1280, 800)
    return window


def test_the_session_is_shown_before_the_panels_are_built_and_the_felt_keeps_its_room(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _unshown_window(qtbot, tmp_path)
    shown: list[tuple[QtCore.QSize, int, list[str]]] = []

    class Watch(QtCore.QObject):
        """Notes, at the felt's first paint with the session, its size, the hand's height
        and the docks."""

        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if event.type() == QtCore.QEvent.Type.Paint and not shown:
                docks = sorted(d.objectName() for d in window.findChildren(QtWidgets.QDockWidget))
                shown.append((window.centralWidget().size(), window.hand_dock.height(), docks))
            return False

    watch = Watch()
    # The session comes in behind the curtain: its first sight is the curtain's paint.
    window.when_ready(lambda ready: ready.showing().installEventFilter(watch))
    window.show()
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    _size, _hand_height, docks = shown[0]
    # The session in place, and only room kept for the panels: none built yet (the felt
    # and the hand wait behind the curtain).
    assert window.felt.items_shown() and docks == ["handDock", "panelsPlace"]
    qtbot.waitUntil(lambda: window.findChild(QtWidgets.QDockWidget, "logDock") is not None)
    qtbot.waitUntil(lambda: window.findChild(QtWidgets.QDockWidget, "panelsPlace") is None)
    assert len(window.findChildren(QtWidgets.QDockWidget)) == len(PANEL_KEYS) + 1
    take_the_computer(qtbot, window)
    # Once the curtain lifts, the felt has the room and the hand its row.
    qtbot.waitUntil(lambda: window.hand_dock.height() == HAND_HEIGHT)
    assert window.felt.height() > 2 * HAND_HEIGHT
    assert window.felt.width() > window.width() // 2


def test_loaded_as_the_app_loads_it_the_first_paint_shows_the_session(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _unshown_window(qtbot, tmp_path)
    first: list[tuple[bool, bool, int, QtCore.QRect]] = []

    class Watch(QtCore.QObject):
        """Notes, at the first paint, whether it shows the session (the curtain it comes in
        behind), whether the felt behind it is built yet, the hand's height and the felt's
        room."""

        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if event.type() == QtCore.QEvent.Type.Paint and not first:
                felt = window.centralWidget()
                first.append(
                    (
                        watched is window.curtain,
                        isinstance(felt, TableView),
                        window.hand_dock.height(),
                        felt.geometry(),
                    )
                )
            return False

    watch = Watch()
    window.when_ready(lambda ready: ready.showing().installEventFilter(watch))
    window.show()
    window.load_now()  # as the app does, just after showing it
    qtbot.waitUntil(lambda: bool(first), timeout=10_000)
    curtain, built, hand_height, room = first[0]
    # The curtain alone is in sight: the felt and the hand behind it are built just after.
    assert (curtain, built, hand_height) == (True, False, HAND_HEIGHT)
    assert window.curtain.confirm.text() == "I am Dana"
    qtbot.waitUntil(lambda: isinstance(window.centralWidget(), TableView), timeout=10_000)
    # ...in the room the first paint laid out for them: nothing moves once they are there.
    assert window.felt.items_shown()
    assert window.felt.geometry() == room
    assert window.hand_dock.height() == HAND_HEIGHT


def test_the_phones_put_in_place_before_the_felt_keep_their_entry_in_the_table_menu(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _unshown_window(qtbot, tmp_path)
    # As a TV and phones ticked on the welcome screen does, once the session is in place:
    # behind the curtain, before the felt is built.
    window.when_ready(lambda ready: ready.phones)
    window.show()
    window.load_now()
    assert not isinstance(window.centralWidget(), TableView)
    qtbot.waitUntil(lambda: isinstance(window.centralWidget(), TableView), timeout=10_000)
    entries = window.table_menu.actions()
    assert "phonesAction" in [entry.objectName() for entry in entries]
    assert entries[0] is window.felt.card_actions.all()[0]  # the table's own entries first


def test_docks_tabbed_together_in_play_show_their_whole_titles(
    qtbot: QtBot, tmp_path: Path, stored: list[Settings]
) -> None:
    window = _window(qtbot, tmp_path, Settings(), stored)
    log = window.setup.docks["log"]  # type: ignore[attr-defined]
    window.tabifyDockWidget(window.hand_dock, log)  # the player drops the log on the hand

    def bottom_bar() -> QtWidgets.QTabBar | None:
        """The row of tabs the window made for the hand and the log."""
        return next(
            (
                bar
                for bar in window.findChildren(QtWidgets.QTabBar)
                if bar.parent() is window
                and bar.isVisible()
                and log.windowTitle() in [bar.tabText(i) for i in range(bar.count())]
            ),
            None,
        )

    qtbot.waitUntil(lambda: bottom_bar() is not None)
    bar = bottom_bar()
    assert bar is not None
    assert bar.elideMode() == QtCore.Qt.TextElideMode.ElideNone and bar.usesScrollButtons()
