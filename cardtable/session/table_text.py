"""The table in words, for a screen reader: each card, each pile, and the whole felt as text.

What the felt paints, said instead: a card the screen may show is named with its orientation
and where it lies ("Queen of Cups, reversed, face up, in Bea's face-down cards"); any other card
is only "face-down card" (or "hidden card", in another player's hand). :func:`table_text` is the
text view of the felt: one line a pile, its count and the faces the screen may paint now,
asked of :func:`cardtable.session.visibility.on_screen`, so no hidden face is ever written.

>>> from cardtable.session.demo import build_demo
>>> print(table_text(build_demo()).splitlines()[2])
The Tourist's Tarot draw pile: 82 cards, all face down
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import CardId, shown_name
from cardtable.piles import Pile, PileKind
from cardtable.session.core import Session
from cardtable.session.visibility import on_screen
from cardtable.session.wording import count_of

__all__ = ["card_spoken", "pile_place", "pile_spoken", "pile_title", "table_text"]

FACE_DOWN = "face-down card"
HIDDEN = "hidden card"


def pile_title(pile: Pile) -> str:
    """A pile's name as a sentence reads it: "The Tourist's Tarot draw pile", "the Challenge"."""
    return pile.label.replace(": ", " ")


def pile_place(pile: Pile) -> str:
    """Where a card of ``pile`` lies, in words: "in Bea's hand", "on the open table"."""
    title = pile_title(pile)
    lowered = title[:1].lower() + title[1:] if title.startswith("The ") else title
    return f"on {lowered}" if "open table" in title else f"in {lowered}"


def _face_words(session: Session, card: CardId) -> str:
    face = session.table.card(card).face
    facing = session.table.facing[card]
    return f"{shown_name(face)}, {'reversed' if facing.reversed else 'upright'}"


def card_spoken(session: Session, card: CardId, shown: Iterable[CardId] | None = None) -> str:
    """``card`` as a screen reader names it to whoever holds the computer now.

    ``shown`` is what the screen may paint (:func:`on_screen`, asked once for many cards).
    """
    seen = set(on_screen(session) if shown is None else shown)
    pile = session.table.pile(session.table.where(card))
    place = pile_place(pile)
    if card not in seen:
        hidden = HIDDEN if pile.kind is PileKind.HAND else FACE_DOWN
        return f"{hidden}, {place}"
    up = session.table.facing[card].face_up or pile.kind is PileKind.HAND
    side = "face up" if up else "face down (you peeked)"
    return f"{_face_words(session, card)}, {side}, {place}"


def pile_spoken(session: Session, pile: Pile, shown: Iterable[CardId] | None = None) -> str:
    """One pile as the text view writes it: its name, its count and the faces in sight.

    "Bea's hand: 2 cards: Queen of Cups, upright; 7 of Hearts, reversed" (top card last, as
    it lies); a card out of sight is only counted.
    """
    seen = set(on_screen(session) if shown is None else shown)
    title = pile_title(pile)
    title = title[:1].upper() + title[1:]
    cards = pile.cards
    if not cards:
        return f"{title}: empty"
    facing = session.table.facing
    named = []
    hidden = 0
    for card in cards:
        if card not in seen:
            hidden += 1
            continue
        words = _face_words(session, card)
        if pile.kind is not PileKind.HAND and not facing[card].face_up:
            words += " (face down, you peeked)"
        named.append(words)
    text = f"{title}: {count_of(len(cards))}"
    if not named:
        return text + (", all hidden" if pile.kind is PileKind.HAND else ", all face down")
    text += ": " + "; ".join(named)
    if hidden:
        word = "hidden" if pile.kind is PileKind.HAND else "face down"
        text += f"; and {hidden} {word}"
    return text


def table_text(session: Session) -> str:
    """The whole table as text, a pile a line, as the seat holding the computer may read it
    (behind the curtain, only what everyone sees)."""
    shown = on_screen(session)
    player = session.current_player
    if player is None:
        heading = "Nobody holds the computer."
    elif session.curtain is not None:
        heading = f"The curtain is up: {session.state.player(session.curtain).name} is to take " \
                  "the computer."
    else:
        heading = f"{player.name} holds the computer."
    lines = [heading]
    lines += [pile_spoken(session, pile, shown) for pile in session.table.piles.values()]
    return "\n".join(lines)
