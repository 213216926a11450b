"""Check the import contract in ``pyproject.toml`` on a checkout, as the wheel lays it out.

    .venv/bin/python packaging/lint_imports.py [lint-imports options, e.g. --verbose]

A bare ``lint-imports`` in the checkout stops at ``Missing layer 'cardtable.ui'``: the folder
``ui/`` is the package ``cardtable.ui`` only once installed, through pyproject's
``package-dir``. This script copies the Python sources into a temporary folder in the
installed layout (each ``package-dir`` entry where the wheel puts it) beside a copy of
``pyproject.toml``, runs ``lint-imports`` there, prints its report and exits with its status.
It lives with the packaging because the layout it rebuilds is the package's.
tests/test_architecture.py runs it, so CI does too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _sources_only(folder: str, names: list[str]) -> set[str]:
    """What ``shutil.copytree`` leaves out: everything but folders and Python sources."""
    return {
        name
        for name in names
        if name == "__pycache__" or (not name.endswith(".py") and not Path(folder, name).is_dir())
    }


def lay_out(into: Path, root: Path = ROOT) -> Path:
    """Copy ``root``'s Python sources into ``into`` as the wheel installs them, with its
    ``pyproject.toml`` (where ``lint-imports`` finds the contract); returns ``into``.

    Each entry of ``[tool.setuptools.package-dir]`` (``"cardtable.ui" = "ui"``) is copied to
    its package's place (``cardtable/ui/``), outermost package first.
    """
    shutil.copy2(root / "pyproject.toml", into / "pyproject.toml")
    config = tomllib.loads((into / "pyproject.toml").read_text(encoding="utf-8"))
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    for package in sorted(mapping, key=lambda name: name.count(".")):
        target = into.joinpath(*package.split("."))
        shutil.copytree(root / mapping[package], target, ignore=_sources_only, dirs_exist_ok=True)
    return into


def lint_imports_command() -> str | None:
    """The ``lint-imports`` of the running Python's environment (else of ``PATH``), or None."""
    here = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    return here or shutil.which("lint-imports")


def lint(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """Run ``lint-imports`` on the layout in ``folder`` (made by :func:`lay_out`); raises
    FileNotFoundError when it is not installed."""
    command = lint_imports_command()
    if command is None:
        raise FileNotFoundError(
            "lint-imports is not installed: .venv/bin/pip install -e '.[test]' brings it"
        )
    # From the copy, and with it first on the path, so that it (not an editable install of
    # the checkout) is what `cardtable` means.
    return subprocess.run(
        [command, "--no-cache", *options],
        cwd=folder,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(folder)},
        check=False,
    )


def main(argv: list[str] | None = None) -> int:
    options = sys.argv[1:] if argv is None else argv
    with tempfile.TemporaryDirectory(prefix="cardtable-lint-") as scratch:
        try:
            done = lint(lay_out(Path(scratch)), *options)
        except FileNotFoundError as error:
            print(f"lint_imports: {error}", file=sys.stderr)
            return 2
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
