"""The Banzai panel played with clicks and keys: every worked example of ``rules/banzai.md``
that holds, the odds per Raise against ``cardtable odds``, whose each button is, conditions,
and the panel's numbers against the model's for random sheets.

Expectations come from the rules' examples and from the resolver played directly.
"""

from __future__ import annotations

import pytest
from dice_evening_rig import (
    ALICE,
    BOB,
    GORO,
    JO,
    KEIKO,
    ScriptedRng,
    dice_table,
    take_seat,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from cardtable.cli import main as cardtable
from cardtable.dice import Expression, odds_text
from cardtable.resolvers.banzai import BanzaiSetup
from cardtable.resolvers.banzai.roll import BanzaiPhase
from cardtable.session import EditSheet, Session
from cardtable.sheets import BanzaiSheet, Element, Skill
from cardtable.steps.banzai import roll as banzai
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.banzai.panel import BanzaiPanel
from cardtable.ui.panels.banzai.roll import RollTab
from cardtable.ui.qt import Qt, QtCore, QtWidgets

LEFT = Qt.MouseButton.LeftButton


def open_panel(qtbot: QtBot, session: Session) -> BanzaiPanel:
    panel = BanzaiPanel(SessionDocument(session))
    qtbot.addWidget(panel)
    panel.resize(420, 1600)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def click(qtbot: QtBot, widget: QtWidgets.QWidget) -> None:
    assert widget.isVisible() and widget.isEnabled(), (widget.accessibleName(), widget.toolTip())
    qtbot.mouseClick(widget, LEFT)


def pick(combo: QtWidgets.QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data} is not offered"
    combo.setCurrentIndex(index)


def tick(qtbot: QtBot, view: QtWidgets.QListWidget, data: object) -> None:
    """Click the check box of the item holding ``data``."""
    row = next(
        r for r in range(view.count()) if view.item(r).data(Qt.ItemDataRole.UserRole) == data
    )
    item = view.item(row)
    view.scrollToItem(item)
    rect = view.visualItemRect(item)
    before = item.checkState()
    qtbot.mouseClick(view.viewport(), LEFT, pos=QtCore.QPoint(rect.left() + 10, rect.center().y()))
    assert item.checkState() != before


def type_into(qtbot: QtBot, widget: QtWidgets.QWidget, text: str) -> None:
    if isinstance(widget, QtWidgets.QAbstractSpinBox):
        widget.selectAll()
    else:
        assert isinstance(widget, QtWidgets.QLineEdit)
        widget.clear()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Tab)


def build(qtbot: QtBot, tab: RollTab, character: str, skill: str, element: Element) -> None:
    who = tab.form.who
    pick(who.character, character)
    pick(who.skill, skill)
    pick(who.element, element)


def choose_raises(qtbot: QtBot, tab: RollTab, raises: int) -> None:
    """Click the odds row of ``raises`` on its words (a radio button takes clicks there)."""
    radio = tab.odds[raises]
    assert radio.isVisible() and radio.isEnabled()
    qtbot.mouseClick(radio, LEFT, pos=QtCore.QPoint(12, radio.height() // 2))
    assert radio.isChecked() and tab.raises == raises


# -- the worked examples --------------------------------------------------------------------------


def test_jo_strikes_with_his_katana_and_keeps_42(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, BOB)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Kenjutsu", Element.FIRE)
    pick(tab.form.tn_mode, "passive")
    pick(tab.form.opponent, GORO)
    pick(tab.form.opponent_element, Element.WATER)
    type_into(qtbot, tab.form.modifiers, "+2k2 katana")
    assert tab.line_texts() == [
        "Kenjutsu 5 + Fire 3: 5k3",
        "katana: +2k2",
        "Dice: 7k5",
        "TN 25: Goro's Water 5 × 5",
        "Raises: at most 3 (Void 3), each +5 to the TN",
    ]
    session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3])
    click(qtbot, tab.roll_button)
    assert tab.picker.described() == [
        "3",
        "5 (kept)",
        "5",
        "6 (kept)",
        "9 (kept)",
        "9 (kept)",
        "10→3 = 13 (kept)",
    ]
    assert tab.total.text() == "Tachibana Jo keeps 13, 9, 9, 6, 5 = 42 against TN 25: met."
    assert tab.chains.text() == "Banzai! die 7: 10→3 = 13"
    click(qtbot, tab.succeed)
    current = banzai.roll_in_play(session.state)
    assert current is not None and current.success and current.total == 42
    click(qtbot, tab.finish)
    assert tab.banner.text() == "Success"
    assert tab.outcome.text() == "Tachibana Jo: success (42 against TN 25)."


def test_keiko_gambles_two_raises_wins_29_and_takes_an_honor_point(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, ALICE)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, KEIKO, "Investigation", Element.VOID)
    type_into(qtbot, tab.form.tn, "10")
    assert tab.odds_texts()[2].startswith("2 Raises: TN 20, ")
    choose_raises(qtbot, tab, 2)
    assert tab.roll_button.text() == "&Roll with 2 Raises"
    session.rng = ScriptedRng([9, 8, 10, 2, 3, 1, 2, 4])
    click(qtbot, tab.roll_button)
    assert tab.total.text() == "Owari Keiko keeps 12, 9, 8 = 29 against TN 20: met."
    click(qtbot, tab.succeed)
    assert tab.raises_left.text() == "2 of 2 Raises left to spend (2 declared, 0 Free)"
    assert tab.finish.text() == "Finish, +1 Honor Point"
    # One Finish, saying what it gives (issue 46: a second "Finish" once stood beside it).
    finishes = [b for b in tab.findChildren(QtWidgets.QAbstractButton)
                if b.isVisibleTo(tab) and b.text().replace("&", "").startswith("Finish")]
    assert finishes == [tab.finish]
    click(qtbot, tab.finish)
    sheet = session.state.characters[KEIKO].sheet  # type: ignore[index]
    assert isinstance(sheet, BanzaiSheet) and sheet.honor == 3
    assert session.log[-1].public == "Owari Keiko's Honor Points: 2 → 3."


def test_seven_keep_four_against_ten_needs_no_roll(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, ALICE)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, KEIKO, "Investigation", Element.EARTH)
    type_into(qtbot, tab.form.tn, "10")
    assert tab.odds_texts()[0] == "0 Raises: TN 10, no roll needed"
    session.rng = ScriptedRng([])  # a die rolled would fail the test
    click(qtbot, tab.roll_button)
    assert tab.total.text() == "Owari Keiko needs no roll: 7k4, 7 + 4 = 11 beats TN 10."
    assert not tab.picker.isVisible()
    click(qtbot, tab.succeed)
    assert banzai.roll_in_play(session.state).success  # type: ignore[union-attr]


def test_keiko_helps_jo_track_and_the_group_rolls_6k4_with_a_raise_more(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, BOB)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Hunting", Element.VOID)
    tick(qtbot, tab.form.helpers, KEIKO)
    lines = tab.line_texts()
    assert "Dice: 6k4" in lines
    assert lines[-1] == "Raises: at most 4 (Void 3, +1 for each of 1 helper), each +5 to the TN"
    assert len(tab.odds) == 5


# -- odds, authority, choices ----------------------------------------------------------------------


def test_the_odds_shown_for_each_raise_are_what_cardtable_odds_prints(
    qtbot: QtBot, capsys: pytest.CaptureFixture[str]
) -> None:
    session = dice_table()
    take_seat(session, BOB)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Kenjutsu", Element.FIRE)
    type_into(qtbot, tab.form.modifiers, "+2k2 katana")
    type_into(qtbot, tab.form.tn, "25")
    for raises, radio in enumerate(tab.odds):
        assert cardtable(["odds", "7k5", "--tn", "25", "--raises", str(raises)]) == 0
        printed = capsys.readouterr().out.strip()
        assert radio.accessibleDescription() == printed
        assert radio.text().endswith(printed[printed.rindex("(") + 1 : -1])


def test_another_players_roll_waits_for_them_and_passes_the_computer(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, ALICE)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    assert tab.form.who.character.currentData() == KEIKO  # never another player's by default
    build(qtbot, tab, JO, "Kenjutsu", Element.FIRE)
    assert not tab.roll_button.isEnabled()
    assert "only Bob may roll for Tachibana Jo" in tab.roll_button.toolTip()
    waiting = tab.roll_waiting
    assert waiting.isVisible() and waiting.text.text() == "Waiting for Bob (Tachibana Jo) to roll."
    click(qtbot, waiting.pass_button)
    assert session.curtain == BOB


def test_choosing_other_dice_then_choosing_to_fail(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, BOB)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Kenjutsu", Element.FIRE)
    type_into(qtbot, tab.form.modifiers, "+2k2 katana")
    type_into(qtbot, tab.form.tn, "25")
    session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3])
    click(qtbot, tab.roll_button)
    click(qtbot, tab.picker.buttons[6])  # drop the 13
    assert not tab.succeed.isEnabled()
    assert "keep exactly 5 dice (4 chosen)" in tab.succeed.toolTip()
    click(qtbot, tab.picker.buttons[0])  # keep the 3
    assert tab.total.text() == "Tachibana Jo keeps 9, 9, 6, 5, 3 = 32 against TN 25: met."
    click(qtbot, tab.fail)
    current = banzai.roll_in_play(session.state)
    assert current is not None and current.phase is BanzaiPhase.DECIDED
    assert (current.total, current.success) == (32, False)
    assert [e.public for e in session.log][-2:] == [
        "Tachibana Jo keeps 9, 9, 6, 5, 3 = 32 against TN 25: met.",
        "Tachibana Jo meets TN 25 with 32 and chooses to fail.",
    ]


def test_raises_spent_on_listed_effects_with_free_raises_from_the_ten_dice_cap(
    qtbot: QtBot,
) -> None:
    session = dice_table()
    take_seat(session, BOB)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Hunting", Element.FIRE)
    pick(tab.form.step, -3)  # Mundane, +4k0
    type_into(qtbot, tab.form.modifiers, "+2k2 hunting bow")
    type_into(qtbot, tab.form.free, "1")
    type_into(qtbot, tab.form.tn, "15")
    assert "ten-dice cap: 2 dice beyond 10 become Free Raises" in tab.line_texts()
    choose_raises(qtbot, tab, 1)
    session.rng = ScriptedRng([9] * 10)
    click(qtbot, tab.roll_button)
    assert "3 Free Raises" in tab.heading.text()
    click(qtbot, tab.succeed)
    assert tab.raises_left.text() == "4 of 4 Raises left to spend (1 declared, 3 Free)"
    pick(tab.effect, "Thunder and lightning")
    type_into(qtbot, tab.detail, "strikes the boar's tree")
    click(qtbot, tab.spend)
    assert tab.raises_left.text().startswith("2 of 4")
    pick(tab.effect, "A fact of the Scene")
    click(qtbot, tab.spend)
    assert tab.finish.text() == "Finish"  # one Raise makes no Honor Point
    click(qtbot, tab.finish)
    assert tab.outcome.text() == "Tachibana Jo: success (45 against TN 20), 3 bonus Effects."


def test_a_condition_worsens_by_the_interval_and_weighs_on_the_next_roll(qtbot: QtBot) -> None:
    session = dice_table()  # Gina, the GM, tracks the conditions
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Kenjutsu", Element.FIRE)
    box = tab.conditions
    pick(box.kind, "starvation")
    click(qtbot, box.begin)
    assert box.lines() == ["starvation, 0 intervals: no penalty yet"]
    box.list.setCurrentRow(0)
    click(qtbot, box.worsen)
    click(qtbot, box.worsen)
    assert box.lines() == ["starvation, 2 intervals: Hard, -2k0"]
    assert "starvation, 2 intervals: Hard, -2k0" in tab.line_texts()
    assert "Dice: 3k3" in tab.line_texts()
    assert session.log[-1].public == (
        "Gina: Tachibana Jo's starvation worsens to 2 intervals: Hard, -2k0 on every roll."
    )
    click(qtbot, box.recover)
    assert "Dice: 5k3" in tab.line_texts()


def test_an_opposed_roll_played_from_both_seats(qtbot: QtBot) -> None:
    session = dice_table()  # Gina sets it up
    panel = open_panel(qtbot, session)
    panel.tabs.setCurrentWidget(panel.opposed)
    tab = panel.opposed
    for who, (character, skill, element) in zip(
        tab.who,
        ((JO, "Kenjutsu", Element.FIRE), (KEIKO, "Kenjutsu", Element.VOID)),
        strict=True,
    ):
        pick(who.character, character)
        pick(who.skill, skill)
        pick(who.element, element)
    assert tab.chances.text().startswith("5k3 against 3k3: Tachibana Jo wins ")
    click(qtbot, tab.start)
    first, second = tab.sides
    assert not first.roll.isEnabled() and first.waiting.isVisible()
    take_seat(session, BOB)
    type_into(qtbot, first.raises, "2")
    session.rng = ScriptedRng([2, 3, 4, 1, 2])
    click(qtbot, first.roll)
    take_seat(session, ALICE)
    session.rng = ScriptedRng([9, 8, 7])
    click(qtbot, second.roll)
    click(qtbot, tab.resolve)
    assert tab.outcome.text().startswith(
        "Tachibana Jo 9 against Owari Keiko 24: Owari Keiko wins. Tachibana Jo loses 1 of 2 Raises."
    )


# -- the panel's numbers are the model's -----------------------------------------------------------


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    skill=st.integers(1, 10),
    elements=st.lists(st.integers(0, 10), min_size=5, max_size=5),
    tn=st.integers(0, 60),
    step=st.integers(1, 10),
)
def test_the_panels_lines_and_odds_are_the_models_for_any_sheet(
    qtbot: QtBot,
    skill: int,
    elements: list[int],
    tn: int,
    step: int,
) -> None:
    session = dice_table()
    earth, fire, water, wind, void = elements
    session.apply(
        EditSheet(
            JO,
            BanzaiSheet(  # type: ignore[arg-type]
                name="Tachibana Jo",
                earth=earth,
                fire=fire,
                water=water,
                wind=wind,
                void=void,
                skills=(Skill("Kenjutsu", skill),),
                raise_step=step,
            ),
        )
    )
    take_seat(session, BOB)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Kenjutsu", Element.FIRE)
    type_into(qtbot, tab.form.tn, str(tn))
    expected = BanzaiSetup(
        "Jo",
        skill,
        fire,
        tn=tn,
        void=void or None,
        lowest_element=min(earth, fire, water, wind),
        raise_step=step,
    )
    assert f"Dice: {expected.pool}" in tab.line_texts()[1]
    limit = void if void else min(earth, fire, water, wind)
    assert len(tab.odds) == limit + 1
    for raises, radio in enumerate(tab.odds):
        raised = expected.with_raises(raises)
        printed = odds_text(
            Expression.parse(str(expected.pool)),
            tn,
            raises,
            raised.odds(),
            not raised.rolls_needed,
            step,
        )
        assert radio.accessibleDescription() == printed
        words = (
            "no roll needed" if not raised.rolls_needed else printed[printed.rindex("(") + 1 : -1]
        )
        target = tn + step * raises
        assert radio.text() == f"{raises} Raise{'s' * (raises != 1)}: TN {target}, {words}"


def test_undo_does_not_take_the_roll_back(qtbot: QtBot) -> None:
    # Undo once took the roll back, and the same dice came again: now it stays rolled.
    session = dice_table()
    take_seat(session, BOB)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, JO, "Kenjutsu", Element.FIRE)
    click(qtbot, tab.roll_button)
    first = tab.picker.described()
    assert not panel.document.undo()  # undo is no way to reroll dice one disliked
    assert banzai.roll_in_play(session.state) is not None
    assert tab.picker.described() == first
