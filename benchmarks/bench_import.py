"""How long importing an 82-card tarot deck of 1500 x 2600 pictures takes; and drag frames
with image faces.

Run with::

    /work/venv/bin/python benchmarks/bench_import.py [--format png|jpeg|both] [--workers N]
    xvfb-run -a /work/venv/bin/python benchmarks/bench_import.py --drag

Target (issue 13): under 10 s on the project's 2-core machine, for the pictures as a group
would bring them (scans with a margin round each card). The pictures are made first in a
temporary folder, untimed; then the folder is planned and imported, timed, into a temporary
library, with a progress line like the command line's.

``--drag`` imports a tarot and a playing-card art set (untimed) and runs the felt's drag
benchmark (:mod:`cardtable.bench.drag`, as ``benchmarks/bench_drag.py`` does) with
Cardtable's vector art and with the image faces, side by side: the frame times should not
change (issue 13).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from cardtable.decks.art import ArtLibrary
from cardtable.decks.importing import import_deck, plan_folder
from cardtable.decks.names import tarot_slots
from cardtable.randomness import seeded

SIZE = (1500, 2600)
TARGET_S = 10.0
DISTINCT = 8


def make_pictures(folder: Path, suffix: str) -> None:
    """82 scans, one per card: a painted card on an off-white scanner bed, grainy as a scan.

    Eight different pictures are painted and copied under the 82 cards' names: decoding
    costs the same whatever is painted, and painting and compressing all 82 takes minutes.
    """
    rng = seeded(13)
    grain = Image.effect_noise(SIZE, 18).convert("RGB")
    margin = (70, 60)
    inner = (SIZE[0] - 2 * margin[0], SIZE[1] - 2 * margin[1])
    painted: list[Path] = []
    for number in range(DISTINCT):
        card = Image.new("RGB", inner, (rng.randrange(40, 200), rng.randrange(40, 200), 90))
        draw = ImageDraw.Draw(card)
        for _ in range(60):
            x, y = rng.randrange(inner[0]), rng.randrange(inner[1])
            r = rng.randrange(30, 260)
            colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        scan = Image.new("RGB", SIZE, (238, 236, 230))
        scan.paste(card.filter(ImageFilter.GaussianBlur(2)), margin)
        scan = Image.blend(scan, grain, 0.08)
        path = folder / f"painted-{number}{suffix}"
        scan.save(path, **({"quality": 92} if suffix == ".jpg" else {}))
        painted.append(path)
    for index, slot in enumerate(tarot_slots()):
        shutil.copyfile(painted[index % DISTINCT], folder / f"{slot.slug}{suffix}")
    for path in painted:
        path.unlink()


def run(suffix: str, workers: int | None) -> float:
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        pictures = root / "scans"
        pictures.mkdir()
        started = time.perf_counter()
        make_pictures(pictures, suffix)
        made = time.perf_counter() - started
        size = sum(p.stat().st_size for p in pictures.iterdir()) / 1e6
        print(f"{suffix[1:]}: made 82 pictures ({size:.0f} MB) in {made:.1f} s (not timed)")
        # A group's pictures have long been on disk: write the fresh ones out before timing,
        # or the import's own flushes wait for them.
        os.sync()
        library = ArtLibrary(root / "data", root / "cache")

        def progress(done: int, total: int) -> None:
            print(f"\r  importing {done}/{total}", end="", file=sys.stderr, flush=True)

        started = time.perf_counter()
        plan = plan_folder(pictures, "tarot")
        art = import_deck(plan, library, "Bench deck", progress=progress, workers=workers)
        took = time.perf_counter() - started
        print(file=sys.stderr)
        stored = sum(p.stat().st_size for p in art.folder.iterdir()) / 1e6
        verdict = "ok" if took < TARGET_S else "SLOW"
        print(
            f"{suffix[1:]}: imported {len(art.cards)} cards in {took:.2f} s "
            f"({took / 82 * 1000:.0f} ms a card; stored {stored:.0f} MB) [{verdict}]"
        )
        return took


def drag_frames(runs: int = 3) -> None:
    """Drag frame times over 500 and 2,000 cards, vector art against image faces."""
    from cardtable.bench.drag import run as drag
    from cardtable.decks.names import playing_slots
    from cardtable.ui.qt import QtGui, QtWidgets

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv)
    print(f"platform: {QtGui.QGuiApplication.platformName()}")
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        library = ArtLibrary(root / "data", root / "cache")
        sets = []
        for deck, slots, size in (
            ("tarot", tarot_slots(), (1000, 1600)),
            ("playing", playing_slots(), (1000, 1400)),
        ):
            folder = root / deck
            folder.mkdir()
            rng = seeded(len(slots))
            for slot in slots:
                picture = Image.new("RGB", size, (rng.randrange(256), 80, rng.randrange(256)))
                draw = ImageDraw.Draw(picture)
                for _ in range(12):
                    x, y, r = rng.randrange(size[0]), rng.randrange(size[1]), 150
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=(240, 210, 120))
                picture.save(folder / f"{slot.slug}.jpg", quality=90)
            picture.save(folder / "back.jpg", quality=90)
            sets.append(import_deck(plan_folder(folder, deck), library, f"Bench {deck}"))
        for cards in (500, 2000):
            for label, pictures in (("vector art ", ()), ("image faces", tuple(sets))):
                result = min(
                    (drag(cards, pictures=pictures, library=library) for _ in range(runs)),
                    key=lambda r: r["drag_frame_ms_p95"],
                )
                print(
                    f"{cards:5d} cards, {label}: median {result['drag_frame_ms_median']:.2f} ms, "
                    f"p95 {result['drag_frame_ms_p95']:.2f} ms (cpu median "
                    f"{result['drag_frame_cpu_ms_median']:.2f}; paint median "
                    f"{result['paint_ms_median']:.2f})"
                )
    del app


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", choices=("png", "jpeg", "both"), default="both")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument(
        "--drag", action="store_true", help="drag frame times with image faces instead"
    )
    args = parser.parse_args()
    if args.drag:
        drag_frames()
        return 0
    formats = [".png", ".jpg"] if args.format == "both" else [f".{args.format[:3]}"]
    formats = [".jpg" if f == ".jpe" else f for f in formats]
    slow = False
    for suffix in formats:
        slow |= run(suffix, args.workers) >= TARGET_S
    return int(slow)


if __name__ == "__main__":
    raise SystemExit(main())
