"""After an opposed roll each side spends the Raises it kept on listed bonus Effects, in turn
(the winner's first), and converts the rest to Honor, as after a single roll
(``rules/banzai.md``): session actions, each its side's player's, undoable, logged, saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from dice_evening_rig import ALICE, BOB, GINA, JO, KEIKO, ScriptedRng, dice_table, take_seat
from pytestqt.qtbot import QtBot
from test_banzai_panel import click, open_panel, pick, type_into

from cardtable.resolvers.banzai import BanzaiError, OpposedRoll
from cardtable.session import Session, load, save
from cardtable.sheets import BanzaiSheet, Element
from cardtable.steps.banzai import opposed as contest
from cardtable.steps.banzai.picks import RollPick


def honor(session: Session, character: str) -> int:
    sheet = session.state.characters[character].sheet  # type: ignore[index]
    assert isinstance(sheet, BanzaiSheet)
    return sheet.honor


def running(session: Session) -> OpposedRoll:
    found = contest.contest_in_play(session.state)
    assert found is not None
    return found


def contested(session: Session) -> None:
    """Jo (5k3, 2 Raises) rolls 9 against Keiko (3k3, 2 Raises) 24: Keiko wins and keeps
    her 2 Raises, Jo keeps 1 of his 2."""
    session.apply(contest.start(RollPick(JO, "Kenjutsu", Element.FIRE, None),
                                RollPick(KEIKO, "Kenjutsu", Element.VOID, None)))
    take_seat(session, BOB)
    session.rng = ScriptedRng([2, 3, 4, 1, 2])
    session.apply(contest.roll_side(0, raises=2))
    take_seat(session, ALICE)
    session.rng = ScriptedRng([9, 8, 7])
    session.apply(contest.roll_side(1, raises=2))
    session.apply(contest.resolve())
    assert session.log[-1].public == (
        "Tachibana Jo 9 against Owari Keiko 24: Owari Keiko wins. Tachibana Jo loses 1 of 2 "
        "Raises. Effects in turn: Owari Keiko: initial Effect, Owari Keiko: bonus Effect 1, "
        "Tachibana Jo: bonus Effect 1, Owari Keiko: bonus Effect 2.")


def test_the_winner_spends_first_then_the_sides_alternate_and_honor_is_written() -> None:
    session = dice_table()
    contested(session)
    assert running(session).turn() == 1
    take_seat(session, BOB)
    assert session.may(contest.spend_side(1, "A fact of the Scene")) == (
        "Owari Keiko is Alice's character: only Alice may spend Raises for Owari Keiko.")
    with pytest.raises(BanzaiError, match=r"^It is Owari Keiko's turn to spend a Raise: bonus "
                       r"Effects alternate, the winner's first$"):
        session.apply(contest.spend_side(0, "A fact of the Scene"))
    take_seat(session, ALICE)
    session.apply(contest.spend_side(1, "A fact of the Scene", "the bridge  gives way"))
    assert session.log[-1].public == (
        "Owari Keiko spends Raise 1 of 2 on a bonus Effect: A fact of the Scene: the bridge "
        "gives way.")
    assert running(session).turn() == 0
    take_seat(session, BOB)
    session.apply(contest.spend_side(0, "A worse Difficulty on someone", "Keiko slips"))
    session.apply(contest.finish_side(0))
    assert session.log[-1].public == (
        "Tachibana Jo is done with the contest's Raises: 1 bonus Effect.")
    assert honor(session, JO) == 4
    take_seat(session, ALICE)
    session.apply(contest.finish_side(1))
    assert session.log[-1].public == (
        "Owari Keiko is done with the contest's Raises: 1 bonus Effect, 1 Raise unused, no "
        "Honor.")
    assert honor(session, KEIKO) == 2
    with pytest.raises(BanzaiError, match=r"^Owari Keiko is done with the contest: too late to "
                       r"spend a Raise$"):
        session.apply(contest.spend_side(1, "A fact of the Scene"))


def test_a_side_that_finishes_at_once_turns_two_raises_into_an_honor_point() -> None:
    session = dice_table()
    contested(session)
    session.apply(contest.finish_side(1))  # Alice holds the computer
    assert [e.public for e in session.log[-2:]] == [
        "Owari Keiko is done with the contest's Raises: 2 Raises unused make 1 Honor Point.",
        "Owari Keiko's Honor Points: 2 → 3.",
    ]
    assert honor(session, KEIKO) == 3
    assert running(session).turn() == 0  # Jo spends his Raise without waiting
    session.undo()
    assert honor(session, KEIKO) == 2
    assert running(session).done == (False, False) and running(session).turn() == 1


def test_thunder_and_lightning_takes_both_of_keikos_turns() -> None:
    session = dice_table()
    contested(session)
    session.apply(contest.spend_side(1, "Thunder and lightning", "on the bandits' tree"))
    assert [e.public for e in session.log[-2:]] == [
        "Owari Keiko spends Raise 1 of 2 on a bonus Effect: Thunder and lightning (1 of 2): on "
        "the bandits' tree.",
        "Owari Keiko spends Raise 2 of 2 on a bonus Effect: Thunder and lightning (2 of 2): on "
        "the bandits' tree.",
    ]
    assert running(session).turn() == 0 and running(session).raises_left(1) == 0
    take_seat(session, BOB)
    with pytest.raises(BanzaiError, match=r"^Thunder and lightning takes 2 Raises; Tachibana "
                       r"Jo has 1 Raise left$"):
        session.apply(contest.spend_side(0, "Thunder and lightning"))


def test_spending_waits_for_the_comparison_and_survives_a_save(tmp_path: Path) -> None:
    session = dice_table()
    session.apply(contest.start(RollPick(JO, "Kenjutsu", Element.FIRE, None),
                                RollPick(KEIKO, "Kenjutsu", Element.VOID, None)))
    take_seat(session, BOB)
    with pytest.raises(BanzaiError, match=r"^The opposed roll is not compared yet: too early "
                       r"to spend a Raise$"):
        session.apply(contest.spend_side(0, "A fact of the Scene"))
    session = dice_table()
    contested(session)
    session.apply(contest.spend_side(1, "A fact of the Scene", "the bridge gives way"))
    path = tmp_path / "contest.cardtable"
    save(session, path)
    again = contest.contest_in_play(load(path).state)
    assert again is not None
    assert again.effects == ((), ("A fact of the Scene: the bridge gives way",))
    assert again.turn() == 0 and again.raises_left(1) == 1


# -- through the panel ---------------------------------------------------------------------------


def test_after_the_comparison_each_side_spends_and_finishes_from_its_own_seat(
    qtbot: QtBot,
) -> None:
    session = dice_table()
    panel = open_panel(qtbot, session)
    panel.tabs.setCurrentWidget(panel.opposed)
    tab = panel.opposed
    for who, (character, skill, element) in zip(
        tab.who, ((JO, "Kenjutsu", Element.FIRE), (KEIKO, "Kenjutsu", Element.VOID)),
        strict=True,
    ):
        pick(who.character, character)
        pick(who.skill, skill)
        pick(who.element, element)
    click(qtbot, tab.start)
    first, second = tab.sides
    take_seat(session, BOB)
    type_into(qtbot, first.raises, "2")
    session.rng = ScriptedRng([2, 3, 4, 1, 2])
    click(qtbot, first.roll)
    take_seat(session, ALICE)
    type_into(qtbot, second.raises, "2")
    session.rng = ScriptedRng([9, 8, 7])
    click(qtbot, second.roll)
    click(qtbot, tab.resolve)
    assert tab.turn.text() == "Owari Keiko's turn to spend a Raise."
    assert second.spending.isVisible() and first.spending.isVisible()
    assert second.spending.left.text() == "2 of 2 Raises left (2 kept)"
    assert first.spending.left.text() == "1 of 1 Raise left (1 kept, 1 lost)"
    assert not first.spending.spend.isEnabled()  # Alice holds the computer: Jo's are Bob's
    pick(second.spending.effect, "A fact of the Scene")
    type_into(qtbot, second.spending.detail, "the bridge gives way")
    click(qtbot, second.spending.spend)
    assert second.spending.spent.text() == "Raise 1: A fact of the Scene: the bridge gives way"
    assert tab.turn.text() == "Tachibana Jo's turn to spend a Raise."
    assert not second.spending.spend.isEnabled()
    assert "Tachibana Jo's turn" in second.spending.spend.toolTip()
    take_seat(session, BOB)
    assert first.spending.finish.text() == "Finish"  # one Raise makes no Honor Point
    click(qtbot, first.spending.finish)
    assert first.done.text() == (
        "Tachibana Jo is done with the contest's Raises: 1 Raise unused, no Honor.")
    take_seat(session, ALICE)
    assert second.spending.finish.text() == "Finish"
    click(qtbot, second.spending.finish)
    assert honor(session, KEIKO) == 2 and honor(session, JO) == 4
    assert not second.spending.isVisible()
    assert second.done.isVisible()


def test_a_new_contest_waits_until_both_sides_are_done_or_the_gm_clears() -> None:
    session = dice_table()
    contested(session)
    take_seat(session, GINA)
    again = contest.start(RollPick(JO, "Kenjutsu", Element.FIRE, None),
                          RollPick(KEIKO, "Kenjutsu", Element.VOID, None))
    with pytest.raises(BanzaiError, match=r"^The last opposed roll's sides are still spending "
                       r"their Raises: let them finish, or clear it first$"):
        session.apply(again)
    session.apply(contest.clear())
    session.apply(again)
    assert running(session).outcome is None


def test_a_side_set_up_with_a_blessing_and_a_free_raise_keeps_it_to_spend(qtbot: QtBot) -> None:
    session = dice_table()
    panel = open_panel(qtbot, session)
    panel.tabs.setCurrentWidget(panel.opposed)
    tab = panel.opposed
    for who, (character, skill, element) in zip(
        tab.who, ((JO, "Kenjutsu", Element.FIRE), (KEIKO, "Kenjutsu", Element.VOID)),
        strict=True,
    ):
        pick(who.character, character)
        pick(who.skill, skill)
        pick(who.element, element)
    type_into(qtbot, tab.modifiers[1], "+1k1 blessing")
    type_into(qtbot, tab.free[1], "1")
    assert tab.chances.text().startswith("5k3 against 4k4: ")
    click(qtbot, tab.start)
    first, second = tab.sides
    assert second.title() == "Owari Keiko · 4k4 · 1 Free Raise"
    take_seat(session, BOB)
    session.rng = ScriptedRng([2, 3, 4, 1, 2])
    click(qtbot, first.roll)
    take_seat(session, ALICE)
    session.rng = ScriptedRng([9, 8, 7, 1])
    click(qtbot, second.roll)
    assert session.log[-1].public == (
        "Owari Keiko rolled 4k4: [9] [8] [7] [1]; keeps 9, 8, 7, 1 = 25 (1 Free Raise from "
        "abilities).")
    click(qtbot, tab.resolve)
    assert second.spending.left.text() == "1 of 1 Raise left (1 kept)"
    click(qtbot, second.spending.finish)
    assert second.done.text() == (
        "Owari Keiko is done with the contest's Raises: 1 Raise unused, no Honor.")
