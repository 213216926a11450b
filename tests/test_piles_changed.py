"""While the listeners hear of one action, its undo or its redo, the session names the piles
it changed (what the felt looks at again after a drop); anything else is told as a change
of any pile."""

from __future__ import annotations

from cardtable.cards import DeckId
from cardtable.piles import Pile, PileId, PileKind, Spot
from cardtable.randomness import seeded
from cardtable.session.actions import AddDeck, AddPile, AddPlayer, Draw, Move
from cardtable.session.arranging import Place
from cardtable.session.core import Changes, Session
from cardtable.session.model import DeckOnTable, Player

TABLE = PileId("table")
DRAW = PileId("tarot/draw")


def _session() -> tuple[Session, list[frozenset[PileId] | None]]:
    """A session with two cards on the open table, and what its listener hears of the
    piles changed, change by change."""
    session = Session(rng=seeded(3))
    session.apply(AddPlayer(Player.named("Alex")))
    session.apply(AddDeck(DeckOnTable(DeckId("tarot"), "tourist-tarot")))
    session.apply(AddPile(Pile(TABLE, PileKind.ZONE, "the open table")))
    session.apply(Draw(DRAW, TABLE, 2))
    heard: list[frozenset[PileId] | None] = []
    session.subscribe(lambda _changes: heard.append(session.piles_changed))
    return session, heard


def test_a_move_its_undo_and_redo_name_the_piles_they_changed() -> None:
    session, heard = _session()
    session.apply(Move((session.table.piles[TABLE].cards[0],), DRAW))
    assert session.undo()
    assert session.redo()
    assert heard == [frozenset({TABLE, DRAW})] * 3
    assert session.piles_changed is None  # only while the listeners hear of it


def test_a_card_put_down_again_at_its_own_spot_comes_on_top_and_names_its_pile() -> None:
    session, heard = _session()
    first, second = session.table.piles[TABLE].cards
    session.apply(Place((first, second), (Spot(100, 150), Spot(102, 152)), TABLE, "stack"))
    changes = session.apply(Place((first,), (Spot(100, 150),), TABLE))
    assert list(session.table.piles[TABLE].spots) == [second, first]
    assert changes & Changes.TABLE
    assert heard[-1] == frozenset({TABLE})
    assert session.undo()
    assert list(session.table.piles[TABLE].spots) == [first, second]
    assert TABLE in (heard[-1] or ())  # with the draw pile, its unseen order dealt afresh


def test_a_change_made_while_another_is_heard_names_no_piles() -> None:
    session, _ = _session()
    nested: list[frozenset[PileId] | None] = []

    def answer(_changes: Changes) -> None:
        if not nested:
            nested.append(session.piles_changed)
            session.apply(Draw(DRAW, TABLE, 1))  # heard before the first by later listeners
        else:
            nested.append(session.piles_changed)

    session.subscribe(answer)
    session.apply(Draw(DRAW, TABLE, 1))
    assert nested == [frozenset({DRAW, TABLE}), None]
