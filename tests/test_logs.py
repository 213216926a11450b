"""The log file: records land in it, it rotates at start and by size while the app runs, an
unwritable folder is no crash."""

from __future__ import annotations

import logging
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.logs import (
    BACKUPS,
    HANDLER_NAME,
    LOG_NAME,
    MAX_BYTES,
    MAX_RECORD,
    MOST_BYTES,
    configure_logging,
    log_uncaught,
    rotate,
)


@pytest.fixture(autouse=True)
def restore_logger() -> Iterator[None]:
    """Leave the ``cardtable`` logger as it was: no file handler of a finished test left."""
    logger = logging.getLogger("cardtable")
    handlers, level = list(logger.handlers), logger.level
    yield
    for handler in logger.handlers:
        if handler not in handlers:
            handler.close()
    logger.handlers[:] = handlers
    logger.setLevel(level)


def _flush() -> None:
    for handler in logging.getLogger("cardtable").handlers:
        handler.flush()


def test_app_records_land_in_the_log_file(tmp_path: Path) -> None:
    path = configure_logging(tmp_path / "logs")
    assert path == tmp_path / "logs" / LOG_NAME
    logging.getLogger("cardtable.ui.table").info("dealt %d cards", 5)
    logging.getLogger("cardtable.ui.table").debug("too chatty for the file")
    logging.getLogger("someone.else").warning("not ours")
    _flush()
    text = path.read_text(encoding="utf-8")
    assert "INFO" in text and "cardtable.ui.table: dealt 5 cards" in text
    assert "too chatty" not in text and "not ours" not in text


def test_configuring_again_moves_the_log_without_doubling_lines(tmp_path: Path) -> None:
    first = configure_logging(tmp_path / "one")
    second = configure_logging(tmp_path / "two")
    assert first is not None and second is not None
    logging.getLogger("cardtable").warning("only once, only here")
    _flush()
    assert second.read_text(encoding="utf-8").count("only once, only here") == 1
    assert "only once" not in first.read_text(encoding="utf-8")
    ours = [h for h in logging.getLogger("cardtable").handlers if h.get_name() == HANDLER_NAME]
    assert len(ours) == 1


def test_an_unwritable_log_folder_falls_back_to_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    assert configure_logging(blocker / "logs") is None
    logging.getLogger("cardtable").error("still heard")
    err = capsys.readouterr().err
    assert "cannot write the log file" in err and "still heard" in err


def test_a_big_log_rotates_keeping_a_few_old_ones(tmp_path: Path) -> None:
    log = tmp_path / LOG_NAME
    for run in range(6):
        log.write_text(f"run {run}\n" + "x" * 200)
        assert rotate(log, max_bytes=100, backups=3)
    assert not log.exists()
    kept = {p.name: p.read_text().splitlines()[0] for p in tmp_path.iterdir()}
    assert kept == {f"{LOG_NAME}.1": "run 5", f"{LOG_NAME}.2": "run 4", f"{LOG_NAME}.3": "run 3"}


def test_a_chatty_run_rotates_the_log_as_it_goes_and_stays_within_its_bound(
    tmp_path: Path,
) -> None:
    path = configure_logging(tmp_path)
    assert path is not None
    chatty = logging.getLogger("cardtable.phones.server")
    line = "refused: " + "x" * 990
    for number in range(6 * MAX_BYTES // 1000):
        chatty.warning("%d %s", number, line)
    chatty.warning("a line of %d characters: %s", 10**6, "y" * 10**6)
    chatty.warning("the last line")
    _flush()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [LOG_NAME] + [f"{LOG_NAME}.{n}" for n in range(1, BACKUPS + 1)]
    sizes = [(tmp_path / name).stat().st_size for name in files]
    assert all(size <= MAX_BYTES + 4 * MAX_RECORD for size in sizes), sizes
    assert sum(sizes) <= MOST_BYTES
    text = path.read_text(encoding="utf-8")
    assert text.endswith("the last line\n")
    everything = "".join((tmp_path / name).read_text(encoding="utf-8") for name in files)
    [long_line] = [t for t in everything.splitlines() if "a line of" in t]
    assert len(long_line) == MAX_RECORD and long_line.endswith(" characters]")


def test_a_small_or_missing_log_is_left_alone(tmp_path: Path) -> None:
    log = tmp_path / LOG_NAME
    assert not rotate(log, max_bytes=100)
    log.write_text("short")
    assert not rotate(log, max_bytes=100)
    assert [p.name for p in tmp_path.iterdir()] == [LOG_NAME]


def test_a_crash_is_written_to_the_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = configure_logging(tmp_path)
    assert path is not None
    try:
        raise KeyError("the missing card")
    except KeyError:
        kind, error, trace = sys.exc_info()
        assert kind is not None and error is not None
        log_uncaught(kind, error, trace)
    _flush()
    text = path.read_text(encoding="utf-8")
    assert "CRITICAL" in text and "KeyError: 'the missing card'" in text and "Traceback" in text
    assert "the missing card" in capsys.readouterr().err  # still shown as Python shows it


@pytest.mark.parametrize("umask", [0, 0o022])
def test_the_log_files_are_their_owners_alone_under_any_umask(tmp_path: Path, umask: int) -> None:
    # A traceback may name a card's id ("shoe/7c"), which gives its face away.
    old = os.umask(umask)
    try:
        path = configure_logging(tmp_path / "logs")
        assert path is not None
        chatty = logging.getLogger("cardtable.phones.server")
        for number in range(2 * MAX_BYTES // 1000):
            chatty.warning("%d %s", number, "x" * 990)
        _flush()
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "logs").stat().st_mode) == 0o700
    for file in (tmp_path / "logs").iterdir():
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file.name
