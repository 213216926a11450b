"""Crisis dice: the rules' worked examples, refusals, and properties of Duels played out."""

from __future__ import annotations

import doctest
import itertools
import json
import random
from collections.abc import Iterable
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.resolvers.crisis import duel as crisis
from cardtable.resolvers.crisis import events as crisis_events
from cardtable.resolvers.crisis.duel import (
    CrisisDiceError,
    CrisisPhase,
    CrisisResult,
    Duel,
    DuelPhase,
    DuelResult,
    SimpleChallenge,
    cancel_common,
    check_difficulty,
)
from cardtable.session.saving import make_converter


class ScriptedD6(random.Random):
    """An Rng that shows the d6 faces it is given, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.script = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6), f"asked for a d{b}, not a d6"
        assert self.script, "rolled more dice than scripted"
        return self.script.pop(0)


# ---------------------------------------------------------------------------------------------
# Simple Challenges


def test_bill_climbs_the_wall() -> None:
    bill = SimpleChallenge.setup("Bill", pool=2, difficulty=6)
    rng = ScriptedD6([3, 4])
    rolled = bill.roll(rng)
    assert not rng.script
    assert rolled.total == bill.total == 7
    assert rolled.success and bill.success
    assert bill.phase is CrisisPhase.ENDED and bill.result is CrisisResult.SUCCESS
    assert "7" in rolled.text() and "success" in rolled.text()


def test_harriet_fails_to_shut_down_the_computer() -> None:
    harriet = SimpleChallenge.setup("Harriet", pool=4, difficulty=12, unnatural=True)
    rolled = harriet.roll_given([1, 2, 2, 3])
    assert rolled.total == 8 and not rolled.success
    assert harriet.phase is CrisisPhase.FAILING
    # The GM does not invite her to push: she cannot, and the failure stands.
    with pytest.raises(CrisisDiceError, match="invite"):
        harriet.push_given(5)
    failed = harriet.accept_failure()
    assert harriet.result is CrisisResult.FAILURE and not harriet.success
    assert "fails" in failed.text()
    with pytest.raises(CrisisDiceError, match="over"):
        harriet.invite_push()


def test_a_total_equal_to_the_difficulty_fails() -> None:
    challenge = SimpleChallenge.setup("Ada", pool=2, difficulty=6)
    assert not challenge.roll_given([2, 4]).success
    assert challenge.phase is CrisisPhase.FAILING


def test_invited_push_that_beats_the_difficulty_succeeds() -> None:
    challenge = SimpleChallenge.setup("Ada", pool=2, difficulty=9)
    challenge.roll_given([2, 4])
    challenge.invite_push()
    pushed = challenge.push_given(5)
    assert not pushed.crisis and pushed.total == 11 and pushed.success
    assert challenge.dice == (2, 4, 5)
    assert challenge.result is CrisisResult.SUCCESS


def test_pushes_continue_until_success() -> None:
    challenge = SimpleChallenge.setup("Ada", pool=2, difficulty=15)
    challenge.roll_given([1, 2])
    challenge.invite_push()
    assert not challenge.push(ScriptedD6([4])).success
    assert not challenge.push_given(3).crisis
    assert challenge.phase is CrisisPhase.FAILING
    assert challenge.push_given(6).success
    assert challenge.total == 16


def test_pushing_a_value_in_the_set_is_a_crisis() -> None:
    challenge = SimpleChallenge.setup("Ada", pool=3, difficulty=15)
    challenge.roll_given([2, 5, 5])
    challenge.invite_push()
    pushed = challenge.push_given(5)
    assert pushed.crisis and not pushed.success
    assert challenge.result is CrisisResult.CRISIS and challenge.crisis_die == 5
    assert challenge.dice == (2, 5, 5)
    assert "Crisis" in pushed.text()
    with pytest.raises(
        CrisisDiceError, match=r"The Challenge is over \(Crisis\), so Ada cannot push"
    ):
        challenge.push_given(1)


def test_push_odds_name_crisis_and_winning_faces() -> None:
    challenge = SimpleChallenge.setup("Harriet", pool=4, difficulty=12, unnatural=True)
    challenge.roll_given([1, 2, 2, 3])
    odds = challenge.push_odds()
    # 1, 2 and 3 are in the set; 8 + 4 = 12 does not beat 12, 5 and 6 do.
    assert odds.crisis_faces == (1, 2, 3)
    assert odds.winning_faces == (5, 6)
    assert odds.p_crisis == pytest.approx(0.5)


@pytest.mark.parametrize("pool, difficulty", [(1, 3), (2, 6), (3, 9), (4, 12)])
def test_odds_before_rolling_match_every_roll_counted(pool: int, difficulty: int) -> None:
    rolls = list(itertools.product(range(1, 7), repeat=pool))
    beating = sum(sum(roll) > difficulty for roll in rolls)
    challenge = SimpleChallenge.setup("Ada", pool=pool, difficulty=difficulty)
    assert challenge.p_success() == pytest.approx(beating / len(rolls), abs=1e-12)


@pytest.mark.parametrize(
    "difficulty, unnatural",
    [(7, False), (0, False), (-3, False), (8, False), (6, True), (9, True), (0, True)],
)
def test_invalid_difficulties_are_refused(difficulty: int, unnatural: bool) -> None:
    with pytest.raises(CrisisDiceError, match="multiple of"):
        SimpleChallenge.setup("Ada", pool=2, difficulty=difficulty, unnatural=unnatural)
    with pytest.raises(ValueError, match="is a multiple of"):
        check_difficulty(difficulty, unnatural)


@pytest.mark.parametrize("difficulty, unnatural", [(3, False), (15, False), (4, True), (12, True)])
def test_valid_difficulties_are_taken(difficulty: int, unnatural: bool) -> None:
    challenge = SimpleChallenge.setup("Ada", pool=2, difficulty=difficulty, unnatural=unnatural)
    assert challenge.difficulty == difficulty


def test_dice_that_do_not_fit_are_refused() -> None:
    challenge = SimpleChallenge.setup("Ada", pool=2, difficulty=6)
    with pytest.raises(CrisisDiceError, match="2 values"):
        challenge.roll_given([1, 2, 3])
    with pytest.raises(CrisisDiceError, match="1 to 6"):
        challenge.roll_given([1, 7])
    with pytest.raises(CrisisDiceError, match="not rolled"):
        challenge.invite_push()
    with pytest.raises(CrisisDiceError, match="Ada rolls between 1 and 100 dice, not 0"):
        SimpleChallenge.setup("Ada", pool=0, difficulty=6)
    assert challenge.phase is CrisisPhase.READY and challenge.rolled == ()


# ---------------------------------------------------------------------------------------------
# Duels


def test_leo_and_jamil_fight_for_the_handgun() -> None:
    duel = Duel.setup("Leo", 3, "Jamil", 3)
    rolled = duel.roll(ScriptedD6([1, 3, 4, 1, 1, 5]))
    # All three 1s go.
    assert rolled.cancelled == (1,)
    assert duel.first.dice == (3, 4) and duel.second.dice == (5,)
    assert duel.totals == (7, 5)
    assert duel.may_push("Jamil") and not duel.may_push("Leo")

    jamil = duel.push_given("Jamil", 6)
    assert not jamil.crisis and duel.totals == (7, 11)
    assert duel.may_push("Leo") and not duel.may_push("Jamil")

    leo = duel.push_given("Leo", 5)
    # No Crisis; the 5s cancel.
    assert not leo.crisis and leo.cancelled == (5,)
    assert duel.totals == (7, 6)

    jamil = duel.push(1, ScriptedD6([5]))
    # Jamil's own 5 is gone: no Crisis.
    assert not jamil.crisis and jamil.was_cancelled
    assert duel.totals == (7, 11)

    leo = duel.push_given("Leo", 3)
    assert leo.crisis
    assert duel.phase is DuelPhase.ENDED and duel.result is DuelResult.CRISIS
    assert "Crisis" in leo.text() and "Leo" in leo.text()
    outcome = duel.outcome()
    assert (outcome.winner, outcome.loser, outcome.crisis_die) == ("Jamil", "Leo", 3)
    with pytest.raises(CrisisDiceError, match="over"):
        duel.push_given("Jamil", 2)


def test_duel_from_physical_dice_matches_the_rolled_one() -> None:
    duel = Duel.from_rolls([1, 3, 4], [1, 1, 5], names=("Leo", "Jamil"))
    assert duel.totals == (7, 5) and duel.lower == 1
    assert duel.first.rolled == (1, 3, 4) and duel.second.rolled == (1, 1, 5)


def test_stand_off_when_nobody_pushes_on_a_tie() -> None:
    duel = Duel.from_rolls([2, 3], [1, 4], names=("Ann", "Bo"))
    assert duel.totals == (5, 5) and duel.lower is None
    assert duel.may_push("Ann") and duel.may_push("Bo")
    first = duel.decline("Ann")
    assert first.result is None and duel.phase is DuelPhase.PUSHING
    assert not duel.may_push("Ann") and duel.may_push("Bo")
    second = duel.decline("Bo")
    assert second.result is DuelResult.STAND_OFF
    outcome = duel.outcome()
    assert outcome.result is DuelResult.STAND_OFF and outcome.winner is None
    assert "stand-off" in second.text()


def test_stand_off_at_once() -> None:
    duel = Duel.from_rolls([6], [6])
    # Both 6s cancel: 0 against 0.
    assert duel.totals == (0, 0)
    duel.stand_off()
    assert duel.result is DuelResult.STAND_OFF


def test_on_a_tie_the_other_side_may_still_push() -> None:
    duel = Duel.from_rolls([2, 3], [1, 4], names=("Ann", "Bo"))
    duel.decline("Ann")
    pushed = duel.push_given("Bo", 6)
    assert not pushed.crisis and duel.totals == (5, 11)
    # A new comparison: Ann is lower and may push again.
    assert duel.may_push("Ann") and duel.declined == (False, False)


def test_the_lower_side_declining_gives_the_higher_side_the_win() -> None:
    duel = Duel.from_rolls([6, 5], [1, 2], names=("Ann", "Bo"))
    with pytest.raises(CrisisDiceError, match="lower side"):
        duel.push_given("Ann", 3)
    with pytest.raises(CrisisDiceError, match="lower side"):
        duel.decline("Ann")
    declined = duel.decline("Bo")
    assert declined.result is DuelResult.WON and declined.winner == "Ann"
    assert duel.outcome().loser == "Bo"
    with pytest.raises(CrisisDiceError, match="stand-off"):
        Duel.from_rolls([6, 5], [1, 2]).stand_off()


def test_a_duel_refuses_strangers_and_bad_dice() -> None:
    duel = Duel.setup("Ann", 2, "Bo", 1)
    with pytest.raises(CrisisDiceError, match="roll first"):
        duel.push_given("Bo", 3)
    with pytest.raises(CrisisDiceError, match="Bo rolls 1 die: give 1 value, not 2"):
        duel.roll_given([1, 2], [3, 4])
    duel.roll_given([1, 2], [6])
    with pytest.raises(CrisisDiceError, match="not a side"):
        duel.push_given("Cy", 3)
    with pytest.raises(CrisisDiceError, match="1 to 6"):
        duel.push_given("Ann", 0)
    with pytest.raises(CrisisDiceError, match="called"):
        Duel.setup("Ann", 2, "Ann", 2)
    with pytest.raises(CrisisDiceError, match="The Duel is still going on"):
        duel.outcome()


@given(st.lists(st.integers(1, 6), max_size=8), st.lists(st.integers(1, 6), max_size=8))
def test_cancelling_leaves_no_value_in_common(first: list[int], second: list[int]) -> None:
    a, b, gone = cancel_common(first, second)
    assert not set(a) & set(b)
    assert set(gone) == set(first) & set(second)
    assert list(a) == [v for v in first if v not in gone]
    assert sum(a) + sum(v for v in first if v in gone) == sum(first)


@settings(max_examples=150)
@given(
    st.lists(st.integers(1, 6), min_size=1, max_size=5),
    st.lists(st.integers(1, 6), min_size=1, max_size=5),
    st.data(),
)
def test_a_duel_played_out_keeps_its_sets_apart(
    first: list[int], second: list[int], data: st.DataObject
) -> None:
    duel = Duel.from_rolls(first, second)
    for _ in range(30):
        if duel.phase is DuelPhase.ENDED:
            break
        movers = [side for side in (0, 1) if duel.may_push(side)]
        assert movers, "somebody may always act while the Duel goes on"
        if duel.lower is not None:
            assert movers == [duel.lower]
        side = data.draw(st.sampled_from(movers))
        if data.draw(st.booleans()):
            before = duel.sides[side].dice
            value = data.draw(st.integers(1, 6))
            pushed = duel.push_given(side, value)
            assert pushed.crisis == (value in before)
        else:
            duel.decline(side)
        assert not set(duel.first.dice) & set(duel.second.dice)
        assert duel.totals == (sum(duel.first.dice), sum(duel.second.dice))
    if duel.phase is DuelPhase.ENDED:
        outcome = duel.outcome()
        assert (outcome.winner is None) == (outcome.result is DuelResult.STAND_OFF)
        if outcome.result is DuelResult.WON:
            winner = duel.sides[duel.index(str(outcome.winner))]
            loser = duel.sides[duel.index(str(outcome.loser))]
            assert winner.total > loser.total


def test_states_survive_a_save_file_round_trip() -> None:
    converter = make_converter()
    duel = Duel.from_rolls([1, 3, 4], [1, 1, 5], names=("Leo", "Jamil"))
    duel.push_given("Jamil", 6)
    challenge = SimpleChallenge.setup("Harriet", pool=4, difficulty=12, unnatural=True)
    challenge.roll_given([1, 2, 2, 3])
    challenge.invite_push()
    for state in (duel, challenge):
        text = json.dumps(converter.unstructure(state))
        back = converter.structure(json.loads(text), type(state))
        assert back == state
    # A restored Duel plays on exactly as the original.
    restored = converter.structure(converter.unstructure(duel), Duel)
    assert restored.push_given("Leo", 5).text() == duel.push_given("Leo", 5).text()


@pytest.mark.parametrize("module", [crisis, crisis_events])
def test_docstring_examples_hold(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and not result.failed


@pytest.mark.parametrize(("pool", "side"), [(0, "first"), (-1, "first"), (101, "second")])
def test_a_duel_side_rolls_between_1_and_100_dice(pool: int, side: str) -> None:
    first, second = (pool, 2) if side == "first" else (2, pool)
    name = "Ann" if side == "first" else "Bo"
    says = f"^{name} rolls between 1 and 100 dice, not {pool}$"
    with pytest.raises(CrisisDiceError, match=says):
        Duel.setup("Ann", first, "Bo", second)
    assert Duel.setup("Ann", 1, "Bo", 100).second.pool == 100
