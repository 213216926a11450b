"""Bringing a tarot deck file's dict up to the current format, one version at a time.

A tarot deck file has its own integer version (``deck_format``), as a session file has
``format_version`` (:mod:`cardtable.session.migrations`, the model for this one): each step is
a plain function from the dict of version ``n`` to the dict of version ``n + 1``, reading the
dict alone, so an old file keeps loading however the classes change later.

Format 1 is the shipped deck's (``assets/decks/tourist-tarot.json``, never rewritten): each
card an object of ``card``, ``upright`` and ``reversed``, and the deck a ``uses_orientation``
flag. Format 2 writes beside each card's name the Attribute and rank the rules give it
(``attribute``: its suit, null for a Triumph or the Excuse; ``rank``: its figure's rank 1 to
12, a Triumph's number 1 to 21, null for the Excuse) and a list of ``keywords`` for finding
it (empty for a format 1 card); the deck's ``uses_orientation`` goes, since the rules turn
every tarot card. Format 3 gives each card a ``name`` of the group's, the name players see,
beside the rules' name in ``card`` (which stays the card's identity): a format 2 card is
called by the rules' name.

>>> migrate({"deck_format": 1, "system": "tarot", "uses_orientation": True,
...          "cards": [{"card": "Soldier of Paper", "upright": "Orders", "reversed": "Tiger"}]})
... # doctest: +NORMALIZE_WHITESPACE
{'deck_format': 3, 'system': 'tarot', 'cards': [{'card': 'Soldier of Paper',
 'name': 'Soldier of Paper', 'attribute': 'Paper', 'rank': 7, 'keywords': [],
 'upright': 'Orders', 'reversed': 'Tiger'}]}
>>> migrate({"deck_format": 4})
Traceback (most recent call last):
...
cardtable.decks.words_migrations.DeckMigrationError: made by a newer Cardtable (deck format 4); \
this one reads up to 3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.refusals import Refusal

#: The format this Cardtable writes, and the newest it reads.
TAROT_FORMAT = 3

Document = dict[str, Any]
Step = Callable[[Document], Document]

#: The rules' figures in rank order and the five suits, as format 1 spells them: the step
#: reads names by these, not by today's card classes.
_FIGURES_1 = (
    "child", "servant", "traveler", "merchant", "lover", "builder",
    "soldier", "priest", "sage", "ruler", "beast", "dragon",
)  # fmt: skip
_SUITS_1 = ("Rock", "Paper", "Blades", "Serpent", "Unknown")
_ROMAN_1 = {
    "I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9,
    "X": 10, "XI": 11, "XII": 12, "XIII": 13, "XIV": 14, "XV": 15, "XVI": 16, "XVII": 17,
    "XVIII": 18, "XIX": 19, "XX": 20, "XXI": 21,
}  # fmt: skip


class DeckMigrationError(Refusal):
    """A deck file this Cardtable cannot bring up to date (too new, too old, no version)."""


def _identity_1(name: Any) -> tuple[str | None, int | None]:
    """The Attribute and rank a format 1 card's name gives it ((None, None) when it names
    no card: reading the card later says so, naming it)."""
    if not isinstance(name, str):
        return None, None
    text = " ".join(name.split())
    low = text.casefold()
    if low.startswith("triumph "):
        number = text.split(" ", 1)[1].upper()
        return None, int(number) if number.isdigit() else _ROMAN_1.get(number)
    figure, of, suit = low.partition(" of ")
    if of and figure in _FIGURES_1:
        found = next((s for s in _SUITS_1 if s.casefold() == suit.strip()), None)
        return found, _FIGURES_1.index(figure) + 1 if found else None
    return None, None


def _card_1_to_2(card: Any) -> Any:
    if not isinstance(card, dict):
        return card
    attribute, rank = _identity_1(card.get("card"))
    head: dict[str, Any] = {
        "card": card.get("card"),
        "attribute": attribute,
        "rank": rank,
        "keywords": [],
    }
    return {**head, **{k: v for k, v in card.items() if k != "card"}}


def _1_to_2(data: Document) -> Document:
    """Format 2 gives each card its Attribute, rank and keywords, and drops the deck's
    ``uses_orientation`` (the rules turn every tarot card)."""
    out = {k: v for k, v in data.items() if k != "uses_orientation"}
    cards = data.get("cards")
    if isinstance(cards, list):
        out["cards"] = [_card_1_to_2(card) for card in cards]
    return {**out, "deck_format": 2}


def _card_2_to_3(card: Any) -> Any:
    if not isinstance(card, dict) or "card" not in card:
        return card
    head = {"card": card["card"], "name": card["card"]}
    return {**head, **{k: v for k, v in card.items() if k != "card"}}


def _2_to_3(data: Document) -> Document:
    """Format 3 gives each card a name of the group's, at first the rules' name."""
    out = dict(data)
    cards = data.get("cards")
    if isinstance(cards, list):
        out["cards"] = [_card_2_to_3(card) for card in cards]
    return {**out, "deck_format": 3}


#: ``STEPS[n]`` turns a version-``n`` dict into a version-``n + 1`` dict.
STEPS: dict[int, Step] = {1: _1_to_2, 2: _2_to_3}


def file_version(data: Mapping[str, Any]) -> int:
    """The ``deck_format`` a parsed deck file declares; :class:`DeckMigrationError` if none."""
    if "deck_format" not in data:
        raise DeckMigrationError("not a Cardtable deck (it has no deck_format)")
    version = data["deck_format"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise DeckMigrationError(f"deck_format must be a whole number, not {version!r}")
    return version


def migrate(
    data: Document, *, current: int = TAROT_FORMAT, steps: Mapping[int, Step] = STEPS
) -> Document:
    """``data`` brought from its own version up to ``current``, step by step; a file newer
    than ``current`` is refused, never half-read."""
    version = file_version(data)
    if version > current:
        raise DeckMigrationError(
            f"made by a newer Cardtable (deck format {version}); this one reads up to {current}"
        )
    while version < current:
        step = steps.get(version)
        if step is None:
            raise DeckMigrationError(
                f"deck format {version} is older than any this Cardtable can bring up to date"
            )
        data = step(dict(data))
        if file_version(data) != version + 1:
            raise DeckMigrationError(
                f"the step from deck format {version} did not produce format {version + 1}"
            )
        version += 1
    return data
