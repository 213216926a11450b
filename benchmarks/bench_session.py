"""Save and load of a long session (5,000 log events, 326 cards); target: each under 100 ms.

Run: ``python benchmarks/bench_session.py``
"""

from __future__ import annotations

from cardtable.bench.session import run

TARGET_MS = 100


def main() -> None:
    result = run()
    print(
        f"session with {result['log_events']} log events and {result['cards']} cards "
        f"({result['file_kb']} KB on disk)"
    )
    for key in ("save_ms", "load_ms"):
        verdict = "ok" if result[key] < TARGET_MS else "OVER TARGET"
        print(f"  {key[:-3]:>4}: {result[key]:7.1f} ms   (target < {TARGET_MS} ms: {verdict})")


if __name__ == "__main__":
    main()
