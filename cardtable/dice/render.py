"""Rolls and odds as one line of text for a person, or as plain data for JSON.

>>> from cardtable.dice.roll import DiceGroup, Die, RollResult
>>> jo = [Die.plain(v) for v in (3, 5, 5, 6, 9, 9)] + [Die.chain([10, 3])]
>>> result = RollResult(
...     Expression.parse("7k5"), [DiceGroup("7k5", jo, [6, 4, 5, 3, 1])], tn=25
... )
>>> print(roll_text(result))
7k5 vs TN 25: [3] [5] [5] [6] [9] [9] [10→3=13]  keep 13 9 9 6 5 = 42  success
"""

from __future__ import annotations

from typing import Any

from cardtable.dice.banzai import RAISE_STEP, raised_tn
from cardtable.dice.expression import Expression, RollAndKeep
from cardtable.dice.roll import DiceGroup, RollResult


def _heading(expression: Expression, tn: int | None, raises: int, step: int = RAISE_STEP) -> str:
    text = str(expression)
    if expression.is_banzai:
        written = [term for term in expression.terms if isinstance(term, RollAndKeep)]
        pool = expression.banzai_pool()
        rolled = f"{pool.dice_rolled}k{pool.dice_kept}"
        if len(written) > 1 or written[0].text() != rolled:
            text += f" ({rolled})"
    if tn is not None:
        text += f" vs TN {tn}"
        if raises:
            word = "Raise" if raises == 1 else "Raises"
            each = f" of {step}" if step != RAISE_STEP else ""
            text += f" with {raises} {word}{each} ({raised_tn(tn, raises, step)})"
    return text


def _group_text(group: DiceGroup, labelled: bool) -> str:
    words = [("-" if group.sign < 0 else "") + group.label] if labelled else []
    words.extend(str(die) for die in group.dice)
    text = " ".join(words)
    if len(group.kept) < len(group.dice):
        text += "  keep " + " ".join(str(die.value) for die in group.kept_dice)
    return text


def roll_text(result: RollResult) -> str:
    """The roll on one line (then one line per note): dice, chains, kept, total, success."""
    line = _heading(result.expression, result.tn, result.raises) + ":"
    if result.no_roll:
        line += " no roll needed"
        if result.expression.is_banzai and result.target is not None:
            pool = result.expression.banzai_pool()
            line += f" ({pool.rolled} + {pool.kept} = {pool.rolled + pool.kept} > {result.target})"
    else:
        labelled = len(result.groups) > 1
        line += " " + "  ".join(_group_text(group, labelled) for group in result.groups)
        if result.flat:
            line += f" {result.flat:+d}"
        line += f" = {result.total}"
    if result.success is not None:
        line += "  success" if result.success else "  failure"
    notes = [f"  ({note})" for note in result.notes if not note.startswith("no roll")]
    return "\n".join([line, *notes])


def roll_json(result: RollResult) -> dict[str, Any]:
    """The roll as JSON-ready data: ``dice`` (chains of faces), ``kept``, ``total``, ..."""
    data: dict[str, Any] = {
        "expression": str(result.expression),
        "dice": [list(die.faces) for die in result.dice],
        "kept": [die.value for group in result.groups for die in group.kept_dice],
        "dropped": [die.value for group in result.groups for die in group.dropped_dice],
        "flat": result.flat,
        "total": result.total,
        "tn": result.tn,
        "raises": result.raises,
        "target": result.target,
        "success": result.success,
        "no_roll": result.no_roll,
        "free_raises": result.free_raises,
        "capped": result.capped,
        "notes": list(result.notes),
        "groups": [
            {
                "label": group.label,
                "sign": group.sign,
                "dice": [list(die.faces) for die in group.dice],
                "values": [die.value for die in group.dice],
                "kept_indices": list(group.kept),
                "total": group.total,
            }
            for group in result.groups
        ],
    }
    if result.expression.is_banzai:
        data["pool"] = str(result.expression.banzai_pool())
    return data


#: The odds are exact to this; closer to 0 or 1 than this is shown as 0 or 1.
_PRECISION = 1e-12


def _chance(chance: float) -> str:
    if chance >= 1 - _PRECISION:
        return "1 (100%)"
    if chance == 0:
        return "0 (0%)"
    if chance < _PRECISION:
        return f"under {_PRECISION:g} (0%)"
    number = f"1 - {1 - chance:.3g}" if chance > 0.9999995 else f"{chance:.6g}"
    if chance < 0.0001:
        percent = "under 0.01%"
    elif chance > 0.9999:
        percent = "over 99.99%"
    else:
        percent = f"{chance:.2%}"
    return f"{number} ({percent})"


def odds_text(
    expression: Expression,
    tn: int,
    raises: int,
    chance: float,
    no_roll: bool = False,
    step: int = RAISE_STEP,
) -> str:
    """``7k5 vs TN 25: P(success) = 0.931343 (93.13%)``.

    >>> odds_text(Expression.parse("10k10"), 10, 0, 0.9999999999999983)
    '10k10 vs TN 10: P(success) = 1 (100%)'
    >>> odds_text(Expression.parse("3k1"), 60, 0, 0.00027099)
    '3k1 vs TN 60: P(success) = 0.00027099 (0.03%)'
    >>> odds_text(Expression.parse("7k3"), 10, 2, 0.5, step=7)
    '7k3 vs TN 10 with 2 Raises of 7 (24): P(success) = 0.5 (50.00%)'
    """
    heading = _heading(expression, tn, raises, step)
    if no_roll:
        return f"{heading}: no roll needed, P(success) = 1"
    return f"{heading}: P(success) = {_chance(chance)}"


def odds_json(
    expression: Expression,
    tn: int,
    raises: int,
    chance: float,
    no_roll: bool = False,
    step: int = RAISE_STEP,
) -> dict[str, Any]:
    """The odds as JSON-ready data: ``expression``, ``p_success``, ``tn``, ..."""
    data: dict[str, Any] = {
        "expression": str(expression),
        "tn": tn,
        "raises": raises,
        "raise_step": step,
        "target": raised_tn(tn, raises, step),
        "p_success": chance,
        "no_roll": no_roll,
    }
    if expression.is_banzai:
        data["pool"] = str(expression.banzai_pool())
    return data
