"""The GM's private notes, printed after the GM's own sheet when asked.

The page wears the sheet's frame (band, name, portrait, footer) with the notes in one framed
section, each note its own paragraph; notes that do not fit go on to further pages.
:func:`notes_pages` says how the notes split into pages before anything is painted, so the
footer can number them.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.sheets import Sheet
from cardtable.ui.qt import QtCore, QtGui
from cardtable.ui.sheets.printing.canvas import Canvas, Face
from cardtable.ui.sheets.printing.frame import ROW, draw_frame

SIZE = 10.5
TITLE = "The GM's notes (private)"


def _box(canvas: Canvas, sheet: Sheet, page_size: QtCore.QSizeF, number: int, total: int
         ) -> QtCore.QRectF:
    page = draw_frame(canvas, sheet, page_size, blank=False, number=number, total=total)
    flow = page.below_columns()
    return canvas.section(flow.take(page.bottom - flow.y), TITLE)


def notes_pages(canvas: Canvas, sheet: Sheet, notes: Sequence[str], page_size: QtCore.QSizeF
                ) -> list[list[str]]:
    """``notes`` split into the pages they fill (a note is never split)."""
    box = _box_size(canvas, sheet, page_size)
    pages: list[list[str]] = [[]]
    used = 0.0
    for note in notes:
        height = canvas.lines_needed(note, Face.SERIF, SIZE, box.width()) * ROW + ROW / 2
        if pages[-1] and used + height > box.height():
            pages.append([])
            used = 0.0
        pages[-1].append(note)
        used += height
    return pages


def _box_size(canvas: Canvas, sheet: Sheet, page_size: QtCore.QSizeF) -> QtCore.QRectF:
    """Where the notes go, measured by laying the frame out on a throwaway picture."""
    picture = QtGui.QPicture()
    painter = QtGui.QPainter(picture)
    try:
        return _box(Canvas(painter, canvas.device, canvas.palette), sheet, page_size, 1, 1)
    finally:
        painter.end()


def draw_notes(canvas: Canvas, sheet: Sheet, notes: Sequence[str], page_size: QtCore.QSizeF,
               *, number: int, total: int) -> None:
    """Paint one page of ``notes`` under ``sheet``'s frame."""
    box = _box(canvas, sheet, page_size, number, total)
    y = box.y()
    for note in notes:
        rect = QtCore.QRectF(box.x(), y, box.width(), box.bottom() - y)
        y += canvas.paragraph(rect, note, Face.SERIF, SIZE, leading=ROW / SIZE) + ROW / 2
