"""A guide as data: its prepared table and its steps.

A :class:`Step` says what happens in the rules and what to press (one or two sentences of
our own), names what it lights (a :data:`~cardtable.ui.guides.targets.Target`), and says when
it is done by reading the session (``done``): the guide waits for the player to do it with
the real controls, and drives nothing. A step with no ``done`` is read, and Next moves on.
A step whose ``skip`` holds belongs to a branch this round did not take (a roll that
succeeded needs no push) and is passed over; a change the step's ``on_the_way`` accepts
(drawing again before stopping) is no slip.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from cardtable.randomness import Rng
from cardtable.session import Session
from cardtable.ui.guides.targets import Target

#: A question about the session in play: is the step done, is it to be passed over.
Check = Callable[[Session], bool]


def never(_session: Session) -> bool:
    return False


@frozen
class Step:
    """One step of a guided round."""

    #: A few words for the step's heading ("The Challenge draws").
    title: str
    #: What happens in the rules, then what to press: one or two sentences.
    says: str
    #: What the step lights for the player to press or look at.
    lights: Target
    #: Whether the player has done the step (None: a step to read, Next moves on).
    done: Check | None = None
    #: Whether this round's table took another branch, which makes the step moot.
    skip: Check = never
    #: What to press, in a few words, for the line that waits ("Press Draw").
    press: str = ""
    #: Whether the session is still on the step's way: a change that leaves this true is
    #: no slip (another card drawn before Stop).
    on_the_way: Check = never


@frozen
class Guide:
    """One system's guided round."""

    #: The registry's key ("tarot").
    key: str
    #: The system as the menu names it ("the tarot Challenge").
    title: str
    #: Builds the prepared table with the randomness it is given.
    table: Callable[[Rng], Session]
    steps: tuple[Step, ...]
    #: The panel the round is played in (a key of the window's docks), brought forward.
    panel: str | None = None


__all__ = ["Check", "Guide", "Step", "never"]
