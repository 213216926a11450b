"""Small sessions for the session tests: three players, hands, private zones, one tarot deck.

Import as ``from session_builders import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from cardtable.cards import DeckId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.randomness import seeded
from cardtable.session import (
    AddCharacter,
    AddDeck,
    AddPile,
    AddPlayer,
    Character,
    CharacterId,
    ConfirmSeat,
    DeckOnTable,
    PassSeat,
    Player,
    PlayerId,
    Session,
)

ALEX, BEA, DANA = PlayerId("alex"), PlayerId("bea"), PlayerId("dana")
ROLAND, AYLA, VEX = CharacterId("roland"), CharacterId("ayla"), CharacterId("vex")
TAROT_DRAW, TAROT_DISCARD = PileId("tarot/draw"), PileId("tarot/discard")
CHALLENGE = PileId("challenge")
HAND = {ROLAND: PileId("hand/roland"), AYLA: PileId("hand/ayla"), VEX: PileId("hand/vex")}
ZONE = {ROLAND: PileId("zone/roland"), AYLA: PileId("zone/ayla"), VEX: PileId("zone/vex")}
START = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def ticking(start: datetime = START) -> Callable[[], datetime]:
    """A clock that moves on ten seconds each time it is read."""
    now = [start]

    def tick() -> datetime:
        now[0] += timedelta(seconds=10)
        return now[0]

    return tick


def small_session(seed: int = 1, *, shoe: bool = False, holder: PlayerId = ALEX) -> Session:
    """Alex (Roland), Bea (Ayla) and Dana the GM (Vex), each character with a hand and a
    private zone; a shared Challenge zone; the Tourist's Tarot (and a one-deck shoe).
    Dana sets the table up and hands the computer to ``holder`` (Alex unless told)."""
    session = Session(rng=seeded(seed), clock=ticking())
    for name, gm in (("Alex", False), ("Bea", False), ("Dana", True)):
        colour = {"Alex": "#c0392b", "Bea": "#2980b9", "Dana": "#8e44ad"}[name]
        session.apply(
            AddPlayer(Player.named(name, colour, gm=gm, taken=[p.id for p in session.players]))
        )
    session.holder = DANA  # the GM sets the table up
    for char, name, player in ((ROLAND, "Roland", ALEX), (AYLA, "Ayla", BEA), (VEX, "Vex", DANA)):
        session.apply(AddCharacter(Character(char, name, player, "adventure"), hand=True))
        session.apply(AddPile(Pile(ZONE[char], PileKind.ZONE, f"{name}'s cards", owner=char)))
    session.apply(AddPile(Pile(CHALLENGE, PileKind.ZONE, "the Challenge")))
    session.apply(AddDeck(DeckOnTable(DeckId("tarot"), "tourist-tarot")))
    if shoe:
        session.apply(AddDeck(DeckOnTable(DeckId("shoe"), "shoe", 1)))
    session.holder = holder
    return session


def seat_of(session: Session, player: PlayerId) -> int:
    return [p.id for p in session.players].index(player)


def take_seat(session: Session, player: PlayerId) -> None:
    """Pass the computer to ``player``, who says "I am ..." (two log lines)."""
    session.apply(PassSeat(seat_of(session, player)))
    session.apply(ConfirmSeat(player))
