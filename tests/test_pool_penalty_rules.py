"""A hazardous pool Challenge's penalty to the letter: what it says at each threshold, the
ability total's fractions rounded down once, how much one point removes from each kind of
source and how many points each can take, and a spread refused in words the loser reads."""

from __future__ import annotations

import pytest

from cardtable.resolvers.pool.numbers import PoolChallengeError
from cardtable.resolvers.pool.penalties import (
    LossSource,
    SourceKind,
    ability_total,
    penalty_for,
    quarters_words,
    spread_loss,
)


@pytest.mark.parametrize(
    ("pool", "words"),
    [
        (5, "No penalty: the pool stayed above half its start."),
        (
            4,
            "Pool reached at most half the starting pool: -2 to the ability (a quarter of 10, "
            "rounded down).",
        ),
        (
            0,
            "Pool reached 0: -2 to the ability (a quarter of 10, rounded down), a quarter off "
            "every ability.",
        ),
        (
            -1,
            "Pool reached -1: -2 to the ability (a quarter of 10, rounded down), half off every "
            "ability.",
        ),
        (
            -4,
            "Pool reached minus half the starting pool: -5 to the ability (half of 10, rounded "
            "down), incapacitated.",
        ),
    ],
)
def test_the_penalty_says_what_it_takes_at_each_threshold(pool: int, words: str) -> None:
    assert str(penalty_for(starting_pool=8, pool=pool, total=10)) == words


def test_fractions_in_quarters_are_said_as_a_player_says_them() -> None:
    assert [quarters_words(q) for q in (1, 2, 3, 4, 5)] == [
        "a quarter",
        "half",
        "three quarters",
        "all",
        "5/4",
    ]


def test_the_ability_total_is_rounded_down_once_not_fraction_by_fraction() -> None:
    # 1/2 + 2/3 is 1 and a sixth: rounding each fraction first would give 0.
    assert ability_total(0, bonus=1, reserves=2) == 1
    assert ability_total(7, bonus=3, reserves=2, resistance=1) == 11  # 7 + 1.5 + 0.67 + 2
    assert penalty_for(starting_pool=8, pool=-1, total=11).overall_points(7) == 3  # 7/2, down


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"rating": -1}, "A rating cannot be negative (got -1)."),
        ({"rating": 1, "bonus": -2}, "A bonus cannot be negative (got -2)."),
        ({"rating": 1, "reserves": -3}, "Reserves cannot be negative (got -3)."),
        ({"rating": 1, "resistance": -1}, "Resistance cannot be negative (got -1)."),
    ],
)
def test_a_negative_source_of_the_total_is_refused(values: dict[str, int], message: str) -> None:
    with pytest.raises(PoolChallengeError) as refused:
        ability_total(**values)
    assert str(refused.value) == message


_SOURCES = [
    LossSource.own_rating("Iridia", 7),
    LossSource("Staff", SourceKind.BONUS, 3),
    LossSource("Pack", SourceKind.RESERVES, 4),
    LossSource("Ward", SourceKind.RESISTANCE, 2),
    LossSource.ally("Joiry", 4),
]


def test_each_kind_of_source_loses_by_its_own_rate_and_never_more_than_it_has() -> None:
    # 1 point removes 1 rating, 2 bonus, 3 reserves; 2 points remove 1 resistance.
    assert [s.removed_by(1) for s in _SOURCES] == [1, 2, 3, 0, 1]
    assert [s.removed_by(2) for s in _SOURCES] == [2, 3, 4, 1, 2]
    assert [s.capacity() for s in _SOURCES] == [7, 2, 2, 4, 4]  # bonus 3 and reserves 4: 2


def test_a_spread_says_what_each_source_took_and_has_left() -> None:
    spread = spread_loss(4, _SOURCES, {"Iridia": 2, "Pack": 2})
    assert spread.points == 4
    assert spread.lines() == ("Iridia takes 2: rating 7 → 5", "Pack takes 2: reserves 4 → 0")
    assert (spread.left("Pack"), spread.left("Joiry")) == (0, 4)
    with pytest.raises(PoolChallengeError) as refused:
        spread.left("Nobody")
    assert str(refused.value) == "Nobody is not one of the sources of this penalty."


@pytest.mark.parametrize(
    ("points", "allocation", "message"),
    [
        (4, {"Iridia": 1}, "The penalty is 4 points; 1 was assigned."),
        (4, {"Iridia": 3}, "The penalty is 4 points; 3 were assigned."),
        (1, {"Iridia": 2}, "The penalty is 1 point; 2 were assigned."),
        (
            5,
            {"Iridia": 2, "Joiry": 3},
            "Joiry cannot take 3 points: no other source may take more than the loser's own "
            "share (2).",
        ),
        (
            5,
            {"Iridia": 2, "Staff": 3},
            "Staff can take at most 2 points (bonus 3); 3 were put on it.",
        ),
        (
            4,
            {"Iridia": 1, "Ward": 3},
            "Ward is resistance: it takes points in pairs (2 points remove 1 resistance).",
        ),
        (
            8,
            {"Iridia": 2, "Ward": 6},
            "Ward can take at most 4 points (resistance 2); 6 were put on it.",
        ),
    ],
)
def test_an_unfair_spread_is_refused_in_words(
    points: int, allocation: dict[str, int], message: str
) -> None:
    with pytest.raises(PoolChallengeError) as refused:
        spread_loss(points, _SOURCES, allocation)
    assert str(refused.value) == message


def test_the_loser_may_put_on_another_source_as_much_as_on_herself() -> None:
    spread = spread_loss(4, _SOURCES, {"Iridia": 2, "Joiry": 2})
    assert (spread.left("Iridia"), spread.left("Joiry")) == (5, 2)
    own_ward = LossSource("Iridia's ward", SourceKind.RESISTANCE, 2, own=True)
    spread = spread_loss(4, [own_ward], {"Iridia's ward": 4})  # resistance fills in pairs
    assert spread.lines() == ("Iridia's ward takes 4: resistance 2 → 0",)


def test_two_sources_of_one_name_are_refused() -> None:
    twins = [LossSource.own_rating("Ana", 2), LossSource.ally("Ana", 3)]
    with pytest.raises(PoolChallengeError) as refused:
        spread_loss(1, twins, {"Ana": 1})
    assert str(refused.value) == "Two sources of this penalty share a name; rename one."
