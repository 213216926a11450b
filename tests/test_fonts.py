"""The bundled typefaces: every machine draws and prints with them, even one with no fonts."""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cardtable.ui.art import fonts
from cardtable.ui.qt import QtGui, QtWidgets

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "assets" / "samples" / "demo.cardtable"
BUNDLED = {fonts.SERIF, fonts.SANS, fonts.SANS_CONDENSED}
# PostScript names of the bundled files, as pdffonts lists them.
EMBEDDABLE = {
    "TeXGyrePagella-Regular",
    "TeXGyrePagella-Bold",
    "TeXGyrePagella-Italic",
    "DejaVuSans",
    "DejaVuSans-Bold",
    "DejaVuSansCondensed-Bold",
}


def test_every_font_file_and_its_licence_is_shipped_as_package_data() -> None:
    folder = ROOT / "assets" / "fonts"
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["package-data"]["cardtable.assets"]
    shipped = [path for path in folder.iterdir() if path.name != "__pycache__"]
    names = {path.name for path in shipped}
    assert {name for files in fonts.FILES.values() for name in files} <= names
    assert {"GUST-FONT-LICENSE.txt", "DejaVu-LICENSE.txt", "README.txt"} <= names
    for path in shipped:
        relative = f"fonts/{path.name}"
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
    assert sum(path.stat().st_size for path in shipped) < 4_000_000


def test_the_bundled_families_are_registered_and_used_by_name(qapp: QtWidgets.QApplication) -> None:
    from cardtable.ui.art import common
    from cardtable.ui.sheets.printing.canvas import Face, _make_font

    assert set(fonts.register_fonts()) == BUNDLED
    assert set(QtGui.QFontDatabase.families()) >= BUNDLED
    assert QtGui.QFontInfo(common.font(common.SERIF, 40)).family() == fonts.SERIF
    assert QtGui.QFontInfo(common.font(common.SANS, 20, 700)).family() == fonts.SANS
    assert QtGui.QFontInfo(qapp.font()).family() == fonts.SANS
    label = QtWidgets.QLabel("Draw")
    assert QtGui.QFontInfo(label.font()).family() == fonts.SANS
    assert QtGui.QFontInfo(_make_font(Face.LABEL, 8)).family() == fonts.SANS_CONDENSED
    printed = _make_font(Face.SERIF, 10)
    assert QtGui.QFontInfo(printed).family() == fonts.SERIF
    assert printed.featureValue(QtGui.QFont.Tag("liga")) == 0


def test_the_start_registers_the_sans_and_a_card_face_brings_in_the_serif() -> None:
    script = (
        "import json\n"
        "from cardtable.ui.qt import QtGui, QtWidgets\n"
        "from cardtable.ui.app import application\n"
        "from cardtable.ui.art import fonts\n"
        "app = application()\n"
        "at_start = list(fonts._registered)\n"
        "from cardtable.cards import TarotCard\n"
        "from cardtable.ui.art import card_art, common\n"
        "card_art.face_pixmap(TarotCard.from_name('the Excuse'), 120)\n"
        "serif = QtGui.QFontInfo(common.font(common.SERIF, 40)).family()\n"
        "print(json.dumps([at_start, sorted(fonts._registered), serif]))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    at_start, later, serif = json.loads(done.stdout.splitlines()[-1])
    assert at_start == [fonts.SANS]
    assert later == sorted([fonts.SANS, fonts.SERIF]) and serif == fonts.SERIF


# -- a machine with no fonts at all -----------------------------------------------------------


@pytest.fixture
def no_fonts(tmp_path: Path) -> dict[str, str]:
    """An environment whose fontconfig knows no font directory: no system font exists."""
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        f"<fontconfig><cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>\n",
        encoding="utf-8",
    )
    env = dict(os.environ, FONTCONFIG_FILE=str(conf), QT_QPA_PLATFORM="offscreen")
    env.pop("FONTCONFIG_PATH", None)
    fc_list = shutil.which("fc-list")
    if fc_list is not None:  # the premise: fontconfig itself finds nothing
        listed = subprocess.run([fc_list], env=env, capture_output=True, text=True, check=True)
        assert listed.stdout.strip() == ""
    return env


def test_a_machine_without_fonts_prints_the_sheets_in_the_bundled_typefaces(
    tmp_path: Path, no_fonts: dict[str, str]
) -> None:
    for tool in ("pdftotext", "pdffonts"):
        assert shutil.which(tool), f"{tool} is missing: apt-get install -y poppler-utils"
    pdf = tmp_path / "party.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "print", str(DEMO), "-o", str(pdf)],
        env=no_fonts,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    flat = " ".join(text.split())
    # Plain letters, not ligature glyphs: what a reader copies or searches for is there.
    assert "Will follow a friend off any cliff." in flat
    assert not any("\ufb00" <= char <= "\ufb06" for char in text)
    assert "♥" in text
    listing = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    rows = [line.split() for line in listing.splitlines()[2:]]
    embedded = {row[0] for row in rows}
    assert {"TeXGyrePagella-Regular", "TeXGyrePagella-Bold", "DejaVuSansCondensed-Bold"} <= (
        embedded
    )
    assert embedded <= EMBEDDABLE
    assert all(row[-5] == "yes" for row in rows), listing  # every font embedded


FAMILIES_SCRIPT = """
import json
from cardtable.ui.app import application
from cardtable.ui.art import common
from cardtable.ui.qt import QtGui, QtWidgets
from cardtable.ui.sheets.printing.canvas import Face, _make_font

app = application()
info = lambda font: QtGui.QFontInfo(font).family()
found = {
    "panels": info(QtWidgets.QLabel("Draw").font()),
    "card serif": info(common.font(common.SERIF, 40)),
    "card sans": info(common.font(common.SANS, 20)),
    "printed label": info(_make_font(Face.LABEL, 8)),
}
# Known by now: the serif and the condensed sans are registered when first asked for.
print(json.dumps({"known": QtGui.QFontDatabase.families(), **found}))
"""


def test_a_machine_without_fonts_draws_the_app_in_the_bundled_typefaces(
    no_fonts: dict[str, str],
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", FAMILIES_SCRIPT],
        env=no_fonts,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert set(found.pop("known")) >= BUNDLED
    assert found == {
        "panels": fonts.SANS,
        "card serif": fonts.SERIF,
        "card sans": fonts.SANS,
        "printed label": fonts.SANS_CONDENSED,
    }
