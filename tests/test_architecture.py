"""The house in rooms: the import contract in ``pyproject.toml`` holds, and it can fail.

import-linter reads the package as installed (``cardtable.ui`` is the folder ``ui/`` only
through the install's package-dir mapping), so each test lints a copy of the sources laid out
as the wheel lays them out, made by ``packaging/lint_imports.py``: the one command that
checks the contract in a checkout, which the first test runs as a person would.
"""

from __future__ import annotations

import collections
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "packaging" / "lint_imports.py"
CONTRACTS = 5


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lint_imports", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if module.lint_imports_command() is None:
        pytest.skip("import-linter is not installed (it comes with the 'test' extra)")
    return module


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    """A copy of the sources as the wheel lays them out; returns the folder above it."""
    return _script().lay_out(tmp_path)


def _lint(folder: Path) -> subprocess.CompletedProcess[str]:
    return _script().lint(folder)


def test_the_documented_command_lints_the_checkout() -> None:
    _script()
    done = subprocess.run(
        [sys.executable, str(SCRIPT.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {CONTRACTS} kept, 0 broken." in done.stdout


def test_the_copy_is_laid_out_as_the_wheel_installs_it(installed: Path) -> None:
    package = installed / "cardtable"
    assert (package / "ui" / "qt.py").is_file()  # ui/ is cardtable.ui
    assert (package / "assets" / "__init__.py").is_file()
    assert not list(package.joinpath("assets").rglob("*.json"))  # sources only
    assert (installed / "pyproject.toml").read_text() == (ROOT / "pyproject.toml").read_text()


def test_a_bare_lint_imports_in_the_checkout_cannot_find_the_front_end() -> None:
    """Why the script exists: without the wheel's layout there is no cardtable.ui."""
    command = _script().lint_imports_command()
    done = subprocess.run(
        [command, "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert done.returncode != 0
    assert "Missing layer 'cardtable.ui'" in done.stdout + done.stderr


def test_the_session_reaching_up_into_the_ui_breaks_the_contract(installed: Path) -> None:
    wrong = installed / "cardtable" / "session" / "wrong_arrow.py"
    wrong.write_text("from cardtable.ui.qt import QtCore\n")
    done = _lint(installed)
    assert done.returncode == 1
    assert "cardtable.session is not allowed to import cardtable.ui" in done.stdout
    assert "The model never imports Qt BROKEN" in done.stdout
    assert "cardtable.session.wrong_arrow -> cardtable.ui.qt" in done.stdout


def test_a_resolver_importing_another_system_breaks_the_contract(installed: Path) -> None:
    wrong = installed / "cardtable" / "resolvers" / "pool" / "wrong_arrow.py"
    wrong.write_text("from cardtable.resolvers.tarot.odds import TarotNumbers\n")
    done = _lint(installed)
    assert done.returncode == 1
    assert "The five systems' resolvers know nothing of each other BROKEN" in done.stdout


def test_an_import_circle_breaks_the_contract(installed: Path) -> None:
    dice = installed / "cardtable" / "dice"
    (dice / "circle_a.py").write_text("from cardtable.dice import circle_b\n")
    (dice / "circle_b.py").write_text("from cardtable.dice import circle_a\n")
    done = _lint(installed)
    assert done.returncode == 1
    assert "No cycles are allowed in cardtable.dice." in done.stdout


def _python_folders() -> list[Path]:
    return sorted(
        {init.parent for top in (ROOT / "cardtable", ROOT / "ui") for init in top.rglob("*.py")}
    )


def test_no_family_of_three_files_shares_a_prefix_at_one_level() -> None:
    """A family of files sharing a prefix is a package waiting to be named."""
    families = []
    for folder in _python_folders():
        by_prefix = collections.defaultdict(list)
        for source in folder.glob("*_*.py"):
            by_prefix[source.stem.split("_")[0]].append(source.name)
        families += [
            f"{folder.relative_to(ROOT)}: {sorted(names)}"
            for prefix, names in by_prefix.items()
            if len(names) >= 3 and prefix
        ]
    assert families == []


def test_the_front_end_keeps_only_its_entry_points_at_the_top() -> None:
    top = sorted(source.name for source in (ROOT / "ui").glob("*.py"))
    assert top == ["__init__.py", "app.py", "document.py", "qt.py"]
