"""Every change to a session, as a value :meth:`Session.apply` runs.

Each action checks what it needs, changes the game state, and tells the log what the room
saw, naming a card only to those who may see it ("Bea drew a card" for the room, "Bea drew
the Queen of Hearts to Roland's hand" for Bea).

>>> from cardtable.cards import DeckId
>>> from cardtable.randomness import seeded
>>> from cardtable.session.core import Session
>>> from cardtable.session.model import CharacterId
>>> session = Session(rng=seeded(4))
>>> for name in ("Alex", "Bea"):
...     _ = session.apply(AddPlayer(Player.named(name, taken=[p.id for p in session.players])))
>>> _ = session.apply(AddCharacter(Character(CharacterId("roland"), "Roland", PlayerId("bea"),
...                                            "adventure"), hand=True))
>>> _ = session.apply(AddDeck(DeckOnTable(DeckId("shoe"), "shoe", 1)))
>>> _ = session.apply(Draw(PileId("shoe/draw"), PileId("hand/roland")))
>>> entry = session.log[-1]
>>> entry.public, entry.owner
("Alex drew a card to Roland's hand", 'bea')
>>> entry.private == f"Alex drew {card_words(session.state, entry.cards[0])} to Roland's hand"
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

import attrs
from attrs import evolve, field, frozen

from cardtable.cards import CardId, DeckId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.session.authority import (
    card_refusal,
    destination_refusal,
    gm_refusal,
    pile_refusal,
    sheet_refusal,
)
from cardtable.session.core import Action, DrawMade, Performed, Session
from cardtable.session.log import Event
from cardtable.session.model import (
    Character,
    CharacterId,
    CurtainError,
    DeckOnTable,
    GameState,
    OptionValue,
    PeekMark,
    Player,
    PlayerId,
    SessionError,
)

# Re-exported: resolver actions live in their own module, callers import them from here.
from cardtable.session.resolver_actions import EndResolver as EndResolver
from cardtable.session.resolver_actions import ResolverStep as ResolverStep
from cardtable.session.resolver_actions import StartResolver as StartResolver
from cardtable.session.resolver_actions import StepFunction as StepFunction
from cardtable.session.visibility import EVERYONE, Audience, audience_in
from cardtable.session.wording import card_words, cards_words, count_of
from cardtable.sheets import Sheet

MAX_NOTE = 2000

# ---------------------------------------------------------------------------------------------
# How a log line names the cards that moved


def _audiences(state: GameState, cards: Sequence[CardId]) -> list[Audience]:
    table = state.table
    return [audience_in(state, card, table.pile(table.where(card))) for card in cards]


def _told(
    session: Session,
    sentence: Callable[[str], str],
    cards: Sequence[CardId],
    before: Sequence[Audience],
    after: Sequence[Audience] | None = None,
) -> Event:
    """The event for ``cards`` that moved or turned: ``sentence(what)`` names them to the
    room if the room saw them (before or after), else says "a card" to the room and names
    them to the one player who saw them."""
    state = session.state
    if after is None:
        after = _audiences(state, cards)
    if all(EVERYONE in (b, a) for b, a in zip(before, after, strict=True)):
        return Event.said(sentence(cards_words(state, cards)))
    private = sentence(cards_words(state, cards))
    public = sentence(count_of(len(cards)))
    owner = _one_player(after) or _one_player(before)
    return Event.secret(public, private, owner, cards)


def _one_player(audiences: Sequence[Audience]) -> PlayerId | None:
    players = {a for a in audiences if a is not None and a is not EVERYONE}
    return players.pop() if len(players) == 1 else None


def _card_tuple(cards: Iterable[CardId]) -> tuple[CardId, ...]:
    return tuple(cards)


def _facing_words(state: GameState, cards: Sequence[CardId], pile: Pile) -> str:
    if pile.kind is PileKind.HAND:
        return ""
    up = [state.table.facing[card].face_up for card in cards]
    return "" if all(up) else " face down" if not any(up) else " (some face down)"


# ---------------------------------------------------------------------------------------------
# Cards


@frozen
class Draw(Action):
    """Draw ``count`` cards from the top of ``source`` onto ``to``, face up or down.

    A draw pile that runs out first takes in its discard pile, shuffled.
    """

    source: PileId
    to: PileId
    count: int = 1
    face_up: bool = False

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        state = session.state
        source, dest = state.table.piles.get(self.source), state.table.piles.get(self.to)
        if source is None or dest is None:
            return None
        return pile_refusal(state, who, source, "draw from") or destination_refusal(
            state, who, dest
        )

    def perform(self, session: Session) -> Performed:
        table = session.table
        source, dest = table.pile(self.source), table.pile(self.to)
        if self.count < 1:
            raise SessionError("Draw at least one card.")
        if source.id == dest.id:
            raise SessionError("Draw onto another pile than the one drawn from.")
        events = []
        if self.count > len(source.cards) and source.refill_from is not None:
            events.append(Event.said(f"{source.label} ran out: its discard pile was shuffled in."))
        # Who saw the cards on top before (a face-up discard pile is seen by all); cards
        # shuffled in from the discard pile come face down, seen by nobody.
        seen = {c: audience_in(session.state, c, source) for c in source.cards[-self.count :]}
        drawn = table.draw(source.id, dest.id, session.rng, self.count, face_up=self.face_up)
        who = session.actor_name
        origin = "" if source.kind is PileKind.DRAW else f" from {source.label}"
        how = _facing_words(session.state, drawn, dest)
        before = [seen.get(card) for card in drawn]
        events.append(
            _told(
                session,
                lambda what: f"{who} drew {what}{how}{origin} to {dest.label}",
                drawn,
                before,
            )
        )
        # Dealt face down where nobody sees it, the draw showed nobody what chance gave.
        unseen = all(audience_in(session.state, card, dest) is None for card in drawn)
        session.last_draw = DrawMade(session.holder, tuple(drawn), source.id, dest.id)
        return Performed(tuple(events), unseen=unseen)


def move_refusal(state: GameState, cards: Sequence[CardId], to: PileId) -> str | None:
    """Why ``cards`` may not go onto pile ``to`` (in words for the player), or None.

    A deck's draw and discard piles take only that deck's cards: a stray card would be dealt
    from the wrong deck at the next refill. The table asks before a drop lands (kpat's
    ``allowedToAdd``); :class:`Move` refuses with the same words.
    """
    pile = state.table.piles.get(to)
    if pile is None:
        return f"The table has no pile {to!r}."
    if pile.kind not in (PileKind.DRAW, PileKind.DISCARD):
        return None
    deck = _deck_of_pile(state, pile)
    if deck is None:
        return None
    for card_id in cards:
        card = state.table.cards.get(card_id)
        if card is not None and card.deck != deck:
            # Never name the card: it may be one nobody has seen.
            names = {d.id: d.spec().name for d in state.decks}
            what = "Those cards belong" if len(cards) > 1 else "That card belongs"
            return (
                f"{what} to {names.get(card.deck, card.deck)}, not to {names[deck]}; "
                "put it on its own deck's piles."
            )
    return None


def _deck_of_pile(state: GameState, pile: Pile) -> DeckId | None:
    """The deck whose draw or discard pile ``pile`` is (their ids are ``<deck>/draw`` and
    ``<deck>/discard``), or None for a pile no deck on the table owns."""
    deck = DeckId(pile.id.rpartition("/")[0])
    return deck if deck in state.deck_ids() else None


@frozen
class Move(Action):
    """Move ``cards`` onto pile ``to`` (the last on top, or from ``index`` on), turning them
    face up or down as they land when ``face_up`` is given."""

    cards: tuple[CardId, ...] = field(converter=_card_tuple)
    to: PileId
    face_up: bool | None = None
    index: int | None = None

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        state = session.state
        for card in self.cards:
            if card in state.table.cards and (reason := card_refusal(state, who, card, "move")):
                return reason
        dest = state.table.piles.get(self.to)
        return None if dest is None else destination_refusal(state, who, dest)

    def perform(self, session: Session) -> Performed:
        if not self.cards:
            raise SessionError("Choose at least one card to move.")
        state = session.state
        dest = state.table.pile(self.to)
        if refusal := move_refusal(state, self.cards, dest.id):
            raise SessionError(refusal)
        sources = {state.table.where(card) for card in self.cards}
        before = _audiences(state, self.cards)
        state.table.move(self.cards, dest.id, index=self.index, face_up=self.face_up)
        who = session.actor_name
        origin = (
            f" from {state.table.piles[next(iter(sources))].label}" if len(sources) == 1 else ""
        )
        if dest.kind is PileKind.DISCARD:
            sentence = lambda what: f"{who} discarded {what}{origin}"  # noqa: E731
        else:
            how = _facing_words(state, self.cards, dest)
            sentence = lambda what: f"{who} moved {what}{how}{origin} to {dest.label}"  # noqa: E731
        # A card taken face down from a shuffled pile to where nobody sees it showed no one
        # what chance gave.
        unseen = all(audience_in(state, card, dest) is None for card in self.cards)
        return Performed((_told(session, sentence, self.cards, before),), unseen=unseen)


@frozen
class Flip(Action):
    """Turn a card face up or face down where it lies."""

    card: CardId

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return card_refusal(session.state, who, self.card, "flip")

    def perform(self, session: Session) -> Performed:
        state = session.state
        pile = state.table.pile(state.table.where(self.card))
        before = _audiences(state, [self.card])
        facing = state.table.flip(self.card)
        side = "face up" if facing.face_up else "face down"
        who = session.actor_name
        return Performed(
            (
                _told(
                    session,
                    lambda what: f"{who} flipped {what} {side} on {pile.label}",
                    [self.card],
                    before,
                ),
            )
        )


@frozen
class Turn(Action):
    """Turn a card round (upright to reversed and back) where it lies."""

    card: CardId

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return card_refusal(session.state, who, self.card, "turn round")

    def perform(self, session: Session) -> Performed:
        state = session.state
        pile = state.table.pile(state.table.where(self.card))
        before = _audiences(state, [self.card])
        facing = state.table.turn(self.card)
        way = "reversed" if facing.reversed else "upright"
        who = session.actor_name
        named = card_words(state, self.card, orientation=False)
        # "Turned round", never "flipped": a flip is face up or down, a turn is which way up.
        private = f"{who} turned {named} round, now {way}, on {pile.label}"
        if EVERYONE in (before[0], audience_in(state, self.card, pile)):
            return Performed((Event.said(private),))
        public = f"{who} turned a card round, now {way}, on {pile.label}"
        owner = _one_player([audience_in(state, self.card, pile), before[0]])
        return Performed((Event.secret(public, private, owner, [self.card]),))


@frozen
class Shuffle(Action):
    """Shuffle a pile (and turn its cards at random, for a deck that uses orientation)."""

    pile: PileId

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        pile = session.state.table.piles.get(self.pile)
        return None if pile is None else pile_refusal(session.state, who, pile, "shuffle")

    def perform(self, session: Session) -> Performed:
        state = session.state
        pile = state.table.pile(self.pile)
        state.table.shuffle(pile.id, session.rng)
        for card in pile.cards:
            # Shuffled face-down cards can no longer be told apart, even by who peeked.
            state.peeks.pop(card, None)
        said = Event.said(f"{session.actor_name} shuffled {pile.label}")
        # Face down, the new order is nobody's knowledge: the shuffle may be undone.
        unseen = not any(state.table.facing[card].face_up for card in pile.cards)
        return Performed((said,), unseen=unseen or pile.kind is PileKind.HAND)


#: Why a seat may not peek at a face-down card (one its own character did not lay).
PEEK_REFUSAL = "Only the player whose character laid a face-down card may peek at it."


@frozen
class Peek(Action):
    """The player at the current seat looks at a face-down card laid by a character of theirs."""

    card: CardId

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        state = session.state
        if self.card not in state.table.cards:
            return None
        pile = state.table.pile(state.table.where(self.card))
        if pile.kind is PileKind.HAND or state.table.facing[self.card].face_up:
            return None  # nothing to peek at: perform says so
        if state.controller(pile) != who:
            return PEEK_REFUSAL
        return None

    def perform(self, session: Session) -> Performed:
        state = session.state
        pile = state.table.pile(state.table.where(self.card))
        me = session.holder
        if pile.kind is PileKind.HAND:
            raise SessionError("Cards in a hand need no peeking: their owner sees them.")
        if state.table.facing[self.card].face_up:
            raise SessionError("That card is face up already.")
        owner = state.controller(pile)
        if me is None or owner != me:
            raise SessionError(PEEK_REFUSAL)
        state.peeks[self.card] = PeekMark(me, pile.id)
        who = session.actor_name
        return Performed(
            (
                Event.secret(
                    f"{who} peeked at a card on {pile.label}",
                    f"{who} peeked at {card_words(state, self.card)} on {pile.label}",
                    me,
                    [self.card],
                ),
            )
        )


@frozen
class Reveal(Action):
    """Turn face-down cards face up all together: a checkpoint undo does not cross."""

    cards: tuple[CardId, ...] = field(converter=_card_tuple)

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        for card in self.cards:
            if reason := card_refusal(session.state, who, card, "reveal"):
                return reason
        return None

    def perform(self, session: Session) -> Performed:
        state = session.state
        if not self.cards:
            raise SessionError("Choose the cards to reveal.")
        for card in self.cards:
            pile = state.table.pile(state.table.where(card))
            if pile.kind is PileKind.HAND:
                raise SessionError("A card in a hand is shown by playing it onto the table.")
            if state.table.facing[card].face_up:
                raise SessionError("Only face-down cards can be revealed.")
        for card in self.cards:
            state.table.flip(card)
        piles = {state.table.where(card) for card in self.cards}
        where = f" on {state.table.piles[piles.pop()].label}" if len(piles) == 1 else ""
        text = f"{session.actor_name} revealed {cards_words(state, self.cards)}{where}"
        return Performed((Event.said(text),))


# ---------------------------------------------------------------------------------------------
# Seats


@frozen
class PassSeat(Action):
    """Hand the computer to the player at ``seat``: the curtain goes up until they confirm."""

    undoable: ClassVar[bool] = False
    behind_curtain: ClassVar[bool] = True

    seat: int

    def perform(self, session: Session) -> Performed:
        players = session.players
        if not 0 <= self.seat < len(players):
            raise SessionError(f"There is no seat {self.seat + 1}; the table has {len(players)}.")
        who = session.actor_name
        nxt = players[self.seat]
        session.holder = nxt.id
        session.curtain = nxt.id
        return Performed((Event.said(f"{who} passed the computer to {nxt.name}"),))


@frozen
class ConfirmSeat(Action):
    """ "I am X": the named player lifts the curtain."""

    undoable: ClassVar[bool] = False
    behind_curtain: ClassVar[bool] = True

    player: PlayerId

    def perform(self, session: Session) -> Performed:
        if session.curtain is None:
            raise SessionError("No curtain is up.")
        expected = session.state.player(session.curtain)
        if self.player != expected.id:
            raise CurtainError(f"The curtain waits for {expected.name}; only they may lift it.")
        session.curtain = None
        return Performed((Event.said(f"{expected.name} took the computer"),))


# ---------------------------------------------------------------------------------------------
# People, decks, piles, sheets, scenes, options, notes


def _system_title(system: str) -> str:
    from cardtable.sheets import SHEET_TYPES

    cls = SHEET_TYPES.get(system)
    return cls.title if cls is not None and cls.title else system


@frozen
class AddPlayer(Action):
    """Seat a new player after the others (the first to join holds the computer)."""

    player: Player

    def perform(self, session: Session) -> Performed:
        state = session.state
        if any(p.id == self.player.id for p in state.players):
            raise SessionError(f"A player with the id {self.player.id!r} is already seated.")
        if any(p.name.casefold() == self.player.name.casefold() for p in state.players):
            raise SessionError(f"{self.player.name} is already at the table; choose another name.")
        state.players.append(self.player)
        if session.holder is None:
            session.holder = self.player.id
        role = " as the GM" if self.player.is_gm else ""
        return Performed((Event.said(f"{self.player.name} joined the table{role}"),))


@frozen
class AddCharacter(Action):
    """Bring in a character; ``hand`` gives it a private hand of cards."""

    character: Character
    hand: bool = False

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        if self.character.player == who:
            return None
        return gm_refusal(session.state, who, "bring in another player's character")

    def perform(self, session: Session) -> Performed:
        state = session.state
        char = self.character
        if char.id in state.characters:
            raise SessionError(f"There is already a character with the id {char.id!r}.")
        player = state.player(char.player)
        if char.sheet is not None and char.sheet.system != char.system:
            raise SessionError(f"{char.name}'s sheet belongs to another system than {char.system}.")
        state.characters[char.id] = char
        if self.hand:
            state.table.add_pile(
                Pile(hand_id(char), PileKind.HAND, f"{char.name}'s hand", owner=char.id)
            )
        text = f"{session.actor_name} brought in {char.name} ({_system_title(char.system)})"
        if session.holder != player.id:
            text += f" for {player.name}"  # the GM brings in a player's character
        return Performed((Event.said(text),))


def hand_id(character: Character) -> PileId:
    """The id of a character's hand pile."""
    return PileId(f"hand/{character.id}")


@frozen
class AddPile(Action):
    """Lay out a new, empty pile (a zone for a Challenge, a character's face-down cards...)."""

    pile: Pile

    def perform(self, session: Session) -> Performed:
        state = session.state
        if self.pile.cards:
            raise SessionError("A new pile starts empty; move cards onto it afterwards.")
        if self.pile.owner is not None:
            state.character(CharacterId(self.pile.owner))
        if self.pile.refill_from is not None:
            state.table.pile(self.pile.refill_from)
        state.table.add_pile(evolve(self.pile, cards=[]))
        return Performed((Event.said(f"{session.actor_name} laid out {self.pile.label}"),))


@frozen
class AddDeck(Action):
    """Put a deck on the table, shuffled into a draw pile with an empty discard pile."""

    deck: DeckOnTable

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return gm_refusal(session.state, who, "put a deck on the table")

    def perform(self, session: Session) -> Performed:
        state = session.state
        if self.deck.id in state.deck_ids():
            raise SessionError(f"A deck called {self.deck.id!r} is already on the table.")
        spec = self.deck.spec()
        state.table.add_deck(spec, self.deck.id, session.rng)
        state.decks.append(self.deck)
        text = (
            f"{session.actor_name} put {spec.name} on the table ({len(spec.faces)} cards, shuffled)"
        )
        return Performed((Event.said(text),), unseen=True)


@frozen
class EditSheet(Action):
    """Replace a character's sheet with an edited one.

    ``what`` says what was changed, for the log: ``what="Rock to Great (4)"`` logs "Alex
    changed Mirela's Rock to Great (4)". Without it the log names the fields that differ.
    """

    character: CharacterId
    sheet: Sheet
    what: str = ""

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return sheet_refusal(session.state, who, self.character)

    def perform(self, session: Session) -> Performed:
        state = session.state
        char = state.character(self.character)
        if getattr(self.sheet, "system", None) != char.system:
            raise SessionError(f"{char.name} has a {char.system} sheet; this is not one.")
        old = char.sheet
        # The sheet's name is the character's: renaming one renames the other.
        renamed = " ".join(str(getattr(self.sheet, "name", "")).split()) or char.name
        state.characters[char.id] = evolve(char, sheet=self.sheet, name=renamed)
        said = " ".join(self.what.split())
        if said:
            return Performed((Event.said(f"{session.actor_name} changed {char.name}'s {said}"),))
        what = ""
        if old is not None and type(old) is type(self.sheet):
            changed = [
                f.name.replace("_", " ")
                for f in attrs.fields(type(old))
                if getattr(old, f.name) != getattr(self.sheet, f.name)
            ]
            what = f" ({', '.join(changed)})" if changed else " (no change)"
        return Performed((Event.said(f"{session.actor_name} changed {char.name}'s sheet{what}"),))


@frozen
class ChangeScene(Action):
    """Begin the next scene, or scene ``number``."""

    number: int | None = None

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return gm_refusal(session.state, who, "begin a new scene")

    def perform(self, session: Session) -> Performed:
        state = session.state
        number = state.scene + 1 if self.number is None else self.number
        if number < 1:
            raise SessionError("Scenes are numbered from 1.")
        if number == state.scene:
            raise SessionError(f"Scene {number} is already under way.")
        state.scene = number
        return Performed((Event.said(f"{session.actor_name} began scene {number}"),))


@frozen
class SetOption(Action):
    """Set a table option (a rule the group configures)."""

    name: str
    value: OptionValue

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return gm_refusal(session.state, who, "change the table's options")

    def perform(self, session: Session) -> Performed:
        if not self.name.strip():
            raise SessionError("An option needs a name.")
        if not isinstance(self.value, bool | int | str):
            raise SessionError("An option is a yes/no, a whole number or a word.")
        session.state.options[self.name] = self.value
        shown = ("on" if self.value else "off") if isinstance(self.value, bool) else self.value
        return Performed((Event.said(f"{session.actor_name} set {self.name} to {shown}"),))


@frozen
class Note(Action):
    """A free-text line in the log; a private note is read only by its writer."""

    undoable: ClassVar[bool] = False

    text: str
    private: bool = False

    def perform(self, session: Session) -> Performed:
        text = " ".join(self.text.split())
        if not text:
            raise SessionError("The note is empty.")
        if len(text) > MAX_NOTE:
            raise SessionError(f"A note holds at most {MAX_NOTE} characters.")
        who = session.actor_name
        if not self.private:
            return Performed((Event.said(f"{who} noted: {text}"),))
        if session.holder is None:
            raise SessionError("Private notes need someone at the table to keep them.")
        event = Event.secret(
            f"{who} wrote a private note", f"{who} noted privately: {text}", session.holder
        )
        return Performed((event,))
