"""What one seat's phone is shown, decision by decision, from ``rules/table.md`` (phones are
private hands: a player's own places and cards, what the table waits for from them, and who
holds the shared screen) and ``rules/fantastical-adventure.md`` (who decides at each step).

The cast is :mod:`adventure_table_rig`'s: Bea plays Bartholomew Quince, Alex Isolde Varga (and
Ottilie Marchbank, the tarot character), Chidi Mirela Vosk, Dana (the GM) Captain Grimsby.
"""

from __future__ import annotations

import attrs
import pytest
from adventure_table_rig import (
    BART,
    GRIMSBY,
    ISOLDE,
    MIRELA,
    cast_session,
    give,
    take_seat,
)

from cardtable.cards import PlayingCard, TarotCard
from cardtable.phones.view import CardRefs, seat_view
from cardtable.piles import PileId
from cardtable.resolvers.tarot.events import Attribute
from cardtable.session import CharacterId, Draw, Move, PassSeat, Peek, PlayerId, Session
from cardtable.steps import tarot as tarot_steps
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as play_steps

ALEX, BEA, CHIDI, DANA = (PlayerId(p) for p in ("alex", "bea", "chidi", "dana"))
OTTILIE = "ottilie-marchbank"


def _view(session: Session, player: PlayerId) -> dict:
    return seat_view(session, player, CardRefs(b"k" * 16, player))


def _faces(frame: dict) -> list[dict]:
    return [c["face"] for g in ("hands", "laid") for p in frame[g] for c in p["cards"]]


def _card(session: Session, character: str, code: str):
    hand = session.table.pile(PileId(f"hand/{character}"))
    [card] = [c for c in hand.cards if session.table.card(c).face.code == code]  # type: ignore[union-attr]
    return card


def _kinds(frame: dict) -> list[tuple[str, str]]:
    return [(d["kind"], d["character"]) for d in frame["decisions"]]


@pytest.fixture
def session() -> Session:
    session = cast_session()
    give(session, BART, ["QC", "9S", "2H"])
    give(session, ISOLDE, ["KH", "7H", "4C"])
    give(session, MIRELA, ["5S", "6D"])
    give(session, GRIMSBY, ["AS"])
    take_seat(session, "dana")
    return session


# -- cards: names, short indices, ways up ------------------------------------------------------


def test_each_playing_card_is_shown_by_its_own_index(session: Session) -> None:
    faces = {f["name"]: f for f in _faces(_view(session, BEA))}
    assert {name: (f["short"], f["red"], f["kind"]) for name, f in faces.items()} == {
        "the Queen of Clubs": ("Q♣", False, "playing"),
        "the 9 of Spades": ("9♠", False, "playing"),
        "the 2 of Hearts": ("2♥", True, "playing"),
    }


def test_a_joker_reads_joker_on_the_phone(session: Session) -> None:
    table = session.table
    shoe = table.pile(PileId("shoe/draw"))
    [joker, *_] = [c for c in shoe.cards if table.card(c).face.is_joker]  # type: ignore[union-attr]
    table.move([joker], PileId(f"hand/{BART}"), face_up=False)
    faces = [f for f in _faces(_view(session, BEA)) if f["short"] == "Joker"]
    assert len(faces) == 1 and faces[0]["red"] is False
    assert isinstance(table.card(joker).face, PlayingCard)


def test_a_reversed_tarot_card_shows_its_reversed_meaning(session: Session) -> None:
    table = session.table
    draw = table.pile(PileId("tarot/draw"))
    upright, reversed_ = draw.cards[-1], draw.cards[-2]
    hand = PileId(f"hand/{BART}")
    table.move([upright, reversed_], hand, face_up=False)
    if table.facing[upright].reversed:
        table.turn(upright)
    if not table.facing[reversed_].reversed:
        table.turn(reversed_)
    shown = {f["name"]: f for f in _faces(_view(session, BEA)) if f["kind"] == "tarot"}
    for card, way in ((upright, False), (reversed_, True)):
        face = table.card(card).face
        assert isinstance(face, TarotCard)
        [seen] = [f for f in shown.values() if f["short"] == face.name]
        assert seen["reversed"] is way
        assert seen["keywords"] == (face.reversed if way else face.upright)
        assert face.reversed != face.upright


# -- places: a phone lists its own characters' piles, and only those -------------------------


def test_a_phone_lists_only_its_own_characters_places(session: Session) -> None:
    frame = _view(session, BEA)
    assert [(p["character"], p["label"]) for p in frame["hands"]] == [
        (BART, "Bartholomew Quince's hand")
    ]
    assert [(p["character"], p["label"]) for p in frame["laid"]] == [
        (BART, "Bartholomew Quince's face-down cards")
    ]
    dana = _view(session, DANA)
    assert {p["character"] for p in dana["hands"]} == {GRIMSBY}
    for frame in (_view(session, p) for p in (ALEX, BEA, CHIDI, DANA)):
        labels = [p["label"] for g in ("hands", "laid") for p in frame[g]]
        assert not any("draw pile" in label or "discard" in label for label in labels)
        assert "the Challenge" not in labels


# -- the status line: who holds the shared screen, and the curtain ----------------------------


def test_the_status_says_who_holds_the_computer_and_whether_the_curtain_is_up(
    session: Session,
) -> None:
    frame = _view(session, BEA)
    assert (frame["holder"], frame["curtain"]) == ("Dana", False)
    assert frame["you"] == {
        "id": "bea",
        "name": "Bea",
        "colour": frame["you"]["colour"],
        "gm": False,
    }
    assert _view(session, DANA)["you"]["gm"] is True
    session.apply(PassSeat([p.id for p in session.players].index(ALEX)))
    frame = _view(session, BEA)
    assert (frame["holder"], frame["curtain"]) == ("Alex", True)


# -- decisions: each step a seat faces shows on that seat's phone, and only there -------------


def test_before_a_conflict_each_player_may_issue_a_challenge_for_their_own(
    session: Session,
) -> None:
    assert _kinds(_view(session, ALEX)) == [("challenge", ISOLDE)]
    assert _kinds(_view(session, DANA)) == [
        ("challenge", GRIMSBY),
        ("challenge", "the-drowned-marsh"),
    ]


def test_an_answer_support_and_showdown_reach_the_right_phones(session: Session) -> None:
    take_seat(session, "alex")
    assert session.apply(
        play_steps.challenge_with(ISOLDE, "to take the helm", _card(session, ISOLDE, "7H"))
    )
    assert _kinds(_view(session, ALEX)) == []  # the Challenger waits for an Answer
    assert _kinds(_view(session, BEA)) == [("answer", BART)]
    assert _kinds(_view(session, CHIDI)) == [("answer", MIRELA)]
    take_seat(session, "bea")
    assert session.apply(conflict_steps.answer(BART, "hold the wheel", _card(session, BART, "2H")))
    # Answered: those not yet in the Conflict may Support; its two sides may not.
    assert _kinds(_view(session, CHIDI)) == [("support", MIRELA)]
    assert _kinds(_view(session, BEA)) == []
    assert _kinds(_view(session, ALEX)) == []
    assert [d["label"] for d in _view(session, CHIDI)["decisions"]] == ["Support as Mirela Vosk"]
    assert session.apply(conflict_steps.reveal())
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.conflict is not None
    mover = game.conflict.side(game.conflict.to_move).primary
    owner = {ISOLDE: ALEX, BART: BEA}[mover]
    other = ({ALEX, BEA} - {owner}).pop()
    [decision] = _view(session, owner)["decisions"]
    assert (decision["kind"], decision["character"]) == ("showdown", mover)
    assert decision["label"].endswith(": Yield or Push")
    assert _kinds(_view(session, other)) == []


def test_an_identify_claim_is_offered_for_every_character_in_the_scene(
    session: Session,
) -> None:
    assert session.apply(play_steps.start_identify(DANA, "the grey sails"))
    assert ("claim", BART) in _kinds(_view(session, BEA))
    assert ("claim", ISOLDE) in _kinds(_view(session, ALEX))
    assert ("claim", MIRELA) in _kinds(_view(session, CHIDI))
    [claim] = [d for d in _view(session, BEA)["decisions"] if d["kind"] == "claim"]
    assert claim["label"] == "Bartholomew Quince: what is “the grey sails”?"
    take_seat(session, "bea")
    assert session.apply(play_steps.identify_claim(BART, _card(session, BART, "9S"), "a wraith"))
    # A character that has claimed is not asked again; the others still are.
    assert ("claim", BART) not in _kinds(_view(session, BEA))
    assert ("claim", MIRELA) in _kinds(_view(session, CHIDI))


def test_the_tarot_draw_is_offered_only_to_its_challengers_player(session: Session) -> None:
    assert session.apply(tarot_steps.begin(OTTILIE, Attribute.ROCK, 2))
    assert ("tarot", OTTILIE) in _kinds(_view(session, ALEX))
    for other in (BEA, CHIDI, DANA):
        assert all(kind != "tarot" for kind, _ in _kinds(_view(session, other)))
    [tarot] = [d for d in _view(session, ALEX)["decisions"] if d["kind"] == "tarot"]
    assert tarot["label"] == "Ottilie Marchbank's tarot Challenge: draw, stop or concede"


# -- peeks, the log, the sheet --------------------------------------------------------------


def test_a_peeked_face_down_card_is_marked_on_its_peekers_phone(session: Session) -> None:
    queen, nine = _card(session, BART, "QC"), _card(session, BART, "9S")
    take_seat(session, "bea")
    zone = PileId(f"zone/{BART}")
    assert session.apply(Move((queen, nine), zone, face_up=False))
    assert session.apply(Peek(queen))
    [laid] = _view(session, BEA)["laid"]
    marks = {c["face"]["name"] if c["face"] else None: c["peeked"] for c in laid["cards"]}
    assert marks == {"the Queen of Clubs": True, None: False}


def test_a_private_line_once_revealed_reads_the_same_on_every_phone(session: Session) -> None:
    take_seat(session, "bea")
    hand = PileId(f"hand/{BART}")
    held = set(session.table.pile(hand).cards)
    assert session.apply(Draw(PileId("shoe/draw"), hand))
    [drawn] = [c for c in session.table.pile(hand).cards if c not in held]
    name = session.table.card(drawn).face.name  # type: ignore[union-attr]
    line = next(e for e in reversed(session.log) if e.private is not None)
    assert name in line.private and name not in line.public
    assert line.private in _view(session, BEA)["log"]
    assert line.public in _view(session, ALEX)["log"]
    assert session.apply(Move((drawn,), PileId(f"zone/{BART}"), face_up=True))
    for player in (ALEX, BEA, CHIDI, DANA):
        assert line.private in _view(session, player)["log"]


def test_a_long_sheet_value_is_cut_at_300_characters(session: Session) -> None:
    bart = session.state.characters[CharacterId(BART)]
    sheet = attrs.evolve(bart.sheet, notes="n" * 400)
    session.state.characters[bart.id] = attrs.evolve(bart, sheet=sheet)
    [me] = [c for c in _view(session, BEA)["characters"] if c["id"] == BART]
    assert dict(me["sheet"])["Notes"] == "n" * 300
