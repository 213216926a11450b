"""Playing a guided round through the real main window: press what the guide lights.

Import as ``from guide_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.guides.walk import GuidedRound
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

LEFT = Qt.MouseButton.LeftButton
_Panel = TypeVar("_Panel", bound=QtWidgets.QWidget)

#: What the player does at a step before pressing what it lights (fill a form), by title.
Before = dict[str, Callable[[QtBot, GuidedRound], None]]


def press(qtbot: QtBot, widget: QtWidgets.QWidget) -> None:
    """A real click in the middle of ``widget``, which must be in sight and enabled."""
    assert widget.isVisible(), widget
    assert widget.isEnabled(), (
        f"{widget.text() if hasattr(widget, 'text') else widget}: {widget.toolTip()}"
    )
    qtbot.mouseClick(widget, LEFT)


def play_to_the_end(qtbot: QtBot, walk: GuidedRound, before: Before | None = None) -> list[str]:
    """Play ``walk`` to its last step as a player would: at each step press what it lights
    (a step to read: Next), having done what ``before`` says for it first, checking that
    the ring is drawn round it. A press that moves the ring to another control of the same
    step (Challenge, then the picker's Lay face down) is followed by pressing that one.
    Returns the titles of the steps met, in order."""
    met: list[str] = []
    shown_at = -1
    for _ in range(100):
        step = walk.step
        if walk.at != shown_at:
            met.append(step.title)
            shown_at = walk.at
        spot = walk.spot()
        if spot is not None:
            assert walk.light.spot is not None and walk.light.spot.widget is spot.widget
            assert not walk.light.ring.isEmpty(), step.title
            assert walk.light.isVisible()
        assert walk.card.isVisible()
        if before and step.title in before:
            before[step.title](qtbot, walk)
        if step.done is None:
            if walk.at == len(walk.steps) - 1:
                return met
            press(qtbot, walk.card.next)
        else:
            assert spot is not None, step.title
            at = walk.at
            press(qtbot, spot.widget)
            pressed = spot.widget

            def moved_on(at: int = at, pressed: QtWidgets.QWidget = pressed) -> bool:
                return walk.at != at or _lit(walk) is not pressed

            qtbot.waitUntil(moved_on, timeout=5000)
    raise AssertionError(f"the round did not end: {met}")


def _lit(walk: GuidedRound) -> QtWidgets.QWidget | None:
    return walk.light.spot.widget if walk.light.spot is not None else None


def group_window(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, Path, list[Settings]]:
    """The real main window on the group's own file (a copy of the demo), with its autosave
    under ``tmp_path`` and its panels built, Dana at the computer; with the file and every
    settings the window stored (its recent list)."""
    group = tmp_path / "group.cardtable"
    shutil.copyfile(demo_path(), group)
    stored: list[Settings] = []
    window = MainWindow(group, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(
        window, Settings(), store=lambda settings, _folder: stored.append(settings)
    )
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)
    return window, group, stored


def panel_in(walk: GuidedRound, dock: str, kind: type[_Panel]) -> _Panel:
    """The panel of class ``kind`` in the window's dock ``dock``, which must be built."""
    found = walk.window.setup.docks[dock].findChild(kind)
    assert found is not None, (dock, kind)
    return found
