"""Privacy under random play: no seat ever sees a face, or reads a card's name in the log,
that the table's rules keep from it.

The oracle below is written from ``rules/table.md`` without the model's visibility code:
a card in a hand is seen only by the hand's controller; a face-down card by nobody but a
player who peeked at it there; behind the curtain nothing but face-up cards outside hands.
The log may name to a seat only cards that seat has been shown.
"""

from __future__ import annotations

import contextlib
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from session_builders import CHALLENGE, HAND, TAROT_DISCARD, TAROT_DRAW, ZONE, small_session

from cardtable.cards import CardId
from cardtable.piles import PileError, PileKind
from cardtable.session import (
    ConfirmSeat,
    Draw,
    Flip,
    Move,
    Note,
    PassSeat,
    Peek,
    Reveal,
    Session,
    SessionError,
    Shuffle,
    Turn,
    log_text_for,
    on_screen,
    visible_face,
    visible_faces,
)
from cardtable.session.visibility import on_screen_in

PILES = [TAROT_DRAW, TAROT_DISCARD, CHALLENGE, *HAND.values(), *ZONE.values()]
SEATS = range(3)

index = st.integers(min_value=0, max_value=200)
operations = st.one_of(
    st.tuples(
        st.just("draw"),
        st.sampled_from([TAROT_DRAW, TAROT_DRAW, TAROT_DISCARD]),
        st.sampled_from([*PILES, *HAND.values(), *ZONE.values()]),
        st.integers(1, 3),
        st.booleans(),
    ),
    st.tuples(st.just("lay"), st.booleans()),
    st.tuples(st.just("move"), index, st.sampled_from(PILES), st.sampled_from([None, True, False])),
    st.tuples(st.just("flip"), index),
    st.tuples(st.just("turn"), index),
    st.tuples(st.just("peek"), index),
    st.tuples(st.just("reveal"), index),
    st.tuples(st.just("shuffle"), st.sampled_from(PILES)),
    st.tuples(
        st.just("pass"), st.sampled_from(SEATS), st.sampled_from(["confirm", "wait", "wrong"])
    ),
    st.tuples(st.just("confirm"), st.booleans(), st.sampled_from(SEATS)),
    st.tuples(st.just("note"), st.booleans()),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
)


def _off_the_deck(session: Session, pick: int) -> CardId:
    """A card chosen by ``pick``, mostly among those already dealt (so that play happens)."""
    dealt = [
        c for pid, pile in session.table.piles.items() if pid != TAROT_DRAW for c in pile.cards
    ]
    pool = dealt if dealt and pick % 4 else session.table.piles[TAROT_DRAW].cards
    return pool[pick % len(pool)]


def _face_down_outside_hands(session: Session, pick: int, mine: bool) -> CardId:
    """A face-down card lying outside hands (in a zone of the seat's own, with ``mine``)."""
    table = session.table
    cards = [
        card
        for pile in table.piles.values()
        if pile.kind is not PileKind.HAND
        and pile.id != TAROT_DRAW
        and (not mine or (pile.owner and session.characters[pile.owner].player == session.holder))
        for card in pile.cards
        if not table.facing[card].face_up
    ]
    if not cards:
        raise SessionError("nothing to pick")
    return cards[pick % len(cards)]


def _play(session: Session, op: tuple) -> None:
    kind = op[0]
    if kind == "draw":
        session.apply(Draw(op[1], op[2], op[3], face_up=op[4]))
    elif kind == "lay":
        # A character of the seat's player lays a card face down, and perhaps peeks at it.
        mine = [c for c in session.characters.values() if c.player == session.holder]
        if not mine:
            raise SessionError("no character here")
        session.apply(Draw(TAROT_DRAW, ZONE[mine[0].id]))
        if op[1]:
            session.apply(Peek(session.table.piles[ZONE[mine[0].id]].cards[-1]))
    elif kind == "move":
        session.apply(Move([_off_the_deck(session, op[1])], op[2], face_up=op[3]))
    elif kind == "flip":
        session.apply(Flip(_off_the_deck(session, op[1])))
    elif kind == "turn":
        session.apply(Turn(_off_the_deck(session, op[1])))
    elif kind == "peek":
        card = _face_down_outside_hands(session, op[1], mine=op[1] % 5 != 0)
        session.apply(Peek(card))
    elif kind == "reveal":
        session.apply(Reveal([_face_down_outside_hands(session, op[1], mine=False)]))
    elif kind == "shuffle":
        session.apply(Shuffle(op[1]))
    elif kind == "pass":
        session.apply(PassSeat(op[1]))
        if op[2] == "confirm":
            session.apply(ConfirmSeat(session.players[op[1]].id))
        elif op[2] == "wrong":
            session.apply(ConfirmSeat(session.players[(op[1] + 1) % 3].id))
    elif kind == "confirm":
        who = session.curtain if op[1] and session.curtain else session.players[op[2]].id
        session.apply(ConfirmSeat(who))
    elif kind == "note":
        session.apply(Note("Something happened.", private=op[1]))
    elif kind == "undo":
        session.undo()
    else:
        session.redo()


def _may_see(session: Session, seat: int, peeked: set, card: CardId) -> bool:
    """The rules of the table, written out on their own."""
    table, state = session.table, session.state
    pile = next(p for p in table.piles.values() if card in p.cards)
    me = session.players[seat].id
    face_up = table.facing[card].face_up
    if pile.kind is not PileKind.HAND and face_up:
        return True
    if session.curtain is not None:
        return False
    if pile.kind is PileKind.HAND:
        return pile.owner is not None and state.characters[pile.owner].player == me
    return (card, me, pile.id) in peeked


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**16), st.lists(operations, min_size=5, max_size=50))
def test_no_seat_ever_sees_what_the_rules_keep_from_it(seed, ops):
    session = small_session(seed)
    session.checkpoint("The table is set.")
    names = {cid: card.face.name for cid, card in session.table.cards.items()}
    pattern = re.compile(
        "|".join(rf"\b{re.escape(n)}\b" for n in sorted(set(names.values()), key=len, reverse=True))
    )
    shown: dict[int, set[str]] = {seat: set() for seat in SEATS}
    peeked: set[tuple[CardId, str, str]] = set()
    for op in ops:
        entries = len(session.log)
        with contextlib.suppress(SessionError, PileError):  # refused moves change nothing
            _play(session, op)
        for entry in session.log.entries[entries:]:
            # The oracle's own record of who looked at which face-down card, and where.
            who = {p.id: p.name for p in session.players}.get(entry.actor or "", "")
            if entry.public.startswith(f"{who} peeked at a card on "):
                card = entry.cards[0]
                peeked.add((card, entry.actor, session.table.where(card)))
        session.table.check()
        # The felt asks pile by pile; its answers add up to the screen's.
        by_pile = set().union(
            *(on_screen_in(session, pile, pile.cards) for pile in session.table.piles.values())
        )
        assert by_pile == on_screen(session)
        for seat in SEATS:
            faces = visible_faces(session, seat)
            for card in session.table.cards:
                allowed = _may_see(session, seat, peeked, card)
                assert visible_face(session, seat, card) == (card in faces)
                assert allowed or card not in faces, (seat, card, session.table.where(card))
            shown[seat] |= {names[card] for card in faces}
            for entry in session.log:
                text = log_text_for(session, seat, entry)
                if session.curtain is not None:
                    assert text == entry.seen_by_all
                named = set(pattern.findall(text))
                assert named <= shown[seat], (seat, text, named - shown[seat])
