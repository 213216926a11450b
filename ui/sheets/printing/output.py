"""Printing character sheets: to a PDF file (vector text, one page per sheet) or a printer.

>>> from cardtable.sheets import sample_characters
>>> print_sheets(sample_characters(), Path("party.pdf"), "letter")  # doctest: +SKIP
5

A PDF is rendered in memory, written to a temporary file beside the target and then moved
over it, so a failed print never leaves a half-written file (nor spoils an older one).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from cardtable import __version__
from cardtable.sheets import Sheet, blank, sample_characters
from cardtable.ui.art.fonts import use_bundled_fonts
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.sheets.printing.canvas import Canvas
from cardtable.ui.sheets.printing.frame import PALETTES
from cardtable.ui.sheets.printing.notes_page import draw_notes, notes_pages
from cardtable.ui.sheets.printing.pages import draw_sheet

if TYPE_CHECKING:
    from cardtable.session.words_actions import SheetWords

#: Paper names the command line and the menus accept.
PAPERS: dict[str, QtGui.QPageSize.PageSizeId] = {
    "a4": QtGui.QPageSize.PageSizeId.A4,
    "letter": QtGui.QPageSize.PageSizeId.Letter,
}
#: Device pixels per inch of the PDF: text positions are exact to 1/10 point.
PDF_DPI = 720


class PrintError(ValueError):
    """A print that cannot be made (no sheets, unknown paper), with what to do instead."""


@frozen
class PageRequest:
    """One page to print: a sheet, or (``blank``) an empty sheet of the same system."""

    sheet: Sheet
    blank: bool = False
    #: The GM's private notes, printed on pages of their own after the sheet.
    notes: tuple[str, ...] = ()
    #: The words the session's tarot carries, by the rules' card name (the name players see,
    #: upright, reversed), written for a tarot sheet's Sleeve Cards.
    words: tuple[tuple[str, SheetWords], ...] = ()


def page_size_id(paper: str) -> QtGui.QPageSize.PageSizeId:
    """The Qt page size for ``"a4"`` or ``"letter"`` (any case)."""
    try:
        return PAPERS[paper.strip().lower()]
    except KeyError:
        raise PrintError(f"{paper!r} is not a paper size; choose a4 or letter.") from None


def ensure_gui_application() -> QtGui.QGuiApplication:
    """The running Qt application; a windowless one is started when there is none.

    It is a full QApplication, so that dialogs and widgets still work later in the same
    process. Headless machines need ``QT_QPA_PLATFORM=offscreen`` (the ``print`` command
    sets it).
    """
    app = QtWidgets.QApplication.instance()
    if app is None:
        app = QtWidgets.QApplication(["cardtable"])
        use_bundled_fonts(app)
    assert isinstance(app, QtGui.QGuiApplication)
    return app


def paint_pages(
    painter: QtGui.QPainter, device: QtGui.QPagedPaintDevice, pages: Sequence[PageRequest]
) -> None:
    """Paint ``pages`` on ``device`` (a PDF writer or a printer), starting new pages between."""
    size = device.pageLayout().fullRectPoints().size()
    page_size = QtCore.QSizeF(size.width(), size.height())
    canvases = [Canvas(painter, device, PALETTES[request.sheet.system]) for request in pages]
    extra = [
        notes_pages(canvas, request.sheet, request.notes, page_size) if request.notes else []
        for canvas, request in zip(canvases, pages, strict=True)
    ]
    total = len(pages) + sum(len(more) for more in extra)
    number = 0
    for canvas, request, more in zip(canvases, pages, extra, strict=True):
        number += 1
        if number > 1:
            device.newPage()
        draw_sheet(
            canvas,
            request.sheet,
            page_size,
            blank=request.blank,
            number=number,
            total=total,
            words=dict(request.words),
        )
        for notes in more:
            number += 1
            device.newPage()
            draw_notes(canvas, request.sheet, notes, page_size, number=number, total=total)


def render_pdf(pages: Sequence[PageRequest], paper: str = "a4", *, title: str = "") -> bytes:
    """The PDF of ``pages``, as bytes."""
    if not pages:
        raise PrintError("There is nothing to print: choose at least one character.")
    size_id = page_size_id(paper)
    ensure_gui_application()
    buffer = QtCore.QBuffer()
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    writer = QtGui.QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    writer.setPageLayout(
        QtGui.QPageLayout(
            QtGui.QPageSize(size_id),
            QtGui.QPageLayout.Orientation.Portrait,
            QtCore.QMarginsF(0, 0, 0, 0),
            QtGui.QPageLayout.Unit.Point,
        )
    )
    writer.setTitle(title or _title(pages))
    writer.setCreator(f"Cardtable {__version__}")
    painter = QtGui.QPainter()
    if not painter.begin(writer):
        raise OSError("Qt could not start a PDF.")
    try:
        paint_pages(painter, writer, pages)
    finally:
        painter.end()
    buffer.close()
    return bytes(buffer.data().data())


def _title(pages: Sequence[PageRequest]) -> str:
    if all(request.blank for request in pages):
        return f"{pages[0].sheet.title} character sheet"
    names = [request.sheet.name.strip() for request in pages if request.sheet.name.strip()]
    return ", ".join(names) if names else "Character sheets"


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".part", dir=path.parent if str(path.parent) else "."
    )
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        # mkstemp makes the file private; give it the mode a plain new file would have.
        os.chmod(temporary, _existing_mode(path))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _existing_mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def print_pages(pages: Sequence[PageRequest], path: Path, paper: str = "a4") -> int:
    """Write ``pages`` to the PDF file ``path``; returns the number of pages written."""
    data = render_pdf(pages, paper)
    write_atomically(Path(path), data)
    return len(pages)


def print_sheets(sheets: Sequence[Sheet], path: Path, paper: str = "a4") -> int:
    """One page per character sheet, to the PDF file ``path``; returns the pages written."""
    return print_pages([PageRequest(sheet) for sheet in sheets], path, paper)


def print_blank(system: str, path: Path, paper: str = "a4") -> int:
    """An empty sheet of ``system`` to fill in by hand, to the PDF file ``path``."""
    return print_pages([PageRequest(blank(system), blank=True)], path, paper)


# ---------------------------------------------------------------------------------------------
# From the app


def print_to_printer(parent: QtWidgets.QWidget | None, pages: Sequence[PageRequest]) -> bool:
    """Ask for a printer with Qt's print dialog and print ``pages``; False when cancelled.

    Where Qt offers no print dialog (no print support on the platform), returns False.
    """
    from cardtable.ui.qt import QtPrintSupport

    if not pages:
        raise PrintError("There is nothing to print: choose at least one character.")
    printer = QtPrintSupport.QPrinter(QtPrintSupport.QPrinter.PrinterMode.HighResolution)
    printer.setDocName(_title(pages))
    printer.setFullPage(True)
    dialog = QtPrintSupport.QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print character sheets")
    if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
        return False
    print_on(printer, pages)
    return True


def print_on(printer: QtGui.QPagedPaintDevice, pages: Sequence[PageRequest]) -> None:
    """Paint ``pages`` on an already set-up printer (or any paged device)."""
    painter = QtGui.QPainter()
    if not painter.begin(printer):
        raise OSError("The printer could not be started.")
    try:
        paint_pages(painter, printer, pages)
    finally:
        painter.end()


def export_pdf_dialog(
    parent: QtWidgets.QWidget | None, pages: Sequence[PageRequest], paper: str = "a4"
) -> Path | None:
    """File > Print to PDF...: ask where to save, write the PDF; the path, or None if cancelled."""
    suggestion = _title(pages).replace(",", "").replace(" ", "-").lower() + ".pdf"
    chosen, _filter = QtWidgets.QFileDialog.getSaveFileName(
        parent, "Print to PDF", suggestion, "PDF documents (*.pdf)"
    )
    if not chosen:
        return None
    path = Path(chosen)
    if path.suffix.lower() != ".pdf":
        path = path.with_suffix(".pdf")
    print_pages(pages, path, paper)
    return path


# ---------------------------------------------------------------------------------------------
# Benchmark


def bench_pdf(repeats: int = 5) -> dict[str, float]:
    """Time the sample party (one page per character) to PDF; the best of ``repeats`` runs.

    Returns ``{"pdf_party_ms": ..., "pdf_kb_per_page": ..., "pdf_first_ms": ...}``; the first
    run, which loads the fonts, is reported apart.
    """
    ensure_gui_application()
    party = sample_characters()
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "party.pdf"
        timings = []
        for _ in range(max(1, repeats) + 1):
            start = time.perf_counter()
            pages = print_sheets(party, target)
            timings.append((time.perf_counter() - start) * 1000)
        size = target.stat().st_size
    return {
        "pdf_party_ms": round(min(timings[1:]), 1),
        "pdf_kb_per_page": round(size / 1024 / pages, 1),
        "pdf_first_ms": round(timings[0], 1),
    }
