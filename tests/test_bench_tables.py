"""The bench's fanned table: 500 of its 5,000 cards put down by hand in fans over the open
table's rows, all on the open table."""

from __future__ import annotations

from cardtable.bench.tables import FAN_OF, FAN_STEP, fanned_table
from cardtable.ui.table.layout import CARD_H, CARD_W, OPEN_TABLE, lay_out


def test_the_fanned_tables_cards_all_lie_on_the_open_table_in_fans() -> None:
    session = fanned_table(5000)
    zone = lay_out(session.state).zone(OPEN_TABLE)
    assert zone is not None
    pile = session.table.piles[OPEN_TABLE]
    assert len(pile.cards) == 5000 and list(pile.spots) == pile.cards[4500:]
    fanned = pile.cards[4500:]
    for index, card in enumerate(fanned):
        spot = pile.spots[card]
        assert CARD_W / 2 <= spot.x <= zone.width - CARD_W / 2
        assert CARD_H / 2 <= spot.y <= zone.height - CARD_H / 2
        if index % FAN_OF:
            before = pile.spots[fanned[index - 1]]
            assert (spot.x - before.x, spot.y - before.y) == FAN_STEP
