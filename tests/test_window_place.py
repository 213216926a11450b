"""The window's size and layout: maximised the first time, as it was left afterwards (its
geometry, its panels and their widths), and a panel's column as wide as the player made it
whatever its content does."""

from __future__ import annotations

from pathlib import Path

from curtain_rig import take_the_computer
from demo_window_rig import place_store as _store
from demo_window_rig import start_placed as _start
from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.widgets.style import bring_forward
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.placement import DOCKS_KEY, GEOMETRY_KEY, WindowPlace
from cardtable.ui.window.setup import WindowSetup


def _unmaximised(qtbot: QtBot, window: MainWindow, size: QtCore.QSize) -> None:
    """The player takes ``window`` out of maximised and gives it ``size``."""
    window.showNormal()
    qtbot.waitUntil(lambda: not window.isMaximized())
    window.resize(size)
    qtbot.waitUntil(lambda: window.size() == size)


def test_the_first_start_is_maximised_and_the_next_comes_back_as_it_was_left(
    qtbot: QtBot, tmp_path: Path
) -> None:
    first = _start(qtbot, tmp_path)
    assert first.isMaximized()
    qtbot.waitUntil(lambda: first.felt.width() > 0)
    _unmaximised(qtbot, first, QtCore.QSize(790, 700))
    tarot = first.setup.docks["tarot"]
    bring_forward(tarot)
    qtbot.waitUntil(tarot.isVisible)

    start = tarot.width()

    # The player drags the column's edge (again, once it is laid out): narrower, as a column
    # left wider than the felt's half of the window comes back no wider than that.
    def narrowed() -> bool:  # read once laid out, not just after asking again
        if tarot.width() < start - 40:
            return True
        first.resizeDocks([tarot], [300], Qt.Orientation.Horizontal)
        return False

    qtbot.waitUntil(narrowed)
    width = tarot.width()
    first.close()
    assert _store(tmp_path).value(GEOMETRY_KEY) is not None
    assert _store(tmp_path).value(DOCKS_KEY) is not None

    second = _start(qtbot, tmp_path)
    assert not second.isMaximized()
    assert second.size() == QtCore.QSize(790, 700)
    again = second.setup.docks["tarot"]
    qtbot.waitUntil(lambda: again.isVisible() and again.width() == width)


def test_a_column_narrowed_on_a_tab_brought_forward_comes_back_that_narrow(
    qtbot: QtBot, tmp_path: Path
) -> None:
    first = _start(qtbot, tmp_path)
    _unmaximised(qtbot, first, QtCore.QSize(790, 700))
    # The dice tray is in front of the column the first time, as wide as the column.
    dice, tarot = first.setup.docks["dice"], first.setup.docks["tarot"]
    qtbot.waitUntil(lambda: dice.isVisible() and dice.geometry().left() > first.width() // 2)
    seen = dice.width()
    # The player brings the Tarot Challenge forward and drags the column's edge narrower.
    bring_forward(tarot)
    qtbot.waitUntil(lambda: tarot.isVisible() and tarot.geometry().left() > 0)

    def narrowed() -> bool:  # read once laid out, not just after asking again
        if tarot.width() < seen - 40:
            return True
        first.resizeDocks([tarot], [seen - 60], Qt.Orientation.Horizontal)
        return False

    qtbot.waitUntil(narrowed)
    width = tarot.width()
    first.close()

    second = _start(qtbot, tmp_path)
    again = second.setup.docks["tarot"]
    qtbot.waitUntil(lambda: again.isVisible() and again.geometry().left() > 0)
    qtbot.wait(50)  # let any later layout pass land: the width is asserted as it is then
    assert again.width() == width


def test_a_panel_growing_never_widens_its_column_nor_shrinks_the_felt(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _start(qtbot, tmp_path)
    _unmaximised(qtbot, window, QtCore.QSize(1280, 800))
    tarot = window.setup.docks["tarot"]
    bring_forward(tarot)
    qtbot.waitUntil(tarot.isVisible)
    qtbot.wait(50)
    width, felt = tarot.width(), window.felt.width()
    # The panel's own content grows far wider than its column.
    label = tarot.findChild(QtWidgets.QLabel)
    assert label is not None
    label.setWordWrap(False)
    label.setText("A very long line a panel might show " * 8)
    label.adjustSize()
    qtbot.wait(50)  # let the layouts settle; the widths are asserted as they are then
    QtWidgets.QApplication.processEvents()
    assert tarot.width() == width
    assert window.felt.width() == felt


def test_on_a_small_screen_the_felt_gets_the_room_and_the_dice_tray_still_fits(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, folder: None)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # Dana, the GM
    dice = window.setup.docks["dice"]
    qtbot.waitUntil(lambda: dice.isVisible() and dice.width() <= 360)
    assert window.felt.width() > window.width() * 0.6
    roll = next(b for b in dice.findChildren(QtWidgets.QPushButton) if b.text() == "Roll")
    right = roll.mapTo(dice, QtCore.QPoint(roll.width(), 0)).x()
    assert right <= dice.width()


def test_the_hand_comes_back_as_tall_as_it_was_left_from_the_first_sight_of_the_table(
    qtbot: QtBot, tmp_path: Path
) -> None:
    first = _start(qtbot, tmp_path)
    hand = first.hand_dock

    def taller() -> bool:  # the player drags the edge above the hand (once it is laid out)
        first.resizeDocks([hand], [260], Qt.Orientation.Vertical)
        return hand.height() == 260

    qtbot.waitUntil(taller)
    first.close()

    second = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    second.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(second)
    second.setup = WindowSetup(
        second, Settings(), store=lambda s, folder: None, place=WindowPlace(_store(tmp_path))
    )
    heights: list[int] = []

    class Watch(QtCore.QObject):
        """Notes the hand's height at the felt's first paint with the session (before the
        panels, and the rest of the layout that was left, are built)."""

        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if event.type() == QtCore.QEvent.Type.Paint and not heights:
                heights.append(second.hand_dock.height())
            return False

    watch = Watch()
    second.when_ready(lambda ready: ready.felt.viewport().installEventFilter(watch))
    second.show()
    # The session comes in behind the curtain; the panels are built behind it, then the
    # player takes the computer and the table is first seen.
    qtbot.waitUntil(lambda: second.findChild(QtWidgets.QDockWidget, "logDock") is not None)
    qtbot.wait(100)
    take_the_computer(qtbot, second)
    qtbot.waitUntil(lambda: bool(heights) and bool(second.setup.docks), timeout=10_000)
    assert heights == [260]
    qtbot.waitUntil(lambda: second.hand_dock.height() == 260)
