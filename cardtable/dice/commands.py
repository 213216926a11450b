"""``cardtable roll`` and ``cardtable odds``: the dice on the command line.

Each ``add_*_parser`` adds its subcommand to the one ``cardtable`` parser and sets
``func``, which takes the parsed arguments, prints text (or JSON with ``--json``) and
returns the exit status. Bad dice or options raise :class:`DiceExpressionError`; the
``cardtable`` command turns that into a one-line message and exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardtable.dice.banzai import RAISE_STEP, check_raise_step
from cardtable.dice.errors import DiceExpressionError
from cardtable.dice.expression import Expression
from cardtable.dice.odds import p_success
from cardtable.dice.render import odds_json, odds_text, roll_json, roll_text
from cardtable.dice.roll import roll_expression
from cardtable.randomness import make_rng

_SYNTAX = (
    "Write dice as NdS sums (2d6, d20), NdSkhK / NdSklK keep highest / lowest (4d6kh3), "
    "Nc challenge dice (3c), XkY Banzai roll-and-keep with exploding tens (7k5) and dice modifiers "
    "(5k4-1k0+2k0), flat modifiers (+2). Quote an expression with spaces, or write it as "
    "separate words."
)


def _expression(args: argparse.Namespace) -> Expression:
    return Expression.parse(" ".join(args.expression))


def _add_common(parser: argparse.ArgumentParser, tn_required: bool) -> None:
    parser.add_argument("expression", nargs="+", metavar="EXPR", help="the dice, as in 7k5")
    parser.add_argument(
        "--tn",
        type=int,
        required=tn_required,
        metavar="N",
        help="target number: success is a total of at least N",
    )
    parser.add_argument(
        "--raises",
        type=int,
        default=0,
        metavar="N",
        help="Raises declared on an XkY roll: each adds 5 to the TN",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON object instead")


def add_roll_parser(subparsers: Any) -> None:
    """Add ``roll EXPR [--tn N] [--raises N] [--seed N] [--json]``."""
    parser = subparsers.add_parser(
        "roll",
        help="roll dice and show every die, chain, kept die, total and success",
        description="Roll dice. " + _SYNTAX,
    )
    _add_common(parser, tn_required=False)
    parser.add_argument(
        "--seed", type=int, metavar="N", help="seed the dice: the same seed gives the same roll"
    )
    parser.set_defaults(func=run_roll)


def add_odds_parser(subparsers: Any) -> None:
    """Add ``odds EXPR --tn N [--raises N] [--raise-step N] [--json]``."""
    parser = subparsers.add_parser(
        "odds",
        help="the exact chance that a roll meets a target number",
        description="Work out the exact chance of success. " + _SYNTAX,
    )
    _add_common(parser, tn_required=True)
    parser.add_argument(
        "--raise-step",
        type=int,
        default=RAISE_STEP,
        metavar="N",
        help=f"what each Raise adds to the TN ({RAISE_STEP} unless an ability changes it)",
    )
    parser.set_defaults(func=run_odds)


def run_roll(args: argparse.Namespace) -> int:
    """Roll ``args.expression`` and print the result; 0 whether the roll succeeds or not."""
    expression = _expression(args)
    if args.raises and args.tn is None:
        raise DiceExpressionError("--raises adds to a target number: give --tn too")
    result = roll_expression(expression, make_rng(args.seed), tn=args.tn, raises=args.raises)
    print(json.dumps(roll_json(result)) if args.json else roll_text(result))
    return 0


def run_odds(args: argparse.Namespace) -> int:
    """Print the exact chance that ``args.expression`` meets ``--tn``."""
    expression = _expression(args)
    step = args.raise_step
    check_raise_step(step)
    chance = p_success(expression, args.tn, args.raises, step)
    no_roll = expression.is_banzai and not expression.banzai_pool().rolls_needed(
        args.tn, args.raises, step
    )
    if args.json:
        print(json.dumps(odds_json(expression, args.tn, args.raises, chance, no_roll, step)))
    else:
        print(odds_text(expression, args.tn, args.raises, chance, no_roll, step))
    return 0
