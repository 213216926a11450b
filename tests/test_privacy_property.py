"""The privacy property, over random play from random seats in a session of all five systems:
after every step, every card face a seat can see through any channel is one it may see.

Two Hypothesis state machines play the issue's table (:func:`seat_rig.three_seats` with
all five systems). Each step is one thing the app can send: a felt or hand gesture (draw,
move, flip, turn, peek, reveal, shuffle, discard, play), passing the computer (and lifting
the curtain, or not), undo and redo, and resolver steps of each system (a tarot Challenge,
a Fantastical Adventure Conflict, a pool Challenge, a crisis Duel, a Banzai roll), asked for
by whoever holds the computer, so most are refused and some are not.

The oracle is the model's rule (:func:`~cardtable.session.visible_faces`), gathered over time:
a seat has *seen* every face it was ever entitled to see (a log line may name a card its
reader saw earlier, in their hand, and has since played face down); the table has seen every
face ever public.

- :class:`ModelPrivacy` plays many steps quickly, without Qt, and checks the model's
  channels: each seat's log lines, each seat's export, everyone's export (Markdown and the
  lines), the undo and redo labels.
- :class:`WindowPrivacy` plays fewer steps through the real main window (keys, clicks, drags,
  menu actions, the panels' buttons) and checks everything the window shows
  (:func:`screen_privacy.check_screen`): the faces the felt and the hand dock hold (also the
  pictures a drag carries), and every word of every widget, tooltip, action, title and the
  status bar; plus every face the art drew, at the moment it drew it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from pytestqt.qtbot import QtBot
from screen_privacy import check_screen, leaked
from seat_rig import (
    ALICE,
    BOB,
    BRANN,
    CHALLENGE,
    GINA,
    HAND,
    MIRA,
    OGRE,
    PIP,
    SHOE,
    SHOE_DISCARD,
    TAROT_DRAW,
    ZONE,
    pass_to,
    table_window,
    take_seat,
    three_seats,
)
from table_rig import drag

from cardtable.cards import CardFace, CardId
from cardtable.piles import PileId, PileKind
from cardtable.resolvers.adventure.state import Side
from cardtable.resolvers.tarot.challenge import Attribute
from cardtable.session import (
    Action,
    ConfirmSeat,
    Draw,
    Flip,
    Move,
    PassSeat,
    Peek,
    PlayerId,
    Reveal,
    Session,
    Shuffle,
    Turn,
    log_html,
    log_markdown,
    on_screen,
    visible_faces,
)
from cardtable.session.visibility import export_lines, log_text_for, public_cards
from cardtable.steps import tarot as tarot_steps
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as play_steps
from cardtable.ui.art import card_art
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.dice.tray import DiceTray
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.table.hand_dock import HandList
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.table.view import TableView
from cardtable.ui.window.main_window import MainWindow

PLAYERS = (GINA, BOB, ALICE)
ADVENTURERS = (OGRE, BRANN, MIRA)
PILES = (*HAND.values(), *ZONE.values(), SHOE, SHOE_DISCARD, TAROT_DRAW, CHALLENGE, OPEN_TABLE)
#: Card names the panels use as words of the rules ("the chance the Excuse comes"), not as
#: a card shown.
RULE_WORDS = ("The Excuse",)
#: A Conflict's steps, and passing narration on; mostly for the holder's own character.
ADVENTURE = st.sampled_from(["turn", "challenge", "answer", "support", "reveal", "close"])
WHO = st.sampled_from([None, None, None, *ADVENTURERS])
FELT_KEYS = (Qt.Key.Key_F, Qt.Key.Key_R, Qt.Key.Key_P, Qt.Key.Key_V, Qt.Key.Key_S,
             Qt.Key.Key_D, Qt.Key.Key_Delete)


def _fresh(seed: int, seat: int, curtain: bool) -> tuple[Session, Oracle]:
    """The five-system table as dealt, watched from then on: each adventurer's first card
    laid face down in its own zone by its player, and the computer passed to ``seat`` (the
    curtain left up, or lifted)."""
    session = three_seats(seed, five_systems=True)
    oracle = Oracle(session)
    for player, character in zip(PLAYERS, ADVENTURERS, strict=True):
        take_seat(session, player)
        session.apply(Move(session.table.piles[HAND[character]].cards[:1], ZONE[character],
                           face_up=False))
        oracle.update()
    session.apply(PassSeat(seat))
    if not curtain:
        session.apply(ConfirmSeat(session.players[seat].id))
    return session, oracle


def _tarot(kind: str) -> Action:
    if kind == "begin":
        return tarot_steps.begin(PIP, Attribute.ROCK, 2, objective="cross the rope bridge")
    return {"draw": tarot_steps.draw, "stop": tarot_steps.stop,
            "finish": tarot_steps.finish}[kind]()


def _adventure(session: Session, kind: str, who: str | None, pick: int) -> Action:
    """A Conflict's step for ``who`` (None: the character of whoever holds the computer), or
    the holder passing narration on (a Challenge is issued in its player's turn)."""
    if who is None:
        who = ADVENTURERS[[p.id for p in session.players].index(session.holder or GINA)]
    if kind == "turn":
        return play_steps.pass_turn(str(session.holder))
    hand = session.table.piles[HAND[who]].cards
    card = hand[pick % len(hand)] if hand else None
    if kind == "challenge":
        return conflict_steps.issue_challenge(who, "to take the bridge", card)
    if kind == "answer":
        return conflict_steps.answer(who, "to hold the bridge", card)
    if kind == "support":
        return conflict_steps.support(who, Side.ANSWER if pick % 2 else Side.CHALLENGE, card)
    return {"reveal": conflict_steps.reveal, "close": conflict_steps.close}[kind]()


def in_play(session: Session) -> list[CardId]:
    """The cards out of the draw piles, and each draw pile's top card, in table order."""
    cards = []
    for pile in session.table.piles.values():
        cards += pile.cards[-1:] if pile.kind is PileKind.DRAW else pile.cards
    return cards


class Oracle:
    """What each player, and the whole table, has been entitled to see so far."""

    def __init__(self, session: Session) -> None:
        self.session = session
        #: Each card's name, once (a session's cards are the decks on its table).
        self.names = {card: c.face.name.casefold() for card, c in session.table.cards.items()}
        self.seen: dict[PlayerId, set[CardId]] = {p: set() for p in PLAYERS}
        self.public: set[CardId] = set()
        self.update()

    def update(self) -> None:
        session = self.session
        self.public |= public_cards(session.state)
        for seat, player in enumerate(p.id for p in session.players):
            # Entitled whether or not they hold the computer: their hand is theirs to see.
            curtain, session.curtain = session.curtain, None
            self.seen[player] |= visible_faces(session, seat)
            session.curtain = curtain

    def hidden_from(self, cards: Iterable[CardId]) -> set[str]:
        """Names no card of ``cards`` bears (two decks, one name: only those are secrets)."""
        names = self.names
        return set(names.values()) - {names[card] for card in cards}

    def check_model(self) -> None:
        """Every model channel names only cards its reader may have seen."""
        session = self.session
        for seat, player in enumerate(p.id for p in session.players):
            lines = [log_text_for(session, seat, entry) for entry in session.log]
            lines += [text for _, text in export_lines(session, seat)]
            found = leaked(lines, self.hidden_from(self.seen[player]))
            assert not found, f"{player}'s log or export names {found}"
        everyone = [text for _, text in export_lines(session)]
        everyone += [session.undo_label or "", session.redo_label or ""]
        found = leaked(everyone, self.hidden_from(self.public))
        assert not found, f"the table's log, export or undo names {found}"

    def check_files(self) -> None:
        """The exported files themselves (Markdown and HTML), each seat's and everyone's."""
        session = self.session
        for seat, player in enumerate(p.id for p in session.players):
            files = [log_markdown(session, seat), log_html(session, seat)]
            assert not leaked(files, self.hidden_from(self.seen[player]))
        files = [log_markdown(session), log_html(session)]
        assert not leaked(files, self.hidden_from(self.public))


# -- the model alone, many steps ----------------------------------------------------------


class ModelPrivacy(RuleBasedStateMachine):
    """Random actions from whoever holds the computer, straight to the session."""

    session: Session
    oracle: Oracle

    @initialize(seed=st.integers(0, 1000), seat=st.integers(0, 2), curtain=st.booleans())
    def deal(self, seed: int, seat: int, curtain: bool) -> None:
        self.session, self.oracle = _fresh(seed, seat, curtain)

    def _try(self, action: Action) -> None:
        """The player the curtain waits for says "I am ...", then asks for ``action``."""
        if self.session.curtain is not None and not isinstance(action, PassSeat | ConfirmSeat):
            self.session.apply(ConfirmSeat(self.session.curtain))
            self.oracle.update()
        # A refusal changes nothing, and must say nothing private either.
        with contextlib.suppress(ValueError):
            self.session.apply(action)
        self.oracle.update()

    def _card(self, pick: int) -> CardId:
        """A card in play (in a hand, a zone, a discard pile), else a draw pile's top."""
        return in_play(self.session)[pick % len(in_play(self.session))]

    @rule(seat=st.integers(0, 2), confirm=st.booleans())
    def pass_computer(self, seat: int, confirm: bool) -> None:
        self._try(PassSeat(seat))
        if confirm:
            self._try(ConfirmSeat(self.session.players[seat].id))

    @rule(pick=st.integers(0, 400), kind=st.sampled_from(["flip", "turn", "peek", "reveal"]))
    def card_gesture(self, pick: int, kind: str) -> None:
        card = self._card(pick)
        self._try({"flip": Flip, "turn": Turn, "peek": Peek}[kind](card) if kind != "reveal"
                  else Reveal((card,)))

    @rule(pick=st.integers(0, 400), to=st.sampled_from(PILES),
          face_up=st.sampled_from([None, True, False]))
    def move(self, pick: int, to: PileId, face_up: bool | None) -> None:
        if to in self.session.table.piles:
            self._try(Move((self._card(pick),), to, face_up=face_up))

    @rule(source=st.sampled_from(PILES), to=st.sampled_from(PILES), up=st.booleans())
    def draw(self, source: PileId, to: PileId, up: bool) -> None:
        piles = self.session.table.piles
        if source in piles and to in piles and source != to and piles[source].cards:
            self._try(Draw(source, to, face_up=up))

    @rule(pile=st.sampled_from(PILES))
    def shuffle(self, pile: PileId) -> None:
        if pile in self.session.table.piles:
            self._try(Shuffle(pile))

    @rule(back=st.booleans())
    def undo_or_redo(self, back: bool) -> None:
        if self.session.curtain is not None:
            self._try(ConfirmSeat(self.session.curtain))
        with contextlib.suppress(ValueError):
            self.session.undo() if back else self.session.redo()
        self.oracle.update()

    @rule(kind=st.sampled_from(["begin", "draw", "draw", "stop", "finish"]))
    def tarot(self, kind: str) -> None:
        self._try(_tarot(kind))

    @rule(kind=ADVENTURE, who=WHO, pick=st.integers(0, 9))
    def adventure(self, kind: str, who: str | None, pick: int) -> None:
        self._try(_adventure(self.session, kind, who, pick))

    @invariant()
    def nothing_unseen_is_named(self) -> None:
        self.oracle.check_model()

    def teardown(self) -> None:
        self.oracle.check_files()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_no_model_channel_names_a_card_its_reader_may_not_have_seen() -> None:
    run_state_machine_as_test(
        ModelPrivacy,
        settings=settings(max_examples=40, stateful_step_count=50, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow]),
    )


# -- through the real window, fewer steps ---------------------------------------------------


class WindowPrivacy(RuleBasedStateMachine):
    """Random gestures at the real window, from whoever holds the computer."""

    window: MainWindow
    qtbot: QtBot
    painted: list[tuple[CardFace, frozenset[CardFace]]]
    session: Session
    oracle: Oracle

    @initialize(seed=st.integers(0, 1000), seat=st.integers(0, 2), curtain=st.booleans())
    def deal(self, seed: int, seat: int, curtain: bool) -> None:
        self.session, self.oracle = _fresh(seed, seat, curtain)
        self.window.document.replace(self.session)
        self.painted.clear()

    @property
    def felt(self) -> TableView:
        return self.window.felt

    def _seated(self) -> None:
        """The player the curtain waits for clicks "I am ..." (before anything but a pass)."""
        if self.session.curtain is not None:
            self.qtbot.mouseClick(self.window.curtain.confirm, Qt.MouseButton.LeftButton)
            self.oracle.update()

    def _after(self) -> None:
        self.qtbot.wait(1)
        self.oracle.update()

    def _items(self) -> list[str]:
        return sorted(self.felt.items_shown())

    def _hand_rows(self) -> list[HandList]:
        return [row for _, row in sorted(self.window.hand.hand_lists().items())]

    def _focus_card(self, card: str) -> None:
        felt = self.felt
        item = felt.item(card)
        assert item is not None
        felt.scene().clearSelection()
        felt.focus_on(item)
        item.setSelected(True)

    @rule(seat=st.integers(0, 2), confirm=st.booleans())
    def pass_computer(self, seat: int, confirm: bool) -> None:
        player = self.session.players[seat].id
        if confirm:
            pass_to(self.qtbot, self.window, player)
        else:
            self.window.document.apply(PassSeat(seat))  # the curtain stays up a while
        self._after()

    @rule(pick=st.integers(0, 200), key=st.sampled_from(FELT_KEYS))
    def felt_key(self, pick: int, key: Qt.Key) -> None:
        self._seated()
        items = self._items()
        if items:
            self._focus_card(items[pick % len(items)])
            self.qtbot.keyClick(self.felt, key)
        self._after()

    @rule(pick=st.integers(0, 200), to=st.sampled_from(PILES), mouse=st.booleans())
    def move(self, pick: int, to: PileId, mouse: bool) -> None:
        self._seated()
        items = self._items()
        zone = self.felt.zone(to)
        if items:
            card = items[pick % len(items)]
            item = self.felt.item(card)
            if mouse and zone is not None and item is not None and item.isVisible():
                drag(self.qtbot, self.felt, item.scenePos(), zone.sceneBoundingRect().center())
            else:
                self.felt.move_cards([card], to)  # Move to > (the context menu's entry)
        self._after()

    @rule(pick=st.integers(0, 50),
          how=st.sampled_from(["up", "down", "discard", "turn", "give"]))
    def hand(self, pick: int, how: str) -> None:
        self._seated()
        rows = [row for row in self._hand_rows() if row.count()]
        if rows:
            row = rows[pick % len(rows)]
            row.setCurrentRow(pick % row.count())
            shift = Qt.KeyboardModifier.ShiftModifier
            if how == "give":
                others = [h for h in HAND.values() if h != row.pile]
                self.window.hand.move_cards(row.chosen(), others[pick % 2])
            else:
                key, modifiers = {
                    "up": (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
                    "down": (Qt.Key.Key_Return, shift),
                    "discard": (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
                    "turn": (Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier),
                }[how]
                self.qtbot.keyClick(row, key, modifiers)
        self._after()

    @rule(back=st.booleans())
    def undo_or_redo(self, back: bool) -> None:
        self._seated()
        (self.window.undo_action if back else self.window.redo_action).trigger()
        self._after()

    @rule(kind=st.sampled_from(["begin", "draw", "draw", "stop", "finish"]))
    def tarot(self, kind: str) -> None:
        self._seated()
        self.window.document.apply(_tarot(kind))  # the tarot panel's buttons' steps
        self._after()

    @rule(kind=ADVENTURE, who=WHO, pick=st.integers(0, 9))
    def adventure(self, kind: str, who: str | None, pick: int) -> None:
        self._seated()
        self.window.document.apply(_adventure(self.session, kind, who, pick))
        self._after()

    def _panel(self, key: str, kind: type) -> QtWidgets.QWidget:
        found = self.window.setup.docks[key].findChild(kind)
        assert found is not None
        return found

    @rule(kind=st.sampled_from(["start", "round", "clear"]))
    def pool(self, kind: str) -> None:
        self._seated()
        tracker = self._panel("pool", PoolTracker)
        {"start": tracker.start, "round": tracker.next_round, "clear": tracker.clear}[kind]()
        self._after()

    @rule(kind=st.sampled_from(["banzai", "new duel", "duel roll", "clear duel"]))
    def dice(self, kind: str) -> None:
        """The dice tray's Roll (Banzai dice: 7k5 against TN 25), or a crisis Duel's buttons."""
        self._seated()
        if kind == "banzai":
            self._panel("dice", DiceTray).roll()
        else:
            duel = self._panel("dice", DuelView)
            {"new duel": duel.new_duel, "duel roll": duel.roll, "clear duel": duel.clear}[kind]()
        self._after()

    @invariant()
    def nothing_unseen_is_shown(self) -> None:
        session = self.session
        # Paint where faces are painted (a panel draws a face as it refreshes, seen at once).
        self.window.felt.viewport().grab()
        self.window.hand_dock.grab()
        wrong = [face.name for face, allowed in self.painted if face not in allowed]
        assert not wrong, f"drew {wrong} for {session.holder}"
        self.painted.clear()
        holder = session.holder
        seen = self.oracle.public if session.curtain is not None or holder is None else (
            self.oracle.seen[holder])
        check_screen(self.window, seen=seen, static=RULE_WORDS)
        self.oracle.check_model()

    def teardown(self) -> None:
        self.oracle.check_files()


def test_no_channel_of_the_window_shows_a_card_the_seat_may_not_see(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = table_window(qtbot, tmp_path, _fresh(100, 0, False)[0])
    painted: list[tuple[CardFace, frozenset[CardFace]]] = []
    real = card_art.face_pixmap

    def watched(face: CardFace, *args: object, **kwargs: object) -> object:
        session = window.document.session
        painted.append((face, frozenset(session.table.card(c).face for c in on_screen(session))))
        return real(face, *args, **kwargs)

    monkeypatch.setattr(card_art, "face_pixmap", watched)
    # Every reveal is agreed to, so that reveals happen.
    monkeypatch.setattr(QtWidgets.QMessageBox, "question",
                        lambda *args, **kwargs: QtWidgets.QMessageBox.StandardButton.Yes)
    WindowPrivacy.window, WindowPrivacy.qtbot, WindowPrivacy.painted = window, qtbot, painted
    run_state_machine_as_test(
        WindowPrivacy,
        settings=settings(max_examples=8, stateful_step_count=12, deadline=None,
                          suppress_health_check=list(HealthCheck)),
    )
