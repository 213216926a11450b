"""Hits and "death" in Fantastical Adventure.

A Conflict's winner may Hit the loser (and the winner of a Supporter pair their opponent):
:func:`strike` turns that allowance into a Hit the target's player must take with
:func:`take_hit`. They choose: Go Down (cannot act until treated or Shaking It Off), Shake It
Off (discard a card, or lose a Facet until treated), or be "killed". A character who has lost
all four Facets is "killed". A Queen's player takes a Hit the same way.
"""

from __future__ import annotations

import enum

from cardtable.cards import CardId, Suit
from cardtable.piles import Table
from cardtable.resolvers.adventure.events import (
    AdventureEvent,
    AdventureRuleError,
    Events,
    Happening,
    NotNowError,
    called,
)
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import PendingHit


class HitChoice(enum.Enum):
    """How a Hit character's player takes the Hit."""

    GO_DOWN = "go down"
    SHAKE_OFF_DISCARD = "shake it off (discard a card)"
    SHAKE_OFF_FACET = "shake it off (lose a Facet)"
    KILLED = "killed"


def strike(game: AdventureGame, hitter: str, target: str) -> Events:
    """``hitter`` uses an allowance to Hit ``target``, who must now take it."""
    allowance = next((a for a in game.hit_allowances
                      if a.hitter == hitter and a.target == target), None)
    if allowance is None:
        raise AdventureRuleError(
            f"{game.name(hitter)} has not earned a Hit on {game.name(target)}: Hits come from "
            "winning a Conflict or a Supporter pair")
    if game.character(target).dead:
        raise AdventureRuleError(f"{game.name(target)} is already \"dead\"")
    game.hit_allowances.remove(allowance)
    game.pending_hits.append(PendingHit(target, f"from {game.name(hitter)} {allowance.reason}"))
    return (AdventureEvent.said(
        Happening.HIT, f"{game.name(hitter)} Hits {game.name(target)}, whose player chooses: "
        "Go Down, Shake It Off or be \"killed\""),)


def take_hit(
    game: AdventureGame, table: Table, target: str, choice: HitChoice, *,
    card: CardId | None = None, suit: Suit | None = None,
) -> Events:
    """``target``'s player takes their oldest pending Hit as ``choice`` says (``card`` to
    discard, or ``suit`` of the Facet to lose, when Shaking It Off)."""
    pending = next((h for h in game.pending_hits if h.target == target), None)
    character = game.character(target)
    if pending is None:
        raise NotNowError(f"{character.name} has no Hit to take")
    events = _suffer(game, table, target, choice, card, suit)
    game.pending_hits.remove(pending)
    if character.dead:
        game.pending_hits = [h for h in game.pending_hits if h.target != target]
    return events


def _suffer(game: AdventureGame, table: Table, target: str, choice: HitChoice,
            card: CardId | None, suit: Suit | None) -> Events:
    character = game.character(target)
    name = character.name
    if choice is not HitChoice.SHAKE_OFF_DISCARD and card is not None:
        raise AdventureRuleError("A card is discarded only when Shaking It Off with a card")
    if choice is not HitChoice.SHAKE_OFF_FACET and suit is not None:
        raise AdventureRuleError("A Facet is lost only when Shaking It Off with a Facet")
    if choice is HitChoice.GO_DOWN:
        character.down = True
        return (AdventureEvent.said(
            Happening.DOWN, f"{name} Goes Down and cannot act until treated or Shaking It Off"),)
    if choice is HitChoice.KILLED:
        character.kill()
        return (AdventureEvent.said(
            Happening.KILLED, f"{name} is \"killed\": narrate a death nobody quite sees"),)
    return shake_off(game, table, target, card, suit, "Shakes It Off")


def shake_off(game: AdventureGame, table: Table, target: str, card: CardId | None,
              suit: Suit | None, verb: str) -> Events:
    """Pay for Shaking It Off: discard ``card`` or lose the Facet on ``suit``."""
    character = game.character(target)
    name = character.name
    if (card is None) == (suit is None):
        raise AdventureRuleError(
            f"To Shake It Off, {name} discards one card or loses one Facet: name one of them")
    if card is not None:
        face = game.check_in_hand(table, target, card)
        game.discard(table, [card])
        character.down = False
        return (AdventureEvent.said(
            Happening.HIT, f"{name} {verb}, discarding {called(face)}", [card]),)
    assert suit is not None
    facet = character.facet(suit)
    killed = character.lose_facet(suit)
    character.down = False
    text = f"{name} {verb}, losing the {facet.name} Facet until treated"
    if killed:
        return (AdventureEvent.said(
            Happening.KILLED, f"{text}; with all four Facets lost, {name} is \"killed\""),)
    return (AdventureEvent.said(Happening.HIT, text),)


def shake_it_off(
    game: AdventureGame, table: Table, character: str, *, card: CardId | None = None,
    suit: Suit | None = None,
) -> Events:
    """A character who Went Down gets up by discarding a card or losing a Facet."""
    who = game.character(character)
    if not who.down:
        raise NotNowError(f"{who.name} has not Gone Down")
    return shake_off(game, table, character, card, suit, "Shakes It Off and gets up")


def treat(game: AdventureGame, character: str) -> Events:
    """Wounds treated: the character is back on their feet with every Facet."""
    who = game.character(character)
    if who.dead:
        raise AdventureRuleError(f"{who.name} is \"dead\"; only a Miraculous Survival brings "
                                 "them back")
    if not who.down and not who.lost:
        raise NotNowError(f"{who.name} has no wounds to treat")
    back = who.treat()
    regained = [who.facet(s).name for s in back]
    tail = f", regaining {', '.join(regained)}" if regained else ""
    return (AdventureEvent.said(Happening.TREATED, f"{who.name}'s wounds are treated{tail}"),)
