"""Dice expressions: the text a player types, parsed into a frozen tree.

An expression is what was *asked*; rolling it (:mod:`cardtable.dice.roll`) gives what
*happened*, and the odds module works out what *could* happen.

Syntax (case and spaces do not matter), terms joined by ``+`` or ``-``:

======================  ==============================================================
``NdS``                 N dice with S sides, summed: ``2d6``, ``d20`` (one die), ``4d6``
                        is also a crisis-dice pool
``NdSkhK`` / ``NdSklK`` keep the K highest / lowest: ``4d6kh3``, ``2d20kl1`` (``k`` alone
                        means ``kh``)
``Nc``                  N challenge dice of the pool Challenge (a d6 worth 0 on a 1, 2 on
                        a 6, 1 otherwise): ``3c``
``XkY``                 Banzai roll-and-keep: roll X ten-sided dice that explode on 10,
                        keep Y: ``7k5``. Further ``+AkB`` / ``-AkB`` terms are dice
                        modifiers, all applied at once: ``5k4-1k0+2k0-0k3`` is ``6k1``
``N``                   a flat modifier: ``7k5+3``, ``2d6-1``
======================  ==============================================================

A Banzai roll takes only dice modifiers and flat numbers; the other kinds of dice mix
freely (``2d6+1d8-1``).

>>> Expression.parse("7k5 + 2")
Expression.parse('7k5+2')
>>> Expression.parse("5k4-1k0+2k0-0k3").banzai_pool()
BanzaiPool.of(6, 1)
>>> Expression.parse("5k")
Traceback (most recent call last):
    ...
cardtable.dice.errors.DiceExpressionError: 5k: a keep count must follow 'k' (as in 5k3)
"""

from __future__ import annotations

import enum
import re
from typing import TypeAlias

from attrs import field, frozen, validators

from cardtable.dice.banzai import BanzaiPool
from cardtable.dice.errors import DiceExpressionError

#: At most this many dice in one ``NdS`` or ``Nc`` pool, and in a whole expression.
MAX_POOL_DICE = 1000
#: At most this many sides on a die.
MAX_SIDES = 1000
#: At most this many dice rolled or kept in one ``XkY`` term (the ten-dice cap turns the
#: rolled dice beyond 10 into Free Raises, so more is never a real roll).
MAX_ROLL_AND_KEEP = 100
#: Flat modifiers stay within this size.
MAX_FLAT = 1_000_000
#: At most this many terms in one expression.
MAX_TERMS = 20
#: At most this many characters of text.
MAX_LENGTH = 200

_EXAMPLES = "write dice like 2d6, 4d6kh3, 7k5 or 3c"


class KeepMode(enum.Enum):
    """Which dice of an ``NdS`` pool count."""

    HIGHEST = "kh"
    LOWEST = "kl"


def _sign(instance: object, attribute: object, value: int) -> None:
    if value not in (1, -1):
        raise ValueError(f"a sign is 1 or -1, not {value}")


def _signed(sign: int, text: str) -> str:
    return ("-" if sign < 0 else "+") + text


@frozen
class Flat:
    """A flat modifier added to the total (negative to subtract)."""

    value: int

    def __str__(self) -> str:
        return f"{self.value:+d}"


@frozen
class DicePool:
    """``NdS``: ``count`` dice with ``sides`` sides, all summed or the ``keep`` best/worst."""

    count: int = field(validator=validators.ge(1))
    sides: int = field(validator=validators.ge(2))
    keep: int | None = None
    mode: KeepMode = KeepMode.HIGHEST
    sign: int = field(default=1, validator=_sign)

    def __attrs_post_init__(self) -> None:
        if self.keep is not None and not 1 <= self.keep <= self.count:
            raise DiceExpressionError(f"cannot keep {self.keep} of {self.count} dice")

    @property
    def kept_count(self) -> int:
        return self.count if self.keep is None else self.keep

    def text(self) -> str:
        """The pool without its sign, as in ``4d6kh3``."""
        keep = "" if self.keep is None else f"{self.mode.value}{self.keep}"
        return f"{self.count}d{self.sides}{keep}"

    def __str__(self) -> str:
        return _signed(self.sign, self.text())


@frozen
class ChallengeDice:
    """``Nc``: ``count`` challenge dice of the pool Challenge, summed."""

    count: int = field(validator=validators.ge(1))
    sign: int = field(default=1, validator=_sign)

    def text(self) -> str:
        return f"{self.count}c"

    def __str__(self) -> str:
        return _signed(self.sign, self.text())


@frozen
class RollAndKeep:
    """``XkY`` as written: the base Banzai pool, or a ``+AkB`` / ``-AkB`` dice modifier."""

    rolled: int = field(validator=validators.ge(0))
    kept: int = field(validator=validators.ge(0))
    sign: int = field(default=1, validator=_sign)

    def text(self) -> str:
        return f"{self.rolled}k{self.kept}"

    def __str__(self) -> str:
        return _signed(self.sign, self.text())


Term: TypeAlias = Flat | DicePool | ChallengeDice | RollAndKeep
DiceTerm: TypeAlias = DicePool | ChallengeDice


@frozen(repr=False)
class Expression:
    """A parsed dice expression: its terms in the order written."""

    terms: tuple[Term, ...]

    @classmethod
    def parse(cls, text: str) -> Expression:
        """Read dice text; raises :class:`DiceExpressionError` saying what is wrong."""
        return cls(_parse(text))

    @property
    def is_banzai(self) -> bool:
        """True for a roll-and-keep (``XkY``) roll."""
        return any(isinstance(term, RollAndKeep) for term in self.terms)

    @property
    def flat(self) -> int:
        """The sum of the flat modifiers."""
        return sum(term.value for term in self.terms if isinstance(term, Flat))

    @property
    def dice_terms(self) -> tuple[DiceTerm, ...]:
        """The ``NdS`` and ``Nc`` terms, in order (empty for a Banzai roll)."""
        return tuple(term for term in self.terms if isinstance(term, DicePool | ChallengeDice))

    def banzai_pool(self) -> BanzaiPool:
        """The pool after every dice modifier (``5k4-1k0+2k0-0k3`` gives ``6k1``)."""
        pools = [term for term in self.terms if isinstance(term, RollAndKeep)]
        if not pools:
            raise DiceExpressionError(f"{self}: not a roll-and-keep (XkY) roll")
        base, *modifiers = pools
        return BanzaiPool.of(
            base.rolled,
            base.kept,
            [(m.sign * m.rolled, m.sign * m.kept) for m in modifiers],
        )

    def __str__(self) -> str:
        return "".join(str(term) for term in self.terms).removeprefix("+")

    def __repr__(self) -> str:
        return f"Expression.parse({str(self)!r})"


# ---------------------------------------------------------------------------------------------
# The parser: one term at a time, so that each message can quote the term at fault.

_TERM = re.compile(
    r"""
    (?P<sign>[+-]?)
    (?P<count>\d*)
    (?:
        (?P<d>d)(?P<sides>\d*)(?:(?P<keep>kh|kl|k)(?P<keep_count>\d*))?
      | (?P<k>k)(?P<kept>\d*)
      | (?P<c>c)
    )?
    """,
    re.VERBOSE,
)


def _parse(text: str) -> tuple[Term, ...]:
    if len(text) > MAX_LENGTH:
        raise DiceExpressionError(f"a dice expression is at most {MAX_LENGTH} characters long")
    compact = "".join(text.split()).lower()
    if not compact:
        raise DiceExpressionError(f"no dice given: {_EXAMPLES}")
    terms: list[Term] = []
    position = 0
    while position < len(compact):
        match = _TERM.match(compact, position)
        assert match is not None  # every part of the pattern is optional
        if not (match["count"] or match["d"] or match["k"] or match["c"]):
            raise DiceExpressionError(_unreadable(compact, match.end(), text))
        terms.append(_term(match, text))
        position = match.end()
        if position < len(compact) and compact[position] not in "+-":
            raise DiceExpressionError(_unreadable(compact, position, text))
    _check_whole(terms, compact)
    return tuple(terms)


def _unreadable(compact: str, position: int, text: str) -> str:
    shown = " ".join(text.split())  # as typed, but on one line whatever it holds
    if position >= len(compact):
        return f"{shown}: a term is missing after {compact[-1]!r}; {_EXAMPLES}"
    return f"{shown}: cannot read {compact[position:]!r}; {_EXAMPLES}"


def _number(digits: str, written: str, limit: int, what: str) -> int:
    if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
        raise DiceExpressionError(f"{written}: at most {limit} {what}")
    return int(digits)


def _term(match: re.Match[str], text: str) -> Term:
    written = match[0]
    plain = written.lstrip("+-")
    sign = -1 if match["sign"] == "-" else 1
    count = match["count"]
    if match["d"]:
        return _dice_pool(match, written, plain, sign)
    if match["k"]:
        if not count:
            raise DiceExpressionError(
                f"{plain}: a number of dice must come before 'k' (as in 5k3)"
            )
        if not match["kept"]:
            raise DiceExpressionError(f"{plain}: a keep count must follow 'k' (as in 5k3)")
        rolled = _number(count, plain, MAX_ROLL_AND_KEEP, "dice in a roll-and-keep term")
        kept = _number(match["kept"], plain, MAX_ROLL_AND_KEEP, "dice in a roll-and-keep term")
        return RollAndKeep(rolled, kept, sign)
    if match["c"]:
        if not count:
            raise DiceExpressionError(
                f"{plain}: a number of challenge dice must come before 'c' (as in 3c)"
            )
        number = _number(count, plain, MAX_POOL_DICE, "dice in a pool")
        if number < 1:
            raise DiceExpressionError(f"{plain}: roll at least one die")
        return ChallengeDice(number, sign)
    return Flat(sign * _number(count, plain, MAX_FLAT, "as a flat modifier"))


def _dice_pool(match: re.Match[str], written: str, plain: str, sign: int) -> DicePool:
    if not match["sides"]:
        raise DiceExpressionError(f"{plain}: a number of sides must follow 'd' (as in 2d6)")
    count = _number(match["count"], plain, MAX_POOL_DICE, "dice in a pool") if match["count"] else 1
    sides = _number(match["sides"], plain, MAX_SIDES, "sides on a die")
    if count < 1:
        raise DiceExpressionError(f"{plain}: roll at least one die")
    if sides < 2:
        raise DiceExpressionError(f"{plain}: a die needs at least 2 sides")
    if match["keep"] is None:
        return DicePool(count, sides, sign=sign)
    keep_word = "kh" if match["keep"] == "k" else match["keep"]
    if not match["keep_count"]:
        raise DiceExpressionError(
            f"{plain}: a keep count must follow '{match['keep']}' (as in 4d6{keep_word}3)"
        )
    keep = _number(match["keep_count"], plain, MAX_POOL_DICE, "dice kept")
    if keep < 1:
        raise DiceExpressionError(f"{plain}: keep at least one die")
    if keep > count:
        raise DiceExpressionError(f"{plain}: cannot keep {keep} of {count} dice")
    return DicePool(count, sides, keep, KeepMode(keep_word), sign)


def _check_whole(terms: list[Term], compact: str) -> None:
    if len(terms) > MAX_TERMS:
        raise DiceExpressionError(f"{compact}: at most {MAX_TERMS} terms in one expression")
    pools = [term for term in terms if isinstance(term, RollAndKeep)]
    dice = [term for term in terms if isinstance(term, DicePool | ChallengeDice)]
    if pools and dice:
        raise DiceExpressionError(
            f"{compact}: a roll-and-keep roll (XkY) takes only XkY dice modifiers and flat "
            "numbers, not other dice"
        )
    if not pools and not dice:
        raise DiceExpressionError(f"{compact}: no dice to roll; {_EXAMPLES}")
    if sum(term.count for term in dice) > MAX_POOL_DICE:
        raise DiceExpressionError(f"{compact}: at most {MAX_POOL_DICE} dice in one expression")
    if pools:
        base = pools[0]
        if base.sign < 0:
            raise DiceExpressionError(
                f"{compact}: a roll-and-keep roll starts with the pool, as in 7k5-1k0"
            )
        if base.rolled < 1:
            raise DiceExpressionError(f"{base.text()}: roll at least one die")
        if base.kept < 1:
            raise DiceExpressionError(f"{base.text()}: keep at least one die")
