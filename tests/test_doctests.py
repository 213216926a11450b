"""Every example in the model's docstrings runs as written (``cardtable/``, not the Qt side).

Each module is its own test, so a broken example names its module; a module that holds no
example passes trivially and costs nothing.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardtable


def _model_modules() -> list[str]:
    names = ["cardtable"]
    for info in pkgutil.walk_packages(cardtable.__path__, "cardtable."):
        # The Qt front end is mapped into the package but is not the model.
        if info.name == "cardtable.ui" or info.name.startswith("cardtable.ui."):
            continue
        if info.name == "cardtable.__main__":  # importing it runs the command line
            continue
        names.append(info.name)
    return sorted(names)


MODULES = _model_modules()


def test_the_walk_finds_the_model_rooms():
    for room in ("cardtable.dice.odds", "cardtable.resolvers.tarot.challenge",
                 "cardtable.session.saving"):
        assert room in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"
