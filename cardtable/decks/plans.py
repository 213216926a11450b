"""Import plans: which picture becomes which card, worked out before any picture is read.

A plan comes from a folder of images (:func:`plan_folder`: each file's name says which card it
is, see :mod:`cardtable.decks.names`) or from one sheet of cards in a grid
(:func:`plan_grid`: cells in the deck's order, row by row, as Tabletop Simulator's decks are
made). An explicit *mapping* overrides the guesses: a JSON object from file name (or cell
number, counted from 1) to a card's name, code or slug, ``"back"``, or ``null`` to leave it
out::

    {"IMG_0042.jpg": "Soldier of Paper", "IMG_0043.jpg": "back", "notes.png": null}

A plan is a value; the wizard changes it with :meth:`ImportPlan.assign` as the player maps
cards by hand, and :mod:`cardtable.decks.importing` carries it out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from attrs import evolve, field, frozen

from cardtable.decks.art import ASPECTS, slug_id
from cardtable.decks.images import (
    MAX_PIXELS,
    Box,
    CardImageError,
    grid_boxes,
    is_blank,
    is_image_name,
    open_upright,
    probe,
)
from cardtable.decks.names import (
    BACK,
    CUSTOM,
    PLAYING,
    TAROT,
    CardNameError,
    Slot,
    card_name_from_stem,
    guess_card,
    looks_like_back,
    natural_key,
    playing_slots,
    slot_from_text,
    tarot_slots,
)
from cardtable.refusals import Refusal

#: Files in a folder never taken for pictures (the clutter file managers leave).
JUNK = frozenset(("thumbs.db", "desktop.ini", ".ds_store"))
MAX_CARDS = 300
MAX_CARD_NAME = 60
#: The long side of the reduced sheet decoded to find a new deck's empty cells.
BLANK_PROBE_CELL = 48


class DeckImportError(Refusal):
    """An import that cannot be done; the message names the file or card at fault."""


class DeckImportCancelled(DeckImportError):
    """The player stopped the import; nothing was kept."""


@frozen
class Source:
    """Where one picture comes from: a file, or cell ``cell`` (from 0) of a sheet."""

    path: Path
    cell: int | None = None
    box: Box | None = None

    @property
    def label(self) -> str:
        """The file (and cell) in words, as messages name it: ``sheet.png, cell 12``."""
        return self.path.name if self.cell is None else f"{self.path.name}, cell {self.cell + 1}"


@frozen
class DeckTarget:
    """What the pictures are for: a kind of deck, the shape of its cards, its slots.

    A new deck (``deck == "custom"``) has a name and slots made from its pictures.
    """

    deck: str
    shape: str
    slots: tuple[Slot, ...]
    deck_name: str = ""

    @classmethod
    def tarot(cls) -> DeckTarget:
        return cls(TAROT, TAROT, tarot_slots())

    @classmethod
    def playing(cls) -> DeckTarget:
        return cls(PLAYING, PLAYING, playing_slots())

    @classmethod
    def custom(cls, names: Sequence[str], shape: str = TAROT, deck_name: str = "") -> DeckTarget:
        """A new deck of cards called ``names``, in that order."""
        if shape not in ASPECTS:
            raise DeckImportError(f"a card's shape is {' or '.join(ASPECTS)}, not {shape!r}")
        if not names:
            raise DeckImportError("a new deck needs at least one card")
        if len(names) > MAX_CARDS:
            raise DeckImportError(f"a deck holds at most {MAX_CARDS} cards, not {len(names)}")
        slots: list[Slot] = []
        taken: set[str] = {BACK}
        for number, given in enumerate(names, 1):
            # A card's name is one line of at most MAX_CARD_NAME characters (a long file
            # name is cut short rather than refused).
            name = " ".join(str(given).split())[:MAX_CARD_NAME].strip() or f"Card {number}"
            base = slug_id(name)
            slug, number = base, 1
            while slug in taken:
                number += 1
                slug = f"{base}-{number}"
            taken.add(slug)
            slots.append(Slot(slug, name))
        return cls(CUSTOM, shape, tuple(slots), deck_name)

    @classmethod
    def named(cls, deck: str) -> DeckTarget:
        """The target for ``"tarot"`` or ``"playing"``."""
        if deck == TAROT:
            return cls.tarot()
        if deck == PLAYING:
            return cls.playing()
        raise DeckImportError(f"{deck!r} is not a deck Cardtable ships (tarot or playing)")


def _frozen(value: Mapping[str, Source]) -> Mapping[str, Source]:
    return MappingProxyType(dict(value))


@frozen
class ImportPlan:
    """Which source becomes each slot, the back, and what was left over.

    ``clashes`` holds slots that more than one file claimed (the import refuses them until
    the player says which); ``spare`` lists sources no card took; ``ignored`` files that are
    not pictures.
    """

    target: DeckTarget
    assigned: Mapping[str, Source] = field(converter=_frozen, hash=False)
    back: Source | None = None
    spare: tuple[Source, ...] = ()
    clashes: tuple[tuple[str, tuple[Source, ...]], ...] = ()
    ignored: tuple[Path, ...] = ()
    sheet: Path | None = None

    @property
    def sources(self) -> list[Source]:
        """Every source the plan can use: assigned, spare, the back (for the wizard's lists)."""
        seen: dict[Source, None] = {}
        for source in [*self.assigned.values(), *self.spare]:
            seen[source] = None
        for _, claim in self.clashes:
            for source in claim:
                seen[source] = None
        if self.back is not None:
            seen[self.back] = None
        return sorted(seen, key=lambda s: (natural_key(s.path.name), s.cell or 0))

    def missing(self) -> list[Slot]:
        """Required slots that have no picture yet."""
        return [s for s in self.target.slots if s.required and s.slug not in self.assigned]

    def assign(self, slot: str, source: Source | None) -> ImportPlan:
        """The plan with ``source`` as ``slot``'s picture (``back`` for the back; None clears it).

        A source taken from elsewhere leaves its old slot; a clash on ``slot`` is settled.
        """
        if slot != BACK and slot not in {s.slug for s in self.target.slots}:
            raise DeckImportError(f"{slot!r} is not a card of this deck")
        assigned = dict(self.assigned)
        back = self.back
        spare = list(self.spare)
        if source is not None:
            # A source is one card's picture: it leaves wherever it was.
            assigned = {k: v for k, v in assigned.items() if v != source}
            back = None if back == source else back
            spare = [s for s in spare if s != source]
        old = back if slot == BACK else assigned.get(slot)
        if slot == BACK:
            back = source
        elif source is None:
            assigned.pop(slot, None)
        else:
            assigned[slot] = source
        clashes = []
        for claimed, claim in self.clashes:
            rest = tuple(s for s in claim if s != source)
            if claimed == slot:
                spare.extend(s for s in rest if s not in spare)
            elif len(rest) == 1 and claimed not in assigned:
                assigned[claimed] = rest[0]
            elif len(rest) > 1:
                clashes.append((claimed, rest))
        if old is not None and old != source and old not in spare:
            spare.append(old)
        return evolve(
            self, assigned=assigned, back=back, spare=tuple(spare), clashes=tuple(clashes)
        )

    def rename(self, slot: str, name: str) -> ImportPlan:
        """The plan with a new deck's card ``slot`` called ``name`` (its slug stays)."""
        if self.target.deck != CUSTOM:
            raise DeckImportError("Only the cards of a new deck of your own can be renamed.")
        name = " ".join(name.split())
        if not name or len(name) > MAX_CARD_NAME:
            raise DeckImportError(f"A card's name is 1 to {MAX_CARD_NAME} characters.")
        slots = tuple(evolve(s, name=name) if s.slug == slot else s for s in self.target.slots)
        return evolve(self, target=evolve(self.target, slots=slots))

    def check(self) -> None:
        """Refuse (:class:`DeckImportError`) a plan with a clash or a card without a picture."""
        if self.clashes:
            slot, claim = self.clashes[0]
            names = " and ".join(source.label for source in claim)
            card = next((s.name for s in self.target.slots if s.slug == slot), slot)
            raise DeckImportError(
                f"{names} both look like {card}; say which is which with a mapping file (--map)."
            )
        if lacking := self.missing():
            more = f" and {len(lacking) - 1} more" if len(lacking) > 1 else ""
            raise DeckImportError(
                f"No picture for {lacking[0].name}{more}; add the file or map one to it "
                "(--map). Nothing was imported."
            )


def sources_in_words(sources: Sequence[Source], most: int = 8) -> str:
    """Sources as a short list: files by name, a sheet's cells as ranges.

    >>> sheet = Path("deck.png")
    >>> cells = [Source(sheet, n) for n in (82, 83, 84, 86)]
    >>> sources_in_words([Source(Path("IMG_1.png")), *cells])
    'IMG_1.png, cells 83-85 and 87 of deck.png'
    """
    files = [s.path.name for s in sources if s.cell is None]
    sheets: dict[str, list[int]] = {}
    for source in sources:
        if source.cell is not None:
            sheets.setdefault(source.path.name, []).append(source.cell + 1)
    words = files[:most] + ([f"{len(files) - most} more"] if len(files) > most else [])
    for name, numbers in sheets.items():
        runs: list[str] = []
        for number in sorted(numbers):
            if runs and runs[-1].split("-")[-1] == str(number - 1):
                runs[-1] = f"{runs[-1].split('-')[0]}-{number}"
            else:
                runs.append(str(number))
        listed = ", ".join(runs[:-1]) + f" and {runs[-1]}" if len(runs) > 1 else runs[0]
        plural = "s" if len(numbers) > 1 else ""
        words.append(f"cell{plural} {listed} of {name}")
    return ", ".join(words)


# ---------------------------------------------------------------------------------------------
# Mapping files


def read_mapping(path: Path) -> dict[str, str | None]:
    """The mapping in the JSON file ``path``: source (file name or cell number) to card."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DeckImportError(
            f"Cannot read the mapping {path.name}: {exc.strerror or exc}."
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DeckImportError(f"The mapping {path.name} is not valid JSON: {exc}.") from None
    return check_mapping(data, path.name)


def check_mapping(data: Any, name: str = "mapping") -> dict[str, str | None]:
    if not isinstance(data, dict):
        raise DeckImportError(f"The mapping {name} must be one JSON object of source to card.")
    for key, value in data.items():
        if value is not None and not isinstance(value, str):
            raise DeckImportError(
                f'The mapping {name}: {key!r} must name a card (text), "back" or null.'
            )
    return dict(data)


def _slot_in(text: str, target: DeckTarget, where: str) -> str:
    try:
        return slot_from_text(text, target.slots, target.deck)
    except CardNameError as exc:
        raise DeckImportError(f"{where}: {exc}.") from None


# ---------------------------------------------------------------------------------------------
# From a folder


def _files(folder: Path) -> tuple[list[Path], list[Path]]:
    try:
        entries = sorted(folder.iterdir(), key=lambda p: natural_key(p.name))
    except OSError as exc:
        raise DeckImportError(
            f"Cannot read the folder {folder.name}: {exc.strerror or exc}."
        ) from None
    files = [p for p in entries if p.is_file() and not p.name.startswith(".")]
    files = [p for p in files if p.name.casefold() not in JUNK]
    return [p for p in files if is_image_name(p)], [p for p in files if not is_image_name(p)]


def plan_folder(
    folder: Path,
    target: DeckTarget | str,
    *,
    mapping: Mapping[str, str | None] | None = None,
    back: Path | None = None,
    shape: str = TAROT,
    deck_name: str = "",
) -> ImportPlan:
    """Plan an import from the pictures in ``folder``.

    ``target`` is a :class:`DeckTarget` or ``"tarot"``, ``"playing"`` or ``"custom"`` (a new
    deck with one card per picture, named after its file, in file-name order; ``shape`` and
    ``deck_name`` are for it). ``back`` is a picture for the back (else a file called like
    ``back.png`` is taken); ``mapping`` overrides the guesses.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise DeckImportError(f"{folder.name or folder} is not a folder of pictures.")
    images, others = _files(folder)
    mapping = dict(mapping or {})
    by_name = {p.name: p for p in [*images, *others]}
    if stray := sorted(set(mapping) - set(by_name)):
        raise DeckImportError(f"The mapping names {stray[0]}, which is not in {folder.name}.")
    if back is not None:
        back = Path(back)
        if not back.is_file():
            raise DeckImportError(f"The back picture {back.name} is not there.")
    chosen = [p for p in [*images, *(by_name[k] for k in mapping if by_name[k] not in images)]]
    left_out = {by_name[k] for k, v in mapping.items() if v is None}
    chosen = [p for p in chosen if p not in left_out and p != back]
    explicit_back = [
        by_name[k] for k, v in mapping.items() if v is not None and v.casefold() == BACK
    ]
    if back is None and explicit_back:
        back = explicit_back[-1]
    elif back is None:
        named = [p for p in chosen if looks_like_back(p.stem) and p.name not in mapping]
        back = named[0] if len(named) == 1 else None
    pictures = [p for p in chosen if p != back]
    if isinstance(target, str):
        if target == CUSTOM:
            names = [mapping.get(p.name) or card_name_from_stem(p.stem) for p in pictures]
            target = DeckTarget.custom([str(n) for n in names], shape, deck_name)
        else:
            target = DeckTarget.named(target)
    ignored = tuple(p for p in others if p.name not in mapping) + tuple(sorted(left_out))
    back_source = None if back is None else Source(back)
    if target.deck == CUSTOM:
        slugs = [s.slug for s in target.slots]
        if len(slugs) != len(pictures):
            raise DeckImportError("a new deck's names must match its pictures one for one")
        assigned = dict(zip(slugs, (Source(p) for p in pictures), strict=True))
        return ImportPlan(target, assigned, back_source, ignored=ignored)
    claims: dict[str, list[Source]] = {}
    spare: list[Source] = []
    for path in pictures:
        source = Source(path)
        if path.name in mapping:
            slot = _slot_in(str(mapping[path.name]), target, f"The mapping for {path.name}")
        else:
            slot = guess_card(path.stem, target.deck) or ""
        if slot:
            claims.setdefault(slot, []).append(source)
        else:
            spare.append(source)
    return _settle(target, claims, spare, back_source, ignored, mapping)


def _settle(
    target: DeckTarget,
    claims: dict[str, list[Source]],
    spare: list[Source],
    back: Source | None,
    ignored: tuple[Path, ...],
    mapping: Mapping[str, str | None],
    sheet: Path | None = None,
) -> ImportPlan:
    """Turn claims into a plan: a slot claimed once is assigned; a clash that the mapping
    settles goes to the mapped source; any other clash is kept for the player."""
    assigned: dict[str, Source] = {}
    clashes: list[tuple[str, tuple[Source, ...]]] = []
    for slot, claim in claims.items():
        mapped = [s for s in claim if _key(s) in mapping]
        if len(claim) == 1:
            assigned[slot] = claim[0]
        elif len(mapped) == 1:
            assigned[slot] = mapped[0]
            spare.extend(s for s in claim if s is not mapped[0])
        else:
            clashes.append((slot, tuple(claim)))
    order = {s.slug: i for i, s in enumerate(target.slots)}
    clashes.sort(key=lambda c: order.get(c[0], 0))
    return ImportPlan(target, assigned, back, tuple(spare), tuple(clashes), ignored, sheet)


def _key(source: Source) -> str:
    return source.path.name if source.cell is None else str(source.cell + 1)


# ---------------------------------------------------------------------------------------------
# From a sheet in a grid


def plan_grid(
    sheet: Path,
    rows: int,
    columns: int,
    target: DeckTarget | str,
    *,
    mapping: Mapping[str, str | None] | None = None,
    back: Path | int | None = None,
    shape: str | None = None,
    deck_name: str = "",
    max_pixels: int = MAX_PIXELS,
) -> ImportPlan:
    """Plan an import from one sheet of ``rows`` x ``columns`` cards.

    Cells are taken row by row from the top left, in the deck's order (for a new deck:
    every cell that is not empty, named "Card 1", "Card 2"... unless the mapping names it).
    ``back`` is a cell number (from 1; -1 for the last cell) or a separate picture file.
    """
    sheet = Path(sheet)
    if not sheet.is_file():
        raise DeckImportError(f"The sheet {sheet.name} is not there.")
    try:
        size = probe(sheet, max_pixels=max_pixels)
        boxes = grid_boxes(size, rows, columns)
    except CardImageError as exc:
        raise DeckImportError(str(exc)) from None
    mapping = dict(mapping or {})
    cells = [Source(sheet, i, box) for i, box in enumerate(boxes)]
    for key in mapping:
        if not key.isdigit() or not 1 <= int(key) <= len(cells):
            raise DeckImportError(
                f"The mapping names cell {key!r}; the sheet has cells 1 to {len(cells)}."
            )
    back_source: Source | None = None
    if isinstance(back, int):
        index = len(cells) - 1 if back == -1 else back - 1
        if not 0 <= index < len(cells):
            raise DeckImportError(f"The sheet has cells 1 to {len(cells)}, not {back}.")
        back_source = cells[index]
    elif back is not None:
        if not Path(back).is_file():
            raise DeckImportError(f"The back picture {Path(back).name} is not there.")
        back_source = Source(Path(back))
    for key, value in mapping.items():
        if value is not None and value.casefold() == BACK:
            back_source = cells[int(key) - 1]
    left_out = {int(k) - 1 for k, v in mapping.items() if v is None}
    free = [c for c in cells if c != back_source and c.cell not in left_out]
    if isinstance(target, str):
        if target == CUSTOM:
            cell_aspect = (size[1] / rows) / (size[0] / columns)
            guessed = shape or min(ASPECTS, key=lambda s: abs(ASPECTS[s] - cell_aspect))
            free = _filled(sheet, rows, columns, free, mapping, max_pixels)
            names = [mapping.get(_key(c)) or f"Card {n}" for n, c in enumerate(free, 1)]
            target = DeckTarget.custom([str(n) for n in names], guessed, deck_name)
        else:
            target = DeckTarget.named(target)
    if target.deck == CUSTOM:
        assigned = dict(zip((s.slug for s in target.slots), free, strict=True))
        return ImportPlan(target, assigned, back_source, sheet=sheet)
    claims: dict[str, list[Source]] = {}
    mapped = {int(k) - 1 for k in mapping}
    unmapped = [c for c in free if c.cell not in mapped]
    taken = set()
    for key, value in mapping.items():
        if value is None or value.casefold() == BACK:
            continue
        slot = _slot_in(value, target, f"The mapping for cell {key}")
        claims.setdefault(slot, []).append(cells[int(key) - 1])
        taken.add(slot)
    order = [s for s in target.slots if s.slug not in taken]
    for wanted, cell in zip(order, unmapped, strict=False):
        claims.setdefault(wanted.slug, []).append(cell)
    spare = unmapped[len(order) :]
    return _settle(target, claims, list(spare), back_source, (), mapping, sheet)


def _filled(
    sheet: Path,
    rows: int,
    columns: int,
    cells: list[Source],
    mapping: Mapping[str, str | None],
    max_pixels: int,
) -> list[Source]:
    """The cells of a new deck's sheet that hold a card (mapped ones, or not one flat colour)."""
    want = (columns * BLANK_PROBE_CELL, rows * BLANK_PROBE_CELL)
    try:
        small = open_upright(sheet, want=want, max_pixels=max_pixels)
    except CardImageError as exc:
        raise DeckImportError(str(exc)) from None
    boxes = grid_boxes(small.size, rows, columns)
    return [c for c in cells if _key(c) in mapping or not is_blank(small.crop(boxes[c.cell or 0]))]
