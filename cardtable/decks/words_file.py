"""A group's own words for the Tourist's Tarot: the tarot deck file, read and written.

The rules make the deck ours and ship it as a file "so a group can edit it"
(``rules/tourist-tarot.md``). A tarot deck file is JSON of format :data:`TAROT_FORMAT`
(older files are brought up to it by :mod:`cardtable.decks.words_migrations`)::

    {"deck_format": 3, "id": "noir", "name": "Noir words", "system": "tarot",
     "cards": [{"card": "Soldier of Paper", "name": "The Paper Hound", "attribute": "Paper",
                "rank": 7, "keywords": ["orders"], "upright": "Signed Orders",
                "reversed": "Paper Tiger"},
               ...]}

A card's ``card`` (the rules' name), Attribute and rank are the rules' (they decide which card
beats which, and a Sleeve Card on a sheet is kept by the rules' name): a file may not change
them. Its ``name`` is the group's: the name players see on the table, in the log and on the
printed sheets, one line, unique within the deck; its keywords and meanings are the group's
too.
The file is read as session files are (:mod:`cardtable.session.saving`): structured with
cattrs, unknown keys refused, every value of its exact JSON kind, held to the same kinds of
limit (its size, its count of cards, each text's length, names on one line of plain text),
and anything wrong is refused in one line (:class:`TarotDeckError`) naming the file, the
card and the fault.

>>> deck = shipped_tarot_deck()
>>> len(deck.cards), deck.card("Soldier of Paper").reversed
(82, 'Paper Tiger')
>>> read_tarot_deck(tarot_deck_bytes(deck), "copy.json") == deck
True
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from typing import Any

from attrs import Factory, evolve, field, frozen
from cattrs import BaseValidationError, Converter, ForbiddenExtraKeysError, transform_error

from cardtable.assets import asset_folder
from cardtable.cards import CardError, TarotCard
from cardtable.decks.standard import DeckFileError, DeckSpec, check_tarot_complete
from cardtable.decks.words_migrations import TAROT_FORMAT, DeckMigrationError, migrate
from cardtable.exact_json import strict
from cardtable.refusals import one_line, python_words

#: The largest deck file read, in bytes (the shipped deck is under 10 kB).
MAX_DECK_BYTES = 1_000_000
#: A deck's name, as a session's names: one line of at most this many characters.
MAX_NAME = 80
#: A deck id: lower-case words joined by hyphens (it names the file in the decks folder).
MAX_ID = 60
#: An upright or reversed meaning: it is written on the card's face.
MAX_MEANING = 40
#: Keywords per card, and the length of each.
MAX_KEYWORDS = 8
MAX_KEYWORD = 40
#: A deck holds the rules' cards, each once.
CARD_COUNT = 82
#: The longest refusal (the file's name comes on top).
MAX_MESSAGE = 300
SHIPPED_FILE = "tourist-tarot.json"


class TarotDeckError(DeckFileError):
    """A tarot deck file that cannot be used; one line naming the file and the fault."""


def _line(name: str, problem: str) -> TarotDeckError:
    text = one_line(problem)
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 1] + "…"
    return TarotDeckError(f"{name}: {text}")


def _texts(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _cards(values: Iterable[CardWords]) -> tuple[CardWords, ...]:
    return tuple(values)


@frozen
class CardWords:
    """One card of a group's tarot: the rules' card and the group's words for it."""

    face: TarotCard = field(converter=lambda f: TarotCard(f.suit, f.figure, f.triumph))
    keywords: tuple[str, ...] = field(default=(), converter=_texts)
    upright: str = ""
    reversed: str = ""
    #: The name players see (the rules' name unless the group renamed the card).
    title: str = field(default=Factory(lambda self: self.face.name, takes_self=True))

    @property
    def name(self) -> str:
        """The rules' name: the card's identity, which sheets and rules keep it by."""
        return self.face.name

    @property
    def attribute(self) -> str | None:
        """The card's Attribute (its suit), None for a Triumph or the Excuse."""
        return None if self.face.suit is None else self.face.suit.value

    @property
    def rank(self) -> int | None:
        """A suit card's figure rank (1 to 12), a Triumph's number, None for the Excuse."""
        if self.face.figure is not None:
            return int(self.face.figure)
        return self.face.triumph

    def dressed(self) -> TarotCard:
        """The card as the table holds it, carrying these words."""
        return self.face.worded(self.upright, self.reversed, self.title, self.keywords)

    def matches(self, text: str) -> bool:
        """Whether ``text`` (any case) is found in the card's names or any of its words."""
        wanted = text.casefold().strip()
        words = (self.name, self.title, self.upright, self.reversed, *self.keywords)
        return not wanted or any(wanted in word.casefold() for word in words)


@frozen
class TarotDeck:
    """A whole tarot deck file: its id (the file's name in the decks folder), its name and
    the words of each of the 82 cards, in the file's order."""

    id: str
    name: str
    cards: tuple[CardWords, ...] = field(converter=_cards)

    def card(self, name: str) -> CardWords:
        """The words of the card the rules call ``name`` (any of the spellings cards accept)."""
        face = TarotCard.from_name(name)
        return next(c for c in self.cards if c.face == face)

    def with_card(self, words: CardWords) -> TarotDeck:
        """This deck with ``words`` in place of the same card's; :class:`TarotDeckError` if
        another card already has the name ``words`` gives its card (each name is one card's).

        >>> deck = shipped_tarot_deck()
        >>> deck.with_card(edited(deck.card("Triumph IV"), "title", "The Excuse"))
        Traceback (most recent call last):
        ...
        cardtable.decks.words_file.TarotDeckError: Triumph IV: the Excuse is already called \
“the Excuse”; each card's name is its own
        """
        clash = _same_name(words, self.cards)
        if clash is not None:
            raise TarotDeckError(
                f"{words.name}: {clash.name} is already called “{clash.title}”; each card's "
                "name is its own"
            )
        cards = tuple(words if c.face == words.face else c for c in self.cards)
        return evolve(self, cards=cards)

    def named(self, deck_id: str, name: str) -> TarotDeck:
        return evolve(self, id=deck_id, name=name)

    def spec(self) -> DeckSpec:
        """The deck for the table: its cards carry these words."""
        faces = tuple(card.dressed() for card in self.cards)
        return DeckSpec(self.id, self.name, "tarot", True, faces)


# ---------------------------------------------------------------------------------------------
# The file's shape, format 2


def _same_name(words: CardWords, cards: Iterable[CardWords]) -> CardWords | None:
    """The other card among ``cards`` with ``words``' name (any case), if there is one."""
    wanted = words.title.casefold()
    return next((c for c in cards if c.face != words.face and c.title.casefold() == wanted), None)


@frozen
class _CardDoc:
    card: str
    name: str
    attribute: str | None
    rank: int | None
    keywords: list[str]
    upright: str
    reversed: str


@frozen
class _DeckDoc:
    deck_format: int
    id: str
    name: str
    system: str
    cards: list[_CardDoc]


def _converter() -> Converter:
    conv = Converter(forbid_extra_keys=True, detailed_validation=True)
    strict(conv, (str, int))
    return conv


_CONVERTER = _converter()


def _reason(exc: BaseException, _kind: Any) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown keys {', '.join(repr(k) for k in sorted(exc.extra_fields))}"
    if isinstance(exc, KeyError):
        return "a key is missing"
    if isinstance(exc, TypeError) and not python_words(str(exc)):
        return str(exc)
    return "a value of the wrong kind"


def _structure(data: dict[str, Any], name: str) -> _DeckDoc:
    try:
        return _CONVERTER.structure(data, _DeckDoc)
    except BaseValidationError as exc:
        reasons = transform_error(exc, format_exception=_reason)
        first = reasons[0].replace(" @ $.", " at ").replace(" @ $", "") if reasons else str(exc)
        more = f" (and {len(reasons) - 1} more)" if len(reasons) > 1 else ""
        raise _line(name, f"damaged: {first}{more}") from None
    except (TypeError, AttributeError):  # cattrs met something that is no object at all
        raise _line(name, "damaged: expected an object with named fields") from None


# ---------------------------------------------------------------------------------------------
# Reading


def _text(where: str, value: str, limit: int, what: str, *, blank: bool = False) -> str:
    """``value`` if it is plain text on one line within ``limit``; else the refusal."""
    if len(value) > limit:
        raise TarotDeckError(f"{where}: {what} holds {len(value):,} characters, at most {limit}")
    for character in value:
        kind = unicodedata.category(character)
        if kind == "Cs":  # it reads, but no file could ever write it again
            raise TarotDeckError(
                f"{where}: {what} holds a lone surrogate (U+{ord(character):04X}), which is "
                "not valid Unicode"
            )
        if kind == "Cc":
            raise TarotDeckError(
                f"{where}: {what} holds a control character (U+{ord(character):04X}); "
                "it is plain text on one line"
            )
    if not blank and not value.strip():
        raise TarotDeckError(f"{where}: {what} is empty")
    return " ".join(value.split())


def _card(doc: _CardDoc, where: str) -> CardWords:
    _text(where, doc.card, MAX_NAME, "the card's name")
    try:
        face = TarotCard.from_name(doc.card)
    except CardError as exc:
        raise TarotDeckError(f"{where}: {exc}") from None
    where = f"{where} ({face.name})"
    words = CardWords(face)
    if doc.attribute != words.attribute:
        raise TarotDeckError(
            f"{where}: its Attribute is {words.attribute or 'none'}, not "
            f"{doc.attribute or 'none'} (the rules give it)"
        )
    if doc.rank != words.rank:
        raise TarotDeckError(
            f"{where}: its rank is {words.rank or 'none'}, not {doc.rank or 'none'} "
            "(the rules give it)"
        )
    if len(doc.keywords) > MAX_KEYWORDS:
        raise TarotDeckError(f"{where}: a card has at most {MAX_KEYWORDS} keywords")
    keywords = tuple(_text(where, k, MAX_KEYWORD, "a keyword") for k in doc.keywords)
    return CardWords(
        face,
        keywords,
        _text(where, doc.upright, MAX_MEANING, "the upright meaning"),
        _text(where, doc.reversed, MAX_MEANING, "the reversed meaning"),
        _text(where, doc.name, MAX_NAME, "the card's name"),
    )


def _deck(doc: _DeckDoc, name: str) -> TarotDeck:
    if doc.system != "tarot":
        raise TarotDeckError(f"{name}: a {doc.system!r} deck, not a tarot deck")
    check_id(doc.id, name)
    title = _text(name, doc.name, MAX_NAME, "the deck's name")
    if len(doc.cards) > CARD_COUNT:
        raise TarotDeckError(f"{name}: {len(doc.cards)} cards; the tarot has {CARD_COUNT}")
    cards = tuple(_card(card, f"{name}: card {n}") for n, card in enumerate(doc.cards, 1))
    check_tarot_complete(tuple(c.face for c in cards), name)
    for number, card in enumerate(cards, 1):
        clash = _same_name(card, cards[: number - 1])
        if clash is not None:
            raise TarotDeckError(
                f"{name}: card {number} ({card.name}) is called “{card.title}”, as "
                f"{clash.name} is; each card's name is its own"
            )
    return TarotDeck(doc.id, title, cards)


def check_id(deck_id: str, name: str = "deck") -> str:
    """``deck_id`` if it is a deck id: lower-case letters, digits and single hyphens."""
    parts = deck_id.split("-")
    if (
        not 0 < len(deck_id) <= MAX_ID
        or not all(parts)
        or not all(p.isascii() and p.isalnum() and p == p.lower() for p in parts)
    ):
        raise TarotDeckError(
            f"{name}: {deck_id[:MAX_ID]!r} is not a deck id (lower-case letters, digits, hyphens)"
        )
    return deck_id


def read_tarot_deck(raw: bytes, name: str = "deck") -> TarotDeck:
    """The tarot deck in ``raw`` (the bytes of a file called ``name``), all or nothing:
    :class:`TarotDeckError` says in one line why there is none."""
    if len(raw) > MAX_DECK_BYTES:
        raise _line(name, f"is {len(raw):,} bytes; a deck file holds at most {MAX_DECK_BYTES:,}")
    if not raw.strip():
        raise _line(name, "is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _line(name, "is not a deck file (not UTF-8 text)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise _line(name, f"is damaged: not valid JSON ({exc.msg} at {where})") from None
    except RecursionError:
        raise _line(name, "is damaged: its JSON is nested too deeply") from None
    except ValueError:  # Python's limit on the digits of a whole number
        raise _line(name, "is damaged: it holds a number too long to read") from None
    if not isinstance(data, dict):
        raise _line(name, "is not a deck file (no JSON object inside)")
    try:
        data = migrate(data)
    except DeckMigrationError as exc:
        raise _line(name, str(exc)) from None
    try:
        return _deck(_structure(data, name), name)
    except DeckFileError as exc:  # the fault, named with the file and the card: kept short
        raise _line(name, str(exc).removeprefix(f"{name}: ")) from None


def tarot_deck_document(deck: TarotDeck) -> dict[str, Any]:
    """``deck`` as the JSON object of its file, format :data:`TAROT_FORMAT`."""
    cards = [
        _CardDoc(c.name, c.title, c.attribute, c.rank, list(c.keywords), c.upright, c.reversed)
        for c in deck.cards
    ]
    doc = _DeckDoc(TAROT_FORMAT, deck.id, deck.name, "tarot", cards)
    data: dict[str, Any] = _CONVERTER.unstructure(doc)
    return data


def tarot_deck_bytes(deck: TarotDeck) -> bytes:
    """The bytes of ``deck``'s file: JSON in UTF-8, one card a line, ending in a new line."""
    data = tarot_deck_document(deck)
    cards = ",\n    ".join(json.dumps(card, ensure_ascii=False) for card in data.pop("cards"))
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]
    return f'{head},\n  "cards": [\n    {cards}\n  ]\n}}\n'.encode()


def shipped_tarot_deck() -> TarotDeck:
    """The Tourist's Tarot as Cardtable ships it (read, never written)."""
    path = asset_folder() / "decks" / SHIPPED_FILE
    return read_tarot_deck(path.read_bytes(), SHIPPED_FILE)


#: The words of a card the editor changes, by the name the editor gives each column.
EDITABLE = ("title", "keywords", "upright", "reversed")


def edited(card: CardWords, what: str, text: str) -> CardWords:
    """``card`` with its ``what`` (one of :data:`EDITABLE`) written as ``text`` (keywords
    separated by commas); :class:`TarotDeckError` says in one line why the words cannot be.
    (Whether another card of the deck has the name is the deck's to say:
    :meth:`TarotDeck.with_card`.)

    >>> soldier = shipped_tarot_deck().card("Soldier of Paper")
    >>> edited(soldier, "keywords", "orders, war ").keywords
    ('orders', 'war')
    >>> edited(soldier, "title", " The  Paper Hound ").title
    'The Paper Hound'
    >>> edited(soldier, "reversed", "")
    Traceback (most recent call last):
    ...
    cardtable.decks.words_file.TarotDeckError: Soldier of Paper: the reversed meaning is empty
    >>> edited(soldier, "title", "  ")
    Traceback (most recent call last):
    ...
    cardtable.decks.words_file.TarotDeckError: Soldier of Paper: the card's name is empty
    """
    if what == "title":
        return evolve(card, title=_text(card.name, text, MAX_NAME, "the card's name"))
    if what == "keywords":
        words = [word for word in text.split(",") if word.strip()]
        if len(words) > MAX_KEYWORDS:
            raise TarotDeckError(f"{card.name}: a card has at most {MAX_KEYWORDS} keywords")
        keywords = tuple(_text(card.name, word, MAX_KEYWORD, "a keyword") for word in words)
        return evolve(card, keywords=keywords)
    if what not in EDITABLE:
        raise TarotDeckError(f"{card.name}: its {what} is the rules', not the group's")
    meaning = _text(card.name, text, MAX_MEANING, f"the {what} meaning")
    return evolve(card, **{what: meaning})
