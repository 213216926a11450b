"""The in-person evening, walked through: Dana, the GM, at the laptop chooses "A TV and
phones"; Alex and Bea play from their phones (two headless Chromiums); the public table shows
the room a Fantastical Adventure Conflict, each face only once it is revealed.

The table is :mod:`phone_rig`'s: Bea (Bartholomew Quince) holds the Queen of Clubs, the 9 of
Spades and the 2 of Hearts; Alex (Isolde Varga) the King of Hearts, the 3 of Diamonds and the
4 of Clubs; Dana (Captain Grimsby) the Ace and the 5 of Spades.
"""

from __future__ import annotations

import concurrent.futures
import re

from adventure_table_rig import BART, GRIMSBY, ISOLDE
from curtain_rig import take_the_computer
from phone_rig import phone_window
from pytestqt.qtbot import QtBot
from screen_privacy import shown_widgets, widget_texts
from test_phones_window import Phone, needs_chromium

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.resolvers.tarot.events import Attribute
from cardtable.session import CharacterId, PlayerId
from cardtable.session.wording import card_words
from cardtable.steps import tarot as tarot_steps
from cardtable.steps.adventure import conflict
from cardtable.ui.public.window import PublicTable
from cardtable.ui.qt import QtWidgets
from cardtable.ui.window.main_window import MainWindow

ALEX, BEA = PlayerId("alex"), PlayerId("bea")
OTTILIE = "ottilie-marchbank"


def _tv(window: MainWindow) -> PublicTable:
    public = window.public_screen.window
    assert public is not None and public.isVisible()
    return public


def _shows(public: PublicTable, card: CardId) -> bool:
    """Whether the public table carries ``card``'s face, or says its name anywhere."""
    public.refresh()
    assert public.view is not None
    name = card_words(public.document.session.state, card, orientation=False)
    words = " ".join(text for w in shown_widgets(public) for text in widget_texts(w))
    # Whole names only: "Triumph I" is not said by "Triumph II".
    named = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    said = bool(named.search(" ".join(public.view.words())) or named.search(words))
    return card in public.view.shown_cards() or said


def _laid(window: MainWindow, character: str) -> CardId:
    [card] = window.document.session.table.pile(PileId(f"zone/{character}")).cards
    return card


@needs_chromium
def test_a_conflict_on_the_tv_with_two_phones_and_the_gm_at_the_laptop(
    qtbot: QtBot, tmp_path
) -> None:
    window = phone_window(qtbot, tmp_path)
    take_the_computer(qtbot, window)  # Dana, the GM
    qtbot.waitUntil(lambda: window.findChild(QtWidgets.QWidget, "phonesStatus") is not None)
    entry = next(a for a in window.table_menu.actions() if a.objectName() == "tvAndPhonesAction")
    entry.trigger()
    service = window.phones
    assert service.running
    public = _tv(window)
    session = window.document.session
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    alex = Phone(qtbot, pool, service.url(ALEX))
    bea = Phone(qtbot, pool, service.url(BEA))
    try:
        alex.wait_for("Issue a Challenge as Isolde Varga")
        bea.wait_for("Issue a Challenge as Bartholomew Quince")
        # Alex challenges from his phone, the King of Hearts face down.
        alex.click_card("the King of Hearts")
        alex.type_into("Your goal", "to reach the lighthouse first")
        alex.press("Challenge, card face down")
        bea.wait_for("Answer as Bartholomew Quince")
        king = _laid(window, ISOLDE)
        qtbot.waitUntil(lambda: "lighthouse" in " ".join(_tv(window).view.words()), timeout=2000)
        assert not _shows(public, king)
        # Bea answers from hers, the 2 of Hearts face down, and peeks at it on her phone.
        bea.click_card("the 2 of Hearts")
        bea.type_into("Your intent", "to lure Isolde onto the rocks")
        bea.press("Answer, card face down")
        qtbot.waitUntil(lambda: len(session.table.pile(PileId(f"zone/{BART}")).cards) == 1)
        two = _laid(window, BART)
        bea.press("Peek")
        bea.wait_for("the 2 of Hearts")
        assert not _shows(public, king) and not _shows(public, two)
        # Dana's Captain Grimsby supports the Challenge at the laptop, face down.
        ace = session.table.pile(PileId(f"hand/{GRIMSBY}")).cards[0]
        refused: list[str] = []
        window.document.refused.connect(refused.append)
        assert window.document.apply(conflict.support(GRIMSBY, conflict.Side.CHALLENGE, ace)), (
            refused
        )
        for card in (king, two, ace):
            assert not _shows(public, card)
        assert not any("2 of Hearts" in frame for frame in alex.received())
        # The reveal: the room sees all three at once, on the TV, without a refresh asked for.
        assert window.document.apply(conflict.reveal())
        public_view = public.view
        qtbot.waitUntil(lambda: public.view is not public_view, timeout=2000)
        assert public.view is not None
        assert {king, two, ace} <= public.view.shown_cards()
        assert all(_shows(public, card) for card in (king, two, ace))
        game = conflict.find_game(session.state)
        assert game is not None and game.conflict is not None
        assert game.conflict.phase.value == "showdown" and game.conflict.to_move is not None
        mover = game.conflict.side(game.conflict.to_move).primary
        phone = {ISOLDE: alex, BART: bea}[mover]
        phone.wait_for("Yield or Push")
        phone.press("Yield")
        qtbot.waitUntil(lambda: game.conflict.phase.value == "over", timeout=10_000)
        qtbot.waitUntil(lambda: "yield" in " ".join(public.view.words()).lower(), timeout=2000)
        assert session.holder == "dana"  # the laptop stayed with the GM throughout
    finally:
        alex.quit()
        bea.quit()
        pool.shutdown()
        service.stop()
        window.public_screen.close()


@needs_chromium
def test_a_tarot_challenge_on_the_tv_drawn_from_a_phone(qtbot: QtBot, tmp_path) -> None:
    # Alex plays Ottilie Marchbank's tarot Challenge from his phone; the room sees each card
    # as it is drawn, and no card of the draw pile before.
    window = phone_window(qtbot, tmp_path)
    take_the_computer(qtbot, window)  # Dana, the GM
    qtbot.waitUntil(lambda: window.findChild(QtWidgets.QWidget, "phonesStatus") is not None)
    entry = next(a for a in window.table_menu.actions() if a.objectName() == "tvAndPhonesAction")
    entry.trigger()
    service = window.phones
    public = _tv(window)
    session = window.document.session
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    alex = Phone(qtbot, pool, service.url(ALEX))
    try:
        assert window.document.apply(tarot_steps.begin(CharacterId(OTTILIE), Attribute.ROCK, 2))
        challenge = session.table.pile(PileId("tarot/challenge")).cards
        assert challenge and all(_shows(public, card) for card in challenge)
        unseen = list(session.table.pile(PileId("tarot/draw")).cards)
        assert [c for c in unseen if _shows(public, c)] == []
        alex.wait_for("Ottilie Marchbank's tarot Challenge: draw, stop or concede")
        alex.press("Draw")
        row = PileId("tarot/player")
        qtbot.waitUntil(lambda: len(session.table.pile(row).cards) == 1, timeout=10_000)
        [drawn] = session.table.pile(row).cards
        qtbot.waitUntil(lambda: _shows(public, drawn), timeout=2000)
        still = [c for c in session.table.pile(PileId("tarot/draw")).cards if c != drawn]
        assert not any(_shows(public, card) for card in still)
        assert session.holder == "dana" and session.curtain is None
    finally:
        alex.quit()
        pool.shutdown()
        service.stop()
        window.public_screen.close()
