"""Which hidden cards an action would show the whole table, asked before it runs.

"Ask before revealing" (a setting of the app) must cover every way a secret reaches the
table: flipping a face-down card where it lies, revealing cards together, playing a card
from a hand face up, dropping a face-down card onto a discard pile. The views ask
:func:`cards_revealed` and, when it names cards, ask the player before they apply the action.

A card is hidden when the table does not see its face now: it is face down, or in a hand.
A draw pile's cards are hidden from everyone alike, so turning one up gives no one's secret
away (a draw face up, a card dragged from the draw pile to the discard): those are not
counted, except by :class:`Reveal`, which is asked for in so many words.

>>> from cardtable.session.actions import Draw, Flip
>>> from cardtable.session.new_session import NewSessionPlan, PlayerPlan, build_session
>>> from cardtable.randomness import seeded
>>> plan = NewSessionPlan(systems=("tarot",), players=(PlayerPlan("Alex"),))
>>> session = build_session(plan, seeded(1))
>>> top = session.table.pile("tarot/draw").cards[-1]
>>> cards_revealed(session.state, Flip(top))
()
>>> _ = session.apply(Draw("tarot/draw", "challenge"))
>>> cards_revealed(session.state, Flip(top)) == (top,)
True
"""

from __future__ import annotations

from cardtable.cards import CardId
from cardtable.piles import Pile, PileKind
from cardtable.session.actions import Draw, Flip, Move, Reveal
from cardtable.session.arranging import Place
from cardtable.session.core import Action
from cardtable.session.model import GameState


def _seen_by_all(state: GameState, card: CardId, pile: Pile) -> bool:
    return pile.kind is not PileKind.HAND and state.table.facing[card].face_up


def cards_revealed(state: GameState, action: Action) -> tuple[CardId, ...]:
    """The cards ``action`` would turn face up in sight of the table that it does not see
    now (none for an action that reveals nothing, or that the model would refuse anyway)."""
    table = state.table
    if isinstance(action, Reveal):
        return tuple(
            c for c in action.cards
            if c in table.cards and not _seen_by_all(state, c, table.pile(table.where(c)))
        )
    if isinstance(action, Flip):
        if action.card not in table.cards:
            return ()
        pile = table.pile(table.where(action.card))
        down = not table.facing[action.card].face_up
        return (action.card,) if down and pile.kind not in (PileKind.HAND, PileKind.DRAW) else ()
    if isinstance(action, Move | Place):
        # A pile not laid out yet (the open table, made as the first card lands) is no hand.
        dest = table.piles.get(action.to)
        if dest is not None and dest.kind is PileKind.HAND:
            return ()
        landing = action.face_up if isinstance(action, Move) else None  # a Place keeps it
        shown = []
        for card in action.cards:
            if card not in table.cards:
                continue
            pile = table.pile(table.where(card))
            up = table.facing[card].face_up if landing is None else landing
            if up and pile.kind is not PileKind.DRAW and not _seen_by_all(state, card, pile):
                shown.append(card)
        return tuple(shown)
    if isinstance(action, Draw):
        source, dest = table.piles.get(action.source), table.piles.get(action.to)
        if source is None or source.kind is PileKind.DRAW or not action.face_up:
            return ()
        if dest is not None and dest.kind is PileKind.HAND:
            return ()
        drawn = source.cards[-action.count :] if action.count > 0 else []
        return tuple(c for c in drawn if not _seen_by_all(state, c, source))
    return ()
