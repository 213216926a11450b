"""The session side of Fantastical Adventure at the table, without Qt: Bonds written by name,
environments, a scene's draws, and the sheet following what play changes.

Expectations come from ``rules/fantastical-adventure.md``: a short-term Ambition taken on
draws 1; acting on a Bond draws 1; a new scene draws 1 per short-term Ambition pursued and a
"dead" character regains a card up to their starting hand; an environment has no hand and
takes the top card of the draw pile.
"""

from __future__ import annotations

from adventure_table_rig import (
    BART,
    GRIMSBY,
    ISOLDE,
    MARSH,
    MIRELA,
    cast_session,
    character,
    give,
    stack,
    take_seat,
)
from attrs import evolve

from cardtable.cards import Suit
from cardtable.piles import PileId
from cardtable.resolvers.adventure import play
from cardtable.resolvers.adventure.characters import Bond
from cardtable.resolvers.adventure.hits import HitChoice
from cardtable.session import EditSheet
from cardtable.sheets.adventure import AdventureSheet
from cardtable.sheets.adventure import Ambition as SheetAmbition
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as steps
from cardtable.steps.adventure.mirror import facts, mirror, snapshot


def _sheet(session, who: str) -> AdventureSheet:
    sheet = character(session, who).sheet
    assert isinstance(sheet, AdventureSheet)
    return sheet


def _hand(session, who: str) -> list:
    return session.table.pile(PileId(f"hand/{who}")).cards


def test_a_sheet_bond_by_name_ties_to_the_character_in_play():
    session = cast_session()
    give(session, ISOLDE, ["2C", "3C", "4C"])
    take_seat(session, "bea")  # Bartholomew is Bea's: she acts on his Bond
    assert session.apply(steps.act_on_bond(BART, ISOLDE))
    game = conflict_steps.find_game(session.state)
    assert game is not None
    bonds = {b.other: b.nature for b in game.character(BART).bonds}
    # Isolde is a Fantastical Adventure character: her id. Ottilie (the tarot sample) is not
    # in play and keeps the name the sheet wrote.
    assert bonds == {ISOLDE: "owes her his life", "Ottilie Marchbank": "rival collector of maps"}
    assert len(_hand(session, BART)) == 6  # five dealt in the demo, one for the Bond
    assert session.log[-1].public == (
        "Bartholomew Quince drew a card for acting on the Bond with Isolde Varga "
        "(owes her his life)")


def test_a_bond_to_someone_never_dealt_in_still_draws():
    session = cast_session()
    take_seat(session, "bea")
    assert session.apply(steps.act_on_bond(BART, "Ottilie Marchbank"))
    assert len(_hand(session, BART)) == 6
    assert "the Bond with Ottilie Marchbank (rival collector of maps)" in session.log[-1].public


def test_the_rules_step_names_a_bond_to_someone_out_of_play():
    session = cast_session()
    game, _ = conflict_steps.ensure_game(session.state)
    conflict_steps.join(session.state, session.rng, game, BART)
    events = play.act_on_bond(game, session.table, session.rng, BART, "Ottilie Marchbank")
    assert [e.public for e in events] == [
        "Bartholomew Quince drew a card for acting on the Bond with Ottilie Marchbank "
        "(rival collector of maps)"]


def test_a_character_without_a_hand_plays_as_an_environment():
    session = cast_session()
    give(session, GRIMSBY, ["5S", "6S", "7S"])
    assert conflict_steps.is_environment(session.state, character(session, MARSH))
    assert not conflict_steps.is_environment(session.state, character(session, GRIMSBY))
    for player in ("alex", "bea", "chidi"):
        assert session.apply(steps.pass_turn(player))
    [top] = stack(session, ["9C"])
    assert session.apply(steps.challenge_with(MARSH, "to swallow the road", None))
    game = conflict_steps.find_game(session.state)
    assert game is not None and not game.character(MARSH).has_hand
    assert session.table.pile(PileId(f"zone/{MARSH}")).cards == [top]
    assert not session.table.facing[top].face_up
    assert PileId(f"hand/{MARSH}") not in session.table.piles
    assert "The Drowned Marsh joined the game as an environment (no hand)" in [
        e.public for e in session.log]


def test_a_new_scene_follows_the_rules_draws():
    session = cast_session()
    give(session, MIRELA, ["2D"])
    game, _ = conflict_steps.ensure_game(session.state)
    conflict_steps.join(session.state, session.rng, game, MIRELA)
    game.character(MIRELA).kill()
    before = len(_hand(session, BART))
    stack(session, ["3H", "4H"])
    assert session.apply(steps.new_scene({BART: ["Buy a diving bell"]}))
    assert session.scene == 2 and game.scene == 2
    assert len(_hand(session, MIRELA)) == 2  # one regained, up to her starting three
    assert len(_hand(session, BART)) == before + 1
    log = [e.public for e in list(session.log)[-3:]]
    assert log == ["Scene 2 begins", 'Mirela Vosk drew a card while "dead"',
                   "Bartholomew Quince drew a card working toward 'Buy a diving bell'"]
    assert game.character(MIRELA).scenes_dead == 1


def test_a_lost_facet_is_ticked_on_the_sheet_until_treated():
    session = cast_session()
    game, _ = conflict_steps.ensure_game(session.state)
    conflict_steps.join(session.state, session.rng, game, BART)
    conflict_steps.join(session.state, session.rng, game, GRIMSBY)
    game.allow_hit(GRIMSBY, BART, "after winning the Conflict")
    assert session.apply(steps.strike(GRIMSBY, BART))  # Dana strikes for Grimsby
    take_seat(session, "bea")  # Bea chooses how Bartholomew takes it
    assert session.apply(steps.take_hit(BART, HitChoice.SHAKE_OFF_FACET, suit=Suit.HEARTS))
    lost = [f.name for f in _sheet(session, BART).facets if f.lost]
    assert lost == ["Loyal to a Fault"]
    assert session.apply(steps.treat(BART))
    assert not any(f.lost for f in _sheet(session, BART).facets)


def test_an_edit_on_the_sheet_survives_what_play_carries_over():
    session = cast_session()
    game, _ = conflict_steps.ensure_game(session.state)
    conflict_steps.join(session.state, session.rng, game, BART)
    sheet = _sheet(session, BART)
    edited = evolve(sheet, ambitions=(*sheet.ambitions, SheetAmbition("Learn to swim")))
    assert session.apply(EditSheet(character(session, BART).id, edited))  # the GM may
    take_seat(session, "bea")
    assert session.apply(steps.take_up_ambition(BART, "Hire a pilot",
                                                "Map the Sunken Archipelago"))
    ambitions = {a.long_term: a.short_term for a in _sheet(session, BART).ambitions}
    assert ambitions == {
        "Map the Sunken Archipelago": ("Buy a diving bell", "Find the mapmaker's widow",
                                       "Hire a pilot"),
        "Clear the Quince family name": (),
        "Learn to swim": (),  # written on the sheet after joining: kept
    }
    give(session, ISOLDE, ["2C", "3C", "4C"])
    stack(session, ["5H", "6H", "7H", "8H", "9H"])
    assert session.apply(steps.accomplish(BART, "Buy a diving bell", {BART: 3, ISOLDE: 2}))
    ambitions = {a.long_term: a.short_term for a in _sheet(session, BART).ambitions}
    assert ambitions["Map the Sunken Archipelago"] == ("Find the mapmaker's widow",
                                                       "Hire a pilot")
    assert len(_hand(session, ISOLDE)) == 5


def test_mirror_carries_only_the_change():
    session = cast_session()
    game, _ = conflict_steps.ensure_game(session.state)
    conflict_steps.join(session.state, session.rng, game, BART)
    before = snapshot(game)
    game.character(BART).add_bond(Bond(MIRELA, "old shipmates"))
    assert facts(game.character(BART)) != before[BART]
    mirror(session.state, game, before)
    natures = {b.character: b.nature for b in _sheet(session, BART).bonds}
    assert natures["Mirela Vosk"] == "old shipmates"
    assert len(natures) == 3


def test_docstring_examples_hold():
    import doctest

    from cardtable.steps.adventure import mirror as adventure_mirror

    for module in (steps, adventure_mirror):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0
