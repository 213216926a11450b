"""The GM's sealed roll through the real main window: what the tray, the log and every word of
the window show at the GM's seat, at another seat and behind the curtain, before and after the
reveal, and a sealed roll saved and opened again."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from screen_privacy import screen_texts
from seat_rig import BOB, GINA, pass_to, table_window, three_seats

from cardtable.session import PassSeat, load, save
from cardtable.session.sealed_rolls import sealed_of
from cardtable.ui.panels.dice.tray import DiceTray
from cardtable.ui.qt import Qt
from cardtable.ui.table.log_panel import LogPanel
from cardtable.ui.window.main_window import MainWindow


def _tray(window: MainWindow) -> DiceTray:
    tray = window.setup.docks["dice"].findChild(DiceTray)  # type: ignore[attr-defined]
    assert tray is not None
    return tray


def _log(window: MainWindow) -> list[str]:
    panel = window.setup.docks["log"].findChild(LogPanel)  # type: ignore[attr-defined]
    assert panel is not None
    return panel.lines


def _roll_sealed(qtbot: QtBot, window: MainWindow, dice: str) -> str:
    """Gina types ``dice`` in the tray and presses Roll sealed; returns what only she reads."""
    tray = _tray(window)
    tray.expression.selectAll()
    qtbot.keyClick(tray.expression, Qt.Key.Key_Backspace)
    qtbot.keyClicks(tray.expression, dice)
    tray.tn.setValue(0)
    qtbot.mouseClick(tray.sealed.roll_button, Qt.MouseButton.LeftButton)
    rolls = sealed_of(window.document.session.state)
    assert rolls is not None
    record = rolls.rolls[-1].record
    return record.text().removeprefix(f"Gina rolled {dice}: ")


def _everything(window: MainWindow) -> str:
    return "\n".join(screen_texts(window))


def test_a_player_sees_that_the_gm_rolled_and_only_the_gm_sees_the_dice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = table_window(qtbot, tmp_path, three_seats(5))
    tray = _tray(window)
    pass_to(qtbot, window, BOB)
    assert not tray.sealed.roll_button.isEnabled()
    tip = tray.sealed.roll_button.toolTip()
    assert tip.endswith("Not now: Only the GM (Gina) may roll sealed dice.")
    assert not tray.sealed.reveal_button.isEnabled()

    pass_to(qtbot, window, GINA)
    numbers = _roll_sealed(qtbot, window, "3d6")
    assert f"Gina (GM) rolled 3d6 (sealed): {numbers}" in _log(window)
    assert numbers in tray.sealed.rolls.item(0).text()
    assert tray.strip.groups == ()  # the tray's public dice stay as they were
    assert tray.history.count() == 0

    pass_to(qtbot, window, BOB)
    assert "Gina (GM) rolled 3d6 (sealed)" in _log(window)
    assert tray.sealed.rolls.item(0).text() == "Gina (GM) rolled 3d6 (sealed)"
    assert numbers not in _everything(window)
    assert tray.strip.groups == () and tray.total.text() == ""
    # Behind the curtain, even the GM's own line says nothing.
    window.document.apply(PassSeat(0))
    assert window.document.session.curtain == GINA
    assert numbers not in _everything(window)


def test_the_gm_reveals_and_everyone_sees_the_dice_in_the_tray_and_the_log(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = table_window(qtbot, tmp_path, three_seats(5))
    tray = _tray(window)
    pass_to(qtbot, window, GINA)
    numbers = _roll_sealed(qtbot, window, "2d10")
    assert tray.sealed.reveal_button.isEnabled()
    qtbot.mouseClick(tray.sealed.reveal_button, Qt.MouseButton.LeftButton)
    assert sealed_of(window.document.session.state) is None
    assert not window.undo_action.isEnabled()
    pass_to(qtbot, window, BOB)
    assert tray.history.item(0).text() == f"Gina rolled 2d10: {numbers}"
    assert tray.total.text().startswith("Gina: Total ")
    assert len(tray.strip.groups) == 1
    log = _log(window)
    assert f"Gina (GM) rolled 2d10 (sealed): {numbers}" in log
    assert f"Gina (GM) revealed the sealed roll: 2d10: {numbers}" in log


def test_a_sealed_roll_stays_in_the_box_undo_does_not_take_it_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # Undo once took the sealed roll back, and a roll after it gave the same dice.
    window = table_window(qtbot, tmp_path, three_seats(5))
    tray = _tray(window)
    pass_to(qtbot, window, GINA)
    numbers = _roll_sealed(qtbot, window, "2d6")
    assert numbers in tray.sealed.rolls.item(0).text()
    assert not window.undo_action.isEnabled()
    assert window.undo_action.toolTip().startswith(
        "Chance was taken since (Gina (GM) rolled 2d6 (sealed)): what it gave stays given"
    )
    window.undo_action.trigger()
    assert sealed_of(window.document.session.state) is not None
    assert numbers in tray.sealed.rolls.item(0).text()
    assert tray.sealed.reveal_button.isEnabled()


def test_a_sealed_roll_saved_and_opened_again_is_still_sealed(qtbot: QtBot, tmp_path: Path) -> None:
    window = table_window(qtbot, tmp_path, three_seats(5))
    pass_to(qtbot, window, GINA)
    numbers = _roll_sealed(qtbot, window, "2d6")
    path = tmp_path / "sealed.cardtable"
    save(window.document.session, path)
    again = tmp_path / "again"
    again.mkdir()
    reopened = table_window(qtbot, again, load(path))
    pass_to(qtbot, reopened, BOB)
    assert "Gina (GM) rolled 2d6 (sealed)" in _log(reopened)
    assert numbers not in _everything(reopened)
    pass_to(qtbot, reopened, GINA)
    assert numbers in _tray(reopened).sealed.rolls.item(0).text()


def test_the_gm_chooses_which_sealed_roll_to_reveal(qtbot: QtBot, tmp_path: Path) -> None:
    window = table_window(qtbot, tmp_path, three_seats(5))
    tray = _tray(window)
    pass_to(qtbot, window, GINA)
    first = _roll_sealed(qtbot, window, "1d8")
    # Three dice: the second roll never reads like the first (the session's dice come from
    # the OS once it is opened from its file), so the screen showing the first tells nothing.
    second = _roll_sealed(qtbot, window, "3d12")
    rolls = tray.sealed.rolls
    assert [rolls.item(row).text().split(": ", 1)[1] for row in range(rolls.count())] == [
        f"Gina rolled 3d12: {second}",
        f"Gina rolled 1d8: {first}",
    ]  # the latest first
    rect = rolls.visualItemRect(rolls.item(1))
    qtbot.mouseClick(rolls.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseClick(tray.sealed.reveal_button, Qt.MouseButton.LeftButton)
    assert f"Gina (GM) revealed the sealed roll: 1d8: {first}" in _log(window)
    pass_to(qtbot, window, BOB)
    assert [rolls.item(row).text() for row in range(rolls.count())] == [
        "Gina (GM) rolled 3d12 (sealed)"
    ]
    assert second not in _everything(window)
