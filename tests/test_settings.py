"""Settings: saved and read back whole, a damaged file never stops the app, writes are atomic."""

from __future__ import annotations

import doctest
import json
import logging
import os
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable.settings as settings_module
from cardtable.settings import (
    BACK_PALETTES,
    MAX_RECENT,
    SETTINGS_NAME,
    AnimationSpeed,
    Settings,
    SettingsError,
    load_settings,
    save_settings,
)

colours = st.tuples(*[st.integers(0, 255)] * 3).map(lambda rgb: "#{:02x}{:02x}{:02x}".format(*rgb))
palettes = st.sampled_from(sorted(BACK_PALETTES))
paths = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), min_size=1)


@st.composite
def any_settings(draw: st.DrawFn) -> Settings:
    return Settings(
        felt_colour=draw(colours),
        tarot_back=draw(palettes),
        playing_back=draw(palettes),
        animation_speed=draw(st.sampled_from(AnimationSpeed)),
        confirm_reveal=draw(st.booleans()),
        recent_files=draw(st.lists(paths, max_size=MAX_RECENT + 3)),
    )


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(settings_module).failed == 0


@settings(max_examples=60)
@given(any_settings())
def test_saved_settings_read_back_the_same(
    tmp_path_factory: pytest.TempPathFactory, chosen: Settings
) -> None:
    folder = tmp_path_factory.mktemp("config")
    save_settings(chosen, folder)
    assert load_settings(folder) == chosen


def test_a_first_start_has_the_shipped_defaults(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        assert load_settings(tmp_path / "never-made") == Settings()
    assert caplog.records == []


def test_save_makes_the_config_folder(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b"
    path = save_settings(Settings(confirm_reveal=False), folder)
    assert path == folder / SETTINGS_NAME
    assert json.loads(path.read_text(encoding="utf-8"))["confirm_reveal"] is False


@pytest.mark.parametrize(
    "content",
    [
        b'{"felt_colour": "#123456", "confirm_re',  # cut off mid-write by an old crash
        b"[1, 2, 3]",
        b"\xff\xfe not text at all",
        b"",
    ],
    ids=["truncated", "not-an-object", "not-utf8", "empty"],
)
def test_a_broken_file_gives_defaults_and_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes
) -> None:
    (tmp_path / SETTINGS_NAME).write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="cardtable.settings"):
        assert load_settings(tmp_path) == Settings()
    assert any(r.levelno == logging.WARNING for r in caplog.records)


def test_one_bad_value_keeps_the_good_ones(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    good = Settings(felt_colour="#334455", playing_back="plum", confirm_reveal=False)
    data = good.to_dict()
    data["animation_speed"] = "ludicrous"
    data["card_backs"]["tarot"] = "no-such-back"
    data["recent_files"] = "one/file.cardtable"  # a string, not a list
    (tmp_path / SETTINGS_NAME).write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="cardtable.settings"):
        loaded = load_settings(tmp_path)
    assert loaded == evolve(good, tarot_back=Settings().tarot_back)
    warned = " ".join(r.getMessage() for r in caplog.records)
    for name in ("animation_speed", "tarot_back", "recent_files"):
        assert name in warned


def test_a_newer_file_is_read_as_far_as_understood(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = Settings(felt_colour="#101010").to_dict()
    data["settings_version"] += 1
    data["table_music"] = "on"
    (tmp_path / SETTINGS_NAME).write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="cardtable.settings"):
        assert load_settings(tmp_path).felt_colour == "#101010"
    assert "newer" in caplog.text


def test_a_failed_save_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = Settings(felt_colour="#abcdef")
    save_settings(old, tmp_path)
    before = (tmp_path / SETTINGS_NAME).read_bytes()

    def power_cut(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", power_cut)
    with pytest.raises(OSError, match="Input/output error"):
        save_settings(Settings(felt_colour="#000000"), tmp_path)
    assert (tmp_path / SETTINGS_NAME).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_NAME]  # no temp file left


def test_a_save_replaces_the_file_in_one_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(Settings(), tmp_path)
    renames: list[tuple[str, str]] = []
    real_replace = os.replace

    def watched(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        # At the moment of the rename the new content is complete in the temporary file.
        assert json.loads(Path(src).read_text(encoding="utf-8"))["felt_colour"] == "#0a0b0c"
        renames.append((Path(src).name, Path(dst).name))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", watched)
    save_settings(Settings(felt_colour="#0A0B0C"), tmp_path)
    [(temp, target)] = renames
    assert target == SETTINGS_NAME and temp != SETTINGS_NAME
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_NAME]


def test_recent_files_put_the_latest_first_without_repeats() -> None:
    opened = [f"/games/{n % 13}.cardtable" for n in range(40)]
    state = Settings()
    expected: list[str] = []
    for path in opened:
        state = state.with_recent(path)
        expected = [path] + [p for p in expected if p != path]
        assert list(state.recent_files) == expected[:MAX_RECENT]
    gone = state.recent_files[3]
    assert gone not in state.without_recent(gone).recent_files
    assert len(state.without_recent(gone).recent_files) == MAX_RECENT - 1


@pytest.mark.parametrize("colour", ["green", "#12345", "#1234567", "#ggg000", ""])
def test_a_colour_that_is_not_hex_is_refused(colour: str) -> None:
    with pytest.raises(SettingsError, match="#rrggbb"):
        Settings(felt_colour=colour)


def test_colours_are_kept_in_one_spelling() -> None:
    assert Settings(felt_colour=" #AbCdEf ").felt_colour == "#abcdef"


def test_an_unknown_card_back_is_refused_with_the_choices() -> None:
    with pytest.raises(SettingsError, match="midnight"):
        Settings(tarot_back="paisley")


def test_each_deck_kind_gets_its_own_back() -> None:
    chosen = Settings(tarot_back="forest", playing_back="slate")
    assert chosen.back_for("tarot") == BACK_PALETTES["forest"]
    assert chosen.back_for("playing") == BACK_PALETTES["slate"]
    with pytest.raises(SettingsError, match="no card back is set for 'mahjong'"):
        chosen.back_for("mahjong")


def test_animation_speeds_get_slower_in_order() -> None:
    durations = [speed.ms for speed in AnimationSpeed]
    assert durations[0] == 0
    assert durations == sorted(durations) and len(set(durations)) == len(durations)
