"""What the felt and the hand offer the seat holding the computer: each asked of the model first.

The views never decide who may do what (:mod:`cardtable.session.authority` does). Before
they offer a menu entry, a shortcut, a drag or a drop, they ask
:meth:`~cardtable.session.Session.may`; a refused entry is greyed out with the reason as its
tooltip (:func:`offer`), a card the seat may not move does not even lift
(:func:`pick_up_refusal`, :class:`CardLock`), and a pile that would refuse a drop is lit as refusing
(:class:`DropPermits`, asked once per pile per drag, not at every move of the mouse).

Before an action shows the table a card it has not seen (a flip, a card played face up, a
face-down card dropped on a discard pile), :func:`confirmed` asks the player, when the "ask
before revealing" setting is on: :func:`cardtable.session.reveals.cards_revealed` says which.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.session import Action, Move, Session
from cardtable.session.actions import move_refusal
from cardtable.session.reveals import cards_revealed
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem

#: Asked with how many cards an action would show the table; True goes ahead.
ConfirmReveal = Callable[[int], bool]


def offer(action: QtGui.QAction, refusal: str | None, tip: str) -> None:
    """Enable ``action`` with its usual ``tip``, or grey it out with ``refusal`` as its tip."""
    action.setEnabled(refusal is None)
    text = tip if refusal is None else refusal
    if action.toolTip() != text:
        action.setToolTip(text)
        action.setStatusTip(text)


def first_refusal(session: Session, actions: Iterable[Action]) -> str | None:
    """The first reason the seat holding the computer may not take one of ``actions``."""
    for action in actions:
        if (reason := session.may(action)) is not None:
            return reason
    return None


def pick_up_refusal(session: Session, cards: Sequence[str]) -> str | None:
    """Why the seat holding the computer may not move ``cards`` at all, or None.

    Asked as a move onto the pile each card lies in: only the cards themselves are in
    question, whoever's place that pile is.
    """
    table = session.table
    by_pile: dict[PileId, list[CardId]] = {}
    for card in cards:
        if CardId(card) in table.cards:
            by_pile.setdefault(table.where(CardId(card)), []).append(CardId(card))
    return first_refusal(session, (Move(tuple(group), pile) for pile, group in by_pile.items()))


def confirmed(session: Session, actions: Iterable[Action], ask: ConfirmReveal | None) -> bool:
    """Whether to go on with ``actions``: they show the table no hidden card, or the player
    said yes when asked once for them all (``ask`` None: nobody asks)."""
    if ask is None:
        return True
    shown = {card for action in actions for card in cards_revealed(session.state, action)}
    return not shown or ask(len(shown))


class DropPermits:
    """Which piles take the cards being dragged, each pile asked of the model once a drag.

    The answers hold for one set of cards and one state of the table: dragging other cards,
    or any change to the session, starts afresh.
    """

    def __init__(self, document: SessionDocument) -> None:
        self._document = document
        self._cards: list[str] = []
        self._answers: dict[PileId, str | None] = {}
        document.changed_at_once.connect(self.forget)
        document.replaced.connect(self.forget)

    def forget(self, *_args: object) -> None:
        self._answers.clear()

    def refusal(self, cards: list[str], pile: PileId, face_up: bool | None = None) -> str | None:
        """Why ``cards`` may not be dropped onto ``pile`` now, or None."""
        if cards != self._cards:
            self._cards = list(cards)
            self._answers.clear()
        if pile in self._answers:
            return self._answers[pile]
        session = self._document.session
        ids = tuple(CardId(c) for c in cards)
        reason = None
        if pile in session.table.piles:
            reason = move_refusal(session.state, ids, pile)
        if reason is None:
            reason = session.may(Move(ids, pile, face_up=face_up))
        self._answers[pile] = reason
        return reason


class CardLock:
    """A press on cards the seat may not move: they stay down where they lie (not lifted,
    not following the mouse), and the first drag says why in the status bar."""

    def __init__(self, document: SessionDocument) -> None:
        self._document = document
        self._at = QtCore.QPointF()
        #: Why the cards pressed on may not move (None: they may, or it was said already).
        self.reason: str | None = None

    def press(self, item: CardItem, cards: Sequence[str], at: QtCore.QPointF) -> bool:
        """Asked once, as ``item`` (carrying ``cards``) is pressed at ``at``: True when the
        seat may move them."""
        self.reason = pick_up_refusal(self._document.session, cards)
        self._at = at
        if self.reason is not None:
            item.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable, False)
            item.set_lifted(False)
        return self.reason is None

    def moved(self, at: QtCore.QPointF) -> None:
        """The mouse moved with the button down: say why once it is plainly a drag."""
        if self.reason is not None and (
            (at - self._at).manhattanLength() >= QtWidgets.QApplication.startDragDistance()
        ):
            self._document.refused.emit(self.reason)
            self.reason = None

    def release(self, item: CardItem) -> None:
        item.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
        self.reason = None
