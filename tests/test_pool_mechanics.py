"""The pool Challenge's rules beyond the worked examples, each played on a small situation
worked out by hand from ``rules/pool-challenge.md``: conversions and their reversion, one
against many, hordes, changing abilities, ties, stalemates, dice and penalties."""

from __future__ import annotations

import json
import random

import cattrs
import pytest

from cardtable.randomness import seeded
from cardtable.resolvers.pool.abilities import (
    Formula,
    Gives,
    Helper,
    complement_bonus,
    contribution,
)
from cardtable.resolvers.pool.challenge import Options, PoolChallenge, Result, TieRule
from cardtable.resolvers.pool.dice import (
    ChallengeRoll,
    DicePoint,
    challenge_die_value,
    roll_challenge_dice,
)
from cardtable.resolvers.pool.penalties import (
    LossSource,
    SourceKind,
    Threshold,
    penalty_for,
    spread_loss,
    threshold_reached,
)
from cardtable.resolvers.pool.report import RoundReport
from cardtable.resolvers.pool.sides import Conversion, Entrant


class Faces(random.Random):
    """A stand-in source of randomness that shows the given d6 faces in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


def immune_target(rating: int = 4) -> Entrant:
    """An opponent whose resistance swallows anything the tests throw at it."""
    return Entrant.of("Wall", rating, resistance=20)


# ---------------------------------------------------------------------------------------------
# Conversions and reversion


def test_converted_bonus_reverts_to_pool_before_the_next_round() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 8), immune_target())
    challenge = challenge.convert("Ana", Conversion(to_bonus=2))
    challenge, first = challenge.next_round()
    assert first.side("Ana").pool == 6 and first.side("Ana").strength == 10
    assert challenge.side("Ana").pool == 4  # took half of 4
    assert challenge.side("Ana").converted_bonus == 4
    challenge, second = challenge.next_round()
    assert second.side("Ana").reversion.bonus == 4
    assert second.side("Ana").pool == 6  # 4 bonus came back as 2 pool
    assert second.side("Ana").strength == 6
    assert "4 converted bonus revert to 2 pool" in second.side("Ana").summary()


def test_the_half_pool_limit_counts_the_pool_after_reversion() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 8), immune_target())
    challenge = challenge.convert("Ana", Conversion(to_bonus=2))
    challenge, _ = challenge.next_round()
    ana = challenge.side("Ana")
    assert (ana.pool, ana.pool_after_reversion, ana.conversion_limit()) == (4, 6, 3)
    challenge.convert("Ana", Conversion(to_bonus=3))
    with pytest.raises(ValueError, match="at most 3 of 6"):
        challenge.convert("Ana", Conversion(to_bonus=4))


def test_converted_resistance_reverts_two_pool_each() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 8), Entrant.of("Pest", 2))
    challenge = challenge.convert("Ana", Conversion(to_resistance=4))
    challenge, first = challenge.next_round()
    assert first.side("Ana").resistance == 2
    assert first.side("Ana").resistance_absorbed == 1  # half of 2 is 1, all of it resisted
    assert challenge.side("Ana").pool == 4
    assert challenge.side("Pest").out
    assert challenge.result is Result.FIRST_WINS
    assert challenge.side("Ana").pool_after_reversion == 8


def test_converted_reserves_stay_and_buy_back_at_three_for_one() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 8), immune_target(2))
    challenge = challenge.convert("Ana", Conversion(to_reserves=2))
    challenge, first = challenge.next_round()
    assert first.side("Ana").reserves_absorbed == 1
    ana = challenge.side("Ana")
    assert (ana.pool, ana.converted_reserves) == (6, 5)
    challenge, second = challenge.next_round()
    assert second.side("Ana").reversion.is_none
    assert challenge.side("Ana").converted_reserves == 4
    challenge = challenge.convert("Ana", Conversion(from_reserves=1))
    challenge, third = challenge.next_round()
    assert third.side("Ana").pool == 7
    assert challenge.side("Ana").converted_reserves == 0  # 4 - 3 bought back - 1 absorbed


def test_converting_the_last_point_puts_the_side_out_whatever_happens() -> None:
    tortoise = Entrant.of("Tortoise", 1, resistance=3)
    challenge = PoolChallenge.start(tortoise, Entrant.of("Shell", 1, resistance=5))
    challenge = challenge.convert("Tortoise", Conversion(to_bonus=1))
    challenge, report = challenge.next_round()
    assert report.side("Tortoise").strength == 2
    assert report.side("Tortoise").taken == 1 and report.side("Tortoise").pool_lost == 0
    assert report.out == ("Tortoise",)
    assert challenge.result is Result.SECOND_WINS


def test_reserves_from_conversion_are_spent_before_the_armour() -> None:
    knight = Entrant.of("Knight", 8, reserves=3)
    challenge = PoolChallenge.start(knight, Entrant.of("Troll", 6))
    challenge = challenge.convert("Knight", Conversion(to_reserves=1))
    challenge, report = challenge.next_round()
    knight_side = challenge.side("Knight")
    assert report.side("Knight").taken == 3  # 7 is not less than 6
    assert (knight_side.converted_reserves, knight_side.reserves, knight_side.pool) == (0, 3, 7)


# ---------------------------------------------------------------------------------------------
# One against many, hordes


def test_one_against_two_takes_both_losses_each_reduced_by_resistance() -> None:
    hero = Entrant.of("Hero", 12, resistance=1)
    thugs = [Entrant.of("Thug", 6, reserves=2), Entrant.of("Brute", 8)]
    challenge, report = PoolChallenge.start(hero, thugs).next_round()
    assert [loss.inflicted for loss in report.side("Hero").losses] == [3, 4]
    assert report.side("Hero").resistance_absorbed == 2
    assert challenge.side("Hero").pool == 12 - 5
    assert (challenge.side("Thug").pool, challenge.side("Brute").pool) == (-4, -4)
    assert challenge.result is Result.FIRST_WINS


def test_the_many_win_when_the_lone_side_goes_out() -> None:
    pack = [Entrant.of("Wolf", 5), Entrant.of("Other wolf", 5)]
    challenge, report = PoolChallenge.start(pack, Entrant.of("Shepherd", 4)).next_round()
    # The shepherd (4 < 5) takes 5 from each wolf; each wolf takes half of 4.
    assert challenge.side("Shepherd").pool == 4 - 10
    assert (challenge.side("Wolf").pool, challenge.side("Other wolf").pool) == (3, 3)
    assert report.result is Result.FIRST_WINS
    assert report.verdict == "Wolf and Other wolf win."


def test_all_out_at_once_each_camp_counts_its_best_pool() -> None:
    pack = [Entrant.of("Wolf", 5), Entrant.of("Other wolf", 5)]
    challenge, report = PoolChallenge.start(pack, Entrant.of("Shepherd", 6)).next_round()
    # Each wolf (5 < 6) takes 6 and ends at -1; the shepherd takes 3 + 3 and ends at 0.
    assert [side.pool for side in challenge.sides] == [-1, -1, 0]
    assert report.out == ("Wolf", "Other wolf", "Shepherd")
    assert challenge.result is Result.SECOND_WINS


def test_horde_bonus_and_reserves() -> None:
    trio = Entrant.horde("Goons", 3, 6, member_reserves=3)
    assert (trio.horde_bonus, trio.starting_reserves) == (2, 2)
    five = Entrant.horde("Ninjas", 5, 5, member_reserves=4)
    assert (five.horde_bonus, five.starting_reserves) == (3, 5)  # 2.5 -> 3, 16/3 -> 5


def test_a_horde_loses_one_member_per_share_of_reserves() -> None:
    horde = Entrant.horde("Zombies", 4, 4, member_reserves=3)
    challenge, report = PoolChallenge.start(Entrant.of("Hero", 6), horde).next_round()
    zombies = report.side("Zombies")
    assert zombies.strength == 6  # 4 + half of 4
    assert zombies.reserves_absorbed == 3
    assert zombies.members_standing == 1
    assert "1 of 4 members standing" in zombies.summary()
    assert challenge.side("Zombies").pool == 4


def test_a_horde_with_a_fractional_share_loses_whole_members_only() -> None:
    horde = Entrant.horde("Deaths", 7, 10, member_reserves=4)
    _, report = PoolChallenge.start(Entrant.of("Monk", 6), horde).next_round()
    assert report.side("Deaths").reserves_absorbed == 3
    assert report.side("Deaths").members_standing == 5  # 3 / (4/3) = 2.25 members


# ---------------------------------------------------------------------------------------------
# Ties, stalemates, changing abilities


def test_equal_pools_out_together_are_a_double_loss_when_the_table_says_so() -> None:
    options = Options(ties=TieRule.DOUBLE_LOSS)
    challenge = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Burger", 3), options)
    challenge, _ = challenge.play_out()
    assert challenge.result is Result.DOUBLE_LOSS


@pytest.mark.parametrize(("ties", "result"), [(TieRule.DRAW, Result.DRAW),
                                              (TieRule.DOUBLE_LOSS, Result.DOUBLE_LOSS)])
def test_both_out_at_the_same_pool_far_below_zero_is_a_tie(ties: TieRule, result: Result) -> None:
    # Strength 14 each: each takes 7 and both end at -6, the same pool.
    a, b = Entrant.of("A", 1, bonus=13), Entrant.of("B", 1, bonus=13)
    challenge, report = PoolChallenge.start(a, b, Options(ties=ties)).next_round()
    assert [side.pool for side in challenge.sides] == [-6, -6]
    assert report.result is result


def test_both_out_the_higher_pool_comes_out_ahead() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ant", 2), Entrant.of("Bee", 2, bonus=1))
    challenge, report = challenge.next_round()
    # Ant (2 < 3) takes 3 and ends at -1; Bee takes half of 2 and ends at 1: Bee wins.
    assert report.result is Result.SECOND_WINS
    challenge = PoolChallenge.start(Entrant.of("Ant", 1, bonus=3), Entrant.of("Bee", 2, bonus=2))
    challenge, report = challenge.next_round()
    # Both at strength 4: each takes 2. Ant ends at -1, Bee at 0: both out, Bee ahead.
    assert [side.pool for side in challenge.sides] == [-1, 0]
    assert report.result is Result.SECOND_WINS
    assert "Bee comes out ahead" in report.verdict


def test_two_shells_that_cannot_hurt_each_other_end_in_a_stalemate() -> None:
    # Even converting to bonus, neither gets past the other's resistance of 5.
    shell = Entrant.of("Shell", 2, resistance=5)
    challenge, report = PoolChallenge.start(shell, Entrant.of("Crab", 2, resistance=5)).next_round()
    assert all(side.unchanged for side in report.sides)
    assert challenge.result is Result.STALEMATE
    with pytest.raises(ValueError, match="over"):
        challenge.next_round()


def test_converting_to_bonus_breaks_through_a_stalemate() -> None:
    shell = Entrant.of("Shell", 4, resistance=2)
    challenge = PoolChallenge.start(shell, Entrant.of("Crab", 4, resistance=2))
    challenge, report = challenge.convert("Shell", Conversion(to_bonus=2)).next_round()
    assert report.side("Crab").pool_lost == 4  # 6 - 2 resistance
    assert challenge.result is Result.FIRST_WINS


def test_changing_to_a_lower_ability_never_lowers_the_pool() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 8), Entrant.of("Bo", 4))
    challenge, report = challenge.change_abilities(Entrant.of("Ana", 3, ability="Sprint"))
    assert challenge.side("Ana").pool == 8
    assert report.side("Ana").carried_bonus == 2  # pools 8 and 4
    assert challenge.side("Ana").strength == 10


def test_changing_to_a_higher_ability_raises_pool_and_reserves_by_the_difference() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 6, reserves=2), Entrant.of("Bo", 6))
    challenge, _ = challenge.next_round()  # each takes 3: Ana's reserves 0, pool 5; Bo 3
    challenge, report = challenge.change_abilities(Entrant.of("Ana", 9, reserves=5))
    assert (challenge.side("Ana").pool, challenge.side("Ana").reserves) == (8, 3)
    assert report.side("Bo").carried_bonus == 0
    assert report.side("Ana").carried_bonus == 1


def test_changing_only_the_second_sides_ability_keeps_the_first_and_pays_the_second() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 4), Entrant.of("Bo", 8))
    running = Entrant.of("Bo", 6, ability="Running")
    challenge, report = challenge.change_abilities(second=running)
    assert challenge.side("Ana").entrant == Entrant.of("Ana", 4)
    assert challenge.side("Bo").entrant == running
    # Bo had the larger pool, 8 against 4: a bonus of half the difference, Ana none.
    assert [side.carried_bonus for side in report.sides] == [0, 2]
    assert [side.strength for side in challenge.sides] == [4, 10]


def test_changing_abilities_reverts_conversions_first() -> None:
    challenge = PoolChallenge.start(Entrant.of("Ana", 8), immune_target())
    challenge, _ = challenge.convert("Ana", Conversion(to_bonus=2)).next_round()
    challenge, report = challenge.change_abilities(Entrant.of("Ana", 8, ability="Other"))
    assert report.side("Ana").reversion.bonus == 4
    assert challenge.side("Ana").pool == 6
    assert challenge.side("Ana").converted_bonus == 0


def test_the_set_up_names_the_ability_a_side_enters_with() -> None:
    challenge = PoolChallenge.start(
        Entrant.of("Akane", 3, ability="Sorcery"), Entrant.of("Cheeseburger", 3)
    )
    assert challenge.setup_lines() == (
        "Akane: Sorcery 3, pool 3.",
        "Cheeseburger: rating 3, pool 3.",
    )
    boar = PoolChallenge.start(Entrant.of("Boadicca", 8, ability="Hunting"), Entrant.of("Boar", 7))
    assert boar.setup_lines()[0] == "Boadicca: Hunting 8, pool 8."


# ---------------------------------------------------------------------------------------------
# Complementary and detracting abilities


@pytest.mark.parametrize(
    ("primary", "complement", "steps", "square"),
    [
        (6, 6, 3, 3),  # C >= P: C/2 either way
        (6, 9, 5, 5),  # 4.5 -> 5; the square formula stops at C/2
        (6, 4, 1, 1),  # 4/3 -> 1; 16/12 -> 1
        (6, 5, 2, 2),  # 5/3 -> 2; 25/12 -> 2
        (8, 4, 1, 1),  # exactly half: 4/4; 16/16
        (8, 3, 0, 1),  # under half: nothing; 9/16 -> 1
        (9, 6, 2, 2),  # exactly two thirds: 6/3; 36/18
    ],
)
def test_complementary_bonus_by_either_formula(
    primary: int, complement: int, steps: int, square: int
) -> None:
    assert complement_bonus(primary, complement, Formula.STEPS) == steps
    assert complement_bonus(primary, complement, Formula.SQUARE) == square


def test_a_complement_as_reserves_or_resistance() -> None:
    # Bonus 3 (6 helping 6): reserves 4.5 -> 5, resistance 0.75 -> 1.
    assert contribution(6, [Helper("Ally", 6, Gives.RESERVES)]).reserves == 5
    assert contribution(6, [Helper("Ally", 6, Gives.RESISTANCE)]).resistance == 1
    # Bonus 1: resistance 0.25 -> 0.
    assert contribution(6, [Helper("Logs", 3, Gives.RESISTANCE)]).is_nothing


def test_a_detracting_ability_helps_the_opponent() -> None:
    clumsy = Entrant.of("Ana", 6, detractors=(Helper("Sprained ankle", 6),))
    challenge = PoolChallenge.start(clumsy, Entrant.of("Bo", 6))
    assert (challenge.side("Ana").bonus, challenge.side("Bo").bonus) == (0, 3)
    assert any("hindering Ana" in line for line in challenge.setup_lines())


# ---------------------------------------------------------------------------------------------
# Dice


def test_challenge_die_counts_zero_one_or_two() -> None:
    assert [challenge_die_value(face) for face in range(1, 7)] == [0, 1, 1, 1, 1, 2]
    assert ChallengeRoll((1, 6, 6, 3)).total == 5


def test_challenge_dice_average_their_number_and_stay_within_twice_it() -> None:
    rng = seeded(5)
    totals = [roll_challenge_dice(4, rng).total for _ in range(3000)]
    assert min(totals) >= 0 and max(totals) <= 8
    assert abs(sum(totals) / len(totals) - 4) < 0.1


def test_dice_when_forming_pools_replace_the_rating() -> None:
    options = Options(dice=DicePoint.FORMING_POOLS)
    rng = Faces([3, 4, 6, 1, 2, 1])
    challenge = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Kitchen", 3), options, rng)
    assert [side.pool for side in challenge.sides] == [4, 1]
    assert [str(use.roll) for use in challenge.setup_rolls] == ["3 4 6 → 4", "1 2 1 → 1"]
    challenge, _ = challenge.next_round()  # no dice now: rounds are plain again
    assert challenge.result is Result.FIRST_WINS


def test_dice_when_comparing_replace_the_strengths() -> None:
    options = Options(dice=DicePoint.COMPARING)
    challenge = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Kitchen", 3), options)
    challenge, report = challenge.next_round(Faces([2, 2, 2, 6, 6, 1]))
    assert [side.strength for side in report.sides] == [3, 4]
    assert [side.taken for side in report.sides] == [4, 2]


def test_dice_when_inflicting_replace_each_loss() -> None:
    options = Options(dice=DicePoint.INFLICTING)
    challenge = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Kitchen", 3), options)
    challenge, report = challenge.next_round(Faces([1, 2, 6, 6]))
    assert [(loss.nominal, loss.inflicted) for side in report.sides for loss in side.losses] == [
        (2, 1),
        (2, 4),
    ]
    assert [side.pool for side in challenge.sides] == [2, -1]


def test_dice_on_quantities_roll_reserves_once_and_bonus_each_round() -> None:
    options = Options(dice=DicePoint.QUANTITIES)
    knight = Entrant.of("Knight", 4, bonus=2, reserves=3)
    challenge = PoolChallenge.start(knight, Entrant.of("Troll", 9), options, Faces([6, 6, 6]))
    assert challenge.side("Knight").reserves == 6
    challenge, report = challenge.next_round(Faces([1, 1]))
    assert report.side("Knight").bonus == 0
    assert report.side("Knight").strength == 4


def test_a_dice_table_needs_a_source_of_randomness() -> None:
    options = Options(dice=DicePoint.INFLICTING)
    challenge = PoolChallenge.start(Entrant.of("A", 3), Entrant.of("B", 3), options)
    with pytest.raises(ValueError, match="source of randomness"):
        challenge.next_round()


def test_dice_on_loss_cannot_break_resistance_above_twice_the_loss() -> None:
    options = Options(dice=DicePoint.INFLICTING)
    # Its last point converted, a side strikes with 2, at most 4 on the dice: never past 5.
    shell = Entrant.of("Shell", 1, resistance=5)
    challenge = PoolChallenge.start(shell, Entrant.of("Crab", 1, resistance=5), options)
    challenge, _ = challenge.next_round(seeded(1))
    assert challenge.result is Result.STALEMATE


def test_a_dice_round_that_hurts_nobody_by_luck_goes_on() -> None:
    options = Options(dice=DicePoint.INFLICTING)
    shell = Entrant.of("Shell", 2, resistance=1)
    challenge = PoolChallenge.start(shell, Entrant.of("Crab", 2, resistance=1), options)
    challenge, report = challenge.next_round(Faces([1, 1]))
    assert all(side.unchanged for side in report.sides)
    assert challenge.result is Result.ONGOING


def test_dice_on_quantities_roll_only_what_a_side_has() -> None:
    # N dice replace a number N: a quantity of 0 is no roll, and the log shows none.
    options = Options(dice=DicePoint.QUANTITIES)
    knight = Entrant.of("Knight", 4, bonus=2, reserves=3)
    challenge = PoolChallenge.start(knight, Entrant.of("Troll", 9), options, Faces([6, 6, 6]))
    assert [use.purpose for use in challenge.setup_rolls] == ["Knight's reserves"]
    challenge, report = challenge.next_round(Faces([1, 6]))
    assert [str(use) for use in report.side("Knight").rolls] == ["bonus: 2 dice, 1 6 → 2"]
    assert report.side("Troll").rolls == ()


class Ones(random.Random):
    """Challenge dice that always show 1: worth nothing."""

    def randint(self, a: int, b: int) -> int:
        return 1


def test_playing_out_gives_up_after_a_thousand_rounds_nobody_is_hurt_in() -> None:
    # Each loss of 1 is rolled as one die, which could show 2 and get through resistance 1.
    options = Options(dice=DicePoint.INFLICTING)
    shell = Entrant.of("Shell", 2, resistance=1)
    challenge = PoolChallenge.start(shell, Entrant.of("Crab", 2, resistance=1), options)
    with pytest.raises(ValueError, match=r"^The Challenge is still going after 1000 rounds\.$"):
        challenge.play_out(Ones(0))
    with pytest.raises(ValueError, match="still going after 5 rounds"):
        challenge.play_out(Ones(0), max_rounds=5)


# ---------------------------------------------------------------------------------------------
# Penalties


def test_penalty_thresholds_for_an_even_starting_pool() -> None:
    reached = [threshold_reached(8, pool) for pool in (5, 4, 1, 0, -1, -3, -4)]
    assert reached == [
        Threshold.NONE,
        Threshold.HALF,
        Threshold.HALF,
        Threshold.ZERO,
        Threshold.MINUS_ONE,
        Threshold.MINUS_ONE,
        Threshold.MINUS_HALF,
    ]


def test_the_deepest_threshold_stands_alone() -> None:
    penalty = penalty_for(starting_pool=8, pool=-4, total=10)
    assert (penalty.ability_points, penalty.overall_quarters, penalty.incapacitated) == (5, 0, True)
    minus_one = penalty_for(starting_pool=8, pool=-1, total=10)
    assert (minus_one.ability_points, minus_one.overall_points(7)) == (2, 3)


def test_boadicca_carried_off_at_zero_pays_a_quarter_of_her_hunting() -> None:
    challenge = PoolChallenge.start(Entrant.of("Boadicca", 6, bonus=2), Entrant.of("Dragon", 8))
    challenge, _ = challenge.play_out()
    penalty = challenge.penalty("Boadicca")
    assert penalty.threshold is Threshold.ZERO
    assert penalty.ability_total == 7  # 6 + 2/2
    assert (penalty.ability_points, penalty.overall_quarters) == (1, 1)
    assert "-1 to the ability" in str(penalty)


def test_a_hazardous_challenge_penalizes_who_went_out_and_who_ended_at_half_or_less() -> None:
    going = PoolChallenge.start(Entrant.of("Boadicca", 8), Entrant.of("Boar", 7))
    assert going.penalized() == ()  # nothing until it is over
    # 8 against 7: she takes 4 and stands at half her start; the boar takes 8 and is out.
    boar, _ = going.next_round()
    assert [side.name for side in boar.penalized()] == ["Boadicca", "Boar"]
    # 9 against 2: Ana takes 1 and ends at 8 of 9, well above half; only Bo pays.
    rout, _ = PoolChallenge.start(Entrant.of("Ana", 9), Entrant.of("Bo", 2)).play_out()
    assert [side.name for side in rout.penalized()] == ["Bo"]


def test_spreading_a_penalty_over_bonus_reserves_and_resistance() -> None:
    sources = [
        LossSource.own_rating("Ana", 8),
        LossSource("Ana's shield", SourceKind.RESISTANCE, 1),
        LossSource("Sword", SourceKind.BONUS, 2),
        LossSource("Armour", SourceKind.RESERVES, 6),
    ]
    spread = spread_loss(6, sources, {"Ana": 2, "Ana's shield": 2, "Sword": 1, "Armour": 1})
    assert [share.left for share in spread.shares] == [6, 0, 0, 3]


# ---------------------------------------------------------------------------------------------
# Saving


def test_a_challenge_and_its_round_survive_saving_as_json() -> None:
    converter = cattrs.Converter(forbid_extra_keys=True)
    hero = Entrant.of("Hero", 9, complements=(Helper("Sidekick", 6, Gives.RESERVES),))
    horde = Entrant.horde("Zombies", 4, 4, member_reserves=3)
    options = Options(dice=DicePoint.QUANTITIES, formula=Formula.SQUARE)
    challenge = PoolChallenge.start(hero, [horde, Entrant.of("Ghoul", 3)], options, seeded(1))
    challenge = challenge.convert("Hero", Conversion(to_bonus=1, to_resistance=2))
    played, report = challenge.next_round(seeded(2))
    for value, kind in ((challenge, PoolChallenge), (played, PoolChallenge), (report, RoundReport)):
        text = json.dumps(converter.unstructure(value))
        assert converter.structure(json.loads(text), kind) == value


def test_the_round_report_says_how_many_dice_were_rolled_only_when_dice_inflict() -> None:
    options = Options(dice=DicePoint.INFLICTING)
    challenge = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Kitchen", 3), options)
    _, report = challenge.next_round(Faces([1, 2, 6, 6]))
    assert [str(loss) for side in report.sides for loss in side.losses] == [
        "1 from Kitchen (half of 3, rounded up: 3 is not less; 2 dice rolled)",
        "4 from Akane (half of 3, rounded up: 3 is not less; 2 dice rolled)",
    ]
    plain = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Kitchen", 3))
    _, report = plain.next_round()
    assert not any("rolled" in str(loss) for side in report.sides for loss in side.losses)


def test_a_challenge_over_before_it_begins_says_so_and_only_then() -> None:
    over = PoolChallenge.start(Entrant.of("Ana", 3), Entrant.of("Bo", 0))
    assert over.setup_lines()[-1] == "Over before the first round: first side wins."
    going = PoolChallenge.start(Entrant.of("Ana", 3), Entrant.of("Bo", 2))
    assert going.setup_lines() == ("Ana: rating 3, pool 3.", "Bo: rating 2, pool 2.")
