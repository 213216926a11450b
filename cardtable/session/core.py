"""The session: game state, who holds the computer, the curtain, the log, undo and redo.

Every change is an action (:mod:`cardtable.session.actions`) given to :meth:`Session.apply`,
which returns :class:`Changes` flags so each view refreshes only for what concerns it
(Anki's ``OpChanges``). An action that fails changes nothing.

Undo keeps a copy of the :class:`~cardtable.session.model.GameState` from before each
undoable action; redo keeps the state from after it. The log is history and is not undone:
undo and redo write "Alex undid: ..." lines. Seat passes and notes are not undoable (undo
must never lower a curtain).

Undo never gives anyone a second go at chance, nor a look at what chance will give:

- Showing the table a face it had not seen is a **checkpoint**: nothing before it can be
  undone, because undo cannot make the room forget a card (:attr:`Session.undo_blocked_reason`
  says so).
- An action that took chance (a draw, a shuffle, a roll: the session's :class:`Chance` says
  whether it was asked, :attr:`~cardtable.piles.Table.dealt` whether a shuffled card was
  dealt) is a checkpoint too, unless its result showed nobody anything (a shuffle, a card
  dealt face down: :attr:`Performed.unseen`) and nobody has been shown it since (a peek, a
  private line). What chance gave stays given; a mistake is corrected in the open
  (:mod:`cardtable.session.corrections`).
- Such an unseen action, undone, is not redone: redo would replay its chance.
- The randomness itself is never saved nor restored; every restore (undo, redo) deals each
  pile's unseen shuffled part afresh (:meth:`~cardtable.piles.Table.redeal`), so no state
  anyone has had decides a later draw.

>>> from cardtable.randomness import seeded
>>> from cardtable.session.actions import AddPlayer, Note
>>> session = Session(rng=seeded(1))
>>> changes = session.apply(AddPlayer(Player.named("Alex")))
>>> bool(changes & Changes.PLAYERS), session.current_player.name
(True, 'Alex')
>>> _ = session.undo()
>>> session.players, session.log[-1].public
([], 'Alex undid: Alex joined the table')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any, ClassVar

from attrs import frozen

from cardtable.cards import CardId
from cardtable.piles import Pile, PileId, PileKind, Table
from cardtable.randomness import Chance, Rng, from_os
from cardtable.session.audience import Sighting, held_cards, is_public
from cardtable.session.authority import AuthorityError, gm_of, is_gm, name_of
from cardtable.session.log import Event, LogEntry, SessionLog
from cardtable.session.model import (
    Character,
    CharacterId,
    CurtainError,
    DeckOnTable,
    GameState,
    OptionValue,
    Player,
    PlayerId,
    Seat,
    UndoError,
)

#: A resolver step: changes the game state (table, resolvers, sheets) with the session's
#: randomness and returns what to log (strings are public; :class:`Event` may be private).
StepFunction = Callable[[GameState, Rng], Iterable[Event | str] | None]

#: How many actions undo reaches back, at most.
UNDO_DEPTH = 200


class Changes(enum.Flag):
    """What an action changed, for views to decide whether to repaint."""

    NONE = 0
    TABLE = enum.auto()  # piles, where cards lie, how they lie, decks, peeks
    HAND = enum.auto()  # the contents of some hand
    LOG = enum.auto()
    SHEET = enum.auto()
    TOKENS = enum.auto()  # Applause and Author tokens (declared by resolver steps)
    SEAT = enum.auto()  # who holds the computer, the curtain
    RESOLVER = enum.auto()
    PLAYERS = enum.auto()  # players and characters joining
    SCENE = enum.auto()
    OPTIONS = enum.auto()
    UNDO = enum.auto()  # what undo and redo offer


@frozen
class Performed:
    """What an action reports: its log events, the changes it declares beyond those the
    session sees for itself, and a checkpoint reason when it must not be undone.

    The session sees for itself whether an action took chance: whether it asked the
    session's randomness, or dealt a card from a shuffled pile's unseen part. ``unseen``
    says that whatever chance the action took showed nobody anything (a shuffle, a card
    dealt face down): it may then be undone (not redone); otherwise an action that took
    chance is a checkpoint.
    """

    events: tuple[Event, ...] = ()
    changes: Changes = Changes.NONE
    checkpoint: str | None = None
    unseen: bool = False


class Action:
    """What :meth:`Session.apply` runs; the actions are in :mod:`cardtable.session.actions`."""

    #: False for actions that never touch the game state (seat passes, notes).
    undoable: ClassVar[bool] = True
    #: True for the few actions allowed while the curtain is up.
    behind_curtain: ClassVar[bool] = False
    #: True for actions running code the session does not know (resolver steps): the
    #: session then checks afterwards that every card is still in exactly one pile.
    foreign: ClassVar[bool] = False

    def perform(self, session: Session) -> Performed:
        """Change ``session`` and say what happened; raise (changing nothing) to refuse."""
        raise NotImplementedError

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        """Why the player ``who`` may not ask for this action now (see
        :mod:`cardtable.session.authority`), or None. Asked before :meth:`perform`."""
        return None


@frozen
class _Step:
    """One undoable action: its log entries, the game state on the other side of it, who
    asked for it (only they, or the GM for a public one, may undo it), and whether it took
    chance (then, undone, it is not redone)."""

    entries: tuple[LogEntry, ...]
    state: GameState
    actor: PlayerId | None = None
    chance: bool = False

    @property
    def public(self) -> bool:
        """No seat learnt anything private by it (a face-down card no one has seen is public)."""
        return all(entry.private is None or entry.owner is None for entry in self.entries)

    @property
    def label(self) -> str:
        return self.entries[0].public if self.entries else "a change"


@frozen
class DrawMade:
    """The last draw the session made, for the GM to take back if it was a mistake
    (:class:`~cardtable.session.corrections.TakeBack`): who drew, which cards, from which
    pile to which. Kept for the evening, not saved."""

    actor: PlayerId | None
    cards: tuple[CardId, ...]
    source: PileId
    to: PileId


def _now() -> datetime:
    return datetime.now().astimezone()


Listener = Callable[[Changes], None]


class Session:
    """A group's evening at the table.

    ``rng`` is the session's one source of randomness (draws, shuffles, resolvers), the
    operating system's by default; ``clock`` stamps log entries. Both are given, never taken
    from globals, so a test is exact. :attr:`rng` is kept in a :class:`Chance`, which tells
    the session which actions took chance.
    """

    def __init__(
        self,
        state: GameState | None = None,
        *,
        rng: Rng | None = None,
        clock: Callable[[], datetime] | None = None,
        holder: PlayerId | None = None,
        curtain: PlayerId | None = None,
        log: SessionLog | None = None,
    ) -> None:
        self.state = state if state is not None else GameState()
        self._chance = Chance(rng if rng is not None else from_os())
        self.clock = clock or _now
        self.holder = holder
        self.curtain = curtain
        self.log = log if log is not None else SessionLog()
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._barrier: str | None = None
        self._no_redo: str | None = None
        #: The last draw made, until it is taken back or another is made.
        self.last_draw: DrawMade | None = None
        self._listeners: list[Listener] = []
        self._held_back: list[Changes] | None = None
        #: While the listeners hear of a change: the piles it changed, when the change was
        #: one action (or its undo, or redo) heard by itself; None: any pile may have.
        self.piles_changed: frozenset[PileId] | None = None
        self._notifying = False

    # -- reading --------------------------------------------------------------------------

    @property
    def rng(self) -> Rng:
        """The session's randomness (every draw, shuffle and roll takes it from here)."""
        return self._chance

    @rng.setter
    def rng(self, source: Rng) -> None:
        self._chance = Chance(source)

    @property
    def players(self) -> list[Player]:
        return self.state.players

    @property
    def characters(self) -> dict[CharacterId, Character]:
        return self.state.characters

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def decks(self) -> list[DeckOnTable]:
        return self.state.decks

    @property
    def resolvers(self) -> dict[str, Any]:
        return self.state.resolvers

    @property
    def scene(self) -> int:
        return self.state.scene

    @property
    def options(self) -> dict[str, OptionValue]:
        return self.state.options

    @property
    def current_seat(self) -> Seat | None:
        """The seat holding the computer (None before anyone has joined)."""
        return None if self.holder is None else self.state.seat_of(self.holder)

    @property
    def current_player(self) -> Player | None:
        return None if self.holder is None else self.state.player(self.holder)

    @property
    def actor_name(self) -> str:
        """Who the log says did what is being done now."""
        player = self.current_player
        return player.name if player is not None else "Someone"

    def characters_of(self, player: PlayerId) -> list[Character]:
        return [c for c in self.state.characters.values() if c.player == player]

    # -- listening ------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(changes)`` after every change; returns a function that stops it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, changes: Changes, piles: frozenset[PileId] | None = None) -> None:
        if self._held_back is not None:
            self._held_back.append(changes)
            return
        # A change made while the listeners hear of another is told as a change of any pile:
        # a listener may hear of it before it hears of the first.
        nested, self._notifying = self._notifying, True
        self.piles_changed = None if nested else piles
        try:
            for listener in list(self._listeners):
                listener(changes)
        finally:
            self._notifying = nested
            self.piles_changed = None

    # -- changing -------------------------------------------------------------------------

    def may(self, action: Action) -> str | None:
        """Why the seat holding the computer may not ask for ``action`` now, or None.

        The views ask before they offer an action (a menu entry greyed out with this reason
        as its tooltip); :meth:`apply` asks again and refuses with :class:`AuthorityError`.
        """
        if self.curtain is not None and not action.behind_curtain:
            return self._curtain_error().args[0]
        if self.holder is None:
            return None
        try:
            return action.refusal(self, self.holder)
        except ValueError:
            return None  # the action itself will say what is wrong with it

    def apply_as(self, player: PlayerId, action: Action) -> Changes:
        """Run ``action`` asked for by ``player`` from a device of their own (their phone),
        whoever holds the computer.

        The action is checked and logged as ``player``'s, as if they held the computer with
        no curtain up; the seat and the curtain of the shared screen stay as they were, and
        listeners hear of the change only once they are back, so the screen never paints
        what ``player`` may see.
        """
        self.state.player(player)  # refuses a player who is not at the table
        saved = (self.holder, self.curtain)
        self._held_back = []
        self.holder, self.curtain = player, None
        try:
            changes = self.apply(action)
        finally:
            self.holder, self.curtain = saved
            self._held_back = None
        self._notify(changes)
        return changes

    def apply(self, action: Action) -> Changes:
        """Run ``action``; all or nothing. Returns what changed."""
        if self.curtain is not None and not action.behind_curtain:
            raise self._curtain_error()
        if reason := self.may(action):
            raise AuthorityError(reason)
        before = self.state.copy() if action.undoable else None
        asked, dealt = self._chance.asked, self.state.table.dealt
        sighting = Sighting(self.state.table)
        holder, curtain = self.holder, self.curtain
        try:
            done = action.perform(self)
            self.state.lapse_peeks()
            if action.foreign:
                self.state.table.check()
        except BaseException:
            if before is not None:
                self.state.restore(before)
            self.holder, self.curtain = holder, curtain
            raise
        changes = done.changes
        piles: set[PileId] | None = set() if before is not None else None
        if before is not None:
            changes |= _differences(before, self.state, piles)
        if (self.holder, self.curtain) != (holder, curtain):
            changes |= Changes.SEAT
        entries, newly = self._record(done.events, sighting)
        if entries:
            changes |= Changes.LOG
        if before is not None:
            chance = self._chance.asked != asked or self.state.table.dealt != dealt
            checkpoint = done.checkpoint or _reveal_reason(self, newly)
            if checkpoint is None and chance and not done.unseen:
                checkpoint = _chance_reason(self, entries)
            if checkpoint is None and _shows_someone(entries):
                # A card chance dealt unseen is seen now: undo must not deal it again.
                luck = next((step for step in reversed(self._undo) if step.chance), None)
                if luck is not None:
                    checkpoint = _chance_reason(self, luck.entries)
            if checkpoint is not None:
                self._undo.clear()
                self._barrier = checkpoint
            else:
                self._undo.append(_Step(tuple(entries), before, holder, chance))
                del self._undo[:-UNDO_DEPTH]
            self._redo.clear()
            self._no_redo = None
            changes |= Changes.UNDO
        self._notify(changes, None if piles is None else frozenset(piles))
        return changes

    def _record(
        self, events: Sequence[Event], sighting: Sighting
    ) -> tuple[list[LogEntry], frozenset[CardId]]:
        """Write ``events`` to the log and reveal what the table now sees for the first time
        (since ``sighting`` was taken, before the change)."""
        table = self.state.table
        held = held_cards(table)
        at = self.clock()
        seat = self.current_seat
        entries = []
        for event in events:
            hidden = (
                tuple(c for c in event.cards if not is_public(table, c, held))
                if event.private
                else ()
            )
            entry = LogEntry(
                at, seat, self.holder, event.public, event.private, event.owner, event.cards, hidden
            )
            self.log.append(entry)
            entries.append(entry)
        newly = sighting.shown_since(table)
        self.log.reveal(newly)
        return entries, newly

    def _curtain_error(self) -> CurtainError:
        assert self.curtain is not None
        name = self.state.player(self.curtain).name
        return CurtainError(f"The curtain is up: {name} must say “I am {name}” first.")

    # -- undo -----------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        steps = self._undo
        return bool(steps) and self.curtain is None and self._travel_refusal(steps) is None

    @property
    def can_redo(self) -> bool:
        steps = self._redo
        return bool(steps) and self.curtain is None and self._travel_refusal(steps) is None

    def _travel_refusal(self, steps: list[_Step], verb: str = "undo") -> str | None:
        """Why the seat holding the computer may not undo (or redo) the last of ``steps``:
        a seat takes back only its own actions; the GM any action that showed nothing
        private. None when it may."""
        step = steps[-1]
        me = self.holder
        if me is None or step.actor is None or step.actor == me:
            return None
        if step.public and is_gm(self.state, me):
            return None
        owner = name_of(self.state, step.actor)
        return f"Only {owner} may {verb} {owner}'s last action ({step.label})."

    @property
    def redo_blocked_reason(self) -> str | None:
        """Why redo is not offered now, or None when it is."""
        if not self._redo:
            return self._no_redo or "Nothing to redo."
        if self.curtain is not None:
            return self._curtain_error().args[0]
        return self._travel_refusal(self._redo, "redo")

    @property
    def undo_label(self) -> str | None:
        """What undo would take back ("Bea drew a card"), or None."""
        return self._undo[-1].label if self._undo else None

    @property
    def redo_label(self) -> str | None:
        return self._redo[-1].label if self._redo else None

    @property
    def undo_blocked_reason(self) -> str | None:
        """Why undo is not offered now, in words for the menu's tooltip; None when it is."""
        if self.curtain is not None and self._undo:
            return self._curtain_error().args[0]
        if self._undo:
            return self._travel_refusal(self._undo)
        return self._barrier or "Nothing to undo yet."

    def checkpoint(self, reason: str) -> None:
        """Make this moment one undo does not cross (for instance, once set-up is done)."""
        self._undo.clear()
        self._redo.clear()
        self._no_redo = None
        self._barrier = reason
        self._notify(Changes.UNDO)

    def undo(self) -> Changes:
        """Put back the game state from before the last undoable action."""
        if not self.can_undo:
            if self.curtain is not None:
                raise self._curtain_error()
            if self._undo and (reason := self._travel_refusal(self._undo)):
                raise AuthorityError(reason)
            raise UndoError(self.undo_blocked_reason or "Nothing to undo.")
        step = self._undo.pop()
        return self._travel(step, self._redo, "undid")

    def redo(self) -> Changes:
        """Do again the last action undone (never one that took chance: see the module)."""
        if not self.can_redo:
            if self.curtain is not None:
                raise self._curtain_error()
            if self._redo and (reason := self._travel_refusal(self._redo, "redo")):
                raise AuthorityError(reason)
            raise UndoError(self._no_redo or "Nothing to redo.")
        step = self._redo.pop()
        return self._travel(step, self._undo, "redid")

    def _travel(self, step: _Step, other_way: list[_Step], verb: str) -> Changes:
        """Make ``step.state`` the game state, keeping the one it replaces on ``other_way``."""
        sighting = Sighting(self.state.table)
        who = self.actor_name
        current = self.state.copy()
        if step.chance and other_way is self._redo:
            # Redone, it would give what chance gave again: it is done afresh or not at all.
            self._redo.clear()
            self._no_redo = (
                f"Nothing to redo: {step.label} took chance, and redo would repeat it; "
                "do it again instead."
            )
        else:
            other_way.append(_Step(step.entries, current, step.actor, step.chance))
        self.state.restore(step.state)
        # The order no one has seen is dealt afresh: nothing restored decides a later draw.
        self.state.table.redeal(self.rng)
        piles: set[PileId] = set()
        changes = _differences(current, self.state, piles) | Changes.UNDO | Changes.LOG
        if self.holder is not None and self.holder not in {p.id for p in self.state.players}:
            # The player holding the computer was taken back: hand it to the first seat,
            # behind the curtain, so nothing private shows to whoever sits there.
            self.holder = self.state.players[0].id if self.state.players else None
            self.curtain = self.holder
            changes |= Changes.SEAT
        events = [
            Event(
                f"{who} {verb}: {entry.public}",
                None if entry.private is None else f"{who} {verb}: {entry.private}",
                entry.owner,
                entry.unrevealed if entry.private is not None else (),
            )
            for entry in step.entries
        ] or [Event(f"{who} {verb} a change")]
        _, newly = self._record(events, sighting)
        if reason := _reveal_reason(self, newly):
            self._undo.clear()
            self._redo.clear()
            self._barrier = reason
        self._notify(changes, frozenset(piles))
        return changes


def _shows_someone(entries: Sequence[LogEntry]) -> bool:
    """Whether ``entries`` told one player something the others may not read."""
    return any(entry.private is not None and entry.owner is not None for entry in entries)


def _chance_reason(session: Session, entries: Sequence[LogEntry]) -> str:
    """Why undo stops before an action whose chance someone saw (in the menu's words)."""
    what = entries[0].public if entries else "a draw, shuffle or roll"
    gm = gm_of(session.state)
    fixer = "anyone at the table" if gm is None else f"the GM ({name_of(session.state, gm)})"
    return (
        f"Chance was taken since ({what}): what it gave stays given, so undo stops here. "
        f"To correct a mistake, {fixer} may take back the draw or strike the roll "
        "(Edit menu)."
    )


def _reveal_reason(session: Session, newly: frozenset[CardId]) -> str | None:
    if not newly:
        return None
    from cardtable.session.wording import cards_words

    shown = sorted(newly)
    named = cards_words(session.state, shown[:3]) + (" and more" if len(shown) > 3 else "")
    return f"Cards were shown to the table since ({named}); undo cannot hide them again."


def _restacked(was: Pile, now: Pile) -> bool:
    """Whether the cards put down by hand on a pile lie in another order (a card put down
    again at its own spot comes on top: the same spots, compared as a mapping)."""
    return bool(was.spots) and list(was.spots) != list(now.spots)


def _differences(before: GameState, after: GameState, piles: set[PileId] | None = None) -> Changes:
    """The flags for what differs between two game states; the piles that differ are added
    to ``piles``."""
    changes = Changes.NONE
    if before.players != after.players:
        changes |= Changes.PLAYERS
    if before.characters != after.characters:
        if before.characters.keys() != after.characters.keys() or any(
            (c.name, c.player, c.system)
            != (after.characters[k].name, after.characters[k].player, after.characters[k].system)
            for k, c in before.characters.items()
        ):
            changes |= Changes.PLAYERS
        if any(
            c.sheet is not after.characters[k].sheet
            for k, c in before.characters.items()
            if k in after.characters
        ):
            changes |= Changes.SHEET
    old, new = before.table, after.table
    if before.decks != after.decks or old.facing != new.facing or before.peeks != after.peeks:
        changes |= Changes.TABLE
    for pid in old.piles.keys() | new.piles.keys():
        was, now = old.piles.get(pid), new.piles.get(pid)
        if was != now or (was is not None and now is not None and _restacked(was, now)):
            changes |= Changes.TABLE
            if piles is not None:
                piles.add(pid)
            if any(p is not None and p.kind is PileKind.HAND for p in (was, now)):
                changes |= Changes.HAND
    if before.resolvers != after.resolvers:
        changes |= Changes.RESOLVER
    if before.scene != after.scene:
        changes |= Changes.SCENE
    if before.options != after.options:
        changes |= Changes.OPTIONS
    return changes
