"""A card dropped on the felt: the felt shows it at once, the other views follow its frame.

The model applies the drop at once (its undo, its log, the window's title, undo entry and
autosave as ever); the felt shows it in the same turn of the event loop; the log, the hands
and the panels catch up once the loop turns, and always before anything else is asked of the
document.
"""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot
from table_rig import CHALLENGE, TAROT_DISCARD, TAROT_DRAW, at, demo_document, top, zone_centre

from cardtable.session import Changes, Flip, Move, PassSeat
from cardtable.ui.qt import Qt, QtCore
from cardtable.ui.table.log_panel import LogPanel
from cardtable.ui.table.view import TableView


def _let_go(qtbot: QtBot, view: TableView, start: QtCore.QPointF, end: QtCore.QPointF) -> None:
    """Press, move and release with the mouse, the event loop never turning after."""
    viewport = view.viewport()
    begin, finish = at(view, start), at(view, end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=begin)
    for step in range(1, 9):
        qtbot.mouseMove(viewport, begin + (finish - begin) * (step / 8))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=finish)


def test_a_drop_is_shown_by_the_felt_at_once_and_by_the_log_once_the_loop_turns(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1600, 1000))
    view = window.felt
    document = window.document
    session = document.session
    # A card face up on the tarot's discard pile, for all to see: moving it takes no chance.
    assert document.apply(Move((top(session, TAROT_DRAW),), TAROT_DISCARD))
    log = window.findChild(LogPanel)
    assert log is not None
    lines = list(log.lines)
    heard: list[int] = []
    document.changed.connect(heard.append)
    card = top(session, TAROT_DISCARD)
    item = view.item(card)
    assert item is not None
    _let_go(qtbot, view, item.scenePos(), zone_centre(view, CHALLENGE))
    # The model has it, with its undo step, and the window's title and autosave know.
    assert session.table.where(card) == CHALLENGE
    assert session.can_undo and document.dirty
    # The felt shows it in this same turn: the card is the challenge's, on its way to the
    # place the challenge's zone lays it at.
    cards, places = view.laid(str(CHALLENGE))
    assert cards[-1] == card and item.pile_id == CHALLENGE
    x, y, layer = places[-1]
    # The other views have not been asked yet: the felt's frame does not wait for them.
    assert heard == [] and log.lines == lines
    qtbot.waitUntil(lambda: len(log.lines) == len(lines) + 1)
    assert heard == [(Changes.TABLE | Changes.LOG | Changes.UNDO).value]
    qtbot.waitUntil(lambda: (item.pos().x(), item.pos().y(), item.zValue()) == (x, y, layer))


def test_anything_asked_of_the_document_first_tells_the_views_the_drop(qtbot: QtBot) -> None:
    document = demo_document()
    heard: list[int] = []
    document.changed.connect(heard.append)
    card = top(document.session, TAROT_DRAW)
    with document.felt_first():
        assert document.apply(Move((card,), TAROT_DISCARD))
    assert heard == []
    assert document.undo()  # the views hear the drop first, then the undo
    assert Changes(heard[0]) & Changes.TABLE and Changes(heard[0]) & Changes.LOG
    assert len(heard) == 2 and document.session.table.where(card) == TAROT_DRAW


def test_views_hear_each_change_before_the_next_is_made(qtbot: QtBot) -> None:
    document = demo_document()
    heard: list[int] = []
    at_once: list[int] = []
    document.changed.connect(heard.append)
    document.changed_at_once.connect(at_once.append)
    first = top(document.session, TAROT_DRAW)
    with document.felt_first():
        assert document.apply(Move((first,), TAROT_DISCARD))
        assert document.apply(Flip(first))
        assert len(at_once) == 2 and heard == at_once[:1]
    qtbot.waitUntil(lambda: len(heard) == 2)
    assert heard == at_once


def test_a_change_of_seat_is_never_held_back_from_any_view(qtbot: QtBot) -> None:
    document = demo_document()
    heard: list[int] = []
    document.changed.connect(heard.append)
    with document.felt_first():
        assert document.apply(PassSeat(1))
    assert len(heard) == 1 and Changes(heard[0]) & Changes.SEAT
