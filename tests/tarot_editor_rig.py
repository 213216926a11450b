"""Driving the tarot editor as a player does: the real window, its Table > Decks menu, typing
in a card's cell.

Import as ``from tarot_editor_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.tarot_editor.dialog import TarotEditor
from cardtable.ui.tarot_editor.words import COLUMNS, WordsTable
from cardtable.ui.window.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton


def tarot_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The demo in the real main window (Dana, the GM, at the computer), its menus in."""
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1280, 800))
    qtbot.waitUntil(lambda: hasattr(window, "decks_menu"), timeout=10_000)
    return window


def open_editor(qtbot: QtBot, window: MainWindow) -> TarotEditor:
    """Table > Decks > Edit the tarot…, as the GM chooses it."""
    menu = window.decks_menu
    menu.aboutToShow.emit()
    assert menu.edit_tarot.isEnabled(), menu.edit_tarot.toolTip()
    menu.edit_tarot.trigger()
    editor = menu.editor
    assert editor is not None
    qtbot.waitExposed(editor)
    return editor


def type_in(qtbot: QtBot, table: WordsTable, card: str, what: str, text: str) -> None:
    """Double-click card ``card``'s ``what`` cell, type ``text`` over it and press Enter."""
    column = next(i for i, (key, _) in enumerate(COLUMNS) if key == what)
    item = table.item(table.row_of(card), column)
    table.scrollToItem(item)
    point = table.visualItemRect(item).center()
    qtbot.mouseClick(table.viewport(), LEFT, pos=point)
    qtbot.mouseDClick(table.viewport(), LEFT, pos=point)
    editors = [e for e in table.viewport().findChildren(QtWidgets.QLineEdit) if e.isVisible()]
    assert len(editors) == 1, "the cell opened no editor"
    editor = editors[0]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QtCore.QCoreApplication.processEvents()
    # The closed editor goes once the event loop has deleted it.
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
