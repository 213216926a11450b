"""Fantastical Adventure Conflicts from the primaries on: Yield, Push and Push back, Deadlock
and its three ways out, the winner's and loser's draws, Hits allowed, the Queen, closing.

Every character is Strong in spades and Weak in hearts.
"""

from __future__ import annotations

import random

import pytest
from adventure_rig import Rig

from cardtable.cards import CardId, Suit
from cardtable.resolvers.adventure.conflict import (
    answer,
    award_advantage,
    challenge,
    reveal,
    support,
)
from cardtable.resolvers.adventure.events import AdventureRuleError, NoAdvantageError, NotNowError
from cardtable.resolvers.adventure.showdown import (
    DeadlockWay,
    can_push,
    close_conflict,
    playable,
    push,
    queen,
    resolve_deadlock,
    yield_conflict,
)
from cardtable.resolvers.adventure.state import Phase, Side


class Coin(random.Random):
    """An Rng whose coin flips always land the same way (``random()`` returns ``value``)."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.fixture
def rig() -> Rig:
    rig = Rig()
    rig.add("alex", "ann", ["5C", "9S", "KD", "3D", "QC"])
    rig.add("bea", "ben", ["6D", "8C", "2C", "QH"])
    rig.add("cy", "cy", ["9C", "7C"])
    rig.add("dee", "dee", ["3C", "7D", "QS"])
    return rig


def card(rig: Rig, who: str, code: str) -> CardId:
    return rig.card_in_hand(who, code)


def start(rig: Rig, alex: str = "5C", bea: str = "6D", *, challenge_advantage: int = 0,
          answer_advantage: int = 0) -> None:
    """Alex challenges Bea; the table awards the Advantage given; all is revealed."""
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", card(rig, "alex", alex))
    answer(g, t, r, "bea", "to keep the idol", card(rig, "bea", bea))
    if challenge_advantage:
        award_advantage(g, Side.CHALLENGE, challenge_advantage, "higher ground")
    if answer_advantage:
        award_advantage(g, Side.ANSWER, answer_advantage, "the sun in Alex's eyes")
    reveal(g, t, r)


def test_yield_draws_advantage_plus_one_shared_with_supporters(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", card(rig, "alex", "5C"))
    answer(g, t, r, "bea", "to keep the idol", card(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, card(rig, "cy", "9C"))
    award_advantage(g, Side.CHALLENGE, 1, "higher ground")
    reveal(g, t, r)
    assert g.conflict is not None and g.conflict.advantage(Side.CHALLENGE) == 2
    yield_conflict(g, t, r, "alex")
    alex_claim = next(c for c in g.claims if c.character == "alex")
    assert alex_claim.count == 3 and alex_claim.recipients == ["alex", "cy"]
    rig.stack(["2S", "3S", "4S"])
    with pytest.raises(AdventureRuleError, match="Share exactly 3"):
        g.take_claim(t, r, alex_claim.id, {"alex": 1, "cy": 1})
    with pytest.raises(AdventureRuleError, match="only go to Alex and Cy"):
        g.take_claim(t, r, alex_claim.id, {"alex": 1, "dee": 2})
    g.take_claim(t, r, alex_claim.id, {"alex": 1, "cy": 2})
    assert "2S" in rig.codes("alex")
    assert {"3S", "4S"} <= set(rig.codes("cy"))


def test_push_and_push_back_until_advantage_runs_out(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    start(rig, challenge_advantage=2, answer_advantage=1)
    conflict = g.conflict
    assert conflict is not None and conflict.to_move is Side.CHALLENGE
    # A Push may play any card, even one that trumps nothing.
    push(g, t, r, "alex", card(rig, "alex", "3D"))
    assert conflict.advantage(Side.CHALLENGE) == 1 and conflict.to_move is Side.ANSWER
    # A Push back must trump the latest card.
    with pytest.raises(AdventureRuleError, match="does not trump Alex's 3 of Diamonds"):
        push(g, t, r, "bea", card(rig, "bea", "2C"))
    push(g, t, r, "bea", card(rig, "bea", "8C"))
    assert conflict.advantage(Side.ANSWER) == 0
    push(g, t, r, "alex", card(rig, "alex", "9S"))
    assert conflict.advantage(Side.CHALLENGE) == 0
    # Bea has no Advantage left: she cannot push back, only Yield.
    assert not can_push(g, t, Side.ANSWER)
    with pytest.raises(NoAdvantageError, match="Bea has no Advantage left"):
        push(g, t, r, "bea", card(rig, "bea", "QH"))
    yield_conflict(g, t, r, "bea")
    assert conflict.winner is Side.CHALLENGE
    # Bea yields with Advantage 0: one card; Alex has no unspent Advantage: none.
    assert [(c.character, c.count) for c in g.claims] == [("bea", 1)]


def test_push_back_needs_a_card_that_trumps(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    start(rig, challenge_advantage=1, answer_advantage=1)
    push(g, t, r, "alex", card(rig, "alex", "9S"))
    # Bea is Strong in spades too, but holds none: nothing trumps a Strong 9.
    assert playable(g, t, Side.ANSWER) == []
    assert not can_push(g, t, Side.ANSWER)
    with pytest.raises(AdventureRuleError, match="does not trump"):
        push(g, t, r, "bea", card(rig, "bea", "8C"))


def test_only_the_primary_to_move_may_push_or_yield(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    start(rig, challenge_advantage=1)
    with pytest.raises(AdventureRuleError, match="It is Alex's move"):
        yield_conflict(g, t, r, "bea")
    with pytest.raises(AdventureRuleError, match="It is Alex's move"):
        push(g, t, r, "cy", card(rig, "cy", "9C"))


def test_winner_draws_for_unspent_advantage_and_may_hit(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    start(rig, "5C", "6D", answer_advantage=2)
    events = yield_conflict(g, t, r, "alex")
    assert any("narrates with the Bea diamonds Facet (diamonds)" in e.public for e in events)
    assert sorted((c.character, c.count) for c in g.claims) == [("alex", 1), ("bea", 2)]
    assert [(a.hitter, a.target) for a in g.hit_allowances] == [("bea", "alex")]


def test_challenger_aiming_to_hit_a_third_party_may_hit_both(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to shoot Cy", card(rig, "alex", "9S"), hit_target="cy")
    answer(g, t, r, "bea", "to shield Cy", card(rig, "bea", "6D"))
    reveal(g, t, r)
    yield_conflict(g, t, r, "bea")
    assert [(a.hitter, a.target) for a in g.hit_allowances] == [("alex", "bea"), ("alex", "cy")]


def test_deadlock_both_yield(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.hand("alex", ["7C"])
    rig.hand("bea", ["7D"])
    start(rig, "7C", "7D", answer_advantage=1)
    conflict = g.conflict
    assert conflict is not None and conflict.phase is Phase.DEADLOCK
    with pytest.raises(NotNowError, match="Nobody has to Yield or Push now"):
        yield_conflict(g, t, r, "alex")
    resolve_deadlock(g, t, r, DeadlockWay.BOTH_YIELD)
    assert conflict.phase is Phase.OVER and conflict.both_yield and conflict.winner is None
    assert sorted((c.character, c.count) for c in g.claims) == [("alex", 1), ("bea", 2)]
    assert g.hit_allowances == []


def test_deadlock_both_attain(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.hand("alex", ["7C"])
    rig.hand("bea", ["7D"])
    start(rig, "7C", "7D", challenge_advantage=2)
    resolve_deadlock(g, t, r, DeadlockWay.BOTH_ATTAIN)
    conflict = g.conflict
    assert conflict is not None and conflict.both_attain
    assert [(c.character, c.count) for c in g.claims] == [("alex", 2)]


@pytest.mark.parametrize(("flip", "winner", "loser"), [(0.1, "alex", "bea"), (0.9, "bea", "alex")])
def test_deadlock_coin_flip_loser_still_draws_one(rig: Rig, flip: float, winner: str,
                                                  loser: str) -> None:
    g, t = rig.game, rig.table
    rig.hand("alex", ["7C"])
    rig.hand("bea", ["7D"])
    start(rig, "7C", "7D")
    resolve_deadlock(g, t, Coin(flip), DeadlockWay.COIN_FLIP)
    conflict = g.conflict
    assert conflict is not None and conflict.side(conflict.winner).primary == winner  # type: ignore[arg-type]
    assert [(c.character, c.count) for c in g.claims] == [(loser, 1)]
    assert [(a.hitter, a.target) for a in g.hit_allowances] == [(winner, loser)]


@pytest.mark.parametrize(("way", "challenge_advantage", "answer_advantage"), [
    (DeadlockWay.BOTH_ATTAIN, 1, 1), (DeadlockWay.BOTH_YIELD, 0, 0),
])
def test_supporter_pair_deadlock(rig: Rig, way: DeadlockWay, challenge_advantage: int,
                                 answer_advantage: int) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", card(rig, "alex", "5C"))
    answer(g, t, r, "bea", "to keep the idol", card(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, card(rig, "cy", "7C"))
    support(g, t, r, "dee", Side.ANSWER, card(rig, "dee", "7D"))
    reveal(g, t, r)
    conflict = g.conflict
    assert conflict is not None and conflict.phase is Phase.DEADLOCK
    assert conflict.deadlock_pair == 0
    resolve_deadlock(g, t, r, way)
    assert conflict.phase is Phase.SHOWDOWN
    assert conflict.advantage(Side.CHALLENGE) == challenge_advantage
    assert conflict.advantage(Side.ANSWER) == answer_advantage
    yielded = sorted(c.character for c in g.claims if c.optional)
    assert yielded == (["cy", "dee"] if way is DeadlockWay.BOTH_YIELD else [])


def test_supporter_pair_deadlock_coin_flip(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", card(rig, "alex", "5C"))
    answer(g, t, r, "bea", "to keep the idol", card(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.CHALLENGE, card(rig, "cy", "7C"))
    support(g, t, r, "dee", Side.ANSWER, card(rig, "dee", "7D"))
    reveal(g, t, r)
    resolve_deadlock(g, t, Coin(0.9), DeadlockWay.COIN_FLIP)
    conflict = g.conflict
    assert conflict is not None and conflict.advantage(Side.ANSWER) == 1
    assert [(a.hitter, a.target) for a in g.hit_allowances] == [("dee", "cy")]


def test_queen_cancels_the_winners_goal_for_a_hit(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    start(rig, "9S", "6D")
    with pytest.raises(NotNowError, match="only after the Conflict is won"):
        queen(g, t, r, "dee", card(rig, "dee", "QS"))
    yield_conflict(g, t, r, "bea")
    with pytest.raises(AdventureRuleError, match="cannot cancel their own goal"):
        queen(g, t, r, "alex", card(rig, "alex", "QC"))
    with pytest.raises(AdventureRuleError, match="is not a Queen"):
        queen(g, t, r, "dee", card(rig, "dee", "3C"))
    events = queen(g, t, r, "dee", card(rig, "dee", "QS"))
    assert "goal 'to seize the idol' is cancelled" in events[0].public
    assert [h.target for h in g.pending_hits] == ["dee"]
    with pytest.raises(AdventureRuleError, match="already cancelled"):
        queen(g, t, r, "bea", card(rig, "bea", "QH"))
    close_conflict(g, t, r)
    assert len(rig.zone("dee")) == 0


def test_closing_discards_the_cards_settles_draws_and_ends_the_turn(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to seize the idol", card(rig, "alex", "9S"))
    answer(g, t, r, "bea", "to keep the idol", card(rig, "bea", "6D"))
    support(g, t, r, "cy", Side.ANSWER, card(rig, "cy", "9C"))
    reveal(g, t, r)
    with pytest.raises(NotNowError, match="not resolved"):
        close_conflict(g, t, r)
    yield_conflict(g, t, r, "bea")
    rig.stack(["2S", "3S", "4S"])
    bea_before = len(g.hand(t, "bea"))
    events = close_conflict(g, t, r)
    # Bea had Advantage 1 from Cy's unanswered card: 2 cards; Alex has none unspent.
    assert len(g.hand(t, "bea")) == bea_before + 2
    assert g.claims == [] and g.hit_allowances == [] and g.conflict is None
    assert all(rig.zone(who) == [] for who in ("alex", "bea", "cy"))
    assert len(rig.discard_pile) == 3
    assert g.turn_player.id == "ben"
    assert "Ann's turn ends; it is Ben's turn" in events[-1].public
    t.check()


def test_environment_pushes_with_the_top_card_and_never_draws(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.add("jungle", "dee", environment=True, strong=Suit.CLUBS, weak=Suit.DIAMONDS)
    challenge(g, t, r, "alex", "to cross the jungle", card(rig, "alex", "9S"))
    rig.stack(["2C", "4D"])
    answer(g, t, r, "jungle", "to swallow the expedition")
    award_advantage(g, Side.ANSWER, 1, "monsoon")
    reveal(g, t, r)
    conflict = g.conflict
    assert conflict is not None and conflict.to_move is Side.ANSWER
    assert can_push(g, t, Side.ANSWER)
    # The jungle pushes with the top card: the 4 of Diamonds, Weak for it.
    push(g, t, r, "jungle")
    assert conflict.to_move is Side.CHALLENGE
    yield_conflict(g, t, r, "alex")
    # The jungle wins but its Advantage is never for drawing.
    assert [c.character for c in g.claims] == ["alex"]


def test_environment_push_back_fails_when_the_top_card_does_not_trump(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.add("jungle", "dee", environment=True, strong=Suit.CLUBS, weak=Suit.DIAMONDS)
    challenge(g, t, r, "alex", "to cross the jungle", card(rig, "alex", "5C"))
    rig.stack(["9C", "3D"])
    answer(g, t, r, "jungle", "to swallow the expedition")
    award_advantage(g, Side.CHALLENGE, 1, "a guide")
    award_advantage(g, Side.ANSWER, 1, "monsoon")
    reveal(g, t, r)
    push(g, t, r, "alex", card(rig, "alex", "KD"))
    events = push(g, t, r, "jungle")
    assert any("push back fails" in e.public for e in events)
    conflict = g.conflict
    assert conflict is not None and conflict.winner is Side.CHALLENGE
