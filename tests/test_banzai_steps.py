"""Banzai at the table as session actions: rolls from the sheets, whose each step is, the log,
Honor on the sheet, conditions carried, and the odds ``cardtable odds`` prints.

Expectations come from ``rules/banzai.md``'s worked examples and from the resolver played
directly, never from the steps' own code.
"""

from __future__ import annotations

import pytest
from dice_evening_rig import (
    ALICE,
    BOB,
    GORO,
    JO,
    KEIKO,
    ScriptedRng,
    dice_table,
    take_seat,
)
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cli import main as cardtable
from cardtable.resolvers.banzai import BanzaiError, BanzaiRoll, BanzaiSetup
from cardtable.resolvers.banzai.roll import BanzaiPhase
from cardtable.resolvers.banzai.steps import DiceModifier, Difficulty, Helper, Step
from cardtable.session import AuthorityError, EditSheet
from cardtable.sheets import BanzaiSheet, Element, Skill
from cardtable.steps.banzai import conditions, opposed
from cardtable.steps.banzai import roll as banzai
from cardtable.steps.banzai.picks import RollPick, TargetPick, explain, raise_odds

KATANA = DiceModifier.parse("+2k2", "katana")


def jo_strikes(**more: object) -> RollPick:
    """Jo's katana strike at Goro, whose Water 5 sets the passive TN 25."""
    return RollPick(JO, "Kenjutsu", Element.FIRE, TargetPick.passive(GORO, Element.WATER),
                    modifiers=[KATANA], **more)  # type: ignore[arg-type]


def test_jo_strikes_goro_from_his_sheet_and_keeps_42() -> None:
    session = dice_table()
    take_seat(session, BOB)
    setup = jo_strikes().setup(session.state)
    assert (str(setup.pool), setup.tn) == ("7k5", 25)
    session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3])
    session.apply(banzai.roll(jo_strikes()))
    current = banzai.roll_in_play(session.state)
    assert current is not None and current.dice is not None
    assert current.dice.kept_values == (13, 9, 9, 6, 5) and current.total == 42
    assert session.log[-1].public == (
        "Tachibana Jo rolled 7k5: [3] [5] [5] [6] [9] [9] [10→3=13]; keeps 13, 9, 9, 6, 5 = 42 "
        "against TN 25: met."
    )
    assert "TN 25: Goro's Water 5 × 5" in session.log[-2].public
    session.apply(banzai.decide())
    assert current.success and current.phase is BanzaiPhase.DECIDED


def test_keiko_gambles_two_raises_and_turns_them_into_honor() -> None:
    session = dice_table()
    take_seat(session, ALICE)
    pick = RollPick(KEIKO, "Investigation", Element.VOID, TargetPick.typed(10))
    session.rng = ScriptedRng([9, 8, 10, 2, 3, 1, 2, 4])
    session.apply(banzai.roll(pick, raises=2))
    assert session.log[-2].public == "Owari Keiko declares 2 Raises: TN 20."
    session.apply(banzai.decide())
    assert session.log[-1].public == (
        "Owari Keiko meets TN 20 with 29 and succeeds, with 2 Raises for bonus Effects."
    )
    session.apply(banzai.finish(convert=True))
    sheet = session.state.characters[KEIKO].sheet  # type: ignore[index]
    assert isinstance(sheet, BanzaiSheet) and sheet.honor == 3
    assert [e.public for e in session.log][-2:] == [
        "Owari Keiko: success (29 against TN 20), 2 Raises unused make 1 Honor Point.",
        "Owari Keiko's Honor Points: 2 → 3.",
    ]
    session.undo()
    sheet = session.state.characters[KEIKO].sheet  # type: ignore[index]
    assert isinstance(sheet, BanzaiSheet) and sheet.honor == 2


def test_seven_keep_four_against_ten_needs_no_roll() -> None:
    session = dice_table()
    take_seat(session, ALICE)
    session.rng = ScriptedRng([])  # any die rolled would fail the test
    session.apply(banzai.roll(RollPick(KEIKO, "Investigation", Element.EARTH,
                                       TargetPick.typed(10))))
    assert session.log[-1].public == (
        "Owari Keiko needs no roll: 7k4, 7 + 4 = 11 beats TN 10."
    )
    odds = raise_odds(RollPick(KEIKO, "Investigation", Element.EARTH,
                               TargetPick.typed(10)).setup(session.state))
    assert odds[0].no_roll and odds[0].text() == "0 Raises: TN 10, no roll needed"
    assert not odds[2].no_roll  # Keiko's 7k3 with two Raises must roll; so must 7k4 at 20


def test_keiko_helps_jo_track_and_the_group_rolls_6k4() -> None:
    session = dice_table()
    pick = RollPick(JO, "Hunting", Element.VOID, TargetPick.typed(20), helpers=[KEIKO])
    setup = pick.setup(session.state)
    assert setup.helpers == (Helper("Owari Keiko", skill=0, element=3),)
    assert str(setup.pool) == "6k4" and setup.raise_limit == 4
    assert "help from Owari Keiko: +0k1 (+1k1 a helper, capped at the lowest Skill 0 and " \
           "Element 3)" in explain(pick, session.state)


def test_only_the_roller_rolls_and_only_the_gm_sets_up_a_contest() -> None:
    session = dice_table()
    take_seat(session, ALICE)
    with pytest.raises(AuthorityError, match="Tachibana Jo is Bob's character: only Bob may "
                                             "roll for Tachibana Jo"):
        session.apply(banzai.roll(jo_strikes()))
    first = RollPick(JO, "Kenjutsu", Element.FIRE, None)
    second = RollPick(KEIKO, "Kenjutsu", Element.FIRE, None)
    with pytest.raises(AuthorityError, match=r"Only the GM \(Gina\) may set up an opposed roll"):
        session.apply(opposed.start(first, second))


def test_raises_beyond_void_are_refused_with_the_limit() -> None:
    session = dice_table()
    take_seat(session, BOB)
    with pytest.raises(BanzaiError, match="Tachibana Jo may declare at most 3 Raises, not 4"):
        session.apply(banzai.roll(jo_strikes(), raises=4))
    assert banzai.roll_in_play(session.state) is None


def test_free_raises_from_the_ten_dice_cap_and_abilities_are_spent_and_converted() -> None:
    session = dice_table()
    take_seat(session, BOB)
    pick = RollPick(JO, "Hunting", Element.FIRE, TargetPick.typed(15), step=Step.MUNDANE,
                    modifiers=[DiceModifier.parse("+2k2", "hunting bow")], free_raises=1)
    setup = pick.setup(session.state)
    assert (str(setup.pool), setup.total_free_raises) == ("12k5", 3)
    assert "ten-dice cap: 2 dice beyond 10 become Free Raises" in explain(pick, session.state)
    session.rng = ScriptedRng([9] * 10)
    session.apply(banzai.roll(pick, raises=1))
    session.apply(banzai.decide())
    current = banzai.roll_in_play(session.state)
    assert current is not None and current.raises_available == 4
    session.apply(banzai.spend("Thunder and lightning", "on the boar's tree"))
    assert [e.public for e in session.log][-2:] == [
        "Tachibana Jo spends Raise 1 of 4 on a bonus Effect: Thunder and lightning (1 of 2): "
        "on the boar's tree.",
        "Tachibana Jo spends Raise 2 of 4 on a bonus Effect: Thunder and lightning (2 of 2): "
        "on the boar's tree.",
    ]
    session.apply(banzai.spend("A fact of the Scene", "the boar is the mountain god's"))
    with pytest.raises(BanzaiError, match="Thunder and lightning takes 2 Raises; Tachibana "
                                          "Jo has 1 Raise left"):
        session.apply(banzai.spend("Thunder and lightning"))
    session.apply(banzai.finish(convert=True))
    assert session.log[-1].public == (
        "Tachibana Jo: success (45 against TN 20), 3 bonus Effects."
    )
    assert current.honor_points == 0  # one unused Raise makes no Honor Point


def test_choosing_to_fail_with_lower_dice_kept() -> None:
    session = dice_table()
    take_seat(session, BOB)
    session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3])
    session.apply(banzai.roll(jo_strikes()))
    session.apply(banzai.decide(keep=[0, 1, 2, 3, 4], succeed=False))
    current = banzai.roll_in_play(session.state)
    assert current is not None and current.total == 28 and not current.success
    assert [e.public for e in session.log][-2:] == [
        "Tachibana Jo keeps 9, 6, 5, 5, 3 = 28 against TN 25: met.",
        "Tachibana Jo meets TN 25 with 28 and chooses to fail.",
    ]


def test_a_condition_carried_worsens_and_weighs_on_the_next_roll() -> None:
    session = dice_table()  # Gina, the GM, tracks it
    session.apply(conditions.ConditionChange(JO, "starvation", conditions.Change.BEGIN))
    assert str(jo_strikes().setup(session.state).pool) == "7k5"
    for _ in range(3):
        session.apply(conditions.ConditionChange(JO, "starvation", conditions.Change.WORSEN))
    assert session.log[-1].public == (
        "Gina: Tachibana Jo's starvation worsens to 3 intervals: Heroic, -4k0 on every roll."
    )
    assert str(jo_strikes().setup(session.state).pool) == "3k3"
    assert "starvation, 3 intervals: Heroic, -4k0" in explain(jo_strikes(), session.state)
    take_seat(session, ALICE)
    with pytest.raises(AuthorityError, match="Tachibana Jo's sheet is Bob's to change"):
        session.apply(conditions.ConditionChange(JO, "starvation", conditions.Change.RECOVER))


def test_an_opposed_roll_from_both_sheets_resolves_with_raises_halved() -> None:
    session = dice_table()
    first = RollPick(JO, "Kenjutsu", Element.FIRE, None)
    second = RollPick(KEIKO, "Kenjutsu", Element.VOID, None)
    session.apply(opposed.start(first, second, initiator=0))
    take_seat(session, BOB)
    session.rng = ScriptedRng([2, 3, 4, 1, 2])
    session.apply(opposed.roll_side(0, raises=2))
    with pytest.raises(AuthorityError, match="only Alice may roll for Owari Keiko"):
        session.apply(opposed.roll_side(1))
    take_seat(session, ALICE)
    session.rng = ScriptedRng([9, 8, 7])
    session.apply(opposed.roll_side(1, raises=1))
    session.apply(opposed.resolve())
    contest = opposed.contest_in_play(session.state)
    assert contest is not None and contest.outcome is not None
    assert contest.outcome.winner_name == "Owari Keiko"
    assert contest.outcome.raises == (1, 1)  # Jo loses half of his 2, rounded up
    assert session.log[-1].public.startswith("Tachibana Jo 9 against Owari Keiko 24: "
                                             "Owari Keiko wins. Tachibana Jo loses 1 of 2")


def test_the_odds_for_each_raise_are_what_cardtable_odds_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = dice_table()
    for row in raise_odds(jo_strikes().setup(session.state)):
        assert cardtable(["odds", row.expression, "--tn", str(row.tn), "--raises",
                          str(row.raises)]) == 0
        assert capsys.readouterr().out.strip() == row.cli_text()


@given(
    skill=st.integers(0, 10), elements=st.lists(st.integers(0, 10), min_size=5, max_size=5),
    tn=st.integers(0, 60), step=st.integers(-4, 5),
)
def test_a_pick_reads_exactly_the_setup_the_resolver_would_get(
    skill: int, elements: list[int], tn: int, step: int,
) -> None:
    session = dice_table()
    earth, fire, water, wind, void = elements
    sheet = BanzaiSheet(name="Tachibana Jo", earth=earth, fire=fire, water=water, wind=wind,
                        void=void, skills=(Skill("Kenjutsu", skill),) if skill else ())
    session.apply(EditSheet(JO, sheet))  # type: ignore[arg-type]
    state = session.state
    pick = RollPick(JO, "Kenjutsu" if skill else "", Element.FIRE, TargetPick.typed(tn),
                    step=step)
    rolled = skill if skill else fire
    expected = BanzaiSetup("Tachibana Jo", rolled, fire, tn=tn,
                           void=void or None, lowest_element=min(earth, fire, water, wind),
                           difficulties=[Difficulty.task(step)] if step else [], character=JO)
    assert pick.setup(state) == expected
    rows = raise_odds(expected)
    assert [r.chance for r in rows] == [expected.with_raises(r).odds() for r in
                                         range(sheet.raise_limit + 1)]


def test_a_finished_roll_makes_way_and_an_open_one_refuses() -> None:
    session = dice_table()
    take_seat(session, BOB)
    session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3, 1, 1, 1, 1, 1, 1, 1])
    session.apply(banzai.roll(jo_strikes()))
    with pytest.raises(BanzaiError, match="Tachibana Jo's roll is still open: finish it or "
                                          "clear it first"):
        session.apply(banzai.roll(jo_strikes()))
    session.apply(banzai.decide())
    session.apply(banzai.finish())
    session.apply(banzai.roll(jo_strikes()))
    fresh = banzai.roll_in_play(session.state)
    assert isinstance(fresh, BanzaiRoll) and fresh.total == 5
