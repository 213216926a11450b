"""The resolver states a session can hold and save, by kind name.

A resolver in progress is kept in the session as an attrs value with plain fields (ints,
strings, enums, card and pile ids, nested attrs values). To be saved it needs a kind name
that the save file records and that loading looks up here::

    register_resolver("tarot-challenge", TarotChallenge)

so a new resolver plugs in without the session knowing its rules. The shipped resolvers
are registered on first need: ``tarot-challenge``, ``crisis-simple``, ``crisis-duel``,
``pool-challenge``, ``adventure-game``, ``banzai-roll``, ``banzai-opposed``,
``dice-history`` and ``sealed-rolls``.

>>> from attrs import define
>>> @define
... class Tally:
...     count: int = 0
>>> register_resolver("doctest-tally", Tally)
>>> resolver_kind(Tally(2)), resolver_class("doctest-tally") is Tally
('doctest-tally', True)
"""

from __future__ import annotations

import attrs

from cardtable.session.model import SessionError

_CLASSES: dict[str, type] = {}
_KINDS: dict[type, str] = {}


def register_resolver(kind: str, cls: type) -> None:
    """Let sessions hold and save states of ``cls`` under the name ``kind``.

    Registering the same pair again does nothing; reusing a name or a class for something
    else is a :class:`SessionError`.
    """
    if not attrs.has(cls):
        raise SessionError(f"{cls.__name__} is not an attrs class; a resolver state must be one")
    if _CLASSES.get(kind, cls) is not cls or _KINDS.get(cls, kind) != kind:
        raise SessionError(f"{kind!r} or {cls.__name__} is already registered for something else")
    _CLASSES[kind] = cls
    _KINDS[cls] = kind


def resolver_kind(state: object) -> str:
    """The kind name ``state``'s class was registered under."""
    _register_builtin()
    try:
        return _KINDS[type(state)]
    except KeyError:
        raise SessionError(
            f"{type(state).__name__} is not a registered resolver state; "
            "call cardtable.session.registry.register_resolver first"
        ) from None


def resolver_class(kind: str) -> type:
    """The class registered as ``kind``."""
    _register_builtin()
    try:
        return _CLASSES[kind]
    except KeyError:
        raise SessionError(f"{kind!r} is not a kind of resolver this Cardtable knows") from None


def registered() -> dict[str, type]:
    """Every registered kind and its class."""
    _register_builtin()
    return dict(_CLASSES)


_BUILTIN_DONE = False


def _register_builtin() -> None:
    """Register the resolvers that ship with Cardtable (imported on first need)."""
    global _BUILTIN_DONE
    if _BUILTIN_DONE:
        return
    # Imported here, not at the top: the resolvers are only needed once a session holds or
    # loads one, and this keeps the session model free of their import cost.
    from cardtable.resolvers.adventure.game import AdventureGame
    from cardtable.resolvers.banzai.opposed import OpposedRoll
    from cardtable.resolvers.banzai.roll import BanzaiRoll
    from cardtable.resolvers.crisis.duel import Duel, SimpleChallenge
    from cardtable.resolvers.pool.challenge import PoolChallenge
    from cardtable.resolvers.tarot.challenge import TarotChallenge
    from cardtable.session.dice_history import DiceHistory
    from cardtable.session.sealed_rolls import SealedRolls

    shipped: dict[str, type] = {
        "tarot-challenge": TarotChallenge,
        "crisis-simple": SimpleChallenge,
        "crisis-duel": Duel,
        "pool-challenge": PoolChallenge,
        "adventure-game": AdventureGame,
        "banzai-roll": BanzaiRoll,
        "banzai-opposed": OpposedRoll,
        "dice-history": DiceHistory,
        "sealed-rolls": SealedRolls,
    }
    for kind, cls in shipped.items():
        register_resolver(kind, cls)
    _BUILTIN_DONE = True
