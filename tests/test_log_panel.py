"""The log panel shows the log as the person holding the computer may read it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.session import (
    ConfirmSeat,
    Draw,
    Move,
    Note,
    PassSeat,
    Session,
    Shuffle,
    hand_id,
    load,
)
from cardtable.session.demo import demo_path
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui
from cardtable.ui.table.log_panel import EMPTY_TEXT, LogPanel


def _everything_shown(panel: LogPanel) -> list[str]:
    """Every text the panel's view may show: each line, its time and its tooltip."""
    model = panel.view.model()
    return [
        str(model.index(row, column).data(role))
        for row in range(model.rowCount())
        for column in range(model.columnCount())
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    ]


def _seat_of(session: Session, name: str) -> int:
    return next(i for i, p in enumerate(session.players) if p.name == name)


def test_a_private_draw_reads_as_a_card_to_others_and_by_name_to_its_owner(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    session = document.session
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    hand_owner = next(c for c in session.characters.values() if hand_id(c) in session.table.piles)
    owner = next(p for p in session.players if p.id == hand_owner.player)
    seat = _seat_of(session, owner.name)
    assert document.apply(PassSeat(seat))
    assert document.apply(ConfirmSeat(owner.id))
    before = len(panel.lines)
    assert document.apply(Draw(PileId("shoe/draw"), hand_id(hand_owner)))
    card = session.table.piles[hand_id(hand_owner)].cards[-1]
    name = session.table.cards[card].face.name
    assert len(panel.lines) == before + 1
    assert name in panel.lines[-1]
    assert document.apply(PassSeat((seat + 1) % len(session.players)))
    assert name not in panel.lines[-2] and "drew a card" in panel.lines[-2]
    assert not any(name in text for text in _everything_shown(panel))


def test_the_log_keeps_its_newest_line_in_sight_until_the_reader_scrolls_back(
    qtbot: QtBot,
) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.resize(300, 100)
    panel.show()
    bar = panel.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    assert bar.value() == bar.maximum()
    # The window lays its docks out after the first fill: the log follows the resize.
    for size in ((500, 220), (220, 140)):
        before = bar.maximum()
        panel.resize(*size)
        qtbot.waitUntil(lambda: bar.maximum() != before)  # noqa: B023
        assert bar.value() == bar.maximum()
    bar.setValue(0)  # reading back
    with qtbot.waitSignal(bar.rangeChanged, timeout=2000):
        panel.resize(260, 160)
    assert bar.value() == 0
    assert document.apply(PassSeat(1))  # a new line brings the newest back
    assert bar.value() == bar.maximum()


def _bea_draws_to_her_hand(document: SessionDocument) -> tuple[int, str, str]:
    """Bea, at the computer, draws a card into her character's hand: (her seat, the card,
    its name)."""
    session = document.session
    character = next(c for c in session.characters.values() if hand_id(c) in session.table.piles)
    owner = next(p for p in session.players if p.id == character.player)
    seat = _seat_of(session, owner.name)
    assert document.apply(PassSeat(seat)) and document.apply(ConfirmSeat(owner.id))
    assert document.apply(Draw(PileId("shoe/draw"), hand_id(character)))
    card = session.table.piles[hand_id(character)].cards[-1]
    return seat, card, session.table.cards[card].face.name


def test_a_new_line_is_one_row_added_not_the_log_read_again(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    model = panel.model
    rows = model.rowCount()
    with qtbot.assertNotEmitted(model.modelReset), qtbot.waitSignal(model.rowsInserted) as added:
        assert document.apply(Note("The caravan stops at the ford."))
    parent, first, last = added.args
    assert (first, last) == (rows, rows) and not parent.isValid()
    assert model.rowCount() == rows + 1 == len(document.session.log)
    assert panel.lines[-1] == "Dana noted: The caravan stops at the ford."


def test_a_line_revealed_later_reads_in_full_to_everyone(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    seat, card, name = _bea_draws_to_her_hand(document)
    drawn = len(document.session.log) - 1
    assert document.apply(PassSeat((seat + 1) % len(document.session.players)))
    other = document.session.players[(seat + 1) % len(document.session.players)]
    assert document.apply(ConfirmSeat(other.id))
    assert name not in panel.lines[drawn]
    # Back at her seat, Bea plays the card face up onto the Challenge: the table sees it.
    assert document.apply(PassSeat(seat))
    assert document.apply(ConfirmSeat(document.session.players[seat].id))
    assert document.apply(Move((CardId(card),), PileId("challenge"), face_up=True))
    assert document.apply(PassSeat((seat + 1) % len(document.session.players)))
    assert document.apply(ConfirmSeat(other.id))
    assert name in panel.lines[drawn]


def test_a_reveal_rereads_only_its_own_line(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    _, card, name = _bea_draws_to_her_hand(document)
    drawn = len(document.session.log) - 1
    assert name in panel.lines[drawn]  # Bea reads her own draw
    with (
        qtbot.assertNotEmitted(panel.model.modelReset),
        qtbot.waitSignal(panel.model.dataChanged) as changed,
    ):
        assert document.apply(Move((CardId(card),), PileId("challenge"), face_up=True))
    assert changed.args[0].row() == drawn
    assert name in panel.lines[drawn] and name in panel.lines[-1]


def test_every_line_of_a_long_evening_is_there_to_scroll_back_to(qtbot: QtBot) -> None:
    session = load(demo_path(), rng=seeded(1))
    for number in range(3000):
        session.apply(Note(f"Line {number}."))
    document = SessionDocument(session)
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.resize(400, 200)
    panel.show()
    assert panel.model.rowCount() == len(session.log)
    assert panel.lines[-1] == "Dana noted: Line 2999."
    bar = panel.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 2900)
    assert bar.value() == bar.maximum()
    bar.setValue(0)
    first = panel.view.indexAt(panel.view.viewport().rect().topLeft() + QtCore.QPoint(4, 4))
    assert first.row() == 0


def test_chosen_lines_are_copied_with_their_times(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    assert document.apply(Note("Remember the bridge."))
    last = panel.model.rowCount() - 1
    panel.view.selectionModel().select(
        panel.model.index(last, 0),
        panel.view.selectionModel().SelectionFlag.ClearAndSelect
        | panel.view.selectionModel().SelectionFlag.Rows,
    )
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    at = document.session.log[last].at.strftime("%H:%M")
    assert QtGui.QGuiApplication.clipboard().text() == f"{at}  Dana noted: Remember the bridge."


def test_an_empty_log_says_so(qtbot: QtBot) -> None:
    document = SessionDocument(Session(rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    assert panel.empty.isVisible() and panel.empty.text() == EMPTY_TEXT
    assert not panel.view.isVisible() and panel.lines == []


def test_a_long_line_in_sight_is_as_tall_as_its_wrapped_text(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.resize(260, 300)
    panel.show()
    assert document.apply(Note("A short one."))
    short = panel.model.rowCount() - 1
    assert document.apply(Note("A long line about the caravan, the river, the ford " * 3))
    long = panel.model.rowCount() - 1
    view = panel.view
    qtbot.waitUntil(lambda: view.rowHeight(long) > 2 * view.rowHeight(short))
    # The newest line is followed whole into sight, however tall it grew.
    qtbot.waitUntil(
        lambda: (
            view.visualRect(panel.model.index(long, 1)).top() >= 0
            and view.visualRect(panel.model.index(long, 1)).bottom() <= view.viewport().height()
        )
    )


def test_the_lines_after_appends_and_an_undo_are_the_lines_read_afresh(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    _bea_draws_to_her_hand(document)
    for number in range(5):
        assert document.apply(Note(f"Line {number}."))
    assert document.apply(Shuffle(PileId("tarot/draw")))  # face down: it may be undone
    assert document.undo()
    shown = panel.lines
    fresh = LogPanel(document)
    qtbot.addWidget(fresh)
    assert shown == fresh.lines
    assert len(shown) == len(document.session.log)
    assert "undid" in shown[-1]


def test_each_line_in_sight_is_as_tall_as_qt_itself_would_make_it(qtbot: QtBot) -> None:
    """The panel measures a line by its words alone when they surely fit, and by its text
    column otherwise: the heights are those Qt's own measure of the whole row gives."""
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    for words in range(1, 30, 3):
        document.apply(Note(" ".join(["wordy"] * words) + ("\nand on" if words % 2 else "")))
    panel = LogPanel(document)
    qtbot.addWidget(panel)
    panel.resize(300, 2000)
    panel.show()
    view = panel.view
    rows = range(panel.model.rowCount())
    qtbot.waitUntil(lambda: view.rowHeight(rows[-1]) > view.rowHeight(0))
    ours = [view.rowHeight(row) for row in rows]
    for row in rows:
        view.resizeRowToContents(row)
    assert ours == [view.rowHeight(row) for row in rows]
    assert len(set(ours)) > 3  # lines of one, two and more lines among them
