"""Banzai's guided round, played to its end through the real main window by pressing what
the guide lights: Kaneda's Kenjutsu with Fire (4k3) against the TN Dana gives, a Raise
declared behind the curtain, the dice kept and the roll finished and put away."""

from __future__ import annotations

from guide_rig import LEFT, group_window, panel_in, play_to_the_end, press
from pytestqt.qtbot import QtBot
from test_table_options_ui import choose

from cardtable.randomness import seeded
from cardtable.ui.guides.menu import start_round
from cardtable.ui.guides.walk import GuidedRound
from cardtable.ui.panels.banzai.roll import RollTab
from cardtable.ui.qt import Qt, QtCore

STEPS = [
    "The GM takes the computer",
    "Build the roll",
    "The target number",
    "Pass the computer to Alex",
    "Alex takes the computer",
    "Raises, by their odds",
    "Roll",
    "Keep the dice, then decide",
    "Spend the Raises, then finish",
    "The outcome",
    "Put the roll away",
    "That was a round",
]


def kenjutsu_with_fire(qtbot: QtBot, walk: GuidedRound) -> None:
    """Dana picks Kaneda, her Kenjutsu and her Fire."""
    who = panel_in(walk, "banzai", RollTab).form.who
    assert who.character.currentIndex() == -1  # Dana plays nobody: nobody chosen
    qtbot.mouseClick(who.character, LEFT)
    qtbot.keyClick(who.character.view(), Qt.Key.Key_Down)
    qtbot.keyClick(who.character.view(), Qt.Key.Key_Return)
    assert who.character.currentText() == "Kaneda Suzume (Alex)"
    choose(qtbot, who.skill, "Kenjutsu 4")
    choose(qtbot, who.element, "Fire 3")


def tn_15(qtbot: QtBot, walk: GuidedRound) -> None:
    """Dana gives TN 15."""
    tn = panel_in(walk, "banzai", RollTab).form.tn
    tn.selectAll()
    qtbot.keyClicks(tn, "15")
    qtbot.keyClick(tn, Qt.Key.Key_Tab)
    assert tn.value() == 15


def one_raise(qtbot: QtBot, walk: GuidedRound) -> None:
    """Alex declares one Raise by its odds."""
    tab = panel_in(walk, "banzai", RollTab)
    assert len(tab.odds) == 3  # none, one or two: Kaneda's Void is 2
    radio = tab.odds[1]
    qtbot.mouseClick(radio, LEFT, pos=QtCore.QPoint(8, radio.height() // 2))
    assert tab.raises == 1


def test_the_banzai_round_played_by_pressing_what_it_lights(qtbot, tmp_path):
    window, _file, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "banzai", seeded(1))
    assert window.windowTitle().startswith("Guide: Banzai")
    met = play_to_the_end(
        qtbot,
        walk,
        {
            "Build the roll": kenjutsu_with_fire,
            "The target number": tn_15,
            "Raises, by their odds": one_raise,
        },
    )
    assert met == STEPS
    log = [entry.public for entry in window.document.session.log]
    rolled = log.index("Kaneda Suzume declares 1 Raise: TN 20.")
    assert log[rolled - 3 : rolled - 1] == [
        "Dana passed the computer to Alex",
        "Alex took the computer",
    ]
    # The second die explodes: 10, rolled again, 2; the three highest make 20, TN 20 met.
    assert log[rolled + 1 :] == [
        "Kaneda Suzume rolled 4k3: [3] [10→2=12] [5] [2]; keeps 12, 5, 3 = 20 against TN 20: met.",
        "Kaneda Suzume meets TN 20 with 20 and succeeds, with 1 Raise for bonus Effects.",
        "Kaneda Suzume: success (20 against TN 20).",
        "The Banzai roll is taken off the table",
    ]
    press(qtbot, walk.card.next)  # Finish
    assert not window.document.lent
