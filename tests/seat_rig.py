"""Tables for the seat-authority tests: the issue's three-seat Fantastical Adventure, the same
table with all five systems, and the real main window around either.

Import as ``from seat_rig import ...`` (pytest puts ``tests/`` on the path).

Gina is the GM and plays the Ogre (an antagonist); Bob plays Brann, Alice plays Mira. The
five-system table adds Bob's Tourist Pip (the tourist's tarot), Alice's Rook (crisis dice),
Gina's Warden (the pool Challenge) and Alice's Kaede (Banzai dice).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adventure_table_rig import give, sheet
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot

from cardtable.cards import Suit
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.session import ConfirmSeat, EditSheet, PassSeat, PlayerId, Session, save
from cardtable.session.new_session import CharacterPlan, NewSessionPlan, PlayerPlan, build_session
from cardtable.settings import Settings
from cardtable.sheets.adventure import Role
from cardtable.ui.qt import Qt, QtCore
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

GINA, BOB, ALICE = PlayerId("gina"), PlayerId("bob"), PlayerId("alice")
NAMES = {GINA: "Gina", BOB: "Bob", ALICE: "Alice"}
OGRE, BRANN, MIRA = "ogre", "brann", "mira"
HAND = {c: PileId(f"hand/{c}") for c in (OGRE, BRANN, MIRA)}
ZONE = {c: PileId(f"zone/{c}") for c in (OGRE, BRANN, MIRA)}
SHOE, SHOE_DISCARD = PileId("shoe/draw"), PileId("shoe/discard")
TAROT_DRAW, CHALLENGE = PileId("tarot/draw"), PileId("challenge")
PIP, ROOK, WARDEN, KAEDE = "tourist-pip", "rook", "warden", "kaede"

_PLAYERS = (PlayerPlan("Gina", "#8e44ad", gm=True), PlayerPlan("Bob", "#2980b9"),
            PlayerPlan("Alice", "#c0392b"))
_ADVENTURERS = (CharacterPlan("Ogre", "Gina", "adventure"),
                CharacterPlan("Brann", "Bob", "adventure"),
                CharacterPlan("Mira", "Alice", "adventure"))
_OTHERS = (CharacterPlan("Tourist Pip", "Bob", "tarot"), CharacterPlan("Rook", "Alice", "crisis"),
           CharacterPlan("Warden", "Gina", "pool"), CharacterPlan("Kaede", "Alice", "banzai"))
#: Strong and Weak suits, so the three can play a Conflict.
_SUITS = {OGRE: (Suit.CLUBS, Suit.HEARTS, Role.ANTAGONIST), BRANN: (Suit.SPADES, Suit.DIAMONDS,
          Role.PROTAGONIST), MIRA: (Suit.HEARTS, Suit.CLUBS, Role.PROTAGONIST)}


def three_seats(seed: int = 3, *, five_systems: bool = False,
                hands: dict[str, Sequence[str]] | None = None) -> Session:
    """The issue's table, Gina holding the computer, each hand dealt ``hands`` (card codes)."""
    systems = ("tarot", "crisis", "pool", "adventure", "banzai") if five_systems else ("adventure",)
    characters = _ADVENTURERS + (_OTHERS if five_systems else ())
    session = build_session(NewSessionPlan(systems=systems, players=_PLAYERS,
                                           characters=characters), seeded(seed))
    for character, (strong, weak, role) in _SUITS.items():
        name = session.state.character(character).name  # type: ignore[arg-type]
        session.apply(EditSheet(character, sheet(name, strong, weak, role)))  # type: ignore[arg-type]
    for character, codes in (hands or {}).items():
        give(session, character, codes)
    return session


def take_seat(session: Session, player: PlayerId) -> None:
    """Pass the computer to ``player``, who lifts the curtain (model calls: for set-up)."""
    seat = [p.id for p in session.players].index(player)
    session.apply(PassSeat(seat))
    session.apply(ConfirmSeat(player))


def table_window(qtbot: QtBot, tmp_path: Path, session: Session,
                 settings: Settings | None = None) -> MainWindow:
    """The main window as the app opens ``session`` (saved first), panels and all, at 1280x800."""
    path = tmp_path / "three-seats.cardtable"
    save(session, path)
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(  # type: ignore[attr-defined]
        window, settings or Settings(), store=lambda settings, folder: None)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: bool(window.setup.docks), timeout=10_000)  # type: ignore[attr-defined]
    take_the_computer(qtbot, window)  # whoever held it when it was saved
    return window


def pass_to(qtbot: QtBot, window: MainWindow, player: PlayerId) -> None:
    """Seat > Pass the computer to > ``player``; the curtain comes up; they click "I am ..."."""
    session = window.document.session
    menu = window.pass_menu
    menu.aboutToShow.emit()  # what opening the menu does: it lists the players
    entry = next(a for a in menu.actions() if a.text().startswith(NAMES[player]))
    entry.trigger()
    assert session.curtain == player, f"the curtain waits for {session.curtain}"
    confirm = window.curtain.confirm
    assert confirm.text() == f"I am {NAMES[player]}"
    qtbot.mouseClick(confirm, Qt.MouseButton.LeftButton)
    assert session.curtain is None and session.holder == player
    # The window lays its parts out again once back in its event loop.
    viewport = window.felt.viewport()
    qtbot.waitUntil(lambda: viewport.width() > 400 and viewport.height() > 300)


def scene_point(window: MainWindow, card: str) -> QtCore.QPoint:
    """Where ``card``'s item lies in the felt's viewport."""
    item = window.felt.item(card)
    assert item is not None, card
    return window.felt.mapFromScene(item.scenePos())
