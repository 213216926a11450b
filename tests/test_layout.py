"""The project's shape: the wheel holds every package, the model never imports Qt."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _package_folders() -> dict[str, Path]:
    """Every folder of ours that holds Python code, by the name it is imported as."""
    folders = {"cardtable.ui": ROOT / "ui", "cardtable.assets": ROOT / "assets"}
    for init in (ROOT / "cardtable").rglob("__init__.py"):
        folder = init.parent
        name = ".".join(folder.relative_to(ROOT).parts)
        folders[name] = folder
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
    assert "cardtable/py.typed" in names


def test_model_never_imports_qt() -> None:
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / "cardtable").rglob("*.py")
        if path.name != "__main__.py"
    )
    script = textwrap.dedent(
        f"""
        import importlib, sys
        class NoQt:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"):
                    raise ImportError("Qt is not allowed in the model: " + name)
        sys.meta_path.insert(0, NoQt())
        for name in {modules!r}:
            importlib.import_module(name)
        assert not any(m.startswith("PySide6") for m in sys.modules)
        print(len({modules!r}))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == len(modules)


def test_the_no_qt_guard_does_catch_qt() -> None:
    """The guard above is real: importing the Qt front end under it fails."""
    script = textwrap.dedent(
        """
        import importlib, sys
        class NoQt:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "PySide6":
                    raise ImportError("no Qt")
        sys.meta_path.insert(0, NoQt())
        importlib.import_module("cardtable.ui.qt")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode != 0 and "no Qt" in done.stderr
