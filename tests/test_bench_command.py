"""``cardtable bench``: its options, its JSON keys and table, and how it copes with a part
that cannot run. The measurements are replaced by stand-ins: nothing here is timed."""

from __future__ import annotations

import argparse
import json
import subprocess
from typing import Any

import pytest

from cardtable.bench import command as bench_command
from cardtable.bench.command import (
    METRICS,
    PART_KEYS,
    RUNS,
    BenchPartError,
    add_bench_parser,
    display_prefix,
    format_table,
    measure,
    run_worker,
)

#: The keys the issue asks ``--json`` for.
PROMISED = {
    "startup_ratio",
    "drag_frame_ms_median",
    "drag_frame_ms_p95",
    "drag_frame_ms_median_2000",
    "odds_10k10_ms",
    "odds_speedup_vs_icepool",
    "save_ms",
    "load_ms",
    "pdf_party_ms",
}


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="cardtable")
    add_bench_parser(top.add_subparsers(dest="command"))
    return top


def stand_ins(
    monkeypatch: pytest.MonkeyPatch,
    failing: str | None = None,
    values: dict[str, float | None] | None = None,
) -> dict[str, list[int]]:
    """Replace every part by one answering distinct numbers (1.0, 2.0, ... in key order),
    or the given ``values``; the part named ``failing`` cannot run."""
    values = values or {}
    asked: dict[str, list[int]] = {part: [] for part in PART_KEYS}
    number = iter(range(1, 100))
    answers = {
        part: {key: values.get(key, float(next(number))) for key in keys}
        for part, keys in PART_KEYS.items()
    }

    def make(part: str) -> Any:
        def fake(runs: int) -> dict[str, Any]:
            asked[part].append(runs)
            if part == failing:
                raise BenchPartError("no display and no xvfb-run")
            return dict(answers[part])

        return fake

    monkeypatch.setattr(bench_command, "PARTS", {part: make(part) for part in PART_KEYS})
    return asked


def test_bench_takes_json_and_quick() -> None:
    plain = parser().parse_args(["bench"])
    assert (plain.json, plain.quick) == (False, False)
    assert plain.func is bench_command.run_bench
    both = parser().parse_args(["bench", "--json", "--quick"])
    assert (both.json, both.quick) == (True, True)


def test_bench_refuses_an_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^2$"):
        parser().parse_args(["bench", "--fast"])
    assert "--fast" in capsys.readouterr().err


def test_json_holds_every_promised_key_with_the_measured_values(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stand_ins(monkeypatch)
    args = parser().parse_args(["bench", "--json"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out.keys() >= PROMISED
    keys = [key for part_keys in PART_KEYS.values() for key in part_keys]
    assert [out[key] for key in keys] == [float(n) for n in range(1, len(keys) + 1)]
    assert out["quick"] is False and out["notes"] == []


@pytest.mark.parametrize("quick", [False, True])
def test_quick_asks_each_part_for_fewer_runs(monkeypatch: pytest.MonkeyPatch, quick: bool) -> None:
    asked = stand_ins(monkeypatch)
    measure(quick=quick)
    assert asked == {part: [RUNS[part][1 if quick else 0]] for part in PART_KEYS}
    assert all(quick_runs < full_runs for full_runs, quick_runs in RUNS.values())


def test_a_part_that_cannot_run_is_null_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch, failing="drag")
    results = measure()
    assert all(results[key] is None for key in PART_KEYS["drag"])
    assert all(results[key] is not None for key in PART_KEYS["pdf"] + PART_KEYS["session"])
    assert results["notes"] == ["drag: not measured: no display and no xvfb-run"]


def test_no_icepool_means_no_speed_up_and_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch, values={"odds_speedup_vs_icepool": None})
    results = measure()
    assert results["odds_speedup_vs_icepool"] is None
    assert results["odds_10k10_ms"] is not None
    assert any("icepool" in note for note in results["notes"])


def test_table_checks_each_number_against_its_target(monkeypatch: pytest.MonkeyPatch) -> None:
    targeted = [m for m in METRICS if m.target is not None]
    # Half the numbers just inside their targets, half just outside.
    values: dict[str, float | None] = {}
    for i, metric in enumerate(targeted):
        assert metric.target is not None
        inside = i % 2 == 0
        nudge = 0.9 if inside == (metric.bound == "max") else 1.1
        values[metric.key] = metric.target * nudge
    stand_ins(monkeypatch, values=values)
    table = format_table(measure())
    rows = {line.split("`")[1]: line for line in table.splitlines() if line.startswith("| `")}
    assert set(rows) == {m.key for m in METRICS}
    for i, metric in enumerate(targeted):
        verdict = rows[metric.key].rstrip(" |").rsplit("|", 1)[1].strip()
        assert verdict == ("yes" if i % 2 == 0 else "NO"), metric.key


def test_table_shows_null_for_what_was_not_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch, failing="startup")
    table = format_table(measure())
    [row] = [line for line in table.splitlines() if line.startswith("| `startup_ratio`")]
    assert "null" in row
    assert "note: startup: not measured" in table


def test_a_display_is_used_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_command.sys, "platform", "linux")
    assert display_prefix({"DISPLAY": ":0"}) == []
    assert display_prefix({"WAYLAND_DISPLAY": "wayland-0"}) == []


def test_no_display_borrows_xvfb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_command.sys, "platform", "linux")
    monkeypatch.setattr(bench_command.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert display_prefix({}) == ["/usr/bin/xvfb-run", "-a"]


def test_no_display_and_no_xvfb_is_explained_without_running_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bench_command.sys, "platform", "linux")
    monkeypatch.setattr(bench_command.shutil, "which", lambda name: None)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)

    def must_not_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("started a worker without a display")

    monkeypatch.setattr(subprocess, "run", must_not_run)
    with pytest.raises(BenchPartError, match="xvfb"):
        run_worker("drag", 1, needs_display=True)
