"""One Cardtable per person: a later start hands its session file to the one running.

Two endpoints in this process (the listening Cardtable and a plain socket standing for a
later start), and one real second ``cardtable FILE`` process, as a file manager starts it.
Each test has a socket of its own: ``$XDG_RUNTIME_DIR`` points into its temporary folder.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cardtable.session.demo import demo_path
from cardtable.ui.qt import QtNetwork
from cardtable.ui.window import single_instance
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.open_requests import OpenRequests, start_desktop
from cardtable.ui.window.single_instance import (
    RequestError,
    SingleInstance,
    decode_request,
    encode_request,
    server_name,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="Unix sockets here")

_Connected = QtNetwork.QLocalSocket.LocalSocketState.ConnectedState


@pytest.fixture
def name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    return server_name()


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "evening.cardtable"
    shutil.copyfile(demo_path(), path)
    return path


@pytest.fixture
def instances():
    made: list[SingleInstance] = []
    yield made
    for instance in made:
        instance.close()


def _instance(instances: list[SingleInstance], name: str) -> SingleInstance:
    instance = SingleInstance(name)
    instances.append(instance)
    return instance


def _ask(qtbot: QtBot, name: str, request: bytes) -> dict[str, object]:
    """Send ``request`` as a later start would and wait for the answer line."""
    client = QtNetwork.QLocalSocket()
    answer = bytearray()
    client.readyRead.connect(lambda: answer.extend(bytes(client.readAll().data())))
    client.connectToServer(name)
    qtbot.waitUntil(lambda: client.state() == _Connected)
    client.write(request)
    client.flush()
    qtbot.waitUntil(lambda: b"\n" in answer)
    client.abort()
    return json.loads(bytes(answer))


def test_the_socket_is_the_users_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert server_name() == str(tmp_path / "cardtable.socket")
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert server_name() == f"cardtable-{single_instance._user()}"
    assert single_instance._user() not in ("", "user")


def test_the_first_start_listens_and_takes_a_later_ones_file(
    qtbot: QtBot, name: str, evening: Path, instances: list[SingleInstance]
) -> None:
    first = _instance(instances, name)
    assert first.hand_off([evening]) is False  # nobody to hand it to: open it here
    assert first.listening
    other = evening.with_name("other.cardtable")
    with qtbot.waitSignal(first.files_received) as got:
        answer = _ask(qtbot, name, encode_request([other]))
    assert answer == {"ok": True}
    assert got.args == [[str(other)]]


def test_paths_travel_absolute_because_the_two_starts_stand_in_different_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert decode_request(encode_request(["evening.cardtable"]).rstrip(b"\n")) == [
        str(tmp_path / "evening.cardtable")
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"hello", "not a request to open files"),
        (b"\xff\xfe", "not a request to open files"),
        (b'["/a.cardtable"]', r"a request to open files is \{\"open\": \[paths\]\}"),
        (b'{"open": "/a.cardtable"}', r"a request to open files is"),
        (b'{"open": [3]}', r"a request to open files is"),
        (b'{"open": ["a.cardtable"]}', "the paths to open must be absolute"),
        (json.dumps({"open": ["/x"] * 65}).encode(), "at most 64 files at once, not 65"),
    ],
)
def test_anything_but_a_list_of_full_paths_is_refused(line: bytes, message: str) -> None:
    with pytest.raises(RequestError, match=message):
        decode_request(line)


def test_a_refused_request_opens_nothing_and_the_next_one_still_works(
    qtbot: QtBot, name: str, instances: list[SingleInstance]
) -> None:
    first = _instance(instances, name)
    assert first.listen()
    received: list[list[str]] = []
    first.files_received.connect(received.append)
    assert _ask(qtbot, name, b"hello\n") == {
        "ok": False,
        "error": "not a request to open files (Expecting value: line 1 column 1 (char 0))",
    }
    with qtbot.waitSignal(first.files_received):
        assert _ask(qtbot, name, encode_request(["/x/a.cardtable"])) == {"ok": True}
    assert received == [["/x/a.cardtable"]]


def test_a_socket_left_by_a_crash_does_not_block_the_start(
    qtbot: QtBot, name: str, evening: Path, instances: list[SingleInstance]
) -> None:
    # What a Cardtable that crashed leaves: the socket file, and nobody behind it.
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(name)
    stale.close()
    assert Path(name).exists()
    start = _instance(instances, name)
    assert start.hand_off([evening]) is False
    assert start.listening
    with qtbot.waitSignal(start.files_received) as got:
        assert _ask(qtbot, name, encode_request([evening])) == {"ok": True}
    assert got.args == [[str(evening)]]


def test_a_start_without_a_file_leaves_the_running_ones_socket_alone(
    qtbot: QtBot, name: str, instances: list[SingleInstance]
) -> None:
    first = _instance(instances, name)
    assert first.listen()
    second = _instance(instances, name)
    assert second.listen() is False
    assert not second.listening
    with qtbot.waitSignal(first.files_received) as got:
        assert _ask(qtbot, name, encode_request(["/x/a.cardtable"])) == {"ok": True}
    assert got.args == [["/x/a.cardtable"]]


def test_a_running_cardtable_that_never_answers_is_not_waited_for_long(
    name: str, evening: Path, instances: list[SingleInstance], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(single_instance, "ANSWER_TIMEOUT_MS", 300)
    silent = QtNetwork.QLocalServer()  # takes connections, never answers
    assert silent.listen(name)
    try:
        start = _instance(instances, name)
        assert start.hand_off([evening]) is False  # open it here after all
        assert not start.listening  # and leave the other's socket where it is
        assert silent.isListening()
    finally:
        silent.close()


def _child_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, XDG_RUNTIME_DIR=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    env.pop("CARDTABLE_SMOKE_EXIT", None)
    for variable in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[variable] = str(tmp_path / "child" / variable.lower())
    return env


def test_a_second_cardtable_process_hands_its_file_to_the_running_window(
    qtbot: QtBot, tmp_path: Path, name: str, evening: Path
) -> None:
    window = MainWindow(demo_path(), autosave=False, animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    requests = start_desktop(window_app(), None)
    assert isinstance(requests, OpenRequests)
    try:
        requests.attach(window)
        window.show()
        qtbot.waitUntil(lambda: requests.instance is not None and requests.instance.listening)
        # As a file manager starts it: in the file's folder, with the file's name.
        child = subprocess.Popen(
            [sys.executable, "-m", "cardtable", evening.name],
            cwd=tmp_path,
            env=_child_env(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            qtbot.waitUntil(lambda: child.poll() is not None, timeout=60_000)
        finally:
            if child.poll() is None:
                child.kill()
        out, err = child.communicate()
        assert child.returncode == 0, out + err
        qtbot.waitUntil(lambda: window.windowTitle().startswith("evening.cardtable"))
        assert window.document.path == evening
        log = tmp_path / "child" / "xdg_state_home" / "cardtable" / "log" / "cardtable.log"
        assert "the running Cardtable took" in log.read_text(encoding="utf-8")
    finally:
        assert requests.instance is not None
        requests.instance.close()
        requests.setParent(None)


def window_app():  # the QApplication pytest-qt made
    from cardtable.ui.qt import QtWidgets

    app = QtWidgets.QApplication.instance()
    assert isinstance(app, QtWidgets.QApplication)
    return app
