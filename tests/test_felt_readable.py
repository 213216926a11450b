"""On a laptop the felt is read from across the table: at 1024x700 a card is at least 70 px
wide and every label at least 11 px tall, and the decks are in view."""

from __future__ import annotations

from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import QtCore
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.view import MIN_CARD_PX
from cardtable.ui.table.zones import SMALLEST_TEXT_PX, CaptionItem, ZoneItem
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup


def _window(qtbot: QtBot, tmp_path: Path, width: int, height: int) -> MainWindow:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    # With every panel in its dock, as the app opens it.
    window.setup = WindowSetup(
        window, Settings(), store=lambda s, folder: None
    )
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks))
    take_the_computer(qtbot, window)  # Dana, the GM
    qtbot.waitUntil(lambda: window.felt.viewport().height() > 300)
    return window


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_cards_and_labels_are_readable_on_a_laptop(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    window = _window(qtbot, tmp_path, *size)
    felt = window.felt
    seen = QtCore.QRectF(felt.viewport().rect())
    cards = [i for i in felt.scene().items() if isinstance(i, CardItem) and i.isVisible()]
    assert cards
    for card in cards:
        on_screen = felt.mapFromScene(card.sceneBoundingRect()).boundingRect()
        assert on_screen.width() >= MIN_CARD_PX - 1
    assert SMALLEST_TEXT_PX * felt.zoom_factor() >= 11
    # The decks (the first row) start in view at the top left.
    captions = [i for i in felt.scene().items() if isinstance(i, CaptionItem)]
    assert captions
    for caption in captions[:1]:
        assert seen.contains(QtCore.QPointF(felt.mapFromScene(caption.scenePos())))
    zones = [i for i in felt.scene().items() if isinstance(i, ZoneItem)]
    assert any(seen.contains(QtCore.QRectF(felt.mapFromScene(z.sceneBoundingRect())
                                           .boundingRect())) for z in zones)


def test_a_big_window_fits_the_whole_table_larger_than_that(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path, 1900, 1060)
    felt = window.felt
    qtbot.waitUntil(lambda: felt.viewport().width() > 1000)
    seen = QtCore.QRectF(felt.viewport().rect())
    zones = [i for i in felt.scene().items() if isinstance(i, ZoneItem)]
    for zone in zones:
        shown = felt.mapFromScene(zone.sceneBoundingRect()).boundingRect()
        assert seen.adjusted(-2, -2, 2, 2).contains(QtCore.QRectF(shown))
    assert felt.zoom_factor() * 120 >= MIN_CARD_PX
