"""A curtain nothing can paint over: while it is up the window shows the curtain and nothing
else, whatever shortcut, menu mnemonic, resize or minimise comes, its "I am X" button stays
in reach, and the panels that were open come back when the right player lifts it."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from curtain_rig import only_the_curtain, take_the_computer
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session import PassSeat, load, save
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.felt import FeltView
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import CANCEL, DISCARD, MainWindow
from cardtable.ui.window.setup import HAND_HEIGHT, WindowSetup, log_width

#: Where each panel is: (closed, floating, geometry, or None behind another panel's tab).
Arrangement = dict[str, tuple[bool, bool, tuple[int, int, int, int] | None]]


def _open_window(qtbot: QtBot, path: Path) -> MainWindow:
    """The window as the app opens it (panels and all), at 1280x800, active."""
    window = MainWindow(path, autosave_folder=path.parent / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    setup = WindowSetup(window, Settings(), store=lambda settings, folder: None)
    window.show()
    qtbot.waitExposed(window)
    window.setup = setup
    qtbot.waitUntil(lambda: bool(setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # whoever held it when it was saved
    log = setup.docks["log"]
    qtbot.waitUntil(  # the hand's row and the log's share of it, as the setup sizes them
        lambda: (
            window.hand_dock.height() == HAND_HEIGHT
            and abs(log.width() - log_width(window.hand_dock.width() + log.width())) <= 10
        )
    )
    window.activateWindow()
    qtbot.waitActive(window)
    return window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    # A copy of the demo: a shortcut that got through (Ctrl+S) must not write the shipped one.
    copy = tmp_path / "demo.cardtable"
    shutil.copyfile(demo_path(), copy)
    return _open_window(qtbot, copy)


class _ModalWatch:
    """Closes, and remembers, any dialog that opens: a shortcut that got past the curtain
    (Open…, Settings…) would otherwise wait for an answer for ever."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._timer = QtCore.QTimer()
        self._timer.setInterval(20)
        self._timer.timeout.connect(self._close)
        self._timer.start()

    def _close(self) -> None:
        for widget in (
            QtWidgets.QApplication.activeModalWidget(),
            QtWidgets.QApplication.activePopupWidget(),
        ):
            if widget is not None:
                self.seen.append(widget.windowTitle() or type(widget).__name__)
                widget.close()

    def stop(self) -> None:
        self._timer.stop()


@pytest.fixture
def modal_watch() -> Iterator[_ModalWatch]:
    watch = _ModalWatch()
    yield watch
    watch.stop()


def _arrangement(window: MainWindow) -> Arrangement:
    docks = window.findChildren(QtWidgets.QDockWidget)
    placed: Arrangement = {
        d.objectName(): (d.isHidden(), d.isFloating(), _in_sight(d)) for d in docks
    }
    placed["felt"] = (window.felt.isHidden(), False, window.felt.geometry().getRect())
    return placed


def _in_sight(dock: QtWidgets.QDockWidget) -> tuple[int, int, int, int] | None:
    """Where ``dock`` is, or None when it is behind another tab (Qt keeps it out of sight,
    at a size of no meaning)."""
    place = dock.geometry()
    if dock.isFloating() or (place.right() >= 0 and place.bottom() >= 0):
        return place.getRect()
    return None


def _raise_curtain(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.document.changed):
        window.pass_to_next()
    assert window.curtain.isVisible()


def _near(placed: Arrangement, expected: Arrangement, slack: int) -> bool:
    """``placed`` is ``expected``, each edge within ``slack`` pixels."""
    if placed.keys() != expected.keys():
        return False
    for name, (closed, floating, place) in placed.items():
        want_closed, want_floating, want_place = expected[name]
        if (closed, floating, place is None) != (want_closed, want_floating, want_place is None):
            return False
        if place is None or want_place is None:
            continue
        if max(abs(a - b) for a, b in zip(place, want_place, strict=True)) > slack:
            return False
    return True


def _lift(qtbot: QtBot, window: MainWindow, before: Arrangement, slack: int = 0) -> None:
    """The player the curtain waits for clicks "I am X": the panels come back as they were
    (to the pixel, or within ``slack`` pixels)."""
    name = window.curtain.waiting_for()
    assert name is not None
    qtbot.mouseClick(window.curtain.confirm, Qt.MouseButton.LeftButton)
    assert window.document.session.curtain is None
    assert window.document.session.current_player.name == name.name
    assert not window.curtain.isVisible()

    def as_before() -> None:
        placed = _arrangement(window)
        assert placed == before or _near(placed, before, slack)

    qtbot.waitUntil(as_before)
    assert window.menuBar().isVisible() and window.statusBar().isVisible()


def _key_sequences(window: MainWindow) -> list[tuple[str, QtGui.QKeySequence]]:
    """Every shortcut of every action in the window, except the curtain's own (quitting)."""
    kept = set(map(id, window.curtain.actions()))
    found = []
    for action in window.findChildren(QtGui.QAction):
        if id(action) in kept:
            continue
        for shortcut in action.shortcuts():
            found.append((action.text().replace("&", ""), shortcut))
    return found


def test_no_shortcut_of_the_window_paints_over_the_curtain(
    qtbot: QtBot, window: MainWindow, modal_watch: _ModalWatch
) -> None:
    session = window.document.session
    before = _arrangement(window)
    _raise_curtain(qtbot, window)
    log, dirty = len(session.log), window.document.dirty
    keys = _key_sequences(window)
    panel_keys = {shortcut.toString() for _, shortcut in keys}
    assert {f"Ctrl+{n}" for n in range(1, 9)} <= panel_keys
    for text, shortcut in keys:
        assert QtWidgets.QApplication.activeWindow() is window, text  # the keys go live
        qtbot.keySequence(QtWidgets.QApplication.focusWidget() or window, shortcut)
        only_the_curtain(window)
        assert session.curtain is not None, text
        assert (len(session.log), window.document.dirty) == (log, dirty), text
    assert modal_watch.seen == []
    _lift(qtbot, window, before)
    # The same keys reach their actions once the curtain is down: Ctrl+2, the Tarot panel.
    tarot = window.findChild(QtWidgets.QDockWidget, "tarotChallengeDock")
    assert tarot is not None and not tarot.visibleRegion().boundingRect().isValid()
    qtbot.keySequence(window.focusWidget(), QtGui.QKeySequence("Ctrl+2"))
    qtbot.waitUntil(lambda: tarot.visibleRegion().boundingRect().isValid())


def test_no_menu_opens_behind_the_curtain(
    qtbot: QtBot, window: MainWindow, modal_watch: _ModalWatch
) -> None:
    before = _arrangement(window)
    _raise_curtain(qtbot, window)
    titles = [a.text() for a in window.menuBar().actions()]
    assert "&File" in titles and "&Panels" in titles
    for title in titles:
        mnemonic = QtGui.QKeySequence.mnemonic(title)
        assert not mnemonic.isEmpty(), title
        qtbot.keySequence(QtWidgets.QApplication.focusWidget() or window, mnemonic)
        assert QtWidgets.QApplication.activePopupWidget() is None, title
        only_the_curtain(window)
    # Alt alone, then the arrow that would open the highlighted menu.
    qtbot.keyClick(window.curtain.confirm, Qt.Key.Key_Alt)
    qtbot.keyClick(window.curtain.confirm, Qt.Key.Key_Down)
    assert QtWidgets.QApplication.activePopupWidget() is None
    only_the_curtain(window)
    assert modal_watch.seen == []
    modal_watch.stop()
    _lift(qtbot, window, before)
    # Once it is down, Alt+F opens the File menu again.
    qtbot.keySequence(window.focusWidget(), QtGui.QKeySequence("Alt+F"))
    qtbot.waitUntil(lambda: QtWidgets.QApplication.activePopupWidget() is not None)
    opened = QtWidgets.QApplication.activePopupWidget()
    assert opened is window.file_menu
    opened.close()


def test_resizing_behind_the_curtain_keeps_it_whole(qtbot: QtBot, window: MainWindow) -> None:
    before = _arrangement(window)
    _raise_curtain(qtbot, window)
    for size in (QtCore.QSize(1024, 700), QtCore.QSize(1280, 800)):
        window.resize(size)
        qtbot.waitUntil(lambda: window.curtain.size() == window.size())
        assert window.size() == size
        only_the_curtain(window)
    _lift(qtbot, window, before)


def test_minimising_and_restoring_keeps_the_curtain_on_top(
    qtbot: QtBot, window: MainWindow
) -> None:
    before = _arrangement(window)
    _raise_curtain(qtbot, window)
    covered = window.curtain.grab().toImage()
    handle = window.windowHandle()
    assert handle is not None
    with qtbot.waitSignal(handle.windowStateChanged):
        window.showMinimized()
    # Not a check that passes for want of a minimise: the platform says it happened.
    assert window.isMinimized()
    assert handle.windowState() == Qt.WindowState.WindowMinimized
    only_the_curtain(window)
    with qtbot.waitSignal(handle.windowStateChanged):
        window.showNormal()
    assert not window.isMinimized() and window.isVisible()
    only_the_curtain(window)
    assert window.grab().toImage() == covered
    window.activateWindow()
    qtbot.waitActive(window)
    _lift(qtbot, window, before)
    assert window.grab().toImage() != covered  # the same grab now shows the table


def test_lifting_the_curtain_brings_back_the_panels_as_they_were(
    qtbot: QtBot, window: MainWindow
) -> None:
    docks = window.setup.docks
    docks["tarot"].raise_()  # in front of the Dice tray
    docks["log"].close()
    docks["pool"].setFloating(True)
    docks["pool"].setGeometry(120, 140, 420, 300)
    qtbot.waitUntil(lambda: docks["tarot"].visibleRegion().boundingRect().isValid())
    # The hand takes the log's room, up to the column of panels.
    qtbot.waitUntil(lambda: docks["tarot"].x() - window.hand_dock.geometry().right() < 12)
    before = _arrangement(window)
    _raise_curtain(qtbot, window)
    only_the_curtain(window)
    assert not docks["pool"].isVisible()  # floating, a window of its own: hidden too
    _lift(qtbot, window, before)
    assert docks["tarot"].visibleRegion().boundingRect().isValid()
    assert docks["log"].isHidden()


def test_a_panel_brought_forward_behind_the_curtain_waits_for_it_to_lift(
    qtbot: QtBot, window: MainWindow
) -> None:
    tarot = window.setup.docks["tarot"]
    before = _arrangement(window)
    _raise_curtain(qtbot, window)
    tarot.show()
    tarot.raise_()  # as a panel following the play would
    only_the_curtain(window)
    qtbot.mouseClick(window.curtain.confirm, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tarot.visibleRegion().boundingRect().isValid())
    assert _arrangement(window).keys() == before.keys()


def test_a_session_saved_behind_the_curtain_opens_behind_it(qtbot: QtBot, tmp_path: Path) -> None:
    plain = tmp_path / "plain" / "demo.cardtable"
    plain.parent.mkdir()
    shutil.copyfile(demo_path(), plain)
    behind = tmp_path / "behind" / "demo.cardtable"
    behind.parent.mkdir()
    session = load(demo_path(), rng=seeded(1))
    session.apply(PassSeat(1))
    save(session, behind)
    as_usual = _arrangement(_open_window(qtbot, plain))
    window = MainWindow(behind, autosave_folder=behind.parent / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    setup = WindowSetup(window, Settings(), store=lambda settings, folder: None)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: bool(setup.docks), timeout=10_000)
    assert window.curtain.isVisible()
    only_the_curtain(window)
    # Once lifted, the same panels are open and in front, where a session opened without
    # a curtain has them (Qt sizes the hand and the log beside it to within 2 pixels).
    _lift(qtbot, window, as_usual, slack=2)


def test_quitting_behind_the_curtain_still_asks_about_unsaved_changes(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Desktops bind Quit to Ctrl+Q; the test platform binds it to nothing.
    window.quit_action.setShortcut(QtGui.QKeySequence("Ctrl+Q"))
    _raise_curtain(qtbot, window)
    asked: list[str] = []

    def cancel() -> str:
        asked.append("unsaved")
        return CANCEL

    window.ask_unsaved = cancel
    window.document.dirty = True
    qtbot.keySequence(window.curtain.confirm, QtGui.QKeySequence("Ctrl+Q"))
    assert asked == ["unsaved"]
    assert window.isVisible()
    only_the_curtain(window)
    window.close()  # the title bar's close button asks the same
    assert asked == ["unsaved", "unsaved"]
    only_the_curtain(window)


def test_the_curtain_lifted_before_the_felt_is_built_shows_the_felt_not_its_stand_in(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The player says "I am ..." as the window comes up, before the felt behind the curtain
    is built: it is built at once, and the curtain lifts onto it, not onto the empty felt
    that stood in for it (which, shown again, lay over the felt and the panels' column)."""
    behind = tmp_path / "demo.cardtable"
    session = load(demo_path(), rng=seeded(1))
    session.apply(PassSeat(1))
    save(session, behind)
    window = MainWindow(behind, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda settings, folder: None)
    window.resize(1280, 800)
    window.show()
    window.load_now()  # as the app does: the session behind the curtain, the felt not built
    stand_in = window.centralWidget()
    assert window.curtain.waiting_for() is not None
    assert isinstance(stand_in, FeltView) and not isinstance(stand_in, TableView)

    qtbot.mouseClick(window.curtain.confirm, Qt.MouseButton.LeftButton)

    assert window.document.session.curtain is None
    assert isinstance(window.centralWidget(), TableView)
    shown = [felt for felt in window.findChildren(FeltView) if felt.isVisible()]
    assert shown == [window.felt]
