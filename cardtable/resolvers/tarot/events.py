"""What a tarot Challenge says happened: its events, its outcome and the Aspect it offers.

Every step of :class:`cardtable.resolvers.tarot.challenge.TarotChallenge` returns one of the events
below. Each carries the names of the cards it shows, so ``text(actor)`` needs no table:

>>> soldier = ShownCard(CardId("tarot/soldier-paper"), "the Soldier of Paper", reversed=True)
>>> child = ShownCard(CardId("tarot/child-unknown"), "the Child of Unknown")
>>> beaten = (BeatenBy(child.card, (soldier.card,)), BeatenBy(CardId("tarot/triumph-4")))
>>> numbers = TarotNumbers(cost=0, effect=1, beaten=beaten)
>>> PlayerDrew(soldier, numbers, newly_beaten=(child,)).text("Alex")
'Alex drew the Soldier of Paper, reversed: Cost 0, beats the Child of Unknown; Effect 1 (Mediocre)'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import frozen

from cardtable.cards import CardId, TarotCard, TarotSuit
from cardtable.piles import Table
from cardtable.refusals import Refusal
from cardtable.resolvers.tarot.odds import WIPE_OUT_COST, BeatenBy, TarotNumbers
from cardtable.sheets.tarot import LADDER

#: The Challenge Rank and Attribute ladder, 0 to 9 (the sheet's ladder: one list for both).
RANK_LABELS = LADDER
#: The Effect and Cost ladder, 1 to 5 (Cost 5 is a Wipe Out).
OUTCOME_LABELS = {1: "Mediocre", 2: "Average", 3: "Fair", 4: "Good", 5: "Great"}

#: The five Attributes share their names with the five suits.
Attribute = TarotSuit


class TarotChallengeError(Refusal):
    """A step the Challenge does not allow now (the message says what is allowed)."""


def rank_label(rank: int) -> str:
    """The ladder's word for a Rank or Attribute value, 0 to 9.

    >>> rank_label(4)
    'Great'
    """
    if not 0 <= rank < len(RANK_LABELS):
        raise TarotChallengeError(f"Ranks run from 0 to {len(RANK_LABELS) - 1}, not {rank}")
    return RANK_LABELS[rank]


def ladder_text(value: int) -> str:
    """An Effect or Cost as a number, with its word beside it when it has one.

    >>> ladder_text(2), ladder_text(-1), ladder_text(5)
    ('2 (Average)', '-1', '5 (Great, Wipe Out)')
    """
    label = OUTCOME_LABELS.get(value)
    if label is None:
        return str(value)
    if value >= WIPE_OUT_COST:
        return f"{value} ({label}, Wipe Out)"
    return f"{value} ({label})"


def wipe_out_words(cost: int) -> str:
    """A running Cost at 5 or more as the outcome will report it: 5, a Wipe Out, with the
    uncapped figure beside it when it differs.

    >>> wipe_out_words(5), wipe_out_words(7)
    ('Cost 5 (Great), a Wipe Out', 'Cost 5 (Great), a Wipe Out (7 before the cap)')
    """
    capped = min(cost, WIPE_OUT_COST)
    before = f" ({cost} before the cap)" if cost > WIPE_OUT_COST else ""
    return f"Cost {capped} ({OUTCOME_LABELS[capped]}), a Wipe Out{before}"


def _effect_text(value: int) -> str:
    # Effect 5 is "Great" without the Wipe Out that goes with a Cost of 5.
    label = OUTCOME_LABELS.get(value)
    return f"{value} ({label})" if label else str(value)


class EndReason(enum.Enum):
    """Why the player's drawing ended."""

    CONCEDED = "conceded"
    STOPPED = "stopped"
    EXCUSE = "the Excuse"
    WIPE_OUT = "Wipe Out"


@frozen
class ShownCard:
    """A card as the log shows it: its id, its name with article, and its orientation."""

    card: CardId
    name: str
    reversed: bool = False

    @classmethod
    def of(cls, table: Table, card: CardId) -> ShownCard:
        face = table.card(card).face
        return cls(card, called(face) if isinstance(face, TarotCard) else face.name,
                   table.facing[card].reversed)

    @property
    def orientation(self) -> str:
        return "reversed" if self.reversed else "upright"


def called(face: TarotCard) -> str:
    """How a sentence names a card: "the Soldier of Paper", "Triumph IV", "the Excuse", or
    the name the group gave it."""
    return face.in_sentence


def _listed(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _with_orientation(cards: Sequence[ShownCard]) -> str:
    return _listed([f"{c.name} ({c.orientation})" for c in cards])


# ---------------------------------------------------------------------------------------------
# Events


@frozen
class ChallengeSetUp:
    """The Challenge's terms, as the GM and the player set them."""

    objective: str
    means: str
    reach: str
    risk: str
    attribute: Attribute
    attribute_value: int
    rank: int

    def text(self, actor: str) -> str:
        terms = [
            f'{label} "{value}"'
            for label, value in (
                ("Objective", self.objective),
                ("Means", self.means),
                ("Reach", self.reach),
                ("Risk", self.risk),
            )
            if value
        ]
        head = (
            f"{actor} faces a Challenge of Rank {self.rank} ({rank_label(self.rank)}) with "
            f"{self.attribute.value} {self.attribute_value} ({rank_label(self.attribute_value)})"
        )
        return head + (": " + "; ".join(terms) if terms else "")


@frozen
class ChallengeDrew:
    """The Challenge's draw: its cards, and the Excuse if it came and cut the draw short."""

    rank: int
    cards: tuple[ShownCard, ...]
    numbers: TarotNumbers
    excuse: ShownCard | None = None

    def text(self, actor: str) -> str:
        if self.cards:
            drew = f"The Challenge drew {_with_orientation(self.cards)}"
        else:
            drew = "The Challenge drew no card"
        if self.excuse is not None:
            drew += (
                f", then the Excuse, which stops its draw at {len(self.cards)} of "
                f"{self.rank} and goes to the discard pile"
            )
        return f"{drew}. {actor}'s Cost starts at {self.numbers.cost}."


@frozen
class Conceded:
    """The player conceded before drawing: no Cost, and a Sleeve Card for later."""

    success: bool
    sleeve_card: ShownCard | None

    def text(self, actor: str) -> str:
        result = "the Challenge succeeds (Rank 0)" if self.success else "the Challenge fails"
        if self.sleeve_card is None:
            sleeve = "the deck is empty, so no Sleeve Card"
        else:
            sleeve = (
                f"draws {self.sleeve_card.name}, {self.sleeve_card.orientation}, "
                f"as a Sleeve Card"
            )
        return f"{actor} concedes: no Cost, {result}; {sleeve}."


@frozen
class PlayerDrew:
    """One card the player drew (or played from the sleeve), and the numbers after it."""

    card: ShownCard
    numbers: TarotNumbers
    newly_beaten: tuple[ShownCard, ...] = ()
    from_sleeve: bool = False
    excuse: bool = False
    wipe_out: bool = False

    def text(self, actor: str) -> str:
        verb = "played from the sleeve" if self.from_sleeve else "drew"
        if self.excuse:
            said = f"{actor} {verb} the Excuse: it goes to the discard pile and drawing stops"
            if self.wipe_out:
                return f"{said}. {wipe_out_words(self.numbers.cost)}."
            return f"{said} (Cost {self.numbers.cost})."
        beats = f"beats {_listed([c.name for c in self.newly_beaten])}" if self.newly_beaten else (
            "beats nothing new"
        )
        if self.newly_beaten and self.numbers.all_beaten:
            beats += " (every Challenge card is beaten)"
        line = (
            f"{actor} {verb} {self.card.name}, {self.card.orientation}: "
            f"Cost {self.numbers.cost}, {beats}; Effect {_effect_text(self.numbers.effect)}"
        )
        if self.wipe_out:
            line += f". {wipe_out_words(self.numbers.cost)}: drawing stops."
        return line


@frozen
class Stopped:
    """The player chose to stop drawing."""

    numbers: TarotNumbers

    def text(self, actor: str) -> str:
        left = len(self.numbers.unbeaten)
        beaten = "every Challenge card is beaten" if left == 0 else f"{left} Challenge card" + (
            "s are" if left > 1 else " is"
        ) + " not beaten"
        return (
            f"{actor} stops drawing: Cost {self.numbers.cost}, "
            f"Effect {_effect_text(self.numbers.effect)}, {beaten}."
        )


# ---------------------------------------------------------------------------------------------
# Outcome


@frozen
class Aspect:
    """A short sentence for the character sheet, temporary unless ``permanent``."""

    text: str
    permanent: bool = False
    source: str = ""


@frozen
class TarotOutcome:
    """How a Challenge ended, as reported to the table.

    ``effect`` is max(1, Effect) capped at 5 on Success, and 0 (no Effect) on Failure;
    ``cost`` is max(0, Cost) capped at 5 (0 is no Cost, 5 a Wipe Out; conceding costs 0).
    ``raw_cost`` and ``raw_effect`` are the running numbers when drawing ended.
    """

    success: bool
    effect: int
    cost: int
    end: EndReason
    raw_effect: int
    raw_cost: int
    beaten: tuple[BeatenBy, ...] = ()
    sleeve_card: ShownCard | None = None
    objective: str = ""

    @property
    def wipe_out(self) -> bool:
        return self.cost >= WIPE_OUT_COST

    @property
    def conceded(self) -> bool:
        return self.end is EndReason.CONCEDED

    def aspect(self, text: str, permanent: bool = False) -> Aspect:
        """The Aspect the player writes after this Challenge, ready for the character sheet."""
        sentence = " ".join(text.split())
        if not sentence:
            raise TarotChallengeError("An Aspect needs a short sentence; write one first")
        source = f"Tarot Challenge: {self.objective}" if self.objective else "Tarot Challenge"
        return Aspect(sentence, permanent, source)

    def text(self, actor: str) -> str:
        result = "Success" if self.success else "Failure"
        effect = f"Effect {_effect_text(self.effect)}" if self.effect else "no Effect"
        cost = "no Cost" if self.cost == 0 else f"Cost {ladder_text(self.cost)}"
        line = f"{actor}'s Challenge: {result}, {effect}, {cost}"
        if self.sleeve_card is not None:
            line += f"; Sleeve Card {self.sleeve_card.name} ({self.sleeve_card.orientation})"
        return line + "."


@frozen
class ChallengeFinished:
    """The Challenge is over and its cards have gone to the discard pile."""

    outcome: TarotOutcome
    discarded: tuple[CardId, ...]

    def text(self, actor: str) -> str:
        return (
            f"{self.outcome.text(actor)} {len(self.discarded)} card"
            f"{'s go' if len(self.discarded) != 1 else ' goes'} to the discard pile."
        )


TarotEvent = ChallengeSetUp | ChallengeDrew | Conceded | PlayerDrew | Stopped | ChallengeFinished
