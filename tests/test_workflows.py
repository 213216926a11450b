"""The Windows and macOS installers and the release: what can be checked without those systems.

GitHub's runners build them (.github/workflows/); here the workflows are checked against
GitHub's workflow schema (check-jsonschema's copy, no network needed), and the Inno Setup
script and the macOS document type are read for what a double-click depends on.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
BUILDS = ("build-linux.yml", "build-windows.yml", "build-macos.yml")
ISS = ROOT / "packaging" / "windows" / "cardtable.iss"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_every_workflow_follows_githubs_schema() -> None:
    tool = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent))
    tool = tool or shutil.which("check-jsonschema")
    if tool is None:
        pytest.skip("check-jsonschema is not installed (it comes with the 'test' extra)")
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert {f.name for f in files} >= {*BUILDS, "release.yml"}
    done = subprocess.run(
        [tool, "--builtin-schema", "vendor.github-workflows", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_version_tag_builds_all_three_and_attaches_them() -> None:
    release = _text(WORKFLOWS / "release.yml")
    assert re.search(r"on:\s+push:\s+tags: \[\"v\*\"\]", release)
    for build in BUILDS:
        assert f"uses: ./.github/workflows/{build}" in release
        text = _text(WORKFLOWS / build)
        assert "workflow_call:" in text, f"{build} cannot be called from release.yml"
        assert "tags:" not in text, f"{build} would run twice on a tag"
        assert re.search(r"name: cardtable-\w+\n", text), f"{build} uploads no cardtable-* artifact"
    assert "needs: [linux, windows, macos]" in release
    assert "contents: write" in release
    assert "pattern: cardtable-*" in release and "gh release create" in release
    assert "__version__" in release  # the tag must match the version


def test_the_windows_installer_has_a_start_menu_entry_an_association_and_an_uninstaller() -> None:
    iss = _text(ISS)
    assert "ChangesAssociations=yes" in iss
    assert re.search(r"AppId=\{\{[0-9A-F-]{36}\}", iss), "a fixed AppId"
    assert 'Name: "{autoprograms}\\Cardtable"; Filename: "{app}\\cardtable.exe"' in iss
    registry = [line for line in iss.splitlines() if line.startswith("Root: HKA;")]
    command = [line for line in registry if "shell\\open\\command" in line]
    assert command and '"""{app}\\cardtable.exe"" ""%1"""' in command[0]
    extension = [line for line in registry if 'Subkey: "Software\\Classes\\.cardtable"' in line]
    assert any('ValueData: "Cardtable.Session"' in line for line in extension)
    # Everything written is taken away again by the uninstaller.
    for line in registry:
        if "ValueName: \"\"" in line and "Cardtable.Session\"; ValueType" in line:
            assert "uninsdeletekey" in line
    assert all("uninsdelete" in line for line in extension)
    assert 'Source: "..\\dist\\cardtable\\*"' in iss  # what PyInstaller builds
    windows = _text(WORKFLOWS / "build-windows.yml")
    assert "OutputBaseFilename=Cardtable-{#AppVersion}-setup" in iss
    assert "Cardtable-$env:VERSION-setup.exe" in windows
    assert "packaging\\windows\\cardtable.iss" in windows


def _bundle_info_plist() -> dict[str, object]:
    tree = ast.parse(_text(ROOT / "packaging" / "cardtable.spec"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "BUNDLE":
            for keyword in node.keywords:
                if keyword.arg == "info_plist":
                    return ast.literal_eval(keyword.value)
    raise AssertionError("the spec has no BUNDLE(info_plist=...)")


def test_the_mac_app_declares_the_session_document_type_finder_opens() -> None:
    plist = _bundle_info_plist()
    [document] = plist["CFBundleDocumentTypes"]  # type: ignore[misc]
    [exported] = plist["UTExportedTypeDeclarations"]  # type: ignore[misc]
    assert document["LSItemContentTypes"] == [exported["UTTypeIdentifier"]]
    assert document["CFBundleTypeRole"] == "Editor"
    assert exported["UTTypeTagSpecification"]["public.filename-extension"] == ["cardtable"]
    assert "public.json" in exported["UTTypeConformsTo"]
    dmg = _text(ROOT / "packaging" / "macos" / "make_dmg.sh")
    assert exported["UTTypeIdentifier"] in dmg  # the image is checked for it
    assert "ln -s /Applications" in dmg
