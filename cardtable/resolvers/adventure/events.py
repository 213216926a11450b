"""Fantastical Adventure: what the resolver says happened, and the moves it refuses.

Every step of the resolver returns a tuple of :class:`AdventureEvent`. An event about cards in
a hand or face down carries their ids and two texts: ``public`` names no hidden face, and
``private`` does, for the player who controls ``private_to``. The session decides which to show.

>>> event = AdventureEvent.hidden(
...     Happening.DREW, "Bea drew a card", "Bea drew the 7 of Hearts",
...     private_to="bea", cards=(CardId("shoe/1/7h"),))
>>> event.text(may_see=False), event.text(may_see=True)
('Bea drew a card', 'Bea drew the 7 of Hearts')
>>> AdventureEvent.said(Happening.APPLAUSE, "Bea gave Applause to Alex").private
'Bea gave Applause to Alex'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from attrs import frozen

from cardtable.cards import CardId, PlayingCard
from cardtable.refusals import Refusal


class AdventureRuleError(Refusal):
    """A move the rules of Fantastical Adventure do not allow; the message says why."""


class NotYoursError(AdventureRuleError):
    """A card that is not in the hand it was played from."""


class NotNowError(AdventureRuleError):
    """A move made at the wrong moment (no Conflict yet, Support after the reveal, ...)."""


class NoAdvantageError(AdventureRuleError):
    """A Push or Push back with no Advantage left to spend."""


class SheetRuleError(AdventureRuleError):
    """A character the rules refuse: a fifth Bond, two Facets on one suit, ..."""


class TokenError(AdventureRuleError):
    """Applause or Author tokens a player does not have."""


class CannotActError(AdventureRuleError):
    """A character who has Gone Down or is "dead" tried to act."""


class Happening(enum.Enum):
    """What kind of thing an event reports."""

    SETUP = "setup"
    DREW = "drew"
    DISCARDED = "discarded"
    CHALLENGE = "challenge"
    SUSPENDED = "suspended"
    UNANSWERED = "unanswered"
    ANSWER = "answer"
    SUPPORT = "support"
    PRE_EMPTED = "pre-empted"
    REVEAL = "reveal"
    TANDEM = "tandem"
    PAIR = "pair"
    ADVANTAGE = "advantage"
    PRIMARIES = "primaries"
    DEADLOCK = "deadlock"
    PUSH = "push"
    YIELD = "yield"
    WON = "won"
    QUEEN = "queen"
    CLAIM = "claim"
    HIT = "hit"
    DOWN = "down"
    KILLED = "killed"
    RETURNED = "returned"
    TREATED = "treated"
    CONFLICT_OVER = "conflict over"
    IDENTIFY = "identify"
    SHEET = "sheet"
    LENT = "lent"
    JOKER = "joker"
    TURN = "turn"
    SCENE = "scene"
    APPLAUSE = "applause"
    AUTHOR_POWER = "author power"
    VETO = "veto"


@frozen
class AdventureEvent:
    """One thing that happened, in words a player reads.

    ``public`` may be shown to everyone; ``private`` names the hidden ``cards`` and may be
    shown only to the players controlling the characters in ``private_to``. When nothing is
    hidden both texts are the same and ``private_to`` is empty.
    """

    kind: Happening
    public: str
    private: str
    private_to: tuple[str, ...] = ()
    cards: tuple[CardId, ...] = ()

    @classmethod
    def said(cls, kind: Happening, text: str, cards: Sequence[CardId] = ()) -> AdventureEvent:
        """An event everyone may read in full (``cards`` are face up, if any)."""
        return cls(kind, text, text, (), tuple(cards))

    @classmethod
    def hidden(
        cls,
        kind: Happening,
        public: str,
        private: str,
        *,
        private_to: str | Sequence[str],
        cards: Sequence[CardId],
    ) -> AdventureEvent:
        """An event about cards only the players of ``private_to`` (characters) may see."""
        who = (private_to,) if isinstance(private_to, str) else tuple(private_to)
        return cls(kind, public, private, who, tuple(cards))

    @property
    def is_private(self) -> bool:
        return bool(self.private_to)

    def text(self, may_see: bool) -> str:
        """The private text for a viewer allowed to see it, else the public one."""
        return self.private if may_see else self.public


Events = tuple[AdventureEvent, ...]


def public_lines(events: Iterable[AdventureEvent]) -> list[str]:
    """The log lines everyone may read."""
    return [event.public for event in events]


def called(face: PlayingCard) -> str:
    """How a sentence names a card: "the 7 of Hearts", "the Queen of Spades", "a Joker"."""
    return "a Joker" if face.is_joker else f"the {face.name}"


def opening(text: str) -> str:
    """``text`` with its first letter capitalised (and nothing else changed)."""
    return text[:1].upper() + text[1:]


def listed(names: Sequence[str]) -> str:
    """Names joined for a sentence: "a", "a and b", "a, b and c"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def cards_text(count: int) -> str:
    """ "a card", "2 cards", "no card"."""
    if count == 0:
        return "no card"
    return "a card" if count == 1 else f"{count} cards"
