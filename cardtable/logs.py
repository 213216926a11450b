"""The log file: what Cardtable did, kept in the user's log folder for bug reports.

:func:`configure_logging` sends every ``cardtable`` logger to ``cardtable.log`` in
``platformdirs.user_log_dir("cardtable")``. Once the file has passed :data:`MAX_BYTES`, when
the app starts or while it runs, it becomes ``cardtable.log.1`` (and so on, :data:`BACKUPS`
older files kept), and a record longer than :data:`MAX_RECORD` characters is cut short: the
log files never hold more than :data:`MOST_BYTES` (about 4 MB), however chatty a run. When
the folder cannot be written the app still starts: the records go to stderr instead.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from types import TracebackType

LOG_NAME = "cardtable.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
#: The longest record written, in characters (a traceback is a few thousand).
MAX_RECORD = 20_000
#: The most the log files hold, in bytes: each full, and one record (4 bytes a character) over.
MOST_BYTES = (BACKUPS + 1) * (MAX_BYTES + 4 * MAX_RECORD + 1)
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

_ROOT = "cardtable"
_log = logging.getLogger(__name__)


def log_folder() -> Path:
    """The user's log folder for Cardtable."""
    import platformdirs  # here, not at the top: the command-line tools never log to a file

    return Path(platformdirs.user_log_dir("cardtable", appauthor=False))


#: The name of the handler :func:`configure_logging` adds, so that a second call can find it.
HANDLER_NAME = "cardtable-log-file"


def configure_logging(log_dir: Path | None = None, level: int = logging.INFO) -> Path | None:
    """Log ``cardtable.*`` at ``level`` and above to the log file; returns its path.

    Calling it again replaces the handler it added before (so a test may point it at
    another folder). Returns None when the folder cannot be written; records then go
    to stderr.
    """
    logger = logging.getLogger(_ROOT)
    for old in [h for h in logger.handlers if h.get_name() == HANDLER_NAME]:
        logger.removeHandler(old)
        old.close()
    folder = log_folder() if log_dir is None else Path(log_dir)
    path: Path | None = folder / LOG_NAME
    handler: logging.Handler
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        rotate(folder / LOG_NAME)
        handler = SizedFileHandler(folder / LOG_NAME)
    except OSError as exc:
        handler = logging.StreamHandler(sys.stderr)
        path = None
        problem = f"cannot write the log file in {folder} ({exc}); logging to stderr"
    else:
        problem = ""
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.set_name(HANDLER_NAME)
    logger.addHandler(handler)
    logger.setLevel(level)
    if problem:
        _log.warning(problem)
    return path


class SizedFileHandler(logging.FileHandler):
    """Appends to ``path``, moving it aside (:func:`rotate`) each time it reaches
    ``max_bytes``; records longer than :data:`MAX_RECORD` characters are cut to it.

    ``logging.handlers.RotatingFileHandler`` does the same, but importing
    ``logging.handlers`` (sockets, pickle) would slow every start of the app.
    """

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> None:
        _own_file(path)
        super().__init__(path, encoding="utf-8")
        self.max_bytes = max_bytes
        self.backups = backups

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        if len(text) > MAX_RECORD:
            cut = f" [... cut: {len(text)} characters]"
            text = text[: MAX_RECORD - len(cut)] + cut
        return text

    def emit(self, record: logging.LogRecord) -> None:
        # Called with the handler's lock held, so one thread at a time rotates.
        if self.stream is not None:
            try:
                full = self.stream.tell() >= self.max_bytes
            except (OSError, ValueError):
                full = False
            if full:
                self.stream.close()
                self.stream = None  # reopened by emit, as with delay=True
                try:
                    rotate(Path(self.baseFilename), self.max_bytes, self.backups)
                    _own_file(Path(self.baseFilename))
                except OSError:
                    self.handleError(record)
        super().emit(record)


def _own_file(path: Path) -> None:
    """Create ``path`` readable by its owner alone (0600, whatever the umask), or make it so:
    a traceback may name a card's id, and an id can give a face away."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
    os.chmod(path, 0o600)


def rotate(path: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> bool:
    """Move ``path`` to ``path.1`` (``.1`` to ``.2`` ...) if it has reached ``max_bytes``.

    The oldest of ``backups`` older files is dropped. Returns whether it rotated.
    """
    try:
        if path.stat().st_size < max_bytes:
            return False
    except FileNotFoundError:
        return False
    for number in range(backups, 0, -1):
        newer = path if number == 1 else path.with_name(f"{path.name}.{number - 1}")
        if newer.exists():
            os.replace(newer, path.with_name(f"{path.name}.{number}"))
    return True


def log_uncaught(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """A :data:`sys.excepthook` that writes a crash to the log file, then to stderr as usual.

    Qt calls Python slots from its event loop, where an exception would otherwise only
    reach the terminal, which a double-clicked app does not have.
    """
    if not issubclass(kind, KeyboardInterrupt):
        _log.critical("uncaught exception", exc_info=(kind, error, trace))
    sys.__excepthook__(kind, error, trace)


def current_log_file() -> Path | None:
    """The file :func:`configure_logging` writes to now; None when records go to stderr (or
    logging was never set up)."""
    for handler in logging.getLogger(_ROOT).handlers:
        name = getattr(handler, "baseFilename", None)
        if handler.get_name() == HANDLER_NAME and isinstance(name, str):
            return Path(name)
    return None
