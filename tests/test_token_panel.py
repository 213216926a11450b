"""The Author-token panel on the demo session: Applause by click and by drag, Author Powers,
the Veto; and the model glue that starts a game inside a session.

Tokens are their player's alone: every give, spend, vote and payment is made at that player's
seat (Dana, the GM, holds the computer at the start)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from cardtable.piles import PileId
from cardtable.randomness import Rng, seeded
from cardtable.resolvers.adventure.state import APPLAUSE, VetoSubject
from cardtable.resolvers.adventure.tokens import AuthorPower
from cardtable.session import ConfirmSeat, GameState, PassSeat, PlayerId, ResolverStep, load
from cardtable.session.demo import demo_path
from cardtable.steps.adventure.conflict import ensure_game, find_game, join
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.owners import WaitingFor
from cardtable.ui.panels.tokens.coins import APPLAUSE_MIME
from cardtable.ui.panels.tokens.panel import TOKEN_CHANGES, TokenPanel, make_dock
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

QUINCE = "bartholomew-quince"
HAND = PileId(f"hand/{QUINCE}")


@pytest.fixture
def document() -> SessionDocument:
    session = load(demo_path(), rng=seeded(4))
    return SessionDocument(session)


@pytest.fixture
def panel(qtbot: QtBot, document: SessionDocument) -> TokenPanel:
    panel = TokenPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.mouseClick(panel.start, Qt.MouseButton.LeftButton)
    return panel


def purse(document: SessionDocument, player: str) -> tuple[int, int]:
    game = find_game(document.session.state)
    assert game is not None
    tokens = game.purse(player)
    return tokens.applause, tokens.author


def lines(document: SessionDocument, count: int) -> list[str]:
    return [entry.public for entry in document.session.log][-count:]


def seat(document: SessionDocument, player: str) -> None:
    """Pass the computer to ``player``, who says "I am ..."."""
    state = document.session.state
    if document.session.holder != player:
        assert document.apply(PassSeat(state.seat_of(PlayerId(player))))
        assert document.apply(ConfirmSeat(PlayerId(player)))


def ok(dialog: QtWidgets.QDialog | None) -> None:
    assert dialog is not None
    button = dialog.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok)
    button.click()


# -- the game the panel plays on ------------------------------------------------------------


def test_a_power_brings_the_character_in_with_the_hand_the_demo_dealt(
    panel: TokenPanel, document: SessionDocument
) -> None:
    dealt = list(document.session.table.pile(HAND).cards)
    applaud(panel, "bea", 1)
    seat(document, "bea")
    assert panel.spender.currentData() == "bea"  # her own purse, at her seat
    dialog = panel.open_power(AuthorPower.DRAW)
    ok(dialog)
    assert document.session.table.pile(HAND).cards[: len(dealt)] == dealt
    assert len(document.session.table.pile(HAND).cards) == len(dealt) + 1
    document.session.state.check()


def test_a_draw_names_the_card_only_to_its_owner(
    panel: TokenPanel, document: SessionDocument
) -> None:
    applaud(panel, "bea", 1)
    seat(document, "bea")
    ok(panel.open_power(AuthorPower.DRAW))
    entry = document.session.log[-1]
    assert entry.public == "Bartholomew Quince drew a card (Author Power)"
    assert entry.owner == "bea" and entry.private is not None
    assert entry.private.startswith("Bartholomew Quince drew the ")


# -- Applause ----------------------------------------------------------------------------------


def test_every_player_starts_with_ten_applause_coins(
    panel: TokenPanel, document: SessionDocument
) -> None:
    assert list(panel.rows) == ["alex", "bea", "chidi", "dana"]
    for player, row in panel.rows.items():
        assert purse(document, player) == (APPLAUSE, 0)
        assert (row.applause.count, row.author.count) == (APPLAUSE, 0)
    assert lines(document, 1)[0].startswith("Fantastical Adventure begins")


def test_the_give_button_gives_the_holders_applause(
    qtbot: QtBot, panel: TokenPanel, document: SessionDocument
) -> None:
    qtbot.mouseClick(panel.rows["alex"].give, Qt.MouseButton.LeftButton)
    assert lines(document, 1) == ["Dana gave Applause to Alex; Alex now has 1 Author token"]
    assert purse(document, "dana") == (APPLAUSE - 1, 0)
    assert (panel.rows["alex"].author.count, panel.rows["dana"].applause.count) == (1, APPLAUSE - 1)
    assert not panel.rows["dana"].give.isEnabled()
    assert "cannot applaud themself" in panel.rows["dana"].give.toolTip()
    assert document.undo()
    assert panel.rows["alex"].author.count == 0
    assert lines(document, 1)[0].startswith("Dana undid: Dana gave Applause to Alex")


def test_a_coin_dropped_on_a_row_is_applause_from_its_owner(
    panel: TokenPanel, document: SessionDocument
) -> None:
    mime = QtCore.QMimeData()
    mime.setData(APPLAUSE_MIME, QtCore.QByteArray(b"bea"))
    target = panel.rows["chidi"]
    point = QtCore.QPointF(target.rect().center())

    def enter() -> QtGui.QDragEnterEvent:
        event = QtGui.QDragEnterEvent(
            point.toPoint(),
            Qt.DropAction.MoveAction,
            mime,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QtWidgets.QApplication.sendEvent(target, event)
        return event

    # Dana holds the computer: Bea's coins are not hers to give, nor to drag.
    assert panel.rows["bea"].applause.giver is None
    assert "only Bea gives it" in panel.rows["bea"].applause.toolTip()
    assert not enter().isAccepted()
    seat(document, "bea")
    assert panel.rows["bea"].applause.giver == "bea"
    assert enter().isAccepted()
    drop = QtGui.QDropEvent(
        point,
        Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QtWidgets.QApplication.sendEvent(target, drop)
    assert lines(document, 1) == ["Bea gave Applause to Chidi; Chidi now has 1 Author token"]
    assert purse(document, "bea") == (APPLAUSE - 1, 0)
    own = QtGui.QDragEnterEvent(
        point.toPoint(),
        Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QtWidgets.QApplication.sendEvent(panel.rows["bea"], own)
    assert not own.isAccepted()


# -- Author Powers -----------------------------------------------------------------------------


def applaud(panel: TokenPanel, receiver: str, count: int) -> None:
    """``count`` other players give ``receiver`` Applause, each at their own seat; the
    computer goes back to Dana."""
    givers = [p for p in panel.rows if p != receiver]
    for n in range(count):
        seat(panel.document, givers[n % len(givers)])
        assert panel.give(givers[n % len(givers)], receiver)
    seat(panel.document, "dana")


def test_powers_a_player_cannot_pay_for_are_disabled_with_the_reason(panel: TokenPanel) -> None:
    seat(panel.document, "alex")
    draw = panel.power_buttons[AuthorPower.DRAW]
    assert not draw.isEnabled()
    assert "Alex has 0 Author tokens; Draw costs 1" in draw.toolTip()
    applaud(panel, "alex", 1)
    seat(panel.document, "alex")
    assert draw.isEnabled()
    assert not panel.power_buttons[AuthorPower.FLASHBACK].isEnabled()
    assert "Alex controls no character" in panel.power_buttons[AuthorPower.FLASHBACK].toolTip()


def test_the_draw_power_draws_a_card_that_undo_does_not_put_back(
    qtbot: QtBot, panel: TokenPanel, document: SessionDocument
) -> None:
    applaud(panel, "bea", 2)
    seat(document, "bea")
    before = list(document.session.table.pile(HAND).cards)
    qtbot.mouseClick(panel.power_buttons[AuthorPower.DRAW], Qt.MouseButton.LeftButton)
    assert panel.dialog is not None and panel.dialog.isVisible()
    ok(panel.dialog)
    hand = document.session.table.pile(HAND).cards
    assert hand[:-1] == before and len(hand) == len(before) + 1
    assert lines(document, 2) == [
        "Bea spent 1 Author token on Draw",
        "Bartholomew Quince drew a card (Author Power)",
    ]
    assert purse(document, "bea") == (APPLAUSE, 1)
    # What chance gave stays given (the GM may take back a mistaken draw, in the open).
    assert not document.undo()
    assert document.session.table.pile(HAND).cards == hand
    assert purse(document, "bea") == (APPLAUSE, 1)


def test_a_dead_character_returns_for_three_tokens(
    qtbot: QtBot, panel: TokenPanel, document: SessionDocument
) -> None:
    survival = panel.power_buttons[AuthorPower.MIRACULOUS_SURVIVAL]
    applaud(panel, "bea", 3)
    seat(document, "bea")
    assert not survival.isEnabled() and 'is "dead"' in survival.toolTip()

    def kill(state: GameState, rng: Rng) -> list[str]:
        game, _ = ensure_game(state)
        join(state, rng, game, QUINCE)
        game.character(QUINCE).kill()
        return ['Bartholomew Quince was "killed"']

    document.apply(ResolverStep(kill, changes=TOKEN_CHANGES))
    assert survival.isEnabled()
    qtbot.mouseClick(survival, Qt.MouseButton.LeftButton)
    ok(panel.dialog)
    game = find_game(document.session.state)
    assert game is not None and not game.character(QUINCE).dead
    assert lines(document, 1)[0].startswith(
        "Bea spent 3 Author tokens on Monologue of Miraculous Survival: Bartholomew Quince "
        'returns from "death"'
    )


def test_a_concrete_fact_with_advantage_is_logged(
    qtbot: QtBot, panel: TokenPanel, document: SessionDocument
) -> None:
    applaud(panel, "chidi", 1)
    seat(document, "chidi")
    qtbot.mouseClick(panel.power_buttons[AuthorPower.CONCRETE_FACT], Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    qtbot.keyClicks(dialog.text, "The bridge is rotten")
    dialog.advantage_to.setCurrentIndex(1)
    dialog.points.setValue(2)
    ok(dialog)
    assert lines(document, 1) == [
        "Chidi spent 1 Author token on Concrete Fact: The bridge is rotten; Bartholomew Quince "
        "will have +2 Advantage in their next Conflict this scene"
    ]


# -- the Veto ----------------------------------------------------------------------------------


def call_veto(qtbot: QtBot, panel: TokenPanel, subject: str) -> None:
    qtbot.mouseClick(panel.call_veto, Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    qtbot.keyClicks(dialog.subject, subject)
    ok(dialog)


def vote(qtbot: QtBot, panel: TokenPanel, player: str, against: bool) -> None:
    """``player`` is handed the computer (the panel waits for them) and casts their vote."""
    document = panel.document
    if document.session.holder != player:
        name = document.session.state.player(PlayerId(player)).name
        assert panel.voter_waiting.text.text() == f"Waiting for {name} to vote."
        assert not panel.vote.isEnabled()
        qtbot.mouseClick(panel.voter_waiting.pass_button, Qt.MouseButton.LeftButton)
        assert document.apply(ConfirmSeat(PlayerId(player)))
    qtbot.mouseClick(panel.vote, Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    assert list(dialog.against) == [player]  # only one's own vote
    dialog.against[player].setChecked(against)
    ok(dialog)


def test_a_veto_voted_down_retracts_the_narration(
    qtbot: QtBot, panel: TokenPanel, document: SessionDocument
) -> None:
    call_veto(qtbot, panel, "the dragon is made of cheese")
    assert lines(document, 1) == [
        "Dana called a Veto on the narration 'the dragon is made of cheese': everyone votes"
    ]
    assert panel.vote.isEnabled() and not panel.call_veto.isEnabled()
    vote(qtbot, panel, "dana", False)
    assert lines(document, 1) == ["Dana voted"]
    assert not panel.vote.isEnabled()  # Dana has voted
    for player in ("alex", "bea", "chidi"):
        vote(qtbot, panel, player, True)
    assert lines(document, 1) == [
        "Vetoed (3 against, 1 for): the narration 'the dragon is made of cheese' is retracted"
    ]
    game = find_game(document.session.state)
    assert game is not None and game.veto is None and game.veto_debts == []


def test_a_veto_that_stands_is_paid_with_a_token(
    qtbot: QtBot, panel: TokenPanel, document: SessionDocument
) -> None:
    applaud(panel, "dana", 1)
    call_veto(qtbot, panel, "the train is late")
    for player, against in (("dana", False), ("alex", True), ("bea", True), ("chidi", False)):
        vote(qtbot, panel, player, against)
    assert "stands (2 against, 2 for): Dana must discard a card or forfeit" in lines(document, 1)[0]

    def forfeit_button() -> QtWidgets.QPushButton:
        return next(
            b
            for b in panel.findChildren(QtWidgets.QPushButton)
            if b.accessibleName() == "Dana forfeits a token" and b.isVisibleTo(panel)
        )

    # Chidi cast the last vote: the debt is Dana's to pay, at her seat.
    forfeit = forfeit_button()
    assert not forfeit.isEnabled()
    assert "That is Dana's to spend: pass the computer to Dana." in forfeit.toolTip()
    seat(document, "dana")
    forfeit = forfeit_button()
    assert forfeit.isEnabled()
    qtbot.mouseClick(forfeit, Qt.MouseButton.LeftButton)
    assert lines(document, 1) == ["Dana forfeited an Author token for the Veto"]
    assert purse(document, "dana")[1] == 0


def test_a_card_for_a_veto_is_chosen_only_by_its_debtor(
    qtbot: QtBot, panel: TokenPanel, document: SessionDocument
) -> None:
    # Dana holds the computer; Bea owes the card, from Bartholomew's hand.
    def bea_calls(state: GameState, rng: Rng) -> list[str]:
        from cardtable.resolvers.adventure.tokens import call_veto as call
        from cardtable.resolvers.adventure.tokens import count_votes, vote

        game, _ = ensure_game(state)
        call(game, "bea", "a talking horse", VetoSubject.SUGGESTION)
        for player in ("alex", "bea", "chidi", "dana"):
            vote(game, player, False)
        return [event.public for event in count_votes(game)]

    document.apply(ResolverStep(bea_calls, changes=TOKEN_CHANGES))
    with qtbot.waitSignal(document.refused) as refused:
        assert panel.open_discard("bea") is None  # not at Dana's seat
    assert refused.args == ["That is Bea's to spend: pass the computer to Bea."]
    waiting = next(
        w
        for w in panel.findChildren(WaitingFor)
        if w.isVisibleTo(panel) and w.text.text() == "Waiting for Bea to pay for the Veto."
    )
    qtbot.mouseClick(waiting.pass_button, Qt.MouseButton.LeftButton)
    assert document.apply(ConfirmSeat(PlayerId("bea")))
    dialog = panel.open_discard("bea")
    assert dialog is not None
    labels = [dialog.card.itemText(i) for i in range(dialog.card.count())]
    hand = list(document.session.table.pile(HAND).cards)
    assert len(labels) == len(hand)
    assert all(label.startswith("Bartholomew Quince: ") and " of " in label for label in labels)
    ok(dialog)
    assert len(document.session.table.pile(HAND).cards) == len(hand) - 1
    assert lines(document, 1)[0].startswith("Bea discarded the ")


def test_the_dock_scrolls_the_panel(qtbot: QtBot, document: SessionDocument) -> None:
    dock = make_dock(document)
    qtbot.addWidget(dock)
    scroll = dock.widget()
    assert isinstance(scroll, QtWidgets.QScrollArea)
    assert isinstance(scroll.widget(), TokenPanel)
