"""``cardtable print``: character sheets to PDF without opening a window.

    cardtable print SESSION [--character NAME] [--paper a4|letter] -o FILE.pdf
    cardtable print --blank SYSTEM [--paper a4|letter] -o FILE.pdf

Every problem (a bad session file, an unknown character or system, an unwritable output)
ends with exit status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.sheets import SHEET_TYPES, Sheet, SheetBase, sheet_type

EXIT_OK = 0
EXIT_USAGE = 2

if TYPE_CHECKING:
    from cardtable.session.words_actions import SheetWords


class SessionFileError(ValueError):
    """A session file that cannot be read, or that holds no character sheets."""


def add_print_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``print`` subcommand; its ``func`` takes the parsed Namespace, returns a status."""
    systems = ", ".join(SHEET_TYPES)
    parser = subparsers.add_parser(
        "print",
        help="print character sheets (or a blank sheet) to PDF",
        description=(
            "Print a session's characters to PDF, one page each, or a blank sheet of a system "
            "to fill in by hand."
        ),
    )
    parser.add_argument(
        "session",
        nargs="?",
        metavar="SESSION",
        help="a .cardtable session file (not needed with --blank)",
    )
    parser.add_argument(
        "--character",
        metavar="NAME",
        action="append",
        help="print only this character (repeat for several)",
    )
    parser.add_argument(
        "--blank", metavar="SYSTEM", help=f"print an empty sheet of SYSTEM ({systems})"
    )
    parser.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        type=str.lower,
        help="paper size (default: a4)",
    )
    parser.add_argument(
        "-o", "--output", metavar="FILE.pdf", type=Path, required=True, help="the PDF file to write"
    )
    parser.set_defaults(func=run_print)


def run_print(args: argparse.Namespace) -> int:
    """Carry out ``cardtable print``; returns the exit status."""
    try:
        pages, words = _pages(args)
        # Printing needs no screen; a headless machine has none.
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from cardtable.ui.sheets.printing.output import PageRequest, print_pages

        count = print_pages(
            [PageRequest(sheet, blank=is_blank, words=words) for sheet, is_blank in pages],
            args.output,
            args.paper,
        )
    except (ValueError, OSError) as error:
        print(f"cardtable print: error: {_one_line(error)}", file=sys.stderr)
        return EXIT_USAGE
    noun = "page" if count == 1 else "pages"
    print(f"Wrote {count} {noun} to {args.output}")
    return EXIT_OK


#: The words a session's tarot carries, by the rules' card name: (name, (the name players
#: see, upright, reversed)).
Words = tuple[tuple[str, "SheetWords"], ...]


def _pages(args: argparse.Namespace) -> tuple[list[tuple[Sheet, bool]], Words]:
    """The sheets to print (each with whether it is blank), and the session's tarot words."""
    if args.blank is not None:
        if args.session is not None or args.character:
            raise ValueError("--blank prints an empty sheet: give it no SESSION or --character")
        return [(sheet_type(args.blank)(), True)], ()
    if args.session is None:
        raise ValueError("give a SESSION file to print, or --blank SYSTEM for an empty sheet")
    path = Path(args.session)
    session = load_session(path)
    characters = session_characters(session, path.name)
    chosen = pick_characters(characters, args.character or ())
    if not chosen:
        raise SessionFileError(f"{path.name} has no character sheets to print")
    return [(sheet, False) for sheet in chosen], session_words(session)


def session_words(session: Any) -> Words:
    """The words each card of a loaded session's tarot carries (none without a tarot)."""
    from cardtable.session.words_actions import table_words

    state = getattr(session, "state", None)
    if state is None:
        return ()
    return tuple(table_words(state.decks, state.table.cards.values()).items())


#: A character as the command sees it: the name the session gives it, and its sheet.
Named = tuple[str, Sheet | None]


def pick_characters(characters: Sequence[Named], names: Iterable[str]) -> list[Sheet]:
    """The sheets of the characters called ``names`` (any case), in the order asked.

    With no names, every character that has a sheet. A character is found by its name in the
    session or by the name on its sheet.
    """
    wanted = list(names)
    if not wanted:
        return [sheet for _name, sheet in characters if sheet is not None]
    picked: list[Sheet] = []
    for name in wanted:
        key = name.strip().casefold()
        found = [
            (label, sheet)
            for label, sheet in characters
            if key
            in (label.strip().casefold(), "" if sheet is None else sheet.name.strip().casefold())
        ]
        if not found:
            known = ", ".join(repr(label) for label, _sheet in characters) or "none"
            raise ValueError(f"no character called {name!r} in the session (it has {known})")
        for label, sheet in found:
            if sheet is None:
                raise ValueError(f"{label} has no character sheet yet")
            picked.append(sheet)
    return picked


def load_session_sheets(path: Path) -> list[Sheet]:
    """Every character sheet in the session file at ``path``, in the session's order."""
    return [sheet for _name, sheet in session_characters(load_session(path), path.name) if sheet]


def load_session(path: Path) -> Any:
    """The session saved at ``path``, read by :mod:`cardtable.session`'s own reader.

    Any failure becomes a :class:`SessionFileError` with a one-line reason.
    """
    try:
        from cardtable.session.saving import load
    except ImportError:  # pragma: no cover - the reader ships with the package
        raise SessionFileError(
            f"cannot read {path.name}: this build has no session reader"
        ) from None
    try:
        return load(path)
    except Exception as error:
        reason = _one_line(error)
        if path.name not in reason:
            reason = f"cannot read the session {path.name}: {reason}"
        raise SessionFileError(reason) from None


def session_characters(session: Any, label: str = "the session") -> list[Named]:
    """Each character of a loaded session with its sheet (None while it has none)."""
    holders = getattr(session, "characters", None)
    if holders is None:
        raise SessionFileError(f"{label} holds no characters")
    if isinstance(holders, dict):
        holders = list(holders.values())
    named: list[Named] = []
    for holder in holders:
        if isinstance(holder, SheetBase):
            named.append((holder.name, holder))  # type: ignore[arg-type]
            continue
        sheet = getattr(holder, "sheet", None)
        name = str(getattr(holder, "name", "") or getattr(sheet, "name", ""))
        named.append((name, sheet if isinstance(sheet, SheetBase) else None))  # type: ignore[arg-type]
    return named


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    if isinstance(error, OSError) and error.filename is not None and error.strerror:
        text = f"{error.strerror}: {error.filename}"
    return text or type(error).__name__
