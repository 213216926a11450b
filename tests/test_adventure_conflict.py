"""Fantastical Adventure Conflicts up to the primaries: Challenge, Answer, Support, the reveal,
Supporter pairs, Tandem, Advantage, Jack, King, Ace and Suspended Challenges.

Every character is Strong in spades and Weak in hearts unless a test says otherwise.
"""

from __future__ import annotations

import pytest
from adventure_rig import Rig

from cardtable.cards import CardId, Suit
from cardtable.piles import PileId
from cardtable.resolvers.adventure.conflict import (
    answer,
    answer_suspended,
    award_advantage,
    challenge,
    no_answer,
    reveal,
    support,
    suspend,
)
from cardtable.resolvers.adventure.events import (
    AdventureRuleError,
    CannotActError,
    NotNowError,
    NotYoursError,
)
from cardtable.resolvers.adventure.play import pass_turn
from cardtable.resolvers.adventure.showdown import close_conflict, yield_conflict
from cardtable.resolvers.adventure.state import Phase, Side


@pytest.fixture
def rig() -> Rig:
    rig = Rig()
    rig.add("alex", "ann", ["9S", "5C", "KD", "AC", "JC"])
    rig.add("bea", "ben", ["6D", "7H", "AD", "3C", "JD"])
    rig.add("cy", "cy", ["9C", "8H", "4C"])
    rig.add("dee", "dee", ["3C", "6C", "2H"])
    rig.add("eve", "dee", ["4D", "10C"])
    return rig


def lay(rig: Rig, who: str, code: str) -> CardId:
    return rig.card_in_hand(who, code)


def test_unanswered_challenge_is_attained_and_the_card_comes_back_unrevealed(rig: Rig) -> None:
    card = lay(rig, "alex", "9S")
    events = challenge(rig.game, rig.table, rig.rng, "alex", "to cross the bridge first", card)
    assert card in rig.zone("alex") and not rig.table.facing[card].face_up
    assert "9 of Spades" not in events[-1].public and "9 of Spades" in events[-1].private
    assert events[-1].private_to == ("alex",)
    done = no_answer(rig.game, rig.table)
    assert "attains 'to cross the bridge first'" in done[0].public
    assert card in rig.game.hand(rig.table, "alex")
    assert not rig.table.facing[card].face_up
    assert rig.game.conflict is None
    assert rig.game.turn_player.id == "ann"


def test_supporters_pair_off_and_the_odd_one_goes_unanswered(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", lay(rig, "alex", "5C"))
    answer(g, t, r, "bea", "to keep it", lay(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, lay(rig, "cy", "9C"))
    support(g, t, r, "dee", Side.ANSWER, lay(rig, "dee", "3C"))
    support(g, t, r, "eve", Side.CHALLENGE, lay(rig, "eve", "4D"))
    events = reveal(g, t, r)
    conflict = g.conflict
    assert conflict is not None
    assert [(p.challenge, p.answer) for p in conflict.pairs] == [("cy", "dee"), ("eve", None)]
    assert [p.winner for p in conflict.pairs] == [Side.CHALLENGE, Side.CHALLENGE]
    assert conflict.advantage(Side.CHALLENGE) == 2
    assert conflict.advantage(Side.ANSWER) == 0
    # The pair's winner may Hit the loser; the loser may draw a card.
    assert [(a.hitter, a.target) for a in g.hit_allowances] == [("cy", "dee")]
    [claim] = g.claims
    assert (claim.character, claim.count, claim.optional) == ("dee", 1, True)
    # 6 of Diamonds trumps 5 of Clubs: Alex must Yield or Push.
    assert conflict.phase is Phase.SHOWDOWN and conflict.to_move is Side.CHALLENGE
    assert any("Cy's 9 of Clubs trumps Dee's 3 of Clubs" in e.public for e in events)
    laid = [conflict.challenge.card, conflict.answer.card]
    assert all(c is not None and t.facing[c].face_up for c in laid)


def test_loser_of_a_pair_may_draw_or_decline(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", lay(rig, "alex", "5C"))
    answer(g, t, r, "bea", "to keep it", lay(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, lay(rig, "cy", "9C"))
    support(g, t, r, "dee", Side.ANSWER, lay(rig, "dee", "3C"))
    reveal(g, t, r)
    [claim] = g.claims
    rig.stack(["QS"])
    g.take_claim(t, r, claim.id)
    assert "QS" in rig.codes("dee")
    with pytest.raises(NotNowError, match="no draws numbered 1 waiting"):
        g.decline_claim(claim.id)


def test_tandem_of_weak_cards_is_one_strong_action(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.hand("alex", ["3H"])
    challenge(g, t, r, "alex", "to charm the duchess", lay(rig, "alex", "3H"))
    answer(g, t, r, "bea", "to ruin it", lay(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, lay(rig, "cy", "8H"))
    support(g, t, r, "dee", Side.ANSWER, lay(rig, "dee", "6C"))
    events = reveal(g, t, r)
    conflict = g.conflict
    assert conflict is not None
    assert conflict.challenge.tandem == "cy"
    # Cy left the pairing and nobody took the place: Dee goes unanswered.
    assert [(p.challenge, p.answer) for p in conflict.pairs] == [(None, "dee")]
    assert conflict.advantage(Side.ANSWER) == 1
    assert conflict.advantage(Side.CHALLENGE) == 0
    # Strong 8 trumps a normal 6: Bea must answer the Tandem.
    assert conflict.to_move is Side.ANSWER
    assert any("Tandem" in e.public and "Strong action worth 8" in e.public for e in events)


def test_a_lone_friendly_supporter_takes_the_tandem_partners_place(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.hand("alex", ["3H"])
    challenge(g, t, r, "alex", "to charm the duchess", lay(rig, "alex", "3H"))
    answer(g, t, r, "bea", "to ruin it", lay(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, lay(rig, "cy", "8H"))
    support(g, t, r, "dee", Side.ANSWER, lay(rig, "dee", "6C"))
    support(g, t, r, "eve", Side.CHALLENGE, lay(rig, "eve", "10C"))
    reveal(g, t, r)
    conflict = g.conflict
    assert conflict is not None
    assert [(p.challenge, p.answer) for p in conflict.pairs] == [("eve", "dee")]
    assert conflict.advantage(Side.CHALLENGE) == 1
    assert conflict.advantage(Side.ANSWER) == 0


def test_no_tandem_unless_both_cards_are_weak(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.hand("alex", ["3H"])
    challenge(g, t, r, "alex", "to charm the duchess", lay(rig, "alex", "3H"))
    answer(g, t, r, "bea", "to ruin it", lay(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, lay(rig, "cy", "9C"))
    reveal(g, t, r)
    conflict = g.conflict
    assert conflict is not None and conflict.challenge.tandem is None
    assert conflict.to_move is Side.CHALLENGE


def test_the_table_awards_advantage_for_circumstances(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to win the duel", lay(rig, "alex", "9S"))
    with pytest.raises(NotNowError, match="Advantage is awarded between the Answer and the end"):
        award_advantage(g, Side.CHALLENGE, 1, "higher ground")
    answer(g, t, r, "bea", "to disarm him", lay(rig, "bea", "6D"))
    award_advantage(g, Side.CHALLENGE, 1, "higher ground")
    award_advantage(g, Side.ANSWER, 2, "the sun in Alex's eyes")
    with pytest.raises(AdventureRuleError, match="at least 1"):
        award_advantage(g, Side.ANSWER, 0, "nothing")
    reveal(g, t, r)
    assert g.conflict is not None
    assert g.conflict.advantage(Side.CHALLENGE) == 1
    assert g.conflict.advantage(Side.ANSWER) == 2


def test_king_forbids_the_answerer_supporters(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    king = lay(rig, "alex", "KD")
    events = challenge(g, t, r, "alex", "to hold the gate", lay(rig, "alex", "9S"), king=king)
    assert "King of Diamonds" in events[-1].public and t.facing[king].face_up
    answer(g, t, r, "bea", "to break through", lay(rig, "bea", "6D"))
    with pytest.raises(AdventureRuleError, match="King forbids Bea any Supporters"):
        support(g, t, r, "dee", Side.ANSWER, lay(rig, "dee", "6C"))
    support(g, t, r, "cy", Side.CHALLENGE, lay(rig, "cy", "9C"))
    assert g.conflict is not None and g.conflict.supporters(Side.CHALLENGE) == ["cy"]


def test_only_face_cards_of_the_right_rank_give_their_powers(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    card = lay(rig, "alex", "9S")
    with pytest.raises(AdventureRuleError, match="The Jack of Clubs is not a King"):
        challenge(g, t, r, "alex", "to hold", card, king=lay(rig, "alex", "JC"))
    with pytest.raises(AdventureRuleError, match="The King of Diamonds is not an Ace"):
        challenge(g, t, r, "alex", "to hold", card, ace=lay(rig, "alex", "KD"))
    with pytest.raises(AdventureRuleError, match="The Ace of Clubs is not a Jack"):
        challenge(g, t, r, "alex", "to hold", card, jack=lay(rig, "alex", "AC"))
    with pytest.raises(AdventureRuleError, match="played twice"):
        challenge(g, t, r, "alex", "to hold", card, king=card)


def test_ace_challenge_needs_an_ace_to_answer(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    ace = lay(rig, "alex", "AC")
    challenge(g, t, r, "alex", "to vanish", lay(rig, "alex", "9S"), ace=ace)
    with pytest.raises(AdventureRuleError, match="only someone who also plays an Ace"):
        answer(g, t, r, "bea", "to catch him", lay(rig, "bea", "6D"))
    with pytest.raises(AdventureRuleError, match="The 7 of Hearts is not an Ace"):
        answer(g, t, r, "bea", "to catch him", lay(rig, "bea", "6D"), ace=lay(rig, "bea", "7H"))
    answer(g, t, r, "bea", "to catch him", lay(rig, "bea", "6D"), ace=lay(rig, "bea", "AD"))
    assert g.conflict is not None and g.conflict.phase is Phase.ANSWERED


def test_unanswered_ace_challenge_spends_the_ace(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    ace = lay(rig, "alex", "AC")
    card = lay(rig, "alex", "9S")
    challenge(g, t, r, "alex", "to vanish", card, ace=ace)
    no_answer(g, t)
    assert ace in rig.discard_pile
    assert card in g.hand(t, "alex")


def test_out_of_turn_challenge_needs_a_jack_and_the_turn_resumes(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    assert g.turn_player.id == "ann"
    with pytest.raises(AdventureRuleError, match="It is Ann's turn: Bea needs a Jack"):
        challenge(g, t, r, "bea", "to steal the map", lay(rig, "bea", "6D"))
    jack = lay(rig, "bea", "JD")
    challenge(g, t, r, "bea", "to steal the map", lay(rig, "bea", "6D"), jack=jack)
    answer(g, t, r, "alex", "to keep it", lay(rig, "alex", "9S"))
    reveal(g, t, r)
    yield_conflict(g, t, r, "bea")
    events = close_conflict(g, t, r)
    assert any("Ann's interrupted turn resumes" in e.public for e in events)
    assert g.turn_player.id == "ann"
    assert jack in rig.discard_pile


def test_no_jack_is_needed_on_ones_own_turn(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    with pytest.raises(AdventureRuleError, match="needs no Jack"):
        challenge(g, t, r, "alex", "to win", lay(rig, "alex", "9S"), jack=lay(rig, "alex", "JC"))


def test_jack_pre_empts_a_challenge_before_the_reveal(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    first = lay(rig, "alex", "5C")
    challenge(g, t, r, "alex", "to seize the idol", first)
    bea_card = lay(rig, "bea", "6D")
    answer(g, t, r, "bea", "to keep it", bea_card)
    cy_card = lay(rig, "dee", "6C")
    support(g, t, r, "dee", Side.CHALLENGE, cy_card)
    with pytest.raises(NotNowError, match="only a Jack"):
        challenge(g, t, r, "cy", "to grab it first", lay(rig, "cy", "9C"))
    rig.hand("cy", ["JC", "9C"])
    events = challenge(g, t, r, "cy", "to grab it first", lay(rig, "cy", "9C"),
                       jack=lay(rig, "cy", "JC"))
    assert "pre-empted Alex's Challenge" in events[0].public
    assert first in g.hand(t, "alex") and bea_card in g.hand(t, "bea")
    assert cy_card in g.hand(t, "dee")
    assert g.conflict is not None and g.conflict.challenger == "cy"


def test_no_pre_empting_after_the_reveal(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", lay(rig, "alex", "5C"))
    answer(g, t, r, "bea", "to keep it", lay(rig, "bea", "6D"))
    reveal(g, t, r)
    rig.hand("cy", ["JC", "9C"])
    with pytest.raises(NotNowError, match="before its cards are revealed"):
        challenge(g, t, r, "cy", "to grab it", lay(rig, "cy", "9C"), jack=lay(rig, "cy", "JC"))


def test_suspended_challenge_is_answered_later_and_resolved_as_usual(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    trap = lay(rig, "alex", "9S")
    events = suspend(g, t, r, "alex", "to catch whoever opens the door", "a spring trap", trap)
    assert "9 of Spades" not in events[0].public
    assert trap in t.pile(PileId("adventure/aside/alex")).cards
    pass_turn(g, "ann")
    [suspended] = g.suspended
    answer_suspended(g, t, r, suspended.id, "bea", "to open it safely", lay(rig, "bea", "6D"))
    assert g.suspended == []
    reveal(g, t, r)
    assert g.conflict is not None and g.conflict.to_move is Side.ANSWER
    yield_conflict(g, t, r, "bea")
    close_conflict(g, t, r)
    assert g.turn_player.id == "ben"
    assert trap in rig.discard_pile


def test_environment_lays_the_top_card_of_the_draw_pile(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.add("desert", "dee", environment=True, strong=Suit.CLUBS, weak=Suit.DIAMONDS)
    pass_turn(g, "ann")
    pass_turn(g, "ben")
    pass_turn(g, "cy")
    [top] = rig.stack(["8C"])
    with pytest.raises(NotYoursError, match="environment"):
        challenge(g, t, r, "desert", "to bury the caravan", lay(rig, "eve", "4D"))
    challenge(g, t, r, "desert", "to bury the caravan")
    assert rig.zone("desert") == [top]
    answer(g, t, r, "alex", "to find the oasis", lay(rig, "alex", "9S"))
    reveal(g, t, r)
    assert g.conflict is not None and g.conflict.to_move is Side.CHALLENGE


@pytest.mark.parametrize("mistake", ["not in hand", "own answer", "twice", "after reveal",
                                     "reveal early", "second challenge", "no goal"])
def test_illegal_conflict_moves_are_refused(rig: Rig, mistake: str) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    if mistake == "no goal":
        with pytest.raises(AdventureRuleError, match="State the goal"):
            challenge(g, t, r, "alex", "  ", lay(rig, "alex", "9S"))
        return
    if mistake == "not in hand":
        with pytest.raises(NotYoursError, match="The 6 of Diamonds is not in Alex's hand"):
            challenge(g, t, r, "alex", "to win", lay(rig, "bea", "6D"))
        return
    challenge(g, t, r, "alex", "to win", lay(rig, "alex", "9S"))
    if mistake == "own answer":
        with pytest.raises(AdventureRuleError, match="cannot answer their own"):
            answer(g, t, r, "alex", "no", lay(rig, "alex", "5C"))
    elif mistake == "reveal early":
        with pytest.raises(NotNowError, match="Only an answered"):
            reveal(g, t, r)
    elif mistake == "second challenge":
        with pytest.raises(NotNowError, match="Conflict is in progress"):
            challenge(g, t, r, "alex", "again", lay(rig, "alex", "5C"))
    else:
        answer(g, t, r, "bea", "to stop it", lay(rig, "bea", "6D"))
        support(g, t, r, "cy", Side.ANSWER, lay(rig, "cy", "9C"))
        if mistake == "twice":
            with pytest.raises(AdventureRuleError, match="already has a card"):
                support(g, t, r, "cy", Side.CHALLENGE, lay(rig, "cy", "4C"))
        else:
            reveal(g, t, r)
            with pytest.raises(NotNowError, match="before the reveal"):
                support(g, t, r, "dee", Side.CHALLENGE, lay(rig, "dee", "6C"))


def test_a_refused_move_changes_nothing(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    before = (rig.codes("alex"), len(rig.draw_pile), g.conflict)
    with pytest.raises(AdventureRuleError, match="only a King forbids Support"):
        challenge(g, t, r, "alex", "to win", lay(rig, "alex", "9S"), king=lay(rig, "alex", "AC"))
    assert (rig.codes("alex"), len(rig.draw_pile), g.conflict) == before
    assert rig.zone("alex") == []


def test_a_character_who_went_down_cannot_challenge(rig: Rig) -> None:
    rig.game.character("alex").down = True
    with pytest.raises(CannotActError, match="Gone Down"):
        challenge(rig.game, rig.table, rig.rng, "alex", "to win", lay(rig, "alex", "9S"))
