"""The layers of the cards put down by hand keep their order with the cards' order, and a
card keeps its layer while it lies between the same cards (:mod:`cardtable.ui.table.stacking`)."""

from __future__ import annotations

import doctest
import itertools

from hypothesis import given
from hypothesis import strategies as st

from cardtable.ui.table import stacking
from cardtable.ui.table.stacking import RENUMBER_AFTER, SpotLayers


def test_the_examples_hold() -> None:
    assert doctest.testmod(stacking).failed == 0


def test_a_card_let_go_again_alone_takes_a_new_layer() -> None:
    layers = SpotLayers()
    order = [f"c{i}" for i in range(40)]
    first = layers.ranked("table", order)
    again = order[:10] + order[11:] + [order[10]]
    then = layers.ranked("table", again)
    assert [card for card in order if then[card] != first[card]] == ["c10"]
    assert then["c10"] > max(first.values())


def test_many_cards_let_go_on_top_are_numbered_afresh_now_and_then() -> None:
    layers = SpotLayers()
    order = ["a", "b", "c"]
    highest = 0.0
    for _ in range(RENUMBER_AFTER + 10):
        order = order[1:] + order[:1]
        highest = max(highest, *layers.ranked("table", order).values())
    assert highest <= len(order) + RENUMBER_AFTER + 1
    ranked = layers.ranked("table", order)
    assert sorted(ranked.values()) == [ranked[card] for card in order]


@given(
    st.lists(
        st.permutations(list(range(12))).map(lambda cards: [f"c{c}" for c in cards[:9]]),
        min_size=1,
        max_size=8,
    )
)
def test_the_layers_rise_along_the_order_whatever_came_before(orders: list[list[str]]) -> None:
    layers = SpotLayers()
    for order in orders:
        ranked = layers.ranked("table", order)
        assert list(ranked) == order
        values = [ranked[card] for card in order]
        assert all(low < high for low, high in itertools.pairwise(values))
