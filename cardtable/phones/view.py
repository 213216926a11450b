"""What one seat's phone is shown: that player's hands, cards, decisions, tokens and sheets.

The phone is the player's own screen, so it shows what the player may see whoever holds the
computer (the shared screen's curtain protects the room, not the phone): every public face,
the faces of their characters' hands, and the face-down cards those characters laid, face up
only once peeked at. Nothing else leaves the app: no other seat's face, no card id (cards
are named by :class:`CardRefs`, opaque per seat), no log line's private text but their own.

>>> from cardtable.phones.view import CardRefs
>>> bea, alex = CardRefs(b"k" * 16, "bea"), CardRefs(b"k" * 16, "alex")
>>> bea.ref("tarot/t9") == bea.ref("tarot/t9") != alex.ref("tarot/t9")
True
>>> bea.card(bea.ref("tarot/t9")), alex.card(bea.ref("tarot/t9"))
('tarot/t9', None)
"""

from __future__ import annotations

import enum
import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

import attrs

from cardtable.cards import CardId, CustomCard, PlayingCard, TarotCard
from cardtable.piles import PileKind
from cardtable.session.audience import EVERYONE, audience_in
from cardtable.session.core import Session
from cardtable.session.model import Character, PlayerId
from cardtable.session.wording import card_words
from cardtable.session.words_actions import table_words
from cardtable.sheets.tarot import SleeveCard
from cardtable.steps.adventure.conflict import find_game
from cardtable.steps.tarot import challenge_in_play, challenger

#: How many of the latest log lines a phone shows.
LOG_LINES = 30


class CardRefs:
    """Opaque names for cards, one set per seat: a ref says nothing of the face, and a ref
    seen by one seat means nothing to another."""

    def __init__(self, key: bytes, player: str) -> None:
        self._key = key
        self._player = player.encode()
        self._cards: dict[str, CardId] = {}

    def ref(self, card: str) -> str:
        digest = hmac.new(self._key, self._player + b"\0" + card.encode(), hashlib.sha256)
        ref = digest.hexdigest()[:20]
        self._cards[ref] = CardId(card)
        return ref

    def card(self, ref: object) -> CardId | None:
        """The card behind ``ref``, if this seat was shown it (None for anything else)."""
        return self._cards.get(ref) if isinstance(ref, str) else None


def _face(session: Session, card: CardId) -> dict[str, Any]:
    state = session.state
    face = state.table.card(card).face
    facing = state.table.facing[card]
    shown: dict[str, Any] = {"name": card_words(state, card, orientation=False)}
    if isinstance(face, PlayingCard):
        shown.update(
            kind="playing",
            short="Joker" if face.is_joker else f"{face.rank.code if face.rank else ''}"
            f"{face.suit.symbol if face.suit else ''}",
            red=bool(face.suit and face.suit.is_red),
        )
    elif isinstance(face, TarotCard):
        words = face.reversed if facing.reversed else face.upright
        shown.update(kind="tarot", short=face.shown_name, red=False, keywords=words)
    elif isinstance(face, CustomCard):
        shown.update(kind="custom", short=face.name, red=False)
    shown["reversed"] = facing.reversed
    return shown


def _card(session: Session, refs: CardRefs, card: CardId, visible: bool, **extra: Any) -> dict:
    out: dict[str, Any] = {"ref": refs.ref(card), "face_up": session.table.facing[card].face_up}
    out["face"] = _face(session, card) if visible else None
    out.update(extra)
    return out


def _decisions(session: Session, player: PlayerId, mine: list[Character]) -> list[dict[str, Any]]:
    """What the table waits for from this player and their characters now."""
    out = _tarot_decisions(session, mine) + _adventure_extras(session, player, mine)
    return out + _conflict_decisions(session, mine)


def _tarot_decisions(session: Session, mine: list[Character]) -> list[dict[str, Any]]:
    challenge = challenge_in_play(session.state)
    if challenge is None or challenge.phase.value not in ("challenge drawn", "drawing"):
        return []
    who = challenger(session.state, challenge)
    if who is None or who.id not in {c.id for c in mine}:
        return []
    return [{"kind": "tarot", "character": who.id,
             "label": f"{who.name}'s tarot Challenge: draw, stop or concede"}]


def _adventure_extras(
    session: Session, player: PlayerId, mine: list[Character]
) -> list[dict[str, Any]]:
    game = find_game(session.state)
    if game is None:
        return []
    out: list[dict[str, Any]] = []
    if game.veto is not None and player not in game.veto.votes and player in game.purses:
        out.append({"kind": "veto", "character": "",
                    "label": f"Veto on {game.veto.about.value}: “{game.veto.subject}”"})
    check = game.identify
    if check is not None:
        claimed = {claim.character for claim in check.claims}
        for c in mine:
            if c.system == "adventure" and c.id not in claimed:
                out.append({"kind": "claim", "character": c.id,
                            "label": f"{c.name}: what is “{check.threat}”?"})
    return out


def _conflict_decisions(session: Session, mine: list[Character]) -> list[dict[str, Any]]:
    state = session.state
    game = find_game(state)
    out: list[dict[str, Any]] = []
    ids = {c.id for c in mine if c.system == "adventure"}
    if game is None or not ids:
        return [
            {"kind": "challenge", "character": c.id, "label": f"Issue a Challenge as {c.name}"}
            for c in mine
            if c.system == "adventure"
        ]
    conflict = game.conflict
    names: dict[str, str] = {c.id: c.name for c in mine}
    if conflict is None or conflict.phase.value == "over":
        return [
            {"kind": "challenge", "character": c, "label": f"Issue a Challenge as {names[c]}"}
            for c in sorted(ids)
        ]
    phase = conflict.phase.value
    challenger = conflict.challenger
    busy = set(conflict.participants())
    if phase == "challenged":
        for c in sorted(ids - {challenger}):
            out.append({"kind": "answer", "character": c,
                        "label": f"Answer as {names[c]}: “{conflict.goal}”"})
    elif phase == "answered":
        for c in sorted(ids - busy):
            out.append({"kind": "support", "character": c, "label": f"Support as {names[c]}"})
    elif phase == "showdown" and conflict.to_move is not None:
        mover = conflict.side(conflict.to_move).primary
        if mover in ids:
            out.append({"kind": "showdown", "character": mover,
                        "label": f"{names[mover]}: Yield or Push"})
    return out


def _tokens(session: Session, player: PlayerId) -> dict[str, int] | None:
    game = find_game(session.state)
    if game is None or player not in game.purses:
        return None
    purse = game.purses[player]
    return {"applause": purse.applause, "author": purse.author}


def _words(value: object, names: Mapping[str, str]) -> str:
    """A sheet's value in plain words: enums by name, records as their fields, lists joined;
    a Sleeve Card (kept by the rules' name) by the name ``names`` says the group calls it."""
    if isinstance(value, SleeveCard):
        return names.get(value.card, value.card) + (" reversed" if value.reversed else "")
    if isinstance(value, enum.Enum):
        return str(value.value).replace("_", " ")
    if attrs.has(type(value)):
        parts = []
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            inner = getattr(value, field.name)
            if isinstance(inner, bool):  # a mark: named when set ("lost"), silent otherwise
                parts.append(field.name.replace("_", " ") if inner else "")
            else:
                parts.append(_words(inner, names))
        return " ".join(p for p in parts if p)
    if isinstance(value, tuple | list):
        return "; ".join(_words(v, names) for v in value if v not in (None, ""))
    return "" if value is None else str(value)


def _sheet(character: Character, names: Mapping[str, str]) -> list[list[str]]:
    """The sheet as label/value rows, read-only (the portrait stays on the shared screen)."""
    sheet = character.sheet
    if sheet is None or not attrs.has(type(sheet)):
        return []
    rows = []
    for field in attrs.fields(type(sheet)):
        if field.name in ("portrait", "system"):
            continue
        text = _words(getattr(sheet, field.name), names)
        if text:
            rows.append([field.name.replace("_", " ").capitalize(), text[:300]])
    return rows


def seat_view(session: Session, player: PlayerId, refs: CardRefs) -> dict[str, Any]:
    """Everything ``player``'s phone may show now, as JSON-ready values."""
    state = session.state
    me = state.player(player)
    mine = session.characters_of(player)
    holder = session.current_player
    hands: list[dict[str, Any]] = []
    laid: list[dict[str, Any]] = []
    for character in mine:
        for pile in state.table.piles.values():
            if pile.owner != character.id:
                continue
            cards = []
            for card in pile.cards:
                who = audience_in(state, card, pile)
                visible = who is EVERYONE or who == player
                peeked = card in state.peeks and state.peeks[card].player == player
                cards.append(_card(session, refs, card, visible, peeked=peeked))
            shown = {"character": character.id, "name": character.name, "label": pile.label,
                     "cards": cards}
            (hands if pile.kind is PileKind.HAND else laid).append(shown)
    log = []
    lines = len(session.log)
    # Only the newest lines: a long evening's log is not copied, nor all its lines made.
    for entry in map(session.log.__getitem__, range(max(0, lines - LOG_LINES), lines)):
        if entry.private is None or entry.revealed:
            log.append(entry.seen_by_all)
        else:
            log.append(entry.private if entry.owner == player else entry.public)
    words = table_words(state.decks, state.table.cards.values())
    names = {card: said[0] for card, said in words.items()}
    return {
        "type": "view",
        "you": {"id": me.id, "name": me.name, "colour": me.colour, "gm": me.is_gm},
        "holder": None if holder is None else holder.name,
        "curtain": session.curtain is not None,
        "characters": [
            {"id": c.id, "name": c.name, "system": c.system, "sheet": _sheet(c, names)}
            for c in mine
        ],
        "hands": hands,
        "laid": laid,
        "decisions": _decisions(session, player, mine),
        "tokens": _tokens(session, player),
        "log": log,
    }
