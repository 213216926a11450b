"""The log keeps up with the table: a key press's line is laid out at the end of the log
before the paint that shows the change, in the real main window."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.piles import PileId
from cardtable.session import Note
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.table.cards.look import TableCard
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.table.log_panel import TEXT_COLUMN, LogPanel
from cardtable.ui.window.main_window import MainWindow

TAROT_DRAW = PileId("tarot/draw")


def _log_in_front(qtbot: QtBot, window: MainWindow) -> LogPanel:
    dock = window.findChild(QtWidgets.QDockWidget, "logDock")
    assert dock is not None
    dock.show()
    dock.raise_()
    panel = dock.widget()
    assert isinstance(panel, LogPanel)
    qtbot.waitUntil(panel.view.isVisible)
    return panel


def _a_face_up_card(window: MainWindow) -> TableCard:
    """The tarot deck's top card, drawn face up onto the open table (through the felt)."""
    felt = window.felt
    assert felt.card_actions.draw_card(TAROT_DRAW, OPEN_TABLE, face_up=True)
    [drawn] = window.document.session.table.piles[OPEN_TABLE].cards
    item = felt.item(drawn)
    assert isinstance(item, TableCard) and item.face_up
    return item


def test_a_key_press_lays_its_line_out_at_the_end_of_the_log_before_the_next_paint(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = demo_window(qtbot, tmp_path)
    for number in range(300):  # more lines than the log shows at once
        window.document.session.apply(Note(f"Line {number}: the caravan rolls on."))
    panel = _log_in_front(qtbot, window)
    view, model = panel.view, panel.model
    felt = window.felt
    item = _a_face_up_card(window)
    felt.focus_on(item)
    bar = view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    rows = model.rowCount()
    turned = window.document.session.table.facing[item.card_id].reversed

    qtbot.keyClick(felt, Qt.Key.Key_R)  # a real key event: the felt's shortcut turns it round

    assert window.document.session.table.facing[item.card_id].reversed != turned
    assert model.rowCount() == rows + 1
    # Nothing has run since the key press: the paint that comes next shows the new line,
    # whole, at the bottom of the log, as the newest.
    newest = model.index(rows, TEXT_COLUMN)
    assert view.viewport().rect().contains(view.visualRect(newest))
    assert bar.value() == bar.maximum()
    assert "round" in panel.lines[-1] or "revers" in panel.lines[-1], panel.lines[-1]
    qtbot.wait(100)  # and once the window has caught up, it is still the newest in sight
    assert view.viewport().rect().contains(view.visualRect(newest))
    assert bar.value() == bar.maximum()
    assert view.rowAt(view.viewport().height() - 1) in (rows, -1)
