"""Crisis dice's guided round, played to its end through the real main window by pressing
what the guide lights at each step: a Simple Challenge that fails, a push the GM invites,
and one that succeeds at once, which the push steps are passed over for."""

from __future__ import annotations

from guide_rig import LEFT, group_window, play_to_the_end, press

from cardtable.randomness import seeded
from cardtable.resolvers.crisis.duel import CrisisResult
from cardtable.steps.crisis import simple_in_play
from cardtable.ui.guides.menu import start_round
from cardtable.ui.guides.walk import GuidedRound
from cardtable.ui.panels.dice.simple import SimpleView
from cardtable.ui.qt import Qt

CRISIS = "The lights in the reading room go out"


def very_hard(qtbot, walk: GuidedRound) -> None:
    """Dana sets difficulty 15 (very hard) and writes the Crisis down."""
    view = walk.window.setup.docks["dice"].findChild(SimpleView)
    assert view.character.currentText() == "Wren Halloway (Alex)"
    assert view.pool.text() == "4 dice (sheet)"
    view.difficulty.selectAll()
    qtbot.keyClicks(view.difficulty, "15")
    qtbot.keyClick(view.difficulty, Qt.Key.Key_Tab)
    assert view.difficulty.value() == 15
    qtbot.keyClicks(view.crisis, CRISIS)


PUSHED = [
    "The GM takes the computer",
    "Set a Simple Challenge",
    "Pass the computer to Alex",
    "Alex takes the computer",
    "Roll the pool",
    "Above the difficulty?",
    "Back to the GM",
    "Dana takes the computer",
    "Invite a push",
    "Pass the computer to Alex",
    "Alex takes the computer",
    "Push your luck",
]


def test_the_crisis_round_with_a_push_that_strikes(qtbot, tmp_path):
    window, _file, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "crisis", seeded(1))
    assert window.windowTitle().startswith("Guide: crisis dice")
    met = play_to_the_end(qtbot, walk, {"Set a Simple Challenge": very_hard})
    challenge = simple_in_play(window.document.session.state)
    assert challenge is not None and challenge.result is CrisisResult.CRISIS
    # 2, 5, 1, 3 is 11, not above 15; the push shows a 1, still in Wren's set.
    assert (challenge.rolled, challenge.pushed, challenge.crisis_die) == ((2, 5, 1, 3), (), 1)
    assert met == [*PUSHED, "The result", "That was a round"]
    view = window.setup.docks["dice"].findChild(SimpleView)
    assert view.result.text().startswith("CRISIS! Wren Halloway pushed a 1")
    assert CRISIS in view.result.text()
    press(qtbot, walk.card.next)  # Finish
    assert not window.document.lent


def test_the_crisis_round_with_a_push_and_a_stop(qtbot, tmp_path):
    window, _file, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "crisis", seeded(2))
    met = play_to_the_end(qtbot, walk, {"Set a Simple Challenge": very_hard})
    challenge = simple_in_play(window.document.session.state)
    assert challenge is not None and challenge.result is CrisisResult.FAILURE
    # 1, 1, 1, 3 is 6; the push adds a 2 (no 2 in the set): 8, still not above 15.
    assert (challenge.rolled, challenge.pushed) == ((1, 1, 1, 3), (2,))
    assert met == [*PUSHED, "Push again, or stop", "The result", "That was a round"]


def test_a_roll_that_succeeds_at_once_passes_over_the_push(qtbot, tmp_path):
    window, _file, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "crisis", seeded(1))
    met = play_to_the_end(qtbot, walk)  # difficulty 6
    challenge = simple_in_play(window.document.session.state)
    assert challenge is not None and challenge.result is CrisisResult.SUCCESS
    rolled = PUSHED.index("Above the difficulty?") + 1
    assert met == [*PUSHED[:rolled], "The result", "That was a round"]
    assert walk.card.where.text() == "8 of 8"  # the push's steps are not counted
    qtbot.mouseClick(walk.card.next, LEFT)
    assert not window.document.lent
