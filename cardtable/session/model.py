"""What a session is made of: players in seat order, their characters, the table and its
decks, resolvers in progress, the scene, and the group's options.

:class:`GameState` holds everything undo puts back. Who holds the computer, the curtain and
the log live beside it in :class:`~cardtable.session.core.Session`, because undo must
never lower a curtain or unsay what the log told the room.

>>> alex = Player.named("Alex", "#c0392b", taken=())
>>> alex
Player(id='alex', name='Alex', colour='#c0392b', is_gm=False)
>>> Player.named("Alex", "#2980b9", taken=["alex"]).id
'alex-2'
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NewType

from attrs import Factory, define, field, frozen

from cardtable.cards import Card, CardId, DeckId
from cardtable.decks.standard import (
    DeckError,
    DeckSpec,
    playing_card_shoe,
    playing_cards,
    tourist_tarot,
)
from cardtable.piles import Pile, PileError, PileId, PileKind, Table
from cardtable.refusals import Refusal
from cardtable.sheets.common import MAX_NAME as SHEET_NAME_LIMIT

if TYPE_CHECKING:
    from cardtable.sheets import Sheet

PlayerId = NewType("PlayerId", str)
CharacterId = NewType("CharacterId", str)
#: A seat is a position in the seat order, counted from 0.
Seat = NewType("Seat", int)

#: A value of a table option: the group's choice where a rule says "configurable".
OptionValue = bool | int | str

#: Colours offered to new players, in order; any ``#rrggbb`` is accepted.
PALETTE = ("#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d")

#: A name fits on one line of a sheet: the sheets' own limit.
MAX_NAME = SHEET_NAME_LIMIT
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class SessionError(Refusal):
    """An action the session refuses; the message says what to do instead."""


class CurtainError(SessionError):
    """The curtain is up: only the named player's "I am ..." (or another pass) may follow."""


class UndoError(SessionError):
    """Nothing to undo or redo, or a reveal stands in the way."""


def _check_name(what: str, name: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise SessionError(f"{what} needs a name")
    if len(name) > MAX_NAME or any(ch in name for ch in "\n\r\t"):
        raise SessionError(f"{what} names fit on one line of at most {MAX_NAME} characters")
    if control := next((ch for ch in name if unicodedata.category(ch) == "Cc"), None):
        raise SessionError(
            f"{what} name holds a control character (U+{ord(control):04X}); names are plain text"
        )


def slug(name: str) -> str:
    """A short id made from a name: ``"Sir Roland"`` becomes ``"sir-roland"``."""
    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return text or "x"


def unique_id(name: str, taken: Iterable[str]) -> str:
    """``slug(name)``, with ``-2``, ``-3`` ... added until it is not in ``taken``."""
    used = set(taken)
    base = slug(name)
    candidate, number = base, 1
    while candidate in used:
        number += 1
        candidate = f"{base}-{number}"
    return candidate


@frozen
class Player:
    """Someone at the table: a name, a colour for their seat, and whether they are the GM."""

    id: PlayerId = field()
    name: str = field()
    colour: str = field(default=PALETTE[0])
    is_gm: bool = False

    @id.validator
    def _check_id(self, _attribute: object, value: str) -> None:
        if not isinstance(value, str) or not value or value != value.strip():
            raise SessionError(f"a player's id must be a non-empty word, not {value!r}")

    @name.validator
    def _check_player_name(self, _attribute: object, value: str) -> None:
        _check_name("A player", value)

    @colour.validator
    def _check_colour(self, _attribute: object, value: str) -> None:
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            raise SessionError(f"a colour is written #rrggbb (such as #c0392b), not {value!r}")

    @classmethod
    def named(
        cls, name: str, colour: str = PALETTE[0], *, gm: bool = False, taken: Iterable[str] = ()
    ) -> Player:
        """A new player whose id is made from ``name`` and differs from every id in ``taken``."""
        return cls(PlayerId(unique_id(name, taken)), name.strip(), colour, gm)


@frozen
class Character:
    """A character (or NPC, antagonist, environment) controlled by one player.

    ``sheet`` is the character's sheet from :mod:`cardtable.sheets` (a frozen value: editing
    a sheet replaces it), or None while none has been written.
    """

    id: CharacterId
    name: str = field()
    player: PlayerId
    system: str
    sheet: Sheet | None = None

    @name.validator
    def _check_character_name(self, _attribute: object, value: str) -> None:
        _check_name("A character", value)

    @classmethod
    def from_sheet(cls, sheet: Sheet, player: PlayerId, *, taken: Iterable[str] = ()) -> Character:
        """A character named after its sheet, of the sheet's system."""
        return cls(
            CharacterId(unique_id(sheet.name, taken)), sheet.name, player, sheet.system, sheet
        )


def _shoe(size: int) -> DeckSpec:
    return playing_card_shoe(size)


def _single(builder: Any) -> Any:
    def build(size: int) -> DeckSpec:
        if size != 1:
            raise SessionError(f"this deck comes one at a time, not {size} together")
        spec: DeckSpec = builder()
        return spec

    return build


#: How to rebuild each kind of deck a session may put on the table, by source name.
DECK_SOURCES = {
    "tourist-tarot": _single(tourist_tarot),
    "playing-cards": _single(playing_cards),
    "shoe": _shoe,
}


def _user_deck(source: str) -> Any:
    """The builder of a group's own deck (source ``user:<id>``), or None if it is none.

    Imported here, not at the top: the session model only needs the user's decks when a
    session holds one.
    """
    from cardtable.decks.custom import USER_SOURCE, user_deck_builder

    if not source.startswith(USER_SOURCE):
        return None
    try:
        build = user_deck_builder(source)
    except DeckError as exc:
        raise SessionError(str(exc)) from None

    def build_or_refuse(size: int) -> DeckSpec:
        try:
            return build(size)
        except DeckError as exc:
            raise SessionError(str(exc)) from None

    return build_or_refuse


_SPECS: dict[tuple[str, int], DeckSpec] = {}
_CARDS: dict[tuple[str, int, DeckId], tuple[Card, ...]] = {}


@frozen
class DeckOnTable:
    """A deck on the table: its id there (the prefix of its cards' ids) and where it came from.

    The cards themselves are rebuilt from ``source`` (a key of :data:`DECK_SOURCES`) and
    ``size`` (decks in a shoe), so a save file stores only where each card lies. ``art`` is
    the id of the art set the group chose to dress the deck in (see
    :mod:`cardtable.decks.art`), or None for Cardtable's own art. ``words`` is the id of the
    group's own tarot deck whose words the Tourist's Tarot carries
    (:mod:`cardtable.session.tarot_decks`), or None for the shipped words; a deck not found
    on this computer shows the shipped words.
    """

    id: DeckId
    source: str
    size: int = 1
    art: str | None = None
    words: str | None = None

    def spec(self) -> DeckSpec:
        """The deck's :class:`DeckSpec` (read once per source and size, then reused; a
        group's words are read again when their file changes)."""
        if self.words is not None:
            return self._with_words(self.words)
        key = (self.source, self.size)
        if key not in _SPECS:
            build = DECK_SOURCES.get(self.source) or _user_deck(self.source)
            if build is None:
                known = ", ".join(DECK_SOURCES)
                raise SessionError(f"{self.source!r} is not a deck ({known})")
            _SPECS[key] = build(self.size)
        return _SPECS[key]

    def _with_words(self, words: str) -> DeckSpec:
        """The Tourist's Tarot carrying the group's words ``words`` (the shipped words when
        that deck is not on this computer). Imported here: only a session playing with a
        group's words reads the decks folder."""
        from cardtable.session.tarot_decks import words_spec

        if self.source != "tourist-tarot":
            raise SessionError(f"The deck {self.id!r} is no tarot: it cannot take a tarot's words.")
        return words_spec(words) or self.__class__(self.id, self.source, self.size).spec()

    def cards(self) -> tuple[Card, ...]:
        """The deck's physical cards, with the ids they have on this table (built once, or
        for a group's words each time, as their file may have changed)."""
        if self.words is not None:
            return tuple(self.spec().cards(self.id))
        key = (self.source, self.size, self.id)
        if key not in _CARDS:
            _CARDS[key] = tuple(self.spec().cards(self.id))
        return _CARDS[key]


@frozen
class PeekMark:
    """``player`` has looked at a face-down card while it lay in ``pile``."""

    player: PlayerId
    pile: PileId


#: Where a session keeps the dice tray's history among its resolvers
#: (:mod:`cardtable.session.dice_history`): named here, so that asking whether a session has
#: rolled at all does not import the dice engine.
HISTORY_ID = "dice-history"


@define
class GameState:
    """Everything about a session that undo restores.

    ``characters`` keeps the order they joined in. ``resolvers`` maps an id to the state of a
    resolver in progress (an attrs value whose type is registered in
    :mod:`cardtable.session.registry`). ``peeks`` remembers which face-down cards their
    owners have looked at; a peek lapses when the card leaves the pile or turns face up.
    """

    players: list[Player] = Factory(list)
    characters: dict[CharacterId, Character] = Factory(dict)
    decks: list[DeckOnTable] = Factory(list)
    table: Table = Factory(Table)
    resolvers: dict[str, Any] = Factory(dict)
    scene: int = 1
    peeks: dict[CardId, PeekMark] = Factory(dict)
    options: dict[str, OptionValue] = Factory(dict)

    # -- reading --------------------------------------------------------------------------

    def player(self, player_id: PlayerId) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise SessionError(f"there is no player {player_id!r} at the table")

    def seat_of(self, player_id: PlayerId) -> Seat:
        for seat, player in enumerate(self.players):
            if player.id == player_id:
                return Seat(seat)
        raise SessionError(f"there is no player {player_id!r} at the table")

    def character(self, character_id: CharacterId) -> Character:
        try:
            return self.characters[character_id]
        except KeyError:
            raise SessionError(f"there is no character {character_id!r}") from None

    def controller(self, pile: Pile) -> PlayerId | None:
        """The player who controls the character owning ``pile`` (None for shared piles)."""
        if pile.owner is None:
            return None
        character = self.characters.get(CharacterId(pile.owner))
        return None if character is None else character.player

    def deck_ids(self) -> set[DeckId]:
        return {deck.id for deck in self.decks}

    # -- copying, for undo ----------------------------------------------------------------

    def copy(self) -> GameState:
        """An independent copy: changing either afterwards leaves the other as it was.

        Cards, facings, players, characters and sheets are frozen values and are shared;
        piles and resolver states are copied.
        """
        table = Table(
            cards=dict(self.table.cards),
            piles={pid: pile.copy() for pid, pile in self.table.piles.items()},
            facing=dict(self.table.facing),
        )
        return GameState(
            players=list(self.players),
            characters=dict(self.characters),
            decks=list(self.decks),
            table=table,
            resolvers=copy.deepcopy(self.resolvers),
            scene=self.scene,
            peeks=dict(self.peeks),
            options=dict(self.options),
        )

    def restore(self, other: GameState) -> None:
        """Take over ``other``'s contents, keeping this object and its :class:`Table`
        (views hold on to them); ``other`` must not be used afterwards."""
        self.players = other.players
        self.characters = other.characters
        self.decks = other.decks
        self.table.cards = other.table.cards
        self.table.piles = other.table.piles
        self.table.facing = other.table.facing
        self.resolvers = other.resolvers
        self.scene = other.scene
        self.peeks = other.peeks
        self.options = other.options

    # -- checking -------------------------------------------------------------------------

    def check(self) -> None:
        """Raise :class:`SessionError` (or :class:`PileError`) unless the state hangs together:
        unique ids, every reference pointing at something that exists, every card of every
        deck in exactly one pile."""
        player_ids = [p.id for p in self.players]
        if len(set(player_ids)) != len(player_ids):
            raise SessionError("two players share an id")
        names = [p.name.casefold() for p in self.players]
        if len(set(names)) != len(names):
            raise SessionError("two players share a name")
        for cid, character in self.characters.items():
            if cid != character.id:
                raise SessionError(f"character {character.id!r} is filed as {cid!r}")
            if character.player not in player_ids:
                raise SessionError(f"{character.name} is controlled by an unknown player")
            if character.sheet is not None and character.sheet.system != character.system:
                raise SessionError(f"{character.name}'s sheet is not a {character.system} sheet")
        deck_ids = [d.id for d in self.decks]
        if len(set(deck_ids)) != len(deck_ids):
            raise SessionError("two decks share an id")
        expected: set[CardId] = set()
        for deck in self.decks:
            expected.update(card.id for card in deck.cards())
        if set(self.table.cards) != expected:
            raise SessionError("the cards on the table are not those of its decks")
        self.table.check()
        if set(self.table.facing) != expected:
            raise SessionError("some cards on the table lie no way at all")
        for pile in self.table.piles.values():
            if pile.owner is not None and CharacterId(pile.owner) not in self.characters:
                raise SessionError(f"{pile.label} belongs to an unknown character")
            if pile.refill_from is not None and pile.refill_from not in self.table.piles:
                raise SessionError(f"{pile.label} refills from a pile that is not there")
            if not isinstance(pile.kind, PileKind):
                raise SessionError(f"{pile.label} is of no known kind")
        for card, peek in self.peeks.items():
            if card not in self.table.cards or peek.pile not in self.table.piles:
                raise SessionError("a peek refers to a card or pile that is not there")
            if peek.player not in player_ids:
                raise SessionError("a peek refers to an unknown player")
        if self.scene < 1:
            raise SessionError(f"scenes are numbered from 1, not {self.scene}")

    def lapse_peeks(self) -> None:
        """Forget peeks at cards that have since moved or turned face up."""
        if not self.peeks:
            return
        for card, peek in list(self.peeks.items()):
            pile = self.table.piles.get(peek.pile)
            if pile is None or card not in pile.cards or self.table.facing[card].face_up:
                del self.peeks[card]


__all__ = [
    "DECK_SOURCES",
    "PALETTE",
    "Character",
    "CharacterId",
    "CurtainError",
    "DeckOnTable",
    "GameState",
    "OptionValue",
    "PeekMark",
    "PileError",
    "Player",
    "PlayerId",
    "Seat",
    "SessionError",
    "UndoError",
    "slug",
    "unique_id",
]
