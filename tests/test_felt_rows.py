"""The rows of the felt lay their cards side by side while they have room: a tarot Challenge's
Sleeve Cards, a reversed one among them, cover nothing of each other (its REVERSED tab shows)."""

from __future__ import annotations

import itertools

from pytestqt.qtbot import QtBot
from table_rig import demo_document, table_view

from cardtable.piles import PileId
from cardtable.resolvers.tarot.challenge import Attribute
from cardtable.session import CharacterId
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.table.layout import CARD_W, PAD, lay_out, slot_xy

OTTILIE = CharacterId("ottilie-marchbank")
SLEEVE = PileId("sleeve/ottilie-marchbank")


def test_sleeve_cards_lie_side_by_side_while_their_zone_has_room(qtbot: QtBot) -> None:
    document = demo_document()
    view = table_view(qtbot, document)
    assert document.apply(tarot_steps.begin(OTTILIE, Attribute.ROCK, 3))
    session = document.session
    cards = session.table.piles[SLEEVE].cards
    assert len(cards) == 2 and session.table.facing[cards[0]].reversed  # the one underneath
    items = [view.item(card) for card in cards]
    assert all(item is not None for item in items)
    for one, other in itertools.pairwise(items):
        assert not one.sceneBoundingRect().intersects(other.sceneBoundingRect())
    zone = view.zone(str(SLEEVE))
    assert zone is not None
    for item in items:
        assert zone.sceneBoundingRect().contains(item.sceneBoundingRect())


def test_a_row_overlaps_its_cards_only_once_side_by_side_they_would_not_fit() -> None:
    zone = lay_out(demo_document().session.state).zone(SLEEVE)
    assert zone is not None and zone.reserved  # its place is kept before the Challenge
    fits = int((zone.width - 2 * PAD - CARD_W) // (CARD_W + 1)) + 1
    for count in range(2, fits + 3):
        xs = [x for x, _ in slot_xy(zone, count)]
        step = min(b - a for a, b in itertools.pairwise(xs))
        assert (step > CARD_W) == (count <= fits), (count, step)
