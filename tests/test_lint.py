"""ruff and mypy stay clean over the whole project."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (it comes with the 'test' extra)")
    return found


@pytest.mark.slow
def test_ruff_finds_nothing() -> None:
    done = subprocess.run(
        [_tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_finds_nothing(tmp_path: Path) -> None:
    done = subprocess.run(
        [_tool("mypy"), "--cache-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
