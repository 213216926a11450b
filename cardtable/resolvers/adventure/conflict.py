"""A Fantastical Adventure Conflict, up to the primaries' showdown.

A Challenger states a goal and lays a Challenge card face down; someone may Answer with a
face-down card (or nobody does, and the goal is attained); Supporters join either side with one
face-down card each; all are revealed together. Opposing Supporters pair off in the order they
joined, an odd one out going unanswered; a Weak primary card and a Weak Supporter card on the
same side make a Tandem. Supporter pairs resolve first, then each side's Advantage is counted
and the primaries' cards are compared. What follows (Push, Yield, Deadlock, the end) is in
:mod:`cardtable.resolvers.adventure.showdown`.

Face cards played with a Challenge lie face up beside it: a Jack (out of turn, or pre-empting
another Challenge before it is revealed), a King (the Answerer may have no Supporters), an Ace
(only an Answerer who also plays an Ace may answer).
"""

from __future__ import annotations

from itertools import zip_longest

from cardtable.beats import Played, Strength, Trump, trump
from cardtable.cards import CardId, Rank
from cardtable.counts import ordinal
from cardtable.piles import Pile, PileId, PileKind, Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure.events import (
    AdventureEvent,
    AdventureRuleError,
    Events,
    Happening,
    NotNowError,
    called,
    listed,
    opening,
)
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import (
    Award,
    Conflict,
    Pair,
    Phase,
    Side,
    SideState,
    Support,
    SuspendedChallenge,
)

# ---------------------------------------------------------------------------------------------
# Helpers


def shown(game: AdventureGame, table: Table, character: str, card: CardId, *,
          article: bool = True) -> str:
    """ "the 9 of Spades (Strong)" as ``character`` plays it (without "the" after a name's
    possessive: "Alex's 9 of Spades (Strong)")."""
    face = game.face(table, card)
    strength = game.character(character).strength(face)
    mark = "" if strength is Strength.NORMAL else f" ({strength.value.capitalize()})"
    return f"{called(face) if article else face.name}{mark}"


def played(game: AdventureGame, table: Table, character: str, card: CardId) -> Played:
    face = game.face(table, card)
    return Played(face, game.character(character).strength(face))


def primary_played(game: AdventureGame, table: Table, conflict: Conflict, side: Side) -> Played:
    """The primary's latest card; its first card counts Strong with its Tandem partner's."""
    state = conflict.side(side)
    assert state.primary is not None and state.latest is not None
    own = played(game, table, state.primary, state.latest)
    if state.tandem is None or state.latest != state.card:
        return own
    partner = game.face(table, conflict.support_card(state.tandem))
    return Played(own.card, Strength.STRONG, value=max(own.pips, partner.pips))


def active(game: AdventureGame) -> Conflict:
    if game.conflict is None:
        raise NotNowError("No Conflict is in progress")
    return game.conflict


def _check_face(game: AdventureGame, table: Table, character: str, card: CardId | None,
                rank: Rank, role: str) -> None:
    if card is None:
        return
    face = game.check_in_hand(table, character, card)
    if face.rank is not rank:
        article = "an" if rank is Rank.ACE else "a"
        raise AdventureRuleError(f"{opening(called(face))} is not {article} {rank.title}: {role}")


def _check_laid(game: AdventureGame, table: Table, who: str, card: CardId | None,
                role: str) -> None:
    """A card to lay face down must be in the hand; an environment names none (it takes the
    top card of the draw pile)."""
    if card is None and game.character(who).has_hand:
        raise AdventureRuleError(f"Choose {game.name(who)}'s {role} card")
    if card is not None:
        game.check_in_hand(table, who, card)


def _distinct(*cards: CardId | None) -> None:
    named = [c for c in cards if c is not None]
    if len(set(named)) != len(named):
        raise AdventureRuleError("One card cannot be played twice in the same move")


# ---------------------------------------------------------------------------------------------
# Challenge, Suspended Challenge, Answer, Support


def challenge(
    game: AdventureGame,
    table: Table,
    rng: Rng,
    challenger: str,
    goal: str,
    card: CardId | None = None,
    *,
    jack: CardId | None = None,
    king: CardId | None = None,
    ace: CardId | None = None,
    hit_target: str | None = None,
) -> Events:
    """Issue a Challenge: state ``goal`` and lay ``card`` face down (an environment lays the
    top card of the draw pile). ``jack`` allows it out of turn, or pre-empts a Challenge not
    yet revealed; ``king`` forbids the Answerer Support; ``ace`` demands an Ace to answer.
    ``hit_target`` names a third party the goal is to Hit."""
    character = game.character(challenger)
    character.ensure_can_act("issue a Challenge")
    if not goal.strip():
        raise AdventureRuleError("State the goal of the Challenge (what, not how)")
    if hit_target is not None:
        game.character(hit_target)
    _distinct(card, jack, king, ace)
    _check_face(game, table, challenger, jack, Rank.JACK, "only a Jack lets a Challenge interrupt")
    _check_face(game, table, challenger, king, Rank.KING, "only a King forbids Support")
    _check_face(game, table, challenger, ace, Rank.ACE, "only an Ace makes a Challenge need an Ace")
    _check_laid(game, table, challenger, card, "Challenge")
    pre_empted = game.conflict
    if pre_empted is not None:
        if jack is None:
            raise NotNowError("A Conflict is in progress: only a Jack can pre-empt its Challenge")
        if pre_empted.phase not in (Phase.CHALLENGED, Phase.ANSWERED):
            raise NotNowError("A Jack can pre-empt a Challenge only before its cards are revealed")
        if pre_empted.challenger == challenger:
            raise AdventureRuleError(f"{character.name} cannot pre-empt their own Challenge")
        if pre_empted.from_suspended:
            raise NotNowError("A Suspended Challenge was set long ago: it cannot be pre-empted")
    elif jack is None and game.turn_player.id != character.player:
        raise AdventureRuleError(
            f"It is {game.turn_player.name}'s turn: {character.name} needs a Jack to issue a "
            "Challenge out of turn")
    elif jack is not None and game.turn_player.id == character.player:
        # A Jack on one's own turn would only keep the turn from ending after the Conflict.
        raise AdventureRuleError(
            f"It is {game.turn_player.name}'s turn already: {character.name} needs no Jack "
            "(a Jack interrupts another's turn or pre-empts a Challenge)")
    events: list[AdventureEvent] = []
    if pre_empted is not None:
        events.extend(_pre_empt(game, table, pre_empted, challenger))
    laid = game.lay(table, rng, challenger, card, face_up=False)
    for face_card in (jack, king, ace):
        if face_card is not None:
            game.lay(table, rng, challenger, face_card, face_up=True)
    game.conflict = Conflict(goal, SideState(challenger, laid, ace, laid), jack=jack, king=king,
                             hit_target=hit_target)
    extras = [f"with {called(game.face(table, c))} {why}" for c, why in (
        (jack, "to interrupt"), (king, "so the Answerer may have no Supporters"),
        (ace, "so only an Ace can answer")) if c is not None]
    extra = (", " + ", ".join(extras)) if extras else ""
    target = f" (aiming to Hit {game.name(hit_target)})" if hit_target else ""
    public = f"{character.name} challenged: {goal!r}{target}{extra}, laying a card face down"
    events.append(AdventureEvent.hidden(
        Happening.CHALLENGE, public,
        f"{public} ({called(game.face(table, laid))})", private_to=challenger, cards=[laid]))
    return tuple(events)


def _pre_empt(game: AdventureGame, table: Table, conflict: Conflict, by: str) -> Events:
    """Every card laid in the pre-empted Challenge goes back where it came from."""
    for side in Side:
        state = conflict.side(side)
        for card in (state.card, state.ace):
            if card is not None and state.primary is not None:
                game.take_back(table, state.primary, card)
    for card in (conflict.jack, conflict.king):
        if card is not None:
            game.take_back(table, conflict.challenger, card)
    for support in conflict.supports:
        game.take_back(table, support.character, support.card)
    game.conflict = None
    return (AdventureEvent.said(
        Happening.PRE_EMPTED,
        f"{game.name(by)} pre-empted {game.name(conflict.challenger)}'s Challenge "
        f"{conflict.goal!r}; every card laid for it goes back to its hand unrevealed"),)


def suspend(
    game: AdventureGame, table: Table, rng: Rng, challenger: str, goal: str, note: str,
    card: CardId | None = None,
) -> Events:
    """Set a Challenge aside face down with a note (a trap, a barricade), to be answered later."""
    character = game.character(challenger)
    character.ensure_can_act("set up a Suspended Challenge")
    if game.conflict is not None:
        raise NotNowError("Finish the Conflict in progress before setting up another Challenge")
    if game.turn_player.id != character.player:
        raise AdventureRuleError(f"It is {game.turn_player.name}'s turn, not "
                                 f"{game.player(character.player).name}'s")
    if not goal.strip() or not note.strip():
        raise AdventureRuleError("A Suspended Challenge needs its goal and a note describing it")
    _check_laid(game, table, challenger, card, "Challenge")
    aside = PileId(f"adventure/aside/{challenger}")
    if aside not in table.piles:
        table.add_pile(Pile(aside, PileKind.ZONE, f"{character.name}'s Suspended Challenges",
                            owner=challenger))
    laid = game.lay(table, rng, challenger, card, face_up=False)
    table.move([laid], aside, face_up=False)
    suspended = SuspendedChallenge(game.next_serial(), challenger, goal, note, laid)
    game.suspended.append(suspended)
    public = (f"{character.name} set up a Suspended Challenge #{suspended.id}: {goal!r} "
              f"({note})")
    return (AdventureEvent.hidden(
        Happening.SUSPENDED, public, f"{public} with {called(game.face(table, laid))}",
        private_to=challenger, cards=[laid]),)


def answer_suspended(
    game: AdventureGame, table: Table, rng: Rng, suspended_id: int, answerer: str, intent: str,
    card: CardId | None = None,
) -> Events:
    """Answer a Suspended Challenge: it becomes a Conflict, resolved as usual."""
    if game.conflict is not None:
        raise NotNowError("Finish the Conflict in progress first")
    found = [s for s in game.suspended if s.id == suspended_id]
    if not found:
        raise AdventureRuleError(f"There is no Suspended Challenge #{suspended_id}")
    suspended = found[0]
    game.conflict = Conflict(suspended.goal, SideState(suspended.challenger, suspended.card,
                                                       None, suspended.card),
                             from_suspended=True)
    try:
        events = answer(game, table, rng, answerer, intent, card)
    except AdventureRuleError:
        game.conflict = None
        raise
    game.suspended.remove(suspended)
    table.move([suspended.card], PileId(game.zone_id(suspended.challenger)), face_up=False)
    return events


def answer(
    game: AdventureGame, table: Table, rng: Rng, answerer: str, intent: str,
    card: CardId | None = None, *, ace: CardId | None = None,
) -> Events:
    """Answer the Challenge: state an intent and lay ``card`` face down (plus an Ace when the
    Challenge was made with one)."""
    conflict = active(game)
    if conflict.phase is not Phase.CHALLENGED:
        raise NotNowError("This Challenge has already been answered")
    character = game.character(answerer)
    character.ensure_can_act("Answer a Challenge")
    if answerer == conflict.challenger:
        raise AdventureRuleError(f"{character.name} cannot answer their own Challenge")
    if conflict.challenge.ace is not None and ace is None:
        raise AdventureRuleError(
            f"{game.name(conflict.challenger)}'s Challenge was made with an Ace: only someone "
            "who also plays an Ace can answer it")
    _distinct(card, ace)
    _check_face(game, table, answerer, ace, Rank.ACE, "an Ace Challenge needs an Ace to answer")
    _check_laid(game, table, answerer, card, "Answer")
    laid = game.lay(table, rng, answerer, card, face_up=False)
    if ace is not None:
        game.lay(table, rng, answerer, ace, face_up=True)
    conflict.answer = SideState(answerer, laid, ace, laid)
    conflict.intent = intent
    conflict.phase = Phase.ANSWERED
    with_ace = f" with {called(game.face(table, ace))}" if ace is not None else ""
    public = f"{character.name} answered{with_ace}: {intent!r}, laying a card face down"
    return (AdventureEvent.hidden(
        Happening.ANSWER, public, f"{public} ({called(game.face(table, laid))})",
        private_to=answerer, cards=[laid]),)


def no_answer(game: AdventureGame, table: Table) -> Events:
    """Nobody answers: the goal is attained, the Challenge card goes back to the hand unseen,
    and the turn goes on."""
    conflict = active(game)
    if conflict.phase is not Phase.CHALLENGED:
        raise NotNowError("This Challenge has been answered; it must be resolved")
    challenger = conflict.challenger
    assert conflict.challenge.card is not None
    game.take_back(table, challenger, conflict.challenge.card)
    spent = [c for c in (conflict.jack, conflict.king, conflict.challenge.ace) if c is not None]
    game.discard(table, spent)
    game.conflict = None
    how = (" (narrated with any Facet; the Challenge card goes back to the hand unrevealed)"
           if game.character(challenger).has_hand else "")
    return (AdventureEvent.said(
        Happening.UNANSWERED,
        f"Nobody answered: {game.name(challenger)} attains {conflict.goal!r}{how}"),)


def support(
    game: AdventureGame, table: Table, rng: Rng, supporter: str, side: Side,
    card: CardId | None = None,
) -> Events:
    """Join ``side`` as a Supporter, laying one card face down."""
    conflict = active(game)
    if conflict.phase is not Phase.ANSWERED:
        raise NotNowError("Supporters join after the Answer and before the reveal")
    character = game.character(supporter)
    character.ensure_can_act("Support")
    if conflict.side_of(supporter) is not None:
        raise AdventureRuleError(f"{character.name} already has a card in this Conflict")
    if side is Side.ANSWER and conflict.king is not None:
        raise AdventureRuleError(
            f"{game.name(conflict.challenger)}'s King forbids "
            f"{game.name(conflict.answerer or '')} any Supporters")
    _check_laid(game, table, supporter, card, "Support")
    laid = game.lay(table, rng, supporter, card, face_up=False)
    conflict.supports.append(Support(supporter, side, laid))
    public = f"{character.name} supports the {side.label}, laying a card face down"
    return (AdventureEvent.hidden(
        Happening.SUPPORT, public, f"{public} ({called(game.face(table, laid))})",
        private_to=supporter, cards=[laid]),)


def award_advantage(game: AdventureGame, side: Side, points: int, reason: str) -> Events:
    """The table awards ``side`` Advantage for a circumstance (higher ground, the sun)."""
    conflict = active(game)
    if conflict.phase in (Phase.CHALLENGED, Phase.OVER):
        raise NotNowError("Advantage is awarded between the Answer and the end of the Conflict")
    if points < 1:
        raise AdventureRuleError("Award at least 1 point of Advantage")
    conflict.awards.append(Award(side, points, reason))
    primary = conflict.side(side).primary or side.label
    return (AdventureEvent.said(
        Happening.ADVANTAGE,
        f"The table awarded {game.name(primary)} +{points} Advantage ({reason}), the "
        f"Conflict's {ordinal(len(conflict.awards))} award"),)


# ---------------------------------------------------------------------------------------------
# The reveal and the Supporter pairs


def reveal(game: AdventureGame, table: Table, rng: Rng) -> Events:
    """Turn every face-down card up, pair the Supporters, and resolve as far as possible."""
    conflict = active(game)
    if conflict.phase is not Phase.ANSWERED:
        raise NotNowError("Only an answered Challenge is revealed")
    laid = [(conflict.challenger, conflict.challenge.card, "Challenge"),
            (conflict.answerer, conflict.answer.card, "Answer")]
    laid += [(s.character, s.card, f"Support for the {s.side.label}") for s in conflict.supports]
    parts = []
    for who, card, role in laid:
        assert who is not None and card is not None
        if not table.facing[card].face_up:
            table.flip(card)
        parts.append(f"{game.name(who)}'s {role}: {shown(game, table, who, card)}")
    events = [AdventureEvent.said(
        Happening.REVEAL, "Revealed: " + "; ".join(parts), [c for _, c, _ in laid if c])]
    events.extend(_pair_off(game, table, conflict))
    events.extend(advance(game, table, rng))
    return tuple(events)


def _pair_off(game: AdventureGame, table: Table, conflict: Conflict) -> Events:
    conflict.pairs = [Pair(c, a) for c, a in zip_longest(
        conflict.supporters(Side.CHALLENGE), conflict.supporters(Side.ANSWER))]
    events: list[AdventureEvent] = []
    for side in Side:
        state = conflict.side(side)
        assert state.primary is not None and state.card is not None
        if played(game, table, state.primary, state.card).strength is not Strength.WEAK:
            continue
        weak = [s for s in conflict.supporters(side)
                if played(game, table, s, conflict.support_card(s)).strength is Strength.WEAK]
        if not weak:
            continue
        partner = max(weak, key=lambda s: game.face(table, conflict.support_card(s)).pips)
        state.tandem = partner
        events.extend(_leave_pair(game, conflict, side, partner))
        value = primary_played(game, table, conflict, side).pips
        events.append(AdventureEvent.said(
            Happening.TANDEM,
            f"{game.name(state.primary)} and {game.name(partner)} act in Tandem with Weak cards: "
            f"one Strong action worth {value}"))
    listing = []
    for pair in conflict.pairs:
        if pair.challenge and pair.answer:
            listing.append(f"{game.name(pair.challenge)} against {game.name(pair.answer)}")
        else:
            alone = pair.challenge or pair.answer
            assert alone is not None
            listing.append(f"{game.name(alone)} unanswered")
    if listing:
        events.append(AdventureEvent.said(Happening.PAIR, "Supporters: " + "; ".join(listing)))
    return tuple(events)


def _leave_pair(game: AdventureGame, conflict: Conflict, side: Side, partner: str) -> Events:
    """The Tandem partner leaves their pair; a lone friendly Supporter takes the place."""
    here = next(p for p in conflict.pairs if p.member(side) == partner)
    spare = next((p for p in conflict.pairs
                  if p is not here and p.member(side) and p.member(side.other) is None), None)
    if spare is not None:
        here.put(side, spare.member(side))
        conflict.pairs.remove(spare)
        return (AdventureEvent.said(Happening.PAIR, f"{game.name(here.member(side) or '')} "
                                    f"takes {game.name(partner)}'s place in the pairing"),)
    here.put(side, None)
    if here.challenge is None and here.answer is None:
        conflict.pairs.remove(here)
    return ()


def advance(game: AdventureGame, table: Table, rng: Rng) -> Events:
    """Resolve the Supporter pairs still open, then count Advantage and compare the primaries.

    Stops at a Deadlock, which :func:`adventure_showdown.resolve_deadlock` settles.
    """
    conflict = active(game)
    events: list[AdventureEvent] = []
    for index, pair in enumerate(conflict.pairs):
        if pair.resolved:
            continue
        if pair.challenge is None or pair.answer is None:
            alone = pair.challenge or pair.answer
            assert alone is not None
            pair.resolved = True
            pair.winner = Side.CHALLENGE if pair.challenge else Side.ANSWER
            events.append(AdventureEvent.said(
                Happening.PAIR, f"{game.name(alone)} goes unanswered: +1 Advantage"))
            continue
        first = played(game, table, pair.challenge, conflict.support_card(pair.challenge))
        second = played(game, table, pair.answer, conflict.support_card(pair.answer))
        result = trump(first, second)
        if result is Trump.DEADLOCK:
            conflict.phase = Phase.DEADLOCK
            conflict.deadlock_pair = index
            events.append(AdventureEvent.said(
                Happening.DEADLOCK,
                f"Deadlock between {game.name(pair.challenge)} and {game.name(pair.answer)}: "
                "they choose to both yield, both attain, or flip a coin"))
            return tuple(events)
        events.extend(settle_pair(game, table, conflict, pair,
                                  Side.CHALLENGE if result is Trump.FIRST else Side.ANSWER))
    events.extend(_count_advantage(game, conflict))
    events.extend(_compare_primaries(game, table, conflict))
    return tuple(events)


def settle_pair(game: AdventureGame, table: Table, conflict: Conflict, pair: Pair,
                winner: Side, how: str = "trumps") -> Events:
    """A Supporter pair won by ``winner``: Hit allowed, and the loser may draw a card."""
    pair.resolved = True
    pair.winner = winner
    victor, loser = pair.member(winner), pair.member(winner.other)
    assert victor is not None and loser is not None
    card = conflict.support_card(victor)
    facet = game.character(victor).narrates_with(game.face(table, card))
    text = (f"{game.name(victor)}'s {shown(game, table, victor, card, article=False)} {how} "
            f"{game.name(loser)}'s "
            f"{shown(game, table, loser, conflict.support_card(loser), article=False)}: "
            f"{game.name(victor)} wins the pair and narrates with {facet}; +1 Advantage to the "
            f"{winner.label}")
    events = [AdventureEvent.said(Happening.PAIR, text)]
    events.extend(game.allow_hit(victor, loser, "after winning their Supporter pair"))
    before = len(game.claims)
    events.extend(game.owe(loser, 1, "for losing a Supporter pair", optional=True))
    conflict.claim_ids += [c.id for c in game.claims[before:]]
    return tuple(events)


def _count_advantage(game: AdventureGame, conflict: Conflict) -> Events:
    parts = []
    for side in Side:
        state = conflict.side(side)
        other = conflict.side(side.other).primary
        assert state.primary is not None and other is not None
        state.from_supporters = sum(p.victorious(side) for p in conflict.pairs)
        standing = game.standing_for(state.primary, other)
        state.standing = sum(s.points for s in standing)
        for used in standing:
            if not used.whole_scene:
                game.standing.remove(used)
        awarded = sum(a.points for a in conflict.awards if a.side is side and not a.retracted)
        sources = [f"{n} {what}" for n, what in ((state.from_supporters, "from Supporters"),
                   (awarded, "awarded"), (state.standing, "standing")) if n]
        detail = f" ({listed(sources)})" if sources else ""
        parts.append(f"{game.name(state.primary)} {conflict.advantage(side)}{detail}")
    return (AdventureEvent.said(Happening.ADVANTAGE, "Advantage: " + "; ".join(parts)),)


def _compare_primaries(game: AdventureGame, table: Table, conflict: Conflict) -> Events:
    first = primary_played(game, table, conflict, Side.CHALLENGE)
    second = primary_played(game, table, conflict, Side.ANSWER)
    result = trump(first, second)
    challenger, answerer = conflict.challenger, conflict.answerer
    assert answerer is not None
    if result is Trump.DEADLOCK:
        conflict.phase = Phase.DEADLOCK
        conflict.deadlock_pair = None
        return (AdventureEvent.said(
            Happening.DEADLOCK,
            f"Deadlock between {game.name(challenger)} and {game.name(answerer)}: they choose to "
            "both yield, both attain their goals (if not exclusive), or flip a coin"),)
    loser = Side.ANSWER if result is Trump.FIRST else Side.CHALLENGE
    conflict.phase = Phase.SHOWDOWN
    conflict.pusher = loser
    conflict.to_move = loser
    top = conflict.side(loser.other)
    low = conflict.side(loser)
    assert top.primary and top.latest and low.primary and low.latest
    return (AdventureEvent.said(
        Happening.PRIMARIES,
        f"{game.name(top.primary)}'s {_primary_text(game, table, conflict, loser.other)} trumps "
        f"{game.name(low.primary)}'s {_primary_text(game, table, conflict, loser)}: "
        f"{game.name(low.primary)} must Yield or Push"),)


def _primary_text(game: AdventureGame, table: Table, conflict: Conflict, side: Side) -> str:
    state = conflict.side(side)
    assert state.primary is not None and state.latest is not None
    if state.tandem is not None and state.latest == state.card:
        return (f"{game.face(table, state.latest).name} (Tandem, Strong "
                f"{primary_played(game, table, conflict, side).pips})")
    return shown(game, table, state.primary, state.latest, article=False)
