"""Table > Decks > Edit the tarot…: the GM renames cards and edits their words, saves them as the
group's deck and plays the session with them; the names and words reach the felt's hover
text, the tarot panel, the log, the public table and the printed sheets, while the rules and
the sheets keep each card by the rules' name. Search, filter, undo, refusals, export and
import."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from tarot_editor_rig import (
    LEFT,
    hover_preview,
    lay_on_felt,
    open_editor,
    play_with_edits,
    sleeve_lines,
    stack_on_draw,
    tarot_window,
    type_in,
)

from cardtable.assets import asset_folder
from cardtable.cards import CardId
from cardtable.decks import art as art_module
from cardtable.piles import PileId
from cardtable.session.tarot_decks import TarotShelf
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.tarot_editor.words import COLUMNS, RULES_TIP
from cardtable.ui.window.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("tarot_decks_folder")
SHIPPED = asset_folder() / "decks" / "tourist-tarot.json"
DRAW = PileId("tarot/draw")
SOLDIER = CardId("tarot/soldier-paper")
SAGE = CardId("tarot/sage-serpent")


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(art_module, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(art_module, "default_cache_dir", lambda: tmp_path / "cache")


def test_the_gm_edits_saves_and_plays_with_the_groups_words(qtbot: QtBot, tmp_path: Path) -> None:
    before = hashlib.sha256(SHIPPED.read_bytes()).hexdigest()
    window = tarot_window(qtbot, tmp_path)
    editor = open_editor(qtbot, window)
    type_in(qtbot, editor.table, "Soldier of Paper", "reversed", "Paper Moon")
    assert editor.table.deck.card("Soldier of Paper").reversed == "Paper Moon"
    assert not editor.save_button.isEnabled()  # the shipped deck is never written
    qtbot.keyClicks(editor.name, "Noir words")
    qtbot.mouseClick(editor.save_as_button, LEFT)
    assert editor.message.text() == "Saved Noir words in your decks folder."
    assert TarotShelf().get("noir-words").card("Soldier of Paper").reversed == "Paper Moon"
    qtbot.mouseClick(editor.play_button, LEFT)
    assert editor.message.text() == "This session plays with Noir words."
    session = window.document.session
    assert session.log[-1].public == "Dana chose the words of Noir words for The Tourist's Tarot"
    assert hashlib.sha256(SHIPPED.read_bytes()).hexdigest() == before


def test_edited_words_and_names_reach_the_hover_text_the_panel_the_log_the_pdf_and_the_room(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from cardtable.public.view import public_view
    from cardtable.sheets import TarotSheet
    from cardtable.ui.panels.tarot.panel import TarotPanel
    from cardtable.ui.sheets.printing.actions import party_pages
    from cardtable.ui.sheets.printing.output import print_pages

    window = tarot_window(qtbot, tmp_path)
    session = window.document.session
    # The Lover of Paper lies face up on the felt before the words change.
    lover = lay_on_felt(window, "Lover of Paper")
    play_with_edits(
        qtbot,
        window,
        (
            ("Lover of Paper", "upright", "Moonlit Letter"),
            ("Lover of Paper", "title", "The Moon Letter"),
            ("Lover of Paper", "keywords", "letters, longing"),
            ("Soldier of Paper", "reversed", "Paper Moon"),
            ("Soldier of Paper", "title", "The Paper Hound"),
            ("Builder of Paper", "reversed", "Red Moon Tape"),
            ("Builder of Paper", "title", "The Red Builder"),
            ("Sage of Serpent", "reversed", "Hissing Archive"),
            ("Sage of Serpent", "title", "The Old Snake"),
        ),
    )

    # The felt's hover text: the group's name for the card, its meanings and keywords.
    preview = hover_preview(qtbot, window, lover)
    assert preview.name_text() == "The Moon Letter"
    assert preview.keywords_text() == (
        "Upright: Moonlit Letter\nReversed: Unsent Note\nletters, longing"
    )
    assert window.felt.item(lover).description().startswith("The Moon Letter, face up")

    # The log: the inspiration draw names the card as the group wrote it, with its words.
    panel = window.findChild(TarotPanel)
    assert isinstance(panel, TarotPanel)
    stack_on_draw(window, "Builder of Paper", True)
    panel.inspiration.click()
    assert session.log[-1].public == (
        'Dana drew The Red Builder, reversed, for inspiration: "Red Moon Tape" '
        '(upright: "Blueprint"); it goes to the discard pile.'
    )

    # The tarot panel: the Challenge's card shows its name and words. Ottilie's sheet keeps
    # her Sleeve Card by the rules' name, and it still comes out of the deck for her.
    ottilie = session.state.character("ottilie-marchbank")
    assert isinstance(ottilie.sheet, TarotSheet)
    assert ottilie.sheet.sleeve[0].card == "Sage of Serpent"
    stack_on_draw(window, "Soldier of Paper", True)
    panel.character.setCurrentIndex(panel.character.findData("ottilie-marchbank"))
    panel.rank.setValue(1)
    panel.challenge_draws.click()
    assert panel.challenge_rows() == ["The Paper Hound ↺: not beaten yet"]
    assert panel._rows[0].chip.toolTip() == "The Paper Hound ↺ (Paper Moon)"
    assert (panel.sleeve.itemText(0), panel.sleeve.itemData(0)) == ("The Old Snake ↺", SAGE)

    # The public table: the room sees the new name under the card and in the log.
    room = public_view(session)
    hound = next(c for pile in room.piles for c in pile.shown if c.card == SOLDIER)
    assert (hound.name, hound.index, hound.reversed) == (
        "The Paper Hound", "The Paper Hound", True,
    )  # fmt: skip
    assert any("The Red Builder, reversed" in line for line in room.log)

    # The printed sheets: Ottilie's Sleeve Card, the Sage of Serpent reversed, by its new name.
    pdf = tmp_path / "party.pdf"
    print_pages(party_pages(window.document), pdf)
    assert sleeve_lines(pdf) == ["The Old Snake (reversed)", "Hissing Archive", "Triumph XIV",
                                 "Acclimation"]  # fmt: skip


def test_search_filter_and_undo_within_the_editor(qtbot: QtBot, tmp_path: Path) -> None:
    window = tarot_window(qtbot, tmp_path)
    editor = open_editor(qtbot, window)
    table = editor.table
    logged = len(window.document.session.log)
    qtbot.keyClicks(editor.search, "tiger")
    assert table.shown_names() == ["Soldier of Paper"]
    assert editor.count.text() == "1 of 82 cards"
    editor.search.clear()
    editor.filter.setCurrentText("The Triumphs")
    assert len(table.shown_names()) == 21 and editor.count.text() == "21 of 82 cards"
    editor.filter.setCurrentText("Serpent")
    assert table.shown_names()[:2] == ["Child of Serpent", "Servant of Serpent"]
    editor.filter.setCurrentText("Every card")
    type_in(qtbot, table, "Soldier of Paper", "reversed", "Paper Moon")
    type_in(qtbot, table, "Soldier of Paper", "keywords", "orders, bluff")
    editor.filter.setCurrentText("Words changed from the shipped deck")
    assert table.shown_names() == ["Soldier of Paper"]
    qtbot.keyClicks(editor.search, "bluff")
    assert table.shown_names() == ["Soldier of Paper"]
    qtbot.mouseClick(editor.undo_button, LEFT)
    assert table.deck.card("Soldier of Paper").keywords == ()
    assert table.shown_names() == ["Soldier of Paper"]  # the search reads the words afresh
    qtbot.mouseClick(editor.undo_button, LEFT)
    assert table.deck.card("Soldier of Paper").reversed == "Paper Tiger"
    assert not editor.undo_button.isEnabled() and editor.redo_button.isEnabled()
    qtbot.mouseClick(editor.redo_button, LEFT)
    assert table.deck.card("Soldier of Paper").reversed == "Paper Moon"
    # The editor's edits and undos are its own: the session has not changed.
    assert len(window.document.session.log) == logged
    assert window.document.session.table.card(SOLDIER).face.reversed == "Paper Tiger"


def test_words_that_cannot_be_are_refused_in_one_line_and_the_cell_keeps_its_words(
    qtbot: QtBot, tmp_path: Path
) -> None:
    editor = open_editor(qtbot, tarot_window(qtbot, tmp_path))
    type_in(qtbot, editor.table, "Lover of Rock", "upright", "x" * 41)
    assert editor.message.text() == (
        "Lover of Rock: the upright meaning holds 41 characters, at most 40"
    )
    assert editor.table.deck.card("Lover of Rock").upright == "Rooted Bond"
    row = editor.table.row_of("Lover of Rock")
    assert editor.table.item(row, 4).text() == "Rooted Bond"
    type_in(qtbot, editor.table, "Lover of Rock", "reversed", "   ")
    assert editor.message.text() == "Lover of Rock: the reversed meaning is empty"
    assert not editor.undo_button.isEnabled()
    qtbot.mouseClick(editor.save_as_button, LEFT)
    assert editor.message.text() == "Give the deck a name first."


def test_a_name_another_card_has_or_no_name_is_refused_and_the_cell_keeps_its_name(
    qtbot: QtBot, tmp_path: Path
) -> None:
    editor = open_editor(qtbot, tarot_window(qtbot, tmp_path))
    table = editor.table
    column = next(i for i, (what, _) in enumerate(COLUMNS) if what == "title")
    type_in(qtbot, table, "Soldier of Paper", "title", "The Hound")
    # The Attribute and rank are shown, and the rules fix them.
    row = table.row_of("Soldier of Paper")
    for rules_column in (1, 2):
        item = table.item(row, rules_column)
        assert not item.flags() & Qt.ItemFlag.ItemIsEditable
        assert item.toolTip() == RULES_TIP
    assert [table.item(row, c).text() for c in range(3)] == ["The Hound", "Paper", "7"]
    type_in(qtbot, table, "Triumph IV", "title", "the HOUND")
    assert editor.message.text() == (
        "Triumph IV: Soldier of Paper is already called “The Hound”; each card's name is its own"
    )
    assert table.item(table.row_of("Triumph IV"), column).text() == "Triumph IV"
    type_in(qtbot, table, "Triumph V", "title", "   ")
    assert editor.message.text() == "Triumph V: the card's name is empty"
    assert table.item(table.row_of("Triumph V"), column).text() == "Triumph V"
    assert table.deck.card("Triumph V").title == "Triumph V"
    # Only the renaming went into the editor's undo; undone, the card has its name again.
    assert table.undo_stack.count() == 1
    qtbot.mouseClick(editor.undo_button, LEFT)
    assert table.item(table.row_of("Soldier of Paper"), column).text() == "Soldier of Paper"
    assert table.deck.card("Soldier of Paper").title == "Soldier of Paper"


def test_only_the_gm_edits_the_tarot(qtbot: QtBot, tmp_path: Path) -> None:
    from cardtable.session import ConfirmSeat, PassSeat, PlayerId

    window = tarot_window(qtbot, tmp_path)
    document = window.document
    assert document.apply(PassSeat(0))
    assert document.apply(ConfirmSeat(PlayerId("alex")))
    menu = window.decks_menu
    menu.aboutToShow.emit()
    assert not menu.edit_tarot.isEnabled()
    assert menu.edit_tarot.toolTip() == "Only the GM (Dana) may edit the tarot."
    assert menu.open_editor() is None
    assert window.statusBar().currentMessage() == "⚠ Only the GM (Dana) may edit the tarot."


def test_a_deck_passes_between_groups_by_export_and_import(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.session import tarot_decks

    window = tarot_window(qtbot, tmp_path)
    editor = open_editor(qtbot, window)
    type_in(qtbot, editor.table, "Triumph XXI", "reversed", "Lost Luggage")
    qtbot.keyClicks(editor.name, "Airport words")
    qtbot.mouseClick(editor.save_as_button, LEFT)
    gift = tmp_path / "gift.json"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(gift), ""))
    qtbot.mouseClick(editor.export_button, LEFT)
    assert editor.message.text() == "Exported Airport words to gift.json."
    editor.close()
    # Another group, with a decks folder of its own, imports the file.
    tarot_decks.use_folder(tmp_path / "their-decks")
    editor = open_editor(qtbot, window)
    assert editor.decks.count() == 1  # the shipped words only
    monkeypatch.setattr(QtWidgets.QFileDialog, "getOpenFileName", lambda *a, **k: (str(gift), ""))
    qtbot.mouseClick(editor.import_button, LEFT)
    assert editor.message.text() == "Imported Airport words into your decks folder."
    assert editor.decks.currentText() == "Airport words"
    assert editor.table.deck.card("Triumph XXI").reversed == "Lost Luggage"
    # A hostile file is refused in one line, and nothing of it is kept.
    hostile = tmp_path / "hostile.json"
    hostile.write_text('{"deck_format": 2, "id": "x", "cards": [}', encoding="utf-8")
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", lambda *a, **k: (str(hostile), "")
    )
    qtbot.mouseClick(editor.import_button, LEFT)
    assert editor.message.text() == (
        "hostile.json: is damaged: not valid JSON (Expecting value at line 1, column 41)"
    )
    assert sorted(p.name for p in (tmp_path / "their-decks").iterdir()) == ["airport-words.json"]


def test_the_editor_opens_on_the_words_the_session_plays_with(qtbot: QtBot, tmp_path: Path) -> None:
    window = tarot_window(qtbot, tmp_path)
    editor = open_editor(qtbot, window)
    type_in(qtbot, editor.table, "the Excuse", "upright", "Sorry, Wrong Door")
    assert not editor.play_button.isEnabled()  # the session plays a saved deck
    qtbot.keyClicks(editor.name, "Doors")
    qtbot.mouseClick(editor.save_as_button, LEFT)
    qtbot.mouseClick(editor.play_button, LEFT)
    editor.close()
    again = open_editor(qtbot, window)
    assert again.decks.currentText() == "Doors"
    assert again.table.deck.card("the Excuse").upright == "Sorry, Wrong Door"
    # Choosing the shipped deck again, and playing with it, puts the shipped words back.
    again.decks.setCurrentIndex(0)
    again.decks.activated.emit(0)
    assert again.table.deck.card("the Excuse").upright == "Way Out"
    qtbot.mouseClick(again.play_button, LEFT)
    session = window.document.session
    assert session.log[-1].public == "Dana put the shipped words back on The Tourist's Tarot"
    assert session.decks[0].words is None


def test_a_session_whose_deck_is_missing_opens_with_the_shipped_words_and_says_so(
    qtbot: QtBot, tmp_path: Path, tarot_decks_folder: Path
) -> None:
    from curtain_rig import take_the_computer

    from cardtable.cards import DeckId
    from cardtable.session import load, save
    from cardtable.session.demo import demo_path
    from cardtable.session.tarot_decks import shipped_tarot_deck
    from cardtable.session.words_actions import ChooseWords
    from cardtable.ui.window.main_window import DISCARD

    session = load(demo_path())
    noir = TarotShelf().save_as(shipped_tarot_deck(), "Noir words")
    session.apply(ChooseWords(DeckId("tarot"), noir))
    path = tmp_path / "evening.cardtable"
    save(session, path)
    (tarot_decks_folder / "noir-words.json").unlink()
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    said: list[str] = []
    window.document.refused.connect(said.append)
    window.show()
    window.load_now()
    qtbot.waitExposed(window)
    take_the_computer(qtbot, window)
    qtbot.waitUntil(lambda: bool(said), timeout=10_000)
    assert said == [
        f"The tarot deck 'noir-words' is not in your decks folder ({tarot_decks_folder}). "
        "The table shows the shipped words of the Tourist's Tarot."
    ]
    assert window.document.session.table.card(SOLDIER).face.reversed == "Paper Tiger"


def test_a_groups_deck_is_saved_in_place_and_unsaved_words_are_not_left_unasked(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from cardtable.session.tarot_decks import shipped_tarot_deck

    TarotShelf().save_as(shipped_tarot_deck(), "Noir words")
    editor = open_editor(qtbot, tarot_window(qtbot, tmp_path))
    noir = editor.decks.findText("Noir words")
    editor.decks.setCurrentIndex(noir)
    editor.decks.activated.emit(noir)
    assert editor.name.text() == "Noir words" and not editor.save_button.isEnabled()
    type_in(qtbot, editor.table, "Ruler of Rock", "upright", "Granite Crown")
    assert editor.save_button.isEnabled()
    # Leaving unsaved words asks first; "no" keeps them in the editor.
    asked: list[bool] = []

    def keep_them() -> bool:
        asked.append(True)
        return False

    editor.ask_discard = keep_them
    editor.decks.setCurrentIndex(0)
    editor.decks.activated.emit(0)
    assert asked == [True] and editor.decks.currentText() == "Noir words"
    assert editor.table.deck.card("Ruler of Rock").upright == "Granite Crown"
    qtbot.mouseClick(editor.save_button, LEFT)
    assert editor.message.text() == "Saved Noir words in your decks folder."
    assert TarotShelf().get("noir-words").card("Ruler of Rock").upright == "Granite Crown"
    assert [d.id for d in TarotShelf().decks()] == ["noir-words"]  # in place, not a copy
    assert not editor.save_button.isEnabled()


def test_the_print_command_writes_the_words_the_session_plays_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from attrs import evolve

    from cardtable.cards import DeckId
    from cardtable.session import load, save
    from cardtable.session.demo import demo_path
    from cardtable.session.tarot_decks import shipped_tarot_deck
    from cardtable.session.words_actions import ChooseWords
    from cardtable.ui.sheets.printing.command import add_print_parser

    shipped = shipped_tarot_deck()
    sage = evolve(shipped.card("Sage of Serpent"), reversed="Hissing Archive")
    session = load(demo_path())
    session.apply(
        ChooseWords(DeckId("tarot"), TarotShelf().save_as(shipped.with_card(sage), "Noir"))
    )
    save(session, tmp_path / "evening.cardtable")
    parser = argparse.ArgumentParser(prog="cardtable")
    add_print_parser(parser.add_subparsers(dest="command"))
    pdf = tmp_path / "party.pdf"
    args = parser.parse_args(["print", str(tmp_path / "evening.cardtable"), "-o", str(pdf)])
    assert args.func(args) == 0
    assert sleeve_lines(pdf)[:2] == ["Sage of Serpent (reversed)", "Hissing Archive"]
