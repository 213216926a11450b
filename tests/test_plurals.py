"""Plurals right wherever a number meets a noun: "1 die", "1 Raise", "after 1 round", never
"1 dice" or "1 Raises" (both were once in the log and the panels)."""

from __future__ import annotations

import pytest

from cardtable.counts import counted, noun
from cardtable.randomness import seeded
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.steps import crisis


@pytest.mark.parametrize(("count", "one", "many", "words"), [
    (1, "Raise", None, "1 Raise"), (2, "Raise", None, "2 Raises"), (0, "round", None, "0 rounds"),
    (1, "die", "dice", "1 die"), (6, "die", "dice", "6 dice"), (-1, "point", None, "-1 point"),
])
def test_a_count_and_its_noun(count: int, one: str, many: str | None, words: str) -> None:
    assert counted(count, one, many) == words
    assert noun(count, one, many) == words.split(" ", 1)[1]


def test_a_duel_of_one_die_says_one_die_in_the_log() -> None:
    session = load(demo_path(), rng=seeded(1))  # Dana, the GM, holds the computer
    assert session.apply(crisis.set_up_duel(crisis.DuelPick(name="The Hollow Man", pool=1),
                                            crisis.DuelPick(name="A rat", pool=3)))
    assert session.log[-1].public == (
        "Dana sets up a crisis Duel: The Hollow Man (1 die) against A rat (3 dice).")
