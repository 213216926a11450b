"""How a guided round follows the player: it waits for the step, says so when the table
changes another way, shows earlier steps again with Back, stands over the curtain while
the computer changes hands, and ends when another session is opened."""

from __future__ import annotations

from guide_rig import group_window, press

from cardtable.randomness import seeded
from cardtable.session import Note
from cardtable.ui.guides.menu import running_round, start_round
from cardtable.ui.guides.walk import DONE, ELSEWHERE, WAITING
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import Qt, QtCore


def tarot_round(qtbot, tmp_path):
    window, _group, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "tarot", seeded(3))
    panel = window.setup.docks["tarot"].findChild(TarotPanel)
    return window, walk, panel


def to_the_challenge_draws(qtbot, walk, panel) -> None:
    press(qtbot, walk.spot().widget)  # I am Dana
    panel.character.setCurrentIndex(panel.character.findData("ottilie-marchbank"))
    press(qtbot, walk.card.next)
    assert walk.step.title == "The Challenge draws"


def test_a_step_waits_and_says_when_the_table_changes_another_way(qtbot, tmp_path):
    _window, walk, panel = tarot_round(qtbot, tmp_path)
    to_the_challenge_draws(qtbot, walk, panel)
    card = walk.card
    assert card.status.text() == WAITING.format(press="press “Challenge draws”")
    assert not card.next.isEnabled()  # nothing moves on until the step is done
    assert walk.spot().widget is panel.challenge_draws
    assert walk.light.spot.widget is panel.challenge_draws and walk.light.isVisible()
    # Dana draws a card for inspiration instead: the table changes, the step is not done.
    press(qtbot, panel.inspiration)
    assert walk.step.title == "The Challenge draws"
    assert card.status.text() == ELSEWHERE.format(press="Press “Challenge draws”")
    press(qtbot, panel.challenge_draws)
    assert walk.step.title == "Cost and Effect"
    assert card.status.text() == "Nothing to press here: read, then Next."


def test_back_shows_a_step_done_and_next_comes_forward_again(qtbot, tmp_path):
    window, walk, panel = tarot_round(qtbot, tmp_path)
    to_the_challenge_draws(qtbot, walk, panel)
    press(qtbot, panel.challenge_draws)
    assert walk.step.title == "Cost and Effect"
    press(qtbot, walk.card.back)
    assert walk.step.title == "The Challenge draws"
    assert walk.card.status.text() == DONE and walk.card.next.isEnabled()
    log_length = len(window.document.session.log)
    press(qtbot, walk.card.next)
    assert walk.step.title == "Cost and Effect"
    assert len(window.document.session.log) == log_length  # Back and Next change nothing


def test_the_guide_stands_over_the_curtain_and_esc_leaves_from_there(qtbot, tmp_path):
    window, walk, panel = tarot_round(qtbot, tmp_path)
    group = walk.document  # the same document, lent
    to_the_challenge_draws(qtbot, walk, panel)
    press(qtbot, panel.challenge_draws)
    press(qtbot, walk.card.next)
    press(qtbot, walk.spot().widget)  # Pass the computer
    assert walk.step.title == "Alex takes the computer"
    curtain = window.curtain
    assert curtain.isVisible()
    # The box and the ring are the curtain's own: the curtain hides every part of the
    # window, and shows the guide over it.
    assert walk.card.parentWidget() is curtain and walk.card.isVisible()
    assert walk.light.parentWidget() is curtain and walk.light.spot.widget is curtain.confirm
    button = QtCore.QRect(
        curtain.confirm.mapTo(curtain, QtCore.QPoint(0, 0)), curtain.confirm.size()
    )
    assert walk.light.ring.contains(button)
    qtbot.keyClick(curtain, Qt.Key.Key_Escape)
    assert running_round(window) is None and not group.lent
    assert window.document.session.players[-1].name == "Dana"  # the demo's table is back


def test_opening_another_session_ends_the_round_and_asks_about_the_groups(qtbot, tmp_path):
    window, _group, _stored = group_window(qtbot, tmp_path)
    assert window.document.apply(Note("The party reaches the lighthouse."))
    walk = start_round(window, "tarot", seeded(3))
    asked: list[str] = []

    def ask() -> str:
        asked.append(window.document.session.log[-1].public)
        return "discard"

    window.ask_unsaved = ask
    press(qtbot, walk.spot().widget)  # I am Dana
    assert window.document.apply(Note("A line at the guide's table"))
    window.demo_action.trigger()
    assert running_round(window) is None and not window.document.lent
    # The question was about the group's session, which the guide's table had stood for.
    assert len(asked) == 1 and "lighthouse" in asked[0]
    assert window.windowTitle().startswith("Demo table")


def test_drawing_again_before_stop_is_no_slip_and_reading_ahead_is_followed(qtbot, tmp_path):
    _window, walk, panel = tarot_round(qtbot, tmp_path)
    press(qtbot, walk.spot().widget)  # I am Dana
    assert walk.step.title == "Set the Challenge up"
    panel.character.setCurrentIndex(panel.character.findData("ottilie-marchbank"))
    # Dana presses Challenge draws without Next: the guide follows her past the reading.
    press(qtbot, panel.challenge_draws)
    assert walk.step.title == "Cost and Effect"
    press(qtbot, walk.card.next)
    press(qtbot, walk.spot().widget)  # Pass the computer
    press(qtbot, walk.spot().widget)  # I am Alex
    press(qtbot, walk.spot().widget)  # Draw
    assert walk.step.title == "Draw again, or stop"
    press(qtbot, panel.draw)  # another card, as the step allows
    assert walk.step.title == "Draw again, or stop"
    assert walk.card.status.text() == WAITING.format(press="press “Stop” (or Draw again first)")


def test_the_box_keeps_clear_of_what_it_lights_as_the_window_resizes(qtbot, tmp_path):
    window, walk, _panel = tarot_round(qtbot, tmp_path)
    press(qtbot, walk.spot().widget)  # I am Dana
    for size in (QtCore.QSize(1024, 700), QtCore.QSize(1600, 900)):
        window.resize(size)
        qtbot.waitUntil(lambda size=size: window.size() == size)
        card = walk.card.geometry()
        assert window.rect().contains(card)
        assert not card.intersects(walk.light.ring), (size, card, walk.light.ring)
