"""The examples in the session modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "cardtable.session",
    "cardtable.session.actions",
    "cardtable.session.autosave",
    "cardtable.session.core",
    "cardtable.session.export",
    "cardtable.session.log",
    "cardtable.session.migrations",
    "cardtable.session.model",
    "cardtable.session.registry",
    "cardtable.session.wording",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
