"""Print the sample party (one character per system) to PDF and report time and size.

    python benchmarks/bench_pdf.py

Targets (issue 8): the party in under 200 ms, at most 60 KB per page without portraits.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from cardtable.ui.sheets.printing.output import bench_pdf


def main() -> None:
    numbers = bench_pdf()
    print(f"party of 5 to PDF, first run (fonts loading): {numbers['pdf_first_ms']:.1f} ms")
    print(f"party of 5 to PDF, best of 5:                 {numbers['pdf_party_ms']:.1f} ms")
    print(f"size per page (no portraits):                 {numbers['pdf_kb_per_page']:.1f} KB")


if __name__ == "__main__":
    main()
