"""Small cards for the Challenge panels: a card's art at thumbnail size with its name below.

A chip shows only what it is given. Given no face (the viewer may not see it) it paints the
deck's back and reads "face-down card"; the panels decide with
:func:`cardtable.session.on_screen`. A reversed face is drawn turned half-way round, as on the
felt, and its caption carries the ↺ mark.
"""

from __future__ import annotations

from cardtable.cards import CardFace, TarotCard, shown_name
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtGui, QtWidgets

#: The mark put after the name of a reversed card.
REVERSED_MARK = "↺"
FACE_DOWN = "face-down card"
CHIP_WIDTH = 52  # logical pixels


def card_caption(face: CardFace | None, reversed: bool = False) -> str:
    """The words for a card in a panel: its name (↺ when reversed), or "face-down card".

    >>> from cardtable.cards import TarotCard
    >>> card_caption(TarotCard.from_name("Soldier of Paper"), reversed=True)
    'Soldier of Paper ↺'
    >>> card_caption(None)
    'face-down card'
    """
    if face is None:
        return FACE_DOWN
    name = shown_name(face)
    name = name[0].upper() + name[1:]  # "the Excuse" starts a caption
    return f"{name} {REVERSED_MARK}" if reversed else name


def chip_pixmap(
    face: CardFace | None, kind: str, width: int, reversed: bool, dpr: float
) -> QtGui.QPixmap:
    """The card's face (or back) ``width`` pixels wide, turned round when reversed."""
    if face is None:
        return card_art.back_pixmap(kind, width, dpr)
    pixmap = card_art.face_pixmap(face, width, dpr)
    if reversed and isinstance(face, TarotCard):
        turned = pixmap.transformed(QtGui.QTransform().rotate(180))
        turned.setDevicePixelRatio(dpr)
        return turned
    return pixmap


class CardChip(QtWidgets.QFrame):
    """One small card with a caption under it, and an optional badge line (✓ beaten)."""

    def __init__(
        self,
        kind: str,
        parent: QtWidgets.QWidget | None = None,
        *,
        width: int = CHIP_WIDTH,
        caption_width: int | None = None,
        caption: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("cardChip")
        self._kind = kind
        self._width = width
        self._art = QtWidgets.QLabel(self)
        self._art.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._art.setFixedSize(width + 4, card_art.pixel_height(kind, width) + 4)
        self._caption = QtWidgets.QLabel(self)
        self._caption.setObjectName("chipCaption")
        self._caption.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self._caption.setWordWrap(True)
        self._caption.setFixedWidth(caption_width or width + 48)
        self._caption.setVisible(caption)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        layout.addWidget(self._art, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self._caption, 0, Qt.AlignmentFlag.AlignHCenter)
        self._text = ""
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Fixed, QtWidgets.QSizePolicy.Policy.Fixed)

    def set_card(
        self, face: CardFace | None, reversed: bool = False, *, note: str = "", tip: str = ""
    ) -> None:
        """Show ``face`` (None: the back) with its caption and an optional ``note`` below."""
        dpr = self.devicePixelRatioF() or 1.0
        self._art.setPixmap(chip_pixmap(face, self._kind, self._width, reversed, dpr))
        caption = card_caption(face, reversed)
        self._caption.setText(caption + (f"\n{note}" if note else ""))
        self._text = caption
        keywords = ""
        if isinstance(face, TarotCard) and face.keyword(reversed):
            keywords = f" ({face.keyword(reversed)})"
        self.setToolTip(tip or caption + keywords)
        self.setAccessibleName(caption + (f", {note}" if note else ""))

    @property
    def caption(self) -> str:
        return self._text


class ChipRow(QtWidgets.QWidget):
    """Chips side by side, wrapping onto new lines after ``per_line``; ``caption_width``
    narrows their captions (which wrap) for a tight column."""

    def __init__(
        self, kind: str, parent: QtWidgets.QWidget | None = None, *, per_line: int = 5,
        width: int = CHIP_WIDTH, caption_width: int | None = None,
    ) -> None:
        super().__init__(parent)
        self._kind = kind
        self._per_line = per_line
        self._width = width
        self._caption_width = caption_width
        self._grid = QtWidgets.QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(4)
        self._grid.setVerticalSpacing(4)
        self._grid.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._chips: list[CardChip] = []
        self._empty = QtWidgets.QLabel(self)
        self._empty.setObjectName("emptyNote")
        self._grid.addWidget(self._empty, 0, 0)

    def set_cards(
        self, cards: list[tuple[CardFace | None, bool, str]], empty_text: str = ""
    ) -> None:
        """Show ``(face, reversed, note)`` for each card, or ``empty_text`` when none."""
        while len(self._chips) < len(cards):
            chip = CardChip(self._kind, self, width=self._width,
                            caption_width=self._caption_width)
            index = len(self._chips)
            self._grid.addWidget(chip, index // self._per_line, index % self._per_line,
                                 Qt.AlignmentFlag.AlignTop)
            self._chips.append(chip)
        for chip, (face, reversed, note) in zip(self._chips, cards, strict=False):
            chip.set_card(face, reversed, note=note)
        for index, chip in enumerate(self._chips):
            chip.setVisible(index < len(cards))
        self._empty.setText(empty_text)
        self._empty.setVisible(not cards and bool(empty_text))

    def captions(self) -> list[str]:
        """The captions of the chips shown, in order (for tests and screen readers)."""
        return [chip.caption for chip in self._chips if not chip.isHidden()]

