"""The odds benchmark: our exact Banzai odds against icepool, each in a fresh process.

Two queries, each timed from cold caches in a new Python process (imports timed apart):
one ``10k10`` chance of success, and the full distributions of all 55 ``XkY`` with
1 <= Y <= X <= 10. When icepool (the optional ``bench`` extra) is installed it answers the
same queries, also in fresh processes, and the answers must agree to 1e-9 at every TN
from 1 to 100 (icepool's default explosion depth of 9 is exact there). The targets: a
``10k10`` query under 5 ms, the 55 under 100 ms, and at least 5 times icepool's speed.
"""

from __future__ import annotations

import importlib.util
import json
import statistics
import subprocess
import sys
from typing import Any

#: The TN of the single ``10k10`` query.
TN_10K10 = 40
#: The TNs at which the two engines' answers are compared.
CHECK_TNS = range(1, 101)
#: Answers must agree this closely.
TOLERANCE = 1e-9
#: Targets from the issue.
TARGET_10K10_MS = 5.0
TARGET_55_MS = 100.0
TARGET_SPEEDUP = 5.0

_PROLOGUE = """
import json, sys, time
TN, TNS = {tn}, range({first}, {stop})
POOLS = [(x, y) for x in range(1, 11) for y in range(1, x + 1)]
start = time.perf_counter()
"""

_OURS = """
from cardtable.dice.odds import exploding_keep_highest
imported = time.perf_counter()
if sys.argv[1] == "single":
    answers = {"10k10": [exploding_keep_highest(10, 10).p_at_least(TN)]}
    done = time.perf_counter()
else:
    found = {f"{x}k{y}": exploding_keep_highest(x, y) for x, y in POOLS}
    done = time.perf_counter()
    answers = {name: [found[name].p_at_least(t) for t in TNS] for name in found}
"""

_ICEPOOL = """
import icepool
imported = time.perf_counter()
die = icepool.d10.explode()
def pool(x, y):
    return x @ die if x == y else die.highest(x, y)
if sys.argv[1] == "single":
    answers = {"10k10": [float(pool(10, 10).probability(">=", TN))]}
    done = time.perf_counter()
else:
    found = {f"{x}k{y}": pool(x, y) for x, y in POOLS}
    done = time.perf_counter()
    answers = {name: [float(found[name].probability(">=", t)) for t in TNS] for name in found}
"""

_EPILOGUE = """
print(json.dumps({
    "import_ms": (imported - start) * 1e3,
    "query_ms": (done - imported) * 1e3,
    "answers": answers,
}))
"""


def _script(engine: str) -> str:
    prologue = _PROLOGUE.format(tn=TN_10K10, first=CHECK_TNS.start, stop=CHECK_TNS.stop)
    return prologue + (_OURS if engine == "ours" else _ICEPOOL) + _EPILOGUE


def _fresh(engine: str, query: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", _script(engine), query],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def _median_run(engine: str, query: str, runs: int) -> dict[str, Any]:
    measured = [_fresh(engine, query) for _ in range(runs)]
    return {
        "import_ms": statistics.median(m["import_ms"] for m in measured),
        "query_ms": statistics.median(m["query_ms"] for m in measured),
        "answers": measured[0]["answers"],
    }


def _difference(ours: dict[str, list[float]], theirs: dict[str, list[float]]) -> float:
    return max(
        abs(a - b) for name in ours for a, b in zip(ours[name], theirs[name], strict=True)
    )


def icepool_installed() -> bool:
    return importlib.util.find_spec("icepool") is not None


def run(runs: int = 3) -> dict[str, Any]:
    """Time both queries (median of ``runs`` fresh processes each) and compare with icepool.

    Returns ``odds_10k10_ms``, ``odds_55_ms`` and ``odds_speedup_vs_icepool`` (the smaller
    of the two query speed-ups, None without icepool), with the details beside them.
    """
    single = _median_run("ours", "single", runs)
    every = _median_run("ours", "all", runs)
    results: dict[str, Any] = {
        "odds_10k10_ms": single["query_ms"],
        "odds_55_ms": every["query_ms"],
        "odds_import_ms": every["import_ms"],
        "odds_speedup_vs_icepool": None,
        "runs": runs,
    }
    if not icepool_installed():
        return results
    their_single = _median_run("icepool", "single", runs)
    their_every = _median_run("icepool", "all", runs)
    speedup_10k10 = their_single["query_ms"] / single["query_ms"]
    speedup_55 = their_every["query_ms"] / every["query_ms"]
    difference = max(
        _difference(single["answers"], their_single["answers"]),
        _difference(every["answers"], their_every["answers"]),
    )
    results.update(
        {
            "icepool_10k10_ms": their_single["query_ms"],
            "icepool_55_ms": their_every["query_ms"],
            "icepool_import_ms": their_every["import_ms"],
            "odds_10k10_speedup": speedup_10k10,
            "odds_55_speedup": speedup_55,
            "odds_speedup_vs_icepool": min(speedup_10k10, speedup_55),
            "max_difference": difference,
            "agree": difference <= TOLERANCE,
        }
    )
    return results


def _met(condition: bool) -> str:
    return "yes" if condition else "NO"


def report(results: dict[str, Any]) -> str:
    """The results of :func:`run` as a small table with the targets checked."""
    runs = results["runs"]
    lines = [f"exact Banzai odds, each query in a fresh process (median of {runs} runs)"]
    with_icepool = results["odds_speedup_vs_icepool"] is not None
    header = f"{'':22}{'ours':>10}"
    if with_icepool:
        header += f"{'icepool':>12}{'speed-up':>10}"
    lines.append(header)
    for label, key in (("one 10k10 query", "10k10"), ("all 55 XkY", "55")):
        line = f"{label:22}{results[f'odds_{key}_ms']:>7.1f} ms"
        if with_icepool:
            line += f"{results[f'icepool_{key}_ms']:>9.1f} ms"
            line += f"{results[f'odds_{key}_speedup']:>9.0f}x"
        lines.append(line)
    line = f"{'imports (not above)':22}{results['odds_import_ms']:>7.1f} ms"
    if with_icepool:
        line += f"{results['icepool_import_ms']:>9.1f} ms"
    lines.append(line)
    targets = [
        f"10k10 under {TARGET_10K10_MS:g} ms: {_met(results['odds_10k10_ms'] < TARGET_10K10_MS)}",
        f"55 under {TARGET_55_MS:g} ms: {_met(results['odds_55_ms'] < TARGET_55_MS)}",
    ]
    if with_icepool:
        lines.append(
            f"largest difference in P(total >= TN), TN {CHECK_TNS.start}-{CHECK_TNS.stop - 1}:"
            f" {results['max_difference']:.2g} (must be at most {TOLERANCE:g})"
        )
        speedup = results["odds_speedup_vs_icepool"]
        targets.append(f"at least {TARGET_SPEEDUP:g}x icepool: {_met(speedup >= TARGET_SPEEDUP)}")
        targets.append(f"agree to {TOLERANCE:g}: {_met(results['agree'])}")
    else:
        lines.append("icepool is not installed (pip install '.[bench]'): no comparison")
    lines.append("targets: " + "; ".join(targets))
    return "\n".join(lines)
