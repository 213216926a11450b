"""Which piles of the felt need looking at again after a change, found without visiting every
card.

:class:`TableWatch` remembers, for each zone of the layout, the cards its pile held and which
of them the felt shows, and how every card lay. After a change it names the zones whose
pile changed, or which show a card that turned; every zone when the layout is new or when
who may see what changed (another seat at the computer, the curtain, a peek), or when a deck
on the table changed (its cards' words, :mod:`cardtable.session.words_actions`). So a card
dropped on a table of thousands costs the felt the two piles it left and joined.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress, count
from operator import is_not, ne, or_

from cardtable.cards import CardId
from cardtable.piles import Facing, PileId, Spot
from cardtable.session import Session
from cardtable.ui.table.layout import Layout, ZoneSpec

#: Where a zone lays a card: its centre and its layer, (x, y, layer).
Place = tuple[float, float, float]


class TableWatch:
    """What the felt last showed, pile by pile (see the module's docstring)."""

    def __init__(self) -> None:
        self._cards: dict[str, list[CardId]] = {}
        #: Where each zone's cards were put down, in the order they were (their layers).
        self._spots: dict[str, list[tuple[CardId, Spot]]] = {}
        self._shown: dict[str, list[str]] = {}
        #: Where each zone laid the cards it showed last time (see :attr:`_shown`).
        self._laid: dict[str, list[Place]] = {}
        self._facing: dict[CardId, Facing] = {}
        self._reader: object = None
        #: The decks on the table as last seen: a deck replaced by another value (words
        #: chosen anew, even the same deck's edited words) is told by identity.
        self._decks: tuple[object, ...] = ()
        self._forced: set[str] = set()
        #: Where each card's item was last put: (pile, index, x, y, covered).
        self.places: dict[str, tuple[object, ...]] = {}

    def forget(self) -> None:
        """Look at everything next time (a new session)."""
        self._cards.clear()
        self._spots.clear()
        self._shown.clear()
        self._laid.clear()
        self._facing = {}
        self._reader = None
        self._decks = ()
        self._forced.clear()
        self.places.clear()

    def force(self, zones: Iterable[str]) -> None:
        """Look at ``zones`` again next time, card by card (cards put back by hand)."""
        for zone in zones:
            self._forced.add(zone)
            self._laid.pop(zone, None)
            for card in self._shown.get(zone, ()):
                self.places.pop(card, None)

    def changed(
        self,
        session: Session,
        layout: Layout,
        new_layout: bool,
        piles: frozenset[PileId] | None = None,
    ) -> tuple[list[tuple[ZoneSpec, list[CardId]]], bool, set[CardId]]:
        """The zones to look at again, each with its pile's cards now; whether that is every
        zone (then every card must be looked at again, for who may see it); and the cards
        that turned over or round since. With ``piles`` (the model's word that only those
        piles changed since the last time, :attr:`Session.piles_changed
        <cardtable.session.Session.piles_changed>`), the other zones are not looked at."""
        state = session.state
        reader = (session.holder, session.curtain, dict(state.peeks))
        decks = tuple(state.decks)
        redealt = len(decks) != len(self._decks) or any(map(is_not, decks, self._decks))
        everything = new_layout or reader != self._reader or redealt
        self._reader = reader
        self._decks = decks
        turned_in: set[str] = set()
        turned: set[CardId] = set()
        facing = state.table.facing
        if facing != self._facing:
            before = self._facing
            turned = {card for card, lies in facing.items() if before.get(card) is not lies}
            self._facing = dict(facing)
            for name, showing in self._shown.items():
                if not turned.isdisjoint(showing):
                    turned_in.add(name)
        forced, self._forced = self._forced, set()
        held = state.table.piles
        zones = layout.zones
        if piles is not None and not everything:
            named = piles | turned_in | forced
            zones = [zone for zone in zones if zone.pile in named]
        found = []
        for zone in zones:
            name = str(zone.pile)
            pile = held.get(zone.pile)
            cards = pile.cards if pile is not None else []
            spots = pile.spots if pile is not None else {}
            laid = self._spots.get(name)
            if (
                everything
                or name in turned_in
                or name in forced
                or self._cards.get(name) != cards
                # Most piles have no card put down by hand: no list to make for them.
                or ((spots or laid) and laid != list(spots.items()))
            ):
                found.append((zone, list(cards)))
                self._spots[name] = list(spots.items())
        if everything:
            kept = {str(zone.pile) for zone in layout.zones}
            for name in [z for z in self._cards if z not in kept]:
                del self._cards[name]
                self._spots.pop(name, None)
                self._shown.pop(name, None)
                self._laid.pop(name, None)
        return found, everything, turned

    def relaid(
        self, zone: ZoneSpec, showing: list[str], places: list[Place], whole: bool
    ) -> list[int]:
        """Note where ``zone`` lays the cards it shows now (``places``, one for each card of
        ``showing``); the indices of the cards not where they lay last time: the cards that
        moved, or came where another lay. With ``whole``, the first time, or after
        :meth:`force`, every card. Call it before :meth:`looked`.

        The lists are compared at C speed: a card dropped on a crowded table of thousands
        leaves the others to be passed over without a Python step each."""
        name = str(zone.pile)
        before = self._laid.get(name)
        self._laid[name] = places
        was = self._shown.get(name)
        if whole or before is None or was is None:
            return list(range(len(showing)))
        moved = list(compress(count(), map(or_, map(ne, showing, was), map(ne, places, before))))
        moved.extend(range(len(before), len(showing)))
        return moved

    def laid(self, zone: str) -> tuple[list[str], list[Place]]:
        """The cards ``zone`` showed last time, bottom first, and where it laid each (none
        while it is to be looked at again, after :meth:`force`)."""
        shown, laid = self._shown.get(zone, []), self._laid.get(zone, [])
        return (shown, laid) if len(shown) == len(laid) else ([], [])

    def looked(self, zone: ZoneSpec, cards: list[CardId], showing: list[str]) -> list[str]:
        """Note what ``zone`` holds and shows now; the cards it showed before and no more."""
        name = str(zone.pile)
        self._cards[name] = cards
        before = self._shown.get(name, [])
        self._shown[name] = showing
        if before == showing:  # compared at C speed: the same cards, most often
            return []
        return list(set(before).difference(showing))

    def shown(self) -> set[str]:
        """Every card some zone shows."""
        return {card for cards in self._shown.values() for card in cards}
