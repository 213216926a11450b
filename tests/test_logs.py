"""The log file: records land in it, it rotates at start, an unwritable folder is no crash."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.logs import HANDLER_NAME, LOG_NAME, configure_logging, log_uncaught, rotate


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
