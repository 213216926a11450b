"""The Banzai panel's roll set-up, with clicks and keys: the Skill a sheet holds is the roll's
default, a flat modifier is added to the kept dice, and a task lies any number of steps
beyond Legendary or Mundane, in the panel and in the dice tray's Banzai difficulty."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window, shown_panel
from dice_evening_rig import _CHARACTERS, _PLAYERS, BOB, JO, SHEETS, ScriptedRng, take_seat
from pytestqt.qtbot import QtBot

from cardtable.dice import Expression, p_success
from cardtable.randomness import seeded
from cardtable.resolvers.banzai.steps import Step, most_steps_beyond
from cardtable.session import EditSheet, Session
from cardtable.session.new_session import NewSessionPlan, build_session
from cardtable.sheets import Element
from cardtable.steps.banzai import roll as banzai
from cardtable.steps.banzai.picks import RollPick, TargetPick, raise_odds
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.banzai.panel import BanzaiPanel
from cardtable.ui.panels.banzai.task_step import BEYOND_LEGENDARY, BEYOND_MUNDANE
from cardtable.ui.panels.dice.tray import DiceTray
from cardtable.ui.qt import Qt, QtCore, QtWidgets

LEFT = Qt.MouseButton.LeftButton


def open_panel(qtbot: QtBot, document: SessionDocument) -> BanzaiPanel:
    panel = BanzaiPanel(document)
    qtbot.addWidget(panel)
    panel.resize(420, 1600)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def type_into(qtbot: QtBot, widget: QtWidgets.QAbstractSpinBox, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Tab)


def choose(qtbot: QtBot, combo: QtWidgets.QComboBox, data: object) -> None:
    """Choose the entry holding ``data`` with the keyboard, as a player would."""
    index = combo.findData(data)
    assert index >= 0, f"{data} is not offered"
    combo.setFocus()
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def blank_table() -> Session:
    """The dice table with its sheets not written yet; Bob (Jo's player) at the computer."""
    session = build_session(
        NewSessionPlan(systems=("banzai", "crisis"), players=_PLAYERS, characters=_CHARACTERS),
        seeded(3),
    )
    take_seat(session, BOB)
    return session


def test_a_skill_written_on_the_sheet_becomes_the_rolls_default(qtbot: QtBot) -> None:
    document = SessionDocument(blank_table())
    panel = open_panel(qtbot, document)
    who = panel.roll.form.who
    assert who.character.currentData() == JO
    assert who.skill.currentText() == "Element roll (XkX)"  # all a blank sheet offers
    assert document.apply(EditSheet(JO, SHEETS[JO]))
    assert who.skill.currentData() == "Kenjutsu"
    assert panel.roll.line_texts()[0] == "Kenjutsu 5 + Fire 3: 5k3"


def test_an_element_roll_chosen_among_skills_stays_chosen(qtbot: QtBot) -> None:
    document = SessionDocument(blank_table())
    assert document.apply(EditSheet(JO, SHEETS[JO]))
    panel = open_panel(qtbot, document)
    who = panel.roll.form.who
    choose(qtbot, who.skill, "")
    assert document.apply(EditSheet(JO, SHEETS[JO].revised(honor=5)))
    assert who.skill.currentData() == ""


def test_a_flat_modifier_is_added_to_the_kept_dice(qtbot: QtBot) -> None:
    document = SessionDocument(blank_table())
    session = document.session
    assert document.apply(EditSheet(JO, SHEETS[JO]))
    panel = open_panel(qtbot, document)
    tab = panel.roll
    type_into(qtbot, tab.form.tn, "25")
    type_into(qtbot, tab.form.flat, "3")
    assert "Flat modifier: +3 to the kept dice (5k3+3)" in tab.line_texts()
    expected = raise_odds(
        RollPick(JO, "Kenjutsu", Element.FIRE, TargetPick.typed(25), flat=3).setup(session.state)
    )
    assert tab.odds_texts() == [row.text() for row in expected]
    assert expected[0].cli_command() == "cardtable odds 5k3+3 --tn 25 --raises 0"
    session.rng = ScriptedRng([9, 8, 4, 2, 1])
    qtbot.mouseClick(tab.roll_button, LEFT)
    assert tab.total.text() == "Tachibana Jo keeps 9, 8, 4 + 3 = 24 against TN 25: short."
    current = banzai.roll_in_play(session.state)
    assert current is not None and current.terms.flat == 3


def test_a_task_lies_any_number_of_steps_beyond_legendary_or_mundane(qtbot: QtBot) -> None:
    document = SessionDocument(blank_table())
    assert document.apply(EditSheet(JO, SHEETS[JO]))
    panel = open_panel(qtbot, document)
    form = panel.roll.form
    assert not form.beyond.isVisible()
    choose(qtbot, form.step, BEYOND_LEGENDARY)
    assert form.beyond.isVisible()
    type_into(qtbot, form.beyond, "3")
    assert form.pick().step == Step.LEGENDARY + 3
    assert "the task: 3 steps beyond Legendary, -20k0" in panel.roll.line_texts()
    choose(qtbot, form.step, BEYOND_MUNDANE)
    type_into(qtbot, form.beyond, "12")
    assert form.pick().step == Step.MUNDANE - 12
    lines = panel.roll.line_texts()
    assert "the task: 12 steps beyond Mundane, +52k0" in lines
    assert "Dice: 57k3" in lines
    # As far as the model takes a step, the panel offers it; a pool beyond what the dice
    # engine writes is said so, and not rolled.
    assert form.beyond.maximum() == most_steps_beyond(Step.MUNDANE) == 24
    type_into(qtbot, form.beyond, "24")
    assert form.pick().step == Step.MUNDANE - 24
    assert panel.roll.lines.text() == "<i>105k3: at most 100 dice in a roll-and-keep term</i>"
    assert not panel.roll.roll_button.isEnabled()


def test_the_dice_trays_banzai_difficulty_goes_any_number_of_steps_beyond(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The tray's Banzai difficulty offers what the panel's roll does, in the real window."""
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1600, 1000))
    tray = shown_panel(qtbot, window, "dice", DiceTray)
    tray.expression.selectAll()
    qtbot.keyClick(tray.expression, Qt.Key.Key_Backspace)
    qtbot.keyClicks(tray.expression, "4k2")
    type_into(qtbot, tray.tn, "25")
    assert not tray.task.beyond.isVisible()
    choose(qtbot, tray.task.step, BEYOND_MUNDANE)
    assert tray.task.beyond.isVisible()
    type_into(qtbot, tray.task.beyond, "1")
    assert tray.request().step == Step.MUNDANE - 1
    assert tray.odds_text() == f"P(success) {p_success(Expression.parse('4k2+8k0'), 25):.1%}"
    choose(qtbot, tray.task.step, BEYOND_LEGENDARY)
    assert tray.task.beyond.maximum() == most_steps_beyond(Step.LEGENDARY)
    type_into(qtbot, tray.task.beyond, "2")
    assert tray.request().step == Step.LEGENDARY + 2
    tray.session.rng = ScriptedRng([7, 6])
    qtbot.mouseClick(tray.roll_button, LEFT)
    assert tray.session.log[-1].public == (
        "Dana rolled 4k2-16k0 (1k1) vs TN 25: 7, failure "
        "(the task: 2 steps beyond Legendary, -16k0; [7])"
    )
