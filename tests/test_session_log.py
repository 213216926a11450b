"""The session log's words, private draws, reveals, and the Markdown and HTML exports."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from session_builders import (
    ALEX,
    AYLA,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DISCARD,
    TAROT_DRAW,
    ZONE,
    seat_of,
    small_session,
    take_seat,
)

from cardtable.session import (
    Draw,
    Move,
    Note,
    PassSeat,
    Reveal,
    log_text_for,
    visible_log,
)
from cardtable.session.log import markdown_escape, to_html, to_markdown
from cardtable.session.visibility import export_lines
from cardtable.session.wording import card_words


def test_a_private_draw_reads_drew_a_card_to_everyone_but_the_hands_owner():
    session = small_session()
    take_seat(session, BEA)
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 2))
    entry = session.log[-1]
    cards = session.table.piles[HAND[AYLA]].cards
    named = f"{card_words(session.state, cards[0])} and {card_words(session.state, cards[1])}"
    assert entry.public == "Bea drew 2 cards to Ayla's hand"
    assert log_text_for(session, seat_of(session, ALEX), entry) == "Bea drew 2 cards to Ayla's hand"
    assert log_text_for(session, seat_of(session, BEA), entry) == f"Bea drew {named} to Ayla's hand"
    assert entry.seat == seat_of(session, BEA) and entry.actor == BEA


def test_the_gm_drawing_into_a_players_hand_does_not_see_the_card():
    session = small_session()
    take_seat(session, DANA)
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    entry = session.log[-1]
    assert entry.owner == ALEX
    assert (
        log_text_for(session, seat_of(session, DANA), entry) == "Dana drew a card to Roland's hand"
    )
    assert card_words(session.state, entry.cards[0]) in log_text_for(
        session, seat_of(session, ALEX), entry
    )


def test_a_private_draw_is_named_to_all_once_the_card_is_revealed():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    drawn = session.log[-1]
    card = drawn.cards[0]
    session.apply(Move([card], ZONE[ROLAND], face_up=False))
    assert not session.log[0 - 1].revealed
    session.apply(Reveal([card]))
    name = card_words(session.state, card)
    assert session.log[-1].public == f"Alex revealed {name} on Roland's cards"
    first = next(e for e in session.log if e.cards == (card,) and "drew" in e.public)
    assert first.revealed
    assert (
        log_text_for(session, seat_of(session, BEA), first) == f"Alex drew {name} to Roland's hand"
    )


def test_an_entry_naming_several_cards_waits_until_all_are_shown():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 2))
    first, second = session.table.piles[HAND[ROLAND]].cards
    session.apply(Move([first], CHALLENGE, face_up=True))
    draw_entry = next(e for e in session.log if "drew 2 cards" in e.public)
    draw_entry = session.log[list(session.log).index(draw_entry)]
    assert not draw_entry.revealed
    assert (
        log_text_for(session, seat_of(session, BEA), draw_entry)
        == "Alex drew 2 cards to Roland's hand"
    )
    session.apply(Move([second], CHALLENGE, face_up=True))
    revealed = next(e for e in session.log if e.cards == (first, second))
    assert revealed.revealed


def test_a_face_down_card_nobody_has_seen_is_named_to_nobody():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, CHALLENGE))
    entry = session.log[-1]
    assert entry.public == "Alex drew a card face down to the Challenge"
    assert entry.owner is None
    assert all(log_text_for(session, seat, entry) == entry.public for seat in range(3))


def test_discarding_from_a_hand_face_up_names_the_card_to_everyone():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    card = session.table.piles[HAND[ROLAND]].top
    session.apply(Move([card], TAROT_DISCARD, face_up=True))
    name = card_words(session.state, card)
    assert session.log[-1].public == f"Alex discarded {name} from Roland's hand"


def test_taking_the_face_up_top_of_the_discard_pile_names_it():
    session = small_session()
    card = session.table.piles[TAROT_DRAW].top
    session.apply(Move([card], TAROT_DISCARD, face_up=True))
    session.apply(Draw(TAROT_DISCARD, HAND[ROLAND]))
    name = card_words(session.state, card)
    discard = session.table.piles[TAROT_DISCARD].label
    assert session.log[-1].public == f"Alex drew {name} from {discard} to Roland's hand"


def test_behind_the_curtain_even_the_owner_reads_only_the_public_text():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    entry = session.log[-1]
    session.apply(PassSeat(seat_of(session, ALEX)))
    assert (
        log_text_for(session, seat_of(session, ALEX), entry) == "Alex drew a card to Roland's hand"
    )
    assert all(entry.public in line or "passed" in line for line in visible_log(session, 0)[-2:])


def test_every_entry_has_a_time_and_a_seat_in_order():
    session = small_session()
    take_seat(session, BEA)
    session.apply(Note("The lights flicker."))
    times = [e.at for e in session.log]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert session.log[-1].seat == 1 and session.log[-1].public == "Bea noted: The lights flicker."


# -- exports -------------------------------------------------------------------------------------


class _TextOf(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.items: list[str] = []
        self._in_li = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "li":
            self._in_li = True
            self.items.append("")

    def handle_endtag(self, tag):
        if tag == "li":
            self._in_li = False

    def handle_data(self, data):
        if self._in_li:
            self.items[-1] += data


def _played_session():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    session.apply(Note("Vex says: <script>alert('x')</script> & *runs* [away](http://x) #1"))
    return session


def test_the_markdown_export_prints_what_everyone_saw_escaped():
    session = _played_session()
    text = to_markdown(export_lines(session), "Evening at the Vell")
    hidden = card_words(session.state, session.table.piles[HAND[ROLAND]].top)
    assert text.startswith("# Evening at the Vell\n")
    assert "## 2025-03-01" in text
    assert "Alex drew a card to Roland's hand" in text and hidden not in text
    note = next(line for line in text.splitlines() if "Vex says" in line)
    assert "\\<script\\>" in note and "\\*runs\\*" in note and "\\[away\\]" in note
    assert re.fullmatch(r"- \d\d:\d\d:\d\d — .*", note)


def test_markdown_escaping_keeps_the_words():
    raw = "a*b_c[d](e)<f>#g|h~i`j\\k"
    escaped = markdown_escape(raw)
    assert re.sub(r"\\(.)", r"\1", escaped) == raw


def test_the_html_export_escapes_every_text_and_lists_every_entry():
    session = _played_session()
    page = to_html(export_lines(session), session.players, title="Night <b>train</b>")
    parser = _TextOf()
    parser.feed(page)
    assert "script" not in parser.tags and "b" not in parser.tags
    assert len(parser.items) == len(session.log)
    texts = [text for _, text in export_lines(session)]
    assert [item.split(maxsplit=1)[1] for item in parser.items] == texts
    assert "<title>Night &lt;b&gt;train&lt;/b&gt;</title>" in page
    assert html.escape("#c0392b") in page  # Alex's colour marks his lines


def test_an_export_for_a_seat_names_that_seats_own_cards():
    session = _played_session()
    hidden = card_words(session.state, session.table.piles[HAND[ROLAND]].top)
    assert hidden in to_markdown(export_lines(session, seat_of(session, ALEX)))
    assert hidden not in to_markdown(export_lines(session, seat_of(session, BEA)))


def test_an_empty_log_exports_a_page_that_says_so():
    from cardtable.session import Session

    assert "Nothing has happened yet." in to_markdown(export_lines(Session()))
    assert "Nothing has happened yet." in to_html(export_lines(Session()))


def test_the_log_is_written_to_a_file_by_its_suffix(tmp_path):
    from cardtable.session.export import write_log

    session = _played_session()
    write_log(session, tmp_path / "log.html", title="Night train")
    write_log(session, tmp_path / "log.md", seat=seat_of(session, ALEX))
    page = (tmp_path / "log.html").read_text(encoding="utf-8")
    notes = (tmp_path / "log.md").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "As everyone at the table saw it." in page
    assert notes.startswith("# Session log\n") and "As Alex saw it." in notes
    hidden = card_words(session.state, session.table.piles[HAND[ROLAND]].top)
    assert hidden in notes and hidden not in page
