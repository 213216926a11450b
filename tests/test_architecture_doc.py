"""docs/architecture.md and the packages' own docstrings name only rooms that exist.

The page names rooms as dotted modules (``cardtable.session.registry``, with a name inside
one: ``cardtable.steps.tarot.draw``) and as paths (``ui/panels/dice/tray.py``); the packages'
docstrings name their modules as ``:mod:`.server```. Each must be found in the checkout, where
``cardtable.ui`` is the folder ``ui/`` (pyproject's ``package-dir``). Each layer of the
import contract must appear on the page, so that a room added to the contract is described.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

DOTTED = re.compile(r"(?<![\w./-])cardtable(?:\.\w+)+")
PATH = re.compile(r"(?<![\w./-])(?:cardtable|ui|tests|packaging|docs|assets|benchmarks)/[\w./-]*")
RELATIVE_MOD = re.compile(r":mod:`~?\.(\w+)")


def _package_dirs() -> dict[str, Path]:
    mapping = PYPROJECT["tool"]["setuptools"]["package-dir"]
    return {package: ROOT / folder for package, folder in mapping.items()}


def _module_file(name: str) -> Path | None:
    """The source file of the module or package ``name`` in the checkout, or None."""
    dirs = _package_dirs()
    top = max((p for p in dirs if name == p or name.startswith(p + ".")), key=len, default=None)
    if top is None:
        return None
    folder = dirs[top].joinpath(*name[len(top) :].split(".")[1:])
    if (folder / "__init__.py").is_file():
        return folder / "__init__.py"
    module = folder.with_suffix(".py")
    return module if module.is_file() else None


@functools.cache
def _names_in(source: Path) -> dict[str, ast.AST]:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update((t.id, node) for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names.update((alias.asname or alias.name, node) for alias in node.names)
    return names


def _resolves(dotted: str) -> bool:
    """Whether ``dotted`` is a module, or a module and a name defined in it (and one level
    inside a class defined there: ``Session.apply``)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        source = _module_file(".".join(parts[:cut]))
        if source is None:
            continue
        rest = parts[cut:]
        if not rest:
            return True
        found = _names_in(source).get(rest[0])
        if found is None or len(rest) > 2:
            return False
        if len(rest) == 1:
            return True
        return isinstance(found, ast.ClassDef) and any(
            getattr(node, "name", None) == rest[1] for node in found.body
        )
    return False


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def test_every_module_the_page_names_exists() -> None:
    names = set(DOTTED.findall(_doc()))
    assert len(names) > 20
    assert sorted(name for name in names if not _resolves(name)) == []


def test_every_path_the_page_names_exists() -> None:
    paths = set(PATH.findall(_doc()))
    assert len(paths) > 10
    assert sorted(path for path in paths if not (ROOT / path.rstrip(".")).exists()) == []


def _contracts(kind: str) -> list[dict[str, Any]]:
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    return [contract for contract in contracts if contract["type"] == kind]


def test_every_layer_of_the_contract_is_on_the_page() -> None:
    text = _doc()
    missing = []
    for contract in _contracts("layers"):
        containers = contract.get("containers", [""])
        for layer in contract["layers"]:
            for room in (part.strip() for part in layer.split("|")):
                for container in containers:
                    if container:
                        # A room of a container: `cardtable.ui` + `window` is `ui/window/`.
                        folder = _module_file(f"{container}.{room}")
                        assert folder is not None, f"{container}.{room} is in no folder"
                        shown = folder.parent.relative_to(ROOT).as_posix() + "/"
                    else:
                        shown = room
                    if f"`{shown}`" not in text and f'"{shown}' not in text:
                        missing.append(shown)
    assert missing == []


def test_every_independent_system_is_on_the_page() -> None:
    text = _doc()
    modules = [m for contract in _contracts("independence") for m in contract["modules"]]
    systems = [module.rsplit(".", 1)[1] for module in modules]
    assert len(systems) == 5
    assert [system for system in systems if system not in text] == []


def test_every_module_a_package_docstring_names_exists() -> None:
    wrong = []
    packages = [*ROOT.glob("cardtable/**/__init__.py"), *ROOT.glob("ui/**/__init__.py")]
    for init in sorted(packages):
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        for name in RELATIVE_MOD.findall(docstring):
            here = init.parent
            if not ((here / f"{name}.py").is_file() or (here / name / "__init__.py").is_file()):
                wrong.append(f"{init.relative_to(ROOT)}: .{name}")
        wrong += [
            f"{init.relative_to(ROOT)}: {name}"
            for name in re.findall(r":mod:`~?(cardtable(?:\.\w+)+)`", docstring)
            if not _resolves(name)
        ]
    assert wrong == []
