"""After a drop, and after its undo, the felt looks again only at the piles the session
names as changed (:attr:`~cardtable.session.core.Session.piles_changed`); what it shows then
is what a felt of the same session looking at every pile each time shows."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from test_felt_drop_paint import FirstFrame, _drop_across, _fanned_window

from cardtable.bench.tables import OPEN_TABLE
from cardtable.piles import PileId
from cardtable.ui.table.view import TableView

#: A card's item as the felt shows it: pile, place, layer, shown, face and words, lit.
Shown = tuple[str, float, float, float, bool, str, bool, bool]


def _shown(felt: TableView) -> dict[str, Shown]:
    return {
        card: (
            item.pile_id,
            round(item.x(), 3),
            round(item.y(), 3),
            item.zValue(),
            item.isVisible(),
            item.description(),
            item.shows_face(),
            item.choosable,
        )
        for card, item in felt.items_shown().items()
    }


def _every_pile_looked_at(qtbot: QtBot, felt: TableView) -> TableView:
    """Another felt of ``felt``'s session, whose every sync looks at every pile."""
    full = TableView(felt.document, animation_ms=0)
    qtbot.addWidget(full)
    changed = full._watch.changed
    full._watch.changed = lambda *asked: changed(*asked[:3])
    return full


def _same(felt: TableView, full: TableView) -> None:
    assert _shown(felt) == _shown(full)
    zones = [zone.spec.pile for zone in felt.zones()]
    assert [felt.laid(pile) for pile in zones] == [full.laid(pile) for pile in zones]


def test_a_drop_and_its_undo_show_what_every_pile_looked_at_shows(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _fanned_window(qtbot, tmp_path)
    full = _every_pile_looked_at(qtbot, window.felt)
    felt, session = window.felt, window.document.session
    heard: list[frozenset[PileId] | None] = []
    session.subscribe(lambda _changes: heard.append(session.piles_changed))
    _same(felt, full)
    spots = list(session.table.piles[OPEN_TABLE].spots)
    card, _, _ = _drop_across(qtbot, felt, FirstFrame(felt), spots)
    assert heard == [frozenset({OPEN_TABLE})]  # the felt looked at the open table alone
    assert list(session.table.piles[OPEN_TABLE].spots)[-1] == card.card_id
    qtbot.wait(50)
    _same(felt, full)
    assert window.document.undo()
    assert heard[-1] is not None and OPEN_TABLE in heard[-1]
    qtbot.wait(50)
    assert list(session.table.piles[OPEN_TABLE].spots) == spots
    _same(felt, full)
