"""Autosave: a copy of the session in the user's data folder, written shortly after every
change by a background thread, so a crash loses at most the last moment of play.

The session is turned into a document on the caller's thread (quick: the log's entries are
reused from the last save) and handed to a worker thread, which waits until changes have
paused for ``delay`` seconds, then encodes and writes it atomically. The table never waits
for the disk.

A marker file says "a session is open and being autosaved"; a clean exit removes it. At the
next start, a marker still there means the app did not close cleanly, and
:func:`recoverable_autosave` returns the autosaved file to offer it back. Ask before
starting a new :class:`Autosaver`, which would overwrite it.

>>> import tempfile
>>> from pathlib import Path
>>> from cardtable.randomness import seeded
>>> from cardtable.session.core import Session
>>> folder = Path(tempfile.mkdtemp())
>>> saver = Autosaver(Session(rng=seeded(1)), folder, delay=0.01)
>>> saver.changed()
>>> saver.flush()
>>> recoverable_autosave(folder) == folder / AUTOSAVE_NAME   # as if we had crashed
True
>>> saver.close()
>>> recoverable_autosave(folder) is None
True
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

import platformdirs

from cardtable.session.atomic import write_atomic
from cardtable.session.core import Changes, Session
from cardtable.session.saving import document, encode

AUTOSAVE_NAME = "autosave.cardtable"
MARKER_NAME = "autosave.open"
#: Seconds of quiet after a change before the autosave is written.
DEFAULT_DELAY = 2.0

_log = logging.getLogger(__name__)


def autosave_folder() -> Path:
    """Where autosaves live: the user's data folder for Cardtable."""
    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def recoverable_autosave(folder: Path | None = None) -> Path | None:
    """The autosave left by a session that did not close cleanly, or None."""
    folder = autosave_folder() if folder is None else Path(folder)
    saved = folder / AUTOSAVE_NAME
    if (folder / MARKER_NAME).exists() and saved.is_file():
        return saved
    return None


def dismiss_autosave(folder: Path | None = None) -> None:
    """The player declined to recover: forget the crashed session's autosave."""
    folder = autosave_folder() if folder is None else Path(folder)
    for name in (MARKER_NAME, AUTOSAVE_NAME):
        with contextlib.suppress(OSError):
            (folder / name).unlink()


class Autosaver:
    """Keeps an autosave of ``session`` in ``folder`` (the user data folder by default).

    It listens to the session itself; :meth:`changed` may also be called by hand. Call
    :meth:`close` when the session closes cleanly. ``last_error`` holds the last failure
    (a full disk, say) in words, or None; autosaving goes on trying.
    """

    def __init__(
        self,
        session: Session,
        folder: Path | None = None,
        *,
        delay: float = DEFAULT_DELAY,
        listen: bool = True,
    ) -> None:
        self.session = session
        self.folder = autosave_folder() if folder is None else Path(folder)
        self.delay = delay
        self.saves = 0
        self.last_error: str | None = None
        self._pending: dict[str, Any] | None = None
        self._due = 0.0
        self._writing = False
        self._closed = False
        self._wake = threading.Condition()
        self._unsubscribe = session.subscribe(self._on_changes) if listen else None
        self._thread = threading.Thread(target=self._run, name="cardtable-autosave", daemon=True)
        self._thread.start()

    @property
    def path(self) -> Path:
        return self.folder / AUTOSAVE_NAME

    def _on_changes(self, changes: Changes) -> None:
        if changes:
            self.changed()

    def changed(self) -> None:
        """The session changed: save it once changes have paused for ``delay`` seconds."""
        try:
            doc = document(self.session)
        except (ValueError, TypeError) as exc:
            self.last_error = f"Autosave failed: {exc}"
            _log.warning("%s", self.last_error)
            return
        with self._wake:
            if self._closed:
                return
            self._pending = doc
            self._due = time.monotonic() + self.delay
            self._wake.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        """Write any pending autosave now and wait until it is on disk."""
        deadline = time.monotonic() + timeout
        with self._wake:
            self._due = 0.0
            self._wake.notify_all()
            while (self._pending is not None or self._writing) and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._wake.wait(left)

    def close(self) -> None:
        """A clean exit: write what is pending, stop, and remove the marker."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.flush()
        with self._wake:
            self._closed = True
            self._wake.notify_all()
        self._thread.join(timeout=10.0)
        with contextlib.suppress(OSError):
            (self.folder / MARKER_NAME).unlink()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (self._pending is None or time.monotonic() < self._due):
                    wait = None if self._pending is None else max(0.0, self._due - time.monotonic())
                    self._wake.wait(wait)
                if self._pending is None:
                    return  # closed with nothing left to write
                doc, self._pending = self._pending, None
                self._writing = True
            try:
                self._write(doc)
            finally:
                with self._wake:
                    self._writing = False
                    self._wake.notify_all()

    def _write(self, doc: dict[str, Any]) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, encode(doc), private=True)
            marker = self.folder / MARKER_NAME
            if not marker.exists():
                marker.write_text(f"{os.getpid()}\n", encoding="utf-8")
            self.saves += 1
            self.last_error = None
        except (OSError, ValueError, TypeError) as exc:
            self.last_error = f"Autosave to {self.path} failed: {exc}"
            _log.warning("%s", self.last_error)
