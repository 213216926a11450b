"""A side of an opposed Banzai roll no sheet is behind, as the model takes it: its name on
one line, refused blank, too long or when a sheet at the table bears it; its pool, Void,
modifiers, Free Raises and flat modifier as the GM typed them, and no TN of its own. A flat
modifier is written in the roll's lines and in its odds."""

from __future__ import annotations

import pytest

from cardtable.resolvers.banzai.steps import BanzaiError, DiceModifier
from cardtable.session import GameState, load
from cardtable.session.demo import demo_path
from cardtable.sheets import Element
from cardtable.sheets.common import MAX_NAME
from cardtable.steps.banzai.picks import RollPick, TargetPick, TypedSide, explain, raise_odds


@pytest.fixture(scope="module")
def state() -> GameState:
    return load(demo_path()).state  # Kaneda Suzume has a Banzai sheet


def test_a_typed_side_is_played_with_the_pool_the_gm_gives(state: GameState) -> None:
    club = DiceModifier(1, 0, "club")
    side = TypedSide("  The   Ronin ", 6, 3, void=2, modifiers=[club], free_raises=1, flat=3)
    setup = side.setup(state)
    assert (setup.actor, setup.rolled, setup.kept, setup.tn) == ("The Ronin", 6, 3, None)
    assert (setup.void, setup.free_raises, setup.flat, setup.modifiers) == (2, 1, 3, (club,))
    assert str(setup.pool) == "7k3"
    assert side.what == "a pool the GM gives"
    with pytest.raises(BanzaiError) as refused:
        raise_odds(setup)
    assert str(refused.value) == "An opposed side has no TN of its own; ask the opposed roll"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Pick a character for each side, or type the other side's name"),
        (" \t ", "Pick a character for each side, or type the other side's name"),
        ("R" * (MAX_NAME + 1), f"A side's name fits in {MAX_NAME} characters"),
        (
            "kaneda  SUZUME",
            "Kaneda Suzume has a Banzai sheet at the table: pick Kaneda Suzume from the list, "
            "so the sheet is read",
        ),
    ],
)
def test_a_typed_side_without_a_name_of_its_own_is_refused(
    state: GameState, name: str, message: str
) -> None:
    with pytest.raises(BanzaiError) as refused:
        TypedSide(name, 6, 3).setup(state)
    assert str(refused.value) == message


def test_a_name_of_the_longest_length_is_taken(state: GameState) -> None:
    assert TypedSide("R" * MAX_NAME, 2, 2).setup(state).actor == "R" * MAX_NAME


def test_a_flat_modifier_is_written_in_the_lines_and_the_odds(state: GameState) -> None:
    pick = RollPick("kaneda-suzume", "Kenjutsu", Element.FIRE, TargetPick.typed(20), flat=-2)
    assert explain(pick, state) == (
        "Kenjutsu 4 + Fire 3: 4k3",
        "Dice: 4k3",
        "Flat modifier: -2 to the kept dice (4k3-2)",
        "TN 20",
        "Raises: at most 2 (Void 2), each +5 to the TN",
    )
    odds = raise_odds(pick.setup(state))
    assert [row.cli_command() for row in odds] == [
        f"cardtable odds 4k3-2 --tn 20 --raises {raises}" for raises in (0, 1, 2)
    ]
