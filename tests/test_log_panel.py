"""The log panel shows the log as the person holding the computer may read it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.piles import PileId
from cardtable.session import ConfirmSeat, Draw, PassSeat, hand_id, load
from cardtable.session.demo import demo_path
from cardtable.ui.document import SessionDocument
from cardtable.ui.table.log_panel import LogPanel


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


def test_the_log_keeps_its_newest_line_in_sight_until_the_reader_scrolls_back(
    qtbot: QtBot,
) -> None:
    document = SessionDocument(load(demo_path()))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.resize(300, 100)
    panel.show()
    bar = panel.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    assert bar.value() == bar.maximum()
    # The window lays its docks out after the first fill: the log follows the resize.
    for size in ((500, 220), (220, 140)):
        before = bar.maximum()
        panel.resize(*size)
        qtbot.waitUntil(lambda b=before: bar.maximum() != b)
        assert bar.value() == bar.maximum()
    bar.setValue(0)  # reading back
    with qtbot.waitSignal(bar.rangeChanged, timeout=2000):
        panel.resize(260, 160)
    assert bar.value() == 0
    assert document.apply(PassSeat(1))  # a new line brings the newest back
    assert bar.value() == bar.maximum()
