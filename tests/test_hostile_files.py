"""Hostile and odd session files: each is refused in one clear line, or loads and saves again.

Huge numbers, lone surrogates, oversized portraits, values of every wrong kind in every
place: the loader says what is wrong in a player's words, never Python's, and the command
line's refusals are one line each.
"""

from __future__ import annotations

import base64
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from session_builders import small_session

from cardtable.session import load, save
from cardtable.session.demo import demo_path
from cardtable.session.saving import SessionFileError, from_bytes, to_bytes
from cardtable.sheets.portrait import MAX_SIDE

#: Python's own wording, written out independently of the product's list: none of it may
#: reach a player.
PYTHON_WORDS = re.compile(
    r"unhashable|not iterable|not subscriptable|has no attribute|positional|keyword arg"
    r"|between instances|unsupported operand|invalid literal|out of range|indices must"
    r"|Exceeds the limit|codec can't|to unpack|NoneType|unknown error|invalid type \("
    r"|'(list|dict|int|str|float|bool|tuple)'|__\w+__|@ \$|invalid value for type"
    r"|cardtable\.\w+\."
)


def _demo() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(demo_path().read_bytes())
    return data


def _bytes(data: dict[str, Any]) -> bytes:
    # surrogatepass: write lone surrogates the way another program might have.
    return json.dumps(data).encode("utf-8", "surrogatepass")


def _refusal(raw: bytes, name: str = "odd.cardtable") -> str:
    with pytest.raises(SessionFileError, match=rf"^{re.escape(name)}: ") as refused:
        from_bytes(raw, name)
    message = str(refused.value)
    assert "\n" not in message
    assert not PYTHON_WORDS.search(message), message
    return message


# -- numbers longer than Python reads -------------------------------------------------------------


@pytest.mark.parametrize("where", ["scene", "unknown key", "log line", "deep list"])
def test_a_number_of_5000_digits_anywhere_is_one_clear_refusal(where: str) -> None:
    data = _demo()
    huge = "9" * 5000
    text = json.dumps(data)
    if where == "scene":
        text = text.replace('"scene": 1', f'"scene": {huge}', 1)
    elif where == "unknown key":
        text = text.replace("{", f'{{"x": {huge}, ', 1)
    elif where == "log line":
        text = text.replace('"seat": 0', f'"seat": {huge}', 1)
    else:
        text = text.replace('"log": [', f'"log": [[[[{huge}]]], ', 1)
    assert huge in text
    message = _refusal(text.encode())
    assert message == "odd.cardtable: is damaged: it holds a number too long to read"


def test_a_refused_file_through_load_and_the_print_command_is_the_same_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "huge.cardtable"
    path.write_text(json.dumps(_demo()).replace('"scene": 1', '"scene": ' + "7" * 4400, 1))
    with pytest.raises(SessionFileError, match="holds a number too long to read"):
        load(path)
    done = _cli("print", str(path), "-o", str(tmp_path / "out.pdf"))
    assert done.returncode == 2
    assert done.stderr == (
        "cardtable print: error: huge.cardtable: is damaged: it holds a number too long to "
        "read\n"
    )
    assert not (tmp_path / "out.pdf").exists()


# -- lone surrogates -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        (("session", "players", 0, "name"), "session.players[0].name"),
        (("session", "log", 3, "public"), "session.log[3].public"),
        (("session", "characters", 1, "sheet", "notes"), "session.characters[1].sheet.notes"),
        (("session", "options", "Al\ud800x"), "session.options.Al\\ud800x"),
    ],
)
def test_a_lone_surrogate_is_refused_at_load_naming_where(path: tuple, shown: str) -> None:
    data = _demo()
    node: Any = data
    *parents, last = path
    for key in parents:
        node = node[key]
    node[last] = "Al\ud800x"
    message = _refusal(_bytes(data))
    assert message == (
        f"odd.cardtable: is damaged: the text at {shown} is not valid Unicode (a lone "
        "surrogate), so the session could never be saved again"
    )


def test_a_proper_surrogate_pair_is_a_character_that_loads_and_saves(tmp_path: Path) -> None:
    data = _demo()
    data["session"]["players"][0]["name"] = "Al\U0001f0a1x"  # written as \ud83c\udca1
    raw = json.dumps(data).encode()
    assert b"\\ud83c\\udca1" in raw
    session = from_bytes(raw, "pair.cardtable")
    assert session.state.players[0].name == "Al🂡x"
    save(session, tmp_path / "again.cardtable")
    assert load(tmp_path / "again.cardtable").state.players[0].name == "Al🂡x"


# -- portraits kept within the limits a picked picture has ----------------------------------------


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "teal").save(out, "PNG")
    return out.getvalue()


def _with_portrait(png: bytes) -> bytes:
    data = _demo()
    data["session"]["characters"][0]["sheet"]["portrait"] = base64.b64encode(png).decode()
    return _bytes(data)


def test_an_embedded_portrait_larger_than_a_picked_one_is_scaled_down_at_load() -> None:
    session = from_bytes(_with_portrait(_png(3000, 1500)), "big.cardtable")
    sheet = next(iter(session.state.characters.values())).sheet
    assert sheet is not None and sheet.portrait is not None
    assert sheet.portrait.size == (MAX_SIDE, MAX_SIDE // 2)


def test_an_embedded_portrait_claiming_too_many_pixels_is_refused_unread() -> None:
    # A real PNG header claiming 9000 x 9000 pixels; the picture itself is never decoded.
    small = bytearray(_png(4, 4))
    small[16:24] = (9000).to_bytes(4, "big") * 2
    message = _refusal(_with_portrait(bytes(small)))
    assert "The stored portrait is 9000 x 9000 pixels, more than the 64,000,000" in message


def test_an_embedded_portrait_within_the_limits_is_kept_byte_for_byte() -> None:
    png = _png(200, 300)
    session = from_bytes(_with_portrait(png), "fine.cardtable")
    sheet = next(iter(session.state.characters.values())).sheet
    assert sheet is not None and sheet.portrait is not None and sheet.portrait.png == png


# -- no Python words in any refusal -------------------------------------------------------------

_HOSTILE: list[Any] = [[1], {"a": 1}, [[1]], 1e308, -1, "Al", None, True, []]


def _places(node: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _places(value, (*here, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:2]):
            found += _places(value, (*here, index))
    return found


_REAL = to_bytes(small_session(3, shoe=True))


def test_every_wrong_kind_of_value_anywhere_is_refused_in_a_players_words() -> None:
    """The whole space, not a sample: every place in a real file, every kind of value."""
    refused = 0
    for place in _places(json.loads(_REAL))[1:]:
        for value in _HOSTILE:
            data = json.loads(_REAL)
            node = data
            *parents, last = place
            for key in parents:
                node = node[key]
            node[last] = value
            try:
                session = from_bytes(_bytes(data), "odd.cardtable")
            except SessionFileError as refusal:
                message = str(refusal)
                assert "\n" not in message
                assert not PYTHON_WORDS.search(message), (place, value, message)
                refused += 1
            else:
                to_bytes(session)  # what loads, saves
    assert refused > 500


def test_a_list_where_a_sheet_names_its_system_is_explained() -> None:
    data = _demo()
    data["session"]["characters"][0]["sheet"]["system"] = ["tarot"]
    assert "must name its system" in _refusal(_bytes(data))


def test_a_wrong_value_in_a_sheet_is_refused_naming_the_sheet_and_the_field() -> None:
    # A file is first read without cattrs' detailed validation; one that fails is read again
    # with it, so the refusal still says where the problem is.
    data = _demo()
    data["session"]["characters"][1]["sheet"]["dice"] = "three"
    assert _refusal(_bytes(data)) == (
        "odd.cardtable: does not hold a whole session: Wren Halloway's sheet: "
        "The saved sheet is damaged: a value of the wrong kind at dice."
    )


def test_text_where_a_list_belongs_is_refused_never_read_as_its_letters() -> None:
    # cattrs would make a list of any iterable: "abc" as the cards ['a', 'b', 'c'], and a
    # sheet's specialties as one letter each, refused for the wrong reason or not at all.
    data = _demo()
    data["session"]["table"]["piles"][0]["cards"] = "abc"
    assert _refusal(_bytes(data)) == (
        "odd.cardtable: damaged: expected a list, found text at session.table.piles[0].cards"
    )
    data = _demo()
    data["session"]["characters"][0]["sheet"]["specialties"] = "Forged passports"
    assert _refusal(_bytes(data)) == (
        "odd.cardtable: does not hold a whole session: Ottilie Marchbank's sheet: "
        "The saved sheet is damaged: a value of the wrong kind at specialties."
    )


# -- the command line: every refusal on one line --------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (("roll", "3k2\n--tn"), "cardtable roll: error: 3k2 --tn: cannot read '-tn'"),
        (("roll", "1d6\n\nx"), "cardtable roll: error: 1d6 x: cannot read 'x'"),
        (("odds", "2d6\n+x", "--tn", "7"), "cardtable odds: error: 2d6 +x: cannot read"),
        (("roll", "2d6", "--tn", "a\nb"), "cardtable roll: error: argument --tn: invalid"),
        (("print", "--blank", "chess\nboard", "-o", "x.pdf"), "cardtable print: error: "),
    ],
)
def test_every_command_line_refusal_is_one_line(args: tuple[str, ...], start: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(start)
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr


def test_an_imported_deck_named_over_two_lines_is_refused_in_one(tmp_path: Path) -> None:
    done = _cli("import-deck", str(tmp_path / "no\nfolder"), "--deck", "tarot")
    assert done.returncode == 2
    assert done.stderr.startswith("cardtable import-deck: error: ")
    assert done.stderr.count("\n") == 1, done.stderr


@pytest.mark.parametrize("shuffled", [-1, 10_000])
def test_a_pile_counting_shuffled_cards_it_does_not_hold_is_refused(shuffled: int) -> None:
    data = json.loads(_REAL)
    [draw] = [p for p in data["session"]["table"]["piles"] if p["id"] == "shoe/draw"]
    held = len(draw["cards"])
    draw["shuffled"] = shuffled
    with pytest.raises(SessionFileError) as refused:
        from_bytes(_bytes(data), "odd.cardtable")
    assert str(refused.value) == (
        "odd.cardtable: does not hold a whole session: the pile 'shoe/draw' counts "
        f"{shuffled} cards shuffled of the {held} it holds"
    )
