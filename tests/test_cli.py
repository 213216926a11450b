"""The ``cardtable`` command line: one parser, one-line errors, no window for --version."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable import __version__, cli


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=60
    )


def test_version_prints_and_opens_no_window() -> None:
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"cardtable {__version__}"
    assert "PySide6" not in done.stderr


def test_version_does_not_import_qt() -> None:
    script = (
        "import sys\n"
        "from cardtable import cli\n"
        "try:\n"
        "    cli.main(['--version'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('PySide6')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("[]")


def test_unknown_option_is_one_line_and_status_2() -> None:
    done = run("--frobnicate")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("roll", "7k5\x1b[31mRED"),
            "cardtable roll: error: 7k5\\x1b[31mRED: cannot read '\\x1b[31mred'; write dice "
            "like 2d6, 4d6kh3, 7k5 or 3c",
        ),
        (
            ("roll", "7k5", "--tn", "\x1b[2J\x07"),
            "cardtable roll: error: argument --tn: invalid int value: '\\x1b[2J\\x07' (see "
            "'cardtable roll --help')",
        ),
    ],
    ids=["expression", "option"],
)
def test_quoted_input_shows_its_control_characters_escaped(
    args: tuple[str, ...], expected: str
) -> None:
    """A terminal escape typed (or pasted) into the command never reaches the terminal."""
    done = run(*args)
    assert done.returncode == 2
    assert done.stderr == expected + "\n"
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr


def test_a_bare_file_argument_means_open(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str | None] = []
    monkeypatch.setattr(cli, "_open", lambda args: opened.append(args.session) or 0)
    assert cli.main(["evening.cardtable"]) == 0
    assert cli.main([]) == 0
    assert cli.main(["open", "other.cardtable"]) == 0
    assert opened == ["evening.cardtable", None, "other.cardtable"]


def test_opening_the_table_builds_no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every start of the app opens the table: it does not wait for the parser.
    opened: list[str | None] = []
    monkeypatch.setattr(cli, "_open", lambda args: opened.append(args.session) or 0)
    monkeypatch.setattr(cli, "build_parser", lambda **_: pytest.fail("a parser was built"))
    assert cli.main(["evening.cardtable"]) == cli.main([]) == cli.main(["open", "x"]) == 0
    assert opened == ["evening.cardtable", None, "x"]


def test_the_list_of_commands_matches_the_parser() -> None:
    assert cli.subcommand_names(cli.build_parser()) == {"open", *cli.COMMANDS}


def test_every_subcommand_is_reachable_from_the_command_line() -> None:
    done = run("--help")
    assert done.returncode == 0
    for name in cli.COMMANDS:
        assert name in done.stdout
