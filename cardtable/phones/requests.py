"""A phone's message, turned into the session action it asks for (or refused in one line).

A message is read by :func:`read_message`, which refuses one too long or nested too deeply
before parsing it (a deep enough nest would exhaust the parser's recursion). It is a small
JSON object: ``{"type": "answer", "character": "brann", "intent": "...",
"card": "<ref>"}``. Cards are named by the seat's own refs (:class:`~.view.CardRefs`); a ref
the seat was never shown, a character that is not theirs, a field of the wrong type: each is
a :class:`PhoneRequestError` naming the fault, and nothing is changed. The action then goes
through :meth:`Session.apply_as`, the same checks as a click on the shared screen.

>>> from cardtable.phones.view import CardRefs
>>> action_for({"type": "dance"}, CardRefs(b"k", "bea"))
Traceback (most recent call last):
...
cardtable.phones.requests.PhoneRequestError: 'dance' is not something a phone can ask for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.resolvers.adventure import tokens
from cardtable.resolvers.adventure.state import Side
from cardtable.session.actions import Flip, Move, Peek, Turn
from cardtable.session.authority import Decider
from cardtable.session.core import Action
from cardtable.steps import tarot
from cardtable.steps.adventure import conflict
from cardtable.steps.adventure.conflict import game_step
from cardtable.steps.adventure.play import identify_claim

#: The longest text a phone may send in one field (a goal, an intent, a claim).
MAX_TEXT = 300
#: The largest message a phone may send, in bytes of UTF-8.
MAX_MESSAGE = 4096
#: The deepest nesting of arrays and objects in a message (a request is one flat object).
MAX_DEPTH = 4

_SYNTAX = re.compile(r'[\[\]{}"\\]')


class PhoneRequestError(ValueError):
    """A message a phone may not send, and why."""


def nesting(text: str) -> int:
    """How deeply arrays and objects nest in the JSON ``text`` (brackets inside strings do
    not count), found without parsing it.

    >>> nesting('{"type": "peek", "card": "[[["}'), nesting("[[1], [[2]]]"), nesting("7")
    (1, 3, 0)
    """
    depth = deepest = 0
    in_string = False
    escaped = -1
    for found in _SYNTAX.finditer(text):
        at, char = found.start(), found.group()
        if at == escaped:
            continue
        if in_string:
            if char == "\\":
                escaped = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_message(text: str) -> object:
    """The JSON value a phone sent, or :class:`PhoneRequestError` saying why not in one line.

    >>> read_message('{"type": "peek"}')
    {'type': 'peek'}
    >>> read_message("[" * 2000 + "]" * 2000)
    Traceback (most recent call last):
    ...
    cardtable.phones.requests.PhoneRequestError: That message is nested too deeply (at most 4 ...
    """
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise PhoneRequestError("That message is too long.")
    if nesting(text) > MAX_DEPTH:
        raise PhoneRequestError(f"That message is nested too deeply (at most {MAX_DEPTH} levels).")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise PhoneRequestError("That message is not JSON.") from None


def _text(message: dict[str, Any], key: str, *, required: bool = True) -> str:
    value = message.get(key, "")
    if not isinstance(value, str):
        raise PhoneRequestError(f"{key} must be text.")
    value = " ".join(value.split())
    if len(value) > MAX_TEXT:
        raise PhoneRequestError(f"{key} holds at most {MAX_TEXT} characters.")
    if required and not value:
        raise PhoneRequestError(f"Say the {key} first.")
    return value


def _card(message: dict[str, Any], refs: Any, *, required: bool = True) -> CardId | None:
    ref = message.get("card")
    if ref is None and not required:
        return None
    card = refs.card(ref)
    if card is None:
        raise PhoneRequestError("That card is not one this phone was shown.")
    return card


def _character(message: dict[str, Any]) -> str:
    value = message.get("character")
    if not isinstance(value, str) or not value:
        raise PhoneRequestError("Say which character acts.")
    return value


def _side(message: dict[str, Any]) -> Side:
    try:
        return Side(message.get("side"))
    except ValueError:
        raise PhoneRequestError("Support the challenge or the answer side.") from None


def _lay(message: dict[str, Any], refs: Any) -> Action:
    card = _card(message, refs)
    assert card is not None
    return Move((card,), PileId(f"zone/{_character(message)}"), face_up=False)


def _vote(message: dict[str, Any]) -> Action:
    against = message.get("against")
    if not isinstance(against, bool):
        raise PhoneRequestError("Vote for or against.")
    player = message.get("player")
    if not isinstance(player, str) or not player:
        raise PhoneRequestError("Say who votes.")
    return game_step(
        lambda g, t, r: tokens.vote(g, player, against),
        decider=Decider.player(player, "vote"),
    )


_BUILDERS: dict[str, Callable[[dict[str, Any], Any], Action]] = {
    "peek": lambda m, r: Peek(_card(m, r)),  # type: ignore[arg-type]
    "flip": lambda m, r: Flip(_card(m, r)),  # type: ignore[arg-type]
    "turn": lambda m, r: Turn(_card(m, r)),  # type: ignore[arg-type]
    "lay": _lay,
    "challenge": lambda m, r: conflict.issue_challenge(
        _character(m), _text(m, "goal"), _card(m, r)
    ),
    "answer": lambda m, r: conflict.answer(_character(m), _text(m, "intent"), _card(m, r)),
    "support": lambda m, r: conflict.support(_character(m), _side(m), _card(m, r)),
    "yield": lambda m, r: conflict.yield_conflict(_character(m)),
    "push": lambda m, r: conflict.push(_character(m), _card(m, r, required=False)),
    "claim": lambda m, r: identify_claim(
        _character(m), _card(m, r), _text(m, "what")  # type: ignore[arg-type]
    ),
    "vote": lambda m, r: _vote(m),
    "tarot-draw": lambda m, r: tarot.draw(),
    "tarot-stop": lambda m, r: tarot.stop(),
    "tarot-concede": lambda m, r: tarot.concede(),
}


def action_for(message: object, refs: Any) -> Action:
    """The action ``message`` asks for, with its cards looked up in the seat's ``refs``."""
    if not isinstance(message, dict):
        raise PhoneRequestError("A message is a JSON object with a type.")
    kind = message.get("type")
    build = _BUILDERS.get(kind) if isinstance(kind, str) else None
    if build is None:
        raise PhoneRequestError(f"{kind!r} is not something a phone can ask for.")
    return build(message, refs)
