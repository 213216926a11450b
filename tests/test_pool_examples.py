"""The worked examples ``rules/pool-challenge.md`` lists as holding, set up as the original
text sets them up (``seeds/pool-challenge.txt``). The examples it lists as not holding
(the gourmet meal, the Tangs, the Seven Deaths, Iridia's first round) are never used."""

from __future__ import annotations

from cardtable.resolvers.pool.abilities import Formula, Helper, complement_bonus, contribution
from cardtable.resolvers.pool.challenge import PoolChallenge, Result
from cardtable.resolvers.pool.penalties import (
    LossSource,
    SourceKind,
    Threshold,
    ability_total,
    penalty_for,
    spread_loss,
)
from cardtable.resolvers.pool.sides import Conversion, Entrant


def pools(challenge: PoolChallenge) -> list[int]:
    return [side.pool for side in challenge.sides]


def test_akane_and_the_cheeseburger_end_in_a_draw() -> None:
    challenge = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Cheeseburger", 3))
    challenge, first = challenge.next_round()
    assert pools(challenge) == [1, 1]
    assert [side.taken for side in first.sides] == [2, 2]
    challenge, second = challenge.next_round()
    assert pools(challenge) == [0, 0]
    assert second.out == ("Akane", "Cheeseburger")
    assert challenge.result is Result.DRAW


def test_boadicca_spears_the_boar() -> None:
    boadicca = Entrant.of("Boadicca", 6, bonus=2, ability="Hunting")
    challenge = PoolChallenge.start(boadicca, Entrant.of("Boar", 7, ability="Maul Hunter"))
    challenge, report = challenge.next_round()
    assert report.side("Boadicca").strength == 8
    assert report.side("Boadicca").taken == 4
    assert report.side("Boar").taken == 8
    assert report.side("Boar").out
    assert challenge.result is Result.FIRST_WINS


def test_small_dragon_drags_boadicca_off_at_zero() -> None:
    boadicca = Entrant.of("Boadicca", 6, bonus=2)
    challenge = PoolChallenge.start(boadicca, Entrant.of("Small dragon", 8))
    challenge, first = challenge.next_round()
    assert [side.taken for side in first.sides] == [4, 4]
    assert pools(challenge) == [2, 4]
    assert challenge.side("Boadicca").strength == 4  # 2 + 2: the bonus still compares
    challenge, second = challenge.next_round()
    assert [side.taken for side in second.sides] == [2, 2]
    assert pools(challenge) == [0, 2]  # the bonus does not keep her in
    assert challenge.result is Result.SECOND_WINS


def test_dame_cecilie_wins_three_to_minus_one_behind_her_armour() -> None:
    cecilie = Entrant.of("Cecilie", 7, reserves=6, ability="Vanquish Monster")
    challenge = PoolChallenge.start(cecilie, Entrant.of("Dragon", 8, ability="Abduct Maiden"))
    challenge, first = challenge.next_round()
    assert first.side("Cecilie").taken == 8
    assert first.side("Cecilie").reserves_absorbed == 6
    assert first.side("Cecilie").pool_lost == 2
    assert first.side("Dragon").taken == 4
    assert pools(challenge) == [5, 4]
    challenge, _ = challenge.next_round()
    assert pools(challenge) == [3, -1]
    assert challenge.result is Result.FIRST_WINS


def mother_dragon_fight() -> PoolChallenge:
    cecilie = Entrant.of("Cecilie", 7, reserves=5, ability="Vanquish Monster")
    mother = Entrant.of("Mother dragon", 6, reserves=4, resistance=4, ability="Devour Knight")
    return PoolChallenge.start(cecilie, mother)


def test_cecilie_and_the_mother_dragon_all_four_rounds() -> None:
    challenge = mother_dragon_fight()
    # (inflicted, resisted, reserves, pool) for the dragon; (taken, reserves, pool) for her.
    expected_dragon = [(7, 4, 3, 0), (7, 4, 1, 2), (6, 4, 0, 2), (4, 4, 0, 0)]
    expected_cecilie = [(3, 3, 0), (3, 2, 1), (2, 0, 2), (1, 0, 1)]
    expected_after = [(7, 2, 6, 1), (6, 0, 4, 0), (4, 0, 2, 0), (3, 0, 2, 0)]
    for dragon, her, after in zip(expected_dragon, expected_cecilie, expected_after, strict=True):
        challenge, report = challenge.next_round()
        d, c = report.side("Mother dragon"), report.side("Cecilie")
        assert (d.taken, d.resistance_absorbed, d.reserves_absorbed, d.pool_lost) == dragon
        assert (c.taken, c.reserves_absorbed, c.pool_lost) == her
        cecilie, mother = challenge.sides
        assert (cecilie.pool, cecilie.reserves, mother.pool, mother.reserves) == after
        assert challenge.result is Result.ONGOING


def test_mother_dragon_round_two_explains_where_the_loss_went() -> None:
    challenge, _ = mother_dragon_fight().next_round()
    _, report = challenge.next_round()
    line = report.side("Mother dragon").summary()
    assert "Takes 7 from Cecilie" in line
    assert "resistance absorbed 4, reserves 1, pool 2" in line
    assert report.lines()[0] == "Round 2"
    assert report.lines()[1:3] == (
        report.side("Cecilie").summary(),
        report.side("Mother dragon").summary(),
    )


def test_the_chase_raises_the_dragon_pool_but_not_its_reserves() -> None:
    challenge = mother_dragon_fight()
    for _ in range(4):
        challenge, _ = challenge.next_round()
    bunny = Entrant.of("Cecilie", 3, ability="Run Like A Bunny")
    hunting = Entrant.of("Mother dragon", 7, reserves=3, ability="Aerial Hunting")
    chase, report = challenge.change_abilities(bunny, hunting)
    cecilie, dragon = chase.sides
    assert (dragon.pool, dragon.reserves) == (3, 0)
    assert cecilie.pool == 3
    # She broke off with 3 to its 2: half of 1, rounded up, for the first round.
    assert report.side("Cecilie").carried_bonus == 1
    assert cecilie.strength == 4
    chase, first = chase.next_round()
    assert first.side("Cecilie").strength == 4
    assert chase.side("Cecilie").carried_bonus == 0


def test_diana_carries_a_bonus_of_two_into_the_hit() -> None:
    diana, fingers = Entrant.of("Diana", 5, ability="Bushwack"), Entrant.of("Fingers", 4)
    ambush = PoolChallenge.start(diana, fingers)
    ambush, _ = ambush.play_out()
    assert pools(ambush) == [3, -1]
    hit = PoolChallenge.prepared(ambush, Entrant.of("Diana", 5), Entrant.of("Fingers", 4))
    assert hit.side("Diana").carried_bonus == 2
    assert hit.side("Fingers").carried_bonus == 0
    hit, first = hit.next_round()
    assert first.side("Diana").strength == 5 + 2
    assert hit.side("Diana").carried_bonus == 0


def test_a_paranoid_fingers_would_have_had_the_bonus_of_two() -> None:
    ambush = PoolChallenge.start(Entrant.of("Diana", 5), Entrant.of("Fingers", 6))
    ambush, _ = ambush.play_out()
    assert ambush.result is Result.SECOND_WINS
    hit = PoolChallenge.prepared(ambush, Entrant.of("Diana", 5), Entrant.of("Fingers", 6))
    assert (hit.side("Diana").carried_bonus, hit.side("Fingers").carried_bonus) == (0, 2)


def test_evangeline_gets_a_bonus_of_one_from_the_logs_with_either_formula() -> None:
    assert complement_bonus(6, 3, Formula.STEPS) == 1
    assert complement_bonus(6, 3, Formula.SQUARE) == 1


def test_evangeline_gets_a_bonus_of_one_from_logs_and_data_ninja() -> None:
    logs, ninja = Helper("Logs", 3), Helper("Noodynamics Data Ninja", 2)
    assert complement_bonus(3, 2) == 1  # the Ninja lifts the logs to 4
    for formula in Formula:
        assert contribution(6, [logs, ninja], formula).bonus == 1
    evangeline = Entrant.of("Evangeline", 6, ability="Decking", complements=(ninja, logs))
    cracking = PoolChallenge.start(evangeline, Entrant.of("Bank of New Orbital France", 8))
    assert cracking.side("Evangeline").bonus == 1


def test_security_administrator_gives_the_bank_reserves_of_two() -> None:
    annoyance = Helper.giving_reserves("Microsoft Security Administrator", 3)
    evangeline = Entrant.of("Evangeline", 6, detractors=(annoyance,))
    cracking = PoolChallenge.start(evangeline, Entrant.of("Bank of New Orbital France", 8))
    assert cracking.side("Bank of New Orbital France").reserves == 2
    assert cracking.side("Evangeline").reserves == 0


def test_gene_converts_to_bonus_and_still_ends_at_zero() -> None:
    loves_himiko = Entrant.of("Gene", 4, ability="Loves Himiko")
    challenge = PoolChallenge.start(loves_himiko, Entrant.of("Psychovirus", 5))
    challenge = challenge.convert("Psychovirus", Conversion(to_reserves=2))
    challenge = challenge.convert("Gene", Conversion(to_bonus=2))
    challenge, report = challenge.next_round()
    gene, virus = report.side("Gene"), report.side("Psychovirus")
    assert gene.strength == 6 and virus.strength == 3
    assert virus.taken == 6 and virus.reserves_absorbed == 6 and virus.pool_lost == 0
    assert gene.taken == 2
    assert challenge.side("Gene").pool == 0
    assert challenge.result is Result.SECOND_WINS


def test_iridia_gives_up_two_points_one_herself_and_one_from_joiry() -> None:
    joiry_bonus = complement_bonus(7, 4)
    assert joiry_bonus == 1
    total = ability_total(7, bonus=2 + joiry_bonus, reserves=2)
    assert total == 9
    penalty = penalty_for(starting_pool=7, pool=1, total=total)
    assert penalty.threshold is Threshold.HALF
    assert penalty.ability_points == 2
    assert (penalty.overall_quarters, penalty.incapacitated) == (0, False)
    sources = [
        LossSource.own_rating("Iridia", 7),
        LossSource("Iridia's reserves", SourceKind.RESERVES, 2, own=True),
        LossSource("St Kristine's staff", SourceKind.BONUS, 2),
        LossSource.ally("Joiry", 4),
    ]
    spread = spread_loss(penalty.ability_points, sources, {"Iridia": 1, "Joiry": 1})
    assert spread.left("Iridia") == 6
    assert spread.left("Joiry") == 3
    assert spread.left("St Kristine's staff") == 2
