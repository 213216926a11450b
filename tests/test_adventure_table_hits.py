"""Hits at the table, with real clicks: the winner strikes, the Hit player chooses, and the
table shows what came of it (struck-through Facets on the sheet, "dead" on the felt).

From ``rules/fantastical-adventure.md``: the Hit character's player chooses Goes Down,
Shakes It Off (discard a card, or lose a Facet until treated) or "killed"; a "dead"
character regains a card per scene and comes back with a Monologue of Miraculous Survival.
"""

from __future__ import annotations

import pytest
from adventure_table_rig import (
    BART,
    ISOLDE,
    cast_session,
    codes,
    give,
    private_names,
    take_seat,
    widget_words,
)
from table_rig import table_view

from cardtable.cards import Suit
from cardtable.piles import PileId
from cardtable.resolvers.adventure.hits import HitChoice
from cardtable.resolvers.adventure.tokens import AuthorPower
from cardtable.session import CharacterId, ConfirmSeat, PlayerId
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.felt_marks import FeltMarks
from cardtable.ui.panels.adventure.hits import HitDialog
from cardtable.ui.panels.adventure.play.panel import AdventurePlayPanel
from cardtable.ui.panels.tokens.panel import TokenPanel
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.editor import SheetEditor

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def document() -> SessionDocument:
    """Isolde (Strong Hearts) has beaten Bartholomew in a Conflict and may Hit him."""
    session = cast_session()
    give(session, BART, ["2H", "9C", "5D", "KS"])
    give(session, ISOLDE, ["7H", "3S", "KC"])
    document = SessionDocument(session)
    [seven] = [c for c in session.table.pile(PileId(f"hand/{ISOLDE}")).cards
               if session.table.card(c).face.code == "7H"]  # type: ignore[union-attr]
    [two] = [c for c in session.table.pile(PileId(f"hand/{BART}")).cards
             if session.table.card(c).face.code == "2H"]  # type: ignore[union-attr]
    take_seat(session, "alex")  # each player decides for their own character
    assert document.apply(steps.challenge_with(ISOLDE, "to take the helm", seven))
    take_seat(session, "bea")
    assert document.apply(conflict_steps.answer(BART, "hold the wheel", two))
    assert document.apply(conflict_steps.reveal())
    assert document.apply(conflict_steps.yield_conflict(BART))
    take_seat(session, "dana")  # the GM holds the computer again
    return document


@pytest.fixture
def panel(qtbot, document) -> AdventurePlayPanel:
    widget = AdventurePlayPanel(document)
    qtbot.addWidget(widget)
    widget.resize(460, 1200)
    widget.show()
    return widget


def hand_over(qtbot, panel: AdventurePlayPanel, character: str, player: str) -> None:
    """A row waits for ``player``'s decision: "Pass the computer to ...", "I am ..."."""
    qtbot.mouseClick(panel.hits.buttons[f"pass:{character}"], LEFT)
    assert panel.document.session.curtain == player
    assert panel.document.apply(ConfirmSeat(PlayerId(player)))


def hit_bart(qtbot, panel: AdventurePlayPanel) -> HitDialog:
    """Alex strikes for Isolde; Bea chooses how Bartholomew takes the Hit."""
    hits = panel.hits
    assert "Isolde Varga may Hit Bartholomew Quince after winning the Conflict, if violence " \
           "fits. Waiting for Alex (Isolde Varga)." in widget_words(hits)
    assert not hits.buttons[f"strike:{ISOLDE}:{BART}"].isEnabled()
    hand_over(qtbot, panel, ISOLDE, "alex")
    qtbot.mouseClick(hits.buttons[f"strike:{ISOLDE}:{BART}"], LEFT)
    assert not hits.buttons[f"take:{BART}"].isEnabled()
    hand_over(qtbot, panel, BART, "bea")
    qtbot.mouseClick(hits.buttons[f"take:{BART}"], LEFT)
    dialog = hits.dialog
    assert isinstance(dialog, HitDialog) and dialog.isVisible()
    qtbot.waitExposed(dialog)
    return dialog


def choose(qtbot, dialog: HitDialog, choice: HitChoice) -> None:
    qtbot.waitExposed(dialog)
    qtbot.mouseClick(dialog.options[choice], LEFT)
    assert dialog.options[choice].isChecked()


def test_losing_a_facet_strikes_it_through_on_the_sheet_until_treated(qtbot, panel):
    document = panel.document
    editor = SheetEditor(document)
    qtbot.addWidget(editor)
    editor.select(CharacterId(BART))
    dialog = hit_bart(qtbot, panel)
    choose(qtbot, dialog, HitChoice.SHAKE_OFF_FACET)
    dialog.facet.setCurrentIndex(dialog.facet.findData(Suit.HEARTS))
    qtbot.mouseClick(dialog.ok, LEFT)
    assert document.session.log[-1].public == (
        "Bartholomew Quince Shakes It Off, losing the Loyal to a Fault Facet until treated")
    form = editor.form
    assert form is not None
    hearts = form.facet_fields[0]
    assert hearts[1].editor.font().strikeOut() and hearts[4].editor.isChecked()
    assert not form.facet_fields[1][1].editor.font().strikeOut()
    assert "lost: Loyal to a Fault" in panel.cast.text()
    qtbot.mouseClick(panel.hits.buttons[f"treat:{BART}"], LEFT)
    assert not editor.form.facet_fields[0][1].editor.font().strikeOut()
    assert "lost:" not in panel.cast.text()
    assert document.session.log[-1].public == (
        "Bartholomew Quince's wounds are treated, regaining Loyal to a Fault")


def test_a_card_to_discard_is_chosen_only_by_its_player(qtbot, panel):
    document = panel.document
    session = document.session
    hits = panel.hits
    hand_over(qtbot, panel, ISOLDE, "alex")
    qtbot.mouseClick(hits.buttons[f"strike:{ISOLDE}:{BART}"], LEFT)
    # Alex holds the computer: how the Hit lands is Bea's to choose, and no dialog opens.
    take = hits.buttons[f"take:{BART}"]
    assert not take.isEnabled()
    assert ("Bartholomew Quince is Bea's character: only Bea may take the Hit for Bartholomew "
            "Quince.") in take.toolTip()
    assert "Waiting for Bea (Bartholomew Quince)." in widget_words(hits)
    with qtbot.waitSignal(document.refused) as refused:
        assert hits.open_dialog(BART) is None
    assert refused.args == [
        "Bartholomew Quince is Bea's character: only Bea may take the Hit for Bartholomew "
        "Quince."]
    assert hits.dialog is None
    for name in private_names(session):
        assert name not in widget_words(panel)
    hand_over(qtbot, panel, BART, "bea")
    qtbot.mouseClick(hits.buttons[f"take:{BART}"], LEFT)
    dialog = panel.hits.dialog
    assert isinstance(dialog, HitDialog)
    captions = [dialog.cards.item(i).text() for i in range(dialog.cards.count())]
    assert captions == ["9 of Clubs", "5 of Diamonds", "King of Spades"]
    choose(qtbot, dialog, HitChoice.SHAKE_OFF_DISCARD)
    dialog.cards.setCurrentRow(captions.index("5 of Diamonds"))
    qtbot.mouseClick(dialog.ok, LEFT)
    assert codes(session, BART) == ["9C", "KS"]
    discard = session.table.pile(PileId("shoe/discard")).cards
    assert session.table.card(discard[-1]).face.code == "5D"
    assert session.log[-1].public == (
        "Bartholomew Quince Shakes It Off, discarding the 5 of Diamonds")


def test_a_killed_character_is_dead_on_the_felt_until_a_monologue(qtbot, panel):
    document = panel.document
    session = document.session
    felt = table_view(qtbot, document)
    marks = FeltMarks(felt, document)
    dialog = hit_bart(qtbot, panel)
    choose(qtbot, dialog, HitChoice.KILLED)
    qtbot.mouseClick(dialog.ok, LEFT)
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.character(BART).dead
    tag = marks.tags[f"zone:zone/{BART}"]
    assert tag.text() == "Bartholomew Quince: “dead”"
    assert tag.parentItem() is felt.zone(f"zone/{BART}")
    assert "“dead”" in panel.cast.text()
    assert panel.document.apply(conflict_steps.close())
    take_seat(session, "dana")  # scenes are the GM's
    panel.open_scene()
    assert isinstance(panel.dialog, QtWidgets.QDialog)
    panel.dialog.accept()
    assert marks.tags[f"zone:zone/{BART}"].text() == "Bartholomew Quince: “dead” (1 scene)"
    assert "only a Monologue of Miraculous Survival" in widget_words(panel.hits)
    # Bea has been applauded three times: a Monologue brings Bartholomew back.
    tokens = TokenPanel(document)
    qtbot.addWidget(tokens)
    for giver in ("alex", "chidi", "dana"):
        take_seat(session, giver)  # each gives their own Applause
        assert tokens.give(giver, "bea")
    take_seat(session, "bea")  # Bea spends her Author tokens
    assert tokens.spender.currentData() == "bea"
    monologue = tokens.open_power(AuthorPower.MIRACULOUS_SURVIVAL)
    assert monologue is not None
    monologue.accept()
    assert not game.character(BART).dead
    assert f"zone:zone/{BART}" not in marks.tags
    assert "“dead”" not in panel.cast.text()
    assert "returns from \"death\"" in session.log[-1].public


def test_one_who_went_down_shakes_it_off_later(qtbot, panel):
    session = panel.document.session
    dialog = hit_bart(qtbot, panel)
    choose(qtbot, dialog, HitChoice.GO_DOWN)
    qtbot.mouseClick(dialog.ok, LEFT)
    assert "Gone Down" in panel.cast.text()
    qtbot.mouseClick(panel.hits.buttons[f"up:{BART}"], LEFT)
    getting_up = panel.hits.dialog
    assert isinstance(getting_up, HitDialog) and getting_up.getting_up
    assert set(getting_up.options) == {HitChoice.SHAKE_OFF_DISCARD, HitChoice.SHAKE_OFF_FACET}
    choose(qtbot, getting_up, HitChoice.SHAKE_OFF_FACET)
    getting_up.facet.setCurrentIndex(getting_up.facet.findData(Suit.SPADES))
    qtbot.mouseClick(getting_up.ok, LEFT)
    assert session.log[-1].public == ("Bartholomew Quince Shakes It Off and gets up, losing the "
                                      "Dreams of Drowned Cities Facet until treated")
    assert "Gone Down" not in panel.cast.text()
    assert "lost: Dreams of Drowned Cities" in panel.cast.text()
