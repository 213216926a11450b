"""A Challenge played through the real window with the group's own tarot pictures: a deck
imported from 82 pictures, mapped onto the 82 cards by their names and, for the one no name
says, by hand in the editor; a deck missing a card is refused, naming it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from deck_art_rig import close_to, colour_of
from pytestqt.qtbot import QtBot
from tarot_editor_rig import LEFT, open_editor, tarot_window
from tarot_pictures_rig import own_tarot

from cardtable.cards import CardId, TarotCard
from cardtable.decks import art as art_module
from cardtable.decks.art import ArtLibrary
from cardtable.decks.names import tarot_slots
from cardtable.piles import PileId
from cardtable.resolvers.tarot.challenge import Attribute
from cardtable.session import ConfirmSeat, PassSeat, PlayerId
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.art import card_art
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import QtWidgets
from cardtable.ui.tarot_editor.pictures import PicturesDialog
from cardtable.ui.window.main_window import MainWindow

DRAW = PileId("tarot/draw")


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(art_module, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(art_module, "default_cache_dir", lambda: tmp_path / "cache")
    yield
    card_art.clear_table_art()


def _stack(window: MainWindow, names: list[str]) -> None:
    """The named cards on top of the tarot draw pile, upright, the first drawn first."""
    table = window.document.session.table
    found = []
    for name in names:
        face = TarotCard.from_name(name)
        found.append(next(c for c in table.pile(DRAW).cards if table.card(c).face == face))
    for card in found:
        table.facing[card] = type(table.facing[card])(table.facing[card].face_up, False)
    table.move(list(reversed(found)), DRAW)


def _colour_on_felt(window: MainWindow, card: CardId) -> tuple[int, int, int]:
    """The colour at the middle of ``card`` as the felt paints it."""
    view = window.felt
    item = view.item(str(card))
    view.centerOn(item)
    spot = view.mapFromScene(item.sceneBoundingRect().center())
    image = view.viewport().grab().toImage()
    colour = image.pixelColor(round(spot.x() * image.devicePixelRatio()),
                              round(spot.y() * image.devicePixelRatio()))  # fmt: skip
    return colour.red(), colour.green(), colour.blue()


def test_a_challenge_is_played_with_the_groups_own_tarot_pictures(
    qtbot: QtBot, tmp_path: Path
) -> None:
    library = ArtLibrary()
    own_tarot(library, tmp_path / "moon")
    own_tarot(library, tmp_path / "torn", drop="soldier-paper", name="Torn Tarot")
    window = tarot_window(qtbot, tmp_path)
    editor = open_editor(qtbot, window)
    qtbot.mouseClick(editor.pictures_button, LEFT)
    pictures = editor.pictures
    assert isinstance(pictures, PicturesDialog)
    qtbot.waitExposed(pictures)

    # A deck that lacks a card is refused for the Challenge, naming what is missing.
    pictures.decks.setCurrentIndex(pictures.decks.findText("Torn Tarot (81 pictures)"))
    qtbot.mouseClick(pictures.play_button, LEFT)
    assert pictures.message.text() == (
        "Torn Tarot cannot play the Challenge: it has no picture for the Soldier of Paper "
        "and the Excuse."
    )
    # The whole deck: every name read but the Excuse's, which is mapped by hand.
    pictures.decks.setCurrentIndex(pictures.decks.findText("Moon Tarot (82 pictures)"))
    assert pictures.missing.text() == "1 of 82 cards have no picture yet."
    qtbot.mouseClick(pictures.play_button, LEFT)
    assert pictures.message.text() == (
        "Moon Tarot cannot play the Challenge: it has no picture for the Excuse."
    )
    excuse = pictures.chooser("The Excuse")
    excuse.setCurrentIndex(excuse.findText("Mystery"))
    assert pictures.missing.text() == "Every card has a picture."
    qtbot.mouseClick(pictures.play_button, LEFT)
    assert pictures.message.text() == "The tarot shows the pictures of Moon Tarot."
    session = window.document.session
    assert (
        session.log[-1].public == "Dana dressed The Tourist's Tarot in the Moon Tarot (tarot) art"
    )
    pictures.close()
    editor.close()

    # The Challenge, through the tarot panel: Rank 1, the Child of Rock against Ottilie's
    # Paper 5; Alex draws Triumph III, which beats it, and stops.
    _stack(window, ["Child of Rock", "Triumph III"])
    panel = window.findChild(TarotPanel)
    assert isinstance(panel, TarotPanel)
    dock = panel.parentWidget()
    while not isinstance(dock, QtWidgets.QDockWidget):
        dock = dock.parentWidget()
    dock.show()
    dock.raise_()
    panel.character.setCurrentIndex(panel.character.findData("ottilie-marchbank"))
    panel.attribute.setCurrentIndex(panel.attribute.findData(Attribute.PAPER))
    panel.rank.setValue(1)
    qtbot.mouseClick(panel.challenge_draws, LEFT)
    assert window.document.apply(PassSeat(0))
    assert window.document.apply(ConfirmSeat(PlayerId("alex")))
    qtbot.mouseClick(panel.draw, LEFT)
    qtbot.mouseClick(panel.stop, LEFT)
    assert panel.banner.text() == "Success"
    challenge = tarot_steps.challenge_in_play(session.state)
    assert challenge is not None
    # The felt shows each card of the Challenge in the group's picture of it.
    slugs = [slot.slug for slot in tarot_slots()]
    for placed, slug in zip((*challenge.challenge, *challenge.player),
                            ("child-rock", "triumph-3"), strict=True):  # fmt: skip
        assert placed.card == CardId(f"tarot/{slug}")
        item = window.felt.item(str(placed.card))
        qtbot.waitUntil(item.shows_face, timeout=5000)  # the felt catches up after the draw
        painted = _colour_on_felt(window, placed.card)
        assert close_to(painted, colour_of(slugs.index(slug) + 1)), (slug, painted)
    qtbot.mouseClick(panel.finish, LEFT)
    assert session.log[-1].public.startswith("Ottilie Marchbank's Challenge: Success")
