"""Sessions with many cards on the felt, for the table benchmarks (model only, no Qt).

:func:`big_table` deals ``cards`` cards out of Tourist's Tarots and three-deck shoes onto the
felt, the way a long evening might leave it: four players (Dana the GM), the decks' draw
piles with a few cards left, and the dealt cards lying 80% face up (a third of the face-up
tarot cards reversed) either **spread** over fans of 25 cards (zones the app lays out in
rows of four) or **crowded** all onto the open table, where they overlap deeply (in the table's
own rows); :func:`fanned_table` puts a tenth of them down by hand over those rows, in fans of
:data:`FAN_OF` scattered all over the open table, each card at a spot of its own.

The session is built straight from the model's parts (adding 5,000 cards one action at a time
would only time the set-up) and checked as a whole before it is returned.

>>> session = big_table(500, crowded=False)
>>> fans = [p for p in session.table.piles.values() if p.id.startswith("zone/")]
>>> len(fans), sum(len(p.cards) for p in fans)
(20, 500)
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from cardtable.cards import CardId, DeckId
from cardtable.piles import Facing, Pile, PileId, PileKind, Spot
from cardtable.randomness import seeded
from cardtable.session.core import Session
from cardtable.session.model import DeckOnTable, GameState, Player, PlayerId

#: Where a card dropped on bare felt lands (the name the table view gives it).
OPEN_TABLE = PileId("table")
#: Cards in each fan of a spread table.
FAN_CARDS = 25
#: Cards left in each deck's draw pile.
LEFT_IN_DECK = 6
FACE_UP_SHARE = 0.8
REVERSED_SHARE = 0.3
#: A fanned table: cards in each fan, the step from one to the next (table units), and the
#: part of the open table the fans are scattered over (left, top, right, bottom, from its top
#: left corner: inside the open table the felt lays for 2,000 cards or more, clear of its title).
FAN_OF = 8
FAN_STEP = (22, 3)
FANNED_AREA = (80, 150, 2040, 520)
FANNED_SHARE = 0.1
#: The players, in seat order; Alex holds the computer.
PLAYERS = (
    Player(PlayerId("alex"), "Alex", "#c0392b"),
    Player(PlayerId("bea"), "Bea", "#2980b9"),
    Player(PlayerId("chidi"), "Chidi", "#27ae60"),
    Player(PlayerId("dana"), "Dana", "#8e44ad", is_gm=True),
)


def _decks(cards: int) -> list[DeckOnTable]:
    """Tarots and shoes, alternately, until they hold ``cards`` plus what stays in them."""
    decks: list[DeckOnTable] = []
    held = 0
    while held - LEFT_IN_DECK * len(decks) < cards:
        if len(decks) % 2 == 0:
            deck = DeckOnTable(DeckId(f"tarot-{len(decks) // 2 + 1}"), "tourist-tarot")
        else:
            deck = DeckOnTable(DeckId(f"shoe-{len(decks) // 2 + 1}"), "shoe", 3)
        decks.append(deck)
        held += len(deck.cards())
    return decks


def big_table(cards: int, crowded: bool, seed: int = 2024) -> Session:
    """A session with ``cards`` cards dealt onto the felt (spread over fans, or crowded onto
    the open table); every other card stays in its deck's draw pile."""
    if cards < 1:
        raise ValueError(f"a table for the benchmark holds at least one card, not {cards}")
    rng = seeded(seed)
    state = GameState(players=list(PLAYERS))
    for deck in _decks(cards):
        state.table.add_deck(deck.spec(), deck.id, rng)
        state.decks.append(deck)
    dealt: list[CardId] = []
    for deck in state.decks:
        draw = state.table.piles[PileId(f"{deck.id}/draw")]
        room = len(draw.cards) - LEFT_IN_DECK
        take = min(room, cards - len(dealt))
        dealt.extend(draw.cards[len(draw.cards) - take :])
        del draw.cards[len(draw.cards) - take :]
    table = state.table
    if crowded:
        table.piles[OPEN_TABLE] = Pile(OPEN_TABLE, PileKind.ZONE, "the open table", list(dealt))
    else:
        for start in range(0, len(dealt), FAN_CARDS):
            number = start // FAN_CARDS + 1
            pile = PileId(f"zone/{number:03d}")
            fan = list(dealt[start : start + FAN_CARDS])
            table.piles[pile] = Pile(pile, PileKind.ZONE, f"Fan {number}", fan)
    for card in dealt:
        face_up = rng.random() < FACE_UP_SHARE
        tarot = card.startswith("tarot")
        table.facing[card] = Facing(face_up, tarot and face_up and rng.random() < REVERSED_SHARE)
    state.check()
    tick = [datetime(2025, 1, 1, 19, 0, tzinfo=UTC)]

    def clock() -> datetime:
        tick[0] += timedelta(seconds=5)
        return tick[0]

    return Session(state, rng=seeded(seed + 1), clock=clock, holder=PLAYERS[0].id)


def fanned_table(cards: int, seed: int = 2024) -> Session:
    """:func:`big_table`'s crowded table with a share (:data:`FANNED_SHARE`) of its cards,
    the top ones, put down by hand over the open table's rows in fans of :data:`FAN_OF` at
    seeded places in :data:`FANNED_AREA`, as an evening of cards let go on bare felt leaves
    it: at 5,000 cards, 500 whole cards some ten deep over 4,500 in the rows.

    >>> table = fanned_table(40).table.piles[OPEN_TABLE]
    >>> fanned = list(table.spots)
    >>> len(fanned), fanned == table.cards[-4:], table.spots[fanned[1]].x - table.spots[fanned[0]].x
    (4, True, 22)
    """
    session = big_table(cards, crowded=True, seed=seed)
    pile = session.table.piles[OPEN_TABLE]
    rng = seeded(seed + 2)
    left, top, right, bottom = FANNED_AREA
    dx, dy = FAN_STEP
    start = Spot(0, 0)
    fanned = pile.cards[len(pile.cards) - round(len(pile.cards) * FANNED_SHARE) :]
    for index, card in enumerate(fanned):
        if index % FAN_OF == 0:
            start = Spot(rng.randint(left, right - dx * FAN_OF), rng.randint(top, bottom))
        step = index % FAN_OF
        pile.spots[card] = Spot(start.x + dx * step, start.y + dy * step)
    session.state.check()
    return session
