"""The Debian package: what goes into it, and (slow, as root) the whole double-click route.

The slow test builds the .deb, installs it with apt-get, checks the files and the desktop's
databases, opens the demo session with ``gio open`` under Xvfb and sees its window, opens a
second file and sees it arrive in that same window, then removes the package and checks that
nothing is left. It changes the machine, so it runs only when asked:

    CARDTABLE_INSTALL_DEB=1 pytest tests/test_deb.py -m slow -s

``CARDTABLE_DEB=path/to/cardtable_X_amd64.deb`` installs that package instead of building one.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardtable import __version__

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
METAINFO = LINUX / "org.cardtable.Cardtable.metainfo.xml"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
MIME_TYPE = "application/x-cardtable"
#: What the test itself needs on top of the build's own packages.
TEST_TOOLS = {
    "xvfb": "Xvfb",
    "xdotool": "xdotool",
    "desktop-file-utils": "desktop-file-validate",
    "shared-mime-info": "update-mime-database",
    "xdg-utils": "xdg-mime",
    "libglib2.0-bin": "gio",
    "appstream": "appstreamcli",
}


def _run(*command: str | Path, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, **options  # type: ignore[call-overload]
    )


# --- what goes into the package (every run) ------------------------------------------------


def test_metainfo_names_the_app_its_file_type_and_this_version() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == "org.cardtable.Cardtable"
    assert root.findtext("launchable") == "cardtable.desktop"
    assert (LINUX / "cardtable.desktop").is_file()
    assert [m.text for m in root.iter("mediatype")] == [MIME_TYPE]
    assert [b.text for b in root.iter("binary")] == ["cardtable"]
    newest = root.find("releases/release")
    assert newest is not None and newest.get("version") == __version__, (
        "add a <release> for the new version to the metainfo file"
    )
    assert root.find("content_rating") is not None


def test_metainfo_and_desktop_entry_pass_the_freedesktop_validators() -> None:
    appstream, desktop = shutil.which("appstreamcli"), shutil.which("desktop-file-validate")
    if appstream is None or desktop is None:
        pytest.skip("apt-get install appstream desktop-file-utils")
    done = _run(appstream, "validate", "--no-net", METAINFO)
    assert done.returncode == 0, done.stdout + done.stderr
    done = _run(desktop, LINUX / "cardtable.desktop")
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.mark.parametrize(
    "script", ["make_deb.sh", "deb/postinst", "deb/postrm"], ids=lambda s: s.replace("/", "-")
)
def test_package_scripts_are_executable_and_parse(script: str) -> None:
    path = LINUX / script
    assert os.access(path, os.X_OK), f"{script} is not executable"
    shell = "sh" if script.startswith("deb/") else "bash"  # dpkg runs maintainer scripts with sh
    done = _run(shell, "-n", path)
    assert done.returncode == 0, done.stderr
    if shutil.which("shellcheck"):
        done = _run("shellcheck", path)
        assert done.returncode == 0, done.stdout


def test_maintainer_scripts_refresh_every_cache_and_never_fail_the_install() -> None:
    for name, actions in (("postinst", "configure"), ("postrm", "remove|purge")):
        text = (LINUX / "deb" / name).read_text(encoding="utf-8")
        assert actions in text, name
        for tool in ("update-desktop-database", "update-mime-database", "gtk-update-icon-cache"):
            assert f"command -v {tool}" in text, f"{name} runs {tool} only when it is there"
            assert f"{tool} " in text and "|| true" in text, f"{name}: {tool}"


def test_the_build_packages_list_is_one_package_a_line() -> None:
    lines = (LINUX / "build-deps.txt").read_text(encoding="utf-8").splitlines()
    packages = [line for line in lines if line and not line.startswith("#")]
    assert packages and all(" " not in p and p == p.lower() for p in packages)
    assert {"python3-venv", "dpkg", "binutils", "libxcb-cursor0"} <= set(packages)


def test_build_linux_refuses_an_unknown_option() -> None:
    done = _run(ROOT / "packaging" / "build_linux.sh", "--rpm", timeout=60)
    assert done.returncode == 2
    assert "usage:" in done.stderr and "[--deb]" in done.stderr


# --- the whole route, as root ---------------------------------------------------------------


def _needed_packages() -> list[str]:
    lines = (LINUX / "build-deps.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")] + sorted(TEST_TOOLS)


def _apt(*arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return _run("apt-get", *arguments, env=env, cwd=cwd, timeout=1800)


def _installed(package: str) -> bool:
    done = _run("dpkg-query", "-W", "-f=${Status}", package)
    return done.returncode == 0 and done.stdout.endswith(" installed")


def _app_processes() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "exe") == "/opt/cardtable/cardtable":
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _gio_open(env: dict[str, str], path: Path) -> None:
    """Open ``path`` as a file manager's double-click does. The app it starts inherits gio's
    standard output, so that goes nowhere (a pipe would stay open as long as the app)."""
    done = subprocess.run(["gio", "open", str(path)], env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 0, f"gio open {path} failed"


def _window_named(env: dict[str, str], name: str, timeout: float = 120) -> tuple[str, float]:
    """The id of the first window whose title starts with ``name``, and how long it took."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        done = _run("xdotool", "search", "--name", f"^{name}", env=env)
        if done.returncode == 0 and done.stdout.split():
            return done.stdout.split()[0], time.monotonic() - started
        time.sleep(0.1)
    raise AssertionError(f"no window named {name!r} after {timeout} s")


def _first_paint_seconds(env: dict[str, str], session: Path, runs: int) -> list[float]:
    """Launch to the end of the first paint, through the app's smoke switch."""
    times = []
    for _ in range(runs):
        launched = time.time()
        done = _run("/usr/bin/cardtable", session, env=dict(env, CARDTABLE_SMOKE_EXIT="1"),
                    timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        [painted] = [x for x in done.stdout.splitlines() if x.startswith("cardtable: painted")]
        times.append(float(painted.split()[-1]) - launched)
    return times


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("CARDTABLE_INSTALL_DEB") != "1",
    reason="installs and removes a package as root: set CARDTABLE_INSTALL_DEB=1",
)
def test_the_deb_installs_opens_double_clicked_sessions_and_leaves_nothing_behind(
    tmp_path: Path,
) -> None:
    if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.skip("needs Debian or Ubuntu, as root")
    prepared = _apt("install", "-y", "-q", *_needed_packages())
    assert prepared.returncode == 0, prepared.stdout[-2000:] + prepared.stderr[-2000:]
    package = _deb_for_test()
    if _installed("cardtable"):
        assert _apt("remove", "-y", "cardtable").returncode == 0

    # Install, as a person does with the downloaded file (apt-get wants the ./).
    done = _apt("install", "-y", f"./{package.name}", cwd=package.parent)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    listed = _run("dpkg-query", "-L", "cardtable").stdout.split()
    files = [Path(p) for p in listed if Path(p).is_file() or Path(p).is_symlink()]
    share = Path("/usr/share")
    for path in [
        Path("/opt/cardtable/cardtable"),
        share / "applications/cardtable.desktop",
        share / "metainfo/org.cardtable.Cardtable.metainfo.xml",
        share / "mime/packages/cardtable.xml",
        share / "doc/cardtable/copyright",
        share / "icons/hicolor/scalable/apps/cardtable.svg",
        *(share / f"icons/hicolor/{s}x{s}/apps/cardtable.png" for s in ICON_SIZES),
        *(share / f"icons/hicolor/{s}x{s}/mimetypes/application-x-cardtable.png"
          for s in ICON_SIZES),
    ]:
        assert path in files and path.is_file(), path
    assert os.readlink("/usr/bin/cardtable") == "/opt/cardtable/cardtable"
    assert _run("cardtable", "--version").stdout.strip() == f"cardtable {__version__}"
    assert _run("desktop-file-validate", share / "applications/cardtable.desktop").returncode == 0
    assert _run("appstreamcli", "validate", "--no-net",
                share / "metainfo/org.cardtable.Cardtable.metainfo.xml").returncode == 0

    # The desktop's databases know the file type and who opens it.
    assert f"{MIME_TYPE}=cardtable.desktop;" in (share / "applications/mimeinfo.cache").read_text()
    assert (share / "mime/application/x-cardtable.xml").is_file()
    home = tmp_path / "home"
    env = {
        "PATH": os.environ["PATH"],
        "LANG": "C.UTF-8",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local/share"),
        "XDG_STATE_HOME": str(home / ".local/state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_RUNTIME_DIR": str(tmp_path / "run"),
    }
    (tmp_path / "run").mkdir(mode=0o700)
    assert _run("xdg-mime", "query", "default", MIME_TYPE, env=env).stdout.strip() == (
        "cardtable.desktop"
    )
    evening = tmp_path / "evening.cardtable"
    second = tmp_path / "second.cardtable"
    for path in (evening, second):
        shutil.copyfile(ROOT / "assets/samples/demo.cardtable", path)
    assert _run("xdg-mime", "query", "filetype", evening, env=env).stdout.strip() == MIME_TYPE

    try:
        _open_twice_in_one_window(env, evening, second, tmp_path)
    finally:
        for pid in _app_processes():
            os.kill(pid, 15)
        if sys.exc_info()[0] is not None:  # failed: take the package away all the same
            _apt("remove", "-y", "cardtable")

    # Remove it: no file of it is left, and the databases have forgotten it.
    done = _apt("remove", "-y", "cardtable")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert not _installed("cardtable")
    left = [path for path in files if path.exists() or path.is_symlink()]
    assert left == []
    assert not Path("/opt/cardtable").exists()
    assert "cardtable" not in (share / "applications/mimeinfo.cache").read_text()
    assert not (share / "mime/application/x-cardtable.xml").exists()
    assert _run("xdg-mime", "query", "default", MIME_TYPE, env=env).stdout.strip() == ""
    # dpkg keeps its record of the maintainer scripts until a purge, as for any package.
    assert _apt("purge", "-y", "cardtable").returncode == 0
    assert _run("dpkg-query", "-W", "cardtable").returncode != 0 or not _run(
        "dpkg-query", "-W", "-f=${Status}", "cardtable").stdout.endswith("config-files")


def _deb_for_test() -> Path:
    given = os.environ.get("CARDTABLE_DEB")
    if given:
        return Path(given).resolve()
    started = time.monotonic()
    done = _run(ROOT / "packaging" / "build_linux.sh", "--deb", timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    print(f"\nbuilt in {time.monotonic() - started:.0f} s:\n{done.stdout[-500:]}")
    [built] = (ROOT / "packaging" / "dist").glob("cardtable_*.deb")
    print(f"package: {built.name}, {built.stat().st_size / 2**20:.1f} MiB")
    return built


def _open_twice_in_one_window(
    env: dict[str, str], evening: Path, second: Path, tmp_path: Path
) -> None:
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-ac", "-nolisten", "tcp", "-screen", "0",
         "1280x800x24"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    assert number, "Xvfb did not start"
    env = dict(env, DISPLAY=f":{number}")
    try:
        times = _first_paint_seconds(env, evening, 5)
        print(f"\nstart to first paint (installed, with a session): median "
              f"{statistics.median(times):.2f} s of {[round(t, 2) for t in times]}")
        # A double-click in a file manager: gio asks the desktop entry to open the file.
        _gio_open(env, evening)
        window, took = _window_named(env, f"{evening.name} — Cardtable")
        print(f"gio open to the window with the session: {took:.2f} s")
        [pid] = _app_processes()
        done = _run("xdotool", "getwindowpid", window, env=env)
        assert int(done.stdout) == pid
        shot = tmp_path / "first.png"
        if shutil.which("import"):
            _run("import", "-window", "root", shot, env=env)
        # The second double-click goes to the same window; its own start ends at once.
        _gio_open(env, second)
        again, took = _window_named(env, f"{second.name} — Cardtable")
        print(f"gio open of a second file to the same window: {took:.2f} s")
        assert again == window
        deadline = time.monotonic() + 30
        while _app_processes() != [pid] and time.monotonic() < deadline:
            time.sleep(0.1)  # the second start ends once it has handed the file over
        assert _app_processes() == [pid]
        log = Path(env["XDG_STATE_HOME"]) / "cardtable/log/cardtable.log"
        assert "another start handed over" in log.read_text(encoding="utf-8")
    finally:
        server.terminate()
        server.wait(timeout=30)
