"""Turns, scenes and the draws that refill a hand in Fantastical Adventure.

Narration passes around the table in seat order; a turn ends when its player passes it on or
after a Challenge they issued is resolved (see ``close_conflict``). Each new scene, a "dead"
character regains one card (up to the starting hand) and every character draws one card per
short-term Ambition they are working toward. Taking on a short-term Ambition draws 1 and
accomplishing it draws 5, shareable with those who helped; acting in accordance with a Bond
draws 1; two bonded characters may Lend a Hand (give each other cards); a Joker can be traded
for three cards at any time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.cards import CardId
from cardtable.piles import PileId, Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure.characters import Ambition, Bond
from cardtable.resolvers.adventure.events import (
    AdventureEvent,
    AdventureRuleError,
    Events,
    Happening,
    NotNowError,
    called,
    cards_text,
    opening,
)
from cardtable.resolvers.adventure.game import AdventureGame

#: Draws for taking on a short-term Ambition, working toward it in a scene, accomplishing it.
AMBITION_TAKEN = 1
AMBITION_SCENE = 1
AMBITION_ACCOMPLISHED = 5
#: Draws for acting on a Bond, and for trading in a Joker.
BOND_DRAW = 1
JOKER_TRADE = 3


def pass_turn(game: AdventureGame, player: str) -> Events:
    """The player whose turn it is passes narration to the next seat."""
    holder = game.turn_player
    if player != holder.id:
        raise AdventureRuleError(f"It is {holder.name}'s turn, not {game.player(player).name}'s")
    if game.conflict is not None:
        raise NotNowError("Finish the Conflict in progress before passing the turn")
    return game.advance_turn()


def new_scene(
    game: AdventureGame, table: Table, rng: Rng,
    working_toward: Mapping[str, Sequence[str]] | None = None,
) -> Events:
    """Start the next scene. ``working_toward`` maps characters to the short-term Ambitions
    they pursue in it (one draw each); "dead" characters regain a card; standing Advantage of
    the last scene lapses."""
    if game.conflict is not None:
        raise NotNowError("Finish the Conflict in progress before the scene ends")
    plan = dict(working_toward or {})
    for character, ambitions in plan.items():
        who = game.character(character)
        for text in ambitions:
            if who.ambition(text).is_long_term:
                raise AdventureRuleError(
                    f"{text!r} is a long-term Ambition: only short-term ones draw each scene")
    game.scene += 1
    game.standing = [s for s in game.standing if s.scene == game.scene]
    events = [AdventureEvent.said(Happening.SCENE, f"Scene {game.scene} begins")]
    for who in game.characters.values():
        if not who.dead:
            continue
        who.scenes_dead += 1
        if who.has_hand and len(game.hand(table, who.id)) < who.starting_hand:
            events.extend(game.draw(table, rng, who.id, 1, "while \"dead\""))
    for character, ambitions in plan.items():
        for text in dict.fromkeys(ambitions):
            events.extend(game.draw(table, rng, character, AMBITION_SCENE,
                                    f"working toward {text!r}"))
    return tuple(events)


# ---------------------------------------------------------------------------------------------
# Ambitions and Bonds


def take_up_ambition(
    game: AdventureGame, table: Table, rng: Rng, character: str, ambition: Ambition
) -> Events:
    """Take on an Ambition; a short-term one draws a card."""
    who = game.character(character)
    who.add_ambition(ambition)
    kind = "long-term" if ambition.is_long_term else "short-term"
    events = [AdventureEvent.said(
        Happening.SHEET, f"{who.name} takes on the {kind} Ambition {ambition.text!r}")]
    if not ambition.is_long_term and who.has_hand:
        events.extend(game.draw(table, rng, character, AMBITION_TAKEN, "for a new Ambition"))
    return tuple(events)


def drop_ambition(game: AdventureGame, character: str, text: str) -> Events:
    """Abandon an Ambition (a long-term one only once nothing short-term serves it)."""
    who = game.character(character)
    who.drop_ambition(text)
    return (AdventureEvent.said(Happening.SHEET, f"{who.name} abandons the Ambition {text!r}"),)


def accomplish_ambition(
    game: AdventureGame, table: Table, rng: Rng, character: str, text: str, *,
    helpers: Sequence[str] = (), shares: Mapping[str, int] | None = None,
) -> Events:
    """A short-term Ambition accomplished: 5 draws, shared with the characters who helped."""
    who = game.character(character)
    if who.ambition(text).is_long_term:
        raise AdventureRuleError(
            f"{text!r} is long-term: the five draws come from accomplishing short-term Ambitions")
    for helper in helpers:
        game.character(helper)
    plan = dict(shares) if shares is not None else {character: AMBITION_ACCOMPLISHED}
    allowed = {character, *helpers}
    if set(plan) - allowed or sum(plan.values()) != AMBITION_ACCOMPLISHED or min(
            plan.values(), default=0) < 0:
        raise AdventureRuleError(
            f"Share exactly {AMBITION_ACCOMPLISHED} cards among {who.name} and those who helped")
    for taker, count in plan.items():
        if count and not game.character(taker).has_hand:
            raise AdventureRuleError(f"{game.name(taker)} is an environment and never draws")
    who.drop_ambition(text)
    events = [AdventureEvent.said(Happening.SHEET, f"{who.name} accomplished {text!r}")]
    for taker, count in plan.items():
        if count:
            events.extend(game.draw(table, rng, taker, count, f"for accomplishing {text!r}"))
    return tuple(events)


def add_bond(game: AdventureGame, character: str, bond: Bond) -> Events:
    who = game.character(character)
    other = game.name(bond.other)
    who.add_bond(bond)
    return (AdventureEvent.said(Happening.SHEET,
                                f"{who.name} makes a Bond with {other}: {bond.nature}"),)


def break_bond(game: AdventureGame, character: str, other: str) -> Events:
    who = game.character(character)
    who.break_bond(other)
    return (AdventureEvent.said(Happening.SHEET,
                                f"{who.name} breaks their Bond with {game.name(other)}"),)


def act_on_bond(game: AdventureGame, table: Table, rng: Rng, character: str, other: str
                ) -> Events:
    """Acting in accordance with a Bond draws a card. The other character need not be in
    play: a Bond may tie to someone the game has never dealt in (named as the sheet wrote)."""
    who = game.character(character)
    bond = who.bond_with(other)
    named = game.characters[other].name if other in game.characters else other
    if bond is None:
        raise AdventureRuleError(f"{who.name} has no Bond with {named}")
    return game.draw(table, rng, character, BOND_DRAW,
                     f"for acting on the Bond with {named} ({bond.nature})")


def lend_a_hand(
    game: AdventureGame, table: Table, giver: str, receiver: str, cards: Sequence[CardId]
) -> Events:
    """Two bonded characters give each other cards: ``giver`` hands ``cards`` to ``receiver``."""
    lender, taker = game.character(giver), game.character(receiver)
    if lender.bond_with(receiver) is None and taker.bond_with(giver) is None:
        raise AdventureRuleError(
            f"{lender.name} and {taker.name} share no Bond: only bonded characters Lend a Hand")
    if not taker.has_hand:
        raise AdventureRuleError(f"{taker.name} is an environment and has no hand")
    if not cards:
        raise AdventureRuleError("Choose at least one card to give")
    if len(set(cards)) != len(cards):
        raise AdventureRuleError("The same card is listed twice")
    for card in cards:
        game.check_in_hand(table, giver, card)
    table.move(list(cards), PileId(game.hand_id(receiver)), face_up=False)
    public = f"{lender.name} lent {taker.name} {cards_text(len(cards))}"
    private = f"{lender.name} lent {taker.name} {game.names(table, cards)}"
    return (AdventureEvent.hidden(Happening.LENT, public, private, private_to=(giver, receiver),
                                  cards=cards),)


def trade_joker(game: AdventureGame, table: Table, rng: Rng, character: str, card: CardId
                ) -> Events:
    """Discard a Joker from the hand to draw three cards."""
    face = game.check_in_hand(table, character, card)
    if not face.is_joker:
        raise AdventureRuleError(f"{opening(called(face))} is not a Joker: only a Joker "
                                 "trades for three cards")
    game.discard(table, [card])
    events = [AdventureEvent.said(
        Happening.JOKER, f"{game.name(character)} discarded a Joker to draw three cards", [card])]
    events.extend(game.draw(table, rng, character, JOKER_TRADE, "for the Joker"))
    return tuple(events)
