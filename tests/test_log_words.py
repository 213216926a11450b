"""Issue 46: log lines a player reads, not a program's numbering. An Advantage award once
ended "award #1" and a draw earned "(draws #2)"."""

from __future__ import annotations

from adventure_table_rig import cast_session, take_seat, yielded_conflict

from cardtable.counts import ordinal


def test_an_award_and_the_draws_earned_are_said_in_words() -> None:
    session = cast_session()
    for player, step in yielded_conflict(session):
        take_seat(session, player)
        assert session.apply(step), step
    lines = [session.log[i].public for i in range(len(session.log))]
    assert (
        "The table awarded Captain Grimsby +1 Advantage (it is his ship), the Conflict's "
        "first award"
    ) in lines
    assert "Captain Grimsby earns 2 cards for yielding (Advantage + 1)" in lines
    assert not [line for line in lines if "#" in line]


def test_ordinals_read_as_spoken() -> None:
    assert [ordinal(n) for n in (1, 2, 12, 21, 22, 23, 111, 101)] == [
        "first",
        "second",
        "twelfth",
        "twenty-first",
        "22nd",
        "23rd",
        "111th",
        "101st",
    ]


def test_ordinals_past_a_hundred_read_their_last_two_figures() -> None:
    numbers = (111, 112, 113, 121, 122, 1011, 1012, 1013, 1021, 2003)
    assert [ordinal(n) for n in numbers] == [
        "111th",
        "112th",
        "113th",
        "121st",
        "122nd",
        "1011th",
        "1012th",
        "1013th",
        "1021st",
        "2003rd",
    ]
