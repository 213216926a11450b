"""Choosing the art a deck on the table is dressed in: one undoable, logged, saved action.

The choice belongs to the session (the group picks it for the evening) and is saved with it
as the art set's id on the deck (:attr:`DeckOnTable.art`). The pictures themselves stay in
the user's data folder (:mod:`cardtable.decks.art`); a session opened where the set is not
installed shows Cardtable's own art, and says so.

>>> from cardtable.cards import DeckId
>>> from cardtable.randomness import seeded
>>> from cardtable.session import AddDeck, AddPlayer, DeckOnTable, Player, Session
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Alex")))
>>> _ = session.apply(AddDeck(DeckOnTable(DeckId("tarot"), "tourist-tarot")))
>>> _ = session.apply(ChooseArt(DeckId("tarot"), "gilded", "Gilded", "tarot"))
>>> session.decks[0].art, session.log[-1].public
('gilded', "Alex dressed The Tourist's Tarot in the Gilded art")
>>> _ = session.undo()
>>> session.decks[0].art is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from attrs import evolve, frozen

from cardtable.cards import DeckId
from cardtable.decks.custom import source_of_id
from cardtable.decks.names import CUSTOM
from cardtable.session.actions import AddDeck
from cardtable.session.core import Action, Changes, Performed, Session
from cardtable.session.log import Event
from cardtable.session.model import DeckOnTable, GameState, SessionError, unique_id

if TYPE_CHECKING:
    from cardtable.decks.art import ArtSet

_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")


@frozen
class ChooseArt(Action):
    """Dress deck ``deck`` in the art set ``art`` (None: Cardtable's own art again).

    ``name`` is the set's name for the log; ``dresses``, when given, is the kind of deck the
    set is for (``"tarot"``, ``"playing"``), checked against the deck. Build one from an
    installed set with :meth:`of`.
    """

    deck: DeckId
    art: str | None
    name: str = ""
    dresses: str | None = None

    @classmethod
    def of(cls, deck: DeckId | str, art: ArtSet) -> ChooseArt:
        """Dress ``deck`` in the installed art set ``art``."""
        return cls(DeckId(str(deck)), art.id, art.name, art.deck)

    @classmethod
    def own_art(cls, deck: DeckId | str) -> ChooseArt:
        """Show ``deck`` in Cardtable's own art again."""
        return cls(DeckId(str(deck)), None)

    def perform(self, session: Session) -> Performed:
        state = session.state
        index = next((i for i, d in enumerate(state.decks) if d.id == self.deck), None)
        if index is None:
            raise SessionError(f"There is no deck {self.deck!r} on the table.")
        deck = state.decks[index]
        spec = deck.spec()
        if self.art is not None and not _ID.fullmatch(self.art):
            raise SessionError(f"{self.art!r} is not the id of an art set.")
        if self.dresses is not None and self.dresses != spec.system:
            raise SessionError(
                f"That art is for {self.dresses} cards; {spec.name} is a {spec.system} deck."
            )
        if deck.art == self.art:
            same = "its own art" if self.art is None else "that art"
            raise SessionError(f"{spec.name} already shows {same}.")
        state.decks[index] = evolve(deck, art=self.art)
        who = session.actor_name
        if self.art is None:
            text = f"{who} put Cardtable's own art back on {spec.name}"
        else:
            text = f"{who} dressed {spec.name} in the {self.name or self.art} art"
        return Performed((Event.said(text),), Changes.TABLE)


def put_on_table(state: GameState, art: ArtSet) -> AddDeck:
    """The action putting the deck ``art`` made on the table, dressed in its pictures."""
    if art.deck != CUSTOM:
        raise SessionError(f"{art.name} is art for a {art.deck} deck, not a deck of its own")
    deck_id = DeckId(unique_id(art.id, state.deck_ids()))
    return AddDeck(DeckOnTable(deck_id, source_of_id(art.id), 1, art.id))
