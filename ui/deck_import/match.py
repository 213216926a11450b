"""The deck-import wizard's mapping page: which picture is which card, with thumbnails.

One row per card: its thumbnail, its name, and a list of every picture to choose from.
Cards still without a picture are picked out in amber, cards two files claim in red, and
Next stays disabled until every card has one. Choosing a picture already given to another
card moves it (that card then lacks one, and says so).
"""

from __future__ import annotations

from cardtable.decks.art import ASPECTS
from cardtable.decks.names import BACK, CUSTOM
from cardtable.decks.plans import DeckImportError, ImportPlan, Source, sources_in_words
from cardtable.ui.deck_import.pages import Banner
from cardtable.ui.deck_import.worker import ThumbnailLoader
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

NO_PICTURE = "— no picture —"
MISSING_COLOUR = QtGui.QColor("#fbe3b0")
CLASH_COLOUR = QtGui.QColor("#f6c4c0")
ROW_HEIGHT = 54
MATCHED_TEXT = (
    "Cardtable matched the pictures by their file names. Choose a picture for every card "
    "marked in amber; a card marked in red was claimed by two pictures."
)
SHEET_TEXT = (
    "Cardtable took the sheet's cells row by row, in the deck's order. Choose another cell "
    "for any card that came out wrong; cards marked in amber have none yet."
)
NEW_DECK_TEXT = (
    "Each picture becomes a card, named after its file and in the order of the files. "
    "Double-click a name to change it."
)
THUMB_SIZE = QtCore.QSize(34, 50)


class MatchPage(QtWidgets.QWizardPage):
    """Shows the plan card by card and lets the player change which picture each card gets."""

    changed = QtCore.Signal(object)

    def __init__(self, thumbnails: ThumbnailLoader) -> None:
        super().__init__()
        self.setTitle("Which picture is which card?")
        self.setSubTitle(MATCHED_TEXT)
        self.plan: ImportPlan | None = None
        self._thumbnails = thumbnails
        self._images: dict[str, QtGui.QImage] = {}
        self._sources: list[Source] = []
        self._combos: dict[str, QtWidgets.QComboBox] = {}
        self._rows: dict[str, int] = {}
        self.summary = QtWidgets.QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("How many cards have a picture")
        self.only_missing = QtWidgets.QCheckBox("Show only cards &without a picture")
        self.only_missing.setToolTip("Hide the cards that already have their picture")
        self.only_missing.toggled.connect(self._apply_filter)
        self.table = QtWidgets.QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["", "Card", "Picture"])
        self.table.setAccessibleName("Cards and their pictures")
        self.table.setToolTip("Each card and the picture it will show")
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        self.table.setIconSize(THUMB_SIZE)
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(1, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(0, THUMB_SIZE.width() + 16)
        self.spare = QtWidgets.QLabel()
        self.spare.setWordWrap(True)
        self.spare.setAccessibleName("Pictures no card uses")
        self.banner = Banner()
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.only_missing)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.spare)
        layout.addWidget(self.banner)
        thumbnails.ready.connect(self._on_thumbnail)
        self.table.itemChanged.connect(self._on_renamed)

    # -- filling ---------------------------------------------------------------------------

    def set_plan(self, plan: ImportPlan) -> None:
        """Show ``plan`` afresh (a new plan from the first pages)."""
        self.plan = plan
        self._sources = plan.sources
        custom = plan.target.deck == CUSTOM
        if custom:
            self.setSubTitle(NEW_DECK_TEXT)
        else:
            self.setSubTitle(SHEET_TEXT if plan.sheet is not None else MATCHED_TEXT)
        self.only_missing.setChecked(False)
        self.only_missing.setVisible(not custom)
        self._combos.clear()
        self._rows.clear()
        slots = plan.target.slots
        self.table.blockSignals(True)
        self.table.setRowCount(len(slots))
        self.table.setEditTriggers(
            QtWidgets.QAbstractItemView.EditTrigger.DoubleClicked
            | QtWidgets.QAbstractItemView.EditTrigger.EditKeyPressed
            if custom
            else QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers
        )
        for row, slot in enumerate(slots):
            self._rows[slot.slug] = row
            thumb = QtWidgets.QTableWidgetItem()
            thumb.setFlags(Qt.ItemFlag.ItemIsEnabled)
            name = QtWidgets.QTableWidgetItem(
                slot.name if slot.required else f"{slot.name} (may be left out)"
            )
            name.setData(Qt.ItemDataRole.AccessibleTextRole, slot.name)
            name.setData(Qt.ItemDataRole.UserRole, slot.slug)
            editable = plan.target.deck == CUSTOM
            flags = Qt.ItemFlag.ItemIsEnabled
            name.setFlags(flags | Qt.ItemFlag.ItemIsEditable if editable else flags)
            self.table.setItem(row, 0, thumb)
            self.table.setItem(row, 1, name)
            combo = QtWidgets.QComboBox()
            combo.setAccessibleName(f"Picture for {slot.name}")
            combo.setToolTip(f"The picture {slot.name} will show")
            combo.addItem(NO_PICTURE, None)
            for index, source in enumerate(self._sources):
                combo.addItem(source.label, index)
            combo.currentIndexChanged.connect(
                lambda _=0, slug=slot.slug, box=combo: self._on_chosen(slug, box)
            )
            self._combos[slot.slug] = combo
            holder = QtWidgets.QWidget()
            box = QtWidgets.QHBoxLayout(holder)
            box.setContentsMargins(6, 0, 6, 0)
            box.addWidget(combo)
            self.table.setCellWidget(row, 2, holder)
        self.table.blockSignals(False)
        for source in self._sources:
            self._thumbnails.request(source, ASPECTS[plan.target.shape])
        self._refresh()
        self.show_first_lacking()

    def show_first_lacking(self) -> None:
        """Scroll to the first card that still needs a picture."""
        if self.plan is None:
            return
        lacking = [slot for slot, _ in self.plan.clashes] + [s.slug for s in self.plan.missing()]
        if lacking:
            row = min(self._rows[slug] for slug in lacking)
            self.table.scrollToItem(
                self.table.item(row, 1), QtWidgets.QAbstractItemView.ScrollHint.PositionAtCenter
            )

    def _on_chosen(self, slug: str, combo: QtWidgets.QComboBox) -> None:
        if self.plan is None:
            return
        index = combo.currentData()
        source = None if index is None else self._sources[int(index)]
        if source == self.plan.assigned.get(slug):
            return
        self.plan = self.plan.assign(slug, source)
        self._refresh()
        self.changed.emit(self.plan)

    def _on_renamed(self, item: QtWidgets.QTableWidgetItem) -> None:
        """A new deck's card was given another name in the table."""
        slug = item.data(Qt.ItemDataRole.UserRole)
        if self.plan is None or item.column() != 1 or slug is None:
            return
        if item.text() == next((s.name for s in self.plan.target.slots if s.slug == slug), None):
            return
        try:
            self.plan = self.plan.rename(str(slug), item.text())
        except DeckImportError as exc:
            self.banner.say(str(exc))
            old = next(s.name for s in self.plan.target.slots if s.slug == slug)
            self.table.blockSignals(True)
            item.setText(old)
            self.table.blockSignals(False)
            return
        self.banner.say("")
        self.changed.emit(self.plan)

    def choose(self, slug: str, label: str | None) -> None:
        """Give card ``slug`` the picture called ``label`` (None: no picture), as a click would."""
        combo = self._combos[slug]
        combo.setCurrentIndex(0 if label is None else combo.findText(label))

    # -- showing ---------------------------------------------------------------------------

    def _refresh(self) -> None:
        plan = self.plan
        if plan is None:
            return
        self.table.blockSignals(True)
        try:
            self._show_rows(plan)
        finally:
            self.table.blockSignals(False)

    def _show_rows(self, plan: ImportPlan) -> None:
        clashing = {slot for slot, _ in plan.clashes}
        missing = {s.slug for s in plan.missing()}
        for slot in plan.target.slots:
            row = self._rows[slot.slug]
            combo = self._combos[slot.slug]
            source = plan.assigned.get(slot.slug)
            combo.blockSignals(True)
            combo.setCurrentIndex(0 if source is None else self._sources.index(source) + 1)
            combo.blockSignals(False)
            if slot.slug in clashing:
                colour, tip = CLASH_COLOUR, "Two pictures claim this card: choose one"
            elif slot.slug in missing:
                colour, tip = MISSING_COLOUR, "This card has no picture yet: choose one"
            else:
                colour, tip = None, f"{slot.name}: {source.label if source else 'no picture'}"
            for column in (0, 1):
                item = self.table.item(row, column)
                item.setBackground(colour if colour is not None else QtGui.QBrush())
                item.setToolTip(tip)
            self._show_thumbnail(slot.slug)
        have = len(plan.assigned)
        needed = len([s for s in plan.target.slots if s.required])
        words = [f"<b>{min(have, needed)} of {needed}</b> cards have a picture."]
        if missing:
            words.append(f"{len(missing)} still need one.")
        if clashing:
            words.append(f"{len(clashing)} are claimed twice.")
        if plan.target.deck == CUSTOM:
            words = [
                f"A new deck of <b>{len(plan.target.slots)}</b> cards, named after their "
                "files. Double-click a name to change it."
            ]
        self.summary.setText(" ".join(words))
        back = f"The back: {plan.back.label}. " if plan.back is not None else ""
        unused = f"Not used: {sources_in_words(plan.spare)}." if plan.spare else ""
        self.spare.setText(back + unused)
        self.spare.setVisible(bool(back or unused))
        self._apply_filter()
        self.completeChanged.emit()

    def _apply_filter(self) -> None:
        if self.plan is None:
            return
        lacking = {s.slug for s in self.plan.missing()} | {slot for slot, _ in self.plan.clashes}
        only = self.only_missing.isChecked()
        for slug, row in self._rows.items():
            self.table.setRowHidden(row, only and slug not in lacking)

    def _on_thumbnail(self, key: str, image: QtGui.QImage) -> None:
        self._images[key] = image
        if self.plan is None:
            return
        for slug, source in self.plan.assigned.items():
            if ThumbnailLoader.key_of(source) == key:
                self._show_thumbnail(slug)

    def _show_thumbnail(self, slug: str) -> None:
        if self.plan is None or slug == BACK:
            return
        item = self.table.item(self._rows[slug], 0)
        source = self.plan.assigned.get(slug)
        image = None if source is None else self._images.get(ThumbnailLoader.key_of(source))
        if image is None:
            item.setIcon(QtGui.QIcon())
            return
        pixmap = QtGui.QPixmap.fromImage(image).scaled(
            THUMB_SIZE,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        item.setIcon(QtGui.QIcon(pixmap))

    def isComplete(self) -> bool:
        return self.plan is not None and not self.plan.missing() and not self.plan.clashes

    def validatePage(self) -> bool:
        if self.plan is not None and not self.isComplete():
            lacking = self.plan.missing()
            self.banner.say(f"{lacking[0].name} still has no picture." if lacking else "")
        return self.isComplete()
