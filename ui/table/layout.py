"""Where each pile lies on the felt, worked out from the piles alone (nothing is stored).

Decks come first, each as a captioned pair of stacks (draw pile, discard pile); then the
tarot Challenge's two rows of each tarot deck (``<deck>/challenge``, ``<deck>/player``); then
the shared zones, as fanned rows; under them, across their whole width, the open table
(:data:`OPEN_TABLE`), where a card dropped on bare felt lands where it was let go (its
:class:`~cardtable.piles.Spot`). To their right, a column holds each character's zones, in
the order the characters came (with the shared zones their coming brought,
:func:`~cardtable.ui.table.reserved.arrived_with`). Zones are packed left to right into rows
of at most :data:`ROW_WIDTH` scene units (the column's, :data:`COLUMN_W`); the first deck's
corner is the scene's origin.

Zones keep their places during play: every zone a system in play may lay out later (a tarot
Challenge's rows and Sleeve Cards...) has its place from the start, shown empty and faint
(:mod:`cardtable.ui.table.reserved`), and the open table is always the same size. A character
who joins adds its zones at the foot of the column: nothing laid out before moves, nor does
the open table grow.

Hands are not laid out: the hand dock shows them.
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from attrs import frozen

from cardtable.piles import Pile, PileId, PileKind, Spot
from cardtable.session.model import GameState
from cardtable.ui.art import card_art
from cardtable.ui.qt import QtCore
from cardtable.ui.table.reserved import arrived_with, reserved_key, reserved_piles

#: The mime type of cards dragged between the hand dock and the felt: their ids, one a line.
CARDS_MIME = "application/x-cardtable-cards"
#: The pile a card dropped on bare felt joins; made the first time it is needed.
OPEN_TABLE = PileId("table")
OPEN_TABLE_LABEL = "the open table"

CARD_W = card_art.CARD_WIDTH
CARD_H = card_art.CARD_WIDTH * card_art.ASPECTS[card_art.TAROT]  # the taller kind
PAD = 14.0
LABEL_BAND = 34.0  # room above the cards for the zone's title
STACK_W = CARD_W + 2 * PAD + 16
ZONE_H = LABEL_BAND + CARD_H + 2 * PAD
#: The open table has room for this many rows of cards (a Celtic Cross fits in its height).
OPEN_ROWS = 3
#: Cards the open table lays itself (drawn there, not put down by hand) fill this many rows
#: side by side before they overlap; the rest of it is room for cards put down by hand.
LAID_ROWS = 2
OPEN_ROW_GAP = 16.0
FAN_W = 440.0
PAIR_GAP = 14.0  # between a deck's draw and discard piles
GAP = 46.0  # between groups
ROW_GAP = 40.0
CAPTION_BAND = 34.0  # above a row that holds deck captions
ROW_WIDTH = 2300.0
#: The characters' column: a Fantastical Adventure character's two zones side by side.
COLUMN_W = 2 * FAN_W + GAP
MIN_OPEN_W = 1200.0
#: Widest step between the cards of a row (a fan, the open table): side by side, a little
#: apart, so that no card covers another's corner (a REVERSED tab) while the row has room.
OPEN_STEP = CARD_W + 14.0
#: A card put down on the open table snaps to a grid this fine (scene units).
GRID = 10


class ZoneStyle(enum.Enum):
    STACK = "stack"  # cards squared up, only the top shows
    FAN = "fan"  # a row, side by side while it has room, then each card over the one before
    OPEN = "open"  # a row of cards side by side


@frozen
class ZoneSpec:
    """One pile's place: its rectangle (scene units), style, title and caption colour."""

    pile: PileId
    style: ZoneStyle
    x: float
    y: float
    width: float
    height: float
    title: str
    colour: str | None = None  # the controlling player's colour, for owned zones
    #: A place kept for a pile not laid out yet: the hint it shows (see :mod:`.reserved`).
    reserved: str = ""

    def rect(self) -> QtCore.QRectF:
        return QtCore.QRectF(self.x, self.y, self.width, self.height)


@frozen
class Caption:
    """A deck's name, written above its pair of stacks."""

    text: str
    x: float
    y: float
    width: float


@frozen
class Layout:
    zones: tuple[ZoneSpec, ...]
    captions: tuple[Caption, ...]

    def zone(self, pile: PileId) -> ZoneSpec | None:
        return next((z for z in self.zones if z.pile == pile), None)

    def bounds(self) -> QtCore.QRectF:
        box = QtCore.QRectF()
        for zone in self.zones:
            box = box.united(zone.rect())
        for caption in self.captions:
            box = box.united(QtCore.QRectF(caption.x, caption.y, caption.width, CAPTION_BAND))
        return box


_STACK_TITLES = {"draw pile": "Draw", "discard": "Discard", "discard pile": "Discard"}


def _title(pile: Pile) -> str:
    """ "Draw" for ``"The Tourist's Tarot: draw pile"`` (the deck's name is its caption);
    other labels capitalised."""
    text = pile.label.rpartition(": ")[2] if pile.kind is not PileKind.ZONE else pile.label
    text = _STACK_TITLES.get(text, text)
    return text[:1].upper() + text[1:]


def _deck_name(pile: Pile) -> str:
    return pile.label.rpartition(": ")[0] or pile.label


# A group is laid out as one unit: its zones side by side, kept on one row.
_Group = tuple[list[tuple[Pile, ZoneStyle, float]], str | None]


def _groups(state: GameState, piles: dict[PileId, Pile]) -> tuple[list[_Group], list[_Group]]:
    """The groups of the rows over the open table (the decks, each tarot deck's rows, the
    shared zones) and of the characters' column (each character's zones, in the order the
    characters came)."""
    groups: list[_Group] = []
    used: set[PileId] = set()
    for pile in piles.values():
        if pile.kind is not PileKind.DRAW:
            continue
        members = [(pile, ZoneStyle.STACK, STACK_W)]
        discard = piles.get(pile.refill_from) if pile.refill_from is not None else None
        if discard is not None:
            members.append((discard, ZoneStyle.STACK, STACK_W))
            used.add(discard.id)
        used.add(pile.id)
        groups.append((members, _deck_name(pile)))
    # After every deck (the decks are what a player looks for first), each tarot deck's rows.
    for pile in list(piles.values()):
        if pile.kind is not PileKind.DRAW:
            continue
        deck = pile.id.rpartition("/")[0]
        rows = [piles.get(PileId(f"{deck}/{row}")) for row in ("challenge", "player")]
        tarot_rows = [(p, ZoneStyle.FAN, FAN_W) for p in rows if p is not None]
        if deck and tarot_rows:
            groups.append((tarot_rows, None))
            used.update(p.id for p, _, _ in tarot_rows)
    for pile in piles.values():
        if pile.kind is PileKind.DISCARD and pile.id not in used:
            groups.append(([(pile, ZoneStyle.STACK, STACK_W)], _deck_name(pile)))
            used.add(pile.id)
    zones = [
        p
        for p in piles.values()
        if p.kind is PileKind.ZONE and p.id not in used and p.id != OPEN_TABLE
    ]
    came_with = arrived_with(state)
    characters = [str(c) for c in state.characters]
    shared = [p for p in zones if p.owner is None and p.id not in came_with]
    groups.extend(([(p, ZoneStyle.FAN, FAN_W)], None) for p in shared)
    # Each character's zones after those of the characters who came before it: one who
    # comes later adds its own at the end, and nothing else moves.
    below: list[_Group] = []
    for character in [*characters, None]:
        mine = [p for p in zones if p.owner is None and came_with.get(p.id, "") == character]
        mine += sorted(
            (p for p in zones if p.owner is not None and _owner(p, characters) == character),
            key=lambda p: p.id,
        )
        below.extend(([(p, ZoneStyle.FAN, FAN_W)], None) for p in mine)
    return groups, below


def _owner(pile: Pile, characters: list[str]) -> str | None:
    """The character whose zone ``pile`` is (None for one no character at the table owns)."""
    return pile.owner if pile.owner in characters else None


def _colour(state: GameState, pile: Pile) -> str | None:
    player = state.controller(pile)
    if player is None:
        return None
    return next((p.colour for p in state.players if p.id == player), None)


def _width(members: Sequence[tuple[Pile, ZoneStyle, float]]) -> float:
    gap = PAIR_GAP if members[0][1] is ZoneStyle.STACK else GAP
    return sum(w for _, _, w in members) + gap * (len(members) - 1)


def _rows(groups: Iterable[_Group], width: float) -> list[list[_Group]]:
    """``groups`` packed left to right into rows at most ``width`` wide (a group wider than
    that alone on its row)."""
    rows: list[list[_Group]] = [[]]
    used = 0.0
    for group in groups:
        wide = _width(group[0])
        if rows[-1] and used + GAP + wide > width:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0.0) + wide
        rows[-1].append(group)
    return [row for row in rows if row]


def _row_width(row: list[_Group]) -> float:
    return sum(_width(members) for members, _ in row) + GAP * (len(row) - 1)


def _row_height(row: list[_Group]) -> float:
    band = CAPTION_BAND if any(caption for _, caption in row) else 0.0
    return band + ZONE_H + ROW_GAP


def _laid_rows(
    state: GameState,
    rows: list[list[_Group]],
    left: float,
    top: float,
    reserved: dict[PileId, str],
) -> tuple[list[ZoneSpec], list[Caption]]:
    """The zones and captions of ``rows``, laid from (``left``, ``top``) down."""
    zones: list[ZoneSpec] = []
    captions: list[Caption] = []
    y = top
    for row in rows:
        x = left
        first = y + _row_height(row) - ZONE_H - ROW_GAP
        for members, caption in row:
            if caption:
                captions.append(Caption(caption, x, y, _width(members)))
            gap = PAIR_GAP if members[0][1] is ZoneStyle.STACK else GAP
            for pile, style, width in members:
                zones.append(
                    ZoneSpec(
                        pile.id,
                        style,
                        x,
                        first,
                        width,
                        ZONE_H,
                        _title(pile),
                        _colour(state, pile),
                        reserved.get(pile.id, ""),
                    )
                )
                x += width + gap
            x += GAP - gap
        y += _row_height(row)
    return zones, captions


def lay_out(state: GameState) -> Layout:
    """Every pile's zone on the felt but hands, and a place for every zone a system in play
    may lay out later. The first deck's corner is the scene's origin; the decks and shared
    zones lie in rows with the open table under them, the characters' zones in a column to
    their right, so that a character who comes moves nothing already laid out."""
    piles = dict(state.table.piles)
    reserved: dict[PileId, str] = {}
    for pile, hint in reserved_piles(state):
        piles[pile.id] = pile
        reserved[pile.id] = hint
    shared, characters = _groups(state, piles)
    rows = _rows(shared, ROW_WIDTH)
    widest = max([MIN_OPEN_W, *(_row_width(row) for row in rows)])
    zones, captions = _laid_rows(state, rows, 0.0, 0.0, reserved)
    below = sum(_row_height(row) for row in rows)
    height = ZONE_H + (OPEN_ROWS - 1) * (CARD_H + OPEN_ROW_GAP)
    zones.append(ZoneSpec(OPEN_TABLE, ZoneStyle.OPEN, 0.0, below, widest, height, "The open table"))
    # Level with the first zones (under the deck captions), each character's zones after
    # those of the characters who came before it: rows only ever added at the column's foot.
    level = CAPTION_BAND if rows and any(caption for _, caption in rows[0]) else 0.0
    column, _ = _laid_rows(state, _rows(characters, COLUMN_W), widest + GAP, level, reserved)
    return Layout((*zones, *column), tuple(captions))


def card_centre(zone: ZoneSpec) -> QtCore.QPointF:
    """Where a stack's cards lie, and the height every row's cards lie at."""
    return QtCore.QPointF(zone.x + zone.width / 2, zone.y + LABEL_BAND + PAD + CARD_H / 2)


def _step(zone: ZoneSpec, per_row: int) -> float:
    if per_row <= 1:
        return OPEN_STEP
    room = zone.width - 2 * PAD - CARD_W
    return min(OPEN_STEP, room / (per_row - 1))


def _side_by_side(width: float) -> int:
    """How many cards fit side by side in a row of the open table ``width`` wide."""
    return int((width - 2 * PAD - CARD_W) // OPEN_STEP) + 1


def _per_row(zone: ZoneSpec, count: int) -> int:
    """Cards in each row: a fan has one row; the open table fills its first row with cards
    side by side, then its second, and overlaps them only once both are full."""
    if zone.style is not ZoneStyle.OPEN:
        return max(count, 1)
    return max(_side_by_side(zone.width), -(-count // LAID_ROWS))


def layout_key(state: GameState) -> object:
    """What :func:`lay_out` depends on: while it is unchanged, so is the layout."""
    piles = tuple(
        (p.id, p.kind, p.label, p.owner, p.refill_from) for p in state.table.piles.values()
    )
    players = tuple((p.id, p.colour) for p in state.players)
    owners = tuple((c.id, c.player) for c in state.characters.values())
    return piles, players, owners, reserved_key(state)


def slots(zone: ZoneSpec, count: int) -> list[QtCore.QPointF]:
    """Where the ``count`` shown cards of ``zone`` lie (their centres), bottom card first."""
    return [QtCore.QPointF(x, y) for x, y in slot_xy(zone, count)]


def slot_xy(zone: ZoneSpec, count: int) -> list[tuple[float, float]]:
    """:func:`slots` as plain numbers, (x, y) each: quicker for a row of thousands."""
    centre = card_centre(zone)
    if zone.style is ZoneStyle.STACK:
        return [(centre.x(), centre.y())] * count
    per_row = _per_row(zone, count)
    step = _step(zone, per_row)
    left = zone.x + PAD + CARD_W / 2
    top = centre.y()
    down = CARD_H + OPEN_ROW_GAP
    return [(left + (i % per_row) * step, top + (i // per_row) * down) for i in range(count)]


def laid_xy(zone: ZoneSpec, count: int) -> list[tuple[float, float, float]]:
    """Where the ``count`` cards ``zone`` lays in its own order lie and how high: (x, y, z),
    bottom card first. Remembered for the last few sizes of each zone: a drop on a table of
    thousands asks again for the very same places."""
    return list(_laid(zone, count))


@functools.lru_cache(maxsize=128)
def _laid(zone: ZoneSpec, count: int) -> tuple[tuple[float, float, float], ...]:
    return tuple((x, y, index) for index, (x, y) in enumerate(slot_xy(zone, count)))


def open_xy(
    zone: ZoneSpec,
    cards: Sequence[str],
    spots: dict[str, Spot],
    ranked: Callable[[list[str]], Mapping[str, float]] | None = None,
) -> list[tuple[float, float, float]]:
    """Where ``cards`` of the open table lie (their centres) and how high (z): each card put
    down at its spot, above every card the table laid and in the order they were put down;
    the others in the table's own rows, each in its place in the pile's order (a card put
    down leaves a gap rather than shift the rest). A card put down lies at the pile's size
    plus its rank among them, or plus what ``ranked`` gives it (given those cards in order,
    bottom first: :class:`~cardtable.ui.table.stacking.SpotLayers`)."""
    count = len(cards)
    places: list[tuple[float, float, float]] = list(laid_xy(zone, count))
    # The laid places first, then the few cards put down by hand over theirs: a crowded
    # table is thousands of cards and a handful of spots.
    index_of = _index_of(cards) if len(spots) > _FEW_SPOTS else None
    put: list[tuple[str, int, Spot, int]] = []
    for rank, (card, spot) in enumerate(spots.items()):
        index = index_of.get(card) if index_of is not None else _index(cards, card)
        if index is not None:
            put.append((card, index, spot, rank))
    layers = ranked([card for card, *_ in put]) if ranked is not None else None
    for card, index, spot, rank in put:
        layer = rank if layers is None else layers[card]
        places[index] = (zone.x + spot.x, zone.y + spot.y, count + layer)
    return places


#: Up to this many cards put down by hand, each is looked up in the pile's list by itself.
_FEW_SPOTS = 8


def _index_of(cards: Sequence[str]) -> dict[str, int]:
    """Each card's index in ``cards``. The last answer is kept: a drop on a table of
    thousands asks again for the same pile's (compared at C speed, not built again)."""
    last = _INDICES[0]
    if last is not None and last[0] == cards:
        return last[1]
    found = dict(zip(cards, itertools.count()))
    _INDICES[0] = (list(cards), found)
    return found


#: The last pile's cards :func:`_index_of` was asked for, and its answer.
_INDICES: list[tuple[list[str], dict[str, int]] | None] = [None]


def _index(cards: Sequence[str], card: str) -> int | None:
    try:
        return cards.index(card)
    except ValueError:
        return None


def spot_at(zone: ZoneSpec, point: QtCore.QPointF, *, snap: bool = True) -> Spot:
    """The spot of a card whose centre is let go at ``point`` (scene): on the grid (unless
    not ``snap``), and on the open table, a card that would hang over its edge pulled back
    inside."""
    left, top = PAD + CARD_W / 2, LABEL_BAND + PAD + CARD_H / 2
    right, bottom = zone.width - left, zone.height - PAD - CARD_H / 2
    x = min(max(point.x() - zone.x, left), right)
    y = min(max(point.y() - zone.y, top), bottom)
    grid = GRID if snap else 1
    return Spot(round(x / grid) * grid, round(y / grid) * grid)


def insert_index(zone: ZoneSpec, count: int, point: QtCore.QPointF) -> int | None:
    """Where among ``count`` cards a card dropped with its centre at ``point`` goes in a
    row (the nearest of the ``count + 1`` places, the later of two as near: a card let go
    halfway between two goes in between); None for a stack (on top). Worked out in each
    row, not by measuring every place."""
    if zone.style is ZoneStyle.STACK:
        return None
    places = count + 1
    per_row = _per_row(zone, places)
    step = _step(zone, per_row)
    left = zone.x + PAD + CARD_W / 2
    top = card_centre(zone).y()
    down = CARD_H + OPEN_ROW_GAP
    best: tuple[float, int] | None = None
    for row in range(-(-places // per_row)):
        first = row * per_row
        last = min(places, first + per_row) - 1
        # The place in this row nearest the point (the later of two as near).
        along = math.floor((point.x() - left) / step + 0.5) if step > 0 else 0
        index = min(max(first + along, first), last)
        x = left + (index % per_row) * step
        distance = abs(x - point.x()) + abs(top + row * down - point.y())
        if best is None or distance < best[0]:
            best = (distance, index)
    assert best is not None
    return best[1]


def lies_so(pile: Sequence[str], cards: Sequence[str], index: int | None) -> bool:
    """Whether ``cards`` put into ``pile`` at ``index`` (on top: None) leave it as it is.

    >>> lies_so(["a", "b", "c"], ["b"], 1), lies_so(["a", "b", "c"], ["b"], None)
    (True, False)
    """
    moving = set(cards)
    staying = [c for c in pile if c not in moving]
    at = len(staying) if index is None else index
    return [*staying[:at], *cards, *staying[at:]] == list(pile)


def dragged_cards(data: QtCore.QMimeData | None) -> list[str]:
    """The ids of the cards a drag between the hand dock and the felt carries (none for a
    drag of anything else)."""
    if data is None or not data.hasFormat(CARDS_MIME):
        return []
    text = bytes(data.data(CARDS_MIME).data()).decode("utf-8")
    return [line for line in text.splitlines() if line]


def overlaps(layout: Layout, rect: QtCore.QRectF) -> list[tuple[float, ZoneSpec]]:
    """The zones ``rect`` overlaps, largest overlap first, with the area of each overlap."""
    return _overlapping(layout.zones, rect)


def _overlapping(zones: Iterable[ZoneSpec], rect: QtCore.QRectF) -> list[tuple[float, ZoneSpec]]:
    left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
    found = []
    for zone in zones:
        width = min(right, zone.x + zone.width) - max(left, zone.x)
        height = min(bottom, zone.y + zone.height) - max(top, zone.y)
        if width > 0 and height > 0:
            found.append((width * height, zone))
    found.sort(key=lambda pair: -pair[0])
    return found


class ZoneGrid:
    """The zones of a layout filed by squares of the felt, so that finding those a dragged
    card overlaps takes the same few steps however many piles the table holds.

    >>> from cardtable.piles import PileId
    >>> zones = (ZoneSpec(PileId("a"), ZoneStyle.FAN, 0, 0, 440, 290, "A"),
    ...          ZoneSpec(PileId("b"), ZoneStyle.FAN, 3000, 0, 440, 290, "B"))
    >>> grid = ZoneGrid(Layout(zones, ()))
    >>> [zone.pile for _, zone in grid.overlaps(QtCore.QRectF(3100, 50, 120, 192))]
    ['b']
    """

    #: The side of a square, in scene units (a card and a half).
    SQUARE = 256.0

    def __init__(self, layout: Layout) -> None:
        self._squares: dict[tuple[int, int], list[ZoneSpec]] = {}
        for zone in layout.zones:
            for square in self._covering(zone.x, zone.y, zone.x + zone.width, zone.y + zone.height):
                self._squares.setdefault(square, []).append(zone)

    def _covering(
        self, left: float, top: float, right: float, bottom: float
    ) -> Iterator[tuple[int, int]]:
        size = self.SQUARE
        for column in range(math.floor(left / size), math.floor(right / size) + 1):
            for row in range(math.floor(top / size), math.floor(bottom / size) + 1):
                yield column, row

    def overlaps(self, rect: QtCore.QRectF) -> list[tuple[float, ZoneSpec]]:
        """As :func:`overlaps`: the zones ``rect`` overlaps, largest overlap first."""
        near: dict[PileId, ZoneSpec] = {}
        for square in self._covering(rect.left(), rect.top(), rect.right(), rect.bottom()):
            for zone in self._squares.get(square, ()):
                near[zone.pile] = zone
        return _overlapping(near.values(), rect)

    def near(self, rect: QtCore.QRectF) -> list[ZoneSpec]:
        """The zones within :data:`SQUARE` of ``rect`` (and perhaps a few farther): any zone
        not listed lies at least that far from it, across or down."""
        size = self.SQUARE
        found: dict[PileId, ZoneSpec] = {}
        squares = self._covering(
            rect.left() - size, rect.top() - size, rect.right() + size, rect.bottom() + size
        )
        for square in squares:
            for zone in self._squares.get(square, ()):
                found[zone.pile] = zone
        return list(found.values())


def shown(zone: ZoneSpec, cards: Iterable[str], stack_depth: int) -> list[str]:
    """The cards of a pile that get items on the felt: a stack's top few, a row's all."""
    listed = list(cards)
    if zone.style is ZoneStyle.STACK:
        return listed[-max(stack_depth, 1) :]
    return listed
