"""Steps every guide shares: the computer changing hands behind the curtain, and the end.

At a real table the computer passes from the GM to the player whose decision comes next,
behind the curtain; every guided round plays those passes, and ends at the log.
"""

from __future__ import annotations

from cardtable.session import PlayerId, Session
from cardtable.ui.guides.step import Check, Step, never
from cardtable.ui.guides.targets import Target, curtain_button, in_panel
from cardtable.ui.table.log_panel import LogPanel

ALEX, DANA = PlayerId("alex"), PlayerId("dana")


def seated(player: PlayerId) -> Check:
    """Done once ``player`` holds the computer with the curtain down ("I am …")."""

    def done(session: Session) -> bool:
        return session.holder == player and session.curtain is None

    return done


def passed_to(player: PlayerId) -> Check:
    """Done once the computer is passed to ``player`` (the curtain up for them, or
    already lifted)."""

    def done(session: Session) -> bool:
        return session.holder == player

    return done


def the_gm_sits_down() -> Step:
    """The first step of every round: the prepared table came in behind the curtain, for
    Dana, the GM."""
    return Step(
        "The GM takes the computer",
        "A table comes to the screen behind the curtain, so that nobody sees what is not "
        "theirs. Dana runs the game and holds the computer: press <b>I am Dana</b>.",
        curtain_button,
        seated(DANA),
        press="Press “I am Dana”",
    )


def pass_the_computer(
    name: str, player: PlayerId, why: str, button: Target, *, skip: Check = never
) -> Step:
    """Hand the computer to ``player`` (called ``name``) with ``button`` (a panel's "Pass
    the computer"), ``why`` being whose decision comes next."""
    back = "Back to the GM" if player == DANA else f"Pass the computer to {name}"
    return Step(
        back,
        f"{why} Press <b>Pass the computer</b>: the curtain rises while it changes hands.",
        button,
        passed_to(player),
        skip=skip,
        press="Press “Pass the computer”",
    )


def sits_down(name: str, player: PlayerId, *, skip: Check = never) -> Step:
    """``player`` (called ``name``) lifts the curtain risen for them."""
    return Step(
        f"{name} takes the computer",
        f"Only the player the curtain names lifts it: {name} presses <b>I am {name}</b>.",
        curtain_button,
        seated(player),
        skip=skip,
        press=f"Press “I am {name}”",
    )


def the_round_is_over(what: str) -> Step:
    """The last step of every round: ``what`` ("Every roll") is in the log; Finish."""
    return Step(
        "That was a round",
        f"{what} is in the log, as everyone at the table saw it. Finish puts your own table "
        "back just as you left it.",
        in_panel("log", LogPanel, lambda panel: panel.view, "the log"),
    )


__all__ = [
    "ALEX",
    "DANA",
    "pass_the_computer",
    "passed_to",
    "seated",
    "sits_down",
    "the_gm_sits_down",
    "the_round_is_over",
]
