"""The authority table (``docs/authority.md``) holds: every table action and every step of the
five systems has a row, each row says what the model does, and no step is anyone's unless it
is on the short list below, with the reason beside it.

At the demo table (Alex plays Ottilie and Kaneda, Bea plays Wren and Bartholomew, Chidi plays
Isolde, Dana is the GM), with a tarot Challenge, a Simple Challenge, a Duel, a Banzai roll, an
opposed roll and a pool Challenge all on the table, a sample of each step is asked of every
seat: the seats the model lets take it are the seats its row names.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing
from collections.abc import Callable
from pathlib import Path

import pytest
from attrs import evolve

import cardtable.session
import cardtable.steps
from cardtable.cards import CardId, DeckId
from cardtable.piles import Pile, PileId, PileKind, Spot
from cardtable.randomness import seeded
from cardtable.resolvers.adventure.hits import HitChoice
from cardtable.resolvers.adventure.showdown import DeadlockWay
from cardtable.resolvers.adventure.state import DrawClaim
from cardtable.resolvers.adventure.state import Side as FaSide
from cardtable.resolvers.pool.sides import Conversion
from cardtable.resolvers.tarot.challenge import Attribute
from cardtable.session import (
    Action,
    AddCharacter,
    AddDeck,
    AddPile,
    AddPlayer,
    ChangeScene,
    Character,
    CharacterId,
    ConfirmSeat,
    CurtainError,
    DeckOnTable,
    Draw,
    EditSheet,
    EndResolver,
    Flip,
    Move,
    Note,
    PassSeat,
    Peek,
    Player,
    PlayerId,
    ResolverStep,
    Reveal,
    Session,
    SetOption,
    Shuffle,
    StartResolver,
    Turn,
    load,
)
from cardtable.session.arranging import Place
from cardtable.session.art_actions import ChooseArt
from cardtable.session.corrections import StrikeRoll, TakeBack
from cardtable.session.demo import demo_path
from cardtable.session.dice_history import DiceRequest, roll_step
from cardtable.session.gm_notes import GmNote
from cardtable.session.sealed_rolls import RevealSealed, RollSealed
from cardtable.session.table_options import SetTableOptions
from cardtable.session.words_actions import ChooseWords
from cardtable.sheets import blank
from cardtable.sheets.banzai import Element
from cardtable.steps import authority_table
from cardtable.steps import crisis as crisis_steps
from cardtable.steps import tarot as tarot_steps
from cardtable.steps.adventure import arrival, conflict, play
from cardtable.steps.authority_table import ROWS, Who
from cardtable.steps.banzai import conditions, opposed
from cardtable.steps.banzai import roll as banzai_roll
from cardtable.steps.banzai.picks import RollPick
from cardtable.steps.pool import penalties
from cardtable.steps.pool import play as pool_play
from cardtable.steps.pool.picks import SidePick

DOC = Path(__file__).resolve().parent.parent / "docs" / "authority.md"
ALEX, BEA, CHIDI, DANA = (PlayerId(p) for p in ("alex", "bea", "chidi", "dana"))
SEATS = (ALEX, BEA, CHIDI, DANA)
OTTILIE, WREN, ISOLDE = "ottilie-marchbank", "wren-halloway", "captain-isolde-varga"
BART, KANEDA, ONI = "bartholomew-quince", "kaneda-suzume", "oni"

#: The steps anyone may take, each with the reason it is no one's in particular.
ANYONE_MAY = {
    "adventure.conflict.reveal": "all the laid cards turn up together; nothing is chosen",
    "adventure.conflict.settle_deadlock": "the two players agree aloud; either enters it",
    "adventure.conflict.close": "closing does only what the rules already decided",
    "adventure.play.pass_turn": "the turn's player says so aloud; an owner is still to come",
    "adventure.play.start_identify": "the introducer is picked; an owner is still to come",
    "adventure.play.reveal_identify": "the hidden card turns up; nothing is chosen",
    "adventure.play.treat": "the rules name nobody who treats",
    "tarot.finish": "the outcome is settled; the cards go to the discard pile",
    "crisis.roll_duel": "both pools are rolled at once; nothing is chosen",
    "banzai.opposed.resolve": "the two totals are compared; nothing is chosen",
}

#: The table actions anyone may take (on a shared place, or nothing of anyone's).
ANYONE_MAY_ACTIONS = {
    "PassSeat": "whoever holds the computer hands it on",
    "AddPlayer": "a player sits down",
    "AddPile": "a new place holds nothing of anyone's",
    "Note": "a note is its writer's own words",
    "ChooseArt": "art changes how cards look, never who sees them",
    **dict.fromkeys(
        ("StartResolver", "EndResolver", "ResolverStep"),
        "a carrier anyone's by default: each step that makes one is held above",
    ),
}
CARRIERS = {"StartResolver", "EndResolver", "ResolverStep"}

#: Builders of steps and actions that are not themselves a step (they make one).
BUILDERS = {"adventure.conflict.game_step"}


def _table() -> Session:
    """The demo with every system's Challenge or roll on the table, set up by the GM."""
    session = load(demo_path(), rng=seeded(1))
    session.holder = DANA
    session.apply(tarot_steps.begin(OTTILIE, Attribute.ROCK, 1))
    session.apply(crisis_steps.set_up_simple(WREN, 6))
    session.apply(
        crisis_steps.set_up_duel(
            crisis_steps.DuelPick(WREN), crisis_steps.DuelPick(name="Ghoul", pool=3)
        )
    )
    session.apply(
        pool_play.start(
            SidePick.from_sheet(session.state, ISOLDE, "Riding"),
            [SidePick("Runaway cart", rating=5)],
        )
    )
    # Draws owed to Bartholomew (Bea's), as a lost Supporter pair leaves them.
    game, _ = conflict.ensure_game(session.state)
    game.claims.append(DrawClaim(1, BART, 1, "for losing the pair", [BART], optional=True))
    oni = evolve(
        session.state.characters[CharacterId(KANEDA)], id=CharacterId(ONI), name="Oni", player=DANA
    )
    session.apply(AddCharacter(oni))
    session.apply(
        opposed.start(
            RollPick(KANEDA, "", Element.FIRE, target=None),
            RollPick(ONI, "", Element.WATER, target=None),
        )
    )
    session.holder = ALEX
    session.apply(banzai_roll.roll(RollPick(KANEDA, "", Element.FIRE)))
    return session


def _hand_card(session: Session) -> CardId:
    return session.table.pile(PileId(f"hand/{BART}")).cards[0]


def _mole() -> Character:
    """A Fantastical Adventure character of Bea's, not at the table yet, its sheet blank."""
    return Character(
        CharacterId("mole"), "Mole", BEA, "adventure", blank("adventure").revised(name="Mole")
    )


#: A sample of each step, for the table of :func:`_table`.
STEP_SAMPLES: dict[str, Callable[[Session], Action]] = {
    "adventure.arrival.bring_in": lambda s: arrival.bring_in(_mole(), hand=True),
    "adventure.conflict.issue_challenge": lambda s: conflict.issue_challenge(BART, "goal", None),
    "adventure.conflict.answer": lambda s: conflict.answer(BART, "stop", None),
    "adventure.conflict.no_answer": lambda s: conflict.no_answer(),
    "adventure.conflict.support": lambda s: conflict.support(BART, FaSide.CHALLENGE, None),
    "adventure.conflict.award": lambda s: conflict.award(FaSide.CHALLENGE, 1, "the sun"),
    "adventure.conflict.reveal": lambda s: conflict.reveal(),
    "adventure.conflict.push": lambda s: conflict.push(BART, None),
    "adventure.conflict.yield_conflict": lambda s: conflict.yield_conflict(BART),
    "adventure.conflict.settle_deadlock": lambda s: conflict.settle_deadlock(
        DeadlockWay.BOTH_YIELD
    ),
    "adventure.conflict.take_draws": lambda s: conflict.take_draws(1),
    "adventure.conflict.decline_draws": lambda s: conflict.decline_draws(1),
    "adventure.conflict.close": lambda s: conflict.close(),
    "adventure.play.pass_turn": lambda s: play.pass_turn("bea"),
    "adventure.play.new_scene": lambda s: play.new_scene(),
    "adventure.play.take_up_ambition": lambda s: play.take_up_ambition(BART, "a ship", None),
    "adventure.play.accomplish": lambda s: play.accomplish(BART, "a ship", {BART: 5}),
    "adventure.play.act_on_bond": lambda s: play.act_on_bond(BART, OTTILIE),
    "adventure.play.lend_a_hand": lambda s: play.lend_a_hand(BART, OTTILIE, [_hand_card(s)]),
    "adventure.play.trade_joker": lambda s: play.trade_joker(BART, _hand_card(s)),
    "adventure.play.start_identify": lambda s: play.start_identify("bea", "a shape"),
    "adventure.play.identify_claim": lambda s: play.identify_claim(BART, _hand_card(s), "eel"),
    "adventure.play.reveal_identify": lambda s: play.reveal_identify(),
    "adventure.play.strike": lambda s: play.strike(BART, OTTILIE),
    "adventure.play.take_hit": lambda s: play.take_hit(BART, HitChoice.GO_DOWN),
    "adventure.play.shake_it_off": lambda s: play.shake_it_off(BART),
    "adventure.play.treat": lambda s: play.treat(BART),
    "adventure.play.challenge_with": lambda s: play.challenge_with(BART, "goal", None),
    "adventure.play.answer_with": lambda s: play.answer_with(BART, "stop", None),
    "adventure.play.queen": lambda s: play.queen(BART, _hand_card(s)),
    "adventure.play.suspend": lambda s: play.suspend(BART, "goal", "later", None),
    "adventure.play.answer_suspended": lambda s: play.answer_suspended(1, BART, "stop", None),
    "tarot.begin": lambda s: tarot_steps.begin(OTTILIE, Attribute.ROCK, 1),
    "tarot.concede": lambda s: tarot_steps.concede(),
    "tarot.draw": lambda s: tarot_steps.draw(),
    "tarot.play_sleeve": lambda s: tarot_steps.play_sleeve(_hand_card(s)),
    "tarot.stop": lambda s: tarot_steps.stop(),
    "tarot.finish": lambda s: tarot_steps.finish(),
    "tarot.inspiration": lambda s: tarot_steps.inspiration(),
    # Written once the Challenge has ended: a sheet's edit, as any other.
    "tarot.write_aspect": lambda s: EditSheet(
        CharacterId(OTTILIE), s.state.characters[CharacterId(OTTILIE)].sheet
    ),
    "crisis.set_up_simple": lambda s: crisis_steps.set_up_simple(WREN, 6),
    "crisis.roll_simple": lambda s: crisis_steps.roll_simple(),
    "crisis.invite_push": lambda s: crisis_steps.invite_push(),
    "crisis.push_simple": lambda s: crisis_steps.push_simple(),
    "crisis.accept_failure": lambda s: crisis_steps.accept_failure(),
    "crisis.clear_simple": lambda s: crisis_steps.clear_simple(),
    "crisis.set_up_duel": lambda s: crisis_steps.set_up_duel(
        crisis_steps.DuelPick(WREN), crisis_steps.DuelPick(name="Ghoul", pool=3)
    ),
    "crisis.roll_duel": lambda s: crisis_steps.roll_duel(),
    "crisis.push_duel": lambda s: crisis_steps.push_duel(0),
    "crisis.decline": lambda s: crisis_steps.decline(0),
    "crisis.stand_off": lambda s: crisis_steps.stand_off(),
    "crisis.clear_duel": lambda s: crisis_steps.clear_duel(),
    "pool.play.start": lambda s: pool_play.start(
        SidePick("Cliff", rating=3), [SidePick("Rope", rating=2)]
    ),
    "pool.play.prepare_next": lambda s: pool_play.prepare_next(
        SidePick("Cliff", rating=3), SidePick("Rope", rating=2)
    ),
    "pool.play.clear": lambda s: pool_play.clear(s.state),
    "pool.play.plan": lambda s: pool_play.plan("Captain Isolde Varga", Conversion(to_bonus=1)),
    "pool.play.play_round": lambda s: pool_play.play_round(),
    "pool.play.change_ability": lambda s: pool_play.change_ability(
        SidePick.from_sheet(s.state, ISOLDE, "Riding")
    ),
    "pool.penalties.take_penalty": lambda s: penalties.take_penalty("Captain Isolde Varga", {}),
    "banzai.roll.roll": lambda s: banzai_roll.roll(RollPick(KANEDA, "", Element.FIRE)),
    "banzai.roll.decide": lambda s: banzai_roll.decide(),
    "banzai.roll.spend": lambda s: banzai_roll.spend("more"),
    "banzai.roll.finish": lambda s: banzai_roll.finish(),
    "banzai.roll.clear": lambda s: banzai_roll.clear(),
    "banzai.opposed.start": lambda s: opposed.start(
        RollPick(KANEDA, "", Element.FIRE, target=None),
        RollPick(ONI, "", Element.WATER, target=None),
    ),
    "banzai.opposed.roll_side": lambda s: opposed.roll_side(0),
    "banzai.opposed.keep_side": lambda s: opposed.keep_side(0, [0]),
    "banzai.opposed.resolve": lambda s: opposed.resolve(),
    "banzai.opposed.spend_side": lambda s: opposed.spend_side(0, "more"),
    "banzai.opposed.finish_side": lambda s: opposed.finish_side(0),
    "banzai.opposed.clear": lambda s: opposed.clear(),
}


def _zone_card(session: Session) -> CardId:
    """A face-down card the GM dealt onto Bartholomew's face-down cards (Bea's)."""
    session.holder = DANA
    session.apply(Draw(PileId("shoe/draw"), PileId(f"zone/{BART}")))
    return session.table.pile(PileId(f"zone/{BART}")).cards[-1]


def _after(session: Session, first: Action, then: Action) -> Action:
    """``then``, once ``first`` has been applied (a correction needs something to correct)."""
    session.apply(first)
    return then


#: A sample of each table action, on a place of Bea's where the action has a place.
ACTION_SAMPLES: dict[str, Callable[[Session], Action]] = {
    "Draw": lambda s: Draw(PileId(f"hand/{BART}"), PileId("shoe/discard")),
    "Move": lambda s: Move([_hand_card(s)], PileId("shoe/discard")),
    "Place": lambda s: Place((_hand_card(s),), (Spot(0, 0),), PileId("challenge")),
    "Flip": lambda s: Flip(_zone_card(s)),
    "Turn": lambda s: Turn(_zone_card(s)),
    "Shuffle": lambda s: Shuffle(PileId(f"hand/{BART}")),
    "Reveal": lambda s: Reveal([_zone_card(s)]),
    "Peek": lambda s: Peek(_zone_card(s)),
    "PassSeat": lambda s: PassSeat(0),
    "ConfirmSeat": lambda s: ConfirmSeat(BEA),
    "AddPlayer": lambda s: AddPlayer(Player.named("Eve", "#123456", taken=list(s.state.players))),
    "AddCharacter": lambda s: AddCharacter(Character("mole", "Mole", BEA, "adventure")),
    "DealtIn": lambda s: arrival.DealtIn(_mole()),
    "AddPile": lambda s: AddPile(Pile(PileId("spare"), PileKind.ZONE, "spare")),
    "AddDeck": lambda s: AddDeck(DeckOnTable(DeckId("t2"), "tourist-tarot")),
    "EditSheet": lambda s: EditSheet(
        CharacterId(BART), s.state.characters[CharacterId(BART)].sheet
    ),
    "ConditionChange": lambda s: conditions.ConditionChange(
        KANEDA, "darkness", conditions.Change.BEGIN
    ),
    "ChangeScene": lambda s: ChangeScene(),
    "SetOption": lambda s: SetOption("pool-ties", "draw"),
    "SetTableOptions": lambda s: SetTableOptions({}),
    "Note": lambda s: Note("hello"),
    "GmNote": lambda s: GmNote("a secret"),
    "ChooseArt": lambda s: ChooseArt(DeckId("tarot"), None),
    "ChooseWords": lambda s: ChooseWords(DeckId("tarot"), None),
    "RollSealed": lambda s: RollSealed(DiceRequest("2d6")),
    "RevealSealed": lambda s: RevealSealed(),
    "StartResolver": lambda s: StartResolver("x", None),
    "EndResolver": lambda s: EndResolver("x"),
    "ResolverStep": lambda s: ResolverStep(lambda state, rng: []),
    "RoundStep": lambda s: pool_play.play_round(),
    "TakeBack": lambda s: _after(s, Draw(PileId("shoe/draw"), PileId("challenge")), TakeBack()),
    "StrikeRoll": lambda s: _after(
        s, ResolverStep(roll_step(DiceRequest("7k5"), s.actor_name)), StrikeRoll()
    ),
}


def _step_names() -> set[str]:
    """Every public function of :mod:`cardtable.steps` that makes an action."""
    names = set()
    for found in pkgutil.walk_packages(cardtable.steps.__path__, "cardtable.steps."):
        module = importlib.import_module(found.name)
        for name, value in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(value):
                continue
            if value.__module__ != module.__name__:
                continue
            returns = typing.get_type_hints(value).get("return")
            if isinstance(returns, type) and issubclass(returns, Action):
                names.add(f"{found.name.removeprefix('cardtable.steps.')}.{name}")
    return names - BUILDERS


def _action_names() -> set[str]:
    """Every action class of the model (the session's and the systems')."""
    for package in (cardtable.session, cardtable.steps):
        for found in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            importlib.import_module(found.name)
    seen, todo = set(), [Action]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("cardtable.") and sub.__name__ not in seen:
                seen.add(sub.__name__)
                todo.append(sub)
    return seen


def _may(session: Session, action: Action) -> set[PlayerId]:
    return {seat for seat in SEATS if action.refusal(session, seat) is None}


def test_every_step_and_every_action_has_a_row():
    rows = {row.name for row in ROWS}
    assert len(rows) == len(ROWS), "a row is there twice"
    steps = _step_names()
    actions = _action_names()
    assert steps - rows == set(), "a step with no row in cardtable/steps/authority_table.py"
    assert actions - rows == set(), "an action with no row in cardtable/steps/authority_table.py"
    assert rows - steps - actions == set(), "a row for no step or action"
    assert set(STEP_SAMPLES) == steps and set(ACTION_SAMPLES) == actions


def test_the_document_shows_the_table():
    text = DOC.read_text(encoding="utf-8")
    assert authority_table.with_table(text) == text, (
        "docs/authority.md is out of date: python -m cardtable.steps.authority_table "
        "docs/authority.md"
    )


@pytest.mark.parametrize("name", sorted(STEP_SAMPLES))
def test_no_step_is_anyones_unless_listed(name):
    session = _table()
    may = _may(session, STEP_SAMPLES[name](session))
    if may == set(SEATS):
        assert name in ANYONE_MAY, f"anyone may take {name}: give it an owner, or list it"
    else:
        assert name not in ANYONE_MAY, f"{name} has an owner now: take it off the list"


@pytest.mark.parametrize("name", sorted(set(ACTION_SAMPLES) - {"ConfirmSeat"}))
def test_no_action_is_anyones_unless_listed(name):
    session = _table()
    action = ACTION_SAMPLES[name](session)
    may = _may(session, action)
    assert (may == set(SEATS)) == (name in ANYONE_MAY_ACTIONS), may


#: The seats each kind of row leaves to take the samples above.
SAMPLE_SEATS = {
    Who.ANYONE: [set(SEATS)],
    Who.GM: [{DANA}],
    Who.CHARACTER: [{ALEX}, {BEA}, {CHIDI}],
    Who.CHALLENGER: [{ALEX}],
    Who.ROLLER: [{ALEX}],
    # A side no sheet is behind (the Ghoul, the cart) is the GM's; the GM's at set-up too.
    Who.SIDE: [{ALEX}, {BEA}, {CHIDI}, {DANA}],
    Who.CHARACTER_OR_GM: [{ALEX, DANA}, {BEA, DANA}],
    Who.OWN_OR_GM: [{BEA, DANA}],
    # Nobody has planned yet: only the GM may play the round, moving on without the plans.
    Who.ROUND: [{DANA}],
}


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.name)
def test_each_row_says_who_the_model_lets_take_it(row):
    if row.who in (Who.PLACE, Who.DECIDER, Who.CURTAIN):
        return  # by where the cards lie, by the step, by the curtain: held below and elsewhere
    session = _table()
    sample = {**STEP_SAMPLES, **ACTION_SAMPLES}[row.name](session)
    assert _may(session, sample) in SAMPLE_SEATS[row.who]


def test_every_anyone_row_is_listed_with_its_reason():
    anyones = {row.name for row in ROWS if row.who is Who.ANYONE}
    assert anyones == set(ANYONE_MAY) | set(ANYONE_MAY_ACTIONS) - CARRIERS


def test_only_the_player_the_curtain_names_lifts_it():
    session = _table()
    session.apply(PassSeat(1))
    for other in (ALEX, CHIDI, DANA):
        with pytest.raises(CurtainError, match="The curtain waits for Bea; only they may lift it"):
            session.apply(ConfirmSeat(other))
    assert session.curtain == BEA
    session.apply(ConfirmSeat(BEA))
    assert session.curtain is None
