"""Dragging and dropping a card on the app's real table, beside the floor Qt itself sets.

:class:`FeltBench` opens Cardtable's main window as the app does (its panels, its autosave,
its own card art and layout), puts a big session in it (:mod:`cardtable.bench.tables`:
cards spread over fans, crowded in the open table's rows, or put down by hand in fans all
over it), zooms the felt (to 1, or to :data:`FANNED_ZOOM` for the fanned table) and drags
one face-up card across the others with the X server's own pointer
(:mod:`cardtable.bench.xinput`: a move every 8 ms, as a mouse reports), then drops it on
another pile. :mod:`cardtable.bench.frames` times every move and paint. On the fanned table
it also zooms in anew before each of a few shorter drags, which start at once: the drag
within the first second after a zoom, while the art of the new size is being drawn.

The **floor** (:mod:`cardtable.bench.floor`) is the app's own table as plain
``QGraphicsPixmapItem`` s: each picture the app's cards show (the very same shared pixmaps,
the strip a card under another in a row shows included), where and as the app shows it
(place, layer, zoom, turned round), and under them one picture of what each zone (its
frame, title and count) and deck caption shows, on the same pixels, in a plain
``QGraphicsView`` with the felt's own view settings, laid exactly over the felt, dragged
along the same path in the same run: what Qt itself needs to move one picture over these
others. At the release it puts every picture
the app's drop moved where the app put it, in one plain loop: what Qt itself needs to show
the same drop. Every figure is also given as a ratio to it.

Figures for one table (all times in ms; frames from the pointer's move to the end of the
paint that showed it, pooled over the runs; the drop's figures medians over the runs, one
drop a run; the repaints' over :data:`REPAINT_SAMPLES` of each, whatever the runs):

- ``frame_median``, ``frame_p95``, ``frame_max``, ``missed`` (moves never painted on
  their own, a share), ``cpu_per_move`` (main-thread processor time per move sent);
- ``drop``: from the button's release to the end of the first paint after the drop was
  handled (the main thread's work for the drop); ``drop_settled``: until the last paint of
  the cards sliding into place; ``drop_cpu``: the main thread's processor time until then;
- ``repaint_zoom``, ``repaint_zoom_p95``: the median and 95th percentile of a step of the
  wheel's zoom in (the zoom, and the whole view painted at once), each at a zoom never
  shown before, so that no art of that size is drawn yet; ``repaint_pan``,
  ``repaint_pan_p95``: of the view panned by half its width, painted whole at once;
- ``landed``: whether every drop landed on the pile it was aimed at (1.0) or not;
- ``moved``: how many cards the drop put in another place or layer (the floor moves as many).

The fanned table's drags right after a zoom report the same figures prefixed ``fresh_``.
"""

from __future__ import annotations

import itertools
import math
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.bench.drag_run import (
    QUIET_S,
    DragRun,
    Landing,
    summary,
    wait,
    wait_for,
    wait_idle,
)
from cardtable.bench.floor import FloorTable
from cardtable.bench.frames import FrameClock, median, percentile
from cardtable.bench.tables import FANNED_AREA, OPEN_TABLE, big_table, fanned_table
from cardtable.piles import PileId
from cardtable.session import Session
from cardtable.ui.art.card_art import CARD_WIDTH
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.look import TableCard
from cardtable.ui.table.layout import card_centre
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import MainWindow

#: Moves in one drag, sent one every :data:`MOVE_MS` (1.3 s of dragging).
MOVES = 160
#: Moves in a drag right after a zoom: pressed and moved within the first second.
FRESH_MOVES = 80
#: The zoom the fanned table is dragged at (a card 240 pixels wide at pixel ratio 1).
FANNED_ZOOM = 2.0
#: The full repaint after a zoom: one step of the wheel in; after a pan: half the view across.
REPAINT_STEP = 1.15
PAN_SHARE = 0.5
#: Full repaints timed on each table after a zoom, and as many after a pan, whatever the
#: runs (the floor's at the same zooms): a steadier median than the runs' few, and a 95th
#: percentile (of so few, the longest). Each waits, on the app and on the floor, for the
#: table to be idle again, so that many more would make a full bench run much longer.
REPAINT_SAMPLES = 9
WINDOW_SIZE = QtCore.QSize(1280, 800)


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
    view: QtWidgets.QGraphicsView, stops: list[QtCore.QPointF], moves: int = MOVES
) -> tuple[list[tuple[int, int]], dict[tuple[int, int], int]]:
    """``moves`` pixels along ``stops`` (first the press), each pixel once; and which move
    each pixel is (the press is not a move)."""
    legs = len(stops) - 1
    per_leg = moves // legs
    points = [_device(view, stops[0])]
    for a, b in itertools.pairwise(stops):
        for i in range(1, per_leg + 1):
            points.append(_device(view, a + (b - a) * (i / per_leg)))
    unique: list[tuple[int, int]] = []
    for point in points:
        if point not in unique:
            unique.append(point)
    return unique, {point: i for i, point in enumerate(unique[1:])}


def _lying(felt: TableView) -> dict[str, tuple[QtCore.QPointF, float]]:
    """Where each card on ``felt`` lies now, and its layer."""
    return {card: (item.pos(), item.zValue()) for card, item in felt.items_shown().items()}


class FeltBench:
    """The main window, ready to be given big tables; :meth:`measure` times one."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="cardtable-bench-")
        self.window = open_window(Path(self._folder.name))
        #: How many pixels wide the zooms shown on the table in play made a card.
        self._widths: set[int] = set()
        self._centre = QtCore.QPointF()
        self._base_zoom = 1.0

    def close(self) -> None:
        self.window.document.dirty = False
        self.window.close()
        wait(0.1)
        self._folder.cleanup()

    def fresh_zoom(self, zoom: float) -> float:
        """The least zoom from ``zoom`` up at which a card is a whole number of pixels wide
        that no zoom on the table in play has made it: its art of that size is not drawn
        yet (the art is drawn once for each width, and each table starts with none)."""
        width = round(CARD_WIDTH * zoom)
        while width in self._widths:
            width += 1
        self._widths.add(width)
        return width / CARD_WIDTH

    # -- one table ------------------------------------------------------------------------

    def measure(self, cards: int, layout: str, runs: int) -> dict[str, float]:
        """Drag over and drop on a table of ``cards`` cards laid out as ``layout`` ("spread",
        "crowded" or "fanned"), ``runs`` times, time :data:`REPAINT_SAMPLES` full repaints of
        each kind, then the same on its floor; the figures (see the module's docstring), the
        floor's as ``floor_*``."""
        measured, landed, landing, points, index = self.drags(cards, layout, runs)
        figures = summary(measured)
        figures["landed"] = 1.0 if landed else 0.0
        figures["moved"] = float(len(landing))
        felt = self.window.felt
        base = self._base_zoom
        factors = [self.fresh_zoom(base * REPAINT_STEP) / base for _ in range(REPAINT_SAMPLES)]
        figures.update(repaints(felt, felt.zoom_by, self._centre, factors))
        if layout == "fanned":
            fresh, fresh_landed = self.fresh_drags(runs)
            figures.update({f"fresh_{key}": value for key, value in summary(fresh).items()})
            figures["fresh_landed"] = 1.0 if fresh_landed else 0.0
            figures["fresh_moved"] = figures["moved"]
        self._look(self._base_zoom)
        floor = FloorTable(felt, landing)
        try:
            figures.update({f"floor_{k}": v for k, v in floor.drags(points, index, runs).items()})
            found = repaints(floor.view, floor.zoom_by, self._centre, factors)
            figures.update({f"floor_{key}": value for key, value in found.items()})
        finally:
            floor.close()
        return figures

    def _look(self, zoom: float) -> None:
        """Zoom the felt to ``zoom``, look at the table's middle, and wait for the art."""
        self._widths.add(round(CARD_WIDTH * zoom))
        felt = self.window.felt
        felt.zoom_by(zoom / felt.zoom_factor())
        felt.centerOn(self._centre)
        wait_idle()

    def drags(
        self, cards: int, layout: str, runs: int
    ) -> tuple[list[DragRun], bool, Landing, list[tuple[int, int]], dict]:
        """``runs`` timed drags and drops on a table of ``cards`` cards (after one untimed);
        whether each landed on its pile, where the first left the cards it moved, and the
        pointer's path."""
        if layout == "fanned":
            session = fanned_table(cards)
        else:
            session = big_table(cards, crowded=layout == "crowded")
        felt = self.window.felt
        # Nothing an earlier table drew is found on this one: every zoom made anew on it
        # draws its art anew (see fresh_zoom), whatever tables came before.
        QtGui.QPixmapCache.clear()
        self._widths.clear()
        put_in_play(self.window, session)
        wait(0.2)
        self._base_zoom = FANNED_ZOOM if layout == "fanned" else 1.0
        target_pile = self._aim(layout)
        self._look(self._base_zoom)
        press, pile_of_card, card = self._press_point()
        stops = self._stops(press, layout, target_pile)
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

    def fresh_drags(self, runs: int) -> tuple[list[DragRun], bool]:
        """``runs`` drags and drops of :data:`FRESH_MOVES` moves on the table in play, each
        begun at once after zooming in from 1 to a zoom never shown before (near the table's
        own); and whether each landed on the open table."""
        felt = self.window.felt
        session = self.window.document.session
        clock = FrameClock(felt.viewport())
        measured: list[DragRun] = []
        landed = True
        try:
            for _ in range(runs):
                self._look(1.0)
                felt.zoom_by(self.fresh_zoom(self._base_zoom) / felt.zoom_factor())
                felt.centerOn(self._centre)
                press, pile_of_card, card = self._press_point()
                points, index = _path(felt, self._stops(press, "fanned", OPEN_TABLE), FRESH_MOVES)
                measured.append(DragRun(clock, points, index))
                landed = landed and session.table.where(card) == OPEN_TABLE
                self._put_back(session, card, pile_of_card)
        finally:
            clock.remove()
        return measured, landed

    def _aim(self, layout: str) -> PileId:
        """Where the view looks and the pile the card will be dropped on."""
        felt = self.window.felt
        zones = [z for z in felt.layout_now.zones if z.pile.startswith("zone/")]
        if layout != "spread":
            spec = felt.layout_now.zone(OPEN_TABLE)
            assert spec is not None
            self._centre = spec.rect().center()
            if layout == "fanned":
                left, top, right, bottom = FANNED_AREA
                middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
                self._centre = QtCore.QPointF(spec.x + middle_x, spec.y + middle_y)
            return OPEN_TABLE
        middle = zones[len(zones) // 2]
        self._centre = middle.rect().center()
        # The other fan in the same row, or the one below.
        for other in zones[len(zones) // 2 + 1 :]:
            if abs(other.rect().center().x() - self._centre.x()) > 200:
                self._centre = (middle.rect().center() + other.rect().center()) / 2
                return other.pile
        return zones[len(zones) // 2 - 1].pile

    def _press_point(self) -> tuple[QtCore.QPointF, PileId, str]:
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

    def _stops(self, press: QtCore.QPointF, layout: str, target: PileId) -> list[QtCore.QPointF]:
        felt = self.window.felt
        area = felt.mapToScene(felt.viewport().rect()).boundingRect()
        corner = QtCore.QPointF(area.left() + 0.15 * area.width(), area.top() + 0.2 * area.height())
        if (corner - press).manhattanLength() < 0.3 * area.width():
            corner = QtCore.QPointF(area.right() - 0.15 * area.width(), corner.y())
        spec = felt.layout_now.zone(target)
        assert spec is not None
        across = (0.3 if press.x() < area.center().x() else -0.3) * area.width()
        if layout == "fanned":
            drop = QtCore.QPointF(press.x() + across, area.center().y())
        elif layout == "crowded":
            drop = QtCore.QPointF(press.x() + across, card_centre(spec).y())
        else:
            drop = card_centre(spec) + QtCore.QPointF(spec.width / 2 - 80, 0)
        return [press, corner, drop]

    def _put_back(self, session: Session, card: str, pile: PileId) -> None:
        """Undo the drop (untimed) and wait for the table to settle."""
        document = self.window.document
        if session.table.where(card) != pile and session.can_undo:  # type: ignore[arg-type]
            document.undo()
        wait(QUIET_S)


def repaints(
    view: QtWidgets.QGraphicsView,
    zoom_by: Callable[[float], None],
    centre: QtCore.QPointF,
    factors: list[float],
) -> dict[str, float]:
    """The median and 95th percentile of :func:`repaint_times`: ``repaint_zoom``,
    ``repaint_zoom_p95``, ``repaint_pan``, ``repaint_pan_p95``."""
    zoomed, panned = repaint_times(view, zoom_by, centre, factors)
    return {
        "repaint_zoom": median(zoomed),
        "repaint_zoom_p95": percentile(zoomed, 0.95),
        "repaint_pan": median(panned),
        "repaint_pan_p95": percentile(panned, 0.95),
    }


def repaint_times(
    view: QtWidgets.QGraphicsView,
    zoom_by: Callable[[float], None],
    centre: QtCore.QPointF,
    factors: list[float],
) -> tuple[list[float], list[float]]:
    """The full repaints of ``view`` (ms): one after each zoom by one of ``factors`` (the
    zoom itself and the paint of the whole view at once), and one after each of as many
    pans by :data:`PAN_SHARE` of its width, by turns right and left; each time back and
    idle after."""
    zoomed: list[float] = []
    panned: list[float] = []
    viewport = view.viewport()
    for turn, factor in enumerate(factors):
        start = time.monotonic()
        zoom_by(factor)
        view.centerOn(centre)
        viewport.repaint()
        zoomed.append((time.monotonic() - start) * 1000)
        zoom_by(1 / factor)
        view.centerOn(centre)
        viewport.repaint()  # the way back painted now, not in the wait for what is left
        wait_idle()
        area = view.mapToScene(viewport.rect()).boundingRect()
        across = PAN_SHARE * area.width() * (1 if turn % 2 == 0 else -1)
        start = time.monotonic()
        view.centerOn(centre + QtCore.QPointF(across, 0))
        viewport.repaint()
        panned.append((time.monotonic() - start) * 1000)
        view.centerOn(centre)
        viewport.repaint()
        wait_idle()
    return zoomed, panned


#: The tables :func:`measure_all` measures at each size: spread and crowded always, fanned
#: (zoomed in, and dragged again right after a zoom) at this size only.
FANNED_CARDS = 5000


def measure_all(
    sizes: tuple[int, ...], runs: int, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Every table (each size, spread and crowded; fanned at :data:`FANNED_CARDS`) at this
    process's pixel ratio. The fanned table's drags right after a zoom are the ``zoomed``
    table, beside the fanned table's floor."""
    ratio = round(QtGui.QGuiApplication.primaryScreen().devicePixelRatio())
    bench = FeltBench()
    results: dict[str, Any] = {}
    tables = [(cards, layout) for cards in sizes for layout in ("spread", "crowded")]
    if FANNED_CARDS in sizes:
        tables.append((FANNED_CARDS, "fanned"))
    try:
        for cards, layout in tables:
            name = f"{layout}_{cards}_{ratio}x"
            began = time.monotonic()
            found = bench.measure(cards, layout, runs)
            if progress is not None:
                progress(f"  table {name}: {time.monotonic() - began:.0f} s")
            for key, value in found.items():
                if key.startswith("fresh_"):
                    results[f"zoomed_{cards}_{ratio}x_{key.removeprefix('fresh_')}"] = value
                else:
                    results[f"{name}_{key}"] = value
            if layout == "fanned":
                zoomed = f"zoomed_{cards}_{ratio}x"
                for key in [k for k in results if k.startswith(f"{name}_floor_")]:
                    results[key.replace(name, zoomed, 1)] = results[key]
    finally:
        bench.close()
    return results
