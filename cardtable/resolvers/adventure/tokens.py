"""Applause and Author tokens, the six Author Powers, and the Veto.

Tokens belong to players. Giving one of your Applause tokens to another player turns it into
their Author token; when every player has given all their Applause away, everyone receives
:data:`~cardtable.resolvers.adventure.state.APPLAUSE` more. Author Powers cost Author tokens,
which then leave the game; no Veto touches an Author Power. A Veto is a vote: a majority
against retracts what it was called on; a majority for, or a tie, keeps it, and the caller
must discard a card or forfeit an Author token.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import evolve

from cardtable.cards import CardId
from cardtable.counts import ordinal
from cardtable.piles import Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure.characters import Ambition, Bond, Role
from cardtable.resolvers.adventure.events import (
    AdventureEvent,
    AdventureRuleError,
    Events,
    Happening,
    NotNowError,
    TokenError,
    called,
    listed,
)
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import (
    APPLAUSE,
    Award,
    Phase,
    StandingAdvantage,
    Veto,
    VetoSubject,
)


class AuthorPower(enum.Enum):
    """The six Author Powers, each with its cost in Author tokens."""

    FLASHBACK = "Flashback"
    FORESHADOWING = "Foreshadowing"
    CONCRETE_FACT = "Concrete Fact"
    DRAW = "Draw"
    MIRACULOUS_SURVIVAL = "Monologue of Miraculous Survival"
    LUCKY_BREAK = "Lucky Break"

    @property
    def cost(self) -> int:
        return _COSTS[self]


_COSTS = {
    AuthorPower.FLASHBACK: 1,
    AuthorPower.FORESHADOWING: 1,
    AuthorPower.CONCRETE_FACT: 1,
    AuthorPower.DRAW: 1,
    AuthorPower.MIRACULOUS_SURVIVAL: 3,
    AuthorPower.LUCKY_BREAK: 5,
}

#: Cards each character inconvenienced by a Lucky Break draws.
LUCKY_BREAK_DRAWS = 3


# ---------------------------------------------------------------------------------------------
# Applause


def give_applause(game: AdventureGame, giver: str, receiver: str, why: str = "") -> Events:
    """``giver`` gives one Applause token to ``receiver``, where it becomes an Author token."""
    purse, theirs = game.purse(giver), game.purse(receiver)
    giver_name, receiver_name = game.player(giver).name, game.player(receiver).name
    if giver == receiver:
        raise TokenError(f"{giver_name} cannot applaud themself: give Applause to another player")
    if purse.applause < 1:
        raise TokenError(f"{giver_name} has no Applause left to give until every player has "
                         "given all of theirs")
    purse.applause -= 1
    purse.given += 1
    theirs.author += 1
    reason = f" for {why}" if why else ""
    events = [AdventureEvent.said(
        Happening.APPLAUSE, f"{giver_name} gave Applause to {receiver_name}{reason}; "
        f"{receiver_name} now has {theirs.author} Author token{'s' if theirs.author != 1 else ''}")]
    if all(p.applause == 0 for p in game.purses.values()):
        for each in game.purses.values():
            each.applause += APPLAUSE
        events.append(AdventureEvent.said(
            Happening.APPLAUSE,
            f"Every player has given all their Applause: everyone receives {APPLAUSE} more"))
    return tuple(events)


def _spend(game: AdventureGame, player: str, power: AuthorPower) -> str:
    purse = game.purse(player)
    name = game.player(player).name
    if purse.author < power.cost:
        raise TokenError(
            f"{name} has {purse.author} Author token{'s' if purse.author != 1 else ''}; "
            f"{power.value} costs {power.cost}")
    purse.author -= power.cost
    purse.spent += power.cost
    plural = "s" if power.cost != 1 else ""
    return f"{name} spent {power.cost} Author token{plural} on {power.value}"


def _give_advantage(game: AdventureGame, character: str, points: int, reason: str) -> str:
    """Advantage from an Author Power: into the Conflict if the character is a primary in one,
    otherwise kept for their next Conflict this scene."""
    if points < 0:
        raise AdventureRuleError("Advantage cannot be negative")
    if points == 0:
        return ""
    conflict = game.conflict
    side = conflict.side_of(character) if conflict is not None else None
    if conflict is not None and side is not None and conflict.phase is not Phase.OVER and (
            conflict.side(side).primary == character):
        conflict.awards.append(Award(side, points, reason, vetoable=False))
        return f"; {game.name(character)} gains +{points} Advantage in this Conflict"
    game.standing.append(StandingAdvantage(character, points, reason, game.scene))
    return (f"; {game.name(character)} will have +{points} Advantage in their next Conflict "
            "this scene")


def _draw_each(game: AdventureGame, table: Table, rng: Rng, characters: Sequence[str],
               count: int, why: str) -> list[AdventureEvent]:
    events: list[AdventureEvent] = []
    for character in dict.fromkeys(characters):
        events.extend(game.draw(table, rng, character, count, why))
    return events


# ---------------------------------------------------------------------------------------------
# The Author Powers


def flashback(
    game: AdventureGame, player: str, character: str, scene: str, *,
    bond: Bond | None = None, ambition: Ambition | None = None, advantage: int = 0,
) -> Events:
    """Flashback (1): narrate a shared past; may add a Bond or Ambition (if there is room) and
    Advantage."""
    who = game.ensure_controls(player, character)
    if bond is not None:
        game.character(bond.other)
    # Try the additions on a copy, so a full sheet refuses them before any token is spent.
    probe = evolve(who, ambitions=list(who.ambitions), bonds=list(who.bonds))
    if bond is not None:
        probe.add_bond(bond)
    if ambition is not None:
        probe.add_ambition(ambition)
    if advantage < 0:
        raise AdventureRuleError("Advantage cannot be negative")
    spent = _spend(game, player, AuthorPower.FLASHBACK)
    added = []
    if bond is not None:
        who.add_bond(bond)
        added.append(f"a Bond with {game.name(bond.other)} ({bond.nature})")
    if ambition is not None:
        who.add_ambition(ambition)
        added.append(f"the Ambition {ambition.text!r}")
    gains = f"; {who.name} takes on {listed(added)}" if added else ""
    gains += _give_advantage(game, character, advantage, "Flashback")
    return (AdventureEvent.said(Happening.AUTHOR_POWER, f"{spent}: {scene}{gains}"),)


def foreshadow(
    game: AdventureGame, table: Table, rng: Rng, player: str, text: str,
    inconvenienced: Sequence[str],
) -> Events:
    """Foreshadowing (1): each character the foreshadowed event inconveniences draws 1."""
    probe_environments(game, inconvenienced)
    spent = _spend(game, player, AuthorPower.FORESHADOWING)
    events = [AdventureEvent.said(Happening.AUTHOR_POWER, f"{spent}: {text}")]
    events += _draw_each(game, table, rng, inconvenienced, 1, "(Foreshadowing)")
    return tuple(events)


def concrete_fact(
    game: AdventureGame, player: str, fact: str, *, advantage_to: str | None = None,
    points: int = 0,
) -> Events:
    """Concrete Fact (1): a fact that contradicts nothing established; may give Advantage."""
    if (advantage_to is None) != (points == 0):
        raise AdventureRuleError("Name who gains the Advantage and how much, or neither")
    if advantage_to is not None:
        game.character(advantage_to)
    if points < 0:
        raise AdventureRuleError("Advantage cannot be negative")
    spent = _spend(game, player, AuthorPower.CONCRETE_FACT)
    gains = _give_advantage(game, advantage_to, points, "Concrete Fact") if advantage_to else ""
    return (AdventureEvent.said(Happening.AUTHOR_POWER, f"{spent}: {fact}{gains}"),)


def author_draw(game: AdventureGame, table: Table, rng: Rng, player: str, character: str
                ) -> Events:
    """Draw (1): any one character draws a card."""
    probe_environments(game, [character])
    spent = _spend(game, player, AuthorPower.DRAW)
    events = [AdventureEvent.said(Happening.AUTHOR_POWER, spent)]
    events += _draw_each(game, table, rng, [character], 1, "(Author Power)")
    return tuple(events)


def miraculous_survival(
    game: AdventureGame, player: str, character: str, believers: Sequence[str] | None = None
) -> Events:
    """Monologue of Miraculous Survival (3): a "dead" character of the player's returns, with
    +X Advantage for the rest of the scene against the antagonists who believed them dead
    (``believers``; default every antagonist), X the scenes they were believed dead."""
    who = game.ensure_controls(player, character)
    if not who.dead:
        raise AdventureRuleError(f"{who.name} is not \"dead\": there is nothing to survive")
    if believers is None:
        believers = [c.id for c in game.characters.values()
                     if c.role is Role.ANTAGONIST and c.id != character]
    for believer in believers:
        game.character(believer)
    spent = _spend(game, player, AuthorPower.MIRACULOUS_SURVIVAL)
    scenes = who.revive()
    text = f"{spent}: {who.name} returns from \"death\""
    if scenes and believers:
        game.standing.append(StandingAdvantage(
            character, scenes, "Miraculous Survival", game.scene, list(believers),
            whole_scene=True))
        text += (f", with +{scenes} Advantage against {listed([game.name(b) for b in believers])}"
                 " for the rest of the scene")
    else:
        text += f" (believed dead for {scenes} scenes: no Advantage)"
    return (AdventureEvent.said(Happening.RETURNED, text),)


def lucky_break(
    game: AdventureGame, table: Table, rng: Rng, player: str, character: str,
    success: str, *, allies: Sequence[str] = (), inconvenienced: Sequence[str] = (),
) -> Events:
    """Lucky Break (5): an automatic scene-scale success for the player's character and
    allies; each character it inconveniences draws 3."""
    game.ensure_controls(player, character)
    for ally in allies:
        game.character(ally)
    probe_environments(game, inconvenienced)
    spent = _spend(game, player, AuthorPower.LUCKY_BREAK)
    helped = listed([game.name(c) for c in dict.fromkeys([character, *allies])])
    events = [AdventureEvent.said(Happening.AUTHOR_POWER, f"{spent}: {helped} succeed: {success}")]
    events += _draw_each(game, table, rng, inconvenienced, LUCKY_BREAK_DRAWS, "(Lucky Break)")
    return tuple(events)


def probe_environments(game: AdventureGame, characters: Sequence[str]) -> None:
    """Refuse draws for environments before any token is spent."""
    for character in characters:
        if not game.character(character).has_hand:
            raise AdventureRuleError(f"{game.name(character)} is an environment and never draws")


# ---------------------------------------------------------------------------------------------
# The Veto


def call_veto(
    game: AdventureGame, caller: str, subject: str, about: VetoSubject = VetoSubject.NARRATION,
    *, award: int | None = None,
) -> Events:
    """Call a vote on a narration, a suggestion or an Advantage award (``award`` numbers the
    Conflict's awards from 1)."""
    name = game.player(caller).name
    if about is VetoSubject.AUTHOR_POWER:
        raise AdventureRuleError("Author Powers cannot be vetoed")
    if game.veto is not None:
        raise NotNowError("A Veto vote is already under way")
    if (award is None) != (about is not VetoSubject.ADVANTAGE_AWARD):
        raise AdventureRuleError("A Veto on Advantage names which award (and only then)")
    if award is not None:
        conflict = game.conflict
        if conflict is None or conflict.phase is Phase.OVER or not (
                1 <= award <= len(conflict.awards)):
            raise AdventureRuleError(f"There is no {ordinal(award)} award in a Conflict in "
                                     "progress")
        if not conflict.awards[award - 1].vetoable:
            raise AdventureRuleError("That Advantage came from an Author Power: it cannot be "
                                     "vetoed")
    game.veto = Veto(caller, subject, about, award)
    return (AdventureEvent.said(
        Happening.VETO, f"{name} called a Veto on the {about.value} {subject!r}: everyone votes"),)


def vote(game: AdventureGame, player: str, against: bool) -> Events:
    """``player`` votes against (True) or for (False) what the Veto was called on."""
    if game.veto is None:
        raise NotNowError("No Veto vote is under way")
    name = game.player(player).name
    if player in game.veto.votes:
        raise AdventureRuleError(f"{name} has already voted")
    game.veto.votes[player] = against
    return (AdventureEvent.said(Happening.VETO, f"{name} voted"),)


def count_votes(game: AdventureGame) -> Events:
    """Once everyone has voted: a majority against retracts, otherwise it stands and the
    caller owes a card or an Author token."""
    veto = game.veto
    if veto is None:
        raise NotNowError("No Veto vote is under way")
    waiting = [p.name for p in game.players if p.id not in veto.votes]
    if waiting:
        raise NotNowError(f"Still waiting for {listed(waiting)} to vote")
    against = sum(veto.votes.values())
    for_it = len(veto.votes) - against
    game.veto = None
    tally = f"{against} against, {for_it} for"
    if against > for_it:
        if veto.award is not None and game.conflict is not None:
            game.conflict.awards[veto.award - 1].retracted = True
        return (AdventureEvent.said(
            Happening.VETO, f"Vetoed ({tally}): the {veto.about.value} {veto.subject!r} is "
            "retracted"),)
    caller = game.player(veto.caller).name
    game.veto_debts.append(veto.caller)
    return (AdventureEvent.said(
        Happening.VETO, f"The {veto.about.value} {veto.subject!r} stands ({tally}): {caller} "
        "must discard a card or forfeit an Author token"),)


def pay_veto(
    game: AdventureGame, table: Table, player: str, *, card: CardId | None = None,
    character: str | None = None,
) -> Events:
    """Pay for a failed Veto: discard ``card`` from ``character``'s hand (a character the
    player controls), or with no card forfeit an Author token."""
    name = game.player(player).name
    if player not in game.veto_debts:
        raise NotNowError(f"{name} owes nothing for a Veto")
    if card is None:
        purse = game.purse(player)
        if purse.author < 1:
            raise TokenError(f"{name} has no Author token to forfeit: discard a card instead")
        purse.author -= 1
        purse.spent += 1
        game.veto_debts.remove(player)
        return (AdventureEvent.said(Happening.VETO, f"{name} forfeited an Author token for the "
                                                    "Veto"),)
    if character is None:
        raise AdventureRuleError("Say from which character's hand the card is discarded")
    game.ensure_controls(player, character)
    face = game.check_in_hand(table, character, card)
    game.discard(table, [card])
    game.veto_debts.remove(player)
    return (AdventureEvent.said(
        Happening.DISCARDED, f"{name} discarded {called(face)} from {game.name(character)}'s hand "
        "for the Veto", [card]),)
