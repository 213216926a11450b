"""Importing a deck's art: carrying out an :class:`~cardtable.decks.plans.ImportPlan`.

Every picture is opened safely, turned upright, trimmed of its scanner margin and fitted to
the card's shape (:mod:`cardtable.decks.images`), then stored as a PNG at most
:data:`~cardtable.decks.art.STORED_HEIGHT` pixels tall. The work goes into a hidden folder
beside the art sets and becomes an art set in one rename at the end, so an import that fails
or is cancelled leaves nothing behind: no half set, no stray file. Pictures are made by a
pool of threads (Pillow decodes, scales and encodes outside the interpreter lock), and
``progress(done, total)`` is told after each one.

>>> import tempfile
>>> from PIL import Image
>>> folder = Path(tempfile.mkdtemp())
>>> for code in ("AS", "KH"):
...     Image.new("RGB", (50, 70), "ivory").save(folder / f"{code}.png")
>>> plan = plan_folder(folder, "custom", shape="playing", deck_name="Two")
>>> library = ArtLibrary(Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp()))
>>> art = import_deck(plan, library, "Two cards")
>>> art.id, art.deck, sorted(art.cards)
('two-cards', 'custom', ['as', 'kh'])
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

from PIL import Image

from cardtable.decks.art import (
    ARTSET_FILE,
    ASPECTS,
    DECK_FILE,
    IMPORT_PREFIX,
    MAX_NAME,
    STORED_HEIGHT,
    ArtLibrary,
    ArtSet,
    ArtSetError,
    art_set_document,
    check_id,
)
from cardtable.decks.images import (
    MAX_PIXELS,
    CardImageError,
    Fit,
    card_picture,
    card_size,
    open_upright,
    probe,
    save_png,
)
from cardtable.decks.names import BACK, CUSTOM
from cardtable.decks.plans import (
    DeckImportCancelled,
    DeckImportError,
    DeckTarget,
    ImportPlan,
    Source,
    plan_folder,
    plan_grid,
    read_mapping,
)
from cardtable.decks.standard import DECK_FORMAT

#: ``progress(done, total)``: pictures made so far, out of how many.
Progress = Callable[[int, int], None]
#: Asked between pictures; True stops the import (nothing is kept).
Cancelled = Callable[[], bool]

__all__ = [
    "DECK_FILE",
    "ArtLibrary",
    "DeckImportCancelled",
    "DeckImportError",
    "DeckTarget",
    "ImportPlan",
    "Source",
    "deck_document",
    "import_deck",
    "plan_folder",
    "plan_grid",
    "read_mapping",
]


def default_workers() -> int:
    """Threads for an import: one per processor, at most four."""
    return max(1, min(4, os.cpu_count() or 1))


def deck_document(art_id: str, plan: ImportPlan) -> dict[str, object]:
    """The deck file of a new deck: its cards by name, in order (``system`` ``custom``)."""
    target = plan.target
    return {
        "deck_format": DECK_FORMAT,
        "id": art_id,
        "name": target.deck_name or art_id,
        "system": CUSTOM,
        "shape": target.shape,
        "uses_orientation": False,
        "cards": [{"card": slot.name, "slug": slot.slug} for slot in target.slots],
    }


class _Sheet:
    """A grid sheet decoded once (no larger than its cells need), shared by the threads."""

    def __init__(self, path: Path, plan: ImportPlan, height: int, max_pixels: int) -> None:
        self.path = path
        self.max_pixels = max_pixels
        self.size = probe(path, max_pixels=max_pixels)
        self._lock = threading.Lock()
        self._image: Image.Image | None = None
        boxes = [s.box for s in plan.sources if s.path == path and s.box is not None]
        width, tall = card_size(ASPECTS[plan.target.shape], height)
        # A JPEG sheet may then decode at a half or a quarter of its size.
        scale = min(
            1.0,
            max(max(width / max(b[2] - b[0], 1), tall / max(b[3] - b[1], 1)) for b in boxes),
        )
        self._want = (round(self.size[0] * scale), round(self.size[1] * scale))

    def cell(self, box: tuple[int, int, int, int]) -> Image.Image:
        """The part of the sheet under ``box`` (given in the sheet's full-size pixels)."""
        with self._lock:
            if self._image is None:
                self._image = open_upright(self.path, want=self._want, max_pixels=self.max_pixels)
            image = self._image
        sx, sy = image.width / self.size[0], image.height / self.size[1]
        left, top, right, bottom = box
        return image.crop(
            (round(left * sx), round(top * sy), round(right * sx), round(bottom * sy))
        )


def _check_sources(plan: ImportPlan, max_pixels: int) -> None:
    """Read every picture's header before any work: a bad file is named at once."""
    seen: set[Path] = set()
    for source in plan.sources:
        if source.path in seen:
            continue
        seen.add(source.path)
        try:
            probe(source.path, max_pixels=max_pixels)
        except CardImageError as exc:
            raise DeckImportError(str(exc)) from None


def import_deck(
    plan: ImportPlan,
    library: ArtLibrary,
    name: str,
    *,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    workers: int | None = None,
    max_pixels: int = MAX_PIXELS,
    height: int = STORED_HEIGHT,
    trim: bool = True,
    how: Fit = "crop",
) -> ArtSet:
    """Carry out ``plan`` into a new art set called ``name`` in ``library``; all or nothing.

    Refuses with :class:`DeckImportError` (naming the file or card) a plan with a missing
    card or a clash, a file that is not an image, is damaged or is too large
    (``max_pixels``); with :class:`DeckImportCancelled` when ``cancelled()`` turns true.
    """
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME:
        raise DeckImportError(f"Give the art set a name of 1 to {MAX_NAME} characters.")
    plan.check()
    _check_sources(plan, max_pixels)
    library.folder.mkdir(parents=True, exist_ok=True)
    library.sweep()
    art_id = check_id(library.fresh_id(name))
    work = library.folder / f"{IMPORT_PREFIX}{art_id}-{os.urandom(4).hex()}"
    work.mkdir()
    try:
        files = _make_pictures(
            plan, work, progress, cancelled, workers, max_pixels, height, trim, how
        )
        cards = {slot: files[slot] for slot in (s.slug for s in plan.target.slots) if slot in files}
        art = ArtSet(
            art_id,
            name,
            plan.target.deck,
            plan.target.shape,
            work,
            cards,
            files.get(BACK),
            os.urandom(4).hex(),
        )
        write_json(work / ARTSET_FILE, art_set_document(art))
        if plan.target.deck == CUSTOM:
            write_json(work / DECK_FILE, deck_document(art_id, plan))
        if cancelled is not None and cancelled():
            raise DeckImportCancelled("The import was cancelled; nothing was kept.")
        final = library.folder / art_id
        os.rename(work, final)  # refuses to replace a set that appeared meanwhile
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    sync_folder(library.folder)
    try:
        return library.get(art_id)
    except ArtSetError as exc:  # pragma: no cover - we just wrote it
        raise DeckImportError(f"The imported set could not be read back: {exc}") from None


def _make_pictures(
    plan: ImportPlan,
    work: Path,
    progress: Progress | None,
    cancelled: Cancelled | None,
    workers: int | None,
    max_pixels: int,
    height: int,
    trim: bool,
    how: Fit,
) -> dict[str, str]:
    """Make every picture of ``plan`` in ``work``; the file name of each slot."""
    aspect = ASPECTS[plan.target.shape]
    jobs: list[tuple[str, Source]] = list(plan.assigned.items())
    if plan.back is not None:
        jobs.append((BACK, plan.back))
    sheets: dict[Path, _Sheet] = {}
    for _, source in jobs:
        if source.box is not None and source.path not in sheets:
            sheets[source.path] = _Sheet(source.path, plan, height, max_pixels)
    want = card_size(aspect, height)

    def make(slot: str, source: Source) -> str:
        if source.box is not None:
            image = sheets[source.path].cell(source.box)
        else:
            image = open_upright(source.path, want=want, max_pixels=max_pixels)
        picture = card_picture(image, aspect, height, trim_border=trim, how=how)
        file = f"{slot}.png"
        save_png(picture, work / file)
        return file

    total = len(jobs)
    done = 0
    files: dict[str, str] = {}
    if progress is not None:
        progress(0, total)
    with ThreadPoolExecutor(max_workers=workers or default_workers()) as pool:
        pending: dict[Future[str], tuple[str, Source]] = {
            pool.submit(make, slot, source): (slot, source) for slot, source in jobs
        }
        try:
            while pending:
                finished, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                if cancelled is not None and cancelled():
                    raise DeckImportCancelled("The import was cancelled; nothing was kept.")
                for future in finished:
                    slot, source = pending.pop(future)
                    try:
                        files[slot] = future.result()
                    except CardImageError as exc:
                        raise DeckImportError(str(exc)) from None
                    except OSError as exc:
                        raise DeckImportError(
                            f"Cannot write the picture for {source.label}: {exc.strerror or exc}."
                        ) from None
                    done += 1
                    if progress is not None:
                        progress(done, total)
        finally:
            for future in pending:
                future.cancel()
    return files


def write_json(path: Path, data: object) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
        out.flush()
        os.fsync(out.fileno())


def sync_folder(folder: Path) -> None:
    """Make the rename that installed the set survive a power cut (POSIX only)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
