"""The log panel shows the log as the person holding the computer may read it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.piles import PileId
from cardtable.session import ConfirmSeat, Draw, PassSeat, hand_id, load
from cardtable.session.demo import demo_path
from cardtable.ui.document import SessionDocument
from cardtable.ui.log_panel import LogPanel


def _seat_of(session, name: str) -> int:  # type: ignore[no-untyped-def]
    return next(i for i, p in enumerate(session.players) if p.name == name)


def test_a_private_draw_reads_as_a_card_to_others_and_by_name_to_its_owner(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path()))
    session = document.session
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    hand_owner = next(c for c in session.characters.values() if hand_id(c) in session.table.piles)
    owner = next(p for p in session.players if p.id == hand_owner.player)
    seat = _seat_of(session, owner.name)
    assert document.apply(PassSeat(seat))
    assert document.apply(ConfirmSeat(owner.id))
    before = len(panel.lines)
    assert document.apply(Draw(PileId("shoe/draw"), hand_id(hand_owner)))
    card = session.table.piles[hand_id(hand_owner)].cards[-1]
    name = session.table.cards[card].face.name
    assert len(panel.lines) == before + 1
    assert name in panel.lines[-1]
    assert document.apply(PassSeat((seat + 1) % len(session.players)))
    assert name not in panel.lines[-2] and "drew a card" in panel.lines[-2]
    assert name not in panel.view.toPlainText()
