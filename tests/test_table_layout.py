"""Where piles lie on the felt, and which piles take which cards (asked of the model)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from session_builders import CHALLENGE, HAND, ROLAND, TAROT_DRAW, ZONE, small_session

from cardtable.cards import DeckId
from cardtable.piles import PileId, PileKind, Spot
from cardtable.resolvers.tarot.challenge import TarotPiles
from cardtable.session import Move, SessionError
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


def test_decks_come_first_and_the_open_table_last_across_the_width() -> None:
    session = small_session(shoe=True)
    layout = lay_out(session.state)
    styles = [(z.pile, z.style) for z in layout.zones]
    assert styles[:4] == [
        ("tarot/draw", ZoneStyle.STACK),
        ("tarot/discard", ZoneStyle.STACK),
        ("shoe/draw", ZoneStyle.STACK),
        ("shoe/discard", ZoneStyle.STACK),
    ]
    open_table = layout.zones[-1]
    assert open_table.pile == OPEN_TABLE and open_table.style is ZoneStyle.OPEN
    others = layout.zones[:-1]
    assert open_table.rect().top() > max(z.rect().bottom() for z in others)
    assert open_table.width >= max(z.rect().right() for z in others) - min(z.x for z in others)
    # Owned zones carry their player's colour.
    assert layout.zone(ZONE[ROLAND]).colour == "#c0392b"
    assert layout.zone(CHALLENGE).colour is None


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
