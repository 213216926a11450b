"""The one injectable source of randomness, and whether shuffling is fair.

Statistical tests here are exact and repeatable: each uses a fixed seed, so a pass stays a
pass. The bounds are set so that a fair shuffle fails them about once in a thousand seeds
(chi-square) or far less often (orientation), while the usual shuffling mistakes fail them
by a wide margin; :func:`test_the_chi_square_test_catches_a_biased_shuffle` shows one.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from types import ModuleType

import pytest

from cardtable import beats, cards, piles
from cardtable.cards import CardId, DeckId, PlayingCard
from cardtable.decks import standard as decks
from cardtable.decks.standard import DeckSpec, tourist_tarot
from cardtable.piles import Pile, PileId, Table
from cardtable.randomness import Chance, Rng, from_os, make_rng, seeded
from cardtable.session import Session

# Chi-square with 23 degrees of freedom (24 orderings of 4 cards): the value exceeded with
# probability 0.001, from the standard table; checked below against a computed tail.
CHI_SQUARE_23_AT_0_001 = 49.73
SHUFFLES = 24_000
FOUR_CARDS = tuple(PlayingCard.from_code(code) for code in ("2H", "3H", "4H", "5H"))


def chi_square_tail(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for a chi-square X: the regularized upper incomplete gamma function,
    summed as the lower one's power series."""
    a, x = freedom / 2, statistic / 2
    total = term = 1 / a
    n = 0
    while term > 1e-17 * total:
        n += 1
        term *= x / (a + n)
        total += term
    return 1 - math.exp(-x + a * math.log(x) - math.lgamma(a)) * total


def chi_square(counts: Counter[tuple[str, ...]], categories: int, samples: int) -> float:
    expected = samples / categories
    seen = sum((n - expected) ** 2 / expected for n in counts.values())
    return seen + expected * (categories - len(counts))  # orderings that never came up


def four_card_pile(seed: int) -> tuple[Table, Pile]:
    table = Table()
    spec = DeckSpec("four", "Four cards", "playing", False, FOUR_CARDS)
    draw, _ = table.add_deck(spec, DeckId("four"), seeded(seed))
    return table, draw


def orderings(shuffle: Callable[[list[str]], None], start: list[str]) -> Counter[tuple[str, ...]]:
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(SHUFFLES):
        cards = list(start)
        shuffle(cards)
        counts[tuple(cards)] += 1
    return counts


def test_the_critical_value_is_the_one_in_a_thousand_point() -> None:
    assert chi_square_tail(CHI_SQUARE_23_AT_0_001, 23) == pytest.approx(0.001, rel=0.01)
    assert chi_square_tail(22.0, 23) == pytest.approx(0.5, abs=0.05)  # about the median


@pytest.mark.parametrize("seed", [1, 2])
def test_shuffling_four_cards_gives_each_of_the_24_orders_equally_often(seed: int) -> None:
    table, draw = four_card_pile(seed)
    rng = seeded(seed)
    start = [str(card) for card in sorted(draw.cards)]

    def table_shuffle(order: list[str]) -> None:
        # Always from the same order, so that a bias cannot wash out over repeated shuffles.
        draw.cards[:] = [CardId(card) for card in order]
        table.shuffle(draw.id, rng)
        order[:] = draw.cards

    counts = orderings(table_shuffle, start)
    assert set(counts) == set(itertools.permutations(start))
    statistic = chi_square(counts, 24, SHUFFLES)
    assert statistic < CHI_SQUARE_23_AT_0_001, f"chi-square {statistic:.1f} over 24 orders"


def test_the_chi_square_test_catches_a_biased_shuffle() -> None:
    # Swapping each card with any card (not one at or above it) favours some orders.
    rng = seeded(1)

    def naive(order: list[str]) -> None:
        for i in range(len(order)):
            j = rng.randrange(len(order))
            order[i], order[j] = order[j], order[i]

    statistic = chi_square(orderings(naive, ["a", "b", "c", "d"]), 24, SHUFFLES)
    assert statistic > 5 * CHI_SQUARE_23_AT_0_001


def within_binomial_bound(hits: int, trials: int, sigmas: float = 4.5) -> bool:
    """Whether ``hits`` out of ``trials`` is within ``sigmas`` standard deviations of half."""
    return abs(hits - trials / 2) <= sigmas * math.sqrt(trials) / 2


def test_shuffling_the_tarot_reverses_about_half_the_cards() -> None:
    table = Table()
    draw, _ = table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(3))
    rng = seeded(4)
    reversed_count = changed = adjacent_both = trials = 0
    last = {card: table.facing[card].reversed for card in draw.cards}
    for _ in range(200):
        table.shuffle(draw.id, rng)
        now = [table.facing[card].reversed for card in draw.cards]
        reversed_count += sum(now)
        changed += sum(table.facing[card].reversed != last[card] for card in draw.cards)
        adjacent_both += sum(a and b for a, b in itertools.pairwise(now))
        last = {card: table.facing[card].reversed for card in draw.cards}
        trials += len(now)
    assert trials == 200 * 82
    assert within_binomial_bound(reversed_count, trials), f"{reversed_count} of {trials} reversed"
    # Each card is turned afresh, not kept from the last shuffle...
    assert within_binomial_bound(changed, trials), f"{changed} of {trials} changed"
    # ...and independently of its neighbour: both reversed about a quarter of the time.
    pairs = 200 * 81
    quarter = pairs / 4
    # Overlapping pairs are correlated: the variance is 5/16 per pair, not 3/16.
    assert abs(adjacent_both - quarter) <= 4.5 * math.sqrt(pairs * 5 / 16), adjacent_both


def test_refilling_the_tarot_reverses_about_half_the_cards() -> None:
    table = Table()
    draw, discard = table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(5))
    rng = seeded(6)
    reversed_count = 0
    for _ in range(100):
        table.move(list(draw.cards), discard.id, face_up=True)
        table.refill(draw.id, rng)
        reversed_count += sum(table.facing[card].reversed for card in draw.cards)
    assert within_binomial_bound(reversed_count, 100 * 82), reversed_count


# ---------------------------------------------------------------------------------------------
# The source itself


def sequence(rng: Rng, n: int = 8) -> list[int]:
    return [rng.getrandbits(64) for _ in range(n)]


def test_a_seeded_source_repeats_itself() -> None:
    assert sequence(seeded(42)) == sequence(seeded(42))
    assert sequence(make_rng(42)) == sequence(seeded(42))


def test_different_seeds_give_different_sequences() -> None:
    assert sequence(seeded(1)) != sequence(seeded(2))


def test_two_sources_from_the_operating_system_differ() -> None:
    assert sequence(from_os()) != sequence(from_os())
    assert sequence(make_rng(None)) != sequence(make_rng(None))


def test_the_os_source_does_not_come_from_the_module_level_random() -> None:
    random.seed(0)
    first = sequence(from_os())
    random.seed(0)
    assert sequence(from_os()) != first


def snapshot(table: Table) -> tuple[object, ...]:
    return (
        tuple((pid, tuple(pile.cards)) for pid, pile in sorted(table.piles.items())),
        tuple(sorted(table.facing.items())),
    )


def play_a_little(seed: int) -> Table:
    table = Table()
    draw, discard = table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(seed))
    hand = table.add_pile(Pile(PileId("hand/a"), piles.PileKind.HAND, "A"))
    rng = seeded(seed + 1)
    table.draw(draw.id, hand.id, rng, count=80)
    table.move(list(hand.cards)[:50], discard.id)
    table.draw(draw.id, hand.id, rng, count=10)  # runs out and refills on the way
    table.shuffle(hand.id, rng)
    return table


def test_a_seeded_game_replays_exactly() -> None:
    assert snapshot(play_a_little(7)) == snapshot(play_a_little(7))
    assert snapshot(play_a_little(7)) != snapshot(play_a_little(8))


def test_the_table_ignores_the_module_level_random() -> None:
    random.seed(1)
    first = snapshot(play_a_little(7))
    random.seed(2)
    assert snapshot(play_a_little(7)) == first


@pytest.mark.parametrize("module", [cards, beats, decks, piles], ids=lambda m: m.__name__)
def test_the_model_core_takes_no_randomness_of_its_own(module: ModuleType) -> None:
    imported: set[str] = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    assert not imported & {"random", "secrets", "os", "time"}, imported


def test_play_reads_the_operating_system_at_every_call() -> None:
    # Play once took a seed from the OS and ran a generator whose state undo saved and put
    # back: whoever saw an undone draw or roll knew the next one.
    source = from_os()
    assert isinstance(source, random.SystemRandom)
    with pytest.raises(NotImplementedError):
        source.getstate()
    session = Session()
    assert isinstance(session.rng, Chance)
    assert isinstance(session.rng.source, random.SystemRandom)
    for refused in (session.rng.getstate, lambda: session.rng.setstate(None)):
        with pytest.raises(NotImplementedError, match="never saved or restored"):
            refused()
