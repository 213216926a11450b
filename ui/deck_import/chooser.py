"""Card art for a deck on the table: a dialog listing the installed art sets that fit it.

Each set shows a face and its back as they will look; the one the deck wears now is chosen
when the dialog opens. OK dresses the deck in the chosen set with one undoable, logged
:class:`~cardtable.session.art_actions.ChooseArt`. "Import New Art…" opens the import wizard
and, once it has imported, offers the new set in the list.

``make_art_action(parent, document)`` gives the Table menu its "Card Art…" action;
``choose_art(parent, document, deck)`` opens the dialog for one deck (a pile's menu).
"""

from __future__ import annotations

from cardtable.cards import CardFace, CustomCard, DeckId, TarotCard
from cardtable.decks.art import ArtLibrary, ArtSet, ArtSetError
from cardtable.decks.names import CUSTOM
from cardtable.session.art_actions import ChooseArt
from cardtable.session.model import DeckOnTable
from cardtable.ui.art import card_art
from cardtable.ui.deck_import.wizard import open_import_wizard
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

SAMPLE_WIDTH = 54
OWN_ART = "Cardtable's own art"


def _sample_face(deck: DeckOnTable) -> CardFace:
    """A face that shows off a deck's art: a Triumph for the tarot, a queen for playing cards."""
    faces = deck.spec().faces
    for face in faces:
        if isinstance(face, TarotCard) and face.triumph == 19:
            return face
        if getattr(face, "code", None) == "QH":
            return face
    return faces[0]


def sample_icon(deck: DeckOnTable, art: ArtSet | None, dpr: float = 1.0) -> QtGui.QIcon:
    """A face and a back of ``deck`` in ``art`` (None: Cardtable's own), side by side."""
    face = _sample_face(deck)
    kind = card_art.deck_kind(face)
    if art is None:
        front = card_art.face_pixmap(face, SAMPLE_WIDTH, dpr, own_art=True)
        back = card_art.back_pixmap(kind, SAMPLE_WIDTH, dpr, own_art=True)
    else:
        front = card_art.face_pixmap(face, SAMPLE_WIDTH, dpr, art=art)
        back = card_art.back_pixmap(kind, SAMPLE_WIDTH, dpr, art=art)
    height = card_art.pixel_height(kind, SAMPLE_WIDTH)
    canvas = QtGui.QPixmap(round((SAMPLE_WIDTH * 2 + 8) * dpr), round(height * dpr))
    canvas.setDevicePixelRatio(dpr)
    canvas.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(canvas)
    painter.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawPixmap(QtCore.QRectF(0, 0, SAMPLE_WIDTH, height), front, QtCore.QRectF())
    painter.drawPixmap(
        QtCore.QRectF(SAMPLE_WIDTH + 8, 0, SAMPLE_WIDTH, height), back, QtCore.QRectF()
    )
    painter.end()
    return QtGui.QIcon(canvas)


def fitting_sets(library: ArtLibrary, deck: DeckOnTable) -> list[ArtSet]:
    """The installed art sets that can dress ``deck`` (a group's own deck: its own only)."""
    spec = deck.spec()
    face = spec.faces[0]
    if isinstance(face, CustomCard):
        return [art for art in library.art_sets(CUSTOM) if art.id == face.deck]
    return [art for art in library.art_sets() if art.dresses(spec.system)]


class ArtChooser(QtWidgets.QDialog):
    """Chooses the art one deck on the table wears."""

    def __init__(
        self,
        document: SessionDocument,
        deck: DeckId | str | None = None,
        library: ArtLibrary | None = None,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card art")
        self.setAccessibleName("Card art")
        self.resize(520, 460)
        self._document = document
        self.library = library if library is not None else ArtLibrary()
        self._wizard: QtWidgets.QWizard | None = None
        self.decks = QtWidgets.QComboBox()
        self.decks.setAccessibleName("Deck")
        self.decks.setToolTip("The deck on the table to dress")
        for on_table in document.session.decks:
            self.decks.addItem(on_table.spec().name, str(on_table.id))
        if deck is not None:
            self.decks.setCurrentIndex(max(0, self.decks.findData(str(deck))))
        self.sets = QtWidgets.QListWidget()
        self.sets.setAccessibleName("Art sets")
        self.sets.setToolTip("Each art set that fits the deck: a face and its back")
        self.sets.setIconSize(
            QtCore.QSize(SAMPLE_WIDTH * 2 + 8, card_art.pixel_height(card_art.TAROT, SAMPLE_WIDTH))
        )
        self.sets.setSpacing(4)
        self.sets.itemDoubleClicked.connect(lambda _item: self.accept())
        self.sets.currentRowChanged.connect(self._on_row)
        self.import_button = QtWidgets.QPushButton("&Import New Art…")
        self.import_button.setToolTip("Import your own pictures as a new art set")
        self.remove_button = QtWidgets.QPushButton("&Remove…")
        self.remove_button.setToolTip("Uninstall the chosen art set from this computer")
        self.import_button.clicked.connect(self._on_import)
        self.remove_button.clicked.connect(self._on_remove)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Dress the Deck")
        ok.setToolTip("Show the deck on the table in the chosen art (undoable)")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = ok
        deck_row = QtWidgets.QHBoxLayout()
        label = QtWidgets.QLabel("&Deck:")
        label.setBuddy(self.decks)
        deck_row.addWidget(label)
        deck_row.addWidget(self.decks, 1)
        lower = QtWidgets.QHBoxLayout()
        lower.addWidget(self.import_button)
        lower.addWidget(self.remove_button)
        lower.addStretch(1)
        lower.addWidget(buttons)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(deck_row)
        layout.addWidget(self.sets, 1)
        layout.addLayout(lower)
        self.decks.currentIndexChanged.connect(lambda _: self.refresh())
        self.refresh()

    def deck(self) -> DeckOnTable | None:
        wanted = self.decks.currentData()
        return next((d for d in self._document.session.decks if str(d.id) == wanted), None)

    def refresh(self, select: str | None = None) -> None:
        """List the sets fitting the chosen deck; select ``select`` (an id) or the worn one."""
        self.sets.clear()
        deck = self.deck()
        self.ok_button.setEnabled(deck is not None)
        if deck is None:
            self.sets.addItem("There is no deck on the table to dress.")
            return
        dpr = self.devicePixelRatioF() or 1.0
        choices: list[ArtSet | None] = [None, *fitting_sets(self.library, deck)]
        wanted = select if select is not None else deck.art
        for art in choices:
            name = OWN_ART if art is None else art.name
            worn = (art.id if art else None) == deck.art
            detail = "drawn by Cardtable" if art is None else _describe(art)
            text = f"{name}{'  (on the table now)' if worn else ''}\n{detail}"
            item = QtWidgets.QListWidgetItem(sample_icon(deck, art, dpr), text)
            item.setData(Qt.ItemDataRole.UserRole, None if art is None else art.id)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{name}, {detail}")
            item.setToolTip(f"{name}: {detail}")
            self.sets.addItem(item)
            if (art.id if art else None) == wanted:
                self.sets.setCurrentItem(item)
        if deck.art is not None and self.library.find(deck.art) is None:
            item = QtWidgets.QListWidgetItem(f"{deck.art} (not installed on this computer)")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.sets.addItem(item)

    def chosen(self) -> str | None:
        item = self.sets.currentItem()
        value = None if item is None else item.data(Qt.ItemDataRole.UserRole)
        return None if value is None else str(value)

    def _on_row(self, _row: int) -> None:
        self.remove_button.setEnabled(self.chosen() is not None)

    def accept(self) -> None:
        deck = self.deck()
        if deck is not None and self.chosen() != deck.art:
            art = self.library.find(self.chosen())
            action = ChooseArt.own_art(deck.id) if art is None else ChooseArt.of(deck.id, art)
            if not self._document.apply(action):
                return
        super().accept()

    def _on_import(self) -> None:
        wizard = open_import_wizard(self, self._document, self.library)
        wizard.imported.connect(lambda art: self.refresh(select=art.id))
        self._wizard = wizard

    def _on_remove(self) -> None:
        art = self.library.find(self.chosen())
        if art is None:
            return
        answer = QtWidgets.QMessageBox.question(
            self,
            "Remove art set",
            f"Remove the art set “{art.name}” from this computer? Sessions that chose it "
            "will show Cardtable's own art.",
        )
        if answer != QtWidgets.QMessageBox.StandardButton.Yes:
            return
        try:
            self.library.remove(art.id)
        except (ArtSetError, OSError) as exc:
            QtWidgets.QMessageBox.warning(self, "Remove art set", f"Could not remove it: {exc}")
        self.refresh()


def _describe(art: ArtSet) -> str:
    back = "with its own back" if art.back else "Cardtable's back"
    return f"{len(art.cards)} pictures, {back}"


def choose_art(
    parent: QtWidgets.QWidget | None,
    document: SessionDocument,
    deck: DeckId | str | None = None,
    library: ArtLibrary | None = None,
) -> ArtChooser:
    """Open the chooser (window-modal, not blocking) for ``deck`` and return it."""
    dialog = ArtChooser(document, deck, library, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.show()
    return dialog


def make_art_action(
    parent: QtWidgets.QWidget, document: SessionDocument, library: ArtLibrary | None = None
) -> QtGui.QAction:
    """The Table menu's "Card Art…" action."""
    action = QtGui.QAction("Card &Art…", parent)
    tip = "Choose the pictures a deck on the table shows (your own, or Cardtable's)"
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.triggered.connect(lambda: choose_art(parent, document, None, library))
    return action
