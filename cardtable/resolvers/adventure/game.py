"""The state of one game of Fantastical Adventure, and the card handling every rule shares.

:class:`AdventureGame` holds everything the rules track besides the cards themselves: the
players in seat order with their tokens, the characters, whose turn and which scene it is, the
Conflict in progress, Suspended Challenges, an Identify Check, a Veto, the draws owed and the
Hits allowed. The cards live on a :class:`~cardtable.piles.Table` passed to every step, with an
injected :class:`~cardtable.randomness.Rng`. Every field is a plain attrs value, so the whole
state can be saved with cattrs and restored for undo.

Each character has a hand pile (``PileKind.HAND``, owned by the character) and a zone pile
(``PileKind.ZONE``) where its Conflict cards lie; an environment has a zone and no hand.

>>> from cardtable.cards import Suit
>>> from cardtable.randomness import seeded
>>> from cardtable.resolvers.adventure.characters import FACETS_EXAMPLE
>>> table = Table()
>>> game = AdventureGame.start(table, seeded(1), [Player("p1", "Ann"), Player("p2", "Ben")])
>>> alex = Character.create("alex", "Alex", "p1", FACETS_EXAMPLE, Suit.SPADES, Suit.HEARTS)
>>> [event.public for event in game.add_character(table, seeded(2), alex)]
['Alex joined the game and was dealt 3 cards']
>>> len(table.pile(game.hand_id("alex"))), len(table.pile(game.draw_pile))
(3, 105)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import Factory, define

from cardtable.cards import CardId, DeckId, PlayingCard
from cardtable.counts import counted
from cardtable.decks.standard import playing_card_shoe
from cardtable.piles import Pile, PileError, PileId, PileKind, Table
from cardtable.randomness import Rng
from cardtable.resolvers.adventure.characters import Character
from cardtable.resolvers.adventure.events import (
    AdventureEvent,
    AdventureRuleError,
    Events,
    Happening,
    NotNowError,
    NotYoursError,
    called,
    cards_text,
    listed,
    opening,
)
from cardtable.resolvers.adventure.state import (
    Conflict,
    DrawClaim,
    HitAllowance,
    IdentifyCheck,
    PendingHit,
    Player,
    Purse,
    StandingAdvantage,
    SuspendedChallenge,
    Veto,
)

__all__ = ["AdventureGame", "Player"]

DEFAULT_DECKS = 2
PILE_PREFIX = "adventure"


@define
class AdventureGame:
    """Everything Fantastical Adventure tracks besides the cards on the table."""

    draw_pile: str
    discard_pile: str
    players: list[Player]
    purses: dict[str, Purse] = Factory(dict)
    characters: dict[str, Character] = Factory(dict)
    scene: int = 1
    turn: int = 0
    conflict: Conflict | None = None
    suspended: list[SuspendedChallenge] = Factory(list)
    identify: IdentifyCheck | None = None
    veto: Veto | None = None
    veto_debts: list[str] = Factory(list)
    claims: list[DrawClaim] = Factory(list)
    hit_allowances: list[HitAllowance] = Factory(list)
    pending_hits: list[PendingHit] = Factory(list)
    standing: list[StandingAdvantage] = Factory(list)
    serial: int = 0
    #: Piles a session already keeps for a character (see :meth:`adopt_character`), by
    #: character id; characters missing here use ``adventure/hand/<id>`` and ``.../zone/<id>``.
    hand_piles: dict[str, str] = Factory(dict)
    zone_piles: dict[str, str] = Factory(dict)

    # -- setting up -------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        table: Table,
        rng: Rng,
        players: Sequence[Player],
        *,
        decks: int = DEFAULT_DECKS,
        deck_id: str = PILE_PREFIX,
    ) -> AdventureGame:
        """A new game: a shuffled shoe of ``decks`` decks on ``table`` and 10 Applause each."""
        draw, discard = table.add_deck(playing_card_shoe(decks), DeckId(deck_id), rng)
        return cls.on(draw.id, discard.id, players)

    @classmethod
    def on(cls, draw_pile: str, discard_pile: str, players: Sequence[Player]) -> AdventureGame:
        """A new game using a draw pile and discard pile already on the table."""
        if not players:
            raise AdventureRuleError("A game needs at least one player")
        ids = [p.id for p in players]
        if len(set(ids)) != len(ids):
            raise AdventureRuleError("Two players share an id; each player needs their own")
        return cls(draw_pile, discard_pile, list(players), {p: Purse() for p in ids})

    def add_character(self, table: Table, rng: Rng, character: Character) -> Events:
        """Bring a character into play with its piles, dealing its starting hand."""
        if character.id in self.characters:
            raise AdventureRuleError(f"There is already a character with the id {character.id!r}")
        self.player(character.player)
        character.check_facets()
        hand = self.hand_id(character.id)
        if character.has_hand:
            table.add_pile(Pile(PileId(hand), PileKind.HAND, f"{character.name}'s hand",
                                owner=character.id, fanned=True))
        table.add_pile(Pile(PileId(self.zone_id(character.id)), PileKind.ZONE,
                            f"{character.name}'s cards in play", owner=character.id))
        self.characters[character.id] = character
        if not character.has_hand:
            return (AdventureEvent.said(
                Happening.SETUP, f"{character.name} joined the game as an environment (no hand)"),)
        cards = self._draw_cards(table, rng, character.id, character.starting_hand)
        return (AdventureEvent.hidden(
            Happening.SETUP,
            f"{character.name} joined the game and was dealt {cards_text(len(cards))}",
            f"{character.name} joined the game and was dealt {self.names(table, cards)}",
            private_to=character.id, cards=cards),)

    def adopt_character(
        self, table: Table, rng: Rng, character: Character, *, hand: str | None, zone: str
    ) -> Events:
        """Bring in a character whose hand and zone are piles already on the table (a
        session's), owned by the character; an empty hand is dealt the starting hand, a hand
        already dealt is kept. ``hand`` is None for an environment."""
        if character.id in self.characters:
            raise AdventureRuleError(f"There is already a character with the id {character.id!r}")
        self.player(character.player)
        character.check_facets()
        wanted = [(zone, PileKind.ZONE)] + ([(hand, PileKind.HAND)] if hand is not None else [])
        for pile_id, kind in wanted:
            pile = table.pile(PileId(pile_id))
            if pile.kind is not kind or pile.owner != character.id:
                raise AdventureRuleError(
                    f"{pile.label} is not {character.name}'s {kind.value} pile")
        if character.has_hand != (hand is not None):
            raise AdventureRuleError(
                f"{character.name} {'needs' if character.has_hand else 'has no'} hand pile")
        if hand is not None:
            self.hand_piles[character.id] = hand
        self.zone_piles[character.id] = zone
        self.characters[character.id] = character
        if not character.has_hand:
            return (AdventureEvent.said(
                Happening.SETUP, f"{character.name} joined the game as an environment (no hand)"),)
        held = table.pile(PileId(hand or "")).cards
        if held:
            return (AdventureEvent.said(
                Happening.SETUP,
                f"{character.name} joined the game with {cards_text(len(held))} in hand"),)
        cards = self._draw_cards(table, rng, character.id, character.starting_hand)
        return (AdventureEvent.hidden(
            Happening.SETUP,
            f"{character.name} joined the game and was dealt {cards_text(len(cards))}",
            f"{character.name} joined the game and was dealt {self.names(table, cards)}",
            private_to=character.id, cards=cards),)

    # -- looking things up ------------------------------------------------------------------

    def player(self, player_id: str) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise AdventureRuleError(f"There is no player {player_id!r} at this table")

    def character(self, character_id: str) -> Character:
        try:
            return self.characters[character_id]
        except KeyError:
            raise AdventureRuleError(f"There is no character {character_id!r} in play") from None

    def name(self, character_id: str) -> str:
        return self.character(character_id).name

    def purse(self, player_id: str) -> Purse:
        self.player(player_id)
        return self.purses[player_id]

    @property
    def turn_player(self) -> Player:
        """The player whose turn it is to narrate."""
        return self.players[self.turn % len(self.players)]

    def hand_id(self, character_id: str) -> str:
        return self.hand_piles.get(character_id, f"{PILE_PREFIX}/hand/{character_id}")

    def zone_id(self, character_id: str) -> str:
        return self.zone_piles.get(character_id, f"{PILE_PREFIX}/zone/{character_id}")

    def hand(self, table: Table, character_id: str) -> list[CardId]:
        """The cards in a character's hand (empty for an environment)."""
        if not self.character(character_id).has_hand:
            return []
        return list(table.pile(PileId(self.hand_id(character_id))).cards)

    @staticmethod
    def face(table: Table, card: CardId) -> PlayingCard:
        face = table.card(card).face
        if not isinstance(face, PlayingCard):
            raise AdventureRuleError(f"{face.name} is not a playing card")
        return face

    def names(self, table: Table, cards: Sequence[CardId]) -> str:
        """ "the 7 of Hearts and a Joker"."""
        return listed([called(self.face(table, card)) for card in cards]) or "nothing"

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    # -- moving cards -----------------------------------------------------------------------

    def check_in_hand(self, table: Table, character_id: str, card: CardId) -> PlayingCard:
        """The card's face, or :class:`NotYoursError` when it is not in that hand."""
        character = self.character(character_id)
        if not character.has_hand:
            raise NotYoursError(f"{character.name} is an environment and has no hand to play from")
        if card not in table.pile(PileId(self.hand_id(character_id))).cards:
            try:
                what = called(self.face(table, card))
            except PileError:
                what = repr(card)
            raise NotYoursError(f"{opening(what)} is not in {character.name}'s hand")
        return self.face(table, card)

    def lay(
        self, table: Table, rng: Rng, character_id: str, card: CardId | None, *, face_up: bool
    ) -> CardId:
        """Put a card from the character's hand into its zone; an environment (``card`` None)
        takes the top card of the draw pile instead."""
        character = self.character(character_id)
        zone = PileId(self.zone_id(character_id))
        if not character.has_hand:
            if card is not None:
                raise NotYoursError(
                    f"{character.name} is an environment: it plays the top card of the draw "
                    "pile, not a chosen card")
            try:
                [drawn] = table.draw(PileId(self.draw_pile), zone, rng, face_up=face_up)
            except PileError:
                raise AdventureRuleError("The draw pile and discard pile are empty") from None
            return drawn
        if card is None:
            raise NotYoursError(f"Choose a card from {character.name}'s hand")
        self.check_in_hand(table, character_id, card)
        table.move([card], PileId(zone), face_up=face_up)
        return card

    def take_back(self, table: Table, character_id: str, card: CardId) -> None:
        """Return a laid card to the hand (an environment's goes back on the draw pile)."""
        if self.character(character_id).has_hand:
            table.move([card], PileId(self.hand_id(character_id)), face_up=False)
        else:
            table.move([card], PileId(self.draw_pile), face_up=False)

    def discard(self, table: Table, cards: Sequence[CardId]) -> None:
        if cards:
            table.move(list(cards), PileId(self.discard_pile), face_up=True)

    def draw(self, table: Table, rng: Rng, character_id: str, count: int, why: str = "") -> Events:
        """``character`` draws ``count`` cards into their hand; ``why`` ends the sentence."""
        cards = self._draw_cards(table, rng, character_id, count)
        name = self.name(character_id)
        tail = f" {why}" if why else ""
        return (AdventureEvent.hidden(
            Happening.DREW, f"{name} drew {cards_text(len(cards))}{tail}",
            f"{name} drew {self.names(table, cards)}{tail}",
            private_to=character_id, cards=cards),)

    def _draw_cards(self, table: Table, rng: Rng, character_id: str, count: int) -> list[CardId]:
        character = self.character(character_id)
        if not character.has_hand:
            raise AdventureRuleError(f"{character.name} is an environment: it never draws cards")
        try:
            return table.draw(PileId(self.draw_pile), PileId(self.hand_id(character_id)), rng,
                              count)
        except PileError:
            raise AdventureRuleError(
                f"The draw pile and discard pile together hold fewer than {counted(count, 'card')}"
            ) from None

    # -- draws owed -------------------------------------------------------------------------

    def owe(
        self,
        character_id: str,
        count: int,
        reason: str,
        recipients: Sequence[str] = (),
        *,
        optional: bool = False,
    ) -> Events:
        """Record ``count`` draws earned by ``character``, shareable with ``recipients``.

        Environments never draw, so they are left out of the recipients; when nobody with a
        hand remains, nothing is owed and the event says so.
        """
        if count <= 0:
            return ()
        everyone = [character_id, *[r for r in recipients if r != character_id]]
        takers = [c for c in everyone if self.character(c).has_hand]
        name = self.name(character_id)
        if not takers:
            return (AdventureEvent.said(
                Happening.CLAIM, f"{name} would draw {cards_text(count)} {reason}, but an "
                "environment never draws"),)
        claim = DrawClaim(self.next_serial(), character_id, count, reason, takers, optional)
        self.claims.append(claim)
        shared = f", to share with {listed([self.name(c) for c in takers[1:]])}" if (
            len(takers) > 1) else ""
        earns = "may draw" if optional else "earns"
        return (AdventureEvent.said(
            Happening.CLAIM, f"{name} {earns} {cards_text(count)} {reason}{shared}"),)

    def claim(self, claim_id: int) -> DrawClaim:
        for claim in self.claims:
            if claim.id == claim_id:
                return claim
        raise NotNowError(f"There are no draws numbered {claim_id} waiting to be taken")

    def take_claim(
        self, table: Table, rng: Rng, claim_id: int, shares: Mapping[str, int] | None = None
    ) -> Events:
        """Draw the cards of a claim, shared as ``shares`` says (default: all to the earner)."""
        claim = self.claim(claim_id)
        plan = dict(shares) if shares is not None else {claim.recipients[0]: claim.count}
        for who, count in plan.items():
            if who not in claim.recipients:
                allowed = listed([self.name(c) for c in claim.recipients])
                raise AdventureRuleError(
                    f"These draws can only go to {allowed}, not to {self.name(who)}")
            if count < 0:
                raise AdventureRuleError("A share cannot be a negative number of cards")
        if sum(plan.values()) != claim.count:
            raise AdventureRuleError(
                f"Share exactly {counted(claim.count, 'card')} (these shares add up to "
                f"{sum(plan.values())})")
        self.claims.remove(claim)
        events: list[AdventureEvent] = []
        for who, count in plan.items():
            if count:
                events.extend(self.draw(table, rng, who, count, claim.reason))
        return tuple(events)

    def decline_claim(self, claim_id: int) -> Events:
        """Turn down draws one *may* take (the loser of a Supporter pair)."""
        claim = self.claim(claim_id)
        if not claim.optional:
            raise AdventureRuleError(f"{self.name(claim.character)} must take these draws")
        self.claims.remove(claim)
        return (AdventureEvent.said(
            Happening.CLAIM, f"{self.name(claim.character)} chose not to draw {claim.reason}"),)

    def settle_claims(self, table: Table, rng: Rng) -> Events:
        """Draw every claim still waiting, each to the character who earned it."""
        events: list[AdventureEvent] = []
        for claim in list(self.claims):
            events.extend(self.take_claim(table, rng, claim.id))
        return tuple(events)

    # -- checks shared by several steps -----------------------------------------------------

    def ensure_controls(self, player_id: str, character_id: str) -> Character:
        character = self.character(character_id)
        if character.player != player_id:
            raise AdventureRuleError(
                f"{character.name} is played by {self.player(character.player).name}, "
                f"not {self.player(player_id).name}")
        return character

    def allow_hit(self, hitter: str, target: str, reason: str) -> Events:
        """``hitter`` may now Hit ``target`` (until the Conflict closes)."""
        self.hit_allowances.append(HitAllowance(hitter, target, reason))
        return (AdventureEvent.said(
            Happening.HIT,
            f"{self.name(hitter)} may Hit {self.name(target)} {reason}, if violence fits"),)

    def advance_turn(self) -> Events:
        """Pass narration to the next seat."""
        ended = self.turn_player
        self.turn = (self.turn + 1) % len(self.players)
        return (AdventureEvent.said(
            Happening.TURN, f"{ended.name}'s turn ends; it is {self.turn_player.name}'s turn"),)

    def standing_for(self, holder: str, opponent: str) -> list[StandingAdvantage]:
        """Standing Advantage ``holder`` brings against ``opponent`` in this scene."""
        return [s for s in self.standing
                if s.holder == holder and s.scene == self.scene
                and (not s.against or opponent in s.against)]
