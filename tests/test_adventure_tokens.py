"""Applause and Author tokens, the six Author Powers, and the Veto."""

from __future__ import annotations

import pytest
from adventure_rig import Rig

from cardtable.resolvers.adventure.characters import Ambition, Bond, Role
from cardtable.resolvers.adventure.conflict import answer, award_advantage, challenge, reveal
from cardtable.resolvers.adventure.events import AdventureRuleError, NotNowError, TokenError
from cardtable.resolvers.adventure.hits import HitChoice, take_hit
from cardtable.resolvers.adventure.play import new_scene
from cardtable.resolvers.adventure.state import APPLAUSE, PendingHit, Player, Side, VetoSubject
from cardtable.resolvers.adventure.tokens import (
    AuthorPower,
    author_draw,
    call_veto,
    concrete_fact,
    count_votes,
    flashback,
    foreshadow,
    give_applause,
    lucky_break,
    miraculous_survival,
    pay_veto,
    vote,
)


@pytest.fixture
def rig() -> Rig:
    rig = Rig()
    rig.add("alex", "ann", ["9S", "5C"])
    rig.add("bea", "ben", ["6D", "8C"], role=Role.ANTAGONIST)
    rig.add("cy", "cy", ["4C"])
    rig.add("dee", "dee", ["3D"], role=Role.ANTAGONIST)
    return rig


def tokens(rig: Rig, player: str, count: int) -> None:
    """``count`` Author tokens for ``player``, applauded by the others in turn."""
    others = [p.id for p in rig.game.players if p.id != player]
    for n in range(count):
        give_applause(rig.game, others[n % len(others)], player)


def test_applause_given_becomes_the_receivers_author_token(rig: Rig) -> None:
    events = give_applause(rig.game, "ben", "ann", "the leap from the zeppelin")
    assert events[0].public.startswith("Ben gave Applause to Ann for the leap")
    assert rig.game.purse("ben").applause == APPLAUSE - 1
    assert rig.game.purse("ann").author == 1
    with pytest.raises(TokenError, match="cannot applaud themself"):
        give_applause(rig.game, "ann", "ann")


def test_everyone_gets_ten_more_applause_when_all_have_given_all() -> None:
    rig = Rig([Player("ann", "Ann"), Player("ben", "Ben")])
    for _ in range(APPLAUSE):
        give_applause(rig.game, "ann", "ben")
    with pytest.raises(TokenError, match="Ann has no Applause left"):
        give_applause(rig.game, "ann", "ben")
    for _ in range(APPLAUSE - 1):
        give_applause(rig.game, "ben", "ann")
    assert rig.game.purse("ann").applause == 0 and rig.game.purse("ben").applause == 1
    events = give_applause(rig.game, "ben", "ann")
    assert "everyone receives 10 more" in events[-1].public
    assert [rig.game.purse(p).applause for p in ("ann", "ben")] == [APPLAUSE, APPLAUSE]
    assert [rig.game.purse(p).author for p in ("ann", "ben")] == [APPLAUSE, APPLAUSE]


def test_author_power_costs() -> None:
    assert {p: p.cost for p in AuthorPower} == {
        AuthorPower.FLASHBACK: 1, AuthorPower.FORESHADOWING: 1, AuthorPower.CONCRETE_FACT: 1,
        AuthorPower.DRAW: 1, AuthorPower.MIRACULOUS_SURVIVAL: 3, AuthorPower.LUCKY_BREAK: 5,
    }


def test_spending_a_token_you_do_not_have_is_refused_and_changes_nothing(rig: Rig) -> None:
    tokens(rig, "ann", 4)
    before = len(rig.game.hand(rig.table, "bea"))
    with pytest.raises(TokenError, match="Ann has 4 Author tokens; Lucky Break costs 5"):
        lucky_break(rig.game, rig.table, rig.rng, "ann", "alex", "the cavalry arrives",
                    inconvenienced=["bea"])
    assert rig.game.purse("ann").author == 4
    assert len(rig.game.hand(rig.table, "bea")) == before
    with pytest.raises(TokenError, match="Ben has 0 Author tokens; Draw costs 1"):
        author_draw(rig.game, rig.table, rig.rng, "ben", "bea")


def test_draw_power_makes_any_character_draw(rig: Rig) -> None:
    tokens(rig, "ann", 1)
    [top] = rig.stack(["7S"])
    events = author_draw(rig.game, rig.table, rig.rng, "ann", "bea")
    assert top in rig.game.hand(rig.table, "bea")
    assert "spent 1 Author token on Draw" in events[0].public
    # Spent tokens leave the game: nobody holds them any more.
    assert sum(p.author for p in rig.game.purses.values()) == 0
    assert rig.game.purse("ann").spent == 1


def test_foreshadowing_makes_the_inconvenienced_draw_one_each(rig: Rig) -> None:
    tokens(rig, "cy", 1)
    foreshadow(rig.game, rig.table, rig.rng, "cy", "We never saw the horror over the next dune.",
               ["alex", "bea"])
    assert len(rig.game.hand(rig.table, "alex")) == 3
    assert len(rig.game.hand(rig.table, "bea")) == 3
    assert rig.game.purse("cy").author == 0


def test_lucky_break_makes_the_inconvenienced_draw_three(rig: Rig) -> None:
    tokens(rig, "ann", 5)
    events = lucky_break(rig.game, rig.table, rig.rng, "ann", "alex", "the bridge holds",
                         allies=["cy"], inconvenienced=["bea", "dee"])
    assert "Alex and Cy succeed" in events[0].public
    assert len(rig.game.hand(rig.table, "bea")) == 5
    assert len(rig.game.hand(rig.table, "dee")) == 4
    assert rig.game.purse("ann").author == 0


def test_flashback_adds_a_bond_and_an_ambition_and_advantage_for_the_next_conflict(
    rig: Rig,
) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    tokens(rig, "ann", 1)
    flashback(g, "ann", "alex", "Bea and I were at the academy together.",
              bond=Bond("bea", "Old rivals"), ambition=Ambition.long_term("to outshine Bea"),
              advantage=1)
    alex = g.character("alex")
    assert alex.bond_with("bea") is not None and alex.ambition("to outshine Bea").is_long_term
    challenge(g, t, r, "alex", "to win the race", rig.card_in_hand("alex", "5C"))
    answer(g, t, r, "bea", "to win it herself", rig.card_in_hand("bea", "6D"))
    reveal(g, t, r)
    assert g.conflict is not None and g.conflict.advantage(Side.CHALLENGE) == 1
    # Used up by that Conflict.
    assert g.standing == []


def test_flashback_without_room_is_refused_before_paying(rig: Rig) -> None:
    tokens(rig, "ann", 1)
    alex = rig.game.character("alex")
    for other in ("bea", "cy", "dee"):
        alex.add_bond(Bond(other, "Friends"))
    rig.add("eve", "dee")
    rig.add("fay", "dee")
    alex.add_bond(Bond("eve", "Friends"))
    with pytest.raises(AdventureRuleError, match="already has 4 Bonds"):
        flashback(rig.game, "ann", "alex", "Fay and I...", bond=Bond("fay", "Lovers"))
    with pytest.raises(AdventureRuleError, match="played by Ben"):
        flashback(rig.game, "ann", "bea", "...")
    assert rig.game.purse("ann").author == 1


def test_concrete_fact_gives_advantage_inside_a_conflict_that_no_veto_touches(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    tokens(rig, "ben", 1)
    challenge(g, t, r, "alex", "to win the race", rig.card_in_hand("alex", "5C"))
    answer(g, t, r, "bea", "to win it herself", rig.card_in_hand("bea", "6D"))
    concrete_fact(g, "ben", "Bea's horse is the fastest in the county.", advantage_to="bea",
                  points=2)
    with pytest.raises(AdventureRuleError, match="came from an Author Power"):
        call_veto(g, "ann", "fastest horse", VetoSubject.ADVANTAGE_AWARD, award=1)
    with pytest.raises(AdventureRuleError, match="Author Powers cannot be vetoed"):
        call_veto(g, "ann", "fastest horse", VetoSubject.AUTHOR_POWER)
    reveal(g, t, r)
    assert g.conflict is not None and g.conflict.advantage(Side.ANSWER) == 2


def test_miraculous_survival_returns_the_dead_with_advantage_against_believers(
    rig: Rig,
) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    tokens(rig, "ann", 3)
    with pytest.raises(AdventureRuleError, match="is not \"dead\""):
        miraculous_survival(g, "ann", "alex")
    g.pending_hits.append(PendingHit("alex", "over the waterfall"))
    take_hit(g, t, "alex", HitChoice.KILLED)
    new_scene(g, t, r)
    new_scene(g, t, r)
    events = miraculous_survival(g, "ann", "alex")
    assert "+2 Advantage against Bea and Dee" in events[0].public
    assert not g.character("alex").dead and g.purse("ann").author == 0
    # Against Bea, a believer, in this scene: +2 in every Conflict; not against Cy.
    rig.hand("alex", ["9S", "5C", "4S"])
    challenge(g, t, r, "alex", "to confront Bea", rig.card_in_hand("alex", "9S"))
    answer(g, t, r, "bea", "to flee", rig.card_in_hand("bea", "6D"))
    reveal(g, t, r)
    assert g.conflict is not None and g.conflict.advantage(Side.CHALLENGE) == 2
    assert g.standing_for("alex", "bea") and not g.standing_for("alex", "cy")
    g.conflict = None
    new_scene(g, t, r)
    assert g.standing == []


def test_veto_majority_against_retracts_an_award(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to win the duel", rig.card_in_hand("alex", "9S"))
    answer(g, t, r, "bea", "to win it", rig.card_in_hand("bea", "6D"))
    award_advantage(g, Side.ANSWER, 1, "higher ground")
    call_veto(g, "ann", "higher ground", VetoSubject.ADVANTAGE_AWARD, award=1)
    with pytest.raises(NotNowError, match="already under way"):
        call_veto(g, "cy", "anything")
    for player, against in (("ann", True), ("ben", False), ("cy", True)):
        vote(g, player, against)
    with pytest.raises(NotNowError, match="waiting for Dee"):
        count_votes(g)
    with pytest.raises(AdventureRuleError, match="already voted"):
        vote(g, "ann", False)
    vote(g, "dee", True)
    events = count_votes(g)
    assert "Vetoed (3 against, 1 for)" in events[0].public
    assert g.conflict is not None and g.conflict.advantage(Side.ANSWER) == 0
    assert g.veto_debts == []


@pytest.mark.parametrize("against", [1, 2])
def test_veto_that_fails_keeps_the_narration_and_the_caller_pays(rig: Rig, against: int) -> None:
    g, t = rig.game, rig.table
    call_veto(g, "cy", "the bridge was already burnt")
    votes = [True] * against + [False] * (4 - against)
    for player, vote_against in zip(("ann", "ben", "cy", "dee"), votes, strict=True):
        vote(g, player, vote_against)
    events = count_votes(g)
    assert "stands" in events[0].public and "Cy must discard a card or forfeit" in events[0].public
    assert g.veto_debts == ["cy"]
    with pytest.raises(TokenError, match="no Author token to forfeit"):
        pay_veto(g, t, "cy")
    with pytest.raises(AdventureRuleError, match="played by Ann"):
        pay_veto(g, t, "cy", card=rig.card_in_hand("alex", "9S"), character="alex")
    paid = rig.card_in_hand("cy", "4C")
    pay_veto(g, t, "cy", card=paid, character="cy")
    assert paid in rig.discard_pile and g.veto_debts == []
    with pytest.raises(NotNowError, match="owes nothing"):
        pay_veto(g, t, "cy")


def test_a_failed_veto_can_be_paid_with_an_author_token(rig: Rig) -> None:
    g = rig.game
    tokens(rig, "ann", 2)
    call_veto(g, "ann", "the duke is a werewolf", VetoSubject.SUGGESTION)
    for player in ("ann", "ben", "cy", "dee"):
        vote(g, player, player == "ann")
    count_votes(g)
    pay_veto(g, rig.table, "ann")
    assert g.purse("ann").author == 1 and g.veto_debts == []
