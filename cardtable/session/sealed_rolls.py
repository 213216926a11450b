"""The GM's sealed rolls: dice rolled behind the GM's screen, revealed when the GM says so.

A sealed roll is made by the GM alone (:class:`RollSealed`). The session keeps it, saved
with the file, in :class:`SealedRolls` (a resolver state, so undo and saving treat it like
any other), and the dice tray's public history does not hold it. The log tells the room
"Dana (GM) rolled 2d6 (sealed)" and the GM alone the numbers: the line's private text is
the GM's, hidden behind the roll's *seal*, an id the log keeps like a card's until it is
shown. :class:`RevealSealed` (the GM's) shows it: the roll joins the tray's history, and
every line that spoke of it reads in full for everyone from then on. Neither the roll nor
the reveal can be undone: the GM saw the dice, and what chance gave stays given.

:func:`sealed_in_sight` is the one way a view reads the sealed rolls: their numbers only
while the GM holds the computer with no curtain up, nothing but the dice asked for otherwise.

>>> from cardtable.randomness import seeded
>>> from cardtable.session.actions import AddPlayer
>>> from cardtable.session.core import Session
>>> from cardtable.session.model import Player
>>> from cardtable.session.visibility import visible_log
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Dana", gm=True)))
>>> _ = session.apply(AddPlayer(Player.named("Bea")))
>>> _ = session.apply(RollSealed(DiceRequest("2d6")))
>>> visible_log(session, 1)[-1]
'Dana (GM) rolled 2d6 (sealed)'
>>> visible_log(session, 0)[-1]
'Dana (GM) rolled 2d6 (sealed): 7 ([2] [5])'
>>> _ = session.apply(RevealSealed())
>>> for line in visible_log(session, 1)[-2:]:
...     print(line)
Dana (GM) rolled 2d6 (sealed): 7 ([2] [5])
Dana (GM) revealed the sealed roll: 2d6: 7 ([2] [5])
"""

from __future__ import annotations

from attrs import Factory, define, frozen

from cardtable.cards import CardId
from cardtable.session.authority import gm_of, gm_refusal
from cardtable.session.core import Action, Changes, Performed, Session
from cardtable.session.dice_history import (
    HISTORY_ID,
    DiceHistory,
    DiceRequest,
    RollRecord,
    history_of,
)
from cardtable.session.log import SEAL_PREFIX, Event, is_seal
from cardtable.session.model import GameState, PlayerId, SessionError

__all__ = [
    "SEALED_ID",
    "SEAL_PREFIX",
    "NoGmError",
    "RevealSealed",
    "RollSealed",
    "SealedInSight",
    "SealedRoll",
    "SealedRolls",
    "is_seal",
    "sealed_in_sight",
    "sealed_of",
]

#: Where a session keeps its sealed rolls (also the kind name its save file records).
SEALED_ID = "sealed-rolls"

NO_GM = "This table has no GM: a sealed roll is the GM's. Mark a player as the GM first."
NOTHING_SEALED = "There is no sealed roll to reveal."


class NoGmError(SessionError):
    """A sealed roll asked for at a table without a GM."""


@frozen
class SealedRoll:
    """One roll behind the GM's screen: its seal (the log's key to its lines), the GM who
    rolled it, and the roll."""

    seal: str
    gm: PlayerId
    record: RollRecord


@define
class SealedRolls:
    """The sealed rolls not revealed yet, oldest first."""

    rolls: list[SealedRoll] = Factory(list)

    def find(self, seal: str | None) -> SealedRoll | None:
        """The roll sealed as ``seal`` (None: the latest), or None."""
        if not self.rolls:
            return None
        if seal is None:
            return self.rolls[-1]
        return next((roll for roll in self.rolls if roll.seal == seal), None)


def sealed_of(state: GameState) -> SealedRolls | None:
    """The session's sealed rolls, None before the first."""
    found = state.resolvers.get(SEALED_ID)
    if found is not None and not isinstance(found, SealedRolls):
        raise SessionError(f"{SEALED_ID!r} holds something other than sealed rolls")
    return found


def _heading(record: RollRecord, name: str) -> str:
    return f"{name} (GM) rolled {record.heading()} (sealed)"


def _details(record: RollRecord) -> str:
    """``6 ([4] [2])``: the verdict and the dice, as a roll's log line gives them."""
    full = record.text()
    head = f"{record.actor} rolled {record.heading()}: "
    return full.removeprefix(head)


@frozen
class RollSealed(Action):
    """The GM rolls ``request`` behind the screen: the room learns only that they rolled."""

    request: DiceRequest

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        if gm_of(session.state) is None:
            return NO_GM
        return gm_refusal(session.state, who, "roll sealed dice")

    def perform(self, session: Session) -> Performed:
        gm = gm_of(session.state)
        if gm is None:
            raise NoGmError(NO_GM)
        name = session.state.player(gm).name
        record = self.request.roll(session.rng, name)
        rolls = sealed_of(session.state)
        if rolls is None:
            rolls = session.state.resolvers[SEALED_ID] = SealedRolls()
        # The log only grows, so its length names this roll for good (an undone roll's
        # seal is never given to another one).
        seal = f"{SEAL_PREFIX}{len(session.log)}"
        rolls.rolls.append(SealedRoll(seal, gm, record))
        public = _heading(record, name)
        event = Event.secret(public, f"{public}: {_details(record)}", gm, (CardId(seal),))
        return Performed((event,), Changes.RESOLVER)


@frozen
class RevealSealed(Action):
    """The GM shows the table a sealed roll (``seal`` None: the latest). Not undoable."""

    seal: str | None = None

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return gm_refusal(session.state, who, "reveal a sealed roll")

    def perform(self, session: Session) -> Performed:
        rolls = sealed_of(session.state)
        roll = rolls.find(self.seal) if rolls is not None else None
        if rolls is None or roll is None:
            raise SessionError(NOTHING_SEALED)
        rolls.rolls.remove(roll)
        if not rolls.rolls:
            del session.state.resolvers[SEALED_ID]
        history = history_of(session.state)
        if history is None:
            history = session.state.resolvers[HISTORY_ID] = DiceHistory()
        history.add(roll.record)
        name = session.state.player(roll.gm).name if roll.gm in _ids(session) else "The GM"
        record = roll.record
        said = f"{name} (GM) revealed the sealed roll: {record.heading()}: {_details(record)}"
        # Last, once nothing can fail: the log is history, not undone with the state.
        session.log.reveal([CardId(roll.seal)])
        checkpoint = f"The sealed roll ({record.heading()}) was shown; undo cannot seal it again."
        return Performed((Event.said(said),), Changes.RESOLVER | Changes.LOG, checkpoint)


def _ids(session: Session) -> set[PlayerId]:
    return {p.id for p in session.players}


@frozen
class SealedInSight:
    """A sealed roll as the screen may show it: the dice asked for, and the roll itself
    only to the GM who made it (``record`` None for everyone else)."""

    seal: str
    heading: str
    gm_name: str
    record: RollRecord | None


def sealed_in_sight(session: Session) -> list[SealedInSight]:
    """The sealed rolls, oldest first, as the seat holding the computer may see them now:
    with their numbers while their GM holds it and no curtain is up, without otherwise."""
    rolls = sealed_of(session.state)
    if rolls is None:
        return []
    names = {p.id: p.name for p in session.players}
    shown = []
    for roll in rolls.rolls:
        mine = session.curtain is None and session.holder == roll.gm
        shown.append(
            SealedInSight(
                roll.seal,
                roll.record.heading(),
                names.get(roll.gm, "The GM"),
                roll.record if mine else None,
            )
        )
    return shown
