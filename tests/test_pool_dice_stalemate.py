"""A stalemate under every dice option (``rules/pool-challenge.md``, step 5 and "Adding
dice"): a Challenge is a stalemate only when no round can ever hurt anyone again. With dice,
"can" means "could, on some roll": a quiet round is no stalemate while another roll of the
same dice would have hurt someone.

The oracle plays the same first round under many seeds: if any roll hurts a side, no roll
may end the Challenge in a stalemate; if no roll can hurt anyone and nothing can change
(no conversion, nothing to revert), every roll ends it in one."""

from __future__ import annotations

import pytest

from cardtable.randomness import seeded
from cardtable.resolvers.pool.challenge import Options, PoolChallenge, Result
from cardtable.resolvers.pool.dice import DicePoint
from cardtable.resolvers.pool.sides import Entrant

SEEDS = range(48)
#: Two equal shells: pools 1 to 3 against resistance 0 to 7.
SHELLS = [(pool, resistance) for pool in (1, 2, 3) for resistance in range(8)]


def _first_rounds(point: DicePoint, pool: int, resistance: int) -> list[tuple[bool, Result]]:
    """(someone was hurt, result) of the first round under each seed."""
    outcomes = []
    for seed in SEEDS:
        a = Entrant.of("Shell", pool, resistance=resistance)
        b = Entrant.of("Crab", pool, resistance=resistance)
        rng = seeded(seed)
        challenge = PoolChallenge.start(a, b, Options(dice=point), rng)
        if challenge.over:  # dice forming the pools may form one of 0
            continue
        _, report = challenge.next_round(rng)
        hurt = not all(side.unchanged for side in report.sides)
        outcomes.append((hurt, report.result))
    return outcomes


# Dice forming the pools make a different position under each seed (after that, rounds play
# as without dice): the table below covers them.
@pytest.mark.parametrize(
    "point", [p for p in DicePoint if p is not DicePoint.FORMING_POOLS], ids=str
)
def test_no_stalemate_while_some_roll_of_the_dice_would_hurt(point: DicePoint):
    stalemates = hurting = 0
    for pool, resistance in SHELLS:
        outcomes = _first_rounds(point, pool, resistance)
        some_roll_hurts = any(hurt for hurt, _ in outcomes)
        stalemate = [result is Result.STALEMATE for _, result in outcomes]
        if some_roll_hurts:
            hurting += 1
            assert not any(stalemate), (pool, resistance)
        if any(stalemate):
            stalemates += 1
            # A stalemate is the table's verdict on the position, not on the roll.
            assert all(stalemate) or point.rolls_each_round, (pool, resistance)
    assert hurting > 0  # the grid holds Challenges that hurt under this option...
    if point is not DicePoint.QUANTITIES:
        assert stalemates > 0  # ...and positions nobody can ever break


@pytest.mark.parametrize(
    ("point", "pool", "resistance", "stalemate"),
    [
        # Without dice a loss gets through any resistance below it; a pool of 2 may also
        # convert a point to bonus first, so it takes resistance 5 to hold for ever.
        (DicePoint.OFF, 2, 5, True),
        (DicePoint.OFF, 2, 1, False),
        (DicePoint.FORMING_POOLS, 1, 7, True),
        (DicePoint.FORMING_POOLS, 3, 0, False),
        # Inflicting: N challenge dice may roll up to 2N.
        (DicePoint.INFLICTING, 1, 5, True),
        (DicePoint.INFLICTING, 1, 1, False),
        # Comparing: the strength compared may roll up to twice itself.
        (DicePoint.COMPARING, 2, 7, True),
        (DicePoint.COMPARING, 2, 3, False),
        # A pool of 3 converts a point: strength 4, up to 8 on the dice, through 7 but not 8.
        (DicePoint.COMPARING, 3, 7, False),
        (DicePoint.COMPARING, 3, 8, True),
        # A pool of 1 rolls at most 2, but converting its last point makes 2 bonus: up to 4.
        (DicePoint.COMPARING, 1, 3, False),
        (DicePoint.COMPARING, 1, 4, True),
        # Reserves, bonus and resistance: resistance may roll 0, so a pool always can hurt.
        (DicePoint.QUANTITIES, 1, 7, False),
        (DicePoint.QUANTITIES, 3, 7, False),
    ],
    ids=str,
)
def test_the_stalemate_line_of_each_dice_option(
    point: DicePoint, pool: int, resistance: int, stalemate: bool
):
    results = {result for _, result in _first_rounds(point, pool, resistance)}
    if stalemate:
        assert results == {Result.STALEMATE}
    else:
        assert Result.STALEMATE not in results


def test_a_prepared_challenge_keeps_the_table_options_of_the_one_that_prepared_it():
    options = Options(dice=DicePoint.INFLICTING)
    rng = seeded(3)
    first = PoolChallenge.start(Entrant.of("Ann", 4), Entrant.of("Bo", 2), options, rng)
    first, _ = first.play_out(rng)
    assert first.result.over
    following = PoolChallenge.prepared(first, Entrant.of("Ann", 4), Entrant.of("Bo", 2), rng=rng)
    assert following.options == options
    chosen = Options(dice=DicePoint.OFF)
    again = PoolChallenge.prepared(first, Entrant.of("Ann", 4), Entrant.of("Bo", 2), chosen)
    assert again.options == chosen
