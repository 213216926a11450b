"""Driving the tarot editor as a player does: the real window, its Table > Decks menu, typing
in a card's cell.

Import as ``from tarot_editor_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable
from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.cards import TarotCard
from cardtable.piles import PileId
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.table.cards.preview import CardPreview
from cardtable.ui.tarot_editor.dialog import TarotEditor
from cardtable.ui.tarot_editor.words import COLUMNS, WordsTable
from cardtable.ui.window.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
DRAW = PileId("tarot/draw")


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


def stack_on_draw(window: MainWindow, name: str, reversed_: bool) -> None:
    """Put the card the rules call ``name`` on top of the tarot draw pile, upright or
    reversed."""
    from attrs import evolve

    table = window.document.session.table
    face = TarotCard.from_name(name)
    card = next(c for c in table.pile(DRAW).cards if table.card(c).face == face)
    table.facing[card] = evolve(table.facing[card], reversed=reversed_)
    table.move([card], DRAW)


def sleeve_lines(pdf: Path) -> list[str]:
    """The lines of the first sheet's Sleeve Cards, as pdftotext reads them (the left
    column's last word, "permanent", is read out among them and left out here)."""
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    lines = text[text.index("SLEEVE CARDS") : text.index("NOTES")].split("\n")[1:]
    return [line for line in lines if line not in ("", "permanent")]


def lay_on_felt(window: MainWindow, name: str) -> str:
    """Draw the card the rules call ``name`` face up, upright, onto the open table; its id."""
    from cardtable.ui.table.layout import OPEN_TABLE

    stack_on_draw(window, name, False)
    assert window.felt.card_actions.draw_card(DRAW, OPEN_TABLE, face_up=True)
    return str(window.document.session.table.piles[OPEN_TABLE].cards[-1])


def play_with_edits(
    qtbot: QtBot, window: MainWindow, edits: Iterable[tuple[str, str, str]]
) -> None:
    """In the editor, type each (card, column, text) of ``edits``, save the words as "Noir
    words" and play the session with them."""
    editor = open_editor(qtbot, window)
    for card, what, text in edits:
        type_in(qtbot, editor.table, card, what, text)
    assert editor.message.text() == ""
    qtbot.keyClicks(editor.name, "Noir words")
    qtbot.mouseClick(editor.save_as_button, LEFT)
    qtbot.mouseClick(editor.play_button, LEFT)
    editor.close()


def hover_preview(qtbot: QtBot, window: MainWindow, card: str) -> CardPreview:
    """Rest the pointer on ``card`` on the felt until its preview shows; the preview."""
    from table_rig import at

    view = window.felt
    item = view.item(card)
    view.centerOn(item)
    qtbot.mouseMove(view.viewport(), QtCore.QPoint(2, 2))
    qtbot.mouseMove(view.viewport(), at(view, item.sceneBoundingRect().center()))
    qtbot.waitUntil(view.preview.isVisible, timeout=2000)
    return view.preview
