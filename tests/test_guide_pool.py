"""The pool Challenge's guided round, played to its end through the real main window by
pressing what the guide lights: Isolde against a wyvern, one round, a conversion planned
behind the curtain and the round played by the GM."""

from __future__ import annotations

from guide_rig import group_window, panel_in, play_to_the_end, press
from pytestqt.qtbot import QtBot
from test_table_options_ui import choose

from cardtable.randomness import seeded
from cardtable.resolvers.pool.challenge import Result
from cardtable.steps.pool.play import challenge_in
from cardtable.ui.guides.menu import start_round
from cardtable.ui.guides.walk import GuidedRound
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.qt import Qt

STEPS = [
    "The GM takes the computer",
    "Set up the sides",
    "Start the Challenge",
    "Round 1 next",
    "Pass the computer to Alex",
    "Alex takes the computer",
    "Take a risk, or play safe",
    "Back to the GM",
    "Dana takes the computer",
    "Play the round",
]


def isolde_against_a_wyvern(qtbot: QtBot, walk: GuidedRound) -> None:
    """Dana picks Isolde's Swordplay (8, a penalty of 2) and types the wyvern in."""
    setup = panel_in(walk, "pool", PoolTracker).setup
    choose(qtbot, setup.first.sheet, "Captain Isolde Varga: Swordplay 6 (8, penalty 2)")
    wyvern = setup.opponents[0]
    qtbot.mouseClick(wyvern.name, Qt.MouseButton.LeftButton)
    wyvern.name.selectAll()
    qtbot.keyClicks(wyvern.name, "A young wyvern")
    wyvern.spins["rating"].selectAll()
    qtbot.keyClicks(wyvern.spins["rating"], "4")
    assert setup.first.entry.text() == "Enters with pool 6, bonus 1."
    assert wyvern.entry.text() == "Enters with pool 4."


def one_pool_to_bonus(qtbot: QtBot, walk: GuidedRound) -> None:
    """Alex turns one of Isolde's pool points into 2 bonus."""
    spin = panel_in(walk, "pool", PoolTracker).columns["Captain Isolde Varga"].spins["to_bonus"]
    spin.selectAll()
    qtbot.keyClicks(spin, "1")
    assert spin.value() == 1


def test_the_pool_round_played_by_pressing_what_it_lights(qtbot, tmp_path):
    window, _file, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "pool", seeded(1))
    assert window.windowTitle().startswith("Guide: the pool Challenge")
    played = []
    window.document.changed.connect(
        lambda _flags: played.append(challenge_in(window.document.session.state))
    )
    met = play_to_the_end(
        qtbot,
        walk,
        {
            "Set up the sides": isolde_against_a_wyvern,
            "Take a risk, or play safe": one_pool_to_bonus,
        },
    )
    assert met == [
        *STEPS,
        "What the round did",
        "The verdict",
        "Clear the table",
        "That was a round",
    ]
    # Pool 5 and bonus 3 against 4: the wyvern loses 8 (to -4), Isolde half of 4 (to 3).
    over = next(c for c in reversed(played) if c is not None)
    isolde, wyvern = over.first[0], over.second[0]
    assert (isolde.pool, wyvern.pool, over.result) == (3, -4, Result.FIRST_WINS)
    assert challenge_in(window.document.session.state) is None
    log = [entry.public for entry in window.document.session.log]
    planned = log.index("Captain Isolde Varga plans for round 1: converts 1 pool to 2 bonus.")
    assert log[planned - 1 : planned + 3] == [
        "Alex took the computer",
        "Captain Isolde Varga plans for round 1: converts 1 pool to 2 bonus.",
        "Alex passed the computer to Dana",
        "Dana took the computer",
    ]
    assert "Captain Isolde Varga wins." in log
    press(qtbot, walk.card.next)  # Finish
    assert not window.document.lent
