"""Every key sequence in the main window does one thing: a test walks all its shortcuts.

Two window-wide shortcuts on one key sequence make Qt fire neither (Ctrl+Shift+P was once
both "Print to PDF" and "Pass to the next player"). The walk takes every action, every
``QShortcut`` and every button with a shortcut in the window with the demo session and every
panel loaded, and groups them by where they listen: window-wide ones share one space, a
shortcut bound to a widget (and its children) only that widget's.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

NATIVE = QtGui.QKeySequence.SequenceFormat.PortableText
WINDOW_WIDE = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(
        window, Settings(), store=lambda s, folder: None
    )
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    # The felt shown while the session loads is gone once the table replaces it.
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
    return window


def _name(thing: QtCore.QObject) -> str:
    if isinstance(thing, QtGui.QAction):
        return thing.text().replace("&", "") or thing.objectName() or "an action"
    if isinstance(thing, QtWidgets.QAbstractButton):
        return f"button {thing.text().replace('&', '')!r}"
    return f"shortcut on {type(thing.parent()).__name__}"


def _listeners(window: MainWindow) -> dict[tuple[str, int], list[str]]:
    """Every shortcut of the window, keyed by (sequence, the space it listens in)."""
    found: dict[tuple[str, int], list[str]] = defaultdict(list)

    def add(sequences: list[QtGui.QKeySequence], context: Qt.ShortcutContext,
            owner: QtCore.QObject | None, thing: QtCore.QObject) -> None:
        space = 0 if context in WINDOW_WIDE or owner is None else id(owner)
        for sequence in sequences:
            if not sequence.isEmpty():
                found[(sequence.toString(NATIVE), space)].append(_name(thing))

    seen: set[int] = set()
    for action in window.findChildren(QtGui.QAction):
        if id(action) in seen:
            continue
        seen.add(id(action))
        # An action listens where it is added: a window-wide one once, however many menus.
        owners = [w for w in action.associatedObjects() if isinstance(w, QtWidgets.QWidget)
                  and not isinstance(w, (QtWidgets.QMenu, QtWidgets.QToolBar))]
        owner = owners[0] if owners else action.parent()
        add(action.shortcuts(), action.shortcutContext(), owner, action)
    for shortcut in window.findChildren(QtGui.QShortcut):
        if shortcut.isEnabled():
            add(shortcut.keys(), shortcut.context(), shortcut.parent(), shortcut)
    for button in window.findChildren(QtWidgets.QAbstractButton):
        # A button's own shortcut is window-wide (Qt offers no narrower one for it). Its
        # mnemonic (Alt+ the underlined letter) is not counted: Qt moves the focus between
        # buttons that share one, which is what a mnemonic is for.
        if button.shortcut() != QtGui.QKeySequence.mnemonic(button.text()):
            add([button.shortcut()], Qt.ShortcutContext.WindowShortcut, None, button)
    return found


def test_no_two_window_shortcuts_share_a_key_sequence(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    found = _listeners(window)
    # The walk reaches the menus, the panels and the felt.
    sequences = {keys for keys, _ in found}
    assert {"Ctrl+Z", "Ctrl+0", "Ctrl+1", "Ctrl+Shift+P", "Ctrl+B"} <= sequences
    clashes = {keys: names for (keys, _), names in found.items() if len(names) > 1}
    assert clashes == {}


def test_the_walk_would_see_a_clash(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    extra = QtGui.QAction("Something new", window)
    extra.setShortcut(QtGui.QKeySequence("Ctrl+0"))
    window.addAction(extra)
    clashes = {keys: names for (keys, _), names in _listeners(window).items() if len(names) > 1}
    assert clashes == {"Ctrl+0": ["Fit the table to the window", "Something new"]}


def test_pass_to_the_next_player_and_print_to_pdf_each_have_their_own_keys(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    by_text = {a.text().replace("&", ""): a.shortcut().toString()
               for a in window.findChildren(QtGui.QAction)}
    assert by_text["Pass to the next player"] == "Ctrl+Shift+P"
    assert by_text["Print to PDF…"] == "Ctrl+Alt+P"
