"""A panel tabbed behind another catches up as it comes into sight, not at every change;
what it offers on the felt follows every change."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from seat_rig import table_window

from cardtable.randomness import seeded
from cardtable.session import AddCharacter, Changes, Character, CharacterId, load
from cardtable.session.demo import demo_path
from cardtable.sheets import blank
from cardtable.ui.panels.in_sight import RefreshInSight, tucked_away
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import QtWidgets


def _tabs(qtbot: QtBot) -> tuple[QtWidgets.QTabWidget, list[str], RefreshInSight]:
    tabs = QtWidgets.QTabWidget()
    qtbot.addWidget(tabs)
    front, back = QtWidgets.QLabel("front"), QtWidgets.QLabel("back")
    tabs.addTab(front, "Front")
    tabs.addTab(back, "Back")
    runs: list[str] = []
    return tabs, runs, RefreshInSight(back, lambda: runs.append(back.text()))


TABLE = Changes.TABLE.value


def test_a_panel_behind_a_tab_refreshes_once_as_it_comes_forward(qtbot: QtBot) -> None:
    tabs, runs, in_sight = _tabs(qtbot)
    in_sight.changed(TABLE)
    assert runs == ["back"]  # the window is not on the screen yet: nothing is out of sight
    tabs.show()
    qtbot.waitExposed(tabs)
    for _ in range(3):
        in_sight.changed(TABLE)
    assert runs == ["back"] and in_sight.behind
    tabs.setCurrentIndex(1)
    assert runs == ["back", "back"] and not in_sight.behind  # once, for the three changes
    in_sight.changed(TABLE)
    assert len(runs) == 3  # in sight: at once
    tabs.setCurrentIndex(0)
    tabs.setCurrentIndex(1)
    assert len(runs) == 3  # nothing changed while it was away


def test_what_a_hidden_panel_offers_on_the_felt_follows_every_change(qtbot: QtBot) -> None:
    tabs, runs, in_sight = _tabs(qtbot)
    tabs.show()
    qtbot.waitExposed(tabs)
    in_sight.changed(TABLE, now=True)
    assert runs == ["back"] and not in_sight.behind


def test_a_panel_out_of_sight_is_worked_out_again_for_a_new_seat_at_once(qtbot: QtBot) -> None:
    """What a panel holds out of sight is always worked out for whoever is at the screen."""
    tabs, runs, in_sight = _tabs(qtbot)
    tabs.show()
    qtbot.waitExposed(tabs)
    in_sight.changed(TABLE)
    assert runs == [] and in_sight.behind
    in_sight.changed((Changes.SEAT | Changes.TABLE).value)
    assert runs == ["back"] and not in_sight.behind


def test_the_tarot_panel_behind_the_dice_tab_catches_up_when_brought_forward(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = table_window(qtbot, tmp_path, load(demo_path(), rng=seeded(1)))
    tarot = window.setup.docks["tarot"]  # type: ignore[attr-defined]
    dice = window.setup.docks["dice"]  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not dice.visibleRegion().isEmpty())
    panel = tarot.findChild(TarotPanel)
    assert panel is not None and tucked_away(panel)  # behind the dice tab
    session = window.document.session
    gm = session.state.players[0]
    listed = [panel.character.itemText(i) for i in range(panel.character.count())]
    newcomer = Character(CharacterId("c-zed"), "Zed", gm.id, "tarot", blank("tarot"))
    window.document.apply(AddCharacter(newcomer))
    assert [panel.character.itemText(i) for i in range(panel.character.count())] == listed
    next(a for a in window.panels_menu.actions() if a.text() == "&Tarot Challenge").trigger()
    qtbot.waitUntil(lambda: not tucked_away(panel))
    now = [panel.character.itemText(i) for i in range(panel.character.count())]
    assert f"Zed ({gm.name})" in now and len(now) == len(listed) + 1
