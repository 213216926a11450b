"""A Fantastical Adventure Conflict as session actions: each button of the Conflict panel is one.

Every function returns a :class:`~cardtable.session.ResolverStep` that runs one step of
:mod:`cardtable.resolvers.adventure.conflict` or :mod:`~cardtable.resolvers.adventure.showdown`
on the session's table, and logs the resolver's events, private ones as secrets of the player
controlling the character they are about. The rules stay in the resolver; this module only
finds (or starts) the :class:`AdventureGame` in the session and brings the session's characters
into it, with the hands and face-down zones the session already keeps for them. No Qt here.

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> session = load(demo_path())
>>> _ = session.apply(game_step(lambda game, table, rng: game.advance_turn()))
>>> game = find_game(session.state)
>>> game.turn_player.name, session.log[-1].public
('Chidi', "Bea's turn ends; it is Chidi's turn")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from cardtable.cards import CardId
from cardtable.piles import Pile, PileId, PileKind, Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure import conflict as conflict_steps
from cardtable.resolvers.adventure import showdown
from cardtable.resolvers.adventure.characters import Character as PlayCharacter
from cardtable.resolvers.adventure.events import AdventureRuleError, Events
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.showdown import DeadlockWay
from cardtable.resolvers.adventure.state import Player, Purse, Side
from cardtable.session import (
    ANYONE,
    Character,
    CharacterId,
    Decider,
    Event,
    GameState,
    ResolverStep,
    hand_id,
)
from cardtable.session import Player as SessionPlayer
from cardtable.session.authority import DeciderRule
from cardtable.sheets.adventure import AdventureSheet
from cardtable.steps.adventure.mirror import bond_ids, mirror, snapshot

#: The id a game started here gets in ``session.resolvers`` (a game already there, under any
#: id, is used instead).
ADVENTURE_RESOLVER = "adventure-game"
SHOE_SOURCES = ("shoe", "playing-cards")

Run = Callable[[AdventureGame, Table, Rng], Events]


def find_game(state: GameState) -> AdventureGame | None:
    """The game of Fantastical Adventure in the session, if one has begun."""
    return next((v for v in state.resolvers.values() if isinstance(v, AdventureGame)), None)


def adventure_characters(state: GameState) -> list[Character]:
    """The session's characters with a Fantastical Adventure sheet, in the order they joined."""
    return [c for c in state.characters.values() if isinstance(c.sheet, AdventureSheet)]


def first_narrator(state: GameState) -> SessionPlayer | None:
    """The seat whose turn opens a game of Fantastical Adventure: the first, in seat order,
    who plays a Fantastical Adventure character (the first seat while nobody does); None
    with nobody at the table. A turn is for issuing a Challenge, which needs a character."""
    players = {c.player for c in adventure_characters(state)}
    seats = state.players
    return next((p for p in seats if p.id in players), seats[0] if seats else None)


def not_ready(character: Character) -> str | None:
    """Why ``character``'s sheet cannot play yet (None when it can)."""
    sheet = character.sheet
    if not isinstance(sheet, AdventureSheet):
        return f"{character.name} has no Fantastical Adventure sheet"
    if sheet.strong is None or sheet.weak is None:
        return f"{character.name}'s sheet needs a Strong Suit and a Weak Suit"
    return None


def zone_pile(character: Character) -> PileId:
    """Where the session keeps a character's face-down cards."""
    return PileId(f"zone/{character.id}")


def has_shoe(state: GameState) -> bool:
    """Whether the session has a shoe of playing cards to play Fantastical Adventure with."""
    return any(deck.source in SHOE_SOURCES for deck in state.decks)


def _shoe(state: GameState) -> str:
    for deck in state.decks:
        if deck.source in SHOE_SOURCES:
            return deck.id
    raise AdventureRuleError("Put a shoe of playing cards on the table first")


def ensure_game(state: GameState) -> tuple[AdventureGame, list[Event]]:
    """The session's game, started on its shoe when there is none yet; players who sat down
    since join it (with their 10 Applause)."""
    game = find_game(state)
    said: list[Event] = []
    if game is None:
        deck = _shoe(state)
        players = [Player(p.id, p.name) for p in state.players]
        game = AdventureGame.on(f"{deck}/draw", f"{deck}/discard", players)
        opening = first_narrator(state)
        game.turn = next((i for i, p in enumerate(players) if opening and p.id == opening.id), 0)
        if ADVENTURE_RESOLVER in state.resolvers:
            raise AdventureRuleError(f"Something else is in progress as {ADVENTURE_RESOLVER!r}")
        state.resolvers[ADVENTURE_RESOLVER] = game
        label = state.table.pile(PileId(game.draw_pile)).label
        said.append(Event.said(f"Fantastical Adventure begins, drawing from {label}"))
    known = {p.id for p in game.players}
    for player in state.players:
        if player.id not in known:
            game.players.append(Player(player.id, player.name))
            game.purses[player.id] = Purse()
    return game, said


def join(state: GameState, rng: Rng, game: AdventureGame, character_id: str) -> list[Event]:
    """Bring a session character into the game, with its hand and face-down zone (the zone
    made when the session has none; a character without a hand joins as an environment);
    nothing to do for one already in."""
    if character_id in game.characters:
        return []
    character = state.character(CharacterId(character_id))
    reason = not_ready(character)
    if reason is not None:
        raise AdventureRuleError(reason)
    sheet = character.sheet
    assert isinstance(sheet, AdventureSheet)
    table = state.table
    hand, zone = hand_id(character), zone_pile(character)
    environment = is_environment(state, character)
    if zone not in table.piles:
        table.add_pile(Pile(zone, PileKind.ZONE, f"{character.name}'s face-down cards",
                            owner=character.id))
    playing = PlayCharacter.from_sheet(character.id, character.player, sheet,
                                       environment=environment)
    bond_ids(state, playing)
    events = game.adopt_character(table, rng, playing, hand=None if environment else hand,
                                  zone=zone)
    return session_events(state, events)


def is_environment(state: GameState, character: Character) -> bool:
    """A Fantastical Adventure character brought in without a hand of cards plays as an
    environment (a desert, a jungle): it takes the top card of the draw pile when it needs
    one. One already in the game is what it joined as."""
    game = find_game(state)
    if game is not None and character.id in game.characters:
        return not game.characters[character.id].has_hand
    return hand_id(character) not in state.table.piles


def session_events(state: GameState, events: Events) -> list[Event]:
    """The resolver's events as log events: a private one is read by the player controlling
    the characters it is private to (by nobody when they are several players' characters)."""
    out = []
    for event in events:
        if not event.is_private:
            out.append(Event.said(event.public))
            continue
        owners = {
            state.characters[CharacterId(c)].player
            for c in event.private_to
            if CharacterId(c) in state.characters
        }
        owner = owners.pop() if len(owners) == 1 else None
        out.append(Event.secret(event.public, event.private, owner, event.cards))
    return out


def game_step(
    run: Run,
    *,
    involving: Sequence[str] = (),
    checkpoint: str | None = None,
    decider: DeciderRule = ANYONE,
) -> ResolverStep:
    """A step that runs ``run`` on the session's game (started if need be), after bringing
    the ``involving`` characters into it. ``decider`` says whose decision it is (see
    :class:`~cardtable.session.Decider`): an Answer is its character's player's alone."""

    def step(state: GameState, rng: Rng) -> list[Event]:
        game, said = ensure_game(state)
        for character in involving:
            said += join(state, rng, game, character)
        before = snapshot(game)
        said += session_events(state, run(game, state.table, rng))
        mirror(state, game, before)
        return said

    return ResolverStep(step, checkpoint=checkpoint, decider=decider)


# ---------------------------------------------------------------------------------------------
# The steps of a Conflict


def issue_challenge(challenger: str, goal: str, card: CardId | None) -> ResolverStep:
    """``challenger`` states ``goal`` and lays ``card`` face down."""
    return game_step(
        lambda g, t, r: conflict_steps.challenge(g, t, r, challenger, goal, card),
        involving=[challenger],
        decider=Decider.of(challenger, "issue a Challenge"),
    )


def answer(answerer: str, intent: str, card: CardId | None) -> ResolverStep:
    """``answerer`` states an intent and lays ``card`` face down."""
    return game_step(
        lambda g, t, r: conflict_steps.answer(g, t, r, answerer, intent, card),
        involving=[answerer],
        decider=Decider.of(answerer, "answer"),
    )


def no_answer() -> ResolverStep:
    """Nobody answers: the Challenger attains the goal. The GM says so (anyone at a table
    without one): the Answerers need their turns at the computer first."""
    return game_step(lambda g, t, r: conflict_steps.no_answer(g, t),
                     decider=Decider.gm("say that nobody answers"))


def support(supporter: str, side: Side, card: CardId | None) -> ResolverStep:
    """``supporter`` joins ``side`` with ``card`` face down."""
    return game_step(
        lambda g, t, r: conflict_steps.support(g, t, r, supporter, side, card),
        involving=[supporter],
        decider=Decider.of(supporter, "support"),
    )


def award(side: Side, points: int, reason: str) -> ResolverStep:
    """The table awards ``side`` Advantage for a circumstance."""
    return game_step(
        lambda g, t, r: conflict_steps.award_advantage(g, side, points, reason),
        decider=Decider.gm("award Advantage"),
    )


def reveal() -> ResolverStep:
    """Every face-down card of the Conflict turns up; pairs and primaries resolve."""
    return game_step(conflict_steps.reveal)


def push(character: str, card: CardId | None) -> ResolverStep:
    """Push (or Push back) with ``card``."""
    return game_step(
        lambda g, t, r: showdown.push(g, t, r, character, card),
        decider=Decider.of(character, "push"),
    )


def yield_conflict(character: str) -> ResolverStep:
    """The primary to move Yields."""
    return game_step(
        lambda g, t, r: showdown.yield_conflict(g, t, r, character),
        decider=Decider.of(character, "yield"),
    )


def settle_deadlock(way: DeadlockWay) -> ResolverStep:
    """End a Deadlock the agreed way; a coin flip is one undo does not take back."""
    checkpoint = "The coin was flipped." if way is DeadlockWay.COIN_FLIP else None
    return game_step(lambda g, t, r: showdown.resolve_deadlock(g, t, r, way),
                     checkpoint=checkpoint)


def earner_rule(claim: int, doing: str) -> Callable[[GameState], Decider]:
    """Draws owed are their earner's: the player controlling the character who earned them
    shares them out or turns them down (the GM's once the claim is gone, to refuse alike)."""

    def rule(state: GameState) -> Decider:
        game = find_game(state)
        found = next((c for c in game.claims if c.id == claim), None) if game else None
        return Decider.of(found.character, doing) if found else Decider.gm(doing)

    return rule


def take_draws(claim: int, shares: Mapping[str, int] | None = None) -> ResolverStep:
    """Draw the cards a claim owes, shared as ``shares`` says (default: all to the earner);
    the earner's player's to do."""
    return game_step(lambda g, t, r: g.take_claim(t, r, claim, shares),
                     decider=earner_rule(claim, "draw"))


def decline_draws(claim: int) -> ResolverStep:
    """Turn down draws one may take (the earner's player's to do)."""
    return game_step(lambda g, t, r: g.decline_claim(claim),
                     decider=earner_rule(claim, "turn down these draws"))


def close() -> ResolverStep:
    """Close the resolved Conflict: draws owed are drawn, cards discarded, the turn moves on."""
    return game_step(showdown.close_conflict)


# ---------------------------------------------------------------------------------------------
# Reading, for the panel


def push_refusal(game: AdventureGame, table: Table, side: Side) -> str | None:
    """Why the primary of ``side`` cannot Push (back) now, or None when they can."""
    conflict = game.conflict
    if conflict is None:
        return "no Conflict is in progress"
    primary = conflict.side(side).primary
    if primary is None:
        return "this side has no primary"
    name = game.name(primary)
    if conflict.advantage(side) < 1:
        return f"{name} has no Advantage left: {name} must Yield"
    if showdown.can_push(game, table, side):
        return None
    if side is conflict.pusher:
        return f"{name} has no card left to push with"
    return f"no card in {name}'s hand trumps the latest card"


__all__ = [
    "ADVENTURE_RESOLVER",
    "DeadlockWay",
    "Side",
    "adventure_characters",
    "answer",
    "award",
    "close",
    "decline_draws",
    "earner_rule",
    "ensure_game",
    "find_game",
    "first_narrator",
    "has_shoe",
    "is_environment",
    "issue_challenge",
    "join",
    "no_answer",
    "not_ready",
    "push",
    "push_refusal",
    "reveal",
    "session_events",
    "settle_deadlock",
    "support",
    "take_draws",
    "yield_conflict",
    "zone_pile",
]
