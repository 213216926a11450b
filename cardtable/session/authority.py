"""Who may do what at the table: the seat holding the computer asks, the session answers.

Every action is asked for by the player holding the computer (:attr:`Session.holder`). Before
an action runs, :meth:`Session.apply` asks it :meth:`~cardtable.session.core.Action.refusal`;
a reason (one line, in words a player understands) refuses it with :class:`AuthorityError`
and changes nothing. The views ask the same question through :meth:`Session.may` before
they offer a menu entry, a shortcut or a drop, and show the reason as the tooltip.

The rules (``rules/table.md``: private things are their owner's alone, even from the GM):

==========================  =============================================================
what                        who may
==========================  =============================================================
a card in a hand            the player controlling the hand's character, and no one else
                            (not the GM): move, discard, flip, turn, shuffle, draw from
a face-down card laid by a  that character's controller (the GM for an NPC): flip, turn,
character (its own pile)    move, peek, reveal, and shuffle or draw from the pile holding it;
                            the rules' own step reveals it otherwise
a face-up card in a         its controller or the GM
character's pile
a card in a shared pile     anyone (the draw pile, the discard pile, the open table)
putting cards into a pile   a hand: anyone (dealing, giving); a character's pile: its
                            controller or the GM; a shared pile: anyone
a character's decision      its controller: Answer, Support, Yield, Push, claims, spending
(a resolver step ``by``)    its tokens, drawing for its Challenge (:class:`Decider`)
the GM's decisions          the GM (anyone when the table has no GM): setting up a
                            Challenge, awarding Advantage, scenes, options, new players,
                            decks; the GM may edit any sheet
a sheet                     its character's controller, or the GM
seats                       anyone passes the computer; only the named player lifts the
                            curtain
undo                        the seat whose action it was; the GM any action that showed
                            nothing private
==========================  =============================================================

Who may take each action and each step of the five systems, and why, is the authority table
of ``docs/authority.md`` (:mod:`cardtable.steps.authority_table`).

While nobody holds the computer (a table being set up, before its first player joins) there
is no one to refuse, and every action is allowed.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from cardtable.cards import CardId
from cardtable.piles import Pile, PileKind
from cardtable.session.model import CharacterId, GameState, PlayerId, SessionError


class AuthorityError(SessionError):
    """An action asked for by a seat that may not take it; the message says whose it is."""


def gm_of(state: GameState) -> PlayerId | None:
    """The GM's id (the first player marked GM), None when the table plays without one."""
    return next((p.id for p in state.players if p.is_gm), None)


def is_gm(state: GameState, player: PlayerId) -> bool:
    return any(p.id == player and p.is_gm for p in state.players)


def name_of(state: GameState, player: PlayerId | None) -> str:
    """A player's name for a message ("someone" for nobody)."""
    return next((p.name for p in state.players if p.id == player), "someone")


def _gm_words(state: GameState) -> str:
    gm = gm_of(state)
    return f"the GM ({name_of(state, gm)})" if gm is not None else "the GM"


def gm_refusal(state: GameState, who: PlayerId, doing: str) -> str | None:
    """Why ``who`` may not do a GM's job (``doing``, e.g. "begin a new scene"), or None.

    At a table without a GM, anyone may.
    """
    if gm_of(state) is None or is_gm(state, who):
        return None
    return f"Only {_gm_words(state)} may {doing}."


def character_refusal(
    state: GameState, who: PlayerId, character: CharacterId, doing: str
) -> str | None:
    """Why ``who`` may not ``doing`` for ``character`` (it is another player's), or None."""
    found = state.characters.get(character)
    if found is None or found.player == who:
        return None
    owner = name_of(state, found.player)
    return f"{found.name} is {owner}'s character: only {owner} may {doing} for {found.name}."


def sheet_refusal(state: GameState, who: PlayerId, character: CharacterId) -> str | None:
    """Why ``who`` may not edit ``character``'s sheet (its controller or the GM may)."""
    found = state.characters.get(character)
    if found is None or found.player == who or is_gm(state, who):
        return None
    owner = name_of(state, found.player)
    return f"{found.name}'s sheet is {owner}'s to change (or the GM's)."


def _owner_words(state: GameState, pile: Pile) -> tuple[str, str]:
    """(the character's name, its player's name) for a character's pile."""
    character = state.characters.get(CharacterId(pile.owner or ""))
    if character is None:
        return pile.label, "its owner"
    return character.name, name_of(state, character.player)


def card_refusal(state: GameState, who: PlayerId, card: CardId, doing: str) -> str | None:
    """Why ``who`` may not ``doing`` (a verb: "flip", "move", "turn round") ``card``, or None.

    The message never names the card: it may be one ``who`` has not seen.
    """
    where = state.table.where(card)
    pile = state.table.pile(where)
    owner = state.controller(pile)
    if owner is None or owner == who:
        return None
    character, player = _owner_words(state, pile)
    if pile.kind is PileKind.HAND:
        return f"That card is in {character}'s hand: only {player} may {doing} it."
    if not state.table.facing[card].face_up:
        return f"That face-down card is {character}'s: only {player} may {doing} it."
    if is_gm(state, who):
        return None
    return f"That card is {character}'s: only {player} (or the GM) may {doing} it."


def pile_refusal(state: GameState, who: PlayerId, pile: Pile, doing: str) -> str | None:
    """Why ``who`` may not ``doing`` (e.g. "shuffle") the whole ``pile``, or None.

    A character's pile holding a face-down card is its controller's alone, as each of those
    cards is; one of face-up cards only is its controller's or the GM's.
    """
    owner = state.controller(pile)
    if owner is None or owner == who:
        return None
    character, player = _owner_words(state, pile)
    if pile.kind is PileKind.HAND:
        return f"{character}'s hand is {player}'s alone: only {player} may {doing} it."
    if any(not state.table.facing[card].face_up for card in pile.cards):
        return (f"{character}'s face-down cards are {player}'s alone: only {player} may "
                f"{doing} them.")
    if is_gm(state, who):
        return None
    return f"That is {character}'s place ({pile.label}): only {player} (or the GM) may {doing} it."


def destination_refusal(state: GameState, who: PlayerId, pile: Pile) -> str | None:
    """Why ``who`` may not put cards onto ``pile``, or None.

    Anyone may deal or give a card into a hand (it leaves their sight); a character's own
    pile (its Challenge row, its face-down cards) takes cards from its controller or the GM.
    """
    if pile.kind is PileKind.HAND:
        return None
    owner = state.controller(pile)
    if owner is None or owner == who or is_gm(state, who):
        return None
    character, player = _owner_words(state, pile)
    return (
        f"That is {character}'s place ({pile.label}): only {player} (or the GM) may lay "
        "cards there."
    )


@frozen
class Decider:
    """Whose decision a resolver step is.

    ``Decider.of(character)``: the player controlling that character (the GM for an NPC);
    ``Decider.gm()``: the GM (anyone at a table without one); ``Decider.player(id)``: one
    player (spending their own tokens); ``ANYONE``: a step of the table's (a reveal every
    card is ready for, closing a finished Challenge).

    >>> Decider.of(CharacterId("ogre"))
    Decider(character='ogre', player_id=None, gm_only=False, doing='decide')
    """

    character: CharacterId | None = None
    player_id: PlayerId | None = None
    gm_only: bool = False
    doing: str = "decide"

    @classmethod
    def of(cls, character: CharacterId | str, doing: str = "decide") -> Decider:
        return cls(character=CharacterId(character), doing=doing)

    @classmethod
    def gm(cls, doing: str = "decide") -> Decider:
        return cls(gm_only=True, doing=doing)

    @classmethod
    def player(cls, player: PlayerId | str, doing: str = "decide") -> Decider:
        return cls(player_id=PlayerId(player), doing=doing)

    def owner(self, state: GameState) -> PlayerId | None:
        """The player whose decision this is (None: anyone's, or the GM's at a GM-less table)."""
        if self.character is not None:
            found = state.characters.get(self.character)
            return None if found is None else found.player
        if self.player_id is not None:
            return self.player_id
        return gm_of(state) if self.gm_only else None

    def refusal(self, state: GameState, who: PlayerId) -> str | None:
        """Why ``who`` may not take this decision (None: they may); the same owner as
        :meth:`owner` names."""
        if self.character is not None:
            return character_refusal(state, who, self.character, self.doing)
        if self.player_id is not None:
            if self.player_id == who:
                return None
            owner = name_of(state, self.player_id)
            return f"That is {owner}'s to {self.doing}: pass the computer to {owner}."
        if self.gm_only:
            return gm_refusal(state, who, self.doing)
        return None


ANYONE = Decider()

#: A step's decider, fixed or worked out from the state when the step is asked for (the
#: tarot player's draw belongs to whoever's character the running Challenge is for).
DeciderRule = Decider | Callable[[GameState], Decider]


def decider_in(rule: DeciderRule, state: GameState) -> Decider:
    return rule(state) if callable(rule) else rule
