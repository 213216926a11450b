"""The dice tray's crisis dice, played with clicks: the Simple Challenge's worked examples,
the GM's invitation and the Crisis kept from other seats until it strikes, and the Duel with
pools read from the sheets. Expectations come from ``rules/crisis-dice.md``.
"""

from __future__ import annotations

from fractions import Fraction

from dice_evening_rig import (
    ALICE,
    BILL,
    BOB,
    GINA,
    HARRIET,
    LEO,
    ScriptedRng,
    dice_table,
    take_seat,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from cardtable.dice import p_crisis_success
from cardtable.resolvers.crisis.duel import CrisisResult, DuelResult
from cardtable.session import ConfirmSeat, EditSheet, Session
from cardtable.sheets import CrisisSheet
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.dice.simple import SimpleView
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import percent

LEFT = Qt.MouseButton.LeftButton


def click(qtbot: QtBot, widget: QtWidgets.QWidget) -> None:
    assert widget.isVisible() and widget.isEnabled(), (widget.accessibleName(),
                                                       widget.toolTip())
    qtbot.mouseClick(widget, LEFT)


def type_into(qtbot: QtBot, widget: QtWidgets.QWidget, text: str) -> None:
    if isinstance(widget, QtWidgets.QAbstractSpinBox):
        widget.selectAll()
    else:
        assert isinstance(widget, QtWidgets.QLineEdit)
        widget.clear()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Tab)


def simple_view(qtbot: QtBot, session: Session) -> SimpleView:
    view = SimpleView(SessionDocument(session))
    qtbot.addWidget(view)
    view.resize(420, 900)
    view.show()
    qtbot.waitExposed(view)
    return view


def set_challenge(qtbot: QtBot, view: SimpleView, character: str, difficulty: int,
                  unnatural: bool = False, crisis_text: str = "") -> None:
    view.character.setCurrentIndex(view.character.findData(character))
    if unnatural != view.unnatural.isChecked():
        click(qtbot, view.unnatural)
    type_into(qtbot, view.difficulty, str(difficulty))
    if crisis_text:
        type_into(qtbot, view.crisis, crisis_text)
    click(qtbot, view.set_up)


def test_bill_climbs_the_wall_with_the_two_dice_on_his_sheet(qtbot: QtBot) -> None:
    session = dice_table()
    view = simple_view(qtbot, session)
    view.character.setCurrentIndex(view.character.findData(BILL))
    assert view.pool.text() == "2 dice (sheet)"
    type_into(qtbot, view.difficulty, "6")
    assert view.odds.text() == "Chance the roll beats 6: 58%"  # 21 of 36
    click(qtbot, view.set_up)
    session.rng = ScriptedRng([3, 4])
    click(qtbot, view.roll_button)
    assert view.total.text() == "Total 7 against 6"
    assert view.result.text() == "Success: 7 is above 6."


def test_a_total_equal_to_the_difficulty_is_said_to_fail(qtbot: QtBot) -> None:
    # Issue 46: "Total 6 against 6" once stood alone; a tie is not above the difficulty.
    session = dice_table()
    view = simple_view(qtbot, session)
    view.character.setCurrentIndex(view.character.findData(BILL))
    type_into(qtbot, view.difficulty, "6")
    click(qtbot, view.set_up)
    session.rng = ScriptedRng([3, 3])
    click(qtbot, view.roll_button)
    assert view.total.text() == "Total 6 against 6: fails (success needs more than 6)"
    click(qtbot, view.stop)
    assert view.total.text() == "Total 6 against 6"  # the result line below says the rest
    assert view.result.text() == "Failure: 6 is not above 6."


def test_harriets_unnatural_difficulty_is_checked_and_she_fails(qtbot: QtBot) -> None:
    session = dice_table()
    view = simple_view(qtbot, session)
    view.character.setCurrentIndex(view.character.findData(HARRIET))
    click(qtbot, view.unnatural)
    type_into(qtbot, view.difficulty, "9")
    assert not view.set_up.isEnabled()
    assert view.odds.text() == ("A difficulty against something UNNATURAL is a multiple of 4 "
                                "(4, 8, 12, ...), not 9")
    type_into(qtbot, view.difficulty, "12")
    click(qtbot, view.set_up)
    session.rng = ScriptedRng([1, 2, 2, 3])
    click(qtbot, view.roll_button)
    click(qtbot, view.stop)
    challenge = view.challenge()
    assert challenge is not None and challenge.result is CrisisResult.FAILURE
    assert view.result.text() == "Failure: 8 is not above 12."


def test_only_the_gm_invites_the_push_and_the_crisis_shows_when_it_strikes(
    qtbot: QtBot,
) -> None:
    session = dice_table()
    view = simple_view(qtbot, session)
    set_challenge(qtbot, view, LEO, 12, crisis_text="The stairs give way beneath him")
    assert view.crisis_note.text() == ("The Crisis (only you see it until it strikes): The "
                                       "stairs give way beneath him")
    assert not view.roll_button.isEnabled()
    assert view.waiting.text.text() == "Waiting for Bob (Leo) to roll."
    click(qtbot, view.waiting.pass_button)
    assert session.curtain == BOB and not view.crisis_note.text().endswith("him")
    session.apply(ConfirmSeat(BOB))  # Bob says "I am Bob"
    assert view.crisis_note.text() == "The GM has written down a Crisis: hidden until it strikes."
    session.rng = ScriptedRng([1, 3, 4, 4])
    click(qtbot, view.roll_button)
    assert not view.invite.isEnabled() and "Only the GM (Gina) may invite a push" in \
        view.invite.toolTip()
    assert not view.push.isEnabled()
    assert view.waiting.text.text() == ("Waiting for the GM (Gina) to invite a push, or let the "
                                        "failure stand.")
    take_seat(session, GINA)
    click(qtbot, view.invite)
    take_seat(session, BOB)
    assert view.push_odds.text() == "A push: Crisis on 1, 3, 4 (50%), success on 5, 6 (33%)"
    click(qtbot, view.push)
    challenge = view.challenge()
    assert challenge is not None and challenge.result is CrisisResult.CRISIS
    assert view.crisis_note.text() == "The Crisis strikes: The stairs give way beneath him"
    assert view.result.text() == ("CRISIS! Leo pushed a 4, already in the set. The stairs give "
                                  "way beneath him")
    assert view.strip.groups[0].glyphs[-1].crisis


def test_leo_and_jamil_duel_with_the_pools_on_their_sheets(qtbot: QtBot) -> None:
    session = dice_table()
    view = DuelView(SessionDocument(session))
    qtbot.addWidget(view)
    view.show()
    for box, name in zip(view.names, ("Leo", "Jamil"), strict=True):
        box.setCurrentIndex(box.findText(name))
    assert [spin.value() for spin in view.pools] == [3, 3]
    assert not view.pools[0].isEnabled()  # read from the sheet, not typed
    type_into(qtbot, view.crisis, "The handgun goes off")
    click(qtbot, view.start)
    session.rng = ScriptedRng([1, 3, 4, 1, 1, 5])
    click(qtbot, view.roll_button)
    leo, jamil = view.sides
    assert (leo.total.text(), jamil.total.text()) == ("Total 7", "Total 5")
    assert not jamil.push.isEnabled() and jamil.waiting is not None
    assert jamil.waiting.text.text() == "Waiting for Alice (Jamil) to push or decline."
    for player, side, face in ((ALICE, jamil, 6), (BOB, leo, 5), (ALICE, jamil, 5),
                               (BOB, leo, 3)):
        take_seat(session, player)
        session.rng = ScriptedRng([face])
        click(qtbot, side.push)
    duel = view.duel()
    assert duel is not None and duel.result is DuelResult.CRISIS
    assert view.status.text().startswith("CRISIS!") and "Jamil wins" in view.status.text()
    assert view.crisis_note.text() == "The Crisis strikes: The handgun goes off"
    assert jamil.total.text() == "Total 11"


def test_a_side_the_gm_names_takes_a_typed_pool(qtbot: QtBot) -> None:
    session = dice_table()
    view = DuelView(SessionDocument(session))
    qtbot.addWidget(view)
    view.show()
    view.names[0].setCurrentIndex(view.names[0].findText("Leo"))
    view.names[1].setCurrentText("The Hollow Man")
    assert view.pools[1].isEnabled()
    type_into(qtbot, view.pools[1], "5")
    click(qtbot, view.start)
    duel = view.duel()
    assert duel is not None and [side.pool for side in duel.sides] == [3, 5]
    assert duel.sides[1].character == "" and duel.sides[0].character == LEO


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pool=st.integers(1, 12), steps=st.integers(1, 8), unnatural=st.booleans())
def test_the_simple_challenges_numbers_are_the_models_for_any_sheet(
    qtbot: QtBot, pool: int, steps: int, unnatural: bool,
) -> None:
    session = dice_table()
    session.apply(EditSheet(LEO, CrisisSheet(name="Leo", player="Bob", dice=pool)))  # type: ignore[arg-type]
    view = simple_view(qtbot, session)
    view.character.setCurrentIndex(view.character.findData(LEO))
    difficulty = steps * (4 if unnatural else 3)
    if unnatural:
        click(qtbot, view.unnatural)
    type_into(qtbot, view.difficulty, str(difficulty))
    assert view.pool.text() == f"{pool} dice (sheet)"
    chance = percent(Fraction(p_crisis_success(pool, difficulty)))
    assert view.odds.text() == f"Chance the roll beats {difficulty}: {chance}"
    click(qtbot, view.set_up)
    challenge = view.challenge()
    assert challenge is not None
    assert (challenge.pool, challenge.difficulty, challenge.unnatural) == (pool, difficulty,
                                                                           unnatural)
