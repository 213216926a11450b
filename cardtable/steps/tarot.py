"""The tarot Challenge as session actions: every button of the tarot panel is one of these.

Each function returns a :class:`~cardtable.session.ResolverStep` (or an
:class:`~cardtable.session.EditSheet`) whose step calls the resolver of
:mod:`cardtable.resolvers.tarot.challenge` on the session's table and logs the resolver's own
words, with
the character as the actor. The rules stay in the resolver; this module only finds the deck,
the character and the Challenge in the session, and keeps the character sheet's list of Sleeve
Cards in step with the cards in the sleeve. No Qt here.

The Challenge in progress lives in ``session.resolvers[TAROT_RESOLVER]``; finishing it takes it
off the table in the same step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from attrs import evolve

from cardtable.cards import CardId, DeckId, TarotCard, shown_name
from cardtable.piles import Pile, PileId, PileKind, Table
from cardtable.randomness import Rng
from cardtable.resolvers.tarot.challenge import (
    Attribute,
    TarotChallenge,
    TarotChallengeError,
    TarotPhase,
    TarotPiles,
)
from cardtable.resolvers.tarot.inspiration import inspiration_draw
from cardtable.session import Character, CharacterId, Decider, EditSheet, GameState, ResolverStep
from cardtable.session.table_options import TAROT_SLEEVE_CARDS, value_of
from cardtable.session.wording import cards_words
from cardtable.sheets.tarot import Aspect as SheetAspect
from cardtable.sheets.tarot import SleeveCard, TarotSheet

#: The id the Challenge in progress has in ``session.resolvers``.
TAROT_RESOLVER = "tarot-challenge"
#: The table option that turns the playing of Sleeve Cards off (``rules/tourist-tarot.md``:
#: "configurable off"); on unless set to False.
SLEEVE_OPTION = TAROT_SLEEVE_CARDS
TAROT_SOURCE = "tourist-tarot"


def tarot_deck(state: GameState) -> DeckId | None:
    """The Tourist's Tarot on the table, if there is one."""
    return next((deck.id for deck in state.decks if deck.source == TAROT_SOURCE), None)


def tarot_characters(state: GameState) -> list[Character]:
    """The characters with an N-Dimensional Tourists sheet, in the order they joined."""
    return [c for c in state.characters.values() if isinstance(c.sheet, TarotSheet)]


def challenge_in_play(state: GameState) -> TarotChallenge | None:
    """The tarot Challenge in progress, if any."""
    found = state.resolvers.get(TAROT_RESOLVER)
    return found if isinstance(found, TarotChallenge) else None


def challenger(state: GameState, challenge: TarotChallenge) -> Character | None:
    """The character facing ``challenge`` (the owner of its sleeve)."""
    pile = state.table.piles.get(challenge.piles.sleeve)
    if pile is None or pile.owner is None:
        return None
    return state.characters.get(CharacterId(pile.owner))


def sleeve_cards(state: GameState, challenge: TarotChallenge) -> list[CardId]:
    """The cards in the sleeve of the character facing ``challenge``."""
    pile = state.table.piles.get(challenge.piles.sleeve)
    return list(pile.cards) if pile is not None else []


def _sheet(character: Character) -> TarotSheet:
    if not isinstance(character.sheet, TarotSheet):
        raise TarotChallengeError(
            f"{character.name} has no N-Dimensional Tourists sheet to take a Challenge with"
        )
    return character.sheet


def _running(state: GameState) -> tuple[TarotChallenge, Character]:
    challenge = challenge_in_play(state)
    if challenge is None:
        raise TarotChallengeError("No tarot Challenge is in progress: set one up first")
    who = challenger(state, challenge)
    if who is None:
        raise TarotChallengeError("The Challenge's sleeve belongs to no character at the table")
    return challenge, who


def _challenger_decides(doing: str) -> Callable[[GameState], Decider]:
    """The running Challenge's player decides (its character's controller)."""
    return lambda state: Decider.of(_running(state)[1].id, doing)


def _set_sheet(state: GameState, character: Character, sheet: TarotSheet) -> None:
    state.characters[character.id] = evolve(character, sheet=sheet)


# ---------------------------------------------------------------------------------------------
# The steps


def begin(
    character: CharacterId,
    attribute: Attribute,
    rank: int,
    *,
    objective: str = "",
    means: str = "",
    reach: str = "",
    risk: str = "",
) -> ResolverStep:
    """Set the Challenge up for ``character`` and let it draw its Rank in cards.

    The Attribute's value is read from the character's sheet. Sleeve Cards the sheet lists
    and the sleeve does not hold yet are taken from the deck into the sleeve first, in the
    orientation the sheet records.
    """

    def step(state: GameState, rng: Rng) -> list[str]:
        if TAROT_RESOLVER in state.resolvers:
            raise TarotChallengeError("A tarot Challenge is already in progress: finish it first")
        who = state.character(character)
        sheet = _sheet(who)
        deck = tarot_deck(state)
        if deck is None:
            raise TarotChallengeError("Put the Tourist's Tarot on the table first")
        piles = TarotPiles.standard(deck, who.id)
        if piles.sleeve not in state.table.piles:
            state.table.add_pile(
                Pile(piles.sleeve, PileKind.ZONE, f"{who.name}'s Sleeve Cards", owner=who.id,
                     fanned=True)
            )
        piles.prepare(state.table, who.id)
        said = _gather_sleeve(state, piles, who, sheet)
        challenge = TarotChallenge.setup(
            piles,
            attribute=attribute,
            attribute_value=sheet.attribute(attribute),
            rank=rank,
            objective=objective.strip(),
            means=means.strip(),
            reach=reach.strip(),
            risk=risk.strip(),
            allow_sleeve_cards=value_of(state, SLEEVE_OPTION) is True,
        )
        state.resolvers[TAROT_RESOLVER] = challenge
        said.append(challenge.announce().text(who.name))
        said.append(challenge.challenge_draw(state.table, rng).text(who.name))
        return said

    return ResolverStep(step, decider=Decider.gm("set up a tarot Challenge"))


def _gather_sleeve(
    state: GameState, piles: TarotPiles, who: Character, sheet: TarotSheet
) -> list[str]:
    """Lay the sheet's Sleeve Cards in the sleeve, from the draw or discard pile."""
    table = state.table
    held = Counter(_face(table, card).name for card in table.pile(piles.sleeve).cards)
    moved: list[CardId] = []
    missing: list[str] = []
    for kept in sheet.sleeve:
        face = kept.face
        if held[face.name] > 0:
            held[face.name] -= 1
            continue
        found = next(
            (
                card
                for source in (piles.draw, piles.discard)
                for card in table.pile(source).cards
                if table.card(card).face == face
            ),
            None,
        )
        if found is None:  # named as the table names it (the sheet keeps the rules' name)
            named = (c.face for c in table.cards.values() if c.face == face)
            missing.append(shown_name(next(named, face)))
            continue
        table.move([found], piles.sleeve, face_up=True)
        if table.facing[found].reversed != kept.reversed:
            table.turn(found)
        moved.append(found)
    said = []
    if moved:
        said.append(f"{who.name}'s Sleeve Cards come out of the deck: {cards_words(state, moved)}")
    if missing:
        said.append(
            f"{', '.join(missing)} (on {who.name}'s sheet) lie elsewhere on the table, "
            "not in the sleeve"
        )
    return said


def _face(table: Table, card: CardId) -> TarotCard:
    face = table.card(card).face
    if not isinstance(face, TarotCard):
        raise TarotChallengeError(f"{face.name} is not a card of the Tourist's Tarot")
    return face


def concede() -> ResolverStep:
    """Concede before drawing: the Sleeve Card drawn is written on the sheet too."""

    def step(state: GameState, rng: Rng) -> list[str]:
        challenge, who = _running(state)
        conceded = challenge.concede(state.table, rng)
        if conceded.sleeve_card is not None:
            face = _face(state.table, conceded.sleeve_card.card)
            kept = SleeveCard(face.name, conceded.sleeve_card.reversed)
            sheet = _sheet(who)
            _set_sheet(state, who, evolve(sheet, sleeve=(*sheet.sleeve, kept)))
        return [conceded.text(who.name)]

    return ResolverStep(step, decider=_challenger_decides("concede"))


def draw() -> ResolverStep:
    """The player draws the next card."""

    def step(state: GameState, rng: Rng) -> list[str]:
        challenge, who = _running(state)
        return [challenge.draw(state.table, rng).text(who.name)]

    return ResolverStep(step, decider=_challenger_decides("draw"))


def play_sleeve(card: CardId) -> ResolverStep:
    """Play a Sleeve Card instead of drawing; it leaves the sheet's list of Sleeve Cards."""

    def step(state: GameState, rng: Rng) -> list[str]:
        challenge, who = _running(state)
        reversed_ = state.table.facing[card].reversed if card in state.table.facing else False
        played = challenge.play_sleeve(state.table, card)
        sheet = _sheet(who)
        name = _face(state.table, card).name
        kept = list(sheet.sleeve)
        match = next((k for k in kept if k.card == name and k.reversed == reversed_), None)
        match = match or next((k for k in kept if k.card == name), None)
        if match is not None:
            kept.remove(match)
            _set_sheet(state, who, evolve(sheet, sleeve=tuple(kept)))
        return [played.text(who.name)]

    return ResolverStep(step, decider=_challenger_decides("play a Sleeve Card"))


def stop() -> ResolverStep:
    """The player stops drawing."""

    def step(state: GameState, rng: Rng) -> list[str]:
        challenge, who = _running(state)
        return [challenge.stop(state.table).text(who.name)]

    return ResolverStep(step, decider=_challenger_decides("stop drawing"))


def finish() -> ResolverStep:
    """The cards go to the discard pile and the Challenge leaves the table."""

    def step(state: GameState, rng: Rng) -> list[str]:
        challenge, who = _running(state)
        finished = challenge.finish(state.table)
        del state.resolvers[TAROT_RESOLVER]
        return [finished.text(who.name)]

    return ResolverStep(step)


def inspiration() -> ResolverStep:
    """NPC against NPC: one card shown with its orientation and keywords, logged, then
    discarded (the GM's draw). Refused while a tarot Challenge is on the table."""

    def step(state: GameState, rng: Rng) -> list[str]:
        if TAROT_RESOLVER in state.resolvers:
            raise TarotChallengeError(
                "A tarot Challenge is on the table: finish it before drawing for inspiration"
            )
        deck = tarot_deck(state)
        if deck is None:
            raise TarotChallengeError("Put the Tourist's Tarot on the table first")
        drew = inspiration_draw(state.table, PileId(f"{deck}/draw"), rng)
        gm = next((p.name for p in state.players if p.is_gm), "The table")
        return [drew.text(gm)]

    return ResolverStep(step, decider=Decider.gm("draw for inspiration"))


def write_aspect(state: GameState, text: str, permanent: bool) -> EditSheet:
    """The sheet edit that adds the Aspect the Challenge just ended offers.

    Raises :class:`TarotChallengeError` while the Challenge is still going on or when
    ``text`` is empty, and the sheet's own error for a sentence too long for the sheet.
    """
    challenge, who = _running(state)
    if challenge.phase is not TarotPhase.ENDED:
        raise TarotChallengeError("The Aspect is written once the Challenge has ended")
    aspect = challenge.outcome(state.table).aspect(text, permanent)
    sheet = _sheet(who)
    written = evolve(sheet, aspects=(*sheet.aspects, SheetAspect(aspect.text, aspect.permanent)))
    return EditSheet(who.id, written)


__all__ = [
    "SLEEVE_OPTION",
    "TAROT_RESOLVER",
    "begin",
    "challenge_in_play",
    "challenger",
    "concede",
    "draw",
    "finish",
    "inspiration",
    "play_sleeve",
    "sleeve_cards",
    "stop",
    "tarot_characters",
    "tarot_deck",
    "write_aspect",
]
