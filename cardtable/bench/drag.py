"""How long a frame takes while one card is dragged across many others on the felt.

:func:`run` lays ``cards`` card items on a :class:`FeltView` in overlapping fans, shows the
view, presses the mouse on one card and drags it across the others in small steps, the way
a player would, timing each frame from the mouse move to the end of the repaint. The
benchmark script ``benchmarks/bench_drag.py`` prints the numbers; no test times anything.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.decks.standard import playing_card_shoe, tourist_tarot
from cardtable.randomness import Rng, seeded
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.felt import TABLE_RECT, FeltView

if TYPE_CHECKING:
    from cardtable.decks.art import ArtLibrary, ArtSet

FAN_SIZE = 8
FAN_STEP = QtCore.QPointF(22.0, 3.0)
VIEW_SIZE = QtCore.QSize(1280, 800)


class _PaintClock(QtCore.QObject):
    """Notes when the viewport starts painting, to tell paint time from event handling."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0
        self.last_start = 0.0

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.Paint:
            self.paints += 1
            self.last_start = time.perf_counter()
        return False


def lay_out(view: FeltView, cards: int, rng: Rng, dense: bool = False) -> list[CardItem]:
    """Fans of tarot and playing cards scattered over the table (``dense``: over the view)."""
    tarot = tourist_tarot().faces
    playing = playing_card_shoe(2).faces
    area = view.mapToScene(view.viewport().rect()).boundingRect() if dense else TABLE_RECT
    area = area.adjusted(80, 120, -80, -120)
    items: list[CardItem] = []
    z = 0.0
    while len(items) < cards:
        start = QtCore.QPointF(
            rng.uniform(area.left(), area.right() - FAN_STEP.x() * FAN_SIZE),
            rng.uniform(area.top(), area.bottom()),
        )
        for k in range(min(FAN_SIZE, cards - len(items))):
            n = len(items)
            tarot_card = n % 3 != 2
            face = tarot[n % len(tarot)] if tarot_card else playing[n % len(playing)]
            item = CardItem(
                f"bench/{n}",
                card_art.TAROT if tarot_card else card_art.PLAYING,
                face,
                face_up=rng.random() < 0.8,
                reversed=tarot_card and rng.random() < 0.3,
                animation_ms=0,
            )
            item.setPos(start + FAN_STEP * k)
            item.setZValue(z)
            z += 1
            view.scene().addItem(item)
            items.append(item)
    return items


def _mouse(
    view: FeltView, kind: QtCore.QEvent.Type, scene_point: QtCore.QPointF, held: bool
) -> None:
    local = QtCore.QPointF(view.mapFromScene(scene_point))
    glob = QtCore.QPointF(view.viewport().mapToGlobal(local.toPoint()))
    left = Qt.MouseButton.LeftButton
    button = Qt.MouseButton.NoButton if kind == QtCore.QEvent.Type.MouseMove else left
    buttons = left if held else Qt.MouseButton.NoButton
    event = QtGui.QMouseEvent(kind, local, glob, button, buttons, Qt.KeyboardModifier.NoModifier)
    QtWidgets.QApplication.sendEvent(view.viewport(), event)


def _settle(app: QtCore.QCoreApplication, clock: _PaintClock) -> None:
    """Process events until the viewport has repainted (or nothing more is pending)."""
    before = clock.paints
    for _ in range(6):
        app.processEvents()
        if clock.paints > before:
            return


def run(
    cards: int,
    steps: int = 200,
    seed: int = 2024,
    dense: bool = False,
    pictures: Sequence[ArtSet] = (),
    library: ArtLibrary | None = None,
) -> dict[str, float]:
    """Drag one card across ``cards`` others; frame times in milliseconds.

    ``pictures`` are art sets (one tarot, one playing, say) whose image faces and backs the
    cards show instead of Cardtable's vector art; ``library`` makes their smaller copies.

    The cards lie in fans of eight at seeded random places over the whole table, and the
    view shows the middle of the table at zoom 1 (so a quarter of the cards are in view,
    about twelve deep). ``dense=True`` crowds every card into the view instead (about fifty
    deep at 2,000 cards), a harsher case than a real table.

    Returns ``drag_frame_ms_median`` and ``drag_frame_ms_p95`` (mouse move to repainted
    viewport, wall clock), ``paint_ms_median`` (the repaint alone), the same frames in this
    thread's processor time (``drag_frame_cpu_ms_*``) and the counts used.
    """
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    card_art.set_table_art({f"bench-{a.shape}": (a.shape, a) for a in pictures}, library)
    view = FeltView()
    view.resize(VIEW_SIZE)
    view.show()
    view.centerOn(0, 0)
    clock = _PaintClock()
    view.viewport().installEventFilter(clock)
    items = lay_out(view, cards, seeded(seed), dense)
    for _ in range(3):
        app.processEvents()
    view.viewport().repaint()  # draw and cache every card once before timing
    area = view.mapToScene(view.viewport().rect()).boundingRect()
    visible = [i for i in items if area.contains(i.scenePos())]
    start = visible[len(visible) // 2].scenePos()
    # The press lands on whichever card is on top there; that is the one dragged.
    dragged = next(i for i in view.scene().items(start) if isinstance(i, CardItem))
    _mouse(view, QtCore.QEvent.Type.MouseButtonPress, start, held=True)
    _settle(app, clock)
    # Across the table and back, passing over the fans.
    target = QtCore.QPointF(area.right() - 150, area.bottom() - 150)
    waypoints = [start, QtCore.QPointF(area.left() + 150, area.top() + 150), target]
    path = []
    legs = len(waypoints) - 1
    per_leg = max(steps // legs, 1)
    for a, b in itertools.pairwise(waypoints):
        for i in range(1, per_leg + 1):
            path.append(a + (b - a) * (i / per_leg))
    for point in path[:5]:  # warm up: the lifted card's art at its lifted size
        _mouse(view, QtCore.QEvent.Type.MouseMove, point, held=True)
        _settle(app, clock)
    frames: list[float] = []
    paints: list[float] = []
    cpu: list[float] = []
    for point in path:
        began, began_cpu = time.perf_counter(), time.thread_time()
        _mouse(view, QtCore.QEvent.Type.MouseMove, point, held=True)
        _settle(app, clock)
        ended, ended_cpu = time.perf_counter(), time.thread_time()
        frames.append((ended - began) * 1000)
        paints.append((ended - max(clock.last_start, began)) * 1000)
        cpu.append((ended_cpu - began_cpu) * 1000)
    _mouse(view, QtCore.QEvent.Type.MouseButtonRelease, path[-1], held=False)
    app.processEvents()
    moved = dragged.scenePos() != start
    view.close()
    view.deleteLater()
    app.processEvents()
    if pictures:
        card_art.clear_table_art()
    frames.sort()
    return {
        "cards": float(cards),
        "frames": float(len(frames)),
        "dragged": float(moved),
        "drag_frame_ms_median": statistics.median(frames),
        "drag_frame_ms_p95": frames[min(len(frames) - 1, round(0.95 * (len(frames) - 1)))],
        "paint_ms_median": statistics.median(paints),
        # This thread's processor time: steadier than the wall clock on a busy machine.
        "drag_frame_cpu_ms_median": statistics.median(cpu),
        "drag_frame_cpu_ms_p95": sorted(cpu)[min(len(cpu) - 1, round(0.95 * (len(cpu) - 1)))],
    }
