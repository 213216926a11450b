"""Choosing a deck's art in a session: logged, undone, saved, and read from older files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.cards import DeckId
from cardtable.randomness import seeded
from cardtable.session import Session, SessionError, load, save
from cardtable.session.art_actions import ChooseArt
from cardtable.session.demo import demo_path
from cardtable.session.migrations import FORMAT_VERSION, migrate
from cardtable.session.saving import to_bytes

TAROT, SHOE = DeckId("tarot"), DeckId("shoe")


def art_of(session: Session, deck: DeckId) -> str | None:
    return next(d.art for d in session.decks if d.id == deck)


def test_dressing_the_tarot_is_logged_and_undone() -> None:
    session = load(demo_path(), rng=seeded(1))
    session.apply(ChooseArt(TAROT, "gilded-marseille", "Gilded Marseille", "tarot"))
    assert art_of(session, TAROT) == "gilded-marseille"
    assert session.log[-1].public == "Dana dressed The Tourist's Tarot in the Gilded Marseille art"
    assert session.undo_label == session.log[-1].public
    session.undo()
    assert art_of(session, TAROT) is None
    session.redo()
    assert art_of(session, TAROT) == "gilded-marseille"
    session.apply(ChooseArt.own_art(TAROT))
    assert art_of(session, TAROT) is None
    assert session.log[-1].public == "Dana put Cardtable's own art back on The Tourist's Tarot"


def test_art_for_another_kind_of_deck_is_refused() -> None:
    session = load(demo_path(), rng=seeded(1))
    with pytest.raises(SessionError, match="for tarot cards; Shoe of 2 decks is a playing deck"):
        session.apply(ChooseArt(SHOE, "gilded-marseille", "Gilded", "tarot"))
    assert art_of(session, SHOE) is None


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (ChooseArt(DeckId("oracle"), "moon"), "no deck 'oracle'"),
        (ChooseArt(TAROT, None), "already shows its own art"),
        (ChooseArt(TAROT, "../../etc"), "not the id of an art set"),
    ],
)
def test_a_choice_that_makes_no_sense_is_refused(action: ChooseArt, message: str) -> None:
    session = load(demo_path(), rng=seeded(1))
    before = len(session.log)
    with pytest.raises(SessionError, match=message):
        session.apply(action)
    assert len(session.log) == before


def test_the_choice_is_saved_and_read_back(tmp_path: Path) -> None:
    session = load(demo_path(), rng=seeded(1))
    session.apply(ChooseArt(SHOE, "bicycle", "Bicycle", "playing"))
    path = tmp_path / "evening.cardtable"
    save(session, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format_version"] == FORMAT_VERSION >= 2
    assert [d["art"] for d in data["session"]["decks"]] == [None, "bicycle"]
    again = load(path)
    assert art_of(again, SHOE) == "bicycle" and art_of(again, TAROT) is None


def test_a_format_1_file_opens_with_cardtables_own_art(tmp_path: Path) -> None:
    old = json.loads(to_bytes(load(demo_path(), rng=seeded(1))))
    old["format_version"] = 1
    for deck in old["session"]["decks"]:
        del deck["art"]
    path = tmp_path / "old.cardtable"
    path.write_text(json.dumps(old), encoding="utf-8")
    session = load(path)
    assert [d.art for d in session.decks] == [None, None]
    assert json.loads(demo_path().read_text(encoding="utf-8"))["format_version"] == 1


def test_the_step_from_format_1_gives_every_deck_its_own_art() -> None:
    deck = {"id": "a", "source": "shoe", "size": 1}
    new = migrate({"format_version": 1, "session": {"decks": [deck]}}, current=2)
    assert new == {
        "format_version": 2,
        "session": {"decks": [{"id": "a", "source": "shoe", "size": 1, "art": None}]},
    }
    assert "art" not in deck  # the old dict is left as it was
