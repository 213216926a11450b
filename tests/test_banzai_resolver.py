"""Banzai resolver: the rules' worked examples, steps and conditions, Raises, opposed and
group rolls, exact odds against a brute-force count, and properties of set-ups."""

from __future__ import annotations

import doctest
import itertools
import json
import random
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.randomness import seeded
from cardtable.resolvers.banzai import opposed as banzai_opposed
from cardtable.resolvers.banzai import roll as banzai
from cardtable.resolvers.banzai import setup as banzai_setup
from cardtable.resolvers.banzai import steps as banzai_steps
from cardtable.resolvers.banzai.opposed import (
    EffectTurn,
    OpposedResult,
    OpposedRoll,
    resolve_opposed,
)
from cardtable.resolvers.banzai.roll import (
    BanzaiDice,
    BanzaiError,
    BanzaiPhase,
    BanzaiRoll,
    BanzaiRolled,
    BanzaiSetup,
    Condition,
    ConditionKind,
    DiceModifier,
    Difficulty,
    Helper,
    NoRollNeeded,
    Step,
    honor_points,
    step_dice,
    step_name,
)
from cardtable.session.saving import make_converter


class ScriptedD10(random.Random):
    """An Rng that shows the d10 faces it is given, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.script = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 10), f"asked for a d{b}, not a d10"
        assert self.script, "rolled more dice than scripted"
        return self.script.pop(0)


def jo_with_katana(**options: Any) -> BanzaiSetup:
    # Kenjutsu 5, Fire 3, a katana's +2k2.
    return BanzaiSetup(
        "Tachibana Jo", 5, 3, modifiers=[DiceModifier.parse("+2k2", "katana")], **options
    )


# ---------------------------------------------------------------------------------------------
# The worked examples of banzai.md


def test_tachibana_jo_scores_42() -> None:
    roll = BanzaiRoll(jo_with_katana(tn=25))
    assert str(roll.terms.pool) == "7k5"
    rng = ScriptedD10([3, 5, 5, 6, 9, 9, 10, 3])
    rolled = roll.roll(rng)
    assert not rng.script
    assert isinstance(rolled, BanzaiRolled)
    assert rolled.dice.kept_values == (13, 9, 9, 6, 5)
    assert roll.total == 42 and roll.met
    decided = roll.decide()
    assert decided.success and roll.success
    assert roll.finish().outcome.total == 42


def test_jo_from_physical_dice_gives_the_same_42() -> None:
    by_faces = BanzaiRoll(jo_with_katana(tn=25))
    by_faces.roll_given([3, 5, 5, 6, 9, 9, (10, 3)])
    by_total = BanzaiRoll(jo_with_katana(tn=25))
    by_total.roll_given([3, 5, 5, 6, 9, 9, 13])
    assert by_faces.dice == by_total.dice
    assert by_total.total == 42


def test_keiko_succeeds_with_both_raises() -> None:
    keiko = BanzaiRoll(BanzaiSetup("Owari Keiko", 7, 3, tn=10, void=3))
    keiko.declare_raises(2)
    assert keiko.target == 20
    # Two Raises: 7 + 3 = 10 does not beat TN 20, so she rolls.
    assert keiko.terms.rolls_needed
    rolled = keiko.roll_given([9, 8, 12, 3, 1, 2, 4])
    assert isinstance(rolled, BanzaiRolled) and rolled.total == 29
    assert keiko.decide().success
    assert keiko.raises_available == 2
    keiko.spend("a flight of thin stairs the bandits have not spotted")
    keiko.spend("the samurai posted there are their prisoners")
    with pytest.raises(BanzaiError, match="no Raise left"):
        keiko.spend("one more")
    outcome = keiko.finish().outcome
    assert outcome.success and len(outcome.effects) == 2 and outcome.honor_points == 0


def test_seven_keep_four_against_ten_needs_no_roll() -> None:
    roll = BanzaiRoll(BanzaiSetup("Jo", 7, 4, tn=10))
    assert not roll.terms.rolls_needed
    assert roll.terms.odds() == 1.0
    event = roll.roll(ScriptedD10([]))
    assert isinstance(event, NoRollNeeded) and roll.dice is None and roll.no_roll
    assert "11" in event.text()
    assert roll.decide().success and roll.total is None
    physical = BanzaiRoll(BanzaiSetup("Jo", 7, 4, tn=10))
    assert isinstance(physical.roll_given([]), NoRollNeeded)
    with pytest.raises(BanzaiError, match="no dice"):
        physical.keep([])


def test_a_raise_makes_seven_keep_four_roll() -> None:
    setup = BanzaiSetup("Jo", 7, 4, tn=10, raises=1, void=2)
    assert setup.target == 15 and setup.rolls_needed
    assert 0 < setup.odds() < 1


def test_jo_and_keiko_track_together_with_6k4() -> None:
    keiko = Helper("Owari Keiko", skill=0, element=3)
    jo = BanzaiSetup("Tachibana Jo", 6, 3, void=3, helpers=[keiko])
    assert (jo.pool.rolled, jo.pool.kept) == (6, 4)
    # One helper: Jo may make one Raise more than his Void.
    assert jo.raise_limit == 4
    BanzaiSetup("Tachibana Jo", 6, 3, void=3, helpers=[keiko], raises=4)
    with pytest.raises(BanzaiError, match="at most 4"):
        BanzaiSetup("Tachibana Jo", 6, 3, void=3, helpers=[keiko], raises=5)


def test_a_cliff_without_rope_in_moonlight_and_light_rain_is_minus_5k0() -> None:
    setup = BanzaiSetup(
        "Jo",
        7,
        3,
        difficulties=[
            Difficulty.task(Step.HARD, "a cliff without a rope"),
            Difficulty.of(Condition.MOONLIGHT),
            Difficulty.of(Condition.LIGHT_RAIN),
        ],
    )
    assert sum(m.rolled for m in setup.dice_modifiers) == -5
    assert sum(m.kept for m in setup.dice_modifiers) == 0
    assert (setup.pool.rolled, setup.pool.kept) == (2, 2)


# ---------------------------------------------------------------------------------------------
# Modifiers, steps and conditions


def test_modifiers_apply_all_at_once() -> None:
    # -1k0, +2k0, -0k3 on 5k4 give 6k1; one at a time, -0k3 on 5k4 would floor first.
    modifiers = [DiceModifier.parse(text) for text in ("-1k0", "+2k0", "-0k3")]
    assert str(BanzaiSetup("Jo", 5, 4, modifiers=modifiers).pool) == "6k1"


def test_a_roll_never_falls_below_1k1() -> None:
    setup = BanzaiSetup("Jo", 2, 2, difficulties=[Difficulty.task(Step.LEGENDARY)])
    assert (setup.pool.rolled, setup.pool.kept) == (1, 1)


def test_named_steps_take_their_dice() -> None:
    assert [step_dice(step) for step in Step] == [4, 2, 1, 0, -1, -2, -4, -8]
    # Average to Hard is an increase of two steps.
    assert step_dice(Step.AVERAGE + 2) == step_dice(Step.HARD) == -2


def test_steps_beyond_legendary_and_mundane_move_four_dice_each() -> None:
    assert step_dice(Step.LEGENDARY + 1) == -12
    assert step_dice(Step.LEGENDARY + 3) == -20
    assert step_dice(Step.MUNDANE - 1) == 8
    assert step_dice(Step.MUNDANE - 2) == 12
    assert step_name(Step.LEGENDARY + 3) == "3 steps beyond Legendary"
    assert step_name(Step.MUNDANE - 1) == "1 step beyond Mundane"
    assert step_name(Step.HEROIC) == "Heroic"


def test_conditions_of_one_kind_count_once() -> None:
    rain = [Condition.LIGHT_RAIN, Condition.STORM, Condition.HEAVY_RAIN]
    setup = BanzaiSetup("Jo", 9, 3, difficulties=[Difficulty.of(c) for c in rain])
    assert [d.label for d in setup.counted_difficulties] == ["storm"]
    assert setup.pool.rolled == 9 - 4


def test_conditions_of_different_kinds_add_up() -> None:
    conditions = [Condition.DIM_LIGHT, Condition.LIGHT_EARTHQUAKE, Condition.MINOR_SICKNESS]
    setup = BanzaiSetup("Jo", 9, 3, difficulties=[Difficulty.of(c) for c in conditions])
    assert setup.pool.rolled == 9 - 3


def test_growing_conditions_add_a_step_per_interval() -> None:
    # Moderate after the first interval, a step harder after each further one.
    assert [Difficulty.growing(ConditionKind.SUFFOCATION, n).dice for n in (1, 2, 3, 4, 5)] == [
        -1,
        -2,
        -4,
        -8,
        -12,
    ]
    # Starvation and dehydration both count; two reckonings of starvation count once.
    setup = BanzaiSetup(
        "Jo",
        9,
        3,
        difficulties=[
            Difficulty.growing(ConditionKind.STARVATION, 1),
            Difficulty.growing(ConditionKind.DEHYDRATION, 2),
            Difficulty.growing(ConditionKind.STARVATION, 2),
        ],
    )
    assert setup.pool.rolled == 9 - 2 - 2
    with pytest.raises(BanzaiError, match="severity"):
        Difficulty.growing(ConditionKind.RAIN, 2)


def test_dice_modifiers_read_and_refuse() -> None:
    assert DiceModifier.parse(" -1k0 ") == DiceModifier(-1, 0)
    assert DiceModifier.parse("2K2") == DiceModifier(2, 2)
    for text in ("k2", "+2", "2k2k", "1d6"):
        with pytest.raises(BanzaiError, match="AkB"):
            DiceModifier.parse(text)


# ---------------------------------------------------------------------------------------------
# The ten-dice cap and the no-roll rule


def test_the_ten_dice_cap_turns_extra_dice_into_free_raises() -> None:
    roll = BanzaiRoll(BanzaiSetup("Jo", 12, 12, tn=30))
    pool = roll.terms.pool
    assert (pool.dice_rolled, pool.dice_kept, pool.free_raises) == (10, 10, 2)
    with pytest.raises(BanzaiError, match="10 values"):
        roll.roll_given([5] * 12)
    rolled = roll.roll_given([5] * 10)
    assert isinstance(rolled, BanzaiRolled)
    assert "2 kept dice beyond 10 lost" in rolled.text()
    assert roll.target == 30 and roll.total == 50
    roll.decide()
    # The Free Raises do not raise the TN, but are Raises to spend.
    assert roll.raises_available == 2


def test_no_roll_compares_before_the_cap() -> None:
    # 14 + 2 = 16 beats 15, though 10 + 2 after the cap would not.
    setup = BanzaiSetup("Jo", 14, 2, tn=15)
    assert not setup.rolls_needed and setup.odds() == 1.0
    assert setup.with_raises(0).rolls_needed is False
    assert BanzaiSetup("Jo", 13, 2, tn=15).rolls_needed


def test_no_roll_counts_difficulty_steps() -> None:
    setup = BanzaiSetup("Jo", 7, 4, tn=10, difficulties=[Difficulty.task(Step.MODERATE)])
    # 6 + 4 = 10 no longer beats 10.
    assert setup.rolls_needed


# ---------------------------------------------------------------------------------------------
# Raises, Free Raises and Honor Points


def test_raises_are_limited_by_void() -> None:
    BanzaiSetup("Jo", 5, 3, void=2, raises=2)
    with pytest.raises(BanzaiError, match="at most 2 Raises"):
        BanzaiSetup("Jo", 5, 3, void=2, raises=3)


def test_without_void_the_lowest_element_limits_raises() -> None:
    BanzaiSetup("Kami", 5, 3, lowest_element=1, raises=1)
    with pytest.raises(BanzaiError, match="at most 1 Raise,"):
        BanzaiSetup("Kami", 5, 3, lowest_element=1, raises=2)


def test_raises_need_a_known_limit() -> None:
    with pytest.raises(BanzaiError, match="Void"):
        BanzaiSetup("Jo", 5, 3, raises=1)


def test_raises_are_declared_before_rolling() -> None:
    roll = BanzaiRoll(BanzaiSetup("Jo", 5, 3, void=2))
    with pytest.raises(BanzaiError, match="at most 2"):
        roll.declare_raises(3)
    assert roll.terms.raises == 0
    roll.roll(seeded(1))
    with pytest.raises(BanzaiError, match="too late"):
        roll.declare_raises(1)


def test_free_raises_do_not_raise_the_tn_or_count_against_the_limit() -> None:
    setup = BanzaiSetup("Jo", 5, 3, tn=15, void=1, raises=1, free_raises=3)
    assert setup.target == 20 and setup.total_free_raises == 3
    roll = BanzaiRoll(setup)
    roll.roll_given([9, 9, 8, 1, 1])
    roll.decide()
    assert roll.raises_available == 4


@pytest.mark.parametrize(
    "unused, void, points", [(0, 3, 0), (1, 3, 0), (2, 3, 1), (5, 3, 2), (9, 3, 3), (9, 2, 2)]
)
def test_honor_points_are_one_per_two_raises_at_most_void(
    unused: int, void: int, points: int
) -> None:
    assert honor_points(unused, void) == points


def test_unused_raises_become_honor_points_at_the_end() -> None:
    # 12 dice rolled: 2 Free Raises, with 3 declared and Void 3.
    roll = BanzaiRoll(BanzaiSetup("Jo", 12, 3, tn=10, void=3, raises=3))
    roll.roll_given([9] * 10)
    roll.decide()
    assert roll.raises_available == 5
    roll.spend("the wind drops")
    assert roll.finish().outcome.honor_points == 2
    not_converted = BanzaiRoll(BanzaiSetup("Jo", 12, 3, tn=10, void=3, raises=3))
    not_converted.roll_given([9] * 10)
    not_converted.decide()
    assert not_converted.finish(convert=False).outcome.honor_points == 0


def test_falling_short_of_the_raised_tn_fails_without_raises() -> None:
    roll = BanzaiRoll(BanzaiSetup("Jo", 5, 3, tn=10, void=2, raises=2, free_raises=1))
    roll.roll_given([9, 5, 4, 1, 1])
    assert roll.total == 18 and roll.target == 20
    decided = roll.decide()
    assert not decided.success and not roll.success and decided.raises == 0
    with pytest.raises(BanzaiError, match="no Raise"):
        roll.spend()
    assert "falls short" in decided.text()


def test_a_player_may_choose_to_fail() -> None:
    roll = BanzaiRoll(BanzaiSetup("Jo", 5, 3, tn=10, void=2, raises=1))
    roll.roll_given([9, 5, 4, 1, 1])
    decided = roll.decide(succeed=False)
    assert roll.met and not decided.success
    assert "chooses to fail" in decided.text()
    # Failing creatively: the Raise can still be spent.
    roll.spend("the rope snaps on purpose")
    assert not roll.finish().outcome.success


# ---------------------------------------------------------------------------------------------
# Choosing dice


def test_a_player_may_keep_any_dice() -> None:
    roll = BanzaiRoll(jo_with_katana(tn=25))
    roll.roll_given([3, 5, 5, 6, 9, 9, 13])
    kept = roll.keep([0, 1, 2, 3, 6])
    assert sorted(kept.dice.kept_values) == [3, 5, 5, 6, 13]
    assert roll.total == 32


@pytest.mark.parametrize(
    "indices, message",
    [([0, 1, 2, 3], "exactly 5"), ([0, 1, 2, 3, 4, 5], "exactly 5"), ([0, 1, 2, 3, 7], "0 to 6"),
     ([0, 0, 1, 2, 3], "different")],
)
def test_keeping_dice_that_were_not_rolled_is_refused(indices: list[int], message: str) -> None:
    roll = BanzaiRoll(jo_with_katana(tn=25))
    roll.roll_given([3, 5, 5, 6, 9, 9, 13])
    with pytest.raises(BanzaiError, match=message):
        roll.keep(indices)
    assert roll.total == 42


@pytest.mark.parametrize("dice", [[10], [20], [0], [(10,)], [(3, 4)], [(10, 11)]])
def test_impossible_physical_dice_are_refused(dice: list[int | tuple[int, ...]]) -> None:
    with pytest.raises(
        BanzaiError,
        match=r"A 10 is rolled again|A Banzai die is worth 1 to 9|is not a Banzai die's chain",
    ):
        BanzaiDice.given(dice, keep=1)


def test_steps_out_of_order_are_refused() -> None:
    roll = BanzaiRoll(BanzaiSetup("Jo", 5, 3))
    for step in (roll.decide, roll.finish, lambda: roll.keep([0])):
        with pytest.raises(BanzaiError, match="too early"):
            step()
    with pytest.raises(BanzaiError, match="TN"):
        BanzaiRoll(BanzaiSetup("Jo", 5, 3, tn=None))


# ---------------------------------------------------------------------------------------------
# Opposed rolls


def test_a_tie_goes_to_the_initiator() -> None:
    outcome = resolve_opposed(("Jo", "Keiko"), (20, 20), (1, 1), initiator=1)
    assert outcome.result is OpposedResult.WON and outcome.winner_name == "Keiko"
    # Jo is the lower roll: he loses half his one Raise, rounded up.
    assert outcome.raises == (0, 1)


def test_a_tie_in_a_direct_competition_stays_a_tie() -> None:
    outcome = resolve_opposed(("Jo", "Keiko"), (20, 20), (2, 1), initiator=None)
    assert outcome.result is OpposedResult.TIE and outcome.winner is None
    assert outcome.raises == (2, 1) and outcome.lost == (0, 0)
    assert EffectTurn("Jo", 0) not in outcome.order and EffectTurn("Keiko", 0) not in outcome.order


@pytest.mark.parametrize("raises, kept", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_the_lower_roll_loses_half_its_raises_rounded_up(raises: int, kept: int) -> None:
    outcome = resolve_opposed(("Jo", "Keiko"), (17, 23), (raises, 1))
    assert outcome.winner_name == "Keiko"
    assert outcome.raises == (kept, 1)
    assert outcome.lost == (raises - kept, 0)


def test_with_a_simple_tn_falling_short_of_the_raised_tn_loses_all_raises() -> None:
    # TN 15: Jo's 22 with two Raises needed 25; his roll still beats Keiko's 18.
    outcome = resolve_opposed(("Jo", "Keiko"), (22, 18), (2, 0), (0, 1), tn=15)
    assert outcome.winner_name == "Jo"
    assert outcome.raises == (0, 1) and outcome.lost == (2, 0)


def test_with_a_simple_tn_neither_meeting_it_both_fail() -> None:
    outcome = resolve_opposed(("Jo", "Keiko"), (12, 14), (1, 1), tn=15)
    assert outcome.result is OpposedResult.BOTH_FAIL and outcome.winner is None
    assert outcome.order == () and outcome.raises == (0, 0)


def test_bonus_effects_alternate_after_the_initial_effect() -> None:
    outcome = resolve_opposed(("Jo", "Keiko"), (30, 20), (2, 6))
    # Keiko keeps 3 of her 6 Raises.
    assert outcome.order == (
        EffectTurn("Jo", 0),
        EffectTurn("Jo", 1),
        EffectTurn("Keiko", 1),
        EffectTurn("Jo", 2),
        EffectTurn("Keiko", 2),
        EffectTurn("Keiko", 3),
    )


def test_an_opposed_roll_played_step_by_step() -> None:
    contest = OpposedRoll.start(
        BanzaiSetup("Jo", 4, 3, void=2, raises=1),
        BanzaiSetup("Keiko", 3, 3, void=3, raises=2),
        initiator=0,
    )
    assert contest.first.tn is None
    contest.roll_given("Keiko", [9, 8, 6])
    with pytest.raises(BanzaiError, match="Jo has not rolled"):
        contest.resolve()
    contest.roll(ScriptedD10([7, 5, 3, 2]))
    kept = contest.keep("Jo", [0, 1, 3])
    assert kept.dice.total == 14
    resolved = contest.resolve()
    assert contest.total(0) == 14 and contest.total("Keiko") == 23
    assert resolved.outcome.winner_name == "Keiko"
    assert resolved.outcome.raises == (0, 2)
    with pytest.raises(BanzaiError, match="too late"):
        contest.keep("Jo", [0, 1, 2])


def test_opposed_sides_have_no_tn_of_their_own() -> None:
    with pytest.raises(BanzaiError, match="other's total"):
        OpposedRoll(BanzaiSetup("Jo", 4, 3), BanzaiSetup("Keiko", 3, 3, tn=None))


def test_one_die_against_one_ties_one_time_in_eleven() -> None:
    # Each total 10g + u (u = 1..9) has chance 10 ** -(g + 1): a tie is
    # sum over g of 9 * 100 ** -(g + 1) = 9 / 99 = 1 / 11, the rest split evenly.
    contest = OpposedRoll.start(BanzaiSetup("Jo", 1, 1), BanzaiSetup("Keiko", 1, 1), initiator=None)
    odds = contest.odds()
    assert odds.tie == pytest.approx(1 / 11, abs=1e-12)
    assert odds.first_wins == pytest.approx(5 / 11, abs=1e-12)
    assert odds.second_wins == pytest.approx(5 / 11, abs=1e-12)
    initiated = OpposedRoll.start(BanzaiSetup("Jo", 1, 1), BanzaiSetup("Keiko", 1, 1))
    assert initiated.odds().first_wins == pytest.approx(6 / 11, abs=1e-12)


# ---------------------------------------------------------------------------------------------
# Odds against a brute-force count


def _die_chances(below: int) -> dict[int, float]:
    return {v: 10.0 ** -(v // 10 + 1) for v in range(1, below) if v % 10}


@pytest.mark.parametrize(
    "rolled, kept, tn, raises, flat",
    [(2, 1, 15, 0, 0), (2, 2, 10, 2, 0), (2, 1, 5, 1, 3), (2, 2, 30, 0, -2)],
)
def test_two_dice_odds_match_a_brute_force_count(
    rolled: int, kept: int, tn: int, raises: int, flat: int
) -> None:
    chances = _die_chances(100)
    target = tn + 5 * raises
    brute = sum(
        chances[a] * chances[b]
        for a, b in itertools.product(chances, repeat=2)
        if sum(sorted((a, b))[-kept:]) + flat >= target
    )
    setup = BanzaiSetup("Jo", rolled, kept, tn=tn, raises=raises, void=3, flat=flat)
    assert setup.rolls_needed
    assert setup.odds() == pytest.approx(brute, abs=1e-9)


# ---------------------------------------------------------------------------------------------
# Properties


@st.composite
def setups(draw: st.DrawFn) -> BanzaiSetup:
    modifiers = draw(
        st.lists(st.builds(DiceModifier, st.integers(-3, 3), st.integers(-2, 2)), max_size=3)
    )
    difficulties = draw(st.lists(st.builds(Difficulty.task, st.integers(-5, 6)), max_size=2))
    conditions = draw(st.lists(st.sampled_from(Condition), max_size=3))
    return BanzaiSetup(
        "Jo",
        draw(st.integers(0, 12)),
        draw(st.integers(0, 12)),
        tn=draw(st.integers(5, 60)),
        raises=draw(st.integers(0, 3)),
        void=3,
        flat=draw(st.integers(-5, 5)),
        modifiers=modifiers,
        difficulties=[*difficulties, *(Difficulty.of(c) for c in conditions)],
    )


@settings(max_examples=200)
@given(setups(), st.sampled_from([DiceModifier(1, 0), DiceModifier(0, 1), DiceModifier(1, 1)]))
def test_more_dice_never_lower_the_odds(setup: BanzaiSetup, more: DiceModifier) -> None:
    richer = BanzaiSetup(
        setup.actor,
        setup.rolled,
        setup.kept,
        tn=setup.tn,
        raises=setup.raises,
        void=setup.void,
        flat=setup.flat,
        modifiers=(*setup.modifiers, more),
        difficulties=setup.difficulties,
    )
    assert richer.odds() >= setup.odds() - 1e-12


@settings(max_examples=200)
@given(setups())
def test_odds_are_chances_and_fall_with_raises(setup: BanzaiSetup) -> None:
    odds = setup.odds()
    assert 0.0 <= odds <= 1.0
    if setup.raises < 3:
        assert setup.with_raises(setup.raises + 1).odds() <= odds + 1e-12
    if not setup.rolls_needed:
        assert odds == 1.0


@settings(max_examples=100)
@given(setups(), st.integers(0, 2**32 - 1), st.data())
def test_kept_never_exceeds_rolled(setup: BanzaiSetup, seed: int, data: st.DataObject) -> None:
    pool = setup.pool
    assert 1 <= pool.dice_kept <= pool.dice_rolled <= 10
    dice = BanzaiDice.roll(pool, seeded(seed))
    assert len(dice.chains) == pool.dice_rolled
    assert len(dice.kept) == pool.dice_kept <= len(dice.chains)
    assert dice.total == max(
        sum(combo) for combo in itertools.combinations(dice.values, pool.dice_kept)
    )
    chosen = data.draw(
        st.lists(
            st.integers(0, len(dice.chains) - 1),
            min_size=len(dice.kept),
            max_size=len(dice.kept),
            unique=True,
        )
    )
    kept = dice.keeping(chosen)
    assert kept.total == sum(dice.values[i] for i in chosen) <= dice.total


def test_rolls_survive_a_save_file_round_trip() -> None:
    converter = make_converter()
    roll = BanzaiRoll(
        jo_with_katana(
            tn=25,
            void=3,
            raises=1,
            difficulties=[Difficulty.of(Condition.MOONLIGHT)],
            helpers=[Helper("Owari Keiko", 0, 3)],
        )
    )
    roll.roll(seeded(7))
    roll.decide()
    contest = OpposedRoll.start(BanzaiSetup("Jo", 4, 3), BanzaiSetup("Keiko", 3, 3), tn=15)
    contest.roll(seeded(8))
    for state in (roll, contest):
        text = json.dumps(converter.unstructure(state))
        back = converter.structure(json.loads(text), type(state))
        assert back == state
    assert roll.phase is BanzaiPhase.DECIDED


@pytest.mark.parametrize("module", [banzai, banzai_opposed, banzai_setup, banzai_steps])
def test_docstring_examples_hold(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
