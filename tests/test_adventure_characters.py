"""Fantastical Adventure characters: Facets and suits, Ambitions, Bonds, Power, environments."""

from __future__ import annotations

import pytest
from adventure_rig import Rig, facets

from cardtable.cards import Suit
from cardtable.resolvers.adventure.characters import (
    Ambition,
    Bond,
    Character,
    Facet,
    Power,
    Role,
)
from cardtable.resolvers.adventure.events import AdventureRuleError, SheetRuleError
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import Player
from cardtable.sheets.adventure import AdventureSheet
from cardtable.sheets.adventure import Ambition as SheetAmbition
from cardtable.sheets.adventure import Bond as SheetBond
from cardtable.sheets.adventure import Facet as SheetFacet


def make(
    faces: list[Facet] | None = None, strong: Suit = Suit.SPADES, weak: Suit = Suit.HEARTS
) -> Character:
    return Character.create("alex", "Alex", "ann", faces or facets("Alex"), strong, weak)


def test_same_suit_on_two_facets_is_refused() -> None:
    twice = [Facet(Suit.HEARTS, "Poet"), Facet(Suit.HEARTS, "Lover"),
             Facet(Suit.CLUBS, "Sailor"), Facet(Suit.SPADES, "Fencing")]
    with pytest.raises(SheetRuleError, match="'Poet' and 'Lover' are both on hearts"):
        make(twice)


def test_three_facets_are_too_few() -> None:
    with pytest.raises(SheetRuleError, match="exactly four Facets, not 3"):
        make(facets("Alex")[:3])


def test_strong_and_weak_must_differ() -> None:
    with pytest.raises(SheetRuleError, match="both clubs"):
        make(strong=Suit.CLUBS, weak=Suit.CLUBS)


@pytest.mark.parametrize(("power", "cards"), [
    (Power.ORDINARY, 3), (Power.PERSON_OF_IMPORT, 5), (Power.EXTRAORDINARY, 7),
    (Power.FANTASTICAL, 10),
])
def test_power_deals_the_starting_hand(power: Power, cards: int) -> None:
    rig = Rig()
    before = len(rig.draw_pile)
    rig.game.add_character(rig.table, rig.rng, Character.create(
        "alex", "Alex", "ann", facets("Alex"), Suit.SPADES, Suit.HEARTS, power=power))
    assert len(rig.game.hand(rig.table, "alex")) == cards
    assert len(rig.draw_pile) == before - cards


def test_environment_has_facets_but_no_hand() -> None:
    rig = Rig()
    desert = Character.environment_of("desert", "The Desert", "dee", facets("Desert"),
                                      Suit.CLUBS, Suit.DIAMONDS)
    events = rig.game.add_character(rig.table, rig.rng, desert)
    assert "environment" in events[0].public
    assert rig.game.hand(rig.table, "desert") == []
    assert len(rig.draw_pile) == 108
    with pytest.raises(AdventureRuleError, match="never draws"):
        rig.game.draw(rig.table, rig.rng, "desert", 1)


def test_a_fifth_long_term_ambition_is_refused() -> None:
    alex = make()
    for n in range(4):
        alex.add_ambition(Ambition.long_term(f"goal {n}"))
    with pytest.raises(SheetRuleError, match="already has 4 long-term Ambitions"):
        alex.add_ambition(Ambition.long_term("goal 4"))
    for n in range(6):
        alex.add_ambition(Ambition.short_term(f"step {n}", "goal 0"))
    assert len(alex.ambitions) == 10


def test_short_term_ambition_must_serve_a_long_term_one() -> None:
    alex = make()
    with pytest.raises(SheetRuleError, match="must serve one of Alex's long-term"):
        alex.add_ambition(Ambition.short_term("find the map", "to amass great wealth"))
    alex.add_ambition(Ambition.long_term("to amass great wealth"))
    alex.add_ambition(Ambition.short_term("find the map", "to amass great wealth"))
    with pytest.raises(SheetRuleError, match="still serve"):
        alex.drop_ambition("to amass great wealth")


def test_a_fifth_bond_is_refused() -> None:
    alex = make()
    for other in ("bea", "cy", "dee", "eve"):
        alex.add_bond(Bond(other, "Old friends"))
    with pytest.raises(SheetRuleError, match="already has 4 Bonds"):
        alex.add_bond(Bond("fay", "Arch Nemeses"))
    alex.break_bond("eve")
    alex.add_bond(Bond("fay", "Arch Nemeses"))


def test_bond_with_oneself_or_twice_is_refused() -> None:
    alex = make()
    with pytest.raises(SheetRuleError, match="themself"):
        alex.add_bond(Bond("alex", "Mirror"))
    alex.add_bond(Bond("bea", "Blood Brothers"))
    with pytest.raises(SheetRuleError, match="already has a Bond with bea"):
        alex.add_bond(Bond("bea", "Rivals"))


def test_losing_all_four_facets_kills() -> None:
    alex = make()
    assert [alex.lose_facet(s) for s in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)] == [False] * 3
    assert not alex.dead
    with pytest.raises(SheetRuleError, match="already lost"):
        alex.lose_facet(Suit.CLUBS)
    assert alex.lose_facet(Suit.SPADES)
    assert alex.dead


def test_character_from_a_finished_sheet() -> None:
    sheet = AdventureSheet(
        name="Isadora Heller", strong=Suit.DIAMONDS, weak=Suit.CLUBS, power=Power.FANTASTICAL,
        role=Role.ANTAGONIST,
        facets=tuple(SheetFacet(s, f"F {s.value}", lost=s is Suit.HEARTS) for s in Suit),
        ambitions=(SheetAmbition("to amass great wealth", ("rob the bank",)),),
        bonds=(SheetBond("bea", "Rivals"),),
    )
    isadora = Character.from_sheet("isa", "ann", sheet)
    assert isadora.starting_hand == 10
    assert isadora.lost == [Suit.HEARTS]
    assert isadora.ambition("rob the bank").serves == "to amass great wealth"
    assert isadora.bond_with("bea") == Bond("bea", "Rivals")
    with pytest.raises(SheetRuleError, match="needs a Strong Suit"):
        Character.from_sheet("x", "ann", AdventureSheet(name="Unfinished"))


def test_a_character_needs_a_seated_player_and_its_own_id() -> None:
    rig = Rig()
    stranger = Character.create("zed", "Zed", "nobody", facets("Zed"), Suit.SPADES, Suit.HEARTS)
    with pytest.raises(AdventureRuleError, match="no player 'nobody'"):
        rig.game.add_character(rig.table, rig.rng, stranger)
    rig.add("alex", "ann")
    with pytest.raises(AdventureRuleError, match="already a character"):
        rig.add("alex", "ben")


def test_a_game_refuses_two_players_with_one_id() -> None:
    with pytest.raises(AdventureRuleError, match="share an id"):
        AdventureGame.on("d", "x", [Player("a", "A"), Player("a", "B")])
