"""Resolvers in a session: starting one, running its steps, taking it off the table.

The session knows no rules: a :class:`ResolverStep` runs a resolver's own function on the
game state, as one undoable, logged action (re-exported by :mod:`cardtable.session.actions`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from attrs import field, frozen

from cardtable.session.authority import ANYONE, DeciderRule, decider_in
from cardtable.session.core import Action, Changes, Performed, Session, StepFunction
from cardtable.session.log import Event
from cardtable.session.model import GameState, PlayerId, SessionError
from cardtable.session.registry import resolver_kind


def _events(items: Iterable[Event | str]) -> list[Event]:
    return [item if isinstance(item, Event) else Event.said(item) for item in items]


def _texts(items: Iterable[Event | str]) -> tuple[Event | str, ...]:
    # A function, not the builtin tuple: attrs reads a converter's signature, and a
    # builtin's is text that Python parses with tokenize, on the way to the first window.
    return tuple(items)


def _check_resolvers(state: GameState) -> None:
    for value in state.resolvers.values():
        resolver_kind(value)


@frozen
class StartResolver(Action):
    """Put a resolver's state on the table under ``resolver_id``."""

    resolver_id: str
    state: object
    text: str = ""
    decider: DeciderRule = ANYONE

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return decider_in(self.decider, session.state).refusal(session.state, who)

    def perform(self, session: Session) -> Performed:
        if self.resolver_id in session.resolvers:
            raise SessionError(f"A resolver called {self.resolver_id!r} is already in progress.")
        resolver_kind(self.state)
        session.state.resolvers[self.resolver_id] = self.state
        text = self.text or f"{session.actor_name} began {self.resolver_id}"
        return Performed((Event.said(text),), Changes.RESOLVER)


@frozen
class EndResolver(Action):
    """Take a finished (or abandoned) resolver off the table."""

    resolver_id: str
    text: str = ""
    decider: DeciderRule = ANYONE

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return decider_in(self.decider, session.state).refusal(session.state, who)

    def perform(self, session: Session) -> Performed:
        if session.resolvers.pop(self.resolver_id, None) is None:
            raise SessionError(f"No resolver called {self.resolver_id!r} is in progress.")
        text = self.text or f"{session.actor_name} closed {self.resolver_id}"
        return Performed((Event.said(text),), Changes.RESOLVER)


@frozen
class ResolverStep(Action):
    """One step of a resolver, given as a function the session runs on its state.

    The session knows nothing of the rules: ``step(state, rng)`` changes what it must and
    returns its log lines; ``texts`` are logged after them. ``checkpoint`` (a reason) makes
    the step one undo does not cross, e.g. a roll the group agreed not to take back.
    ``decider`` says whose decision the step is (see :class:`Decider`): a character's
    Answer is its controller's alone.
    """

    foreign: ClassVar[bool] = True

    step: StepFunction
    texts: tuple[Event | str, ...] = field(default=(), converter=_texts)
    changes: Changes = Changes.RESOLVER
    checkpoint: str | None = None
    decider: DeciderRule = ANYONE

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return decider_in(self.decider, session.state).refusal(session.state, who)

    def perform(self, session: Session) -> Performed:
        said = self.step(session.state, session.rng)
        events = _events(said or ()) + _events(self.texts)
        _check_resolvers(session.state)
        if not events:
            events = [Event.said(f"{session.actor_name} moved the game on")]
        return Performed(tuple(events), self.changes, self.checkpoint)
