"""Steps every guide shares: the computer changing hands, behind the curtain."""

from __future__ import annotations

from cardtable.session import PlayerId, Session
from cardtable.ui.guides.step import Check


def seated(player: PlayerId) -> Check:
    """Done once ``player`` holds the computer with the curtain down ("I am …")."""

    def done(session: Session) -> bool:
        return session.holder == player and session.curtain is None

    return done


def passed_to(player: PlayerId) -> Check:
    """Done once the computer is passed to ``player`` (the curtain up for them, or
    already lifted)."""

    def done(session: Session) -> bool:
        return session.holder == player

    return done


__all__ = ["passed_to", "seated"]
