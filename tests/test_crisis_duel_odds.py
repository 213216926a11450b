"""A Duel's push odds, which the Duel view shows the players, against the rules worked out
face by face; and a Duel's outcome, which exists only once the Duel is over
(``rules/crisis-dice.md``, "Duel" and "Pushing one's luck")."""

from __future__ import annotations

import copy
import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.resolvers.crisis import CrisisDiceError, Duel, SimpleChallenge
from cardtable.resolvers.crisis.events import CrisisResult, DuelPhase, DuelResult


def _rules_push(own: list[int], other: list[int], face: int) -> tuple[bool, bool]:
    """(Crisis, ahead) for one more die showing ``face``, straight from the rules: a value
    still in the pusher's own set is a Crisis; otherwise every value both sets share
    cancels (all copies) and the totals are compared."""
    if face in own:
        return True, False
    mine = [*own, face]
    shared = set(mine) & set(other)
    mine_left = sum(v for v in mine if v not in shared)
    theirs_left = sum(v for v in other if v not in shared)
    return False, mine_left > theirs_left


def _check_odds(duel: Duel) -> None:
    for index in (0, 1):
        own, other = duel.sides[index], duel.sides[1 - index]
        odds = duel.push_odds(index)
        assert odds == duel.push_odds(own.name)
        pushed = {f: _rules_push(list(own.dice), list(other.dice), f) for f in range(1, 7)}
        crisis = tuple(f for f in range(1, 7) if pushed[f][0])
        ahead = tuple(f for f in range(1, 7) if pushed[f][1])
        assert odds.crisis_faces == crisis
        assert odds.winning_faces == ahead
        assert odds.p_crisis == pytest.approx(len(crisis) / 6)
        assert odds.p_win == pytest.approx(len(ahead) / 6)
        if duel.may_push(index):
            # And what a push really does agrees, face by face.
            for face in range(1, 7):
                trial = copy.deepcopy(duel)
                event = trial.push_given(index, face)
                assert event.crisis == (face in crisis)
                if not event.crisis:
                    mine, theirs = trial.totals[index], trial.totals[1 - index]
                    assert (mine > theirs) == (face in ahead)


_dice = st.lists(st.integers(1, 6), min_size=1, max_size=6)


@settings(max_examples=120)
@given(_dice, _dice, st.lists(st.integers(1, 6), max_size=6))
def test_push_odds_match_the_rules_face_by_face_at_every_step(
    first: list[int], second: list[int], pushes: list[int]
) -> None:
    duel = Duel.from_rolls(first, second, names=("Leo", "Jamil"))
    _check_odds(duel)
    for face in pushes:
        if duel.phase is not DuelPhase.PUSHING:
            break
        pusher = 0 if duel.may_push(0) else 1
        duel.push_given(pusher, face)
        if duel.phase is DuelPhase.PUSHING:
            _check_odds(duel)


def test_the_rules_worked_example_odds() -> None:
    # Leo 1,3,4 / Jamil 1,1,5: the 1s cancel, 7 against 5; Jamil is lower.
    duel = Duel.from_rolls([1, 3, 4], [1, 1, 5], names=("Leo", "Jamil"))
    jamil = duel.push_odds("Jamil")
    assert jamil.crisis_faces == (5,)
    # 3 or 4 cancel with Leo's (Jamil 5+3 = 8 against 4; 5+4 = 9 against 3); 6 makes 11 > 7.
    # A 2 makes 7 against 7: a tie is not ahead.
    assert jamil.winning_faces == (3, 4, 6)
    leo = duel.push_odds("Leo")
    assert leo.crisis_faces == (3, 4)
    assert leo.winning_faces == (1, 2, 5, 6)


def test_a_push_that_only_ties_is_not_a_winning_face() -> None:
    duel = Duel.from_rolls([6], [2], names=("Ann", "Bo"))
    assert 4 not in duel.push_odds("Bo").winning_faces  # 2 + 4 = 6: level, not ahead
    assert 5 in duel.push_odds("Bo").winning_faces


# -- the outcome exists only at the end ----------------------------------------------------------


def test_the_outcome_is_refused_before_anyone_rolls() -> None:
    duel = Duel.setup("Ann", 2, "Bo", 2)
    with pytest.raises(CrisisDiceError, match="The Duel is still going on"):
        duel.outcome()


def test_the_outcome_is_refused_while_the_sides_may_still_push() -> None:
    duel = Duel.from_rolls([1, 3, 4], [1, 1, 5], names=("Leo", "Jamil"))
    with pytest.raises(CrisisDiceError, match="The Duel is still going on"):
        duel.outcome()
    duel.push_given("Jamil", 6)
    with pytest.raises(CrisisDiceError, match="The Duel is still going on"):
        duel.outcome()
    tie = Duel.from_rolls([3], [3], names=("Ann", "Bo"))
    tie.decline("Ann")  # one side declining a tie does not end it
    with pytest.raises(CrisisDiceError, match="The Duel is still going on"):
        tie.outcome()


def test_a_crisis_ends_the_duel_with_the_other_side_winning() -> None:
    duel = Duel.from_rolls([1, 3, 4], [1, 1, 5], names=("Leo", "Jamil"))
    duel.push_given("Jamil", 6)
    duel.push_given("Leo", 5)
    duel.push_given("Jamil", 5)
    duel.push_given("Leo", 3)
    outcome = duel.outcome()
    assert (outcome.result, outcome.winner, outcome.loser) == (DuelResult.CRISIS, "Jamil", "Leo")
    assert outcome.crisis_die == 3
    assert outcome.totals == duel.totals


def test_the_lower_side_declining_hands_the_duel_to_the_higher() -> None:
    duel = Duel.from_rolls([6, 5], [1, 2], names=("Ann", "Bo"))
    duel.decline("Bo")
    outcome = duel.outcome()
    assert (outcome.result, outcome.winner, outcome.loser) == (DuelResult.WON, "Ann", "Bo")
    assert outcome.totals == (11, 3) and outcome.crisis_die is None


def test_a_stand_off_has_no_winner() -> None:
    duel = Duel.from_rolls([3], [3], names=("Ann", "Bo"))
    duel.decline("Bo")
    duel.decline("Ann")
    outcome = duel.outcome()
    assert (outcome.result, outcome.winner, outcome.loser) == (DuelResult.STAND_OFF, None, None)


def test_a_crisis_by_the_second_side_hands_the_duel_to_the_first() -> None:
    duel = Duel.from_rolls([6, 5], [1, 2], names=("Ann", "Bo"))
    event = duel.push_given("Bo", 2)  # Bo's own 2 is still in his set
    assert event.crisis and event.winner == "Ann"
    outcome = duel.outcome()
    assert (outcome.result, outcome.winner, outcome.loser) == (DuelResult.CRISIS, "Ann", "Bo")


def test_the_first_side_declining_hands_the_duel_to_the_second() -> None:
    duel = Duel.from_rolls([1, 2], [6, 5], names=("Ann", "Bo"))
    duel.decline("Ann")
    outcome = duel.outcome()
    assert (outcome.result, outcome.winner, outcome.loser) == (DuelResult.WON, "Bo", "Ann")


def test_a_tie_of_big_pools_is_a_tie() -> None:
    # 60 fives against 50 sixes: nothing cancels, 300 against 300 (past any small number).
    duel = Duel.from_rolls([5] * 60, [6] * 50, names=("Horde", "Host"))
    assert duel.totals == (300, 300)
    assert duel.lower is None
    assert duel.may_push("Horde") and duel.may_push("Host")


def test_nobody_may_push_before_the_roll_or_after_the_end() -> None:
    duel = Duel.setup("Ann", 2, "Bo", 2)
    assert not duel.may_push("Ann") and not duel.may_push("Bo")
    duel.roll_given([6, 5], [1, 2])
    assert not duel.may_push("Ann") and duel.may_push("Bo")
    duel.decline("Bo")
    assert not duel.may_push("Ann") and not duel.may_push("Bo")


def _failing_rolls() -> list[tuple[tuple[int, ...], int]]:
    """Every roll of 1 to 3 dice that does not beat a difficulty of 3 to 12."""
    return [
        (roll, difficulty)
        for pool in (1, 2, 3)
        for roll in itertools.product(range(1, 7), repeat=pool)
        for difficulty in (3, 6, 9, 12)
        if sum(roll) <= difficulty
    ]


def test_a_simple_challenges_push_odds_match_a_real_push_face_by_face() -> None:
    for roll, difficulty in _failing_rolls():
        challenge = SimpleChallenge.setup("Ada", pool=len(roll), difficulty=difficulty)
        challenge.roll_given(roll)
        challenge.invite_push()
        odds = challenge.push_odds()
        for face in range(1, 7):
            trial = copy.deepcopy(challenge)
            trial.push_given(face)
            assert (face in odds.crisis_faces) == (trial.result is CrisisResult.CRISIS), roll
            assert (face in odds.winning_faces) == (trial.result is CrisisResult.SUCCESS), (
                roll, difficulty, face)


def test_a_stand_off_on_a_tie_counts_as_both_sides_declining() -> None:
    duel = Duel.from_rolls([3], [3], names=("Ann", "Bo"))
    event = duel.stand_off()
    assert event.result is DuelResult.STAND_OFF
    assert duel.declined == (True, True)
    assert duel.outcome().result is DuelResult.STAND_OFF


@pytest.mark.parametrize("side", [True, False, 2, -1, 1.0, "Cy"], ids=repr)
def test_a_side_is_named_by_its_name_or_its_place_and_nothing_else(side: object) -> None:
    duel = Duel.from_rolls([3], [4], names=("Ann", "Bo"))
    assert (duel.index("Ann"), duel.index("Bo"), duel.index(0), duel.index(1)) == (0, 1, 0, 1)
    with pytest.raises(CrisisDiceError,
                       match=rf"^{re.escape(repr(side))} is not a side of this Duel: Ann or Bo$"):
        duel.index(side)  # type: ignore[arg-type]
