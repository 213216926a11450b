"""The dice tray's model: requests, odds, rolls as undoable session steps, the saved history."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.dice import (
    BanzaiPool,
    DiceExpressionError,
    Expression,
    p_banzai,
    p_crisis_success,
    roll_expression,
)
from cardtable.randomness import seeded
from cardtable.resolvers.banzai.setup import BanzaiSetup
from cardtable.resolvers.banzai.steps import Condition, Difficulty, Step
from cardtable.session import ResolverStep, Session, UndoError, load, save
from cardtable.session.corrections import StrikeRoll
from cardtable.session.demo import build_demo
from cardtable.session.dice_history import (
    HISTORY_ID,
    MAX_HISTORY,
    DiceHistory,
    DiceRequest,
    RollRecord,
    history_of,
    roll_step,
)
from cardtable.session.registry import resolver_class


class ScriptedRng(random.Random):
    """Shows the faces it is given, in order, for dice of the sides it is told."""

    def __init__(self, faces: Iterable[int], sides: int) -> None:
        super().__init__(0)
        self.script, self.sides = list(faces), sides

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, self.sides)
        return self.script.pop(0)


def roll_in(session: Session, request: DiceRequest, actor: str = "Bea") -> RollRecord:
    session.apply(ResolverStep(roll_step(request, actor)))
    history = history_of(session.state)
    assert history is not None and history.latest is not None
    return history.latest


# -- the worked examples ----------------------------------------------------------------------


def test_jo_keeps_the_exploded_ten_and_the_log_says_42_success() -> None:
    session = build_demo()
    session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3], sides=10)
    record = roll_in(session, DiceRequest("7k5", tn=25))
    assert record.total == 42 and record.success is True
    assert [die.value for die in record.groups[0].kept_dice] == [13, 9, 9, 6, 5]
    line = session.log[-1].public
    assert line.startswith("Bea rolled 7k5 vs TN 25: 42, success (")
    assert "[10→3=13]" in line and "kept 13 9 9 6 5" in line


def test_keiko_meets_her_raised_tn_of_20_with_29() -> None:
    session = build_demo()
    session.rng = ScriptedRng([9, 8, 10, 2, 3, 1, 2, 4], sides=10)
    record = roll_in(session, DiceRequest("7k3", tn=10, raises=2))
    assert (record.total, record.target, record.success) == (29, 20, True)
    assert session.log[-1].public.startswith("Bea rolled 7k3 vs TN 10 with 2 Raises (20): 29, ")


def test_7k4_against_tn_10_needs_no_roll() -> None:
    session = build_demo()
    session.rng = ScriptedRng([], sides=10)
    record = roll_in(session, DiceRequest("7k4", tn=10))
    assert record.no_roll and record.success is True and record.groups == ()
    assert DiceRequest("7k4", tn=10).odds() == 1.0
    assert "no roll needed, success (7 + 4 = 11 beats TN 10)" in session.log[-1].public


@pytest.mark.parametrize(
    ("faces", "difficulty", "success"),
    [([3, 4], 6, True), ([1, 2, 2, 3], 12, False), ([3, 3, 3, 3], 12, False)],
)
def test_crisis_dice_must_beat_the_difficulty(
    faces: list[int], difficulty: int, success: bool
) -> None:
    # Bill: 2 dice, difficulty 6, total 7; Harriet: 4 dice, difficulty 12, total 8; and a
    # total equal to the difficulty, which does not beat it.
    session = build_demo()
    session.rng = ScriptedRng(faces, sides=6)
    request = DiceRequest(f"{len(faces)}d6", tn=difficulty, beat=True)
    record = roll_in(session, request)
    assert record.total == sum(faces) and record.success is success
    assert request.odds() == pytest.approx(p_crisis_success(len(faces), difficulty), abs=1e-12)
    verdict = "success" if success else "failure"
    assert session.log[-1].public.startswith(
        f"Bea rolled {len(faces)}d6 vs difficulty {difficulty}: {sum(faces)}, {verdict}"
    )


# -- difficulty steps and conditions ---------------------------------------------------------


def test_conditions_of_one_kind_count_once_at_their_worst() -> None:
    request = DiceRequest(
        "7k5", tn=20, conditions=[Condition.DIM_LIGHT, Condition.MOONLIGHT, Condition.LIGHT_RAIN]
    )
    assert str(request.expression()) == "7k5-2k0-1k0"
    assert request.expression().banzai_pool() == BanzaiPool.of(4, 4)


def test_a_difficulty_step_on_plain_dice_is_refused() -> None:
    with pytest.raises(DiceExpressionError, match="roll-and-keep"):
        DiceRequest("2d6", tn=7, step=Step.HARD).odds()
    with pytest.raises(DiceExpressionError, match="Raises"):
        DiceRequest("2d6", tn=7, raises=1).check()
    with pytest.raises(DiceExpressionError, match="TN"):
        DiceRequest("7k5", raises=1).check()


_conditions = st.lists(st.sampled_from(list(Condition)), max_size=4, unique=True)


@settings(max_examples=60)
@given(
    rolled=st.integers(1, 12),
    kept=st.integers(1, 12),
    step=st.integers(Step.MUNDANE, Step.LEGENDARY),
    conditions=_conditions,
    tn=st.integers(5, 60),
)
def test_the_tray_counts_difficulty_as_the_banzai_setup_does(
    rolled: int, kept: int, step: int, conditions: list[Condition], tn: int
) -> None:
    request = DiceRequest(f"{rolled}k{kept}", tn=tn, step=step, conditions=conditions)
    sources = ([Difficulty.task(step)] if step else []) + [Difficulty.of(c) for c in conditions]
    setup = BanzaiSetup("Keiko", rolled=rolled, kept=kept, tn=tn, difficulties=sources)
    assert request.expression().banzai_pool() == setup.pool
    assert request.odds() == pytest.approx(setup.odds(), abs=1e-12)


def test_odds_with_raises_are_the_engines_for_the_raised_tn() -> None:
    request = DiceRequest("6k3", tn=15, raises=2)
    assert request.odds() == pytest.approx(p_banzai(BanzaiPool.of(6, 3), 25), abs=1e-12)


# -- the roll as a session step --------------------------------------------------------------


def test_a_roll_uses_the_sessions_randomness_exactly() -> None:
    session = build_demo()
    session.rng = seeded(11)
    record = roll_in(session, DiceRequest("4d6kh3+2", tn=12))
    expected = roll_expression(Expression.parse("4d6kh3+2"), seeded(11), tn=12)
    assert record.result() == expected
    assert record.total == expected.total


def test_a_roll_stays_rolled_and_the_gm_strikes_a_mistaken_one_from_the_record() -> None:
    # Undo once took a roll off the history and redo brought back the same dice.
    session = build_demo()
    session.rng = seeded(5)
    first = roll_in(session, DiceRequest("7k5", tn=25))
    second = roll_in(session, DiceRequest("3c"))
    assert not session.can_undo
    with pytest.raises(UndoError, match="what it gave stays given"):
        session.undo()
    session.apply(StrikeRoll())
    history = history_of(session.state)
    assert history is not None
    assert history.records == [first, evolve(second, struck_by="Dana")]
    assert session.log[-1].public == (
        f"Dana struck Bea's roll of 3c ({second.verdict()}) from the record"
    )


def test_an_unreadable_request_is_refused_before_any_die_rolls() -> None:
    with pytest.raises(DiceExpressionError, match="keep count"):
        roll_step(DiceRequest("5k"), "Bea")


def test_the_history_is_saved_with_the_session(tmp_path: Path) -> None:
    session = build_demo()
    session.rng = seeded(3)
    for text in ("7k5", "2d6+1d8-1", "3c", "12k3"):
        roll_in(session, DiceRequest(text, tn=20 if "k" in text else None))
    path = tmp_path / "rolls.cardtable"
    save(session, path)
    loaded = load(path)
    assert loaded.resolvers[HISTORY_ID] == session.resolvers[HISTORY_ID]
    assert [r.text() for r in history_of(loaded.state).records] == [  # type: ignore[union-attr]
        r.text()
        for r in history_of(session.state).records  # type: ignore[union-attr]
    ]
    assert resolver_class("dice-history") is DiceHistory


def test_the_history_keeps_the_last_hundred_rolls() -> None:
    history = DiceHistory()
    rng = seeded(2)
    records = [DiceRequest("1d6").roll(rng, f"P{n}") for n in range(MAX_HISTORY + 5)]
    for record in records:
        history.add(record)
    assert history.records == records[-MAX_HISTORY:]


def test_a_ten_dice_cap_note_reaches_the_log() -> None:
    session = build_demo()
    session.rng = seeded(9)
    roll_in(session, DiceRequest("12k3", tn=15))
    assert "ten-dice cap: 2 dice beyond 10 become Free Raises" in session.log[-1].public


def test_the_modules_examples_hold() -> None:
    import doctest

    import cardtable.session.dice_history as module

    assert doctest.testmod(module).failed == 0
