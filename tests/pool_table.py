"""A small pool-Challenge table for the tests: Alex plays Iridia, Bea plays Joiry, and Dana,
the GM, plays the Demon; each has a pool sheet. Import as ``from pool_table import ...``."""

from __future__ import annotations

from cardtable.randomness import seeded
from cardtable.session import (
    AddCharacter,
    AddPlayer,
    Character,
    CharacterId,
    ConfirmSeat,
    PassSeat,
    Player,
    PlayerId,
    Session,
)
from cardtable.sheets.pool import Ability, PoolSheet

ALEX, BEA, DANA = PlayerId("alex"), PlayerId("bea"), PlayerId("dana")
IRIDIA, JOIRY, DEMON = CharacterId("iridia"), CharacterId("joiry"), CharacterId("demon")


def iridia_sheet() -> PoolSheet:
    return PoolSheet(
        name="Iridia",
        player="Alex",
        abilities=(
            Ability("Sorcery", 7, bonus=2, reserves=2),  # St Kristine's staff: 2 bonus
            Ability("Riding", 4),
            Ability("Run Like A Bunny", 3),
        ),
    )


def joiry_sheet() -> PoolSheet:
    return PoolSheet(name="Joiry", player="Bea", abilities=(Ability("Sorcery", 4),))


def demon_sheet(might: int = 12) -> PoolSheet:
    return PoolSheet(
        name="Demon",
        player="Dana",
        abilities=(Ability("Demonic Might", might), Ability("Aerial Hunting", 7, reserves=3)),
    )


def pool_session(seed: int = 1, might: int = 12) -> Session:
    """The three players and their characters; Dana, the GM, holds the computer."""
    session = Session(rng=seeded(seed))
    for name, gm in (("Alex", False), ("Bea", False), ("Dana", True)):
        session.apply(AddPlayer(Player.named(name, gm=gm, taken=[p.id for p in session.players])))
    session.holder = DANA  # the GM brings everyone's characters in
    for sheet, player in ((iridia_sheet(), ALEX), (joiry_sheet(), BEA), (demon_sheet(might), DANA)):
        session.apply(AddCharacter(Character.from_sheet(sheet, player)))
    return session


def seat(session: Session, player: PlayerId) -> None:
    """Hand the computer to ``player``, who lifts the curtain."""
    session.apply(PassSeat([p.id for p in session.players].index(player)))
    session.apply(ConfirmSeat(player))
