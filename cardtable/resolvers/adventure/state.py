"""What a game of Fantastical Adventure remembers, as plain attrs values.

Everything here is data with small queries: the Conflict in progress and its sides, Supporter
pairs and awards; Suspended Challenges; an Identify Check; players with their Applause and
Author tokens; a Veto; draws owed, Hits allowed or pending, standing Advantage. Every field is an
int, str, bool, enum or a list or dict of those or of these classes, so cattrs can save and
restore the whole state (the session's undo takes snapshots). The steps that change it are in
the other ``adventure_*`` modules.

>>> conflict = Conflict("to cross the bridge first", SideState("alex", CardId("c1")))
>>> conflict.awards.append(Award(Side.CHALLENGE, 2, "higher ground"))
>>> conflict.challenge.spent = 1
>>> conflict.advantage(Side.CHALLENGE), conflict.advantage(Side.ANSWER)
(1, 0)
"""

from __future__ import annotations

import enum

from attrs import Factory, define

from cardtable.cards import CardId

#: Applause tokens each player holds at the start, and again whenever all have given theirs.
APPLAUSE = 10


# ---------------------------------------------------------------------------------------------
# The Conflict


class Side(enum.Enum):
    """The two sides of a Conflict."""

    CHALLENGE = "challenge"
    ANSWER = "answer"

    @property
    def other(self) -> Side:
        return Side.ANSWER if self is Side.CHALLENGE else Side.CHALLENGE

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Phase(enum.Enum):
    """Where a Conflict stands."""

    CHALLENGED = "challenged"  # waiting for an Answer, or for nobody to answer
    ANSWERED = "answered"  # Supporters may join; then the reveal
    DEADLOCK = "deadlock"  # the two players choose a way out
    SHOWDOWN = "showdown"  # the primary ``to_move`` must Yield or Push (back)
    OVER = "over"  # resolved; a Queen may still cancel a goal; then close


@define
class Support:
    """A Supporter's face-down card for one side."""

    character: str
    side: Side
    card: CardId


@define
class Pair:
    """Two opposing Supporters (or one unanswered) and how their pair ended.

    Resolved with ``winner`` None and ``both`` False means both yielded; ``both`` True means
    both attained (each counts as victorious).
    """

    challenge: str | None
    answer: str | None
    resolved: bool = False
    winner: Side | None = None
    both: bool = False

    def member(self, side: Side) -> str | None:
        return self.challenge if side is Side.CHALLENGE else self.answer

    def put(self, side: Side, character: str | None) -> None:
        if side is Side.CHALLENGE:
            self.challenge = character
        else:
            self.answer = character

    def victorious(self, side: Side) -> bool:
        return self.resolved and (self.both or self.winner is side)


@define
class Award:
    """Advantage awarded to a side: by the table for circumstances (a Veto can retract it), or
    by an Author Power (which no Veto touches)."""

    side: Side
    points: int
    reason: str
    retracted: bool = False
    vetoable: bool = True


@define
class SideState:
    """One side's primary, the cards it played and its Advantage bookkeeping."""

    primary: str | None
    card: CardId | None = None
    ace: CardId | None = None
    latest: CardId | None = None
    tandem: str | None = None
    from_supporters: int = 0
    standing: int = 0
    spent: int = 0
    cancelled_by: str | None = None


@define
class Conflict:
    """A Challenge and everything laid against and for it."""

    goal: str
    challenge: SideState
    answer: SideState = Factory(lambda: SideState(None))
    intent: str = ""
    jack: CardId | None = None
    king: CardId | None = None
    hit_target: str | None = None
    from_suspended: bool = False
    supports: list[Support] = Factory(list)
    pairs: list[Pair] = Factory(list)
    awards: list[Award] = Factory(list)
    phase: Phase = Phase.CHALLENGED
    deadlock_pair: int | None = None
    pusher: Side | None = None
    to_move: Side | None = None
    winner: Side | None = None
    both_attain: bool = False
    both_yield: bool = False
    claim_ids: list[int] = Factory(list)

    @property
    def challenger(self) -> str:
        assert self.challenge.primary is not None
        return self.challenge.primary

    @property
    def answerer(self) -> str | None:
        return self.answer.primary

    def side(self, side: Side) -> SideState:
        return self.challenge if side is Side.CHALLENGE else self.answer

    def side_of(self, character: str) -> Side | None:
        """The side ``character`` is on (primary or Supporter), if any."""
        for side in Side:
            if self.side(side).primary == character:
                return side
        return next((s.side for s in self.supports if s.character == character), None)

    def supporters(self, side: Side) -> list[str]:
        return [s.character for s in self.supports if s.side is side]

    def support_card(self, character: str) -> CardId:
        return next(s.card for s in self.supports if s.character == character)

    def advantage(self, side: Side) -> int:
        """Won and unanswered Supporters, standing and awarded points, less what was spent."""
        state = self.side(side)
        awarded = sum(a.points for a in self.awards if a.side is side and not a.retracted)
        return max(0, state.from_supporters + state.standing + awarded - state.spent)

    def participants(self) -> list[str]:
        who = [p for p in (self.challenge.primary, self.answer.primary) if p is not None]
        who += [s.character for s in self.supports]
        who += [c for c in (self.challenge.cancelled_by, self.answer.cancelled_by) if c]
        return who


@define
class SuspendedChallenge:
    """A goal and a face-down card set aside with a note, to be answered later."""

    id: int
    challenger: str
    goal: str
    note: str
    card: CardId


# ---------------------------------------------------------------------------------------------
# Identify Checks


@define
class IdentifyClaim:
    """A character's face-up card and what they say the thing is."""

    character: str
    card: CardId
    what: str


@define
class IdentifyCheck:
    """A vague threat, the hidden card its introducer laid, and the claims so far."""

    introducer: str
    threat: str
    hidden: CardId
    claims: list[IdentifyClaim] = Factory(list)


# ---------------------------------------------------------------------------------------------
# Players and tokens


@define
class Player:
    """A person at the table (tokens belong to players, not characters)."""

    id: str
    name: str


@define
class Purse:
    """A player's tokens: Applause to give, Author tokens received, and tallies of both."""

    applause: int = APPLAUSE
    author: int = 0
    given: int = 0
    spent: int = 0


class VetoSubject(enum.Enum):
    """What a Veto is called on."""

    NARRATION = "narration"
    SUGGESTION = "suggestion"
    ADVANTAGE_AWARD = "Advantage award"
    AUTHOR_POWER = "Author Power"


@define
class Veto:
    """A vote on a narration or suggestion; ``votes`` maps player id to True for *against*."""

    caller: str
    subject: str
    about: VetoSubject
    award: int | None = None
    votes: dict[str, bool] = Factory(dict)


# ---------------------------------------------------------------------------------------------
# Draws owed, Hits, standing Advantage


@define
class DrawClaim:
    """Cards owed: ``count`` draws earned by ``character``, shareable among ``recipients``."""

    id: int
    character: str
    count: int
    reason: str
    recipients: list[str]
    optional: bool = False


@define
class HitAllowance:
    """``hitter`` may Hit ``target`` (if violence fits the fiction)."""

    hitter: str
    target: str
    reason: str


@define
class PendingHit:
    """A Hit ``target``'s player must now take: Go Down, Shake It Off or be "killed"."""

    target: str
    reason: str


@define
class StandingAdvantage:
    """Advantage a character brings into Conflicts as a primary.

    ``against`` empty means against anyone. ``whole_scene`` Advantage lasts until the scene
    ends (Miraculous Survival); otherwise the next Conflict in this scene uses it up.
    """

    holder: str
    points: int
    reason: str
    scene: int
    against: list[str] = Factory(list)
    whole_scene: bool = False
