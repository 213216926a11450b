"""Piles on the table: moving, drawing, refilling, shuffling, flipping and turning cards.

The last test plays long random sequences of all of these and checks after every step that
each card is in exactly one place, and that a refused step changed nothing.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import tables

from cardtable.cards import CardId, DeckId, TarotCard
from cardtable.decks.standard import DeckSpec, playing_card_shoe, tourist_tarot
from cardtable.piles import Facing, Pile, PileError, PileId, PileKind, Table
from cardtable.randomness import Rng, seeded

HAND = PileId("hand/alex")
ZONE = PileId("zone/challenge")
DRAW = PileId("tarot/draw")
DISCARD = PileId("tarot/discard")

Snapshot = tuple[tuple[tuple[PileId, tuple[CardId, ...]], ...], tuple[tuple[CardId, Facing], ...]]


def snapshot(table: Table) -> Snapshot:
    """Everything a step may change: what each pile holds, in order, and how each card lies."""
    piles = tuple(sorted((pid, tuple(pile.cards)) for pid, pile in table.piles.items()))
    facing = tuple(sorted(table.facing.items()))
    return piles, facing


def tarot_table(seed: int = 1, faces: int | None = None) -> Table:
    """A table with the Tourist's Tarot (or its first ``faces`` cards), a hand and a zone."""
    spec = tourist_tarot()
    if faces is not None:
        spec = DeckSpec(spec.id, spec.name, spec.system, spec.uses_orientation, spec.faces[:faces])
    table = Table()
    table.add_deck(spec, DeckId("tarot"), seeded(seed))
    table.add_pile(Pile(HAND, PileKind.HAND, "Alex's hand", owner="alex"))
    table.add_pile(Pile(ZONE, PileKind.ZONE, "Challenge"))
    return table


def cards_of(table: Table, pile: PileId) -> list[CardId]:
    return list(table.piles[pile].cards)


def assert_each_card_once(table: Table) -> None:
    table.check()
    everywhere = Counter(card for pile in table.piles.values() for card in pile.cards)
    assert everywhere == Counter(set(table.cards)), "a card is missing or in two places"
    assert set(table.facing) == set(table.cards)


# ---------------------------------------------------------------------------------------------
# A deck on the table


def test_a_new_deck_lies_face_down_in_its_draw_pile() -> None:
    table = tarot_table()
    draw, discard = table.piles[DRAW], table.piles[DISCARD]
    assert len(draw) == 82 and len(discard) == 0
    assert draw.kind is PileKind.DRAW and discard.kind is PileKind.DISCARD
    assert draw.refill_from == DISCARD
    assert not any(facing.face_up for facing in table.facing.values())
    assert_each_card_once(table)


def test_a_new_tarot_deck_comes_shuffled_and_turned() -> None:
    table = tarot_table()
    in_file_order = [card.id for card in tourist_tarot().cards(DeckId("tarot"))]
    assert cards_of(table, DRAW) != in_file_order
    assert sorted(cards_of(table, DRAW)) == sorted(in_file_order)
    reversed_count = sum(facing.reversed for facing in table.facing.values())
    assert 0 < reversed_count < 82


def test_a_new_shoe_comes_shuffled_but_never_turned() -> None:
    table = Table()
    draw, _ = table.add_deck(playing_card_shoe(2), DeckId("shoe"), seeded(3))
    assert not draw.turns_on_shuffle
    assert len(draw) == 108
    assert not any(facing.reversed for facing in table.facing.values())
    assert draw.cards != [card.id for card in playing_card_shoe(2).cards(DeckId("shoe"))]


def test_a_tarot_deck_and_a_shoe_share_a_table() -> None:
    table = tarot_table()
    table.add_deck(playing_card_shoe(3), DeckId("shoe"), seeded(4))
    assert len(table.cards) == 82 + 162
    assert_each_card_once(table)


def test_the_same_deck_cannot_be_put_on_the_table_twice() -> None:
    table = tarot_table()
    before = snapshot(table)
    with pytest.raises(PileError, match="the table already has a card 'tarot/child-rock'"):
        table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(2))
    assert snapshot(table) == before


def test_a_pile_name_is_used_once() -> None:
    table = tarot_table()
    with pytest.raises(PileError, match="there is already a pile called 'hand/alex'"):
        table.add_pile(Pile(HAND, PileKind.HAND, "Another hand"))


def test_a_new_pile_cannot_hold_cards_the_table_does_not_have() -> None:
    table = tarot_table()
    with pytest.raises(PileError, match="the table has no card 'nope/1'"):
        table.add_pile(Pile(PileId("zone/x"), PileKind.ZONE, "X", cards=[CardId("nope/1")]))
    assert PileId("zone/x") not in table.piles


def test_unknown_cards_and_piles_are_refused_by_name() -> None:
    table = tarot_table()
    with pytest.raises(PileError, match="nope"):
        table.where(CardId("nope"))
    with pytest.raises(PileError, match="nope"):
        table.card(CardId("nope"))
    with pytest.raises(PileError, match="nope"):
        table.pile(PileId("nope"))


# ---------------------------------------------------------------------------------------------
# Moving


def test_moved_cards_land_in_order_with_the_last_on_top() -> None:
    table = tarot_table()
    a, b, c = cards_of(table, DRAW)[:3]
    table.move([a, b, c], ZONE)
    assert cards_of(table, ZONE) == [a, b, c]
    assert table.piles[ZONE].top == c
    assert all(table.where(card) == ZONE for card in (a, b, c))
    assert len(table.piles[DRAW]) == 79


def test_a_move_can_slide_cards_in_below_the_top() -> None:
    table = tarot_table()
    a, b, c, d = cards_of(table, DRAW)[:4]
    table.move([a, b], ZONE)
    table.move([c], ZONE, index=0)
    assert cards_of(table, ZONE) == [c, a, b]
    table.move([d], ZONE, index=99)  # past the top: lands on top
    assert cards_of(table, ZONE) == [c, a, b, d]
    table.move([b], ZONE, index=1)  # within the same pile
    assert cards_of(table, ZONE) == [c, b, a, d]


def test_a_move_can_turn_cards_face_up_or_leave_them_as_they_lie() -> None:
    table = tarot_table()
    a, b = cards_of(table, DRAW)[:2]
    before_b = table.facing[b]
    table.move([a], HAND, face_up=True)
    table.move([b], HAND)
    assert table.facing[a].face_up
    assert table.facing[b] == before_b
    table.move([a], ZONE, face_up=False)
    assert not table.facing[a].face_up


def test_a_move_never_changes_orientation() -> None:
    table = tarot_table()
    cards = cards_of(table, DRAW)[:10]
    before = {card: table.facing[card].reversed for card in cards}
    table.move(cards, ZONE, face_up=True)
    assert {card: table.facing[card].reversed for card in cards} == before


@pytest.mark.parametrize(
    ("cards", "to"),
    [
        ([CardId("tarot/nope")], ZONE),
        (["FIRST", CardId("tarot/nope")], ZONE),  # one good card, one unknown
        (["FIRST"], PileId("zone/nowhere")),
        (["FIRST", "FIRST"], ZONE),  # the same card twice
    ],
)
def test_a_move_that_cannot_be_made_changes_nothing(cards: list[str], to: PileId) -> None:
    table = tarot_table()
    first = cards_of(table, DRAW)[0]
    ids = [first if card == "FIRST" else CardId(card) for card in cards]
    before = snapshot(table)
    with pytest.raises(
        PileError, match=r"the table has no (card|pile)|the same card cannot be moved twice"
    ):
        table.move(ids, to)
    assert snapshot(table) == before


# ---------------------------------------------------------------------------------------------
# Drawing and refilling


def test_drawing_takes_the_top_card() -> None:
    table = tarot_table()
    top = cards_of(table, DRAW)[-1]
    assert table.draw(DRAW, HAND, seeded(2)) == [top]
    assert cards_of(table, HAND) == [top]
    assert len(table.piles[DRAW]) == 81
    assert not table.facing[top].face_up


def test_drawing_three_takes_them_one_at_a_time() -> None:
    table = tarot_table()
    top_three = cards_of(table, DRAW)[-3:]
    drawn = table.draw(DRAW, ZONE, seeded(2), count=3, face_up=True)
    assert drawn == top_three[::-1]
    assert cards_of(table, ZONE) == drawn  # the last drawn lies on top
    assert all(table.facing[card].face_up for card in drawn)


def test_drawing_nothing_draws_nothing() -> None:
    table = tarot_table()
    before = snapshot(table)
    assert table.draw(DRAW, HAND, seeded(2), count=0) == []
    assert snapshot(table) == before


def test_a_negative_draw_is_refused() -> None:
    table = tarot_table()
    with pytest.raises(PileError, match="cannot draw a negative number of cards"):
        table.draw(DRAW, HAND, seeded(2), count=-1)


def empty_draw_pile_with_discard(discarded: int, seed: int = 1) -> Table:
    """A table whose draw pile has gone to the discard pile face up, ``discarded`` cards of it,
    and the rest to the zone."""
    table = tarot_table(seed)
    table.draw(DRAW, ZONE, seeded(seed), count=82, face_up=True)
    table.move(cards_of(table, ZONE)[:discarded], DISCARD)
    return table


def test_an_empty_draw_pile_takes_in_the_shuffled_discard_pile() -> None:
    table = empty_draw_pile_with_discard(40)
    discarded = cards_of(table, DISCARD)
    [drawn] = table.draw(DRAW, HAND, seeded(5))
    assert cards_of(table, DISCARD) == []
    remaining = cards_of(table, DRAW)
    assert sorted([*remaining, drawn]) == sorted(discarded)
    assert [*remaining, drawn] != discarded, "the discard pile came back unshuffled"
    assert not any(table.facing[card].face_up for card in [*remaining, drawn])
    assert_each_card_once(table)


def test_a_refilled_tarot_draw_pile_is_turned_as_it_is_shuffled() -> None:
    table = empty_draw_pile_with_discard(40)
    for card in cards_of(table, DISCARD):  # all upright going in
        if table.facing[card].reversed:
            table.turn(card)
    assert table.refill(DRAW, seeded(6)) == 40
    reversed_count = sum(table.facing[card].reversed for card in cards_of(table, DRAW))
    assert 0 < reversed_count < 40


def test_a_refilled_shoe_keeps_its_cards_upright() -> None:
    table = Table()
    draw, discard = table.add_deck(playing_card_shoe(1), DeckId("shoe"), seeded(3))
    table.move(list(draw.cards), discard.id, face_up=True)
    table.refill(draw.id, seeded(4))
    assert len(draw) == 54
    assert not any(facing.reversed or facing.face_up for facing in table.facing.values())


def test_the_draw_pile_is_used_up_before_the_discard_comes_back() -> None:
    table = empty_draw_pile_with_discard(10)
    last_two = cards_of(table, ZONE)[-2:]
    table.move(last_two, DRAW, face_up=False)
    drawn = table.draw(DRAW, HAND, seeded(7), count=5)
    assert drawn[:2] == last_two[::-1]
    assert len(table.piles[DRAW]) == 10 - 3
    assert_each_card_once(table)


def test_a_refill_slides_the_discard_under_the_cards_left() -> None:
    table = empty_draw_pile_with_discard(10)
    left = cards_of(table, ZONE)[-3:]
    table.move(left, DRAW)
    assert table.refill(DRAW, seeded(8)) == 10
    assert cards_of(table, DRAW)[-3:] == left
    assert len(table.piles[DRAW]) == 13


@pytest.mark.parametrize("too_many", [73, 100])
def test_drawing_more_than_the_deck_holds_is_refused_and_changes_nothing(too_many: int) -> None:
    table = tarot_table()
    table.draw(DRAW, ZONE, seeded(1), count=30)
    table.move(cards_of(table, ZONE)[:20], DISCARD)  # 52 + 20 cards left to draw
    before = snapshot(table)
    with pytest.raises(PileError, match=f"holds 72 cards; cannot draw {too_many}"):
        table.draw(DRAW, HAND, seeded(2), count=too_many)
    assert snapshot(table) == before


def test_drawing_exactly_what_the_deck_and_discard_hold_works() -> None:
    table = tarot_table()
    table.draw(DRAW, ZONE, seeded(1), count=30)
    table.move(cards_of(table, ZONE)[:20], DISCARD)
    drawn = table.draw(DRAW, HAND, seeded(2), count=72)
    assert len(set(drawn)) == 72
    assert len(table.piles[DRAW]) == len(table.piles[DISCARD]) == 0


def test_drawing_more_than_a_hand_holds_is_refused() -> None:
    table = tarot_table()
    table.draw(DRAW, HAND, seeded(1), count=2)
    before = snapshot(table)
    with pytest.raises(PileError, match="Alex's hand holds 2 cards; cannot draw 3"):
        table.draw(HAND, ZONE, seeded(2), count=3)
    assert snapshot(table) == before


def test_a_pile_without_a_discard_cannot_be_refilled() -> None:
    table = tarot_table()
    with pytest.raises(PileError, match="Alex's hand has no discard pile to take in"):
        table.refill(HAND, seeded(1))


# ---------------------------------------------------------------------------------------------
# Flipping, turning and shuffling


def test_flipping_turns_a_card_face_up_and_back_and_nothing_else() -> None:
    table = tarot_table()
    card = cards_of(table, DRAW)[0]
    before = table.facing[card]
    up = table.flip(card)
    assert up.face_up and up.reversed == before.reversed
    assert table.flip(card) == before


def test_turning_reverses_a_card_and_back_and_nothing_else() -> None:
    table = tarot_table()
    card = cards_of(table, DRAW)[0]
    before = table.facing[card]
    turned = table.turn(card)
    assert turned.reversed != before.reversed and turned.face_up == before.face_up
    assert table.turn(card) == before


def test_flipping_or_turning_an_unknown_card_is_refused() -> None:
    table = tarot_table()
    wrong = []
    for action in (table.flip, table.turn):
        try:
            action(CardId("nope"))
        except PileError:
            continue
        except Exception as exc:  # whatever came out instead, to report it
            wrong.append(f"Table.{action.__name__}('nope') raises {exc!r}, not PileError")
        else:
            wrong.append(f"Table.{action.__name__}('nope') is accepted")
    assert not wrong, "CORE BUG: " + "; ".join(wrong)
    assert CardId("nope") not in table.facing


def test_shuffling_a_tarot_draw_pile_turns_cards() -> None:
    table = tarot_table()
    draw = table.piles[DRAW]
    for card in draw.cards:
        if table.facing[card].reversed:
            table.turn(card)
    before = list(draw.cards)
    table.shuffle(DRAW, seeded(9))
    assert sorted(draw.cards) == sorted(before) and draw.cards != before
    reversed_count = sum(table.facing[card].reversed for card in draw.cards)
    assert 0 < reversed_count < 82
    assert not any(table.facing[card].face_up for card in draw.cards)


def test_shuffling_a_hand_keeps_each_card_as_it_lies() -> None:
    table = tarot_table()
    table.draw(DRAW, HAND, seeded(1), count=12, face_up=True)
    table.turn(cards_of(table, HAND)[0])
    before = {card: table.facing[card] for card in cards_of(table, HAND)}
    order = cards_of(table, HAND)
    table.shuffle(HAND, seeded(10))
    assert {card: table.facing[card] for card in cards_of(table, HAND)} == before
    assert sorted(cards_of(table, HAND)) == sorted(order) and cards_of(table, HAND) != order


def test_shuffling_a_shoe_keeps_a_turned_card_turned() -> None:
    table = Table()
    draw, _ = table.add_deck(playing_card_shoe(1), DeckId("shoe"), seeded(3))
    card = draw.cards[0]
    table.turn(card)
    table.shuffle(draw.id, seeded(11))
    assert table.facing[card].reversed
    assert sum(facing.reversed for facing in table.facing.values()) == 1


def test_check_notices_a_card_in_two_piles_or_in_none() -> None:
    # The property below relies on check(); it must be able to fail.
    table = tarot_table()
    card = cards_of(table, DRAW)[0]
    table.piles[HAND].cards.append(card)
    with pytest.raises(PileError, match="both"):
        table.check()
    table.piles[HAND].cards.clear()
    table.piles[DRAW].cards.remove(card)
    with pytest.raises(PileError, match="no pile"):
        table.check()


def test_the_cards_keep_their_faces() -> None:
    table = tarot_table()
    assert {card.face for card in table.cards.values()} == set(tourist_tarot().faces)
    assert all(isinstance(card.face, TarotCard) for card in table.cards.values())


# ---------------------------------------------------------------------------------------------
# Random play


def random_step(table: Table, data: st.DataObject, rng: Rng) -> None:
    """Play one random step and check what it did (or that, refused, it did nothing)."""
    card_ids = sorted(table.cards)
    pile_ids = sorted(table.piles)
    kind = data.draw(
        st.sampled_from(["move", "draw", "shuffle", "refill", "flip", "turn", "bad move"]),
        label="step",
    )
    before = snapshot(table)
    facing = dict(table.facing)

    if kind == "move":
        cards = data.draw(st.lists(st.sampled_from(card_ids), min_size=1, max_size=4, unique=True))
        to = data.draw(st.sampled_from(pile_ids))
        index = data.draw(st.none() | st.integers(min_value=-2, max_value=15))
        face_up = data.draw(st.none() | st.booleans())
        left = [card for card in table.piles[to].cards if card not in cards]
        table.move(cards, to, index=index, face_up=face_up)
        at = len(left) if index is None else max(0, min(index, len(left)))
        assert table.piles[to].cards == left[:at] + cards + left[at:]
        for card in cards:
            expected = facing[card] if face_up is None else Facing(face_up, facing[card].reversed)
            assert table.facing[card] == expected

    elif kind == "draw":
        source = data.draw(st.sampled_from(pile_ids))
        to = data.draw(st.sampled_from([pid for pid in pile_ids if pid != source]))
        count = data.draw(st.integers(min_value=0, max_value=6))
        face_up = data.draw(st.booleans())
        refill = table.piles[source].refill_from
        available = len(table.piles[source]) + (len(table.piles[refill]) if refill else 0)
        if to == refill or count > available:
            says = "onto itself or its own discard pile" if to == refill else "cannot draw"
            with pytest.raises(PileError, match=says):
                table.draw(source, to, rng, count, face_up=face_up)
            assert snapshot(table) == before
            return
        drawn = table.draw(source, to, rng, count, face_up=face_up)
        assert len(drawn) == count
        assert len(set(drawn)) == count
        assert table.piles[to].cards[len(table.piles[to]) - count :] == drawn
        assert all(table.facing[card].face_up == face_up for card in drawn)

    elif kind == "shuffle":
        pile_id = data.draw(st.sampled_from(pile_ids))
        pile = table.piles[pile_id]
        order = list(pile.cards)
        table.shuffle(pile_id, rng)
        assert sorted(pile.cards) == sorted(order)
        for card in pile.cards:
            assert table.facing[card].face_up == facing[card].face_up
            if not pile.turns_on_shuffle:
                assert table.facing[card] == facing[card]

    elif kind == "refill":
        pile_id = data.draw(st.sampled_from(pile_ids))
        pile = table.piles[pile_id]
        if pile.refill_from is None:
            with pytest.raises(PileError, match="has no discard pile to take in"):
                table.refill(pile_id, rng)
            assert snapshot(table) == before
            return
        left = list(pile.cards)
        discarded = list(table.piles[pile.refill_from].cards)
        assert table.refill(pile_id, rng) == len(discarded)
        assert table.piles[pile.refill_from].cards == []
        assert pile.cards[len(discarded) :] == left
        assert sorted(pile.cards[: len(discarded)]) == sorted(discarded)
        assert not any(table.facing[card].face_up for card in discarded)

    elif kind in ("flip", "turn"):
        card = data.draw(st.sampled_from(card_ids))
        if kind == "flip":
            assert table.flip(card) == facing[card].flipped()
        else:
            assert table.turn(card) == facing[card].turned()

    else:  # a move that names a card or a pile the table does not have
        cards = data.draw(st.lists(st.sampled_from(card_ids), max_size=2, unique=True))
        if data.draw(st.booleans()):
            cards, to = [*cards, CardId("lost/card")], data.draw(st.sampled_from(pile_ids))
        else:
            cards, to = cards or card_ids[:1], PileId("lost/pile")
        with pytest.raises(
            PileError, match=r"the table has no (card 'lost/card'|pile 'lost/pile')"
        ):
            table.move(cards, to)
        assert snapshot(table) == before
        return

    changed_facing = {card for card in table.cards if table.facing[card] != facing[card]}
    if kind == "move":
        assert changed_facing <= set(cards)


@settings(max_examples=120, derandomize=True, deadline=None)
@given(table=tables(), data=st.data())
def test_random_play_keeps_every_card_in_exactly_one_place(
    table: Table, data: st.DataObject
) -> None:
    rng = seeded(data.draw(st.integers(min_value=0, max_value=2**16), label="seed"))
    cards = set(table.cards)
    assert_each_card_once(table)
    for _ in range(data.draw(st.integers(min_value=1, max_value=30), label="steps")):
        random_step(table, data, rng)
        assert_each_card_once(table)
        assert set(table.cards) == cards


def test_a_copied_pile_keeps_every_field_and_shares_no_list() -> None:
    """Undo keeps copies of the piles: every field comes across (a field added to Pile must
    be added here and to Pile.copy), and the copy's cards and spots are its own."""
    from attrs import fields

    from cardtable.piles import Spot

    values = {
        "id": PileId("hand/ann"),
        "kind": PileKind.HAND,
        "label": "Ann's hand",
        "cards": [CardId("t/1"), CardId("t/2")],
        "owner": "ann",
        "refill_from": PileId("discard/t"),
        "turns_on_shuffle": True,
        "fanned": True,
        "spots": {CardId("t/1"): Spot(10, 20)},
        "shuffled": 1,
    }
    assert set(values) == {f.name for f in fields(Pile)}
    pile = Pile(**values)  # type: ignore[arg-type]
    copied = pile.copy()
    assert copied == pile
    copied.cards.append(CardId("t/3"))
    copied.spots[CardId("t/2")] = Spot(0, 0)
    assert pile.cards == [CardId("t/1"), CardId("t/2")] and set(pile.spots) == {CardId("t/1")}


@settings(max_examples=60, deadline=None)
@given(
    st.data(),
    tables(max_piles=3),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 10_000)), max_size=12),
)
def test_where_a_card_lies_follows_every_move_however_the_piles_change(
    data: st.DataObject, table: Table, moves: list[tuple[int, int]]
) -> None:
    cards, piles = sorted(table.cards), sorted(table.piles)

    def scanned(card: CardId) -> PileId:
        return next(p.id for p in table.piles.values() if card in p.cards)

    for card_at, pile_at in moves:
        for card in cards:  # asked of every card, so each is remembered where it was
            assert table.where(card) == scanned(card)
        card, to = cards[card_at % len(cards)], piles[pile_at % len(piles)]
        if data.draw(st.booleans(), label="moved behind the table's back"):
            table.piles[table.where(card)].cards.remove(card)
            table.piles[to].cards.insert(0, card)
        else:
            table.move([card], to)
    for card in cards:
        assert table.where(card) == scanned(card)
        assert [p for p in piles if table.holds(card, p)] == [scanned(card)]
    with pytest.raises(PileError, match="the table has no card 'nowhere'"):
        table.where(CardId("nowhere"))
    assert not table.holds(CardId("nowhere"), piles[0])
