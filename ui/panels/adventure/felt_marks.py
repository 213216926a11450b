"""Fantastical Adventure marks on the felt: Suspended Challenges and how characters stand.

A Suspended Challenge lies face down in its Challenger's "Suspended Challenges" zone; this
module ties a label to the card itself ("Suspended #3 · “to hold the bridge” · a rope trap
across the gorge"), so the table sees what waits there without anyone seeing its face. A
character's zone gets a badge when the character is "dead", has Gone Down or has lost Facets.

:class:`FeltMarks` follows the session: after every change (the felt has already moved its
cards by then) it puts the labels on the card and zone items of the
:class:`~cardtable.ui.table.view.TableView` again. Everything it writes is public: the
goal and note of a Suspended Challenge are in the log for all to read.
"""

from __future__ import annotations

from cardtable.cards import CardId
from cardtable.piles import PileId, Table
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.steps.adventure.conflict import find_game
from cardtable.ui.art.common import SANS
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.hits import status_words
from cardtable.ui.panels.base import EVERY_CHANGE, SessionPanel
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.layout import slots
from cardtable.ui.table.view import TableView

SUSPENDED_COLOUR = QtGui.QColor(36, 52, 92, 235)
DEAD_COLOUR = QtGui.QColor(150, 30, 30, 240)
WOUND_COLOUR = QtGui.QColor(176, 112, 20, 240)
TAG_INK = QtGui.QColor("#fdfbf5")
TAG_PX = 13
BADGE_PX = 16  # a character's state on its zone, read from across the table
MAX_LINES = 4
#: A Suspended Challenge's label: wider than its card, over the backs beside it.
SUSPENDED_W = 200.0
_MARK_Z = 5.0
_LABEL_Z = 50.0  # above the cards of the zone, below a card being dragged
_ROWS = 2


def _font(bold: bool = False, pixels: int = TAG_PX) -> QtGui.QFont:
    font = QtGui.QFont()
    font.setFamilies(SANS)
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


class TagItem(QtWidgets.QGraphicsItem):
    """A small label: lines of text on a rounded, coloured ground, centred on its position."""

    def __init__(self, lines: list[str], colour: QtGui.QColor, width: float,
                 parent: QtWidgets.QGraphicsItem | None = None, *, pixels: int = TAG_PX) -> None:
        super().__init__(parent)
        self.lines = lines
        self._pixels = pixels
        self._colour = colour
        self._width = width
        # (text, bold) per painted line: the first given line is the heading, in bold.
        self._laid: list[tuple[str, bool]] = []
        for index, line in enumerate(lines):
            metrics = QtGui.QFontMetricsF(_font(index == 0, pixels))
            self._laid += [(text, index == 0) for text in _wrap(line, metrics, width - 12)]
        self._laid = self._laid[:MAX_LINES]
        self._line_h = QtGui.QFontMetricsF(_font(True, pixels)).height()
        self._height = self._line_h * len(self._laid) + 8
        self.setZValue(_MARK_Z)
        self.setToolTip("\n".join(lines))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def text(self) -> str:
        return " · ".join(self.lines)

    def boundingRect(self) -> QtCore.QRectF:
        return QtCore.QRectF(-self._width / 2, -self._height / 2, self._width, self._height)

    def paint(self, painter: QtGui.QPainter, option: QtWidgets.QStyleOptionGraphicsItem,
              widget: QtWidgets.QWidget | None = None) -> None:
        painter.save()
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        box = self.boundingRect()
        painter.setPen(QtGui.QPen(QtGui.QColor(255, 255, 255, 150), 1.2))
        painter.setBrush(self._colour)
        painter.drawRoundedRect(box, 7, 7)
        painter.setPen(TAG_INK)
        top = box.top() + 4
        for index, (line, bold) in enumerate(self._laid):
            painter.setFont(_font(bold, self._pixels))
            row = QtCore.QRectF(box.left() + 5, top + index * self._line_h, box.width() - 10,
                                self._line_h)
            painter.drawText(row, int(Qt.AlignmentFlag.AlignCenter), line)
        painter.restore()


def _wrap(text: str, metrics: QtGui.QFontMetricsF, width: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and metrics.horizontalAdvance(trial) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(metrics.elidedText(current, Qt.TextElideMode.ElideRight, width))
    return lines


def suspended_lines(game: AdventureGame, number: int) -> list[str]:
    """The label of Suspended Challenge ``number``: its number and goal, then its note."""
    found = next(s for s in game.suspended if s.id == number)
    return [f"Suspended #{found.id}", f"“{found.goal}”", found.note]


class FeltMarks(SessionPanel, QtCore.QObject):
    """Keeps the Adventure labels on ``felt`` in step with the session."""

    watches = EVERY_CHANGE

    def __init__(self, felt: TableView, document: SessionDocument) -> None:
        super().__init__(document, felt)
        self.felt = felt
        #: The labels on the felt now, by what they mark ("card:<id>", "zone:<pile>").
        self.tags: dict[str, TagItem] = {}
        self.refresh()

    def refresh(self) -> None:
        for tag in self.tags.values():
            scene = tag.scene()
            if scene is not None:
                scene.removeItem(tag)
        self.tags = {}
        game = find_game(self.session.state)
        if game is None:
            return
        table = self.session.table
        for suspended in game.suspended:
            item = self.felt.item(str(suspended.card))
            pile = table.where(suspended.card)
            place = _slot(self.felt, pile, suspended.card, table)
            if item is None or place is None or self.felt.scene() is None:
                continue
            # Cards in a fan overlap: each label sits at its own height on its card, running
            # over the backs to its right, so that two labels never hide each other.
            rect = item.card_rect()
            tag = TagItem(suspended_lines(game, suspended.id), SUSPENDED_COLOUR, SUSPENDED_W)
            tag.setZValue(_LABEL_Z)
            height = tag.boundingRect().height()
            row = table.pile(pile).cards.index(suspended.card) % _ROWS
            top = place.y() + rect.top() + 4 + row * (rect.height() - height - 8) / (_ROWS - 1)
            tag.setPos(place.x() + rect.left() + SUSPENDED_W / 2 + 2, top + height / 2)
            self.felt.scene().addItem(tag)
            self.tags[f"card:{suspended.card}"] = tag
        for character in game.characters.values():
            words = status_words(character)
            zone = self.felt.zone(str(PileId(game.zone_id(character.id))))
            if not words or zone is None:
                continue
            colour = DEAD_COLOUR if character.dead else WOUND_COLOUR
            text = f"{character.name}: {', '.join(words)}"
            width = min(zone.spec.width - 40, QtGui.QFontMetricsF(
                _font(True, BADGE_PX)).horizontalAdvance(text) + 24)
            tag = TagItem([text], colour, width, zone, pixels=BADGE_PX)
            tag.setPos(zone.spec.width / 2, zone.spec.height)
            self.tags[f"zone:{zone.pile_id}"] = tag


def _slot(felt: TableView, pile: PileId, card: CardId, table: Table) -> QtCore.QPointF | None:
    """Where ``card`` comes to rest in its zone on the felt (its centre), if it is shown."""
    zone = felt.layout_now.zone(pile)
    cards = table.pile(pile).cards
    if zone is None or card not in cards:
        return None
    return slots(zone, len(cards))[cards.index(card)]


def install(felt: TableView, document: SessionDocument) -> FeltMarks:
    """Put Adventure marks on ``felt`` (kept as the felt's child)."""
    return FeltMarks(felt, document)


__all__ = ["FeltMarks", "TagItem", "install", "suspended_lines"]
