"""Dice expressions: what the parser reads, what it refuses, and the Banzai pool arithmetic."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.dice import (
    BanzaiPool,
    ChallengeDice,
    DiceExpressionError,
    DicePool,
    Expression,
    Flat,
    KeepMode,
    RollAndKeep,
)
from cardtable.dice.expression import MAX_POOL_DICE, Term

# ---------------------------------------------------------------------------------------------
# What it reads


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("7k5", (RollAndKeep(7, 5),)),
        ("2d6", (DicePool(2, 6),)),
        ("d20", (DicePool(1, 20),)),
        ("4d6kh3", (DicePool(4, 6, 3, KeepMode.HIGHEST),)),
        ("4d6k3", (DicePool(4, 6, 3, KeepMode.HIGHEST),)),
        ("2d20kl1", (DicePool(2, 20, 1, KeepMode.LOWEST),)),
        ("3c", (ChallengeDice(3),)),
        ("7k5+2", (RollAndKeep(7, 5), Flat(2))),
        (" 7K5 - 1k0 + 3 ", (RollAndKeep(7, 5), RollAndKeep(1, 0, -1), Flat(3))),
        ("2d6+1d8-1", (DicePool(2, 6), DicePool(1, 8), Flat(-1))),
        ("-1d4+10", (DicePool(1, 4, sign=-1), Flat(10))),
        ("1000d6", (DicePool(1000, 6),)),
    ],
)
def test_reads_the_documented_syntax(text: str, terms: tuple[Term, ...]) -> None:
    assert Expression.parse(text).terms == terms


def test_dice_modifiers_all_apply_at_once() -> None:
    # banzai.md: -1k0, +2k0, -0k3 on 5k4 give 6k1.
    assert Expression.parse("5k4-1k0+2k0-0k3").banzai_pool() == BanzaiPool(6, 1)


def test_difficulty_steps_can_leave_fewer_rolled_than_kept() -> None:
    # A cliff without rope, in the dark, in light rain: -2k0 -2k0 -1k0 on 7k3 leaves 2k3,
    # and kept dice fall to the rolled dice.
    assert Expression.parse("7k3-2k0-2k0-1k0").banzai_pool() == BanzaiPool(2, 2)


def test_a_roll_never_falls_below_1k1() -> None:
    assert Expression.parse("2k2-3k0").banzai_pool() == BanzaiPool(1, 1)
    assert Expression.parse("3k1-0k4").banzai_pool() == BanzaiPool(3, 1)


def test_the_ten_dice_cap_turns_extra_rolled_dice_into_free_raises() -> None:
    pool = Expression.parse("12k3").banzai_pool()
    assert (pool.dice_rolled, pool.dice_kept, pool.free_raises) == (10, 3, 2)


def test_kept_dice_beyond_ten_are_lost() -> None:
    pool = Expression.parse("12k12").banzai_pool()
    assert (pool.dice_rolled, pool.dice_kept, pool.free_raises) == (10, 10, 2)
    # Kept never exceeds rolled, so 8k12 is 8k8 before the cap has a say.
    assert Expression.parse("8k12").banzai_pool() == BanzaiPool(8, 8)


def test_no_roll_needed_when_rolled_plus_kept_beats_the_tn() -> None:
    # banzai.md: 7k4 against TN 10: 7 + 4 = 11 > 10.
    assert not BanzaiPool.of(7, 4).rolls_needed(10)
    # Keiko's 7k3 with two Raises faces TN 20 and must roll.
    assert BanzaiPool.of(7, 3).rolls_needed(10, raises=2)
    # Equal is not greater.
    assert BanzaiPool.of(6, 4).rolls_needed(10)


def test_the_no_roll_rule_looks_before_the_cap() -> None:
    # 12k3 counts 15 against the TN although only 10 dice would be rolled.
    assert not BanzaiPool.of(12, 3).rolls_needed(14)


# ---------------------------------------------------------------------------------------------
# What it refuses


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("100000d6", f"100000d6: at most {MAX_POOL_DICE} dice in a pool"),
        ("0k0", "0k0: roll at least one die"),
        ("5k", "5k: a keep count must follow 'k' (as in 5k3)"),
        ("d", "d: a number of sides must follow 'd' (as in 2d6)"),
        ("k3", "k3: a number of dice must come before 'k'"),
        ("5k0", "5k0: keep at least one die"),
        ("0d6", "0d6: roll at least one die"),
        ("2d1", "2d1: a die needs at least 2 sides"),
        ("2d100000", "2d100000: at most 1000 sides on a die"),
        ("4d6kh", "4d6kh: a keep count must follow 'kh'"),
        ("4d6kh0", "4d6kh0: keep at least one die"),
        ("4d6kh5", "4d6kh5: cannot keep 5 of 4 dice"),
        ("c", "c: a number of challenge dice must come before 'c'"),
        ("0c", "0c: roll at least one die"),
        ("101k3", "101k3: at most 100 dice"),
        ("2d6+", "a term is missing after '+'"),
        ("2d6x", "cannot read 'x'"),
        ("hello", "cannot read 'hello'"),
        ("", "no dice given"),
        ("5", "no dice to roll"),
        ("7k5+2d6", "takes only XkY dice modifiers and flat numbers"),
        ("-7k5", "starts with the pool"),
        ("600d6+600d6", "at most 1000 dice in one expression"),
        ("1d6" + "+1" * 25, "at most 20 terms"),
        ("1d6+" + "1" * 9, "at most 1000000 as a flat modifier"),
    ],
)
def test_refuses_absurd_input_saying_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(DiceExpressionError, match=re.escape(says)) as refused:
        Expression.parse(text)
    message = str(refused.value)
    assert says in message
    assert "\n" not in message


def test_refuses_a_novel() -> None:
    with pytest.raises(DiceExpressionError, match="at most 200 characters"):
        Expression.parse("1d6+" * 100)


def test_the_refusal_is_a_value_error_for_the_command_line() -> None:
    assert issubclass(DiceExpressionError, ValueError)


# ---------------------------------------------------------------------------------------------
# Round trips

_SIGNS = st.sampled_from([1, -1])


@st.composite
def banzai_expressions(draw: st.DrawFn) -> Expression:
    terms: list[Term] = [RollAndKeep(draw(st.integers(1, 20)), draw(st.integers(1, 20)))]
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            rolled, kept = draw(st.integers(0, 9)), draw(st.integers(0, 9))
            terms.append(RollAndKeep(rolled, kept, draw(_SIGNS)))
        else:
            terms.append(Flat(draw(st.integers(-50, 50))))
    return Expression(tuple(terms))


@st.composite
def pool_expressions(draw: st.DrawFn) -> Expression:
    terms: list[Term] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["sum", "keep", "challenge", "flat"]))
        sign = draw(_SIGNS)
        count = draw(st.integers(1, 30))
        if kind == "sum":
            terms.append(DicePool(count, draw(st.integers(2, 100)), sign=sign))
        elif kind == "keep":
            keep = draw(st.integers(1, count))
            mode = draw(st.sampled_from(KeepMode))
            terms.append(DicePool(count, draw(st.integers(2, 100)), keep, mode, sign))
        elif kind == "challenge":
            terms.append(ChallengeDice(count, sign))
        else:
            terms.append(Flat(draw(st.integers(-50, 50))))
    if not any(isinstance(term, DicePool | ChallengeDice) for term in terms):
        terms.append(DicePool(1, 6))
    return Expression(tuple(terms))


@settings(max_examples=200)
@given(st.one_of(banzai_expressions(), pool_expressions()))
def test_printed_expressions_parse_back_the_same(expression: Expression) -> None:
    assert Expression.parse(str(expression)) == expression
    assert eval(repr(expression), {"Expression": Expression}) == expression


@settings(max_examples=100)
@given(pool_expressions(), st.data())
def test_case_and_spaces_do_not_matter(expression: Expression, data: st.DataObject) -> None:
    text = str(expression)
    spaced = "".join(
        (char.upper() if data.draw(st.booleans()) else char)
        + (" " if data.draw(st.booleans()) else "")
        for char in text
    )
    assert Expression.parse(spaced) == expression


@settings(max_examples=200)
@given(
    st.integers(1, 30),
    st.integers(1, 30),
    st.lists(st.tuples(st.integers(-12, 12), st.integers(-12, 12)), max_size=5),
)
def test_modified_pools_always_roll_something_and_keep_no_more(
    rolled: int, kept: int, modifiers: list[tuple[int, int]]
) -> None:
    pool = BanzaiPool.of(rolled, kept, modifiers)
    assert 1 <= pool.kept <= pool.rolled
    assert 1 <= pool.dice_kept <= pool.dice_rolled <= 10
    assert pool.dice_rolled + pool.free_raises == pool.rolled
    # Applied at once: the order of the modifiers makes no difference.
    assert BanzaiPool.of(rolled, kept, reversed(modifiers)) == pool
