"""The project's shape: the wheel holds every package (the arrows: test_architecture.py)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _package_folders() -> dict[str, Path]:
    """Every folder of ours that holds Python code, by the name it is imported as."""
    folders = {"cardtable.assets": ROOT / "assets"}
    for top, name in ((ROOT / "cardtable", "cardtable"), (ROOT / "ui", "cardtable.ui")):
        for init in top.rglob("__init__.py"):
            folder = init.parent
            folders[".".join((name, *folder.relative_to(top).parts))] = folder
    return folders


@pytest.mark.slow
def test_wheel_holds_every_package_and_the_assets(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    [wheel] = tmp_path.glob("cardtable-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for package, folder in _package_folders().items():
        prefix = package.replace(".", "/") + "/"
        for source in folder.glob("*.py"):
            assert prefix + source.name in names, f"{source.relative_to(ROOT)} is not in the wheel"
    assert "cardtable/assets/decks/tourist-tarot.json" in names
    assert "cardtable/assets/decks/playing-cards.json" in names
    for font in ("texgyrepagella-regular.otf", "DejaVuSans.ttf", "GUST-FONT-LICENSE.txt"):
        assert f"cardtable/assets/fonts/{font}" in names
    assert "cardtable/py.typed" in names
