"""Choosing cards by the cards: a panel's prompt ("choose the card Bartholomew lays as the
Challenge") takes a card the player clicks in their hand or on the felt, or drags to its place.

A panel that asks for a card offers a :class:`CardPrompt` to the document's
:class:`CardChoice` (one per document: :func:`card_choice`); the hand dock and the felt light
the cards it takes and hand it a click or a drop. The prompt belongs to one player: its cards
are lit only while that player holds the computer (and no curtain is up), and a click at
another seat is refused with the model's own reason (:meth:`~cardtable.session.Session.may`
of the action the card would lead to), in the status bar. The panel's list of cards stays,
for the keyboard.

The hub decides no rule: the panel's ``take`` runs the same step as its list would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from attrs import field, frozen

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.session import Action, PlayerId
from cardtable.session.authority import name_of
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtCore


def _card_set(cards: Iterable[CardId]) -> frozenset[CardId]:
    # A function, not the builtin frozenset: attrs reads a converter's signature, and a
    # builtin's is text that Python parses with tokenize, on the way to the first window.
    return frozenset(cards)


@frozen
class CardPrompt:
    """Cards a panel waits for: ``cards`` (any one of them), ``player``'s to choose.

    ``take(card)`` hands the panel the card chosen; ``probe(card)`` is the action the card
    would lead to, asked of the model before ``take`` (None: nothing to ask);
    ``place`` is where a card dragged there counts as chosen (the character's zone...);
    ``words`` is the prompt as the panel says it.
    """

    asker: str
    player: PlayerId
    cards: frozenset[CardId] = field(converter=_card_set)
    take: Callable[[CardId], object] = field(eq=False)
    probe: Callable[[CardId], Action | None] = field(eq=False, default=lambda _card: None)
    place: PileId | None = None
    words: str = ""


class CardChoice(QtCore.QObject):
    """The prompts waiting for a card now, for the views that show the cards."""

    #: Emitted when the cards that may be chosen now change (a prompt, the seat, the curtain).
    changed = QtCore.Signal()

    def __init__(self, document: SessionDocument) -> None:
        super().__init__(document)
        self._document = document
        self._prompts: dict[str, CardPrompt] = {}
        self._lit: frozenset[str] = frozenset()
        document.changed_at_once.connect(lambda _flags: self._tell())
        document.replaced.connect(self.clear)

    # -- the panels ------------------------------------------------------------------------

    def offer(self, prompt: CardPrompt) -> None:
        """Wait for one of ``prompt.cards`` (in place of what ``prompt.asker`` offered)."""
        if self._prompts.get(prompt.asker) == prompt:
            return
        self._prompts[prompt.asker] = prompt
        self._tell()

    def withdraw(self, asker: str) -> None:
        """``asker`` waits for no card any more."""
        if self._prompts.pop(asker, None) is not None:
            self._tell()

    def clear(self) -> None:
        self._prompts.clear()
        self._tell()

    # -- the views -------------------------------------------------------------------------

    def prompt_for(self, card: str) -> CardPrompt | None:
        """The prompt that takes ``card``, if one does."""
        return next((p for p in self._prompts.values() if CardId(card) in p.cards), None)

    def choosable(self) -> frozenset[str]:
        """The cards to light now: those of the prompts of the player holding the computer."""
        session = self._document.session
        if session.curtain is not None or session.holder is None:
            return frozenset()
        return frozenset(
            str(card)
            for p in self._prompts.values()
            if p.player == session.holder
            for card in p.cards
        )

    def refusal(self, card: str) -> str | None:
        """Why the seat holding the computer may not choose ``card`` for its prompt, or None."""
        prompt = self.prompt_for(card)
        if prompt is None:
            return "No prompt is waiting for that card."
        session = self._document.session
        if session.curtain is not None:
            waiting = name_of(session.state, session.curtain)
            return f"The curtain is up until {waiting} takes the computer."
        probe = prompt.probe(CardId(card))
        reason = session.may(probe) if probe is not None else None
        if reason is None and session.holder is not None and session.holder != prompt.player:
            owner = name_of(session.state, prompt.player)
            reason = f"That card is {owner}'s to choose: pass the computer to {owner}."
        return reason

    def choose(self, card: str) -> bool:
        """A click on ``card``: its prompt takes it, or the status bar says why not. False
        when no prompt waits for it (the click is an ordinary one)."""
        prompt = self.prompt_for(card)
        if prompt is None:
            return False
        reason = self.refusal(card)
        if reason is not None:
            self._document.refused.emit(reason)
            return True
        prompt.take(CardId(card))
        return True

    def takes_drop(self, cards: Iterable[str], pile: PileId | None) -> str | None:
        """The card a drop of ``cards`` onto ``pile`` chooses (one card, dropped on its
        prompt's place), or None: an ordinary move."""
        moving = list(cards)
        if len(moving) != 1 or pile is None:
            return None
        prompt = self.prompt_for(moving[0])
        return moving[0] if prompt is not None and prompt.place == pile else None

    def _tell(self) -> None:
        lit = self.choosable()
        if lit != self._lit:
            self._lit = lit
            self.changed.emit()


def card_choice(document: SessionDocument) -> CardChoice:
    """The document's :class:`CardChoice` (made the first time it is asked for)."""
    found = document.findChild(CardChoice)
    return found if found is not None else CardChoice(document)


__all__ = ["CardChoice", "CardPrompt", "card_choice"]
