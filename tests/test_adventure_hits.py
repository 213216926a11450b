"""Hits in Fantastical Adventure: Going Down, Shaking It Off, "death" and the way back."""

from __future__ import annotations

import pytest
from adventure_rig import Rig

from cardtable.cards import Suit
from cardtable.resolvers.adventure.conflict import answer, challenge, reveal
from cardtable.resolvers.adventure.events import (
    AdventureRuleError,
    CannotActError,
    NotNowError,
)
from cardtable.resolvers.adventure.hits import HitChoice, shake_it_off, strike, take_hit, treat
from cardtable.resolvers.adventure.play import new_scene
from cardtable.resolvers.adventure.showdown import close_conflict, yield_conflict
from cardtable.resolvers.adventure.state import PendingHit


@pytest.fixture
def rig() -> Rig:
    rig = Rig()
    rig.add("alex", "ann", ["9S", "5C", "KD"])
    rig.add("bea", "ben", ["6D", "8C", "2C"])
    return rig


def beaten(rig: Rig) -> None:
    """Alex beats Bea, who yields; Alex may Hit her."""
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to knock Bea out", rig.card_in_hand("alex", "9S"))
    answer(g, t, r, "bea", "to dodge", rig.card_in_hand("bea", "6D"))
    reveal(g, t, r)
    yield_conflict(g, t, r, "bea")


def test_a_hit_needs_a_win_first(rig: Rig) -> None:
    with pytest.raises(AdventureRuleError, match="has not earned a Hit on Bea"):
        strike(rig.game, "alex", "bea")
    with pytest.raises(NotNowError, match="no Hit to take"):
        take_hit(rig.game, rig.table, "bea", HitChoice.GO_DOWN)


def test_going_down_stops_acting_until_shaking_it_off(rig: Rig) -> None:
    beaten(rig)
    g, t = rig.game, rig.table
    strike(g, "alex", "bea")
    with pytest.raises(AdventureRuleError, match="has not earned"):
        strike(g, "alex", "bea")
    take_hit(g, t, "bea", HitChoice.GO_DOWN)
    bea = g.character("bea")
    assert bea.down
    with pytest.raises(CannotActError, match="Bea has Gone Down"):
        bea.ensure_can_act("Support")
    with pytest.raises(AdventureRuleError, match="discards one card or loses one Facet"):
        shake_it_off(g, t, "bea")
    discarded = rig.card_in_hand("bea", "2C")
    shake_it_off(g, t, "bea", card=discarded)
    assert not bea.down and discarded in rig.discard_pile


def test_shaking_it_off_with_a_card(rig: Rig) -> None:
    beaten(rig)
    g, t = rig.game, rig.table
    strike(g, "alex", "bea")
    with pytest.raises(AdventureRuleError, match="only when Shaking It Off with a Facet"):
        take_hit(g, t, "bea", HitChoice.GO_DOWN, suit=Suit.CLUBS)
    take_hit(g, t, "bea", HitChoice.SHAKE_OFF_DISCARD, card=rig.card_in_hand("bea", "8C"))
    assert "8C" not in rig.codes("bea")
    assert g.pending_hits == [] and not g.character("bea").down


def test_shaking_it_off_with_a_facet_until_treated(rig: Rig) -> None:
    beaten(rig)
    g, t = rig.game, rig.table
    strike(g, "alex", "bea")
    events = take_hit(g, t, "bea", HitChoice.SHAKE_OFF_FACET, suit=Suit.CLUBS)
    assert "losing the Bea clubs Facet until treated" in events[0].public
    assert g.character("bea").lost == [Suit.CLUBS]
    treat(g, "bea")
    assert g.character("bea").lost == []
    with pytest.raises(NotNowError, match="no wounds"):
        treat(g, "bea")


def test_losing_the_fourth_facet_kills(rig: Rig) -> None:
    g, t = rig.game, rig.table
    for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        g.pending_hits.append(PendingHit("bea", "test"))
        take_hit(g, t, "bea", HitChoice.SHAKE_OFF_FACET, suit=suit)
    assert not g.character("bea").dead
    g.pending_hits.append(PendingHit("bea", "test"))
    g.pending_hits.append(PendingHit("bea", "another"))
    events = take_hit(g, t, "bea", HitChoice.SHAKE_OFF_FACET, suit=Suit.SPADES)
    assert "all four Facets lost, Bea is \"killed\"" in events[0].public
    assert g.character("bea").dead
    # A "dead" character has no Hits left to take.
    assert g.pending_hits == []


def test_a_killed_character_regains_a_card_each_scene_up_to_the_starting_hand(rig: Rig) -> None:
    beaten(rig)
    g, t, r = rig.game, rig.table, rig.rng
    strike(g, "alex", "bea")
    take_hit(g, t, "bea", HitChoice.KILLED)
    bea = g.character("bea")
    assert bea.dead
    with pytest.raises(CannotActError, match="\"dead\""):
        challenge(g, t, r, "bea", "revenge", rig.card_in_hand("bea", "8C"))
    with pytest.raises(AdventureRuleError, match="Miraculous Survival"):
        treat(g, "bea")
    close_conflict(g, t, r)
    rig.hand("bea", [])
    sizes = []
    for _ in range(5):
        new_scene(g, t, r)
        sizes.append(len(g.hand(t, "bea")))
    assert sizes == [1, 2, 3, 3, 3]
    assert bea.scenes_dead == 5
