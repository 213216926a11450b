"""Crisis dice as session actions: pools from the sheets, the GM's invitation, the Crisis kept
from the table until it strikes, and each side's pushes its own player's.

Expectations come from ``rules/crisis-dice.md``'s worked examples.
"""

from __future__ import annotations

import pytest
from dice_evening_rig import (
    ALICE,
    BILL,
    BOB,
    GINA,
    HARRIET,
    JAMIL,
    LEO,
    ScriptedRng,
    dice_table,
    take_seat,
)

from cardtable.resolvers.crisis.duel import CrisisDiceError, CrisisResult, DuelResult
from cardtable.session import AuthorityError, log_text_for
from cardtable.steps import crisis


def test_bill_climbs_with_two_dice_from_his_sheet() -> None:
    session = dice_table()
    session.apply(crisis.set_up_simple(BILL, 6))
    assert session.log[-1].public == (
        "Gina sets a Simple Challenge for Bill: 2 dice (from the sheet) against difficulty 6. "
        "No Crisis is written down."
    )
    session.rng = ScriptedRng([3, 4])
    session.apply(crisis.roll_simple())
    challenge = crisis.simple_in_play(session.state)
    assert challenge is not None and challenge.result is CrisisResult.SUCCESS
    assert session.log[-1].public == "Bill rolled 3, 4 = 7 against difficulty 6: success."


def test_harriet_fails_against_the_unnatural() -> None:
    session = dice_table()
    with pytest.raises(CrisisDiceError, match="against something UNNATURAL is a multiple of 4"):
        session.apply(crisis.set_up_simple(HARRIET, 9, unnatural=True))
    session.apply(crisis.set_up_simple(HARRIET, 12, unnatural=True))
    session.rng = ScriptedRng([1, 2, 2, 3])
    session.apply(crisis.roll_simple())
    session.apply(crisis.accept_failure())
    challenge = crisis.simple_in_play(session.state)
    assert challenge is not None and challenge.result is CrisisResult.FAILURE
    assert challenge.total == 8


def test_a_push_the_gm_invites_brings_the_crisis_written_at_the_start() -> None:
    session = dice_table()
    session.apply(crisis.set_up_simple(LEO, 12, crisis="The stairs give way beneath him"))
    entry = session.log[-1]
    gina, bob = 0, 1
    assert log_text_for(session, bob, entry).endswith("The GM has written down the Crisis.")
    assert log_text_for(session, gina, entry).endswith(
        "The Crisis, written down: The stairs give way beneath him"
    )
    with pytest.raises(AuthorityError, match="only Bob may roll for Leo"):
        session.apply(crisis.roll_simple())
    take_seat(session, BOB)
    session.rng = ScriptedRng([1, 3, 4, 4])
    session.apply(crisis.roll_simple())
    assert session.may(crisis.invite_push()) == "Only the GM (Gina) may invite a push."
    assert session.may(crisis.push_simple()) is None  # the model says: invite first
    with pytest.raises(CrisisDiceError, match="Only the GM can invite Leo to push"):
        session.apply(crisis.push_simple())
    take_seat(session, GINA)
    session.apply(crisis.invite_push())
    take_seat(session, BOB)
    challenge = crisis.simple_in_play(session.state)
    assert challenge is not None
    assert crisis.crisis_known_to(session, challenge.crisis, False) is None
    session.apply(crisis.push_simple())
    assert challenge.result is CrisisResult.CRISIS
    assert session.log[-1].public == (
        "Leo pushed a 4: a 4 is already in Leo's set — Crisis! The Crisis strikes: The stairs "
        "give way beneath him"
    )
    assert crisis.crisis_known_to(session, challenge.crisis, True) == challenge.crisis


def test_the_failure_stands_by_the_gm_until_a_push_is_invited_then_by_the_player() -> None:
    session = dice_table()
    session.apply(crisis.set_up_simple(JAMIL, 15))
    take_seat(session, ALICE)
    session.rng = ScriptedRng([1, 2, 3])
    session.apply(crisis.roll_simple())
    assert session.may(crisis.accept_failure()) == "Only the GM (Gina) may let the failure stand."
    take_seat(session, GINA)
    session.apply(crisis.invite_push())
    assert session.may(crisis.accept_failure()) == (
        "Jamil is Alice's character: only Alice may stop pushing for Jamil."
    )


def test_leo_and_jamil_duel_until_leo_meets_a_crisis() -> None:
    session = dice_table()
    session.apply(crisis.set_up_duel(crisis.DuelPick(LEO), crisis.DuelPick(JAMIL),
                                     crisis="The handgun goes off"))
    session.rng = ScriptedRng([1, 3, 4, 1, 1, 5])
    session.apply(crisis.roll_duel())
    duel = crisis.duel_in_play(session.state)
    assert duel is not None and duel.totals == (7, 5)
    with pytest.raises(AuthorityError, match="only Alice may push their luck for Jamil"):
        session.apply(crisis.push_duel(1))
    take_seat(session, ALICE)
    session.rng = ScriptedRng([6])
    session.apply(crisis.push_duel(1))
    assert duel.totals == (7, 11)
    take_seat(session, BOB)
    session.rng = ScriptedRng([5])
    session.apply(crisis.push_duel(0))
    assert duel.totals == (7, 6)
    take_seat(session, ALICE)
    session.rng = ScriptedRng([5])
    session.apply(crisis.push_duel(1))
    assert duel.totals == (7, 11)
    take_seat(session, BOB)
    session.rng = ScriptedRng([3])
    session.apply(crisis.push_duel(0))
    assert duel.result is DuelResult.CRISIS and duel.outcome().winner == "Jamil"
    assert session.log[-1].public.endswith("Jamil wins the Duel. The Crisis strikes: The "
                                           "handgun goes off")


def test_a_side_the_gm_names_is_the_gms_to_push() -> None:
    session = dice_table()
    session.apply(crisis.set_up_duel(crisis.DuelPick(LEO),
                                     crisis.DuelPick(name="The Hollow Man", pool=2)))
    session.rng = ScriptedRng([6, 6, 6, 1, 2])
    session.apply(crisis.roll_duel())
    take_seat(session, BOB)
    assert session.may(crisis.push_duel(1)) == "Only the GM (Gina) may push their luck."
