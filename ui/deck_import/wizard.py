"""Bring your own deck: a wizard that imports a group's card art from pictures.

Pages: where the pictures are (a folder, or one sheet in a grid); which deck they dress (the
Tourist's Tarot, playing cards, or a new deck of one's own); which picture is which card
(thumbnails, unmatched cards in amber); the back and a last look at a few cards as they
will be; then the import itself, on a worker thread with a progress bar and a Stop button,
and the result, with an offer to dress the decks on the table in the new art at once.

``make_import_action(parent, document)`` gives the File menu its "Import Deck Art…" action.
The same import runs without a window as ``cardtable import-deck``.
"""

from __future__ import annotations

import html
from pathlib import Path

from cardtable.decks.art import ASPECTS, ArtLibrary, ArtSet
from cardtable.decks.names import BACK, CUSTOM
from cardtable.decks.plans import ImportPlan, Source
from cardtable.session.art_actions import ChooseArt, put_on_table
from cardtable.ui.art import card_art
from cardtable.ui.deck_import.match import MatchPage
from cardtable.ui.deck_import.pages import (
    PICTURE_FILTER,
    Banner,
    DeckPage,
    SourcePage,
)
from cardtable.ui.deck_import.worker import ImportWorker, ThumbnailLoader
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

WIZARD_SIZE = QtCore.QSize(820, 640)
PREVIEW_HEIGHT = 150
PREVIEW_CARDS = 4
SHELF_HEIGHT = 110
SHELF_CARDS = 7
OWN_BACK = "Cardtable's own back"
#: The offer that puts a new deck of one's own on the table (not a deck id: ids have no ":").
PUT_ON_TABLE = ":put-on-table"


def card_pixmap(image: QtGui.QImage, height: int, turned: bool = False) -> QtGui.QPixmap:
    """``image`` (already of the card's shape) as a card ``height`` pixels tall: rounded
    corners, a hairline edge, turned half round when ``turned``."""
    scaled = image.scaledToHeight(height, Qt.TransformationMode.SmoothTransformation)
    pixmap = QtGui.QPixmap(scaled.size())
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(pixmap)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    radius = scaled.width() * 24 / 500  # the vector art's corner
    path = QtGui.QPainterPath()
    rect = QtCore.QRectF(pixmap.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
    path.addRoundedRect(rect, radius, radius)
    painter.setClipPath(path)
    if turned:
        painter.translate(pixmap.width(), pixmap.height())
        painter.rotate(180)
    painter.drawImage(0, 0, scaled)
    painter.resetTransform()
    painter.setClipping(False)
    painter.setPen(QtGui.QPen(QtGui.QColor(0, 0, 0, 90), 1.0))
    painter.drawPath(path)
    painter.end()
    return pixmap


class BackPage(QtWidgets.QWizardPage):
    """The back of the cards, and a look at a few cards as they will be imported."""

    def __init__(self, previews: ThumbnailLoader) -> None:
        super().__init__()
        self.setTitle("The back, and a last look")
        self.setSubTitle(
            "Pick the picture for the back of the cards, or keep Cardtable's own. Below, a "
            "few cards as they will look on the table: trimmed, fitted, one turned round."
        )
        self.plan: ImportPlan | None = None
        self._previews = previews
        self._images: dict[str, QtGui.QImage] = {}
        self._sources: list[Source] = []
        self.own = QtWidgets.QRadioButton(f"&{OWN_BACK}")
        self.own.setToolTip("The back Cardtable draws for this kind of deck")
        self.picture = QtWidgets.QRadioButton("&This picture:")
        self.picture.setToolTip("One of the pictures you chose, as the back")
        self.pictures = QtWidgets.QComboBox()
        self.pictures.setAccessibleName("Picture for the back")
        self.pictures.setToolTip("The picture to show on the back of every card")
        self.other = QtWidgets.QRadioButton("Another &file…")
        self.other.setToolTip("A picture from anywhere on this computer, as the back")
        self.other_path = QtWidgets.QLineEdit()
        self.other_path.setReadOnly(True)
        self.other_path.setAccessibleName("Back picture file")
        self.other_path.setToolTip("The file chosen for the back")
        self.browse = QtWidgets.QPushButton("Browse…")
        self.browse.setToolTip("Choose a picture file for the back")
        self.browse.setAccessibleName("Browse for a back picture")
        grid = QtWidgets.QGridLayout()
        grid.addWidget(self.own, 0, 0, 1, 3)
        grid.addWidget(self.picture, 1, 0)
        grid.addWidget(self.pictures, 1, 1, 1, 2)
        grid.addWidget(self.other, 2, 0)
        grid.addWidget(self.other_path, 2, 1)
        grid.addWidget(self.browse, 2, 2)
        grid.setColumnStretch(1, 1)
        self.strip = QtWidgets.QHBoxLayout()
        self.strip.setSpacing(14)
        strip_box = QtWidgets.QFrame()
        strip_box.setObjectName("previewStrip")
        strip_box.setStyleSheet(
            "#previewStrip { background: #1f5d3a; border-radius: 8px; }"
            "#previewStrip QLabel { color: #f2ede2; background: transparent; }"
        )
        strip_box.setLayout(self.strip)
        strip_box.setAccessibleName("Preview of the imported cards")
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addSpacing(8)
        layout.addWidget(strip_box)
        layout.addStretch(1)
        self.own.toggled.connect(self._on_back_changed)
        self.picture.toggled.connect(self._on_back_changed)
        self.pictures.currentIndexChanged.connect(self._on_back_changed)
        self.browse.clicked.connect(self._on_browse)
        previews.ready.connect(self._on_preview)

    def set_plan(self, plan: ImportPlan) -> None:
        """Start from ``plan`` (its back, if it has one, is chosen)."""
        self.plan = plan
        assigned = set(plan.assigned.values())
        self._sources = [s for s in plan.sources if s not in assigned or s == plan.back]
        self.pictures.blockSignals(True)
        self.pictures.clear()
        for source in self._sources:
            self.pictures.addItem(source.label)
        self.pictures.blockSignals(False)
        for button in (self.own, self.picture, self.other):
            button.blockSignals(True)
        if plan.back is not None and plan.back in self._sources:
            self.pictures.setCurrentIndex(self._sources.index(plan.back))
            self.picture.setChecked(True)
        elif plan.back is not None:
            self.other_path.setText(str(plan.back.path))
            self.other.setChecked(True)
        else:
            self.own.setChecked(True)
        for button in (self.own, self.picture, self.other):
            button.blockSignals(False)
        self.picture.setEnabled(bool(self._sources))
        self.pictures.setEnabled(bool(self._sources))
        self._show_strip()

    def _on_back_changed(self) -> None:
        if self.plan is None:
            return
        back: Source | None = None
        if self.picture.isChecked() and 0 <= self.pictures.currentIndex() < len(self._sources):
            back = self._sources[self.pictures.currentIndex()]
        elif self.other.isChecked() and self.other_path.text():
            back = Source(Path(self.other_path.text()))
        self.plan = self.plan.assign(BACK, back)
        self._show_strip()

    def _on_browse(self) -> None:
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, "Picture for the back", self.other_path.text(), PICTURE_FILTER
        )
        if path:
            self.use_file(Path(path))

    def use_file(self, path: Path) -> None:
        """Take the picture at ``path`` as the back."""
        self.other_path.setText(str(path))
        self.other.setChecked(True)
        self._on_back_changed()

    def samples(self) -> list[tuple[str, Source, bool]]:
        """The cards the preview shows: (caption, source, turned round)."""
        if self.plan is None:
            return []
        slots = [s for s in self.plan.target.slots if s.slug in self.plan.assigned]
        step = max(1, len(slots) // PREVIEW_CARDS)
        chosen = slots[::step][:PREVIEW_CARDS]
        shown = [(s.name, self.plan.assigned[s.slug], False) for s in chosen]
        if shown and self.plan.target.deck != "playing":
            name, source, _ = shown[-1]
            shown[-1] = (f"{name}, reversed", source, True)
        if self.plan.back is not None:
            shown.append(("The back", self.plan.back, False))
        return shown

    def _aspect(self) -> float:
        return ASPECTS[self.plan.target.shape] if self.plan is not None else 1.6

    def _show_strip(self) -> None:
        while self.strip.count():
            item = self.strip.takeAt(0)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()
        shown: list[tuple[str, Source | None, bool]] = list(self.samples())
        if self.plan is not None and self.plan.back is None:
            shown.append(("Cardtable's back", None, False))
        for caption, source, turned in shown:
            if source is not None:
                self._previews.request(source, self._aspect())
            cell = QtWidgets.QVBoxLayout()
            art = QtWidgets.QLabel()
            art.setFixedSize(round(PREVIEW_HEIGHT / self._aspect()) + 2, PREVIEW_HEIGHT + 2)
            art.setAlignment(Qt.AlignmentFlag.AlignCenter)
            art.setAccessibleName(caption)
            if source is None:
                art.setPixmap(self._own_back())
                art.setToolTip("The back Cardtable draws for this kind of deck")
            else:
                art.setProperty("source_key", ThumbnailLoader.key_of(source))
                art.setProperty("turned", turned)
                art.setToolTip(f"{caption} ({source.label})")
            words = QtWidgets.QLabel(caption)
            words.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            words.setWordWrap(True)
            words.setFixedWidth(art.width() + 24)
            words.setMinimumHeight(words.fontMetrics().lineSpacing() * 2 + 4)
            box = QtWidgets.QWidget()
            box.setLayout(cell)
            cell.addWidget(art, 0, Qt.AlignmentFlag.AlignHCenter)
            cell.addWidget(words, 0, Qt.AlignmentFlag.AlignHCenter)
            self.strip.addWidget(box)
            if source is not None:
                self._paint(art)
        self.strip.addStretch(1)

    def _own_back(self) -> QtGui.QPixmap:
        shape = self.plan.target.shape if self.plan is not None else card_art.TAROT
        width = round(PREVIEW_HEIGHT / self._aspect())
        return card_art.back_pixmap(shape, width, self.devicePixelRatioF(), own_art=True)

    def _paint(self, art: QtWidgets.QLabel) -> None:
        image = self._images.get(str(art.property("source_key")))
        if image is not None:
            art.setPixmap(card_pixmap(image, PREVIEW_HEIGHT, bool(art.property("turned"))))
        else:
            art.setText("…")

    def _on_preview(self, key: str, image: QtGui.QImage) -> None:
        self._images[key] = image
        for index in range(self.strip.count()):
            item = self.strip.itemAt(index)
            box = item.widget() if item is not None else None
            if box is None:
                continue
            for art in box.findChildren(QtWidgets.QLabel):
                if art.property("source_key") == key:
                    self._paint(art)


class ImportPage(QtWidgets.QWizardPage):
    """Runs the import with a progress bar and a Stop button; then says what came of it."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Importing")
        self.setSubTitle("Each picture is turned upright, trimmed and fitted to the card.")
        self.worker: ImportWorker | None = None
        self.art: ArtSet | None = None
        self.bar = QtWidgets.QProgressBar()
        self.bar.setAccessibleName("Import progress")
        self.bar.setToolTip("How many pictures are done")
        self.status = QtWidgets.QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Import status")
        self.stop = QtWidgets.QPushButton("&Stop")
        self.stop.setToolTip("Stop the import; nothing is kept")
        self.stop.setAccessibleName("Stop the import")
        self.stop.clicked.connect(self.cancel)
        self.banner = Banner()
        self.dress_box = QtWidgets.QGroupBox("Use it now")
        self.dress_layout = QtWidgets.QVBoxLayout(self.dress_box)
        self.dress: dict[str, QtWidgets.QCheckBox] = {}
        self.dress_box.hide()
        self.shelf = QtWidgets.QHBoxLayout()
        self.shelf.setSpacing(10)
        shelf_box = QtWidgets.QFrame()
        shelf_box.setObjectName("importedShelf")
        shelf_box.setStyleSheet("#importedShelf { background: #1f5d3a; border-radius: 8px; }")
        shelf_box.setLayout(self.shelf)
        shelf_box.setAccessibleName("Some of the imported cards")
        shelf_box.hide()
        self.shelf_box = shelf_box
        row = QtWidgets.QHBoxLayout()
        row.addWidget(self.bar, 1)
        row.addWidget(self.stop)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(shelf_box)
        layout.addWidget(self.dress_box)
        layout.addStretch(1)
        layout.addWidget(self.banner)

    def start(self, plan: ImportPlan, library: ArtLibrary, name: str, pad: bool) -> None:
        """Begin importing ``plan`` as ``name`` on a worker thread."""
        self.art = None
        self.banner.say("")
        self.dress_box.hide()
        self.bar.setRange(0, 0)
        self.status.setText("Checking the pictures…")
        self.stop.setEnabled(True)
        worker = ImportWorker(plan, library, name, self, how="pad" if pad else "crop")
        worker.progressed.connect(self._on_progress)
        worker.succeeded.connect(self._on_done)
        worker.failed.connect(self._on_failed)
        worker.cancelled.connect(self._on_cancelled)
        self.worker = worker
        worker.start()
        self.completeChanged.emit()

    def running(self) -> bool:
        return self.worker is not None and self.worker.isRunning()

    def cancel(self) -> None:
        """Stop the import (its worker removes what it made)."""
        if self.worker is not None:
            self.status.setText("Stopping…")
            self.stop.setEnabled(False)
            self.worker.cancel()

    def wait(self) -> None:
        if self.worker is not None:
            self.worker.wait()

    def _on_progress(self, done: int, total: int) -> None:
        self.bar.setRange(0, total)
        self.bar.setValue(done)
        self.status.setText(f"Importing picture {min(done + 1, total)} of {total}…")

    def _on_done(self, art: ArtSet) -> None:
        self.art = art
        self.stop.setEnabled(False)
        self.bar.setRange(0, 1)
        self.bar.setValue(1)
        back = " and a back" if art.back else ""
        self.status.setText(
            f"Imported <b>{html.escape(art.name)}</b>: {len(art.cards)} cards{back}. Choose "
            "it for a deck on the table at any time with Table ▸ Card Art…"
        )
        self.setTitle("Imported")
        self._show_shelf(art)
        self.completeChanged.emit()

    def _show_shelf(self, art: ArtSet) -> None:
        while self.shelf.count():
            item = self.shelf.takeAt(0)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()
        slots = list(art.cards)
        step = max(1, len(slots) // SHELF_CARDS)
        shown = [*slots[::step][:SHELF_CARDS], *([BACK] if art.back else [])]
        for slot in shown:
            path = art.picture(slot)
            image = QtGui.QImage(str(path)) if path is not None else QtGui.QImage()
            if image.isNull():
                continue
            label = QtWidgets.QLabel()
            label.setPixmap(card_pixmap(image, SHELF_HEIGHT))
            label.setAccessibleName("The back" if slot == BACK else slot)
            self.shelf.addWidget(label)
        self.shelf.addStretch(1)
        self.shelf_box.show()

    def _on_failed(self, message: str) -> None:
        self.stop.setEnabled(False)
        self.bar.setRange(0, 1)
        self.bar.setValue(0)
        self.status.setText("Nothing was imported.")
        self.banner.say(message)
        self.completeChanged.emit()

    def _on_cancelled(self) -> None:
        self.stop.setEnabled(False)
        self.bar.setRange(0, 1)
        self.bar.setValue(0)
        self.status.setText("Stopped. Nothing was imported.")
        self.completeChanged.emit()

    def offer(self, decks: list[tuple[str, str]]) -> None:
        """Offer to dress each of ``decks`` ((deck id, words)) in the new art."""
        for box in self.dress.values():
            box.deleteLater()
        self.dress.clear()
        for deck, words in decks:
            box = QtWidgets.QCheckBox(words)
            box.setChecked(True)
            box.setToolTip("Dress this deck on the table in the new art when you press Finish")
            self.dress_layout.addWidget(box)
            self.dress[deck] = box
        self.dress_box.setVisible(bool(decks))

    def isComplete(self) -> bool:
        return self.art is not None

    def validatePage(self) -> bool:
        return self.art is not None


class DeckImportWizard(QtWidgets.QWizard):
    """The wizard; ``imported(ArtSet)`` is emitted when an import succeeds."""

    imported = QtCore.Signal(object)

    def __init__(
        self,
        document: SessionDocument | None = None,
        library: ArtLibrary | None = None,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import deck art")
        self.setAccessibleName("Import deck art wizard")
        self.setWizardStyle(QtWidgets.QWizard.WizardStyle.ModernStyle)
        self.setOption(QtWidgets.QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QtWidgets.QWizard.WizardOption.NoBackButtonOnLastPage, True)
        self.resize(WIZARD_SIZE)
        self.document = document
        self.library = library if library is not None else ArtLibrary()
        self.thumbnails = ThumbnailLoader(self)
        self.previews = ThumbnailLoader(self, side=PREVIEW_HEIGHT)
        self.source_page = SourcePage()
        self.deck_page = DeckPage(self.source_page)
        self.match_page = MatchPage(self.thumbnails)
        self.back_page = BackPage(self.previews)
        self.import_page = ImportPage()
        for page in (
            self.source_page,
            self.deck_page,
            self.match_page,
            self.back_page,
            self.import_page,
        ):
            self.addPage(page)
        self.deck_page.planned.connect(self.match_page.set_plan)
        self.setButtonText(QtWidgets.QWizard.WizardButton.FinishButton, "Finish")
        self.button(QtWidgets.QWizard.WizardButton.NextButton).setToolTip("Go on to the next step")
        self.button(QtWidgets.QWizard.WizardButton.BackButton).setToolTip("Go back a step")
        self.button(QtWidgets.QWizard.WizardButton.CancelButton).setToolTip(
            "Close without importing (an import under way is stopped; nothing is kept)"
        )
        self.button(QtWidgets.QWizard.WizardButton.FinishButton).setToolTip(
            "Close the wizard, dressing the decks ticked above in the new art"
        )
        self.currentIdChanged.connect(self._on_page)

    def _on_page(self, _id: int) -> None:
        page = self.currentPage()
        if page is self.back_page and self.match_page.plan is not None:
            self.back_page.set_plan(self.match_page.plan)
        elif page is self.import_page and self.back_page.plan is not None:
            self.import_page.start(
                self.back_page.plan,
                self.library,
                self.deck_page.name.text(),
                self.deck_page.pad.isChecked(),
            )
            worker = self.import_page.worker
            assert worker is not None
            worker.succeeded.connect(self._on_imported)

    def _on_imported(self, art: ArtSet) -> None:
        decks: list[tuple[str, str]] = []
        if self.document is not None and art.deck == CUSTOM:
            decks.append((PUT_ON_TABLE, f"Put {art.name} on the table now"))
        elif self.document is not None:
            for deck in self.document.session.decks:
                spec = deck.spec()
                if art.dresses(spec.system):
                    decks.append((str(deck.id), f"Show {spec.name} on the table in this art"))
        self.import_page.offer(decks)
        self.imported.emit(art)

    def accept(self) -> None:
        art = self.import_page.art
        document = self.document
        if art is not None and document is not None:
            for deck, box in self.import_page.dress.items():
                if not box.isChecked():
                    continue
                if deck == PUT_ON_TABLE:
                    document.apply(put_on_table(document.session.state, art))
                else:
                    document.apply(ChooseArt.of(deck, art))
        self._close_workers()
        super().accept()

    def reject(self) -> None:
        if self.import_page.running():
            self.import_page.cancel()
            QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self.import_page.wait()
            finally:
                QtWidgets.QApplication.restoreOverrideCursor()
        self._close_workers()
        super().reject()

    def _close_workers(self) -> None:
        self.thumbnails.close()
        self.previews.close()


def open_import_wizard(
    parent: QtWidgets.QWidget | None,
    document: SessionDocument | None,
    library: ArtLibrary | None = None,
) -> DeckImportWizard:
    """Show the wizard (window-modal, not blocking) and return it."""
    wizard = DeckImportWizard(document, library, parent)
    wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    wizard.setWindowModality(Qt.WindowModality.WindowModal)
    wizard.show()
    return wizard


def make_import_action(
    parent: QtWidgets.QWidget, document: SessionDocument, library: ArtLibrary | None = None
) -> QtGui.QAction:
    """The File menu's "Import Deck Art…" action, opening the wizard."""
    action = QtGui.QAction("&Import Deck Art…", parent)
    action.setShortcut(QtGui.QKeySequence("Ctrl+Shift+I"))
    tip = "Import your own card pictures for the tarot, playing cards or a new deck"
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.triggered.connect(lambda: open_import_wizard(parent, document, library))
    return action
