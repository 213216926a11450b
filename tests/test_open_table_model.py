"""The open table as model state: a card put down keeps its place, saved, undone and the same
for every seat; stacks, fans and spreads are places too."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from session_builders import ALEX, HAND, ROLAND, TAROT_DRAW, small_session

from cardtable.piles import Pile, PileError, PileId, PileKind, Spot
from cardtable.session import (
    AddPile,
    Draw,
    Move,
    Session,
    SessionError,
    SessionFileError,
    load,
    save,
)
from cardtable.session.arranging import Place
from cardtable.session.spreads import (
    CELTIC_CROSS,
    ROW,
    STACK,
    THREE_CARDS,
    SpreadError,
    spots_for,
)
from cardtable.session.wording import cards_words

TABLE = PileId("table")


def _with_open_table(cards: int = 3) -> Session:
    session = small_session(seed=5)
    session.apply(AddPile(Pile(TABLE, PileKind.ZONE, "the open table")))
    session.apply(Draw(TAROT_DRAW, TABLE, cards, face_up=True))
    return session


def _on_table(session: Session) -> list:
    return list(session.table.piles[TABLE].cards)


def test_a_card_put_down_keeps_its_place_through_save_and_load(tmp_path: Path) -> None:
    session = _with_open_table()
    card = _on_table(session)[0]
    session.apply(Place((card,), (Spot(340, 180),), TABLE))
    assert session.table.piles[TABLE].spots == {card: Spot(340, 180)}
    # Put down above the others, the pile's order kept: the cards the table lays stay put.
    assert list(session.table.piles[TABLE].spots) == [card]
    assert _on_table(session)[0] == card
    save(session, tmp_path / "evening.cardtable")
    again = load(tmp_path / "evening.cardtable")
    assert again.table.piles[TABLE].spots == {card: Spot(340, 180)}
    assert again.table.piles[TABLE].cards == session.table.piles[TABLE].cards


def test_undo_puts_the_card_back_where_it_lay_and_redo_again() -> None:
    session = _with_open_table()
    card = _on_table(session)[0]
    session.apply(Place((card,), (Spot(40, 60),), TABLE))
    order = _on_table(session)
    session.apply(Place((card,), (Spot(400, 260),), TABLE))
    session.undo()
    assert session.table.piles[TABLE].spots == {card: Spot(40, 60)}
    assert _on_table(session) == order
    session.redo()
    assert session.table.piles[TABLE].spots == {card: Spot(400, 260)}


def test_the_last_card_put_down_lies_on_top_whatever_the_piles_order() -> None:
    session = _with_open_table()
    first, second, third = _on_table(session)
    session.apply(Place((third, first), (Spot(100, 100), Spot(102, 102)), TABLE, "stack"))
    session.apply(Place((third,), (Spot(104, 104),), TABLE))
    assert list(session.table.piles[TABLE].spots) == [first, third]
    assert _on_table(session) == [first, second, third]
    session.undo()
    assert list(session.table.piles[TABLE].spots) == [third, first]


def test_a_card_leaving_the_pile_leaves_its_place_behind() -> None:
    session = _with_open_table()
    card = _on_table(session)[1]
    session.apply(Place((card,), (Spot(10, 10),), TABLE))
    session.apply(Move((card,), HAND[ROLAND]))
    assert card not in session.table.piles[TABLE].spots
    session.state.check()


def test_a_place_kept_for_a_card_not_on_the_pile_is_refused_by_the_table_check() -> None:
    session = _with_open_table()
    stray = session.table.piles[TAROT_DRAW].cards[0]
    session.table.piles[TABLE].spots[stray] = Spot(0, 0)
    with pytest.raises(PileError, match=r"keeps a place for .*, not on it"):
        session.table.check()


def test_the_log_says_what_the_player_made() -> None:
    session = _with_open_table(10)
    cards = tuple(_on_table(session))
    spots = spots_for(CELTIC_CROSS, 10, Spot(500, 300), card_w=120, card_h=200)
    session.apply(Place(cards, spots, TABLE, "celtic"))
    assert session.log[-1].public.startswith("Alex laid ")
    assert session.log[-1].public.endswith(" out as the Celtic Cross on the open table")
    session.apply(Place(cards[:3], spots_for(STACK, 3, Spot(0, 0), card_w=120, card_h=200),
                        TABLE, "stack"))
    named = cards_words(session.state, cards[:3])
    assert session.log[-1].public == f"Alex stacked {named} on the open table"


def test_a_card_from_a_hand_put_down_face_down_is_no_card_named() -> None:
    session = _with_open_table()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    card = session.table.piles[HAND[ROLAND]].cards[-1]
    session.apply(Place((card,), (Spot(200, 100),), TABLE))
    entry = session.log[-1]
    assert entry.public == "Alex moved a card face down from Roland's hand to the open table"
    assert entry.owner == ALEX


@pytest.mark.parametrize(
    ("place", "message"),
    [
        (lambda c: Place((c,), (), TABLE), "Each card needs one place to lie"),
        (lambda c: Place((), (), TABLE), "Choose at least one card to put down"),
        (lambda c: Place((c,), (Spot(10**6, 0),), TABLE), "That place is off the table"),
        (lambda c: Place((c,), (Spot(0, 0),), TAROT_DRAW), "only on the open table and other"),
        (lambda c: Place((c,), (Spot(0, 0),), TABLE, "hexagram"), "no spread called 'hexagram'"),
    ],
)
def test_a_place_that_makes_no_sense_is_refused_and_changes_nothing(place, message) -> None:
    session = _with_open_table()
    card = _on_table(session)[0]
    before = session.state.copy()
    with pytest.raises(SessionError, match=message):
        session.apply(place(card))
    assert session.table.piles == before.table.piles


def test_named_spreads_lay_exactly_their_cards() -> None:
    assert len(spots_for(THREE_CARDS, 3, Spot(0, 0), card_w=120, card_h=200)) == 3
    with pytest.raises(SpreadError, match="The Celtic Cross lays 10 cards, not 4"):
        spots_for(CELTIC_CROSS, 4, Spot(0, 0), card_w=120, card_h=200)
    row = spots_for(ROW, 4, Spot(0, 0), card_w=120, card_h=200)
    assert [s.x for s in row] == sorted(s.x for s in row)
    assert all(b.x - a.x > 120 for a, b in itertools.pairwise(row))


def test_a_file_keeping_a_place_for_a_card_elsewhere_is_refused_whole(tmp_path: Path) -> None:
    session = _with_open_table()
    card = _on_table(session)[0]
    session.apply(Place((card,), (Spot(10, 10),), TABLE))
    path = tmp_path / "odd.cardtable"
    save(session, path)
    elsewhere = session.table.piles[TAROT_DRAW].cards[0]
    text = path.read_text(encoding="utf-8").replace(f'"{card}":{{"x":10', f'"{elsewhere}":{{"x":10')
    text = text.replace(f'"{card}": {{"x": 10', f'"{elsewhere}": {{"x": 10')
    assert elsewhere in text
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionFileError, match=r"the open table keeps a place for .*, not on it"):
        load(path)
    worded = text.replace('"x":10', '"x":"ten"').replace('"x": 10', '"x": "ten"')
    path.write_text(worded, encoding="utf-8")
    with pytest.raises(SessionFileError, match=r"expected a whole number, found text"):
        load(path)
