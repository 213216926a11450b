"""Card pictures for the phones: a face drawn once per face, width and way up, kept as PNG.

A phone asks for a picture by its seat's opaque card ref (:class:`~.view.CardRefs`), never by
a name of the face, and :meth:`CardPictures.for_seat` checks, when the phone asks, that the
seat may see that face now (the same rule as its view: :func:`audience_in`). Drawing is the
front end's (``painter``): the model never draws, and the drawing runs on the thread that
owns the session, as every question about it does.

>>> pictures = CardPictures(None)
>>> pictures.width_for(100), pictures.width_for(10_000)
(120, 480)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Protocol

from cardtable.cards import CardFace, CardId
from cardtable.phones.view import CardRefs
from cardtable.session.audience import EVERYONE, audience_in
from cardtable.session.core import Session
from cardtable.session.model import PlayerId

#: The widths, in device pixels, a phone may ask for (the cache holds these alone).
WIDTHS = (120, 180, 240, 360, 480)
#: Pictures kept at most (the oldest go first): two decks at two widths, both ways up.
KEPT = 512


class CardPainter(Protocol):
    """Draws card faces as PNG bytes (the front end's art)."""

    def key(self, card: CardId, face: CardFace) -> Hashable:
        """What the picture of ``face`` depends on, beside width and way up (its art)."""

    def png(self, card: CardId, face: CardFace, width: int, reversed_: bool) -> bytes:
        """``face`` drawn ``width`` pixels wide; turned round and marked when ``reversed_``."""


class CardPictures:
    """PNG pictures of faces, each drawn once per art, width and way up."""

    def __init__(self, painter: CardPainter | None) -> None:
        self.painter = painter
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self.drawn = 0

    @staticmethod
    def width_for(wanted: int) -> int:
        """The smallest width offered that is at least ``wanted`` (else the largest)."""
        return next((w for w in WIDTHS if w >= wanted), WIDTHS[-1])

    def for_seat(
        self,
        session: Session,
        player: PlayerId,
        refs: CardRefs,
        ref: str,
        width: int,
        reversed_: bool,
    ) -> bytes | None:
        """The picture of the card behind ``ref`` if ``player`` may see its face now, else
        None (a ref the seat was never shown, a face down or in another's hand, a width not
        offered, no painter)."""
        card = refs.card(ref)
        if self.painter is None or card is None or width not in WIDTHS:
            return None
        state = session.state
        if card not in state.table.cards:
            return None
        who = audience_in(state, card, state.table.pile(state.table.where(card)))
        if who is not EVERYONE and who != player:
            return None
        face = state.table.card(card).face
        key = (self.painter.key(card, face), width, reversed_)
        png = self._kept.get(key)
        if png is None:
            png = self.painter.png(card, face, width, reversed_)
            self.drawn += 1
            self._kept[key] = png
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return png
