"""The character-sheet editor: typing, the sheet's own messages, one action per edit, undo.

Every test plays the shipped demo session with Alex at the computer (Alex plays Ottilie
Marchbank, a Tourist, and Kaneda Suzume, a Banzai duelist; Bea plays Wren and Bartholomew,
Chidi plays Isolde, Dana is the GM).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from attrs import evolve
from PIL import Image
from pytestqt.qtbot import QtBot

from cardtable.cards import Suit
from cardtable.randomness import seeded
from cardtable.session import (
    CharacterId,
    ConfirmSeat,
    PassSeat,
    PlayerId,
    Session,
    load,
)
from cardtable.session.demo import demo_path
from cardtable.session.model import MAX_NAME
from cardtable.sheets import SHEET_TYPES, AdventureSheet, PoolSheet, Sheet, TarotSheet
from cardtable.sheets.tarot import LADDER
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.sheets.editor import FORMS, SheetEditor
from cardtable.ui.sheets.fields import Field, NumberField, TextField
from cardtable.ui.sheets.form import SheetForm
from cardtable.ui.sheets.forms.adventure import AdventureForm
from cardtable.ui.sheets.forms.pool import PoolForm
from cardtable.ui.sheets.forms.tarot import TarotForm
from cardtable.ui.sheets.new_character import NewCharacterDialog
from cardtable.ui.sheets.paths import value_at

OTTILIE = CharacterId("ottilie-marchbank")
WREN = CharacterId("wren-halloway")
ISOLDE = CharacterId("captain-isolde-varga")
BARTHOLOMEW = CharacterId("bartholomew-quince")
ALEX, DANA = PlayerId("alex"), PlayerId("dana")


def take_computer(session: Session, player: PlayerId) -> None:
    seat = [p.id for p in session.players].index(player)
    session.apply(PassSeat(seat))
    session.apply(ConfirmSeat(player))


@pytest.fixture
def document() -> SessionDocument:
    session = load(demo_path(), rng=seeded(1))
    take_computer(session, ALEX)
    return SessionDocument(session)


@pytest.fixture
def editor(qtbot: QtBot, document: SessionDocument) -> SheetEditor:
    widget = SheetEditor(document)
    qtbot.addWidget(widget)
    widget.resize(460, 800)
    widget.show()
    return widget


def type_into(qtbot: QtBot, field: Field, text: str, *, enter: bool = True) -> None:
    """Select what the field holds, type ``text`` over it, and press Enter."""
    editor = field.editor
    if isinstance(editor, QtWidgets.QAbstractSpinBox):
        editor.lineEdit().selectAll()
    elif isinstance(editor, QtWidgets.QLineEdit):
        editor.selectAll()
    qtbot.keyClicks(editor, text)
    if enter:
        qtbot.keyClick(editor, Qt.Key.Key_Return)


def sheet_of(document: SessionDocument, character: CharacterId) -> Sheet | None:
    return document.session.characters[character].sheet


def log_texts(document: SessionDocument) -> list[str]:
    return [entry.public for entry in document.session.log]


def shown_form(editor: SheetEditor) -> SheetForm:
    assert editor.form is not None
    return editor.form


# -- validation as you type ---------------------------------------------------------------------


def test_an_attribute_off_the_ladder_shows_the_sheets_message_and_is_not_committed(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    assert isinstance(form, TarotForm)
    before = sheet_of(document, OTTILIE)
    assert isinstance(before, TarotSheet)
    log_before = log_texts(document)
    expected = [p.message for p in before.problems_if(rock=12)]
    rock = form.attributes["rock"]
    type_into(qtbot, rock, "1", enter=False)
    assert form.problem_messages() == []  # 1 is on the ladder
    type_into(qtbot, rock, "12")
    assert expected and form.problem_messages() == expected
    assert rock.invalid and rock.problems.isVisible()
    assert sheet_of(document, OTTILIE) is before
    assert log_texts(document) == log_before
    qtbot.keyClick(rock.editor, Qt.Key.Key_Escape)  # puts back what the sheet holds
    assert rock.value() == before.rock and form.problem_messages() == []


def test_a_specialty_typed_twice_is_refused_as_it_is_typed(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    assert isinstance(form, TarotForm)
    sheet = sheet_of(document, OTTILIE)
    assert isinstance(sheet, TarotSheet)
    first = sheet.specialties[0]
    adder = form.specialties.adder
    assert adder is not None
    qtbot.keyClicks(adder.line, first.upper())
    duplicate = (*sheet.specialties, first.upper())
    assert form.problem_messages() == [p.message for p in sheet.problems_if(specialties=duplicate)]
    assert not adder.button.isEnabled()
    qtbot.keyClick(adder.line, Qt.Key.Key_Return)
    assert sheet_of(document, OTTILIE) is sheet


# -- committing, the log, undo ------------------------------------------------------------------


def test_a_valid_attribute_edit_is_one_logged_action_that_undo_takes_back(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    assert isinstance(form, TarotForm)
    old = sheet_of(document, OTTILIE)
    assert isinstance(old, TarotSheet)
    entries = len(document.session.log)
    rock = form.attributes["rock"]
    type_into(qtbot, rock, "4")
    new = sheet_of(document, OTTILIE)
    assert isinstance(new, TarotSheet)
    assert new == old.revised(rock=4)
    assert log_texts(document)[entries:] == [
        f"Alex changed Ottilie Marchbank's Rock to {LADDER[4]} (4)"
    ]
    assert document.session.undo_label == log_texts(document)[-1]
    assert rock.editor.text() == f"{LADDER[4]} (4)"

    assert document.undo()
    assert sheet_of(document, OTTILIE) == old
    assert rock.editor.text() == f"{LADDER[old.rock]} ({old.rock})"
    assert form.sheet == old


def test_an_attribute_may_be_typed_as_its_ladder_word(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    assert isinstance(form, TarotForm)
    type_into(qtbot, form.attributes["blades"], LADDER[7].lower())
    sheet = sheet_of(document, OTTILIE)
    assert isinstance(sheet, TarotSheet) and sheet.blades == 7
    assert form.attributes["blades"].editor.text() == f"{LADDER[7]} (7)"


def test_typing_a_name_is_one_action_not_one_per_key(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    entries = len(document.session.log)
    qtbot.keyClick(form.player_field.editor, Qt.Key.Key_End)
    qtbot.keyClicks(form.player_field.editor, " Bell")
    assert len(document.session.log) == entries  # still typing
    qtbot.keyClick(form.player_field.editor, Qt.Key.Key_Return)
    sheet = sheet_of(document, OTTILIE)
    assert isinstance(sheet, TarotSheet) and sheet.player == "Alex Bell"
    assert log_texts(document)[entries:] == [
        "Alex changed Ottilie Marchbank's player to “Alex Bell”"
    ]
    notes = form.notes_field.editor
    notes.moveCursor(QtGui.QTextCursor.MoveOperation.End)
    qtbot.keyClicks(notes, " It leaks.")
    assert len(document.session.log) == entries + 1
    qtbot.keyClick(notes, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    sheet = sheet_of(document, OTTILIE)
    assert isinstance(sheet, TarotSheet) and sheet.notes.endswith("bigger inside. It leaks.")
    assert log_texts(document)[entries + 1 :] == ["Alex changed Ottilie Marchbank's notes"]


def test_undo_keeps_an_unfinished_edit_in_a_field_it_did_not_change(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    assert isinstance(form, TarotForm)
    type_into(qtbot, form.attributes["paper"], "6")
    qtbot.keyClick(form.player_field.editor, Qt.Key.Key_End)
    qtbot.keyClicks(form.player_field.editor, "!")  # not finished: no Enter, no Tab
    assert document.undo()
    sheet = sheet_of(document, OTTILIE)
    assert isinstance(sheet, TarotSheet)
    assert form.attributes["paper"].value() == sheet.paper
    assert form.player_field.value() == sheet.player + "!"


def test_a_specialty_added_and_removed_are_two_edits_each_undone(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    assert isinstance(form, TarotForm)
    original = sheet_of(document, OTTILIE)
    assert isinstance(original, TarotSheet)
    adder = form.specialties.adder
    assert adder is not None
    qtbot.keyClicks(adder.line, "Umbrella fencing")
    qtbot.mouseClick(adder.button, Qt.MouseButton.LeftButton)
    added = sheet_of(document, OTTILIE)
    assert isinstance(added, TarotSheet)
    assert added.specialties == (*original.specialties, "Umbrella fencing")
    assert "Specialties (added “Umbrella fencing”)" in log_texts(document)[-1]
    assert adder.line.text() == ""
    rows = [f for f in form.specialties.own_fields if isinstance(f, TextField)]
    assert [f.value() for f in rows] == list(added.specialties)

    remove = form.specialties.findChildren(
        QtWidgets.QToolButton, options=Qt.FindChildOption.FindChildrenRecursively
    )
    first = next(b for b in remove if b.accessibleName() == "Remove Specialty 1")
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
    removed = sheet_of(document, OTTILIE)
    assert isinstance(removed, TarotSheet)
    assert removed.specialties == added.specialties[1:]
    assert log_texts(document)[-1].endswith(f"(removed “{original.specialties[0]}”)")

    assert document.undo() and document.undo()
    assert sheet_of(document, OTTILIE) == original
    assert [f.value() for f in form.specialties.own_fields] == list(original.specialties)


# -- every system -------------------------------------------------------------------------------


@pytest.mark.parametrize("system", list(SHEET_TYPES))
def test_every_systems_form_shows_its_demo_sheet_and_round_trips_it_untouched(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument, system: str
) -> None:
    character = next(c for c in document.session.characters.values() if c.system == system)
    take_computer(document.session, DANA)  # the GM may edit every sheet
    editor.select(character.id)
    form = shown_form(editor)
    assert type(form) is FORMS[system]
    sheet = character.sheet
    assert sheet is not None and not form.read_only
    for field in form.fields:
        assert field.value() == value_at(sheet, field.path), field.path
    assert form.sheet_from_fields() == sheet
    entries = len(document.session.log)
    for field in list(form.fields):
        if not field.instant:  # leaving every box without a change is no edit
            field.finished.emit()
    assert len(document.session.log) == entries
    assert document.session.characters[character.id].sheet is sheet
    assert form.problem_messages() == []


# -- system specifics ---------------------------------------------------------------------------


def test_picking_a_suit_another_facet_holds_swaps_the_two(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    take_computer(document.session, PlayerId("bea"))
    editor.select(BARTHOLOMEW)
    form = shown_form(editor)
    assert isinstance(form, AdventureForm)
    before = sheet_of(document, BARTHOLOMEW)
    assert isinstance(before, AdventureSheet)
    suit_box = form.facet_fields[0][0]
    combo = suit_box.editor
    assert isinstance(combo, QtWidgets.QComboBox)
    target = before.facets[2].suit
    combo.setCurrentIndex(_index_of(combo, target))
    combo.activated.emit(combo.currentIndex())
    after = sheet_of(document, BARTHOLOMEW)
    assert isinstance(after, AdventureSheet)
    assert after.facets[0].suit is target and after.facets[2].suit is before.facets[0].suit
    assert after.facets[0].name == before.facets[0].name
    assert len({facet.suit for facet in after.facets}) == 4


def _index_of(combo: QtWidgets.QComboBox, suit: Suit) -> int:
    return next(i for i in range(combo.count()) if suit.value in combo.itemText(i).lower())


def test_the_strong_mark_on_the_weak_facet_is_refused_with_the_sheets_message(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    take_computer(document.session, PlayerId("bea"))
    editor.select(BARTHOLOMEW)
    form = shown_form(editor)
    assert isinstance(form, AdventureForm)
    sheet = sheet_of(document, BARTHOLOMEW)
    assert isinstance(sheet, AdventureSheet) and sheet.weak is not None
    weak_row = next(i for i, facet in enumerate(sheet.facets) if facet.suit is sheet.weak)
    strong_mark = form.facet_fields[weak_row][2]
    qtbot.mouseClick(strong_mark.editor, Qt.MouseButton.LeftButton)
    assert sheet_of(document, BARTHOLOMEW) is sheet
    assert form.problem_messages() == [p.message for p in sheet.problems_if(strong=sheet.weak)]
    assert not strong_mark.editor.isChecked()  # snapped back

    strong_row = next(i for i, facet in enumerate(sheet.facets) if facet.suit is sheet.strong)
    qtbot.mouseClick(form.facet_fields[strong_row][2].editor, Qt.MouseButton.LeftButton)
    cleared = sheet_of(document, BARTHOLOMEW)
    assert isinstance(cleared, AdventureSheet) and cleared.strong is None
    assert log_texts(document)[-1] == "Bea changed Bartholomew Quince's Strong Suit to none"


def test_renaming_an_ability_carries_its_penalty_along(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    take_computer(document.session, PlayerId("chidi"))
    editor.select(ISOLDE)
    form = shown_form(editor)
    assert isinstance(form, PoolForm)
    sheet = sheet_of(document, ISOLDE)
    assert isinstance(sheet, PoolSheet)
    old_name = sheet.penalties[0].ability
    index = next(i for i, a in enumerate(sheet.abilities) if a.name == old_name)
    name = next(f for f in form.abilities.own_fields if f.path == ("abilities", index, "name"))
    type_into(qtbot, name, "Fencing")
    renamed = sheet_of(document, ISOLDE)
    assert isinstance(renamed, PoolSheet)
    assert renamed.abilities[index].name == "Fencing"
    assert renamed.penalties[0].ability == "Fencing"
    assert renamed.effective_rating("Fencing") == sheet.effective_rating(old_name)
    rating = next(f for f in form.abilities.own_fields if f.path == ("abilities", index, "rating"))
    assert isinstance(rating, NumberField)
    type_into(qtbot, rating, "0")
    zero = tuple(evolve(a, rating=0) if i == index else a for i, a in enumerate(renamed.abilities))
    assert form.problem_messages() == [p.message for p in renamed.problems_if(abilities=zero)]
    assert sheet_of(document, ISOLDE) is renamed


# -- who may edit -------------------------------------------------------------------------------


def test_another_players_sheet_is_read_only_and_the_curtain_stops_all_edits(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    picker = [editor.picker.itemData(i) for i in range(editor.picker.count())]
    mine = [c for c in picker if c and document.session.characters[c].player == ALEX]
    assert picker[: len(mine)] == mine and len(mine) == 2  # Alex's characters first
    editor.select(WREN)
    form = shown_form(editor)
    assert form.read_only and editor.banner.isVisible()
    assert "Bea" in editor.banner.text()
    assert form.name_field.editor.isReadOnly()

    editor.select(OTTILIE)
    assert not shown_form(editor).read_only
    assert document.apply(PassSeat(1))
    assert shown_form(editor).read_only and "curtain" in editor.banner.text()


# -- the portrait -------------------------------------------------------------------------------


def test_a_portrait_loads_from_an_image_and_a_text_file_is_refused_by_name(
    qtbot: QtBot,
    editor: SheetEditor,
    document: SessionDocument,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    editor.select(OTTILIE)
    form = shown_form(editor)
    picture = tmp_path / "ottilie.png"
    buffer = io.BytesIO()
    Image.new("RGB", (300, 400), "#3a2c5c").save(buffer, "PNG")
    picture.write_bytes(buffer.getvalue())
    notes = tmp_path / "notes.txt"
    notes.write_text("not a picture")
    chosen = [str(picture)]
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getOpenFileName", lambda *args: (chosen[0], "Images")
    )
    warnings: list[str] = []
    monkeypatch.setattr(
        QtWidgets.QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text)
    )

    qtbot.mouseClick(form.portrait.load_button, Qt.MouseButton.LeftButton)
    sheet = sheet_of(document, OTTILIE)
    assert isinstance(sheet, TarotSheet) and sheet.portrait is not None
    assert sheet.portrait.size == (300, 400)
    assert not form.portrait.thumbnail.pixmap().isNull()
    assert (
        log_texts(document)[-1] == "Alex changed Ottilie Marchbank's portrait (loaded ottilie.png)"
    )
    assert form.portrait.remove_button.isEnabled()

    chosen[0] = str(notes)
    qtbot.mouseClick(form.portrait.load_button, Qt.MouseButton.LeftButton)
    assert len(warnings) == 1 and "notes.txt" in warnings[0]
    assert sheet_of(document, OTTILIE) is sheet

    qtbot.mouseClick(form.portrait.remove_button, Qt.MouseButton.LeftButton)
    removed = sheet_of(document, OTTILIE)
    assert isinstance(removed, TarotSheet) and removed.portrait is None
    assert document.undo()
    assert sheet_of(document, OTTILIE) == sheet
    assert not form.portrait.thumbnail.pixmap().isNull()


# -- a new character ----------------------------------------------------------------------------


def test_a_new_character_comes_in_with_a_blank_sheet_bearing_its_name(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    dialog = NewCharacterDialog(document)
    qtbot.addWidget(dialog)
    assert not dialog.ok.isEnabled()
    qtbot.keyClicks(dialog.name, "M" * (MAX_NAME + 1))
    assert not dialog.ok.isEnabled() and dialog.problems.messages()
    dialog.name.clear()
    qtbot.keyClicks(dialog.name, "Mirela Dusk")
    assert dialog.ok.isEnabled() and dialog.problems.messages() == []
    dialog.system.setCurrentIndex(dialog.system.findData("tarot"))
    assert dialog.player.currentData() == ALEX  # whoever holds the computer
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert dialog.created is not None
    character = document.session.characters[dialog.created]
    assert (character.name, character.player, character.system) == ("Mirela Dusk", ALEX, "tarot")
    assert character.sheet == SHEET_TYPES["tarot"]().revised(name="Mirela Dusk", player="Alex")
    assert log_texts(document)[-1] == "Alex brought in Mirela Dusk (N-Dimensional Tourists)"

    # The picker offers her with Alex's characters, and her form edits her sheet.
    assert editor.picker.findData(dialog.created) >= 0
    editor.select(dialog.created)
    form = shown_form(editor)
    assert isinstance(form, TarotForm)
    type_into(qtbot, form.attributes["rock"], "3")
    sheet = document.session.characters[dialog.created].sheet
    assert isinstance(sheet, TarotSheet) and sheet.rock == 3
    assert log_texts(document)[-1] == f"Alex changed Mirela Dusk's Rock to {LADDER[3]} (3)"


def test_new_in_the_editor_brings_a_character_in_and_shows_its_sheet(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    def fill_in() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(dialog, NewCharacterDialog):
            QtCore.QTimer.singleShot(10, fill_in)
            return
        qtbot.keyClicks(dialog.name, "Old Tom")
        dialog.system.setCurrentIndex(dialog.system.findData("adventure"))
        assert dialog.hand.isChecked()  # adventure characters hold cards
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)

    QtCore.QTimer.singleShot(0, fill_in)
    qtbot.mouseClick(editor.new_button, Qt.MouseButton.LeftButton)
    shown = editor.current_character()
    assert shown is not None and document.session.characters[shown].name == "Old Tom"
    assert isinstance(editor.form, AdventureForm)
    assert f"hand/{shown}" in document.session.table.piles
    assert len(document.session.table.piles[f"hand/{shown}"].cards) == 3  # its starting hand

    # Its hand dealt and seen, Undo stops there.
    assert not document.undo()
    assert document.session.undo_blocked_reason.startswith(
        "Chance was taken since (Alex brought in Old Tom (Fantastical Adventure)): "
    )
    assert editor.current_character() == shown


def test_opening_another_session_shows_its_characters(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    editor.select(WREN)
    fresh = load(demo_path(), rng=seeded(1))
    document.replace(fresh)
    first = next(iter(fresh.characters))
    assert editor.current_character() == first
    assert editor.form is not None and editor.form.sheet is fresh.characters[first].sheet


def test_scrolling_the_form_over_a_box_changes_nothing(
    qtbot: QtBot, editor: SheetEditor, document: SessionDocument
) -> None:
    take_computer(document.session, DANA)  # the GM may edit Bea's character
    editor.select(BARTHOLOMEW)
    form = shown_form(editor)
    assert isinstance(form, AdventureForm)
    sheet = sheet_of(document, BARTHOLOMEW)
    entries = len(document.session.log)
    for field in (form.facet_fields[0][0], form.power):
        box = field.editor
        centre = QtCore.QPointF(box.rect().center())
        wheel = QtGui.QWheelEvent(
            centre,
            QtCore.QPointF(box.mapToGlobal(centre.toPoint())),
            QtCore.QPoint(0, 0),
            QtCore.QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QtWidgets.QApplication.sendEvent(box, wheel)
    assert sheet_of(document, BARTHOLOMEW) is sheet
    assert len(document.session.log) == entries
