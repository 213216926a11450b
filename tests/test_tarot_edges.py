"""The edges of the tarot Challenge (``rules/tourist-tarot.md``): the Challenge needs its Rank
in cards, and exactly that many will do; every drawn card lies face up (the Excuse too, on the
discard pile); a Cost already at 5 is a Wipe Out whatever ended the drawing, the Excuse
included; Sleeve Cards may be played unless the table says otherwise."""

from __future__ import annotations

import pytest
from test_tarot_challenge import card_named, new_table, stack, start
from test_tarot_concession import _leave_in_deck

from cardtable.piles import Facing, PileId
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import (
    Attribute,
    EndReason,
    TarotChallenge,
    TarotChallengeError,
    TarotSetup,
)

UP, REV = False, True
FIVE_REVERSED = [("Child of Rock", REV), ("Servant of Rock", REV), ("Traveler of Rock", REV),
                 ("Merchant of Rock", REV), ("Lover of Rock", REV)]


@pytest.mark.parametrize("rank", [1, 3, 9])
def test_the_challenge_draws_with_exactly_its_rank_in_cards_left(rank: int):
    table, piles = new_table()
    _leave_in_deck(table, piles, rank)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=2,
                                     rank=rank)
    drew = challenge.challenge_draw(table, seeded(0))
    assert len(table.pile(piles.challenge_row).cards) + (drew.excuse is not None) <= rank
    assert table.pile(piles.draw).cards == []


@pytest.mark.parametrize("rank", [1, 3, 9])
def test_the_challenge_refuses_to_draw_with_one_card_too_few(rank: int):
    table, piles = new_table()
    _leave_in_deck(table, piles, rank - 1)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=2,
                                     rank=rank)
    says = f"The tarot deck holds {rank - 1} cards; the Challenge needs {rank}"
    with pytest.raises(TarotChallengeError, match=says):
        challenge.challenge_draw(table, seeded(0))
    assert len(table.pile(piles.draw).cards) == rank - 1


def test_every_card_drawn_lies_face_up_keeping_its_orientation():
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", REV), ("Dragon of Paper", UP)], 1)
    for card in table.pile(piles.challenge_row).cards:
        assert table.facing[card].face_up
    stack(table, piles, [("Sage of Blades", REV)])
    drew = challenge.draw(table, seeded(0))
    sage = card_named(table, "Sage of Blades")
    assert drew.card.card == sage
    assert table.pile(piles.player_row).cards == [sage]
    assert table.facing[sage] == Facing(face_up=True, reversed=True)


def test_the_excuse_drawn_by_the_challenge_lies_face_up_on_the_discard_pile():
    table, piles = new_table()
    stack(table, piles, [("Child of Rock", REV), ("the Excuse", UP)])
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=1, rank=2)
    challenge.challenge_draw(table, seeded(0))
    excuse = card_named(table, "the Excuse")
    assert table.where(excuse) == piles.discard
    assert table.facing[excuse].face_up


@pytest.mark.parametrize(
    ("reversed_cards", "attribute", "wipe_out"), [(6, 0, True), (5, 0, True), (5, 1, False)]
)
def test_the_excuse_at_a_cost_of_5_or_more_is_still_a_wipe_out(
    reversed_cards: int, attribute: int, wipe_out: bool
):
    # Reversed Challenge cards against the Attribute: a Cost of 6, 5 or 4 before drawing.
    table, piles = new_table()
    cards = [*FIVE_REVERSED, ("Builder of Rock", REV)][:reversed_cards]
    challenge = start(table, piles, cards, attribute)
    cost = reversed_cards - attribute
    assert challenge.cost == cost
    stack(table, piles, [("the Excuse", UP)])
    drew = challenge.draw(table, seeded(0))
    assert drew.excuse is True
    assert drew.wipe_out is wipe_out
    assert challenge.end is EndReason.EXCUSE
    assert challenge.outcome(table).cost == min(cost, 5)


def test_drawing_the_excuse_first_still_counts_as_having_drawn():
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", REV)], 1)
    assert challenge.drew is False
    stack(table, piles, [("the Excuse", UP)])
    challenge.draw(table, seeded(0))
    assert challenge.player == ()
    assert challenge.drew is True


def test_conceding_is_not_drawing():
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", REV)], 1)
    challenge.concede(table, seeded(0))
    assert challenge.drew is False


def test_sleeve_cards_may_be_played_unless_the_table_says_otherwise():
    _, piles = new_table()
    default = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=1, rank=1)
    assert default.terms.allow_sleeve_cards is True


def test_terms_written_without_the_sleeve_option_allow_sleeve_cards():
    # As a saved Challenge from before the option was there reads back.
    assert TarotSetup(Attribute.ROCK, 1, 1).allow_sleeve_cards is True


def test_the_player_may_not_draw_from_an_empty_deck():
    table, piles = new_table()
    _leave_in_deck(table, piles, 1)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=2, rank=1)
    challenge.challenge_draw(table, seeded(0))
    assert table.pile(piles.draw).cards == []
    with pytest.raises(TarotChallengeError,
                       match=r"^The tarot deck has no card left to draw: stop here$"):
        challenge.draw(table, seeded(1))


def test_a_sleeve_card_not_in_the_sleeve_is_refused_by_its_name_or_its_id():
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", UP)], 2)
    drawn = table.pile(piles.draw).cards[-1]
    name = table.cards[drawn].name
    sleeve = table.pile(piles.sleeve).label
    with pytest.raises(TarotChallengeError,
                       match=rf"^{name} is not in {sleeve}; pick a card from there$"):
        challenge.play_sleeve(table, drawn)
    with pytest.raises(TarotChallengeError,
                       match=rf"^tarot/nowhere is not in {sleeve}; pick a card from there$"):
        challenge.play_sleeve(table, "tarot/nowhere")  # type: ignore[arg-type]


def test_a_sleeve_card_kept_face_down_is_played_face_up_in_its_orientation():
    table, piles = new_table()
    [kept] = stack(table, piles, [("Dragon of Rock", REV)])
    table.move([kept], piles.sleeve, face_up=False)
    challenge = start(table, piles, [("Child of Rock", UP)], 2)
    challenge.play_sleeve(table, kept)
    assert table.where(kept) == piles.player_row
    assert table.facing[kept] == Facing(face_up=True, reversed=True)


def test_the_excuse_played_from_the_sleeve_lies_face_up_on_the_discard_pile():
    table, piles = new_table()
    [excuse] = stack(table, piles, [("the Excuse", UP)])
    table.move([excuse], piles.sleeve, face_up=False)
    challenge = start(table, piles, [("Child of Rock", UP)], 2)
    drew = challenge.play_sleeve(table, excuse)
    assert drew.excuse and drew.from_sleeve
    assert table.where(excuse) == piles.discard
    assert table.facing[excuse].face_up
    assert challenge.end is EndReason.EXCUSE


def test_an_attribute_below_0_is_refused_by_its_value():
    _, piles = new_table()
    says = r"^An Attribute runs from 0 \(Mediocre\) to 9 \(Mythic\), not -1$"
    with pytest.raises(TarotChallengeError, match=says):
        TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=-1, rank=2)
    TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=0, rank=2)


@pytest.mark.parametrize("rank", [1, 4])
def test_without_a_refill_pile_the_draw_pile_alone_must_hold_the_rank(rank: int):
    table, piles = new_table()
    table.pile(piles.draw).refill_from = None
    _leave_in_deck(table, piles, rank - 1)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=2,
                                     rank=rank)
    with pytest.raises(TarotChallengeError, match=f"^The tarot deck holds {rank - 1} cards;"):
        challenge.challenge_draw(table, seeded(0))
    table, piles = new_table()
    table.pile(piles.draw).refill_from = None
    _leave_in_deck(table, piles, rank)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=2,
                                     rank=rank)
    challenge.challenge_draw(table, seeded(0))
    assert table.pile(piles.draw).cards == []


def test_cards_waiting_in_the_discard_pile_count_towards_the_rank():
    table, piles = new_table()
    _leave_in_deck(table, piles, 1)
    table.move(table.pile(PileId("box")).cards[:2], piles.discard, face_up=True)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=2, rank=3)
    challenge.challenge_draw(table, seeded(0))
    # The one card in the draw pile and the two taken in from the discard pile.
    if challenge.challenge_excuse is None:
        assert len(challenge.challenge) == 3
    assert table.pile(piles.draw).cards == []
