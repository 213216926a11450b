"""Identify Checks: what a vague threat turns out to be.

Whoever introduced the threat lays the top card of the draw pile face down. Characters in the
scene then play cards face up, each saying what the thing is (through the Facet of the card's
suit); each claim must play a higher card than the claim before. At the reveal, a hidden card
higher than every claimed card lets its introducer define the thing freely; otherwise the last
claim stands. Face cards count 10; a Joker is higher than everything but a Deuce played after
it, and two Jokers are level. The hidden card counts as laid first, before every claim: a
claimed Deuce beats a hidden Joker, and a hidden Deuce does not beat a claimed Joker.

>>> later_is_higher(PlayingCard.from_code("2S"), PlayingCard.joker())
True
>>> later_is_higher(PlayingCard.joker(), PlayingCard.from_code("2S"))
True
>>> later_is_higher(PlayingCard.from_code("QH"), PlayingCard.from_code("10C"))
False
>>> hidden_card_wins(PlayingCard.joker(), [PlayingCard.from_code("2S")])
False
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardId, PlayingCard
from cardtable.piles import Pile, PileError, PileId, PileKind, Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure.events import (
    AdventureEvent,
    AdventureRuleError,
    Events,
    Happening,
    NotNowError,
    called,
    opening,
)
from cardtable.resolvers.adventure.game import PILE_PREFIX, AdventureGame
from cardtable.resolvers.adventure.state import IdentifyCheck, IdentifyClaim

IDENTIFY_PILE = f"{PILE_PREFIX}/identify"


def later_is_higher(later: PlayingCard, earlier: PlayingCard) -> bool:
    """Whether ``later``, played after ``earlier``, is the higher card in an Identify Check."""
    if later.is_joker:
        return not earlier.is_joker
    if earlier.is_joker:
        return later.is_deuce
    return later.pips > earlier.pips


def hidden_card_wins(hidden: PlayingCard, claimed: Sequence[PlayingCard]) -> bool:
    """Whether the hidden card is higher than every claim. It was laid first, before every
    claim: a claim beats it when that claim, played after it, is higher, and ties it when
    the two are level (same value, or two Jokers)."""
    return all(_first_is_higher(hidden, card) for card in claimed)


def _first_is_higher(first: PlayingCard, later: PlayingCard) -> bool:
    """Whether ``first`` stays higher than ``later`` played after it (level is not higher)."""
    if later_is_higher(later, first):
        return False
    level = (first.is_joker and later.is_joker) or (
        not first.is_joker and not later.is_joker and first.pips == later.pips
    )
    return not level


def _check(game: AdventureGame) -> IdentifyCheck:
    if game.identify is None:
        raise NotNowError("No Identify Check is in progress")
    return game.identify


def start_identify(
    game: AdventureGame, table: Table, rng: Rng, introducer: str, threat: str
) -> Events:
    """``introducer`` (a player) lays the top card of the draw pile face down for ``threat``."""
    player = game.player(introducer)
    if game.identify is not None:
        raise NotNowError("Finish the Identify Check in progress first")
    if not threat.strip():
        raise AdventureRuleError("Describe the threat, vaguely")
    if IDENTIFY_PILE not in table.piles:
        table.add_pile(Pile(PileId(IDENTIFY_PILE), PileKind.ZONE, "Identify Check"))
    try:
        [hidden] = table.draw(PileId(game.draw_pile), PileId(IDENTIFY_PILE), rng, face_up=False)
    except PileError:
        raise AdventureRuleError("The draw pile and discard pile are empty") from None
    game.identify = IdentifyCheck(introducer, threat, hidden)
    return (AdventureEvent.said(
        Happening.IDENTIFY,
        f"{player.name} introduced {threat!r} and laid the top card of the draw pile face down "
        "for an Identify Check"),)


def identify_claim(
    game: AdventureGame, table: Table, character: str, card: CardId, what: str
) -> Events:
    """``character`` plays ``card`` face up and names the thing; it must top the last claim."""
    check = _check(game)
    who = game.character(character)
    who.ensure_can_act("identify a threat")
    if not what.strip():
        raise AdventureRuleError("Say what the thing is")
    face = game.check_in_hand(table, character, card)
    if check.claims:
        last = check.claims[-1]
        last_face = game.face(table, last.card)
        if not later_is_higher(face, last_face):
            raise AdventureRuleError(
                f"{opening(called(face))} is not higher than {called(last_face)} "
                f"{game.name(last.character)} played: a new claim needs a higher card")
    table.move([card], PileId(IDENTIFY_PILE), face_up=True)
    check.claims.append(IdentifyClaim(character, card, what))
    return (AdventureEvent.said(
        Happening.IDENTIFY,
        f"{who.name} played {called(face)} and, drawing on {who.narrates_with(face)}, says it "
        f"is {what}", [card]),)


def reveal_identify(game: AdventureGame, table: Table) -> Events:
    """Turn the hidden card up and settle what the thing is; the cards are discarded."""
    check = _check(game)
    hidden = game.face(table, check.hidden)
    claimed = [game.face(table, c.card) for c in check.claims]
    introducer = game.player(check.introducer).name
    if hidden_card_wins(hidden, claimed):
        against = "every claim" if claimed else "no claim at all"
        text = (f"The hidden card is {called(hidden)}, higher than {against}: {introducer} "
                f"defines {check.threat!r} freely")
    else:
        last = check.claims[-1]
        text = (f"The hidden card is {called(hidden)}, not higher than every claim: "
                f"{check.threat!r} is {last.what}, as {game.name(last.character)} said")
    game.discard(table, [check.hidden, *[c.card for c in check.claims]])
    game.identify = None
    return (AdventureEvent.said(Happening.IDENTIFY, text, [check.hidden]),)
