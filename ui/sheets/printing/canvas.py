"""Drawing a printed sheet in points, on any paged device (a PDF writer or a printer).

Layouts think in typographic points (1/72 inch) from the page's top-left corner; the
:class:`Canvas` turns points into device pixels itself instead of scaling the painter, because
a scaled painter would lay text out with the glyph advances of a tiny font. Text is always
drawn as text (selectable, searchable), measured before it is drawn, and shrunk or elided to
its box: nothing runs off the page silently.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TypeAlias

from attrs import field, frozen

from cardtable.ui.art import fonts
from cardtable.ui.qt import Qt, QtCore, QtGui

QRectF: TypeAlias = QtCore.QRectF
QPointF: TypeAlias = QtCore.QPointF
QColor: TypeAlias = QtGui.QColor


class Face(enum.Enum):
    """The few typefaces a sheet uses (each one embedded in the PDF costs bytes)."""

    TITLE = "title"
    SERIF = "serif"
    ITALIC = "italic"
    LABEL = "label"
    SYMBOL = "symbol"


# The bundled families only (ui/art/fonts.py), so every machine prints the same sheet. The
# sans holds the suit glyphs and arrows, so Qt never hunts for a fallback per glyph.
_SERIFS = [fonts.SERIF, fonts.SANS]
_SANS = [fonts.SANS_CONDENSED, fonts.SANS]
_SYMBOLS = [fonts.SANS]


def _make_font(face: Face, size: float) -> QtGui.QFont:
    fonts.register_fonts()
    font = QtGui.QFont()
    if face in (Face.TITLE, Face.SERIF, Face.ITALIC):
        font.setFamilies(_SERIFS)
        font.setStyleHint(QtGui.QFont.StyleHint.Serif)
    elif face is Face.LABEL:
        font.setFamilies(_SANS)
        font.setStyleHint(QtGui.QFont.StyleHint.SansSerif)
    else:
        font.setFamilies(_SYMBOLS)
    font.setBold(face in (Face.TITLE, Face.LABEL))
    font.setItalic(face is Face.ITALIC)
    font.setPointSizeF(size)
    font.setKerning(True)
    # Plain letters: a PDF reader copies "off", never the single "ﬀ" glyph.
    return fonts.without_ligatures(font)


@frozen
class Palette:
    """A system's colours: ``ink`` for the title band and rules, ``tint`` for light fills."""

    ink: QColor
    accent: QColor
    tint: QColor
    text: QColor = field(factory=lambda: QColor("#1d1b19"))
    muted: QColor = field(factory=lambda: QColor("#6b6660"))
    line: QColor = field(factory=lambda: QColor("#b9b2a8"))


class Canvas:
    """A painter on one paged device, addressed in points."""

    def __init__(self, painter: QtGui.QPainter, device: QtGui.QPaintDevice, palette: Palette):
        self.painter = painter
        self.device = device
        self.palette = palette
        #: Device pixels per point.
        self.u = device.logicalDpiX() / 72.0
        self._fonts: dict[tuple[Face, float], QtGui.QFont] = {}
        self._metrics: dict[tuple[Face, float], QtGui.QFontMetricsF] = {}
        # Pens and flag combinations are asked for thousands of times a party: build each once.
        self._pens: dict[tuple[int, float], QtGui.QPen] = {}
        self._flags: dict[Qt.AlignmentFlag, int] = {}

    # -- geometry ---------------------------------------------------------------------------

    def px(self, rect: QRectF) -> QRectF:
        u = self.u
        return QRectF(rect.x() * u, rect.y() * u, rect.width() * u, rect.height() * u)

    def pen(self, color: QColor, width: float = 0.75) -> QtGui.QPen:
        key = (color.rgba(), width)
        pen = self._pens.get(key)
        if pen is None:
            pen = self._pens[key] = QtGui.QPen(color, width * self.u)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        return pen

    # -- fonts and measuring ----------------------------------------------------------------

    def font(self, face: Face, size: float) -> QtGui.QFont:
        key = (face, round(size, 2))
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = _make_font(face, key[1])
        return font

    def metrics(self, face: Face, size: float) -> QtGui.QFontMetricsF:
        key = (face, round(size, 2))
        metrics = self._metrics.get(key)
        if metrics is None:
            metrics = self._metrics[key] = QtGui.QFontMetricsF(self.font(face, size), self.device)
        return metrics

    def width(self, text: str, face: Face, size: float) -> float:
        """The advance of ``text`` in points."""
        return self.metrics(face, size).horizontalAdvance(text) / self.u

    def fitting_size(
        self, text: str, face: Face, size: float, width: float, smallest: float
    ) -> float:
        """The largest size from ``size`` down to ``smallest`` at which ``text`` fits ``width``."""
        natural = self.width(text, face, size)
        if natural <= width:
            return size
        return max(smallest, size * width / natural * 0.995)

    # -- text -------------------------------------------------------------------------------

    def text(
        self,
        rect: QRectF,
        text: str,
        face: Face,
        size: float,
        color: QColor | None = None,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
        *,
        shrink_to: float | None = None,
    ) -> None:
        """One line of text in ``rect``, vertically centred; shrunk, then elided, to fit."""
        if not text:
            return
        room = rect.width() * self.u
        metrics = self.metrics(face, size)
        shown = text
        natural = metrics.horizontalAdvance(text)
        if natural > room:
            if shrink_to is not None:
                size = max(shrink_to, size * room / natural * 0.995)
                metrics = self.metrics(face, size)
            shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)
        self.painter.setFont(self.font(face, size))
        self.painter.setPen(color if color is not None else self.palette.text)
        flags = self._flags.get(align)
        if flags is None:
            flags = self._flags[align] = (
                align.value | Qt.AlignmentFlag.AlignVCenter.value | Qt.TextFlag.TextSingleLine.value
            )
        self.painter.drawText(self.px(rect), flags, shown)

    def paragraph(
        self,
        rect: QRectF,
        text: str,
        face: Face,
        size: float,
        color: QColor | None = None,
        *,
        leading: float = 1.25,
    ) -> float:
        """Word-wrapped text from the top of ``rect``; the last line that fits is elided.

        Returns the height used, in points.
        """
        if not text.strip():
            return 0.0
        font = self.font(face, size)
        metrics = self.metrics(face, size)
        line_height = size * leading
        most_lines = max(1, int(rect.height() // line_height))
        self.painter.setFont(font)
        self.painter.setPen(color if color is not None else self.palette.text)
        y = rect.y()
        shown = 0
        for number, chunk in enumerate(_wrap(text, metrics, rect.width() * self.u)):
            if shown == most_lines:
                break
            if shown == most_lines - 1 and chunk.more_after:
                chunk = _Line(chunk.text + " " + chunk.rest, False, "")
            line = metrics.elidedText(
                chunk.text, Qt.TextElideMode.ElideRight, rect.width() * self.u
            )
            # Centred like a one-line text() in a box of the line's height.
            baseline = (y + line_height / 2) * self.u + (metrics.ascent() - metrics.descent()) / 2
            self.painter.drawText(QPointF(rect.x() * self.u, baseline), line)
            y += line_height
            shown = number + 1
        return y - rect.y()

    def lines_needed(self, text: str, face: Face, size: float, width: float) -> int:
        """How many lines :meth:`paragraph` would take for ``text`` at ``width`` points."""
        if not text.strip():
            return 0
        return len(list(_wrap(text, self.metrics(face, size), width * self.u)))

    # -- shapes -----------------------------------------------------------------------------

    def fill(self, rect: QRectF, color: QColor, radius: float = 0.0) -> None:
        self.painter.setPen(Qt.PenStyle.NoPen)
        self.painter.setBrush(color)
        self._rect(rect, radius)

    def frame(self, rect: QRectF, color: QColor, width: float = 0.75, radius: float = 0.0) -> None:
        self.painter.setPen(self.pen(color, width))
        self.painter.setBrush(Qt.BrushStyle.NoBrush)
        self._rect(rect, radius)

    def _rect(self, rect: QRectF, radius: float) -> None:
        if radius:
            self.painter.drawRoundedRect(self.px(rect), radius * self.u, radius * self.u)
        else:
            self.painter.drawRect(self.px(rect))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, color: QColor, width: float = 0.5
    ) -> None:
        self.painter.setPen(self.pen(color, width))
        u = self.u
        self.painter.drawLine(QPointF(x1 * u, y1 * u), QPointF(x2 * u, y2 * u))

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: QColor | None = None,
        stroke: QColor | None = None,
        width: float = 0.75,
    ) -> None:
        self.painter.setPen(self.pen(stroke, width) if stroke is not None else Qt.PenStyle.NoPen)
        self.painter.setBrush(fill if fill is not None else Qt.BrushStyle.NoBrush)
        u = self.u
        self.painter.drawEllipse(QPointF(cx * u, cy * u), r * u, r * u)

    def shape(
        self,
        path: QtGui.QPainterPath,
        rect: QRectF,
        *,
        fill: QColor | None = None,
        stroke: QColor | None = None,
        width: float = 0.75,
        upside_down: bool = False,
    ) -> None:
        """Draw ``path``, drawn in a unit square, scaled into ``rect`` (points)."""
        box = self.px(rect)
        transform = QtGui.QTransform()
        if upside_down:
            transform.translate(box.right(), box.bottom())
            transform.scale(-box.width(), -box.height())
        else:
            transform.translate(box.x(), box.y())
            transform.scale(box.width(), box.height())
        self.painter.setPen(self.pen(stroke, width) if stroke is not None else Qt.PenStyle.NoPen)
        self.painter.setBrush(fill if fill is not None else Qt.BrushStyle.NoBrush)
        self.painter.drawPath(transform.map(path))

    def checkbox(self, x: float, y: float, size: float, ticked: bool) -> None:
        """A square to tick by hand, ticked already when ``ticked``."""
        self.frame(QRectF(x, y, size, size), self.palette.ink, 0.8, radius=1.2)
        if ticked:
            tick = QtGui.QPainterPath(QPointF(0.2, 0.55))
            tick.lineTo(0.42, 0.78)
            tick.lineTo(0.82, 0.22)
            self.shape(tick, QRectF(x, y, size, size), stroke=self.palette.ink, width=1.4)

    def image(self, rect: QRectF, image: QtGui.QImage) -> None:
        """``image`` centred in ``rect``: filling it (cropping a little) when the shapes are
        close, else whole inside it."""
        if image.isNull():
            return
        fit = min(rect.width() / image.width(), rect.height() / image.height())
        fill = max(rect.width() / image.width(), rect.height() / image.height())
        scale = fill if fill / fit <= 1.3 else fit
        w, h = image.width() * scale, image.height() * scale
        target = QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h)
        self.painter.save()
        self.painter.setClipRect(self.px(rect))
        self.painter.drawImage(self.px(target), image)
        self.painter.restore()

    # -- sheet furniture ----------------------------------------------------------------------

    def section(self, rect: QRectF, title: str) -> QRectF:
        """A framed section with its title set into the top rule; returns the inside."""
        ink = self.palette.ink
        self.frame(rect, ink, 0.9, radius=4.0)
        size = 7.5
        label = title.upper()
        label_w = self.width(label, Face.LABEL, size)
        tab = QRectF(rect.x() + 9, rect.y() - 5.5, label_w + 10, 11)
        self.fill(tab, ink, radius=2.5)
        self.text(tab, label, Face.LABEL, size, QColor("white"), Qt.AlignmentFlag.AlignHCenter)
        return QRectF(rect.x() + 9, rect.y() + 10, rect.width() - 18, rect.height() - 16)

    def field(
        self,
        rect: QRectF,
        label: str,
        value: str,
        *,
        size: float = 11.0,
        label_w: float | None = None,
    ) -> None:
        """A small-caps label, then the value on a rule to write on (left empty when blank)."""
        label = label.upper()
        width = label_w if label_w is not None else self.width(label, Face.LABEL, 7) + 6
        self.text(
            QRectF(rect.x(), rect.y(), width, rect.height()),
            label,
            Face.LABEL,
            7,
            self.palette.muted,
        )
        value_rect = QRectF(rect.x() + width, rect.y(), rect.width() - width, rect.height())
        self.line(
            value_rect.x(),
            rect.bottom() - 3,
            rect.right(),
            rect.bottom() - 3,
            self.palette.line,
            0.6,
        )
        self.text(value_rect.adjusted(2, -2, 0, -2), value, Face.SERIF, size, shrink_to=size * 0.7)

    def rule(self, x: float, y: float, width: float) -> None:
        """A faint writing line."""
        self.line(x, y, x + width, y, self.palette.line, 0.5)

    def big_number(self, cx: float, cy: float, r: float, value: str) -> None:
        """A number in a circle (an empty circle to write in when ``value`` is empty)."""
        self.circle(cx, cy, r, fill=self.palette.tint, stroke=self.palette.ink, width=1.0)
        if value:
            box = QRectF(cx - r, cy - r, 2 * r, 2 * r)
            self.text(
                box,
                value,
                Face.TITLE,
                r * 1.05,
                self.palette.ink,
                Qt.AlignmentFlag.AlignHCenter,
                shrink_to=r * 0.5,
            )


@frozen
class _Line:
    text: str
    more_after: bool
    rest: str


def _wrap(text: str, metrics: QtGui.QFontMetricsF, width: float) -> Sequence[_Line]:
    """Greedy word wrap by measured advance; explicit newlines start new lines."""
    lines: list[str] = []
    for paragraph in text.splitlines():
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}" if current else word
            if current and metrics.horizontalAdvance(trial) > width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    while lines and not lines[-1]:
        lines.pop()
    # Each line knows the text after it, so the last line shown can carry it (and be elided).
    return [
        _Line(line, index < len(lines) - 1, " ".join(item for item in lines[index + 1 :] if item))
        for index, line in enumerate(lines)
    ]
