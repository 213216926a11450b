"""Only a seat someone sits at sees anything private (``rules/table.md``, "Hot-seat play and
privacy"). A seat number outside the table, below 0 or past the last player, is nobody: it
sees the public faces and reads the public log, exactly as the table does behind the
curtain, and never what the first or last player holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from session_builders import (
    AYLA,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DRAW,
    VEX,
    ZONE,
    seat_of,
    small_session,
    take_seat,
)
from strategies import tables

from cardtable.cards import CardId
from cardtable.piles import PileId, Table
from cardtable.session import Draw, Note, PassSeat, Peek, Session
from cardtable.session.audience import EVERYONE, audience_in
from cardtable.session.model import GameState, PeekMark
from cardtable.session.visibility import (
    export_lines,
    log_text_for,
    on_screen,
    on_screen_in,
    public_cards,
    visible_face,
    visible_faces,
    visible_log,
)

OUTSIDE = [-1, -2, -3, -4, 3, 4, 100]


def _evening() -> tuple[Session, dict[int, set[CardId]]]:
    """Each of the three seats holds private cards (hand cards, a peeked card) and has a
    private log line; one card lies face up for all. Dana, at the last seat, ends holding
    the computer with the curtain down."""
    session = small_session(11)
    private: dict[int, set[CardId]] = {}
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 2))
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))
    peeked = session.table.piles[ZONE[ROLAND]].top
    assert peeked is not None
    session.apply(Peek(peeked))
    session.apply(Note("Roland hides the key", private=True))
    private[0] = {*session.table.piles[HAND[ROLAND]].cards, peeked}
    take_seat(session, BEA)
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 2))
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    private[1] = set(session.table.piles[HAND[AYLA]].cards)
    take_seat(session, DANA)
    session.apply(Draw(TAROT_DRAW, HAND[VEX], 3))
    session.apply(Note("The key opens nothing", private=True))
    private[2] = set(session.table.piles[HAND[VEX]].cards)
    assert session.curtain is None and seat_of(session, DANA) == 2
    return session, private


def test_each_seat_at_the_table_sees_its_own_private_cards_and_lines():
    session, private = _evening()
    public = public_cards(session.state)
    assert public  # the Challenge's face-up card
    for seat, mine in private.items():
        assert visible_faces(session, seat) == public | mine
        assert all(visible_face(session, seat, card) for card in mine)
        others = set().union(*(cards for s, cards in private.items() if s != seat))
        assert not any(visible_face(session, seat, card) for card in others)
    assert visible_log(session, 0) != visible_log(session, 2)
    assert on_screen(session) == public | private[2]


@pytest.mark.parametrize("seat", OUTSIDE)
def test_a_seat_outside_the_table_sees_only_public_faces(seat: int):
    session, private = _evening()
    public = public_cards(session.state)
    assert visible_faces(session, seat) == public
    for card in set().union(*private.values()):
        assert not visible_face(session, seat, card)
    assert all(visible_face(session, seat, card) for card in public)


@pytest.mark.parametrize("seat", OUTSIDE)
def test_a_seat_outside_the_table_reads_only_the_public_log(seat: int):
    session, _ = _evening()
    everyone = [entry.seen_by_all for entry in session.log]
    assert visible_log(session, seat) == everyone
    assert [log_text_for(session, seat, entry) for entry in session.log] == everyone
    assert [text for _, text in export_lines(session, seat)] == everyone
    private_lines = [entry for entry in session.log if entry.private and not entry.revealed]
    assert len(private_lines) >= 4  # the draws into hands and both notes, still private
    assert not any(entry.private in visible_log(session, seat) for entry in private_lines)


def test_the_first_and_last_seats_keep_their_lines_from_their_neighbours_by_index():
    # -1 is not "the last seat" and 3 is not "the first": Python indexing must not leak.
    session, _ = _evening()
    last_private = [e.private for e in session.log if e.owner == DANA and e.private]
    assert last_private and all(t in visible_log(session, 2) for t in last_private)
    assert not any(t in visible_log(session, -1) for t in last_private)
    first_private = [e.private for e in session.log if e.owner == session.players[0].id
                     and e.private and not e.revealed]
    assert first_private and not any(t in visible_log(session, 3) for t in first_private)


def test_behind_the_curtain_a_pile_shows_only_its_public_faces():
    session, private = _evening()
    hand = session.table.piles[HAND[VEX]]
    challenge = session.table.piles[CHALLENGE]
    assert on_screen_in(session, hand, hand.cards) == private[2]  # Dana's own hand, curtain down
    session.apply(PassSeat(seat_of(session, DANA)))  # the curtain goes up, even for her
    assert session.curtain is not None
    assert on_screen_in(session, hand, hand.cards) == frozenset()
    assert on_screen_in(session, challenge, challenge.cards) == frozenset(challenge.cards)
    assert on_screen(session) == public_cards(session.state)


def test_a_peek_shows_the_card_only_in_the_pile_it_was_taken_in():
    # The session forgets a peek when its card moves; the rule itself must not lean on that.
    session, _ = _evening()
    zone = ZONE[ROLAND]
    [card] = session.table.piles[zone].cards
    pile = session.table.piles[zone]
    mark = session.state.peeks[card]
    assert audience_in(session.state, card, pile) == mark.player
    for elsewhere in ("zone/a", "zone/z", "hand/roland"):  # before and after it, in any order
        session.state.peeks[card] = PeekMark(mark.player, PileId(elsewhere))
        assert audience_in(session.state, card, pile) is None
    # The same pile id, read back as another string (as from a file), is the same pile.
    session.state.peeks[card] = PeekMark(mark.player, PileId("".join(["zone/", "roland"])))
    assert audience_in(session.state, card, pile) == mark.player


@given(tables())
def test_the_quick_public_set_is_every_card_everyone_may_see(table: Table) -> None:
    """public_cards takes a short cut; it must answer as asking each card's audience does."""
    state = GameState(table=table)
    slow = {
        card
        for pile in table.piles.values()
        for card in pile.cards
        if audience_in(state, card, pile) is EVERYONE
    }
    assert public_cards(state) == slow
