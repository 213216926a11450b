"""When a pool Challenge is a stalemate (``rules/pool-challenge.md``, step 5): only when no
round can ever hurt anyone again. A round that hurts nobody while converted bonus or
resistance, or a carried bonus, will still revert is simply followed by the next one."""

from __future__ import annotations

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st
from test_pool_properties import camps, legal, plans

from cardtable.randomness import seeded
from cardtable.resolvers.pool.challenge import Options, PoolChallenge, Result
from cardtable.resolvers.pool.dice import DicePoint
from cardtable.resolvers.pool.sides import Conversion, Entrant

#: Dice can make a Challenge long; without them it ends well within this.
MOST_ROUNDS = 3000


def test_converted_resistance_that_will_revert_is_no_stalemate() -> None:
    # A rating 4 converts 2 pool into 1 resistance; B rating 2 with resistance 3.
    a, b = Entrant.of("A", 4), Entrant.of("B", 2, resistance=3)
    challenge = PoolChallenge.start(a, b).convert("A", Conversion(to_resistance=2))
    challenge, first = challenge.next_round()
    # 2 against 2: A takes 1 - 1 resistance, B takes 1 - 3: nobody is hurt.
    assert all(side.unchanged for side in first.sides)
    assert first.result is Result.ONGOING and not first.stuck
    assert "A's 1 converted resistance reverts to 2 pool" in first.verdict
    challenge, second = challenge.next_round()
    # A's resistance reverts: 4 against 2. A takes half of 2, B takes 4 - 3.
    assert [side.pool for side in challenge.sides] == [3, 1]
    assert second.result is Result.ONGOING


def test_a_carried_bonus_spent_in_a_quiet_round_is_no_stalemate() -> None:
    preparing, _ = PoolChallenge.start(Entrant.of("A", 4), Entrant.of("B", 3)).play_out()
    assert [side.pool for side in preparing.sides] == [2, -1]  # A carries a bonus of 2
    prepared = PoolChallenge.prepared(
        preparing, Entrant.of("A", 1, resistance=1), Entrant.of("B", 2, resistance=3)
    )
    assert prepared.side("A").carried_bonus == 2
    prepared, first = prepared.next_round()
    # 3 against 2: A takes 1 - 1, B takes 3 - 3: nobody is hurt, but the bonus is spent.
    assert all(side.unchanged for side in first.sides)
    assert first.result is Result.ONGOING
    assert "A's carried bonus of 2 is spent" in first.verdict
    prepared, second = prepared.next_round()
    # 1 against 2: A takes 2 - 1 and goes out at 0; B takes 1 - 3.
    assert [side.pool for side in prepared.sides] == [0, 2]
    assert second.result is Result.SECOND_WINS


def test_a_quiet_round_a_conversion_could_break_is_stuck_not_a_stalemate() -> None:
    shell = Entrant.of("Shell", 4, resistance=2)
    challenge = PoolChallenge.start(shell, Entrant.of("Crab", 4, resistance=2))
    assert challenge.breakthroughs() == {
        "Shell": Conversion(to_bonus=1), "Crab": Conversion(to_bonus=1)
    }
    challenge, report = challenge.next_round()
    assert report.stuck and challenge.result is Result.ONGOING
    assert "only a conversion can break through" in report.verdict
    _, reports = challenge.play_out()
    assert len(reports) == 1 and reports[0].stuck  # converting nothing, nothing changes
    challenge, report = challenge.convert("Shell", Conversion(to_bonus=1)).next_round()
    assert report.side("Crab").pool_lost == 3  # 5 against 4: the full 5, less 2


def test_nothing_to_revert_and_no_conversion_that_helps_is_a_stalemate() -> None:
    # Each side's best conversion gives strength 3; the other's resistance of 5 swallows it.
    a, b = Entrant.of("A", 2, resistance=5), Entrant.of("B", 2, resistance=5)
    challenge = PoolChallenge.start(a, b)
    assert challenge.breakthroughs() == {}
    challenge, report = challenge.next_round()
    assert challenge.result is Result.STALEMATE and not report.stuck
    assert report.verdict == "Stalemate: no round can ever hurt either side again; nobody wins."
    with pytest.raises(ValueError, match=r"This Challenge is over \(stalemate\)"):
        challenge.next_round()


def test_converted_reserves_to_buy_back_can_still_break_through() -> None:
    a = Entrant.of("A", 6, resistance=6)
    challenge = PoolChallenge.start(a, Entrant.of("B", 2, resistance=6))
    challenge = challenge.convert("A", Conversion(to_reserves=3))
    challenge, report = challenge.next_round()  # 3 against 2: nobody is hurt
    assert report.stuck
    # Buying back 2 pool (6 reserves) makes a pool of 5, of which 2 become 4 bonus: 3 + 4 is
    # 7, the full loss B takes, one past its resistance of 6. Nothing smaller gets through.
    assert challenge.breakthroughs() == {"A": Conversion(to_bonus=2, from_reserves=2)}


def test_buying_back_every_converted_reserve_can_be_the_only_way_through() -> None:
    # A (2) converts 1 pool to 3 reserves: 1 against 1, each loss of 1 swallowed.
    a, b = Entrant.of("A", 2, resistance=2), Entrant.of("B", 1, resistance=2)
    challenge = PoolChallenge.start(a, b).convert("A", Conversion(to_reserves=1))
    challenge, report = challenge.next_round()
    assert [side.pool for side in challenge.sides] == [1, 1] and report.stuck
    # Its last point as 2 bonus, A strikes with 2, no more than B's resistance; buying the
    # pool point back first, it keeps 1 and strikes with 3.
    assert challenge.breakthroughs() == {"A": Conversion(to_bonus=1, from_reserves=1)}
    challenge, report = challenge.convert("A", Conversion(to_bonus=1, from_reserves=1)).next_round()
    assert report.side("B").pool_lost == 1 and challenge.result is Result.FIRST_WINS


def test_dice_that_could_double_a_loss_keep_a_quiet_challenge_going() -> None:
    options = Options(dice=DicePoint.INFLICTING)
    shell = Entrant.of("Shell", 2, resistance=2)
    challenge = PoolChallenge.start(shell, Entrant.of("Crab", 2, resistance=2), options)
    # Converting 1 pool to 2 bonus: strength 3, the full 3 rolled as up to 6 dice points.
    assert challenge.breakthroughs() == {
        "Shell": Conversion(to_bonus=1), "Crab": Conversion(to_bonus=1)
    }
    walls = PoolChallenge.start(Entrant.of("A", 1, resistance=5),
                                Entrant.of("B", 1, resistance=5), options)
    walls, _ = walls.next_round(seeded(1))
    assert walls.result is Result.STALEMATE  # 2 bonus, at most 4 on the dice: never past 5


# ---------------------------------------------------------------------------------------------
# Any Challenge


def _reverts(challenge: PoolChallenge) -> bool:
    """Whether anything will still change by itself: converted bonus or resistance waiting
    to revert, or a carried bonus not yet spent."""
    return any(
        side.converted_bonus or side.converted_resistance or side.carried_bonus
        for side in challenge.sides
        if not side.out
    )


@settings(max_examples=150, deadline=None)
@given(data=st.data(), sides=camps(), dice=st.sampled_from(list(DicePoint)),
       seed=st.integers(0, 2**16))
def test_a_random_challenge_never_stalemates_while_anything_can_revert_and_ends(
    data: st.DataObject, sides: tuple[list[Entrant], list[Entrant]], dice: DicePoint, seed: int
) -> None:
    names = [entrant.name for camp in sides for entrant in camp]
    rng = seeded(seed)
    challenge = PoolChallenge.start(*sides, options=Options(dice=dice), rng=rng)
    planned = data.draw(plans(names))
    stuck = False
    for number in range(1, MOST_ROUNDS):
        if challenge.over:
            break
        for name, choice in (planned[number - 1] if number <= len(planned) else {}).items():
            side = challenge.side(name)
            if not side.out:
                challenge = challenge.convert(name, legal(side, choice))
        if stuck:
            # Only a conversion can change anything: the first side that can, makes it.
            name, way = next(iter(challenge.breakthroughs().items()))
            challenge = challenge.convert(name, way)
        before = challenge
        challenge, report = challenge.next_round(rng)
        stuck = report.stuck
        if report.result is Result.STALEMATE:
            assert not any(side.carried_bonus for side in before.sides)
            assert not _reverts(challenge)
            assert evolve(challenge, result=Result.ONGOING).breakthroughs() == {}
    assert challenge.over


def test_a_conversion_that_only_ties_the_foe_inflicts_half_and_breaks_nothing() -> None:
    # A (2) converting a point strikes with 1 + 2 = 3, B's own 3: a tie inflicts half, 2.
    a = Entrant.of("A", 2, resistance=4)
    challenge = PoolChallenge.start(a, Entrant.of("B", 3, resistance=2))
    assert challenge.breakthroughs() == {}  # 2 gets through no resistance of 2
    _, report = challenge.next_round()
    assert report.result is Result.STALEMATE and not report.stuck
    # Against resistance 1 the same half gets through.
    softer = PoolChallenge.start(a, Entrant.of("B", 3, resistance=1))
    assert softer.breakthroughs() == {"A": Conversion(to_bonus=1)}


def test_a_breakthrough_converts_at_least_one_point_to_bonus() -> None:
    # Sides that hurt each other as they stand: the smallest conversion to bonus is 1 point.
    challenge = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Cheeseburger", 3))
    assert challenge.breakthroughs() == {
        "Akane": Conversion(to_bonus=1), "Cheeseburger": Conversion(to_bonus=1)
    }


@pytest.mark.parametrize("pool", [1, 2])
def test_with_dice_on_quantities_a_bonus_above_the_pool_can_still_hurt(pool: int) -> None:
    # Resistance may roll 0 and the bonus double: a side still in can always hurt, so a
    # quiet round is no stalemate, and no conversion is needed to break through.
    options = Options(dice=DicePoint.QUANTITIES)
    for seed in range(24):
        shell = Entrant.of("Shell", pool, bonus=1, resistance=9)
        crab = Entrant.of("Crab", pool, bonus=1, resistance=9)
        challenge = PoolChallenge.start(shell, crab, options, seeded(seed))
        _, report = challenge.next_round(seeded(seed))
        assert report.result is Result.ONGOING and not report.stuck, seed
