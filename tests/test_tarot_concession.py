"""Conceding a tarot Challenge (``rules/tourist-tarot.md``, step 4): no Cost at all, whatever
was reversed; the Challenge fails unless its Rank is 0; and the character draws one Sleeve
Card, kept face up with its orientation, while the deck has a card to give."""

from __future__ import annotations

import pytest
from test_tarot_challenge import card_named, new_table, stack

from cardtable.piles import Facing, Pile, PileId, PileKind, Table
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import (
    Attribute,
    EndReason,
    TarotChallenge,
    TarotPiles,
)

UP, REV = False, True
#: Every card of the Challenge reversed: drawing against them would cost dearly.
REVERSED_CHALLENGE = [
    (name, REV)
    for name in (
        "Soldier of Paper", "Ruler of Rock", "Child of Serpent", "Triumph XVI",
        "Servant of Blades", "Lover of Paper", "Traveler of Rock", "Builder of Serpent",
        "Sage of Unknown",
    )
]


def _challenge(table: Table, piles: TarotPiles, rank: int) -> TarotChallenge:
    stack(table, piles, REVERSED_CHALLENGE[:rank])
    challenge = TarotChallenge.setup(piles, attribute=Attribute.BLADES, attribute_value=4,
                                     rank=rank)
    challenge.challenge_draw(table, seeded(0))
    return challenge


def _leave_in_deck(table: Table, piles: TarotPiles, count: int) -> None:
    """Set every card but the top ``count`` of the draw pile aside, out of the game."""
    box = table.add_pile(Pile(PileId("box"), PileKind.ZONE, "The box"))
    draw = table.pile(piles.draw)
    table.move(draw.cards[: len(draw.cards) - count], box.id)


@pytest.mark.parametrize("rank", range(10))
def test_conceding_costs_nothing_and_fails_unless_rank_0(rank: int):
    table, piles = new_table()
    challenge = _challenge(table, piles, rank)
    conceded = challenge.concede(table, seeded(3))
    assert conceded.success is (rank == 0)
    outcome = challenge.outcome(table)
    assert outcome.success is (rank == 0)
    assert outcome.end is EndReason.CONCEDED
    assert outcome.cost == 0  # every Challenge card lies reversed, and still no Cost
    assert (outcome.effect == 0) is (rank != 0)
    fails = "the Challenge succeeds (Rank 0)" if rank == 0 else "the Challenge fails"
    assert conceded.text("Alex").startswith(f"Alex concedes: no Cost, {fails}; draws ")


@pytest.mark.parametrize("rank", range(10))
def test_conceding_draws_one_sleeve_card_face_up_keeping_its_orientation(rank: int):
    table, piles = new_table()
    challenge = _challenge(table, piles, rank)
    top = table.pile(piles.draw).cards[-1]
    table.facing[top] = Facing(face_up=False, reversed=rank % 2 == 1)
    before = len(table.pile(piles.draw).cards)
    conceded = challenge.concede(table, seeded(3))
    assert table.pile(piles.sleeve).cards == [top]
    assert table.facing[top] == Facing(face_up=True, reversed=rank % 2 == 1)
    assert len(table.pile(piles.draw).cards) == before - 1
    assert conceded.sleeve_card is not None and conceded.sleeve_card.card == top
    assert challenge.outcome(table).sleeve_card == conceded.sleeve_card


@pytest.mark.parametrize("rank", [0, 1, 5, 9])
def test_with_exactly_one_card_left_conceding_still_draws_it_as_the_sleeve_card(rank: int):
    table, piles = new_table()
    challenge = _challenge(table, piles, rank)
    _leave_in_deck(table, piles, 1)
    [last] = table.pile(piles.draw).cards
    conceded = challenge.concede(table, seeded(3))
    assert table.pile(piles.sleeve).cards == [last]
    assert table.pile(piles.draw).cards == []
    assert conceded.sleeve_card is not None and conceded.sleeve_card.card == last
    assert "as a Sleeve Card" in conceded.text("Alex")


def test_the_last_card_waiting_in_the_discard_pile_is_drawn_as_the_sleeve_card():
    table, piles = new_table()
    challenge = _challenge(table, piles, 2)
    _leave_in_deck(table, piles, 1)
    [last] = table.pile(piles.draw).cards
    table.move([last], piles.discard)
    assert table.pile(piles.draw).cards == []
    conceded = challenge.concede(table, seeded(3))
    assert table.pile(piles.sleeve).cards == [last]
    assert conceded.sleeve_card is not None and conceded.sleeve_card.card == last


def test_with_no_card_left_conceding_draws_no_sleeve_card():
    table, piles = new_table()
    challenge = _challenge(table, piles, 4)
    _leave_in_deck(table, piles, 0)
    conceded = challenge.concede(table, seeded(3))
    assert conceded.sleeve_card is None
    assert table.pile(piles.sleeve).cards == []
    assert conceded.text("Alex") == (
        "Alex concedes: no Cost, the Challenge fails; the deck is empty, so no Sleeve Card."
    )
    outcome = challenge.outcome(table)
    assert (outcome.success, outcome.cost, outcome.sleeve_card) == (False, 0, None)


def test_a_reversed_challenge_card_named_by_the_rules_is_on_the_challenge_row():
    # The stacked cards are really the Challenge's: conceding did not dodge a different draw.
    table, piles = new_table()
    _challenge(table, piles, 3)
    row = table.pile(piles.challenge_row).cards
    assert set(row) == {card_named(table, name) for name, _ in REVERSED_CHALLENGE[:3]}
    assert all(table.facing[card] == Facing(face_up=True, reversed=True) for card in row)
