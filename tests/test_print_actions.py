"""File > Print to PDF… and File > Print…: the dialog answered by clicks, the PDF read back."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session import CharacterId, load
from cardtable.session.demo import demo_path
from cardtable.sheets import SHEET_TYPES
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtPrintSupport, QtWidgets
from cardtable.ui.sheets.printing.actions import PrintDialog, install_print_actions

OTTILIE = CharacterId("ottilie-marchbank")


def pdf_info(path: Path) -> dict[str, str]:
    assert shutil.which("pdfinfo"), "pdfinfo is missing: apt-get install -y poppler-utils"
    out = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True)
    lines = out.stdout.splitlines()
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in lines)}


def pdf_text(path: Path) -> str:
    out = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True)
    return " ".join(out.stdout.split())


@pytest.fixture
def document() -> SessionDocument:
    return SessionDocument(load(demo_path(), rng=seeded(1)))


@pytest.fixture
def window(qtbot: QtBot, document: SessionDocument) -> QtWidgets.QMainWindow:
    main = QtWidgets.QMainWindow()
    qtbot.addWidget(main)
    main.setCentralWidget(QtWidgets.QWidget())
    main.show()
    return main


def answer_dialog(qtbot: QtBot, answer: Callable[[PrintDialog], None]) -> list[str]:
    """Answer the print dialog, when it opens, the way a player would (clicks); returns the
    titles of the dialogs seen."""
    seen: list[str] = []

    def respond() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(dialog, PrintDialog):
            QtCore.QTimer.singleShot(10, respond)
            return
        seen.append(dialog.windowTitle())
        answer(dialog)

    QtCore.QTimer.singleShot(0, respond)
    return seen


def click(qtbot: QtBot, widget: QtWidgets.QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def choose_save_path(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getSaveFileName", lambda *args: (str(path), "PDF (*.pdf)")
    )


def test_the_file_menu_gets_both_print_actions(
    window: QtWidgets.QMainWindow, document: SessionDocument
) -> None:
    menu = window.menuBar().addMenu("&File")
    save = menu.addAction("&Save")
    menu.addSeparator()
    quit_ = menu.addAction("&Quit")
    actions = install_print_actions(menu, window, document, lambda: OTTILIE, before=quit_)
    texts = [action.text().replace("&", "") for action in menu.actions()]
    assert texts == ["Save", "", "Print to PDF…", "Print…", "", "Quit"]
    assert save is menu.actions()[0]
    assert actions.to_pdf.toolTip() and actions.to_printer is not None
    assert not actions.to_printer.shortcut().isEmpty()


def test_the_whole_party_prints_to_a_pdf_with_a_page_per_character(
    qtbot: QtBot,
    window: QtWidgets.QMainWindow,
    document: SessionDocument,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    menu = window.menuBar().addMenu("&File")
    actions = install_print_actions(menu, window, document, lambda: OTTILIE)
    choose_save_path(monkeypatch, tmp_path / "party")

    def party_on_letter(dialog: PrintDialog) -> None:
        click(qtbot, dialog.party)
        dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
        click(qtbot, dialog.ok)

    seen = answer_dialog(qtbot, party_on_letter)
    actions.to_pdf.trigger()
    assert seen == ["Print to PDF"]
    written = tmp_path / "party.pdf"
    info = pdf_info(written)
    assert int(info["Pages"]) == len(document.session.characters)
    width, height = (float(n) for n in re.findall(r"[\d.]+", info["Page size"])[:2])
    assert (round(width), round(height)) == (612, 792)  # Letter, in points
    text = pdf_text(written)
    for character in document.session.characters.values():
        assert character.name in text
    assert "party.pdf" in window.statusBar().currentMessage()


def test_this_character_and_a_blank_sheet_are_one_page_each(
    qtbot: QtBot,
    window: QtWidgets.QMainWindow,
    document: SessionDocument,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    menu = QtWidgets.QMenu(window)
    actions = install_print_actions(menu, window, document, lambda: OTTILIE)

    choose_save_path(monkeypatch, tmp_path / "ottilie.pdf")
    answer_dialog(qtbot, lambda dialog: click(qtbot, dialog.ok))  # "this character" is chosen
    actions.to_pdf.trigger()
    assert pdf_info(tmp_path / "ottilie.pdf")["Pages"] == "1"
    assert "Ottilie Marchbank" in pdf_text(tmp_path / "ottilie.pdf")

    def blank_crisis(dialog: PrintDialog) -> None:
        dialog.system.setCurrentIndex(dialog.system.findData("crisis"))
        click(qtbot, dialog.blank)
        click(qtbot, dialog.ok)

    choose_save_path(monkeypatch, tmp_path / "blank.pdf")
    answer_dialog(qtbot, blank_crisis)
    actions.to_pdf.trigger()
    assert pdf_info(tmp_path / "blank.pdf")["Pages"] == "1"
    text = pdf_text(tmp_path / "blank.pdf")
    assert SHEET_TYPES["crisis"].title.upper() in text.upper()
    assert "Ottilie" not in text


def test_cancelling_writes_nothing(
    qtbot: QtBot,
    window: QtWidgets.QMainWindow,
    document: SessionDocument,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    actions = install_print_actions(QtWidgets.QMenu(window), window, document, lambda: None)
    choose_save_path(monkeypatch, tmp_path / "never.pdf")

    def cancel(dialog: PrintDialog) -> None:
        assert not dialog.this.isEnabled() and dialog.party.isChecked()
        dialog.reject()

    answer_dialog(qtbot, cancel)
    actions.to_pdf.trigger()
    assert not (tmp_path / "never.pdf").exists()


def test_print_hands_the_chosen_pages_to_qts_print_dialog(
    qtbot: QtBot,
    window: QtWidgets.QMainWindow,
    document: SessionDocument,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    printed = tmp_path / "printer.pdf"

    class PrintDialogStandIn:
        """The platform's print dialog, where the player picks "print to file"."""

        def __init__(self, printer: QtPrintSupport.QPrinter, parent: object) -> None:
            printer.setOutputFormat(QtPrintSupport.QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(printed))

        def setWindowTitle(self, title: str) -> None:
            pass

        def exec(self) -> QtWidgets.QDialog.DialogCode:
            return QtWidgets.QDialog.DialogCode.Accepted

    monkeypatch.setattr(QtPrintSupport, "QPrintDialog", PrintDialogStandIn)
    actions = install_print_actions(QtWidgets.QMenu(window), window, document, lambda: OTTILIE)
    assert actions.to_printer is not None

    def party(dialog: PrintDialog) -> None:
        assert not dialog.paper.isVisible()  # the printer dialog chooses the paper
        click(qtbot, dialog.party)
        click(qtbot, dialog.ok)

    seen = answer_dialog(qtbot, party)
    actions.to_printer.trigger()
    assert seen == ["Print"]
    assert int(pdf_info(printed)["Pages"]) == len(document.session.characters)
