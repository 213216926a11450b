"""The Banzai and crisis dice table of the worked examples, for the model and window tests.

Import as ``from dice_evening_rig import ...`` (pytest puts ``tests/`` on the path).

Gina is the GM; Bob plays Tachibana Jo (Kenjutsu 5, Hunting 6, Fire 3, Void 3) and Leo
(crisis dice, 3 dice); Alice plays Owari Keiko (Investigation 7, Earth 4, Void 3, no Hunting) and
Jamil (3 dice); Gina plays the bandit chief Goro (Water 5), Bill (2 dice) and Harriet
(4 dice). Every number a roll needs is on these sheets.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cardtable.randomness import seeded
from cardtable.session import ConfirmSeat, EditSheet, PassSeat, PlayerId, Session
from cardtable.session.new_session import CharacterPlan, NewSessionPlan, PlayerPlan, build_session
from cardtable.sheets import BanzaiSheet, CrisisSheet, Skill

GINA, BOB, ALICE = PlayerId("gina"), PlayerId("bob"), PlayerId("alice")
NAMES = {GINA: "Gina", BOB: "Bob", ALICE: "Alice"}
JO, KEIKO, GORO = "tachibana-jo", "owari-keiko", "goro"
LEO, JAMIL, BILL, HARRIET = "leo", "jamil", "bill", "harriet"

_PLAYERS = (PlayerPlan("Gina", "#8e44ad", gm=True), PlayerPlan("Bob", "#2980b9"),
            PlayerPlan("Alice", "#c0392b"))
_CHARACTERS = (
    CharacterPlan("Tachibana Jo", "Bob", "banzai"),
    CharacterPlan("Owari Keiko", "Alice", "banzai"),
    CharacterPlan("Goro", "Gina", "banzai"),
    CharacterPlan("Leo", "Bob", "crisis"),
    CharacterPlan("Jamil", "Alice", "crisis"),
    CharacterPlan("Bill", "Gina", "crisis"),
    CharacterPlan("Harriet", "Gina", "crisis"),
)
SHEETS = {
    JO: BanzaiSheet(name="Tachibana Jo", player="Bob", earth=2, fire=3, water=2, wind=2, void=3,
                    skills=(Skill("Kenjutsu", 5), Skill("Hunting", 6)), honor=4),
    KEIKO: BanzaiSheet(name="Owari Keiko", player="Alice", earth=4, fire=2, water=3, wind=2,
                       void=3, skills=(Skill("Investigation", 7), Skill("Kenjutsu", 3)),
                       honor=2),
    GORO: BanzaiSheet(name="Goro", player="Gina", earth=3, fire=3, water=5, wind=2, void=0,
                      skills=(Skill("Kenjutsu", 4),)),
    LEO: CrisisSheet(name="Leo", player="Bob", dice=3),
    JAMIL: CrisisSheet(name="Jamil", player="Alice", dice=3),
    BILL: CrisisSheet(name="Bill", player="Gina", dice=2),
    HARRIET: CrisisSheet(name="Harriet", player="Gina", dice=4),
}


class ScriptedRng(random.Random):
    """Shows the faces it is given, in order (a d10 reads 1 to 10, a d6 1 to 6)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.script = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.script.pop(0)
        assert a <= face <= b, f"a die from {a} to {b} cannot show {face}"
        return face


def dice_table(seed: int = 5) -> Session:
    """The table, every sheet written, Gina (the GM) holding the computer."""
    session = build_session(NewSessionPlan(systems=("banzai", "crisis"), players=_PLAYERS,
                                           characters=_CHARACTERS), seeded(seed))
    for character, sheet in SHEETS.items():
        session.apply(EditSheet(character, sheet))  # type: ignore[arg-type]
    return session


def take_seat(session: Session, player: PlayerId) -> None:
    """Pass the computer to ``player``, who lifts the curtain (model calls, for set-up)."""
    seat = [p.id for p in session.players].index(player)
    session.apply(PassSeat(seat))
    session.apply(ConfirmSeat(player))
