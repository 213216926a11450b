"""The tarot Challenge of N-Dimensional Tourists, as a state machine the table drives.

The resolver moves the cards itself, on a :class:`~cardtable.piles.Table` passed to every
step, between piles it knows by id (:class:`TarotPiles`). All its state is plain values
(ints, strs, bools, enums, card ids), so a session can snapshot it for undo and save it with
cattrs. Each step returns an event from :mod:`cardtable.resolvers.tarot.events` that the
session log can print. See ``rules/tourist-tarot.md``.

>>> from cardtable.cards import DeckId
>>> from cardtable.decks.standard import tourist_tarot
>>> from cardtable.randomness import seeded
>>> table = Table()
>>> _ = table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(3))
>>> piles = TarotPiles.standard(DeckId("tarot"), "alex").prepare(table)
>>> challenge = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=4, rank=2)
>>> drew = challenge.challenge_draw(table, seeded(4))
>>> len(challenge.challenge), challenge.phase
(2, <TarotPhase.CHALLENGE_DRAWN: 'challenge drawn'>)
>>> conceded = challenge.concede(table, seeded(5))
>>> outcome = challenge.outcome(table)
>>> outcome.success, outcome.cost, challenge.sleeve_card is not None
(False, 0, True)
>>> finished = challenge.finish(table)
>>> len(table.piles[piles.challenge_row]), challenge.phase
(0, <TarotPhase.FINISHED: 'finished'>)
"""

from __future__ import annotations

import enum

from attrs import define, frozen

from cardtable.cards import CardId, DeckId, TarotCard, shown_name
from cardtable.piles import Pile, PileId, PileKind, Table
from cardtable.randomness import Rng
from cardtable.resolvers.tarot.events import (
    RANK_LABELS,
    Aspect,
    Attribute,
    ChallengeDrew,
    ChallengeFinished,
    ChallengeSetUp,
    Conceded,
    EndReason,
    PlayerDrew,
    ShownCard,
    Stopped,
    TarotChallengeError,
    TarotEvent,
    TarotOutcome,
    ladder_text,
    rank_label,
)
from cardtable.resolvers.tarot.odds import (
    MAX_EFFECT,
    WIPE_OUT_COST,
    BeatenBy,
    NextCardOdds,
    TarotNumbers,
    beaten_by,
    effect_of,
    next_card_odds,
)

__all__ = [
    "MAX_RANK",
    "RANK_LABELS",
    "WIPE_OUT_COST",
    "Aspect",
    "Attribute",
    "BeatenBy",
    "ChallengeDrew",
    "ChallengeFinished",
    "ChallengeSetUp",
    "Conceded",
    "EndReason",
    "NextCardOdds",
    "Placed",
    "PlayerDrew",
    "ShownCard",
    "Stopped",
    "TarotChallenge",
    "TarotChallengeError",
    "TarotEvent",
    "TarotNumbers",
    "TarotOutcome",
    "TarotPhase",
    "TarotPiles",
    "TarotSetup",
    "ladder_text",
    "rank_label",
]

#: The highest Challenge Rank and Attribute value (Mythic).
MAX_RANK = len(RANK_LABELS) - 1


class TarotPhase(enum.Enum):
    """Where a Challenge stands; each step is allowed in some phases only."""

    SET_UP = "set up"
    #: The Challenge's cards are down; the player concedes, draws or plays a Sleeve Card.
    CHALLENGE_DRAWN = "challenge drawn"
    #: The player has at least one card down and may draw again or stop.
    DRAWING = "drawing"
    #: Drawing is over; the outcome is known and the cards are still on the table.
    ENDED = "ended"
    #: The cards have gone to the discard pile.
    FINISHED = "finished"


@frozen
class TarotSetup:
    """The terms of a Challenge: free text, the Attribute and its value, the Rank.

    ``allow_sleeve_cards`` lets the player play a Sleeve Card instead of drawing (our reading
    of the rules, on by default). Conceding always draws a Sleeve Card.
    """

    attribute: Attribute
    attribute_value: int
    rank: int
    objective: str = ""
    means: str = ""
    reach: str = ""
    risk: str = ""
    allow_sleeve_cards: bool = True

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.rank <= MAX_RANK:
            raise TarotChallengeError(
                f"A Challenge's Rank runs from 0 (Mediocre) to {MAX_RANK} (Mythic), "
                f"not {self.rank}"
            )
        if not 0 <= self.attribute_value <= MAX_RANK:
            raise TarotChallengeError(
                f"An Attribute runs from 0 (Mediocre) to {MAX_RANK} (Mythic), "
                f"not {self.attribute_value}"
            )


@frozen
class TarotPiles:
    """The piles a Challenge uses, by id: the deck's draw and discard piles, the Challenge's
    row, the player's row, and the sleeve of the character who faces the Challenge."""

    draw: PileId
    discard: PileId
    challenge_row: PileId
    player_row: PileId
    sleeve: PileId

    @classmethod
    def standard(cls, deck: DeckId, character: str) -> TarotPiles:
        """The usual ids: ``tarot/draw``, ``tarot/discard``, ``tarot/challenge``,
        ``tarot/player`` and ``sleeve/<character>``."""
        return cls(
            draw=PileId(f"{deck}/draw"),
            discard=PileId(f"{deck}/discard"),
            challenge_row=PileId(f"{deck}/challenge"),
            player_row=PileId(f"{deck}/player"),
            sleeve=PileId(f"sleeve/{character}"),
        )

    def prepare(self, table: Table, character: str | None = None) -> TarotPiles:
        """Add the rows and the sleeve to ``table`` where missing; returns these piles."""
        table.pile(self.draw)
        table.pile(self.discard)
        zones = (
            (self.challenge_row, "The Challenge", None),
            (self.player_row, "The player's cards", None),
            (self.sleeve, "Sleeve Cards", character),
        )
        for pile_id, label, owner in zones:
            if pile_id not in table.piles:
                table.add_pile(Pile(pile_id, PileKind.ZONE, label, owner=owner, fanned=True))
        return self


@frozen
class Placed:
    """A card the Challenge or the player put down, with the orientation it landed in."""

    card: CardId
    reversed: bool = False
    from_sleeve: bool = False


@define
class TarotChallenge:
    """One tarot Challenge, step by step.

    Steps: :meth:`challenge_draw`; then :meth:`concede`, or :meth:`draw` / :meth:`play_sleeve`
    as often as wanted and :meth:`stop`; then :meth:`outcome` and :meth:`finish`. A step that
    is not allowed raises :class:`TarotChallengeError` and changes nothing.
    """

    terms: TarotSetup
    piles: TarotPiles
    phase: TarotPhase = TarotPhase.SET_UP
    challenge: tuple[Placed, ...] = ()
    player: tuple[Placed, ...] = ()
    challenge_excuse: CardId | None = None
    player_excuse: CardId | None = None
    sleeve_card: CardId | None = None
    end: EndReason | None = None

    @classmethod
    def setup(
        cls,
        piles: TarotPiles,
        *,
        attribute: Attribute,
        attribute_value: int,
        rank: int,
        objective: str = "",
        means: str = "",
        reach: str = "",
        risk: str = "",
        allow_sleeve_cards: bool = True,
    ) -> TarotChallenge:
        """A Challenge ready for its draw; raises :class:`TarotChallengeError` for a Rank or
        Attribute value outside 0 to 9."""
        terms = TarotSetup(
            attribute, attribute_value, rank, objective, means, reach, risk, allow_sleeve_cards
        )
        return cls(terms, piles)

    def announce(self) -> ChallengeSetUp:
        """The set-up as an event for the log."""
        t = self.terms
        return ChallengeSetUp(
            t.objective, t.means, t.reach, t.risk, t.attribute, t.attribute_value, t.rank
        )

    # -- reading --------------------------------------------------------------------------

    @property
    def cost(self) -> int:
        """The running Cost: -A, plus one per reversed card the Challenge or player put down."""
        reversed_cards = sum(p.reversed for p in (*self.challenge, *self.player))
        return reversed_cards - self.terms.attribute_value

    @property
    def drew(self) -> bool:
        """Whether the player chose to draw (even if the first card was the Excuse)."""
        return bool(self.player) or self.player_excuse is not None

    def numbers(self, table: Table) -> TarotNumbers:
        """Cost, Effect, what is beaten, and the odds of the next card (while drawing)."""
        challenge = self._faces(table, self.challenge)
        player = self._faces(table, self.player)
        beaten = self._beaten(table)
        odds = None
        if self.phase in (TarotPhase.CHALLENGE_DRAWN, TarotPhase.DRAWING):
            unbeaten = [face for (_, face), entry in zip(challenge, beaten, strict=True)
                        if not entry.by]
            odds = next_card_odds(table, self.piles.draw, unbeaten, self.cost)
        effect = effect_of(face for _, face in (*challenge, *player))
        return TarotNumbers(self.cost, effect, beaten, odds)

    def outcome(self, table: Table) -> TarotOutcome:
        """The result, once drawing is over (Success or Failure, Effect, Cost)."""
        if self.phase not in (TarotPhase.ENDED, TarotPhase.FINISHED) or self.end is None:
            raise TarotChallengeError("The Challenge is still going on: concede or stop first")
        numbers = self.numbers(table)
        conceded = self.end is EndReason.CONCEDED
        success = self.terms.rank == 0 or (bool(self.player) and numbers.all_beaten)
        effect = max(1, min(MAX_EFFECT, numbers.effect)) if success else 0
        cost = 0 if conceded else max(0, min(WIPE_OUT_COST, numbers.cost))
        sleeve = None if self.sleeve_card is None else ShownCard.of(table, self.sleeve_card)
        return TarotOutcome(
            success=success,
            effect=effect,
            cost=cost,
            end=self.end,
            raw_effect=numbers.effect,
            raw_cost=numbers.cost,
            beaten=numbers.beaten,
            sleeve_card=sleeve,
            objective=self.terms.objective,
        )

    # -- steps ----------------------------------------------------------------------------

    def challenge_draw(self, table: Table, rng: Rng) -> ChallengeDrew:
        """The Challenge draws its Rank in cards, face up; the Excuse cuts the draw short and
        goes to the discard pile."""
        self._require(TarotPhase.SET_UP, "The Challenge has already drawn its cards")
        self._check_piles(table)
        if self._available(table) < self.terms.rank:
            raise TarotChallengeError(
                f"The tarot deck holds {self._available(table)} cards; the Challenge needs "
                f"{self.terms.rank}. Gather the cards from the table into the discard pile first"
            )
        placed: list[Placed] = []
        excuse = None
        for _ in range(self.terms.rank):
            [card] = table.draw(self.piles.draw, self.piles.challenge_row, rng, face_up=True)
            if self._face(table, card).is_excuse:
                excuse = ShownCard.of(table, card)
                table.move([card], self.piles.discard, face_up=True)
                self.challenge_excuse = card
                break
            placed.append(Placed(card, table.facing[card].reversed))
        self.challenge = tuple(placed)
        self.phase = TarotPhase.CHALLENGE_DRAWN
        shown = tuple(ShownCard.of(table, p.card) for p in self.challenge)
        return ChallengeDrew(self.terms.rank, shown, self.numbers(table), excuse)

    def concede(self, table: Table, rng: Rng) -> Conceded:
        """Give up before drawing: no Cost, Failure unless Rank 0, and one Sleeve Card drawn
        face up into the character's sleeve (none when the deck is empty)."""
        self._require_before_drawing("concede")
        sleeve = None
        if self._available(table) > 0:
            [card] = table.draw(self.piles.draw, self.piles.sleeve, rng, face_up=True)
            self.sleeve_card = card
            sleeve = ShownCard.of(table, card)
        self._end(EndReason.CONCEDED)
        return Conceded(self.terms.rank == 0, sleeve)

    def draw(self, table: Table, rng: Rng) -> PlayerDrew:
        """The player draws the next card of the deck, face up onto the player's row."""
        self._require_drawing("draw")
        if self._available(table) == 0:
            raise TarotChallengeError("The tarot deck has no card left to draw: stop here")
        [card] = table.draw(self.piles.draw, self.piles.player_row, rng, face_up=True)
        return self._take(table, card, from_sleeve=False)

    def play_sleeve(self, table: Table, card: CardId) -> PlayerDrew:
        """Play a Sleeve Card of the character's instead of drawing; it counts as a drawn
        card, in the orientation it was kept in."""
        self._require_drawing("play a Sleeve Card")
        if not self.terms.allow_sleeve_cards:
            raise TarotChallengeError("Sleeve Cards cannot be played at this table")
        sleeve = table.pile(self.piles.sleeve)
        if card not in sleeve.cards:
            name = shown_name(table.cards[card].face) if card in table.cards else card
            raise TarotChallengeError(f"{name} is not in {sleeve.label}; pick a card from there")
        self._face(table, card)
        table.move([card], self.piles.player_row, face_up=True)
        return self._take(table, card, from_sleeve=True)

    def stop(self, table: Table) -> Stopped:
        """The player stops drawing. Without a card down, conceding is the way to stop."""
        if self.phase is TarotPhase.CHALLENGE_DRAWN:
            raise TarotChallengeError(
                "Nothing drawn yet: draw a card, or concede to stop without drawing"
            )
        self._require(TarotPhase.DRAWING, self._phase_message("stop"))
        self._end(EndReason.STOPPED)
        return Stopped(self.numbers(table))

    def finish(self, table: Table) -> ChallengeFinished:
        """Put every card of the Challenge and the player face up on the discard pile."""
        self._require(TarotPhase.ENDED, self._phase_message("finish"))
        outcome = self.outcome(table)
        cards = [p.card for p in (*self.challenge, *self.player)]
        table.move(cards, self.piles.discard, face_up=True)
        self.phase = TarotPhase.FINISHED
        return ChallengeFinished(outcome, tuple(cards))

    # -- inside ---------------------------------------------------------------------------

    def _take(self, table: Table, card: CardId, *, from_sleeve: bool) -> PlayerDrew:
        """Count a card that has just landed on the player's row."""
        shown = ShownCard.of(table, card)
        if self._face(table, card).is_excuse:
            table.move([card], self.piles.discard, face_up=True)
            self.player_excuse = card
            self._end(EndReason.EXCUSE)
            # The Excuse adds nothing, but a Cost already at 5 is still reported as a Wipe Out.
            return PlayerDrew(shown, self.numbers(table), from_sleeve=from_sleeve, excuse=True,
                              wipe_out=self.cost >= WIPE_OUT_COST)
        before = {entry.card for entry in self._beaten(table) if not entry.by}
        self.player = (*self.player, Placed(card, shown.reversed, from_sleeve))
        wipe_out = self.cost >= WIPE_OUT_COST
        if wipe_out:
            self._end(EndReason.WIPE_OUT)
        else:
            self.phase = TarotPhase.DRAWING
        numbers = self.numbers(table)
        newly = tuple(
            ShownCard.of(table, p.card)
            for p in self.challenge
            if p.card in before and p.card not in numbers.unbeaten
        )
        return PlayerDrew(shown, numbers, newly, from_sleeve=from_sleeve, wipe_out=wipe_out)

    def _beaten(self, table: Table) -> tuple[BeatenBy, ...]:
        return beaten_by(self._faces(table, self.challenge), self._faces(table, self.player))

    def _end(self, reason: EndReason) -> None:
        self.end = reason
        self.phase = TarotPhase.ENDED

    def _require(self, phase: TarotPhase, message: str) -> None:
        if self.phase is not phase:
            raise TarotChallengeError(message)

    def _require_before_drawing(self, what: str) -> None:
        if self.phase is TarotPhase.DRAWING:
            raise TarotChallengeError(f"The player has drawn already, too late to {what}")
        self._require(TarotPhase.CHALLENGE_DRAWN, self._phase_message(what))

    def _require_drawing(self, what: str) -> None:
        if self.phase not in (TarotPhase.CHALLENGE_DRAWN, TarotPhase.DRAWING):
            raise TarotChallengeError(self._phase_message(what))

    def _phase_message(self, what: str) -> str:
        if self.phase is TarotPhase.SET_UP:
            return f"The Challenge has not drawn its cards yet, so no one can {what}"
        if self.phase is TarotPhase.ENDED:
            reason = self.end.value if self.end is not None else "ended"
            return f"Drawing is over ({reason}), so no one can {what}; finish the Challenge"
        if self.phase is TarotPhase.FINISHED:
            return f"The Challenge is finished, so no one can {what}; set up a new one"
        return f"Cannot {what} now"

    def _check_piles(self, table: Table) -> None:
        missing = [
            pile
            for pile in (
                self.piles.draw,
                self.piles.discard,
                self.piles.challenge_row,
                self.piles.player_row,
                self.piles.sleeve,
            )
            if pile not in table.piles
        ]
        if missing:
            raise TarotChallengeError(
                f"The table has no pile {missing[0]!r}; prepare the Challenge's piles first"
            )

    def _available(self, table: Table) -> int:
        pile = table.pile(self.piles.draw)
        refill = pile.refill_from
        return len(pile.cards) + (len(table.pile(refill).cards) if refill is not None else 0)

    @staticmethod
    def _face(table: Table, card: CardId) -> TarotCard:
        face = table.card(card).face
        if not isinstance(face, TarotCard):
            raise TarotChallengeError(f"{face.name} is not a card of the Tourist's Tarot")
        return face

    def _faces(
        self, table: Table, placed: tuple[Placed, ...]
    ) -> list[tuple[CardId, TarotCard]]:
        return [(p.card, self._face(table, p.card)) for p in placed]
