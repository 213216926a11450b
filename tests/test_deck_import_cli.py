"""``cardtable import-deck``: a progress line, the new set on stdout, exit 2 on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from deck_art_rig import card_file, playing_folder, tarot_folder
from PIL import Image

from cardtable import cli
from cardtable.decks.art import ArtLibrary
from cardtable.decks.import_command import add_import_parser


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ArtLibrary:
    """The command's default library, in tmp_path; the command registered with the CLI."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(cli, "_registrars", lambda: [add_import_parser])
    monkeypatch.setattr(cli, "COMMANDS", ("import-deck",))
    return ArtLibrary()


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = cli.main(["import-deck", *words])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_tarot_folder_is_imported_with_a_progress_line(
    library: ArtLibrary, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tarot_folder(tmp_path / "gilded")
    card_file(folder / "back.png", (90, 90, 90))
    status, out, err = run(capsys, str(folder), "--deck", "tarot", "--name", "Gilded")
    assert status == 0, err
    assert out.startswith("Imported 82 cards and a back as 'Gilded' (id gilded) into ")
    assert "\rimporting 83/83 pictures" in err
    [art] = library.art_sets("tarot")
    assert (art.id, len(art.cards)) == ("gilded", 82)


def test_a_grid_sheet_with_its_back_in_the_last_cell(
    library: ArtLibrary, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = Image.new("RGB", (10 * 20, 6 * 28), "white")
    for index in range(60):
        row, column = divmod(index, 10)
        sheet.paste(
            (index * 4, 100, 200 - index * 3),
            (column * 20, row * 28, column * 20 + 20, row * 28 + 28),
        )
    sheet.save(tmp_path / "deck.png")
    status, out, err = run(
        capsys, str(tmp_path / "deck.png"), "--deck", "playing", "--grid", "6x10", "--back", "last"
    )
    assert status == 0, err
    assert "as 'Deck' (id deck)" in out
    assert "note: no card takes cells 55-59 of deck.png; left out" in err
    [art] = library.art_sets("playing")
    assert art.back is not None and "joker-2" in art.cards


def test_a_new_deck_with_a_mapping_file(
    library: ArtLibrary, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "oracle"
    folder.mkdir()
    for number in range(3):
        card_file(folder / f"IMG_{number}.png", (50 * number, 80, 80))
    mapping = tmp_path / "names.json"
    mapping.write_text(json.dumps({"IMG_0.png": "The Moon", "IMG_2.png": "back"}), "utf-8")
    status, out, err = run(
        capsys, str(folder), "--deck", "new", "--name", "Moon Oracle", "--map", str(mapping)
    )
    assert status == 0, err
    assert out.startswith("Imported 2 cards and a back as 'Moon Oracle'")
    [art] = library.art_sets("custom")
    assert sorted(art.cards) == ["img-1", "the-moon"]


@pytest.mark.parametrize(
    ("change", "words", "message"),
    [
        ("missing", ["--deck", "playing"], "No picture for Queen of Hearts; add the file"),
        ("not-image", ["--deck", "playing"], "qh.png is not an image"),
        ("none", ["--deck", "playing", "--grid", "seven"], "--grid is ROWSxCOLS"),
        ("none", ["--deck", "playing", "--map", "absent.json"], "Cannot read the mapping"),
    ],
)
def test_bad_input_ends_with_status_2_and_one_line(
    library: ArtLibrary,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: str,
    words: list[str],
    message: str,
) -> None:
    folder = playing_folder(tmp_path / "scans")
    if change == "missing":
        (folder / "qh.png").unlink()
    elif change == "not-image":
        (folder / "qh.png").write_text("hello", encoding="utf-8")
    status, _, err = run(capsys, str(folder), *words)
    assert status == 2
    last = [line for line in err.splitlines() if line.strip()][-1]
    assert last.startswith("cardtable import-deck: error:") and message in last
    assert library.art_sets() == []
    assert not library.folder.exists() or not any(library.folder.iterdir())


def test_an_unknown_deck_is_a_usage_error(
    library: ArtLibrary, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit, match=r"^2$") as raised:
        cli.main(["import-deck", str(tmp_path), "--deck", "poker"])
    assert raised.value.code == 2
    assert "invalid choice: 'poker'" in capsys.readouterr().err
