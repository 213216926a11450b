"""A Fantastical Adventure character brought in during play, in the real window on the demo:
dealt its starting hand as it comes (Power sets it, ``rules/fantastical-adventure.md``), and
named under the Challenger list with what its sheet needs until it has a Strong and a Weak
Suit; then it is offered as a Challenger like the others."""

from __future__ import annotations

from pathlib import Path

from attrs import evolve
from demo_window_rig import demo_window, shown_panel
from pytestqt.qtbot import QtBot

from cardtable.piles import PileId
from cardtable.session import CharacterId, EditSheet
from cardtable.sheets import AdventureSheet
from cardtable.sheets.adventure import Power, Suit
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.qt import Qt, QtCore
from cardtable.ui.sheets.new_character import NewCharacterDialog
from cardtable.ui.window.main_window import MainWindow

BRANNOC = CharacterId("sir-brannoc")


def bring_in_brannoc(qtbot: QtBot, window: MainWindow) -> None:
    """Dana (the GM) brings in Sir Brannoc, a Fantastical Adventure character of hers."""
    dialog = NewCharacterDialog(window.document, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, "Sir Brannoc")
    dialog.system.setFocus()
    while dialog.system.currentData() != "adventure":
        qtbot.keyClick(dialog.system, Qt.Key.Key_Down)
    assert dialog.hand.isChecked()
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert dialog.created == BRANNOC


def test_a_newcomer_is_dealt_its_hand_and_told_what_its_sheet_needs(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1600, 1000))
    session = window.document.session
    panel = shown_panel(qtbot, window, "conflict", ConflictPanel)
    assert not panel.challenge_box.sitting_out.isVisible()  # everyone at the demo can play
    bring_in_brannoc(qtbot, window)
    assert len(session.table.piles[PileId("hand/sir-brannoc")].cards) == 3  # Ordinary: 3
    note = panel.challenge_box.sitting_out
    assert note.isVisible()
    assert note.text() == (
        "Sir Brannoc: choose a Strong Suit and a Weak Suit on the sheet to take part"
    )
    offered = [panel.challenger.itemData(i) for i in range(panel.challenger.count())]
    assert BRANNOC not in offered
    sheet = session.state.characters[BRANNOC].sheet
    assert isinstance(sheet, AdventureSheet)
    ready = evolve(sheet, strong=Suit.SPADES, weak=Suit.HEARTS, power=Power.EXTRAORDINARY)
    assert window.document.apply(EditSheet(BRANNOC, ready))
    assert not note.isVisible()
    offered = [panel.challenger.itemData(i) for i in range(panel.challenger.count())]
    assert BRANNOC in offered


def test_a_newcomer_with_no_hand_is_dealt_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1600, 1000))
    dialog = NewCharacterDialog(window.document, window)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "The Jungle")
    dialog.system.setCurrentIndex(dialog.system.findData("adventure"))
    dialog.hand.setChecked(False)  # an environment: it draws from the shoe when it must
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert PileId("hand/the-jungle") not in window.document.session.table.piles
