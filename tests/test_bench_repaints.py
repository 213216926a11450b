"""The bench's full repaints: as many zooms and pans as asked on each table, whatever the
runs, the floor zoomed by the very same steps; each zoom to a card width never shown on the
table, which finds no art an earlier table drew; each figure a median and a 95th
percentile, and the bench's account of them says how many it times."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from cardtable.bench import felt as felt_bench
from cardtable.bench.cases import FIGURES
from cardtable.bench.command import RUNS
from cardtable.bench.felt import REPAINT_SAMPLES, REPAINT_STEP, FeltBench, repaint_times, repaints
from cardtable.bench.frames import percentile
from cardtable.ui.art.card_art import CARD_WIDTH
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets


class _Felt(QtWidgets.QGraphicsView):
    """A plain view that zooms as the felt does."""

    def zoom_factor(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        self.scale(factor, factor)


def _view(qtbot: QtBot) -> _Felt:
    """A plain view of a table of pictures, shown."""
    scene = QtWidgets.QGraphicsScene(QtCore.QRectF(-2000, -2000, 4000, 4000))
    picture = QtGui.QPixmap(80, 120)
    picture.fill(Qt.GlobalColor.white)
    for n in range(40):
        item = scene.addPixmap(picture)
        item.setPos(-1800 + 90.0 * n, -60.0 + 7 * (n % 5))
    view = _Felt(scene)
    scene.setParent(view)  # kept as long as the view
    qtbot.addWidget(view)
    view.resize(640, 400)
    view.show()
    qtbot.waitExposed(view)
    return view


def _bench(monkeypatch: pytest.MonkeyPatch, felt: object) -> FeltBench:
    """The bench on ``felt`` in a stand-in for the app's window."""
    window = SimpleNamespace(felt=felt, document=SimpleNamespace(dirty=False), close=lambda: None)
    monkeypatch.setattr(felt_bench, "open_window", lambda _folder: window)
    return FeltBench()


def test_the_repaints_time_one_zoom_and_one_pan_for_each_step_asked(qtbot: QtBot) -> None:
    view = _view(qtbot)
    made: list[float] = []

    def zoom_by(factor: float) -> None:
        made.append(factor)
        view.scale(factor, factor)

    steps = [1.15, 1.17, 1.19, 1.21, 1.23]
    zoomed, panned = repaint_times(view, zoom_by, QtCore.QPointF(0, 0), steps)
    assert len(zoomed) == len(panned) == len(steps)
    assert all(ms > 0 for ms in zoomed + panned)
    # Each zoom made and undone, the view back where it was after each.
    assert made == [f for step in steps for f in (step, 1 / step)]
    assert view.transform().m11() == pytest.approx(1.0)
    assert view.mapToScene(view.viewport().rect().center()).x() == pytest.approx(0, abs=2)


def test_each_repaint_figure_is_a_median_and_a_95th_percentile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    zoomed = [float(ms) for ms in range(20, 0, -1)]  # 1 to 20 ms, the longest first
    panned = [ms / 10 for ms in zoomed]
    monkeypatch.setattr(felt_bench, "repaint_times", lambda *_args: (zoomed, panned))
    assert repaints(None, lambda _f: None, QtCore.QPointF(), []) == {
        "repaint_zoom": 10.0,
        "repaint_zoom_p95": 19.0,
        "repaint_pan": 1.0,
        "repaint_pan_p95": 1.9,
    }


class _Floor:
    """A stand-in for the floor's table: no window, no drags."""

    def __init__(self, _felt: Any, _landing: Any) -> None:
        self.view = "floor view"

    def zoom_by(self, _factor: float) -> None:
        pass

    def drags(self, *_args: Any) -> dict[str, float]:
        return {}

    def close(self) -> None:
        pass


@pytest.mark.parametrize("runs", [1, 3])
def test_every_table_times_as_many_repaints_whatever_the_runs(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, runs: int
) -> None:
    asked: list[tuple[Any, list[float]]] = []

    def timed(view: Any, _zoom_by: Any, _centre: Any, factors: list[float]) -> dict[str, float]:
        asked.append((view, list(factors)))
        return {"repaint_zoom": 1.0}

    felt = SimpleNamespace(zoom_by=lambda _factor: None)
    bench = _bench(monkeypatch, felt)  # the drags and the floor are stood in for too
    monkeypatch.setattr(FeltBench, "drags", lambda *_a: ([], True, [], [], {}))
    monkeypatch.setattr(FeltBench, "_look", lambda *_a: None)
    monkeypatch.setattr(felt_bench, "summary", lambda _runs: {})
    monkeypatch.setattr(felt_bench, "FloorTable", _Floor)
    monkeypatch.setattr(felt_bench, "repaints", timed)
    figures = bench.measure(500, "spread", runs)
    bench.close()
    [(app_view, steps), (floor_view, floor_steps)] = asked
    assert app_view is felt and floor_view == "floor view"
    assert len(steps) == REPAINT_SAMPLES and floor_steps == steps
    # Each zoom one never shown on the table: x1.15, then a card a pixel wider each time.
    widths = [round(CARD_WIDTH * step, 6) for step in steps]
    assert widths == list(range(138, 138 + REPAINT_SAMPLES))
    assert figures["repaint_zoom"] == figures["floor_repaint_zoom"] == 1.0


def test_a_zoom_made_anew_makes_a_card_a_width_no_zoom_on_the_table_made_it(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(felt_bench, "wait_idle", lambda: None)
    bench = _bench(monkeypatch, _view(qtbot))
    bench._look(2.0)  # the table's own zoom: its art is drawn
    widths = [round(CARD_WIDTH * bench.fresh_zoom(2.0), 6) for _ in range(3)]
    assert widths == [241, 242, 243]
    assert round(CARD_WIDTH * bench.fresh_zoom(2.0 * 1.15), 6) == 276
    bench._look(1.0)
    assert round(CARD_WIDTH * bench.fresh_zoom(1.0), 6) == 121
    bench.close()


class _InPlay(Exception):
    """The table was about to be put in play."""


def test_a_table_finds_no_art_an_earlier_table_drew(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    bench = _bench(monkeypatch, _view(qtbot))
    bench.fresh_zoom(1.15)
    drawn = QtGui.QPixmap(138, 221)
    assert QtGui.QPixmapCache.insert("cardtable/an earlier table's art", drawn)
    found: list[object] = []

    def put_in_play(*_args: Any) -> None:
        found.append(QtGui.QPixmapCache.find("cardtable/an earlier table's art"))
        raise _InPlay

    monkeypatch.setattr(felt_bench, "put_in_play", put_in_play)
    with pytest.raises(_InPlay):
        bench.drags(40, "spread", 1)
    assert found == [None]
    assert round(CARD_WIDTH * bench.fresh_zoom(1.15), 6) == 138  # shown on no table since
    bench.close()


def test_the_bench_says_how_many_repaints_and_drops_it_times() -> None:
    accounts = {case.name: case.account for case in FIGURES}
    assert f"{REPAINT_SAMPLES} zooms a table whatever the runs" in accounts["repaint_zoom"]
    assert f"{REPAINT_SAMPLES} pans a table whatever the runs" in accounts["repaint_pan"]
    # The widest zoom of a table, a card a pixel wider each time from x1.15 of its own.
    widest = [
        (round(CARD_WIDTH * zoom * REPAINT_STEP) + REPAINT_SAMPLES - 1) / CARD_WIDTH / zoom
        for zoom in (1, 2)
    ]
    assert "up to x{:.2f} at zoom 1, x{:.2f} at zoom 2".format(*widest) in accounts["repaint_zoom"]
    # Of so few, the 95th percentile is the longest, and the account says so.
    assert percentile(range(REPAINT_SAMPLES), 0.95) == REPAINT_SAMPLES - 1
    for figure in ("repaint_zoom", "repaint_pan"):
        assert f"95th percentile (of {REPAINT_SAMPLES}, the longest)" in accounts[figure]
    full, quick = RUNS["felt_1x"]
    assert RUNS["felt_2x"] == (full, quick)
    assert (
        f"the median of {full} drops a table in a full run ({quick} with --quick)"
        in accounts["drop"]
    )
