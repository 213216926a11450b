"""Table options in the window: the New-session wizard's house rules, and Table > Options…,
driven through their real controls."""

from __future__ import annotations

from pool_table import ALEX, pool_session, seat
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session.new_session import NewSessionPlan, PlayerPlan, build_session
from cardtable.session.table_options import POOL_DICE, POOL_TIES, TAROT_SLEEVE_CARDS, value_of
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.window.new_session.wizard import NewSessionWizard
from cardtable.ui.window.table_options import TableOptionsDialog


def choose(qtbot: QtBot, combo: QtWidgets.QComboBox, text: str) -> None:
    """Pick ``text`` in ``combo`` with the keyboard, as a player would."""
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == text


def tick(qtbot: QtBot, box: QtWidgets.QCheckBox) -> None:
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(8, box.height() // 2))


def test_the_wizard_offers_each_ticked_systems_house_rules(qtbot: QtBot) -> None:
    wizard = NewSessionWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.systems_page
    dice = page.rules[POOL_DICE]
    assert isinstance(dice, QtWidgets.QComboBox) and not dice.isEnabled()
    tick(qtbot, page.boxes["pool"])
    assert dice.isEnabled() and dice.currentText() == "off"  # the rules' default
    choose(qtbot, dice, "comparing pools")
    sleeve = page.rules[TAROT_SLEEVE_CARDS]
    assert isinstance(sleeve, QtWidgets.QCheckBox) and not sleeve.isEnabled()
    assert wizard.plan().options == {POOL_DICE: "comparing pools"}
    assert "Challenge dice: comparing pools" in wizard.ready_page.summary.text()
    tick(qtbot, page.boxes["pool"])  # unticked: its rules no longer count
    assert wizard.plan().options == {}


def test_a_table_set_by_the_wizard_keeps_its_house_rules(qtbot: QtBot) -> None:
    wizard = NewSessionWizard(plan=NewSessionPlan(systems=("tarot", "pool"),
                                                  players=(PlayerPlan("Dana", gm=True),)))
    qtbot.addWidget(wizard)
    wizard.show()
    sleeve = wizard.systems_page.rules[TAROT_SLEEVE_CARDS]
    assert isinstance(sleeve, QtWidgets.QCheckBox)
    tick(qtbot, sleeve)
    ties = wizard.systems_page.rules[POOL_TIES]
    assert isinstance(ties, QtWidgets.QComboBox)
    choose(qtbot, ties, "a double loss")
    session = build_session(wizard.plan(), seeded(1))
    assert value_of(session.state, TAROT_SLEEVE_CARDS) is False
    assert value_of(session.state, POOL_TIES) == "double loss"
    assert any("Sleeve Cards (tarot) to off" in e.public for e in session.log)


def test_the_options_dialog_changes_what_was_changed_in_one_step(qtbot: QtBot) -> None:
    document = SessionDocument(pool_session())
    dialog = TableOptionsDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    assert set(dialog.form.controls) == {"pool-formula", POOL_TIES, POOL_DICE}
    dice = dialog.form.controls[POOL_DICE]
    assert isinstance(dice, QtWidgets.QComboBox)
    choose(qtbot, dice, "inflicting loss")
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert dialog.result() == QtWidgets.QDialog.DialogCode.Accepted
    session = document.session
    assert value_of(session.state, POOL_DICE) == "inflicting loss"
    assert session.log[-1].public == (
        "Dana set the table options: challenge dice (pool Challenge) to inflicting loss"
    )
    again = TableOptionsDialog(document)
    qtbot.addWidget(again)
    again.show()
    assert again.form.controls[POOL_DICE].currentText() == "inflicting loss"
    entries = len(session.log)
    qtbot.mouseClick(again.ok, Qt.MouseButton.LeftButton)  # nothing changed: nothing logged
    assert len(session.log) == entries
    assert document.undo() and value_of(session.state, POOL_DICE) == "off"


def test_at_a_players_seat_the_options_are_shown_but_not_changed(qtbot: QtBot) -> None:
    session = pool_session()
    seat(session, ALEX)
    dialog = TableOptionsDialog(SessionDocument(session))
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.ok.isEnabled()
    assert dialog.reason.isVisible()
    assert dialog.reason.text() == "Only the GM (Dana) may change the table's options."
    assert not any(control.isEnabled() for control in dialog.form.controls.values())
