"""Every Alt letter in the main window does one thing: a test walks the menus and the panels.

A panel's mnemonic (the underlined letter of "&Push", of a field's label "Aiming to &Hit")
is a window-wide Alt shortcut. On a menu bar's letter it takes Alt+P from the Panels menu (or
neither fires); two in sight at once make Qt only move the focus between them. The walk takes
the menu bar's letters, then every button, tab, group box and field label with a mnemonic in
every dock, hidden ones too (a panel shows its forms one phase at a time), and every sheet
form of the demo's five systems.

Inside an open menu its entries' letters are a second, separate set: the walk of the menu bar
only took the menus' own letters, so File's "Open the &demo table" and "Print to P&DF…" both
on D went unseen. A third walk opens every menu (and submenu) and compares its entries.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pytestqt.qtbot import QtBot

from cardtable.session import CharacterId
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.sheets.editor import SheetEditor
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

#: The forms each system's sheet shows, one demo character each.
SHEETS = ("ottilie-marchbank", "kaneda-suzume", "wren-halloway", "bartholomew-quince",
          "captain-isolde-varga")


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, folder: None)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
    return window


def _key(text: str) -> str | None:
    sequence = QtGui.QKeySequence.mnemonic(text)
    return None if sequence.isEmpty() else sequence.toString()


def mnemonics(widget: QtWidgets.QWidget) -> list[tuple[str, str]]:
    """(Alt key, what) for each mnemonic ``widget`` carries."""
    found = []
    if isinstance(widget, QtWidgets.QAbstractButton):
        found.append((widget.text(), "button"))
    if isinstance(widget, QtWidgets.QLabel) and widget.buddy() is not None:
        found.append((widget.text(), "label"))
    if isinstance(widget, QtWidgets.QGroupBox):
        found.append((widget.title(), "group"))
    if isinstance(widget, QtWidgets.QTabBar):
        found += [(widget.tabText(i), "tab") for i in range(widget.count())]
    return [(key, f"{kind} {text.replace('&', '')!r}") for text, kind in found
            if (key := _key(text)) is not None]


def menu_letters(window: MainWindow) -> dict[str, str]:
    return {key: action.text().replace("&", "") for action in window.menuBar().actions()
            if (key := _key(action.text())) is not None}


def docks(window: MainWindow) -> dict[str, QtWidgets.QDockWidget]:
    return {**window.setup.docks, "hand": window.hand_dock}


def on_menu_letters(window: MainWindow) -> list[str]:
    """Every panel mnemonic, shown or not, on a menu bar's letter."""
    menus = menu_letters(window)
    return sorted(f"{name}: {what} takes {key} from the {menus[key]} menu"
                  for name, dock in docks(window).items()
                  for widget in dock.findChildren(QtWidgets.QWidget)
                  for key, what in mnemonics(widget) if key in menus)


def shared_in_sight(window: MainWindow) -> dict[str, list[str]]:
    """Mnemonics two widgets shown together in one dock share."""
    clashes: dict[str, list[str]] = {}
    for name, dock in docks(window).items():
        seen: dict[str, list[str]] = defaultdict(list)
        for widget in dock.findChildren(QtWidgets.QWidget):
            if widget.isVisibleTo(dock):
                for key, what in mnemonics(widget):
                    seen[key].append(what)
        clashes.update({f"{name} {key}": sorted(whats) for key, whats in seen.items()
                        if len(whats) > 1})
    return clashes


def test_no_panel_takes_a_menus_alt_letter_nor_shares_one_in_sight(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    menus = menu_letters(window)
    assert set(menus.values()) >= {"File", "Edit", "Panels", "Help"}
    editor = window.findChild(SheetEditor)
    assert editor is not None
    problems: list[str] = []
    clashes: dict[str, list[str]] = {}
    for character in SHEETS:  # each system's sheet form in turn
        editor.select(CharacterId(character))
        QtCore.QCoreApplication.processEvents()
        problems += on_menu_letters(window)
        clashes.update(shared_in_sight(window))
    assert sorted(set(problems)) == []
    assert clashes == {}


def test_the_walk_would_see_a_clash(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    conflict = window.setup.docks["conflict"]
    panel = conflict.widget()
    assert panel is not None
    extra = QtWidgets.QPushButton("&Help me", panel)
    extra.show()
    again = QtWidgets.QPushButton("Hel&p me too", panel)
    again.hide()
    assert set(on_menu_letters(window)) == {
        "conflict: button 'Help me' takes Alt+H from the Help menu",
        "conflict: button 'Help me too' takes Alt+P from the Panels menu"}
    shown = QtWidgets.QPushButton("&Call it off", panel)  # beside "&Challenge…"
    shown.show()
    assert shared_in_sight(window) == {
        "conflict Alt+C": ["button 'Call it off'", "button 'Challenge…'"]}


def menu_clashes(menu: QtWidgets.QMenu, path: str) -> list[str]:
    """Letters two entries of ``menu`` (or of one of its submenus) share.

    Inside an open menu the letter alone picks the entry; when two share it Qt only moves
    the highlight between them, so a player's Alt+F, D, Return opens whichever comes first.
    A menu filled as it opens (Table, Pass the computer to) is asked to fill itself first.
    """
    menu.aboutToShow.emit()
    seen: dict[str, list[str]] = defaultdict(list)
    found: list[str] = []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        if (key := _key(action.text())) is not None:
            seen[key].append(action.text().replace("&", ""))
        if (sub := action.menu()) is not None and isinstance(sub, QtWidgets.QMenu):
            found += menu_clashes(sub, f"{path} > {action.text().replace('&', '')}")
    found += [f"{path}: {key} for {', '.join(names)}" for key, names in seen.items()
              if len(names) > 1]
    return found


def test_no_two_entries_of_a_menu_share_a_letter(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    # Card art, the group's own decks and phones join the menus once the table is in sight.
    qtbot.waitUntil(lambda: any(action.text().replace("&", "") == "Play with phones…"
                                for action in window.table_menu.actions()), timeout=10_000)
    problems = [problem
                for action in window.menuBar().actions()
                if isinstance(menu := action.menu(), QtWidgets.QMenu)
                for problem in menu_clashes(menu, action.text().replace("&", ""))]
    assert problems == []


def test_the_menu_walk_would_see_a_clash(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.file_menu.addAction("&Quietly close")
    assert menu_clashes(window.file_menu, "File") == ["File: Alt+Q for Quit, Quietly close"]
