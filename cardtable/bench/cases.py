"""What each case of ``cardtable bench`` is, in a line a player can read.

The bench prints these under its tables, and the README's speed section reuses them, so
that every figure says what was measured and beside what. :data:`TABLES` are the felt's
tables (each measured at pixel ratio 1 and 2); :data:`CASES` the other cases, by the key
of their first figure.
"""

from __future__ import annotations

from attrs import frozen


@frozen
class Case:
    """One case: the name its figures' keys begin with, a title, and what it is."""

    name: str
    title: str
    account: str


#: The floor every table is measured beside.
FLOOR = (
    "The floor: the app's own table as plain QGraphicsPixmapItems, each picture a card shows "
    "(the same shared pixmaps, a covered card's visible strip included) where and as the app "
    "shows it (place, layer, zoom, turned round), and under them one picture of each zone "
    "(frame, title, count) and deck caption as the felt shows it, on the same pixels; in a "
    "plain QGraphicsView with the felt's own view settings and background, laid over the "
    "felt and dragged along the same path in the same run; at a drop it moves the pictures "
    "the app's drop moved, in one loop; at a zoom Qt scales the pictures it has."
)

#: The felt's tables, by layout (``spread``, ``crowded``, ``fanned``, ``zoomed``).
TABLES = (
    Case(
        "spread",
        "spread",
        "Cards dealt over fans of 25 in zones laid in rows of four (80% face up, a third of "
        "the face-up tarot cards reversed), viewed at zoom 1 between two fans; a face-up card "
        "is dragged for 1.3 s by the X pointer (a move every 8 ms) over the fans and dropped on "
        "the other fan.",
    ),
    Case(
        "crowded",
        "crowded",
        "The same cards all on the open table, in its own two overlapping rows, viewed at "
        "zoom 1; a face-up card dragged across them and let go on the open table.",
    ),
    Case(
        "fanned",
        "fanned, zoomed in",
        "The crowded table with a tenth of its cards (the top ones) put down by hand over "
        "the rows in fans of 8, scattered all over the open table some ten deep, each "
        "whole; viewed at zoom 2 once the art is drawn; a face-up card dragged across them "
        "and let go on the open table.",
    ),
    Case(
        "zoomed",
        "fanned, within a second of a zoom",
        "The fanned table zoomed in from 1 to a zoom never shown before (about 2) and dragged "
        "at once: pressed 0.3 s after the zoom, 80 moves (0.64 s), let go; beside the fanned "
        "table's floor.",
    ),
)

#: The felt's figures that need a word more than their label.
FIGURES = (
    Case(
        "frame",
        "frame",
        "From the handling of one pointer move to the end of the paint that showed it; a move "
        "never painted on its own counts from when the pointer sent it to the paint that "
        "showed a later one. Pooled over the runs; median, 95th percentile and longest.",
    ),
    Case(
        "drop",
        "drop",
        "From the button's release to the end of the first paint after the drop was handled: "
        "the main thread's work for the drop. One drop a timed drag, so the median of 3 drops "
        "a table in a full run (1 with --quick).",
    ),
    Case(
        "repaint_zoom",
        "full repaint after a zoom",
        "A step of the wheel in, and the whole view painted at once; 9 zooms a table "
        "whatever the runs, each to a zoom never shown on that table (x1.15, then a card a "
        "pixel wider each time: up to x1.22 at zoom 1, x1.18 at zoom 2), no art of any earlier "
        "table kept; the floor zoomed by the same steps in the same run. The median is held "
        "to the target; the 95th percentile (of 9, the longest) is shown beside the floor's "
        "for information.",
    ),
    Case(
        "repaint_pan",
        "full repaint after a pan",
        "The view panned by half its width, by turns right and left, and painted whole at "
        "once; 9 pans a table whatever the runs, the floor's in the same run. The median is "
        "held to the target; the 95th percentile (of 9, the longest) is shown beside the "
        "floor's for information.",
    ),
)

#: The other cases, by the key of their first figure.
CASES = (
    Case(
        "public_frame_median",
        "the public table open",
        "The laptop's drag and drop on the 500-card spread table with the public table (View "
        "> Table on a second screen) open beside it, against the same without it, by turns.",
    ),
    Case(
        "log_action_median_ms",
        "a logged action",
        "The demo session with a 10,000-line log in the main window: notes and flips applied "
        "through the window's document by turns, each timed from the call to the end of the "
        "last paint it caused (felt and log); beside the model alone.",
    ),
    Case(
        "key_action_median_ms",
        "a logged action from a key",
        "The spread 2,000-card table with a 10,000-line log in the main window: the R key "
        "pressed (through Qt's own key handling) on a face-up tarot card with the keyboard "
        "focus turns it round, timed from the key press to the end of the first paint of "
        "the felt and of the log after it; beside the same turn applied to the model alone.",
    ),
    Case(
        "action_first_us",
        "a long evening",
        "One action at the start and at the end of a 50,000-action evening with autosave on, "
        "in processor time, beside the model alone.",
    ),
    Case(
        "writing_action_us",
        "an action during an autosave",
        "At the end of the evening the autosave is written again and again on its own thread "
        "(as steady play has it every few seconds); each action landing while a write is under "
        "way is timed by the wall clock, beside as many of the same evening's actions with no "
        "write under way.",
    ),
    Case(
        "startup_ms",
        "start-up",
        "From launching a fresh process to the end of the paint that shows the demo session "
        "(warm: after an unmeasured start filled the cache folder; cold: an empty cache folder, "
        "a first start after install), beside a bare PySide6 window's first paint, alternating.",
    ),
    Case(
        "save_20k_ms",
        "saving and loading",
        "Saving and loading sessions of 20,000 and 100,000 log events, beside orjson writing "
        "the same document and reading the same file.",
    ),
    Case(
        "odds_10k10_ms",
        "odds",
        "The exact odds of a 10k10 and of all 55 XkY rolls, beside icepool.",
    ),
    Case("pdf_party_ms", "printing", "A party of 5 character sheets printed to PDF."),
)


def accounts() -> list[str]:
    """Every case's account, as Markdown list items."""
    lines = [f"- **{case.title}** tables: {case.account}" for case in TABLES]
    lines.append(f"- {FLOOR}")
    lines += [f"- **{case.title}**: {case.account}" for case in (*FIGURES, *CASES)]
    return lines
