"""File > Print to PDF… and File > Print…: character sheets from the app.

Both ask what to print (this character, the whole party with a page per character, or a
blank sheet of a chosen system); Print to PDF also asks for the paper (A4 or Letter) and
then where to save, Print… hands over to Qt's print dialog, which picks printer and paper.

Wiring (in the main window, once the session document and the sheet dock exist)::

    install_print_actions(file_menu, window, document, sheet_dock.current_character,
                          before=quit_action)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from attrs import evolve, frozen

from cardtable.session import Character, CharacterId
from cardtable.session.authority import gm_of
from cardtable.session.gm_notes import gm_may_read, gm_notes
from cardtable.session.words_actions import table_words
from cardtable.sheets import SHEET_TYPES, Sheet, blank
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtCore, QtGui, QtPrintSupport, QtWidgets
from cardtable.ui.sheets.printing.output import (
    PageRequest,
    PrintError,
    export_pdf_dialog,
    print_to_printer,
)

CurrentCharacter = Callable[[], "CharacterId | None"]

THIS, PARTY, BLANK = "this", "party", "blank"


def party_pages(document: SessionDocument) -> list[PageRequest]:
    """A page per character, in the order they joined (a sheet not written yet prints blank)."""
    return [_page(document, c) for c in document.session.characters.values()]


def _page(document: SessionDocument, character: Character) -> PageRequest:
    """``character``'s page, with the words the session's tarot carries."""
    state = document.session.state
    words = table_words(state.decks, state.table.cards.values())
    return PageRequest(_sheet_of(document, character), words=tuple(words.items()))


def _sheet_of(document: SessionDocument, character: Character) -> Sheet:
    if character.sheet is not None:
        return character.sheet
    player = next((p for p in document.session.players if p.id == character.player), None)
    return blank(character.system).revised(
        name=character.name, player=player.name if player is not None else ""
    )


def default_paper() -> str:
    """Letter where the locale measures in inches (the US), A4 elsewhere."""
    imperial = QtCore.QLocale.MeasurementSystem.ImperialUSSystem
    return "letter" if QtCore.QLocale().measurementSystem() == imperial else "a4"


@frozen
class PrintChoice:
    """What the player chose to print, and on which paper (for a PDF)."""

    pages: tuple[PageRequest, ...]
    paper: str


class PrintDialog(QtWidgets.QDialog):
    """What to print: this character, the whole party, or a blank sheet of a system."""

    def __init__(
        self,
        document: SessionDocument,
        current: CharacterId | None,
        *,
        pdf: bool,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        session = document.session
        character = session.characters.get(current) if current is not None else None
        self._character = character
        self.setWindowTitle("Print to PDF" if pdf else "Print")
        self.setAccessibleName(self.windowTitle())

        self.this = QtWidgets.QRadioButton(
            f"This &character: {character.name}" if character else "This &character"
        )
        self.this.setToolTip("The sheet shown in the character sheet editor, on one page")
        self.this.setEnabled(character is not None)
        count = len(session.characters)
        self.party = QtWidgets.QRadioButton(
            f"The whole &party ({count} character{'s' if count != 1 else ''}, a page each)"
        )
        self.party.setToolTip("Every character's sheet, one page per character")
        self.party.setEnabled(count > 0)
        self.blank = QtWidgets.QRadioButton("A &blank sheet of")
        self.blank.setToolTip("An empty sheet to fill in by hand")
        self.system = QtWidgets.QComboBox()
        self.system.setAccessibleName("System of the blank sheet")
        self.system.setToolTip("The system of the blank sheet")
        for key, sheet_type in SHEET_TYPES.items():
            self.system.addItem(sheet_type.title, key)
        if character is not None:
            self.system.setCurrentIndex(max(0, self.system.findData(character.system)))
        self.system.activated.connect(lambda _index: self.blank.setChecked(True))
        group = QtWidgets.QButtonGroup(self)
        for button in (self.this, self.party, self.blank):
            group.addButton(button)
        (self.this if character else self.party if count else self.blank).setChecked(True)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(QtWidgets.QLabel("Print which sheets?"))
        layout.addWidget(self.this)
        layout.addWidget(self.party)
        blank_row = QtWidgets.QHBoxLayout()
        blank_row.addWidget(self.blank)
        blank_row.addWidget(self.system, 1)
        layout.addLayout(blank_row)
        # The GM's own sheet may carry the GM's notes, read only at the GM's seat.
        self.gm_notes = QtWidgets.QCheckBox("With the GM's private &notes")
        self.gm_notes.setToolTip("The GM's notes on pages of their own after the GM's own "
                                 "sheet (only at the GM's seat)")
        gm = gm_of(session.state)
        self._gm_characters = [c for c in session.characters.values() if c.player == gm]
        self.notes_offered = (gm_may_read(session) and bool(self._gm_characters)
                              and bool(gm_notes(session)))
        self.gm_notes.setVisible(self.notes_offered)
        layout.addWidget(self.gm_notes)
        for button in (self.this, self.party, self.blank):
            button.toggled.connect(self._allow_notes)
        self._allow_notes()

        self.paper = QtWidgets.QComboBox()
        self.paper.setAccessibleName("Paper")
        self.paper.setToolTip("The paper size of the PDF")
        self.paper.addItem("A4 (210 × 297 mm)", "a4")
        self.paper.addItem("Letter (8.5 × 11 in)", "letter")
        self.paper.setCurrentIndex(max(0, self.paper.findData(default_paper())))
        if pdf:
            paper_row = QtWidgets.QFormLayout()
            paper_row.addRow("Pape&r", self.paper)
            layout.addSpacing(6)
            layout.addLayout(paper_row)

        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Save as PDF…" if pdf else "Print…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addSpacing(6)
        layout.addWidget(buttons)
        self.setMinimumWidth(400)

    def _gm_page(self) -> int | None:
        """Which page of the choice is the GM's own sheet (the first, with several)."""
        if self.this.isChecked() and self._character in self._gm_characters:
            return 0
        if self.party.isChecked() and self._gm_characters:
            return list(self._document.session.characters.values()).index(
                self._gm_characters[0])
        return None

    def _allow_notes(self) -> None:
        self.gm_notes.setEnabled(self._gm_page() is not None)

    def choice(self) -> PrintChoice:
        """The pages and paper the dialog shows chosen."""
        paper = str(self.paper.currentData())
        if self.this.isChecked() and self._character is not None:
            pages: list[PageRequest] = [_page(self._document, self._character)]
        elif self.party.isChecked():
            pages = party_pages(self._document)
        else:
            pages = [PageRequest(blank(str(self.system.currentData())), blank=True)]
        at = self._gm_page()
        session = self._document.session
        if self.notes_offered and self.gm_notes.isChecked() and at is not None:
            notes = tuple(note.text for note in gm_notes(session))
            pages[at] = evolve(pages[at], notes=notes)
        return PrintChoice(tuple(pages), paper)


def ask_what_to_print(
    parent: QtWidgets.QWidget | None,
    document: SessionDocument,
    current: CharacterId | None,
    *,
    pdf: bool,
) -> PrintChoice | None:
    """Show the :class:`PrintDialog`; the choice, or None when cancelled."""
    dialog = PrintDialog(document, current, pdf=pdf, parent=parent)
    if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
        return None
    return dialog.choice()


def printer_dialog_available() -> bool:
    """True where Qt offers a print dialog (print support built in)."""
    return hasattr(QtPrintSupport, "QPrintDialog")


@frozen
class PrintActions:
    """The two menu actions, kept so the caller can reach them (tests, toolbars)."""

    to_pdf: QtGui.QAction
    to_printer: QtGui.QAction | None


def install_print_actions(
    menu: QtWidgets.QMenu,
    parent: QtWidgets.QWidget,
    document: SessionDocument,
    current_character: CurrentCharacter,
    *,
    before: QtGui.QAction | None = None,
) -> PrintActions:
    """Add "Print to PDF…" and "Print…" to ``menu`` (the File menu), in a group of their own
    above ``before`` (Quit, say), or at the end.

    ``current_character`` says which character "this character" is (the one the sheet
    editor shows: pass ``sheet_dock.current_character``).
    """
    to_pdf = QtGui.QAction("Print to PD&F…", parent)
    # Ctrl+Shift+P passes the computer to the next player.
    to_pdf.setShortcut(QtGui.QKeySequence("Ctrl+Alt+P"))
    tip = "Save character sheets (one, the party, or a blank one) as a PDF"
    to_pdf.setToolTip(tip)
    to_pdf.setStatusTip(tip)
    to_pdf.triggered.connect(lambda: print_to_pdf(parent, document, current_character()))
    to_printer = None
    if printer_dialog_available():
        to_printer = QtGui.QAction("&Print…", parent)
        to_printer.setShortcut(QtGui.QKeySequence.StandardKey.Print)
        tip = "Print character sheets on a printer"
        to_printer.setToolTip(tip)
        to_printer.setStatusTip(tip)
        to_printer.triggered.connect(
            lambda: print_on_printer(parent, document, current_character())
        )
    added = [to_pdf] if to_printer is None else [to_pdf, to_printer]
    if before is None:
        menu.addActions(added)
    else:
        menu.insertActions(before, added)
        menu.insertSeparator(before)
    return PrintActions(to_pdf, to_printer)


def print_to_pdf(
    parent: QtWidgets.QWidget | None, document: SessionDocument, current: CharacterId | None
) -> Path | None:
    """Ask what to print and where, and write the PDF; its path, or None if cancelled."""
    choice = ask_what_to_print(parent, document, current, pdf=True)
    if choice is None:
        return None
    try:
        path = export_pdf_dialog(parent, choice.pages, choice.paper)
    except (OSError, PrintError) as error:
        _complain(parent, "The PDF was not written", error)
        return None
    if path is not None:
        pages = len(choice.pages)
        _status(parent, f"Wrote {pages} page{'s' if pages != 1 else ''} to {path}")
    return path


def print_on_printer(
    parent: QtWidgets.QWidget | None, document: SessionDocument, current: CharacterId | None
) -> bool:
    """Ask what to print, then hand over to Qt's print dialog; False when cancelled."""
    choice = ask_what_to_print(parent, document, current, pdf=False)
    if choice is None:
        return False
    try:
        printed = print_to_printer(parent, choice.pages)
    except (OSError, PrintError) as error:
        _complain(parent, "Nothing was printed", error)
        return False
    if printed:
        pages = len(choice.pages)
        _status(parent, f"Sent {pages} page{'s' if pages != 1 else ''} to the printer")
    return printed


def _complain(parent: QtWidgets.QWidget | None, title: str, error: Exception) -> None:
    reason = getattr(error, "strerror", None) or str(error)
    filename = getattr(error, "filename", None)
    where = f"{filename}: " if filename else ""
    QtWidgets.QMessageBox.warning(parent, title, f"{where}{reason}")


def _status(parent: QtWidgets.QWidget | None, text: str) -> None:
    window = parent.window() if parent is not None else None
    if isinstance(window, QtWidgets.QMainWindow):
        window.statusBar().showMessage(text, 8000)
