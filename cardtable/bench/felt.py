"""Dragging and dropping a card on the app's real table, beside the floor Qt itself sets.

:class:`FeltBench` opens Cardtable's main window as the app does (its panels, its autosave,
its own card art and layout), puts a :func:`~cardtable.bench.tables.big_table` session in
it, zooms the felt to 1 and drags one face-up card across the others with the X server's
own pointer (:mod:`cardtable.bench.xinput`: a move every 8 ms, as a mouse reports), then
drops it on another pile. :mod:`cardtable.bench.frames` times every move and paint.

The **floor** is the same cards as plain ``QGraphicsPixmapItem`` s showing the very same
shared art pixmaps, at the same places and zoom, drawn as Qt draws a picture by default (a
plain copy of its pixels, as the app draws its cards at rest), in a plain ``QGraphicsView``
laid exactly over the felt, dragged along the same path in the same run: what Qt itself
needs to move one picture over these others. At the release it puts every picture the
app's drop moved (the card dropped, the cards that made room or closed up) where the app put
it, in one plain loop: what Qt itself needs to show the same drop. Every figure is also given
as a ratio to it.

Figures for one table (all times in ms; frames from the pointer's move to the end of the
paint that showed it, pooled over the runs; drops are medians over the runs):

- ``frame_median``, ``frame_p95``, ``frame_max``, ``missed`` (moves never painted on
  their own, a share), ``cpu_per_move`` (main-thread processor time per move sent);
- ``drop``: from the button's release to the end of the first paint after the drop was
  handled (the main thread's work for the drop); ``drop_settled``: until the last paint of
  the cards sliding into place; ``drop_cpu``: the main thread's processor time until then;
- ``landed``: whether every drop landed on the pile it was aimed at (1.0) or not;
- ``moved``: how many cards the drop put in another place or layer (the floor moves as many).
"""

from __future__ import annotations

import itertools
import math
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.bench import xinput
from cardtable.bench.frames import FrameClock, frame_times, median, percentile
from cardtable.bench.tables import OPEN_TABLE, big_table
from cardtable.piles import PileId
from cardtable.session import Session
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.look import TableCard
from cardtable.ui.table.felt import felt_brush
from cardtable.ui.table.layout import card_centre
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import MainWindow

#: Moves in one drag, sent one every :data:`MOVE_MS` (about two seconds of dragging).
MOVES = 240
MOVE_MS = 8.0
#: A table is settled once its viewport has not painted for this long.
QUIET_S = 0.3
WINDOW_SIZE = QtCore.QSize(1280, 800)


def wait(seconds: float) -> None:
    """Run the event loop for ``seconds``."""
    loop = QtCore.QEventLoop()
    QtCore.QTimer.singleShot(max(0, round(seconds * 1000)), loop.quit)
    loop.exec()


def wait_for(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Run the event loop until ``condition()`` holds (checked every 10 ms)."""
    if condition():
        return
    deadline = time.monotonic() + timeout
    loop = QtCore.QEventLoop()
    timer = QtCore.QTimer()
    timer.setInterval(10)

    def check() -> None:
        if condition() or time.monotonic() > deadline:
            loop.quit()

    timer.timeout.connect(check)
    timer.start()
    loop.exec()
    timer.stop()
    if not condition():
        raise TimeoutError("the window did not get there in time")


def settle(clock: FrameClock, since: float) -> float:
    """Run the event loop until the viewport has been quiet for :data:`QUIET_S`; the end of
    its last paint after ``since`` (or ``since``)."""
    while True:
        last = clock.paints[-1].end if clock.paints else 0.0
        if time.monotonic() - max(last, since) >= QUIET_S:
            return max(last, since)
        wait(0.02)


def open_window(folder: Path) -> MainWindow:
    """Cardtable's main window as the app opens it (panels, settings, autosave in ``folder``)."""
    from cardtable.settings import Settings
    from cardtable.ui.window.setup import WindowSetup

    window = MainWindow(None, autosave_folder=folder, ask_recover=lambda _path: False)
    window.setup = WindowSetup(window, Settings())
    window.resize(WINDOW_SIZE)
    window.move(0, 0)
    window.show()
    ready: list[bool] = []
    window.when_ready(lambda _w: ready.append(True))
    wait_for(lambda: bool(ready))
    wait(0.3)
    return window


def put_in_play(window: MainWindow, session: Session) -> None:
    """Open ``session`` in ``window``; it comes in behind the curtain, and the player who
    holds the computer lifts it, as they would before playing."""
    window.document.replace(session)
    if session.curtain is not None:
        window.curtain.confirm.click()


def _device(view: QtWidgets.QGraphicsView, scene: QtCore.QPointF) -> tuple[int, int]:
    """A scene point as a pixel of the X screen (the pointer's coordinates)."""
    local = view.mapFromScene(scene)
    where = view.viewport().mapToGlobal(local)
    ratio = view.viewport().devicePixelRatioF()
    return round(where.x() * ratio), round(where.y() * ratio)


def _path(
    view: QtWidgets.QGraphicsView, stops: list[QtCore.QPointF]
) -> tuple[list[tuple[int, int]], dict[tuple[int, int], int]]:
    """:data:`MOVES` pixels along ``stops`` (first the press), each pixel once; and which
    move each pixel is (the press is not a move)."""
    legs = len(stops) - 1
    per_leg = MOVES // legs
    points = [_device(view, stops[0])]
    for a, b in itertools.pairwise(stops):
        for i in range(1, per_leg + 1):
            points.append(_device(view, a + (b - a) * (i / per_leg)))
    unique: list[tuple[int, int]] = []
    for point in points:
        if point not in unique:
            unique.append(point)
    return unique, {point: i for i, point in enumerate(unique[1:])}


#: Where one drop left each card it moved: its card, place and layer.
Landing = list[tuple[str, QtCore.QPointF, float]]


def _lying(felt: TableView) -> dict[str, tuple[QtCore.QPointF, float]]:
    """Where each card on ``felt`` lies now, and its layer."""
    return {card: (item.pos(), item.zValue()) for card, item in felt.items_shown().items()}


class DragRun:
    """One drag and drop, driven by the pointer process, timed by ``clock``."""

    def __init__(self, clock: FrameClock, points: list[tuple[int, int]], index: dict) -> None:
        clock.clear(index)
        self.clock = clock
        self.driver = xinput.start(points, MOVE_MS)
        wait_for(lambda: self.driver.poll() is not None, timeout=xinput.DRIVER_TIMEOUT_S)
        self.answer = xinput.answer(self.driver)
        wait_for(lambda: clock.release is not None, timeout=10)
        assert clock.release is not None
        release_start, release_end, cpu_then = clock.release
        settled = settle(clock, release_end)
        self.drop_cpu = (time.thread_time() - cpu_then) * 1000
        after = [p for p in clock.paints if p.start >= release_end]
        first = after[0].end if after else release_end
        self.drop = (first - release_start) * 1000
        self.drop_settled = (settled - release_start) * 1000
        self.frames = frame_times(self.answer["sent"], clock.moves, clock.paints)


def summary(runs: list[DragRun]) -> dict[str, float]:
    frames = [ms for run in runs for ms in run.frames.frames_ms]
    sent = sum(len(run.answer["sent"]) for run in runs)
    return {
        "frame_median": median(frames),
        "frame_p95": percentile(frames, 0.95),
        "frame_max": max(frames),
        "missed": sum(run.frames.missed for run in runs) / max(sent, 1),
        "cpu_per_move": sum(run.frames.cpu_ms_per_move for run in runs) / len(runs),
        "drop": median([run.drop for run in runs]),
        "drop_settled": median([run.drop_settled for run in runs]),
        "drop_cpu": median([run.drop_cpu for run in runs]),
    }


class FeltBench:
    """The main window, ready to be given big tables; :meth:`measure` times one."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="cardtable-bench-")
        self.window = open_window(Path(self._folder.name))

    def close(self) -> None:
        self.window.document.dirty = False
        self.window.close()
        wait(0.1)
        self._folder.cleanup()

    # -- one table ------------------------------------------------------------------------

    def measure(self, cards: int, crowded: bool, runs: int) -> dict[str, float]:
        """Drag over and drop on a table of ``cards`` cards, ``runs`` times, then the same on
        its floor; the figures (see the module's docstring), the floor's as ``floor_*``."""
        measured, landed, landing, points, index = self.drags(cards, crowded, runs)
        figures = summary(measured)
        figures["landed"] = 1.0 if landed else 0.0
        figures["moved"] = float(len(landing))
        floor = self._floor(points, index, runs, landing)
        figures.update({f"floor_{key}": value for key, value in floor.items()})
        return figures

    def drags(
        self, cards: int, crowded: bool, runs: int
    ) -> tuple[list[DragRun], bool, Landing, list[tuple[int, int]], dict]:
        """``runs`` timed drags and drops on a table of ``cards`` cards (after one untimed);
        whether each landed on its pile, where the first left the cards it moved, and the
        pointer's path."""
        session = big_table(cards, crowded)
        felt = self.window.felt
        put_in_play(self.window, session)
        wait(0.2)
        felt.zoom_by(1.0 / felt.zoom_factor())
        target_pile = self._aim(session, crowded)
        felt.centerOn(self._centre)
        wait(0.3)
        press, pile_of_card, card = self._press_point(session)
        stops = self._stops(press, crowded, target_pile, pile_of_card)
        points, index = _path(felt, stops)
        clock = FrameClock(felt.viewport())
        measured: list[DragRun] = []
        landed = True
        landing: Landing = []
        try:
            for attempt in range(runs + 1):
                at_rest = _lying(felt) if attempt == 0 else {}
                run = DragRun(clock, points, index)
                if attempt == 0:
                    landing = [
                        (card, place, layer)
                        for card, (place, layer) in _lying(felt).items()
                        if at_rest.get(card) != (place, layer)
                    ]
                where = session.table.where(card)  # type: ignore[arg-type]
                landed = landed and (where == target_pile or attempt == 0)
                if attempt:
                    measured.append(run)
                self._put_back(session, card, pile_of_card)
        finally:
            clock.remove()
        return measured, landed, landing, points, index

    def _aim(self, session: Session, crowded: bool) -> PileId:
        """Where the view looks (zoom 1) and the pile the card will be dropped on."""
        felt = self.window.felt
        zones = [z for z in felt.layout_now.zones if z.pile.startswith("zone/")]
        if crowded:
            spec = felt.layout_now.zone(OPEN_TABLE)
            assert spec is not None
            self._centre = spec.rect().center()
            return OPEN_TABLE
        middle = zones[len(zones) // 2]
        self._centre = middle.rect().center()
        # The other fan in the same row, or the one below.
        for other in zones[len(zones) // 2 + 1 :]:
            if abs(other.rect().center().x() - self._centre.x()) > 200:
                self._centre = (middle.rect().center() + other.rect().center()) / 2
                return other.pile
        return zones[len(zones) // 2 - 1].pile

    def _press_point(self, session: Session) -> tuple[QtCore.QPointF, PileId, str]:
        """A point near the middle of the view where a face-up card lies on top."""
        felt = self.window.felt
        centre = felt.viewport().rect().center()
        for radius in range(0, 400, 12):
            for step in range(max(1, radius // 6)):
                angle = 2 * math.pi * step / max(1, radius // 6)
                local = centre + QtCore.QPoint(
                    round(radius * math.cos(angle)), round(radius * math.sin(angle))
                )
                item = felt.itemAt(local)
                if isinstance(item, TableCard) and item.face_up and item.shows_face():
                    scene = felt.mapToScene(local)
                    return QtCore.QPointF(scene), PileId(item.pile_id), item.card_id
        raise RuntimeError("no face-up card near the middle of the view")

    def _stops(
        self, press: QtCore.QPointF, crowded: bool, target: PileId, source: PileId
    ) -> list[QtCore.QPointF]:
        felt = self.window.felt
        area = felt.mapToScene(felt.viewport().rect()).boundingRect()
        corner = QtCore.QPointF(area.left() + 0.15 * area.width(), area.top() + 0.2 * area.height())
        if (corner - press).manhattanLength() < 0.3 * area.width():
            corner = QtCore.QPointF(area.right() - 0.15 * area.width(), corner.y())
        spec = felt.layout_now.zone(target)
        assert spec is not None
        if crowded:
            drop = QtCore.QPointF(
                press.x() + (0.3 if press.x() < area.center().x() else -0.3) * area.width(),
                card_centre(spec).y(),
            )
        else:
            drop = card_centre(spec) + QtCore.QPointF(spec.width / 2 - 80, 0)
        return [press, corner, drop]

    def _put_back(self, session: Session, card: str, pile: PileId) -> None:
        """Undo the drop (untimed) and wait for the table to settle."""
        document = self.window.document
        if session.table.where(card) != pile and session.can_undo:  # type: ignore[arg-type]
            document.undo()
        wait(QUIET_S)

    # -- the floor ------------------------------------------------------------------------

    def _floor(
        self, points: list[tuple[int, int]], index: dict, runs: int, landing: Landing
    ) -> dict[str, float]:
        felt = self.window.felt
        viewport = felt.viewport()
        scene = QtWidgets.QGraphicsScene(felt.sceneRect())
        zoom = felt.zoom_factor()
        ratio = viewport.devicePixelRatioF()
        width_px = min(max(round(card_art.CARD_WIDTH * zoom), card_art.MIN_PX), card_art.MAX_PX)
        shown = sorted(
            (i for i in felt.items_shown().values() if i.isVisible()), key=lambda i: i.zValue()
        )
        pictures: dict[str, QtWidgets.QGraphicsPixmapItem] = {}
        for item in shown:
            face = item.visible_face() if item.shows_face() else None
            if face is not None:
                variant = card_art.joker_variant(item.card_id)
                pixmap = card_art.face_pixmap(face, width_px, ratio, variant)
            else:
                pixmap = card_art.back_pixmap(item.kind, width_px, ratio)
            picture = QtWidgets.QGraphicsPixmapItem(pixmap)
            size = pixmap.deviceIndependentSize()
            picture.setOffset(-size.width() / 2, -size.height() / 2)
            picture.setScale(card_art.CARD_WIDTH / size.width())
            picture.setRotation(item.rotation())
            picture.setShapeMode(QtWidgets.QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
            # Qt's default: a plain copy of the pixels, as the app's own cards are drawn at rest.
            picture.setTransformationMode(Qt.TransformationMode.FastTransformation)
            picture.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
            picture.setPos(item.pos())
            picture.setZValue(item.zValue())
            scene.addItem(picture)
            pictures[item.card_id] = picture
        moves = [
            (pictures[card], place, layer) for card, place, layer in landing if card in pictures
        ]
        view = _FloorView(scene, moves)
        view.setWindowFlag(Qt.WindowType.FramelessWindowHint)
        view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setBackgroundBrush(felt_brush())
        view.setTransform(felt.transform())
        view.resize(viewport.size())
        view.move(viewport.mapToGlobal(QtCore.QPoint(0, 0)))
        view.show()
        view.raise_()
        wait(0.2)
        view.centerOn(felt.mapToScene(viewport.rect().center()))
        wait(0.3)
        clock = FrameClock(view.viewport())
        measured = []
        places = [(picture, picture.pos(), picture.zValue()) for picture in scene.items()]
        try:
            for attempt in range(runs + 1):
                run = DragRun(clock, points, index)
                if attempt:
                    measured.append(run)
                for picture, place, layer in places:  # every picture back where it was
                    picture.setPos(place)
                    picture.setZValue(layer)
                wait(QUIET_S)
        finally:
            clock.remove()
            view.close()
            view.deleteLater()
            wait(0.2)
        return summary(measured)


class _FloorView(QtWidgets.QGraphicsView):
    """The floor's plain view: at the release, the pictures the app's drop moved go where
    the app put them (:data:`Landing`), in one loop, and are drawn anew, as bare Qt would
    show that drop."""

    def __init__(
        self,
        scene: QtWidgets.QGraphicsScene,
        moves: list[tuple[QtWidgets.QGraphicsPixmapItem, QtCore.QPointF, float]],
    ) -> None:
        super().__init__(scene)
        self._moves = moves

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        for picture, place, layer in self._moves:
            picture.setPos(place)
            picture.setZValue(layer)
            picture.update()  # the card let go is drawn anew (the app's loses its lift)


def measure_all(
    sizes: tuple[int, ...], runs: int, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Every table (each size, spread and crowded) at this process's pixel ratio."""
    ratio = round(QtGui.QGuiApplication.primaryScreen().devicePixelRatio())
    bench = FeltBench()
    results: dict[str, Any] = {}
    try:
        for cards in sizes:
            for crowded in (False, True):
                name = f"{'crowded' if crowded else 'spread'}_{cards}_{ratio}x"
                if progress is not None:
                    progress(f"  table {name}")
                for key, value in bench.measure(cards, crowded, runs).items():
                    results[f"{name}_{key}"] = value
    finally:
        bench.close()
    return results
