"""The table's options: every rule ``rules/`` calls "configurable", with its stated default.

Each :class:`TableOption` names its system, says the rule it sets in a player's words and
lists its choices; :data:`TABLE_OPTIONS` is the whole catalogue. The values live in
``GameState.options`` (saved with the session) as plain words and numbers; :func:`value_of`
reads one back, falling back to the default for an option never set (or set to something no
longer offered). :class:`SetTableOptions` is the GM's change of several at once: checked,
logged in one line, undone in one step.

The systems read their options through here (the tarot's Sleeve Cards in
:mod:`cardtable.steps.tarot`, the pool Challenge's in :mod:`cardtable.steps.pool`); the
session itself decides no rule.

>>> from cardtable.randomness import seeded
>>> from cardtable.session.core import Session
>>> session = Session(rng=seeded(1))
>>> value_of(session.state, POOL_DICE)
'off'
>>> _ = session.apply(SetTableOptions({POOL_DICE: "comparing pools"}))
>>> session.log[-1].public
'Someone set the table options: challenge dice (pool Challenge) to comparing pools'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from attrs import field, frozen

from cardtable.session.authority import gm_refusal
from cardtable.session.core import Action, Performed, Session
from cardtable.session.log import Event
from cardtable.session.model import GameState, OptionValue, PlayerId, SessionError

#: The option keys, as saved in a session file.
TAROT_SLEEVE_CARDS = "tarot-sleeve-cards"
POOL_FORMULA = "pool-formula"
POOL_TIES = "pool-ties"
POOL_DICE = "pool-dice"
ADVENTURE_SHOE = "adventure-shoe-decks"


class OptionError(SessionError):
    """A value an option does not offer, or an option that cannot change now."""


@frozen
class Choice:
    """One value an option offers, and how the table says it."""

    value: OptionValue
    words: str


@frozen
class TableOption:
    """A rule the group configures: its key, system, name, what it does, choices, default.

    ``fixed`` says why the option cannot change once the table is set (the shoe is shuffled
    together at the start); it is chosen in the New-session wizard only.
    """

    key: str
    system: str
    title: str
    rule: str
    choices: tuple[Choice, ...]
    default: OptionValue
    fixed: str = ""

    def words(self, value: OptionValue) -> str:
        """How the table says ``value`` ("on", "comparing pools", "3 decks")."""
        for choice in self.choices:
            if _same(choice.value, value):
                return choice.words
        return str(value)

    def offers(self, value: object) -> bool:
        return any(_same(choice.value, value) for choice in self.choices)

    def check(self, value: object) -> None:
        """Refuse a value this option does not offer, naming those it does."""
        if not self.offers(value):
            offered = ", ".join(choice.words for choice in self.choices)
            title = self.title[:1].upper() + self.title[1:]
            raise OptionError(f"{title} is one of {offered}; not {value!r}.")


def _same(a: object, b: object) -> bool:
    # True == 1 in Python; an option's yes/no and its numbers must not stand in for each other.
    return type(a) is type(b) and a == b


def _onoff() -> tuple[Choice, ...]:
    return (Choice(True, "on"), Choice(False, "off"))


#: Every configurable rule, system by system, in the order the dialogs show them.
TABLE_OPTIONS: tuple[TableOption, ...] = (
    TableOption(
        TAROT_SLEEVE_CARDS,
        "tarot",
        "Sleeve Cards",
        "The player may play one of the character's Sleeve Cards instead of drawing; it "
        "counts as a drawn card in the orientation it was kept in. Off: Sleeve Cards are only "
        "kept.",
        _onoff(),
        True,
    ),
    TableOption(
        POOL_FORMULA,
        "pool",
        "complementary bonus formula",
        "How a complementary rating C helping a primary rating P turns into bonus: in steps "
        "(C/2, C/3 or C/4 as C compares with P), or C squared over 2P, at most C/2.",
        (Choice("steps", "in steps"), Choice("square", "C² / 2P")),
        "steps",
    ),
    TableOption(
        POOL_TIES,
        "pool",
        "both out at equal pools",
        "When both sides go out in the same round at the same pool: a draw, or both lose.",
        (Choice("draw", "a draw"), Choice("double loss", "a double loss")),
        "draw",
    ),
    TableOption(
        POOL_DICE,
        "pool",
        "challenge dice",
        "Off, or the one point where N challenge dice (a d6 worth 0 on a 1, 2 on a 6, 1 "
        "otherwise) replace a number N: forming pools, comparing pools, inflicting loss, or "
        "reserves, bonus and resistance.",
        (
            Choice("off", "off"),
            Choice("forming pools", "forming pools"),
            Choice("comparing pools", "comparing pools"),
            Choice("inflicting loss", "inflicting loss"),
            Choice("reserves, bonus and resistance", "reserves, bonus and resistance"),
        ),
        "off",
    ),
    TableOption(
        ADVENTURE_SHOE,
        "adventure",
        "decks in the shoe",
        "How many 52-card decks, each with 2 jokers, are shuffled together into the shoe.",
        (Choice(1, "1 deck"), Choice(2, "2 decks"), Choice(3, "3 decks")),
        2,
        fixed="the shoe is shuffled together when the table is set; start a new session for "
        "another size",
    ),
)

_BY_KEY = {option.key: option for option in TABLE_OPTIONS}
_SYSTEM_WORDS = {
    "tarot": "tarot",
    "pool": "pool Challenge",
    "adventure": "Fantastical Adventure",
}


def option(key: str) -> TableOption:
    """The option called ``key``; :class:`OptionError` for one the table does not have."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise OptionError(f"The table has no option {key!r}.") from None


def options_for(systems: Iterable[str]) -> tuple[TableOption, ...]:
    """The options of ``systems``, in catalogue order."""
    wanted = set(systems)
    return tuple(o for o in TABLE_OPTIONS if o.system in wanted)


def value_of(state: GameState, key: str) -> OptionValue:
    """The option's value at this table: the one set, or the default when it was never set
    (or was set to a value the option no longer offers)."""
    found = option(key)
    value = state.options.get(key, found.default)
    return value if found.offers(value) else found.default


def systems_at(state: GameState) -> tuple[str, ...]:
    """The systems this table plays: those of its characters and of its decks."""
    systems = {c.system for c in state.characters.values()}
    systems |= {"tarot" for d in state.decks if d.source == "tourist-tarot"}
    systems |= {"adventure" for d in state.decks if d.source == "shoe"}
    return tuple(s for s in dict.fromkeys(o.system for o in TABLE_OPTIONS) if s in systems)


def described(key: str, value: OptionValue) -> str:
    """``"challenge dice (pool Challenge) to comparing pools"``: one change, for the log."""
    found = option(key)
    return f"{found.title} ({_SYSTEM_WORDS.get(found.system, found.system)}) to " + found.words(
        value
    )


def _pairs(values: Mapping[str, OptionValue] | Iterable[tuple[str, OptionValue]]
           ) -> tuple[tuple[str, OptionValue], ...]:
    items = values.items() if isinstance(values, Mapping) else values
    return tuple((str(key), value) for key, value in items)


@frozen
class SetTableOptions(Action):
    """The GM sets some of the table's options (the others keep their values).

    Options already at the asked value are left out of the log; asking for no change at all
    is refused, so the log never says nothing happened. ``setting_up`` is for the table being
    set (the New-session wizard): it records every value, defaults too (so a later version's
    defaults never change this table's rules), and may choose options fixed afterwards.
    """

    values: tuple[tuple[str, OptionValue], ...] = field(converter=_pairs)
    setting_up: bool = False

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return gm_refusal(session.state, who, "change the table's options")

    def perform(self, session: Session) -> Performed:
        state = session.state
        changed: list[tuple[str, OptionValue]] = []
        for key, value in self.values:
            found = option(key)
            found.check(value)
            stored = key in state.options and _same(state.options[key], value)
            if stored or (not self.setting_up and _same(value_of(state, key), value)):
                continue
            if found.fixed and not self.setting_up:
                raise OptionError(f"The {found.title} cannot change now: {found.fixed}.")
            changed.append((key, value))
        if not changed:
            raise OptionError("Those are the table's options already: nothing to change.")
        order = [o.key for o in TABLE_OPTIONS]
        changed.sort(key=lambda pair: order.index(pair[0]))
        for key, value in changed:
            state.options[key] = value
        said = "; ".join(described(key, value) for key, value in changed)
        return Performed((Event.said(f"{session.actor_name} set the table options: {said}"),))


__all__ = [
    "ADVENTURE_SHOE",
    "POOL_DICE",
    "POOL_FORMULA",
    "POOL_TIES",
    "TABLE_OPTIONS",
    "TAROT_SLEEVE_CARDS",
    "Choice",
    "OptionError",
    "SetTableOptions",
    "TableOption",
    "described",
    "option",
    "options_for",
    "systems_at",
    "value_of",
]
