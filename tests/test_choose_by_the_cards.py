"""Choosing cards by the cards: where a panel asks a player for a card (a Challenge, an Answer,
a Support, an Identify claim, a Sleeve Card), the player clicks the card itself in their hand
or on the felt, or drags it to its place; the cards the prompt takes are lit, only at the seat
it belongs to, and a click at another seat is refused with the model's reason.

Played on the real main window with the demo: Dana (the GM) holds the computer; Bea plays
Bartholomew Quince (five cards in hand); Alex plays Ottilie Marchbank, a Tourist whose sleeve
holds the Sage of Serpent (reversed) and Triumph XIV.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot
from table_rig import QUINCE_HAND, QUINCE_ZONE, drag, take_seat

from cardtable.cards import CardId, TarotCard
from cardtable.piles import PileId
from cardtable.resolvers.adventure.identify import IDENTIFY_PILE
from cardtable.resolvers.tarot.challenge import Attribute
from cardtable.session import ConfirmSeat, PassSeat, PlayerId
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.steps import tarot as tarot_steps
from cardtable.steps.adventure import play as adventure_steps
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.panels.adventure.conflict.views import BY_THE_CARDS
from cardtable.ui.panels.adventure.play.panel import AdventurePlayPanel
from cardtable.ui.panels.tarot.panel import SLEEVE_HINT, TarotPanel
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.hand_dock import CHOOSABLE_RING, HandList
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

LEFT = Qt.MouseButton.LeftButton
OTTILIE = "ottilie-marchbank"
BART = "bartholomew-quince"
SLEEVE = PileId(f"sleeve/{OTTILIE}")
PLAYER_ROW = PileId("tarot/player")


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, folder: None)
    window.resize(1280, 800)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # Dana, the GM
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
    return window


T = TypeVar("T", bound=QtWidgets.QWidget)


def _panel(window: MainWindow, kind: type[T]) -> T:
    """The panel, opened and brought forward as a player would before using it."""
    found = window.findChild(kind)
    assert isinstance(found, kind)
    dock = found.parentWidget()
    while dock is not None and not isinstance(dock, QtWidgets.QDockWidget):
        dock = dock.parentWidget()
    assert dock is not None
    dock.show()
    dock.raise_()
    return found


def _status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def _click_on_felt(qtbot: QtBot, window: MainWindow, card: CardId) -> None:
    view = window.felt
    item = view.item(str(card))
    assert item is not None and item.isVisible()
    view.centerOn(item)
    point = view.mapFromScene(item.sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, point)


def _click_in_hand(qtbot: QtBot, hand: HandList, card: CardId) -> None:
    row = hand.cards().index(str(card))
    rect = hand.visualItemRect(hand.item(row))
    qtbot.mouseClick(hand.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, rect.center())


def _sleeve_card(window: MainWindow, name: str) -> CardId:
    table = window.document.session.table
    face = TarotCard.from_name(name)
    return next(c for c in table.pile(SLEEVE).cards if table.card(c).face == face)


def _tarot_challenge(qtbot: QtBot, window: MainWindow) -> TarotPanel:
    """Dana, the GM, sets a Rank 1 Challenge up for Ottilie through the tarot panel."""
    panel = _panel(window, TarotPanel)
    panel.character.setCurrentIndex(panel.character.findData(OTTILIE))
    panel.attribute.setCurrentIndex(panel.attribute.findData(Attribute.PAPER))
    panel.rank.setValue(1)
    panel.challenge_draws.click()
    assert tarot_steps.challenge_in_play(window.document.session.state) is not None
    return panel


def _hand_to(window: MainWindow, player: str) -> None:
    session = window.document.session
    seat = [p.id for p in session.players].index(PlayerId(player))
    assert window.document.apply(PassSeat(seat))
    assert window.document.apply(ConfirmSeat(PlayerId(player)))


def test_a_sleeve_card_clicked_on_the_felt_is_played_at_its_players_seat(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    panel = _tarot_challenge(qtbot, window)
    triumph = _sleeve_card(window, "Triumph XIV")
    sage = _sleeve_card(window, "Sage of Serpent")
    item = window.felt.item(str(triumph))
    assert item is not None
    # Dana holds the computer: the prompt is Alex's, so nothing is lit, and her click is refused.
    assert not item.choosable
    _click_on_felt(qtbot, window, triumph)
    assert _status(window) == (
        "⚠ Ottilie Marchbank is Alex's character: only Alex may play a Sleeve Card for "
        "Ottilie Marchbank."
    )
    assert panel.player_cards.captions() == []
    _hand_to(window, "alex")
    lit = {c for c, i in window.felt.items_shown().items() if i.choosable}
    assert lit == {str(triumph), str(sage)}
    assert "can be chosen" in item.description()
    assert panel.status.text().endswith(SLEEVE_HINT)
    _click_on_felt(qtbot, window, triumph)
    assert panel.player_cards.captions() == ["Triumph XIV"]
    assert window.document.session.table.pile(PLAYER_ROW).cards[-1] == triumph
    # Played: the prompt goes on for the card left, until drawing is over.
    assert {c for c, i in window.felt.items_shown().items() if i.choosable} == {str(sage)}
    panel.stop.click()
    assert not any(i.choosable for i in window.felt.items_shown().values())


def test_a_sleeve_card_dragged_to_the_players_row_is_played(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    panel = _tarot_challenge(qtbot, window)
    _hand_to(window, "alex")
    sage = _sleeve_card(window, "Sage of Serpent")
    view = window.felt
    item = view.item(str(sage))
    row = view.zone(str(PLAYER_ROW))
    assert item is not None and row is not None
    view.fit_table()
    drag(qtbot, view, item.sceneBoundingRect().center(), row.sceneBoundingRect().center())
    assert panel.player_cards.captions() == ["Sage of Serpent ↺"]
    log = window.document.session.log[-1].public
    assert log.startswith("Ottilie Marchbank played from the sleeve the Sage of Serpent, reversed")


def _conflict_prompt(qtbot: QtBot, window: MainWindow) -> tuple[ConflictPanel, HandList]:
    """Bea, on whose turn the demo begins, takes the computer and asks for Bartholomew's
    Challenge card."""
    _hand_to(window, "bea")
    panel = _panel(window, ConflictPanel)
    panel.challenger.setCurrentIndex(panel.challenger.findData(BART))
    panel.goal_edit.setText("Reach the lighthouse first")
    panel.challenge.click()
    assert panel.picker.isVisibleTo(panel)
    hand = window.hand.hand_lists()[QUINCE_HAND]
    return panel, hand


def test_a_challenge_card_clicked_in_the_hand_is_laid_face_down(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    panel, hand = _conflict_prompt(qtbot, window)
    session = window.document.session
    cards = hand.cards()
    assert len(cards) == 5
    # Every card of Bartholomew's hand is lit while the prompt waits, and says so.
    assert hand.lit_cards() == cards
    assert "Click to choose this card" in hand.item(2).toolTip()
    assert panel.picker.prompt.text().endswith(BY_THE_CARDS)
    # Each lit card wears a ring round its picture, as on the felt.
    picture = hand.item(2).icon().pixmap(hand.iconSize()).toImage()
    assert picture.pixelColor(2, picture.height() // 2).name() == CHOOSABLE_RING.name()
    chosen = CardId(cards[2])
    _click_in_hand(qtbot, hand, chosen)
    assert session.table.pile(QUINCE_ZONE).cards == [chosen]
    assert not session.table.facing[chosen].face_up
    assert session.log[-1].public.startswith("Bartholomew Quince challenged")
    assert panel.picker.isHidden()
    # The prompt is over: nothing lit, and a click is an ordinary one again.
    assert window.hand.hand_lists()[QUINCE_HAND].lit_cards() == []


def test_the_text_list_still_chooses_from_the_keyboard(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    panel, hand = _conflict_prompt(qtbot, window)
    first = hand.cards()[0]
    panel.picker.cards.setFocus()
    qtbot.keyClick(panel.picker.cards, Qt.Key.Key_Return)
    assert window.document.session.table.pile(QUINCE_ZONE).cards == [first]


def test_enter_on_a_lit_card_in_the_hand_lays_it_for_the_prompt(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    _, hand = _conflict_prompt(qtbot, window)
    card = hand.cards()[1]
    hand.setFocus()
    hand.setCurrentRow(1)
    qtbot.keyClick(hand, Qt.Key.Key_Return)
    session = window.document.session
    # Laid face down as the Challenge, not played face up onto the open table.
    assert session.table.pile(QUINCE_ZONE).cards == [card]
    assert not session.table.facing[CardId(card)].face_up


def test_a_card_dragged_from_the_hand_to_the_characters_zone_is_the_challenge(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    _, hand = _conflict_prompt(qtbot, window)
    card = hand.cards()[3]
    view = window.felt
    zone = view.zone(str(QUINCE_ZONE))
    assert zone is not None
    view.centerOn(zone)
    where = view.mapFromScene(zone.sceneBoundingRect().center())
    data = hand.mimeData([hand.item(3)])
    move, none = Qt.DropAction.MoveAction, Qt.KeyboardModifier.NoModifier
    for event in (
        QtGui.QDragEnterEvent(where, move, data, LEFT, none),
        QtGui.QDragMoveEvent(where, move, data, LEFT, none),
        QtGui.QDropEvent(QtCore.QPointF(where), move, data, LEFT, none),
    ):
        QtWidgets.QApplication.sendEvent(view.viewport(), event)
    session = window.document.session
    assert session.table.pile(QUINCE_ZONE).cards == [CardId(card)]
    assert session.log[-1].public.startswith("Bartholomew Quince challenged")


def test_a_prompt_lights_nothing_at_another_seat(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _conflict_prompt(qtbot, window)
    take_seat(window.document.session, "Dana")
    assert all(not hand.lit_cards() for hand in window.hand.hand_lists().values())
    assert window.felt.choice.choosable() == frozenset()


def test_an_identify_claim_is_made_by_clicking_the_card_in_the_hand(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    session = window.document.session
    assert window.document.apply(adventure_steps.start_identify("dana", "a shape in the fog"))
    _hand_to(window, "bea")
    play = _panel(window, AdventurePlayPanel)
    play.claimer.setCurrentIndex(play.claimer.findData(BART))
    play.claim_what.setText("a kraken")
    play.claim.click()
    hand = window.hand.hand_lists()[QUINCE_HAND]
    assert hand.lit_cards() == hand.cards()
    card = CardId(hand.cards()[0])
    _click_in_hand(qtbot, hand, card)
    assert session.table.pile(PileId(IDENTIFY_PILE)).cards[-1] == card
    assert session.table.facing[card].face_up
    assert hand.lit_cards() == []


def test_enter_on_a_lit_sleeve_card_on_the_felt_plays_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    panel = _tarot_challenge(qtbot, window)
    _hand_to(window, "alex")
    triumph = _sleeve_card(window, "Triumph XIV")
    view = window.felt
    item = view.item(str(triumph))
    assert item is not None and item.choosable
    view.setFocus()
    view.focus_on(item)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert panel.player_cards.captions() == ["Triumph XIV"]
