"""The main window: the felt, menus and status bar; files, undo labels, autosave recovery."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from autosave_rig import crash_while_autosaving
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot
from table_rig import CHALLENGE, TAROT_DRAW, top, turn_wheel

from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.session import Move, Note, load, recoverable_autosave, save
from cardtable.session.demo import demo_path
from cardtable.session.recovery import Recovery
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.felt import ZOOM_STEP, FeltView
from cardtable.ui.window.main_window import CANCEL, DISCARD, MainWindow


def _window(
    qtbot: QtBot,
    tmp_path: Path,
    path: Path | None = None,
    ask_recover: Callable[[Path], bool] | None = None,
) -> MainWindow:
    window = MainWindow(
        path, autosave_folder=tmp_path / "autosave", animation_ms=0, ask_recover=ask_recover
    )
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    return window


def _menu(window: MainWindow, title: str) -> QtWidgets.QMenu:
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == title:
            menu = action.menu()
            assert isinstance(menu, QtWidgets.QMenu)
            return menu
    raise AssertionError(f"no menu {title}")


def _entry(menu: QtWidgets.QMenu, text: str) -> QtGui.QAction:
    for action in menu.actions():
        if action.text().replace("&", "").startswith(text):
            return action
    raise AssertionError(f"no {text!r} in {[a.text() for a in menu.actions()]}")


def test_main_window_has_felt_menus_and_status_bar(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.show()
    assert window.windowTitle().startswith("Cardtable")
    assert isinstance(window.centralWidget(), FeltView)
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "Table", "View", "Seat", "Panels", "Help"]
    assert window.statusBar().currentMessage()
    assert window.felt is window.centralWidget()
    assert window.windowTitle() == "Untitled session[*] — Cardtable"


def test_the_window_paints_before_the_session_is_built(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    assert window._document is None  # nothing but the frame yet
    window.show()
    qtbot.waitUntil(lambda: bool(ready))
    assert ready == [window]
    assert len(window.document.session.players) == 4
    assert window.document.path is None  # the shipped demo is never saved over
    assert window.windowTitle() == "Demo table[*] — Cardtable"
    assert window.felt.zone("tarot/draw") is not None


def test_wheel_zooms_and_ctrl_0_fits(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    felt = window.felt
    qtbot.waitUntil(lambda: felt.viewport().width() > 800)
    start = felt.zoom_factor()
    for _ in range(5):  # five notches of the wheel away from the player: zoom in
        turn_wheel(felt.viewport(), 120)
    assert felt.zoom_factor() == pytest.approx(start * ZOOM_STEP**5)
    turn_wheel(felt.viewport(), -120)
    assert felt.zoom_factor() == pytest.approx(start * ZOOM_STEP**4)
    window.activateWindow()
    felt.setFocus()
    qtbot.waitUntil(felt.hasFocus)
    qtbot.keyClick(felt, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert felt.zoom_factor() < start * 1.9
    assert felt.mapToScene(felt.viewport().rect()).boundingRect().contains(QtCore.QPointF(0, 0))
    assert isinstance(felt.backgroundBrush(), QtGui.QBrush)


def test_undo_says_what_it_undoes_and_why_not_when_it_cannot(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    take_the_computer(qtbot, window)  # Dana, the GM
    session = window.document.session
    assert not window.undo_action.isEnabled()
    assert window.undo_action.toolTip() == "Nothing to undo yet."
    card = top(session, TAROT_DRAW)
    window.document.apply(Move((card,), CHALLENGE))
    assert window.undo_action.isEnabled()
    assert window.undo_action.text() == (
        "&Undo: Dana moved a card face down from The Tourist's Tarot: draw pile to the middle "
        "of the table"
    )
    window.undo_action.trigger()
    assert card in session.table.piles[TAROT_DRAW].cards and not session.table.piles[CHALLENGE]
    # The card came from the shuffled pile: redone, it would deal the same card again.
    assert not window.redo_action.isEnabled()
    assert window.redo_action.toolTip().startswith(
        "Nothing to redo: Dana moved a card face down from The Tourist's Tarot: draw pile to "
        "the middle of the table took chance"
    )
    card = top(session, TAROT_DRAW)
    window.document.apply(Move((card,), CHALLENGE))
    window.felt.card_actions.flip_cards([card])  # shown to the room: undo stops here
    assert not window.undo_action.isEnabled()
    assert "undo cannot hide them again" in window.undo_action.toolTip()


def test_a_refused_action_shows_its_reason_in_the_status_bar(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    take_the_computer(qtbot, window)  # Dana, the GM
    window.document.apply(Move((top(window.document.session, TAROT_DRAW),), PileId("shoe/draw")))
    assert "put it on its own deck's piles" in window.statusBar().currentMessage()


def test_save_and_open_round_trip_through_the_file_menu(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    take_the_computer(qtbot, window)  # Dana, the GM
    document = window.document
    card = top(document.session, TAROT_DRAW)
    document.apply(Move((card,), CHALLENGE))
    assert window.isWindowModified() or document.dirty
    target = tmp_path / "evening"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    _entry(_menu(window, "File"), "Save").trigger()
    saved = tmp_path / "evening.cardtable"
    assert saved.is_file() and document.path == saved and not document.dirty
    assert window.windowTitle() == "evening.cardtable[*] — Cardtable"
    assert load(saved).table.piles[CHALLENGE].cards == [card]
    _entry(_menu(window, "File"), "New session").trigger()
    assert document.session.players == [] and document.path is None
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", lambda *a, **k: (str(saved), SESSION)
    )
    _entry(_menu(window, "File"), "Open…").trigger()
    assert document.path == saved
    assert document.session.table.piles[CHALLENGE].cards == [card]
    assert window.felt.item(card) is not None


SESSION = "Cardtable sessions (*.cardtable)"


def test_a_bad_file_is_refused_and_the_session_stays(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    before = window.document.session
    bad = tmp_path / "broken.cardtable"
    bad.write_text('{"format_version": 1, "session": ', encoding="utf-8")
    warnings: list[str] = []
    monkeypatch.setattr(
        QtWidgets.QMessageBox, "warning", lambda _parent, _title, text, *a: warnings.append(text)
    )
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), SESSION)
    )
    _entry(_menu(window, "File"), "Open…").trigger()
    assert window.document.session is before
    assert len(warnings) == 1 and "broken.cardtable" in warnings[0]
    assert "\n" not in warnings[0]


def test_unsaved_changes_are_asked_about_before_they_are_lost(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    take_the_computer(qtbot, window)  # Dana, the GM
    document = window.document
    document.apply(Note("Bring snacks."))
    asked: list[str] = []

    def cancel() -> str:
        asked.append("?")
        return CANCEL

    window.ask_unsaved = cancel
    before = document.session
    window.open_demo()
    assert asked and document.session is before
    window.show()
    assert not window.close()  # cancelled
    window.ask_unsaved = lambda: DISCARD
    assert window.close()


def test_a_session_named_on_the_command_line_opens(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "night.cardtable"
    save(load(demo_path(), rng=seeded(1)), path)
    window = _window(qtbot, tmp_path, path)
    assert window.document.path == path
    assert window.windowTitle() == "night.cardtable[*] — Cardtable"


def test_a_crashed_session_is_offered_back_from_its_autosave(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    crashed = load(demo_path(), rng=seeded(1))
    crashed.apply(Note("The train is late."))
    crash_while_autosaving(folder, crashed, unsaved=1)  # another Cardtable, killed
    assert recoverable_autosave(folder) is not None
    offered: list[Recovery] = []

    def recover(recovery: Recovery) -> bool:
        offered.append(recovery)
        return True

    window = _window(qtbot, tmp_path, ask_recover=recover)
    session = window.document.session  # asked as the session is built
    assert [recovery.autosave.parent for recovery in offered] == [folder]
    assert offered[0].moves == 1
    assert session.log[-1].public == "Dana noted: The train is late."
    assert window.document.dirty and window.document.path is None
    window.close()
    assert recoverable_autosave(folder) is None  # a clean exit leaves nothing to recover


def test_a_declined_recovery_is_forgotten(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    crashed = load(demo_path(), rng=seeded(1))
    crashed.apply(Note("Lost."))
    crash_while_autosaving(folder, crashed, unsaved=1)
    window = _window(qtbot, tmp_path, ask_recover=lambda recovery: False)
    assert window.document.session.players == []
    assert recoverable_autosave(folder) is None


def test_export_writes_the_log_as_everyone_saw_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    target = tmp_path / "log"
    monkeypatch.setattr(
        QtWidgets.QFileDialog,
        "getSaveFileName",
        lambda *a, **k: (str(target), "Web page (*.html)"),
    )
    _entry(_menu(window, "File"), "Export the log").trigger()
    written = (tmp_path / "log.html").read_text(encoding="utf-8")
    assert "Session log" in written and "Dana" in written
    # Quince's starting hand was dealt privately: the export names no card of it.
    hand = window.document.session.table.piles[PileId("hand/bartholomew-quince")]
    for card in hand.cards:
        assert window.document.session.table.cards[card].face.name not in written


def test_panels_added_by_others_are_listed_in_the_panels_menu(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    dock = QtWidgets.QDockWidget("Dice tray")
    window.add_dock(dock, "&Dice tray")
    toggle = _entry(_menu(window, "Panels"), "Dice tray")
    assert toggle.isCheckable()
    assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert _entry(_menu(window, "Panels"), "Hand")


def test_the_toolbar_and_table_menu_carry_the_card_actions(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, demo_path())
    assert window.felt.card_actions  # the table is built
    table = _menu(window, "Table")
    for text, key in (
        ("Draw a card", "D"),
        ("Flip", "F"),
        ("Turn round", "R"),
        ("Shuffle pile", "S"),
        ("Discard", "Del"),
    ):
        action = _entry(table, text)
        assert action.shortcut().toString() == key
        assert action.toolTip()
    tools = [a.iconText() for a in window.toolbar.actions() if not a.isSeparator()]
    assert tools[:4] == ["Open", "Save", "Undo", "Redo"]
    assert {"Draw a card", "Flip", "Turn round", "Shuffle pile", "Pass the computer"} <= set(tools)
    window.pass_to_next()
    assert window.document.session.curtain == "alex"
    assert not window.curtain.isHidden()


def test_the_table_menu_greys_the_arrangements_as_it_opens_and_g_says_why(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from cardtable.ui.table.open_table import NO_CARDS

    window = _window(qtbot, tmp_path, demo_path())
    take_the_computer(qtbot, window)  # Dana, the GM
    window.show()
    qtbot.waitUntil(lambda: window.felt.card_actions is not None)
    felt = window.felt
    table = _menu(window, "Table")
    stack = _entry(table, "Gather into a stack")
    felt.scene().clearSelection()
    felt.setFocus()
    table.popup(felt.mapToGlobal(QtCore.QPoint(10, 10)))
    qtbot.waitUntil(table.isVisible)
    assert not stack.isEnabled() and stack.toolTip() == NO_CARDS
    table.close()
    window.activateWindow()
    felt.setFocus()
    qtbot.waitUntil(felt.hasFocus)
    # G with nothing chosen: the status bar says what to do.
    qtbot.keyClick(felt, Qt.Key.Key_G)
    assert window.statusBar().currentMessage().endswith(NO_CARDS)
    # A card of the open table clicked: the menu offers to gather its stack.
    assert felt.card_actions.draw_card(TAROT_DRAW, PileId("table"), face_up=True)
    card = next(i for i in felt.items_shown().values() if i.pile_id == "table")
    qtbot.mouseClick(
        felt.viewport(), Qt.MouseButton.LeftButton, pos=felt.mapFromScene(card.scenePos())
    )
    table.popup(felt.mapToGlobal(QtCore.QPoint(10, 10)))
    qtbot.waitUntil(table.isVisible)
    assert stack.isEnabled(), stack.toolTip()
    table.close()


def test_a_change_is_autosaved_a_moment_after_it_not_during_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The autosave copies the game state just after a change (so a drop paints first),
    once for a burst of changes, and a window closed straight after a change still saves it."""
    from cardtable.session import autosave as autosave_module

    copies: list[int] = []
    taken = autosave_module.Snapshot.of.__func__  # type: ignore[attr-defined]

    def counting(cls: type, session: object) -> object:
        copies.append(len(session.log))  # type: ignore[attr-defined]
        return taken(cls, session)

    monkeypatch.setattr(autosave_module.Snapshot, "of", classmethod(counting))
    window = _window(qtbot, tmp_path, demo_path())
    take_the_computer(qtbot, window)  # Dana, the GM
    window.document.apply(Note("The train is late."))
    window.document.apply(Note("The lamps go out."))
    assert copies == []  # nothing copied while the changes were made
    qtbot.waitUntil(lambda: copies != [], timeout=2000)
    assert copies == [len(window.document.session.log)]  # one copy, after both
    window.document.apply(Note("A whistle."))
    window.close()  # at once, before the copy was due
    assert copies[-1] == len(window.document.session.log)
    assert copies == [copies[0], copies[0] + 1]


def test_help_shows_the_keys_and_the_version(qtbot: QtBot, tmp_path: Path) -> None:
    from cardtable import __version__

    window = _window(qtbot, tmp_path, demo_path())
    take_the_computer(qtbot, window)  # Dana, the GM
    window.show()
    help_menu = _menu(window, "Help")
    seen: list[str] = []

    def read_and_close() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        assert isinstance(box, QtWidgets.QMessageBox)
        seen.append(box.text())
        box.accept()

    _entry(help_menu, "Keyboard").trigger()  # a page beside the table, not a modal box
    keys = window.findChild(QtWidgets.QDialog, "keysHelp")
    assert keys is not None and keys.isVisible()
    text = keys.findChild(QtWidgets.QTextBrowser).toPlainText()
    assert "Ctrl+0" in text and "Show every pile" in text
    QtCore.QTimer.singleShot(50, read_and_close)
    _entry(help_menu, "About Cardtable").trigger()
    assert f"Cardtable {__version__}" in seen[0]
