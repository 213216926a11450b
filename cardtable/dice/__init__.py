"""Dice: expressions, rolls and exact odds.

- :mod:`~cardtable.dice.expression`: the text a player types, parsed into a frozen tree.
- :mod:`~cardtable.dice.banzai`: what an ``XkY`` pool becomes under Banzai's rules.
- :mod:`~cardtable.dice.roll`: rolling with an injected ``Rng``; results record every die.
- :mod:`~cardtable.dice.odds`: exact distributions and chances of success.
- :mod:`~cardtable.dice.render`: results as text or JSON-ready data.
"""

from cardtable.dice.banzai import (
    MAX_RAISE_STEP,
    RAISE_STEP,
    TEN_DICE_CAP,
    BanzaiPool,
    check_raise_step,
    raised_tn,
)
from cardtable.dice.errors import DiceExpressionError
from cardtable.dice.expression import (
    ChallengeDice,
    DicePool,
    Expression,
    Flat,
    KeepMode,
    RollAndKeep,
    Term,
)
from cardtable.dice.odds import (
    Distribution,
    banzai_distribution,
    challenge_distribution,
    crisis_distribution,
    dice_sum,
    exploding_keep_highest,
    expression_distribution,
    keep_distribution,
    p_banzai,
    p_crisis_success,
    p_success,
)
from cardtable.dice.render import odds_json, odds_text, roll_json, roll_text
from cardtable.dice.roll import (
    EXPLOSION_CAP,
    DiceGroup,
    Die,
    RollResult,
    challenge_value,
    keep_highest,
    keep_lowest,
    roll,
    roll_banzai,
    roll_challenge_dice,
    roll_d6,
    roll_exploding_d10,
    roll_expression,
    roll_faces,
)

__all__ = [
    "EXPLOSION_CAP",
    "MAX_RAISE_STEP",
    "RAISE_STEP",
    "TEN_DICE_CAP",
    "BanzaiPool",
    "ChallengeDice",
    "DiceExpressionError",
    "DiceGroup",
    "DicePool",
    "Die",
    "Distribution",
    "Expression",
    "Flat",
    "KeepMode",
    "RollAndKeep",
    "RollResult",
    "Term",
    "banzai_distribution",
    "challenge_distribution",
    "challenge_value",
    "check_raise_step",
    "crisis_distribution",
    "dice_sum",
    "exploding_keep_highest",
    "expression_distribution",
    "keep_distribution",
    "keep_highest",
    "keep_lowest",
    "odds_json",
    "odds_text",
    "p_banzai",
    "p_crisis_success",
    "p_success",
    "raised_tn",
    "roll",
    "roll_banzai",
    "roll_challenge_dice",
    "roll_d6",
    "roll_exploding_d10",
    "roll_expression",
    "roll_faces",
    "roll_json",
    "roll_text",
]
