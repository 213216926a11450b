"""The public table as plain values: every face everyone may see, and nothing else.

The public window is for the room, not a seat: it shows what the rules let everyone see
(``rules/table.md``, "Hot-seat play and privacy") whoever holds the computer, the GM
included, curtain up or down. So it never asks :func:`~cardtable.session.on_screen` (the
holder's view) but :func:`~cardtable.session.audience.audience_in` alone: a face is carried
only when its audience is everyone. Face-down cards and cards in hands are carried as backs
(their deck's shape, never their id, which may name the face). Log lines are the text
everyone reads (:attr:`~cardtable.session.log.LogEntry.seen_by_all`); sealed rolls are
carried as their heading only, never their dice, until the GM reveals them and they join
the tray's public history.

>>> from cardtable.session.demo import build_demo
>>> view = public_view(build_demo())
>>> all(card.face is not None for pile in view.piles for card in pile.shown)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from cardtable.cards import CardFace, CardId, CustomCard, PlayingCard, TarotCard, shown_name
from cardtable.piles import Pile, PileKind
from cardtable.resolvers.adventure.state import Phase, Side
from cardtable.session.audience import EVERYONE, audience_in
from cardtable.session.core import Session
from cardtable.session.dice_history import RollRecord, history_of
from cardtable.session.model import GameState
from cardtable.session.sealed_rolls import sealed_of
from cardtable.session.wording import card_words
from cardtable.steps.adventure.conflict import find_game
from cardtable.steps.tarot import challenge_in_play, challenger

__all__ = [
    "LOG_LINES",
    "ROLLS",
    "DiceShown",
    "PublicCard",
    "PublicPile",
    "PublicView",
    "Tokens",
    "public_view",
]

#: How many of the newest log lines the public table shows.
LOG_LINES = 6
#: How many of the newest public rolls it shows.
ROLLS = 3


@frozen
class PublicCard:
    """One card as the room sees it: its face (None: its back) and which way up it lies."""

    back: str
    face: CardFace | None = None
    card: CardId | None = None
    name: str = ""
    reversed: bool = False
    #: What the card shows in large type under it: "Q♥", "Triumph XXI", "Joker".
    index: str = ""


@frozen
class PublicPile:
    """A pile on the table: its label, its kind, and its cards bottom to top."""

    label: str
    kind: PileKind
    cards: tuple[PublicCard, ...]

    @property
    def shown(self) -> tuple[PublicCard, ...]:
        """The cards whose faces show."""
        return tuple(card for card in self.cards if card.face is not None)


@frozen
class DiceShown:
    """A roll in large type: who rolled what, the verdict, and the dice with their chains of
    exploding tens (``[10→3=13]``); ``sealed`` when only the GM knows the numbers yet."""

    heading: str
    verdict: str = ""
    dice: str = ""
    sealed: bool = False


@frozen
class Tokens:
    """A player's Author and Applause tokens (Fantastical Adventure)."""

    player: str
    applause: int
    author: int


@frozen
class PublicView:
    """Everything the public table shows, for no seat."""

    piles: tuple[PublicPile, ...]
    challenges: tuple[str, ...]
    rolls: tuple[DiceShown, ...]
    tokens: tuple[Tokens, ...]
    waiting: tuple[str, ...]
    log: tuple[str, ...]

    def shown_cards(self) -> frozenset[CardId]:
        """Every card whose face the view carries."""
        return frozenset(
            card.card for pile in self.piles for card in pile.cards if card.card is not None
        )

    def words(self) -> list[str]:
        """Every word the view carries (a painted window shows these and no others)."""
        out = [pile.label for pile in self.piles]
        out += [f"{c.name} {c.index}" for pile in self.piles for c in pile.shown]
        out += [*self.challenges, *self.waiting, *self.log]
        out += [f"{r.heading} {r.verdict} {r.dice}" for r in self.rolls]
        out += [t.player for t in self.tokens]
        return out


def _back(face: CardFace) -> str:
    """The shape of a card's back: its deck's kind, which the whole room sees anyway."""
    if isinstance(face, CustomCard):
        return face.shape
    return "tarot" if isinstance(face, TarotCard) else "playing"


def _index(face: CardFace) -> str:
    if isinstance(face, PlayingCard):
        if face.is_joker or face.rank is None or face.suit is None:
            return "Joker"
        return f"{face.rank.code}{face.suit.symbol}"
    return shown_name(face)


def _card(state: GameState, card: CardId, pile: Pile) -> PublicCard:
    face = state.table.card(card).face
    if audience_in(state, card, pile) is not EVERYONE:
        return PublicCard(_back(face))
    return PublicCard(
        _back(face),
        face,
        card,
        card_words(state, card, orientation=False),
        state.table.facing[card].reversed,
        _index(face),
    )


def _pile(state: GameState, pile: Pile) -> PublicPile:
    return PublicPile(pile.label, pile.kind, tuple(_card(state, c, pile) for c in pile.cards))


def _tarot(state: GameState) -> tuple[list[str], list[str]]:
    challenge = challenge_in_play(state)
    if challenge is None:
        return [], []
    who = challenger(state, challenge)
    name = who.name if who is not None else "A character"
    terms = challenge.terms
    said = f"Tarot Challenge: {name}, {terms.attribute.value} {terms.attribute_value} "
    said += f"against rank {terms.rank}"
    if terms.objective:
        said += f", to {terms.objective.removeprefix('to ')}"
    said += f" ({challenge.phase.value})"
    waiting = []
    if challenge.phase.value in ("challenge drawn", "drawing"):
        waiting.append(f"{name} decides: draw, stop or concede")
    return [said], waiting


def _adventure(state: GameState) -> tuple[list[str], list[str], list[Tokens]]:
    game = find_game(state)
    if game is None:
        return [], [], []
    names = {c: ch.name for c, ch in game.characters.items()}
    tokens = [
        Tokens(p.name, game.purses[p.id].applause, game.purses[p.id].author)
        for p in game.players
        if p.id in game.purses
    ]
    waiting = [f"{game.turn_player.name}'s turn"] if game.players else []
    conflict = game.conflict
    if conflict is None:
        return [], waiting, tokens
    challenger_name = names.get(conflict.challenger, conflict.challenger)
    said = f"Conflict: {challenger_name} challenges, “{conflict.goal}”"
    if conflict.answerer is not None:
        said += f"; {names.get(conflict.answerer, conflict.answerer)} answers"
        if conflict.intent:
            said += f", “{conflict.intent}”"
    for side in Side:
        helpers = [names.get(c, c) for c in conflict.supporters(side)]
        if helpers:
            said += f"; supporting the {side.label}: {', '.join(helpers)}"
    said += f" ({conflict.phase.value})"
    if conflict.phase in (Phase.SHOWDOWN, Phase.DEADLOCK, Phase.OVER):
        # The cards are face up from the reveal on: the advantage is the room's to see.
        said += "; advantage " + " to ".join(str(conflict.advantage(s)) for s in Side)
    if conflict.phase is Phase.CHALLENGED:
        waiting.append(f"Waiting for an Answer to {challenger_name}")
    elif conflict.phase is Phase.SHOWDOWN and conflict.to_move is not None:
        mover = conflict.side(conflict.to_move).primary
        waiting.append(f"{names.get(mover or '', 'The mover')}: Yield or Push")
    return [said], waiting, tokens


def _roll(record: RollRecord) -> DiceShown:
    return DiceShown(
        f"{record.actor} rolled {record.heading()}",
        record.verdict(),
        "" if record.no_roll else record.dice_text(),
    )


def _rolls(session: Session) -> list[DiceShown]:
    history = history_of(session.state)
    shown = [_roll(r) for r in (history.records[-ROLLS:] if history is not None else [])]
    sealed = sealed_of(session.state)
    if sealed is not None:
        names = {p.id: p.name for p in session.players}
        shown += [
            DiceShown(f"{names.get(r.gm, 'The GM')} (GM) rolled {r.record.heading()}", sealed=True)
            for r in sealed.rolls
        ]
    return shown[-ROLLS:]


def _log(session: Session) -> list[str]:
    log = session.log
    lines = len(log)
    # Only the newest lines: a long evening's log is neither copied nor walked.
    return [log[i].seen_by_all for i in range(max(0, lines - LOG_LINES), lines)]


def _holder(session: Session) -> list[str]:
    holder = session.current_player
    if holder is None:
        return []
    return [f"{holder.name} holds the computer" if session.curtain is None else "The curtain is up"]


def public_view(session: Session, piles: Iterable[Pile] | None = None) -> PublicView:
    """The public table now, drawn for no seat (``piles``: the table's, in table order)."""
    state = session.state
    tarot, tarot_waiting = _tarot(state)
    adventure, adventure_waiting, tokens = _adventure(state)
    chosen = state.table.piles.values() if piles is None else piles
    return PublicView(
        tuple(_pile(state, pile) for pile in chosen),
        tuple(tarot + adventure),
        tuple(_rolls(session)),
        tuple(tokens),
        tuple(tarot_waiting + adventure_waiting + _holder(session)),
        tuple(_log(session)),
    )
