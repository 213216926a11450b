"""Who may take each table action and each step of the five systems, and why: the authority
table that ``docs/authority.md`` shows.

Each :class:`Row` names an action class of :mod:`cardtable.session` (or of a system) or a
step function of :mod:`cardtable.steps`, says who may take it (:class:`Who`) and which rule
says so. The rows are the declaration; ``tests/test_authority_table.py`` holds each of them to
the model (the seats the model lets take a sample of the step are the seats the row says) and
checks that every action and step has a row, and that the document shows this table.
``python -m cardtable.steps.authority_table docs/authority.md`` writes the table into the
document, between its two markers.

>>> row = next(r for r in ROWS if r.name == "adventure.conflict.no_answer")
>>> row.who.value
'the GM'
"""

from __future__ import annotations

import enum
import sys
from pathlib import Path

from attrs import frozen


class Who(enum.Enum):
    """Who may take an action or a step (the GM's steps are anyone's at a table without one)."""

    ANYONE = "anyone"
    GM = "the GM"
    CHARACTER = "the character's player"
    CHARACTER_OR_GM = "the character's player, or the GM"
    SIDE = "the side's player (the GM for a side no sheet is behind)"
    CHALLENGER = "the player of the Challenge's character"
    ROLLER = "the rolling character's player (the GM for a roll no sheet is behind)"
    PLAYER = "that player"
    CURTAIN = "the player the curtain names"
    PLACE = "by where the cards lie"
    DECIDER = "whoever its decider names (each step below says)"
    OWN_OR_GM = "anyone for their own character; the GM for another's"
    ROUND = "anyone once every side's plan is in; the GM before (moving on, logged)"


@frozen
class Row:
    """One action or step: ``name`` (a step as ``system.module.function``, an action by its
    class name), what a player sees of it, who may take it, and the rule behind that."""

    name: str
    what: str
    who: Who
    why: str


def _rows(who: Who, why: str, *named: tuple[str, str]) -> list[Row]:
    return [Row(name, what, who, why) for name, what in named]


_FA = "rules/fantastical-adventure.md"
_TAROT = "rules/tourist-tarot.md"
_CRISIS = "rules/crisis-dice.md"
_POOL = "rules/pool-challenge.md"
_BANZAI = "rules/banzai.md"
_TABLE = "rules/table.md"

#: The table actions, by class name.
ACTIONS: tuple[Row, ...] = (
    *_rows(
        Who.PLACE,
        f"the places and cards above ({_TABLE})",
        ("Draw", "draw (D), deal"),
        ("Move", "drag a card"),
        ("Place", "drop on the open table"),
        ("Flip", "flip (F)"),
        ("Turn", "turn round (R)"),
        ("Shuffle", "shuffle (S)"),
        ("Reveal", "reveal a face-down card"),
    ),
    Row(
        "Peek",
        "peek at a face-down card",
        Who.CHARACTER,
        f"{_TABLE}: face-down cards show their back to everyone, their owner too until they peek",
    ),
    Row(
        "PassSeat",
        "pass the computer",
        Who.ANYONE,
        f"{_TABLE}: whoever holds the computer hands it on; the curtain goes up",
    ),
    Row(
        "ConfirmSeat",
        '"I am X"',
        Who.CURTAIN,
        f'{_TABLE}: only the named player\'s "I am X" lifts the curtain',
    ),
    Row(
        "AddPlayer",
        "a player sits down",
        Who.ANYONE,
        f"{_TABLE}: a player takes a seat; a table being set up has nobody to ask yet",
    ),
    Row(
        "AddCharacter",
        "bring in a character",
        Who.OWN_OR_GM,
        f"{_TABLE}: each character is controlled by one player; the GM controls NPCs",
    ),
    Row(
        "DealtIn",
        "bring in a Fantastical Adventure character, dealt its starting hand",
        Who.OWN_OR_GM,
        f"{_TABLE}: each character is controlled by one player; {_FA}: Power sets the "
        "starting hand",
    ),
    Row(
        "adventure.arrival.bring_in",
        "bring in a character (dealt its hand, in Fantastical Adventure)",
        Who.OWN_OR_GM,
        f"{_TABLE}: each character is controlled by one player; the GM controls NPCs",
    ),
    Row(
        "AddPile",
        "lay out a shared place",
        Who.ANYONE,
        "a new pile holds no card yet: nothing of anyone's changes",
    ),
    Row("AddDeck", "put a deck on the table", Who.GM, f"{_TABLE}: the decks are the GM's set-up"),
    Row(
        "EditSheet",
        "edit a sheet",
        Who.CHARACTER_OR_GM,
        f"{_TABLE}: sheets are editable; a sheet is its character's player's, and the GM's",
    ),
    Row(
        "ConditionChange",
        "a Banzai condition carried",
        Who.CHARACTER_OR_GM,
        f"{_BANZAI}: a condition lives on the character's sheet",
    ),
    Row("ChangeScene", "begin a new scene", Who.GM, f"{_FA}: scenes are numbered by the table"),
    Row(
        "SetOption",
        "a table option",
        Who.GM,
        "rules/README.md: a configurable rule is a table option; the GM sets it",
    ),
    Row(
        "SetTableOptions",
        "Table > Options",
        Who.GM,
        "rules/README.md: a configurable rule is a table option; the GM sets it",
    ),
    Row(
        "Note",
        "a note in the log",
        Who.ANYONE,
        "a note is its writer's own words, logged under their name",
    ),
    Row("GmNote", "the GM's notes", Who.GM, f"{_TABLE}: a GM's notes are private to the GM"),
    Row(
        "ChooseArt",
        "a deck's art",
        Who.ANYONE,
        "the art changes how every card looks, never what a card is or who sees it",
    ),
    Row(
        "ChooseWords",
        "Table > Decks > Edit the tarot…: the words the tarot plays with",
        Who.GM,
        f"{_TAROT}: the deck's words are the group's; choosing them is the GM's set-up",
    ),
    Row("RollSealed", "roll sealed", Who.GM, "a sealed roll is the GM's private roll"),
    Row("RevealSealed", "reveal a sealed roll", Who.GM, "a sealed roll is the GM's to show"),
    Row(
        "TakeBack",
        "take back a mistaken draw (shuffled back in)",
        Who.GM,
        "docs/privacy.md: what chance gave stays given; a mistake is corrected by the GM, logged",
    ),
    Row(
        "StrikeRoll",
        "strike a mistaken roll from the record",
        Who.GM,
        "docs/privacy.md: a roll is never taken back to be had again; the GM strikes it, logged",
    ),
    *_rows(
        Who.DECIDER,
        "what carries a system's step: the step says whose it is",
        ("StartResolver", "(a system's start)"),
        ("EndResolver", "(a system's clear)"),
        ("ResolverStep", "(a system's step)"),
    ),
    Row("RoundStep", "(the pool's round)", Who.ROUND, "pool.play.play_round, below"),
)

#: The steps of the five systems, by ``system.module.function``.
STEPS: tuple[Row, ...] = (
    # Fantastical Adventure: a Conflict
    Row(
        "adventure.conflict.issue_challenge",
        "Challenge",
        Who.CHARACTER,
        f"{_FA}: on their turn a character states a goal and lays a card from their hand",
    ),
    Row(
        "adventure.conflict.answer",
        "Answer",
        Who.CHARACTER,
        f"{_FA}: anyone who wants to stop it lays an Answer card from their own hand",
    ),
    Row(
        "adventure.conflict.no_answer",
        "Nobody answers",
        Who.GM,
        f"{_FA}: no Answer, the goal is attained; {_TABLE}: the table asks each player in turn, "
        "so the GM says when nobody will",
    ),
    Row(
        "adventure.conflict.support",
        "Support",
        Who.CHARACTER,
        f"{_FA}: other characters may join either side, each laying one card",
    ),
    Row(
        "adventure.conflict.award",
        "Award Advantage",
        Who.GM,
        f"{_FA}: points the table awards for circumstances",
    ),
    Row(
        "adventure.conflict.reveal",
        "Reveal all",
        Who.ANYONE,
        f"{_FA}: all cards are revealed together once laid; nothing is chosen",
    ),
    Row(
        "adventure.conflict.push",
        "Push",
        Who.CHARACTER,
        f"{_FA}: the trumped primary Pushes or Pushes back with a card from their hand",
    ),
    Row(
        "adventure.conflict.yield_conflict",
        "Yield",
        Who.CHARACTER,
        f"{_FA}: the trumped primary Yields",
    ),
    Row(
        "adventure.conflict.settle_deadlock",
        "Deadlock: a way out",
        Who.ANYONE,
        f"{_FA}: the two players agree on a way out aloud; either enters what they agreed",
    ),
    Row(
        "adventure.conflict.take_draws",
        "Draw (a claim)",
        Who.CHARACTER,
        f"{_FA}: the one who earned the draws draws them, sharing them with their Supporters "
        "as they choose",
    ),
    Row(
        "adventure.conflict.decline_draws",
        "Decline (a claim)",
        Who.CHARACTER,
        f"{_FA}: the loser of a Supporter pair may draw a card: theirs to turn down",
    ),
    Row(
        "adventure.conflict.close",
        "Close the Conflict",
        Who.ANYONE,
        f"{_FA}: the Conflict is resolved; closing only does what the rules already decided",
    ),
    # Fantastical Adventure: play
    Row(
        "adventure.play.pass_turn",
        "Pass the turn",
        Who.ANYONE,
        f"{_FA}: a turn ends when its player passes it on (an owner is still to come)",
    ),
    Row("adventure.play.new_scene", "New scene", Who.GM, f"{_FA}: scenes are numbered"),
    *_rows(
        Who.CHARACTER,
        f"{_FA}: the character's own Ambitions, Bonds, cards and Hits",
        ("adventure.play.take_up_ambition", "Take up an Ambition"),
        ("adventure.play.accomplish", "Accomplished"),
        ("adventure.play.act_on_bond", "Act on a Bond"),
        ("adventure.play.lend_a_hand", "Lend a Hand"),
        ("adventure.play.trade_joker", "Trade a Joker"),
        ("adventure.play.identify_claim", "Identify: claim"),
        ("adventure.play.strike", "Hit"),
        ("adventure.play.take_hit", "Take the Hit"),
        ("adventure.play.shake_it_off", "Shake it off"),
        ("adventure.play.challenge_with", "Challenge with a face card"),
        ("adventure.play.answer_with", "Answer with an Ace"),
        ("adventure.play.queen", "Play a Queen"),
        ("adventure.play.suspend", "Suspend a Challenge"),
        ("adventure.play.answer_suspended", "Answer a Suspended Challenge"),
    ),
    Row(
        "adventure.play.start_identify",
        "Identify Check",
        Who.ANYONE,
        f"{_FA}: the one who introduced a vague threat lays the top card (an owner is still "
        "to come)",
    ),
    Row(
        "adventure.play.reveal_identify",
        "Identify: reveal",
        Who.ANYONE,
        f"{_FA}: the hidden card is revealed when the claims are made; nothing is chosen",
    ),
    Row(
        "adventure.play.treat",
        "Treated",
        Who.ANYONE,
        f"{_FA}: a character is treated in the story; the rules name nobody who treats",
    ),
    # The tarot Challenge
    Row(
        "tarot.begin",
        "Set up a tarot Challenge",
        Who.GM,
        f"{_TAROT}: the GM picks the Rank (and sets Reach and Risk)",
    ),
    *_rows(
        Who.CHALLENGER,
        f"{_TAROT}: the player draws, may stop, or concede",
        ("tarot.concede", "Concede"),
        ("tarot.draw", "Draw"),
        ("tarot.play_sleeve", "Play a Sleeve Card"),
        ("tarot.stop", "Stop"),
    ),
    Row(
        "tarot.finish",
        "Finish",
        Who.ANYONE,
        f"{_TAROT}: the outcome is settled; all table cards go to the discard pile",
    ),
    Row(
        "tarot.inspiration",
        "Inspiration draw",
        Who.GM,
        f"{_TAROT}: NPC against NPC: the table offers the GM one inspiration draw",
    ),
    Row(
        "tarot.write_aspect",
        "Write an Aspect",
        Who.CHARACTER_OR_GM,
        f"{_TAROT}: the Aspect goes on the character sheet",
    ),
    # Crisis dice
    Row(
        "crisis.set_up_simple",
        "Set up a Simple Challenge",
        Who.GM,
        f"{_CRISIS}: the GM sets a difficulty",
    ),
    Row("crisis.roll_simple", "Roll", Who.SIDE, f"{_CRISIS}: a character rolls their pool"),
    Row(
        "crisis.invite_push",
        "Invite a push",
        Who.GM,
        f"{_CRISIS}: on failure the GM may invite the character to push",
    ),
    Row(
        "crisis.push_simple",
        "Push their luck",
        Who.SIDE,
        f"{_CRISIS}: the invited character pushes",
    ),
    Row(
        "crisis.accept_failure",
        "Let the failure stand",
        Who.SIDE,
        f"{_CRISIS}: the GM's until a push is invited, then the character's player's",
    ),
    Row("crisis.clear_simple", "Clear", Who.GM, "the GM set it up"),
    Row("crisis.set_up_duel", "Set up a Duel", Who.GM, f"{_CRISIS}: a Duel against another"),
    Row(
        "crisis.roll_duel",
        "Roll both pools",
        Who.ANYONE,
        f"{_CRISIS}: both roll their pools at once; nothing is chosen",
    ),
    Row("crisis.push_duel", "Push", Who.SIDE, f"{_CRISIS}: the lower side may push their luck"),
    Row("crisis.decline", "Decline to push", Who.SIDE, f"{_CRISIS}: the lower side declines"),
    Row(
        "crisis.stand_off",
        "Stand-off",
        Who.GM,
        f"{_CRISIS}: on a tie, if neither pushes, a stand-off",
    ),
    Row("crisis.clear_duel", "Clear", Who.GM, "the GM set it up"),
    # The pool Challenge
    Row("pool.play.start", "Start", Who.GM, f"{_POOL}: the GM sets up the sides"),
    Row(
        "pool.play.prepare_next",
        "Prepare the next",
        Who.GM,
        f"{_POOL}: one Challenge prepares another",
    ),
    Row("pool.play.clear", "Clear", Who.GM, "the GM set it up"),
    Row(
        "pool.play.plan",
        "Plan",
        Who.SIDE,
        f"{_POOL}: at the start of a round a side may convert pool points",
    ),
    Row(
        "pool.play.play_round",
        "Next round",
        Who.ROUND,
        f"{_POOL}: each side converts at the start of the round, so the round waits for every "
        "side's plan; the GM may move on without one",
    ),
    Row(
        "pool.play.change_ability",
        "Change ability",
        Who.SIDE,
        f"{_POOL}: a side changes ability mid-conflict",
    ),
    Row(
        "pool.penalties.take_penalty",
        "Take the penalty",
        Who.SIDE,
        f"{_POOL}: the loser may spread the loss over the sources",
    ),
    # Banzai
    Row("banzai.roll.roll", "Roll", Who.ROLLER, f"{_BANZAI}: a character rolls XkY"),
    *_rows(
        Who.ROLLER,
        f"{_BANZAI}: the player keeps dice, decides success, spends Raises",
        ("banzai.roll.decide", "Keep and decide"),
        ("banzai.roll.spend", "Spend a Raise"),
        ("banzai.roll.finish", "Finish"),
        ("banzai.roll.clear", "Put the roll away"),
    ),
    Row(
        "banzai.opposed.start",
        "Set up an opposed roll",
        Who.GM,
        f"{_BANZAI}: active TN, opposed rolls",
    ),
    *_rows(
        Who.SIDE,
        f"{_BANZAI}: each side rolls, keeps, spends its own Raises",
        ("banzai.opposed.roll_side", "Roll a side"),
        ("banzai.opposed.keep_side", "Keep"),
        ("banzai.opposed.spend_side", "Spend a Raise"),
        ("banzai.opposed.finish_side", "Finish a side"),
    ),
    Row(
        "banzai.opposed.resolve",
        "Resolve",
        Who.ANYONE,
        f"{_BANZAI}: each roll's TN is the other's total; the comparison chooses nothing",
    ),
    Row("banzai.opposed.clear", "Clear", Who.GM, "the GM set it up"),
)

ROWS: tuple[Row, ...] = ACTIONS + STEPS

BEGIN = "<!-- authority table: python -m cardtable.steps.authority_table docs/authority.md -->"
END = "<!-- end of the authority table -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown() -> str:
    """The table as Markdown: the table actions, then the steps of each system."""
    lines = []
    for title, rows in (("Table actions", ACTIONS), ("Steps of the five systems", STEPS)):
        lines += [
            f"### {title}",
            "",
            "| action or step | what a player sees | who may | why |",
            "|---|---|---|---|",
        ]
        lines += [
            f"| `{row.name}` | {_cell(row.what)} | {row.who.value} | {_cell(row.why)} |"
            for row in rows
        ]
        lines.append("")
    return "\n".join(lines)


def with_table(document: str) -> str:
    """``document`` with the text between the markers replaced by :func:`markdown`."""
    head, found, rest = document.partition(BEGIN)
    _, ended, tail = rest.partition(END)
    if not found or not ended:
        raise ValueError(f"The document has no {BEGIN!r} ... {END!r} markers.")
    return f"{head}{BEGIN}\n\n{markdown()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m cardtable.steps.authority_table DOCUMENT.md", file=sys.stderr)
        return 2
    path = Path(argv[0])
    path.write_text(with_table(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
