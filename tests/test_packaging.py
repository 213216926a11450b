"""The double-click app: desktop entry, file type and icons agree; the app starts and stops.

Building the bundle takes minutes, so that test runs only with ``CARDTABLE_BUILD_BUNDLE=1``
(``CARDTABLE_BUILD_BUNDLE=1 pytest tests/test_packaging.py -m slow``).
"""

from __future__ import annotations

import configparser
import fnmatch
import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
ICONS = ROOT / "assets" / "icons"
DESKTOP = PACKAGING / "linux" / "cardtable.desktop"
MIME = PACKAGING / "linux" / "cardtable-mime.xml"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
SCRIPTS = ("build_linux.sh", "install_linux.sh", "smoke_test.sh")


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(DESKTOP.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return parser["Desktop Entry"]


def mime_types() -> list[ET.Element]:
    root = ET.parse(MIME).getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    return root.findall(f"{MIME_NS}mime-type")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_desktop_entry_launches_cardtable_with_the_file() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Cardtable"
    command, *arguments = entry["Exec"].split()
    assert command == "cardtable" == entry["TryExec"]
    assert arguments == ["%f"]  # one file per start: `cardtable FILE.cardtable` opens it
    assert entry["Terminal"] == "false"
    assert entry["Icon"] == "cardtable"
    for key in ("Categories", "Keywords", "MimeType"):
        assert entry[key].endswith(";"), f"{key} is a list and must end with ';'"
    assert "Game" in entry["Categories"].split(";")


def test_desktop_entry_and_mime_type_name_the_same_type() -> None:
    [mime] = mime_types()
    declared = [t for t in desktop_entry()["MimeType"].split(";") if t]
    assert declared == [mime.get("type")] == ["application/x-cardtable"]


def test_mime_type_matches_session_files_and_nothing_else() -> None:
    [mime] = mime_types()
    patterns = [str(g.get("pattern")) for g in mime.findall(f"{MIME_NS}glob")]
    assert patterns == ["*.cardtable"]
    assert mime.findtext(f"{MIME_NS}comment")
    assert mime.find(f"{MIME_NS}icon").get("name") == desktop_entry()["Icon"]  # type: ignore[union-attr]
    samples = list((ROOT / "assets" / "samples").glob("*"))
    assert samples
    for sample in samples:
        assert fnmatch.fnmatch(sample.name, patterns[0])
    for other in ("notes.json", "party.pdf", "cardtable.desktop", "cardtable"):
        assert not fnmatch.fnmatch(other, patterns[0])


def test_the_icon_exists_at_every_size_desktops_ask_for() -> None:
    for size in ICON_SIZES:
        assert png_size(ICONS / f"cardtable-{size}.png") == (size, size)


def test_the_svg_icon_is_square_and_well_formed() -> None:
    root = ET.parse(ICONS / "cardtable.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    x, y, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert (x, y) == (0, 0) and width == height > 0


def test_the_icon_files_are_installed_as_package_data() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"icons/*.svg"' in text and '"icons/*.png"' in text


@pytest.mark.parametrize("script", SCRIPTS)
def test_shell_scripts_parse_and_are_executable(script: str) -> None:
    path = PACKAGING / script
    assert os.access(path, os.X_OK), f"{script} is not executable"
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    done = subprocess.run([bash, "-n", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_every_build_recipe_uses_the_one_spec() -> None:
    workflows = ROOT / ".github" / "workflows"
    for name in ("build-windows.yml", "build-macos.yml"):
        text = (workflows / name).read_text(encoding="utf-8")
        assert "packaging/cardtable.spec" in text, name
        assert "pip install" in text and ".[package]" in text, name
    assert "cardtable.spec" in (PACKAGING / "build_linux.sh").read_text(encoding="utf-8")


def test_install_script_puts_icons_menu_entry_and_type_in_place(tmp_path: Path) -> None:
    if sys.platform != "linux" or shutil.which("bash") is None:
        pytest.skip("the install script is for Linux")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "cardtable"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    env = dict(os.environ, PREFIX=str(tmp_path / "prefix"), PATH=f"{bin_dir}:/usr/bin:/bin")
    done = subprocess.run(
        [str(PACKAGING / "install_linux.sh"), "--no-bundle"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    share = tmp_path / "prefix" / "share"
    entry = (share / "applications" / "cardtable.desktop").read_text(encoding="utf-8")
    assert f"Exec={fake} %f" in entry.splitlines()
    assert (share / "mime" / "packages" / "cardtable.xml").read_bytes() == MIME.read_bytes()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "cardtable.svg").is_file()
    for size in ICON_SIZES:
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "cardtable.png").is_file()
    if shutil.which("update-mime-database"):
        assert "application/x-cardtable:*.cardtable" in (share / "mime" / "globs2").read_text()


def _smoke_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, CARDTABLE_SMOKE_EXIT="1")
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    return env


def test_the_smoke_switch_opens_the_file_and_exits_cleanly(tmp_path: Path) -> None:
    # A copy: the shipped demo opens as an untitled session (it is never saved over).
    demo = tmp_path / "evening.cardtable"
    shutil.copyfile(ROOT / "assets" / "samples" / "demo.cardtable", demo)
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", str(demo)],
        env=_smoke_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    [painted] = [line for line in lines if line.startswith("cardtable: painted at ")]
    [ready] = [line for line in lines if line.startswith("cardtable: ready: ")]
    assert demo.name in ready
    # The session is in place before the window is first painted, so that paint shows it:
    # the figure cardtable bench times start-up by.
    [shown] = [line for line in lines if line.startswith("cardtable: shown at ")]
    assert lines.index(painted) < lines.index(ready) < lines.index(shown)
    assert float(shown.rsplit(" ", 1)[1]) == float(painted.rsplit(" ", 1)[1])
    if sys.platform == "linux":  # elsewhere platformdirs ignores the XDG variables
        log = tmp_path / "xdg_state_home" / "cardtable" / "log" / "cardtable.log"
        assert "starting" in log.read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("CARDTABLE_BUILD_BUNDLE") != "1",
    reason="builds the PyInstaller bundle (minutes): set CARDTABLE_BUILD_BUNDLE=1",
)
def test_the_built_bundle_starts_paints_and_exits() -> None:
    if sys.platform != "linux":
        pytest.skip("the Linux build script; Windows and macOS build in CI")
    build = subprocess.run(
        [str(PACKAGING / "build_linux.sh")], capture_output=True, text=True, timeout=1800
    )
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    smoke = subprocess.run(
        [str(PACKAGING / "smoke_test.sh")], capture_output=True, text=True, timeout=600
    )
    print(smoke.stdout)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "smoke test passed" in smoke.stdout
