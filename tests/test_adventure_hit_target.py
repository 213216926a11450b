"""A Challenge whose goal is to Hit a third party (``rules/fantastical-adventure.md``, step 8:
the winner "may Hit the loser if violence fits, and a third party too when the Challenger's
goal was to Hit them"), issued and won through the Conflict panel."""

from __future__ import annotations

from test_conflict_panel import (
    BART,
    GRIMSBY,
    LEFT,
    THUG,
    beas_turn,
    demo_with_cast,
    give,
    hand_over,
    lay,
    pick,
)

from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.qt import Qt


def test_the_challenger_who_wins_may_hit_the_third_party_aimed_at(qtbot) -> None:
    session = demo_with_cast()
    give(session, BART, ["7C", "2H"])
    give(session, GRIMSBY, ["5S", "9H"])
    panel = ConflictPanel(SessionDocument(session))
    qtbot.addWidget(panel)
    panel.resize(460, 1000)
    panel.show()
    beas_turn(panel)
    pick(qtbot, panel, panel.challenger, BART)
    targets = [panel.hit_target.itemText(i) for i in range(panel.hit_target.count())]
    assert targets[0] == "nobody in particular" and "Bartholomew Quince" not in targets
    pick(qtbot, panel, panel.hit_target, THUG)
    hand_over(qtbot, panel, panel.challenge_waiting, "bea")
    qtbot.keyClicks(panel.goal_edit, "to throw the Thug off the pier")
    qtbot.keyClick(panel.goal_edit, Qt.Key.Key_Return)
    lay(qtbot, panel, "bea", "7 of Clubs (Strong)")
    assert session.log[-1].public.startswith(
        "Bartholomew Quince challenged: 'to throw the Thug off the pier' (aiming to Hit "
        "Dockside Thug)")
    pick(qtbot, panel, panel.answerer, GRIMSBY)
    hand_over(qtbot, panel, panel.answer_waiting, "dana")
    qtbot.keyClicks(panel.intent, "stand in the way")
    qtbot.mouseClick(panel.answer, LEFT)
    lay(qtbot, panel, "dana", "5 of Spades (Strong)")
    qtbot.mouseClick(panel.reveal, LEFT)
    assert panel.status.text() == "Captain Grimsby must Yield or Push."
    qtbot.mouseClick(panel.yield_button, LEFT)
    game = conflict_steps.find_game(session.state)
    assert game is not None
    assert [(a.hitter, a.target) for a in game.hit_allowances] == [(BART, GRIMSBY), (BART, THUG)]
    log = [entry.public for entry in session.log]
    assert ("Bartholomew Quince may Hit Dockside Thug as the Challenge aimed to, if violence "
            "fits") in log
    assert f"strike:{BART}:{THUG}" in panel.extras.hits.buttons  # the Hits box offers it
