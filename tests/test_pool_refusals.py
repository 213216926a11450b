"""Illegal requests to the pool Challenge are refused with a reason a player can act on."""

from __future__ import annotations

import pytest

from cardtable.resolvers.pool.abilities import Helper, contribution
from cardtable.resolvers.pool.challenge import Options, PoolChallenge, PoolChallengeError
from cardtable.resolvers.pool.dice import ChallengeRoll, DicePoint
from cardtable.resolvers.pool.penalties import LossSource, SourceKind, spread_loss
from cardtable.resolvers.pool.sides import Conversion, Entrant


def test_refusal_is_a_value_error() -> None:
    assert issubclass(PoolChallengeError, ValueError)


def test_converting_more_than_half_the_pool_is_refused() -> None:
    challenge = PoolChallenge.start(Entrant.of("Gene", 4), Entrant.of("Psychovirus", 5))
    with pytest.raises(PoolChallengeError, match=r"Gene may convert at most 2 of 4 pool points"):
        challenge.convert("Gene", Conversion(to_bonus=1, to_reserves=2))


def test_a_pool_of_two_may_not_convert_both_points() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 2), Entrant.of("Bo", 2))
    with pytest.raises(PoolChallengeError, match="at most 1"):
        challenge.convert("Ana", Conversion(to_bonus=2))


def test_a_third_complementary_ability_is_refused() -> None:
    helpers = (Helper("Logs", 3), Helper("Data Ninja", 2), Helper("Lucky charm", 1))
    with pytest.raises(PoolChallengeError, match="At most 2"):
        Entrant.of("Evangeline", 6, complements=helpers)
    with pytest.raises(PoolChallengeError, match="drop one of Logs, Data Ninja, Lucky charm"):
        contribution(6, helpers)
    with pytest.raises(PoolChallengeError, match="At most 2"):
        Entrant.of("Evangeline", 6, detractors=helpers)


def test_negative_numbers_are_refused() -> None:
    with pytest.raises(PoolChallengeError, match="rating of Cliff cannot be negative"):
        Entrant.of("Cliff", -1)
    with pytest.raises(PoolChallengeError, match="cannot be negative"):
        Entrant.of("Ana", 5, reserves=-2)
    with pytest.raises(PoolChallengeError, match="cannot be negative"):
        Helper("Ally", -3)
    with pytest.raises(PoolChallengeError, match="cannot be negative"):
        Conversion(to_bonus=-1)


def test_resistance_is_converted_in_pairs_of_pool_points() -> None:
    with pytest.raises(PoolChallengeError, match="2 pool points each"):
        Conversion(to_resistance=3)


def test_buying_back_more_reserves_than_were_converted_is_refused() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 6, reserves=9), Entrant.of("Bo", 2))
    with pytest.raises(PoolChallengeError, match="0 reserves left from conversions"):
        challenge.convert("Ana", Conversion(from_reserves=1))


def test_nothing_more_happens_once_the_challenge_is_over() -> None:
    challenge, _ = PoolChallenge.start(Entrant.of("Ana", 9), Entrant.of("Bo", 2)).play_out()
    with pytest.raises(PoolChallengeError, match="over"):
        challenge.next_round()
    with pytest.raises(PoolChallengeError, match="over"):
        challenge.convert("Ana", Conversion(to_bonus=1))
    with pytest.raises(PoolChallengeError, match="over"):
        challenge.change_abilities(Entrant.of("Ana", 3))


def test_a_side_that_is_out_converts_nothing() -> None:
    pack = [Entrant.of("Wolf", 2), Entrant.of("Big wolf", 7, reserves=5)]
    challenge, _ = PoolChallenge.start(Entrant.of("Hunter", 8), pack).next_round()
    assert challenge.side("Wolf").out and not challenge.over
    with pytest.raises(PoolChallengeError, match="Wolf is out"):
        challenge.convert("Wolf", Conversion(to_bonus=1))


def test_unknown_sides_are_refused() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 4), Entrant.of("Bo", 4))
    with pytest.raises(PoolChallengeError, match="Cy is not in this Challenge"):
        challenge.convert("Cy", Conversion(to_bonus=1))
    with pytest.raises(PoolChallengeError, match="a side changes its own ability"):
        challenge.change_abilities(Entrant.of("Cy", 5))


def test_many_against_many_and_shared_names_are_refused() -> None:
    with pytest.raises(PoolChallengeError, match="one against many"):
        PoolChallenge.start([Entrant.of("A", 3), Entrant.of("B", 3)], [Entrant.of("C", 3)] * 2)
    with pytest.raises(PoolChallengeError, match="share a name"):
        PoolChallenge.start(Entrant.of("Twin", 3), Entrant.of("Twin", 4))
    with pytest.raises(PoolChallengeError, match="someone on each side"):
        PoolChallenge.start([], Entrant.of("Bo", 4))


def test_a_horde_needs_two_members() -> None:
    with pytest.raises(PoolChallengeError, match="at least two members"):
        Entrant.horde("Goon", 1, 5)


def test_changing_abilities_one_against_many_is_refused() -> None:
    challenge = PoolChallenge.start(Entrant.of("Hero", 9), [Entrant.of("A", 3), Entrant.of("B", 3)])
    with pytest.raises(PoolChallengeError, match="one against one"):
        challenge.change_abilities(Entrant.of("Hero", 5))


def test_a_challenge_still_going_prepares_nothing() -> None:
    challenge = PoolChallenge.start(Entrant.of("Diana", 5), Entrant.of("Fingers", 4))
    with pytest.raises(PoolChallengeError, match="Finish the preparing Challenge"):
        PoolChallenge.prepared(challenge, Entrant.of("Diana", 5), Entrant.of("Fingers", 4))
    done, _ = challenge.play_out()
    with pytest.raises(PoolChallengeError, match="between Diana and Fingers"):
        PoolChallenge.prepared(done, Entrant.of("Diana", 5), Entrant.of("Octavia", 4))


def test_dice_tables_refuse_to_roll_without_randomness() -> None:
    with pytest.raises(PoolChallengeError, match="when forming pools"):
        options = Options(DicePoint.FORMING_POOLS)
        PoolChallenge.start(Entrant.of("A", 3), Entrant.of("B", 3), options)
    with pytest.raises(PoolChallengeError, match="1 to 6"):
        ChallengeRoll((0, 7))


def test_no_penalty_for_a_side_still_in() -> None:
    challenge, _ = PoolChallenge.start(Entrant.of("Ana", 9), Entrant.of("Bo", 2)).play_out()
    with pytest.raises(PoolChallengeError, match=r"Ana's pool stayed above half its start \(8 "
                       r"of 9\): no penalty"):
        challenge.penalty("Ana")


def penalty_sources() -> list[LossSource]:
    return [
        LossSource.own_rating("Iridia", 7),
        LossSource("Staff", SourceKind.BONUS, 2),
        LossSource("Ward", SourceKind.RESISTANCE, 1),
        LossSource.ally("Joiry", 4),
    ]


@pytest.mark.parametrize(
    ("allocation", "reason"),
    [
        ({"Iridia": 1}, "The penalty is 2 points; 1 was assigned"),
        ({"Joiry": 2}, "no other source may take more than the loser's own share"),
        ({"Iridia": 1, "Ward": 1}, "in pairs"),
        ({"Iridia": 1, "Amulet": 1}, "Amulet did not contribute"),
        ({"Iridia": -1, "Joiry": 3}, "cannot be negative"),
    ],
)
def test_an_unfair_spread_of_the_penalty_is_refused(
    allocation: dict[str, int], reason: str
) -> None:
    with pytest.raises(PoolChallengeError, match=reason):
        spread_loss(2, penalty_sources(), allocation)


def test_a_source_cannot_take_more_than_it_has() -> None:
    with pytest.raises(PoolChallengeError, match="Staff can take at most 1 point \\(bonus 2\\)"):
        spread_loss(4, penalty_sources(), {"Iridia": 2, "Staff": 2})


@pytest.mark.parametrize("empty", ["first", "second"])
def test_a_camp_with_nobody_in_it_is_refused(empty: str) -> None:
    camp = [Entrant.of("Ana", 3)]
    first, second = ([], camp) if empty == "first" else (camp, [])
    with pytest.raises(PoolChallengeError, match=r"^A Challenge needs someone on each side\.$"):
        PoolChallenge.start(first, second)
