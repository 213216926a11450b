"""The log file: what Cardtable did, kept in the user's log folder for bug reports.

:func:`configure_logging` sends every ``cardtable`` logger to ``cardtable.log`` in
``platformdirs.user_log_dir("cardtable")``. The file rotates when the app starts: once it
has passed :data:`MAX_BYTES` it becomes ``cardtable.log.1`` (and so on, :data:`BACKUPS`
older files kept), so one file never splits a run in two. When the folder cannot be written
the app still starts: the records go to stderr instead.
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
        folder.mkdir(parents=True, exist_ok=True)
        rotate(folder / LOG_NAME)
        # logging.handlers.RotatingFileHandler would do, but importing logging.handlers
        # (sockets, pickle) costs every start ~15 ms; rotating at start needs none of it.
        handler = logging.FileHandler(folder / LOG_NAME, encoding="utf-8")
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
