"""The Identify Check's order (``rules/fantastical-adventure.md``): the hidden card counts as
laid first, before every claim, so the Joker-and-Deuce rule reads the same way for it as for
the claims. The four orders of a Joker and a Deuce, played through a whole check each."""

from __future__ import annotations

import pytest
from adventure_rig import Rig

from cardtable.resolvers.adventure.events import AdventureRuleError
from cardtable.resolvers.adventure.identify import identify_claim, reveal_identify, start_identify


@pytest.fixture
def rig() -> Rig:
    rig = Rig()
    rig.add("alex", "ann", ["2D", "JOKER", "KC"])
    rig.add("bea", "ben", ["2S", "JOKER"])
    return rig


def test_a_claimed_deuce_beats_a_hidden_joker(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["JOKER"])
    start_identify(g, t, r, "cy", "a light on the moor")
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "2D"), "a lantern")
    said = reveal_identify(g, t)[0].public
    assert said.startswith("The hidden card is a Joker, not higher than every claim")
    assert "'a light on the moor' is a lantern, as Alex said" in said


def test_a_hidden_deuce_does_not_beat_a_claimed_joker(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["2H"])
    start_identify(g, t, r, "cy", "a voice in the well")
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "JOKER"), "a drowned saint")
    said = reveal_identify(g, t)[0].public
    assert "'a voice in the well' is a drowned saint, as Alex said" in said


def test_a_deuce_claimed_after_a_claimed_joker_beats_it(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["5H"])
    start_identify(g, t, r, "cy", "a smell of smoke")
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "JOKER"), "a dragon")
    identify_claim(g, t, "bea", rig.card_in_hand("bea", "2S"), "burnt toast")
    assert "is burnt toast, as Bea said" in reveal_identify(g, t)[0].public


def test_a_joker_claimed_after_a_claimed_deuce_beats_it(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["5H"])
    start_identify(g, t, r, "cy", "a knock at the door")
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "2D"), "the wind")
    identify_claim(g, t, "bea", rig.card_in_hand("bea", "JOKER"), "the Duke's assassin")
    with pytest.raises(AdventureRuleError, match="not higher than a Joker Bea played"):
        identify_claim(g, t, "alex", rig.card_in_hand("alex", "KC"), "a bailiff")
    assert "is the Duke's assassin, as Bea said" in reveal_identify(g, t)[0].public


def test_a_hidden_joker_still_beats_every_claim_that_is_no_deuce_or_joker(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["JOKER"])
    start_identify(g, t, r, "cy", "a rider at dusk")
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "KC"), "the King's herald")
    assert "Cy defines 'a rider at dusk' freely" in reveal_identify(g, t)[0].public
