"""A large view of one card, shown while the pointer rests on it: the art, its name, keywords.

The preview shows only what it is given. Given no face (the viewer may not see it), it shows
the deck's back and the words "Face-down card", nothing more.
"""

from __future__ import annotations

from cardtable.cards import CardFace, TarotCard, shown_name
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import MARKER_COLOUR, CardItem

PREVIEW_WIDTH = 240  # logical pixels
HOVER_DELAY_MS = 350
FACE_DOWN_TEXT = "Face-down card"
#: The colour of the words that do not apply now, and of the keywords.
MUTED = "#a9a39a"


class CardPreview(QtWidgets.QFrame):
    """A frameless popup that shows a card large, with its name and keywords."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.ToolTip | Qt.WindowType.FramelessWindowHint)
        self.setObjectName("cardPreview")
        self.setAccessibleName("Card preview")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setStyleSheet(
            "#cardPreview { background: #1b1d22; border: 1px solid #555; border-radius: 8px; }"
            "QLabel { color: #f2ede2; }"
        )
        self._art = QtWidgets.QLabel(self)
        self._art.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._name = QtWidgets.QLabel(self)
        self._name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title = self._name.font()
        title.setPointSizeF(title.pointSizeF() * 1.3)
        title.setBold(True)
        self._name.setFont(title)
        self._keywords = QtWidgets.QLabel(self)
        self._keywords.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._keywords.setWordWrap(True)
        self._keywords.setTextFormat(Qt.TextFormat.RichText)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(6)
        layout.addWidget(self._art)
        layout.addWidget(self._name)
        layout.addWidget(self._keywords)
        self._pending: CardItem | None = None
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HOVER_DELAY_MS)
        self._timer.timeout.connect(self._on_hover_timeout)

    def name_text(self) -> str:
        return self._name.text()

    def keywords_text(self) -> str:
        """The keyword line as plain text (for tests and screen readers)."""
        return QtGui.QTextDocumentFragment.fromHtml(self._keywords.text()).toPlainText()

    def show_card(
        self,
        face: CardFace | None,
        kind: str,
        reversed: bool = False,
        near: QtCore.QPoint | None = None,
        variant: int = 0,
    ) -> None:
        """Show ``face`` large (the back, when ``None``) next to the screen point ``near``."""
        dpr = self.devicePixelRatioF()
        if face is None:
            pixmap = card_art.back_pixmap(kind, PREVIEW_WIDTH, dpr)
            self._name.setText(FACE_DOWN_TEXT)
            self._keywords.setText("")
            self._keywords.hide()
        else:
            pixmap = card_art.face_pixmap(face, PREVIEW_WIDTH, dpr, variant)
            name = shown_name(face)
            self._name.setText(name[:1].upper() + name[1:])
            self._keywords.setText(_keyword_html(face, reversed))
            self._keywords.setVisible(bool(self._keywords.text()))
        self._art.setPixmap(pixmap)
        self.setAccessibleDescription(f"{self._name.text()}. {self.keywords_text()}".strip(". "))
        self.adjustSize()
        if near is not None:
            self.move(self._placed_near(near))
        self.show()

    def show_item(self, item: CardItem, near: QtCore.QPoint | None = None) -> None:
        """Preview what ``item`` shows on the table now (never more than that)."""
        face = item.visible_face()
        variant = card_art.joker_variant(item.card_id)
        self.show_card(face, item.kind, item.is_reversed, near, variant)

    def follow(self, item: CardItem) -> None:
        """Preview ``item`` after the pointer has rested on it a moment; hide when it leaves."""
        item.hovered.connect(self._on_hovered)

    def _on_hovered(self, card_id: str, inside: bool) -> None:
        sender = self.sender()
        if inside and isinstance(sender, CardItem):
            self._pending = sender
            self._timer.start()
        else:
            self._timer.stop()
            self._pending = None
            self.hide()

    def _on_hover_timeout(self) -> None:
        if self._pending is not None and self._pending.scene() is not None:
            self.show_item(self._pending, QtGui.QCursor.pos())

    def _placed_near(self, point: QtCore.QPoint) -> QtCore.QPoint:
        """Beside the pointer, kept on the screen it is on."""
        size = self.sizeHint()
        spot = QtCore.QPoint(point.x() + 24, point.y() - size.height() // 3)
        screen = QtGui.QGuiApplication.screenAt(point) or QtGui.QGuiApplication.primaryScreen()
        if screen is None:
            return spot
        area = screen.availableGeometry()
        if spot.x() + size.width() > area.right():
            spot.setX(point.x() - 24 - size.width())
        spot.setY(min(max(spot.y(), area.top()), area.bottom() - size.height()))
        spot.setX(max(spot.x(), area.left()))
        return spot


def _keyword_html(face: CardFace, reversed: bool) -> str:
    """Both meanings of a tarot card, the one that applies in bold, then the keywords the
    group gave it in a small line; nothing for other cards."""
    if not isinstance(face, TarotCard):
        return ""
    found = f"<br><small style='color:{MUTED}'>{_escape(', '.join(face.keywords))}</small>"
    found = found if face.keywords else ""
    if not (face.upright or face.reversed):
        return found.removeprefix("<br>")
    marker = MARKER_COLOUR.name()
    upright = _escape(face.upright)
    turned = _escape(face.reversed)
    if reversed:
        return (
            f"<span style='color:{marker}'><b>Reversed: {turned}</b></span>"
            f"<br><span style='color:{MUTED}'>Upright: {upright}</span>{found}"
        )
    return (
        f"<b>Upright: {upright}</b><br><span style='color:{MUTED}'>Reversed: {turned}</span>"
        f"{found}"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
