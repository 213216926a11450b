"""A layout that holds still, in the real window on the demo: characters brought in with the
New character dialog add their zones at the foot of the characters' column, and no zone or
card already on the felt moves, in the scene or on the screen of a player who zoomed in."""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.piles import PileId
from cardtable.ui.qt import Qt, QtCore
from cardtable.ui.sheets.new_character import NewCharacterDialog
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.window.main_window import MainWindow

SHOE_DRAW = PileId("shoe/draw")


def bring_in(qtbot: QtBot, window: MainWindow, name: str, system: str) -> None:
    dialog = NewCharacterDialog(window.document, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, name)
    dialog.system.setFocus()
    while dialog.system.currentData() != system:
        qtbot.keyClick(dialog.system, Qt.Key.Key_Down)
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert dialog.created is not None


def felt_places(window: MainWindow) -> dict[str, QtCore.QRectF]:
    """Where each zone and each card shown on the felt lies (scene), but the shoe's draw
    pile's cards (a newcomer is dealt from it)."""
    felt = window.felt
    session = window.document.session
    dealing = set(session.table.piles[SHOE_DRAW].cards)
    places = {}
    for spec in felt.layout_now.zones:
        zone = felt.zone(str(spec.pile))
        assert zone is not None
        places[f"zone {spec.pile}"] = zone.sceneBoundingRect()
    for card in felt.card_items():
        if card.card_id not in dealing:
            places[f"card {card.card_id}"] = card.sceneBoundingRect()
    return places


def test_characters_who_join_move_nothing_on_the_felt(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1400, 900))
    felt = window.felt
    felt.zoom_by(1.5)  # a player who zoomed in: the felt no longer fits itself to the window
    open_table = felt.zone(str(OPEN_TABLE))
    assert open_table is not None
    on_screen = felt.mapFromScene(open_table.sceneBoundingRect().topLeft())
    before = felt_places(window)
    bring_in(qtbot, window, "Mirela Dusk", "tarot")
    bring_in(qtbot, window, "Sir Brannoc", "adventure")
    after = felt_places(window)
    assert {k: v for k, v in after.items() if k in before} == before
    assert {"zone sleeve/mirela-dusk", "zone zone/sir-brannoc"} <= set(after) - set(before)
    newcomers = [after["zone sleeve/mirela-dusk"], after["zone zone/sir-brannoc"]]
    assert all(r.left() > open_table.sceneBoundingRect().right() for r in newcomers)
    assert felt.mapFromScene(open_table.sceneBoundingRect().topLeft()) == on_screen
