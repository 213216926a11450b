"""The ``cardtable`` command: one argument parser for the app and every subcommand.

``cardtable`` (or ``cardtable FILE.cardtable``) opens the table; ``cardtable roll``,
``cardtable odds``, ``cardtable print`` and ``cardtable bench`` work without a window.
A bad argument or input ends with exit status 2 and a one-line message, never a traceback;
input it quotes has its control characters escaped (``\x1b``), never sent to the terminal.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from cardtable import __version__
from cardtable.refusals import one_line, printable

EXIT_USAGE = 2

#: Subcommand registrars: each adds its subparser and sets ``func`` (Namespace -> exit status).
Registrar = Callable[[Any], None]


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line: ``cardtable roll: error: ...``."""

    def error(self, message: str) -> NoReturn:
        message = printable(one_line(message))
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


#: Every subcommand but ``open``; a test checks this matches what the registrars add.
COMMANDS = ("roll", "odds", "print", "bench", "import-deck")


def _registrars() -> list[Registrar]:
    # Imported here so that ``cardtable --version`` and opening the window do not pay for
    # them: they bring in the dice, the decks, the printing and the bench.
    from cardtable.bench.command import add_bench_parser
    from cardtable.decks.import_command import add_import_parser
    from cardtable.dice.commands import add_odds_parser, add_roll_parser
    from cardtable.ui.sheets.printing.command import (
        add_print_parser,  # imports Qt only when it prints
    )

    return [add_roll_parser, add_odds_parser, add_print_parser, add_bench_parser, add_import_parser]


def _open(args: argparse.Namespace) -> int:
    # Python's collector would search the objects Qt and the app make at start-up (nearly all
    # of which live on) some hundred times; the window turns it back on once it shows the
    # session (cardtable.ui.window.memory).
    gc.disable()
    if args.session is not None:
        # The window puts the session in place before its first paint, so the model is
        # needed either way; imported before Qt, it escapes PySide6's import hook, which
        # reads the source of every module imported after Qt (looking for its __feature__).
        import cardtable.session
        import cardtable.settings  # noqa: F401
    from cardtable.ui.app import run

    return run(args.session)


def build_parser(*, subcommands: bool = True) -> argparse.ArgumentParser:
    """The one parser; ``subcommands=False`` leaves out all but ``open`` (a faster start)."""
    parser = _Parser(
        prog="cardtable",
        description="A card-and-dice table for narrative tabletop role-playing games.",
    )
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    opener = commands.add_parser("open", help="open the table (the default), optionally a session")
    opener.add_argument("session", nargs="?", help="a .cardtable session file to open")
    opener.set_defaults(func=lambda args: _open(args))
    if subcommands:
        for register in _registrars():
            register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0] not in (*COMMANDS, "open") and not words[0].startswith("-")):
        words = ["open", *words]
    if _plain_open(words):
        # Opening the table, with or without a file, is every start: it needs no parser.
        args = argparse.Namespace(command="open", session=words[1] if len(words) > 1 else None)
        return _run(args, _open)
    wanted = words[0] in COMMANDS or words[0] in ("-h", "--help")
    parser = build_parser(subcommands=wanted)
    args = parser.parse_args(words)
    if args.command is None:
        args = parser.parse_args(["open"])
    return _run(args, args.func)


def _plain_open(words: Sequence[str]) -> bool:
    """Whether ``words`` are ``open`` and at most one file, nothing the parser need read."""
    return words[0] == "open" and len(words) <= 2 and not any(w.startswith("-") for w in words)


def _run(args: argparse.Namespace, func: Callable[[argparse.Namespace], int]) -> int:
    try:
        return int(func(args))
    except (ValueError, OSError) as exc:  # the model's refusals, and files it cannot read
        # The message may quote what was typed: its control characters are shown escaped.
        print(f"cardtable {args.command}: error: {printable(one_line(str(exc)))}", file=sys.stderr)
        return EXIT_USAGE


def subcommand_names(parser: argparse.ArgumentParser) -> set[str]:
    """The subcommands a parser knows."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()
