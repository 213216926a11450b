"""A Fantastical Adventure Conflict from the primaries' comparison to its end.

The trumped primary Yields (forfeits the goal, draws Advantage + 1, shareable with their
Supporters) or Pushes (spends 1 Advantage and plays any card as a comeback). The other must then
Yield or Push back (1 Advantage, a card that trumps the latest card), and so on until a side
Yields; a side with no Advantage left, or no card it can play, can only Yield. An environment
pushes with the top card of the draw pile; if that card fails to trump when pushing back, its
push back fails and it loses.

The winner narrates with the Facet of the suit of their last card, may Hit the loser (and the
third party the Challenger aimed to Hit), and draws for unspent Advantage; the loser always
draws at least one card. A Deadlock ends by both yielding, both attaining their goals, or a
coin flip. After a win, a Queen may cancel the winner's goal for a Hit on its player.
Closing the Conflict discards its cards, settles the draws not yet shared and ends the
Challenger's turn (not after a Jack's interruption or a Suspended Challenge).
"""

from __future__ import annotations

import enum

from cardtable.beats import Trump, trump
from cardtable.cards import CardId, Rank
from cardtable.piles import PileId, Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure.conflict import (
    active,
    advance,
    played,
    primary_played,
    settle_pair,
    shown,
)
from cardtable.resolvers.adventure.events import (
    AdventureEvent,
    AdventureRuleError,
    Events,
    Happening,
    NoAdvantageError,
    NotNowError,
    called,
    opening,
)
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import Conflict, PendingHit, Phase, Side


class DeadlockWay(enum.Enum):
    """The three ways out of a Deadlock the two players may agree on."""

    BOTH_YIELD = "both yield"
    BOTH_ATTAIN = "both attain"
    COIN_FLIP = "coin flip"


def _showdown(game: AdventureGame, character: str) -> tuple[Conflict, Side]:
    conflict = active(game)
    if conflict.phase is not Phase.SHOWDOWN or conflict.to_move is None:
        raise NotNowError("Nobody has to Yield or Push now")
    side = conflict.to_move
    mover = conflict.side(side).primary
    assert mover is not None
    if character != mover:
        raise AdventureRuleError(
            f"It is {game.name(mover)}'s move (Yield or Push), not {game.name(character)}'s")
    return conflict, side


def playable(game: AdventureGame, table: Table, side: Side) -> list[CardId]:
    """Cards the primary of ``side`` could push with now (all of the hand for a Push, only
    cards that trump the latest card for a Push back). Empty for an environment."""
    conflict = active(game)
    primary = conflict.side(side).primary
    assert primary is not None
    hand = game.hand(table, primary)
    if side is conflict.pusher:
        return hand
    latest = primary_played(game, table, conflict, side.other)
    return [c for c in hand if trump(played(game, table, primary, c), latest) is Trump.FIRST]


def can_push(game: AdventureGame, table: Table, side: Side) -> bool:
    """Whether the primary of ``side`` has Advantage left and something to push with."""
    conflict = active(game)
    primary = conflict.side(side).primary
    assert primary is not None
    if conflict.advantage(side) < 1:
        return False
    if not game.character(primary).has_hand:
        return bool(table.pile(PileId(game.draw_pile)).cards
                    or table.pile(PileId(game.discard_pile)).cards)
    return bool(playable(game, table, side))


def push(
    game: AdventureGame, table: Table, rng: Rng, character: str, card: CardId | None = None
) -> Events:
    """Push (or Push back): spend 1 Advantage and play ``card`` face up.

    A Push back must trump the latest card; an environment plays the top card of the draw
    pile (``card`` None).
    """
    conflict, side = _showdown(game, character)
    state = conflict.side(side)
    name = game.name(character)
    if conflict.advantage(side) < 1:
        raise NoAdvantageError(f"{name} has no Advantage left to push with: {name} must Yield")
    back = side is not conflict.pusher
    latest = primary_played(game, table, conflict, side.other)
    other = conflict.side(side.other)
    assert other.primary is not None and other.latest is not None
    against = f"{game.name(other.primary)}'s {game.face(table, other.latest).name}"
    if card is not None or game.character(character).has_hand:
        if card is None:
            raise AdventureRuleError(f"Choose the card {name} pushes with")
        game.check_in_hand(table, character, card)
        if back and trump(played(game, table, character, card), latest) is not Trump.FIRST:
            raise AdventureRuleError(
                f"{opening(called(game.face(table, card)))} does not trump {against}: "
                "a Push back must trump the latest card")
    before = conflict.advantage(side)
    laid = game.lay(table, rng, character, card, face_up=True)
    state.spent += 1
    state.latest = laid
    verb = "pushed back" if back else "pushed"
    text = (f"{name} {verb} with {shown(game, table, character, laid)} against {against} "
            f"(Advantage {before} → {conflict.advantage(side)})")
    events = [AdventureEvent.said(Happening.PUSH, text, [laid])]
    if back and trump(played(game, table, character, laid), latest) is not Trump.FIRST:
        events.append(AdventureEvent.said(
            Happening.YIELD, f"{name}'s card does not trump {against}: the push back fails"))
        events.extend(finish(game, table, conflict, side.other, loser_yielded=True))
        return tuple(events)
    conflict.to_move = side.other
    follow = "Yield or Push back" if side is conflict.pusher else "Yield or Push"
    events.append(AdventureEvent.said(
        Happening.PUSH, f"{game.name(other.primary)} must {follow}"))
    return tuple(events)


def yield_conflict(game: AdventureGame, table: Table, rng: Rng, character: str) -> Events:
    """The primary to move Yields: forfeits the goal and draws Advantage + 1."""
    conflict, side = _showdown(game, character)
    events = [AdventureEvent.said(Happening.YIELD, f"{game.name(character)} yielded")]
    events.extend(finish(game, table, conflict, side.other, loser_yielded=True))
    return tuple(events)


def _goal(conflict: Conflict, side: Side) -> str:
    return repr(conflict.goal) if side is Side.CHALLENGE else f"to stop it ({conflict.intent!r})"


def _owe(game: AdventureGame, conflict: Conflict, side: Side, count: int, reason: str) -> Events:
    primary = conflict.side(side).primary
    assert primary is not None
    before = len(game.claims)
    events = game.owe(primary, count, reason, conflict.supporters(side))
    conflict.claim_ids += [c.id for c in game.claims[before:]]
    return events


def _draws(game: AdventureGame, conflict: Conflict, side: Side, *, extra: int) -> int:
    """Advantage (never for an environment) plus ``extra``."""
    primary = conflict.side(side).primary
    assert primary is not None
    advantage = conflict.advantage(side) if game.character(primary).has_hand else 0
    return advantage + extra


def finish(
    game: AdventureGame, table: Table, conflict: Conflict, winner: Side, *, loser_yielded: bool
) -> Events:
    """``winner`` wins: narration, Hits allowed, and the draws of both sides."""
    conflict.phase = Phase.OVER
    conflict.winner = winner
    conflict.to_move = None
    win, lose = conflict.side(winner), conflict.side(winner.other)
    assert win.primary and win.latest and lose.primary
    facet = game.character(win.primary).narrates_with(game.face(table, win.latest))
    if winner is Side.CHALLENGE:
        outcome = f"attains {conflict.goal!r}"
    else:
        outcome = f"stops the Challenge ({conflict.intent!r}): {conflict.goal!r} is not attained"
    events = [AdventureEvent.said(
        Happening.WON,
        f"{game.name(win.primary)} wins the Conflict and {outcome}; "
        f"{game.name(win.primary)} narrates with {facet}")]
    events.extend(game.allow_hit(win.primary, lose.primary, "after winning the Conflict"))
    target = conflict.hit_target
    if winner is Side.CHALLENGE and target not in (None, lose.primary, win.primary):
        assert target is not None
        events.extend(game.allow_hit(win.primary, target, "as the Challenge aimed to"))
    if loser_yielded:
        events.extend(_owe(game, conflict, winner.other,
                           _draws(game, conflict, winner.other, extra=1),
                           "for yielding (Advantage + 1)"))
    else:
        events.extend(_owe(game, conflict, winner.other, 1, "for losing (at least one card)"))
    events.extend(_owe(game, conflict, winner, _draws(game, conflict, winner, extra=0),
                       "for unspent Advantage"))
    return tuple(events)


def resolve_deadlock(game: AdventureGame, table: Table, rng: Rng, way: DeadlockWay) -> Events:
    """Settle the Deadlock the way the two players agreed."""
    conflict = active(game)
    if conflict.phase is not Phase.DEADLOCK:
        raise NotNowError("There is no Deadlock to resolve")
    if conflict.deadlock_pair is not None:
        return _pair_deadlock(game, table, rng, conflict, way)
    challenger, answerer = conflict.challenger, conflict.answerer
    assert answerer is not None
    events: list[AdventureEvent] = []
    if way is DeadlockWay.COIN_FLIP:
        winner = Side.CHALLENGE if rng.random() < 0.5 else Side.ANSWER
        lucky = conflict.side(winner).primary
        assert lucky is not None
        events.append(AdventureEvent.said(
            Happening.DEADLOCK, f"The coin flip goes to {game.name(lucky)}"))
        events.extend(finish(game, table, conflict, winner, loser_yielded=False))
        return tuple(events)
    conflict.phase = Phase.OVER
    conflict.to_move = None
    if way is DeadlockWay.BOTH_YIELD:
        conflict.both_yield = True
        events.append(AdventureEvent.said(
            Happening.DEADLOCK, f"{game.name(challenger)} and {game.name(answerer)} both yield "
            "and forfeit their goals"))
        for side in Side:
            events.extend(_owe(game, conflict, side, _draws(game, conflict, side, extra=1),
                               "for yielding (Advantage + 1)"))
    else:
        conflict.both_attain = True
        events.append(AdventureEvent.said(
            Happening.DEADLOCK, f"{game.name(challenger)} attains {conflict.goal!r} and "
            f"{game.name(answerer)} attains {conflict.intent!r}"))
        for side in Side:
            events.extend(_owe(game, conflict, side, _draws(game, conflict, side, extra=0),
                               "for unspent Advantage"))
    return tuple(events)


def _pair_deadlock(
    game: AdventureGame, table: Table, rng: Rng, conflict: Conflict, way: DeadlockWay
) -> Events:
    assert conflict.deadlock_pair is not None
    pair = conflict.pairs[conflict.deadlock_pair]
    assert pair.challenge is not None and pair.answer is not None
    conflict.deadlock_pair = None
    events: list[AdventureEvent] = []
    names = f"{game.name(pair.challenge)} and {game.name(pair.answer)}"
    if way is DeadlockWay.COIN_FLIP:
        winner = Side.CHALLENGE if rng.random() < 0.5 else Side.ANSWER
        events.extend(settle_pair(game, table, conflict, pair, winner,
                                  "wins a coin flip against"))
    elif way is DeadlockWay.BOTH_ATTAIN:
        pair.resolved = True
        pair.both = True
        events.append(AdventureEvent.said(
            Happening.PAIR, f"{names} both prevail: +1 Advantage to each side"))
    else:
        pair.resolved = True
        events.append(AdventureEvent.said(
            Happening.PAIR, f"{names} both yield their pair: no Advantage to either side"))
        for who in (pair.challenge, pair.answer):
            before = len(game.claims)
            events.extend(game.owe(who, 1, "for yielding a Supporter pair", optional=True))
            conflict.claim_ids += [c.id for c in game.claims[before:]]
    events.extend(advance(game, table, rng))
    return tuple(events)


def queen(
    game: AdventureGame, table: Table, rng: Rng, character: str, card: CardId,
    against: Side | None = None,
) -> Events:
    """After a win, play a Queen to cancel the winner's goal and take a Hit instead.

    ``against`` names whose goal when both sides attained theirs.
    """
    conflict = active(game)
    if conflict.phase is not Phase.OVER:
        raise NotNowError("A Queen cancels a goal only after the Conflict is won")
    winners = list(Side) if conflict.both_attain else (
        [conflict.winner] if conflict.winner is not None else [])
    if not winners:
        raise AdventureRuleError("Nobody won this Conflict: there is no goal for a Queen to cancel")
    if against is None:
        if len(winners) > 1:
            raise AdventureRuleError("Both sides attained their goals: say whose goal to cancel")
        against = winners[0]
    if against not in winners:
        raise AdventureRuleError(f"The {against.label} side did not win: nothing to cancel")
    target = conflict.side(against)
    assert target.primary is not None
    if target.cancelled_by is not None:
        raise AdventureRuleError(f"{game.name(target.cancelled_by)} has already cancelled "
                                 f"{game.name(target.primary)}'s goal")
    if character == target.primary:
        raise AdventureRuleError(f"{game.name(character)} cannot cancel their own goal")
    game.character(character).ensure_can_act("play a Queen")
    face = game.check_in_hand(table, character, card)
    if face.rank is not Rank.QUEEN:
        raise AdventureRuleError(f"{opening(called(face))} is not a Queen")
    game.lay(table, rng, character, card, face_up=True)
    target.cancelled_by = character
    game.pending_hits.append(PendingHit(
        character, f"for blocking {game.name(target.primary)}'s goal with a Queen"))
    return (AdventureEvent.said(
        Happening.QUEEN,
        f"{game.name(character)} played {called(face)}: {game.name(target.primary)}'s goal "
        f"{_goal(conflict, against)} is cancelled, and {game.name(character)} takes a Hit "
        "instead (everything else in the Conflict stands)", [card]),)


def close_conflict(game: AdventureGame, table: Table, rng: Rng) -> Events:
    """End a resolved Conflict: draws still owed are drawn by those who earned them, Hits not
    struck by now lapse, its cards go to the discard pile, and the Challenger's turn ends (an
    interrupted turn resumes)."""
    conflict = active(game)
    if conflict.phase is not Phase.OVER:
        raise NotNowError("The Conflict is not resolved yet")
    events: list[AdventureEvent] = []
    for claim_id in conflict.claim_ids:
        if any(c.id == claim_id for c in game.claims):
            events.extend(game.take_claim(table, rng, claim_id))
    for who in dict.fromkeys(conflict.participants()):
        zone = table.pile(PileId(game.zone_id(who)))
        game.discard(table, list(zone.cards))
    game.hit_allowances.clear()
    if game.veto is not None and game.veto.award is not None:
        # The award lay in this Conflict; the vote can no longer retract anything.
        game.veto.award = None
    game.conflict = None
    events.append(AdventureEvent.said(
        Happening.CONFLICT_OVER, f"The Conflict over {conflict.goal!r} is closed; its cards are "
        "discarded"))
    challenger_player = game.character(conflict.challenger).player
    if conflict.jack is not None:
        events.append(AdventureEvent.said(
            Happening.TURN, f"{game.turn_player.name}'s interrupted turn resumes"))
    elif not conflict.from_suspended and challenger_player == game.turn_player.id:
        events.extend(game.advance_turn())
    return tuple(events)
