"""The table every guide starts from: two players, one sample character, the system's deck.

Alex plays the sample character of the system; Dana is the GM and holds the computer, as
at a table just set up. Set-up is behind an undo barrier, as in a new session.
"""

from __future__ import annotations

from attrs import evolve

from cardtable.randomness import Rng
from cardtable.session import CharacterId, EditSheet, Session
from cardtable.session.new_session import (
    SET_UP_BARRIER,
    CharacterPlan,
    NewSessionPlan,
    PlayerPlan,
    build_session,
)
from cardtable.sheets import Sheet

#: The player who plays the character, and the GM, as the guides name them.
PLAYER, GM = "Alex", "Dana"
PLAYER_COLOUR, GM_COLOUR = "#c0392b", "#8e44ad"


def seated(sheet: Sheet, rng: Rng) -> tuple[Session, CharacterId]:
    """A new session of ``sheet``'s system: Alex plays the character ``sheet`` describes,
    Dana (the GM) holds the computer. Returns the session and the character's id."""
    system = sheet.system
    plan = NewSessionPlan(
        systems=(system,),
        players=(PlayerPlan(PLAYER, PLAYER_COLOUR), PlayerPlan(GM, GM_COLOUR, gm=True)),
        characters=(CharacterPlan(sheet.name, PLAYER, system),),
    )
    session = build_session(plan, rng)
    character = next(iter(session.characters.values()))
    session.apply(
        EditSheet(
            character.id, evolve(sheet, player=PLAYER), what="sheet to the sample character's"
        )
    )
    session.checkpoint(SET_UP_BARRIER)
    return session, character.id


__all__ = ["GM", "PLAYER", "seated"]
