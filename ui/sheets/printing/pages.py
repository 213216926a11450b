"""Each system's printed page: the sections under the shared frame of :mod:`sheet_frame`.

Layouts are tuned to fit US Letter, the shorter paper; on A4 the notes get the extra room.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from cardtable.cards import Suit, TarotCard
from cardtable.sheets import (
    AdventureSheet,
    BanzaiSheet,
    CrisisSheet,
    Element,
    PoolSheet,
    Power,
    Role,
    Sheet,
    TarotSheet,
)
from cardtable.sheets.banzai import DEFAULT_RAISE_STEP
from cardtable.sheets.crisis import MAX_DICE
from cardtable.sheets.tarot import ATTRIBUTES, LADDER, SleeveCard, rank_label
from cardtable.ui.qt import Qt, QtCore, QtGui
from cardtable.ui.sheets.printing.canvas import Canvas, Face
from cardtable.ui.sheets.printing.frame import (
    NOTES_MINIMUM,
    ROW,
    Flow,
    Page,
    draw_frame,
    list_rows,
    row_count,
    rows_height,
    shown_count,
)
from cardtable.ui.sheets.symbols import die_face, element_emblem, tarot_emblem

QRectF: TypeAlias = QtCore.QRectF
QColor: TypeAlias = QtGui.QColor
Left = Qt.AlignmentFlag.AlignLeft
Center = Qt.AlignmentFlag.AlignHCenter
Right = Qt.AlignmentFlag.AlignRight

RED = QColor("#b0202a")
BLACK = QColor("#1d1b19")

if TYPE_CHECKING:
    from cardtable.session.words_actions import SheetWords


def draw_sheet(
    canvas: Canvas,
    sheet: Sheet,
    page_size: QtCore.QSizeF,
    *,
    blank: bool,
    number: int = 1,
    total: int = 1,
    words: Mapping[str, SheetWords] | None = None,
) -> None:
    """Paint one whole page for ``sheet`` (``blank``: its system's empty sheet); ``words``
    are the session's tarot's words by card name, written beside Sleeve Cards."""
    page = draw_frame(canvas, sheet, page_size, blank=blank, number=number, total=total)
    if isinstance(sheet, TarotSheet):
        _tarot(page, sheet, words or {})
    else:
        _BODIES[sheet.system](page, sheet)


def _value(page: Page, value: object) -> str:
    return "" if page.blank else str(value)


def _reference(canvas: Canvas, flow: Flow, title: str, lines: list[str]) -> None:
    """A small box of reminders in the group's own words."""
    size = 8.0
    width = flow.width - 18
    height = (
        sum(canvas.lines_needed(line, Face.SERIF, size, width - 8) for line in lines) * size * 1.3
    )
    inner = canvas.section(flow.take(height + len(lines) * 2 + 18), title)
    y = inner.y()
    for line in lines:
        canvas.circle(inner.x() + 2, y + size * 0.68, 1.3, fill=canvas.palette.accent)
        used = canvas.paragraph(
            QRectF(inner.x() + 8, y, inner.width() - 8, 400),
            line,
            Face.SERIF,
            size,
            canvas.palette.text,
            leading=1.3,
        )
        y += used + 2


# ---------------------------------------------------------------------------------------------
# N-Dimensional Tourists


def _tarot(page: Page, sheet: TarotSheet, words: Mapping[str, SheetWords]) -> None:
    canvas, ink = page.canvas, page.canvas.palette.ink
    row_h = 28.0
    inner = canvas.section(page.left.take(5 * row_h + 14 + 18), "Attributes")
    ladder_x = inner.x() + 196
    box = min(18.0, (inner.right() - ladder_x) / len(LADDER))
    for index, suit in enumerate(ATTRIBUTES):
        row = QRectF(inner.x(), inner.y() + index * row_h, inner.width(), row_h)
        middle = row.center().y()
        canvas.shape(tarot_emblem(suit), QRectF(row.x(), middle - 9, 18, 18), fill=ink)
        canvas.text(QRectF(row.x() + 24, row.y(), 64, row_h), suit.value, Face.TITLE, 12)
        value = sheet.attribute(suit)
        canvas.big_number(row.x() + 100, middle, 10.5, _value(page, value))
        label = "" if page.blank else rank_label(value)
        canvas.text(
            QRectF(row.x() + 116, row.y(), 76, row_h), label, Face.ITALIC, 10, shrink_to=7.5
        )
        for rank in range(len(LADDER)):
            cell = QRectF(ladder_x + rank * box, middle - box / 2 + 1, box - 2, box - 2)
            filled = not page.blank and rank <= value
            if filled:
                canvas.fill(cell, canvas.palette.ink, radius=2)
            else:
                canvas.frame(cell, canvas.palette.line, 0.6, radius=2)
            canvas.text(
                cell,
                str(rank),
                Face.LABEL,
                6,
                QColor("white") if filled else canvas.palette.line,
                Center,
            )
    legend = " · ".join(f"{rank} {word}" for rank, word in enumerate(LADDER))
    canvas.text(
        QRectF(inner.x(), inner.y() + 5 * row_h, inner.width(), 12),
        legend,
        Face.LABEL,
        6.5,
        canvas.palette.muted,
        Center,
        shrink_to=5,
    )

    aspects = [] if page.blank else list(sheet.aspects)
    inner = canvas.section(page.left.take(rows_height(6)), "Aspects")

    written = shown_count(len(aspects), row_count(inner))

    def kind(row: QRectF, index: int) -> None:
        tag = QRectF(row.right() - 62, row.y(), 62, row.height() - 2)
        if written <= index < len(aspects):
            return  # the "+ N more" line
        if index < written:
            canvas.text(tag, aspects[index].kind, Face.ITALIC, 8.5, canvas.palette.muted, Right)
        else:
            canvas.checkbox(tag.x() + 4, tag.center().y() - 5, 8, False)
            canvas.text(tag.adjusted(16, 0, 0, 0), "permanent", Face.LABEL, 7, canvas.palette.muted)

    list_rows(canvas, inner, [aspect.text for aspect in aspects], decorate=kind, trail=66)

    specialties = [] if page.blank else list(sheet.specialties)
    inner = canvas.section(page.right.take(rows_height(5)), "Specialties")
    list_rows(canvas, inner, specialties, size=9.5)

    sleeve = [] if page.blank else list(sheet.sleeve)
    lines = _sleeve_lines(sleeve, words)
    # A card's words take a line of their own: the column is too narrow for both.
    rows = 4 if len(lines) == len(sleeve) else 8
    inner = canvas.section(page.right.take(rows_height(rows)), "Sleeve cards")

    kept_shown = shown_count(len(lines), row_count(inner))

    def emblem(row: QRectF, index: int) -> None:
        kept = lines[index][0] if index < kept_shown else None
        if kept is None:
            return
        face = TarotCard.from_name(kept.card)
        spot = QRectF(row.x() + 1, row.center().y() - 7, 12, 12)
        if face.suit is not None:
            canvas.shape(tarot_emblem(face.suit), spot, fill=ink, upside_down=kept.reversed)
        else:
            canvas.circle(spot.center().x(), spot.center().y(), 5.5, stroke=ink, width=1.0)

    list_rows(canvas, inner, [text for _, text in lines], decorate=emblem, lead=16, size=9)

    page.notes(page.below_columns(), sheet.notes)


def _sleeve_lines(
    sleeve: list[SleeveCard], words: Mapping[str, SheetWords]
) -> list[tuple[SleeveCard | None, str]]:
    """The Sleeve Cards' lines: each card ("Soldier of Paper (reversed)", with its emblem,
    by the name the session's tarot gives it), then, on a line of its own, the words the
    session's tarot gives it that way up. A sheet keeps the card by the rules' name."""
    lines: list[tuple[SleeveCard | None, str]] = []
    for kept in sleeve:
        name, upright, turned = words.get(kept.card, (kept.card, "", ""))
        lines.append((kept, name + (" (reversed)" if kept.reversed else "")))
        said = turned if kept.reversed else upright
        if said:
            lines.append((None, said))
    return lines


# ---------------------------------------------------------------------------------------------
# Crisis dice


def _crisis(page: Page, sheet: CrisisSheet) -> None:
    canvas, palette = page.canvas, page.canvas.palette
    inner = canvas.section(page.left.take(78), "Dice pool")
    canvas.big_number(inner.x() + 22, inner.y() + 24, 21, _value(page, sheet.dice))
    side = min(20.0, (inner.width() - 56) / MAX_DICE - 4)
    for index in range(MAX_DICE):
        spot = QRectF(inner.x() + 56 + index * (side + 4), inner.y() + 8, side, side)
        if not page.blank and index < sheet.dice:
            canvas.shape(die_face(index % 6 + 1), spot, fill=palette.ink)
        else:
            canvas.frame(spot.adjusted(1, 1, -1, -1), palette.line, 0.7, radius=3.5)
    caption = "six-sided dice rolled in every challenge (shade one box per die)"
    canvas.text(
        QRectF(inner.x() + 56, inner.y() + 32, inner.width() - 56, 14),
        caption,
        Face.ITALIC,
        8.5,
        palette.muted,
        shrink_to=6.5,
    )

    traits = [] if page.blank else list(sheet.traits)
    inner = canvas.section(page.left.take(rows_height(8)), "Traits")
    list_rows(canvas, inner, traits)

    _reference(
        canvas,
        page.right,
        "How it rolls",
        [
            "Roll Total: the sum of the dice still in your set.",
            "Simple Challenge: succeed with a total above the difficulty (a multiple of 3; of 4 "
            "against the UNNATURAL).",
            "Duel: both roll; every value the two sets share is removed from both; lower total "
            "may push.",
            "Push your luck: roll one more die. If it matches a die still in your set: Crisis.",
        ],
    )
    page.notes(page.below_columns(), sheet.notes)


# ---------------------------------------------------------------------------------------------
# The pool Challenge

_POOL_COLUMNS = ("Rating", "Bonus", "Reserves", "Resistance", "Penalty", "Now")
#: The fewest writing lines of the pool page's abilities (with their header) and penalties.
ABILITY_ROWS, PENALTY_ROWS = 9, 4


def _pool(page: Page, sheet: PoolSheet) -> None:
    canvas, palette = page.canvas, page.canvas.palette
    inner = canvas.section(page.left.take(50), "Condition")
    canvas.checkbox(inner.x(), inner.y() + 5, 10, not page.blank and sheet.incapacitated)
    canvas.text(QRectF(inner.x() + 16, inner.y(), 90, 20), "Incapacitated", Face.SERIF, 10.5)
    overall = 0 if page.blank else sum(p.points for p in sheet.penalties if not p.ability.strip())
    canvas.field(
        QRectF(inner.x() + 130, inner.y(), inner.width() - 130, 20),
        "Overall penalty",
        "" if page.blank or not overall else f"-{overall}",
    )
    _reference(
        canvas,
        page.left,
        "A round",
        [
            "Strength = pool + bonus. The weaker side loses the other's whole strength; "
            "otherwise half of it, rounded up.",
            "Resistance cuts every loss; reserves soak up the rest before the pool. "
            "A pool at 0 or less is out.",
            "Convert up to half the pool: 1 pool for 2 bonus, 1 for 3 reserves, or 2 for "
            "1 resistance.",
        ],
    )

    flow = page.below_columns()
    abilities = [] if page.blank else list(sheet.abilities)
    penalties = [] if page.blank else list(sheet.penalties)
    # Abilities first, then penalties, take what the page has before the notes' few lines:
    # a sheet is never told "+ N more" while there is paper to write them on.
    room = int((page.bottom - flow.y - NOTES_MINIMUM - 2 * flow.gap - 2 * rows_height(0)) // ROW)
    ability_rows = max(ABILITY_ROWS, min(1 + len(abilities), room - max(1, len(penalties))))
    left = room - ability_rows
    penalty_rows = max(1, min(PENALTY_ROWS, left), min(len(penalties), left))
    inner = canvas.section(flow.take(rows_height(ability_rows)), "Abilities")
    number_w = 54.0
    name_w = inner.width() - number_w * len(_POOL_COLUMNS)
    header = QRectF(inner.x(), inner.y(), inner.width(), ROW)
    canvas.text(
        QRectF(header.x() + 2, header.y(), name_w, ROW - 4), "ABILITY", Face.LABEL, 7, palette.muted
    )
    for column, title in enumerate(_POOL_COLUMNS):
        cell = QRectF(inner.x() + name_w + column * number_w, header.y(), number_w, ROW - 4)
        canvas.text(cell, title.upper(), Face.LABEL, 7, palette.muted, Center, shrink_to=5.5)
    body = QRectF(inner.x(), inner.y() + ROW, inner.width(), inner.height() - ROW)
    names = [ability.name for ability in abilities]
    written = shown_count(len(abilities), row_count(body))

    def numbers(row: QRectF, index: int) -> None:
        for column in range(1, len(_POOL_COLUMNS)):
            x = row.x() + name_w + column * number_w
            canvas.line(x, row.y() + 3, x, row.bottom() - 3, palette.line, 0.4)
        canvas.line(
            row.x() + name_w, row.y() + 3, row.x() + name_w, row.bottom() - 3, palette.line, 0.4
        )
        if index >= written:
            return
        ability = abilities[index]
        penalty = sheet.penalty_points(ability.name)
        cells = (ability.rating, ability.bonus, ability.reserves, ability.resistance)
        texts = [str(value) for value in cells]
        texts += [f"-{penalty}" if penalty else "", str(sheet.effective_rating(ability.name))]
        for column, text in enumerate(texts):
            cell = QRectF(row.x() + name_w + column * number_w, row.y() - 2, number_w, row.height())
            face = Face.TITLE if column == len(texts) - 1 else Face.SERIF
            canvas.text(cell, text, face, 10.5, palette.ink if face is Face.TITLE else None, Center)

    list_rows(canvas, body, names, decorate=numbers, trail=number_w * len(_POOL_COLUMNS))

    inner = canvas.section(flow.take(rows_height(penalty_rows)), "Penalties carried")
    on_w, points_w = 150.0, 50.0

    carried = shown_count(len(penalties), row_count(inner))

    def penalty_row(row: QRectF, index: int) -> None:
        for x in (row.x() + on_w, row.x() + on_w + points_w):
            canvas.line(x, row.y() + 3, x, row.bottom() - 3, palette.line, 0.4)
        if index >= carried:
            return
        penalty = penalties[index]
        canvas.text(
            QRectF(row.x() + on_w, row.y() - 2, points_w, row.height()),
            f"-{penalty.points}",
            Face.SERIF,
            10.5,
            None,
            Center,
        )
        canvas.text(
            QRectF(
                row.x() + on_w + points_w + 6,
                row.y() - 2,
                row.width() - on_w - points_w - 6,
                row.height(),
            ),
            penalty.note,
            Face.ITALIC,
            10,
            shrink_to=7,
        )

    list_rows(
        canvas,
        inner,
        [p.target for p in penalties],
        decorate=penalty_row,
        trail=inner.width() - on_w,
    )
    page.notes(flow, sheet.notes)


# ---------------------------------------------------------------------------------------------
# Fantastical Adventure

_SUIT_ORDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)


def _adventure(page: Page, sheet: AdventureSheet) -> None:
    canvas, palette = page.canvas, page.canvas.palette
    inner = canvas.section(page.left.take(2 * ROW + 18), "Role and power")
    x = inner.x()
    for role in Role:
        canvas.checkbox(x, inner.y() + 4, 9, not page.blank and sheet.role is role)
        label = role.label
        canvas.text(QRectF(x + 13, inner.y(), 100, 17), label, Face.SERIF, 10)
        x += 13 + canvas.width(label, Face.SERIF, 10) + 16
    hand = QRectF(inner.right() - 74, inner.y() - 2, 74, 2 * ROW)
    canvas.big_number(hand.x() + 14, hand.center().y(), 13, _value(page, sheet.starting_hand))
    canvas.text(
        QRectF(hand.x() + 31, hand.y() + 4, 44, 14), "STARTING", Face.LABEL, 6.5, palette.muted
    )
    canvas.text(
        QRectF(hand.x() + 31, hand.y() + 16, 44, 14), "HAND", Face.LABEL, 6.5, palette.muted
    )
    x = inner.x()
    y = inner.y() + ROW
    labels = [f"{power.label} ({power.hand_size})" for power in Power]
    room = hand.x() - 6 - inner.x() - len(labels) * (13 + 10)
    size = min(9.5, 9.5 * room / sum(canvas.width(label, Face.SERIF, 9.5) for label in labels))
    for power, label in zip(Power, labels, strict=True):
        canvas.checkbox(x, y + 4, 9, not page.blank and sheet.power is power)
        canvas.text(QRectF(x + 13, y, 120, 17), label, Face.SERIF, size)
        x += 13 + canvas.width(label, Face.SERIF, size) + 10

    bonds = [] if page.blank else list(sheet.bonds)
    inner = canvas.section(page.left.take(rows_height(4)), "Bonds")
    who_w = inner.width() * 0.38

    bonded = shown_count(len(bonds), row_count(inner))

    def nature(row: QRectF, index: int) -> None:
        canvas.line(
            row.x() + who_w, row.y() + 3, row.x() + who_w, row.bottom() - 3, palette.line, 0.4
        )
        if index < bonded:
            canvas.text(
                QRectF(row.x() + who_w + 6, row.y() - 2, row.width() - who_w - 6, row.height()),
                bonds[index].nature,
                Face.ITALIC,
                10,
                shrink_to=7,
            )

    list_rows(
        canvas,
        inner,
        [bond.character for bond in bonds],
        decorate=nature,
        trail=inner.width() - who_w,
    )

    flow = page.below_columns()
    cell_h = 72.0
    inner = canvas.section(flow.take(2 * cell_h + 6 + 18), "Facets")
    cell_w = (inner.width() - 8) / 2
    for index, suit in enumerate(_SUIT_ORDER):
        cell = QRectF(
            inner.x() + (index % 2) * (cell_w + 8),
            inner.y() + (index // 2) * (cell_h + 6),
            cell_w,
            cell_h,
        )
        _facet(canvas, page, sheet, suit, cell)

    ambitions = [] if page.blank else list(sheet.ambitions)
    block_rows = 3
    inner = canvas.section(flow.take(2 * block_rows * ROW + 8 + 18), "Ambitions")
    block_w = (inner.width() - 16) / 2
    for index in range(4):
        block = QRectF(
            inner.x() + (index % 2) * (block_w + 16),
            inner.y() + (index // 2) * (block_rows * ROW + 8),
            block_w,
            block_rows * ROW,
        )
        ambition = ambitions[index] if index < len(ambitions) else None
        canvas.text(
            QRectF(block.x(), block.y(), 14, ROW - 4), f"{index + 1}.", Face.TITLE, 10, palette.ink
        )
        long_row = QRectF(block.x() + 14, block.y(), block.width() - 14, ROW)
        canvas.rule(long_row.x(), long_row.bottom() - 3, long_row.width())
        if ambition is not None:
            canvas.text(
                long_row.adjusted(2, -2, 0, -2), ambition.long_term, Face.TITLE, 10, shrink_to=7.5
            )
        steps = list(ambition.short_term) if ambition is not None else []
        short = QRectF(block.x() + 30, block.y() + ROW, block.width() - 30, (block_rows - 1) * ROW)

        def arrow(row: QRectF, _index: int) -> None:
            canvas.text(
                QRectF(row.x() - 14, row.y() - 2, 12, row.height()),
                "↳",
                Face.SYMBOL,
                9,
                palette.muted,
            )

        list_rows(canvas, short, steps, decorate=arrow, size=9.5)
    page.notes(flow, sheet.notes)


def _facet(canvas: Canvas, page: Page, sheet: AdventureSheet, suit: Suit, cell: QRectF) -> None:
    palette = canvas.palette
    view = sheet.facet(suit)
    facet = view.facet
    canvas.fill(cell, palette.tint, radius=3)
    color = RED if suit.is_red else BLACK
    canvas.text(
        QRectF(cell.x() + 4, cell.y() + 2, 30, 30), suit.symbol, Face.SYMBOL, 24, color, Center
    )
    canvas.text(
        QRectF(cell.x() + 2, cell.y() + 30, 34, 10),
        suit.value.upper(),
        Face.LABEL,
        5.5,
        palette.muted,
        Center,
    )
    text_x = cell.x() + 40
    text_w = cell.right() - 6 - text_x
    name = QRectF(text_x, cell.y() + 4, text_w, 18)
    canvas.rule(name.x(), name.bottom(), name.width())
    if not page.blank:
        canvas.text(name, facet.name, Face.TITLE, 11.5, shrink_to=8)
    description = QRectF(text_x, cell.y() + 24, text_w, 36)
    for offset in (15.0, 29.0):
        canvas.rule(text_x, description.y() + offset, text_w)
    if not page.blank:
        canvas.paragraph(description, facet.description, Face.ITALIC, 9.5, leading=14.0 / 9.5)
    y = cell.bottom() - 15
    x = text_x
    if not page.blank and view.mark:
        # The Strong or Weak suit, visible at a glance across the table.
        badge = QRectF(cell.x() + 4, cell.y() + 42, 30, 14)
        canvas.fill(badge, palette.ink if view.strong else palette.muted, radius=7)
        canvas.text(
            badge, "STRONG" if view.strong else "WEAK", Face.LABEL, 5.5, QColor("white"), Center
        )
    marks = (("Strong +", view.strong), ("Weak −", view.weak), ("Lost", facet.lost))
    for label, ticked in marks:
        canvas.checkbox(x, y + 2, 8, not page.blank and ticked)
        canvas.text(QRectF(x + 11, y, 60, 12), label, Face.LABEL, 7, palette.text)
        x += 11 + canvas.width(label, Face.LABEL, 7) + 12


# ---------------------------------------------------------------------------------------------
# Banzai


def _banzai(page: Page, sheet: BanzaiSheet) -> None:
    canvas, palette = page.canvas, page.canvas.palette
    inner = canvas.section(page.left.take(92), "Elements")
    column = inner.width() / len(Element)
    for index, element in enumerate(Element):
        x = inner.x() + index * column
        centre = x + column / 2
        canvas.shape(
            element_emblem(element),
            QRectF(centre - 24, inner.y() + 2, 18, 18),
            fill=palette.accent if element is Element.VOID else palette.ink,
        )
        canvas.text(
            QRectF(centre - 4, inner.y() + 2, column / 2, 18),
            element.value,
            Face.TITLE,
            11,
            None,
            Left,
            shrink_to=8,
        )
        canvas.big_number(centre, inner.y() + 46, 15, _value(page, sheet.element(element)))

    inner = canvas.section(page.left.take(52), "Honor and Raises")
    canvas.big_number(inner.x() + 14, inner.center().y(), 13, _value(page, sheet.honor))
    canvas.text(
        QRectF(inner.x() + 32, inner.y(), 90, inner.height()), "Honor Points", Face.SERIF, 10.5
    )
    limit = "" if page.blank else str(sheet.raise_limit)
    canvas.big_number(inner.x() + 150, inner.center().y(), 13, limit)
    canvas.text(
        QRectF(inner.x() + 168, inner.y(), inner.width() - 168, inner.height()),
        "Raises a roll at most (your Void)"
        if page.blank or sheet.void > 0
        else "Raises a roll at most (no Void: lowest Element)",
        Face.SERIF,
        10.5,
        shrink_to=7,
    )

    _reference(
        canvas,
        page.right,
        "The roll",
        [
            "XkY: roll X d10 (usually the Skill), keep Y (usually the Element).",
            "A 10 explodes: roll it again and add.",
            "Meet the TN for narrative control. Passive TN: an Element x 5.",
            "Each Raise adds 5 to the TN; unused ones become Honor (2 for 1)."
            if page.blank or sheet.raise_step == DEFAULT_RAISE_STEP
            else f"Each Raise adds {sheet.raise_step} to the TN (your Raise step); unused ones "
            "become Honor (2 for 1).",
        ],
    )

    flow = page.below_columns()
    skills = [] if page.blank else list(sheet.skills)
    rows = 7
    inner = canvas.section(flow.take(rows_height(rows)), "Skills")
    half = (inner.width() - 16) / 2
    for side in range(2):
        part = QRectF(inner.x() + side * (half + 16), inner.y(), half, inner.height())
        mine = skills[:rows] if side == 0 else skills[rows:]
        listed = shown_count(len(mine), row_count(part))

        def pips(row: QRectF, index: int, mine: list[Any] = mine, listed: int = listed) -> None:
            rank = mine[index].rank if index < listed else 0
            for pip in range(10):
                cx = row.right() - 10 * 9 + pip * 9 + 4
                canvas.circle(
                    cx,
                    row.center().y() - 1,
                    3.1,
                    fill=palette.ink if pip < rank else None,
                    stroke=palette.ink if pip < rank else palette.line,
                    width=0.6,
                )
            if index < listed:
                canvas.text(
                    QRectF(row.right() - 118, row.y() - 2, 22, row.height()),
                    str(rank),
                    Face.TITLE,
                    10.5,
                    palette.ink,
                    Right,
                )

        list_rows(canvas, part, [skill.name for skill in mine], decorate=pips, trail=122)
    page.notes(flow, sheet.notes)


_BODIES: dict[str, Callable[[Page, Any], None]] = {
    "tarot": lambda page, sheet: _tarot(page, sheet, {}),
    "crisis": _crisis,
    "pool": _pool,
    "adventure": _adventure,
    "banzai": _banzai,
}

__all__ = ["draw_sheet"]
