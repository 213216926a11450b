"""Issue 46: an Author Power's dialog shows its whole title. The Draw dialog's title was cut to
"Draw (1 Autho…n)"; the title is now the power's name, the dialog is wide enough for it, and
the cost is said inside the dialog."""

from __future__ import annotations

import pytest
from adventure_table_rig import cast_session
from pytestqt.qtbot import QtBot

from cardtable.resolvers.adventure.tokens import AuthorPower
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.panels.tokens.dialogs import TITLE_BAR_EXTRA, PowerDialog
from cardtable.ui.qt import QtWidgets


@pytest.mark.parametrize("power", list(AuthorPower))
def test_the_title_fits_and_the_cost_is_said(qtbot: QtBot, power: AuthorPower) -> None:
    session = cast_session()
    game, _ = conflict_steps.ensure_game(session.state)
    dialog = PowerDialog(session.state, game, "bea", power)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == power.value
    words = dialog.fontMetrics().horizontalAdvance(dialog.windowTitle())
    assert dialog.width() >= words + TITLE_BAR_EXTRA
    tokens = "1 Author token:" if power.cost == 1 else f"{power.cost} Author tokens:"
    said = [label.text() for label in dialog.findChildren(QtWidgets.QLabel)]
    assert any(text.startswith(f"Bea spends {tokens}") for text in said), said
