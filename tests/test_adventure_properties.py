"""Whole Conflicts played by random choices: the table stays consistent and the rules hold.

Each example plays several Conflicts among four characters with random suits, hands, Supporters,
awards, pushes, yields and Deadlock choices, checking after every step that every card is in
exactly one pile, that Advantage never goes below zero, that a public log line never names a
face-down card, that every Conflict ends within its Advantage, and that the loser always draws.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import Suit
from cardtable.piles import Table
from cardtable.resolvers.adventure.characters import Character, Facet, Power
from cardtable.resolvers.adventure.conflict import (
    answer,
    award_advantage,
    challenge,
    no_answer,
    reveal,
    support,
)
from cardtable.resolvers.adventure.events import AdventureEvent
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.showdown import (
    DeadlockWay,
    can_push,
    close_conflict,
    playable,
    push,
    resolve_deadlock,
    yield_conflict,
)
from cardtable.resolvers.adventure.state import Phase, Player, Side

NAMES = ("alex", "bea", "cy", "dee")
SHOE = 108


def setup(seed: int) -> tuple[AdventureGame, Table, random.Random]:
    rng = random.Random(seed)
    table = Table()
    game = AdventureGame.start(table, rng, [Player(n, n.capitalize()) for n in NAMES])
    for name in NAMES:
        strong, weak = rng.sample(list(Suit), 2)
        character = Character.create(
            name, name.capitalize(), name, [Facet(s, f"{name} {s.value}") for s in Suit],
            strong, weak, power=rng.choice(list(Power)))
        game.add_character(table, rng, character)
    return game, table, rng


def check(game: AdventureGame, table: Table, events: tuple[AdventureEvent, ...]) -> None:
    table.check()
    assert len(table.cards) == SHOE
    conflict = game.conflict
    if conflict is not None:
        assert all(conflict.advantage(side) >= 0 for side in Side)
    for event in events:
        for card in event.cards:
            if event.is_private and not table.facing[card].face_up:
                assert table.card(card).face.name not in event.public


def play_conflict(game: AdventureGame, table: Table, rng: random.Random) -> None:
    challenger = NAMES[game.turn % len(NAMES)]
    hand = game.hand(table, challenger)
    if not hand:
        game.draw(table, rng, challenger, 2)
        return
    def did(events: tuple[AdventureEvent, ...]) -> None:
        check(game, table, events)

    did(challenge(game, table, rng, challenger, "to prevail", rng.choice(hand)))
    others = [n for n in NAMES if n != challenger and game.hand(table, n)]
    if not others or rng.random() < 0.1:
        did(no_answer(game, table))
        return
    answerer = rng.choice(others)
    did(answer(game, table, rng, answerer, "to stop it",
                        rng.choice(game.hand(table, answerer))))
    for name in others:
        if name != answerer and rng.random() < 0.6:
            did(support(game, table, rng, name, rng.choice(list(Side)),
                                 rng.choice(game.hand(table, name))))
    for awarded in Side:
        if rng.random() < 0.3:
            did(award_advantage(game, awarded, rng.randint(1, 2), "circumstances"))
    did(reveal(game, table, rng))
    conflict = game.conflict
    assert conflict is not None
    pushes = 0
    while conflict.phase is not Phase.OVER:
        if conflict.phase is Phase.DEADLOCK:
            did(resolve_deadlock(game, table, rng, rng.choice(list(DeadlockWay))))
            continue
        side = conflict.to_move
        assert side is not None
        mover = conflict.side(side).primary
        assert mover is not None
        if can_push(game, table, side) and rng.random() < 0.7:
            did(push(game, table, rng, mover, rng.choice(playable(game, table, side))))
            pushes += 1
        else:
            did(yield_conflict(game, table, rng, mover))
    assert pushes <= sum(a.points for a in conflict.awards) + len(conflict.supports)
    if conflict.winner is not None:
        loser = conflict.side(conflict.winner.other).primary
        assert sum(c.count for c in game.claims if c.character == loser) >= 1
    did(close_conflict(game, table, rng))
    assert game.conflict is None and game.claims == [] and game.hit_allowances == []


@settings(max_examples=40)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_conflicts_keep_the_table_and_the_rules(seed: int) -> None:
    game, table, rng = setup(seed)
    for _ in range(6):
        play_conflict(game, table, rng)
        check(game, table, ())
