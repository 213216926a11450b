"""A character sheet in the real window, once the GM has renamed tarot cards in Table > Decks >
Edit the tarot…: a Sleeve Card shows the group's name, takes the group's name or the rules'
name typed in (the sheet keeping the rules' name, so it means the same card at any table), and
a name that is neither is refused in the session's own names."""

from __future__ import annotations

from pathlib import Path

import pytest
from demo_window_rig import shown_panel
from pytestqt.qtbot import QtBot
from tarot_editor_rig import play_with_edits, tarot_window

from cardtable.session import CharacterId
from cardtable.sheets import TarotSheet
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.editor import SheetEditor
from cardtable.ui.sheets.forms.tarot import TarotForm

pytestmark = pytest.mark.usefixtures("tarot_decks_folder")
OTTILIE = CharacterId("ottilie-marchbank")  # her Sleeve: the Sage of Serpent, Triumph XIV
#: The group's own names for three cards, as the GM types them in the tarot editor.
RENAMED = [
    (rules, "title", ours)
    for rules, ours in (
        ("Sage of Serpent", "The Old Snake"),
        ("Soldier of Paper", "The Paper Hound"),
        ("Triumph XIV", "The Long Night"),
    )
]


def test_a_sleeve_card_goes_by_the_groups_name_on_the_sheet_form(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = tarot_window(qtbot, tmp_path)
    session = window.document.session
    editor = shown_panel(qtbot, window, "sheets", SheetEditor)
    editor.select(OTTILIE)
    assert isinstance(editor.form, TarotForm)
    assert editor.form.sleeve.adder is not None
    assert editor.form.sleeve.adder.line.placeholderText() == "New Sleeve Card, like “Triumph XIV”…"
    # The GM renames cards while the sheet is open: it shows the new names at once.
    play_with_edits(qtbot, window, RENAMED)
    form = editor.form
    assert isinstance(form, TarotForm)
    first, second = (f.editor for f in form.fields if f.path[::2] == ("sleeve", "card"))
    assert isinstance(first, QtWidgets.QLineEdit) and isinstance(second, QtWidgets.QLineEdit)
    assert (first.text(), second.text()) == ("The Old Snake", "The Long Night")

    def sleeve() -> list[str]:
        sheet = session.state.character(OTTILIE).sheet
        assert isinstance(sheet, TarotSheet)
        return [kept.card for kept in sheet.sleeve]

    def type_over(text: str) -> None:
        """Type ``text`` over the first Sleeve Card and press Enter."""
        first.setFocus()
        first.selectAll()
        qtbot.keyClicks(first, text)
        qtbot.keyClick(first, Qt.Key.Key_Return)

    # The group's name, in any case: the sheet keeps the rules' name; the log says the group's.
    type_over("the paper  HOUND")
    assert sleeve() == ["Soldier of Paper", "Triumph XIV"]
    assert first.text() == "The Paper Hound"
    assert session.log[-1].public.endswith("Sleeve Card 1 to The Paper Hound")
    # The rules' name of a renamed card is taken too, and shown as the group calls it.
    type_over("Sage of Serpent")
    assert sleeve() == ["Sage of Serpent", "Triumph XIV"]
    assert first.text() == "The Old Snake"
    # Neither: refused, in the session's names, and nothing is lost.
    type_over("Old Snek")
    assert form.problem_messages() == [
        "Sleeve Card 1 ('Old Snek') names no card of the Tourist's Tarot: write it like "
        "'The Paper Hound' or 'The Long Night' (or by the rules' name, like 'Soldier of Paper')."
    ]
    assert sleeve() == ["Sage of Serpent", "Triumph XIV"]
    qtbot.keyClick(first, Qt.Key.Key_Escape)
    assert first.text() == "The Old Snake" and form.problem_messages() == []
    # A new Sleeve Card typed by the group's name.
    adder = form.sleeve.adder
    assert adder is not None
    assert adder.line.placeholderText() == "New Sleeve Card, like “The Long Night”…"
    qtbot.keyClicks(adder.line, "The Paper Hound")
    qtbot.keyClick(adder.line, Qt.Key.Key_Return)
    assert sleeve() == ["Sage of Serpent", "Triumph XIV", "Soldier of Paper"]
