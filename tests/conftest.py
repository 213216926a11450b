"""Shared test set-up: Qt runs offscreen, Hypothesis is repeatable."""

import os
from typing import TYPE_CHECKING

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from cardtable.ui.qt import QtWidgets

settings.register_profile("cardtable", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("cardtable")


@pytest.fixture(scope="session")
def qapp(qapp: "QtWidgets.QApplication") -> "QtWidgets.QApplication":
    """pytest-qt's application, with the app's bundled typefaces as it has them at start."""
    from cardtable.ui.art.fonts import use_bundled_fonts

    use_bundled_fonts(qapp)
    return qapp


@pytest.fixture
def tarot_decks_folder(tmp_path: "Path") -> "Iterator[Path]":
    """The group's tarot decks kept in a folder of the test's own, never the user's."""
    from cardtable.session import tarot_decks

    folder = tmp_path / "tarot-decks"
    tarot_decks.use_folder(folder)
    yield folder
    tarot_decks.use_folder(None)
