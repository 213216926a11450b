"""Printing sheets to PDF, read back with poppler: every field is there, as text, on its page."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import argparse
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import attrs
import pytest

import cardtable.session.saving
from cardtable.cards import Suit
from cardtable.sheets import (
    SHEET_TYPES,
    AdventureSheet,
    Aspect,
    BanzaiSheet,
    CrisisSheet,
    Element,
    PoolSheet,
    Sheet,
    TarotSheet,
    sample_characters,
)
from cardtable.sheets.pool import Ability
from cardtable.sheets.pool import Penalty as SheetPenalty
from cardtable.sheets.portrait import load_portrait
from cardtable.sheets.samples import sample_tarot
from cardtable.ui.sheets.printing import output as printing
from cardtable.ui.sheets.printing.command import add_print_parser
from cardtable.ui.sheets.printing.output import PrintError, print_blank, print_sheets

# Page sizes in points, as the paper standards define them.
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
# Starting hands and the rank ladder, as the rules files state them.
HANDS = {"ordinary": 3, "person of import": 5, "extraordinary": 7, "fantastical": 10}
LADDER = [
    "Mediocre",
    "Average",
    "Fair",
    "Good",
    "Great",
    "Superb",
    "Fantastic",
    "Epic",
    "Legendary",
    "Mythic",
]


@pytest.fixture(autouse=True)
def _qt_and_poppler(qapp: object) -> Iterator[None]:
    """pytest-qt's application (a QApplication, so widget tests after these still work)."""
    for tool in ("pdftotext", "pdfinfo", "pdfimages"):
        assert shutil.which(tool), f"{tool} is missing: apt-get install -y poppler-utils"
    yield


def poppler(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def text_of(path: Path, *, layout: bool = False) -> str:
    return poppler("pdftotext", *(["-layout"] if layout else []), str(path), "-")


def flat(text: str) -> str:
    return " ".join(text.split())


def info(path: Path) -> dict[str, str]:
    lines = poppler("pdfinfo", str(path)).splitlines()
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in lines)}


def page_size(path: Path) -> tuple[float, float]:
    width, height = re.findall(r"[\d.]+", info(path)["Page size"])[:2]
    return float(width), float(height)


def images(path: Path) -> int:
    return len(poppler("pdfimages", "-list", str(path)).splitlines()) - 2


def expected_words(sheet: Sheet) -> list[str]:
    """Every value the printed sheet must show, read from the sheet's own fields."""
    words = [sheet.name, sheet.player, flat(sheet.notes)]
    if isinstance(sheet, TarotSheet):
        for name in ("Rock", "Paper", "Blades", "Serpent", "Unknown"):
            words += [name, LADDER[getattr(sheet, name.lower())]]
        words += [aspect.text for aspect in sheet.aspects]
        words += [aspect.kind for aspect in sheet.aspects]
        words += list(sheet.specialties)
        words += [kept.card for kept in sheet.sleeve]
        words += ["(reversed)"] * any(kept.reversed for kept in sheet.sleeve)
    elif isinstance(sheet, CrisisSheet):
        words += list(sheet.traits)
    elif isinstance(sheet, PoolSheet):
        words += [ability.name for ability in sheet.abilities]
        words += [penalty.note for penalty in sheet.penalties]
    elif isinstance(sheet, AdventureSheet):
        for facet in sheet.facets:
            words += [facet.name, facet.description, facet.suit.symbol]
        for ambition in sheet.ambitions:
            words += [ambition.long_term, *ambition.short_term]
        for bond in sheet.bonds:
            words += [bond.character, bond.nature]
        words += [sheet.role.label, sheet.power.label]
    elif isinstance(sheet, BanzaiSheet):
        words += [element.value for element in Element]
        words += [skill.name for skill in sheet.skills]
        words += ["Honor Points"]
    return words


def row_numbers(layout_text: str, label: str) -> list[str]:
    """The numbers printed on the line that starts with ``label`` (``pdftotext -layout``)."""
    for line in layout_text.splitlines():
        if line.strip().startswith(label):
            return re.findall(r"-?\d+", line[line.index(label) + len(label) :])
    raise AssertionError(f"no line starts with {label!r}")


PARTY = sample_characters()


@pytest.mark.parametrize("sheet", PARTY, ids=lambda sheet: sheet.system)
def test_one_character_prints_every_field_on_one_page(sheet: Sheet, tmp_path: Path) -> None:
    path = tmp_path / f"{sheet.system}.pdf"
    assert print_sheets([sheet], path) == 1
    assert info(path)["Pages"] == "1"
    text = flat(text_of(path))
    missing = [word for word in expected_words(sheet) if flat(word) not in text]
    assert missing == []
    assert images(path) == 0


def test_attributes_and_their_ladder_labels_sit_together(tmp_path: Path) -> None:
    sheet = attrs.evolve(sample_tarot(), rock=9, paper=0)
    path = tmp_path / "tourist.pdf"
    print_sheets([sheet], path)
    text = flat(text_of(path))
    assert "Rock 9 Mythic" in text
    assert "Paper 0 Mediocre" in text


def test_the_pool_table_shows_each_ability_and_its_rating_after_penalties(tmp_path: Path) -> None:
    sheet = PARTY[2]
    assert isinstance(sheet, PoolSheet)
    path = tmp_path / "pool.pdf"
    print_sheets([sheet], path)
    layout = text_of(path, layout=True)
    for ability in sheet.abilities:
        penalty = sum(p.points for p in sheet.penalties if p.ability in ("", ability.name))
        numbers = [ability.rating, ability.bonus, ability.reserves, ability.resistance]
        numbers += [-penalty] if penalty else []
        numbers += [max(0, ability.rating - penalty)]
        assert row_numbers(layout, ability.name) == [str(n) for n in numbers]


def test_a_long_pool_sheet_uses_the_page_before_saying_more_in_cardtable(tmp_path: Path) -> None:
    # Issue 46: twelve abilities once printed "+ 5 more in Cardtable" above the notes' free
    # lines; they now take the lines the notes and the penalties can spare.
    base = PARTY[2]
    assert isinstance(base, PoolSheet)
    abilities = tuple(Ability(f"Craft number {n}", 3 + n % 5) for n in range(12))
    penalties = tuple(SheetPenalty(a.name, 1, "singed") for a in abilities[:2])
    sheet = attrs.evolve(base, abilities=abilities, penalties=penalties)
    path = tmp_path / "long-pool.pdf"
    assert print_sheets([sheet], path) == 1
    text = flat(text_of(path))
    assert "more in Cardtable" not in text
    assert all(a.name in text for a in abilities)
    assert text.count("singed") == len(penalties)
    assert "NOTES" in text and base.notes in text  # the notes keep their lines at the foot


def test_the_banzai_elements_and_skill_ranks_are_printed(tmp_path: Path) -> None:
    sheet = PARTY[4]
    assert isinstance(sheet, BanzaiSheet)
    path = tmp_path / "banzai.pdf"
    print_sheets([sheet], path)
    layout = text_of(path, layout=True)
    elements = [element.value for element in Element]
    ranks = re.findall(r"\d+", layout.split(elements[-1], 1)[1].split("HONOR")[0])
    assert ranks == [str(sheet.element(element)) for element in Element]
    for skill in sheet.skills:
        assert row_numbers(layout, skill.name)[0] == str(skill.rank)
    assert f"{sheet.honor} Honor Points" in flat(text_of(path))


def test_the_adventurers_hand_size_comes_from_power(tmp_path: Path) -> None:
    sheet = PARTY[3]
    assert isinstance(sheet, AdventureSheet)
    path = tmp_path / "adventure.pdf"
    print_sheets([sheet], path)
    boxes = word_boxes(path)
    [label] = [box for box in boxes if box[0] == "STARTING"]
    # The number printed just left of the "STARTING HAND" label, level with it.
    beside = [
        box
        for box in boxes
        if box[3] <= label[1] and label[1] - box[3] < 30 and abs(box[2] - label[2]) < 12
    ]
    assert [box[0] for box in beside] == [str(HANDS[sheet.power.value])]


def test_the_whole_party_prints_a_page_each_in_order(tmp_path: Path) -> None:
    path = tmp_path / "party.pdf"
    assert print_sheets(PARTY, path, "letter") == len(PARTY)
    assert info(path)["Pages"] == str(len(PARTY))
    for number, sheet in enumerate(PARTY, start=1):
        page = poppler("pdftotext", "-f", str(number), "-l", str(number), str(path), "-")
        assert sheet.name in page
        assert re.search(rf"\b{number}\s*/\s*{len(PARTY)}\b", page)


@pytest.mark.parametrize("system", list(SHEET_TYPES))
def test_a_blank_sheet_prints_empty_boxes_for_its_system(system: str, tmp_path: Path) -> None:
    path = tmp_path / f"blank-{system}.pdf"
    assert print_blank(system, path) == 1
    assert info(path)["Pages"] == "1"
    text = flat(text_of(path))
    title = SHEET_TYPES[system].title
    assert text.startswith(f"{title} CHARACTER SHEET NAME PLAYER")
    assert not any(sheet.name in text for sheet in PARTY)
    assert "NOTES" in text


def test_blank_sheets_carry_their_systems_vocabulary(tmp_path: Path) -> None:
    words = {
        "tarot": ["Rock", "Paper", "Blades", "Serpent", "Unknown", "ASPECTS", "SLEEVE CARDS"],
        "crisis": ["DICE POOL", "TRAITS"],
        "pool": ["RATING", "BONUS", "RESERVES", "RESISTANCE", "Incapacitated"],
        "adventure": [
            *(suit.symbol for suit in Suit),
            "Strong",
            "Weak",
            "BONDS",
            "AMBITIONS",
            "Person of Import (5)",
            "Fantastical (10)",
            "Supporting cast",
        ],
        "banzai": [*(element.value for element in Element), "SKILLS", "Honor Points"],
    }
    for system, expected in words.items():
        path = tmp_path / f"{system}.pdf"
        print_blank(system, path)
        text = flat(text_of(path))
        assert [word for word in expected if word not in text] == [], system


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER), ("Letter", LETTER)])
def test_the_paper_size_is_the_one_asked_for(
    paper: str, size: tuple[float, float], tmp_path: Path
) -> None:
    path = tmp_path / "sheet.pdf"
    print_sheets(PARTY[:1], path, paper)
    assert page_size(path) == pytest.approx(size, abs=0.5)


def test_an_unknown_paper_or_nothing_to_print_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PrintError, match="a4 or letter"):
        print_sheets(PARTY, tmp_path / "x.pdf", "tabloid")
    with pytest.raises(PrintError, match="nothing to print"):
        print_sheets([], tmp_path / "x.pdf")
    assert list(tmp_path.iterdir()) == []


def test_a_failed_print_leaves_the_old_file_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "party.pdf"
    path.write_bytes(b"the old party")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the ink ran out")

    monkeypatch.setattr(printing, "draw_sheet", broken)
    with pytest.raises(RuntimeError, match="ink"):
        print_sheets(PARTY, path)
    assert path.read_bytes() == b"the old party"
    assert [p.name for p in tmp_path.iterdir()] == ["party.pdf"]


def test_a_failed_write_leaves_no_half_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "party.pdf"
    path.write_bytes(b"the old party")

    def full_disk(source: str, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(printing.os, "replace", full_disk)
    with pytest.raises(OSError, match="No space"):
        print_sheets(PARTY, path)
    assert path.read_bytes() == b"the old party"
    assert [p.name for p in tmp_path.iterdir()] == ["party.pdf"]


def test_a_new_pdf_is_readable_by_others_like_any_new_file(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    print_sheets(PARTY[:1], path)
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def word_boxes(path: Path) -> list[tuple[str, float, float, float, float]]:
    html = poppler("pdftotext", "-bbox", str(path), "-")
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        html,
    )
    return [(word, float(a), float(b), float(c), float(d)) for a, b, c, d, word in found]


def test_long_texts_are_shrunk_or_cut_to_stay_on_the_page(tmp_path: Path) -> None:
    long_name = " ".join(["Wilhelmina"] * 7)[:80]
    sheet = attrs.evolve(
        sample_tarot(),
        name=long_name,
        notes=" ".join(["The umbrella remembers every storm it has opened in."] * 75)[:4000],
        aspects=tuple(Aspect(f"Aspect number {n} " + "very " * 30) for n in range(20)),
    )
    path = tmp_path / "long.pdf"
    assert print_sheets([sheet], path) == 1
    assert info(path)["Pages"] == "1"
    width, height = A4
    for word, x_min, y_min, x_max, y_max in word_boxes(path):
        assert x_min >= 20 and x_max <= width - 20, word
        assert y_min >= 20 and y_max <= height - 20, word
    text = flat(text_of(path))
    assert "Wilhelmina" in text
    assert "+ 15 more in Cardtable" in text


def test_a_portrait_is_printed_as_an_image(tmp_path: Path) -> None:
    from PIL import Image

    picture = tmp_path / "face.png"
    Image.new("RGB", (300, 400), "peru").save(picture)
    sheet = attrs.evolve(PARTY[1], portrait=load_portrait(picture))
    path = tmp_path / "with-portrait.pdf"
    print_sheets([sheet, PARTY[2]], path)
    assert images(path) == 1
    assert sheet.name in text_of(path)


def test_a_printer_at_another_resolution_gets_the_same_sheet(tmp_path: Path) -> None:
    from cardtable.ui.qt import QtPrintSupport

    printer = QtPrintSupport.QPrinter(QtPrintSupport.QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QtPrintSupport.QPrinter.OutputFormat.PdfFormat)
    path = tmp_path / "printer.pdf"
    printer.setOutputFileName(str(path))
    printer.setFullPage(True)
    printing.print_on(printer, [printing.PageRequest(sheet) for sheet in PARTY[3:]])
    assert info(path)["Pages"] == "2"
    text = flat(text_of(path))
    for sheet in PARTY[3:]:
        assert [word for word in expected_words(sheet) if flat(word) not in text] == []


def test_print_to_pdf_from_the_app_saves_where_the_player_chose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.ui.qt import QtWidgets

    chosen = tmp_path / "our party"
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getSaveFileName", lambda *args: (str(chosen), "PDF (*.pdf)")
    )
    pages = [printing.PageRequest(sheet) for sheet in PARTY[:2]]
    written = printing.export_pdf_dialog(None, pages, "letter")
    assert written == tmp_path / "our party.pdf"
    assert info(written)["Pages"] == "2"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *args: ("", ""))
    assert printing.export_pdf_dialog(None, pages) is None


def test_printing_from_the_app_goes_through_the_print_dialog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.ui.qt import QtPrintSupport, QtWidgets

    path = tmp_path / "printed.pdf"
    answers = [QtWidgets.QDialog.DialogCode.Rejected, QtWidgets.QDialog.DialogCode.Accepted]

    class PrintDialog:
        """Stands in for the platform dialog: the player picks "print to file"."""

        def __init__(self, printer: QtPrintSupport.QPrinter, parent: object) -> None:
            printer.setOutputFormat(QtPrintSupport.QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(path))

        def setWindowTitle(self, title: str) -> None:
            pass

        def exec(self) -> QtWidgets.QDialog.DialogCode:
            return answers.pop(0)

    monkeypatch.setattr(QtPrintSupport, "QPrintDialog", PrintDialog)
    pages = [printing.PageRequest(PARTY[4])]
    assert printing.print_to_printer(None, pages) is False
    assert not path.exists()
    assert printing.print_to_printer(None, pages) is True
    assert PARTY[4].name in text_of(path)


# ---------------------------------------------------------------------------------------------
# The ``print`` command


def run_command(*words: str) -> int:
    parser = argparse.ArgumentParser(prog="cardtable")
    add_print_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["print", *words])
    status: int = args.func(args)
    return status


def test_the_command_prints_a_blank_sheet_without_a_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "blank.pdf"
    assert run_command("--blank", "banzai", "--paper", "letter", "-o", str(path)) == 0
    assert info(path)["Pages"] == "1"
    assert page_size(path) == pytest.approx(LETTER, abs=0.5)
    assert "Wrote 1 page" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--blank", "chess"], "'chess' is not a system"),
        ([], "give a SESSION file"),
        (["party.cardtable", "--blank", "tarot"], "--blank prints an empty sheet"),
    ],
)
def test_the_command_explains_a_bad_request_in_one_line(
    words: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(*words, "-o", str(tmp_path / "out.pdf")) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error
    assert not (tmp_path / "out.pdf").exists()


def test_a_bad_session_file_gives_status_2_and_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = tmp_path / "broken.cardtable"
    session.write_bytes(b"\x00\x01 not a session")
    assert run_command(str(session), "-o", str(tmp_path / "out.pdf")) == 2
    error = capsys.readouterr().err
    assert error.startswith("cardtable print: error: ")
    assert error.count("\n") == 1 and "broken.cardtable" in error


@pytest.fixture
def loaded_party(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Make the session reader return the sample party, whatever file it is given."""
    opened: list[Path] = []

    def load(path: Path) -> SimpleNamespace:
        opened.append(path)
        characters = [SimpleNamespace(name=sheet.name, sheet=sheet) for sheet in PARTY]
        characters.append(SimpleNamespace(name="The Desert", sheet=None))
        return SimpleNamespace(characters={c.name: c for c in characters})

    monkeypatch.setattr(cardtable.session.saving, "load", load)
    return opened


def test_the_command_prints_a_sessions_party(loaded_party: list[Path], tmp_path: Path) -> None:
    path = tmp_path / "party.pdf"
    assert run_command("demo.cardtable", "-o", str(path)) == 0
    assert loaded_party == [Path("demo.cardtable")]
    assert info(path)["Pages"] == str(len(PARTY))


def test_the_command_prints_one_character_by_name(loaded_party: list[Path], tmp_path: Path) -> None:
    path = tmp_path / "one.pdf"
    assert run_command("demo.cardtable", "--character", "kaneda suzume", "-o", str(path)) == 0
    assert info(path)["Pages"] == "1"
    assert "Kaneda Suzume" in text_of(path)


def test_a_character_without_a_sheet_cannot_be_printed(
    loaded_party: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.pdf"
    assert run_command("demo.cardtable", "--character", "the desert", "-o", str(out)) == 2
    assert "The Desert has no character sheet yet" in capsys.readouterr().err
    assert not out.exists()


def test_the_shipped_demo_session_prints_its_whole_party(tmp_path: Path) -> None:
    demo = Path(__file__).resolve().parent.parent / "assets" / "samples" / "demo.cardtable"
    path = tmp_path / "demo.pdf"
    assert run_command(str(demo), "--paper", "letter", "-o", str(path)) == 0
    assert info(path)["Pages"] == str(len(PARTY))
    text = text_of(path)
    assert [sheet.name for sheet in PARTY if sheet.name not in text] == []


def test_an_unknown_character_is_refused_naming_the_party(
    loaded_party: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        run_command("demo.cardtable", "--character", "Nobody", "-o", str(tmp_path / "x.pdf")) == 2
    )
    error = capsys.readouterr().err
    assert "'Nobody'" in error and "Wren Halloway" in error and error.count("\n") == 1
