"""Flashback (1 Author token) may add a Bond or an Ambition, not only Advantage
(``rules/fantastical-adventure.md``, Author Powers), chosen in the power's dialog."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from test_conflict_panel import BART, demo_with_cast
from test_table_options_ui import choose
from test_token_panel import applaud, lines, ok, seat

from cardtable.randomness import seeded
from cardtable.resolvers.adventure.tokens import AuthorPower
from cardtable.sheets.adventure import AdventureSheet
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.tokens.panel import TokenPanel
from cardtable.ui.qt import Qt


def _panel(qtbot: QtBot) -> TokenPanel:
    session = demo_with_cast()
    session.rng = seeded(4)
    panel = TokenPanel(SessionDocument(session))
    qtbot.addWidget(panel)
    panel.show()
    qtbot.mouseClick(panel.start, Qt.MouseButton.LeftButton)
    return panel


def _sheet(panel: TokenPanel, character: str) -> AdventureSheet:
    found = panel.document.session.characters[character].sheet
    assert isinstance(found, AdventureSheet)
    return found


def _flashback(qtbot: QtBot, panel: TokenPanel, text: str):
    applaud(panel, "bea", 1)
    seat(panel.document, "bea")
    qtbot.mouseClick(panel.power_buttons[AuthorPower.FLASHBACK], Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    assert dialog is not None and dialog.character.currentData() == BART
    qtbot.keyClicks(dialog.text, text)
    return dialog


def test_a_flashback_adds_a_bond_written_on_the_sheet(qtbot: QtBot) -> None:
    panel = _panel(qtbot)
    dialog = _flashback(qtbot, panel, "Mirela pulled him out of the harbour, years ago")
    choose(qtbot, dialog.adds, "a Bond")
    assert dialog.bond_with.isVisible() and not dialog.ambition.isVisible()
    assert BART not in [dialog.bond_with.itemData(i) for i in range(dialog.bond_with.count())]
    choose(qtbot, dialog.bond_with, "Mirela Vosk")
    qtbot.keyClicks(dialog.nature, "Owes her his life")
    before = len(_sheet(panel, BART).bonds)
    ok(dialog)
    assert lines(panel.document, 1) == [
        "Bea spent 1 Author token on Flashback: Mirela pulled him out of the harbour, years "
        "ago; Bartholomew Quince takes on a Bond with Mirela Vosk (Owes her his life)"
    ]
    bonds = _sheet(panel, BART).bonds
    assert len(bonds) == before + 1
    assert (bonds[-1].character, bonds[-1].nature) == ("Mirela Vosk", "Owes her his life")


def test_a_flashback_adds_a_short_term_ambition_serving_a_long_term_one(qtbot: QtBot) -> None:
    panel = _panel(qtbot)
    sheet = _sheet(panel, BART)
    long_term = sheet.ambitions[0].long_term
    dialog = _flashback(qtbot, panel, "He once sailed under the archipelago's smuggler flag")
    choose(qtbot, dialog.adds, "a short-term Ambition")
    assert dialog.serves.isVisible() and dialog.serves.currentText() == long_term
    qtbot.keyClicks(dialog.ambition, "Find the smugglers' old charts")
    ok(dialog)
    assert lines(panel.document, 1)[0].endswith(
        "Bartholomew Quince takes on the Ambition \"Find the smugglers' old charts\"")
    ambition = next(a for a in _sheet(panel, BART).ambitions if a.long_term == long_term)
    assert "Find the smugglers' old charts" in ambition.short_term
