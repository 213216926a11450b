"""Fantastical Adventure's guided round, played to its end through the real main window by
pressing what the guide lights: Bartholomew challenges on Alex's turn, Crane answers, the
cards are revealed, the trumped side yields and the Conflict is closed. Seed 2 deals
Bartholomew the 7 of Clubs (his Strong Suit) and Crane the 9 of Spades (his) and the 10 of
Diamonds (plain for him)."""

from __future__ import annotations

from collections.abc import Callable

from guide_rig import group_window, panel_in, play_to_the_end, press
from pytestqt.qtbot import QtBot
from question_rig import answer_next_question

from cardtable.randomness import seeded
from cardtable.steps.adventure.conflict import find_game
from cardtable.ui.guides.menu import start_round
from cardtable.ui.guides.walk import GuidedRound
from cardtable.ui.panels.adventure.conflict.panel import CLOSE_QUESTION, ConflictPanel
from cardtable.ui.qt import Qt

LEFT = Qt.MouseButton.LeftButton
GOAL, INTENT = "to get aboard the Gull before she sails", "to keep the Gull in harbour"
OPENING = [
    "The GM takes the computer",
    "Alex's turn",
    "Pass the computer to Alex",
    "Alex takes the computer",
    "Issue the Challenge",
    "Who answers",
    "Back to the GM",
    "Dana takes the computer",
    "Answer",
    "Reveal",
    "Which card trumps",
]
CLOSING = ["The winner", "Close the Conflict", "That was a round"]


def _panel(walk: GuidedRound) -> ConflictPanel:
    return panel_in(walk, "conflict", ConflictPanel)


def choose(qtbot: QtBot, combo, text: str) -> None:
    """Pick ``text`` from the open list of ``combo``, as a player would."""
    qtbot.mouseClick(combo, LEFT)
    view = combo.view()
    row = next(i for i in range(combo.count()) if combo.itemText(i) == text)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    for _ in range(row):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert combo.currentText() == text


def bartholomew_challenges(qtbot: QtBot, walk: GuidedRound) -> None:
    panel = _panel(walk)
    assert panel.challenger.currentText() == "Harbourmaster Crane (Dana)"  # the holder's
    choose(qtbot, panel.challenger, "Bartholomew Quince (Alex)")


def lay(card: str, words: str) -> Callable[[QtBot, GuidedRound], None]:
    """Type ``words`` (a goal, an intent) before the form's button; once the picker asks,
    choose ``card``, the ring having moved to Lay face down."""

    def do(qtbot: QtBot, walk: GuidedRound) -> None:
        panel = _panel(walk)
        if panel.pending is None:
            field = panel.goal_edit if panel.challenge_box.isVisible() else panel.intent
            qtbot.keyClicks(field, words)
            return
        assert walk.light.spot is not None and walk.light.spot.widget is panel.picker.confirm
        panel.picker.choose(card)

    return do


def crane_answers(qtbot: QtBot, walk: GuidedRound) -> None:
    choose(qtbot, _panel(walk).answerer, "Harbourmaster Crane (Dana)")


def _play(qtbot, tmp_path, answer: str) -> tuple[GuidedRound, list[str], list[str]]:
    """The round played with Crane answering with ``answer``: the guide, the steps met and
    the log; Close asks its question once."""
    asked: list[str] = []
    window, _file, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "adventure", seeded(2))
    assert window.windowTitle().startswith("Guide: Fantastical Adventure")
    met = play_to_the_end(
        qtbot,
        walk,
        {
            "Alex's turn": bartholomew_challenges,
            "Issue the Challenge": lay("7 of Clubs (Strong)", GOAL),
            "Who answers": crane_answers,
            "Answer": lay(answer, INTENT),
            "Close the Conflict": lambda qtbot, _walk: answer_next_question(
                qtbot, "Close the Conflict", asked
            ),
        },
    )
    assert asked == [CLOSE_QUESTION]
    log = [entry.public for entry in window.document.session.log]
    return walk, met, log


def test_the_adventure_round_where_bartholomew_is_trumped_and_yields(qtbot, tmp_path):
    walk, met, log = _play(qtbot, tmp_path, "9 of Spades (Strong)")
    # Strong against Strong goes to value: Crane's 9 trumps the 7, so the move is Alex's.
    assert met == [
        *OPENING,
        "Pass the computer to Alex",
        "Alex takes the computer",
        "Yield, or push",
        *CLOSING,
    ]
    assert (
        "Harbourmaster Crane's 9 of Spades (Strong) trumps Bartholomew Quince's 7 of Clubs "
        "(Strong): Bartholomew Quince must Yield or Push"
    ) in log
    yielded = log.index("Bartholomew Quince yielded")
    assert log[yielded - 2 : yielded] == [
        "Dana passed the computer to Alex",
        "Alex took the computer",
    ]
    assert log[-1] == "Alex's turn ends; it is Dana's turn"
    game = find_game(walk.window.document.session.state)
    assert game is not None and game.conflict is None
    press(qtbot, walk.card.next)  # Finish
    assert not walk.window.document.lent


def test_the_adventure_round_where_crane_is_trumped_and_yields(qtbot, tmp_path):
    _walk, met, log = _play(qtbot, tmp_path, "10 of Diamonds")
    # Bartholomew's Strong 7 trumps Crane's plain 10: the move is Crane's, Dana holds it.
    assert met == [*OPENING, "Yield, or push", *CLOSING]
    # No pass between the reveal and the Yield: Dana still holds the computer.
    yielded = log.index("Harbourmaster Crane yielded")
    assert log[yielded - 1] == (
        "Bartholomew Quince's 7 of Clubs (Strong) trumps Harbourmaster Crane's 10 of Diamonds: "
        "Harbourmaster Crane must Yield or Push"
    )
    assert log[-1] == "Alex's turn ends; it is Dana's turn"
