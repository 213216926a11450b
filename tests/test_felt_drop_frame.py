"""The frame after a card is let go on the open table, put down by hand over every card round
it with nothing else changed, is painted from the drag's picture (the table without the
card) with the card over it, and shows what Qt's own paint of the felt shows at that moment;
any other drop is painted by Qt (see
:meth:`~cardtable.ui.table.drag_picture.DragPicture.land`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from table_rig import device_rect
from test_felt_drag_picture import _face_up_card, _spread_window
from test_felt_drop_paint import LEFT, FirstFrame, _fanned_window, _top_card

from cardtable.bench.tables import OPEN_TABLE
from cardtable.session import ConfirmSeat, PassSeat
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table import zone_pictures
from cardtable.ui.table.cards.item import DEFAULT_ANIMATION_MS
from cardtable.ui.table.layout import GRID
from cardtable.ui.table.view import TableView
from cardtable.ui.table.zones import ZONE_Z


class Probe(QtWidgets.QGraphicsRectItem):
    """A patch of felt under the cards that counts the times Qt paints it."""

    def __init__(self, rect: QtCore.QRectF) -> None:
        super().__init__(rect)
        self.setZValue(ZONE_Z + 1)
        self.setPen(QtGui.QPen(QtGui.QColor(0, 0, 0, 0)))
        self.painted = 0

    def paint(self, painter: QtGui.QPainter, option: object, widget: object = None) -> None:
        self.painted += 1
        super().paint(painter, option, widget)


class QtFrame(FirstFrame):
    """:class:`FirstFrame`, with how often ``probe`` was painted in that frame, and what Qt's
    own paint of the whole felt shows as the loop next turns, with the card let go where it
    lay in that frame (a card sliding moves on afterwards)."""

    probe: Probe | None = None
    probe_painted = 0
    qt: QtGui.QImage | None = None
    #: Where the card lay in that frame and as Qt painted the felt.
    card_at: tuple[QtCore.QPointF, QtCore.QPointF] | None = None
    card: QtWidgets.QGraphicsItem | None = None

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        caught = self.region
        before = self.probe.painted if self.probe is not None else 0
        handled = super().eventFilter(watched, event)
        if caught is None and self.region is not None:
            self.probe_painted = (self.probe.painted if self.probe is not None else 0) - before
            assert self.card is not None
            shown_at = self.card.pos()
            QtCore.QTimer.singleShot(0, lambda: self._paint_as_qt(shown_at))
        return handled

    def _paint_as_qt(self, shown_at: QtCore.QPointF) -> None:
        assert self.card is not None
        self.card_at = (shown_at, self.card.pos())
        shown = self._felt.viewport().grab().toImage()
        self.qt = shown.convertToFormat(QtGui.QImage.Format.Format_RGB32)


def _let_go(
    qtbot: QtBot, felt: TableView, frame: QtFrame, start: QtCore.QPoint, end: QtCore.QPoint
) -> None:
    """Drag from ``start`` and let go at ``end``, a probe laid under where the card lands;
    ``frame`` armed for the first frame after the drop."""
    viewport = felt.viewport()
    probe = Probe(QtCore.QRectF(-20, -20, 40, 40))
    probe.setPos(felt.mapToScene(end))
    felt.scene().addItem(probe)
    qtbot.mousePress(viewport, LEFT, pos=start)
    for step in range(1, 25):
        qtbot.mouseMove(viewport, start + (end - start) * (step / 24))
        QtWidgets.QApplication.processEvents()
    assert felt.drag_picture.active()
    qtbot.wait(50)  # the picture is drawn round the card
    frame.probe, frame.card, frame.qt = probe, felt.drag_picture.card(), None
    frame.arm()
    qtbot.mouseRelease(viewport, LEFT, pos=end)


def _drag(
    qtbot: QtBot, felt: TableView, frame: QtFrame, start: QtCore.QPoint, end: QtCore.QPoint
) -> None:
    """:func:`_let_go`, until ``frame`` holds the first frame after the drop."""
    _let_go(qtbot, felt, frame, start, end)
    qtbot.waitUntil(lambda: frame.qt is not None)
    assert frame.card_at is not None
    assert frame.card_at[0] == frame.card_at[1], "the card moved before Qt painted the felt"


@pytest.mark.parametrize("animation_ms", [0, DEFAULT_ANIMATION_MS])
def test_a_card_let_go_on_the_open_table_lands_painted_from_the_picture(
    qtbot: QtBot, tmp_path: Path, animation_ms: int
) -> None:
    window = _fanned_window(qtbot, tmp_path)
    felt = window.felt
    felt.set_animation_ms(animation_ms)
    session = window.document.session
    frame = QtFrame(felt)
    spots = list(session.table.piles[OPEN_TABLE].spots)
    for turn in range(2):  # the second time the card has the focus, and its ring
        card, start = _top_card(felt, spots)
        across = 2 * card.sceneBoundingRect().width() * felt.zoom_factor()
        sign = 1 if start.x() < felt.viewport().width() // 2 else -1
        # Let go off the grid: the card slides the last few units, when cards slide.
        off = round(GRID * felt.zoom_factor() * 0.4)
        end = start + QtCore.QPoint(sign * round(across) + off, 40 + off)
        _drag(qtbot, felt, frame, start, end)
        assert list(session.table.piles[OPEN_TABLE].spots)[-1] == card.card_id
        # Qt painted nothing under the card: the frame came from the picture.
        assert frame.probe_painted == 0, turn
        assert frame.region is not None and not frame.region.isEmpty()
        # ...and it shows what Qt's own paint of the felt shows at that moment.
        assert frame.screen is not None and frame.qt is not None
        assert frame.screen == frame.qt, turn
        # Qt paints from then on: the card, once it lies still, as Qt paints it.
        qtbot.wait(animation_ms + 100)
        assert felt.drag_picture.card() is None
        assert frame.on_screen() == felt.viewport().grab().toImage().convertToFormat(
            QtGui.QImage.Format.Format_RGB32
        )
        assert window.document.undo()
        qtbot.wait(animation_ms + 150)  # the card slides back


def test_a_card_let_go_on_another_zone_lands_painted_by_qt(qtbot: QtBot, tmp_path: Path) -> None:
    window = _spread_window(qtbot, tmp_path)
    felt = window.felt
    felt.set_animation_ms(0)
    # The zones' frames drawn for this zoom (pictures of another zoom, kept from an earlier
    # window, are shown stretched first and drawn anew between frames).
    qtbot.waitUntil(lambda: felt.art_settled() and zone_pictures.frames.settled())
    frame = QtFrame(felt)
    card, start = _face_up_card(felt)
    home = card.pile_id
    # Into another fan in sight: it is laid again round the card.
    seen = felt.viewport().rect()
    ends = [
        felt.mapFromScene(zone.sceneBoundingRect().center())
        for zone in felt.zones()
        if zone.spec.pile.startswith("zone/") and str(zone.spec.pile) != home
    ]
    end = next(point for point in ends if seen.adjusted(60, 60, -60, -60).contains(point))
    _drag(qtbot, felt, frame, start, end)
    assert card.pile_id != home and card.pile_id != str(OPEN_TABLE)
    assert frame.probe_painted > 0
    assert frame.screen == frame.qt


class SeatPassed(QtFrame):
    """:class:`QtFrame`, the seat passed to another player as soon as the release is
    handled, before any frame."""

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        released = self._armed and event.type() == QtCore.QEvent.Type.MouseButtonRelease
        handled = super().eventFilter(watched, event)
        if released:
            document = self._felt.document
            session = document.session
            other = next(i for i, p in enumerate(session.players) if p.id != session.holder)
            assert document.apply(PassSeat(other))
        return handled


def test_the_seat_passed_before_the_drops_frame_is_painted_by_qt(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _fanned_window(qtbot, tmp_path)
    felt = window.felt
    document = window.document
    frame = SeatPassed(felt)
    card, start = _top_card(felt, list(document.session.table.piles[OPEN_TABLE].spots))
    across = round(card.sceneBoundingRect().width() * felt.zoom_factor() * 1.5)
    sign = 1 if start.x() < felt.viewport().width() // 2 else -1
    end = start + QtCore.QPoint(sign * across, 40)
    _let_go(qtbot, felt, frame, start, end)
    qtbot.waitUntil(lambda: not window.curtain.isHidden())
    curtain = document.session.curtain
    assert curtain is not None
    assert document.apply(ConfirmSeat(curtain))
    qtbot.waitUntil(lambda: frame.qt is not None)
    assert frame.probe_painted > 0  # the felt the new seat sees, painted by Qt
    assert frame.screen == frame.qt


class ZoomedFrame(QtFrame):
    """:class:`QtFrame`, with whether every card showed the art of the zoom at that frame."""

    settled_at_frame: bool | None = None

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        caught = self.region
        handled = super().eventFilter(watched, event)
        if caught is None and self.region is not None:
            self.settled_at_frame = self._felt.art_settled()
        return handled


def _two_cards_across(
    felt: TableView, card: QtWidgets.QGraphicsItem, start: QtCore.QPoint
) -> QtCore.QPoint:
    """Two cards' widths across, towards the middle of the view, and a little down."""
    across = round(2 * card.sceneBoundingRect().width() * felt.zoom_factor())
    sign = 1 if start.x() < felt.viewport().width() // 2 else -1
    return QtCore.QPoint(sign * across, 40)


def test_a_card_let_go_right_after_a_zoom_lands_painted_from_the_picture_its_art_after(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _fanned_window(qtbot, tmp_path)
    session, felt = window.document.session, window.felt
    felt.zoom_by(1.15)  # the cards show their art stretched until the art of the zoom is drawn
    card, start = _top_card(felt, list(session.table.piles[OPEN_TABLE].spots))
    frame = ZoomedFrame(felt)
    _drag(qtbot, felt, frame, start, start + _two_cards_across(felt, card, start))
    assert list(session.table.piles[OPEN_TABLE].spots)[-1] == card.card_id
    assert frame.settled_at_frame is False  # the frame showed the art stretched...
    assert frame.probe_painted == 0  # ...from the picture
    # What it painted is what Qt paints there then.
    assert frame.region is not None and frame.screen is not None and frame.qt is not None
    for rect in frame.region:
        device = device_rect(rect, frame.screen)
        assert frame.screen.copy(device) == frame.qt.copy(device)
    # The art of the zoom comes afterwards, as ever.
    qtbot.waitUntil(felt.art_settled, timeout=20_000)
    assert frame.on_screen() == felt.viewport().grab().toImage().convertToFormat(
        QtGui.QImage.Format.Format_RGB32
    )
