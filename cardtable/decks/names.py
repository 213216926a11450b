"""Which card an image file is, from its name: ``soldier-paper.png``, ``07_paper.jpg``, ``QH.png``.

Groups name their scans every way; :func:`guess_card` reads the common ones for the Tourist's
Tarot and for playing cards and answers with the card's *slot*: the slug art sets file
pictures under (``soldier-paper``, ``triumph-21``, ``excuse``, ``qh``, ``10s``, ``joker``, and
``joker-2`` for a deck's second joker, drawn red). A name it cannot read is left for the
player to map by hand.

>>> [guess_card(name, TAROT) for name in ("soldier-paper", "07_paper", "Triumph XXI", "fool")]
['soldier-paper', 'soldier-paper', 'triumph-21', 'excuse']
>>> [guess_card(name, PLAYING) for name in ("QH", "queen_of_hearts", "10-spades", "joker_red")]
['qh', 'qh', '10s', 'joker-2']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from attrs import frozen

from cardtable.cards import (
    CardError,
    Figure,
    PlayingCard,
    Rank,
    Suit,
    TarotCard,
    TarotSuit,
    from_roman,
)
from cardtable.decks.standard import playing_cards, tourist_tarot
from cardtable.refusals import Refusal

TAROT = "tarot"
PLAYING = "playing"
CUSTOM = "custom"
#: The decks an art set can dress: a shipped kind of deck, or a new deck of its own.
DECK_KINDS = (TAROT, PLAYING, CUSTOM)
#: The slot of a deck's back picture.
BACK = "back"
#: The slot of a playing-card deck's second joker (the first is ``joker``).
SECOND_JOKER = "joker-2"


class CardNameError(Refusal):
    """A name in a mapping that is no card of the deck."""


@frozen
class Slot:
    """One picture an art set holds: the card's slug, its name, and whether it must be there."""

    slug: str
    name: str
    required: bool = True


def tarot_slots() -> tuple[Slot, ...]:
    """The Tourist's Tarot's 82 cards, in the shipped deck file's order."""
    return tuple(Slot(face.slug, face.name[:1].upper() + face.name[1:]) for face in _tarot())


def playing_slots() -> tuple[Slot, ...]:
    """52 cards in the shipped order, a joker, and an optional second (red) joker."""
    faces = [f for f in playing_cards().faces if isinstance(f, PlayingCard) and not f.is_joker]
    slots = [Slot(face.slug, face.name) for face in faces]
    slots.append(Slot("joker", "Joker"))
    slots.append(Slot(SECOND_JOKER, "Second joker (red)", required=False))
    return tuple(slots)


def slots_for(deck: str) -> tuple[Slot, ...]:
    """The slots of a shipped kind of deck (``"tarot"`` or ``"playing"``)."""
    if deck == TAROT:
        return tarot_slots()
    if deck == PLAYING:
        return playing_slots()
    raise CardNameError(f"{deck!r} is not a deck Cardtable ships; use tarot or playing")


def _tarot() -> list[TarotCard]:
    return [f for f in tourist_tarot().faces if isinstance(f, TarotCard)]


# ---------------------------------------------------------------------------------------------
# Reading names


def words(stem: str) -> list[str]:
    """The words of a file name, lower case, numbers split from letters.

    >>> words("Soldier_of-Paper07")
    ['soldier', 'of', 'paper', '07']
    """
    parts = re.split(r"[^0-9a-z]+", stem.casefold())
    out: list[str] = []
    for part in parts:
        out.extend(p for p in re.findall(r"[0-9]+|[a-z]+", part))
    return out


def natural_key(name: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting ``2.png`` before ``10.png`` (numbers before words at each place).

    >>> sorted(["10.png", "2.png", "back.png"], key=natural_key)
    ['2.png', '10.png', 'back.png']
    """
    parts = re.findall(r"[0-9]+|[^0-9]+", name.casefold())
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)


_FIGURES = {figure.name.lower(): figure for figure in Figure}
_FIGURES["traveller"] = Figure.TRAVELER
_TAROT_SUITS = {suit.value.lower(): suit for suit in TarotSuit}
_TAROT_SUITS |= {f"{name}s": suit for name, suit in list(_TAROT_SUITS.items()) if name != "unknown"}
_TAROT_SUITS["blade"] = TarotSuit.BLADES
_TRIUMPH_WORDS = {"triumph", "triumphs", "trump", "trumps", "major", "arcana", "atout"}
_EXCUSE_WORDS = {"excuse", "fool"}
_BACK_WORDS = {"back", "backs", "backside", "cardback", "reverse", "verso"}


def looks_like_back(stem: str) -> bool:
    """Whether a file name says it is the back of the cards (``back.png``, ``card-back``)."""
    return bool(_BACK_WORDS & set(words(stem)))


def _numbers(tokens: Sequence[str]) -> list[tuple[int, int]]:
    """(position, value) of every number among ``tokens``."""
    return [(i, int(t)) for i, t in enumerate(tokens) if t.isdigit()]


def _number_near(tokens: Sequence[str], anchor: int, allowed: range) -> int | None:
    """The one number in ``allowed``, or if several, the one next to ``tokens[anchor]``."""
    numbers = [(i, n) for i, n in _numbers(tokens) if n in allowed]
    if len(numbers) == 1:
        return numbers[0][1]
    near = [n for i, n in numbers if abs(i - anchor) == 1]
    return near[0] if len(near) == 1 else None


def _only(found: Iterable[tuple[int, object]]) -> tuple[int, object] | None:
    items = list(found)
    values = {value for _, value in items}
    return items[0] if len(values) == 1 else None


def guess_tarot(stem: str) -> str | None:
    """The Tourist's Tarot slot a file name means, or None."""
    tokens = words(stem)
    present = set(tokens)
    if present & _EXCUSE_WORDS:
        return "excuse"
    suit = _only((i, _TAROT_SUITS[t]) for i, t in enumerate(tokens) if t in _TAROT_SUITS)
    if present & _TRIUMPH_WORDS and suit is None:
        number = _number_near(tokens, -9, range(1, 22))
        if number is None:
            for token in tokens:
                try:
                    value = from_roman(token)
                except CardError:
                    continue
                if 1 <= value <= 21:
                    number = value
                    break
        return None if number is None else f"triumph-{number}"
    if suit is None:
        return None
    where, tarot_suit = suit
    figure = _only((i, _FIGURES[t]) for i, t in enumerate(tokens) if t in _FIGURES)
    chosen: Figure | None
    if figure is not None:
        chosen = figure[1]  # type: ignore[assignment]
    else:
        number = _number_near(tokens, where, range(1, 13))
        chosen = None if number is None else Figure(number)
    if chosen is None:
        return None
    assert isinstance(tarot_suit, TarotSuit)
    return TarotCard.suited(chosen, tarot_suit).slug


_RANK_WORDS = {
    "ace": Rank.ACE,
    "two": Rank.TWO,
    "three": Rank.THREE,
    "four": Rank.FOUR,
    "five": Rank.FIVE,
    "six": Rank.SIX,
    "seven": Rank.SEVEN,
    "eight": Rank.EIGHT,
    "nine": Rank.NINE,
    "ten": Rank.TEN,
    "jack": Rank.JACK,
    "knave": Rank.JACK,
    "queen": Rank.QUEEN,
    "king": Rank.KING,
    "a": Rank.ACE,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
}
_SUIT_WORDS = {suit.value: suit for suit in Suit} | {suit.value[:-1]: suit for suit in Suit}
_SUIT_LETTERS = {suit.letter.lower(): suit for suit in Suit}
_CODE = re.compile(r"(10|[2-9]|[jqka])([hdcs])|([hdcs])(10|[2-9]|[jqka])")
_SECOND_JOKER_WORDS = {"red", "2", "b", "two", "second", "ii"}


def _rank_of_number(value: int) -> Rank | None:
    if value == 1:
        return Rank.ACE
    return Rank(value) if 2 <= value <= 14 else None


def guess_playing(stem: str) -> str | None:
    """The playing-card slot a file name means, or None."""
    raw = [p for p in re.split(r"[^0-9a-z]+", stem.casefold()) if p]
    tokens = words(stem)
    if "joker" in tokens or "jk" in raw:
        rest = set(tokens) - {"joker", "jk"}
        return SECOND_JOKER if rest & _SECOND_JOKER_WORDS else "joker"
    codes = {m for part in raw if (m := _code(part))}
    if len(codes) == 1:
        return codes.pop()
    suits = [(i, _SUIT_WORDS[t]) for i, t in enumerate(tokens) if t in _SUIT_WORDS]
    if not suits:
        suits = [(i, _SUIT_LETTERS[t]) for i, t in enumerate(tokens) if t in _SUIT_LETTERS]
    found = _only(suits)
    if found is None:
        return None
    where, suit = found
    assert isinstance(suit, Suit)
    ranks = _only((i, _RANK_WORDS[t]) for i, t in enumerate(tokens) if t in _RANK_WORDS)
    rank: Rank | None
    if ranks is not None and isinstance(ranks[1], Rank):
        rank = ranks[1]
    else:
        number = _number_near(tokens, where, range(1, 15))
        rank = None if number is None else _rank_of_number(number)
    return None if rank is None else PlayingCard.of(rank, suit).slug


def _code(part: str) -> str | None:
    found = _CODE.fullmatch(part)
    if found is None:
        return None
    rank = found.group(1) or found.group(4)
    suit = found.group(2) or found.group(3)
    return f"{rank}{suit}"


def guess_card(stem: str, deck: str) -> str | None:
    """The slot of ``deck`` (``"tarot"`` or ``"playing"``) a file name means, or None."""
    if deck == TAROT:
        return guess_tarot(stem)
    if deck == PLAYING:
        return guess_playing(stem)
    return None


def slot_from_text(text: str, slots: Sequence[Slot], deck: str) -> str:
    """The slot a mapping names: a slug, a card's name or code, ``back``; else CardNameError.

    >>> slot_from_text("Queen of Hearts", playing_slots(), PLAYING)
    'qh'
    """
    wanted = " ".join(str(text).split())
    low = wanted.casefold()
    if low == BACK:
        return BACK
    for slot in slots:
        if low in (slot.slug, slot.name.casefold()):
            return slot.slug
    try:
        if deck == TAROT:
            return TarotCard.from_name(wanted).slug
        if deck == PLAYING:
            return PlayingCard.from_code(wanted).slug
    except CardError:
        pass
    guessed = guess_card(wanted, deck)
    if guessed is not None:
        return guessed
    raise CardNameError(f"{wanted!r} is not a card of this deck")


_SMALL_WORDS = frozenset(("a", "an", "and", "at", "by", "in", "of", "on", "or", "the", "to"))


def card_name_from_stem(stem: str) -> str:
    """A card name for a new deck, from a file name: ``03_the-tower`` becomes ``The Tower``.

    Words written all in lower case are capitalised (but for small words inside the name);
    a word the file already capitalises some way is kept as it is.

    >>> card_name_from_stem("12_queen-of-the-night"), card_name_from_stem("IMG_0042")
    ('Queen of the Night', 'IMG 0042')
    """
    text = re.sub(r"^[0-9]+(?=[^0-9])", "", stem.strip())
    parts = [p for p in re.split(r"[\s_\-.]+", text) if p]
    if not parts:
        return stem.strip() or "Card"
    words = []
    for index, word in enumerate(parts):
        if word != word.lower() or (index > 0 and word in _SMALL_WORDS):
            words.append(word)
        else:
            words.append(word[:1].upper() + word[1:])
    return " ".join(words)
