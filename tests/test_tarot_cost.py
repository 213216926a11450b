"""The tarot Challenge's reported Cost (``rules/tourist-tarot.md``, Outcome): capped at 5, and a
reported 5 is a Wipe Out whatever ended the drawing. The outcome's flag, the log and the panel
say the same thing."""

from __future__ import annotations

import pytest
from attrs import evolve
from pytestqt.qtbot import QtBot
from session_builders import take_seat
from test_tarot_challenge import REV, UP, new_table, stack, start
from test_tarot_panel import OTTILIE, set_up
from test_tarot_panel import stack as stack_demo

from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import Attribute, EndReason, TarotPhase
from cardtable.session import EditSheet, load
from cardtable.session.demo import demo_path
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import Qt

FIVE_REVERSED = [
    (f"{figure} of Rock", REV) for figure in ("Child", "Servant", "Lover", "Sage", "Ruler")
]


def test_attribute_0_against_five_reversed_cards_starts_at_cost_5() -> None:
    table, piles = new_table()
    challenge = start(table, piles, FIVE_REVERSED, 0)
    assert challenge.cost == 5
    assert challenge.phase is TarotPhase.CHALLENGE_DRAWN  # conceding still costs nothing


def test_a_reversed_draw_at_cost_5_reports_5_and_a_wipe_out() -> None:
    table, piles = new_table()
    challenge = start(table, piles, FIVE_REVERSED, 0)
    stack(table, piles, [("Triumph XXI", REV)])
    drew = challenge.draw(table, seeded(0))
    assert drew.wipe_out and challenge.end is EndReason.WIPE_OUT
    outcome = challenge.outcome(table)
    assert (outcome.cost, outcome.raw_cost, outcome.wipe_out) == (5, 6, True)
    assert drew.text("Ottilie").endswith("Cost 5 (Great), a Wipe Out (6 before the cap): "
                                         "drawing stops.")
    assert outcome.text("Ottilie").endswith("Cost 5 (Great, Wipe Out).")


def test_the_excuse_drawn_at_cost_5_is_a_wipe_out_too() -> None:
    table, piles = new_table()
    challenge = start(table, piles, FIVE_REVERSED, 0)
    stack(table, piles, [("the Excuse", UP)])
    drew = challenge.draw(table, seeded(0))
    assert drew.excuse and drew.wipe_out
    assert challenge.end is EndReason.EXCUSE
    outcome = challenge.outcome(table)
    assert (outcome.success, outcome.cost, outcome.wipe_out) == (False, 5, True)
    assert drew.text("Ottilie") == (
        "Ottilie drew the Excuse: it goes to the discard pile and drawing stops. "
        "Cost 5 (Great), a Wipe Out."
    )
    assert outcome.text("Ottilie") == (
        "Ottilie's Challenge: Failure, no Effect, Cost 5 (Great, Wipe Out)."
    )


def test_conceding_at_cost_5_costs_nothing() -> None:
    table, piles = new_table()
    challenge = start(table, piles, FIVE_REVERSED, 0)
    challenge.concede(table, seeded(0))
    outcome = challenge.outcome(table)
    assert (outcome.cost, outcome.wipe_out) == (0, False)


def test_a_cost_below_5_is_no_wipe_out_whatever_ended_the_drawing() -> None:
    table, piles = new_table()
    challenge = start(table, piles, FIVE_REVERSED[:4], 0)
    stack(table, piles, [("the Excuse", UP)])
    drew = challenge.draw(table, seeded(0))
    assert not drew.wipe_out
    assert (challenge.outcome(table).cost, challenge.outcome(table).wipe_out) == (4, False)


# -- the panel ----------------------------------------------------------------------------

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def panel(qtbot: QtBot) -> TarotPanel:
    widget = TarotPanel(SessionDocument(load(demo_path(), rng=seeded(1))))
    qtbot.addWidget(widget)
    widget.resize(440, 900)
    widget.show()
    return widget


def _cost_5_challenge(qtbot: QtBot, panel: TarotPanel, then: tuple[str, bool]) -> None:
    """Ottilie's Rock set to 0 against five reversed Challenge cards; ``then`` on top."""
    session = panel.document.session
    sheet = session.characters[OTTILIE].sheet
    assert panel.document.apply(EditSheet(OTTILIE, evolve(sheet, rock=0)))
    stack_demo(session, [(name, True) for name, _ in FIVE_REVERSED] + [then])
    set_up(qtbot, panel, Attribute.ROCK, 5)  # the GM's step
    ottilie = session.characters[OTTILIE].player
    take_seat(session, ottilie)  # Ottilie's player draws


def test_the_panel_says_no_wipe_out_before_the_player_has_drawn(
    qtbot: QtBot, panel: TarotPanel
) -> None:
    _cost_5_challenge(qtbot, panel, ("Triumph XXI", True))
    assert panel.cost.value_text == "5"
    assert panel.cost.label_text == "any draw now Wipes Out; conceding costs nothing"
    qtbot.mouseClick(panel.draw, LEFT)
    assert (panel.cost.value_text, panel.cost.label_text) == ("5", "Great, Wipe Out")
    assert "6 before the cap" in panel.cost.toolTip()
    details = panel.details.text()
    assert "Cost 5 (Great, Wipe Out)" in details
    assert "Ottilie Marchbank was wiped out (Cost 5)." in details
    qtbot.mouseClick(panel.finish, LEFT)
    assert panel.document.session.log[-1].public.startswith(
        "Ottilie Marchbank's Challenge: Success, Effect 1 (Mediocre), Cost 5 (Great, Wipe Out)."
    )
    assert tarot_steps.challenge_in_play(panel.document.session.state) is None


def test_the_panel_calls_the_excuse_at_cost_5_a_wipe_out(
    qtbot: QtBot, panel: TarotPanel
) -> None:
    _cost_5_challenge(qtbot, panel, ("the Excuse", False))
    qtbot.mouseClick(panel.draw, LEFT)
    assert (panel.cost.value_text, panel.cost.label_text) == ("5", "Great, Wipe Out")
    assert "Ottilie Marchbank drew the Excuse at Cost 5: a Wipe Out." in panel.details.text()
    assert panel.document.session.log[-1].public.endswith("Cost 5 (Great), a Wipe Out.")
