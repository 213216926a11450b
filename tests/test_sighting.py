"""What a change shows the table for the first time, worked out from the few cards that could
have changed, against a full look at every card before and after."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import tables

from cardtable.cards import CardId, DeckId
from cardtable.decks.standard import playing_card_shoe
from cardtable.piles import Facing, Pile, PileError, PileId, PileKind, Table
from cardtable.randomness import seeded
from cardtable.session.audience import Sighting


def _public(table: Table) -> frozenset[CardId]:
    """Brute force: every face-up card, less every card in a hand."""
    up = {card for card, facing in table.facing.items() if facing.face_up}
    for pile in table.piles.values():
        if pile.kind is PileKind.HAND:
            up.difference_update(pile.cards)
    return frozenset(up)


def _step(table: Table, data: st.DataObject) -> None:
    cards, piles = sorted(table.cards), sorted(table.piles)
    rng = seeded(data.draw(st.integers(0, 2**16), label="seed"))
    kind = data.draw(
        st.sampled_from(
            [
                "move",
                "draw",
                "flip",
                "turn",
                "refill",
                "shuffle",
                "copied",
                "equal",
                "new card",
                "replaced",
            ]
        ),
        label="step",
    )
    if kind == "move":
        chosen = data.draw(st.lists(st.sampled_from(cards), min_size=1, max_size=4, unique=True))
        table.move(
            chosen, data.draw(st.sampled_from(piles)), face_up=data.draw(st.none() | st.booleans())
        )
    elif kind == "draw":
        source, to = data.draw(st.sampled_from(piles)), data.draw(st.sampled_from(piles))
        with contextlib.suppress(PileError):
            table.draw(
                source, to, rng, data.draw(st.integers(0, 3)), face_up=data.draw(st.booleans())
            )
    elif kind in ("flip", "turn"):
        card = data.draw(st.sampled_from(cards))
        table.flip(card) if kind == "flip" else table.turn(card)
    elif kind in ("refill", "shuffle"):
        pile = data.draw(st.sampled_from(piles))
        with contextlib.suppress(PileError):
            table.refill(pile, rng) if kind == "refill" else table.shuffle(pile, rng)
    elif kind == "copied":  # an undo puts back a copy of the facing it kept
        table.facing = dict(table.facing)
    elif kind == "equal":  # a facing made anew, equal to the one it replaces
        card = data.draw(st.sampled_from(cards))
        table.facing[card] = Facing(table.facing[card].face_up, table.facing[card].reversed)
    else:  # a card comes onto the table, face up, into any pile (in place of another)
        new = next(CardId(f"new/{n}") for n in range(len(cards) + 1) if f"new/{n}" not in cards)
        table.cards[new] = table.cards[cards[0]]
        if kind == "replaced":
            gone = data.draw(st.sampled_from(cards))
            table.piles[table.where(gone)].cards.remove(gone)
            del table.cards[gone], table.facing[gone]
        table.facing[new] = Facing(face_up=True)
        table.piles[data.draw(st.sampled_from(piles))].cards.append(new)


@settings(max_examples=150, deadline=None)
@given(table=tables(), data=st.data())
def test_what_a_change_shows_for_the_first_time_is_what_a_full_look_finds(
    table: Table, data: st.DataObject
) -> None:
    for _ in range(data.draw(st.integers(1, 12), label="steps")):
        before = _public(table)
        sighting = Sighting(table)
        _step(table, data)
        assert sighting.shown_since(table) == _public(table) - before


def test_a_card_played_face_up_from_a_hand_is_shown_and_one_turned_in_hand_is_not() -> None:
    table = Table()
    table.add_deck(playing_card_shoe(), DeckId("shoe"), seeded(1))
    hand = table.add_pile(Pile(PileId("hand/bea"), PileKind.HAND, "Bea's hand", owner="bea"))
    zone = table.add_pile(Pile(PileId("zone/play"), PileKind.ZONE, "Play"))
    first, second = table.draw(PileId("shoe/draw"), hand.id, seeded(2), 2, face_up=True)
    sighting = Sighting(table)
    table.move([first], zone.id)  # face up all along, out of the hand: the table sees it
    assert sighting.shown_since(table) == {first}
    table.move([first], hand.id)
    sighting = Sighting(table)
    table.flip(second)  # turned over in the hand: still Bea's alone
    assert sighting.shown_since(table) == frozenset()


def test_a_card_out_of_a_hand_is_shown_in_the_same_change_that_brings_cards_in() -> None:
    # Cards coming onto the table send the look over every card; a card laid face up out of
    # a hand in the same change is still seen for the first time.
    table = Table()
    table.add_deck(playing_card_shoe(), DeckId("shoe"), seeded(1))
    hand = table.add_pile(Pile(PileId("hand/bea"), PileKind.HAND, "Bea's hand", owner="bea"))
    zone = table.add_pile(Pile(PileId("zone/play"), PileKind.ZONE, "Play"))
    [held] = table.draw(PileId("shoe/draw"), hand.id, seeded(2), 1, face_up=True)
    [hidden] = table.draw(PileId("shoe/draw"), hand.id, seeded(3), 1, face_up=False)
    sighting = Sighting(table)
    new = CardId("new/0")
    table.cards[new] = table.cards[held]
    table.facing[new] = Facing(face_up=False)
    table.piles[zone.id].cards.append(new)
    table.move([held], zone.id)  # face up in the hand, now on the table
    table.move([hidden], zone.id, face_up=True)  # face down in the hand, now face up
    assert sighting.shown_since(table) == {held, hidden} == _public(table)
