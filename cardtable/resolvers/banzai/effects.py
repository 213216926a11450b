"""What a Raise buys after the roll: the bonus Effects ``rules/banzai.md`` and its original list.

Each Raise kept after the roll is one bonus Effect; unused ones become Honor Points. The
table offers the Effects below, each with what it costs in Raises and the limits the
original sets on it; the player says what exactly happens.

>>> [effect.raises for effect in EFFECTS]
[1, 1, 1, 2]
>>> effect_named("Thunder and lightning").raises
2
"""

from __future__ import annotations

from attrs import frozen

from cardtable.resolvers.banzai.steps import BanzaiError

__all__ = ["EFFECTS", "BonusEffect", "effect_named"]


@frozen
class BonusEffect:
    """A kind of bonus Effect: its name, the Raises it takes, and its limits in words."""

    name: str
    raises: int
    limits: str


EFFECTS = (
    BonusEffect(
        "A fact of the Scene",
        1,
        "Embellish the action or the Scene with one fact: no 'and', 'but' or 'or' (except "
        "to join the benefits of several Raises), and never a 'No' to what is established",
    ),
    BonusEffect(
        "Another character's action or trait",
        1,
        "Narrate what another character does or is, player characters included, as long "
        "as it makes sense in the Scene",
    ),
    BonusEffect(
        "A worse Difficulty on someone",
        1,
        "A condition, a sickness or a boost: each Raise spent is one step of Difficulty, "
        "for as long as is reasonable",
    ),
    BonusEffect(
        "Thunder and lightning",
        2,
        "In heavy rain or a storm: lightning strikes any place or person within sensory "
        "range; anyone within Close range is mildly Deafened (-1k1) until the next Round",
    ),
)


def effect_named(name: str) -> BonusEffect:
    """The listed Effect called ``name``; :class:`BanzaiError` naming them otherwise."""
    for effect in EFFECTS:
        if effect.name == name:
            return effect
    listed = "; ".join(effect.name for effect in EFFECTS)
    raise BanzaiError(f"{name!r} is not a listed bonus Effect: {listed}")
