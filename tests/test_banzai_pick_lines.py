"""A Banzai roll as the table picks it, read at the model: only the Banzai sheets roll, a
pool that keeps more than it rolls is said to be capped, each number of Raises is worded in
its own number, and dice modifiers are read as a player writes them, blanks skipped."""

from __future__ import annotations

import pytest
from attrs import evolve

from cardtable.resolvers.banzai.steps import BanzaiError, DiceModifier
from cardtable.session import CharacterId, GameState, load
from cardtable.session.demo import demo_path
from cardtable.sheets import BanzaiSheet, CarriedCondition, Element
from cardtable.steps.banzai.picks import (
    RollPick,
    TargetPick,
    TypedSide,
    banzai_characters,
    explain,
    parse_modifiers,
    raise_odds,
)


@pytest.fixture(scope="module")
def state() -> GameState:
    return load(demo_path()).state  # five sheets of five systems; Kaneda Suzume's is Banzai


def test_only_the_characters_with_a_banzai_sheet_roll_banzai(state: GameState) -> None:
    assert len({c.system for c in state.characters.values()}) == 5
    assert [c.name for c in banzai_characters(state)] == ["Kaneda Suzume"]


def test_a_typed_side_may_bear_any_name_but_a_sheets(state: GameState) -> None:
    for name in ("A Ronin", "Zealot", "kaneda"):
        assert TypedSide(name, 2, 2).setup(state).actor == name


def test_a_pool_keeping_more_than_it_rolls_is_said_to_be_capped(state: GameState) -> None:
    shield = DiceModifier(0, 2, "shield")
    pick = RollPick(
        "kaneda-suzume", "Kenjutsu", Element.FIRE, TargetPick.typed(20), modifiers=[shield]
    )
    assert explain(pick, state) == (
        "Kenjutsu 4 + Fire 3: 4k3",
        "shield: +0k2",
        "Dice: 4k4 (at least 1k1, never more kept than rolled)",
        "TN 20",
        "Raises: at most 2 (Void 2), each +5 to the TN",
    )
    assert [odds.text() for odds in raise_odds(pick.setup(state))] == [
        "0 Raises: TN 20, 69.14%",
        "1 Raise: TN 25, 43.51%",
        "2 Raises: TN 30, 24.22%",
    ]


def test_conditions_carried_count_but_one_begun_waits_for_its_first_interval() -> None:
    state = load(demo_path()).state
    suzume = state.characters[CharacterId("kaneda-suzume")]
    assert isinstance(suzume.sheet, BanzaiSheet)
    carried = (
        CarriedCondition("major sickness"),
        CarriedCondition("starvation", 0),
        CarriedCondition("suffocation", 1),
    )
    state.characters[suzume.id] = evolve(suzume, sheet=evolve(suzume.sheet, conditions=carried))
    pick = RollPick("kaneda-suzume", "Kenjutsu", Element.FIRE, TargetPick.typed(20))
    assert explain(pick, state)[1:5] == (
        "major sickness: Hard, -2k0",
        "suffocation, 1 interval: Moderate, -1k0",
        "starvation: begun, no penalty until an interval passes",
        "Dice: 1k1 (at least 1k1, never more kept than rolled)",
    )
    assert [d.label for d in pick.setup(state).difficulties] == [
        "major sickness",
        "suffocation, 1 interval",
    ]


@pytest.mark.parametrize("helpers", [["kaneda-suzume"], ["yogo-ren", "yogo-ren"]])
def test_each_helper_helps_once_and_not_with_their_own_roll(helpers: list[str]) -> None:
    state = load(demo_path()).state
    suzume = state.characters[CharacterId("kaneda-suzume")]
    assert isinstance(suzume.sheet, BanzaiSheet)
    ren = evolve(
        suzume,
        id=CharacterId("yogo-ren"),
        name="Yogo Ren",
        sheet=evolve(suzume.sheet, name="Yogo Ren"),
    )
    state.characters[ren.id] = ren
    helped = RollPick("kaneda-suzume", "Kenjutsu", Element.FIRE, helpers=["yogo-ren"])
    assert [h.name for h in helped.setup(state).helpers] == ["Yogo Ren"]
    with pytest.raises(BanzaiError) as refused:
        evolve(helped, helpers=helpers).setup(state)
    assert str(refused.value) == "Each helper helps once, and not with their own roll"


def test_dice_modifiers_are_read_as_written_blanks_skipped() -> None:
    assert parse_modifiers("+2k2 katana; ; -1k0 wounded arm,") == (
        DiceModifier(2, 2, "katana"),
        DiceModifier(-1, 0, "wounded arm"),
    )
    with pytest.raises(BanzaiError) as refused:
        parse_modifiers("+2k2 katana, sword")
    assert str(refused.value) == (
        "Write each dice modifier as +AkB or -AkB, then where it comes from (+2k2 katana), "
        "not 'sword'"
    )
