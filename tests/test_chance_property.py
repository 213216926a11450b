"""Chance as a property over random play in all five systems (issue 38).

A Hypothesis state machine plays the three-seat table with all five systems
(:func:`seat_rig.three_seats`): draws, rolls in the tray and sealed, shuffles, a tarot
Challenge, an Adventure Conflict, a crisis Simple Challenge, a pool Challenge, Banzai dice,
takes-back and strikes, undo and redo, seat passes, and saving and loading. After every
step:

- the file says nothing of the order chance chose: the bytes are the same whatever order
  the unseen cards lie in;

and at any moment, from the state restored (the file loaded afresh, as a replay would):

- replaying the same draw, a card no seat saw comes out as chance says: it differs between
  replays as often as chance would have it, and undoing the draw (a card dealt face down,
  which no one saw) and drawing again gives the undone card no more often than chance;
- a roll is never taken back, and the roll after it never repeats it.

So no seat holds a prediction better than chance of a card it was not shown: not from the
file, an undo, a redo, nor a load.
"""

from __future__ import annotations

import contextlib
from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from seat_rig import (
    BRANN,
    CHALLENGE,
    GINA,
    HAND,
    OGRE,
    PIP,
    ROOK,
    SHOE,
    SHOE_DISCARD,
    TAROT_DRAW,
    ZONE,
    three_seats,
)

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import Attribute
from cardtable.session import (
    ANYONE,
    Action,
    ConfirmSeat,
    Draw,
    PassSeat,
    ResolverStep,
    Session,
    Shuffle,
    UndoError,
)
from cardtable.session.corrections import StrikeRoll, TakeBack
from cardtable.session.dice_history import DiceRequest, history_of, roll_step
from cardtable.session.saving import from_bytes, to_bytes
from cardtable.session.sealed_rolls import RollSealed
from cardtable.steps import crisis as crisis_steps
from cardtable.steps import tarot as tarot_steps
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as play_steps
from cardtable.steps.pool import play as pool_steps
from cardtable.steps.pool.picks import SidePick

PILES = (*HAND.values(), *ZONE.values(), SHOE, SHOE_DISCARD, TAROT_DRAW, CHALLENGE)
DRAW_PILES = (SHOE, TAROT_DRAW)
#: Where a draw goes (a card put on a draw pile's top is known: the machine shuffles instead).
DESTINATIONS = tuple(pile for pile in PILES if pile not in DRAW_PILES)
DICE = ("7k5", "2d6", "3c", "1d20+2")
#: Replays of one restored state; a pile that can be replayed holds at least MANY unseen cards.
REPLAYS, MANY = 16, 20


def _tray_roll(session: Session, dice: str) -> Action:
    return ResolverStep(roll_step(DiceRequest(dice), session.actor_name), decider=ANYONE)


def _seated(session: Session) -> None:
    if session.curtain is not None:
        session.apply(ConfirmSeat(session.curtain))


def _replayed(raw: bytes, seed: int) -> Session:
    """The state in ``raw`` restored as a load restores it, with randomness ``seed``."""
    session = from_bytes(raw, rng=seeded(seed))
    _seated(session)
    return session


class ChancePlay(RuleBasedStateMachine):
    """Random play, straight to the session, from whoever holds the computer."""

    session: Session
    loads: int

    @initialize(seed=st.integers(0, 1000), seat=st.integers(0, 2))
    def deal(self, seed: int, seat: int) -> None:
        self.session = three_seats(seed, five_systems=True)
        self.session.rng = seeded(seed)
        self.session.apply(PassSeat(seat))
        self.loads = seed * 1000

    def _try(self, action: Action) -> None:
        _seated(self.session)
        with contextlib.suppress(ValueError):
            self.session.apply(action)

    # -- play ------------------------------------------------------------------------------

    @rule(seat=st.integers(0, 2), confirm=st.booleans())
    def pass_computer(self, seat: int, confirm: bool) -> None:
        self._try(PassSeat(seat))
        if confirm:
            self._try(ConfirmSeat(self.session.players[seat].id))

    @rule(source=st.sampled_from(PILES), to=st.sampled_from(DESTINATIONS), up=st.booleans())
    def draw(self, source: PileId, to: PileId, up: bool) -> None:
        if source != to and self.session.table.pile(source).cards:
            self._try(Draw(source, to, face_up=up))

    @rule(pile=st.sampled_from(PILES))
    def shuffle(self, pile: PileId) -> None:
        self._try(Shuffle(pile))

    @rule(dice=st.sampled_from(DICE), sealed=st.booleans())
    def roll(self, dice: str, sealed: bool) -> None:
        self._try(RollSealed(DiceRequest(dice)) if sealed else _tray_roll(self.session, dice))

    @rule(strike=st.booleans())
    def correct(self, strike: bool) -> None:
        self._try(StrikeRoll() if strike else TakeBack())

    @rule(back=st.booleans())
    def undo_or_redo(self, back: bool) -> None:
        _seated(self.session)
        with contextlib.suppress(ValueError):
            self.session.undo() if back else self.session.redo()

    @rule()
    def save_and_load(self) -> None:
        self.loads += 1
        holder = self.session.holder
        self.session = from_bytes(to_bytes(self.session), rng=seeded(self.loads))
        assert self.session.holder == holder

    @rule(kind=st.sampled_from(["begin", "draw", "draw", "stop", "finish"]))
    def tarot(self, kind: str) -> None:
        if kind == "begin":
            self._try(tarot_steps.begin(PIP, Attribute.ROCK, 2, objective="cross the bridge"))
        else:
            self._try(
                {"draw": tarot_steps.draw, "stop": tarot_steps.stop, "finish": tarot_steps.finish}[
                    kind
                ]()
            )

    @rule(
        kind=st.sampled_from(["turn", "challenge", "answer", "reveal", "close"]),
        pick=st.integers(0, 9),
    )
    def adventure(self, kind: str, pick: int) -> None:
        session = self.session
        who = {GINA: OGRE}.get(session.holder or GINA, BRANN)
        hand = session.table.pile(HAND[who]).cards
        card = hand[pick % len(hand)] if hand else None
        action = {
            "turn": lambda: play_steps.pass_turn(str(session.holder)),
            "challenge": lambda: conflict_steps.issue_challenge(who, "to take the bridge", card),
            "answer": lambda: conflict_steps.answer(who, "to hold the bridge", card),
            "reveal": conflict_steps.reveal,
            "close": conflict_steps.close,
        }[kind]()
        self._try(action)

    @rule(kind=st.sampled_from(["set", "roll", "clear"]))
    def crisis(self, kind: str) -> None:
        self._try(
            {
                "set": lambda: crisis_steps.set_up_simple(ROOK, 9),
                "roll": crisis_steps.roll_simple,
                "clear": crisis_steps.clear_simple,
            }[kind]()
        )

    @rule(kind=st.sampled_from(["start", "round"]))
    def pool(self, kind: str) -> None:
        if kind == "start":
            warden = SidePick("Warden", rating=3, reserves=2, ability="Will")
            self._try(pool_steps.start(warden, [SidePick("The storm", rating=3, resistance=2)]))
        else:
            self._try(pool_steps.play_round())

    # -- what chance gave, and what it will give ----------------------------------------------

    @invariant()
    def the_file_tells_no_order(self) -> None:
        session = self.session
        written = to_bytes(session)
        # Whatever order the unseen cards lie in (as any restore may leave them).
        session.state.table.redeal(seeded(len(session.log)))
        assert to_bytes(session) == written

    @rule(pile=st.sampled_from(DRAW_PILES))
    def replay_a_draw(self, pile: PileId) -> None:
        raw = to_bytes(self.session)
        table = self.session.table
        unseen = set(table.pile(pile).cards[: table.unseen_part(pile)])
        if len(unseen) < MANY or len(unseen) < len(table.pile(pile).cards):
            return  # the next card is not chance's to give: one lies known on top
        firsts: list[CardId] = []
        again = 0
        for seed in range(REPLAYS):
            replay = _replayed(raw, seed)
            try:
                replay.apply(Draw(pile, CHALLENGE))
            except ValueError:
                return  # the seat may not draw here: nothing to replay
            first = replay.table.pile(CHALLENGE).cards[-1]
            replay.undo()  # a card dealt face down, which no one saw, may be put back
            replay.apply(Draw(pile, CHALLENGE))
            again += replay.table.pile(CHALLENGE).cards[-1] == first
            firsts.append(first)
        assert set(firsts) <= unseen
        # At least MANY unseen cards: a card comes up in about one replay in MANY.
        assert max(Counter(firsts).values()) <= REPLAYS // 2
        assert again <= REPLAYS // 2

    @rule(dice=st.sampled_from(("7k5", "10d10")))
    def replay_a_roll(self, dice: str) -> None:
        raw = to_bytes(self.session)
        rolled = []
        for seed in range(REPLAYS // 2):
            replay = _replayed(raw, seed)
            replay.apply(_tray_roll(replay, dice))
            history = history_of(replay.state)
            assert history is not None and history.latest is not None
            first = history.latest
            with contextlib.suppress(UndoError):
                replay.undo()
            assert history_of(replay.state) == history  # the roll stays rolled
            replay.apply(_tray_roll(replay, dice))
            again = history_of(replay.state)
            assert again is not None and again.latest is not None
            assert again.latest.groups != first.groups
            rolled.append(first.groups)
        assert len(set(rolled)) > 1


def test_no_restored_state_foretells_what_chance_gives() -> None:
    run_state_machine_as_test(
        ChancePlay,
        settings=settings(
            max_examples=25,
            stateful_step_count=40,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
