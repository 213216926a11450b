"""A group's own deck: its deck file, on the table, in the log, saved, and drawn without its art."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from deck_art_rig import HEIGHT, card_file, colour_of, library_in
from pytestqt.qtbot import QtBot

from cardtable.cards import CardError, CustomCard
from cardtable.decks.art import ArtLibrary, ArtSet
from cardtable.decks.custom import use_library
from cardtable.decks.importing import import_deck, plan_folder
from cardtable.decks.plans import DeckImportError
from cardtable.decks.standard import DeckFileError, parse_deck
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.session import Move, SessionFileError, load, save
from cardtable.session.art_actions import put_on_table
from cardtable.session.demo import demo_path
from cardtable.ui.art import card_art
from cardtable.ui.art.binding import bind_art
from cardtable.ui.deck_import.wizard import DeckImportWizard
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.window.own_decks_menu import EMPTY_TEXT, make_own_decks_menu

# Decks on the table are cached by source for the whole run: each test's deck has its own id.
_numbers = itertools.count(1)


@pytest.fixture(autouse=True)
def user_decks_back_home() -> Iterator[None]:
    yield
    use_library(None)
    card_art.clear_table_art()


def oracle(
    tmp_path: Path, names: tuple[str, ...] = ("the-moon", "the-tower", "silver key")
) -> ArtSet:
    """A new deck of playing-card shape, one picture per name, imported into tmp_path."""
    folder = tmp_path / "oracle"
    folder.mkdir()
    for number, name in enumerate(names, 1):
        card_file(folder / f"{number:02d}_{name}.png", colour_of(number), size=(50, 70))
    title = f"Oracle {next(_numbers)}"
    plan = plan_folder(folder, "custom", shape="playing", deck_name=title)
    library = library_in(tmp_path)
    use_library(library)
    return import_deck(plan, library, title, height=HEIGHT)


# --- the deck file --------------------------------------------------------------------------


def deck_data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "deck_format": 1,
        "id": "moon",
        "name": "Moon",
        "system": "custom",
        "shape": "tarot",
        "cards": [{"card": "The Moon"}, {"card": "The Tower", "slug": "tower"}],
    }
    data.update(changes)
    return data


def test_a_custom_deck_file_holds_cards_of_any_name() -> None:
    spec = parse_deck(deck_data())
    assert spec.system == "custom" and not spec.uses_orientation
    assert spec.faces == (
        CustomCard("The Moon", "the-moon", "moon", "tarot"),
        CustomCard("The Tower", "tower", "moon", "tarot"),
    )
    assert [c.id for c in spec.cards()] == ["moon/the-moon", "moon/tower"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"shape": "round"}, "'shape' is tarot or playing, not 'round'"),
        ({"cards": [{"card": "Moon"}, {"card": "moon"}]}, r"card 2 \(moon\): another card"),
        ({"cards": [{"card": "x" * 61}]}, "1 to 60 characters"),
        ({"cards": [{"card": "A", "slug": "Not A Slug"}]}, "not a card slug"),
        ({"cards": [{"card": str(n)} for n in range(301)]}, "at most 300 cards"),
    ],
)
def test_a_broken_custom_deck_file_is_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(DeckFileError, match=message):
        parse_deck(deck_data(**changes), "moon.json")


def test_a_custom_card_keeps_to_one_line() -> None:
    with pytest.raises(CardError, match="one line"):
        CustomCard("Two\nlines", "two-lines", "moon")


# --- the import -----------------------------------------------------------------------------


def test_an_imported_deck_writes_its_deck_file_and_can_be_renamed(tmp_path: Path) -> None:
    art = oracle(tmp_path)
    deck = json.loads((art.folder / "deck.json").read_text(encoding="utf-8"))
    assert [c["card"] for c in deck["cards"]] == ["The Moon", "The Tower", "Silver Key"]
    plan = plan_folder(tmp_path / "oracle", "custom").rename("the-moon", "  La   Lune ")
    assert plan.target.slots[0].name == "La Lune" and plan.target.slots[0].slug == "the-moon"
    with pytest.raises(DeckImportError, match="1 to 60 characters"):
        plan.rename("the-moon", " ")
    tarot = plan_folder(tmp_path / "oracle", "tarot")
    with pytest.raises(DeckImportError, match="Only the cards of a new deck"):
        tarot.rename("excuse", "Fool")


# --- on the table ---------------------------------------------------------------------------


def test_the_deck_goes_on_the_table_in_its_pictures_and_is_saved(tmp_path: Path) -> None:
    art = oracle(tmp_path)
    session = load(demo_path(), rng=seeded(1))
    session.apply(put_on_table(session.state, art))
    deck = session.decks[-1]
    assert (deck.source, deck.art) == (f"user:{art.id}", art.id)
    assert session.log[-1].public == f"Dana put {art.name} on the table (3 cards, shuffled)"
    draw = session.table.piles[PileId(f"{deck.id}/draw")]
    assert sorted(draw.cards) == [
        f"{deck.id}/silver-key",
        f"{deck.id}/the-moon",
        f"{deck.id}/the-tower",
    ]
    session.apply(Move((f"{deck.id}/the-moon",), PileId("challenge"), face_up=True))
    assert "moved “The Moon” from" in session.log[-1].public
    path = tmp_path / "evening.cardtable"
    save(session, path)
    assert load(path).decks[-1] == deck
    # A second copy gets its own id.
    session.apply(put_on_table(session.state, art))
    assert session.decks[-1].id == f"{art.id}-2"


def test_a_session_with_a_deck_not_installed_here_is_refused_by_name(tmp_path: Path) -> None:
    art = oracle(tmp_path)
    session = load(demo_path(), rng=seeded(1))
    session.apply(put_on_table(session.state, art))
    path = tmp_path / "evening.cardtable"
    save(session, path)
    text = path.read_text(encoding="utf-8").replace(f"user:{art.id}", "user:never-imported")
    path.write_text(text.replace(f'"art":"{art.id}"', '"art":null'), encoding="utf-8")
    with pytest.raises(SessionFileError, match="'never-imported' is not installed"):
        load(path)


def test_a_tarot_art_set_cannot_be_put_on_the_table_as_a_deck(tmp_path: Path) -> None:
    from deck_art_rig import imported_tarot

    art = imported_tarot(tmp_path)
    with pytest.raises(ValueError, match="art for a tarot deck, not a deck of its own"):
        put_on_table(load(demo_path(), rng=seeded(1)).state, art)


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


def test_the_cards_show_their_pictures_or_their_names_without_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    art = oracle(tmp_path)
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    document.apply(put_on_table(document.session.state, art))
    bind_art(document, library_in(tmp_path))
    deck = document.session.decks[-1]
    face = CustomCard("The Tower", "the-tower", art.id, "playing")
    item = CardItem(f"{deck.id}/the-tower", card_art.PLAYING, face, face_up=True)
    image = render(item)
    assert (image.width(), image.height()) == (120, 168)
    middle = image.pixelColor(60, 84)
    assert (middle.red(), middle.green(), middle.blue()) == pytest.approx(colour_of(2), abs=30)
    # Without its art set, the card is plain paper bearing its name: playable still.
    card_art.clear_table_art()
    plain = render(CardItem(f"{deck.id}/the-tower", card_art.PLAYING, face, face_up=True))
    corner = plain.pixelColor(20, 20)
    assert min(corner.red(), corner.green(), corner.blue()) > 230


def test_the_wizard_puts_a_new_deck_on_the_table(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / f"Stars {next(_numbers)}"
    folder.mkdir()
    for number in range(4):
        card_file(folder / f"star-{number}.png", colour_of(number))
    library = library_in(tmp_path)
    use_library(library)
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    wizard = DeckImportWizard(document, library)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.source_page.folder_edit.setText(str(folder))
    wizard.next()
    wizard.deck_page.choices["custom"].setChecked(True)
    wizard.next()
    match = wizard.match_page
    assert match.table.item(0, 1).flags() & Qt.ItemFlag.ItemIsEditable
    match.table.item(0, 1).setText("Pole Star")
    assert match.plan is not None and match.plan.target.slots[0].name == "Pole Star"
    wizard.next()
    wizard.next()
    page = wizard.import_page  # the offer comes with the wizard's own call, after the page's
    qtbot.waitUntil(lambda: page.art is not None and bool(page.dress), timeout=10000)
    assert [box.text() for box in wizard.import_page.dress.values()] == [
        f"Put {folder.name} on the table now"
    ]
    wizard.accept()
    deck = document.session.decks[-1]
    assert deck.spec().faces[0].name == "Pole Star"
    assert document.session.log[-1].public.startswith(f"Dana put {folder.name} on the table")


def test_the_library_lists_own_decks_apart(tmp_path: Path) -> None:
    art = oracle(tmp_path)
    library = ArtLibrary(tmp_path / "data", tmp_path / "cache")
    assert [a.id for a in library.art_sets("custom")] == [art.id]
    assert library.art_sets("tarot") == []


def test_the_table_menu_offers_each_own_deck(qtbot: QtBot, tmp_path: Path) -> None:
    window = QtWidgets.QMainWindow()
    qtbot.addWidget(window)
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    empty = make_own_decks_menu(window, document, ArtLibrary(tmp_path / "none", tmp_path / "c"))
    assert [a.text() for a in empty.actions()] == [EMPTY_TEXT]
    assert not empty.actions()[0].isEnabled()
    art = oracle(tmp_path)
    menu = make_own_decks_menu(window, document, library_in(tmp_path))
    [entry] = menu.actions()
    assert entry.text() == f"{art.name} (3 cards)"
    entry.trigger()
    assert document.session.decks[-1].source == f"user:{art.id}"
