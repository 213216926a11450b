"""A dragged card's aim, asked anew only when it may have changed: through the real window.

The felt keeps the answer for where a dragged card would land while the card moves less than
the nearest zone's edge (:class:`~cardtable.ui.table.aiming.Steady`); a change of the session
mid-drag (another seat at the screen) or a new zone under the card asks the model again.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pytestqt.qtbot import QtBot
from seat_rig import ALICE, BOB, BRANN, HAND, MIRA, ZONE, pass_to, table_window, three_seats

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
