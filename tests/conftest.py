"""Shared test set-up: Qt runs offscreen, Hypothesis is repeatable."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings

settings.register_profile("cardtable", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("cardtable")
