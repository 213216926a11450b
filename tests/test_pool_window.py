"""Issue 20, done: a pool Challenge between two sheet characters played through the real
window, with a complement, a conversion, a changed ability, the dice option and penalties
written back to both sheets; the table options survive a save.

Everything goes through the window's own widgets (the Table > Options dialog, the pool dock,
the curtain's "I am ..." button, File > Save). The seed is fixed, so the dice fall the same
way every run. Set ``CARDTABLE_SHOTS`` to a folder to keep a screenshot of each step (run it
under Xvfb to see the real window: ``xvfb-run -s "-screen 0 1280x800x24"``).
"""

from __future__ import annotations

import os
from pathlib import Path

from curtain_rig import take_the_computer
from pool_table import ALEX, DANA, DEMON, IRIDIA, pool_session
from pytestqt.qtbot import QtBot
from test_table_options_ui import choose

from cardtable.randomness import seeded
from cardtable.resolvers.pool.challenge import Result
from cardtable.resolvers.pool.dice import DicePoint
from cardtable.session import PassSeat, load, save
from cardtable.session.table_options import POOL_DICE, value_of
from cardtable.settings import Settings
from cardtable.sheets.pool import PoolSheet
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup
from cardtable.ui.window.table_options import TableOptionsDialog

#: With this seed, the dice bring both sides out in round two: Iridia at 0, the Demon at -2.
SEED = 25


def _shot(window: MainWindow, name: str) -> None:
    folder = os.environ.get("CARDTABLE_SHOTS")
    if folder:
        deadline = QtCore.QDeadlineTimer(300)  # let the layouts settle, as a person would see
        while not deadline.hasExpired():
            QtWidgets.QApplication.processEvents(QtCore.QEventLoop.ProcessEventsFlag.AllEvents, 50)
        window.grab().save(str(Path(folder) / f"{name}.png"))


def _window(qtbot: QtBot, path: Path, tmp_path: Path) -> MainWindow:
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, folder: None)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # whoever held it when it was saved
    return window


def _set_dice_in_the_options_dialog(qtbot: QtBot, window: MainWindow) -> None:
    answered: list[bool] = []

    def answer() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(dialog, TableOptionsDialog):
            QtCore.QTimer.singleShot(20, answer)
            return
        dice = dialog.form.controls[POOL_DICE]
        assert isinstance(dice, QtWidgets.QComboBox)
        choose(qtbot, dice, "inflicting loss")
        _shot(window, "j1_options")
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
        answered.append(True)

    QtCore.QTimer.singleShot(0, answer)
    window.setup.options_action.trigger()
    assert answered


def _take_the_computer(qtbot: QtBot, window: MainWindow, player: str) -> None:
    """The curtain is up for ``player``: they click "I am ..."."""
    curtain = window.curtain
    qtbot.waitUntil(curtain.isVisible)
    assert window.document.session.curtain == player
    qtbot.mouseClick(curtain.confirm, Qt.MouseButton.LeftButton)
    assert window.document.session.curtain is None


def test_a_pool_challenge_between_two_sheets_played_through_the_window(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "iridia.cardtable"
    save(pool_session(might=10), path)
    window = _window(qtbot, path, tmp_path)
    document = window.document
    session = document.session
    session.rng = seeded(SEED)
    assert session.holder == DANA  # the GM

    # The dice option, in Table > Options, logged and kept in the session.
    _set_dice_in_the_options_dialog(qtbot, window)
    assert value_of(session.state, POOL_DICE) == "inflicting loss"
    assert session.log[-1].public.endswith("challenge dice (pool Challenge) to inflicting loss")

    dock = window.setup.docks["pool"]
    dock.raise_()
    tracker = dock.findChild(PoolTracker)
    assert tracker is not None
    # Iridia's Sorcery, complemented by Joiry's (Bea's character), against the GM's Demon.
    first, second = tracker.setup.first, tracker.setup.opponents[0]
    choose(qtbot, first.sheet, "Iridia: Sorcery 7")
    qtbot.mouseClick(first.helpers.toggle, Qt.MouseButton.LeftButton)
    choose(qtbot, first.helpers.complements[0].ability, "Joiry: Sorcery 4")
    choose(qtbot, second.sheet, "Demon: Demonic Might 10")
    assert first.entry.text().startswith("Enters with pool 7, bonus 3, reserves 2: Joiry")
    _shot(window, "j2_setup")
    qtbot.mouseClick(tracker.setup.start, Qt.MouseButton.LeftButton)
    challenge = tracker.challenge()
    assert challenge is not None and challenge.options.dice is DicePoint.INFLICTING

    # The GM plans the Demon's round (no conversion): the round waits for each side's plan.
    qtbot.mouseClick(tracker.columns["Demon"].plan_button, Qt.MouseButton.LeftButton)
    assert session.log[-1].public == "Demon plans for round 1: no conversion."
    # Iridia's conversion is Alex's: the column waits for him and passes him the computer.
    column = tracker.columns["Iridia"]
    assert not column.spins["to_bonus"].isEnabled()
    assert column.waiting is not None and column.waiting.isVisibleTo(tracker)
    qtbot.mouseClick(column.waiting.pass_button, Qt.MouseButton.LeftButton)
    _take_the_computer(qtbot, window, ALEX)
    spin = column.spins["to_bonus"]
    spin.selectAll()
    qtbot.keyClicks(spin, "1")
    qtbot.mouseClick(tracker.next_button, Qt.MouseButton.LeftButton)
    assert "Iridia converts 1 pool to 2 bonus." in [e.public for e in session.log]
    assert tracker.round_table.text("Strength", "Iridia") == "11 (pool 6 + bonus 5)"
    assert "dice" in tracker.round_table.text("Takes", "Iridia")
    _shot(window, "j3_round1")

    # Alex changes Iridia's ability mid-Challenge: the pools do not refresh.
    pools_before = [side.pool for side in tracker.challenge().sides]
    qtbot.mouseClick(tracker.columns["Iridia"].change_button, Qt.MouseButton.LeftButton)
    choose(qtbot, tracker.change.form.sheet, "Iridia: Riding 4")
    _shot(window, "j4_change")
    qtbot.mouseClick(tracker.change.switch, Qt.MouseButton.LeftButton)
    changed = tracker.challenge()
    assert changed is not None and changed.side("Iridia").entrant.ability.name == "Riding"
    assert changed.side("Demon").pool == pools_before[1]
    # The Demon's next plan is not in: Alex waits for the GM, who moves on, logged.
    assert not tracker.next_button.isEnabled()
    assert tracker.next_button.toolTip().endswith(
        "Not now: Demon's conversions are not in yet: only the GM (Dana) may plan them, or "
        "play the round without them.")
    assert document.apply(PassSeat(2))
    _take_the_computer(qtbot, window, DANA)
    while not tracker.challenge().over:
        assert tracker.next_button.isEnabled()
        qtbot.mouseClick(tracker.next_button, Qt.MouseButton.LeftButton)
    assert "Dana moved on without waiting for Iridia's conversions" in [
        e.public for e in session.log]
    done = tracker.challenge()
    assert done is not None and done.result is Result.FIRST_WINS
    assert [side.pool for side in done.sides] == [0, -2]  # both out; Iridia comes out ahead
    _shot(window, "j5_over")

    # The penalties, each written on its own sheet by its own player.
    iridia_form, demon_form = tracker.penalties
    assert demon_form.take.isEnabled() and not iridia_form.take.isEnabled()
    assert document.apply(PassSeat(0))
    _take_the_computer(qtbot, window, ALEX)
    iridia_form, demon_form = tracker.penalties
    assert iridia_form.take.isEnabled() and not demon_form.take.isEnabled()
    qtbot.mouseClick(iridia_form.take, Qt.MouseButton.LeftButton)
    assert document.apply(PassSeat(2))
    _take_the_computer(qtbot, window, DANA)
    demon_form = tracker.penalties[1]
    assert demon_form.take.isEnabled()
    qtbot.mouseClick(demon_form.take, Qt.MouseButton.LeftButton)
    _shot(window, "j6_penalties")
    iridia, demon = session.characters[IRIDIA].sheet, session.characters[DEMON].sheet
    assert isinstance(iridia, PoolSheet) and isinstance(demon, PoolSheet)
    # Iridia at 0: a quarter of Riding 4, and a quarter of every ability overall.
    assert [(p.ability, p.points) for p in iridia.penalties] == [
        ("Riding", 1), ("Sorcery", 2), ("Riding", 1)]
    # The Demon at -2 of 10: a quarter of its Might, and half of every ability overall.
    assert [(p.ability, p.points) for p in demon.penalties] == [
        ("Demonic Might", 2), ("Demonic Might", 5), ("Aerial Hunting", 4)]

    # File > Save, and the options and the sheets come back.
    qtbot.mouseClick(tracker.clear_button, Qt.MouseButton.LeftButton)
    window.save_action.trigger()
    again = load(path)
    assert again.state.options == session.state.options
    assert value_of(again.state, POOL_DICE) == "inflicting loss"
    assert again.characters[IRIDIA].sheet == iridia
    assert again.characters[DEMON].sheet == demon
