"""The New-session plan in words, for the wizard's last page: seats, characters, decks, house
rules."""

from __future__ import annotations

import html
from functools import cache

from cardtable.counts import counted
from cardtable.decks.standard import playing_card_shoe, tourist_tarot
from cardtable.session.new_session import NewSessionPlan, system_title
from cardtable.session.table_options import option
from cardtable.sheets import AdventureSheet
from cardtable.ui.window.new_session.rows import colour_name, muted_colour

#: Systems played with dice alone.
DICE_SYSTEMS = ("crisis", "pool", "banzai")


@cache
def deck_sizes() -> tuple[int, int]:
    """Cards in the tarot deck and in one deck of the shoe (read from the shipped decks)."""
    return len(tourist_tarot().faces), len(playing_card_shoe(1).faces)


def summary_html(plan: NewSessionPlan) -> str:
    """The plan in words: who sits where, who plays whom, what lies on the table."""
    esc = html.escape
    muted = muted_colour()
    seats = []
    for index, player in enumerate(plan.players):
        role = " &mdash; <b>GM</b>" if player.gm else ""
        seats.append(
            f"<tr><td><span style='color:{esc(player.colour)}'>&#11044;</span>"
            f"&nbsp; {index + 1}.&nbsp; {esc(player.name.strip())}{role}"
            f" <span style='color:{muted}'>({esc(colour_name(player.colour))})</span></td></tr>"
        )
    parts = [
        "<h3>At the table, in seat order</h3>",
        f"<table cellspacing='3'>{''.join(seats)}</table>",
    ]
    first = plan.gm or (plan.players[0] if plan.players else None)
    if first is not None:
        who = "the GM" if first.gm else "in the first seat"
        parts.append(f"<p>{esc(first.name.strip())}, {who}, holds the computer first.</p>")
    parts.append("<h3>Characters</h3>")
    if plan.characters:
        items = "".join(
            f"<li><b>{esc(c.name.strip())}</b> &mdash; {esc(system_title(c.system))}, "
            f"played by {esc(c.player.strip())}</li>"
            for c in plan.characters
        )
        parts.append(f"<ul>{items}</ul><p>Each starts with a blank sheet to fill in.</p>")
    else:
        parts.append(f"<p style='color:{muted}'>None yet.</p>")
    parts.append("<h3>On the table</h3><ul>")
    tarot_cards, shoe_deck = deck_sizes()
    if "tarot" in plan.systems:
        parts.append(f"<li>The Tourist's Tarot, {tarot_cards} cards, shuffled.</li>")
    if "adventure" in plan.systems:
        decks = plan.shoe_decks
        hand = AdventureSheet().starting_hand
        plural = "s" if decks != 1 else ""
        parts.append(
            f"<li>A shoe of {decks} deck{plural} ({decks * shoe_deck} cards), shuffled; each "
            f"Fantastical Adventure character is dealt {counted(hand, 'card')} face down.</li>"
        )
    dice = [system_title(s) for s in plan.systems if s in DICE_SYSTEMS]
    if dice:
        parts.append(f"<li>Dice for {esc(', '.join(dice))}.</li>")
    if not plan.systems:
        parts.append(f"<li style='color:{muted}'>Nothing: no system is ticked.</li>")
    parts.append("</ul>")
    rules = [(key, value) for key, value in plan.table_options().items()
             if not option(key).fixed]
    if rules:
        items = "".join(
            f"<li>{esc(option(key).title[:1].upper() + option(key).title[1:])}: "
            f"{esc(option(key).words(value))}</li>" for key, value in rules)
        parts.append(f"<h3>House rules</h3><ul>{items}</ul>")
    return "".join(parts)
