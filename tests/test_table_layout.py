"""Where piles lie on the felt, and which piles take which cards (asked of the model)."""

from __future__ import annotations

import itertools

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st
from session_builders import AYLA, CHALLENGE, HAND, ROLAND, TAROT_DRAW, VEX, ZONE, small_session

from cardtable.cards import DeckId
from cardtable.piles import PileId, PileKind, Spot
from cardtable.resolvers.tarot.challenge import TarotPiles
from cardtable.session import AddCharacter, Character, CharacterId, Move, SessionError
from cardtable.session.actions import move_refusal
from cardtable.ui.table.layout import (
    CARD_W,
    LAID_ROWS,
    OPEN_TABLE,
    ZoneStyle,
    insert_index,
    lay_out,
    open_xy,
    slot_xy,
    slots,
)


def test_every_pile_but_the_hands_gets_its_own_place() -> None:
    session = small_session(shoe=True)
    layout = lay_out(session.state)
    laid = [z.pile for z in layout.zones if not z.reserved]
    expected = {p.id for p in session.table.piles.values() if p.kind is not PileKind.HAND}
    assert set(laid) == expected | {OPEN_TABLE}
    # Every zone a system may lay out later has its place kept already.
    kept = {z.pile for z in layout.zones if z.reserved}
    assert {"tarot/challenge", "tarot/player", "adventure/aside/roland"} <= kept
    assert len(laid) == len(set(laid))
    for one, other in itertools.combinations(layout.zones, 2):  # reserved ones too
        assert not one.rect().intersects(other.rect()), (one.pile, other.pile)
    assert layout.zone(HAND[ROLAND]) is None


def test_the_layout_depends_on_the_piles_only() -> None:
    session = small_session(shoe=True)
    before = lay_out(session.state)
    session.apply(Move((session.table.piles[TAROT_DRAW].cards[-1],), CHALLENGE))
    assert lay_out(session.state) == before


def test_decks_come_first_the_open_table_under_them_and_the_characters_beside() -> None:
    session = small_session(shoe=True)
    layout = lay_out(session.state)
    styles = [(z.pile, z.style) for z in layout.zones]
    assert styles[:4] == [
        ("tarot/draw", ZoneStyle.STACK),
        ("tarot/discard", ZoneStyle.STACK),
        ("shoe/draw", ZoneStyle.STACK),
        ("shoe/discard", ZoneStyle.STACK),
    ]
    assert (layout.zones[0].x, layout.captions[0].y) == (0, 0)  # the scene's origin
    open_table = layout.zone(OPEN_TABLE)
    assert open_table is not None and open_table.style is ZoneStyle.OPEN
    column = [z for z in layout.zones if z.x > open_table.rect().right()]
    shared = [z for z in layout.zones if z not in column and z.pile != OPEN_TABLE]
    assert {z.pile for z in column} == {
        *ZONE.values(),
        *(f"adventure/aside/{c}" for c in (ROLAND, AYLA, VEX)),
        "adventure/identify",
    }
    assert max(z.rect().bottom() for z in shared) < open_table.rect().top()
    assert open_table.width >= max(z.rect().right() for z in shared)
    # The characters' zones, level with the decks, in the order the characters came.
    assert min(z.y for z in column) == layout.zones[0].y
    order = [z.pile for z in sorted(column, key=lambda z: (z.y, z.x))]
    owners = [next(c for c in (ROLAND, AYLA, VEX) if c in p) for p in order[1:]]
    assert order[0] == "adventure/identify" and owners == [ROLAND] * 2 + [AYLA] * 2 + [VEX] * 2
    # Owned zones carry their player's colour.
    assert layout.zone(ZONE[ROLAND]).colour == "#c0392b"
    assert layout.zone(CHALLENGE).colour is None


def test_a_character_who_joins_moves_no_zone_already_laid_out() -> None:
    session = small_session(shoe=True)
    alex, bea, dana = (p.id for p in session.players)
    session.holder = dana
    before = lay_out(session.state).zones
    session.apply(
        AddCharacter(Character(CharacterId("mole"), "Mole", alex, "adventure"), hand=True)
    )
    session.apply(AddCharacter(Character(CharacterId("ottilie"), "Ottilie", bea, "tarot")))
    after = lay_out(session.state)
    assert after.zones[: len(before)] == before  # each in its place, nothing between them
    added = {z.pile for z in after.zones[len(before) :]}
    assert added == {"zone/mole", "adventure/aside/mole", "sleeve/ottilie"}


def test_the_identify_check_comes_with_the_first_adventurer_and_moves_nothing() -> None:
    session = small_session()
    alex, _bea, dana = (p.id for p in session.players)
    session.holder = dana
    for char in (ROLAND, AYLA, VEX):  # a table of tarot characters
        session.state.characters[char] = evolve(session.state.characters[char], system="tarot")
    before = lay_out(session.state).zones
    assert all(z.pile != "adventure/identify" for z in before)
    session.apply(
        AddCharacter(Character(CharacterId("mole"), "Mole", alex, "adventure"), hand=True)
    )
    after = lay_out(session.state)
    assert after.zones[: len(before)] == before
    assert after.zone(PileId("adventure/identify")) is not None


def test_the_tarot_rows_follow_their_deck() -> None:
    session = small_session()
    TarotPiles.standard(DeckId("tarot"), "roland").prepare(session.table)
    laid = [z.pile for z in lay_out(session.state).zones]
    at = laid.index(PileId("tarot/discard"))
    assert laid[at + 1 : at + 3] == ["tarot/challenge", "tarot/player"]


@pytest.mark.parametrize("count", [1, 2, 5, 9, 30])
def test_a_row_keeps_its_cards_inside_and_in_order(count: int) -> None:
    layout = lay_out(small_session().state)
    zone = layout.zone(CHALLENGE)
    places = slots(zone, count)
    xs = [p.x() for p in places]
    assert xs == sorted(xs) and len(set(xs)) == count
    assert min(xs) - 60 >= zone.x and max(xs) + 60 <= zone.x + zone.width
    # A card dropped on a slot goes back to that slot's place in the row.
    for index, place in enumerate(slots(zone, count + 1)):
        assert insert_index(zone, count, place) == index


@pytest.mark.parametrize("count", [1, 8, 9, 17, 40])
def test_the_open_table_lays_cards_side_by_side_in_its_rows_before_overlapping(
    count: int,
) -> None:
    zone = lay_out(small_session().state).zone(OPEN_TABLE)
    places = slots(zone, count)
    assert len({(p.x(), p.y()) for p in places}) == count
    for place in places:
        assert zone.rect().contains(place)
    rows = sorted({p.y() for p in places})
    assert len(rows) <= LAID_ROWS
    first_row = [p.x() for p in places if p.y() == rows[0]]
    gaps = [b - a for a, b in itertools.pairwise(first_row)]
    if gaps and min(gaps) < CARD_W:
        # Cards overlap only when its rows of them side by side would not fit.
        assert -(-count // LAID_ROWS) * CARD_W > zone.width
    if len(rows) > 1:
        assert len(first_row) >= count / LAID_ROWS
    for index, place in enumerate(slots(zone, count + 1)):
        assert insert_index(zone, count, place) == index


def test_a_deck_pile_takes_only_its_own_cards_and_never_names_them() -> None:
    session = small_session(shoe=True)
    state = session.state
    tarot_card = state.table.piles[TAROT_DRAW].cards[-1]
    reason = move_refusal(state, [tarot_card], PileId("shoe/discard"))
    assert reason is not None
    assert "belongs to The Tourist's Tarot" in reason
    face = state.table.cards[tarot_card].face
    assert face.name not in reason
    assert move_refusal(state, [tarot_card], PileId("tarot/discard")) is None
    assert move_refusal(state, [tarot_card], CHALLENGE) is None
    assert move_refusal(state, [tarot_card], HAND[ROLAND]) is None


def test_move_refuses_a_card_onto_another_decks_pile_and_changes_nothing() -> None:
    session = small_session(shoe=True)
    card = session.table.piles[TAROT_DRAW].cards[-1]
    entries = len(session.log)
    with pytest.raises(SessionError, match="put it on its own deck's piles"):
        session.apply(Move((card,), PileId("shoe/draw")))
    assert session.table.piles[TAROT_DRAW].cards[-1] == card
    assert len(session.log) == entries


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 60),
    st.lists(st.tuples(st.integers(0, 80), st.integers(0, 900), st.integers(0, 500)), max_size=12),
)
def test_cards_put_down_by_hand_lie_at_their_spots_above_the_laid_ones_in_the_order_put_down(
    count: int, put_down: list[tuple[int, int, int]]
) -> None:
    zone = lay_out(small_session().state).zone(OPEN_TABLE)
    cards = [f"c{i}" for i in range(count)]
    # Spots may name cards the zone does not show (index past the end): they still rank.
    spots = {f"c{i}": Spot(x, y) for i, x, y in put_down}
    laid = slot_xy(zone, count)
    rank = {card: n for n, card in enumerate(spots)}
    expected = [
        (zone.x + spots[c].x, zone.y + spots[c].y, count + rank[c]) if c in spots else (*laid[i], i)
        for i, c in enumerate(cards)
    ]
    assert open_xy(zone, cards, spots) == expected
