"""A session coming to the screen comes behind the curtain.

Whoever sits at the computer when a session is put in play (opened from a file or the
Recent list, handed over by a double-click or a drop, recovered after a crash, the demo, a
new one) need not be the player who held the computer when it was saved. So a session comes
in with the curtain up for that player (the GM, in a new session), and nothing private is
shown until they say "I am ..." (:class:`~cardtable.session.ConfirmSeat`).

Raising it is no action: it changes nothing in the game, is not logged, and leaves nothing
to save or undo (undo never lowers a curtain).

>>> from cardtable.randomness import seeded
>>> from cardtable.session import AddPlayer, Player, Session
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Dana", gm=True)))
>>> behind_the_curtain(session).curtain == session.holder
True
"""

from __future__ import annotations

from cardtable.session.core import Session


def behind_the_curtain(session: Session) -> Session:
    """``session``, with the curtain up for the player holding the computer (an empty
    table, held by nobody, has nothing private to hide and no curtain)."""
    session.curtain = session.holder
    return session


__all__ = ["behind_the_curtain"]
