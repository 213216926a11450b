"""Help > Keyboard is read from the window: every action and shortcut with a key is listed,
and nothing else, with why a greyed one does nothing now."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.ui.qt import QtGui, QtWidgets
from cardtable.ui.window.keys_help import FELT_MOVES, KeysHelp
from cardtable.ui.window.main_window import MainWindow

NATIVE = QtGui.QKeySequence.SequenceFormat.NativeText


def _open_keys(qtbot: QtBot, window: MainWindow) -> KeysHelp:
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    entry = next(a for a in help_menu.actions() if a.text() == "&Keyboard")
    entry.trigger()
    box = window.findChild(KeysHelp, "keysHelp")
    assert isinstance(box, KeysHelp)
    qtbot.waitExposed(box)
    return box


def _tables(box: KeysHelp) -> list[list[list[str]]]:
    """The help's tables, each as rows of cell texts."""
    document = box.page.document()
    found = []
    for frame in document.rootFrame().childFrames():
        if isinstance(frame, QtGui.QTextTable):
            found.append(
                [
                    [
                        frame.cellAt(r, c).firstCursorPosition().block().text()
                        for c in range(frame.columns())
                    ]
                    for r in range(frame.rows())
                ]
            )
    return found


def _window_keys(window: MainWindow) -> list[str]:
    """Every key sequence the window listens to: its actions' and its enabled shortcuts'."""
    keys = []
    seen: set[int] = set()
    for action in window.findChildren(QtGui.QAction):
        if id(action) not in seen and not action.shortcut().isEmpty():
            seen.add(id(action))
            keys.append(" or ".join(s.toString(NATIVE) for s in action.shortcuts()))
    keys += [
        s.key().toString(NATIVE)
        for s in window.findChildren(QtGui.QShortcut)
        if s.isEnabled() and not s.key().isEmpty()
    ]
    return keys


def test_the_keyboard_help_lists_every_key_of_the_window_and_nothing_else(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = demo_window(qtbot, tmp_path)
    box = _open_keys(qtbot, window)
    keys, moves = _tables(box)
    header, *rows = keys
    assert header == ["Key", "Does", "Now"]
    assert sorted(r[0] for r in rows) == sorted(_window_keys(window))
    # The walk reaches the menus, the felt, the panels' entries and a panel's own shortcut.
    by_key = {r[0]: r for r in rows}
    assert by_key["Ctrl+Shift+P"][1] == "Hand the computer to the next seat, behind the curtain"
    assert by_key["F"][1] == "Turn the chosen cards face up or face down"
    assert by_key["Ctrl+1"][1].startswith("Bring the Dice tray to the front")
    assert by_key["Ctrl+Return"][1] == "in the Pool Challenge panel: play the next round"
    assert [r[0] for r in moves] == [keys for keys, _ in FELT_MOVES]


def test_a_greyed_key_says_why_and_a_new_action_joins_the_help(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = demo_window(qtbot, tmp_path)
    extra = QtGui.QAction("Something new", window)
    extra.setShortcut(QtGui.QKeySequence("Ctrl+Alt+J"))
    extra.setStatusTip("Does something new")
    window.addAction(extra)
    rows = {r[0]: r for r in _tables(_open_keys(qtbot, window))[0][1:]}
    assert rows["Ctrl+Alt+J"] == ["Ctrl+Alt+J", "Does something new", "ready"]
    # Nothing chosen on the felt: the model's reason greys Flip.
    assert rows["F"][2] == (
        "greyed: Choose a card first: click it, or move to it with the arrow keys."
    )
    assert rows["Ctrl+Z"][2] == "greyed: Nothing to undo yet."
    assert isinstance(window.findChild(QtWidgets.QDialog, "keysHelp"), KeysHelp)
