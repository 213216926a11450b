"""The pool Challenge as session steps: sides read from the sheets (penalties applied, helpers
computed), the table's options, whose decision each step is, changing abilities and preparing
the next Challenge without refreshing pools, and penalties written back to the sheets."""

from __future__ import annotations

import pytest
from pool_table import ALEX, BEA, DEMON, IRIDIA, JOIRY, pool_session, seat

from cardtable.randomness import seeded
from cardtable.resolvers.pool.abilities import Gives, Helper, Source
from cardtable.resolvers.pool.challenge import Options, PoolChallenge, Result, TieRule
from cardtable.resolvers.pool.dice import DicePoint
from cardtable.resolvers.pool.numbers import PoolChallengeError
from cardtable.resolvers.pool.penalties import ability_total
from cardtable.resolvers.pool.sides import Conversion, Entrant
from cardtable.session import AuthorityError, EditSheet, load, save
from cardtable.session.demo import demo_path
from cardtable.session.table_options import POOL_DICE, POOL_FORMULA, POOL_TIES, SetTableOptions
from cardtable.sheets.pool import Penalty as SheetPenalty
from cardtable.sheets.pool import PoolSheet
from cardtable.steps.pool.penalties import overall_offers, penalty_sources, take_penalty
from cardtable.steps.pool.picks import HelperPick, SidePick, pool_options
from cardtable.steps.pool.play import (
    challenge_in,
    change_ability,
    clear,
    plan,
    play_round,
    prepare_next,
    start,
)


def sheet(session, character) -> PoolSheet:
    found = session.characters[character].sheet
    assert isinstance(found, PoolSheet)
    return found


def iridia_with_joiry(session) -> SidePick:
    joiry = HelperPick.from_sheet(session.state, JOIRY, "Sorcery")
    return SidePick.from_sheet(session.state, IRIDIA, "Sorcery", complements=[joiry])


def test_a_side_filled_from_the_demo_sheet_carries_its_penalty() -> None:
    state = load(demo_path(), rng=seeded(1)).state
    entrant = SidePick.from_sheet(state, "captain-isolde-varga", "Swordplay").entrant(state)
    assert (entrant.rating, entrant.ability.bonus, entrant.ability.name) == (6, 1, "Swordplay")
    assert entrant.source == Source("captain-isolde-varga", "Swordplay")


def test_an_allys_ability_from_their_sheet_complements_the_primary() -> None:
    session = pool_session()
    entrant = iridia_with_joiry(session).entrant(session.state)
    assert entrant.complements == (Helper("Joiry's Sorcery", 4, Gives.BONUS,
                                          Source("joiry", "Sorcery")),)
    challenge = PoolChallenge.start(entrant, Entrant.of("Demon", 12))
    # Joiry's 4 is at least half of 7: a quarter of 4 is 1; the staff gives 2 more.
    assert challenge.side("Iridia").total_bonus == 3
    # A penalty on Joiry's sheet lowers what she gives: 3 against 7 gives nothing.
    joiry = sheet(session, JOIRY)
    session.apply(EditSheet(JOIRY, joiry.revised(penalties=(SheetPenalty("Sorcery", 1),))))
    weaker = iridia_with_joiry(session).entrant(session.state)
    assert PoolChallenge.start(weaker, Entrant.of("Demon", 12)).side("Iridia").total_bonus == 2


def test_a_detracting_ability_gives_the_opponent_its_help() -> None:
    session = pool_session()
    riding = HelperPick.from_sheet(session.state, IRIDIA, "Riding", Gives.RESERVES)
    pick = SidePick.from_sheet(session.state, IRIDIA, "Sorcery", detractors=[riding])
    session.apply(start(pick, [SidePick.from_sheet(session.state, DEMON, "Demonic Might")]))
    challenge = challenge_in(session.state)
    assert challenge is not None
    # Riding 4 against Sorcery 7: a quarter of 4 is 1 bonus, as reserves 1.5 -> 2, to the Demon.
    assert challenge.side("Demon").reserves == 2


def test_the_table_options_go_into_every_new_challenge() -> None:
    session = pool_session()
    assert pool_options(session.state) == Options()
    session.apply(SetTableOptions({POOL_DICE: "forming pools", POOL_FORMULA: "square",
                                   POOL_TIES: "double loss"}))
    session.apply(start(iridia_with_joiry(session), [SidePick("Demon", rating=12)]))
    challenge = challenge_in(session.state)
    assert challenge is not None
    assert challenge.options == Options(DicePoint.FORMING_POOLS, challenge.options.formula,
                                        TieRule.DOUBLE_LOSS)
    assert str(challenge.options.formula) == "square"
    said = [entry.public for entry in session.log]
    assert challenge.setup_rolls and any(t.startswith("Dice for Iridia's pool") for t in said)


def test_each_step_belongs_to_its_decider() -> None:
    session = pool_session()
    seat(session, ALEX)
    demon = SidePick.from_sheet(session.state, DEMON, "Demonic Might")
    setting_up = start(iridia_with_joiry(session), [demon])
    assert session.may(setting_up) == "Only the GM (Dana) may set up a pool Challenge."
    seat(session, next(p.id for p in session.players if p.is_gm))
    session.apply(setting_up)
    seat(session, BEA)
    with pytest.raises(AuthorityError, match="Iridia is Alex's character: only Alex may convert "
                       "for Iridia"):
        session.apply(plan("Iridia", Conversion(to_bonus=1)))
    with pytest.raises(AuthorityError, match="only Alex may convert for Iridia"):
        session.apply(play_round({"Iridia": Conversion(to_bonus=1)}))
    # The round waits for each side's plan, its own player's: Bea may not play it yet.
    assert session.may(play_round()) == (
        "Iridia's conversions are not in yet: pass the computer to Alex to plan them (only the "
        "GM (Dana) may play the round without them)."
    )
    seat(session, ALEX)
    session.apply(plan("Iridia", Conversion(to_bonus=2)))
    assert session.log[-1].public == "Iridia plans for round 1: converts 2 pool to 4 bonus."
    assert session.may(play_round()) == (
        "Demon's conversions are not in yet: only the GM (Dana) may plan them, or play the "
        "round without them."
    )
    assert session.may(plan("Demon", Conversion(to_bonus=1))) == (
        "Demon is Dana's character: only Dana may convert for Demon."
    )
    assert session.may(clear(session.state)) == (
        "Only the GM (Dana) may take the pool Challenge off the table."
    )


def test_a_planned_conversion_plays_in_the_round_and_undo_takes_it_back() -> None:
    session = pool_session()
    session.apply(start(iridia_with_joiry(session), [SidePick("Demon", rating=12)]))
    session.apply(plan("Demon", Conversion()))  # the GM's side converts nothing
    assert session.log[-1].public == "Demon plans for round 1: no conversion."
    before = challenge_in(session.state)
    assert before is not None
    seat(session, ALEX)
    session.apply(play_round({"Iridia": Conversion(to_reserves=1)}))
    expected, report = before.convert("Iridia", Conversion(to_reserves=1)).next_round()
    assert challenge_in(session.state) == expected
    assert [e.public for e in session.log][-len(report.lines()) - 1:] == [
        "Iridia converts 1 pool to 3 reserves.", *report.lines()
    ]
    session.undo()
    assert challenge_in(session.state) == before


def test_changing_ability_keeps_the_pools_and_carries_the_bonus() -> None:
    session = pool_session()
    hunting = SidePick.from_sheet(session.state, DEMON, "Aerial Hunting")
    session.apply(start(SidePick.from_sheet(session.state, IRIDIA, "Sorcery"), [hunting]))
    session.apply(play_round())
    played = challenge_in(session.state)
    assert played is not None and not played.over
    # 9 against 7: Iridia takes half of 7 (4), 2 into reserves; the Demon the full 9, 3 into
    # reserves.
    assert [side.pool for side in played.sides] == [5, 1]
    bunny = SidePick.from_sheet(session.state, IRIDIA, "Run Like A Bunny")
    seat(session, ALEX)
    session.apply(change_ability(bunny))
    changed = challenge_in(session.state)
    expected, report = played.change_abilities(bunny.entrant(session.state), None)
    assert changed == expected
    assert changed is not None and changed.side("Iridia").pool == 5  # no refresh, no fall
    assert changed.side("Iridia").entrant.ability.name == "Run Like A Bunny"
    assert changed.side("Iridia").carried_bonus == 2  # half of 5 - 1
    assert [e.public for e in session.log][-len(report.lines()):] == list(report.lines())
    assert session.may(change_ability(hunting)) == (
        "Demon is Dana's character: only Dana may change ability for Demon."
    )


def test_a_finished_challenge_prepares_the_next_with_its_carried_bonus() -> None:
    session = pool_session(might=3)
    demon = SidePick.from_sheet(session.state, DEMON, "Demonic Might")
    sorcery = SidePick.from_sheet(session.state, IRIDIA, "Sorcery")
    session.apply(start(sorcery, [demon]))
    session.apply(play_round())
    done = challenge_in(session.state)
    assert done is not None and done.result is Result.FIRST_WINS
    hunting = SidePick.from_sheet(session.state, DEMON, "Aerial Hunting")
    riding = SidePick.from_sheet(session.state, IRIDIA, "Riding")
    session.apply(prepare_next(riding, hunting))
    prepared = challenge_in(session.state)
    expected = PoolChallenge.prepared(done, riding.entrant(session.state),
                                      hunting.entrant(session.state))
    assert prepared == expected
    carried = expected.side("Iridia").carried_bonus
    assert carried > 0
    assert f"Iridia carries a bonus of {carried} into the first round" in session.log[
        -1 - len(expected.setup_lines())].public
    with pytest.raises(PoolChallengeError, match="Finish the preparing Challenge"):
        session.apply(prepare_next(riding, hunting))


def lose_to_the_demon(session) -> PoolChallenge:
    session.apply(start(iridia_with_joiry(session),
                        [SidePick.from_sheet(session.state, DEMON, "Demonic Might")]))
    session.apply(play_round())
    done = challenge_in(session.state)
    assert done is not None and done.result is Result.SECOND_WINS
    return done


def test_the_penalty_is_written_on_iridias_and_joirys_sheets() -> None:
    session = pool_session()
    done = lose_to_the_demon(session)
    side = done.side("Iridia")
    # 10 against 12: the full 12, 2 of it into reserves; 7 - 10 = -3, past -1, short of -3.5.
    assert side.pool == -3
    penalty = done.penalty("Iridia")
    assert penalty.ability_total == ability_total(7, bonus=3, reserves=2) == 9
    assert (penalty.ability_points, penalty.overall_quarters) == (2, 2)
    names = [s.source.name for s in penalty_sources(side)]
    assert names == ["Iridia", "Iridia's reserves", "Iridia's bonus", "Joiry's Sorcery"]
    offers = overall_offers(session.state, side, penalty)
    assert [(o.ability, o.total, o.points) for o in offers] == [
        ("Sorcery", 8, 4), ("Riding", 4, 2), ("Run Like A Bunny", 3, 1)
    ]
    step = take_penalty("Iridia", {"Iridia": 1, "Joiry's Sorcery": 1}, overall=["Riding"])
    seat(session, BEA)
    assert session.may(step) == "Iridia is Alex's character: only Alex may take the penalty " \
        "for Iridia."
    seat(session, ALEX)
    session.apply(step)
    iridia, joiry = sheet(session, IRIDIA), sheet(session, JOIRY)
    assert [(p.ability, p.points) for p in iridia.penalties] == [("Sorcery", 1), ("Riding", 2)]
    assert iridia.effective_rating("Sorcery") == 6 and iridia.effective_rating("Riding") == 2
    assert [(p.ability, p.points) for p in joiry.penalties] == [("Sorcery", 1)]
    assert joiry.effective_rating("Sorcery") == 3
    assert session.log[-1].public == (
        "Iridia takes the penalty (pool reached -1: -2 to the ability (a quarter of 9, rounded "
        "down), half off every ability): Iridia's Sorcery -1; Joiry's Sorcery -1; Iridia's "
        "Riding -2."
    )
    with pytest.raises(PoolChallengeError, match="Iridia has taken this Challenge's penalty"):
        session.apply(take_penalty("Iridia", {"Iridia": 2}))
    session.undo()
    assert sheet(session, JOIRY).penalties == ()


def test_a_spread_the_rules_refuse_writes_nothing() -> None:
    session = pool_session()
    lose_to_the_demon(session)
    seat(session, ALEX)
    with pytest.raises(PoolChallengeError, match="no other source may take more than the "
                       "loser's own share"):
        session.apply(take_penalty("Iridia", {"Joiry's Sorcery": 2}))
    assert sheet(session, JOIRY).penalties == ()


def test_points_on_bonus_and_reserves_come_off_the_sheets_ability() -> None:
    session = pool_session()
    lose_to_the_demon(session)
    seat(session, ALEX)
    session.apply(take_penalty("Iridia", {"Iridia": 1, "Iridia's bonus": 1}))
    sorcery = sheet(session, IRIDIA).ability("Sorcery")
    assert (sorcery.bonus, sorcery.reserves) == (0, 2)  # 1 point takes 2 bonus
    assert session.log[-1].public.endswith("Iridia's Sorcery -1; Iridia's Sorcery bonus 2 → 0.")


def test_a_plan_that_is_in_stays_in_across_a_save_and_ends_with_its_round(tmp_path) -> None:
    session = pool_session()
    session.apply(start(iridia_with_joiry(session), [SidePick("Demon", rating=12)]))
    session.apply(plan("Demon", Conversion()))
    path = tmp_path / "pool.cardtable"
    save(session, path)
    again = load(path)
    challenge = challenge_in(again.state)
    assert challenge is not None
    assert [(side.name, side.plan_in) for side in challenge.sides] == [
        ("Iridia", False), ("Demon", True)]
    again.apply(play_round())  # the GM plays it: Iridia's plan is not waited for
    played = challenge_in(again.state)
    assert played is not None and not any(side.plan_in for side in played.sides)
    assert "Dana moved on without waiting for Iridia's conversions" in [
        entry.public for entry in again.log]
