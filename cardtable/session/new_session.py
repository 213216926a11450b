"""A new session as the group plans it: systems, shoe size, players in seat order, characters.

:class:`NewSessionPlan` is what the New-session wizard fills in; :meth:`~NewSessionPlan.problems`
lists everything wrong with it, each :class:`PlanProblem` tied to the box it is about
(``"players[1].name"``), so the wizard can show the message next to that box.
:func:`build_session` turns a valid plan into a :class:`~cardtable.session.core.Session`
the way :mod:`cardtable.session.demo` builds the demo: players join, the GM (or the first
player) sets the table, characters come in with blank sheets named for them, each card
system's deck goes on the table, and every Fantastical Adventure character is dealt its
starting hand face down.

>>> from cardtable.randomness import seeded
>>> plan = NewSessionPlan(
...     systems=("adventure",),
...     players=(PlayerPlan("Alex"), PlayerPlan("Dana", "#8e44ad", gm=True)),
...     characters=(CharacterPlan("Ayla", "Alex", "adventure"),),
... )
>>> session = build_session(plan, seeded(1))
>>> [p.name for p in session.players], session.current_player.name
(['Alex', 'Dana'], 'Dana')
>>> len(session.table.pile("hand/ayla").cards)
3
>>> NewSessionPlan(systems=("tarot",), players=()).validate()
Traceback (most recent call last):
...
cardtable.session.new_session.PlanError: Add at least one player: someone has to sit at the table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime

from attrs import field, frozen

from cardtable.cards import DeckId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.randomness import Rng
from cardtable.refusals import Refusal
from cardtable.session.actions import AddCharacter, AddDeck, AddPile, AddPlayer, Draw, hand_id
from cardtable.session.core import Session
from cardtable.session.model import (
    MAX_NAME,
    PALETTE,
    Character,
    DeckOnTable,
    OptionValue,
    Player,
    PlayerId,
)
from cardtable.session.table_options import (
    ADVENTURE_SHOE,
    OptionError,
    SetTableOptions,
    option,
    options_for,
)
from cardtable.sheets import SHEET_TYPES, AdventureSheet, blank

#: The five systems by key, in the order menus list them.
SYSTEMS: tuple[str, ...] = tuple(SHEET_TYPES)
#: One line each, for a player choosing what the evening will use.
SYSTEM_BLURBS: dict[str, str] = {
    "tarot": "A GM's Challenge drawn from the five-suit Tourist's Tarot; reversed cards matter.",
    "crisis": "Pools of six-sided dice against a difficulty or in a duel; push your luck.",
    "pool": "Two challenge pools wear each other down, with Bonus, Reserves and Resistance.",
    "adventure": "Ordinary playing cards: Facets tied to suits, face-down Challenges, Hits.",
    "banzai": "Roll ten-sided dice and keep the best; tens explode; call Raises.",
}
#: What each card system puts on the table (the dice systems need no deck).
TAROT_DECK = DeckOnTable(DeckId("tarot"), "tourist-tarot")
SHOE_ID = DeckId("shoe")
#: Decks in the Fantastical Adventure shoe: 2 by default, 1 to 3.
DEFAULT_SHOE, MIN_SHOE, MAX_SHOE = 2, 1, 3
#: Cards in one deck of the shoe (52 and 2 jokers).
CARDS_PER_SHOE_DECK = 54
#: The shared zone every table with a deck lays out, as the demo does: cards any seat puts in
#: view of all. Named apart from the tarot Challenge's own row ("The Challenge").
CHALLENGE_ZONE = PileId("challenge")
MIDDLE_LABEL = "the middle of the table"
#: Why undo stops at the end of set-up.
SET_UP_BARRIER = "The table was just set up; start a new session to set it up differently."

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class PlanError(Refusal):
    """A plan that cannot become a session; ``problems`` says what to fix, box by box."""

    def __init__(self, problems: Sequence[PlanProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__(" ".join(problem.message for problem in self.problems))


@frozen
class PlanProblem:
    """One thing to fix: where (``"systems"``, ``"players"``, ``"players[0].name"``,
    ``"characters[2].system"``, ``"shoe_decks"``) and what to do about it."""

    where: str
    message: str

    def __str__(self) -> str:
        return self.message

    @property
    def page(self) -> str:
        """The part of the plan it is about: ``"systems"``, ``"players"`` or ``"characters"``."""
        head = self.where.split("[", 1)[0].split(".", 1)[0]
        return "systems" if head == "shoe_decks" else head

    @property
    def row(self) -> int | None:
        """The player or character it is about (counted from 0); None for the whole list."""
        match = re.match(r"\w+\[(\d+)\]", self.where)
        return int(match.group(1)) if match else None


@frozen
class PlayerPlan:
    """Someone who will sit at the table: name, seat colour, and whether they run the game."""

    name: str
    colour: str = PALETTE[0]
    gm: bool = False


@frozen
class CharacterPlan:
    """A character to bring in: its name, the name of the player who controls it, its system."""

    name: str
    player: str
    system: str


def _tuple(items: Iterable[object]) -> tuple[object, ...]:
    return tuple(items)


def _options(items: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    return dict(items)


def _systems(items: Iterable[str]) -> tuple[str, ...]:
    # Known systems in menu order, so the same choice always builds the same table.
    chosen = list(dict.fromkeys(items))
    known = [s for s in SYSTEMS if s in chosen]
    return tuple(known + [s for s in chosen if s not in SYSTEMS])


@frozen
class NewSessionPlan:
    """What a new session will hold. Players are in seat order; a character names its
    player by the player's name. ``shoe_decks`` matters only for Fantastical Adventure.
    ``options`` are the table options chosen (:mod:`cardtable.session.table_options`); those
    of the chosen systems left out take their defaults."""

    systems: tuple[str, ...] = field(default=(), converter=_systems)
    players: tuple[PlayerPlan, ...] = field(default=(), converter=_tuple)
    characters: tuple[CharacterPlan, ...] = field(default=(), converter=_tuple)
    shoe_decks: int = DEFAULT_SHOE
    options: dict[str, OptionValue] = field(factory=dict, converter=_options)

    def table_options(self) -> dict[str, OptionValue]:
        """Every option of the chosen systems, as the table will be set: the ones chosen, the
        defaults for the rest, and the shoe's size."""
        chosen = {o.key: self.options.get(o.key, o.default) for o in options_for(self.systems)}
        if ADVENTURE_SHOE in chosen:
            chosen[ADVENTURE_SHOE] = self.shoe_decks
        return chosen

    @property
    def gm(self) -> PlayerPlan | None:
        """The player marked as GM, if any (the first one, should several be)."""
        return next((p for p in self.players if p.gm), None)

    def decks(self) -> tuple[DeckOnTable, ...]:
        """The decks the chosen systems put on the table."""
        decks = []
        if "tarot" in self.systems:
            decks.append(TAROT_DECK)
        if "adventure" in self.systems:
            decks.append(DeckOnTable(SHOE_ID, "shoe", self.shoe_decks))
        return tuple(decks)

    def problems(self) -> list[PlanProblem]:
        """Everything to fix before the plan can become a session; ``[]`` when it is ready."""
        return [
            *self._system_problems(),
            *self._option_problems(),
            *self._player_problems(),
            *self._character_problems(),
        ]

    def validate(self) -> None:
        """Raise :class:`PlanError` listing every problem, or return when there is none."""
        problems = self.problems()
        if problems:
            raise PlanError(problems)

    def _system_problems(self) -> list[PlanProblem]:
        problems = []
        if not self.systems:
            problems.append(PlanProblem("systems", "Tick at least one system to play."))
        for system in self.systems:
            if system not in SYSTEMS:
                known = ", ".join(SYSTEMS)
                text = f"{system!r} is not a system Cardtable knows; choose among {known}."
                problems.append(PlanProblem("systems", text))
        if (
            isinstance(self.shoe_decks, bool)
            or not isinstance(self.shoe_decks, int)
            or not MIN_SHOE <= self.shoe_decks <= MAX_SHOE
        ):
            text = f"The shoe holds {MIN_SHOE} to {MAX_SHOE} decks, not {self.shoe_decks!r}."
            problems.append(PlanProblem("shoe_decks", text))
        return problems

    def _option_problems(self) -> list[PlanProblem]:
        problems = []
        for key, value in self.options.items():
            try:
                option(key).check(value)
            except OptionError as exc:
                problems.append(PlanProblem("options", str(exc)))
        return problems

    def _player_problems(self) -> list[PlanProblem]:
        problems = []
        if not self.players:
            text = "Add at least one player: someone has to sit at the table."
            problems.append(PlanProblem("players", text))
        seen: dict[str, int] = {}
        for index, player in enumerate(self.players):
            where = f"players[{index}]"
            seat = f"Seat {index + 1}"
            problems.extend(_name_problems(f"{where}.name", seat, "this player", player.name))
            key = player.name.strip().casefold()
            if key and key in seen:
                first = self.players[seen[key]].name.strip()
                text = (
                    f"{first} already sits in seat {seen[key] + 1}; "
                    "give each player a different name."
                )
                problems.append(PlanProblem(f"{where}.name", text))
            seen.setdefault(key, index)
            if not isinstance(player.colour, str) or not _COLOUR.fullmatch(player.colour):
                text = f"{seat}: write the colour as #rrggbb (like #c0392b), not {player.colour}."
                problems.append(PlanProblem(f"{where}.colour", text))
        gms = [p.name.strip() or f"seat {i + 1}" for i, p in enumerate(self.players) if p.gm]
        if len(gms) > 1:
            text = f"Only one player can be the GM; {_listed(gms)} are all marked."
            problems.append(PlanProblem("players", text))
        return problems

    def _character_problems(self) -> list[PlanProblem]:
        problems = []
        players = {p.name.strip().casefold() for p in self.players if p.name.strip()}
        seen: set[str] = set()
        adventurers = 0
        for index, character in enumerate(self.characters):
            where = f"characters[{index}]"
            name = character.name.strip()
            who = name or f"Character {index + 1}"
            problems.extend(
                _name_problems(f"{where}.name", f"Character {index + 1}", "this character", name)
            )
            if name and name.casefold() in seen:
                text = f"There is already a character called {name}; give each a different name."
                problems.append(PlanProblem(f"{where}.name", text))
            seen.add(name.casefold())
            if not character.player.strip():
                text = f"Choose the player who controls {who}."
                problems.append(PlanProblem(f"{where}.player", text))
            elif character.player.strip().casefold() not in players:
                text = f"{who}'s player, {character.player.strip()}, is not at the table any more."
                problems.append(PlanProblem(f"{where}.player", text))
            if character.system not in self.systems:
                title = system_title(character.system)
                text = (
                    f"{who} is a {title} character, but {title} is not ticked: "
                    "tick it, or choose another system."
                )
                problems.append(PlanProblem(f"{where}.system", text))
            adventurers += character.system == "adventure"
        if "adventure" in self.systems and isinstance(self.shoe_decks, int):
            hand = AdventureSheet().starting_hand
            room = self.shoe_decks * CARDS_PER_SHOE_DECK
            if adventurers * hand > room:
                text = (
                    f"{adventurers} Fantastical Adventure characters need {adventurers * hand} "
                    f"cards for their starting hands, more than a shoe of {self.shoe_decks} "
                    f"holds ({room}); add a deck to the shoe."
                )
                problems.append(PlanProblem("shoe_decks", text))
        return problems


def _name_problems(where: str, label: str, whom: str, name: str) -> list[PlanProblem]:
    if not name.strip():
        return [PlanProblem(where, f"{label}: type a name for {whom}.")]
    if len(name.strip()) > MAX_NAME:
        text = f"{label}: a name fits in {MAX_NAME} characters ({len(name.strip())} typed)."
        return [PlanProblem(where, text)]
    if any(ch in name for ch in "\n\r\t"):
        return [PlanProblem(where, f"{label}: a name fits on one line.")]
    return []


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def system_title(system: str) -> str:
    """The system's name as players know it: ``"banzai"`` is ``"Banzai"``."""
    cls = SHEET_TYPES.get(system)
    return cls.title if cls is not None else repr(system)


def build_session(
    plan: NewSessionPlan, rng: Rng, clock: Callable[[], datetime] | None = None
) -> Session:
    """A new session set up as ``plan`` says; :class:`PlanError` if the plan has problems.

    The GM, or else the first player, holds the computer and sets the table, so the log
    reads "Dana put the Tourist's Tarot on the table". Undo does not reach back into set-up.
    """
    plan.validate()
    session = Session(rng=rng, clock=clock)
    ids: dict[str, PlayerId] = {}
    for seat in plan.players:
        player = Player.named(seat.name, seat.colour, gm=seat.gm, taken=ids.values())
        session.apply(AddPlayer(player))
        ids[seat.name.strip().casefold()] = player.id
    gm = plan.gm
    if gm is not None:
        session.holder = ids[gm.name.strip().casefold()]
    options = plan.table_options()
    if options:
        session.apply(SetTableOptions(options, setting_up=True))
    for wanted in plan.characters:
        owner = next(p for p in plan.players if p.name.strip().casefold() == _key(wanted.player))
        sheet = blank(wanted.system).revised(name=wanted.name.strip(), player=owner.name.strip())
        character = Character.from_sheet(sheet, ids[_key(owner.name)], taken=session.characters)
        session.apply(AddCharacter(character, hand=wanted.system == "adventure"))
    for deck in plan.decks():
        session.apply(AddDeck(deck))
    for character in list(session.characters.values()):
        if isinstance(character.sheet, AdventureSheet):
            draw = PileId(f"{SHOE_ID}/draw")
            session.apply(Draw(draw, hand_id(character), character.sheet.starting_hand))
            zone = Pile(
                PileId(f"zone/{character.id}"),
                PileKind.ZONE,
                f"{character.name}'s face-down cards",
                owner=character.id,
            )
            session.apply(AddPile(zone))
    if plan.decks():
        session.apply(AddPile(Pile(CHALLENGE_ZONE, PileKind.ZONE, MIDDLE_LABEL)))
    session.checkpoint(SET_UP_BARRIER)
    return session


def _key(name: str) -> str:
    return name.strip().casefold()


__all__ = [
    "CARDS_PER_SHOE_DECK",
    "CHALLENGE_ZONE",
    "DEFAULT_SHOE",
    "MAX_SHOE",
    "MIDDLE_LABEL",
    "MIN_SHOE",
    "SYSTEMS",
    "SYSTEM_BLURBS",
    "CharacterPlan",
    "NewSessionPlan",
    "PlanError",
    "PlanProblem",
    "PlayerPlan",
    "build_session",
    "system_title",
]
