"""The dice tray and the crisis Duel, driven by clicks and keys on the demo session."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from pytestqt.qtbot import QtBot

from cardtable.dice import DiceExpressionError, Expression, p_crisis_success, p_success
from cardtable.randomness import seeded
from cardtable.resolvers.banzai.steps import Condition, Step
from cardtable.resolvers.crisis.duel import Duel, DuelPhase
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.session.dice_history import DiceRequest, history_of
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.dice.tray import DiceTray, make_dock
from cardtable.ui.qt import Qt, QtWidgets


class ScriptedRng(random.Random):
    """Shows the faces it is given, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.script = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.script.pop(0)


@pytest.fixture
def document() -> SessionDocument:
    session = load(demo_path(), rng=seeded(7))
    return SessionDocument(session)


@pytest.fixture
def tray(qtbot: QtBot, document: SessionDocument) -> DiceTray:
    tray = DiceTray(document, animation_ms=0)
    qtbot.addWidget(tray)
    tray.show()
    return tray


def type_expression(qtbot: QtBot, tray: DiceTray, text: str) -> None:
    tray.expression.selectAll()
    qtbot.keyClick(tray.expression, Qt.Key.Key_Backspace)
    qtbot.keyClicks(tray.expression, text)


def set_spin(qtbot: QtBot, spin: QtWidgets.QSpinBox, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Tab)


def percent(chance: float) -> str:
    return f"P(success) {chance:.1%}"


# -- typing and odds -----------------------------------------------------------------------------


def test_a_half_typed_expression_shows_the_engines_message(qtbot: QtBot, tray: DiceTray) -> None:
    type_expression(qtbot, tray, "5k")
    with pytest.raises(DiceExpressionError, match="a keep count must follow 'k'") as caught:
        Expression.parse("5k")
    assert tray.error.isVisible()
    assert tray.error.text().lower() == str(caught.value).lower()
    assert not tray.roll_button.isEnabled()
    qtbot.keyClicks(tray.expression, "3")
    assert not tray.error.isVisible() and tray.roll_button.isEnabled()


def test_the_odds_follow_the_expression_tn_raises_and_difficulty(
    qtbot: QtBot, tray: DiceTray
) -> None:
    type_expression(qtbot, tray, "7k5")
    set_spin(qtbot, tray.tn, 25)
    assert tray.odds_text() == percent(p_success(Expression.parse("7k5"), 25))
    set_spin(qtbot, tray.tn, 30)
    assert tray.odds_text() == percent(p_success(Expression.parse("7k5"), 30))
    set_spin(qtbot, tray.raises, 1)
    assert tray.odds_text() == percent(p_success(Expression.parse("7k5"), 30, 1))
    tray.step.setCurrentIndex(tray.step.findData(int(Step.HARD)))
    assert tray.odds_text() == percent(p_success(Expression.parse("7k5-2k0"), 30, 1))
    moonlight = next(
        tray.conditions.item(row)
        for row in range(tray.conditions.count())
        if tray.conditions.item(row).data(Qt.ItemDataRole.UserRole) is Condition.MOONLIGHT
    )
    moonlight.setCheckState(Qt.CheckState.Checked)
    assert tray.request().conditions == (Condition.MOONLIGHT,)
    assert tray.odds_text() == percent(p_success(Expression.parse("7k5-2k0-2k0"), 30, 1))


def test_plain_dice_turn_the_banzai_controls_off(qtbot: QtBot, tray: DiceTray) -> None:
    type_expression(qtbot, tray, "2d6+1")
    assert not tray.banzai.isEnabled() and not tray.raises.isEnabled()
    set_spin(qtbot, tray.tn, 8)
    assert tray.odds_text() == percent(p_success(Expression.parse("2d6+1"), 8))
    set_spin(qtbot, tray.tn, 0)
    assert tray.odds_text() == "Average 8.0"


def test_the_steppers_write_the_common_forms(qtbot: QtBot, tray: DiceTray) -> None:
    tray.form.setCurrentIndex(1)
    set_spin(qtbot, tray.count, 4)
    set_spin(qtbot, tray.second, 8)
    assert tray.expression.text() == "4d8"
    tray.form.setCurrentIndex(2)
    assert tray.expression.text() == "4c" and not tray.second.isVisible()
    tray.form.setCurrentIndex(3)
    set_spin(qtbot, tray.tn, 12)
    assert tray.expression.text() == "4d6" and tray.beat.isChecked()
    assert tray.odds_text() == percent(p_crisis_success(4, 12))
    type_expression(qtbot, tray, "9k4")
    assert (tray.form.currentIndex(), tray.count.value(), tray.second.value()) == (0, 9, 4)


# -- rolling -------------------------------------------------------------------------------------


def test_enter_rolls_with_the_session_randomness_and_logs_it(
    qtbot: QtBot, tray: DiceTray, document: SessionDocument
) -> None:
    session = document.session
    type_expression(qtbot, tray, "7k5")
    set_spin(qtbot, tray.tn, 25)
    session.rng, twin = seeded(11), seeded(11)
    expected = DiceRequest("7k5", tn=25).roll(twin, "Dana")
    qtbot.keyClick(tray.expression, Qt.Key.Key_Return)
    history = history_of(session.state)
    assert history is not None and history.records == [expected]
    assert session.log[-1].public == expected.text()
    verdict = "success" if expected.success else "failure"
    assert session.log[-1].public.startswith(
        f"Dana rolled 7k5 vs TN 25: {expected.total}, {verdict}"
    )
    assert tray.history.item(0).text() == expected.text()
    assert tray.banner.text() == ("SUCCESS" if expected.success else "FAILURE")
    kept = [g for group in tray.strip.groups for g in group.glyphs if g.kept]
    assert sorted(g.value for g in kept) == sorted(d.value for d in expected.groups[0].kept_dice)


def test_an_explosion_chain_is_drawn_as_one_linked_die(
    qtbot: QtBot, tray: DiceTray, document: SessionDocument
) -> None:
    document.session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3])
    type_expression(qtbot, tray, "7k5")
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    glyphs = tray.strip.groups[0].glyphs
    assert [g.faces for g in glyphs] == [(3,), (5,), (5,), (6,), (9,), (9,), (10, 3)]
    assert glyphs[-1].kept and glyphs[-1].value == 13
    assert [g.dropped for g in glyphs] == [True, False, True, False, False, False, False]
    assert "10→3=13 (kept)" in tray.strip.describe()


def test_undo_leaves_the_roll_in_the_tray(
    qtbot: QtBot, tray: DiceTray, document: SessionDocument
) -> None:
    # Undo once took the roll off the tray, and the next roll gave the same dice.
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert tray.history.count() == 2
    latest = tray.history.item(0).text()
    assert not document.undo()
    assert tray.history.count() == 2 and tray.history.item(0).text() == latest
    assert not document.session.can_undo


def test_the_dice_tumble_until_esc_or_a_click_skips(
    qtbot: QtBot, document: SessionDocument
) -> None:
    tray = DiceTray(document, animation_ms=5000)
    qtbot.addWidget(tray)
    tray.show()
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert tray.animating and tray.strip.tumbling and tray.banner.text() == ""
    assert tray.history.count() == 0  # the history keeps the roll back while the dice tumble
    assert history_of(document.session.state) is not None  # but the roll is made
    qtbot.keyClick(tray.expression, Qt.Key.Key_Escape)
    assert not tray.animating and not tray.strip.tumbling and tray.banner.text()
    assert tray.history.count() == 1
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert tray.animating
    qtbot.mouseClick(tray.strip, Qt.MouseButton.LeftButton)
    assert not tray.animating and tray.banner.text()


def test_a_short_tumble_settles_by_itself(qtbot: QtBot, document: SessionDocument) -> None:
    tray = DiceTray(document, animation_ms=60)
    qtbot.addWidget(tray)
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tray.animating, timeout=2000)
    assert not tray.strip.tumbling and tray.total.text().startswith("Dana: Total")


def test_the_dock_holds_the_tray_the_simple_challenge_and_the_duel(
    qtbot: QtBot, document: SessionDocument
) -> None:
    dock = make_dock(document)
    qtbot.addWidget(dock)
    tabs = dock.widget()
    assert isinstance(tabs, QtWidgets.QTabWidget)
    assert [tabs.tabText(i) for i in range(tabs.count())] == [
        "Roll",
        "Crisis Challenge",
        "Crisis Duel",
    ]


# -- the Duel ------------------------------------------------------------------------------------


def test_leo_and_jamil_push_until_leo_meets_a_crisis(
    qtbot: QtBot, document: SessionDocument
) -> None:
    view = DuelView(document)
    qtbot.addWidget(view)
    view.show()
    for index, (name, pool) in enumerate((("Leo", 3), ("Jamil", 3))):
        view.names[index].setCurrentText(name)
        view.pools[index].setValue(pool)
    document.session.rng = ScriptedRng([1, 3, 4, 1, 1, 5, 6, 5, 5, 3])
    qtbot.mouseClick(view.start, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.roll_button, Qt.MouseButton.LeftButton)
    leo, jamil = view.sides
    assert [(g.value, g.struck) for g in leo.strip.groups[0].glyphs] == [
        (1, True),
        (3, False),
        (4, False),
    ]
    assert [(g.value, g.struck) for g in jamil.strip.groups[0].glyphs] == [
        (1, True),
        (1, True),
        (5, False),
    ]
    assert (leo.total.text(), jamil.total.text()) == ("Total 7", "Total 5")
    assert jamil.push.isEnabled() and not leo.push.isEnabled()
    qtbot.mouseClick(jamil.push, Qt.MouseButton.LeftButton)  # 6: Jamil 11
    qtbot.mouseClick(leo.push, Qt.MouseButton.LeftButton)  # 5: the 5s cancel, 7 / 6
    assert (leo.total.text(), jamil.total.text()) == ("Total 7", "Total 6")
    qtbot.mouseClick(jamil.push, Qt.MouseButton.LeftButton)  # 5: his own 5 is gone
    assert jamil.total.text() == "Total 11"
    qtbot.mouseClick(leo.push, Qt.MouseButton.LeftButton)  # 3: still in his set
    duel = view.duel()
    assert duel is not None and duel.phase is DuelPhase.ENDED
    assert view.status.text().startswith("CRISIS!") and "Jamil wins" in view.status.text()
    assert leo.strip.groups[0].glyphs[-1].crisis
    assert document.session.log[-1].public.endswith("Crisis! Jamil wins the Duel.")
    assert not document.undo()  # the dice stay rolled
    assert view.status.text().startswith("CRISIS!")


def test_a_tie_offers_a_stand_off(qtbot: QtBot, document: SessionDocument) -> None:
    view = DuelView(document)
    qtbot.addWidget(view)
    document.session.rng = ScriptedRng([2, 5, 3, 4])
    for index, name in enumerate(("Ana", "Ben")):
        view.names[index].setCurrentText(name)
        view.pools[index].setValue(2)
    qtbot.mouseClick(view.start, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.roll_button, Qt.MouseButton.LeftButton)
    assert view.sides[0].push.isEnabled() and view.sides[1].push.isEnabled()
    qtbot.mouseClick(view.stand_off_button, Qt.MouseButton.LeftButton)
    duel = view.duel()
    assert isinstance(duel, Duel) and duel.phase is DuelPhase.ENDED
    assert view.status.text().startswith("Stand-off")
    assert view.start.isEnabled()
