"""Which hidden cards an action would show the table (asked before "ask before revealing"),
and who may peek: the model's answers the felt and the hand dock ask before they act.

At the table of :func:`small_session`: Alex plays Roland, Bea plays Ayla, Dana is the GM.
"""

from __future__ import annotations

import pytest
from session_builders import (
    ALEX,
    AYLA,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DISCARD,
    TAROT_DRAW,
    ZONE,
    small_session,
    take_seat,
)

from cardtable.piles import PileId
from cardtable.session import AuthorityError, Draw, Flip, Move, Peek, Reveal, Turn
from cardtable.session.reveals import cards_revealed

PEEK = "Only the player whose character laid a face-down card may peek at it."


def test_flipping_a_face_down_card_up_reveals_it_and_flipping_it_down_does_not():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))
    card = session.table.piles[ZONE[ROLAND]].top
    assert cards_revealed(session.state, Flip(card)) == (card,)
    session.apply(Flip(card))
    assert cards_revealed(session.state, Flip(card)) == ()
    assert cards_revealed(session.state, Turn(card)) == ()


def test_a_card_played_face_up_from_a_hand_or_a_zone_is_revealed_onto_any_pile_but_a_hand():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 2))
    first, second = session.table.piles[HAND[ROLAND]].cards
    state = session.state
    assert cards_revealed(state, Move([first], TAROT_DISCARD, face_up=True)) == (first,)
    assert cards_revealed(state, Move([first, second], CHALLENGE, face_up=True)) == (first, second)
    # A pile not laid out yet (the open table) is no hand.
    assert cards_revealed(state, Move([first], PileId("table"), face_up=True)) == (first,)
    assert cards_revealed(state, Move([first], CHALLENGE, face_up=False)) == ()
    assert cards_revealed(state, Move([first], CHALLENGE)) == ()  # lands as it lies: down
    assert cards_revealed(state, Move([first], HAND[AYLA], face_up=True)) == ()


def test_a_draw_piles_top_card_is_nobodys_secret():
    session = small_session()
    top = session.table.piles[TAROT_DRAW].top
    state = session.state
    assert cards_revealed(state, Move([top], TAROT_DISCARD, face_up=True)) == ()
    assert cards_revealed(state, Draw(TAROT_DRAW, CHALLENGE, face_up=True)) == ()
    assert cards_revealed(state, Flip(top)) == ()
    # Asked for in so many words, a reveal counts every hidden card.
    assert cards_revealed(state, Reveal([top])) == (top,)


def test_drawing_face_up_from_a_characters_zone_reveals_what_it_held():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND], 2))
    hidden = session.table.piles[ZONE[ROLAND]].cards[-1]
    assert cards_revealed(session.state, Draw(ZONE[ROLAND], CHALLENGE, face_up=True)) == (hidden,)
    assert cards_revealed(session.state, Draw(ZONE[ROLAND], HAND[ROLAND], face_up=True)) == ()


def test_only_the_player_whose_character_laid_a_card_may_peek_and_may_says_so_first():
    session = small_session(holder=DANA)
    session.apply(Draw(TAROT_DRAW, ZONE[AYLA]))
    session.apply(Draw(TAROT_DRAW, CHALLENGE))
    mine, shared = session.table.piles[ZONE[AYLA]].top, session.table.piles[CHALLENGE].top
    for player in (ALEX, DANA):
        take_seat(session, player)
        assert session.may(Peek(mine)) == PEEK
        with pytest.raises(AuthorityError, match=PEEK):
            session.apply(Peek(mine))
    assert session.may(Peek(shared)) == PEEK  # a shared pile's card is nobody's to peek at
    take_seat(session, BEA)
    assert session.may(Peek(mine)) is None
    session.apply(Peek(mine))
    assert session.state.peeks[mine].player == BEA
