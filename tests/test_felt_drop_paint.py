"""A card let go on a table of fans: the first frame after the drop repaints the card's own
place, not every card put down after it (each drops a rank, but their order, and so what
the felt shows of them, is as it was: :mod:`cardtable.ui.table.stacking`), nor the place
the drag began (:meth:`~cardtable.ui.table.drag_picture.DragPicture.set_down`); and that
frame, as the screen shows it, is what Qt's own paint of the whole felt shows. A card
dropped on a pile is set down unseen: nothing is painted before the drop's frame, which
paints the card where it lies; and the screen then shows what Qt paints, the cards that moved
included (their layers undo the zoom itself, so Qt copies their pixels whatever a paint's
clip)."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.bench.tables import FANNED_AREA, OPEN_TABLE, big_table, fanned_table
from cardtable.session import ConfirmSeat
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.look import TableCard
from cardtable.ui.table.layout import GRID, card_centre
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
_Type = QtCore.QEvent.Type


class FirstFrame(QtCore.QObject):
    """The first paint of ``felt``'s viewport after the next release of the mouse button
    (once :meth:`arm` ed): the part it repainted, and what the screen showed of the viewport
    right after it."""

    def __init__(self, felt: TableView) -> None:
        super().__init__()
        self._felt = felt
        self._armed = self._released = False
        self._inside = self._releasing = False
        self.region: QtGui.QRegion | None = None
        #: Paints of the viewport while the release was handled, before the drop's frame.
        self.paints_in_release = 0
        self.screen: QtGui.QImage | None = None
        felt.viewport().installEventFilter(self)

    def on_screen(self) -> QtGui.QImage:
        """What the window's backing store holds of the viewport: the frames painted."""
        viewport = self._felt.viewport()
        window = viewport.window()
        # Read from the backing store itself: the offscreen platform's grabWindow clips its
        # device pixels to the window's logical size, so at a pixel ratio of 2 it loses most.
        held = window.backingStore().paintDevice()
        assert isinstance(held, QtGui.QImage)
        ratio = held.devicePixelRatio()
        corner = viewport.mapTo(window, QtCore.QPoint(0, 0)) * ratio
        size = viewport.size() * ratio
        shown = held.copy(QtCore.QRect(corner, size))
        return shown.convertToFormat(QtGui.QImage.Format.Format_RGB32)

    def arm(self) -> None:
        self._armed, self._released, self.region = True, False, None
        self.paints_in_release = 0

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if self._releasing and event.type() == _Type.Paint:
            self.paints_in_release += 1
        if self._inside or not self._armed:
            return False
        if event.type() == _Type.MouseButtonRelease:
            # Handed on now: what the release paints itself (off screen) is not a frame.
            self._inside = self._releasing = True
            try:
                QtCore.QCoreApplication.sendEvent(watched, event)
            finally:
                self._inside = self._releasing = False
            self._released = True
            return True
        if event.type() != _Type.Paint or not self._released:
            return False
        assert isinstance(event, QtGui.QPaintEvent)
        self._armed = False
        self._inside = True
        try:
            QtCore.QCoreApplication.sendEvent(watched, event)
            self.region = QtGui.QRegion(event.region())
            self.screen = self.on_screen()
        finally:
            self._inside = False
        return True


def _fanned_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The real main window on a table of 600 cards, 60 of them put down by hand in fans over
    the open table's rows, zoomed in on the fans as the felt's bench looks at them (cards
    put in place at once: nothing moves on the felt after the drop's frame), every card's
    art drawn."""
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1280, 800))
    document = window.document
    document.replace(fanned_table(600))
    if document.session.curtain is not None:  # it comes in behind the curtain
        assert document.apply(ConfirmSeat(document.session.curtain))
    felt = window.felt
    felt.set_animation_ms(0)
    felt.zoom_by(2.0 / felt.zoom_factor())
    spec = felt.layout_now.zone(OPEN_TABLE)
    assert spec is not None
    left, top, right, bottom = FANNED_AREA
    felt.centerOn(spec.x + (left + right) / 2, spec.y + (top + bottom) / 2)
    qtbot.waitUntil(felt.art_settled, timeout=20_000)  # every card shows its art
    return window


def _top_card(felt: TableView, spots: list[str]) -> tuple[TableCard, QtCore.QPoint]:
    """The card of ``spots`` (put down by hand) lying face up on top nearest the middle of
    the view along its width, and a point on it."""
    centre = felt.viewport().rect().center()
    points = [centre + QtCore.QPoint(sign * dx, 0) for dx in range(0, 500, 8) for sign in (1, -1)]
    put_down = set(spots)
    found = (felt.itemAt(point) for point in points)
    for point, item in zip(points, found, strict=True):
        if isinstance(item, TableCard) and item.card_id in put_down and item.shows_face():
            return item, point
    raise AssertionError("no face-up card put down by hand near the middle of the felt")


def _place(felt: TableView, card: TableCard) -> QtCore.QRect:
    bounds = card.boundingRect().united(card.childrenBoundingRect())
    return felt.mapFromScene(card.mapRectToScene(bounds)).boundingRect()


def _shows_apart(felt: TableView, card: str, seen: QtCore.QRect, away: QtCore.QRect) -> bool:
    """Whether ``card`` lies in ``seen`` but clear of ``away`` (grown by a step of the grid a
    card let go snaps to, at the zoom shown)."""
    item = felt.item(card)
    if item is None:
        return False
    place = _place(felt, item)
    step = round(GRID * felt.zoom_factor())
    return seen.intersects(place) and not place.intersects(away.adjusted(-step, -step, step, step))


def _drop_across(
    qtbot: QtBot, felt: TableView, frame: FirstFrame, spots: list[str]
) -> tuple[TableCard, QtCore.QRect, QtCore.QRect]:
    """Drag a card put down by hand two cards' widths across and let it go on the open
    table; the card, where it lay before and where it lies once let go; ``frame`` holds
    the first frame after the drop."""
    viewport = felt.viewport()
    card, start = _top_card(felt, spots)
    before = _place(felt, card)
    across = 2 * before.width() * (1 if start.x() < viewport.width() // 2 else -1)
    end = start + QtCore.QPoint(across, 40)
    qtbot.mousePress(viewport, LEFT, pos=start)
    assert felt.drag_picture.card() is card
    for step in range(1, 25):
        qtbot.mouseMove(viewport, start + (end - start) * (step / 24))
        QtWidgets.QApplication.processEvents()
    assert felt.drag_picture.active()
    frame.arm()
    qtbot.mouseRelease(viewport, LEFT, pos=end)
    qtbot.waitUntil(lambda: frame.region is not None)
    return card, before, _place(felt, card)


def test_a_drop_on_fans_repaints_the_card_alone_and_shows_what_qt_paints(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _fanned_window(qtbot, tmp_path)
    felt = window.felt
    session = window.document.session
    frame = FirstFrame(felt)
    cards_before = list(session.table.piles[OPEN_TABLE].spots)
    for turn in range(2):  # the second time the card has the focus, and its ring
        card, before, after = _drop_across(qtbot, felt, frame, cards_before)
        spots = list(session.table.piles[OPEN_TABLE].spots)
        assert spots[-1] == card.card_id and spots[:-1] == [
            c for c in cards_before if c != card.card_id
        ]
        # Cards put down after it dropped a rank, some of them in sight away from it.
        later = cards_before[cards_before.index(card.card_id) + 1 :]
        seen = felt.viewport().rect()
        apart = [c for c in later if _shows_apart(felt, c, seen, after)]
        assert apart, "no card put down after it lies in sight away from it"
        # The frame repainted where the card was let go and now lies, and nothing more:
        # neither where it lay before nor any of the cards that dropped a rank.
        region = frame.region
        assert region is not None
        assert not region.intersects(before.adjusted(4, 4, -4, -4)), turn
        for other in apart:
            item = felt.item(other)
            assert item is not None
            assert not region.intersects(_place(felt, item).adjusted(4, 4, -4, -4)), turn
        assert region.boundingRect().width() < 2 * after.width(), turn
        # What the screen shows is what Qt paints of the felt as it is now.
        assert frame.screen is not None
        assert frame.on_screen() == frame.screen  # nothing painted since
        qt_paints = felt.viewport().grab().toImage()
        assert frame.screen == qt_paints.convertToFormat(QtGui.QImage.Format.Format_RGB32), turn
        assert window.document.undo()
        qtbot.wait(100)


def _fan_to_fan(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, TableCard, FirstFrame]:
    """Drag the top card of the first fan of a spread 500-card table (the cards put in place
    at once, every card's art drawn) onto the second fan and let it go; the window, the card
    and the first frame after the drop."""
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1280, 800))
    document = window.document
    document.replace(big_table(500, crowded=False))
    if document.session.curtain is not None:
        assert document.apply(ConfirmSeat(document.session.curtain))
    felt = window.felt
    felt.set_animation_ms(0)
    fans = [z for z in felt.layout_now.zones if z.pile.startswith("zone/")]
    source, target = fans[0], fans[1]
    felt.centerOn((source.rect().center() + target.rect().center()) / 2)
    qtbot.waitUntil(felt.art_settled, timeout=20_000)
    top = felt.item(felt.laid(str(source.pile))[0][-1])  # the fan's last card lies on top
    assert top is not None
    viewport = felt.viewport()
    start = felt.mapFromScene(top.sceneBoundingRect().center())
    end = felt.mapFromScene(card_centre(target) + QtCore.QPointF(target.width / 2 - 80, 0))
    frame = FirstFrame(felt)
    qtbot.mousePress(viewport, LEFT, pos=start)
    assert felt.drag_picture.card() is top
    for step in range(1, 25):
        qtbot.mouseMove(viewport, start + (end - start) * (step / 24))
        QtWidgets.QApplication.processEvents()
    frame.arm()
    qtbot.mouseRelease(viewport, LEFT, pos=end)
    qtbot.waitUntil(lambda: frame.region is not None)
    assert document.session.table.where(top.card_id) == target.pile
    return window, top, frame


def test_a_card_dropped_on_another_fan_is_set_down_unseen_and_painted_in_the_drops_frame(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, top, frame = _fan_to_fan(qtbot, tmp_path)
    felt = window.felt
    assert frame.paints_in_release == 0
    # The drop's frame painted the card where it lies now, in the other fan.
    assert frame.region is not None and frame.region.contains(_place(felt, top).center())


def test_after_a_drop_on_another_fan_the_screen_shows_what_qt_paints_at_a_zoom_of_many_decimals(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, _top, frame = _fan_to_fan(qtbot, tmp_path)
    zoom = window.felt.zoom_factor()
    assert round(zoom, 6) != zoom  # more decimals than the six the felt tells zooms apart by
    qtbot.wait(300)  # the fans' counts and the log follow the felt's frame
    shown = frame.on_screen()
    qt_paints = window.felt.viewport().grab().toImage()
    assert shown == qt_paints.convertToFormat(QtGui.QImage.Format.Format_RGB32)
