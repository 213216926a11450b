"""The panels fit the window as players see it: every panel in the 420-pixel column of docks,
the whole window on an 800-pixel-high screen, and the focused control in sight."""

from __future__ import annotations

from pathlib import Path

import pytest
from adventure_table_rig import GRIMSBY, cast_session, give, sheet, take_seat, yielded_conflict
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot

from cardtable.cards import Suit
from cardtable.resolvers.adventure.state import Phase
from cardtable.session import AddCharacter, Character, ConfirmSeat, PassSeat, PlayerId
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.panels.pool.setup import Mode
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.panels.tokens.panel import TokenPanel
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.table.hand_dock import HandPanel
from cardtable.ui.widgets.style import ElidedLabel, ScrollColumn, combo
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import PANEL_WIDTH, WindowSetup

SCREEN = (1280, 800)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(  # type: ignore[attr-defined]
        window, Settings(), store=lambda settings, folder: None
    )
    window.resize(*SCREEN)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # Dana, the GM
    return window


def _docks(window: MainWindow) -> dict[str, QtWidgets.QDockWidget]:
    docks: dict[str, QtWidgets.QDockWidget] = window.setup.docks  # type: ignore[attr-defined]
    return docks


def _too_wide(window: MainWindow) -> dict[str, int]:
    """The panels of the column that need more than its starting width, and how much."""
    QtWidgets.QApplication.processEvents()  # the panels lay themselves out again
    wide = {}
    for key, dock in _docks(window).items():
        if key == "log":
            continue  # beside the hand, not in the column
        needed = dock.widget().minimumSizeHint().width()
        if needed > PANEL_WIDTH:
            wide[key] = needed
    return wide


def test_every_panel_fits_the_column_at_the_start(window: MainWindow) -> None:
    assert _too_wide(window) == {}


def test_every_step_of_a_conflict_fits_the_column(qtbot: QtBot, window: MainWindow) -> None:
    # The Support and Advantage rows once needed 486 pixels side by side; the draws owed,
    # two shares of them, 436.
    session = cast_session()
    steps = yielded_conflict(session)  # Bea at the computer
    window.document.replace(session, None)
    take_the_computer(qtbot, window)  # it comes in behind the curtain
    conflict = _docks(window)["conflict"]
    conflict.show()  # in front, as while a Conflict is played (a panel behind waits)
    conflict.raise_()
    panel = conflict.findChild(ConflictPanel)
    assert panel is not None
    document = window.document
    assert _too_wide(window) == {}
    # Each step taken at the seat whose decision it is (the panel waits for them between).
    refused: list[str] = []
    document.refused.connect(refused.append)
    phases = []
    for player, step in steps:
        if session.holder != player:
            take_seat(session, player)
            assert _too_wide(window) == {}
        assert document.apply(step), refused
        game = conflict_steps.find_game(session.state)
        assert game is not None
        phases.append(game.conflict.phase if game.conflict is not None else None)
        assert _too_wide(window) == {}, phases[-1]
    assert phases[2] is Phase.ANSWERED and phases[-1] is Phase.OVER
    assert panel.support_box.isHidden() and panel.over_box.isVisibleTo(panel)


def test_the_window_fits_the_screen_when_a_hand_is_shown(qtbot: QtBot, window: MainWindow) -> None:
    # The dice tray once held the column 556 pixels high: with Bea's hand shown below the
    # felt, the window grew past the screen and hid the status bar.
    document = window.document
    assert document.apply(PassSeat(document.session.state.seat_of(PlayerId("bea"))))
    assert document.apply(ConfirmSeat(PlayerId("bea")))
    qtbot.waitUntil(lambda: window.hand_dock.minimumSizeHint().height() > 100)  # a card row
    assert window.minimumSizeHint().height() <= SCREEN[1]
    assert window.height() == SCREEN[1]


def test_a_panel_scrolls_to_the_control_it_gives_the_focus(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(SCREEN[0], 600)  # a short screen: the panel does not all fit in sight
    qtbot.waitUntil(lambda: window.height() == 600)
    tarot = _docks(window)["tarot"]
    tarot.raise_()
    panel = tarot.findChild(TarotPanel)
    scroll = tarot.findChild(ScrollColumn)
    assert panel is not None and scroll is not None
    qtbot.keyClicks(panel.texts["objective"], "Slip past the Furnace warden")
    panel.character.setCurrentIndex(panel.character.findData("ottilie-marchbank"))
    qtbot.mouseClick(panel.challenge_draws, Qt.MouseButton.LeftButton)
    # The draws are Alex's: the GM passes him the computer; Draw then takes the focus.
    passing = panel.player_waiting.pass_button
    qtbot.waitUntil(lambda: passing.height() > 0)  # laid out once shown
    qtbot.mouseClick(passing, Qt.MouseButton.LeftButton)
    assert window.document.apply(ConfirmSeat(PlayerId("alex")))
    viewport = scroll.viewport()

    def draw_in_sight() -> bool:
        corner = panel.draw.mapTo(viewport, panel.draw.rect().bottomRight())
        return viewport.rect().contains(corner)

    # Waits as long as pytest-qt's default: on a loaded machine the layout and the scroll
    # that follows the focus come a few event-loop turns late, never wrong.
    qtbot.waitUntil(panel.draw.hasFocus)
    qtbot.waitUntil(draw_in_sight)
    for _ in range(2):  # the drawn cards push the button down; the panel follows it
        qtbot.keyClick(panel.draw, Qt.Key.Key_Space)
        qtbot.waitUntil(panel.draw.hasFocus)
        qtbot.waitUntil(draw_in_sight)
    assert scroll.verticalScrollBar().value() > 0


def test_a_long_name_is_elided_with_the_whole_name_in_the_tooltip(qtbot: QtBot) -> None:
    label = ElidedLabel("Captain Isolde Varga of the Seventh Drowned Fleet")
    qtbot.addWidget(label)
    label.resize(120, 20)
    label.show()
    assert label.text() != label.full_text() and label.text().endswith("…")
    assert label.toolTip() == label.full_text()
    label.resize(600, 20)
    assert label.text() == label.full_text() and label.toolTip() == ""


def test_a_panel_combo_box_does_not_widen_for_a_long_item(qtbot: QtBot) -> None:
    holder = QtWidgets.QWidget()
    qtbot.addWidget(holder)
    box = combo("Character", "Whose sheet", holder)
    box.addItem("Bo")
    short = box.minimumSizeHint().width()
    box.addItem("Bartholomew Quince, Captain of the Seventh Drowned Fleet (Bea)")
    box.setCurrentIndex(1)
    assert box.minimumSizeHint().width() == short
    assert "Seventh Drowned Fleet" in box.toolTip() and "Whose sheet" in box.toolTip()


def test_tokens_and_one_against_many_fit_the_column(qtbot: QtBot, window: MainWindow) -> None:
    docks = _docks(window)
    tokens = docks["tokens"].findChild(TokenPanel)
    pool = docks["pool"].findChild(PoolTracker)
    assert tokens is not None and pool is not None
    assert tokens.start_game()  # the Author Powers: "Monologue of Miraculous Survival · 3"
    pool.setup.set_mode(Mode.ONE_AGAINST_MANY)
    pool.setup.add.click()
    pool.setup.start.click()  # four sides, once all in one row
    challenge = pool.challenge()
    assert challenge is not None and len(challenge.sides) == 4
    assert _too_wide(window) == {}


def test_the_gm_with_several_hands_scrolls_them_within_the_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = cast_session()
    for name in ("Dockside Thug", "Harbour Master"):
        extra = Character.from_sheet(
            sheet(name, Suit.DIAMONDS, Suit.SPADES), PlayerId("dana"), taken=session.characters
        )
        assert session.apply(AddCharacter(extra, hand=True))
        give(session, str(extra.id), ["6C", "4H"])
    give(session, GRIMSBY, ["5S", "9H", "KD"])
    take_seat(session, "dana")
    window.document.replace(session, None)
    take_the_computer(qtbot, window)  # it comes in behind the curtain
    hands = window.findChild(HandPanel)
    assert hands is not None
    qtbot.waitUntil(lambda: len(hands.hand_lists()) == 3)
    QtWidgets.QApplication.processEvents()
    one_hand = hands.one_hand_height()
    assert hands.minimumSizeHint().height() > 2 * one_hand  # three rows of cards...
    assert window.hand_dock.minimumSizeHint().height() < 2 * one_hand  # ...one in sight
    assert window.minimumSizeHint().height() <= SCREEN[1]
