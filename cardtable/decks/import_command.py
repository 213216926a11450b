"""``cardtable import-deck``: a deck's art from a folder of images or a sheet, without a window.

::

    cardtable import-deck SCANS/ --deck tarot --name "Gilded Marseille"
    cardtable import-deck sheet.jpg --deck playing --grid 6x10 --back last
    cardtable import-deck ORACLE/ --deck new --name "Moon Oracle" --shape tarot

A progress line goes to standard error; the new art set's id and folder to standard output.
Bad input (a missing card, a file that is not an image, a bomb) ends with exit status 2 and
one line naming the file or card, and nothing is imported.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from cardtable.decks.art import ASPECTS, ArtLibrary
from cardtable.decks.importing import import_deck
from cardtable.decks.names import CUSTOM, PLAYING, TAROT, card_name_from_stem
from cardtable.decks.plans import (
    DeckImportError,
    ImportPlan,
    plan_folder,
    plan_grid,
    read_mapping,
    sources_in_words,
)

DECK_CHOICES = {"tarot": TAROT, "playing": PLAYING, "new": CUSTOM}
_GRID = re.compile(r"\s*(\d{1,3})\s*[x×X]\s*(\d{1,3})\s*")


def add_import_parser(subparsers: Any) -> None:
    """Add ``import-deck SOURCE --deck tarot|playing|new [...]``."""
    parser = subparsers.add_parser(
        "import-deck",
        help="import a deck's art from a folder of images or a sheet of cards in a grid",
        description=(
            "Import card art from a folder of images (each file named after its card: "
            "soldier-paper.png, 07_paper.jpg, QH.png, queen_of_hearts.jpg) or from one "
            "sheet of cards in a grid, as Tabletop Simulator's decks are made. The art set "
            "is saved in your Cardtable data folder; choose it for a deck on the table "
            "with Table > Card art."
        ),
    )
    parser.add_argument("source", metavar="SOURCE", help="a folder of images, or one sheet")
    parser.add_argument(
        "--deck",
        required=True,
        choices=sorted(DECK_CHOICES),
        help="the Tourist's Tarot, playing cards, or a new deck of your own cards",
    )
    parser.add_argument(
        "--grid",
        metavar="ROWSxCOLS",
        help="SOURCE is one sheet of ROWS x COLS cards, read row by row from the top left",
    )
    parser.add_argument("--name", help="the art set's name (for a new deck, the deck's too)")
    parser.add_argument(
        "--back",
        metavar="FILE",
        help="a picture for the back; with --grid also cell:N or last, a cell of the sheet",
    )
    parser.add_argument(
        "--map",
        metavar="FILE.json",
        help='a JSON object from file name (or cell number) to card: {"IMG_1.jpg": "QH"}',
    )
    parser.add_argument(
        "--shape",
        choices=sorted(ASPECTS),
        help="a new deck's card shape: tarot (5:8) or playing (5:7); a sheet's cells decide",
    )
    parser.add_argument(
        "--fit",
        choices=("crop", "pad"),
        default="crop",
        help="fit a picture of another shape by cropping it (default) or padding it",
    )
    parser.add_argument(
        "--no-trim", action="store_true", help="keep a uniform border round each picture"
    )
    parser.set_defaults(func=run_import)


def _grid(text: str) -> tuple[int, int]:
    found = _GRID.fullmatch(text)
    if found is None or int(found.group(1)) < 1 or int(found.group(2)) < 1:
        raise DeckImportError(f"--grid is ROWSxCOLS, such as 7x10, not {text!r}.")
    return int(found.group(1)), int(found.group(2))


def _back(text: str | None, grid: bool) -> Path | int | None:
    if text is None:
        return None
    low = text.strip().casefold()
    if grid and low == "last":
        return -1
    if grid and low.startswith("cell:") and low[5:].isdigit():
        return int(low[5:])
    return Path(text)


def plan_from_args(args: argparse.Namespace) -> tuple[ImportPlan, str]:
    """The plan and the art set's name the arguments ask for."""
    source = Path(args.source)
    deck = DECK_CHOICES[args.deck]
    mapping = read_mapping(Path(args.map)) if args.map else None
    name = " ".join((args.name or card_name_from_stem(source.stem or source.name)).split())
    if args.grid:
        rows, columns = _grid(args.grid)
        plan = plan_grid(
            source,
            rows,
            columns,
            deck,
            mapping=mapping,
            back=_back(args.back, grid=True),
            shape=args.shape,
            deck_name=name,
        )
    else:
        back = _back(args.back, grid=False)
        assert not isinstance(back, int)
        plan = plan_folder(
            source,
            deck,
            mapping=mapping,
            back=back,
            shape=args.shape or TAROT,
            deck_name=name,
        )
    return plan, name


def run_import(args: argparse.Namespace, library: ArtLibrary | None = None) -> int:
    """Import as ``args`` say; 0 when the art set is installed (errors raise ValueError)."""
    plan, name = plan_from_args(args)
    plan.check()
    if plan.spare:
        note = f"no card takes {sources_in_words(plan.spare)}; left out"
        print(f"cardtable import-deck: note: {note}", file=sys.stderr)
    if plan.ignored:
        names = ", ".join(path.name for path in plan.ignored)
        print(f"cardtable import-deck: note: not pictures, left out: {names}", file=sys.stderr)
    library = library if library is not None else ArtLibrary()

    def progress(done: int, total: int) -> None:
        print(f"\rimporting {done}/{total} pictures", end="", file=sys.stderr, flush=True)

    try:
        art = import_deck(
            plan, library, name, progress=progress, trim=not args.no_trim, how=args.fit
        )
    finally:
        print(file=sys.stderr)
    back = " and a back" if art.back else ""
    print(f"Imported {len(art.cards)} cards{back} as {art.name!r} (id {art.id}) into {art.folder}")
    return 0
