"""Timing save and load of a long session: 5,000 log events and at least 300 cards.

The target (issue 7): each under 100 ms. ``python benchmarks/bench_session.py`` prints the
numbers; no test asserts a time.
"""

from __future__ import annotations

import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cardtable.cards import DeckId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.randomness import seeded
from cardtable.session.actions import (
    AddCharacter,
    AddDeck,
    AddPile,
    AddPlayer,
    ChangeScene,
    Draw,
    Flip,
    Move,
    Note,
)
from cardtable.session.core import Session
from cardtable.session.model import Character, CharacterId, DeckOnTable, Player, PlayerId
from cardtable.session.saving import load, save

LOG_EVENTS = 5_000
#: Two Tourist's Tarots and a three-deck shoe: 82 + 82 + 162 cards.
DECKS = (
    DeckOnTable(DeckId("tarot"), "tourist-tarot"),
    DeckOnTable(DeckId("tarot-2"), "tourist-tarot"),
    DeckOnTable(DeckId("shoe"), "shoe", 3),
)


def _ticking(start: datetime) -> tuple[list[datetime], object]:
    now = [start]

    def clock() -> datetime:
        now[0] += timedelta(seconds=7)
        return now[0]

    return now, clock


def long_session(events: int = LOG_EVENTS, seed: int = 7) -> Session:
    """A session whose log holds ``events`` entries, built by playing ordinary actions:
    private draws into hands, cards played face down and face up, notes, scenes."""
    _, clock = _ticking(datetime(2025, 1, 1, 19, 0, tzinfo=UTC))
    session = Session(rng=seeded(seed), clock=clock)  # type: ignore[arg-type]
    names = ("Alex", "Bea", "Chidi", "Dana")
    for name in names:
        taken = [p.id for p in session.players]
        session.apply(AddPlayer(Player.named(name, gm=name == "Dana", taken=taken)))
    for name, player in (("Roland", "alex"), ("Ayla", "bea"), ("Moss", "chidi")):
        session.apply(
            AddCharacter(
                Character(CharacterId(name.lower()), name, PlayerId(player), "adventure"), hand=True
            )
        )
    for deck in DECKS:
        session.apply(AddDeck(deck))
    zone = PileId("challenge")
    session.apply(AddPile(Pile(zone, PileKind.ZONE, "the Challenge")))
    hands = [pid for pid, pile in session.table.piles.items() if pile.kind is PileKind.HAND]
    sources = [PileId(f"{deck.id}/draw") for deck in DECKS]
    rng = seeded(seed + 1)
    turn = 0
    while len(session.log) < events:
        turn += 1
        which = rng.randrange(len(DECKS))
        hand = hands[turn % len(hands)]
        held = session.table.piles[hand].cards
        roll = rng.random()
        if roll < 0.4 and len(held) < 6:
            session.apply(Draw(sources[which], hand, rng.randint(1, 2)))
        elif roll < 0.75 and held:
            card = rng.choice(held)
            discard = PileId(f"{session.table.cards[card].deck}/discard")
            session.apply(Move((card,), discard, face_up=rng.random() < 0.8))
        elif roll < 0.85:
            session.apply(Draw(sources[which], zone, face_up=False))
            session.apply(Flip(session.table.piles[zone].cards[-1]))
            if len(session.table.piles[zone].cards) > 4:
                card = session.table.piles[zone].cards[0]
                session.apply(Move((card,), PileId(f"{session.table.cards[card].deck}/discard")))
        elif roll < 0.97:
            session.apply(Note(f"Turn {turn}: the story goes on."))
        else:
            session.apply(ChangeScene())
    return session


def run(events: int = LOG_EVENTS, repeats: int = 5) -> dict[str, float]:
    """Best-of-``repeats`` milliseconds to save and to load the long session."""
    session = long_session(events)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.cardtable"
        save_ms, load_ms = [], []
        for _ in range(repeats):
            session.log.cache[:] = [None] * len(session.log)  # time a cold save, no reuse
            start = time.perf_counter()
            save(session, path)
            save_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            loaded = load(path)
            load_ms.append((time.perf_counter() - start) * 1000)
        size = path.stat().st_size
    return {
        "save_ms": round(min(save_ms), 1),
        "load_ms": round(min(load_ms), 1),
        "log_events": len(loaded.log),
        "cards": len(loaded.table.cards),
        "file_kb": round(size / 1024, 1),
    }
