"""A group's own card art on screen: card items, the table, the chooser and the import wizard."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from deck_art_rig import (
    HEIGHT,
    card_file,
    close_to,
    colour_of,
    imported_tarot,
    library_in,
    tarot_folder,
)
from PIL import Image
from pytestqt.qtbot import QtBot
from table_rig import TAROT_DRAW, demo_document, device_point, table_view, top

from cardtable.cards import DeckId, TarotCard
from cardtable.decks import art as art_module
from cardtable.decks import importing as deck_import
from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.importing import import_deck, plan_folder
from cardtable.decks.names import tarot_slots
from cardtable.session.art_actions import ChooseArt
from cardtable.ui.art import card_art
from cardtable.ui.art.binding import bind_art
from cardtable.ui.deck_import.chooser import ArtChooser, make_art_action
from cardtable.ui.deck_import.match import MISSING_COLOUR
from cardtable.ui.deck_import.wizard import DeckImportWizard, make_import_action
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem

GREY = (128, 128, 128)
RED, BLUE = (220, 30, 30), (30, 30, 220)
SOLDIER = TarotCard.from_name("Soldier of Paper")


@pytest.fixture(autouse=True)
def own_art_after(qtbot: QtBot) -> Iterator[None]:
    """Every test has a QApplication, and leaves the table in Cardtable's own art."""
    yield
    card_art.clear_table_art()


@pytest.fixture
def art(tmp_path: Path) -> ArtSet:
    """A tarot set, a colour per card, a grey back; the Soldier of Paper red above, blue below."""
    folder = tarot_folder(tmp_path / "scans")
    split = Image.new("RGB", (40, 64), BLUE)
    split.paste(RED, (0, 0, 40, 32))
    split.save(folder / "soldier-paper.png")
    card_file(folder / "back.png", GREY)
    return import_deck(plan_folder(folder, "tarot"), library_in(tmp_path), "Test", height=HEIGHT)


def render(item: CardItem) -> QtGui.QImage:
    scene = QtWidgets.QGraphicsScene()
    scene.addItem(item)
    rect = item.mapRectToScene(item.card_rect())
    image = QtGui.QImage(rect.size().toSize(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.black)
    painter = QtGui.QPainter(image)
    scene.render(painter, QtCore.QRectF(image.rect()), rect)
    painter.end()
    scene.removeItem(item)
    return image


def rgb(image: QtGui.QImage, x: int, y: int) -> tuple[int, int, int]:
    colour = image.pixelColor(x, y)
    return colour.red(), colour.green(), colour.blue()


def dress_tarot(art: ArtSet, tmp_path: Path) -> None:
    card_art.set_table_art({"tarot": ("tarot", art)}, library_in(tmp_path))


# --- card items -----------------------------------------------------------------------------


def test_a_card_item_paints_its_decks_picture(art: ArtSet, tmp_path: Path) -> None:
    card_art.set_table_art({"tarot": ("tarot", art), "other": ("tarot", None)})
    index = [s.slug for s in tarot_slots()].index("triumph-9")
    face = TarotCard.from_name("Triumph IX")
    image = render(CardItem("tarot/triumph-9", card_art.TAROT, face, face_up=True))
    assert close_to(rgb(image, image.width() // 2, image.height() // 2), colour_of(index))
    # A card of a deck left in Cardtable's own art keeps it.
    other = render(CardItem("other/triumph-9", card_art.TAROT, face, face_up=True))
    assert not close_to(rgb(other, other.width() // 2, other.height() // 2), colour_of(index))


def test_a_reversed_card_with_a_picture_still_shows_turned_round(
    art: ArtSet, tmp_path: Path
) -> None:
    dress_tarot(art, tmp_path)
    upright = render(CardItem("tarot/soldier-paper", card_art.TAROT, SOLDIER, face_up=True))
    turned = render(
        CardItem("tarot/soldier-paper", card_art.TAROT, SOLDIER, face_up=True, reversed=True)
    )
    middle = upright.width() // 2
    assert close_to(rgb(upright, middle, 40), RED) and close_to(rgb(upright, middle, 150), BLUE)
    assert close_to(rgb(turned, middle, 40), BLUE) and close_to(rgb(turned, middle, 150), RED)


def test_face_down_and_private_cards_show_the_sets_back_only(art: ArtSet, tmp_path: Path) -> None:
    dress_tarot(art, tmp_path)
    down = render(CardItem("tarot/soldier-paper", card_art.TAROT, SOLDIER, face_up=False))
    hidden = render(CardItem("tarot/soldier-paper", card_art.TAROT, None, face_up=True))
    for image in (down, hidden):
        assert close_to(rgb(image, image.width() // 2, 40), GREY)
        assert close_to(rgb(image, image.width() // 2, 150), GREY)


def test_a_face_drawn_without_its_deck_wears_its_kinds_one_art(art: ArtSet, tmp_path: Path) -> None:
    # The hand and the Challenge panels know a face, not always its deck.
    dress_tarot(art, tmp_path)
    picture = card_art.face_pixmap(SOLDIER, 120).toImage()
    assert close_to(rgb(picture, 60, 30), RED)
    # Two tarot decks in different art: a bare face cannot tell which, so it keeps its own.
    card_art.set_table_art({"tarot": ("tarot", art), "tarot-2": ("tarot", None)})
    plain = card_art.face_pixmap(SOLDIER, 120).toImage()
    assert not close_to(rgb(plain, 60, 30), RED)
    assert close_to(rgb(card_art.face_pixmap(SOLDIER, 120, art=art).toImage(), 60, 30), RED)


# --- the table ------------------------------------------------------------------------------


def test_the_table_repaints_when_its_tarot_is_dressed_and_undressed(
    qtbot: QtBot, art: ArtSet, tmp_path: Path
) -> None:
    document = demo_document()
    binding = bind_art(document, library_in(tmp_path))
    view = table_view(qtbot, document)
    card = top(document.session, TAROT_DRAW)
    item = view.item(card)
    assert item is not None

    def colour_on_screen() -> tuple[int, int, int]:
        view.viewport().repaint()
        shown = view.viewport().grab().toImage()
        point = device_point(view.mapFromScene(item.scenePos() + QtCore.QPointF(0, -20)), shown)
        return rgb(shown, point.x(), point.y())

    plain = colour_on_screen()
    assert not close_to(plain, GREY, 10)
    assert document.apply(ChooseArt.of("tarot", art))
    assert binding.library.find(art.id) == art
    qtbot.waitUntil(lambda: close_to(colour_on_screen(), GREY, 10), timeout=2000)
    assert document.undo()
    qtbot.waitUntil(lambda: colour_on_screen() == plain, timeout=2000)


def test_a_set_not_installed_here_is_reported_once(qtbot: QtBot, tmp_path: Path) -> None:
    document = demo_document()
    document.session.apply(ChooseArt(DeckId("tarot"), "from-elsewhere", "Elsewhere", "tarot"))
    said: list[str] = []
    document.refused.connect(said.append)
    bind_art(document, library_in(tmp_path))
    document.session.apply(ChooseArt(DeckId("shoe"), "bicycle", "Bicycle", "playing"))
    assert said[0].startswith("The art set 'from-elsewhere' chosen for The Tourist's Tarot")
    assert [s for s in said if "from-elsewhere" in s] == said[:1]
    assert card_art.art_for_card("tarot/excuse") is None


# --- the chooser ----------------------------------------------------------------------------


def test_the_chooser_dresses_the_deck_in_the_chosen_set(
    qtbot: QtBot, art: ArtSet, tmp_path: Path
) -> None:
    document = demo_document()
    chooser = ArtChooser(document, "tarot", library_in(tmp_path))
    qtbot.addWidget(chooser)
    names = [chooser.sets.item(i).text().splitlines()[0] for i in range(chooser.sets.count())]
    assert names == ["Cardtable's own art  (on the table now)", "Test"]
    assert chooser.chosen() is None
    chooser.sets.setCurrentRow(1)
    qtbot.mouseClick(chooser.ok_button, Qt.MouseButton.LeftButton)
    assert document.session.decks[0].art == art.id
    assert document.session.log[-1].public == "Dana dressed The Tourist's Tarot in the Test art"
    # For the shoe, a tarot set does not fit: only Cardtable's own art is offered.
    again = ArtChooser(document, "shoe", library_in(tmp_path))
    qtbot.addWidget(again)
    assert again.sets.count() == 1


def test_the_menu_actions_say_what_they_do(qtbot: QtBot) -> None:
    window = QtWidgets.QMainWindow()
    qtbot.addWidget(window)
    document = demo_document()
    importing = make_import_action(window, document)
    choosing = make_art_action(window, document)
    assert importing.text() == "&Import Deck Art…" and importing.toolTip()
    assert importing.shortcut().toString() == "Ctrl+Shift+I"
    assert choosing.text() == "Card &Art…" and choosing.statusTip()


# --- the wizard -----------------------------------------------------------------------------


def wizard_on(qtbot: QtBot, folder: Path, tmp_path: Path) -> DeckImportWizard:
    document = demo_document()
    wizard = DeckImportWizard(document, library_in(tmp_path))
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.source_page.folder_edit.setText(str(folder))
    return wizard


def test_the_wizard_imports_a_folder_and_dresses_the_tarot(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tarot_folder(tmp_path / "Sun Tarot")
    card_file(folder / "back.png", GREY)
    wizard = wizard_on(qtbot, folder, tmp_path)
    assert wizard.button(QtWidgets.QWizard.WizardButton.NextButton).isEnabled()
    wizard.next()
    assert wizard.deck_page.name.text() == "Sun Tarot"
    wizard.next()
    assert wizard.currentPage() is wizard.match_page and wizard.match_page.isComplete()
    qtbot.waitUntil(lambda: not wizard.match_page.table.item(0, 0).icon().isNull(), timeout=5000)
    wizard.next()
    assert (
        wizard.back_page.picture.isChecked()
        and wizard.back_page.pictures.currentText() == "back.png"
    )
    wizard.next()
    page = wizard.import_page
    # The page and the wizard each hear the worker's result, as two queued calls: the
    # offer to dress the decks comes with the second.
    qtbot.waitUntil(lambda: page.art is not None and bool(page.dress), timeout=10000)
    assert page.bar.value() == page.bar.maximum()
    assert list(page.dress) == ["tarot"]
    wizard.accept()
    document = wizard.document
    assert document is not None and document.session.decks[0].art == "sun-tarot"
    assert document.session.log[-1].public.endswith(
        "dressed The Tourist's Tarot in the Sun Tarot art"
    )


def test_a_card_without_a_picture_is_marked_and_holds_the_wizard(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tarot_folder(tmp_path / "scans")
    (folder / "sage-paper.png").rename(folder / "IMG_0001.png")
    wizard = wizard_on(qtbot, folder, tmp_path)
    wizard.next()
    wizard.next()
    match = wizard.match_page
    row = [s.slug for s in tarot_slots()].index("sage-paper")
    assert not match.isComplete()
    assert match.table.item(row, 1).background().color() == MISSING_COLOUR
    assert "81 of 82" in match.summary.text() and "IMG_0001.png" in match.spare.text()
    match.only_missing.setChecked(True)
    shown = [r for r in range(match.table.rowCount()) if not match.table.isRowHidden(r)]
    assert shown == [row]
    match.choose("sage-paper", "IMG_0001.png")
    assert match.isComplete()
    assert match.plan is not None and match.plan.assigned["sage-paper"].path.name == "IMG_0001.png"


def test_a_bad_picture_stops_the_import_with_its_name(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tarot_folder(tmp_path / "scans")
    (folder / "excuse.png").write_text("not a picture", encoding="utf-8")
    wizard = wizard_on(qtbot, folder, tmp_path)
    for _ in range(4):
        wizard.next()
    page = wizard.import_page
    qtbot.waitUntil(lambda: not page.running() and page.banner.isVisible(), timeout=10000)
    assert "excuse.png is not an image" in page.banner.text()
    assert page.art is None and not page.isComplete()
    assert library_in(tmp_path).art_sets() == []


def test_closing_the_wizard_mid_import_keeps_nothing(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_save = deck_import.save_png

    def slow_save(image: Image.Image, path: Path) -> None:
        time.sleep(0.05)
        real_save(image, path)

    monkeypatch.setattr(deck_import, "save_png", slow_save)
    wizard = wizard_on(qtbot, tarot_folder(tmp_path / "scans"), tmp_path)
    for _ in range(4):
        wizard.next()
    page = wizard.import_page
    qtbot.waitUntil(lambda: 0 < page.bar.value() < 82, timeout=5000)
    assert (
        page.running()
        and not wizard.button(QtWidgets.QWizard.WizardButton.FinishButton).isEnabled()
    )
    wizard.reject()
    assert not page.running()
    library = library_in(tmp_path)
    assert library.art_sets() == [] and not any(library.folder.iterdir())


def test_a_library_of_its_own_is_used_by_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    library = ArtLibrary()
    assert library.folder == tmp_path / "xdg-data" / "cardtable" / "decks"
    assert library.cache_dir == tmp_path / "xdg-cache" / "cardtable"


# --- the window ------------------------------------------------------------------------------


@pytest.mark.parametrize("dressed", [True, False], ids=["in a group's art", "in its own"])
def test_the_window_shows_a_decks_chosen_art_from_its_first_paint(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dressed: bool
) -> None:
    from cardtable.session import save
    from cardtable.ui.window.main_window import DISCARD, MainWindow

    monkeypatch.setattr(art_module, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(art_module, "default_cache_dir", lambda: tmp_path / "cache")
    chosen = imported_tarot(tmp_path)
    document = demo_document()
    if dressed:
        assert document.apply(ChooseArt.of("tarot", chosen))
    path = tmp_path / "evening.cardtable"
    save(document.session, path)
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    at_first_paint: list[ArtSet | None] = []

    class Watch(QtCore.QObject):
        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if event.type() == QtCore.QEvent.Type.Paint and not at_first_paint:
                at_first_paint.append(card_art.art_for_card("tarot/excuse"))
            return False

    watch = Watch()
    window.show()
    window.load_now()
    # The session comes in behind the curtain: the felt's first paint is once it lifts.
    window.felt.viewport().installEventFilter(watch)
    qtbot.waitExposed(window)
    take_the_computer(qtbot, window)
    qtbot.waitUntil(lambda: bool(at_first_paint), timeout=10_000)
    assert at_first_paint == [chosen if dressed else None]
    # Either way the binding is there once the table is shown: a choice made now shows.
    qtbot.waitUntil(lambda: window._art is not None, timeout=10_000)
    assert window.document.apply(ChooseArt.of("tarot", chosen)) or dressed
    assert card_art.art_for_card("tarot/excuse") == chosen
