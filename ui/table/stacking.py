"""The layers of the cards put down by hand, kept while their order holds.

A card put down by hand lies above every card of its zone's rows, in the order the cards were
put down (:func:`~cardtable.ui.table.layout.open_xy`: the pile's size plus its rank). A card
let go on the open table goes to the top of that order, and every card put down after it
drops a rank: given a new layer each, Qt would repaint every one of them, wherever they lie
(a drop on a table of fans repainted most of the view for a table that looked the same but
for the one card). So :class:`SpotLayers` gives these cards layers of their own, in the same
order: a card keeps its layer while it lies between the same cards as before, and a card
that changed its place in the order takes a layer between its new neighbours'. Only the order
of the layers says anything; every so often they are numbered afresh from the ranks.

>>> layers = SpotLayers()
>>> layers.ranked("table", ["a", "b", "c", "d"])
{'a': 0.0, 'b': 1.0, 'c': 2.0, 'd': 3.0}
>>> layers.ranked("table", ["a", "c", "d", "b"])  # b let go again: it alone goes up
{'a': 0.0, 'c': 2.0, 'd': 3.0, 'b': 4.0}
>>> layers.ranked("table", ["a", "b", "c", "d"])  # and back: it alone comes down
{'a': 0.0, 'b': 1.0, 'c': 2.0, 'd': 3.0}
"""

from __future__ import annotations

from collections.abc import Sequence

#: Layers are numbered afresh from the ranks once the top one is this far above the count.
RENUMBER_AFTER = 256
#: ... or once two neighbours' layers are this close.
CLOSEST = 2.0**-20


class SpotLayers:
    """Each zone's layers for its cards put down by hand (see the module's docstring)."""

    def __init__(self) -> None:
        self._layers: dict[str, dict[str, float]] = {}

    def forget(self) -> None:
        """Number every zone's layers afresh next time (a new session)."""
        self._layers.clear()

    def ranked(self, zone: str, order: Sequence[str]) -> dict[str, float]:
        """The layer of each card of ``order`` (``zone``'s cards put down by hand, bottom
        first): rising along ``order``, each card's own as before where that holds."""
        before = self._layers.get(zone, {})
        layers: dict[str, float] = {}
        below = -1.0
        last = len(order) - 1
        for index, card in enumerate(order):
            layer = before.get(card)
            above = before.get(order[index + 1]) if index < last else None
            if above is not None and above <= below:
                above = None  # the card above takes a new layer too
            if layer is None or layer <= below or (above is not None and layer >= above):
                layer = below + 1.0 if above is None else (below + above) / 2
                if layer - below < CLOSEST:
                    return self._afresh(zone, order)
            layers[card] = layer
            below = layer
        if below > len(order) + RENUMBER_AFTER:
            return self._afresh(zone, order)
        self._layers[zone] = layers
        return layers

    def _afresh(self, zone: str, order: Sequence[str]) -> dict[str, float]:
        layers = {card: float(rank) for rank, card in enumerate(order)}
        self._layers[zone] = layers
        return layers
