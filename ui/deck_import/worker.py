"""Work the deck-import wizard does off the window's thread: the import, and thumbnails.

Both report back through Qt signals (queued into the window's thread), so the window never
freezes: :class:`ImportWorker` runs :func:`cardtable.decks.importing.import_deck` on a
:class:`QtCore.QThread` and can be cancelled; :class:`ThumbnailLoader` makes small pictures of
the sources (files, or cells of a sheet) in a small pool of threads, one request at a time
per source.
"""

from __future__ import annotations

import io
import queue
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from PIL import Image

from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.images import MAX_PIXELS, CardImageError, card_picture, open_upright
from cardtable.decks.importing import import_deck
from cardtable.decks.plans import DeckImportCancelled, DeckImportError, ImportPlan, Source
from cardtable.ui.qt import QtCore, QtGui

#: The long side of a thumbnail in the mapping table, in pixels (before the screen's scale).
THUMB_SIDE = 96
#: How often finished thumbnails are handed to the window, in milliseconds.
DELIVER_MS = 30


class ImportWorker(QtCore.QThread):
    """Runs one import; ``progressed(done, total)``, then ``succeeded(ArtSet)`` or ``failed``."""

    progressed = QtCore.Signal(int, int)
    succeeded = QtCore.Signal(object)
    failed = QtCore.Signal(str)
    cancelled = QtCore.Signal()

    def __init__(
        self,
        plan: ImportPlan,
        library: ArtLibrary,
        name: str,
        parent: QtCore.QObject | None = None,
        **options: object,
    ) -> None:
        super().__init__(parent)
        self.plan = plan
        self.library = library
        self.name = name
        self.options = options
        self._stop = threading.Event()
        self.result: ArtSet | None = None

    def cancel(self) -> None:
        """Ask the import to stop; it removes what it made and emits ``cancelled``."""
        self._stop.set()

    def run(self) -> None:
        try:
            art = import_deck(
                self.plan,
                self.library,
                self.name,
                progress=lambda done, total: self.progressed.emit(done, total),
                cancelled=self._stop.is_set,
                **self.options,  # type: ignore[arg-type]
            )
        except DeckImportCancelled:
            self.cancelled.emit()
        except (DeckImportError, ValueError, OSError) as exc:
            self.failed.emit(str(exc))
        else:
            self.result = art
            self.succeeded.emit(art)


def _source_key(source: Source) -> str:
    return str(source.path) if source.cell is None else f"{source.path}#{source.cell}"


class ThumbnailLoader(QtCore.QObject):
    """Small upright pictures of sources, made in the background.

    ``ready(key, QImage)`` follows each :meth:`request` (``key`` is :func:`key_of` the
    source); ``broken(key, message)`` when the source cannot be read. ``aspect`` (height /
    width), when given, shows each picture as it will be imported: trimmed and fitted.
    """

    ready = QtCore.Signal(str, QtGui.QImage)
    broken = QtCore.Signal(str, str)

    def __init__(self, parent: QtCore.QObject | None = None, side: int = THUMB_SIDE) -> None:
        super().__init__(parent)
        self.side = side
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="thumbnails")
        self._asked: dict[tuple[str, float | None], Future[None]] = {}
        self._sheets: dict[Path, tuple[Image.Image, int]] = {}
        self._sheet_lock = threading.Lock()
        self._closed = False
        # The pool's threads never touch this QObject (it may be deleted while they work):
        # they leave results here, and a timer in the window's thread hands them out.
        self._results: queue.SimpleQueue[tuple[str, QtGui.QImage | None, str]] = (
            queue.SimpleQueue()
        )
        self._deliver = QtCore.QTimer(self)
        self._deliver.setInterval(DELIVER_MS)
        self._deliver.timeout.connect(self._on_deliver)

    @staticmethod
    def key_of(source: Source) -> str:
        return _source_key(source)

    def request(self, source: Source, aspect: float | None = None) -> None:
        """Make ``source``'s thumbnail (once per source and shape)."""
        if self._closed or (self.key_of(source), aspect) in self._asked:
            return
        future = self._pool.submit(self._make, source, aspect)
        self._asked[(self.key_of(source), aspect)] = future
        self._deliver.start()

    def _on_deliver(self) -> None:
        while True:
            try:
                key, picture, problem = self._results.get_nowait()
            except queue.Empty:
                break
            if picture is None:
                self.broken.emit(key, problem)
            else:
                self.ready.emit(key, picture)
        if all(future.done() for future in self._asked.values()) and self._results.empty():
            self._deliver.stop()

    def _make(self, source: Source, aspect: float | None) -> None:
        key = self.key_of(source)
        try:
            image = self._picture(source)
            if aspect is not None:
                image = card_picture(image, aspect, self.side)
            else:
                image.thumbnail((self.side, self.side), Image.Resampling.BILINEAR)
            out = io.BytesIO()
            image.save(out, "PNG", compress_level=0)
            picture = QtGui.QImage.fromData(out.getvalue(), "PNG")
        except (CardImageError, OSError, ValueError) as exc:
            self._results.put((key, None, str(exc)))
            return
        self._results.put((key, picture, ""))

    def _picture(self, source: Source) -> Image.Image:
        if source.box is None:
            return open_upright(source.path, want=(self.side * 2, self.side * 2))
        with self._sheet_lock:
            if source.path not in self._sheets:
                sheet = open_upright(source.path, max_pixels=MAX_PIXELS)
                # Thumbnails need little: keep the sheet at most ~3000 pixels across.
                factor = max(1, max(sheet.size) // 3000)
                self._sheets[source.path] = (sheet.reduce(factor) if factor > 1 else sheet, factor)
            sheet, factor = self._sheets[source.path]
        left, top, right, bottom = (v // factor for v in source.box)
        return sheet.crop((left, top, max(right, left + 1), max(bottom, top + 1)))

    def close(self) -> None:
        """Stop making thumbnails (pending ones are dropped)."""
        self._closed = True
        self._deliver.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)
