"""Dice drawn as vector shapes: d6 pips, challenge dice, d10 kites, explosion chains.

:func:`paint_die` draws one die showing one face in a square; :class:`DiceStrip` is a
widget laying out groups of :class:`Glyph` s (one per die, a chain of faces for a die that
exploded), marking kept dice with a gold ring, dimming dropped ones, striking out dice a
Duel cancelled, and drawing a chain as dice linked by arrows with its value beneath. While
:meth:`DiceStrip.set_tumble` is given a phase the dice tumble (faces cycling, tilted),
which the tray animates before showing the result. Nothing here decides a rule: the
glyphs say what to draw.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence

from attrs import field, frozen

from cardtable.dice.roll import D6, DiceGroup, Die
from cardtable.ui.art.common import SANS
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: The side of a die, in logical pixels, unless a strip is given another.
DIE_SIZE = 44.0
#: Space between dice, and the arrow's room between the dice of a chain.
GAP = 8.0
ARROW_ROOM = 16.0
#: Room under a chain for its value, and above a group for its label.
CHAIN_LABEL = 16.0
GROUP_LABEL = 16.0

KEPT_RING = QtGui.QColor("#f2c14e")
STRIKE = QtGui.QColor("#e5484d")
CRISIS_GLOW = QtGui.QColor("#ff3b30")
LABEL_INK = QtGui.QColor("#c9c2b3")


class DieKind(enum.Enum):
    """How a die is drawn."""

    D6 = "d6"  # pips: plain d6s and crisis dice
    CHALLENGE = "challenge"  # a d6 with pips and its worth (0, 1 or 2) in a badge
    D10 = "d10"  # a kite with a numeral: Banzai dice
    POLY = "poly"  # any other dN: a numeral on a shape with N in mind


@frozen
class Style:
    """A die kind's colours."""

    body: QtGui.QColor
    edge: QtGui.QColor
    ink: QtGui.QColor


_STYLES = {
    DieKind.D6: Style(QtGui.QColor("#f6f0e1"), QtGui.QColor("#9b8f77"), QtGui.QColor("#2a2420")),
    DieKind.CHALLENGE: Style(
        QtGui.QColor("#1f6f78"), QtGui.QColor("#0f3e44"), QtGui.QColor("#f6f0e1")
    ),
    DieKind.D10: Style(QtGui.QColor("#9e2b2b"), QtGui.QColor("#5c1414"), QtGui.QColor("#fbf3e4")),
    DieKind.POLY: Style(QtGui.QColor("#35507a"), QtGui.QColor("#1d2f4d"), QtGui.QColor("#f4f1ea")),
}
#: A ten that explodes is drawn in gold, so a chain's start stands out.
_EXPLODING = Style(QtGui.QColor("#e0a526"), QtGui.QColor("#8a5d00"), QtGui.QColor("#2a1b00"))
_WORTH_COLOURS = {0: QtGui.QColor("#8d8d8d"), 1: QtGui.QColor("#f6f0e1"), 2: KEPT_RING}

#: Pip positions on a unit square, per face.
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)],
}


def _faces(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(values)


def _glyphs(values: Sequence[Glyph]) -> tuple[Glyph, ...]:
    return tuple(values)


@frozen
class Glyph:
    """One die to draw: its kind and sides, the faces of its chain, what it is worth, and
    how it stands (kept, dropped, cancelled, pushed, the die that caused a Crisis)."""

    kind: DieKind
    sides: int
    faces: tuple[int, ...] = field(converter=_faces)
    value: int
    kept: bool = False
    dropped: bool = False
    struck: bool = False
    pushed: bool = False
    crisis: bool = False

    @classmethod
    def d6(cls, face: int, **marks: bool) -> Glyph:
        """A crisis die (or any d6) showing ``face``."""
        return cls(DieKind.D6, D6, (face,), face, **marks)

    @property
    def chained(self) -> bool:
        return len(self.faces) > 1

    def describe(self) -> str:
        """The die in words, for screen readers and tests."""
        text = "→".join(map(str, self.faces))
        if self.chained or self.value != self.faces[0]:
            text += f"={self.value}"
        marks = [
            word
            for word, flag in (
                ("kept", self.kept),
                ("dropped", self.dropped),
                ("cancelled", self.struck),
                ("pushed", self.pushed),
                ("Crisis", self.crisis),
            )
            if flag
        ]
        return f"{text} ({', '.join(marks)})" if marks else text


@frozen
class GlyphGroup:
    """A row of dice under a label ("7k5", "Wren")."""

    label: str
    glyphs: tuple[Glyph, ...] = field(converter=_glyphs)


def kind_for(label: str, sides: int) -> DieKind:
    """How to draw the dice of a rolled group (its label as the engine writes it)."""
    if label.endswith("c"):
        return DieKind.CHALLENGE
    if "k" in label and "d" not in label:
        return DieKind.D10
    return DieKind.D6 if sides == D6 else DieKind.POLY


def _sides(label: str) -> int:
    if "d" in label:
        digits = label.split("d", 1)[1]
        return int("".join(ch for ch in digits.split("k")[0] if ch.isdigit()) or D6)
    return 10 if "k" in label else D6


def glyph_groups(groups: Sequence[DiceGroup]) -> tuple[GlyphGroup, ...]:
    """The rolled groups of a roll, ready to draw: kept dice marked, the others dropped."""
    result = []
    for group in groups:
        sides = _sides(group.label)
        kind = kind_for(group.label, sides)
        kept = set(group.kept)
        partial = len(kept) < len(group.dice)
        glyphs = tuple(
            _glyph(kind, sides, die, index in kept and partial, partial and index not in kept)
            for index, die in enumerate(group.dice)
        )
        label = ("−" if group.sign < 0 else "") + group.label
        result.append(GlyphGroup(label, glyphs))
    return tuple(result)


def _glyph(kind: DieKind, sides: int, die: Die, kept: bool, dropped: bool) -> Glyph:
    return Glyph(kind, sides, die.faces, die.value, kept=kept, dropped=dropped)


# ---------------------------------------------------------------------------------------------
# Painting one die


def _outline(kind: DieKind, sides: int, rect: QtCore.QRectF) -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    c = rect.center()
    w, h = rect.width(), rect.height()
    if kind in (DieKind.D6, DieKind.CHALLENGE) or (kind is DieKind.POLY and sides in (2, 6)):
        radius = w * 0.18
        path.addRoundedRect(rect, radius, radius)
        return path
    if kind is DieKind.D10 or sides == 10:
        # A pentagonal trapezohedron seen from above: a kite, taller than wide.
        points = [
            QtCore.QPointF(c.x(), rect.top()),
            QtCore.QPointF(rect.right(), c.y() - h * 0.06),
            QtCore.QPointF(c.x(), rect.bottom()),
            QtCore.QPointF(rect.left(), c.y() - h * 0.06),
        ]
        return _polygon(points)
    if sides == 4:
        return _regular(c, w * 0.56, 3, -90, dy=h * 0.08)
    if sides == 8:
        return _regular(c, w * 0.52, 4, -90)
    if sides == 12:
        return _regular(c, w * 0.52, 5, -90)
    if sides == 20:
        return _regular(c, w * 0.53, 6, -90)
    path.addEllipse(rect.adjusted(1, 1, -1, -1))
    return path


def _polygon(points: Sequence[QtCore.QPointF]) -> QtGui.QPainterPath:
    path = QtGui.QPainterPath()
    path.addPolygon(QtGui.QPolygonF(list(points)))
    path.closeSubpath()
    return path


def _regular(
    centre: QtCore.QPointF, radius: float, corners: int, start: float, dy: float = 0.0
) -> QtGui.QPainterPath:
    points = []
    for index in range(corners):
        angle = math.radians(start + 360 * index / corners)
        points.append(
            QtCore.QPointF(
                centre.x() + radius * math.cos(angle), centre.y() + dy + radius * math.sin(angle)
            )
        )
    return _polygon(points)


def _font(size: float, weight: int = 700) -> QtGui.QFont:
    font = QtGui.QFont()
    font.setFamilies(SANS)
    font.setPixelSize(max(6, round(size)))
    font.setWeight(QtGui.QFont.Weight(weight))
    return font


def paint_die(
    painter: QtGui.QPainter,
    rect: QtCore.QRectF,
    kind: DieKind,
    face: int,
    sides: int = D6,
    *,
    worth: int | None = None,
    exploding: bool = False,
) -> None:
    """Draw a die of ``kind`` showing ``face`` inside ``rect`` (a square).

    ``worth`` is a challenge die's value, shown in a badge; ``exploding`` draws a Banzai
    ten in gold.
    """
    style = _EXPLODING if exploding else _STYLES[kind]
    painter.save()
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    path = _outline(kind, sides, rect)
    # A soft shadow, then the body with a light top edge, so the die reads as solid.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QtGui.QColor(0, 0, 0, 70))
    painter.drawPath(path.translated(0, rect.height() * 0.05))
    gradient = QtGui.QLinearGradient(rect.topLeft(), rect.bottomLeft())
    gradient.setColorAt(0, style.body.lighter(118))
    gradient.setColorAt(1, style.body.darker(108))
    painter.setBrush(QtGui.QBrush(gradient))
    painter.setPen(QtGui.QPen(style.edge, max(1.0, rect.width() * 0.035)))
    painter.drawPath(path)
    if kind in (DieKind.D6, DieKind.CHALLENGE):
        _paint_pips(painter, rect, face, style.ink)
        if kind is DieKind.CHALLENGE and worth is not None:
            _paint_worth(painter, rect, worth)
    else:
        if kind is DieKind.D10:
            _paint_kite_facets(painter, rect, style)
        _paint_numeral(painter, rect, face, style.ink, kind is DieKind.D10)
    painter.restore()


def _paint_pips(
    painter: QtGui.QPainter, rect: QtCore.QRectF, face: int, ink: QtGui.QColor
) -> None:
    radius = rect.width() * 0.085
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ink)
    for x, y in _PIPS.get(face, []):
        centre = QtCore.QPointF(rect.left() + x * rect.width(), rect.top() + y * rect.height())
        painter.drawEllipse(centre, radius, radius)
    if face not in _PIPS:
        _paint_numeral(painter, rect, face, ink, False)


def _paint_worth(painter: QtGui.QPainter, rect: QtCore.QRectF, worth: int) -> None:
    size = rect.width() * 0.42
    badge = QtCore.QRectF(rect.right() - size * 0.7, rect.bottom() - size * 0.7, size, size)
    painter.setBrush(QtGui.QColor("#10262a"))
    painter.setPen(QtGui.QPen(_WORTH_COLOURS.get(worth, LABEL_INK), max(1.0, size * 0.08)))
    painter.drawEllipse(badge)
    painter.setPen(_WORTH_COLOURS.get(worth, LABEL_INK))
    painter.setFont(_font(size * 0.7))
    painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(worth))


def _paint_kite_facets(painter: QtGui.QPainter, rect: QtCore.QRectF, style: Style) -> None:
    c = rect.center()
    h = rect.height()
    painter.setPen(QtGui.QPen(style.edge.lighter(130), max(0.8, rect.width() * 0.02)))
    inner_top = QtCore.QPointF(c.x(), rect.top() + h * 0.3)
    painter.drawLine(QtCore.QPointF(c.x(), rect.top()), inner_top)
    painter.drawLine(inner_top, QtCore.QPointF(rect.left() + rect.width() * 0.16, c.y() + h * 0.1))
    painter.drawLine(
        inner_top, QtCore.QPointF(rect.right() - rect.width() * 0.16, c.y() + h * 0.1)
    )


def _paint_numeral(
    painter: QtGui.QPainter, rect: QtCore.QRectF, face: int, ink: QtGui.QColor, kite: bool
) -> None:
    text = str(face)
    size = rect.height() * (0.36 if len(text) > 1 else 0.44)
    painter.setFont(_font(size))
    painter.setPen(ink)
    box = QtCore.QRectF(rect)
    if kite:
        box.translate(0, rect.height() * 0.1)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    if text in ("6", "9"):
        # Underline 6 and 9, as real dice do, so they cannot be read upside down.
        metrics = QtGui.QFontMetricsF(painter.font())
        width = metrics.horizontalAdvance(text)
        y = box.center().y() + metrics.ascent() * 0.45
        painter.drawLine(
            QtCore.QPointF(box.center().x() - width / 2, y),
            QtCore.QPointF(box.center().x() + width / 2, y),
        )


# ---------------------------------------------------------------------------------------------
# A strip of dice


def glyph_width(glyph: Glyph, size: float, tumbling: bool = False) -> float:
    """The room a die takes in a row: a chain takes one die per face."""
    count = 1 if tumbling else len(glyph.faces)
    return count * size + (count - 1) * ARROW_ROOM


class DiceStrip(QtWidgets.QWidget):
    """Groups of dice, each under its label, wrapped to the width available."""

    def __init__(self, parent: QtWidgets.QWidget | None = None, die_size: float = DIE_SIZE) -> None:
        super().__init__(parent)
        self.setAccessibleName("Dice")
        self._size = die_size
        self._groups: tuple[GlyphGroup, ...] = ()
        self._tumble: float | None = None
        self._empty_text = ""
        policy = QtWidgets.QSizePolicy(
            QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Preferred
        )
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    # -- what to show ---------------------------------------------------------------------

    @property
    def groups(self) -> tuple[GlyphGroup, ...]:
        return self._groups

    def set_groups(self, groups: Sequence[GlyphGroup]) -> None:
        self._groups = tuple(groups)
        self.setAccessibleDescription(self.describe())
        self._fit_height()
        self.update()

    def set_empty_text(self, text: str) -> None:
        """What to say when there are no dice."""
        self._empty_text = text
        self.update()

    def set_tumble(self, phase: float | None) -> None:
        """Tumble the dice at ``phase`` (0 to 1), or show them as they lie (None)."""
        self._tumble = phase
        self.update()

    @property
    def tumbling(self) -> bool:
        return self._tumble is not None

    def describe(self) -> str:
        """Every die in words: ``7k5: 3 (dropped), 10→3=13 (kept), ...``."""
        return "; ".join(
            f"{group.label}: " + ", ".join(glyph.describe() for glyph in group.glyphs)
            for group in self._groups
        )

    # -- layout ---------------------------------------------------------------------------

    def _layout(self, width: float) -> list[tuple[QtCore.QRectF, Glyph | str]]:
        """Where each glyph (and each group label, as a string) goes."""
        size = self._size
        tumbling = self._tumble is not None
        placed: list[tuple[QtCore.QRectF, Glyph | str]] = []
        x, y = GAP, GAP
        chains = any(g.chained or g.crisis for group in self._groups for g in group.glyphs)
        row = size + (CHAIN_LABEL if chains and not tumbling else 4)
        labelled = len(self._groups) > 1 and any(g.label for g in self._groups)
        band = GROUP_LABEL if labelled else 0.0
        for group in self._groups:
            if labelled:
                if x > GAP:
                    x += GAP * 2
                label_width = max(
                    QtGui.QFontMetricsF(_font(12, 600)).horizontalAdvance(group.label) + 4, size
                )
                first = group.glyphs[0] if group.glyphs else None
                need = glyph_width(first, size, tumbling) if first else size
                if x + max(label_width, need) > width - GAP and x > GAP:
                    x, y = GAP, y + row + GROUP_LABEL + GAP
                placed.append((QtCore.QRectF(x, y, label_width, GROUP_LABEL), group.label))
            for glyph in group.glyphs:
                need = glyph_width(glyph, size, tumbling)
                if x + need > width - GAP and x > GAP:
                    x, y = GAP, y + row + band + GAP
                top = y + band
                placed.append((QtCore.QRectF(x, top, need, size), glyph))
                x += need + GAP
        return placed

    def _height(self, width: float) -> float:
        placed = self._layout(width)
        if not placed:
            return self._size + 2 * GAP
        bottom = max(rect.bottom() for rect, _ in placed)
        labelled = any(
            isinstance(item, Glyph) and (item.chained or item.crisis) for _, item in placed
        )
        return bottom + (CHAIN_LABEL if labelled else 0) + GAP

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return math.ceil(self._height(float(width)))

    def sizeHint(self) -> QtCore.QSize:
        width = max(self.width(), 320)
        return QtCore.QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(int(self._size * 3), int(self._size + CHAIN_LABEL + 2 * GAP))

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        # Not every layout asks for height-for-width, so the strip asks for its rows itself.
        # The height is that of the dice as they lie (the tumble never needs more).
        tumble, self._tumble = self._tumble, None
        height = self.heightForWidth(max(self.width(), 1))
        self._tumble = tumble
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
            self.updateGeometry()

    # -- painting -------------------------------------------------------------------------

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        placed = self._layout(float(self.width()))
        if not placed and self._empty_text:
            painter.setPen(LABEL_INK)
            painter.setFont(_font(13, 400))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self._empty_text)
        index = 0
        for rect, item in placed:
            if isinstance(item, str):
                painter.setPen(LABEL_INK)
                painter.setFont(_font(12, 600))
                painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, item)
                continue
            if self._tumble is not None:
                self._paint_tumbling(painter, rect, item, index)
            else:
                self._paint_glyph(painter, rect, item)
            index += 1
        painter.end()

    def _paint_tumbling(
        self, painter: QtGui.QPainter, rect: QtCore.QRectF, glyph: Glyph, index: int
    ) -> None:
        assert self._tumble is not None
        phase = self._tumble
        # Faces cycle and the die rocks, slowing as the phase nears 1; no randomness needed.
        step = int(phase * 14) + index * 5
        face = step % glyph.sides + 1
        angle = math.sin(phase * math.pi * 5 + index) * 28 * (1 - phase)
        lift = -abs(math.sin(phase * math.pi * 3 + index * 0.7)) * self._size * 0.18 * (1 - phase)
        painter.save()
        painter.translate(rect.center().x(), rect.center().y() + lift)
        painter.rotate(angle)
        square = QtCore.QRectF(-self._size / 2, -self._size / 2, self._size, self._size)
        worth = None
        if glyph.kind is DieKind.CHALLENGE:
            worth = 0 if face == 1 else 2 if face == D6 else 1
        paint_die(painter, square, glyph.kind, face, glyph.sides, worth=worth)
        painter.restore()

    def _paint_glyph(self, painter: QtGui.QPainter, rect: QtCore.QRectF, glyph: Glyph) -> None:
        size = self._size
        painter.save()
        if glyph.kept or glyph.crisis:
            colour = CRISIS_GLOW if glyph.crisis else KEPT_RING
            halo = rect.adjusted(-4, -4, 4, 4)
            glow = QtGui.QColor(colour)
            glow.setAlpha(60)
            painter.setPen(QtGui.QPen(colour, 2.5))
            painter.setBrush(glow)
            painter.drawRoundedRect(halo, size * 0.24, size * 0.24)
        if glyph.dropped:
            painter.setOpacity(0.32)
        elif glyph.struck:
            painter.setOpacity(0.6)
        x = rect.left()
        for number, face in enumerate(glyph.faces):
            square = QtCore.QRectF(x, rect.top(), size, size)
            exploding = glyph.kind is DieKind.D10 and number < len(glyph.faces) - 1
            worth = glyph.value if glyph.kind is DieKind.CHALLENGE else None
            paint_die(
                painter, square, glyph.kind, face, glyph.sides, worth=worth, exploding=exploding
            )
            if number < len(glyph.faces) - 1:
                self._paint_arrow(painter, square.right(), square.center().y())
            x += size + ARROW_ROOM
        painter.setOpacity(1.0)
        if glyph.struck:
            pen = QtGui.QPen(STRIKE, 2.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            inset = rect.adjusted(3, 3, -3, -3)
            painter.drawLine(inset.topLeft(), inset.bottomRight())
            painter.drawLine(inset.bottomLeft(), inset.topRight())
        if glyph.pushed:
            self._badge(painter, QtCore.QPointF(rect.left() + 2, rect.top() + 2), "+", "#3aa675")
        under = QtCore.QRectF(rect.left() - 6, rect.bottom() + 2, rect.width() + 12, CHAIN_LABEL)
        if glyph.chained:
            painter.setPen(QtGui.QPen(KEPT_RING if glyph.kept else LABEL_INK, 1.2))
            y = rect.bottom() + 4
            painter.drawLine(
                QtCore.QPointF(rect.left() + 4, y), QtCore.QPointF(rect.right() - 4, y)
            )
            painter.setFont(_font(12, 700))
            painter.drawText(
                under.translated(0, 3), Qt.AlignmentFlag.AlignCenter, f"= {glyph.value}"
            )
        elif glyph.crisis:
            painter.setPen(CRISIS_GLOW)
            painter.setFont(_font(11, 800))
            painter.drawText(under, Qt.AlignmentFlag.AlignCenter, "CRISIS")
        painter.restore()

    def _paint_arrow(self, painter: QtGui.QPainter, left: float, y: float) -> None:
        painter.save()
        painter.setOpacity(1.0)
        pen = QtGui.QPen(KEPT_RING, 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        start, end = left + 3, left + ARROW_ROOM - 3
        painter.drawLine(QtCore.QPointF(start, y), QtCore.QPointF(end, y))
        painter.drawLine(QtCore.QPointF(end - 4, y - 4), QtCore.QPointF(end, y))
        painter.drawLine(QtCore.QPointF(end - 4, y + 4), QtCore.QPointF(end, y))
        painter.restore()

    def _badge(self, painter: QtGui.QPainter, at: QtCore.QPointF, text: str, colour: str) -> None:
        size = self._size * 0.36
        box = QtCore.QRectF(at.x() - size / 3, at.y() - size / 3, size, size)
        painter.setPen(QtGui.QPen(QtGui.QColor("#10261b"), 1))
        painter.setBrush(QtGui.QColor(colour))
        painter.drawEllipse(box)
        painter.setPen(QtGui.QColor("white"))
        painter.setFont(_font(size * 0.8, 800))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        self.clicked.emit()
        super().mousePressEvent(event)

    #: Emitted on a click (the tray skips its animation).
    clicked = QtCore.Signal()
