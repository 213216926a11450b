"""The tarot Challenge's guided round, played to its end through the real main window by
pressing what the guide lights at each step."""

from __future__ import annotations

from guide_rig import LEFT, group_window, play_to_the_end, press

from cardtable.randomness import seeded
from cardtable.steps.tarot import challenge_in_play
from cardtable.ui.guides.menu import start_round
from cardtable.ui.guides.walk import GuidedRound
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import Qt, QtCore


def choose_ottilie(qtbot, walk: GuidedRound) -> None:
    panel = walk.window.setup.docks["tarot"].findChild(TarotPanel)
    assert panel.character.currentIndex() == -1  # Dana plays nobody: nobody chosen
    assert not panel.challenge_draws.isEnabled()
    qtbot.mouseClick(panel.character, LEFT)
    qtbot.keyClick(panel.character.view(), Qt.Key.Key_Down)
    qtbot.keyClick(panel.character.view(), Qt.Key.Key_Return)
    assert panel.character.currentText() == "Ottilie Marchbank (Alex)"


def the_challenge_row_is_ringed(qtbot, walk: GuidedRound) -> None:
    """Cost and Effect rings the Challenge's row on the felt, its two cards inside (once
    they have slid there)."""
    felt = walk.window.felt
    cards = felt.laid("tarot/challenge")[0]
    assert len(cards) == 2

    def inside() -> bool:
        for card in cards:
            shown = felt.mapFromScene(felt.item(card).sceneBoundingRect()).boundingRect()
            place = QtCore.QRect(felt.viewport().mapTo(walk.window, shown.topLeft()), shown.size())
            if not walk.light.ring.contains(place):
                return False
        return True

    qtbot.waitUntil(inside, timeout=5000)


def test_the_tarot_round_played_by_pressing_what_it_lights(qtbot, tmp_path):
    window, _file, _stored = group_window(qtbot, tmp_path)
    walk = start_round(window, "tarot", seeded(3))
    assert window.windowTitle().startswith("Guide: the tarot Challenge")
    met = play_to_the_end(
        qtbot,
        walk,
        {"Set the Challenge up": choose_ottilie, "Cost and Effect": the_challenge_row_is_ringed},
    )
    session = window.document.session
    assert challenge_in_play(session.state) is None
    assert met[0] == "The GM takes the computer" and met[-1] == "That was a round"
    assert "Alex takes the computer" in met
    assert walk.card.next.text() == "Finish"
    press(qtbot, walk.card.next)
    assert not window.document.lent
