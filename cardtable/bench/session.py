"""Timing save and load of a long session, and the evening of actions that makes it.

:func:`long_session` plays :func:`evening` (draws into hands, cards played face down and face
up, notes, scenes) on a table of 326 cards until the log holds as many events as asked.
:func:`save_and_load` times saving and loading it (medians), beside the JSON alone. The
targets: issue 7, 5,000 events in under 100 ms each; issue 17, 100,000 in under 300 ms each.
``python benchmarks/bench_session.py`` and ``cardtable bench`` print the numbers; no test
asserts a time.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import orjson

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
from cardtable.session.core import Action, Session
from cardtable.session.model import Character, CharacterId, DeckOnTable, Player, PlayerId
from cardtable.session.saving import document, load, save

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


def evening(session: Session, seed: int = 7) -> Iterator[Action]:
    """An endless evening of ordinary actions for ``session`` (a
    :func:`table_for_an_evening`): private draws into hands, cards played face down and
    face up, notes, scenes.

    Each action is made from the table as the previous one left it, so apply each before
    asking for the next. The computer goes round: each turn's player holds it (the GM for a
    new scene), handed over directly rather than by two more logged actions a turn.
    """
    zone = PileId("challenge")
    hands = [pid for pid, pile in session.table.piles.items() if pile.kind is PileKind.HAND]
    sources = [PileId(f"{deck.id}/draw") for deck in DECKS]
    rng = seeded(seed + 1)
    turn = 0
    while True:
        turn += 1
        which = rng.randrange(len(DECKS))
        hand = hands[turn % len(hands)]
        held = session.table.piles[hand].cards
        session.holder = session.state.controller(session.table.piles[hand])
        roll = rng.random()
        if roll < 0.4 and len(held) < 6:
            yield Draw(sources[which], hand, rng.randint(1, 2))
        elif roll < 0.75 and held:
            card = rng.choice(held)
            discard = PileId(f"{session.table.cards[card].deck}/discard")
            yield Move((card,), discard, face_up=rng.random() < 0.8)
        elif roll < 0.85:
            yield Draw(sources[which], zone, face_up=False)
            yield Flip(session.table.piles[zone].cards[-1])
            if len(session.table.piles[zone].cards) > 4:
                card = session.table.piles[zone].cards[0]
                yield Move((card,), PileId(f"{session.table.cards[card].deck}/discard"))
        elif roll < 0.97:
            yield Note(f"Turn {turn}: the story goes on.")
        else:
            session.holder = PlayerId("dana")
            yield ChangeScene()


def table_for_an_evening(seed: int = 7) -> Session:
    """Four players (Dana the GM), three characters with hands, two Tourist's Tarots and a
    three-deck shoe (326 cards) and a shared Challenge zone: the table :func:`evening` plays."""
    _, clock = _ticking(datetime(2025, 1, 1, 19, 0, tzinfo=UTC))
    session = Session(rng=seeded(seed), clock=clock)  # type: ignore[arg-type]
    names = ("Alex", "Bea", "Chidi", "Dana")
    for name in names:
        taken = [p.id for p in session.players]
        session.apply(AddPlayer(Player.named(name, gm=name == "Dana", taken=taken)))
    session.holder = PlayerId("dana")  # the GM sets the table
    for name, player in (("Roland", "alex"), ("Ayla", "bea"), ("Moss", "chidi")):
        session.apply(
            AddCharacter(
                Character(CharacterId(name.lower()), name, PlayerId(player), "adventure"), hand=True
            )
        )
    for deck in DECKS:
        session.apply(AddDeck(deck))
    session.apply(AddPile(Pile(PileId("challenge"), PileKind.ZONE, "the Challenge")))
    return session


def long_session(events: int = LOG_EVENTS, seed: int = 7) -> Session:
    """A session whose log holds ``events`` entries, built by playing :func:`evening`."""
    session = table_for_an_evening(seed)
    for action in evening(session, seed):
        if len(session.log) >= events:
            break
        session.apply(action)
    return session


def save_and_load(events: int, repeats: int = 5) -> dict[str, float]:
    """Median milliseconds to save and to load a session of ``events`` log events (every
    save reads the whole log again), and for the JSON alone: the saver's JSON
    library (orjson) writing the same document and reading the same file, the floor any
    format pays."""
    session = long_session(events)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.cardtable"
        save_ms, load_ms, dump_ms, parse_ms = [], [], [], []
        for _ in range(repeats):
            start = time.perf_counter()
            save(session, path)
            save_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            loaded = load(path)
            load_ms.append((time.perf_counter() - start) * 1000)
            doc = document(session)
            start = time.perf_counter()
            raw = orjson.dumps(doc)
            dump_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            orjson.loads(raw)
            parse_ms.append((time.perf_counter() - start) * 1000)
        size = path.stat().st_size
    return {
        "save_ms": statistics.median(save_ms),
        "load_ms": statistics.median(load_ms),
        "json_dump_ms": statistics.median(dump_ms),
        "json_load_ms": statistics.median(parse_ms),
        "log_events": len(loaded.log),
        "cards": len(loaded.table.cards),
        "file_kb": round(size / 1024, 1),
    }


def run(events: int = LOG_EVENTS, repeats: int = 5) -> dict[str, float]:
    """Median milliseconds to save and to load the long session (see :func:`save_and_load`)."""
    found = save_and_load(events, repeats)
    return {key: round(value, 1) for key, value in found.items()}
