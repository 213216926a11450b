"""The rest of Fantastical Adventure as session actions: turns and scenes, Ambitions and
Bonds, Lending a Hand, Jokers, Identify Checks, Hits, face cards and Suspended Challenges.

Like :mod:`cardtable.steps.adventure.conflict` (whose
:func:`~cardtable.steps.adventure.conflict.game_step`
every function here goes through), each function returns one
:class:`~cardtable.session.ResolverStep` that runs a rule step of the resolver on the
session's game, bringing the characters it names into play first; the log gets the
resolver's words, private ones as secrets. No rule is decided here, and no Qt is imported.

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> session = load(demo_path())
>>> _ = session.apply(pass_turn("bea"))
>>> session.log[-1].public
"Bea's turn ends; it is Chidi's turn"
>>> _ = session.apply(new_scene())
>>> session.scene, session.log[-1].public
(2, 'Scene 2 begins')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.cards import CardId, Suit
from cardtable.randomness import Rng
from cardtable.resolvers.adventure import conflict as conflict_rules
from cardtable.resolvers.adventure import hits, identify, play, showdown
from cardtable.resolvers.adventure.characters import Ambition
from cardtable.resolvers.adventure.hits import HitChoice
from cardtable.resolvers.adventure.state import Side
from cardtable.session import CharacterId, Decider, Event, GameState, ResolverStep
from cardtable.steps.adventure.conflict import (
    ensure_game,
    game_step,
    join,
    not_ready,
    session_events,
)
from cardtable.steps.adventure.mirror import mirror, snapshot

# ---------------------------------------------------------------------------------------------
# Turns and scenes


def pass_turn(player: str) -> ResolverStep:
    """``player``, whose turn it is, passes narration to the next seat."""
    return game_step(lambda g, t, r: play.pass_turn(g, player))


def new_scene(working_toward: Mapping[str, Sequence[str]] | None = None) -> ResolverStep:
    """The next scene: each character in ``working_toward`` draws for each short-term Ambition
    pursued in it, "dead" characters regain a card; the session's scene number follows."""
    plan = {c: list(a) for c, a in (working_toward or {}).items() if a}

    def step(state: GameState, rng: Rng) -> list[Event]:
        game, said = ensure_game(state)
        for character in plan:
            said += join(state, rng, game, character)
        # The table may have counted scenes before the game began: the game catches up.
        game.scene = max(game.scene, state.scene)
        before = snapshot(game)
        said += session_events(state, play.new_scene(game, state.table, rng, plan))
        mirror(state, game, before)
        state.scene = game.scene
        return said

    return ResolverStep(step, decider=Decider.gm("begin a new scene"))


# ---------------------------------------------------------------------------------------------
# Ambitions, Bonds, Lending a Hand, Jokers


def take_up_ambition(character: str, text: str, serves: str | None) -> ResolverStep:
    """Take on an Ambition (short-term when it ``serves`` a long-term one: a card is drawn)."""
    ambition = Ambition(text, serves)
    return game_step(lambda g, t, r: play.take_up_ambition(g, t, r, character, ambition),
                     involving=[character], decider=Decider.of(character, "take up an Ambition"))


def accomplish(character: str, text: str, shares: Mapping[str, int]) -> ResolverStep:
    """A short-term Ambition accomplished: five cards shared as ``shares`` says among the
    character and those who helped."""
    helpers = [c for c in shares if c != character]
    plan = dict(shares)
    return game_step(
        lambda g, t, r: play.accomplish_ambition(g, t, r, character, text, helpers=helpers,
                                                 shares=plan),
        involving=[character, *helpers], decider=Decider.of(character, "accomplish an Ambition"))


def act_on_bond(character: str, other: str) -> ResolverStep:
    """Acting in accordance with the Bond to ``other`` draws a card (``other``, when a
    session character ready to play, is brought into the game too, so the log names them)."""

    def step(state: GameState, rng: Rng) -> list[Event]:
        game, said = ensure_game(state)
        said += join(state, rng, game, character)
        bonded = state.characters.get(CharacterId(other))
        if bonded is not None and not_ready(bonded) is None:
            said += join(state, rng, game, other)
        before = snapshot(game)
        said += session_events(state, play.act_on_bond(game, state.table, rng, character, other))
        mirror(state, game, before)
        return said

    return ResolverStep(step, decider=Decider.of(character, "act on a Bond"))


def lend_a_hand(giver: str, receiver: str, cards: Sequence[CardId]) -> ResolverStep:
    """``giver`` hands ``cards`` to the bonded ``receiver``."""
    chosen = list(cards)
    return game_step(lambda g, t, r: play.lend_a_hand(g, t, giver, receiver, chosen),
                     involving=[giver, receiver], decider=Decider.of(giver, "lend a hand"))


def trade_joker(character: str, card: CardId) -> ResolverStep:
    """Discard a Joker from ``character``'s hand to draw three cards."""
    return game_step(lambda g, t, r: play.trade_joker(g, t, r, character, card),
                     involving=[character], decider=Decider.of(character, "trade a Joker"))


# ---------------------------------------------------------------------------------------------
# Identify Checks


def start_identify(introducer: str, threat: str) -> ResolverStep:
    """The player ``introducer`` lays the top card of the draw pile face down for ``threat``."""
    return game_step(lambda g, t, r: identify.start_identify(g, t, r, introducer, threat))


def identify_claim(character: str, card: CardId, what: str) -> ResolverStep:
    """``character`` plays ``card`` face up, saying the thing is ``what``."""
    return game_step(lambda g, t, r: identify.identify_claim(g, t, character, card, what),
                     involving=[character], decider=Decider.of(character, "claim"))


def reveal_identify() -> ResolverStep:
    """The hidden card turns up and settles what the thing is."""
    return game_step(lambda g, t, r: identify.reveal_identify(g, t))


# ---------------------------------------------------------------------------------------------
# Hits


def strike(hitter: str, target: str) -> ResolverStep:
    """``hitter`` uses a Hit they earned on ``target``."""
    return game_step(lambda g, t, r: hits.strike(g, hitter, target),
                     decider=Decider.of(hitter, "strike a Hit"))


def take_hit(target: str, choice: HitChoice, *, card: CardId | None = None,
             suit: Suit | None = None) -> ResolverStep:
    """``target``'s player takes the Hit as ``choice`` says."""
    return game_step(lambda g, t, r: hits.take_hit(g, t, target, choice, card=card, suit=suit),
                     decider=Decider.of(target, "take the Hit"))


def shake_it_off(character: str, *, card: CardId | None = None, suit: Suit | None = None
                 ) -> ResolverStep:
    """A character who Went Down gets up, discarding ``card`` or losing the Facet on ``suit``."""
    return game_step(lambda g, t, r: hits.shake_it_off(g, t, character, card=card, suit=suit),
                     decider=Decider.of(character, "get up"))


def treat(character: str) -> ResolverStep:
    """The character's wounds are treated: on their feet, every Facet back."""
    return game_step(lambda g, t, r: hits.treat(g, character))


# ---------------------------------------------------------------------------------------------
# Face cards and Suspended Challenges


def challenge_with(
    challenger: str, goal: str, card: CardId | None, *, jack: CardId | None = None,
    king: CardId | None = None, ace: CardId | None = None, hit_target: str | None = None,
) -> ResolverStep:
    """Issue a Challenge with the face cards played beside it: a Jack (out of turn, or
    pre-empting a Challenge not yet revealed), a King (no Supporters for the Answerer), an
    Ace (only an Ace answers). ``hit_target`` is a third party the goal is to Hit: the winner
    may Hit them too."""
    return game_step(
        lambda g, t, r: conflict_rules.challenge(g, t, r, challenger, goal, card, jack=jack,
                                                 king=king, ace=ace, hit_target=hit_target),
        involving=[challenger, *([hit_target] if hit_target else [])],
        decider=Decider.of(challenger, "issue a Challenge"))


def answer_with(answerer: str, intent: str, card: CardId | None, *, ace: CardId | None = None
                ) -> ResolverStep:
    """Answer, with the Ace an Ace Challenge demands."""
    return game_step(
        lambda g, t, r: conflict_rules.answer(g, t, r, answerer, intent, card, ace=ace),
        involving=[answerer], decider=Decider.of(answerer, "answer"))


def queen(character: str, card: CardId, against: Side | None = None) -> ResolverStep:
    """After a win, ``character`` plays a Queen to cancel the winner's goal for a Hit."""
    return game_step(lambda g, t, r: showdown.queen(g, t, r, character, card, against),
                     involving=[character], decider=Decider.of(character, "play a Queen"))


def suspend(challenger: str, goal: str, note: str, card: CardId | None) -> ResolverStep:
    """Set a Challenge aside face down with a note, to be answered later."""
    return game_step(lambda g, t, r: conflict_rules.suspend(g, t, r, challenger, goal, note, card),
                     involving=[challenger],
                     decider=Decider.of(challenger, "suspend a Challenge"))


def answer_suspended(number: int, answerer: str, intent: str, card: CardId | None
                     ) -> ResolverStep:
    """Answer Suspended Challenge ``number``: it becomes the Conflict in progress."""
    return game_step(
        lambda g, t, r: conflict_rules.answer_suspended(g, t, r, number, answerer, intent, card),
        involving=[answerer], decider=Decider.of(answerer, "answer"))


__all__ = [
    "accomplish",
    "act_on_bond",
    "answer_suspended",
    "answer_with",
    "challenge_with",
    "identify_claim",
    "lend_a_hand",
    "new_scene",
    "pass_turn",
    "queen",
    "reveal_identify",
    "shake_it_off",
    "start_identify",
    "strike",
    "suspend",
    "take_hit",
    "take_up_ambition",
    "trade_joker",
    "treat",
]
