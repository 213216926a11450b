"""Art sets: a group's own pictures for a deck's faces and back, kept in the user data folder.

An art set *dresses* a kind of deck (``"tarot"`` for the Tourist's Tarot, ``"playing"`` for
playing cards, ``"custom"`` for a new deck of its own): it holds one picture per card, filed
under the card's slot (``soldier-paper``, ``qh``, ``joker-2``: see
:mod:`cardtable.decks.names`), and perhaps a back. On disk it is a folder::

    <user data>/decks/<id>/artset.json      what the set is and which file is which card
    <user data>/decks/<id>/<slot>.png       pictures already of the card's shape,
                                            at most STORED_HEIGHT pixels tall

made by :mod:`cardtable.decks.importing` and never changed afterwards (a new import makes a new
set). Smaller copies for the table are made on first need and kept per size in the user
cache folder (:meth:`ArtLibrary.sized_picture`), so a table of a hundred cards opens without
decoding a hundred large pictures.

>>> import tempfile
>>> library = ArtLibrary(Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp()))
>>> library.art_sets(), library.fresh_id("Gilded Marseille")
([], 'gilded-marseille')
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import time
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NewType

from attrs import field, frozen

from cardtable.cards import CardFace, PlayingCard
from cardtable.decks.names import BACK, DECK_KINDS, PLAYING, SECOND_JOKER, TAROT, slots_for
from cardtable.refusals import Refusal

ArtSetId = NewType("ArtSetId", str)

ART_FORMAT = 1
ARTSET_FILE = "artset.json"
#: A new deck's file, beside its pictures (see :mod:`cardtable.decks.custom`).
DECK_FILE = "deck.json"
#: The tallest a stored card picture is, in pixels (sharp on the table at any sensible zoom).
STORED_HEIGHT = 750
#: The shapes a card can have: height / width.
ASPECTS: Mapping[str, float] = MappingProxyType({TAROT: 8 / 5, PLAYING: 7 / 5})
#: Heights of the smaller copies kept in the cache; a request takes the next one up.
SIZE_STEPS = (60, 90, 135, 200, 300, 450)
#: Import folders left by an import that was killed are swept after this many seconds.
STALE_IMPORT_S = 3600.0
IMPORT_PREFIX = ".importing-"
MAX_ID = 60
MAX_NAME = 60

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\.png")
_log = logging.getLogger(__name__)


class ArtSetError(Refusal):
    """An art set that is not installed or cannot be read; the message says which and why."""


def _frozen_map(value: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(value))


def slot_of(face: CardFace, variant: int = 0) -> str:
    """The slot a face's picture is filed under; ``variant`` 1 is a deck's second joker.

    >>> from cardtable.cards import PlayingCard
    >>> slot_of(PlayingCard.joker(), 1), slot_of(PlayingCard.from_code("10S"))
    ('joker-2', '10s')
    """
    if isinstance(face, PlayingCard) and face.is_joker and variant % 2 == 1:
        return SECOND_JOKER
    return face.slug


@frozen
class ArtSet:
    """One installed art set: what it dresses, its shape, and the file of each slot.

    ``stamp`` changes with every import, so cached copies of an older set of the same id are
    never shown.
    """

    id: ArtSetId
    name: str
    deck: str
    shape: str
    folder: Path = field(eq=False)
    cards: Mapping[str, str] = field(converter=_frozen_map, hash=False)
    back: str | None = None
    stamp: str = ""

    @property
    def aspect(self) -> float:
        """Height / width of the set's cards."""
        return ASPECTS[self.shape]

    def dresses(self, system: str) -> bool:
        """Whether the set is art for decks of ``system`` (a deck file's system)."""
        return self.deck == system

    def picture(self, slot: str) -> Path | None:
        """The stored picture for ``slot`` (``back`` for the back), or None."""
        name = self.back if slot == BACK else self.cards.get(slot)
        return None if name is None else self.folder / name

    def face_picture(self, face: CardFace, variant: int = 0) -> Path | None:
        """The stored picture of ``face``; a second joker falls back to the first's."""
        slot = slot_of(face, variant)
        if slot not in self.cards and slot == SECOND_JOKER:
            slot = "joker"
        return self.picture(slot)

    def slot_for(self, face: CardFace, variant: int = 0) -> str | None:
        """The slot :meth:`face_picture` uses for ``face``, or None when the set has none."""
        slot = slot_of(face, variant)
        if slot not in self.cards and slot == SECOND_JOKER:
            slot = "joker"
        return slot if slot in self.cards else None

    def __repr__(self) -> str:
        return f"<ArtSet {self.id!r} ({self.name}, {self.deck}, {len(self.cards)} cards)>"


# ---------------------------------------------------------------------------------------------
# artset.json


def art_set_document(art: ArtSet) -> dict[str, Any]:
    """``art`` as the JSON object of its ``artset.json``."""
    return {
        "art_format": ART_FORMAT,
        "id": art.id,
        "name": art.name,
        "deck": art.deck,
        "shape": art.shape,
        "stamp": art.stamp,
        "back": art.back,
        "cards": dict(art.cards),
    }


def check_id(art_id: str) -> ArtSetId:
    """``art_id`` if it is a well-formed art set id (lower-case words joined by hyphens)."""
    if not isinstance(art_id, str) or not _ID.fullmatch(art_id) or len(art_id) > MAX_ID:
        raise ArtSetError(f"{art_id!r} is not an art set id (lower-case letters, digits, hyphens)")
    return ArtSetId(art_id)


def parse_art_set(data: Any, folder: Path) -> ArtSet:
    """Check the parsed ``artset.json`` of ``folder`` and build its :class:`ArtSet`."""
    where = f"{folder.name}/{ARTSET_FILE}"
    if not isinstance(data, dict):
        raise ArtSetError(f"{where}: an art set file holds one JSON object")
    if data.get("art_format") != ART_FORMAT or type(data.get("art_format")) is not int:
        raise ArtSetError(
            f"{where}: art_format is {data.get('art_format')!r}; this Cardtable reads {ART_FORMAT}"
        )
    extra = set(data) - {"art_format", "id", "name", "deck", "shape", "stamp", "back", "cards"}
    if extra:
        raise ArtSetError(f"{where}: unknown keys {', '.join(sorted(extra))}")
    try:
        art_id = check_id(data.get("id"))  # type: ignore[arg-type]
    except ArtSetError as exc:
        raise ArtSetError(f"{where}: {exc}") from None
    if art_id != folder.name:
        raise ArtSetError(f"{where}: the id {art_id!r} is not the folder's name")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise ArtSetError(f"{where}: the name must be text of 1 to {MAX_NAME} characters")
    deck, shape = data.get("deck"), data.get("shape")
    if deck not in DECK_KINDS:
        raise ArtSetError(f"{where}: deck {deck!r} is not one of {', '.join(DECK_KINDS)}")
    if shape not in ASPECTS:
        raise ArtSetError(f"{where}: shape {shape!r} is not one of {', '.join(ASPECTS)}")
    stamp = data.get("stamp", "")
    if not isinstance(stamp, str) or not re.fullmatch(r"[0-9a-z]*", stamp):
        raise ArtSetError(f"{where}: the stamp must be letters and digits")
    cards = data.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise ArtSetError(f"{where}: 'cards' must be a non-empty object of slot to file")
    back = data.get("back")
    files = [*cards.values(), *([] if back is None else [back])]
    for slot, file in [*cards.items(), *([] if back is None else [(BACK, back)])]:
        if not isinstance(file, str) or not _FILE.fullmatch(file):
            raise ArtSetError(f"{where}: the picture for {slot!r} must be a PNG file in the folder")
        if not (folder / file).is_file():
            raise ArtSetError(f"{where}: the picture {file} for {slot!r} is missing")
    if len(set(files)) != len(files):
        raise ArtSetError(f"{where}: two slots share one picture file")
    if deck in (TAROT, PLAYING):
        known = {slot.slug: slot for slot in slots_for(deck)}
        if stray := sorted(set(cards) - set(known)):
            raise ArtSetError(f"{where}: {stray[0]!r} is not a card of a {deck} deck")
        if lacking := [s.name for s in known.values() if s.required and s.slug not in cards]:
            raise ArtSetError(f"{where}: the set has no picture for {lacking[0]}")
    return ArtSet(art_id, name.strip(), str(deck), str(shape), folder, cards, back, stamp)


def read_art_set(folder: Path) -> ArtSet:
    """The art set stored in ``folder``; :class:`ArtSetError` says what is wrong."""
    path = folder / ARTSET_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ArtSetError(
            f"{folder.name}: cannot read {ARTSET_FILE} ({exc.strerror or exc})"
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArtSetError(f"{folder.name}/{ARTSET_FILE} is damaged: {exc}") from None
    return parse_art_set(data, folder)


# ---------------------------------------------------------------------------------------------
# The library


def default_data_dir() -> Path:
    import platformdirs  # here, not at the top: tests and tools pass their own folders

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def default_cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("cardtable", appauthor=False))


def slug_id(name: str) -> str:
    """An art set id made from a name: ``"Gilded Marseille!"`` becomes ``gilded-marseille``."""
    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:MAX_ID].strip("-")
    return text or "art"


class ArtLibrary:
    """The art sets installed for this user, and the cache of their smaller copies.

    ``data_dir`` and ``cache_dir`` default to the user's data and cache folders for
    Cardtable; tests give their own.
    """

    def __init__(self, data_dir: Path | None = None, cache_dir: Path | None = None) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.cache_dir = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        self._read: dict[str, tuple[float, ArtSet]] = {}

    @property
    def folder(self) -> Path:
        """Where art sets live: ``<data>/decks``."""
        return self.data_dir / "decks"

    def art_sets(self, deck: str | None = None) -> list[ArtSet]:
        """Every readable art set (for ``deck``'s kind only, if given), by name.

        A set that cannot be read is left out and logged; it does not stop the others.
        """
        found = []
        for folder in sorted(self._folders()):
            try:
                art = self.get(folder.name)
            except ArtSetError as exc:
                _log.warning("skipped an art set: %s", exc)
                continue
            if deck is None or art.deck == deck:
                found.append(art)
        return sorted(found, key=lambda a: (a.name.casefold(), a.id))

    def _folders(self) -> list[Path]:
        try:
            return [p for p in self.folder.iterdir() if p.is_dir() and not p.name.startswith(".")]
        except OSError:
            return []

    def get(self, art_id: str) -> ArtSet:
        """The installed art set ``art_id``; :class:`ArtSetError` when it is not installed."""
        check_id(art_id)
        folder = self.folder / art_id
        try:
            mtime = (folder / ARTSET_FILE).stat().st_mtime
        except OSError:
            raise ArtSetError(f"the art set {art_id!r} is not installed on this computer") from None
        cached = self._read.get(art_id)
        if cached is not None and cached[0] == mtime:
            return cached[1]
        art = read_art_set(folder)
        self._read[art_id] = (mtime, art)
        return art

    def find(self, art_id: str | None) -> ArtSet | None:
        """The art set ``art_id``, or None when it is not installed (or ``art_id`` is None)."""
        if art_id is None:
            return None
        try:
            return self.get(art_id)
        except ArtSetError:
            return None

    def fresh_id(self, name: str) -> ArtSetId:
        """An id made from ``name`` that no installed set (nor import under way) uses."""
        base = slug_id(name)
        taken = {p.name for p in self._folders()}
        candidate, number = base, 1
        while candidate in taken:
            number += 1
            candidate = f"{base[: MAX_ID - 4]}-{number}"
        return ArtSetId(candidate)

    def remove(self, art_id: str) -> None:
        """Uninstall an art set and its cached copies."""
        art = self.get(art_id)
        # Rename first: a folder half deleted must not look like a broken set.
        doomed = self.folder / f"{IMPORT_PREFIX}removed-{art.id}-{os.urandom(3).hex()}"
        os.replace(art.folder, doomed)
        shutil.rmtree(doomed, ignore_errors=True)
        shutil.rmtree(self._cache_folder(art), ignore_errors=True)
        self._read.pop(art.id, None)

    def sweep(self, now: float | None = None) -> None:
        """Remove what an import killed half-way left behind (older than an hour)."""
        now = time.time() if now is None else now
        with contextlib.suppress(OSError):
            for path in self.folder.iterdir():
                if path.name.startswith(IMPORT_PREFIX) and path.is_dir():
                    with contextlib.suppress(OSError):
                        if now - path.stat().st_mtime > STALE_IMPORT_S:
                            shutil.rmtree(path, ignore_errors=True)

    # -- smaller copies, per size ----------------------------------------------------------

    def _cache_folder(self, art: ArtSet) -> Path:
        return self.cache_dir / "art" / f"{art.id}-{art.stamp or 'x'}"

    def sized_picture(self, art: ArtSet, slot: str, height: int) -> Path | None:
        """A file of ``slot``'s picture at least ``height`` pixels tall (or the stored one).

        The copy is made once per size step and kept in the cache folder; when the cache
        cannot be written the stored picture is returned. None if the set has no picture
        for ``slot``.
        """
        stored = art.picture(slot)
        if stored is None:
            return None
        step = next((s for s in SIZE_STEPS if s >= height), None)
        if step is None:
            return stored
        target = self._cache_folder(art) / str(step) / f"{slot}.png"
        if target.is_file():
            return target
        # Pillow comes in only to make a copy: the table opens without it.
        from PIL import Image

        from cardtable.decks.images import PNG_OPTIONS, CardImageError, open_upright

        # Another Cardtable may be making the same copy: write aside, then rename over.
        temp = target.with_name(f".{target.name}.{os.urandom(3).hex()}")
        try:
            picture = open_upright(stored, want=(round(step / art.aspect), step))
            picture = picture.resize(
                (max(1, round(picture.width * step / picture.height)), step),
                Image.Resampling.LANCZOS,
            )
            target.parent.mkdir(parents=True, exist_ok=True)
            picture.save(temp, "PNG", **PNG_OPTIONS)
            os.replace(temp, target)
        except (OSError, CardImageError) as exc:
            _log.warning("could not cache %s of %s at %d px: %s", slot, art.id, step, exc)
            with contextlib.suppress(OSError):
                temp.unlink()
            return stored
        return target
