"""Issue 46: the demo table as a new group first meets it. Its scene opens on a seat that has a
Fantastical Adventure character, no two of its zones share a name, and every sheet names as its
player the seat who plays it; the log names the seat that brought each character in."""

from __future__ import annotations

from cardtable.session import Player, load
from cardtable.session.demo import demo_path
from cardtable.session.table_text import pile_title
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as play_steps
from cardtable.ui.table.reserved import reserved_piles


def test_the_demo_opens_on_a_seat_with_a_fantastical_adventure_character() -> None:
    session = load(demo_path())
    opening = conflict_steps.first_narrator(session.state)
    assert opening is not None and opening.name == "Bea"  # Bartholomew Quince's player
    # The game starts there too: Bea may issue a Challenge without a Jack, and passes it on.
    assert session.apply(play_steps.pass_turn("bea"))
    assert session.log[-1].public == "Bea's turn ends; it is Chidi's turn"


def test_a_game_with_nobody_playing_it_yet_opens_on_the_first_seat() -> None:
    session = load(demo_path())
    bart = conflict_steps.adventure_characters(session.state)[0]
    del session.state.characters[bart.id]
    opening = conflict_steps.first_narrator(session.state)
    assert isinstance(opening, Player) and opening.name == "Alex"


def test_no_two_zones_of_the_demo_felt_share_a_name() -> None:
    state = load(demo_path()).state
    piles = [*state.table.piles.values(), *(pile for pile, _ in reserved_piles(state))]
    titles = [pile_title(pile).casefold() for pile in piles]
    assert "the challenge" in titles  # the tarot Challenge's row
    assert sorted(titles) == sorted(set(titles)), titles


def test_every_demo_sheet_names_the_seat_who_plays_it() -> None:
    state = load(demo_path()).state
    seats = {player.id: player.name for player in state.players}
    players = {
        c.name: (c.sheet.player if c.sheet else None, seats[c.player])
        for c in state.characters.values()
    }
    assert all(written == seat for written, seat in players.values()), players
    assert {written for written, _ in players.values()} <= {"Alex", "Bea", "Chidi", "Dana"}


def test_the_log_names_the_seat_that_brought_a_character_in() -> None:
    lines = [entry.public for entry in load(demo_path()).log]
    assert "Dana brought in Captain Isolde Varga (Pool Challenge) for Chidi" in lines
    assert not any(line.startswith("Chidi brought in") for line in lines)
