"""The frame every printed sheet shares, and the pieces the systems' pages are built from.

A page is laid out in points inside the paper's margins: a title band, the player (and, on a
blank sheet, the name) with the portrait to the right, the system's sections, free notes
filling what is left, and a footer. A blank sheet has the same layout with empty boxes and
writing lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

from attrs import define

from cardtable.cards import TarotSuit
from cardtable.sheets.banzai import Element
from cardtable.sheets.common import SheetBase
from cardtable.ui.qt import Qt, QtCore, QtGui
from cardtable.ui.sheets.printing.canvas import Canvas, Face, Palette
from cardtable.ui.sheets.symbols import (
    compass_star,
    die_face,
    element_emblem,
    ripples,
    tarot_emblem,
)

QRectF: TypeAlias = QtCore.QRectF
QColor: TypeAlias = QtGui.QColor

MARGIN = 32.0
BAND = 58.0
GAP = 12.0
FOOTER = 16.0
RIGHT_COLUMN = 138.0
PORTRAIT_HEIGHT = 168.0
ROW = 19.0
#: The least height the free notes keep at the foot of a page: a few writing lines.
NOTES_MINIMUM = 3 * ROW + 16

PALETTES: dict[str, Palette] = {
    "tarot": Palette(QColor("#3a2c5c"), QColor("#b28a2e"), QColor("#efeaf6")),
    "crisis": Palette(QColor("#6e1c1c"), QColor("#c0582b"), QColor("#f7ecea")),
    "pool": Palette(QColor("#1c5660"), QColor("#3f8f8a"), QColor("#e6f1f0")),
    "adventure": Palette(QColor("#24472f"), QColor("#a83232"), QColor("#e9f0ea")),
    "banzai": Palette(QColor("#2b2626"), QColor("#b3372b"), QColor("#f6ece6")),
}


@define
class Flow:
    """A column that hands out boxes from the top down."""

    x: float
    y: float
    width: float
    gap: float = GAP

    def take(self, height: float) -> QRectF:
        rect = QRectF(self.x, self.y, self.width, height)
        self.y += height + self.gap
        return rect


@define
class Page:
    """Where the shared frame left room: two columns under the band, and the page's bottom."""

    canvas: Canvas
    blank: bool
    left: Flow
    right: Flow
    full: QRectF
    bottom: float

    def below_columns(self) -> Flow:
        """A full-width flow starting under whichever column reaches lower."""
        return Flow(self.full.x(), max(self.left.y, self.right.y), self.full.width())

    def notes(self, flow: Flow, text: str, *, title: str = "Notes") -> None:
        """Free notes in whatever height is left (at least a few lines)."""
        height = max(NOTES_MINIMUM, self.bottom - flow.y)
        inner = self.canvas.section(flow.take(height), title)
        lined(self.canvas, inner, text if not self.blank else "")


def lined(canvas: Canvas, inner: QRectF, text: str, size: float = 10.5) -> None:
    """Writing lines across ``inner``, with ``text`` written on them."""
    y = inner.y() + ROW
    while y <= inner.bottom() + 0.5:
        canvas.rule(inner.x(), y - 3, inner.width())
        y += ROW
    if text:
        canvas.paragraph(inner.adjusted(2, -2, -2, 0), text, Face.SERIF, size, leading=ROW / size)


def draw_frame(
    canvas: Canvas,
    sheet: SheetBase,
    page_size: QtCore.QSizeF,
    *,
    blank: bool,
    number: int,
    total: int,
) -> Page:
    """Paint what every sheet has (band, name, player, portrait, footer); return the room left."""
    content = QRectF(
        MARGIN, MARGIN, page_size.width() - 2 * MARGIN, page_size.height() - 2 * MARGIN
    )
    _band(canvas, sheet, content, blank)
    top = content.y() + BAND + GAP + 4
    right_x = content.right() - RIGHT_COLUMN
    page = Page(
        canvas,
        blank,
        Flow(content.x(), top, right_x - GAP - content.x()),
        Flow(right_x, top, RIGHT_COLUMN),
        content,
        content.bottom() - FOOTER - 4,
    )
    _identity(page, sheet)
    _portrait(page, sheet)
    _footer(canvas, sheet, content, number, total)
    return page


def _band(canvas: Canvas, sheet: SheetBase, content: QRectF, blank: bool) -> None:
    palette = canvas.palette
    band = QRectF(content.x(), content.y(), content.width(), BAND)
    canvas.fill(band, palette.ink, radius=6)
    canvas.fill(QRectF(band.x(), band.bottom() - 4, band.width(), 4), palette.accent)
    canvas.circle(band.x() + 30, band.center().y() - 2, 20, fill=QColor("white"))
    _emblem(
        canvas, sheet.system, QRectF(band.x() + 17, band.center().y() - 15, 26, 26), palette.ink
    )
    text_x = band.x() + 62
    text_w = band.right() - 14 - text_x
    title = sheet.title if blank or not sheet.name.strip() else sheet.name.strip()
    subtitle = "Character sheet" if blank or not sheet.name.strip() else sheet.title
    canvas.text(
        QRectF(text_x, band.y() + 6, text_w, 32),
        title,
        Face.TITLE,
        24,
        QColor("white"),
        shrink_to=13,
    )
    canvas.text(
        QRectF(text_x, band.y() + 35, text_w, 14), subtitle.upper(), Face.LABEL, 8, palette.tint
    )


def _emblem(canvas: Canvas, system: str, rect: QRectF, color: QColor) -> None:
    if system == "tarot":
        canvas.shape(tarot_emblem(TarotSuit.UNKNOWN), rect, fill=color)
    elif system == "crisis":
        canvas.shape(die_face(5), rect, fill=color)
    elif system == "pool":
        canvas.shape(ripples(), rect, fill=color)
    elif system == "adventure":
        canvas.shape(compass_star(), rect, fill=color)
    else:
        canvas.shape(element_emblem(Element.VOID), rect, fill=color)


def _identity(page: Page, sheet: SheetBase) -> None:
    canvas = page.canvas
    row = page.left.take(22)
    if page.blank:
        half = (row.width() - GAP) / 2
        canvas.field(QRectF(row.x(), row.y(), half, row.height()), "Name", "")
        canvas.field(QRectF(row.x() + half + GAP, row.y(), half, row.height()), "Player", "")
    else:
        canvas.field(row, "Player", sheet.player)


def _portrait(page: Page, sheet: SheetBase) -> None:
    canvas = page.canvas
    rect = page.right.take(PORTRAIT_HEIGHT)
    if sheet.portrait is not None and not page.blank:
        image = QtGui.QImage.fromData(sheet.portrait.png, "PNG")
        canvas.image(rect.adjusted(3, 3, -3, -3), image)
        canvas.frame(rect, canvas.palette.ink, 1.0, radius=3)
        return
    canvas.fill(rect, canvas.palette.tint, radius=3)
    canvas.frame(rect, canvas.palette.line, 0.8, radius=3)
    side = 54.0
    _emblem(
        canvas,
        sheet.system,
        QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2 - 8, side, side),
        QColor(255, 255, 255, 230),
    )
    canvas.text(
        QRectF(rect.x(), rect.bottom() - 22, rect.width(), 14),
        "PORTRAIT",
        Face.LABEL,
        7,
        canvas.palette.muted,
        Qt.AlignmentFlag.AlignHCenter,
    )


def _footer(canvas: Canvas, sheet: SheetBase, content: QRectF, number: int, total: int) -> None:
    y = content.bottom() - FOOTER + 4
    canvas.line(content.x(), y, content.right(), y, canvas.palette.line, 0.5)
    row = QRectF(content.x(), y + 2, content.width(), FOOTER - 4)
    canvas.text(row, f"Cardtable · {sheet.title}", Face.LABEL, 6.5, canvas.palette.muted)
    if total > 1:
        canvas.text(
            row,
            f"{number} / {total}",
            Face.LABEL,
            6.5,
            canvas.palette.muted,
            Qt.AlignmentFlag.AlignRight,
        )


def list_rows(
    canvas: Canvas,
    inner: QRectF,
    entries: Sequence[str],
    *,
    decorate: Callable[[QRectF, int], None] | None = None,
    lead: float = 0.0,
    trail: float = 0.0,
    size: float = 10.5,
) -> None:
    """Entries one per writing line; spare lines stay empty; overflow becomes "+ N more".

    ``decorate(row, index)`` draws whatever a row has besides its text, in the ``lead``
    points before the text or the ``trail`` points after it.
    """
    rows = row_count(inner)
    shown = list(entries)
    if len(shown) > rows:
        hidden = len(shown) - (rows - 1)
        shown = [*shown[: rows - 1], f"+ {hidden} more in Cardtable"]
    for index in range(rows):
        row = QRectF(inner.x(), inner.y() + index * ROW, inner.width(), ROW)
        canvas.rule(row.x(), row.bottom() - 3, row.width())
        if index < len(shown):
            text_rect = row.adjusted(2 + lead, -2, -trail, -2)
            canvas.text(text_rect, shown[index], Face.SERIF, size, shrink_to=size * 0.75)
        if decorate is not None:
            decorate(row, index)


def shown_count(entries: int, rows: int) -> int:
    """How many entries :func:`list_rows` writes out (the last row may say "+ N more")."""
    return entries if entries <= rows else rows - 1


def row_count(inner: QRectF) -> int:
    """How many writing lines fit in ``inner``."""
    return max(1, int((inner.height() + 4) // ROW))


def rows_height(rows: int) -> float:
    """The height of a section holding ``rows`` writing lines."""
    return rows * ROW + 18
