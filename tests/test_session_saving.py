"""Save files: round trips, refusals with one-line messages, migrations, atomic writes, the
shipped demo, and a fuzzed loader that never raises anything but SessionFileError."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from attrs import define
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from session_builders import (
    ALEX,
    AYLA,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DRAW,
    ZONE,
    seat_of,
    small_session,
    take_seat,
)

from cardtable.piles import Facing, PileId
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.events import Attribute
from cardtable.session import (
    CharacterId,
    Draw,
    EditSheet,
    Note,
    PassSeat,
    Peek,
    ResolverStep,
    Session,
    SetOption,
    StartResolver,
    load,
    register_resolver,
    save,
    visible_log,
)
from cardtable.session import atomic as atomic_module
from cardtable.session.demo import build_demo, demo_path
from cardtable.session.migrations import FORMAT_VERSION, MigrationError, migrate
from cardtable.session.saving import SessionFileError, document, from_bytes, to_bytes
from cardtable.sheets import SHEET_TYPES, sample_characters
from cardtable.steps import tarot as tarot_steps


@define
class Clock:
    """A stand-in resolver state holding a few kinds of plain field."""

    name: str
    segments: int
    filled: tuple[int, ...] = ()


register_resolver("test-clock", Clock)


def _doc(session: Session) -> dict[str, Any]:
    """The saved form without the app's version line."""
    data = document(session)
    data.pop("saved_by")
    return data


def _rich_session() -> Session:
    session = small_session(5, shoe=True)
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 3))
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))
    session.apply(Peek(session.table.piles[ZONE[ROLAND]].top))
    session.apply(EditSheet(ROLAND, sample_characters()[3].revised(name="Roland")))
    session.apply(StartResolver("doom", Clock("Doom", 6, (1, 2))))
    session.apply(Note("A private thought", private=True))
    take_seat(session, DANA)
    session.apply(SetOption("jokers wild", True))
    take_seat(session, BEA)
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    session.apply(PassSeat(seat_of(session, ALEX)))
    return session


# -- round trips ---------------------------------------------------------------------------------


def test_a_session_comes_back_as_it_was_saved(tmp_path: Path):
    session = _rich_session()
    path = tmp_path / "evening.cardtable"
    save(session, path)
    loaded = load(path)
    assert _doc(loaded) == _doc(session)
    assert loaded.curtain == session.curtain == session.players[0].id
    assert loaded.resolvers["doom"] == Clock("Doom", 6, (1, 2))
    assert loaded.characters[ROLAND].sheet == session.characters[ROLAND].sheet
    assert [visible_log(loaded, s) for s in range(3)] == [visible_log(session, s) for s in range(3)]
    assert loaded.table.cards == session.table.cards  # keywords and all, rebuilt from the decks


def test_format_version_is_the_first_key(tmp_path: Path):
    path = tmp_path / "a.cardtable"
    save(small_session(), path)
    assert path.read_text(encoding="utf-8").startswith(f'{{"format_version":{FORMAT_VERSION},')
    assert next(iter(json.loads(path.read_bytes()))) == "format_version"


def test_play_goes_on_after_loading(tmp_path: Path):
    path = tmp_path / "a.cardtable"
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 2))
    save(session, path)
    loaded = load(path)
    loaded.apply(Draw(TAROT_DRAW, CHALLENGE))  # face down: no one saw what chance gave
    assert len(loaded.table.piles[CHALLENGE]) == 1
    loaded.undo()
    assert len(loaded.table.piles[CHALLENGE]) == 0
    assert len(loaded.table.piles[HAND[AYLA]]) == 2
    assert not loaded.can_undo  # history is not saved


def test_the_shipped_demo_loads_and_matches_a_fresh_build():
    loaded = load(demo_path(), rng=seeded(1))
    assert _doc(loaded) == _doc(build_demo())
    assert {c.system for c in loaded.characters.values()} == set(SHEET_TYPES)
    assert [p.name for p in loaded.players] == ["Alex", "Bea", "Chidi", "Dana"]
    assert [p.name for p in loaded.players if p.is_gm] == ["Dana"]
    assert {d.source for d in loaded.decks} == {"tourist-tarot", "shoe"}


def test_a_tarot_challenge_in_progress_is_saved_with_the_session(tmp_path: Path):
    from cardtable.cards import DeckId
    from cardtable.resolvers.tarot.challenge import Attribute, TarotChallenge, TarotPiles

    session = small_session()

    def set_up(state, rng):
        piles = TarotPiles.standard(DeckId("tarot"), "roland").prepare(state.table)
        state.resolvers["tarot"] = TarotChallenge.setup(
            piles, attribute=Attribute.ROCK, attribute_value=4, rank=2
        )
        return ["Dana set Roland a Rock Challenge of rank 2"]

    def challenge_draws(state, rng):
        return [state.resolvers["tarot"].challenge_draw(state.table, rng).text("Dana")]

    session.apply(ResolverStep(set_up))
    session.apply(ResolverStep(challenge_draws))
    path = tmp_path / "tarot.cardtable"
    save(session, path)
    loaded = load(path)
    assert loaded.resolvers["tarot"] == session.resolvers["tarot"]
    assert _doc(loaded) == _doc(session)
    assert '"kind":"tarot-challenge"' in path.read_text(encoding="utf-8")


def _shipped_states() -> dict[str, object]:
    """One state in progress of each shipped resolver, built through its own steps."""
    from cardtable.cards import DeckId, Suit
    from cardtable.decks.standard import tourist_tarot
    from cardtable.piles import Table
    from cardtable.randomness import seeded
    from cardtable.resolvers.adventure.characters import FACETS_EXAMPLE
    from cardtable.resolvers.adventure.characters import Character as AdventureCharacter
    from cardtable.resolvers.adventure.game import AdventureGame
    from cardtable.resolvers.adventure.game import Player as AdventurePlayer
    from cardtable.resolvers.banzai.roll import BanzaiRoll
    from cardtable.resolvers.banzai.setup import BanzaiSetup
    from cardtable.resolvers.crisis.duel import Duel
    from cardtable.resolvers.pool.challenge import PoolChallenge
    from cardtable.resolvers.pool.sides import Entrant
    from cardtable.resolvers.tarot.challenge import Attribute, TarotChallenge, TarotPiles

    table = Table()
    table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(3))
    piles = TarotPiles.standard(DeckId("tarot"), "alex").prepare(table)
    tarot = TarotChallenge.setup(piles, attribute=Attribute.ROCK, attribute_value=4, rank=2)
    tarot.challenge_draw(table, seeded(4))
    duel = Duel.from_rolls([1, 3, 4], [1, 1, 5], names=("Leo", "Jamil"))
    duel.push_given("Jamil", 6)
    pool, _ = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Burger", 3)).next_round()
    adventure_table = Table()
    game = AdventureGame.start(adventure_table, seeded(1), [AdventurePlayer("p1", "Ann")])
    game.add_character(
        adventure_table,
        seeded(2),
        AdventureCharacter.create("alex", "Alex", "p1", FACETS_EXAMPLE, Suit.SPADES, Suit.HEARTS),
    )
    banzai = BanzaiRoll(BanzaiSetup("Keiko", rolled=7, kept=3, tn=10, raises=2, void=3))
    banzai.roll_given([9, 8, 12, 3, 1, 2, 4])
    return {"tarot": tarot, "duel": duel, "pool": pool, "adventure": game, "banzai": banzai}


def test_every_shipped_resolver_is_saved_and_loaded_with_the_session(tmp_path: Path):
    session = small_session()
    states = _shipped_states()
    for name, state in states.items():
        session.apply(StartResolver(name, state))
    path = tmp_path / "resolvers.cardtable"
    save(session, path)
    loaded = load(path)
    assert loaded.resolvers == states
    assert {type(v) for v in loaded.resolvers.values()} == {type(v) for v in states.values()}


# -- refusals ------------------------------------------------------------------------------------


def _refusal(raw: bytes, name: str = "x.cardtable") -> str:
    with pytest.raises(SessionFileError, match=f"^{re.escape(name)}: ") as caught:
        from_bytes(raw, name)
    message = str(caught.value)
    assert message.startswith(f"{name}: ") and "\n" not in message
    return message


def _saved(session: Session | None = None) -> dict[str, Any]:
    return json.loads(to_bytes(session or small_session()))


def test_a_file_from_a_newer_cardtable_is_refused_saying_so():
    data = _saved()
    data["format_version"] = FORMAT_VERSION + 1
    message = _refusal(json.dumps(data).encode())
    assert message == (
        f"x.cardtable: made by a newer Cardtable (format {FORMAT_VERSION + 1}); "
        f"this one reads up to {FORMAT_VERSION}"
    )


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"", "is empty"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"PK\x03\x04 this is a zip", "not valid JSON"),
        (b"[1, 2, 3]", "no JSON object"),
        (b'{"hello": "world"}', "no format_version"),
        (b'{"format_version": "1"}', "whole number"),
        (b'{"format_version": 0}', "older than any"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ],
)
def test_files_that_are_not_sessions_are_refused_in_one_line(raw: bytes, words: str):
    assert words in _refusal(raw)


def test_a_truncated_file_is_refused_and_left_as_it_was(tmp_path: Path):
    path = tmp_path / "cut.cardtable"
    save(_rich_session(), path)
    cut = path.read_bytes()[:5000]
    path.write_bytes(cut)
    with pytest.raises(SessionFileError, match=r"^cut\.cardtable: is damaged or cut short"):
        load(path)
    assert path.read_bytes() == cut


def test_a_missing_file_is_refused_naming_it(tmp_path: Path):
    with pytest.raises(SessionFileError, match=r"^nowhere\.cardtable: cannot be read"):
        load(tmp_path / "nowhere.cardtable")


def test_unknown_keys_are_refused():
    data = _saved()
    data["session"]["players"][0]["favourite_colour"] = "teal"
    assert "favourite_colour" in _refusal(json.dumps(data).encode())


def test_a_value_of_the_wrong_type_is_refused_not_converted():
    data = _saved()
    data["session"]["scene"] = "2"
    assert "scene" in _refusal(json.dumps(data).encode())


def test_a_card_in_two_piles_is_refused():
    data = _saved()
    piles = data["session"]["table"]["piles"]
    draw = next(p for p in piles if p["id"] == TAROT_DRAW)
    challenge = next(p for p in piles if p["id"] == CHALLENGE)
    challenge["cards"] = [draw["cards"][0]]
    assert "is in both" in _refusal(json.dumps(data).encode())


def test_a_broken_sheet_is_refused():
    data = _saved(_rich_session())
    sheet = next(c["sheet"] for c in data["session"]["characters"] if c["sheet"])
    sheet["name"] = "x" * 500
    assert "damaged" in _refusal(json.dumps(data).encode()) or "characters" in _refusal(
        json.dumps(data).encode()
    )


# -- migrations (format 1 is the first; the machinery is tested with made-up steps) -------------


def test_migration_steps_run_in_order_up_to_the_current_version():
    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        data["format_version"] = 2
        data["session"]["seats"] = data["session"].pop("people")
        return data

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        data["format_version"] = 3
        data["session"]["scene"] = data["session"].get("scene", 1)
        return data

    old = {"format_version": 1, "session": {"people": ["Alex"]}}
    new = migrate(old, current=3, steps={1: one_to_two, 2: two_to_three})
    assert new == {"format_version": 3, "session": {"seats": ["Alex"], "scene": 1}}


def test_a_step_that_fails_or_forgets_its_version_is_reported():
    with pytest.raises(MigrationError, match="cannot bring format 1 up to date"):
        migrate({"format_version": 1}, current=2, steps={1: lambda d: d["missing"]})
    with pytest.raises(MigrationError, match="did not produce format 2"):
        migrate({"format_version": 1}, current=2, steps={1: lambda d: d})
    with pytest.raises(MigrationError, match="older than any"):
        migrate({"format_version": 1}, current=3, steps={2: lambda d: d})


def test_migrations_never_import_the_model():
    source = Path(migrate.__code__.co_filename).read_text(encoding="utf-8")
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert all("cardtable" not in line for line in imports)


# -- atomic saving -------------------------------------------------------------------------------


def test_saving_keeps_the_previous_file_as_a_backup(tmp_path: Path):
    path = tmp_path / "evening.cardtable"
    first = small_session()
    save(first, path)
    second = small_session()
    second.apply(Draw(TAROT_DRAW, HAND[AYLA]))
    save(second, path)
    assert _doc(load(path)) == _doc(second)
    assert _doc(load(tmp_path / "evening.cardtable.bak")) == _doc(first)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "evening.cardtable",
        "evening.cardtable.bak",
    ]


def test_a_failure_while_writing_leaves_the_old_file_intact(tmp_path: Path, monkeypatch):
    path = tmp_path / "evening.cardtable"
    save(small_session(), path)
    before = path.read_bytes()
    changed = small_session()
    changed.apply(Draw(TAROT_DRAW, HAND[AYLA]))
    real_fsync = os.fsync

    def disk_full(fd: int) -> None:
        real_fsync(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic_module.os, "fsync", disk_full)
    with pytest.raises(
        SessionFileError, match=r"^evening\.cardtable: cannot be written \(No space"
    ):
        save(changed, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    # No backup was made: a failed save leaves every file as it was (test_file_system.py).
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.cardtable"]


def test_a_failure_at_the_final_rename_leaves_the_old_file_intact(tmp_path: Path, monkeypatch):
    path = tmp_path / "evening.cardtable"
    save(small_session(), path)
    before = path.read_bytes()
    real_replace = os.replace

    def refuse_main_file(src, dst):
        if Path(dst) == path:
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(atomic_module.os, "replace", refuse_main_file)
    with pytest.raises(SessionFileError, match="Permission denied"):
        save(_rich_session(), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_saving_keeps_the_files_permissions(tmp_path: Path):
    path = tmp_path / "shared.cardtable"
    save(small_session(), path)
    path.chmod(0o640)
    save(small_session(), path)
    assert path.stat().st_mode & 0o777 == 0o640


# -- fuzzing the loader --------------------------------------------------------------------------

_REAL = to_bytes(_rich_session())
_REAL_DOC = json.loads(_REAL)


def _paths(node: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*here, key))
    elif isinstance(node, list):
        for i, value in enumerate(node[:6]):
            found += _paths(value, (*here, i))
    return found


_ALL_PATHS = _paths(_REAL_DOC)[1:]
_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 300)
    | st.text(max_size=8)
    | st.sampled_from(
        ["tarot/draw", "alex", "hand/roland", "tarot/child-rock", "2025-03-01T20:00:00+00:00"]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)


def _settle(node: Any, path: tuple, how: str, value: Any) -> None:
    *parents, last = path
    for key in parents:
        node = node[key]
    if how == "replace":
        node[last] = value
    elif how == "delete":
        del node[last]
    elif isinstance(node, dict):
        node[f"extra-{value!r}"[:20]] = value
    else:
        node.insert(last, value)


def _loads_whole_or_refuses(raw: bytes) -> None:
    try:
        session = from_bytes(raw, "fuzz.cardtable")
    except SessionFileError as refused:
        message = str(refused)
        assert message.startswith("fuzz.cardtable: ") and "\n" not in message
        return
    session.state.check()  # not half-loaded: whole, and it saves and loads again
    assert _doc(from_bytes(to_bytes(session))) == _doc(session)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_ALL_PATHS), st.sampled_from(["replace", "delete", "add"]), _json_values)
def test_a_mutated_save_file_loads_whole_or_is_refused(path: tuple, how: str, value: Any):
    data = json.loads(_REAL)
    _settle(data, path, how, value)
    _loads_whole_or_refuses(json.dumps(data).encode())


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_damaged_bytes_load_whole_or_are_refused(data):
    raw = bytearray(_REAL)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        kind = data.draw(st.sampled_from(["flip", "cut", "drop", "insert"]))
        if kind == "flip":
            raw[at] = data.draw(st.integers(0, 255))
        elif kind == "cut":
            del raw[at:]
        elif kind == "drop":
            del raw[at : at + data.draw(st.integers(1, 40))]
        else:
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
        if not raw:
            break
    _loads_whole_or_refuses(bytes(raw))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(_REAL.rstrip()) - 1))
def test_every_truncation_is_refused(at: int):
    """Cut anywhere before the closing brace (cutting only the final newline leaves it whole)."""
    with pytest.raises(SessionFileError, match=r"is empty|is damaged or cut short"):
        from_bytes(_REAL[:at], "cut.cardtable")


@pytest.mark.parametrize(("broken", "more"), [(2, "1 more problem"), (3, "2 more problems")])
def test_a_file_with_several_problems_names_the_first_and_counts_the_rest(
    broken: int, more: str
) -> None:
    data = _saved()
    for player in data["session"]["players"][:broken]:
        player["is_gm"] = "maybe"
    assert _refusal(json.dumps(data).encode()) == (
        "x.cardtable: damaged: expected true or false, found text at "
        f"session.players[0].is_gm (and {more})"
    )


def test_how_each_card_lies_outside_the_unseen_part_survives_a_save() -> None:
    session = small_session(shoe=True)
    table = session.table
    up, down = table.draw(PileId("shoe/draw"), CHALLENGE, seeded(3), 2, face_up=True)
    table.flip(down)  # face down on the table now, and turned round
    table.turn(down)
    table.turn(up)
    again = from_bytes(to_bytes(session), "x.cardtable")
    assert again.table.facing[up] == Facing(face_up=True, reversed=True)
    assert again.table.facing[down] == Facing(face_up=False, reversed=True)
    assert again.table.pile(CHALLENGE).cards == [up, down]


def test_the_file_counts_as_shuffled_only_what_nobody_has_seen() -> None:
    session = small_session(shoe=True)
    table = session.table
    draw = table.pile(PileId("shoe/draw"))
    assert draw.shuffled == len(draw.cards) > 2
    table.flip(draw.cards[0])  # the bottom card face up: nothing below it is unseen
    written = {p["id"]: p for p in document(session)["session"]["table"]["piles"]}
    assert written["shoe/draw"].get("shuffled", 0) == 0
    table.flip(draw.cards[0])
    table.flip(draw.cards[2])  # two unseen cards under a face-up one
    written = {p["id"]: p for p in document(session)["session"]["table"]["piles"]}
    assert written["shoe/draw"]["shuffled"] == 2


def test_a_file_whose_log_is_damaged_is_refused_saying_how() -> None:
    data = _saved()
    del data["session"]["log"]["at"]
    assert _refusal(json.dumps(data).encode()) == (
        "x.cardtable: damaged: the log has no column 'at'"
    )
    data = _saved()
    entries = len(data["session"]["log"]["public"])
    data["session"]["log"]["public"].pop()
    assert _refusal(json.dumps(data).encode()) == (
        f"x.cardtable: damaged: the log's columns are of different lengths "
        f"({entries - 1}, {entries})"
    )


def test_a_missing_field_is_named_where_it_is_missing() -> None:
    data = _saved()
    del data["session"]["players"][0]["name"]
    assert _refusal(json.dumps(data).encode()) == (
        "x.cardtable: damaged: required field missing at session.players[0].name"
    )


def test_a_damaged_resolver_state_is_refused_naming_the_place_inside_it() -> None:
    session = load(demo_path(), rng=seeded(1))
    session.apply(tarot_steps.begin(CharacterId("ottilie-marchbank"), Attribute.ROCK, 2))
    data = json.loads(to_bytes(session))
    data["session"]["resolvers"]["tarot-challenge"]["state"]["terms"]["rank"] = "two"
    assert _refusal(json.dumps(data).encode()) == (
        "x.cardtable: does not hold a whole session: the resolver 'tarot-challenge' is "
        "damaged: expected a whole number, found text at terms.rank"
    )


def test_a_session_holding_what_no_file_can_keep_is_refused_and_nothing_written(
    tmp_path: Path,
) -> None:
    session = small_session()
    session.state.options["odd"] = object()  # a bug's leftover: no JSON value
    path = tmp_path / "x.cardtable"
    with pytest.raises(SessionFileError) as refused:
        save(session, path)
    assert str(refused.value) == "x.cardtable: cannot be saved: object cannot be saved"
    assert not path.exists()


def test_facings_for_cards_no_deck_holds_are_refused_naming_the_first() -> None:
    data = _saved()
    data["session"]["table"]["facing"]["zz/stray"] = {"face_up": True}
    data["session"]["table"]["facing"]["aa/stray"] = {"face_up": True}
    assert _refusal(json.dumps(data).encode()) == (
        "x.cardtable: does not hold a whole session: there is no card 'aa/stray' on the table"
    )
