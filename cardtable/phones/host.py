"""The table's side of the phones: who each seat is, what its phone is shown, what it asks.

A :class:`PhoneHost` lives on the thread that owns the session (the app's window thread). It
keeps one secret per seat (at least 128 random bits from the operating system, in the seat's
link), turns a phone's message into an action applied as that player
(:meth:`Session.apply_as`), and after every change of the session hands each connected phone
its new view through ``publish``, and each card picture a phone asks for by the seat's ref
(:mod:`.pictures`). The server (:mod:`.server`) only moves bytes.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from cardtable.phones.pictures import CardPictures
from cardtable.phones.requests import action_for
from cardtable.phones.view import CardRefs, seat_view
from cardtable.session.core import Changes, Session
from cardtable.session.model import PlayerId

#: Bytes of randomness in a seat's secret (128 bits).
SECRET_BYTES = 16

Publish = Callable[[PlayerId, dict[str, Any]], None]


def one_line(text: str) -> str:
    return " ".join(str(text).split())[:300]


class PhoneHost:
    """Seats' secrets, views and requests for the session ``current()`` returns."""

    def __init__(self, current: Callable[[], Session]) -> None:
        self._current = current
        self._key = secrets.token_bytes(32)
        self._secrets: dict[PlayerId, str] = {}
        # Replaced whole, never changed in place, so the server's thread may read it.
        self._players: tuple[tuple[str, PlayerId], ...] = ()
        self._refs: dict[PlayerId, CardRefs] = {}
        self.connected: dict[PlayerId, int] = {}
        self.publish: Publish | None = None
        #: Called (on the owner's thread) when a phone connects or goes.
        self.on_connected: Callable[[], None] | None = None
        #: Card pictures; the front end gives them a painter (without one, none are served).
        self.pictures = CardPictures(None)

    @property
    def session(self) -> Session:
        return self._current()

    # -- seats ---------------------------------------------------------------------------

    def secret(self, player: PlayerId) -> str:
        """The seat's secret (made on first need)."""
        self.session.state.player(player)
        if player not in self._secrets:
            self._secrets[player] = secrets.token_urlsafe(SECRET_BYTES)
            self._players = tuple((known, p) for p, known in self._secrets.items())
        return self._secrets[player]

    def revoke(self, player: PlayerId) -> str:
        """A new secret for the seat: the old link stops working. Returns the new one."""
        self._secrets.pop(player, None)
        self._players = tuple((known, p) for p, known in self._secrets.items())
        self._refs.pop(player, None)
        return self.secret(player)

    def player_for(self, secret: str) -> PlayerId | None:
        """The seat whose secret ``secret`` is, compared in constant time.

        Safe from any thread (the server asks from its own, so that a flood of handshakes
        costs the table's thread nothing).
        """
        wanted = secret.encode()
        for known, player in self._players:
            if secrets.compare_digest(known.encode(), wanted):
                return player
        return None

    def _refs_of(self, player: PlayerId) -> CardRefs:
        if player not in self._refs:
            self._refs[player] = CardRefs(self._key, player)
        return self._refs[player]

    # -- what a phone sees and asks --------------------------------------------------------

    def view(self, player: PlayerId) -> dict[str, Any]:
        return seat_view(self.session, player, self._refs_of(player))

    def picture(self, player: PlayerId, ref: str, width: int, reversed_: bool) -> bytes | None:
        """The PNG of the card ``ref`` names for ``player``, if they may see its face now."""
        refs = self._refs.get(player)
        if refs is None:
            return None
        return self.pictures.for_seat(self.session, player, refs, ref, width, reversed_)

    def handle(self, player: PlayerId, message: object) -> dict[str, Any]:
        """Apply what ``message`` asks for as ``player``; the answer for their phone."""
        try:
            action = action_for(message, self._refs_of(player))
            self.session.apply_as(player, action)
        except ValueError as exc:  # the server logs refusals, a few a minute
            return {"type": "refused", "reason": one_line(str(exc))}
        return {"type": "done"}

    def on_changes(self, changes: Changes) -> None:
        """After a change of the session: every connected phone gets its new view."""
        if self.publish is None:
            return
        for player in list(self.connected):
            if any(p.id == player for p in self.session.players):
                self.publish(player, self.view(player))
