"""The Banzai sheet and the rolls started from it: conditions written on the form and counted
by the next roll; the sheet editor's Roll menu."""

from __future__ import annotations

from dice_evening_rig import BOB, JO, LEO, dice_table, take_seat
from pytestqt.qtbot import QtBot

from cardtable.sheets import BanzaiSheet, CarriedCondition, Element
from cardtable.steps.banzai.picks import RollPick, TargetPick, explain
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt
from cardtable.ui.sheets.editor import CRISIS_ROLL, SheetEditor
from cardtable.ui.sheets.forms.banzai import BanzaiForm


def test_a_condition_written_on_the_sheet_weighs_on_the_next_roll(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, BOB)
    editor = SheetEditor(SessionDocument(session))
    qtbot.addWidget(editor)
    editor.show()
    editor.select(JO)  # type: ignore[arg-type]
    form = editor.form
    assert isinstance(form, BanzaiForm) and form.conditions.adder is not None
    adder = form.conditions.adder
    qtbot.keyClicks(adder.line, "moonlight")
    assert not adder.button.isEnabled()  # darkness is around a roll, not carried
    adder.line.clear()
    qtbot.keyClicks(adder.line, "Major sickness")
    qtbot.keyClick(adder.line, Qt.Key.Key_Return)
    sheet = session.state.characters[JO].sheet  # type: ignore[index]
    assert isinstance(sheet, BanzaiSheet)
    assert sheet.conditions == (CarriedCondition("major sickness"),)
    pick = RollPick(JO, "Kenjutsu", Element.FIRE, TargetPick.typed(10))
    assert "major sickness: Hard, -2k0" in explain(pick, session.state)
    assert str(pick.setup(session.state).pool) == "3k3"


def test_the_sheets_roll_menu_offers_its_skills_or_a_challenge(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, BOB)
    editor = SheetEditor(SessionDocument(session))
    qtbot.addWidget(editor)
    editor.show()
    asked: list[tuple[str, str]] = []
    editor.roll_asked.connect(lambda character, what: asked.append((character, what)))
    editor.select(JO)  # type: ignore[arg-type]
    assert editor.roll_button.isVisible()
    editor.roll_menu.aboutToShow.emit()
    assert [a.text() for a in editor.roll_menu.actions()] == [
        "Kenjutsu 5", "Hunting 6", "An Element roll (XkX)"]
    editor.roll_menu.actions()[1].trigger()
    editor.select(LEO)  # type: ignore[arg-type]
    editor.roll_menu.aboutToShow.emit()
    editor.roll_menu.actions()[0].trigger()
    assert asked == [(JO, "Hunting"), (LEO, CRISIS_ROLL)]


def test_only_the_characters_player_starts_its_roll_from_the_sheet(qtbot: QtBot) -> None:
    session = dice_table()  # Gina, the GM, holds the computer; Jo is Bob's
    editor = SheetEditor(SessionDocument(session))
    qtbot.addWidget(editor)
    editor.show()
    asked: list[tuple[str, str]] = []
    editor.roll_asked.connect(lambda character, what: asked.append((character, what)))
    editor.select(JO)  # type: ignore[arg-type]
    editor.roll_menu.aboutToShow.emit()
    entries = editor.roll_menu.actions()
    assert [a.isEnabled() for a in entries] == [False, False, False]
    assert {a.toolTip() for a in entries} == {
        "Tachibana Jo is Bob's character: only Bob may roll for Tachibana Jo."}
    entries[0].trigger()
    assert asked == []
