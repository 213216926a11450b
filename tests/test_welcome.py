"""The welcome screen and the New-session wizard, driven with clicks and typing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.randomness import seeded
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.session.model import PALETTE
from cardtable.session.new_session import CharacterPlan, NewSessionPlan, PlayerPlan
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.window.new_session.rows import COLOUR_NAMES
from cardtable.ui.window.new_session.wizard import NewSessionWizard, ask_new_session
from cardtable.ui.window.welcome import (
    MISSING_ROLE,
    ChoiceKind,
    WelcomeDialog,
    choose_start,
)

DEMO_PLAYERS = ["Alex", "Bea", "Chidi", "Dana"]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A session file on disk (a copy of the demo)."""
    path = tmp_path / "thursday.cardtable"
    shutil.copy(demo_path(), path)
    return path


def _welcome(qtbot, settings: Settings | None = None) -> WelcomeDialog:
    dialog = WelcomeDialog(settings or Settings(), rng_source=lambda: seeded(5))
    qtbot.addWidget(dialog)
    _show_active(qtbot, dialog)
    return dialog


def _wizard(qtbot, plan: NewSessionPlan | None = None) -> NewSessionWizard:
    wizard = NewSessionWizard(plan=plan)
    qtbot.addWidget(wizard)
    _show_active(qtbot, wizard)
    return wizard


def _show_active(qtbot, window: QtWidgets.QWidget) -> None:
    # Keyboard shortcuts reach only the active window.
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()


def _tick(qtbot, box: QtWidgets.QCheckBox) -> None:
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(8, box.height() // 2))


def _click(qtbot, button: QtWidgets.QAbstractButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _type(qtbot, edit: QtWidgets.QLineEdit, text: str) -> None:
    edit.setFocus()
    qtbot.keyClicks(edit, text)


def _fill_players(qtbot, wizard: NewSessionWizard, names: list[str]) -> None:
    page = wizard.players_page
    for index, name in enumerate(names):
        if index >= len(page.rows):
            _click(qtbot, page.add_button)
        _type(qtbot, page.rows[index].name, name)


# -- the welcome screen ---------------------------------------------------------------------


def test_new_session_runs_the_wizard_and_sets_the_table_typed_in(qtbot):
    dialog = _welcome(qtbot)
    _click(qtbot, dialog.new_button)
    wizard = dialog.wizard
    assert wizard is not None and wizard.isVisible()

    _tick(qtbot, wizard.systems_page.boxes["tarot"])
    _tick(qtbot, wizard.systems_page.boxes["adventure"])
    wizard.systems_page.shoe.setFocus()
    qtbot.keyClick(wizard.systems_page.shoe, Qt.Key.Key_Up)
    _click(qtbot, wizard.next_button())

    _fill_players(qtbot, wizard, ["Alex", "Bea", "Dana"])
    _tick(qtbot, wizard.players_page.rows[2].gm)
    _click(qtbot, wizard.next_button())

    page = wizard.characters_page
    _click(qtbot, page.each_button)  # one for Alex, one for Bea: Dana is the GM
    assert [row.player.currentText() for row in page.rows] == ["Alex", "Bea"]
    assert not page.each_button.isEnabled()  # everyone but the GM has one now
    _type(qtbot, page.rows[0].name, "Roland")
    _type(qtbot, page.rows[1].name, "Ayla")
    page.rows[1].system.setFocus()
    qtbot.keyClicks(page.rows[1].system, "Fantastical")
    _click(qtbot, wizard.next_button())

    assert wizard.currentPage() is wizard.ready_page
    assert "Ayla" in wizard.ready_page.summary.text()
    with qtbot.waitSignal(dialog.finished):
        _click(qtbot, wizard.finish_button())

    assert dialog.result() == QtWidgets.QDialog.DialogCode.Accepted
    assert dialog.choice.kind is ChoiceKind.NEW
    assert dialog.choice.plan == NewSessionPlan(
        systems=("tarot", "adventure"),
        players=(
            PlayerPlan("Alex", PALETTE[0]),
            PlayerPlan("Bea", PALETTE[1]),
            PlayerPlan("Dana", PALETTE[2], gm=True),
        ),
        characters=(
            CharacterPlan("Roland", "Alex", "tarot"),
            CharacterPlan("Ayla", "Bea", "adventure"),
        ),
        shoe_decks=3,
    )
    assert dialog.started is not None and dialog.started.path is None
    session = dialog.started.session
    assert [p.name for p in session.players] == ["Alex", "Bea", "Dana"]
    assert [d.size for d in session.decks if d.source == "shoe"] == [3]
    assert session.current_player is not None and session.current_player.name == "Dana"


def test_cancelling_the_wizard_goes_back_to_the_welcome_screen(qtbot):
    dialog = _welcome(qtbot)
    _click(qtbot, dialog.new_button)
    assert dialog.wizard is not None
    dialog.wizard.reject()
    assert dialog.isVisible() and dialog.started is None


def test_open_opens_the_file_chosen_and_puts_it_first_among_the_recent(qtbot, monkeypatch, saved):
    other = str(saved.with_name("older.cardtable"))
    dialog = _welcome(qtbot, Settings(recent_files=[other]))
    asked = []

    def choose(parent, caption, folder, filters):
        asked.append(filters)
        return str(saved), filters.split(";;")[0]

    monkeypatch.setattr(QtWidgets.QFileDialog, "getOpenFileName", staticmethod(choose))
    with qtbot.waitSignal(dialog.settings_changed) as changed:
        _click(qtbot, dialog.open_button)
    assert "*.cardtable" in asked[0]
    assert changed.args[0].recent_files == (str(saved), other)
    assert dialog.choice.kind is ChoiceKind.OPEN and dialog.choice.path == saved
    assert dialog.started is not None and dialog.started.path == saved
    assert [p.name for p in dialog.started.session.players] == DEMO_PLAYERS
    assert dialog.started.settings.recent_files[0] == str(saved)


def test_closing_the_file_dialog_keeps_the_welcome_screen(qtbot, monkeypatch):
    dialog = _welcome(qtbot)
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", staticmethod(lambda *args: ("", ""))
    )
    _click(qtbot, dialog.open_button)
    assert dialog.isVisible() and dialog.started is None
    assert dialog.choice.kind is ChoiceKind.CANCELLED


def test_a_damaged_file_is_explained_and_the_player_may_choose_again(qtbot, monkeypatch, tmp_path):
    broken = tmp_path / "broken.cardtable"
    broken.write_text("{ this is not a session", encoding="utf-8")
    dialog = _welcome(qtbot)
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", staticmethod(lambda *a: (str(broken), ""))
    )
    _click(qtbot, dialog.open_button)
    assert dialog.isVisible() and dialog.started is None
    assert dialog.error.isVisible() and "broken.cardtable" in dialog.error.text()
    assert dialog.settings.recent_files == ()
    _click(qtbot, dialog.demo_button)  # and another choice still works
    assert dialog.started is not None


def test_the_demo_button_loads_the_demo_as_an_unsaved_session(qtbot):
    dialog = _welcome(qtbot)
    with qtbot.waitSignal(dialog.accepted):
        _click(qtbot, dialog.demo_button)
    assert dialog.choice.kind is ChoiceKind.DEMO
    assert dialog.started is not None and dialog.started.path is None
    assert dialog.started.demo  # the window's title says "Demo table", not "Untitled"
    demo = load(demo_path(), rng=seeded(1))
    session = dialog.started.session
    assert [p.name for p in session.players] == [p.name for p in demo.players] == DEMO_PLAYERS
    assert session.characters == demo.characters
    assert dialog.settings.recent_files == ()  # the shipped file is not a recent session


def test_ctrl_d_is_the_demo_too(qtbot):
    dialog = _welcome(qtbot)
    qtbot.keyClick(dialog.new_button, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert dialog.choice.kind is ChoiceKind.DEMO


def test_quit_and_escape_cancel(qtbot):
    dialog = _welcome(qtbot)
    _click(qtbot, dialog.quit_button)
    assert dialog.result() == QtWidgets.QDialog.DialogCode.Rejected
    assert dialog.choice.kind is ChoiceKind.CANCELLED and dialog.started is None
    other = _welcome(qtbot)
    qtbot.keyClick(other, Qt.Key.Key_Escape)
    assert not other.isVisible() and other.started is None


def _double_click(qtbot, dialog: WelcomeDialog, row: int) -> None:
    # A real double-click is a click and then a double-click event; Qt's item views
    # ignore a lone double-click event.
    where = dialog.recent.visualItemRect(dialog.recent.item(row)).center()
    viewport = dialog.recent.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=where)
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=where)


def test_a_recent_session_opens_with_a_double_click(qtbot, saved):
    gone = str(saved.with_name("gone.cardtable"))
    dialog = _welcome(qtbot, Settings(recent_files=[gone, str(saved)]))
    assert dialog.recent.count() == 2
    with qtbot.waitSignal(dialog.accepted):
        _double_click(qtbot, dialog, 1)
    assert dialog.started is not None and dialog.started.path == saved
    assert dialog.settings.recent_files == (str(saved), gone)


def test_a_missing_recent_session_is_greyed_explained_and_removable(qtbot, saved):
    gone = str(saved.with_name("gone.cardtable"))
    dialog = _welcome(qtbot, Settings(recent_files=[gone, str(saved)]))
    missing, present = dialog.recent.item(0), dialog.recent.item(1)
    assert missing.data(MISSING_ROLE) and not present.data(MISSING_ROLE)
    assert "cannot find" in missing.toolTip()

    dialog.recent.setCurrentRow(0)
    assert not dialog.open_recent_button.isEnabled()
    assert dialog.remove_recent_button.isEnabled()
    _double_click(qtbot, dialog, 0)
    assert dialog.isVisible() and dialog.started is None
    assert "gone.cardtable" in dialog.error.text()

    dialog.recent.setFocus()
    with qtbot.waitSignal(dialog.settings_changed) as changed:
        qtbot.keyClick(dialog.recent, Qt.Key.Key_Delete)
    assert changed.args[0].recent_files == (str(saved),)
    assert dialog.recent.count() == 1 and not dialog.error.isVisible()


def test_without_recent_sessions_the_list_says_what_it_is_for(qtbot):
    dialog = _welcome(qtbot)
    assert dialog.recent_stack.currentWidget() is dialog.no_recent
    assert "demo" in dialog.no_recent.text()
    assert not dialog.open_recent_button.isVisible()


def test_choose_start_saves_the_recent_list_and_returns_the_session(qtbot, monkeypatch, saved):
    stored: list[Settings] = []
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", staticmethod(lambda *a: (str(saved), ""))
    )

    def press_open() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        assert isinstance(dialog, WelcomeDialog)
        qtbot.addWidget(dialog)
        dialog.open_button.click()

    QtCore.QTimer.singleShot(0, press_open)
    started = choose_start(None, Settings(), save=stored.append)
    assert started is not None and started.path == saved
    assert [s.recent_files for s in stored] == [(str(saved),)]


# -- the wizard on its own ------------------------------------------------------------------


def test_nothing_ticked_blocks_the_first_page(qtbot):
    wizard = _wizard(qtbot)
    assert not wizard.next_button().isEnabled()
    assert "Tick at least one system" in wizard.systems_page.banner.text.text()
    _tick(qtbot, wizard.systems_page.boxes["banzai"])
    assert wizard.next_button().isEnabled() and not wizard.systems_page.banner.isVisible()
    assert not wizard.systems_page.shoe.isEnabled()  # no Fantastical Adventure, no shoe


def test_a_repeated_player_name_is_shown_on_its_row_and_blocks_next(qtbot):
    wizard = _wizard(qtbot)
    _tick(qtbot, wizard.systems_page.boxes["crisis"])
    _click(qtbot, wizard.next_button())
    _fill_players(qtbot, wizard, ["Alex", "alex"])
    second = wizard.players_page.rows[1]
    assert second.message.isVisible() and "already sits in seat 1" in second.message.text()
    assert not wizard.next_button().isEnabled()
    second.name.clear()
    _type(qtbot, second.name, "Bea")
    assert not second.message.isVisible() and wizard.next_button().isEnabled()


def test_an_untouched_seat_asks_for_a_name_and_blocks_next(qtbot):
    wizard = _wizard(qtbot)
    _tick(qtbot, wizard.systems_page.boxes["crisis"])
    _click(qtbot, wizard.next_button())
    row = wizard.players_page.rows[0]
    assert "type a name" in row.message.text()
    assert not wizard.next_button().isEnabled()
    _click(qtbot, row.remove)
    assert "at least one player" in wizard.players_page.banner.text.text()
    assert not wizard.next_button().isEnabled()


def test_one_gm_at_a_time(qtbot):
    wizard = _wizard(qtbot)
    _fill_players(qtbot, wizard, ["Alex", "Bea"])
    first, second = wizard.players_page.rows
    _tick(qtbot, first.gm)
    _tick(qtbot, second.gm)
    assert [p.gm for p in wizard.plan().players] == [False, True]


def test_seats_move_and_go(qtbot):
    wizard = _wizard(qtbot)
    _tick(qtbot, wizard.systems_page.boxes["pool"])
    _click(qtbot, wizard.next_button())
    _fill_players(qtbot, wizard, ["Alex", "Bea", "Chidi"])
    rows = wizard.players_page.rows
    assert not rows[0].up.isEnabled() and not rows[2].down.isEnabled()
    _click(qtbot, rows[0].down)
    assert [p.name for p in wizard.plan().players] == ["Bea", "Alex", "Chidi"]
    chidi = wizard.players_page.rows[2]
    chidi.name.setFocus()
    qtbot.keyClick(chidi.name, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert [p.name for p in wizard.plan().players] == ["Bea", "Chidi", "Alex"]
    assert [r.seat.text() for r in wizard.players_page.rows] == ["1", "2", "3"]
    _click(qtbot, wizard.players_page.rows[0].remove)
    assert [p.name for p in wizard.plan().players] == ["Chidi", "Alex"]


def test_new_seats_take_the_next_free_colour_and_the_menu_changes_it(qtbot):
    wizard = _wizard(qtbot)
    _fill_players(qtbot, wizard, ["Alex", "Bea"])
    assert [p.colour for p in wizard.plan().players] == list(PALETTE[:2])
    button = wizard.players_page.rows[1].colour
    teal = next(a for a in button.menu().actions() if a.text() == COLOUR_NAMES[5])
    teal.trigger()
    assert wizard.plan().players[1].colour == PALETTE[5]
    assert button.text() == COLOUR_NAMES[5]


def _to_characters(qtbot, wizard: NewSessionWizard, systems: list[str], players: list[str]):
    for system in systems:
        _tick(qtbot, wizard.systems_page.boxes[system])
    _click(qtbot, wizard.next_button())
    _fill_players(qtbot, wizard, players)
    _click(qtbot, wizard.next_button())
    assert wizard.currentPage() is wizard.characters_page


def test_a_character_follows_its_player_through_a_rename(qtbot):
    wizard = _wizard(qtbot)
    _to_characters(qtbot, wizard, ["tarot"], ["Alex", "Bea"])
    _click(qtbot, wizard.characters_page.add_button)
    _click(qtbot, wizard.characters_page.add_button)
    rows = wizard.characters_page.rows
    assert [r.player.currentText() for r in rows] == ["Alex", "Bea"]
    _type(qtbot, rows[0].name, "Roland")
    _type(qtbot, rows[1].name, "Ivo")
    _click(qtbot, wizard.button(QtWidgets.QWizard.WizardButton.BackButton))
    _type(qtbot, wizard.players_page.rows[1].name, "trice")
    _click(qtbot, wizard.next_button())
    assert [c.player for c in wizard.plan().characters] == ["Alex", "Beatrice"]
    assert wizard.characters_page.rows[1].player.currentText() == "Beatrice"


def test_a_character_whose_system_is_unticked_is_shown_and_blocks_next(qtbot):
    wizard = _wizard(qtbot)
    _to_characters(qtbot, wizard, ["tarot", "banzai"], ["Alex"])
    _click(qtbot, wizard.characters_page.add_button)
    row = wizard.characters_page.rows[0]
    _type(qtbot, row.name, "Kenji")
    row.system.setFocus()
    qtbot.keyClicks(row.system, "Banzai")
    back = wizard.button(QtWidgets.QWizard.WizardButton.BackButton)
    _click(qtbot, back)
    _click(qtbot, back)
    _tick(qtbot, wizard.systems_page.boxes["banzai"])  # untick it
    _click(qtbot, wizard.next_button())
    _click(qtbot, wizard.next_button())
    assert "(not ticked)" in row.system.currentText()
    assert "Kenji is a Banzai character" in row.message.text()
    assert not wizard.next_button().isEnabled()
    row.system.setFocus()
    qtbot.keyClick(row.system, Qt.Key.Key_Up)  # to N-Dimensional Tourists
    assert row.system.currentData() == "tarot"
    assert wizard.next_button().isEnabled()


def test_finish_is_blocked_while_the_plan_has_a_problem(qtbot):
    wizard = _wizard(qtbot)
    _to_characters(qtbot, wizard, ["crisis"], ["Alex"])
    _click(qtbot, wizard.next_button())
    assert wizard.currentPage() is wizard.ready_page
    assert wizard.finish_button().isEnabled()
    wizard.players_page.rows[0].name.clear()  # as if edited from elsewhere
    assert not wizard.finish_button().isEnabled()
    assert "type a name" in wizard.ready_page.banner.text.text()
    wizard.accept()
    assert wizard.isVisible()  # the guard holds even if Finish is bypassed


def test_ask_new_session_returns_none_when_cancelled(qtbot):
    def cancel() -> None:
        wizard = QtWidgets.QApplication.activeModalWidget()
        assert isinstance(wizard, NewSessionWizard)
        qtbot.addWidget(wizard)
        wizard.reject()

    QtCore.QTimer.singleShot(0, cancel)
    assert ask_new_session(None, seeded(1)) is None


def test_ask_new_session_builds_the_plan_it_was_given(qtbot):
    plan = NewSessionPlan(systems=("pool",), players=(PlayerPlan("Alex"),))

    def finish() -> None:
        wizard = QtWidgets.QApplication.activeModalWidget()
        assert isinstance(wizard, NewSessionWizard)
        qtbot.addWidget(wizard)
        while wizard.currentPage() is not wizard.ready_page:
            wizard.next()
        wizard.finish_button().click()

    QtCore.QTimer.singleShot(0, finish)
    session = ask_new_session(None, seeded(1), plan)
    assert session is not None and [p.name for p in session.players] == ["Alex"]
