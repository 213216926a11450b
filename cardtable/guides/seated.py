"""The table every guide starts from: two players, one sample character, the system's deck.

Alex plays the sample character of the system; Dana is the GM and holds the computer, as
at a table just set up. Set-up is behind an undo barrier, as in a new session.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def seated(sheet: Sheet, rng: Rng, gm_plays: Sequence[Sheet] = ()) -> tuple[Session, CharacterId]:
    """A new session of ``sheet``'s system: Alex plays the character ``sheet`` describes,
    Dana (the GM) holds the computer and plays the characters ``gm_plays`` describes (an
    antagonist to face). Returns the session and the id of Alex's character."""
    system = sheet.system
    cast = ((sheet, PLAYER), *((other, GM) for other in gm_plays))
    plan = NewSessionPlan(
        systems=(system,),
        players=(PlayerPlan(PLAYER, PLAYER_COLOUR), PlayerPlan(GM, GM_COLOUR, gm=True)),
        characters=tuple(CharacterPlan(each.name, who, system) for each, who in cast),
    )
    session = build_session(plan, rng)
    for character, (each, who) in zip(session.characters.values(), cast, strict=True):
        what = "sheet to the sample character's" if who == PLAYER else "sheet"
        session.apply(EditSheet(character.id, evolve(each, player=who), what=what))
    session.checkpoint(SET_UP_BARRIER)
    return session, next(iter(session.characters))


__all__ = ["GM", "PLAYER", "seated"]
