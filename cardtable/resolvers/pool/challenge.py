"""The pool Challenge: attrition between challenge pools, one round at a time.

A :class:`PoolChallenge` is a frozen value the table drives step by step: start it from
two :class:`Entrant` s (or one against several), let sides :meth:`~PoolChallenge.convert`
pool points at the start of a round, then :meth:`~PoolChallenge.next_round`, which returns
the next state and a :class:`RoundReport` explaining the round side by side. Abilities can
change mid-conflict, and a finished Challenge can prepare the next one. Every field is a
plain value (ints, strings, enums, tuples of attrs classes), so the session layer saves it
with cattrs and undoes by keeping the previous value; randomness is passed in to each call
that rolls, never stored.

Rules: ``rules/pool-challenge.md``. Decisions where they are silent:

- A round in which no side can hurt another, whatever the dice, is followed by the next
  while anything will still change: converted bonus or resistance, or a carried bonus, that
  reverts. With nothing left to revert, a conversion that would let some side hurt an
  opponent (:meth:`PoolChallenge.breakthroughs`) keeps the Challenge going; the round is
  reported as :attr:`~RoundReport.stuck` (the sides repeat it until one converts). Only when
  no conversion could either is it a :attr:`Result.STALEMATE`. A conversion that could hurt
  only the side making it (pool to reserves, making it the weaker) does not count: every side
  could always do that, by converting its last point.
- One against many: when every side of both camps is out at once, each camp counts with
  the best pool among its members that were in at the start of the round.
- A detracting ability of the lone side hinders it against every opponent; each opponent
  gets what it gives.
- Dice at point 1 roll the rating into the starting pool; at point 4 they roll the
  ability's reserves once as a Challenge starts, and bonus and resistance every round.
  Changing abilities rolls nothing.

>>> akane, burger = Entrant.of("Akane", 3), Entrant.of("Cheeseburger", 3)
>>> challenge = PoolChallenge.start(akane, burger)
>>> challenge, report = challenge.next_round()
>>> [side.pool for side in challenge.sides]
[1, 1]
>>> challenge, report = challenge.next_round()
>>> report.result
<Result.DRAW: 'draw'>
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

from attrs import evolve, field, frozen

from cardtable.counts import counted
from cardtable.randomness import Rng
from cardtable.resolvers.pool.abilities import Contribution, Formula
from cardtable.resolvers.pool.dice import DicePoint, DiceUse, roll_challenge_dice
from cardtable.resolvers.pool.numbers import PoolChallengeError, half_up
from cardtable.resolvers.pool.penalties import (
    Penalty,
    PenaltyTaken,
    Threshold,
    ability_total,
    penalty_for,
    threshold_reached,
)
from cardtable.resolvers.pool.report import (
    ChangeReport,
    LossTaken,
    Result,
    RoundReport,
    SideChange,
    SideRound,
)
from cardtable.resolvers.pool.sides import (
    RESERVES_PER_POOL,
    Conversion,
    Entrant,
    Side,
    carried_bonus,
)

__all__ = [
    "Conversion",
    "DicePoint",
    "Entrant",
    "Formula",
    "Options",
    "PoolChallenge",
    "PoolChallengeError",
    "Result",
    "RoundReport",
    "Side",
    "TieRule",
]

#: ``play_out`` gives up after this many rounds (only dice can make a Challenge this long).
MAX_ROUNDS = 1000


class TieRule(enum.Enum):
    """What both sides going out at the same pool means (the table's call)."""

    DRAW = "draw"
    DOUBLE_LOSS = "double loss"

    def __str__(self) -> str:
        return self.value


@frozen
class Options:
    """The table's options for pool Challenges."""

    dice: DicePoint = DicePoint.OFF
    formula: Formula = Formula.STEPS
    ties: TieRule = TieRule.DRAW


def _camp(entrants: Entrant | Sequence[Entrant]) -> tuple[Entrant, ...]:
    return (entrants,) if isinstance(entrants, Entrant) else tuple(entrants)


def _names(sides: Sequence[Side]) -> str:
    return " and ".join(side.name for side in sides)


def _win(sides: Sequence[Side], how: str = "wins") -> str:
    verb = how if len(sides) == 1 else how.replace("wins", "win").replace("comes", "come")
    return f"{_names(sides)} {verb}."


def _hindrance(opponents: Sequence[Entrant], formula: Formula) -> Contribution:
    total = Contribution.nothing()
    for opponent in opponents:
        total = total.plus(opponent.hindrance(formula))
    return total


def _reverting(ready: Mapping[str, Side], after: Mapping[str, Side]) -> tuple[str, ...]:
    """What will still change by itself after a round: converted bonus and resistance
    revert, and a carried bonus lasted only for the round just played."""
    said = []
    for name, side in after.items():
        reverts = side.pending_reversion
        if not reverts.is_none:
            said.append(f"{name}'s {str(reverts).replace(' revert', ' reverts', 1)}")
        if ready[name].carried_bonus:
            said.append(f"{name}'s carried bonus of {ready[name].carried_bonus} is spent")
    return tuple(said)


def _quiet_verdict(reverting: Sequence[str], ways: Mapping[str, Conversion]) -> str:
    if reverting:
        return f"Nobody was hurt, but {'; '.join(reverting)}: another round."
    offers = "; ".join(f"{name} by converting {way.to_bonus} pool to bonus"
                       + (f" (after buying back {way.from_reserves})" if way.from_reserves else "")
                       for name, way in ways.items())
    return (f"Nobody was hurt and nothing reverts: only a conversion can break through "
            f"({offers}). Convert, or end the Challenge.")


def _require_rng(rng: Rng | None, point: DicePoint) -> Rng:
    if rng is None:
        raise PoolChallengeError(
            f"This table rolls challenge dice when {point}; pass a source of randomness."
        )
    return rng


@frozen
class _Dice:
    """Rolls (or not) at the table's one dice point, collecting what was rolled."""

    point: DicePoint
    rng: Rng | None
    used: dict[str, list[DiceUse]] = field(factory=dict)

    def at(self, point: DicePoint, owner: str, purpose: str, number: int) -> int:
        if point is not self.point or number <= 0:
            return number
        roll = roll_challenge_dice(number, _require_rng(self.rng, point))
        self.used.setdefault(owner, []).append(DiceUse(point, purpose, roll))
        return roll.total

    def of(self, owner: str) -> tuple[DiceUse, ...]:
        return tuple(self.used.get(owner, ()))


@frozen
class PoolChallenge:
    """A pool Challenge in progress (or over): the two camps, the table's options, how
    many rounds were played and the result so far.

    One camp holds a single side; the other holds one side or several (one against many).
    """

    first: tuple[Side, ...]
    second: tuple[Side, ...]
    options: Options = field(factory=Options)
    rounds_played: int = 0
    result: Result = Result.ONGOING
    setup_rolls: tuple[DiceUse, ...] = ()
    #: The sides that have taken their penalty for going out (each takes it once).
    penalties_taken: tuple[str, ...] = ()
    #: What each of them took (absent in files saved before it was kept).
    penalties_written: tuple[PenaltyTaken, ...] = ()

    @classmethod
    def start(
        cls,
        first: Entrant | Sequence[Entrant],
        second: Entrant | Sequence[Entrant],
        options: Options | None = None,
        rng: Rng | None = None,
        carried: Mapping[str, int] | None = None,
    ) -> PoolChallenge:
        """A new Challenge between ``first`` and ``second`` (an entrant each, or one entrant
        against several), at full pools.

        ``carried`` gives named sides a bonus for the first round only (see
        :meth:`prepared`). ``rng`` is needed when the table rolls dice at point 1 or 4.
        """
        options = options or Options()
        camps = (_camp(first), _camp(second))
        if not camps[0] or not camps[1]:
            raise PoolChallengeError("A Challenge needs someone on each side.")
        if len(camps[0]) > 1 and len(camps[1]) > 1:
            raise PoolChallengeError(
                "The pool Challenge plays one against one or one against many; split a melee "
                "into Challenges of one against many."
            )
        names = [entrant.name for camp in camps for entrant in camp]
        if len(set(names)) != len(names):
            raise PoolChallengeError("Two sides share a name; give each side its own name.")
        carried = dict(carried or {})
        unknown = sorted(set(carried) - set(names))
        if unknown:
            raise PoolChallengeError(f"{', '.join(unknown)} is not in this Challenge.")
        dice = _Dice(options.dice, rng)
        built: list[tuple[Side, ...]] = []
        for camp, opponents in ((camps[0], camps[1]), (camps[1], camps[0])):
            sides = []
            for entrant in camp:
                pool = dice.at(
                    DicePoint.FORMING_POOLS, entrant.name, f"{entrant.name}'s pool", entrant.rating
                )
                hindered_by = _hindrance(opponents, options.formula)
                side = Side.enter(entrant, hindered_by, options.formula, pool)
                reserves = dice.at(
                    DicePoint.QUANTITIES, entrant.name, f"{entrant.name}'s reserves", side.reserves
                )
                bonus = carried.get(entrant.name, 0)
                if bonus < 0:
                    raise PoolChallengeError(f"A carried bonus cannot be negative (got {bonus}).")
                sides.append(
                    evolve(side, reserves=reserves, reserves_start=reserves, carried_bonus=bonus)
                )
            built.append(tuple(sides))
        rolls = tuple(use for name in names for use in dice.of(name))
        challenge = cls(built[0], built[1], options, setup_rolls=rolls)
        return evolve(challenge, result=challenge._verdict(challenge.sides, stalemate=False)[0])

    @classmethod
    def prepared(
        cls,
        previous: PoolChallenge,
        first: Entrant,
        second: Entrant,
        options: Options | None = None,
        rng: Rng | None = None,
    ) -> PoolChallenge:
        """A new Challenge that ``previous`` (finished, one against one) prepared: the side
        that ended with the larger pool carries half the difference as a bonus for the
        first round. That bonus is not optional."""
        if not previous.result.over:
            raise PoolChallengeError("Finish the preparing Challenge before the one it prepares.")
        if not previous.one_against_one:
            raise PoolChallengeError("Only a Challenge of one against one prepares another.")
        a, b = previous.first[0], previous.second[0]
        if {first.name, second.name} != {a.name, b.name}:
            raise PoolChallengeError(
                f"The prepared Challenge must be between {a.name} and {b.name}, "
                "who played the preparing one."
            )
        carried = {a.name: carried_bonus(a.pool, b.pool), b.name: carried_bonus(b.pool, a.pool)}
        return cls.start(first, second, options or previous.options, rng, carried)

    # -----------------------------------------------------------------------------------------
    # Looking at the state

    @property
    def sides(self) -> tuple[Side, ...]:
        """Every side, the first camp first."""
        return self.first + self.second

    @property
    def one_against_one(self) -> bool:
        return len(self.first) == 1 and len(self.second) == 1

    @property
    def over(self) -> bool:
        return self.result.over

    def side(self, name: str) -> Side:
        for side in self.sides:
            if side.name == name:
                return side
        raise PoolChallengeError(f"{name} is not in this Challenge.")

    def opponents(self, name: str) -> tuple[Side, ...]:
        """The sides ``name`` faces (still in or not)."""
        self.side(name)
        return self.second if any(side.name == name for side in self.first) else self.first

    def swapped(self) -> PoolChallenge:
        """The same Challenge with the camps the other way round."""
        return evolve(self, first=self.second, second=self.first, result=self.result.mirrored())

    def setup_lines(self) -> tuple[str, ...]:
        """How each side enters, for the log: rating, pool, quantities, helpers, dice."""
        said = []
        for side in self.sides:
            ability = side.entrant.ability.name
            named = f"{ability} {side.rating}" if ability != side.name else f"rating {side.rating}"
            parts = [named, f"pool {side.pool}"]
            parts += [
                f"{what} {value}"
                for what, value in (
                    ("bonus", side.total_bonus),
                    ("reserves", side.reserves),
                    ("resistance", side.resistance),
                )
                if value
            ]
            notes = f" ({'; '.join(side.notes)})" if side.notes else ""
            said.append(f"{side.name}: {', '.join(parts)}{notes}.")
        said.extend(f"Dice for {use}." for use in self.setup_rolls)
        if self.over and self.rounds_played == 0:
            said.append(f"Over before the first round: {self.result}.")
        return tuple(said)

    # -----------------------------------------------------------------------------------------
    # Playing

    def convert(self, name: str, conversion: Conversion) -> PoolChallenge:
        """Plan ``name``'s conversion for the next round (replacing any planned before); the
        side's plan is then in, even when it converts nothing.

        It is checked against the pool as the round will begin, after converted bonus and
        resistance revert and after any reserves bought back.
        """
        self._require_ongoing()
        side = self.side(name)
        side.check(conversion)
        return self._with(evolve(side, planned=conversion, plan_in=True))

    def next_round(self, rng: Rng | None = None) -> tuple[PoolChallenge, RoundReport]:
        """Play one round; return the new state and what happened.

        ``rng`` is needed when the table rolls dice at point 2, 3 or 4.
        """
        self._require_ongoing()
        if self.options.dice.rolls_each_round:
            _require_rng(rng, self.options.dice)
        dice = _Dice(self.options.dice, rng)
        active = tuple(side for side in self.sides if not side.out)
        ready = {side.name: side.reverted().converted(side.planned) for side in active}
        bonus = {
            n: dice.at(DicePoint.QUANTITIES, n, "bonus", s.total_bonus) for n, s in ready.items()
        }
        resistance = {
            n: dice.at(DicePoint.QUANTITIES, n, "resistance", s.total_resistance)
            for n, s in ready.items()
        }
        strength = {
            n: dice.at(DicePoint.COMPARING, n, "strength", s.pool + bonus[n])
            for n, s in ready.items()
        }
        losses: dict[str, list[LossTaken]] = {name: [] for name in ready}
        can_hurt = False
        for x, y in self._pairs(ready):
            for taker, giver in ((x, y), (y, x)):
                nominal = (
                    strength[giver]
                    if strength[taker] < strength[giver]
                    else half_up(strength[giver])
                )
                inflicted = dice.at(DicePoint.INFLICTING, taker, f"loss from {giver}", nominal)
                resisted = min(inflicted, resistance[taker])
                rolled = self.options.dice is DicePoint.INFLICTING and nominal > 0
                loss = LossTaken(
                    source=giver,
                    source_strength=strength[giver],
                    own_strength=strength[taker],
                    nominal=nominal,
                    inflicted=inflicted,
                    resisted=resisted,
                    rolled=rolled,
                )
                losses[taker].append(loss)
                can_hurt = can_hurt or self._could_hurt(ready[taker], ready[giver], nominal)
        after: dict[str, Side] = {}
        reports: dict[str, SideRound] = {}
        for name, side in ready.items():
            through = sum(loss.through for loss in losses[name])
            hurt, reserves_absorbed, pool_lost = side.absorbed(through)
            after[name] = evolve(hurt, carried_bonus=0, planned=Conversion.none(), plan_in=False)
            before = self.side(name)
            reports[name] = SideRound(
                name=name,
                reversion=before.pending_reversion,
                conversion=before.planned,
                carried_bonus=before.carried_bonus,
                pool=side.pool,
                bonus=bonus[name],
                strength=strength[name],
                resistance=resistance[name],
                losses=tuple(losses[name]),
                reserves_absorbed=reserves_absorbed,
                pool_lost=pool_lost,
                pool_after=hurt.pool,
                reserves_before=side.total_reserves,
                reserves_after=hurt.total_reserves,
                out=hurt.out,
                members=side.entrant.members,
                members_standing=hurt.members_standing,
                rolls=dice.of(name),
            )
        played = evolve(
            self,
            first=tuple(after.get(side.name, side) for side in self.first),
            second=tuple(after.get(side.name, side) for side in self.second),
            rounds_played=self.rounds_played + 1,
        )
        nobody_out = not any(side.out for side in after.values())
        quiet = not can_hurt and nobody_out
        reverting = _reverting(ready, after) if quiet else ()
        ways = played.breakthroughs() if quiet and not reverting else {}
        stalemate = quiet and not reverting and not ways
        result, verdict = played._verdict(active, stalemate=stalemate)
        if quiet and result is Result.ONGOING:
            verdict = _quiet_verdict(reverting, ways)
        report = RoundReport(
            played.rounds_played,
            tuple(reports[side.name] for side in self.sides if side.name in reports),
            result,
            verdict,
            stuck=quiet and not reverting and bool(ways),
        )
        return evolve(played, result=result), report

    def play_out(
        self, rng: Rng | None = None, max_rounds: int = MAX_ROUNDS
    ) -> tuple[PoolChallenge, tuple[RoundReport, ...]]:
        """Play rounds, converting nothing, until the Challenge is over, or until a round
        is :attr:`~RoundReport.stuck` (converting nothing, the sides would repeat it for
        ever; the Challenge is still going on)."""
        state, reports = self, list[RoundReport]()
        while not state.over and not (reports and reports[-1].stuck):
            if len(reports) >= max_rounds:
                raise PoolChallengeError(f"The Challenge is still going after "
                                         f"{counted(max_rounds, 'round')}.")
            state, report = state.next_round(rng)
            reports.append(report)
        return state, tuple(reports)

    def breakthroughs(self) -> dict[str, Conversion]:
        """For each side still in that could hurt an opponent next round by converting pool
        to bonus (buying back converted reserves first if it must), the smallest such
        conversion. Empty when no side could (or the Challenge is over).

        >>> shell = Entrant.of("Shell", 4, resistance=2)
        >>> PoolChallenge.start(shell, Entrant.of("Rock", 4, resistance=9)).breakthroughs()
        {'Rock': Conversion(to_bonus=1, to_reserves=0, to_resistance=0, from_reserves=0)}
        """
        if self.over:
            return {}
        found: dict[str, Conversion] = {}
        for side in self.sides:
            if side.out:
                continue
            way = self._breakthrough(side)
            if way is not None:
                found[side.name] = way
        return found

    def _breakthrough(self, side: Side) -> Conversion | None:
        ready = side.reverted()
        foes = [foe.reverted() for foe in self.opponents(side.name) if not foe.out]
        for back in range(ready.converted_reserves // RESERVES_PER_POOL + 1):
            for bonus in range(1, ready.conversion_limit(back) + 1):
                conversion = Conversion(to_bonus=bonus, from_reserves=back)
                boosted = ready.converted(conversion)
                strength = boosted.strength
                for foe in foes:
                    nominal = strength if foe.strength < strength else half_up(strength)
                    if self._could_hurt(foe, boosted, nominal):
                        return conversion
        return None

    def change_abilities(
        self, first: Entrant | None = None, second: Entrant | None = None
    ) -> tuple[PoolChallenge, ChangeReport]:
        """Switch one or both sides to other abilities (``None`` keeps a side's own).

        Converted bonus and resistance revert first. The side with the larger pool gets a
        bonus of half the difference for the first round. Pools and the abilities' reserves
        rise by how much the new maximum exceeds the old (never above the new maximum) and
        never fall; bonus and resistance are the new abilities'. Planned conversions lapse.
        """
        self._require_ongoing()
        if not self.one_against_one:
            raise PoolChallengeError(
                "Changing abilities is played one against one; end this Challenge and start "
                "new ones instead."
            )
        old = (self.first[0], self.second[0])
        new = (first or old[0].entrant, second or old[1].entrant)
        for before, entrant in zip(old, new, strict=True):
            if entrant.name != before.name:
                raise PoolChallengeError(
                    f"{entrant.name} is not {before.name}: a side changes its own ability."
                )
        reverted = tuple(side.reverted() for side in old)
        bonuses = (
            carried_bonus(reverted[0].pool, reverted[1].pool),
            carried_bonus(reverted[1].pool, reverted[0].pool),
        )
        formula = self.options.formula
        changed = []
        changes = []
        for index in (0, 1):
            side, entrant = reverted[index], new[index]
            hindered_by = new[1 - index].hindrance(formula)
            fresh = side.changed_to(entrant, hindered_by, formula)
            fresh = evolve(fresh, carried_bonus=bonuses[index])
            changed.append(fresh)
            changes.append(
                SideChange(
                    name=side.name,
                    old_ability=side.entrant.ability.name,
                    new_ability=entrant.ability.name,
                    old_rating=side.rating,
                    new_rating=entrant.rating,
                    reversion=old[index].pending_reversion,
                    pool_before=side.pool,
                    pool_after=fresh.pool,
                    reserves_before=side.reserves,
                    reserves_after=fresh.reserves,
                    reserves_maximum=fresh.reserves_start,
                    carried_bonus=bonuses[index],
                )
            )
        state = evolve(self, first=(changed[0],), second=(changed[1],))
        return evolve(state, result=state._verdict(state.sides, stalemate=False)[0]), ChangeReport(
            tuple(changes)
        )

    def penalty(self, name: str) -> Penalty:
        """The penalty ``name`` suffers, if the Challenge was hazardous for that side (the
        table decides that): for going out, or for ending at half its starting pool or less
        even though it is still in (Iridia wins at 1 of 7 and still loses a quarter of her
        Sorcery). Its ability total counts the side's own bonus, its reserves at the start
        and its resistance, not what it converted."""
        side = self.side(name)
        total = ability_total(side.rating, side.bonus, side.reserves_start, side.resistance)
        penalty = penalty_for(side.starting_pool, side.pool, total)
        if penalty.threshold is Threshold.NONE:
            raise PoolChallengeError(
                f"{name}'s pool stayed above half its start ({side.pool} of "
                f"{side.starting_pool}): no penalty."
            )
        return penalty

    def penalty_taken(self, name: str) -> PenaltyTaken | None:
        """What ``name`` took as its penalty, as it was written (None if not taken, or taken
        in a file that did not keep it)."""
        return next((taken for taken in self.penalties_written if taken.side == name), None)

    def penalized(self) -> tuple[Side, ...]:
        """The sides a hazardous Challenge, once over, penalizes: those that went out, and
        those that ended at half their starting pool or less."""
        if not self.over:
            return ()
        return tuple(
            side for side in self.sides
            if side.out or threshold_reached(side.starting_pool, side.pool) is not Threshold.NONE
        )

    # -----------------------------------------------------------------------------------------
    # Inside a round

    def _require_ongoing(self) -> None:
        if self.over:
            raise PoolChallengeError(
                f"This Challenge is over ({self.result}); start a new one to go on."
            )

    def _with(self, side: Side) -> PoolChallenge:
        def put(camp: tuple[Side, ...]) -> tuple[Side, ...]:
            return tuple(side if other.name == side.name else other for other in camp)

        return evolve(self, first=put(self.first), second=put(self.second))

    def _pairs(self, ready: Mapping[str, Side]) -> list[tuple[str, str]]:
        firsts = [side.name for side in self.first if side.name in ready]
        seconds = [side.name for side in self.second if side.name in ready]
        return [(x, y) for x in firsts for y in seconds]

    def _could_hurt(self, taker: Side, giver: Side, nominal: int) -> bool:
        """Whether some roll of the table's dice could make ``giver`` hurt ``taker`` this
        round (without dice, whether it does)."""
        point = self.options.dice
        if point is DicePoint.COMPARING:
            return 2 * giver.strength > taker.total_resistance
        if point is DicePoint.INFLICTING:
            return 2 * nominal > taker.total_resistance
        if point is DicePoint.QUANTITIES:
            # Resistance may roll 0 and the giver's bonus may roll double.
            return giver.pool + 2 * giver.total_bonus > 0
        return nominal > taker.total_resistance

    def _verdict(self, active: Sequence[Side], stalemate: bool) -> tuple[Result, str]:
        """The result once every side's losses have landed; ``active`` are the sides that
        were in when the round began."""
        in_play = {side.name for side in active}
        first = [side for side in self.first if side.name in in_play]
        second = [side for side in self.second if side.name in in_play]
        first_out = all(side.out for side in self.first)
        second_out = all(side.out for side in self.second)
        if first_out and second_out:
            best_first = max((side.pool for side in first), default=0)
            best_second = max((side.pool for side in second), default=0)
            pools = f"Both sides are out, at {best_first} and {best_second}"
            if best_first > best_second:
                return Result.FIRST_WINS, f"{pools}: {_win(self.first, 'comes out ahead')}"
            if best_second > best_first:
                return Result.SECOND_WINS, f"{pools}: {_win(self.second, 'comes out ahead')}"
            if self.options.ties is TieRule.DOUBLE_LOSS:
                return Result.DOUBLE_LOSS, f"{pools}: both lose."
            return Result.DRAW, f"{pools}: a draw."
        if second_out:
            return Result.FIRST_WINS, _win(self.first)
        if first_out:
            return Result.SECOND_WINS, _win(self.second)
        if stalemate:
            return Result.STALEMATE, (
                "Stalemate: no round can ever hurt either side again; nobody wins."
            )
        return Result.ONGOING, "Another round."
