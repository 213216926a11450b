"""Turns, scenes, Ambition and Bond draws, Lending a Hand, the Joker trade, and saving."""

from __future__ import annotations

import cattrs
import pytest
from adventure_rig import Rig

from cardtable.resolvers.adventure.characters import Ambition, Bond
from cardtable.resolvers.adventure.conflict import answer, challenge, reveal, support
from cardtable.resolvers.adventure.events import AdventureRuleError, NotNowError, NotYoursError
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.play import (
    accomplish_ambition,
    act_on_bond,
    add_bond,
    lend_a_hand,
    new_scene,
    pass_turn,
    take_up_ambition,
    trade_joker,
)
from cardtable.resolvers.adventure.state import Side

WEALTH = Ambition.long_term("to amass great wealth")
TREASURE = Ambition.short_term("to find the treasure of Constantinople", WEALTH.text)


@pytest.fixture
def rig() -> Rig:
    rig = Rig()
    rig.add("alex", "ann", ["9S", "JOKER", "5C"])
    rig.add("bea", "ben", ["6D", "8C"])
    rig.add("cy", "cy", ["4C"])
    return rig


def test_narration_passes_in_seat_order(rig: Rig) -> None:
    g = rig.game
    with pytest.raises(AdventureRuleError, match="It is Ann's turn, not Ben's"):
        pass_turn(g, "ben")
    seen = []
    for _ in range(5):
        seen.append(g.turn_player.id)
        pass_turn(g, g.turn_player.id)
    assert seen == ["ann", "ben", "cy", "dee", "ann"]


def test_no_passing_the_turn_mid_conflict(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to win", rig.card_in_hand("alex", "9S"))
    with pytest.raises(NotNowError, match="Finish the Conflict"):
        pass_turn(g, "ann")
    with pytest.raises(NotNowError, match="Finish the Conflict"):
        new_scene(g, t, r)


def test_short_term_ambitions_draw_when_taken_each_scene_and_when_accomplished(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    take_up_ambition(g, t, r, "alex", WEALTH)
    assert len(g.hand(t, "alex")) == 3
    take_up_ambition(g, t, r, "alex", TREASURE)
    assert len(g.hand(t, "alex")) == 4
    with pytest.raises(AdventureRuleError, match="long-term Ambition: only short-term"):
        new_scene(g, t, r, {"alex": [WEALTH.text]})
    events = new_scene(g, t, r, {"alex": [TREASURE.text]})
    assert g.scene == 2 and events[0].public == "Scene 2 begins"
    assert len(g.hand(t, "alex")) == 5
    with pytest.raises(AdventureRuleError, match="Share exactly 5"):
        accomplish_ambition(g, t, r, "alex", TREASURE.text, helpers=["bea"],
                            shares={"alex": 3, "bea": 1})
    with pytest.raises(AdventureRuleError, match="Share exactly 5"):
        accomplish_ambition(g, t, r, "alex", TREASURE.text, shares={"alex": 3, "cy": 2})
    accomplish_ambition(g, t, r, "alex", TREASURE.text, helpers=["bea"],
                        shares={"alex": 3, "bea": 2})
    assert len(g.hand(t, "alex")) == 8 and len(g.hand(t, "bea")) == 4
    assert g.character("alex").ambitions == [WEALTH]


def test_acting_on_a_bond_draws_a_card(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    with pytest.raises(AdventureRuleError, match="Alex has no Bond with Bea"):
        act_on_bond(g, t, r, "alex", "bea")
    add_bond(g, "alex", Bond("bea", "Secret lovers"))
    [top] = rig.stack(["KH"])
    events = act_on_bond(g, t, r, "alex", "bea")
    assert top in g.hand(t, "alex")
    assert events[0].public == "Alex drew a card for acting on the Bond with Bea (Secret lovers)"
    assert "King of Hearts" in events[0].private


def test_lending_a_hand_between_bonded_characters(rig: Rig) -> None:
    g, t = rig.game, rig.table
    gift = [rig.card_in_hand("alex", "9S"), rig.card_in_hand("alex", "5C")]
    with pytest.raises(AdventureRuleError, match="share no Bond"):
        lend_a_hand(g, t, "alex", "bea", gift)
    add_bond(g, "bea", Bond("alex", "Blood brothers"))
    with pytest.raises(NotYoursError, match="not in Alex's hand"):
        lend_a_hand(g, t, "alex", "bea", [rig.card_in_hand("bea", "6D")])
    events = lend_a_hand(g, t, "alex", "bea", gift)
    assert rig.codes("bea") == ["5C", "6D", "8C", "9S"]
    assert events[0].public == "Alex lent Bea 2 cards"
    assert events[0].private_to == ("alex", "bea")


def test_a_joker_trades_for_three_cards(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    with pytest.raises(AdventureRuleError, match="not a Joker"):
        trade_joker(g, t, r, "alex", rig.card_in_hand("alex", "9S"))
    joker = rig.card_in_hand("alex", "JOKER")
    rig.stack(["2S", "3S", "4S"])
    trade_joker(g, t, r, "alex", joker)
    assert joker in rig.discard_pile
    assert rig.codes("alex") == ["2S", "3S", "4S", "5C", "9S"]


def test_the_whole_state_survives_a_cattrs_round_trip_mid_conflict(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    challenge(g, t, r, "alex", "to win", rig.card_in_hand("alex", "9S"), hit_target="cy")
    answer(g, t, r, "bea", "to stop it", rig.card_in_hand("bea", "6D"))
    support(g, t, r, "cy", Side.ANSWER, rig.card_in_hand("cy", "4C"))
    reveal(g, t, r)
    converter = cattrs.Converter(forbid_extra_keys=True)
    saved = converter.unstructure(g)
    restored = converter.structure(saved, AdventureGame)
    assert restored == g
    assert restored is not g and restored.conflict is not g.conflict
