"""Choosing the words the Tourist's Tarot carries: one undoable, logged, saved GM's action.

The group edits the words of its tarot and saves them as a named deck
(:mod:`cardtable.session.tarot_decks`); the GM then chooses which words the session's tarot
plays with. The session saves the deck's id on its tarot (:attr:`DeckOnTable.words`), and
every card of it carries the chosen words from then on (the name players see, keywords,
meanings): the felt's hover text, the tarot panel, the hand, the log, the public table, the
phones and the printed sheets read a card's words from the card itself. The cards are the
same cards (same ids, same places, same way up, same rules' name, which sheets keep a Sleeve
Card by): only their words change.

>>> from cardtable.cards import DeckId
>>> from cardtable.randomness import seeded
>>> from cardtable.session import AddDeck, AddPlayer, DeckOnTable, Player, Session
>>> from cardtable.decks.words_file import shipped_tarot_deck
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Alex", gm=True)))
>>> _ = session.apply(AddDeck(DeckOnTable(DeckId("tarot"), "tourist-tarot")))
>>> noir = shipped_tarot_deck().named("noir", "Noir words")
>>> _ = session.apply(ChooseWords(DeckId("tarot"), noir))
>>> session.decks[0].words, session.log[-1].public
('noir', "Alex chose the words of Noir words for The Tourist's Tarot")
>>> _ = session.undo()
>>> session.decks[0].words is None
True
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import evolve, frozen

from cardtable.cards import Card, DeckId, TarotCard, words_of
from cardtable.decks.words_file import TarotDeck
from cardtable.session.authority import gm_refusal
from cardtable.session.core import Action, Changes, Performed, Session
from cardtable.session.log import Event
from cardtable.session.model import DeckOnTable, PlayerId, SessionError
from cardtable.sheets.card_names import CardNames

TAROT_SOURCE = "tourist-tarot"


@frozen
class ChooseWords(Action):
    """Let the tarot deck ``deck`` carry the words of the group's deck ``words`` (None: the
    shipped words again). The deck read from its file travels with the action, so the table
    shows the words the GM chose."""

    deck: DeckId
    words: TarotDeck | None

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return gm_refusal(session.state, who, "choose the words the tarot plays with")

    def perform(self, session: Session) -> Performed:
        state = session.state
        index = next((i for i, d in enumerate(state.decks) if d.id == self.deck), None)
        if index is None:
            raise SessionError(f"There is no deck {self.deck!r} on the table.")
        deck = state.decks[index]
        if deck.source != TAROT_SOURCE:
            raise SessionError(f"{deck.spec().name} is not a tarot: it carries no tarot words.")
        shipped = DeckOnTable(deck.id, deck.source, deck.size)
        spec = shipped.spec() if self.words is None else self.words.spec()
        cards = spec.cards(deck.id)
        table = state.table
        if {c.id for c in cards} != {c.id for c in deck.cards()}:
            raise SessionError(f"{spec.name} does not hold the cards of {deck.spec().name}.")
        chosen = None if self.words is None else self.words.id
        if deck.words == chosen and all(
            words_of(table.cards[c.id].face) == words_of(c.face) for c in cards
        ):
            raise SessionError(f"{shipped.spec().name} already carries those words.")
        for card in cards:
            table.cards[card.id] = card
        state.decks[index] = evolve(deck, words=chosen)
        who = session.actor_name
        if self.words is None:
            text = f"{who} put the shipped words back on {shipped.spec().name}"
        else:
            text = f"{who} chose the words of {self.words.name} for {shipped.spec().name}"
        return Performed((Event.said(text),), Changes.TABLE)


def tarot_on_table(decks: list[DeckOnTable]) -> DeckOnTable | None:
    """The session's Tourist's Tarot (the first, if there are several), or None."""
    return next((d for d in decks if d.source == TAROT_SOURCE), None)


#: What a printed sheet writes for a Sleeve Card: the name players see, its upright and
#: reversed meanings.
SheetWords = tuple[str, str, str]


def table_words(decks: list[DeckOnTable], cards: Iterable[Card]) -> dict[str, SheetWords]:
    """The words each card of the session's tarot carries, by the rules' name (the name a
    sheet keeps a Sleeve Card by): the name players see, upright and reversed meanings."""
    tarot = tarot_on_table(decks)
    if tarot is None:
        return {}
    prefix = f"{tarot.id}/"
    return {
        card.face.name: (card.face.shown_name, card.face.upright, card.face.reversed)
        for card in cards
        if card.id.startswith(prefix) and isinstance(card.face, TarotCard)
    }


def card_names(decks: list[DeckOnTable], cards: Iterable[Card]) -> CardNames:
    """The names the session's tarot goes by, as a sheet shows and takes its Sleeve Cards."""
    return CardNames.of({rules: words[0] for rules, words in table_words(decks, cards).items()})
