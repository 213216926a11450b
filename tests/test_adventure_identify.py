"""Identify Checks: ascending claims, the hidden card, and the Joker and Deuce rule."""

from __future__ import annotations

import pytest
from adventure_rig import Rig
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import PlayingCard, Rank, Suit
from cardtable.resolvers.adventure.events import AdventureRuleError, CannotActError, NotNowError
from cardtable.resolvers.adventure.identify import (
    hidden_card_wins,
    identify_claim,
    later_is_higher,
    reveal_identify,
    start_identify,
)

JOKER = PlayingCard.joker()
faces = st.one_of(
    st.just(JOKER),
    st.builds(PlayingCard.of, st.sampled_from(list(Rank)), st.sampled_from(list(Suit))),
)
suited = st.builds(PlayingCard.of, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))


def code(text: str) -> PlayingCard:
    return PlayingCard.from_code(text)


@pytest.fixture
def rig() -> Rig:
    rig = Rig()
    rig.add("alex", "ann", ["5C", "9H", "2D", "JOKER"])
    rig.add("bea", "ben", ["7D", "QS", "2S"])
    return rig


def test_the_last_claim_stands_when_the_hidden_card_is_not_higher(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    [hidden] = rig.stack(["8S"])
    start_identify(g, t, r, "cy", "something moves in the fog")
    assert not t.facing[hidden].face_up
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "5C"), "a pirate longboat")
    events = identify_claim(g, t, "bea", rig.card_in_hand("bea", "QS"), "a kraken")
    assert "the Bea spades Facet" in events[0].public
    events = reveal_identify(g, t)
    assert "'something moves in the fog' is a kraken, as Bea said" in events[0].public
    assert g.identify is None and hidden in rig.discard_pile


def test_a_hidden_card_higher_than_every_claim_lets_its_introducer_define_it(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["10S"])
    start_identify(g, t, r, "cy", "a problem with the ship")
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "5C"), "a leak")
    identify_claim(g, t, "bea", rig.card_in_hand("bea", "7D"), "a mutiny")
    events = reveal_identify(g, t)
    assert "Cy defines 'a problem with the ship' freely" in events[0].public


def test_each_claim_must_play_a_higher_card(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["3S"])
    start_identify(g, t, r, "cy", "a shape in the dark")
    identify_claim(g, t, "bea", rig.card_in_hand("bea", "7D"), "a bear")
    with pytest.raises(AdventureRuleError, match="not higher than the 7 of Diamonds Bea played"):
        identify_claim(g, t, "alex", rig.card_in_hand("alex", "5C"), "a cat")
    with pytest.raises(NotNowError, match="Finish the Identify Check"):
        start_identify(g, t, r, "ann", "another")


def test_a_deuce_after_the_joker_beats_it_but_not_one_before(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    rig.stack(["9S"])
    start_identify(g, t, r, "cy", "a noise upstairs")
    identify_claim(g, t, "alex", rig.card_in_hand("alex", "JOKER"), "the ghost of grandfather")
    with pytest.raises(AdventureRuleError, match="not higher"):
        identify_claim(g, t, "bea", rig.card_in_hand("bea", "QS"), "a burglar")
    identify_claim(g, t, "bea", rig.card_in_hand("bea", "2S"), "the cat")
    events = reveal_identify(g, t)
    assert "is the cat, as Bea said" in events[0].public


def test_a_character_who_went_down_cannot_identify(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    start_identify(g, t, r, "cy", "a figure")
    g.character("bea").down = True
    with pytest.raises(CannotActError, match="has Gone Down and cannot identify a threat"):
        identify_claim(g, t, "bea", rig.card_in_hand("bea", "7D"), "a spy")


@pytest.mark.parametrize(("later", "earlier", "higher"), [
    ("JOKER", "KS", True), ("JOKER", "2S", True), ("JOKER", "JOKER", False),
    ("2S", "JOKER", True), ("KS", "JOKER", False), ("QH", "10C", False), ("3C", "2D", True),
])
def test_which_card_is_higher_in_an_identify_check(later: str, earlier: str,
                                                   higher: bool) -> None:
    assert later_is_higher(code(later), code(earlier)) is higher


@given(st.lists(suited, min_size=1, max_size=6), suited)
def test_without_jokers_the_hidden_card_must_top_the_highest_claim(
    claims: list[PlayingCard], hidden: PlayingCard
) -> None:
    assert hidden_card_wins(hidden, claims) is (hidden.pips > max(c.pips for c in claims))


@given(st.lists(faces, min_size=1, max_size=6), faces)
def test_against_a_claimed_joker_the_hidden_card_never_wins(
    claims: list[PlayingCard], hidden: PlayingCard
) -> None:
    # The hidden card was laid first: a Joker claimed after it beats even a hidden Deuce.
    if any(c.is_joker for c in claims):
        assert not hidden_card_wins(hidden, claims)


@given(st.lists(faces, min_size=1, max_size=6), faces)
def test_a_hidden_joker_wins_unless_a_joker_or_a_deuce_was_claimed(
    claims: list[PlayingCard], hidden: PlayingCard
) -> None:
    if hidden.is_joker:
        expected = not any(c.is_joker or c.is_deuce for c in claims)
        assert hidden_card_wins(hidden, claims) is expected


def test_no_claim_at_all_leaves_the_thing_to_its_introducer(rig: Rig) -> None:
    g, t, r = rig.game, rig.table, rig.rng
    start_identify(g, t, r, "cy", "a letter")
    assert "Cy defines 'a letter' freely" in reveal_identify(g, t)[0].public
