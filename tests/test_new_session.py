"""Planning a new session and building it: the wizard's model, without Qt."""

from __future__ import annotations

import doctest
import re
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable.session.new_session as new_session
from cardtable.decks.standard import playing_card_shoe, tourist_tarot
from cardtable.piles import PileId, PileKind
from cardtable.randomness import seeded
from cardtable.session import Session, load, save
from cardtable.session.model import MAX_NAME, PALETTE
from cardtable.session.new_session import (
    MAX_SHOE,
    MIN_SHOE,
    SET_UP_BARRIER,
    SYSTEMS,
    CharacterPlan,
    NewSessionPlan,
    PlanError,
    PlayerPlan,
    build_session,
)
from cardtable.sheets import SHEET_TYPES, AdventureSheet, blank

ALEX = PlayerPlan("Alex", "#c0392b")
BEA = PlayerPlan("Bea", "#2980b9")
DANA = PlayerPlan("Dana", "#8e44ad", gm=True)


def _clock():
    now = [datetime(2025, 3, 1, 20, 0, tzinfo=UTC)]

    def tick():
        now[0] += timedelta(seconds=5)
        return now[0]

    return tick


def _evening() -> NewSessionPlan:
    return NewSessionPlan(
        systems=SYSTEMS,
        players=(ALEX, BEA, DANA),
        characters=(
            CharacterPlan("Roland", "Alex", "tarot"),
            CharacterPlan("Ayla", "Bea", "adventure"),
            CharacterPlan("Vex", "Dana", "adventure"),
            CharacterPlan("Mara Quell", "alex", "crisis"),  # player names ignore case
        ),
        shoe_decks=3,
    )


def _where(plan: NewSessionPlan) -> list[str]:
    return [problem.where for problem in plan.problems()]


def test_docstring_examples_hold():
    result = doctest.testmod(new_session, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_an_evening_with_every_system_sets_the_whole_table():
    plan = _evening()
    assert plan.problems() == []
    session = build_session(plan, seeded(7), _clock())

    assert [(p.name, p.colour, p.is_gm) for p in session.players] == [
        ("Alex", "#c0392b", False),
        ("Bea", "#2980b9", False),
        ("Dana", "#8e44ad", True),
    ]
    by_name = {c.name: c for c in session.characters.values()}
    assert list(by_name) == ["Roland", "Ayla", "Vex", "Mara Quell"]
    owners = {p.id: p.name for p in session.players}
    assert {n: owners[c.player] for n, c in by_name.items()} == {
        "Roland": "Alex",
        "Ayla": "Bea",
        "Vex": "Dana",
        "Mara Quell": "Alex",
    }
    for character in by_name.values():
        assert character.sheet is not None
        assert character.sheet.name == character.name
        assert character.sheet.player == owners[character.player]
        assert type(character.sheet) is SHEET_TYPES[character.system]
        # blank apart from the names
        assert character.sheet.revised(name="", player="") == blank(character.system)

    assert [(d.id, d.source, d.size) for d in session.decks] == [
        ("tarot", "tourist-tarot", 1),
        ("shoe", "shoe", 3),
    ]
    session.state.check()


def test_fantastical_adventure_characters_are_dealt_their_starting_hands_face_down():
    session = build_session(_evening(), seeded(7), _clock())
    hand_size = AdventureSheet().starting_hand
    shoe = playing_card_shoe(3)
    dealt = 0
    for character in session.characters.values():
        hand = session.table.piles.get(PileId(f"hand/{character.id}"))
        zone = session.table.piles.get(PileId(f"zone/{character.id}"))
        if character.system == "adventure":
            assert hand is not None and zone is not None
            assert hand.kind is PileKind.HAND and zone.kind is PileKind.ZONE
            assert len(hand.cards) == hand_size
            assert all(not session.table.facing[c].face_up for c in hand.cards)
            assert zone.owner == character.id and zone.cards == []
            dealt += hand_size
        else:
            assert hand is None and zone is None
    shoe_draw = session.table.pile(PileId("shoe/draw"))
    assert len(shoe_draw.cards) + dealt == len(shoe.faces)
    assert len(session.table.pile(PileId("tarot/draw")).cards) == len(tourist_tarot().faces)
    assert session.table.pile(PileId("challenge")).kind is PileKind.ZONE


@pytest.mark.parametrize("decks", range(MIN_SHOE, MAX_SHOE + 1))
def test_the_shoe_holds_as_many_decks_as_planned(decks):
    plan = NewSessionPlan(systems=("adventure",), players=(ALEX,), shoe_decks=decks)
    session = build_session(plan, seeded(1))
    assert len(session.table.pile(PileId("shoe/draw")).cards) == len(playing_card_shoe(decks).faces)


def test_a_dice_only_evening_puts_no_cards_on_the_table():
    plan = NewSessionPlan(
        systems=("crisis", "banzai"),
        players=(ALEX, BEA),
        characters=(CharacterPlan("Kenji", "Bea", "banzai"),),
    )
    session = build_session(plan, seeded(1))
    assert session.decks == [] and session.table.piles == {} and session.table.cards == {}


def test_the_gm_holds_the_computer_to_set_the_table():
    session = build_session(_evening(), seeded(1), _clock())
    assert session.current_player is not None and session.current_player.name == "Dana"
    assert any(e.public.startswith("Dana put") for e in session.log)


def test_without_a_gm_the_first_seat_holds_the_computer():
    plan = NewSessionPlan(systems=("tarot",), players=(BEA, ALEX))
    session = build_session(plan, seeded(1))
    assert session.current_player is not None and session.current_player.name == "Bea"


def test_undo_does_not_reach_back_into_set_up():
    session = build_session(_evening(), seeded(1), _clock())
    assert not session.can_undo
    assert session.undo_blocked_reason == SET_UP_BARRIER


def test_the_same_seed_deals_the_same_hands():
    first = build_session(_evening(), seeded(11), _clock())
    second = build_session(_evening(), seeded(11), _clock())
    other = build_session(_evening(), seeded(12), _clock())
    hands = lambda s: {p: list(s.table.piles[p].cards) for p in s.table.piles}  # noqa: E731
    assert hands(first) == hands(second)
    assert hands(first) != hands(other)


def test_a_new_session_saves_and_loads_back(tmp_path):
    session = build_session(_evening(), seeded(3), _clock())
    path = tmp_path / "evening.cardtable"
    save(session, path)
    again = load(path)
    assert [p.name for p in again.players] == [p.name for p in session.players]
    assert again.characters == session.characters
    # The same cards in every pile; a shuffled pile's order, chance's, is dealt afresh.
    assert again.table.piles.keys() == session.table.piles.keys()
    for pile_id, pile in session.table.piles.items():
        assert sorted(again.table.piles[pile_id].cards) == sorted(pile.cards)
        assert again.table.unseen_part(pile_id) == session.table.unseen_part(pile_id)


def test_systems_keep_menu_order_without_repeats():
    plan = NewSessionPlan(systems=["banzai", "tarot", "banzai"])
    assert plan.systems == ("tarot", "banzai")


# -- what validate() says ---------------------------------------------------------------------


def test_a_table_needs_a_player():
    plan = NewSessionPlan(systems=("tarot",))
    assert _where(plan) == ["players"]
    with pytest.raises(PlanError, match="at least one player"):
        plan.validate()
    with pytest.raises(PlanError, match="Add at least one player"):
        build_session(plan, seeded(1))


def test_a_table_needs_a_system():
    plan = NewSessionPlan(players=(ALEX,))
    assert _where(plan) == ["systems"]
    assert "Tick at least one system" in str(plan.problems()[0])


def test_an_unknown_system_is_named():
    plan = NewSessionPlan(systems=("chess",), players=(ALEX,))
    [problem] = plan.problems()
    assert problem.where == "systems" and "'chess'" in problem.message


def test_two_players_with_one_name_are_refused_whatever_the_case():
    plan = NewSessionPlan(systems=("tarot",), players=(ALEX, BEA, PlayerPlan(" alex ")))
    [problem] = plan.problems()
    assert problem.where == "players[2].name"
    assert (problem.page, problem.row) == ("players", 2)
    assert "seat 1" in problem.message


def test_a_blank_or_long_name_is_refused():
    long_name = "N" * (MAX_NAME + 1)
    plan = NewSessionPlan(
        systems=("tarot",),
        players=(PlayerPlan("  "), PlayerPlan(long_name), PlayerPlan("A\tB")),
        characters=(CharacterPlan("", "A\tB", "tarot"),),
    )
    problems = {p.where: p.message for p in plan.problems()}
    assert "type a name" in problems["players[0].name"]
    assert str(MAX_NAME) in problems["players[1].name"]
    assert "one line" in problems["players[2].name"]
    assert "type a name" in problems["characters[0].name"]


def test_only_one_player_may_be_the_gm():
    plan = NewSessionPlan(systems=("tarot",), players=(DANA, PlayerPlan("Eve", gm=True)))
    [problem] = plan.problems()
    assert problem.where == "players" and "Dana and Eve" in problem.message
    assert problem.row is None


def test_a_table_without_a_gm_is_fine():
    assert NewSessionPlan(systems=("tarot",), players=(ALEX, BEA)).problems() == []


def test_a_player_colour_must_be_a_colour():
    plan = NewSessionPlan(systems=("tarot",), players=(PlayerPlan("Alex", "red"),))
    assert _where(plan) == ["players[0].colour"]


def test_a_character_of_a_system_not_ticked_is_refused():
    plan = NewSessionPlan(
        systems=("tarot",),
        players=(ALEX,),
        characters=(CharacterPlan("Kenji", "Alex", "banzai"),),
    )
    [problem] = plan.problems()
    assert problem.where == "characters[0].system"
    assert "Banzai" in problem.message and "Kenji" in problem.message


def test_a_character_needs_a_player_at_the_table():
    plan = NewSessionPlan(
        systems=("tarot",),
        players=(ALEX,),
        characters=(CharacterPlan("Roland", "Zed", "tarot"), CharacterPlan("Ivo", "", "tarot")),
    )
    problems = plan.problems()
    assert [p.where for p in problems] == ["characters[0].player", "characters[1].player"]
    assert "Zed" in problems[0].message and "Ivo" in problems[1].message


def test_two_characters_with_one_name_are_refused():
    plan = NewSessionPlan(
        systems=("tarot",),
        players=(ALEX, BEA),
        characters=(
            CharacterPlan("Roland", "Alex", "tarot"),
            CharacterPlan("ROLAND", "Bea", "tarot"),
        ),
    )
    assert _where(plan) == ["characters[1].name"]


@pytest.mark.parametrize("decks", [0, 4, True, "2"])
def test_the_shoe_holds_one_to_three_decks(decks):
    plan = NewSessionPlan(systems=("adventure",), players=(ALEX,), shoe_decks=decks)
    assert "shoe_decks" in _where(plan)
    assert plan.problems()[0].page == "systems"


def test_a_shoe_too_small_for_every_starting_hand_is_refused():
    hand = AdventureSheet().starting_hand
    fits = new_session.CARDS_PER_SHOE_DECK // hand
    characters = tuple(CharacterPlan(f"Hero {i}", "Alex", "adventure") for i in range(fits + 1))
    small = NewSessionPlan(systems=("adventure",), players=(ALEX,), characters=characters[:fits])
    assert small.problems() == []
    crowded = NewSessionPlan(
        systems=("adventure",), players=(ALEX,), characters=characters, shoe_decks=1
    )
    assert _where(crowded) == ["shoe_decks"]
    assert (
        NewSessionPlan(
            systems=("adventure",), players=(ALEX,), characters=characters, shoe_decks=2
        ).problems()
        == []
    )


# -- every plan the checks pass builds a sound session ----------------------------------------

_NAMES = ["Alex", "alex", "Bea", " Bea", "", "Chidi", "Dana", "!!", "??", "Ökö Ünal"]
_names = st.sampled_from(_NAMES)
_players = st.builds(PlayerPlan, _names, st.sampled_from([*PALETTE, "blue"]), st.booleans())
_characters = st.builds(CharacterPlan, _names, _names, st.sampled_from([*SYSTEMS, "chess"]))
_any_plans = st.builds(
    NewSessionPlan,
    st.lists(st.sampled_from(SYSTEMS), max_size=3),
    st.lists(_players, max_size=4),
    st.lists(_characters, max_size=4),
    st.integers(0, 4),
)


@st.composite
def _sound_plans(draw: st.DrawFn) -> NewSessionPlan:
    """Plans made to pass: distinct names, one GM at most, characters of ticked systems."""
    systems = draw(st.lists(st.sampled_from(SYSTEMS), min_size=1, max_size=5, unique=True))
    distinct = [n for n in _NAMES if n.strip()]
    names = draw(
        st.lists(
            st.sampled_from(distinct), min_size=1, max_size=5, unique_by=lambda n: n.strip().lower()
        )
    )
    gm = draw(st.none() | st.integers(0, len(names) - 1))
    players = [
        PlayerPlan(name, draw(st.sampled_from(PALETTE)), gm=i == gm) for i, name in enumerate(names)
    ]
    characters = draw(
        st.lists(
            st.builds(
                CharacterPlan,
                st.sampled_from(distinct),
                st.sampled_from(names),
                st.sampled_from(systems),
            ),
            max_size=5,
            unique_by=lambda c: c.name.strip().lower(),
        )
    )
    return NewSessionPlan(systems, players, characters, draw(st.integers(MIN_SHOE, MAX_SHOE)))


def _check_built(plan: NewSessionPlan, session: Session) -> None:
    session.state.check()
    assert [p.name for p in session.players] == [p.name.strip() for p in plan.players]
    assert [c.name for c in session.characters.values()] == [
        c.name.strip() for c in plan.characters
    ]
    assert [d.source for d in session.decks] == [d.source for d in plan.decks()]


@settings(max_examples=60)
@given(_sound_plans(), st.integers(0, 10))
def test_a_plan_without_problems_builds_a_sound_session(plan, seed):
    assert plan.problems() == []
    _check_built(plan, build_session(plan, seeded(seed)))


@settings(max_examples=60)
@given(_any_plans, st.integers(0, 10))
def test_a_plan_builds_exactly_when_it_has_no_problems(plan, seed):
    problems = plan.problems()
    if problems:
        with pytest.raises(PlanError, match=re.escape(problems[0].message)) as refused:
            build_session(plan, seeded(seed))
        assert refused.value.problems == tuple(problems)
    else:
        _check_built(plan, build_session(plan, seeded(seed)))
