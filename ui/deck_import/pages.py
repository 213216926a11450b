"""The first pages of the deck-import wizard: where the pictures are, and what they dress.

Each page gathers; :class:`DeckPage` turns what was gathered into an
:class:`~cardtable.decks.plans.ImportPlan` when the player presses Next, and stays put with the
reason in its banner when the plan cannot be made (no such folder, a sheet too large...).
"""

from __future__ import annotations

import html
from pathlib import Path

from cardtable.decks.images import IMAGE_SUFFIXES
from cardtable.decks.names import CUSTOM, PLAYING, TAROT, card_name_from_stem
from cardtable.decks.plans import DeckImportError, ImportPlan, plan_folder, plan_grid
from cardtable.ui.qt import Qt, QtCore, QtWidgets

PICTURE_FILTER = "Pictures ({})".format(" ".join(f"*{s}" for s in sorted(IMAGE_SUFFIXES)))
DECK_LABELS = {
    TAROT: "The Tourist's Tarot: 82 cards",
    PLAYING: "Playing cards: 52 cards and a joker (and a second, red joker if you have one)",
    CUSTOM: "A new deck of my own cards: one card for each picture",
}
NAMING_HINT = (
    "<b>How pictures find their cards.</b> In a folder, each file is matched by its name: "
    "<i>soldier-paper.png</i>, <i>07_paper.jpg</i>, <i>Triumph XXI.png</i> or "
    "<i>excuse.jpg</i> for the tarot; <i>QH.png</i>, <i>queen_of_hearts.jpg</i>, "
    "<i>10-spades.png</i> or <i>joker_red.png</i> for playing cards; a file called "
    "<i>back</i> becomes the back. You can fix any match on the next pages.<br>"
    "On a sheet, cards are read row by row from the top left, in the deck's order."
)
SHAPE_LABELS = {TAROT: "Tall, like the tarot (5:8)", PLAYING: "Like playing cards (5:7)"}


class Banner(QtWidgets.QLabel):
    """A strip at the foot of a page saying what stops the wizard going on."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("importBanner")
        self.setWordWrap(True)
        self.setStyleSheet(
            "#importBanner { background: #fdf3dc; border: 1px solid #e8c878; "
            "border-radius: 6px; color: #5a4210; padding: 6px 10px; }"
        )
        self.setAccessibleName("What stops the import")
        self.hide()

    def say(self, message: str) -> None:
        self.setText(html.escape(message))
        self.setVisible(bool(message))


def _path_row(
    edit: QtWidgets.QLineEdit, browse: QtWidgets.QPushButton
) -> QtWidgets.QHBoxLayout:
    row = QtWidgets.QHBoxLayout()
    row.addWidget(edit, 1)
    row.addWidget(browse)
    return row


class SourcePage(QtWidgets.QWizardPage):
    """A folder of pictures, or one sheet of cards in a grid."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Where are the pictures?")
        self.setSubTitle(
            "Cardtable reads PNG, JPEG, GIF, BMP, TIFF and WebP pictures, of any size and "
            "shape. A phone's sideways photos are turned upright, and scanner margins trimmed."
        )
        self.folder_choice = QtWidgets.QRadioButton("A &folder of pictures, one for each card")
        self.folder_choice.setToolTip(
            "Name each file after its card and Cardtable matches them: soldier-paper.png, "
            "07_paper.jpg, QH.png, queen_of_hearts.jpg"
        )
        self.folder_edit = QtWidgets.QLineEdit()
        self.folder_edit.setPlaceholderText("The folder holding the pictures")
        self.folder_edit.setAccessibleName("Folder of pictures")
        self.folder_edit.setToolTip("The folder holding one picture for each card")
        self.folder_browse = QtWidgets.QPushButton("Browse…")
        self.folder_browse.setToolTip("Choose the folder of pictures")
        self.folder_browse.setAccessibleName("Browse for the folder")
        self.sheet_choice = QtWidgets.QRadioButton(
            "One &sheet of cards in a grid (as Tabletop Simulator's decks are made)"
        )
        self.sheet_choice.setToolTip("One picture holding every card, in rows and columns")
        self.sheet_edit = QtWidgets.QLineEdit()
        self.sheet_edit.setPlaceholderText("The sheet of cards")
        self.sheet_edit.setAccessibleName("Sheet of cards")
        self.sheet_edit.setToolTip("One picture holding every card in a grid")
        self.sheet_browse = QtWidgets.QPushButton("Browse…")
        self.sheet_browse.setToolTip("Choose the sheet of cards")
        self.sheet_browse.setAccessibleName("Browse for the sheet")
        self.rows = QtWidgets.QSpinBox()
        self.rows.setRange(1, 30)
        self.rows.setValue(7)
        self.rows.setAccessibleName("Rows of cards on the sheet")
        self.rows.setToolTip("How many rows of cards the sheet holds")
        self.columns = QtWidgets.QSpinBox()
        self.columns.setRange(1, 30)
        self.columns.setValue(10)
        self.columns.setAccessibleName("Columns of cards on the sheet")
        self.columns.setToolTip("How many cards each row of the sheet holds")
        self.last_is_back = QtWidgets.QCheckBox("The last cell is the &back of the cards")
        self.last_is_back.setToolTip(
            "Tabletop Simulator sheets often keep the back (or a hidden card) in the last cell"
        )
        rows_label = QtWidgets.QLabel("&Rows:")
        rows_label.setBuddy(self.rows)
        columns_label = QtWidgets.QLabel("&Columns:")
        columns_label.setBuddy(self.columns)
        grid = QtWidgets.QHBoxLayout()
        for widget in (rows_label, self.rows, columns_label, self.columns):
            grid.addWidget(widget)
        grid.addStretch(1)
        hint = QtWidgets.QLabel(NAMING_HINT)
        hint.setWordWrap(True)
        hint.setObjectName("namingHint")
        hint.setStyleSheet("#namingHint { color: palette(placeholder-text); }")
        hint.setTextFormat(Qt.TextFormat.RichText)
        hint.setAccessibleName("How pictures are matched to cards")
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.folder_choice)
        layout.addLayout(_path_row(self.folder_edit, self.folder_browse))
        layout.addSpacing(12)
        layout.addWidget(self.sheet_choice)
        layout.addLayout(_path_row(self.sheet_edit, self.sheet_browse))
        layout.addLayout(grid)
        layout.addWidget(self.last_is_back)
        layout.addStretch(1)
        layout.addWidget(hint)
        self.folder_choice.setChecked(True)
        self.folder_browse.clicked.connect(self._on_browse_folder)
        self.sheet_browse.clicked.connect(self._on_browse_sheet)
        for signal in (
            self.folder_choice.toggled,
            self.folder_edit.textChanged,
            self.sheet_edit.textChanged,
        ):
            signal.connect(self._on_edited)
        self.folder_edit.textEdited.connect(lambda _: self.folder_choice.setChecked(True))
        self.sheet_edit.textEdited.connect(lambda _: self.sheet_choice.setChecked(True))
        self._on_edited()

    @property
    def is_sheet(self) -> bool:
        return self.sheet_choice.isChecked()

    def source(self) -> Path:
        return Path((self.sheet_edit if self.is_sheet else self.folder_edit).text().strip())

    def _on_edited(self) -> None:
        sheet = self.is_sheet
        for widget in (self.rows, self.columns, self.last_is_back):
            widget.setEnabled(sheet)
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        text = (self.sheet_edit if self.is_sheet else self.folder_edit).text().strip()
        if not text:
            return False
        path = Path(text)
        return path.is_file() if self.is_sheet else path.is_dir()

    def _on_browse_folder(self) -> None:
        folder = QtWidgets.QFileDialog.getExistingDirectory(
            self, "Folder of card pictures", self.folder_edit.text()
        )
        if folder:
            self.folder_edit.setText(folder)
            self.folder_choice.setChecked(True)

    def _on_browse_sheet(self) -> None:
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, "Sheet of cards", self.sheet_edit.text(), PICTURE_FILTER
        )
        if path:
            self.sheet_edit.setText(path)
            self.sheet_choice.setChecked(True)


class DeckPage(QtWidgets.QWizardPage):
    """Which deck the pictures dress, and the art set's name; makes the plan on Next."""

    planned = QtCore.Signal(object)

    def __init__(self, source: SourcePage) -> None:
        super().__init__()
        self.setTitle("Which deck do they dress?")
        self.setSubTitle(
            "Art for the Tourist's Tarot or for playing cards dresses those decks on the "
            "table; a new deck of your own cards can be put on the table by itself."
        )
        self._source = source
        self.plan: ImportPlan | None = None
        self.choices: dict[str, QtWidgets.QRadioButton] = {}
        layout = QtWidgets.QVBoxLayout(self)
        for deck, label in DECK_LABELS.items():
            button = QtWidgets.QRadioButton(label)
            button.setAccessibleName(label)
            button.setToolTip(label)
            self.choices[deck] = button
            layout.addWidget(button)
        self.choices[TAROT].setChecked(True)
        for button in self.choices.values():
            button.toggled.connect(self._on_edited)
        self.shape = QtWidgets.QComboBox()
        for shape, label in SHAPE_LABELS.items():
            self.shape.addItem(label, shape)
        self.shape.setAccessibleName("Shape of the new deck's cards")
        self.shape.setToolTip("The shape of your own cards; pictures of another shape are cropped")
        self.name = QtWidgets.QLineEdit()
        self.name.setMaxLength(60)
        self.name.setAccessibleName("Name of the art set")
        self.name.setToolTip("How the art set (and a new deck) is called in Cardtable")
        self.name.textChanged.connect(lambda _: self.completeChanged.emit())
        self.pad = QtWidgets.QCheckBox("&Pad pictures of another shape instead of cropping them")
        self.pad.setToolTip(
            "Pictures that are not of the card's shape are cropped to fill the card; "
            "tick to fit them whole, with a border of their edge colour"
        )
        form = QtWidgets.QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("Card &shape:", self.shape)
        layout.addSpacing(8)
        layout.addLayout(form)
        layout.addWidget(self.pad)
        layout.addStretch(1)
        self.banner = Banner()
        layout.addWidget(self.banner)
        self._on_edited()

    def deck(self) -> str:
        return next(deck for deck, button in self.choices.items() if button.isChecked())

    def initializePage(self) -> None:
        if not self.name.text().strip():
            source = self._source.source()
            self.name.setText(card_name_from_stem(source.stem or source.name)[:60])
        self.banner.say("")

    def _on_edited(self) -> None:
        self.shape.setEnabled(self.deck() == CUSTOM)
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return bool(self.name.text().strip())

    def make_plan(self) -> ImportPlan:
        """The plan the first two pages describe (DeckImportError when it cannot be made)."""
        source = self._source
        deck = self.deck()
        shape = str(self.shape.currentData())
        name = " ".join(self.name.text().split())
        if source.is_sheet:
            return plan_grid(
                source.source(),
                source.rows.value(),
                source.columns.value(),
                deck,
                back=-1 if source.last_is_back.isChecked() else None,
                shape=shape if deck == CUSTOM else None,
                deck_name=name,
            )
        return plan_folder(source.source(), deck, shape=shape, deck_name=name)

    def validatePage(self) -> bool:
        if not self.isComplete():
            return False
        QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.plan = self.make_plan()
        except DeckImportError as exc:
            self.banner.say(str(exc))
            return False
        finally:
            QtWidgets.QApplication.restoreOverrideCursor()
        self.banner.say("")
        self.planned.emit(self.plan)
        return True
