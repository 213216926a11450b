"""Which deck a character's hand draws from: Fantastical Adventure plays with playing cards,
the tarot system with the tarot, so D at a seat never puts a tarot card into a hand of playing
cards (or the other way round).

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> state = load(demo_path()).state
>>> hand = state.table.pile("hand/bartholomew-quince")
>>> takes(state, hand, "shoe/draw"), takes(state, hand, "tarot/draw")
(True, False)
>>> print(mismatch(state, hand, "tarot/draw"))  # doctest: +ELLIPSIS
Bartholomew Quince's hand takes playing cards, not The Tourist's Tarot: draw from a pile of ...
"""

from __future__ import annotations

from cardtable.piles import Pile, PileId, PileKind
from cardtable.session.model import CharacterId, GameState

#: The kind of deck (a :class:`~cardtable.decks.standard.DeckSpec` ``system``) each system's
#: hands hold; a system not named here (dice systems) takes any deck.
HAND_DECKS = {"adventure": "playing", "tarot": "tarot"}
_KIND_WORDS = {"playing": "playing cards", "tarot": "tarot cards"}


def _deck(state: GameState, source: str) -> tuple[str, str] | None:
    """The kind and name of the deck whose draw pile is ``source``, or None."""
    for deck in state.decks:
        if source == f"{deck.id}/draw":
            spec = deck.spec()
            return spec.system, spec.name
    return None


def _wanted(state: GameState, hand: Pile) -> str | None:
    character = state.characters.get(CharacterId(hand.owner)) if hand.owner else None
    return HAND_DECKS.get(character.system) if character is not None else None


def takes(state: GameState, hand: Pile, source: str) -> bool:
    """Whether ``hand`` holds cards of the deck drawn at ``source`` (a group's own deck, or a
    pile not of one deck, fits any hand)."""
    wanted = _wanted(state, hand)
    deck = _deck(state, source)
    return wanted is None or deck is None or deck[0] not in _KIND_WORDS or deck[0] == wanted


def mismatch(state: GameState, hand: Pile, source: str) -> str | None:
    """Why ``hand`` does not draw from ``source``, in a player's words, or None if it does."""
    if takes(state, hand, source):
        return None
    wanted = _wanted(state, hand)
    deck = _deck(state, source)
    assert wanted is not None and deck is not None
    words = _KIND_WORDS[wanted]
    return f"{hand.label} takes {words}, not {deck[1]}: draw from a pile of {words}."


def source_for(state: GameState, hand: Pile, first: PileId | None) -> PileId | None:
    """The draw pile ``hand`` draws from: ``first`` if it fits, else the first draw pile of a
    fitting deck on the table, else None."""
    piles = [first] if first is not None else []
    piles += [p.id for p in state.table.piles.values() if p.kind is PileKind.DRAW]
    return next((p for p in piles if takes(state, hand, p)), None)
