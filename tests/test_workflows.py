"""The Windows and macOS installers and the release: what can be checked without those systems.

GitHub's runners build them (.github/workflows/); here the workflows are checked against
GitHub's workflow schema (check-jsonschema's copy, no network needed) and by actionlint, on
runner images and action versions GitHub still runs; the Inno Setup script and the macOS
document type are read for what a double-click depends on; and the PyInstaller spec is run
with stand-ins for PyInstaller's build steps, as Windows would run it.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

import cardtable

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
BUILDS = ("build-linux.yml", "build-windows.yml", "build-macos.yml")
ISS = ROOT / "packaging" / "windows" / "cardtable.iss"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _tool(name: str) -> str:
    tool = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if tool is None:
        pytest.skip(f"{name} is not installed (it comes with the 'test' extra)")
    return tool


def test_every_workflow_follows_githubs_schema() -> None:
    tool = _tool("check-jsonschema")
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert {f.name for f in files} >= {*BUILDS, "release.yml"}
    done = subprocess.run(
        [tool, "--builtin-schema", "vendor.github-workflows", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_workflow_passes_actionlint() -> None:
    """actionlint knows each action's inputs and runtime and each runner image GitHub runs;
    it calls a Node 20 action deprecated. Its shell and Python checks need shellcheck and
    pyflakes, which not every machine has: they are left out, so every machine agrees."""
    tool = _tool("actionlint")
    files = sorted(str(path.relative_to(ROOT)) for path in WORKFLOWS.glob("*.yml"))
    done = subprocess.run(
        [tool, "-no-color", "-shellcheck=", "-pyflakes=", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


#: The first major of each action that runs on Node 24 (Node 20 is retired on GitHub's runners).
NODE24_MAJORS = {
    "actions/checkout": 5,
    "actions/setup-python": 6,
    "actions/upload-artifact": 5,
    "actions/download-artifact": 6,
}


def test_every_action_runs_on_a_current_node() -> None:
    used = [
        (path.name, action, int(major))
        for path in sorted(WORKFLOWS.glob("*.yml"))
        for action, major in re.findall(r"uses: ([\w-]+/[\w-]+)@v(\d+)", _text(path))
    ]
    assert {action for _, action, _ in used} == set(NODE24_MAJORS)
    assert [use for use in used if use[2] < NODE24_MAJORS[use[1]]] == []


def test_the_dmg_is_built_on_an_apple_silicon_image_github_still_runs() -> None:
    [image] = re.findall(r"runs-on: (\S+)", _text(WORKFLOWS / "build-macos.yml"))
    found = re.fullmatch(r"macos-(\d+)", image)
    assert found, f"{image} is not a plain (arm64) macOS image"
    assert int(found.group(1)) >= 15, "macos-14 and older are retired"


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
        if 'ValueName: ""' in line and 'Cardtable.Session"; ValueType' in line:
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


def _version_info() -> ModuleType:
    path = ROOT / "packaging" / "windows" / "version_info.py"
    spec = importlib.util.spec_from_file_location("version_info", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _stand_ins() -> dict[str, Any]:
    """PyInstaller's version-resource classes as plain records (PyInstaller reads the file
    with ``eval`` against its own classes, which only import on Windows)."""
    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable"]
    names += ["StringStruct", "VarFileInfo", "VarStruct"]

    def record(kind: str) -> Any:
        return lambda *args, **kwargs: SimpleNamespace(kind=kind, args=args, **kwargs)

    return {"__builtins__": {}, **{name: record(name) for name in names}}


def test_pyproject_takes_its_version_from_the_package() -> None:
    pyproject = tomllib.loads(_text(ROOT / "pyproject.toml"))
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "cardtable.__version__"
    }


def test_the_windows_version_file_carries_the_package_version() -> None:
    version = cardtable.__version__
    text = _version_info().version_info_text(version, "cardtable-cli", "Cardtable (command line)")
    info = eval(text, _stand_ins())  # the way PyInstaller reads it
    assert info.kind == "VSVersionInfo"
    numbers = tuple(int(part) for part in version.split("."))
    numbers += (0,) * (4 - len(numbers))
    assert info.ffi.filevers == info.ffi.prodvers == numbers
    assert info.ffi.fileType == 0x1  # an application
    [strings, translation] = info.kids
    [table] = strings.args[0]
    language = table.args[0]
    fields = {struct.args[0]: struct.args[1] for struct in table.args[1]}
    assert fields["ProductVersion"] == fields["FileVersion"] == version
    assert fields["OriginalFilename"] == "cardtable-cli.exe"
    assert fields["ProductName"] == "Cardtable"
    [var] = translation.args[0]
    assert var.args == ("Translation", [int(language[:4], 16), int(language[4:], 16)])


def test_windows_keeps_four_numbers_of_a_version() -> None:
    numbers = _version_info().numbers
    assert numbers("0.1.0") == (0, 1, 0, 0)
    assert numbers("1.2.3.4") == (1, 2, 3, 4)
    assert numbers("0.2.0rc1") == (0, 2, 0, 0)
    with pytest.raises(ValueError, match="does not start with a release number"):
        numbers("dev")
    with pytest.raises(ValueError, match="below 65536"):
        numbers("70000.0")


def _run_spec(platform: str, work: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Run packaging/cardtable.spec as PyInstaller would on ``platform``, with stand-ins
    that record what it asks PyInstaller to build."""
    built: dict[str, Any] = {"EXE": [], "COLLECT": [], "BUNDLE": []}

    def step(kind: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> SimpleNamespace:
            made = SimpleNamespace(kind=kind, args=args, **kwargs)
            built.setdefault(kind, []).append(made)
            return made

        return make

    hooks = ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda package: []  # type: ignore[attr-defined]
    hooks.collect_submodules = lambda package: []  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    analysis = SimpleNamespace(binaries=[], datas=[], scripts=["launcher"], pure=[])
    namespace = {
        "SPECPATH": str(ROOT / "packaging"),
        "workpath": str(work),
        "Analysis": lambda *args, **kwargs: analysis,
        "PYZ": step("PYZ"),
        "EXE": step("EXE"),
        "COLLECT": step("COLLECT"),
        "BUNDLE": step("BUNDLE"),
    }
    spec = ROOT / "packaging" / "cardtable.spec"
    exec(compile(_text(spec), str(spec), "exec"), namespace)
    return built


def test_windows_gets_a_console_program_for_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = _run_spec("win32", tmp_path, monkeypatch)
    programs = {exe.name: exe for exe in built["EXE"]}
    assert set(programs) == {"cardtable", "cardtable-cli"}
    assert programs["cardtable"].console is False  # no console window beside the table
    assert programs["cardtable-cli"].console is True  # `cardtable-cli roll 7k5` prints
    assert programs["cardtable"].args == programs["cardtable-cli"].args  # the same launcher
    [collect] = built["COLLECT"]
    assert collect.name == "cardtable"
    assert [a for a in collect.args if getattr(a, "kind", None) == "EXE"] == built["EXE"]
    for name, exe in programs.items():
        text = Path(exe.version).read_text(encoding="utf-8")
        info = eval(text, _stand_ins())
        fields = {s.args[0]: s.args[1] for s in info.kids[0].args[0][0].args[1]}
        assert fields["OriginalFilename"] == f"{name}.exe"
        assert fields["ProductVersion"] == cardtable.__version__


def test_linux_and_macos_keep_one_program_without_a_version_resource(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for platform in ("linux", "darwin"):
        built = _run_spec(platform, tmp_path, monkeypatch)
        [exe] = built["EXE"]
        assert exe.name == "cardtable" and exe.version is None
        assert len(built["BUNDLE"]) == (platform == "darwin")
    assert not list(tmp_path.iterdir())


def test_the_windows_workflow_checks_the_command_line_and_the_version() -> None:
    windows = _text(WORKFLOWS / "build-windows.yml")
    assert "cardtable-cli.exe roll 7k5" in windows
    assert ").VersionInfo" in windows and ".ProductVersion -ne $version" in windows
    iss = _text(ISS)
    assert 'Source: "..\\dist\\cardtable\\*"' in iss  # cardtable-cli.exe is installed too
