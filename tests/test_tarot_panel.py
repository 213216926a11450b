"""The tarot Challenge panel, played with real clicks on the demo session and a stacked deck.

Expected numbers come from the rules (``rules/tourist-tarot.md``): Cost starts at -A plus the
reversed Challenge cards and climbs by one per reversed card drawn; Effect is the largest
number of table cards sharing a figure; a Triumph beats every suit card.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from attrs import evolve
from question_rig import answer_next_question

from cardtable.cards import CardId, TarotCard
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import Attribute, TarotPhase
from cardtable.session import CharacterId, ConfirmSeat, PlayerId, Session, load
from cardtable.session.demo import demo_path
from cardtable.sheets.tarot import TarotSheet
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import Qt
from cardtable.ui.widgets.style import percent

OTTILIE = CharacterId("ottilie-marchbank")
DRAW = PileId("tarot/draw")
DISCARD = PileId("tarot/discard")
LEFT = Qt.MouseButton.LeftButton


def stack(session: Session, cards: Sequence[tuple[str, bool]]) -> list[CardId]:
    """Put the named cards on top of the tarot draw pile, the first to be drawn first, each
    upright or reversed (``True``)."""
    table = session.table
    found = []
    for name, reversed_ in cards:
        face = TarotCard.from_name(name)
        card = next(c for c in table.pile(DRAW).cards if table.card(c).face == face)
        found.append(card)
        table.facing[card] = evolve(table.facing[card], reversed=reversed_)
    table.move(list(reversed(found)), DRAW)
    return found


def sheet(session: Session) -> TarotSheet:
    found = session.characters[OTTILIE].sheet
    assert isinstance(found, TarotSheet)
    return found


@pytest.fixture
def panel(qtbot) -> TarotPanel:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    widget = TarotPanel(document)
    qtbot.addWidget(widget)
    widget.resize(440, 900)
    widget.show()
    return widget


def set_up(qtbot, panel: TarotPanel, attribute: Attribute, rank: int) -> None:
    """Dana, the GM, holding the computer, sets a Challenge up for Alex's Ottilie."""
    assert panel.character.currentIndex() == -1  # Dana plays no Tourist: nobody by default
    panel.character.setCurrentIndex(panel.character.findData(OTTILIE))
    panel.attribute.setCurrentIndex(panel.attribute.findData(attribute))
    panel.rank.setValue(rank)
    qtbot.keyClicks(panel.texts["objective"], "Slip past the Furnace warden")
    qtbot.keyClicks(panel.texts["risk"], "Singed eyebrows")
    qtbot.mouseClick(panel.challenge_draws, LEFT)


def hand_to_alex(qtbot, panel: TarotPanel) -> None:
    """The draws are Ottilie's player's: the panel waits for Alex and passes him the computer."""
    waiting = panel.player_waiting
    assert waiting.text.text() == (
        "Waiting for Alex (Ottilie Marchbank) to draw, stop or concede.")
    assert not panel.draw.isEnabled() and not panel.concede.isEnabled()
    assert "only Alex may draw for Ottilie Marchbank" in panel.draw.toolTip()
    qtbot.mouseClick(waiting.pass_button, LEFT)
    assert panel.document.session.curtain == "alex"
    assert panel.document.apply(ConfirmSeat(PlayerId("alex")))
    assert waiting.isHidden()


def test_a_whole_challenge_played_through_the_panel(qtbot, panel: TarotPanel):
    session = panel.document.session
    # Ottilie's Rock is 2 on her sheet; the Challenge (Rank 2) draws an upright Child of Rock
    # and a reversed Soldier of Paper; Ottilie then draws Triumph III and a reversed Soldier of
    # Rock.
    stack(session, [("Child of Rock", False), ("Soldier of Paper", True),
                    ("Triumph III", False), ("Soldier of Rock", True)])
    assert sheet(session).rock == 2
    set_up(qtbot, panel, Attribute.ROCK, 2)
    assert panel.rank_label.text() == "Fair (2)"
    challenge = tarot_steps.challenge_in_play(session.state)
    assert challenge is not None and challenge.phase is TarotPhase.CHALLENGE_DRAWN
    assert panel.cost.value_text == "-1"  # -2 + one reversed Challenge card
    assert panel.challenge_rows() == [
        "Child of Rock: not beaten yet",
        "Soldier of Paper ↺: not beaten yet",
    ]
    # The demo deck has 82 cards; 2 went to the sleeve (the sheet's Sleeve Cards) and 2 to the
    # Challenge, so the Excuse is one of 78 unseen cards.
    assert panel.odds_texts()["excuse"] == f"Excuse: {percent(Fraction(1, 78))}"
    assert panel.odds_texts()["excuse"] == "Excuse: 1.3%"
    assert panel.odds_texts()["wipe_out"] == "Wipe Out: 0%"
    hand_to_alex(qtbot, panel)
    assert not panel.stop.isEnabled() and panel.concede.isEnabled()

    qtbot.mouseClick(panel.draw, LEFT)
    assert panel.cost.value_text == "-1"
    assert panel.challenge_rows() == [
        "Child of Rock: beaten by Triumph III",
        "Soldier of Paper ↺: beaten by Triumph III",
    ]
    assert not panel.concede.isEnabled() and "already" in panel.concede.toolTip()
    qtbot.mouseClick(panel.draw, LEFT)
    assert (panel.cost.value_text, panel.effect.value_text) == ("0", "2")
    assert panel.effect.label_text == "Average"
    assert panel.player_cards.captions() == ["Triumph III", "Soldier of Rock ↺"]
    numbers = challenge.numbers(session.table)
    assert numbers.odds is not None
    for key, shown in panel.odds_texts().items():
        assert shown.endswith(f": {percent(getattr(numbers.odds, key))}")
    assert panel.odds_texts()["beats_more"] == "beats another: 0%"  # nothing left unbeaten

    qtbot.mouseClick(panel.stop, LEFT)
    assert panel.outcome_box.isVisible()
    assert panel.banner.text() == "Success"
    assert "Effect 2 (Average) · No Cost" in panel.details.text()
    assert not panel.draw.isVisible()

    qtbot.keyClicks(panel.aspect, "Knows the Furnace warden's rounds")
    qtbot.mouseClick(panel.permanent, LEFT)
    qtbot.mouseClick(panel.write, LEFT)
    written = sheet(session).aspects[-1]
    assert (written.text, written.permanent) == ("Knows the Furnace warden's rounds", True)
    assert session.log[-1].public.endswith("changed Ottilie Marchbank's sheet (aspects)")

    table_cards = [p.card for p in (*challenge.challenge, *challenge.player)]
    qtbot.mouseClick(panel.finish, LEFT)
    assert tarot_steps.challenge_in_play(session.state) is None
    assert all(card in session.table.pile(DISCARD).cards for card in table_cards)
    assert panel.setup_box.isVisible()
    assert "Success" in panel.last.text()
    texts = [entry.public for entry in session.log]
    assert any(t.startswith("Ottilie Marchbank faces a Challenge of Rank 2 (Fair) with Rock 2")
               for t in texts)
    assert any(t.startswith("Ottilie Marchbank drew Triumph III, upright") for t in texts)
    assert any(t.startswith("Ottilie Marchbank stops drawing") for t in texts)
    assert texts[-1].startswith("Ottilie Marchbank's Challenge: Success, Effect 2 (Average)")


def test_a_draw_cannot_be_undone_but_a_sleeve_card_and_a_stop_can(qtbot, panel: TarotPanel):
    session = panel.document.session
    stack(session, [("Child of Rock", False), ("Dragon of Blades", False)])
    set_up(qtbot, panel, Attribute.PAPER, 1)
    # The Challenge's card was shown to the table: undo cannot take it back.
    assert not session.can_undo and "undo cannot hide" in (session.undo_blocked_reason or "")
    assert [panel.sleeve.itemText(i) for i in range(panel.sleeve.count())] == [
        "Sage of Serpent ↺", "Triumph XIV"]
    hand_to_alex(qtbot, panel)
    panel.sleeve.setCurrentIndex(1)
    qtbot.mouseClick(panel.play_sleeve, LEFT)
    assert panel.player_cards.captions() == ["Triumph XIV"]
    assert [k.card for k in sheet(session).sleeve] == ["Sage of Serpent"]
    # Sleeve Cards lie face up already: playing one shows nothing new, so it can be undone.
    assert panel.document.undo()
    assert panel.player_cards.captions() == []
    assert [k.card for k in sheet(session).sleeve] == ["Sage of Serpent", "Triumph XIV"]
    assert panel.concede.isEnabled()

    qtbot.mouseClick(panel.draw, LEFT)
    assert not session.can_undo  # the drawn card was shown
    qtbot.mouseClick(panel.stop, LEFT)
    assert panel.outcome_box.isVisible()
    assert panel.document.undo()
    assert not panel.outcome_box.isVisible()
    assert panel.draw.isEnabled() and panel.stop.isEnabled()
    assert session.log[-1].public.startswith("Alex undid: Ottilie Marchbank stops drawing")


def test_conceding_writes_the_sleeve_card_on_the_sheet(qtbot, panel: TarotPanel):
    session = panel.document.session
    stack(session, [("Ruler of Unknown", False), ("Lover of Paper", True)])
    set_up(qtbot, panel, Attribute.SERPENT, 1)
    assert panel.cost.value_text == "-3"
    hand_to_alex(qtbot, panel)
    answer_next_question(qtbot, "Concede")
    qtbot.mouseClick(panel.concede, LEFT)
    assert panel.banner.text() == "Failure"
    assert "No Effect · No Cost" in panel.details.text()
    assert "Sleeve Card kept: Lover of Paper ↺" in panel.details.text()
    assert [(k.card, k.reversed) for k in sheet(session).sleeve][-1] == ("Lover of Paper", True)


def test_the_panel_is_played_from_the_keyboard(qtbot, panel: TarotPanel):
    session = panel.document.session
    stack(session, [("Child of Rock", False), ("Beast of Rock", False)])
    panel.character.setFocus()
    qtbot.keyClick(panel.character, Qt.Key.Key_Down)  # Dana, the GM, chooses Ottilie
    assert panel.character.currentData() == OTTILIE
    panel.rank.setFocus()
    panel.rank.selectAll()
    qtbot.keyClicks(panel.rank, "1")
    assert panel.rank_label.text() == "Average (1)"
    panel.challenge_draws.setFocus()
    qtbot.keyClick(panel.challenge_draws, Qt.Key.Key_Space)
    assert tarot_steps.challenge_in_play(session.state) is not None
    # The draws are Alex's: focus moves on to the button that passes him the computer...
    assert panel.focusWidget() is panel.player_waiting.pass_button
    qtbot.keyClick(panel.focusWidget(), Qt.Key.Key_Space)
    assert session.curtain == "alex"
    assert panel.document.apply(ConfirmSeat(PlayerId("alex")))
    # ...and, once he holds it, to Draw, so that he keeps drawing with the space bar.
    assert panel.focusWidget() is panel.draw
    qtbot.keyClick(panel.focusWidget(), Qt.Key.Key_Space)
    assert panel.challenge_rows() == ["Child of Rock: beaten by Beast of Rock"]
    panel.stop.setFocus()
    qtbot.keyClick(panel.stop, Qt.Key.Key_Space)
    # The Aspect is typed and written with Enter; then Finish is the one step left.
    assert panel.focusWidget() is panel.aspect
    qtbot.keyClicks(panel.aspect, "Knows the Furnace warden's rounds")
    qtbot.keyClick(panel.aspect, Qt.Key.Key_Return)
    assert sheet(session).aspects[-1].text == "Knows the Furnace warden's rounds"
    assert panel.focusWidget() is panel.finish
    qtbot.keyClick(panel.finish, Qt.Key.Key_Space)
    assert tarot_steps.challenge_in_play(session.state) is None
    for widget in (panel.draw, panel.stop, panel.concede, panel.play_sleeve, panel.finish,
                   panel.write, panel.character, panel.attribute, panel.rank, panel.aspect):
        assert widget.accessibleName()


def test_nothing_is_offered_while_the_curtain_is_up(qtbot, panel: TarotPanel):
    from cardtable.session import PassSeat

    document = panel.document
    assert document.apply(PassSeat(0))
    assert not panel.challenge_draws.isEnabled()
    assert "curtain" in panel.challenge_draws.toolTip()
    assert document.apply(ConfirmSeat(PlayerId("alex")))
    # Alex holds the computer: his Ottilie is offered, but setting a Challenge up is the GM's.
    assert panel.character.currentData() == OTTILIE
    assert not panel.challenge_draws.isEnabled()
    assert "Only the GM (Dana) may set up a tarot Challenge." in panel.challenge_draws.toolTip()
    assert panel.setup_waiting.pass_button.text() == "Pass the computer to Dana"
    qtbot.mouseClick(panel.setup_waiting.pass_button, LEFT)
    assert document.apply(ConfirmSeat(PlayerId("dana")))
    # Dana plays no Tourist: she chooses whom the Challenge is for, then may set it up.
    assert panel.character.currentIndex() == -1 and not panel.challenge_draws.isEnabled()
    panel.character.setCurrentIndex(panel.character.findData(OTTILIE))
    assert panel.challenge_draws.isEnabled()


@pytest.mark.parametrize("module", ["panels.card_chips", "widgets.style"])
def test_docstring_examples_hold(module: str):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"cardtable.ui.{module}"))
    assert result.failed == 0 and result.attempted > 0
