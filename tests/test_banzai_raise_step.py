"""A character's own Raise step ("abilities may change the step", ``rules/banzai.md``): written
on the sheet, saved (older files read as 5), and used by every roll built from that sheet: the
raised TN, the no-roll rule, the odds before the roll (as ``cardtable odds --raise-step``
prints them), the log and an opposed roll against a shared TN."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dice_evening_rig import ALICE, BOB, JO, KEIKO, SHEETS, ScriptedRng, dice_table, take_seat
from pytestqt.qtbot import QtBot
from test_banzai_panel import build, choose_raises, click, open_panel, type_into

from cardtable.cli import main as cardtable
from cardtable.resolvers.banzai import BanzaiError, BanzaiSetup
from cardtable.resolvers.banzai.opposed import resolve_opposed
from cardtable.session import EditSheet, Session, load, save
from cardtable.session.migrations import FORMAT_VERSION
from cardtable.sheets import BanzaiSheet, Element, SheetError
from cardtable.steps.banzai import opposed as contest
from cardtable.steps.banzai import roll as banzai
from cardtable.steps.banzai.picks import RollPick, TargetPick, explain, raise_odds
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt
from cardtable.ui.sheets.editor import SheetEditor
from cardtable.ui.sheets.fields import ProblemLabel
from cardtable.ui.sheets.forms.banzai import BanzaiForm


def with_step(session: Session, character: str, step: int) -> None:
    sheet = SHEETS[character]
    assert isinstance(sheet, BanzaiSheet)
    session.apply(EditSheet(character, sheet.revised(raise_step=step)))  # type: ignore[arg-type]


def sheet_of(session: Session, character: str) -> BanzaiSheet:
    sheet = session.state.characters[character].sheet  # type: ignore[index]
    assert isinstance(sheet, BanzaiSheet)
    return sheet


# -- the sheet --------------------------------------------------------------------------------


def test_a_sheet_rolls_with_the_rules_step_unless_it_says_otherwise() -> None:
    assert BanzaiSheet().raise_step == 5
    assert BanzaiSheet(raise_step=7).raise_step == 7
    with pytest.raises(SheetError, match=r"^The Raise step \(what each Raise adds to the TN\) "
                       r"must be between 1 and 10 \(got 0\)\.$"):
        BanzaiSheet(raise_step=0)
    with pytest.raises(BanzaiError, match=r"^Keiko: a Raise adds 1 to 10 to the TN \(5 unless "
                       r"an ability changes it\), not 11$"):
        BanzaiSetup("Keiko", 7, 3, raise_step=11)


def test_a_file_saved_before_the_raise_step_opens_with_five_and_saves_it(tmp_path: Path) -> None:
    session = dice_table()
    with_step(session, KEIKO, 7)
    path = tmp_path / "evening.cardtable"
    save(session, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format_version"] == FORMAT_VERSION >= 3
    sheets = {c["id"]: c["sheet"] for c in data["session"]["characters"]}
    assert sheets[KEIKO]["raise_step"] == 7 and sheets[JO]["raise_step"] == 5
    # The same evening as a format-2 file wrote it: no Banzai sheet had a Raise step (and
    # the log is left out: later formats write it differently).
    data["format_version"] = 2
    data["session"]["log"] = []
    for character in data["session"]["characters"]:
        if character["sheet"] and character["sheet"]["system"] == "banzai":
            del character["sheet"]["raise_step"]
    old = tmp_path / "old.cardtable"
    old.write_text(json.dumps(data), encoding="utf-8")
    again = load(old)
    assert sheet_of(again, KEIKO).raise_step == 5 and sheet_of(again, JO).raise_step == 5
    assert sheet_of(again, KEIKO).void == 3


# -- rolls built from the sheet ------------------------------------------------------------------


def test_keiko_raises_by_seven_two_raises_make_tn_24_and_29_still_meets_it() -> None:
    session = dice_table()
    with_step(session, KEIKO, 7)
    take_seat(session, ALICE)
    pick = RollPick(KEIKO, "Investigation", Element.VOID, TargetPick.typed(10))
    assert explain(pick, session.state)[-1] == (
        "Raises: at most 3 (Void 3), each +7 to the TN, the Raise step on Owari Keiko's sheet")
    assert [row.text().split(",")[0] for row in raise_odds(pick.setup(session.state))] == [
        "0 Raises: TN 10", "1 Raise: TN 17", "2 Raises: TN 24", "3 Raises: TN 31"]
    session.rng = ScriptedRng([9, 8, 10, 2, 3, 1, 2, 4])
    session.apply(banzai.roll(pick, raises=2))
    said = [entry.public for entry in session.log[-2:]]
    assert said == [
        "Owari Keiko declares 2 Raises of 7: TN 24.",
        "Owari Keiko rolled 7k3: [9] [8] [10→2=12] [3] [1] [2] [4]; keeps 12, 9, 8 = 29 against "
        "TN 24: met.",
    ]
    session.apply(banzai.decide())
    session.apply(banzai.finish())
    assert session.log[-2].public == (
        "Owari Keiko: success (29 against TN 24), 2 Raises unused make 1 Honor Point.")


def test_the_no_roll_rule_compares_with_the_tn_raised_by_the_characters_step() -> None:
    session = dice_table()
    pick = RollPick(KEIKO, "Investigation", Element.EARTH, TargetPick.typed(5))  # 7k4: 11
    rows = raise_odds(pick.setup(session.state))
    assert [row.no_roll for row in rows[:2]] == [True, True]  # 11 > 5, 11 > 10
    with_step(session, KEIKO, 7)
    rows = raise_odds(pick.setup(session.state))
    assert [row.no_roll for row in rows[:2]] == [True, False]  # 11 > 5, not > 12
    assert rows[1].percent().endswith("%")


@pytest.mark.parametrize("raises", [0, 1, 2, 3])
def test_the_odds_for_a_step_of_seven_are_what_cardtable_odds_prints(
    raises: int, capsys: pytest.CaptureFixture[str]
) -> None:
    session = dice_table()
    with_step(session, KEIKO, 7)
    pick = RollPick(KEIKO, "Investigation", Element.VOID, TargetPick.typed(10))
    row = raise_odds(pick.setup(session.state))[raises]
    assert row.cli_command() == f"cardtable odds 7k3 --tn 10 --raises {raises} --raise-step 7"
    assert cardtable(row.cli_command().split()[1:]) == 0
    assert capsys.readouterr().out.strip() == row.cli_text()


def test_cardtable_odds_refuses_a_raise_step_of_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert cardtable(["odds", "7k3", "--tn", "10", "--raises", "1", "--raise-step", "0"]) == 2
    assert capsys.readouterr().err.strip().endswith(
        "a Raise adds 1 to 10 to the TN (5 unless an ability changes it), not 0")


def test_against_a_shared_tn_a_side_falls_short_of_its_own_raised_tn() -> None:
    # TN 10, one Raise each, both total 15: Jo's Raise is worth 5 (15 meets 15), Keiko's 7
    # (15 is short of 17): she loses hers.
    outcome = resolve_opposed(("Jo", "Keiko"), (15, 15), (1, 1), tn=10, steps=(5, 7))
    assert outcome.raises == (1, 0) and outcome.lost == (0, 1)
    session = dice_table()
    with_step(session, KEIKO, 7)
    session.apply(contest.start(RollPick(JO, "Kenjutsu", Element.FIRE, None),
                                RollPick(KEIKO, "Kenjutsu", Element.VOID, None), tn=10))
    take_seat(session, BOB)
    session.rng = ScriptedRng([9, 4, 2, 1, 1])
    session.apply(contest.roll_side(0, raises=1))
    take_seat(session, ALICE)
    session.rng = ScriptedRng([9, 4, 2])
    session.apply(contest.roll_side(1, raises=1))
    assert session.log[-2].public == "Owari Keiko declares 1 Raise of 7."
    session.apply(contest.resolve())
    assert session.log[-1].public.startswith(
        "Tachibana Jo 15 against Owari Keiko 15: Tachibana Jo wins. Owari Keiko loses 1 of 1 "
        "Raise.")


# -- through the widgets -------------------------------------------------------------------------


def test_the_raise_step_is_written_in_the_sheet_editor_and_undone(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, ALICE)
    document = SessionDocument(session)
    editor = SheetEditor(document)
    qtbot.addWidget(editor)
    editor.resize(460, 900)
    editor.show()
    editor.select(KEIKO)  # type: ignore[arg-type]
    form = editor.form
    assert isinstance(form, BanzaiForm)
    assert form.raise_step.spin.value() == 5
    assert form.raises.text() == "At most 3 Raises a roll, each +5 to the TN."
    spin = form.raise_step.spin
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "7")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert sheet_of(session, KEIKO).raise_step == 7
    assert session.log[-1].public == "Alice changed Owari Keiko's Raise step to 7"
    assert form.raises.text() == "At most 3 Raises a roll, each +7 to the TN."
    document.undo()
    assert sheet_of(session, KEIKO).raise_step == 5
    assert form.raise_step.spin.value() == 5


def test_the_panel_builds_keikos_roll_with_her_step_of_seven(qtbot: QtBot) -> None:
    session = dice_table()
    with_step(session, KEIKO, 7)
    take_seat(session, ALICE)
    panel = open_panel(qtbot, session)
    tab = panel.roll
    build(qtbot, tab, KEIKO, "Investigation", Element.VOID)
    type_into(qtbot, tab.form.tn, "10")
    assert tab.line_texts()[-1] == (
        "Raises: at most 3 (Void 3), each +7 to the TN, the Raise step on Owari Keiko's sheet")
    assert tab.odds_texts()[2].startswith("2 Raises: TN 24, ")
    assert tab.odds[2].accessibleDescription().startswith(
        "7k3 vs TN 10 with 2 Raises of 7 (24): P(success) = ")
    choose_raises(qtbot, tab, 2)
    session.rng = ScriptedRng([9, 8, 10, 2, 3, 1, 2, 4])
    click(qtbot, tab.roll_button)
    assert "with 2 Raises (needs 24)" in tab.heading.text()
    assert tab.total.text() == "Owari Keiko keeps 12, 9, 8 = 29 against TN 24: met."


def test_a_raise_step_of_twelve_is_refused_beside_its_box(qtbot: QtBot) -> None:
    session = dice_table()
    take_seat(session, ALICE)
    editor = SheetEditor(SessionDocument(session))
    qtbot.addWidget(editor)
    editor.resize(460, 900)
    editor.show()
    editor.select(KEIKO)  # type: ignore[arg-type]
    form = editor.form
    assert isinstance(form, BanzaiForm)
    before = len(session.log)
    spin = form.raise_step.spin
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "12")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    shown = [label.text() for label in form.findChildren(ProblemLabel)
             if label.isVisible() and label.text()]
    assert shown == [
        "The Raise step (what each Raise adds to the TN) must be between 1 and 10 (got 12)."]
    assert sheet_of(session, KEIKO).raise_step == 5 and len(session.log) == before
