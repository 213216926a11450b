"""The felt's context menus in the real main window, opened with a real right-click: the open
table (most of the felt) offers what the bare felt offers, "Banzai roll for" among it, and
"Move to" names each pile once."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.window.main_window import MainWindow


def right_click_menu(qtbot: QtBot, window: MainWindow, scene: QtCore.QPointF) -> list[str]:
    """Right-click the felt at ``scene``; the entries of the menu that opens (and of its
    submenus, as ``menu > entry``), the menu closed again."""
    felt = window.felt
    felt.centerOn(scene)
    point = felt.mapFromScene(scene)
    assert felt.viewport().rect().contains(point)
    seen: list[str] = []

    def read_and_close() -> None:
        menu = QtWidgets.QApplication.activePopupWidget()
        if not isinstance(menu, QtWidgets.QMenu):
            QtCore.QTimer.singleShot(20, read_and_close)
            return
        for action in menu.actions():
            if action.isSeparator():
                continue
            seen.append(action.text())
            sub = action.menu()
            if sub is not None:
                seen.extend(f"{action.text()} > {a.text()}" for a in sub.actions())
        menu.close()

    QtCore.QTimer.singleShot(20, read_and_close)
    # What a right-click there sends (QTest's clicks make no context-menu event).
    event = QtGui.QContextMenuEvent(
        QtGui.QContextMenuEvent.Reason.Mouse, point, felt.viewport().mapToGlobal(point)
    )
    QtWidgets.QApplication.sendEvent(felt.viewport(), event)
    qtbot.waitUntil(lambda: bool(seen))
    return seen


def test_right_clicking_the_open_table_offers_a_banzai_roll(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1400, 900))
    zone = window.felt.zone(str(OPEN_TABLE))
    assert zone is not None
    # A point of the open table with no card on it.
    spec = zone.spec
    empty = QtCore.QPointF(spec.x + spec.width - 60, spec.y + spec.height - 60)
    assert not any(item.sceneBoundingRect().contains(empty) for item in window.felt.card_items())
    entries = right_click_menu(qtbot, window, empty)
    assert "&Banzai roll for" in entries
    assert "&Banzai roll for > Kaneda Suzume…" in entries
    assert "Fit the table to the window" in entries


def test_move_to_names_the_open_table_once(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1400, 900))
    session = window.document.session
    draw = session.table.piles[next(p for p in session.table.piles if p == "tarot/draw")]
    card = window.felt.item(draw.cards[-1])
    assert card is not None
    entries = right_click_menu(qtbot, window, card.sceneBoundingRect().center())
    moves = [e.split(" > ", 1)[1] for e in entries if e.startswith("&Move to > ")]
    assert moves.count("The open table") == 1
    assert len(moves) == len(set(moves)), moves
