"""A zoom and a pan on a fanned, crowded table, beside plain pixmaps laid where the app lays
its cards.

Run under a real X server or Xvfb, at pixel ratio 1 or 2 (``QT_SCALE_FACTOR``)::

    QT_SCALE_FACTOR=2 xvfb-run -a -s "-screen 0 2600x1700x24" \\
        python benchmarks/bench_felt_zoom.py 5000

The table is :func:`~cardtable.bench.tables.big_table` crowded onto the open table, every card
put down by hand in fans of eight at seeded random places (as a long evening of drops leaves
it): no card is hidden in a row, so every paint draws hundreds of cards deep. In the app's
main window, it times the main thread's processor time for the first paint after a zoom to a
size never drawn before, after a pan, and at rest; and how long the art of the new size takes
to follow (wall clock). The floor is the same pictures as plain ``QGraphicsPixmapItem`` s in a
plain view laid over the felt, at the same zoom, given the same zoom and pan. Processor time,
not wall clock: on a shared machine the load would drown the difference. Target: each at most
1.5 times the floor.
"""

from __future__ import annotations

import functools
import statistics
import sys
import time
from collections.abc import Callable

from cardtable.bench import felt as bench_felt
from cardtable.bench.frames import FrameClock, percentile
from cardtable.bench.tables import OPEN_TABLE, big_table
from cardtable.piles import Spot
from cardtable.randomness import seeded
from cardtable.session import Session
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.table.layout import lay_out
from cardtable.ui.table.view import TableView

RUNS = 7
FAN, STEP_X, STEP_Y = 8, 22, 3
#: Zooms by turns in and out, a little further each time: each a size never drawn before.
ZOOM_IN, ZOOM_OUT = 1.04, 1 / 1.04**0.5
PAN = 200.0
TARGET = 1.5


def fanned_table(cards: int) -> Session:
    """``cards`` cards on the open table, each put down by hand in fans of eight."""
    session = big_table(cards, crowded=True)
    spec = lay_out(session.state).zone(OPEN_TABLE)
    assert spec is not None
    pile = session.state.table.piles[OPEN_TABLE]
    rng = seeded(7)
    for start in range(0, len(pile.cards), FAN):
        x = rng.randint(80, int(spec.width) - 80 - FAN * STEP_X)
        y = rng.randint(130, int(spec.height) - 110)
        for k, card in enumerate(pile.cards[start : start + FAN]):
            pile.spots[card] = Spot(x + STEP_X * k, y + STEP_Y * k)
    session.state.check()
    return session


def paint_cpu(viewport: QtWidgets.QWidget, change: Callable[[], None]) -> float:
    """The main thread's processor time (ms) for the first paint after ``change``."""
    clock = FrameClock(viewport)
    bench_felt.wait(0.05)
    clock.clear()
    change()
    viewport.update()
    bench_felt.wait(0.5)
    clock.remove()
    return clock.paints[0].cpu * 1000 if clock.paints else float("nan")


def floor_view(felt: TableView) -> QtWidgets.QGraphicsView:
    """Plain pixmaps of the cards on ``felt``, where it lays them, in a plain view over it."""
    viewport = felt.viewport()
    scene = QtWidgets.QGraphicsScene(felt.sceneRect(), felt)
    ratio = viewport.devicePixelRatioF()
    width_px = round(card_art.CARD_WIDTH * felt.zoom_factor())
    shown = sorted(
        (i for i in felt.items_shown().values() if i.isVisible()), key=lambda i: i.zValue()
    )
    for item in shown:
        face = item.visible_face() if item.shows_face() else None
        if face is None:
            pixmap = card_art.back_pixmap(item.kind, width_px, ratio)
        else:
            variant = card_art.joker_variant(item.card_id)
            pixmap = card_art.face_pixmap(face, width_px, ratio, variant)
        picture = QtWidgets.QGraphicsPixmapItem(pixmap)
        size = pixmap.deviceIndependentSize()
        picture.setOffset(-size.width() / 2, -size.height() / 2)
        picture.setScale(card_art.CARD_WIDTH / size.width())
        picture.setRotation(item.rotation())
        picture.setPos(item.pos())
        picture.setZValue(item.zValue())
        scene.addItem(picture)
    view = QtWidgets.QGraphicsView(scene)
    view.setWindowFlag(Qt.WindowType.FramelessWindowHint)
    view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setBackgroundBrush(felt.backgroundBrush())
    view.setTransform(felt.transform())
    view.resize(viewport.size())
    view.move(viewport.mapToGlobal(QtCore.QPoint(0, 0)))
    view.show()
    bench_felt.wait(0.3)
    view.centerOn(felt.mapToScene(viewport.rect().center()))
    bench_felt.wait(0.3)
    return view


def _zoom(view: QtWidgets.QGraphicsView, zoom: Callable[[float], None], factor: float) -> None:
    """Zoom by ``factor`` about the middle of the view."""
    centre = view.mapToScene(view.viewport().rect().center())
    zoom(factor)
    view.centerOn(centre)


def measure(
    view: QtWidgets.QGraphicsView, zoom: Callable[[float], None], settled: Callable[[], bool]
) -> dict[str, list[float]]:
    """Processor times of the paints at rest, after a pan and after a zoom, :data:`RUNS`
    times each; each run begins once ``settled()``."""
    viewport = view.viewport()
    found: dict[str, list[float]] = {"rest": [], "pan": [], "zoom": []}
    for run in range(RUNS):
        bench_felt.wait_for(settled, 120)
        found["rest"].append(paint_cpu(viewport, lambda: None))
        centre = view.mapToScene(viewport.rect().center())
        shift = QtCore.QPointF(PAN if run % 2 == 0 else -PAN, 0)
        found["pan"].append(paint_cpu(viewport, functools.partial(view.centerOn, centre + shift)))
        factor = ZOOM_IN if run % 2 == 0 else ZOOM_OUT
        found["zoom"].append(paint_cpu(viewport, functools.partial(_zoom, view, zoom, factor)))
    return found


def main() -> int:
    cards = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv)
    bench = bench_felt.FeltBench()
    felt = bench.window.felt
    bench_felt.put_in_play(bench.window, fanned_table(cards))
    felt.zoom_by(1.0 / felt.zoom_factor())
    spec = felt.layout_now.zone(OPEN_TABLE)
    assert spec is not None
    felt.centerOn(spec.rect().center())
    bench_felt.wait(1.0)
    settle: list[float] = []

    def felt_zoom(factor: float) -> None:
        felt.zoom_by(factor)

    app_found = measure(felt, felt_zoom, felt.art_settled)
    for factor in (ZOOM_IN, ZOOM_OUT):
        started = time.monotonic()
        felt_zoom(factor)
        felt.centerOn(spec.rect().center())
        bench_felt.wait_for(felt.art_settled, 120)
        settle.append(time.monotonic() - started)
    floor = floor_view(felt)

    def floor_zoom(factor: float) -> None:
        floor.scale(factor, factor)

    floor_found = measure(floor, floor_zoom, lambda: True)
    floor.close()
    bench.close()
    with open("/proc/loadavg") as load:
        print(f"{cards} cards, pixel ratio {felt.devicePixelRatioF():g}, load {load.read()[:14]}")
    met = True
    for key in ("rest", "pan", "zoom"):
        mine, base = statistics.median(app_found[key]), statistics.median(floor_found[key])
        ok = mine <= TARGET * base
        met &= ok
        print(
            f"  paint after {key:>4}: {mine:6.1f} ms (p95 {percentile(app_found[key], 0.95):6.1f})"
            f"  floor {base:6.1f} ms (p95 {percentile(floor_found[key], 0.95):6.1f})"
            f"  {mine / base:4.2f}x  {'ok' if ok else 'OVER'} (target {TARGET}x)"
        )
    print(f"  the new art caught up in {max(settle):.1f} s (wall clock, the longest)")
    del app
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
