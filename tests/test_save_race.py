"""Two Cardtables saving one file as fast as they can: neither ever overwrites a save of the
other's unseen. Each is a real process; each save that finds the file changed takes in what
the other wrote (as a player answering the window's question would) and goes on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from session_builders import DANA, small_session

from cardtable.session import load, save

pytestmark = pytest.mark.slow

ATTEMPTS = 1500

#: One Cardtable: a note, a save, again; a save refused as changed on disk reloads the file.
_SAVING = """
import json, sys
from cardtable.session import Note, load_stamped, save
from cardtable.session.saving import FileChangedError

path, me, attempts = sys.argv[1], sys.argv[2], int(sys.argv[3])
session, stamp = load_stamped(path)
saved, refused = [], 0
sys.stdin.readline()  # both start at once
for number in range(attempts):
    text = f"{me} {number}"
    session.apply(Note(text))
    try:
        stamp = save(session, path, unchanged_since=stamp)
        saved.append(f"Dana noted: {text}")
    except FileChangedError:
        refused += 1
        session, stamp = load_stamped(path)
print(json.dumps({"saved": saved, "refused": refused}))
"""


def test_two_processes_saving_one_file_as_fast_as_they_can_lose_no_save(tmp_path: Path) -> None:
    path = tmp_path / "evening.cardtable"
    save(small_session(holder=DANA), path)
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _SAVING, str(path), me, str(ATTEMPTS)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for me in ("one", "two")
    ]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    results = []
    for child in children:
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0, err
        results.append(json.loads(out))
    kept = {entry.public for entry in load(path).log}
    saved = [text for result in results for text in result["saved"]]
    lost = [text for text in saved if text not in kept]
    sys.stdout.write(
        f"\n{len(saved)} saves landed, {sum(r['refused'] for r in results)} found the file "
        f"changed and asked; {len(lost)} lost\n"
    )
    assert all(result["saved"] for result in results)  # both saved, in turn
    assert len(saved) + sum(result["refused"] for result in results) == 2 * ATTEMPTS
    assert lost == []
