"""An opposed Banzai roll against a side no sheet is behind: the GM types its name and dice, as
the Duel and the pool allow, in the real window on the demo (whose one Banzai sheet is Kaneda
Suzume's); the model refuses a side with no name, and one that names a character with a sheet.
Each side takes a flat modifier (the ``+3`` of ``7k5+3``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from demo_window_rig import demo_window, shown_panel
from dice_evening_rig import ScriptedRng
from pytestqt.qtbot import QtBot

from cardtable.resolvers.banzai.steps import BanzaiError
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.sheets import Element
from cardtable.steps.banzai import opposed as steps
from cardtable.steps.banzai.picks import RollPick, TypedSide
from cardtable.ui.panels.banzai.opposed import OpposedTab
from cardtable.ui.panels.banzai.panel import BanzaiPanel
from cardtable.ui.qt import Qt, QtCore, QtWidgets

SUZUME = "kaneda-suzume"
LEFT = Qt.MouseButton.LeftButton


def click(qtbot: QtBot, widget: QtWidgets.QWidget) -> None:
    scroll = widget.parentWidget()
    while scroll is not None and not isinstance(scroll, QtWidgets.QScrollArea):
        scroll = scroll.parentWidget()
    if scroll is not None:
        scroll.ensureWidgetVisible(widget)
    assert widget.isVisible() and widget.isEnabled(), (widget.accessibleName(), widget.toolTip())
    qtbot.mouseClick(widget, LEFT)


def type_into(qtbot: QtBot, widget: QtWidgets.QWidget, text: str) -> None:
    widget.setFocus()
    if isinstance(widget, QtWidgets.QAbstractSpinBox):
        widget.selectAll()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Tab)


def suzume_in_the_opposed_tab(qtbot: QtBot, tmp_path: Path) -> OpposedTab:
    """The demo's window with the Banzai panel's Opposed tab shown, Suzume's Kenjutsu the
    first side."""
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1600, 1000))
    panel = shown_panel(qtbot, window, "banzai", BanzaiPanel)
    panel.tabs.setCurrentWidget(panel.opposed)
    first = panel.opposed.who[0]
    first.character.setCurrentIndex(first.character.findData(SUZUME))
    first.skill.setCurrentIndex(first.skill.findData("Kenjutsu"))
    return panel.opposed


def test_the_gm_types_a_ronin_against_suzume_and_plays_him(qtbot: QtBot, tmp_path: Path) -> None:
    tab = suzume_in_the_opposed_tab(qtbot, tmp_path)
    session = tab.session
    second = tab.who[1]
    typed = tab.typed[1]
    assert not typed.rolled.isVisible()  # its dice come with a name
    type_into(qtbot, typed.name, "Wandering ronin")
    assert typed.rolled.isVisible() and not second.isEnabled()
    type_into(qtbot, typed.rolled, "6")
    type_into(qtbot, typed.kept, "3")
    assert tab.chances.text().startswith("4k3 against 6k3: Kaneda Suzume wins ")
    click(qtbot, tab.start)
    assert session.log[-1].public == (
        "An opposed roll: Kaneda Suzume (Kenjutsu / Fire, 4k3) against Wandering ronin "
        "(a pool the GM gives, 6k3); Kaneda Suzume started it."
    )
    # The ronin is the GM's to roll (Dana holds the computer); Suzume's is Alex's.
    ronin = tab.sides[1]
    assert not tab.sides[0].roll.isEnabled()
    session.rng = ScriptedRng([9, 8, 7, 1, 1, 1])
    click(qtbot, ronin.roll)
    assert steps.contest_in_play(session.state).total(1) == 24  # type: ignore[union-attr]


def test_a_side_typed_with_no_name_or_a_sheets_name_is_refused() -> None:
    session = load(demo_path())  # Dana, the GM, holds the computer
    suzume = RollPick(SUZUME, "Kenjutsu", Element.FIRE, None)
    for side, message in (
        (TypedSide("  ", 5, 3), "Pick a character for each side, or type the other side's name"),
        (
            TypedSide("kaneda suzume", 5, 3),
            "Kaneda Suzume has a Banzai sheet at the table: pick Kaneda Suzume from the list, "
            "so the sheet is read",
        ),
    ):
        with pytest.raises(BanzaiError) as refused:
            session.apply(steps.start(suzume, side))
        assert str(refused.value) == message
        assert steps.contest_in_play(session.state) is None


def test_each_side_of_an_opposed_roll_takes_a_flat_modifier(qtbot: QtBot, tmp_path: Path) -> None:
    tab = suzume_in_the_opposed_tab(qtbot, tmp_path)
    session = tab.session
    ronin = tab.typed[1]
    type_into(qtbot, ronin.name, "Wandering ronin")
    type_into(qtbot, ronin.rolled, "6")
    type_into(qtbot, ronin.kept, "3")
    type_into(qtbot, tab.flat[0], "3")
    type_into(qtbot, tab.flat[1], "-2")
    assert tab.chances.text().startswith("4k3+3 against 6k3-2: Kaneda Suzume wins ")
    click(qtbot, tab.start)
    assert session.log[-1].public == (
        "An opposed roll: Kaneda Suzume (Kenjutsu / Fire, 4k3+3) against Wandering ronin "
        "(a pool the GM gives, 6k3-2); Kaneda Suzume started it."
    )
    contest = steps.contest_in_play(session.state)
    assert contest is not None and [side.flat for side in contest.sides] == [3, -2]
    session.rng = ScriptedRng([9, 8, 7, 1, 1, 1])
    click(qtbot, tab.sides[1].roll)  # the ronin is the GM's, and Dana holds the computer
    assert contest.total(1) == 9 + 8 + 7 - 2
    assert tab.sides[1].total.text() == "Wandering ronin keeps 9, 8, 7 - 2 = 22."
