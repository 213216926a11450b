"""Shared test set-up: Qt runs offscreen, Hypothesis is repeatable."""

import os
from typing import TYPE_CHECKING

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from cardtable.ui.qt import QtWidgets

settings.register_profile("cardtable", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("cardtable")


@pytest.fixture(scope="session")
def qapp(qapp: "QtWidgets.QApplication") -> "QtWidgets.QApplication":
    """pytest-qt's application, with the app's bundled typefaces as it has them at start."""
    from cardtable.ui.art.fonts import use_bundled_fonts

    use_bundled_fonts(qapp)
    return qapp
