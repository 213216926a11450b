"""Deck files: reading and checking them, and building the physical cards of a deck.

A deck file is JSON under ``assets/decks/`` (a group may edit it)::

    {"deck_format": 1, "id": "tourist-tarot", "name": "The Tourist's Tarot",
     "system": "tarot", "uses_orientation": true,
     "cards": [{"card": "Child of Rock", "upright": "...", "reversed": "..."}, ...]}

A broken file is refused with a :class:`DeckFileError` that names the file, the card and what
is wrong.

A group's own deck (made by :mod:`cardtable.decks.importing` from its pictures) has the system
``"custom"``, a card ``"shape"`` (``"tarot"`` or ``"playing"``) and cards of any names, each
with an optional ``"slug"`` (made from the name otherwise)::

    {"deck_format": 1, "id": "moon-oracle", "name": "Moon Oracle", "system": "custom",
     "shape": "tarot", "cards": [{"card": "The Moon", "slug": "the-moon"}, ...]}

>>> deck = tourist_tarot()
>>> len(deck.faces), deck.uses_orientation
(82, True)
>>> len(playing_card_shoe(2).faces)
108
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from attrs import frozen

from cardtable.assets import asset_folder
from cardtable.cards import (
    CARD_SHAPES,
    TRIUMPHS,
    Card,
    CardError,
    CardFace,
    CardId,
    CustomCard,
    DeckId,
    Figure,
    PlayingCard,
    Rank,
    Suit,
    TarotCard,
    TarotSuit,
)
from cardtable.refusals import Refusal

DECK_FORMAT = 1
SYSTEMS = ("tarot", "playing", "custom")
MAX_KEYWORD = 40
#: The most cards a group's own deck may hold.
MAX_CUSTOM_CARDS = 300


class DeckError(Refusal):
    """A deck that cannot be made (a shoe of too many decks)."""


class DeckFileError(DeckError):
    """A deck file that cannot be used; the message names the file, the card and the fault."""


@frozen
class DeckSpec:
    """What a deck holds: its faces in order, and whether shuffling turns cards round."""

    id: str
    name: str
    system: str
    uses_orientation: bool
    faces: tuple[CardFace, ...]

    def cards(self, deck_id: DeckId | None = None) -> list[Card]:
        """The physical cards of this deck, with ids unique within it.

        Ids read like ``tarot/soldier-paper`` or, for repeated faces, ``shoe/2/qh``.
        """
        prefix = deck_id or DeckId(self.id)
        seen: Counter[CardFace] = Counter()
        cards = []
        repeated = len(set(self.faces)) != len(self.faces)
        for face in self.faces:
            seen[face] += 1
            tail = f"{seen[face]}/{face.slug}" if repeated else face.slug
            cards.append(Card(CardId(f"{prefix}/{tail}"), face, DeckId(prefix)))
        return cards


def _asset_path(name: str) -> Path:
    return asset_folder() / "decks" / name


def tourist_tarot() -> DeckSpec:
    """The shipped Tourist's Tarot (82 cards, with keywords)."""
    return load_deck(_asset_path("tourist-tarot.json"))


def playing_cards() -> DeckSpec:
    """The shipped deck of 52 playing cards and 2 jokers."""
    return load_deck(_asset_path("playing-cards.json"))


def playing_card_shoe(decks: int = 2) -> DeckSpec:
    """A shoe of ``decks`` x 52 cards plus 2 jokers each (1 to 3 decks)."""
    if not 1 <= decks <= 3:
        raise DeckError(f"a shoe holds 1 to 3 decks, not {decks}")
    single = playing_cards()
    return DeckSpec(
        id="shoe",
        name=f"Shoe of {decks} deck{'s' if decks > 1 else ''}",
        system="playing",
        uses_orientation=False,
        faces=single.faces * decks,
    )


def load_deck(path: Path) -> DeckSpec:
    """Read and check a deck file; :class:`DeckFileError` says what is wrong and where."""
    name = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckFileError(f"{name}: cannot read the deck file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise DeckFileError(f"{name}: not a text file (it is not UTF-8)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckFileError(f"{name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return parse_deck(data, name)


def parse_deck(data: Any, name: str = "deck") -> DeckSpec:
    """Check a deck file's parsed JSON and build its :class:`DeckSpec`."""
    if not isinstance(data, dict):
        raise DeckFileError(f"{name}: a deck file holds one JSON object")
    version = data.get("deck_format")
    if type(version) is not int or version != DECK_FORMAT:
        raise DeckFileError(
            f"{name}: deck_format is {version!r}; this version of Cardtable reads {DECK_FORMAT}"
        )
    for key in ("id", "name", "system"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise DeckFileError(f"{name}: {key!r} must be a non-empty string")
    system = data["system"]
    if system not in SYSTEMS:
        raise DeckFileError(f"{name}: system {system!r} is not one of {', '.join(SYSTEMS)}")
    orientation = data.get("uses_orientation", False)
    if not isinstance(orientation, bool):
        raise DeckFileError(f"{name}: 'uses_orientation' must be true or false")
    entries = data.get("cards")
    if not isinstance(entries, list) or not entries:
        raise DeckFileError(f"{name}: 'cards' must be a non-empty list")
    if system == "custom":
        faces = _custom_faces(data, entries, name)
        return DeckSpec(data["id"], data["name"], system, orientation, faces)
    read = _tarot_entry if system == "tarot" else _playing_entry
    faces = tuple(read(entry, f"{name}: card {number}") for number, entry in enumerate(entries, 1))
    if system == "tarot":
        check_tarot_complete(faces, name)
    else:
        _check_playing_complete(faces, name)
    return DeckSpec(data["id"], data["name"], system, orientation, faces)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:80].strip("-") or "card"


def _custom_faces(data: dict[str, Any], entries: list[Any], name: str) -> tuple[CardFace, ...]:
    """The cards of a group's own deck: named freely, each slug once."""
    shape = data.get("shape")
    if shape not in CARD_SHAPES:
        raise DeckFileError(f"{name}: a custom deck's 'shape' is tarot or playing, not {shape!r}")
    if len(entries) > MAX_CUSTOM_CARDS:
        raise DeckFileError(f"{name}: a deck holds at most {MAX_CUSTOM_CARDS} cards")
    deck = _slug(str(data["id"]))
    faces: list[CardFace] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, 1):
        where = f"{name}: card {number}"
        text = " ".join(_card_text(entry, where).split())
        slug = entry.get("slug", _slug(text))
        try:
            face = CustomCard(text, slug, deck, str(shape))
        except CardError as exc:
            raise DeckFileError(f"{where} ({text}): {exc}") from None
        if face.slug in seen:
            raise DeckFileError(f"{where} ({text}): another card of the deck has its slug {slug!r}")
        seen.add(face.slug)
        faces.append(face)
    return tuple(faces)


def _card_text(entry: Any, where: str) -> str:
    if isinstance(entry, str):
        raise DeckFileError(f'{where} ({entry}): write each card as an object, {{"card": ...}}')
    if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
        raise DeckFileError(f"{where}: each card is an object with a 'card' name")
    return str(entry["card"])


def _tarot_entry(entry: Any, where: str) -> TarotCard:
    text = _card_text(entry, where)
    try:
        face = TarotCard.from_name(text)
    except CardError as exc:
        raise DeckFileError(f"{where} ({text}): {exc}") from None
    keywords = []
    for side in ("upright", "reversed"):
        word = entry.get(side)
        if not isinstance(word, str) or not word.strip():
            raise DeckFileError(f"{where} ({face.name}): the {side} keyword is missing")
        if len(word) > MAX_KEYWORD:
            raise DeckFileError(
                f"{where} ({face.name}): the {side} keyword is longer than {MAX_KEYWORD} characters"
            )
        keywords.append(word.strip())
    return TarotCard(face.suit, face.figure, face.triumph, keywords[0], keywords[1])


def _playing_entry(entry: Any, where: str) -> PlayingCard:
    text = _card_text(entry, where)
    try:
        return PlayingCard.from_code(text)
    except CardError as exc:
        raise DeckFileError(f"{where} ({text}): {exc}") from None


def _duplicates(faces: Iterable[CardFace]) -> list[str]:
    counts = Counter(faces)
    return [face.name for face, n in counts.items() if n > 1]


def check_tarot_complete(faces: tuple[CardFace, ...], name: str) -> None:
    """Refuse a tarot deck holding a card twice, or lacking one of the rules' 82 (named)."""
    if twice := _duplicates(faces):
        raise DeckFileError(f"{name}: {twice[0]} appears more than once")
    expected: set[CardFace] = {TarotCard.suited(f, s) for s in TarotSuit for f in Figure}
    expected |= {TarotCard.trump(n) for n in range(1, TRIUMPHS + 1)}
    expected.add(TarotCard.the_excuse())
    missing = sorted(expected - set(faces), key=lambda f: f.name)
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise DeckFileError(f"{name}: the deck lacks {missing[0].name}{more}")


def _check_playing_complete(faces: tuple[CardFace, ...], name: str) -> None:
    counts = Counter(faces)
    for rank in Rank:
        for suit in Suit:
            card = PlayingCard.of(rank, suit)
            if counts[card] != 1:
                problem = "lacks" if counts[card] == 0 else "has more than one"
                raise DeckFileError(f"{name}: the deck {problem} {card.name}")
    if counts[PlayingCard.joker()] != 2:
        raise DeckFileError(f"{name}: a deck has 2 jokers, this one {counts[PlayingCard.joker()]}")
