"""The table's options: every "configurable" rule of ``rules/``, with its default, set by the
GM, logged when changed, and saved with the session."""

from __future__ import annotations

import json

import pytest
from pool_table import ALEX, pool_session, seat

from cardtable.randomness import seeded
from cardtable.resolvers.pool.abilities import Formula
from cardtable.resolvers.pool.challenge import TieRule
from cardtable.resolvers.pool.dice import DicePoint
from cardtable.session import AuthorityError
from cardtable.session.new_session import NewSessionPlan, PlayerPlan, build_session
from cardtable.session.saving import from_bytes, to_bytes
from cardtable.session.table_options import (
    ADVENTURE_SHOE,
    POOL_DICE,
    POOL_FORMULA,
    POOL_TIES,
    TABLE_OPTIONS,
    TAROT_SLEEVE_CARDS,
    OptionError,
    SetTableOptions,
    option,
    options_for,
    systems_at,
    value_of,
)
from cardtable.steps.pool.picks import pool_options


def test_every_configurable_rule_is_an_option_with_the_rules_default() -> None:
    assert {(o.key, o.default) for o in TABLE_OPTIONS} == {
        (TAROT_SLEEVE_CARDS, True),
        (POOL_FORMULA, "steps"),
        (POOL_TIES, "draw"),
        (POOL_DICE, "off"),
        (ADVENTURE_SHOE, 2),
    }
    # The pool options offer exactly what the resolver plays.
    assert [c.value for c in option(POOL_DICE).choices] == [p.value for p in DicePoint]
    assert [c.value for c in option(POOL_FORMULA).choices] == [f.value for f in Formula]
    assert [c.value for c in option(POOL_TIES).choices] == [t.value for t in TieRule]
    assert [o.key for o in options_for(["pool"])] == [POOL_FORMULA, POOL_TIES, POOL_DICE]


def test_the_gm_sets_options_in_one_logged_step() -> None:
    session = pool_session()
    assert systems_at(session.state) == ("pool",)
    session.apply(SetTableOptions({POOL_DICE: "inflicting loss", POOL_TIES: "double loss"}))
    assert session.log[-1].public == (
        "Dana set the table options: both out at equal pools (pool Challenge) to a double "
        "loss; challenge dice (pool Challenge) to inflicting loss"
    )
    assert pool_options(session.state).dice is DicePoint.INFLICTING
    session.undo()
    assert value_of(session.state, POOL_DICE) == "off"


def test_only_the_gm_sets_options() -> None:
    session = pool_session()
    seat(session, ALEX)
    change = SetTableOptions({POOL_DICE: "comparing pools"})
    assert session.may(change) == "Only the GM (Dana) may change the table's options."
    with pytest.raises(AuthorityError, match=r"Only the GM \(Dana\) may change the table's"):
        session.apply(change)


def test_values_an_option_does_not_offer_are_refused() -> None:
    session = pool_session()
    with pytest.raises(OptionError, match="Challenge dice is one of off, forming pools, "
                       "comparing pools, inflicting loss, reserves, bonus and resistance; not "
                       "'sometimes'"):
        session.apply(SetTableOptions({POOL_DICE: "sometimes"}))
    with pytest.raises(OptionError, match="Sleeve Cards is one of on, off; not 1"):
        session.apply(SetTableOptions({TAROT_SLEEVE_CARDS: 1}))
    with pytest.raises(OptionError, match="The table has no option 'pool-luck'"):
        session.apply(SetTableOptions({"pool-luck": True}))
    with pytest.raises(OptionError, match="nothing to change"):
        session.apply(SetTableOptions({POOL_DICE: "off"}))


def test_the_shoe_is_chosen_when_the_table_is_set_and_fixed_after() -> None:
    plan = NewSessionPlan(systems=("adventure", "pool"), players=(PlayerPlan("Dana", gm=True),),
                          shoe_decks=3, options={POOL_FORMULA: "square"})
    session = build_session(plan, seeded(1))
    assert session.state.options == {POOL_FORMULA: "square", POOL_TIES: "draw",
                                     POOL_DICE: "off", ADVENTURE_SHOE: 3}
    assert any(e.public.startswith("Dana set the table options: complementary bonus formula "
                                   "(pool Challenge) to C² / 2P") for e in session.log)
    with pytest.raises(OptionError, match="The decks in the shoe cannot change now: the shoe is "
                       "shuffled together when the table is set"):
        session.apply(SetTableOptions({ADVENTURE_SHOE: 2}))


def test_a_plan_with_an_option_it_does_not_offer_has_a_problem() -> None:
    plan = NewSessionPlan(systems=("pool",), players=(PlayerPlan("Dana"),),
                          options={POOL_TIES: "coin flip"})
    [problem] = plan.problems()
    assert problem.where == "options" and "not 'coin flip'" in problem.message


def test_options_round_trip_through_a_save() -> None:
    session = pool_session()
    session.apply(SetTableOptions({POOL_DICE: "reserves, bonus and resistance",
                                   POOL_FORMULA: "square", TAROT_SLEEVE_CARDS: False}))
    loaded = from_bytes(to_bytes(session), rng=seeded(2))
    assert loaded.state.options == session.state.options
    assert pool_options(loaded.state) == pool_options(session.state)
    assert value_of(loaded.state, TAROT_SLEEVE_CARDS) is False


def test_a_saved_value_no_longer_offered_reads_as_the_default() -> None:
    session = pool_session()
    data = json.loads(to_bytes(session))
    data["session"]["options"] = {POOL_DICE: "on every roll", POOL_TIES: 7}
    loaded = from_bytes(json.dumps(data).encode(), rng=seeded(2))
    assert (value_of(loaded.state, POOL_DICE), value_of(loaded.state, POOL_TIES)) == ("off",
                                                                                      "draw")
