"""Properties of the tarot Challenge over many shuffled decks, and the next card's odds checked
against playing out every card the next draw could be."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from attrs import evolve
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from cardtable.beats import tarot_beats
from cardtable.cards import CardId, DeckId, TarotCard
from cardtable.decks.standard import tourist_tarot
from cardtable.piles import Facing, Table
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import (
    Attribute,
    EndReason,
    NextCardOdds,
    TarotChallenge,
    TarotPhase,
    TarotPiles,
)

SPEC = tourist_tarot()
EXCUSE = TarotCard.the_excuse()


def new_table(seed: int) -> tuple[Table, TarotPiles]:
    table = Table()
    table.add_deck(SPEC, DeckId("tarot"), seeded(seed))
    piles = TarotPiles.standard(DeckId("tarot"), "alex").prepare(table, "alex")
    return table, piles


def face(table: Table, card: CardId) -> TarotCard:
    found = table.card(card).face
    assert isinstance(found, TarotCard)
    return found


@st.composite
def plays(draw: st.DrawFn) -> dict[str, object]:
    """A shuffled deck, a Challenge's terms, and what the player will try, step by step."""
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "attribute": draw(st.sampled_from(list(Attribute))),
        "value": draw(st.integers(0, 9)),
        "rank": draw(st.integers(0, 9)),
        # Where the Excuse sits in the draw pile (None: wherever the shuffle put it).
        "excuse_at": draw(st.none() | st.integers(0, 14)),
        "sleeve": draw(st.integers(0, 2)),
        "concede": draw(st.booleans()),
        "actions": draw(st.lists(st.sampled_from(["draw", "draw", "sleeve", "stop"]), max_size=14)),
    }


def play(p: dict[str, object]) -> tuple[Table, TarotPiles, TarotChallenge, list[int], list[int]]:
    """Play a Challenge as ``p`` says; returns the table, piles, the Challenge (ended), and
    the Cost and Effect after the Challenge's draw and after each of the player's cards."""
    seed = p["seed"]
    assert isinstance(seed, int)
    table, piles = new_table(seed)
    rng = seeded(seed + 1)
    sleeve = p["sleeve"]
    assert isinstance(sleeve, int)
    table.draw(piles.draw, piles.sleeve, rng, sleeve, face_up=True)
    excuse_at = p["excuse_at"]
    if isinstance(excuse_at, int):
        [excuse] = [c.id for c in table.cards.values() if c.face == EXCUSE]
        if table.where(excuse) == piles.draw:
            depth = len(table.pile(piles.draw)) - 1 - excuse_at
            table.move([excuse], piles.draw, index=depth)
    value, rank, attribute = p["value"], p["rank"], p["attribute"]
    assert isinstance(value, int) and isinstance(rank, int) and isinstance(attribute, Attribute)
    challenge = TarotChallenge.setup(
        piles, attribute=attribute, attribute_value=value, rank=rank
    )
    drew = challenge.challenge_draw(table, rng)
    costs, effects = [drew.numbers.cost], [drew.numbers.effect]
    if p["concede"]:
        challenge.concede(table, rng)
        return table, piles, challenge, costs, effects
    actions = p["actions"]
    assert isinstance(actions, list)
    for action in actions:
        if challenge.phase is TarotPhase.ENDED:
            break
        if action == "stop" and challenge.phase is TarotPhase.DRAWING:
            challenge.stop(table)
            break
        kept = table.pile(piles.sleeve).cards
        if action == "sleeve" and kept:
            step = challenge.play_sleeve(table, kept[0])
        else:
            step = challenge.draw(table, rng)
        costs.append(step.numbers.cost)
        effects.append(step.numbers.effect)
    if challenge.phase is TarotPhase.DRAWING:
        challenge.stop(table)
    if challenge.phase is TarotPhase.CHALLENGE_DRAWN:
        challenge.concede(table, rng)
    return table, piles, challenge, costs, effects


PROPERTY = settings(max_examples=150, derandomize=True, deadline=None)


@PROPERTY
@given(plays())
def test_cost_never_falls_while_drawing(p: dict[str, object]) -> None:
    *_, costs, _ = play(p)
    assert costs == sorted(costs)


@PROPERTY
@given(plays())
def test_effect_stays_within_0_to_5(p: dict[str, object]) -> None:
    table, _, challenge, _, effects = play(p)
    outcome = challenge.outcome(table)
    assert all(0 <= e <= 5 for e in effects)
    assert 0 <= outcome.effect <= 5
    # Success reports at least Effect 1; Failure reports no Effect.
    assert outcome.effect == (max(1, outcome.raw_effect) if outcome.success else 0)


@PROPERTY
@given(plays())
def test_success_exactly_when_every_challenge_card_is_beaten(p: dict[str, object]) -> None:
    table, piles, challenge, _, _ = play(p)
    outcome = challenge.outcome(table)
    theirs = [face(table, c) for c in table.pile(piles.challenge_row).cards]
    mine = [face(table, c) for c in table.pile(piles.player_row).cards]
    all_beaten = all(any(tarot_beats(m, t) for m in mine) for t in theirs)
    if challenge.terms.rank == 0:
        assert outcome.success
    else:
        assert outcome.success == (bool(mine) and all_beaten)


@PROPERTY
@given(plays())
def test_outcome_numbers_match_the_cards_on_the_table(p: dict[str, object]) -> None:
    table, piles, challenge, costs, _ = play(p)
    outcome = challenge.outcome(table)
    on_table = [*table.pile(piles.challenge_row).cards, *table.pile(piles.player_row).cards]
    reversed_cards = sum(table.facing[c].reversed for c in on_table)
    raw_cost = reversed_cards - challenge.terms.attribute_value
    figures = Counter(face(table, c).figure for c in on_table if face(table, c).figure)
    assert outcome.raw_cost == raw_cost == costs[-1]
    assert outcome.raw_effect == max(figures.values(), default=0)
    if outcome.conceded:
        assert outcome.cost == 0
    else:
        assert outcome.cost == max(0, min(5, raw_cost))
    pushed_to_5 = raw_cost >= 5 and outcome.end not in (EndReason.CONCEDED, EndReason.EXCUSE)
    assert (outcome.end is EndReason.WIPE_OUT) == pushed_to_5


@PROPERTY
@given(plays())
def test_rank_0_never_fails(p: dict[str, object]) -> None:
    table, _, challenge, _, _ = play({**p, "rank": 0})
    assert challenge.outcome(table).success


@PROPERTY
@given(plays())
def test_conceding_never_costs(p: dict[str, object]) -> None:
    table, piles, challenge, _, _ = play({**p, "concede": True})
    outcome = challenge.outcome(table)
    assert outcome.cost == 0 and outcome.conceded
    assert outcome.success == (challenge.terms.rank == 0)
    assert challenge.sleeve_card in table.pile(piles.sleeve).cards


@PROPERTY
@given(plays())
def test_the_challenge_draws_its_rank_unless_the_excuse_comes(p: dict[str, object]) -> None:
    table, piles, challenge, _, _ = play(p)
    drawn = len(table.pile(piles.challenge_row))
    if challenge.challenge_excuse is None:
        assert drawn == challenge.terms.rank
    else:
        assert drawn < challenge.terms.rank
        assert table.where(challenge.challenge_excuse) == piles.discard


@PROPERTY
@given(plays())
def test_finishing_leaves_every_card_in_one_pile_and_the_rows_empty(p: dict[str, object]) -> None:
    table, piles, challenge, _, _ = play(p)
    finished = challenge.finish(table)
    table.check()
    assert table.pile(piles.challenge_row).cards == []
    assert table.pile(piles.player_row).cards == []
    assert set(finished.discarded) <= set(table.pile(piles.discard).cards)


# -- the next card's odds against every card it could be ------------------------------------


def copy_table(table: Table) -> Table:
    """A copy whose piles and facings can change without touching ``table``."""
    piles = {pile_id: evolve(pile, cards=list(pile.cards)) for pile_id, pile in table.piles.items()}
    return Table(dict(table.cards), piles, dict(table.facing))


def brute_force_odds(table: Table, challenge: TarotChallenge) -> NextCardOdds:
    """Play the next draw with each card it could be, in each orientation it could lie in, on
    a copy of the table, and weigh what happened."""
    draw = table.pile(challenge.piles.draw)
    source = draw if draw.cards else table.pile(challenge.piles.discard)
    candidates = list(source.cards)
    beats = reversed_ = excuse = wipe_out = Fraction(0)
    for card in candidates:
        if draw.turns_on_shuffle:
            ways = [(True, Fraction(1, 2)), (False, Fraction(1, 2))]
        else:
            ways = [(table.facing[card].reversed, Fraction(1))]
        for is_reversed, weight in ways:
            t, c = copy_table(table), evolve(challenge)
            t.move([card], c.piles.draw)  # on top: the next card drawn
            t.facing[card] = Facing(face_up=False, reversed=is_reversed)
            step = c.draw(t, seeded(0))
            beats += weight * bool(step.newly_beaten)
            reversed_ += weight * is_reversed
            excuse += weight * step.excuse
            wipe_out += weight * (c.phase is TarotPhase.ENDED and c.outcome(t).wipe_out)
    n = len(candidates)
    return NextCardOdds(n, beats / n, reversed_ / n, excuse / n, wipe_out / n)


# Each example plays out ~150 draws; a failure is clear enough without a long shrink.
@settings(
    max_examples=12,
    derandomize=True,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@given(
    seed=st.integers(0, 2**32 - 1),
    value=st.integers(0, 4),
    rank=st.integers(1, 9),
    draws=st.integers(0, 6),
)
def test_next_card_odds_match_playing_out_every_unseen_card(
    seed: int, value: int, rank: int, draws: int
) -> None:
    table, piles = new_table(seed)
    rng = seeded(seed)
    challenge = TarotChallenge.setup(
        piles, attribute=Attribute.ROCK, attribute_value=value, rank=rank
    )
    challenge.challenge_draw(table, rng)
    for _ in range(draws):
        if challenge.phase is TarotPhase.ENDED:
            return
        challenge.draw(table, rng)
    if challenge.phase is TarotPhase.ENDED:
        return
    odds = challenge.numbers(table).odds
    assert odds is not None
    assert odds == brute_force_odds(table, challenge)


def _excuse(table: Table) -> CardId:
    [excuse] = [c.id for c in table.cards.values() if c.face == EXCUSE]
    return excuse


def _challenge_at_cost(cost_wanted: int, seed: int) -> tuple[Table, TarotChallenge]:
    """A Challenge whose Cost is ``cost_wanted`` just before the player's first draw: nine
    Challenge cards, five of them reversed, against an Attribute of 5 - ``cost_wanted``."""
    table, piles = new_table(seed)
    table.move([_excuse(table)], piles.draw, index=0)
    rank = 9
    row = table.pile(piles.draw).cards[-rank:]
    for i, card in enumerate(reversed(row)):
        table.facing[card] = Facing(reversed=i < 5)
    challenge = TarotChallenge.setup(
        piles, attribute=Attribute.ROCK, attribute_value=5 - cost_wanted, rank=rank
    )
    challenge.challenge_draw(table, seeded(seed))
    return table, challenge


def test_odds_at_cost_4_and_5_match_playing_out_every_unseen_card() -> None:
    for cost in (4, 5):
        table, challenge = _challenge_at_cost(cost, 11)
        assert challenge.cost == cost
        odds = challenge.numbers(table).odds
        assert odds is not None and odds == brute_force_odds(table, challenge)
        assert odds.wipe_out == (Fraction(1) if cost == 5 else (1 - odds.excuse) / 2)
        assert odds.excuse == Fraction(1, odds.unseen)


def test_odds_in_a_deck_that_never_turns_use_the_orientation_everyone_saw() -> None:
    table, piles = new_table(3)
    table.pile(piles.draw).turns_on_shuffle = False
    for i, card in enumerate(table.pile(piles.draw).cards):
        table.facing[card] = Facing(reversed=i < 20)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.BLADES, attribute_value=1, rank=3)
    challenge.challenge_draw(table, seeded(3))
    odds = challenge.numbers(table).odds
    assert odds is not None and odds == brute_force_odds(table, challenge)
    assert odds.reversed == Fraction(20, odds.unseen)


def test_odds_with_an_empty_draw_pile_range_over_the_discard_pile() -> None:
    table, piles = new_table(4)
    table.move([_excuse(table)], piles.draw, index=0)
    leftover = table.pile(piles.draw).cards[:60]
    table.move(leftover, piles.discard, face_up=True)
    for card in table.pile(piles.draw).cards:
        table.facing[card] = Facing(reversed=False)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.PAPER, attribute_value=9, rank=3)
    challenge.challenge_draw(table, seeded(4))
    for _ in range(19):
        challenge.draw(table, seeded(4))
    assert table.pile(piles.draw).cards == [] and challenge.phase is TarotPhase.DRAWING
    odds = challenge.numbers(table).odds
    assert odds is not None and odds.unseen == 60 and odds.excuse == Fraction(1, 60)
    assert odds == brute_force_odds(table, challenge)


def test_odds_hide_the_orientation_of_face_down_cards() -> None:
    table, piles = new_table(6)
    challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=2, rank=2)
    challenge.challenge_draw(table, seeded(6))
    for card in table.pile(piles.draw).cards:
        table.facing[card] = Facing(reversed=True)
    odds = challenge.numbers(table).odds
    assert odds is not None and odds.reversed == Fraction(1, 2)
