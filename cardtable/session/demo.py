"""The demo session shipped as ``assets/samples/demo.cardtable``.

Four players (Alex, Bea, Chidi and Dana, the GM), one sample character for each of the five
systems (from :func:`cardtable.sheets.sample_characters`), the Tourist's Tarot and a
two-deck shoe on the table, and the Fantastical Adventure character's starting hand dealt
face down. Built with fixed randomness and a fixed clock, so building it again gives the
same session; ``python -m cardtable.session.demo`` writes it to a file.

The shipped file is kept in format 1, the first, so that every load of it runs every
migration (the tests read it as an old file): a change to the demo is made in that file by
hand, and a test checks that it still loads as a fresh build.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cardtable.assets import asset_folder
from cardtable.cards import DeckId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.randomness import seeded
from cardtable.session.actions import (
    AddCharacter,
    AddDeck,
    AddPile,
    AddPlayer,
    Draw,
    Note,
)
from cardtable.session.core import Session
from cardtable.session.model import Character, DeckOnTable, Player, PlayerId
from cardtable.session.new_session import CHALLENGE_ZONE, MIDDLE_LABEL
from cardtable.session.saving import save
from cardtable.sheets import AdventureSheet, sample_characters

SEED = 2025
START = datetime(2025, 3, 1, 19, 30, tzinfo=UTC)
DEMO_NAME = "demo.cardtable"

#: (name, colour, GM) in seat order.
PLAYERS = (
    ("Alex", "#c0392b", False),
    ("Bea", "#2980b9", False),
    ("Chidi", "#27ae60", False),
    ("Dana", "#8e44ad", True),
)
#: Who plays each system's sample character.
CONTROLLERS = {
    "tarot": "alex",
    "crisis": "bea",
    "pool": "chidi",
    "adventure": "bea",
    "banzai": "alex",
}
TAROT = DeckOnTable(DeckId("tarot"), "tourist-tarot")
SHOE = DeckOnTable(DeckId("shoe"), "shoe", 2)


def _clock(start: datetime, step: timedelta) -> Callable[[], datetime]:
    now = [start]

    def tick() -> datetime:
        now[0] += step
        return now[0]

    return tick


def build_demo() -> Session:
    """The demo session, the same every time."""
    session = Session(rng=seeded(SEED), clock=_clock(START, timedelta(seconds=20)))
    for name, colour, gm in PLAYERS:
        taken = [p.id for p in session.players]
        session.apply(AddPlayer(Player.named(name, colour, gm=gm, taken=taken)))
    dana = session.players[-1]
    session.holder = dana.id  # the GM sets the table up
    for sheet in sample_characters():
        player = PlayerId(CONTROLLERS[sheet.system])
        character = Character.from_sheet(sheet, player, taken=session.characters)
        session.apply(AddCharacter(character, hand=sheet.system == "adventure"))
    session.apply(AddDeck(TAROT))
    session.apply(AddDeck(SHOE))
    for character in session.characters.values():
        if isinstance(character.sheet, AdventureSheet):
            hand = PileId(f"hand/{character.id}")
            session.apply(Draw(PileId(f"{SHOE.id}/draw"), hand, character.sheet.starting_hand))
            session.apply(
                AddPile(
                    Pile(
                        PileId(f"zone/{character.id}"),
                        PileKind.ZONE,
                        f"{character.name}'s face-down cards",
                        owner=character.id,
                    )
                )
            )
    session.apply(AddPile(Pile(CHALLENGE_ZONE, PileKind.ZONE, MIDDLE_LABEL)))
    session.apply(Note("Scene 1: the night train to Vell pulls out of the station."))
    return session


def demo_path() -> Path:
    """Where the shipped demo session lives."""
    return asset_folder() / "samples" / DEMO_NAME


def main(argv: list[str] | None = None) -> int:
    """Write the demo session (to the asset file, or to the path given)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else demo_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    save(build_demo(), target)
    backup = target.with_name(target.name + ".bak")
    if not args and backup.exists():
        backup.unlink()  # the asset folder keeps no backups
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
