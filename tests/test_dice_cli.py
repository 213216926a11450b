"""``cardtable roll`` and ``cardtable odds``: the options, the JSON, and one-line errors."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

from cardtable.dice import DiceExpressionError
from cardtable.dice.commands import add_odds_parser, add_roll_parser


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="cardtable")
    commands = top.add_subparsers(dest="command")
    add_roll_parser(commands)
    add_odds_parser(commands)
    return top


def run(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    args = parser().parse_args(list(words))
    assert args.func(args) == 0
    return capsys.readouterr().out


def run_json(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(capsys, *words, "--json"))
    return data


def test_roll_json_shows_chains_kept_total_and_success(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "roll", "7k5", "--tn", "25", "--seed", "3")
    assert len(data["dice"]) == 7
    for chain in data["dice"]:
        assert all(face == 10 for face in chain[:-1]) and chain[-1] != 10
    values = sorted((sum(chain) for chain in data["dice"]), reverse=True)
    assert data["kept"] == values[:5]
    assert data["total"] == sum(values[:5])
    assert data["tn"] == 25
    assert data["success"] == (data["total"] >= 25)


def test_the_same_seed_gives_the_same_roll(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "roll", "10k6", "--seed", "99")
    assert run(capsys, "roll", "10k6", "--seed", "99") == first
    others = {run(capsys, "roll", "10k6", "--seed", str(seed)) for seed in range(5)}
    assert len(others) > 1


def test_roll_text_is_one_line_with_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "roll", "2d6", "+", "1", "--seed", "4", "--tn", "3")
    data = run_json(capsys, "roll", "2d6", "+", "1", "--seed", "4", "--tn", "3")
    assert out.count("\n") == 1
    assert out.startswith("2d6+1 vs TN 3: ")
    assert out.rstrip().endswith(f"= {data['total']}  success")


def test_raises_lift_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "roll", "7k3", "--tn", "10", "--raises", "2", "--seed", "1")
    assert data["target"] == 20
    assert data["success"] == (data["total"] >= 20)


def test_no_roll_needed_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "roll", "7k4", "--tn", "10")
    assert data["no_roll"] is True and data["success"] is True and data["dice"] == []
    assert run_json(capsys, "odds", "7k4", "--tn", "10")["p_success"] == 1


def test_odds_json_gives_the_exact_chance(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "2d6", "--tn", "7")
    meets = sum(a + b >= 7 for a in range(1, 7) for b in range(1, 7))
    assert data["expression"] == "2d6"
    assert data["p_success"] == pytest.approx(float(Fraction(meets, 36)), abs=1e-12)


def test_odds_text_says_the_chance(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "odds", "1d10", "--tn", "10")
    assert out.strip() == "1d10 vs TN 10: P(success) = 0.1 (10.00%)"


def test_odds_needs_a_tn() -> None:
    with pytest.raises(SystemExit, match=r"^2$"):
        parser().parse_args(["odds", "7k5"])


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["roll", "100000d6"], "at most 1000 dice in a pool"),
        (["roll", "0k0"], "0k0: roll at least one die"),
        (["roll", "5k"], "a keep count must follow 'k'"),
        (["roll", "d"], "a number of sides must follow 'd'"),
        (["roll", "7k3", "--raises", "2"], "give --tn too"),
        (["roll", "7k3", "--tn", "10", "--raises", "-1"], "between 0 and 100 Raises, not -1"),
        (["odds", "2d6", "--tn", "7", "--raises", "1"], "Raises belong to roll-and-keep"),
        (["odds", "1000d1000", "--tn", "7"], "too many possible totals for exact odds"),
    ],
)
def test_bad_input_raises_a_dice_expression_error(words: list[str], says: str) -> None:
    args = parser().parse_args(words)
    with pytest.raises(DiceExpressionError, match=says):
        args.func(args)


def cardtable(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *words], capture_output=True, text=True, timeout=60
    )


def test_the_installed_command_rolls_and_refuses() -> None:
    done = cardtable("roll", "7k5", "--tn", "25", "--seed", "8", "--json")
    assert done.returncode == 0, done.stderr
    assert {"dice", "kept", "total", "tn", "success"} <= set(json.loads(done.stdout))
    refused = cardtable("roll", "5k")
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        "cardtable roll: error: 5k: a keep count must follow 'k' (as in 5k3)"
    ]
    assert refused.stdout == ""


def test_the_installed_command_refuses_a_bad_option_in_one_line() -> None:
    done = cardtable("odds", "7k5", "--tn", "many")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
