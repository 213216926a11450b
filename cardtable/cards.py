"""Cards as frozen values: the Tourist's Tarot and ordinary playing cards.

A *face* (:class:`TarotCard`, :class:`PlayingCard`) says what a card is; a :class:`Card` is
one physical card on the table, with an id, because a shoe of three decks holds three
Queens of Hearts.

>>> TarotCard.from_name("Soldier of Paper")
TarotCard.from_name('Soldier of Paper')
>>> TarotCard.from_name("Triumph XXI").triumph
21
>>> PlayingCard.from_code("QH").name
'Queen of Hearts'
"""

from __future__ import annotations

import enum
import re
from typing import NewType

from attrs import field, frozen

from cardtable.refusals import Refusal

CardId = NewType("CardId", str)
DeckId = NewType("DeckId", str)


class CardError(Refusal):
    """A card name or code that names no card."""


# ---------------------------------------------------------------------------------------------
# The Tourist's Tarot


class TarotSuit(enum.Enum):
    """The five suits, named like the five Attributes."""

    ROCK = "Rock"
    PAPER = "Paper"
    BLADES = "Blades"
    SERPENT = "Serpent"
    UNKNOWN = "Unknown"

    def __str__(self) -> str:
        return self.value


class Figure(enum.IntEnum):
    """The twelve figures of every suit, ranked 1 (lowest) to 12."""

    CHILD = 1
    SERVANT = 2
    TRAVELER = 3
    MERCHANT = 4
    LOVER = 5
    BUILDER = 6
    SOLDIER = 7
    PRIEST = 8
    SAGE = 9
    RULER = 10
    BEAST = 11
    DRAGON = 12

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def from_title(cls, title: str) -> Figure:
        try:
            return cls[title.strip().upper()]
        except KeyError:
            raise CardError(f"{title!r} is not a figure of the Tourist's Tarot") from None


_ROMAN = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman(number: int) -> str:
    """Roman numerals for the Triumphs (1 to 21 and beyond).

    >>> roman(14)
    'XIV'
    """
    if number < 1:
        raise ValueError(f"no Roman numeral for {number}")
    out = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def from_roman(text: str) -> int:
    """The number a Roman numeral stands for; :class:`CardError` when it is not one."""
    values = {"I": 1, "V": 5, "X": 10, "L": 50}
    text = text.strip().upper()
    if not text or any(ch not in values for ch in text):
        raise CardError(f"{text!r} is not a Roman numeral")
    total = 0
    for here, after in zip(text, [*text[1:], ""], strict=True):
        v = values[here]
        total += -v if after and values[after] > v else v
    if roman(total) != text:
        raise CardError(f"{text!r} is not a well-formed Roman numeral")
    return total


TRIUMPHS = 21


@frozen(repr=False)
class TarotCard:
    """A card of the Tourist's Tarot: a suit card, a Triumph or the Excuse.

    Its suit, figure and Triumph number are what it is: the rules rank it by them, and
    :attr:`name` (the rules' name) is what sheets, piles and rules keep it by. The words a
    group gives it (its upright and reversed meanings, a ``title`` of its own that players see
    in place of the rules' name, keywords that help narration) are carried along but are not
    part of its identity.

    >>> hound = TarotCard.from_name("Soldier of Paper").worded(title="The Paper Hound")
    >>> hound == TarotCard.from_name("Soldier of Paper"), hound.name, hound.shown_name
    (True, 'Soldier of Paper', 'The Paper Hound')
    """

    suit: TarotSuit | None = None
    figure: Figure | None = None
    triumph: int | None = None
    upright: str = field(default="", eq=False)
    reversed: str = field(default="", eq=False)
    title: str = field(default="", eq=False)
    keywords: tuple[str, ...] = field(default=(), eq=False)

    def __attrs_post_init__(self) -> None:
        if (self.suit is None) != (self.figure is None):
            raise CardError("a suit card of the Tourist's Tarot has both a suit and a figure")
        if self.triumph is not None:
            if self.suit is not None:
                raise CardError("a Triumph has no suit and no figure")
            if not 1 <= self.triumph <= TRIUMPHS:
                raise CardError(f"Triumphs are numbered I to XXI, not {self.triumph}")

    @classmethod
    def suited(
        cls, figure: Figure, suit: TarotSuit, upright: str = "", reversed: str = ""
    ) -> TarotCard:
        return cls(suit=suit, figure=figure, upright=upright, reversed=reversed)

    @classmethod
    def trump(cls, number: int, upright: str = "", reversed: str = "") -> TarotCard:
        return cls(triumph=number, upright=upright, reversed=reversed)

    @classmethod
    def the_excuse(cls, upright: str = "", reversed: str = "") -> TarotCard:
        return cls(upright=upright, reversed=reversed)

    @classmethod
    def from_name(cls, name: str) -> TarotCard:
        """Parse "Soldier of Paper", "Triumph XXI" (or "Triumph 21") or "the Excuse"."""
        text = " ".join(name.split())
        low = text.lower()
        if low in ("excuse", "the excuse"):
            return cls.the_excuse()
        if low.startswith("triumph "):
            number = text.split(" ", 1)[1]
            return cls.trump(int(number) if number.isdigit() else from_roman(number))
        figure, sep, suit = text.lower().partition(" of ")
        if not sep:
            raise CardError(f"{name!r} names no card of the Tourist's Tarot")
        try:
            tarot_suit = TarotSuit(suit.strip().capitalize())
        except ValueError:
            raise CardError(f"{suit!r} is not a suit of the Tourist's Tarot") from None
        return cls.suited(Figure.from_title(figure), tarot_suit)

    @property
    def is_excuse(self) -> bool:
        return self.suit is None and self.triumph is None

    @property
    def is_triumph(self) -> bool:
        return self.triumph is not None

    @property
    def is_suited(self) -> bool:
        return self.suit is not None

    @property
    def name(self) -> str:
        if self.suit is not None and self.figure is not None:
            return f"{self.figure.title} of {self.suit.value}"
        if self.triumph is not None:
            return f"Triumph {roman(self.triumph)}"
        return "the Excuse"

    @property
    def shown_name(self) -> str:
        """The name players see: the group's own name for the card, else the rules'."""
        return self.title or self.name

    @property
    def renamed(self) -> bool:
        """Whether the group calls this card by a name of its own."""
        return bool(self.title) and self.title != self.name

    @property
    def in_sentence(self) -> str:
        """How a sentence names the card: "the Soldier of Paper", "Triumph IV", "the
        Excuse", or the group's own name for it just as they wrote it."""
        if self.renamed:
            return self.title
        return f"the {self.name}" if self.is_suited else self.name

    def worded(
        self,
        upright: str = "",
        reversed: str = "",
        title: str = "",
        keywords: tuple[str, ...] = (),
    ) -> TarotCard:
        """The same card carrying these words."""
        return TarotCard(self.suit, self.figure, self.triumph, upright, reversed, title, keywords)

    @property
    def slug(self) -> str:
        """A short stable token for ids and file names: ``soldier-paper``, ``triumph-21``."""
        if self.suit is not None and self.figure is not None:
            return f"{self.figure.name.lower()}-{self.suit.name.lower()}"
        if self.triumph is not None:
            return f"triumph-{self.triumph}"
        return "excuse"

    def keyword(self, reversed: bool) -> str:
        return self.reversed if reversed else self.upright

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"TarotCard.from_name({self.name!r})"


#: A face's words, as :func:`words_of` gives them.
FaceWords = tuple[str, str, str, tuple[str, ...]]


def words_of(face: object) -> FaceWords:
    """A face's words (none but a tarot card's): its upright and reversed meanings, the name
    players see and its keywords; what a view showing a face must compare besides the face
    itself, whose words are not part of what it is.

    >>> words_of(TarotCard.trump(3, "Dawn", "Dusk")), words_of(PlayingCard.joker())
    (('Dawn', 'Dusk', 'Triumph III', ()), ('', '', '', ()))
    """
    if isinstance(face, TarotCard):
        return face.upright, face.reversed, face.shown_name, face.keywords
    return "", "", "", ()


# ---------------------------------------------------------------------------------------------
# Playing cards


class Suit(enum.Enum):
    """The four French suits."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def symbol(self) -> str:
        return {"HEARTS": "♥", "DIAMONDS": "♦", "CLUBS": "♣", "SPADES": "♠"}[self.name]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        for suit in cls:
            if suit.letter == letter.upper():
                return suit
        raise CardError(f"{letter!r} is not a suit letter (H, D, C or S)")


class Rank(enum.IntEnum):
    """Playing-card ranks; ``pips`` is the value used when comparing cards."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def pips(self) -> int:
        """2-10 at face value; Jack, Queen, King and Ace count 10."""
        return min(int(self), 10)

    @property
    def code(self) -> str:
        return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(int(self), str(int(self)))

    @property
    def title(self) -> str:
        return self.name.capitalize() if self >= Rank.JACK else str(int(self))

    @property
    def is_face(self) -> bool:
        return self >= Rank.JACK

    @classmethod
    def from_code(cls, code: str) -> Rank:
        code = code.upper()
        letters = {"J": cls.JACK, "Q": cls.QUEEN, "K": cls.KING, "A": cls.ACE}
        if code in letters:
            return letters[code]
        if code.isdigit() and 2 <= int(code) <= 10:
            return cls(int(code))
        raise CardError(f"{code!r} is not a rank (2-10, J, Q, K or A)")


@frozen(repr=False)
class PlayingCard:
    """An ordinary playing card, or a joker (no rank, no suit)."""

    rank: Rank | None = None
    suit: Suit | None = None

    def __attrs_post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise CardError("a playing card has both a rank and a suit, or is a joker")

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> PlayingCard:
        return cls(rank=rank, suit=suit)

    @classmethod
    def joker(cls) -> PlayingCard:
        return cls()

    @classmethod
    def from_code(cls, code: str) -> PlayingCard:
        """Parse ``QH``, ``10S``, ``2d`` or ``JOKER``."""
        text = code.strip().upper()
        if text in ("JOKER", "JK"):
            return cls.joker()
        if len(text) < 2:
            raise CardError(f"{code!r} is not a playing-card code such as QH, 10S or JOKER")
        return cls.of(Rank.from_code(text[:-1]), Suit.from_letter(text[-1]))

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def is_deuce(self) -> bool:
        return self.rank is Rank.TWO

    @property
    def pips(self) -> int:
        """The value used in comparisons (a joker has none: 0)."""
        return 0 if self.rank is None else self.rank.pips

    @property
    def code(self) -> str:
        if self.rank is None or self.suit is None:
            return "JOKER"
        return f"{self.rank.code}{self.suit.letter}"

    @property
    def name(self) -> str:
        if self.rank is None or self.suit is None:
            return "Joker"
        return f"{self.rank.title} of {self.suit.value.capitalize()}"

    @property
    def slug(self) -> str:
        return self.code.lower()

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"PlayingCard.from_code({self.code!r})"


# ---------------------------------------------------------------------------------------------
# A group's own cards

CARD_SHAPES = ("tarot", "playing")
MAX_CUSTOM_NAME = 60
_CUSTOM_SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")


@frozen(repr=False)
class CustomCard:
    """A card of a deck a group made from its own pictures (see :mod:`cardtable.decks.importing`).

    It has a name, a ``slug`` unique in its deck, the id of that ``deck`` (so two decks'
    "Card 1" are different faces) and a ``shape``: ``"tarot"`` (5:8) or ``"playing"`` (5:7).

    >>> CustomCard("The Moon", "the-moon", "moon-oracle")
    CustomCard('The Moon', 'the-moon', 'moon-oracle', 'tarot')
    """

    name: str = field()
    slug: str = field()
    deck: str = field()
    shape: str = field(default="tarot")

    @name.validator
    def _check_name(self, _attribute: object, value: str) -> None:
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_CUSTOM_NAME:
            raise CardError(f"a card's name is 1 to {MAX_CUSTOM_NAME} characters, not {value!r}")
        if any(ch in value for ch in "\n\r\t"):
            raise CardError(f"a card's name fits on one line, not {value!r}")

    @slug.validator
    def _check_slug(self, _attribute: object, value: str) -> None:
        if not isinstance(value, str) or not _CUSTOM_SLUG.fullmatch(value):
            raise CardError(f"{value!r} is not a card slug (lower-case words and hyphens)")

    @deck.validator
    def _check_deck(self, _attribute: object, value: str) -> None:
        if not isinstance(value, str) or not _CUSTOM_SLUG.fullmatch(value):
            raise CardError(f"{value!r} is not a deck id (lower-case words and hyphens)")

    @shape.validator
    def _check_shape(self, _attribute: object, value: str) -> None:
        if value not in CARD_SHAPES:
            raise CardError(f"a card's shape is tarot or playing, not {value!r}")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"CustomCard({self.name!r}, {self.slug!r}, {self.deck!r}, {self.shape!r})"


CardFace = TarotCard | PlayingCard | CustomCard


def shown_name(face: CardFace) -> str:
    """The name players see for ``face``: a tarot card's by the group's words, any other card's
    own; ``name`` stays what rules and sheets keep the card by.

    >>> shown_name(TarotCard.trump(4).worded(title="The Hermit")), shown_name(PlayingCard.joker())
    ('The Hermit', 'Joker')
    """
    return face.shown_name if isinstance(face, TarotCard) else face.name


@frozen
class Card:
    """One physical card: its id on the table, what it is, and which deck it belongs to."""

    id: CardId
    face: CardFace
    deck: DeckId

    @property
    def name(self) -> str:
        return self.face.name
