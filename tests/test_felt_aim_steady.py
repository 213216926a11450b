"""A dragged card's aim, asked anew only when it may have changed: through the real window.

The felt keeps the answer for where a dragged card would land while the card moves less than
the nearest zone's edge (:class:`~cardtable.ui.table.aiming.Steady`), and over two zones while
their overlaps keep their order; a change of the session mid-drag (another seat at the
screen), a new zone under the card or the other overlap growing larger asks the model again.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pytestqt.qtbot import QtBot
from seat_rig import ALICE, BOB, BRANN, HAND, MIRA, ZONE, pass_to, table_window, three_seats
from table_rig import crowded_table_view

from cardtable.cards import CardId, PlayingCard
from cardtable.piles import PileId
from cardtable.session import ConfirmSeat, Move, PassSeat, Session
from cardtable.ui.qt import Qt, QtCore
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.window.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
HANDS: dict[str, Sequence[str]] = {BRANN: ["7S", "2D", "KH"], MIRA: ["9S", "4C", "JH"]}
REFUSED = "⚠ That face-down card is Brann's: only Bob may move it."


def card(session: Session, pile: PileId, code: str) -> CardId:
    face = PlayingCard.from_code(code)
    return next(c for c in session.table.pile(pile).cards if session.table.card(c).face == face)


def brann_lays_his_seven(qtbot: QtBot, window: MainWindow) -> CardId:
    """Bob at the screen lays Brann's seven of spades in Brann's place (face down)."""
    session = window.document.session
    pass_to(qtbot, window, BOB)
    seven = card(session, HAND[BRANN], "7S")
    window.document.apply(Move((seven,), ZONE[BRANN]))
    assert session.table.where(seven) == ZONE[BRANN]
    return seven


def status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def test_a_change_of_seat_mid_drag_asks_the_model_again(qtbot: QtBot, tmp_path: Path) -> None:
    window = table_window(qtbot, tmp_path, three_seats(hands=HANDS))
    session = window.document.session
    seven = brann_lays_his_seven(qtbot, window)
    felt = window.felt
    item, table = felt.item(seven), felt.zone(OPEN_TABLE)
    assert item is not None and table is not None
    start, end = item.scenePos(), table.sceneBoundingRect().center()
    felt.centerOn(QtCore.QRectF(start, end).normalized().center())
    viewport = felt.viewport()
    begin, finish = felt.mapFromScene(start), felt.mapFromScene(end)
    qtbot.mousePress(viewport, LEFT, Qt.KeyboardModifier.NoModifier, begin)
    for step in range(1, 9):
        qtbot.mouseMove(viewport, begin + (finish - begin) * (step / 8))
    qtbot.mouseMove(viewport, finish + QtCore.QPoint(1, 0))
    assert item.is_lifted() and table.is_lit() and not table.is_refusing()
    # Alice takes the computer while Bob's card is held over the open table: a pixel on,
    # well inside the same zone, the open table refuses it, and says why.
    seat = [p.id for p in session.players].index(ALICE)
    window.document.apply(PassSeat(seat))
    window.document.apply(ConfirmSeat(ALICE))
    qtbot.mouseMove(viewport, finish + QtCore.QPoint(2, 0))
    try:
        assert table.is_lit() and table.is_refusing()
        assert status(window) == REFUSED
    finally:
        qtbot.mouseRelease(viewport, LEFT, Qt.KeyboardModifier.NoModifier, finish)
    assert session.table.where(seven) == ZONE[BRANN]


def _overlap(one: QtCore.QRectF, other: QtCore.QRectF) -> float:
    both = one.intersected(other)
    return both.width() * both.height()


def test_a_card_slid_across_two_fans_lights_the_one_it_covers_most_at_every_pixel(
    qtbot: QtBot,
) -> None:
    view = crowded_table_view(qtbot, 300, crowded=False)
    layout = view.layout_now
    here, there = layout.zone(PileId("zone/005")), layout.zone(PileId("zone/006"))
    assert here is not None and there is not None
    assert here.y == there.y and here.x + here.width < there.x  # side by side in a row
    view.centerOn((here.rect().center() + there.rect().center()) / 2)
    lights = {here.pile: view.zone(here.pile), there.pile: view.zone(there.pile)}
    item = view.item(view.document.session.table.piles[here.pile].cards[-1])
    assert item is not None
    viewport = view.viewport()
    start = view.mapFromScene(item.mapRectToScene(item.card_rect()).center())
    qtbot.mousePress(viewport, LEFT, Qt.KeyboardModifier.NoModifier, start)
    # Across, a pixel a move, from the card's own fan until it has left it.
    checked = 0
    try:
        for step in range(1, round(there.x - here.x) + 1):
            qtbot.mouseMove(viewport, start + QtCore.QPoint(step, 0))
            card = item.mapRectToScene(item.card_rect())
            covered = {pile: _overlap(card, layout.zone(pile).rect()) for pile in lights}
            if abs(covered[here.pile] - covered[there.pile]) < 1.0:
                continue  # a tie: either may be lit
            most = max(covered, key=lambda pile: covered[pile])
            least = there.pile if most == here.pile else here.pile
            lit, unlit = lights[most], lights[least]
            assert lit is not None and unlit is not None
            assert lit.is_lit() and not lit.is_refusing(), f"{most} unlit at {step}"
            if covered[least] > 0:
                assert not unlit.is_lit(), f"{least} lit at {step}"
                checked += 1
    finally:
        qtbot.mouseRelease(viewport, LEFT, Qt.KeyboardModifier.NoModifier, start)
    assert checked > 20  # the card lay over both fans for that many moves
