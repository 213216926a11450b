"""Save files (``.cardtable``): a session as JSON, read back all or nothing.

The file is one JSON object whose first key is its own integer ``format_version``::

    {"format_version": 1, "saved_by": "Cardtable 0.1.0", "session": {...}}

The session part is structured with cattrs into the attrs classes below, with unknown
keys forbidden and every primitive checked for its exact JSON type, then checked as a whole
(:meth:`GameState.check`). Cards are not stored: each deck names its source and size and is
rebuilt, and the file says where each card lies and how.

A file that cannot be read (missing, not UTF-8, not JSON, truncated, damaged, from a newer
Cardtable) is refused with a :class:`SessionFileError` whose one-line message names the
file and the problem; nothing is half-loaded and the file is left as it was. Saving writes
a temporary file, fsyncs it and renames it over the old one, which is kept as
``NAME.cardtable.bak``.

The classes here (and the model classes they hold: :class:`Player`, :class:`Pile`,
:class:`Facing`, :class:`DeckOnTable`; the log's rows in :mod:`cardtable.session.log_file`)
*are* the format: changing one of them changes the format, which then needs a new version
and a step in :mod:`cardtable.session.migrations`.
"""

from __future__ import annotations

import functools
import gc
import json
import logging
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson
from attrs import define
from attrs import has as attrs_has
from cattrs import BaseValidationError, Converter, ForbiddenExtraKeysError, transform_error
from cattrs.gen import make_dict_unstructure_fn
from cattrs.v import format_exception

from cardtable import __version__
from cardtable.cards import CardId
from cardtable.counts import counted
from cardtable.exact_json import json_name, strict
from cardtable.piles import Facing, Pile, PileId, Table
from cardtable.randomness import Rng
from cardtable.refusals import in_plain_words, python_words
from cardtable.session.atomic import write_atomic
from cardtable.session.core import Session
from cardtable.session.file_stamp import FileStamp
from cardtable.session.locks import locked
from cardtable.session.log_file import DamagedLogError, columns, read_log
from cardtable.session.migrations import FORMAT_VERSION, MigrationError, migrate
from cardtable.session.model import (
    Character,
    CharacterId,
    DeckOnTable,
    GameState,
    OptionValue,
    PeekMark,
    Player,
    PlayerId,
)
from cardtable.session.registry import resolver_class, resolver_kind
from cardtable.session.text_limits import TextLimitError, check_texts, refuse_huge_texts
from cardtable.sheets import SheetError
from cardtable.sheets.convert import configure_portraits, sheet_from_dict, sheet_to_dict

SUFFIX = ".cardtable"
#: Longest message a refusal prints (the file name comes on top).
MAX_MESSAGE = 300

_log = logging.getLogger(__name__)


class SessionFileError(ValueError):
    """A session file that cannot be read or written; the message is one line naming the
    file and the problem."""


# ---------------------------------------------------------------------------------------------
# The file's shape, format 1


@define
class CharacterDoc:
    id: CharacterId
    name: str
    player: PlayerId
    system: str
    sheet: Any = None  # the sheet's own tagged dict (cardtable.sheets.convert)


@define
class ResolverDoc:
    kind: str
    state: Any  # structured by the class registered for ``kind``


@define
class PeekDoc:
    card: CardId
    player: PlayerId
    pile: PileId


@define
class TableDoc:
    piles: list[Pile]
    #: Only cards lying face up or reversed; every other card lies face down, upright.
    facing: dict[CardId, Facing]


@define
class SessionDoc:
    players: list[Player]
    holder: PlayerId | None
    curtain: PlayerId | None
    scene: int
    characters: list[CharacterDoc]
    decks: list[DeckOnTable]
    table: TableDoc
    resolvers: dict[str, ResolverDoc]
    peeks: list[PeekDoc]
    options: dict[str, OptionValue]
    log: Any  # columns, checked by cardtable.session.log_file.read_log


@define
class FileDoc:
    format_version: int
    saved_by: str
    session: SessionDoc


# ---------------------------------------------------------------------------------------------
# The converter


def _number(value: Any, _type: Any) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"expected a number, found {json_name(value)}")
    return float(value)


def _option(value: Any, _type: Any) -> OptionValue:
    if not isinstance(value, bool | int | str):
        raise TypeError(f"an option is true/false, a whole number or text, not {value!r}")
    return value


def make_converter(*, detailed_validation: bool = True) -> Converter:
    """The converter for session files (also used for resolver states); without
    ``detailed_validation`` it stops at the first problem, with less code to write per class."""
    conv = Converter(forbid_extra_keys=True, detailed_validation=detailed_validation)
    strict(conv, (str, int, bool))
    conv.register_structure_hook(float, _number)
    conv.register_structure_hook_func(lambda t: t == OptionValue, _option)
    # Sheets are stored as the tagged dicts of :mod:`cardtable.sheets.convert`; a portrait
    # met anywhere else is stored the same way.
    configure_portraits(conv)
    # A class that says so (``saved_sparse``) is saved without the fields that hold their
    # default: asked of the class, so that this module need not import every such class.
    conv.register_unstructure_hook_factory(
        _saved_sparse, lambda cls: make_dict_unstructure_fn(cls, conv, _cattrs_omit_if_default=True)
    )
    return conv


def _saved_sparse(cls: Any) -> bool:
    return attrs_has(cls) and getattr(cls, "saved_sparse", False) is True


@functools.cache
def _converter(detailed: bool = True) -> Converter:
    """The session files' converter, made when a file is first read or written. The quick way
    to read one (:func:`from_bytes`) is not ``detailed``: a file it does not read whole is
    read again with the detailed one, whose reasons the refusal gives."""
    return make_converter(detailed_validation=detailed)


# ---------------------------------------------------------------------------------------------
# Session -> document -> bytes


def document(session: Session) -> dict[str, Any]:
    """The session as a dict ready for :func:`encode` (JSON values, and the log's times as
    datetimes; new containers: safe to serialise on another thread)."""
    state = session.state
    table = state.table
    plain = Facing()
    unseen = _unseen_cards(table)
    doc = SessionDoc(
        players=list(state.players),
        holder=session.holder,
        curtain=session.curtain,
        scene=state.scene,
        characters=[
            CharacterDoc(
                c.id,
                c.name,
                c.player,
                c.system,
                None if c.sheet is None else sheet_to_dict(c.sheet),
            )
            for c in state.characters.values()
        ],
        decks=list(state.decks),
        table=TableDoc(
            [_without_order(table, pile) for pile in table.piles.values()],
            {
                card: facing
                for card, facing in table.facing.items()
                if facing != plain and card not in unseen
            },
        ),
        resolvers={
            rid: ResolverDoc(resolver_kind(value), _converter().unstructure(value, type(value)))
            for rid, value in state.resolvers.items()
        },
        peeks=[PeekDoc(card, mark.player, mark.pile) for card, mark in state.peeks.items()],
        options=dict(state.options),
        log=[],
    )
    body: dict[str, Any] = _converter().unstructure(doc, SessionDoc)
    body["log"] = columns(session.log)
    return {
        "format_version": FORMAT_VERSION,
        "saved_by": f"Cardtable {__version__}",
        "session": body,
    }


def _without_order(table: Table, pile: Pile) -> Pile:
    """``pile`` as the file keeps it: the cards of its unseen shuffled part in a fixed
    order (the file tells no one what comes next; a load deals them afresh)."""
    count = table.unseen_part(pile.id)
    if count == 0 and pile.shuffled == 0:
        return pile
    written = pile.copy()
    written.cards[:count] = sorted(written.cards[:count])
    written.shuffled = count
    return written


def _unseen_cards(table: Table) -> set[CardId]:
    """The face-down cards in piles' unseen shuffled parts of piles that turn on shuffle:
    which way up each lies is chance's too, so the file does not say."""
    unseen: set[CardId] = set()
    for pile in table.piles.values():
        if pile.turns_on_shuffle:
            unseen.update(pile.cards[: table.unseen_part(pile.id)])
    return unseen


def encode(doc: Any) -> bytes:
    """The document as the bytes of a file (compact JSON in UTF-8, ending in a new line).

    Written by orjson, quick enough for a hundred thousand log lines; what it will not
    write (a lone surrogate, a whole number past 64 bits) goes through Python's own
    encoder, which writes the same JSON or says why it cannot.
    """
    try:
        return orjson.dumps(doc, option=orjson.OPT_APPEND_NEWLINE)
    except TypeError:
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"), default=_isoformat)
        return (text + "\n").encode("utf-8")


def _isoformat(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} cannot be saved")


@contextmanager
def no_cycles() -> Iterator[None]:
    """Pause Python's cycle collector: reading or writing a long log makes hundreds of
    thousands of lists and strings, none in a cycle, and each pass of the collector would
    walk them all again."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def to_bytes(session: Session) -> bytes:
    return encode(document(session))


def save(
    session: Session, path: str | Path, *, unchanged_since: FileStamp | None = None
) -> FileStamp:
    """Write ``session`` to ``path``, keeping the previous file as ``NAME.bak``; returns the
    new file's stamp.

    The file holds private cards and notes: a new one is readable by its owner only. With
    ``unchanged_since`` (the stamp from when the file was loaded or last saved), a file
    someone else has written since is refused with :class:`FileChangedError` and left
    alone. The check and the write happen under a lock every Cardtable honours
    (:mod:`cardtable.session.locks`), so two of them saving the same file at once never
    overwrite each other unseen. On any failure the file at ``path`` is as it was, and
    :class:`SessionFileError` says why.
    """
    path = Path(path)
    try:
        with no_cycles():
            data = to_bytes(session)
    except (ValueError, TypeError) as exc:
        raise SessionFileError(_line(path.name, f"cannot be saved: {exc}")) from None
    try:
        # Under the lock every Cardtable takes to save this file, the check that nobody
        # wrote it since, the write and the new stamp are one step another save cannot cut.
        with locked(Path(os.path.realpath(path))):
            if unchanged_since is not None and path.exists() and not unchanged_since.matches(path):
                raise FileChangedError(path.name)
            write_atomic(path, data, backup=True, private=True)
            return FileStamp.of(path, data)
    except OSError as exc:
        raise SessionFileError(
            _line(path.name, f"cannot be written ({exc.strerror or exc})")
        ) from None


class FileChangedError(SessionFileError):
    """The file was written by someone else (another Cardtable, a sync client) since it
    was loaded or last saved here; nothing was written."""

    def __init__(self, name: str) -> None:
        super().__init__(
            _line(
                name,
                "has changed on disk since it was opened or last saved here (another "
                "Cardtable or a sync client wrote it); nothing was written",
            )
        )


# ---------------------------------------------------------------------------------------------
# bytes -> document -> Session


def _line(name: str, problem: str) -> str:
    text = " ".join(problem.split())
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 1] + "…"
    return f"{name}: {text}"


def _reason(exc: BaseException, kind: type | None) -> str:
    """One structuring failure in words (cattrs' own words, but ours where we have them)."""
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown keys {', '.join(repr(k) for k in sorted(exc.extra_fields))}"
    if isinstance(exc, AttributeError) and "has no attribute" in str(exc):
        return "expected an object with named fields"
    if isinstance(exc, TypeError | ValueError) and not isinstance(exc, BaseValidationError):
        # Our own hooks and the model's validators explain themselves.
        own = str(exc)
        if not python_words(own):
            return own
    cattrs_words = format_exception(exc, kind)
    if not python_words(cattrs_words):
        return cattrs_words
    # Python's own words ("argument of type 'int' is not iterable"): say what was expected.
    if isinstance(kind, type) and attrs_has(kind):
        return "expected an object with named fields"
    return "a value of the wrong kind"


def _validation_problem(exc: BaseValidationError) -> str:
    reasons = [
        reason.replace(" @ $.", " at ").replace(" @ $", "")
        for reason in transform_error(exc, format_exception=_reason)
    ]
    first = reasons[0] if reasons else str(exc)
    more = f" (and {counted(len(reasons) - 1, 'more problem')})" if len(reasons) > 1 else ""
    return f"damaged: {first}{more}"


def load(
    path: str | Path, *, rng: Rng | None = None, clock: Callable[[], datetime] | None = None
) -> Session:
    """Read the session saved at ``path``; :class:`SessionFileError` says why it cannot be."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SessionFileError(
            _line(path.name, f"cannot be read ({exc.strerror or exc})")
        ) from None
    return from_bytes(raw, path.name, rng=rng, clock=clock)


def load_stamped(
    path: str | Path, *, rng: Rng | None = None, clock: Callable[[], datetime] | None = None
) -> tuple[Session, FileStamp]:
    """:func:`load`, with the stamp of the file as it was read (for :func:`save`'s
    ``unchanged_since``)."""
    path = Path(path)
    try:
        stamp, raw = FileStamp.read_with_bytes(path)
    except OSError as exc:
        raise SessionFileError(
            _line(path.name, f"cannot be read ({exc.strerror or exc})")
        ) from None
    return from_bytes(raw, path.name, rng=rng, clock=clock), stamp


def from_bytes(
    raw: bytes,
    name: str = "session",
    *,
    rng: Rng | None = None,
    clock: Callable[[], datetime] | None = None,
) -> Session:
    """The session in ``raw`` (the bytes of a file called ``name``), all or nothing."""
    if not raw.strip():
        raise SessionFileError(_line(name, "is empty"))
    try:
        refuse_huge_texts(raw)
    except TextLimitError as exc:
        raise SessionFileError(_line(name, str(exc))) from None
    with no_cycles():
        try:  # the quick way, for a file that reads as it should
            data = orjson.loads(raw)
        except orjson.JSONDecodeError:  # said again below, in Python's own reading
            data = None
        if isinstance(data, dict):
            _refuse_long_texts(data, name)
            try:
                return _session_of(data, rng, clock)
            except Exception:  # said again below, in Python's own reading
                pass
        del data  # a damaged file need not be held twice while it is read again
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SessionFileError(
                _line(name, "is not a Cardtable session (not UTF-8 text)")
            ) from None
        if not text.strip():
            raise SessionFileError(_line(name, "is empty"))
        return _from_text(text, name, rng, clock)


def _refuse_long_texts(data: dict[str, Any], name: str) -> None:
    """Refuse a file holding a text over its limit (:mod:`cardtable.session.text_limits`)
    before anything is made of it."""
    try:
        check_texts(data.get("session"))
    except TextLimitError as exc:
        raise SessionFileError(_line(name, str(exc))) from None


def _session_of(data: Any, rng: Rng | None, clock: Callable[[], datetime] | None) -> Session:
    if not isinstance(data, dict):
        raise TypeError("not a session")
    doc = _converter(detailed=False).structure(migrate(data), FileDoc)
    return _session(doc.session, rng, clock, quick=True)


def _from_text(
    text: str, name: str, rng: Rng | None, clock: Callable[[], datetime] | None
) -> Session:
    """The session in ``text``, read by Python's own JSON reader: the same session as the
    quick way, or the one line that says why there is none.

    (orjson reads a few odd files differently: it refuses a lone surrogate or NaN, and
    reads a whole number past 64 bits as a float. Every file it does not load whole comes
    here, so a refusal is always worded from Python's reading.)
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise SessionFileError(
            _line(name, f"is damaged or cut short: not valid JSON ({exc.msg} at {where})")
        ) from None
    except RecursionError:
        raise SessionFileError(_line(name, "is damaged: its JSON is nested too deeply")) from None
    except ValueError as exc:  # Python's 4,300-digit limit on whole numbers, and the like
        what = "a number too long to read" if "digits" in str(exc) else "a value it cannot read"
        raise SessionFileError(_line(name, f"is damaged: it holds {what}")) from None
    _refuse_broken_text(text, data, name)
    if not isinstance(data, dict):
        raise SessionFileError(_line(name, "is not a Cardtable session (no JSON object inside)"))
    _refuse_long_texts(data, name)
    try:
        data = migrate(data)
        doc = _converter().structure(data, FileDoc)
        return _session(doc.session, rng, clock)
    except MigrationError as exc:
        raise SessionFileError(_line(name, str(exc))) from None
    except DamagedLogError as exc:
        raise SessionFileError(_line(name, f"damaged: {exc}")) from None
    except BaseValidationError as exc:
        raise SessionFileError(_line(name, _validation_problem(exc))) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        reason = in_plain_words(exc, "something in it is of the wrong kind")
        raise SessionFileError(_line(name, f"does not hold a whole session: {reason}")) from None
    except RecursionError:
        raise SessionFileError(
            _line(name, "is damaged: its contents are nested too deeply")
        ) from None
    except Exception:  # whatever else a hostile file trips: still the one clear refusal
        _log.exception("loading %s failed unexpectedly", name)
        raise SessionFileError(
            _line(name, "does not hold a whole session: something in it cannot be read")
        ) from None


#: A JSON escape of a UTF-16 surrogate; valid pairs decode to one character, lone ones stay.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_broken_text(text: str, data: Any, name: str) -> None:
    """Refuse text holding a lone surrogate: it loads, but no save could ever write it."""
    if _SURROGATE_ESCAPE.search(text) is None:
        return  # the quick answer for nearly every file
    where = _broken_text(data)
    if where is not None:
        raise SessionFileError(
            _line(
                name,
                f"is damaged: the text at {where} is not valid Unicode (a lone surrogate), "
                "so the session could never be saved again",
            )
        )


def _broken_text(data: Any) -> str | None:
    """Where the first string holding a lone surrogate is (a key or a value), or None.

    Walked with a stack, not recursion: the file may be nested as deeply as JSON allows.
    """
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        node, here = stack.pop()
        if isinstance(node, str):
            if _SURROGATE.search(node):
                return here or "the top"
        elif isinstance(node, list):
            stack.extend((item, f"{here}[{i}]") for i, item in reversed(list(enumerate(node))))
        elif isinstance(node, dict):
            for key, value in reversed(list(node.items())):
                path = f"{here}.{key}" if here else str(key)
                if _SURROGATE.search(key):
                    return _SURROGATE.sub(lambda found: f"\\u{ord(found[0]):04x}", path)
                stack.append((value, path))
    return None


def _session(
    doc: SessionDoc,
    rng: Rng | None,
    clock: Callable[[], datetime] | None,
    *,
    quick: bool = False,
) -> Session:
    """The session ``doc`` describes; ``quick`` structures its parts without cattrs' detailed
    validation (the quick way of :func:`from_bytes`, which reads a file again when it fails)."""
    converter = _converter(detailed=not quick)
    characters: dict[CharacterId, Character] = {}
    for c in doc.characters:
        if c.id in characters:
            raise ValueError(f"two characters share the id {c.id!r}")
        try:
            sheet = None if c.sheet is None else sheet_from_dict(c.sheet, detailed=not quick)
        except SheetError as exc:
            raise ValueError(f"{c.name}'s sheet: {exc}") from None
        characters[c.id] = Character(c.id, c.name, c.player, c.system, sheet)
    table = Table()
    for deck in doc.decks:
        for card in deck.cards():
            if card.id in table.cards:
                raise ValueError(f"two decks hold a card {card.id!r}")
            table.cards[card.id] = card
    for pile in doc.table.piles:
        if pile.id in table.piles:
            raise ValueError(f"two piles share the id {pile.id!r}")
        if not 0 <= pile.shuffled <= len(pile.cards):
            raise ValueError(
                f"the pile {pile.id!r} counts {pile.shuffled} cards shuffled of the "
                f"{len(pile.cards)} it holds"
            )
        table.piles[pile.id] = pile
    if stray := set(doc.table.facing) - set(table.cards):
        raise ValueError(f"there is no card {sorted(stray)[0]!r} on the table")
    plain = Facing()
    table.facing = {card: doc.table.facing.get(card, plain) for card in table.cards}
    peeks = {}
    for peek in doc.peeks:
        if peek.card in peeks:
            raise ValueError(f"the card {peek.card!r} is peeked at twice")
        peeks[peek.card] = PeekMark(peek.player, peek.pile)
    resolvers: dict[str, Any] = {}
    for rid, saved in doc.resolvers.items():
        try:
            resolvers[rid] = converter.structure(saved.state, resolver_class(saved.kind))
        except BaseValidationError as exc:
            raise ValueError(f"the resolver {rid!r} is {_validation_problem(exc)}") from None
        except (TypeError, AttributeError):  # not an object at all
            raise ValueError(
                f"the resolver {rid!r} is damaged: expected an object with named fields"
            ) from None
    state = GameState(
        players=doc.players,
        characters=characters,
        decks=doc.decks,
        table=table,
        resolvers=resolvers,
        scene=doc.scene,
        peeks=peeks,
        options=doc.options,
    )
    state.check()
    players = {p.id for p in doc.players}
    if doc.holder is not None and doc.holder not in players:
        raise ValueError("the computer is held by an unknown player")
    if doc.curtain is not None and doc.curtain != doc.holder:
        raise ValueError("the curtain waits for someone who does not hold the computer")
    if doc.holder is None and players:
        raise ValueError("nobody holds the computer")
    log = read_log(doc.log, table.cards.keys(), [p.id for p in doc.players])
    session = Session(
        state,
        rng=rng,
        clock=clock,
        holder=doc.holder,
        curtain=doc.curtain,
        log=log,
    )
    # The file keeps no unseen order (see document): chance deals it now.
    table.redeal(session.rng)
    return session
