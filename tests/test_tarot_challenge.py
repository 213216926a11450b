"""The tarot Challenge played on a stacked deck: the worked examples, the Excuse, Wipe Out,
conceding, Sleeve Cards, finishing, illegal steps and the log's sentences."""

from __future__ import annotations

import json

import cattrs
import pytest

from cardtable.cards import CardId, DeckId, TarotCard
from cardtable.decks.standard import tourist_tarot
from cardtable.piles import Facing, Table
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import (
    Attribute,
    EndReason,
    TarotChallenge,
    TarotChallengeError,
    TarotEvent,
    TarotPhase,
    TarotPiles,
)

SPEC = tourist_tarot()
UP, REV = False, True


def new_table(seed: int = 1) -> tuple[Table, TarotPiles]:
    table = Table()
    table.add_deck(SPEC, DeckId("tarot"), seeded(seed))
    piles = TarotPiles.standard(DeckId("tarot"), "alex").prepare(table, "alex")
    return table, piles


def card_named(table: Table, name: str) -> CardId:
    face = TarotCard.from_name(name)
    [card] = [c.id for c in table.cards.values() if c.face == face]
    return card


def stack(table: Table, piles: TarotPiles, cards: list[tuple[str, bool]]) -> list[CardId]:
    """Put the named cards face down on top of the draw pile, the first named to be drawn
    first, each upright (UP) or reversed (REV)."""
    ids = [card_named(table, name) for name, _ in cards]
    table.move(list(reversed(ids)), piles.draw, face_up=False)
    for card, (_, reversed_) in zip(ids, cards, strict=True):
        table.facing[card] = Facing(face_up=False, reversed=reversed_)
    return ids


def start(
    table: Table,
    piles: TarotPiles,
    challenge_cards: list[tuple[str, bool]],
    attribute_value: int,
    *,
    rank: int | None = None,
    allow_sleeve_cards: bool = True,
) -> TarotChallenge:
    stack(table, piles, challenge_cards)
    challenge = TarotChallenge.setup(
        piles,
        attribute=Attribute.ROCK,
        attribute_value=attribute_value,
        rank=len(challenge_cards) if rank is None else rank,
        objective="Escape",
        allow_sleeve_cards=allow_sleeve_cards,
    )
    challenge.challenge_draw(table, seeded(0))
    return challenge


# -- the worked examples ------------------------------------------------------------------


def test_escaping_the_furnace_cost_climbs_to_1_and_one_pair_gives_effect_2() -> None:
    table, piles = new_table()
    challenge_cards = [
        ("Builder of Unknown", REV),
        ("Servant of Unknown", REV),
        ("Triumph III", UP),
    ]
    stack(table, piles, challenge_cards)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=4, rank=3)
    drew = challenge.challenge_draw(table, seeded(0))
    assert drew.numbers.cost == -2

    player_cards = [
        ("Sage of Blades", REV),
        ("Traveler of Paper", REV),  # Paper beats Unknown: both Unknowns fall here
        ("Lover of Rock", REV),
        ("Triumph V", UP),  # beats Triumph III
        ("Triumph I", UP),
        ("Builder of Blades", UP),  # the second Builder on the table
    ]
    stack(table, piles, player_cards)
    steps = [challenge.draw(table, seeded(0)) for _ in player_cards]

    assert [s.numbers.cost for s in steps] == [-1, 0, 1, 1, 1, 1]
    assert [s.numbers.effect for s in steps] == [1, 1, 1, 1, 1, 2]
    assert [len(s.newly_beaten) for s in steps] == [0, 2, 0, 1, 0, 0]
    assert [len(s.numbers.unbeaten) for s in steps] == [3, 1, 1, 0, 0, 0]
    challenge.stop(table)
    outcome = challenge.outcome(table)
    assert (outcome.success, outcome.effect, outcome.cost) == (True, 2, 1)


def test_kaiju_cost_climbs_from_minus_3_to_3() -> None:
    table, piles = new_table(2)
    challenge_cards = [
        ("Soldier of Rock", UP),
        ("Child of Paper", UP),
        ("Merchant of Blades", UP),
        ("Triumph X", REV),
    ]
    stack(table, piles, challenge_cards)
    challenge = TarotChallenge.setup(
        piles, attribute=Attribute.SERPENT, attribute_value=4, rank=4, objective="Stop the Kaiju"
    )
    assert challenge.challenge_draw(table, seeded(0)).numbers.cost == -3

    player_cards = [
        ("Servant of Unknown", REV),  # Unknown beats Rock and Blades
        ("Lover of Serpent", REV),  # Serpent beats Paper
        ("Triumph II", UP),
        ("Sage of Rock", REV),
        ("Soldier of Paper", REV),  # pairs with the Soldier of Rock
        ("Triumph XV", REV),  # beats Triumph X, the last one standing
        ("Ruler of Rock", REV),
        ("Beast of Blades", UP),
        ("Ruler of Serpent", UP),  # a second pair: Effect stays 2
    ]
    stack(table, piles, player_cards)
    steps = [challenge.draw(table, seeded(0)) for _ in player_cards]

    assert [s.numbers.cost for s in steps] == [-2, -1, -1, 0, 1, 2, 3, 3, 3]
    assert [s.numbers.effect for s in steps] == [1, 1, 1, 1, 2, 2, 2, 2, 2]
    assert [s.numbers.all_beaten for s in steps] == [False] * 5 + [True] * 4
    challenge.stop(table)
    outcome = challenge.outcome(table)
    assert (outcome.success, outcome.effect, outcome.cost) == (True, 2, 3)


# -- the Excuse ---------------------------------------------------------------------------


def test_excuse_stops_the_challenge_draw_at_the_card_before_it() -> None:
    table, piles = new_table()
    stack(table, piles, [("Child of Rock", REV), ("the Excuse", UP), ("Dragon of Rock", REV)])
    challenge = TarotChallenge.setup(piles, attribute=Attribute.PAPER, attribute_value=2, rank=3)
    drew = challenge.challenge_draw(table, seeded(0))

    assert [table.card(p.card).name for p in challenge.challenge] == ["Child of Rock"]
    assert drew.excuse is not None
    assert table.where(card_named(table, "the Excuse")) == piles.discard
    assert table.pile(piles.draw).top == card_named(table, "Dragon of Rock")
    assert drew.numbers.cost == -1


def test_excuse_as_the_challenges_first_card_leaves_no_challenge_card() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("the Excuse", REV), ("Dragon of Rock", REV)], 1, rank=2)
    assert challenge.challenge == ()
    assert challenge.cost == -1


def test_excuse_as_players_first_draw_keeps_the_cost_and_fails() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", REV), ("Servant of Rock", REV)], 0)
    stack(table, piles, [("the Excuse", REV)])
    step = challenge.draw(table, seeded(0))

    assert step.excuse
    assert challenge.phase is TarotPhase.ENDED and challenge.end is EndReason.EXCUSE
    outcome = challenge.outcome(table)
    assert (outcome.success, outcome.cost, outcome.sleeve_card) == (False, 2, None)
    assert table.pile(piles.sleeve).cards == []
    assert table.where(card_named(table, "the Excuse")) == piles.discard


def test_excuse_later_stops_drawing_and_leaves_the_cards_drawn() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", UP)], 3)
    stack(table, piles, [("Sage of Paper", REV), ("the Excuse", UP), ("Triumph XXI", UP)])
    challenge.draw(table, seeded(0))
    challenge.draw(table, seeded(0))
    with pytest.raises(TarotChallengeError, match="Drawing is over"):
        challenge.draw(table, seeded(0))
    outcome = challenge.outcome(table)
    assert outcome.success and outcome.end is EndReason.EXCUSE
    assert outcome.raw_cost == -2


# -- Wipe Out -----------------------------------------------------------------------------


def test_wipe_out_at_cost_5_stops_at_once_and_can_still_succeed() -> None:
    table, piles = new_table()
    challenge = start(
        table, piles, [("Child of Rock", REV), ("Triumph IV", REV), ("Sage of Paper", REV)], 0
    )
    stack(table, piles, [("Triumph XX", REV), ("Triumph III", UP), ("Triumph XIX", REV)])
    steps = [challenge.draw(table, seeded(0)) for _ in range(2)]
    assert [s.wipe_out for s in steps] == [False, False]
    assert steps[-1].numbers.cost == 4

    last = challenge.draw(table, seeded(0))
    assert last.wipe_out and last.numbers.cost == 5
    assert challenge.end is EndReason.WIPE_OUT
    with pytest.raises(TarotChallengeError, match=r"Drawing is over \(Wipe Out\)"):
        challenge.draw(table, seeded(0))
    outcome = challenge.outcome(table)
    assert outcome.wipe_out and outcome.cost == 5 and outcome.success


def test_cost_already_at_5_wipes_out_on_the_first_card() -> None:
    table, piles = new_table()
    five = [(f"{figure} of Rock", REV) for figure in ("Child", "Servant", "Lover", "Sage", "Ruler")]
    challenge = start(table, piles, five, 0)
    stack(table, piles, [("Triumph XXI", UP)])
    step = challenge.draw(table, seeded(0))
    assert step.wipe_out
    assert challenge.outcome(table).cost == 5


# -- conceding ----------------------------------------------------------------------------


def test_conceding_costs_nothing_and_draws_a_sleeve_card_face_up() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", REV), ("Triumph IV", REV)], 0)
    [sleeve_card] = stack(table, piles, [("Sage of Serpent", REV)])
    event = challenge.concede(table, seeded(0))

    assert event.sleeve_card is not None and event.sleeve_card.card == sleeve_card
    assert table.pile(piles.sleeve).cards == [sleeve_card]
    assert table.facing[sleeve_card] == Facing(face_up=True, reversed=True)
    outcome = challenge.outcome(table)
    assert (outcome.success, outcome.cost, outcome.conceded) == (False, 0, True)


def test_conceding_at_rank_0_succeeds() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [], 5)
    challenge.concede(table, seeded(0))
    outcome = challenge.outcome(table)
    assert outcome.success and outcome.effect == 1 and outcome.cost == 0


def test_conceding_after_drawing_is_refused() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", UP)], 1)
    challenge.draw(table, seeded(0))
    with pytest.raises(TarotChallengeError, match="too late to concede"):
        challenge.concede(table, seeded(0))


# -- Sleeve Cards -------------------------------------------------------------------------


def test_playing_a_sleeve_card_counts_as_a_drawn_card_in_its_orientation() -> None:
    table, piles = new_table()
    [kept] = stack(table, piles, [("Dragon of Rock", REV)])
    table.move([kept], piles.sleeve, face_up=True)
    challenge = start(table, piles, [("Child of Rock", UP)], 2)

    step = challenge.play_sleeve(table, kept)
    assert step.from_sleeve and step.card.reversed
    assert step.numbers.cost == -1
    assert [c.card for c in step.newly_beaten] == [challenge.challenge[0].card]
    with pytest.raises(TarotChallengeError, match="too late to concede"):
        challenge.concede(table, seeded(0))
    challenge.stop(table)
    finished = challenge.finish(table)
    assert kept in finished.discarded and table.where(kept) == piles.discard


def test_playing_a_card_not_in_the_sleeve_is_refused() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", UP)], 2)
    stranger = table.pile(piles.draw).cards[0]
    with pytest.raises(TarotChallengeError, match="not in Sleeve Cards"):
        challenge.play_sleeve(table, stranger)
    assert challenge.phase is TarotPhase.CHALLENGE_DRAWN
    assert table.where(stranger) == piles.draw


def test_sleeve_cards_switched_off_cannot_be_played() -> None:
    table, piles = new_table()
    [kept] = stack(table, piles, [("Dragon of Rock", UP)])
    table.move([kept], piles.sleeve, face_up=True)
    challenge = start(table, piles, [("Child of Rock", UP)], 2, allow_sleeve_cards=False)
    with pytest.raises(TarotChallengeError, match="cannot be played"):
        challenge.play_sleeve(table, kept)


# -- finishing and illegal steps ----------------------------------------------------------


def test_finishing_puts_every_table_card_face_up_on_the_discard_pile() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", REV), ("Triumph IV", UP)], 1)
    for _ in range(3):
        challenge.draw(table, seeded(0))
    challenge.stop(table)
    finished = challenge.finish(table)

    assert len(finished.discarded) == 5
    assert table.pile(piles.challenge_row).cards == []
    assert table.pile(piles.player_row).cards == []
    assert all(table.where(c) == piles.discard for c in finished.discarded)
    assert all(table.facing[c].face_up for c in finished.discarded)
    table.check()
    with pytest.raises(TarotChallengeError, match="finished"):
        challenge.finish(table)


@pytest.mark.parametrize("rank", [-1, 10])
def test_a_rank_outside_0_to_9_is_refused(rank: int) -> None:
    _, piles = new_table()
    with pytest.raises(TarotChallengeError, match="Rank"):
        TarotChallenge.setup(piles, attribute=Attribute.BLADES, attribute_value=3, rank=rank)


def test_an_attribute_outside_0_to_9_is_refused() -> None:
    _, piles = new_table()
    with pytest.raises(TarotChallengeError, match="Attribute"):
        TarotChallenge.setup(piles, attribute=Attribute.BLADES, attribute_value=10, rank=3)


def test_steps_out_of_order_are_refused_and_change_nothing() -> None:
    table, piles = new_table()
    challenge = TarotChallenge.setup(piles, attribute=Attribute.UNKNOWN, attribute_value=2, rank=2)
    for step, says in (
        (lambda: challenge.draw(table, seeded(0)), "not drawn its cards yet, so no one can draw"),
        (lambda: challenge.concede(table, seeded(0)), "not drawn its cards yet, so no one can con"),
        (lambda: challenge.stop(table), "not drawn its cards yet, so no one can stop"),
        (lambda: challenge.outcome(table), "still going on: concede or stop first"),
    ):
        with pytest.raises(TarotChallengeError, match=says):
            step()
    assert len(table.pile(piles.draw)) == 82

    challenge.challenge_draw(table, seeded(0))
    with pytest.raises(TarotChallengeError, match="already drawn"):
        challenge.challenge_draw(table, seeded(0))
    with pytest.raises(TarotChallengeError, match="concede"):
        challenge.stop(table)
    with pytest.raises(TarotChallengeError, match="Cannot finish now"):
        challenge.finish(table)
    challenge.draw(table, seeded(0))
    if challenge.phase is TarotPhase.DRAWING:
        challenge.stop(table)
    with pytest.raises(TarotChallengeError, match="Drawing is over"):
        challenge.draw(table, seeded(0))


def test_challenge_without_its_piles_is_refused() -> None:
    table = Table()
    table.add_deck(SPEC, DeckId("tarot"), seeded(1))
    piles = TarotPiles.standard(DeckId("tarot"), "alex")
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=1, rank=1)
    # The deck's own piles are there; of the four the Challenge lays, the first is named.
    says = r"^The table has no pile 'tarot/challenge'; prepare the Challenge's piles first$"
    with pytest.raises(TarotChallengeError, match=says):
        challenge.challenge_draw(table, seeded(0))


# -- saving and the log -------------------------------------------------------------------


def test_a_challenge_in_progress_survives_a_cattrs_round_trip() -> None:
    table, piles = new_table()
    [kept] = stack(table, piles, [("Dragon of Rock", REV)])
    table.move([kept], piles.sleeve, face_up=True)
    challenge = start(table, piles, [("Child of Rock", REV), ("the Excuse", UP)], 2, rank=3)
    challenge.play_sleeve(table, kept)
    challenge.draw(table, seeded(0))

    converter = cattrs.Converter(forbid_extra_keys=True)
    data = json.loads(json.dumps(converter.unstructure(challenge)))
    assert converter.structure(data, TarotChallenge) == challenge


def test_the_log_names_card_orientation_cost_and_what_it_beats() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Unknown", UP), ("Triumph II", UP)], 1)
    stack(table, piles, [("Soldier of Paper", REV)])
    step = challenge.draw(table, seeded(0))
    assert step.text("Alex").startswith(
        "Alex drew the Soldier of Paper, reversed: Cost 0, beats the Child of Unknown;"
    )
    assert "Effect 1" in step.text("Alex")


def test_every_step_has_a_sentence_for_the_log() -> None:
    table, piles = new_table(5)
    challenge = TarotChallenge.setup(
        piles, attribute=Attribute.PAPER, attribute_value=3, rank=2, objective="Find the map"
    )
    events: list[TarotEvent] = [challenge.announce(), challenge.challenge_draw(table, seeded(1))]
    events.append(challenge.draw(table, seeded(1)))
    if challenge.phase is TarotPhase.DRAWING:
        events.append(challenge.stop(table))
    events.append(challenge.finish(table))
    lines = [event.text("Alex") for event in events]
    assert all(line.strip() for line in lines)
    assert "Rank 2 (Fair)" in lines[0] and "Paper 3 (Good)" in lines[0]
    assert "Find the map" in lines[0]


def test_the_outcome_offers_an_aspect_for_the_sheet() -> None:
    table, piles = new_table()
    challenge = start(table, piles, [("Child of Rock", UP)], 1)
    challenge.concede(table, seeded(0))
    aspect = challenge.outcome(table).aspect("  Owes   the GM a favour ", permanent=True)
    assert (aspect.text, aspect.permanent) == ("Owes the GM a favour", True)
    assert "Escape" in aspect.source
    with pytest.raises(TarotChallengeError, match="An Aspect needs a short sentence"):
        challenge.outcome(table).aspect("   ")

