"""Time the exact Banzai odds against icepool and print the numbers.

Run with ``python benchmarks/bench_dice.py`` (icepool comes with the ``bench`` extra).
Exit status 1 when the two engines disagree by more than 1e-9.
"""

from __future__ import annotations

import sys

from cardtable.bench.dice import report, run


def main() -> int:
    results = run()
    print(report(results))
    return 0 if results.get("agree", True) else 1


if __name__ == "__main__":
    sys.exit(main())
