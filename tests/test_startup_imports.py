"""What start-up imports, and when: the window paints before the session model comes in, and
the model brings in nothing it needs only later (images, the phones' server)."""

from __future__ import annotations

import os
import subprocess
import sys


def _imported_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``statement``."""
    script = f"import sys\n{statement}\nprint(' '.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def _top(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


def test_the_window_paints_before_the_session_model_is_imported() -> None:
    # Everything `cardtable` runs up to the main window's first paint.
    modules = _imported_after("import cardtable.cli, cardtable.ui.app, cardtable.ui.window.setup")
    assert not {m for m in modules if m.startswith("cardtable.session")}
    assert not _top(modules) & {"attr", "attrs", "cattrs", "PIL", "aiohttp", "segno"}


def test_a_session_opens_without_pillow_or_the_phones_server() -> None:
    # Pillow reads pictures (portraits, a deck's scans); none is read to open the demo.
    modules = _imported_after(
        "from cardtable.session import load\n"
        "from cardtable.session.demo import demo_path\n"
        "import cardtable.decks.art, cardtable.decks.custom\n"
        "load(demo_path())"
    )
    assert "cardtable.session.saving" in modules
    assert not _top(modules) & {"PIL", "aiohttp", "segno"}
    # Nor the sample party (the demo is read, not built), nor hashlib, which loads OpenSSL:
    # only a file opened to be saved back is stamped.
    assert not modules & {"cardtable.sheets.samples", "hashlib"}


def test_a_session_that_never_rolled_opens_without_the_dice_engine() -> None:
    # The dice engine and the resolvers' rules come in with the first roll, or with a session
    # that holds one; the Edit menu asks every session whether it has a roll to strike.
    modules = _imported_after(
        "from cardtable.session import load\n"
        "from cardtable.session.corrections import StrikeRoll\n"
        "from cardtable.session.demo import demo_path\n"
        "session = load(demo_path())\n"
        "assert StrikeRoll.label(session) == '&Strike a roll'\n"
        "assert session.may(StrikeRoll()) == 'There is no roll to strike.'"
    )
    assert "cardtable.session.saving" in modules
    assert not {
        m
        for m in modules
        if m.startswith(("cardtable.dice", "cardtable.resolvers", "cardtable.session.dice_history"))
    }


def test_the_help_pages_come_in_when_first_opened() -> None:
    modules = _imported_after("import cardtable.ui.window.main_window")
    assert not modules & {"cardtable.ui.help.browser", "cardtable.ui.window.keys_help", "html"}


def test_the_first_paint_of_the_window_imports_no_card_nor_attrs() -> None:
    # The empty felt is painted before the session comes in: it has no card to look for.
    script = (
        "import sys\n"
        "from cardtable.ui.app import application\n"
        "from cardtable.ui.window.main_window import MainWindow\n"
        "application()\n"
        "window = MainWindow(None)\n"
        "window.resize(1024, 700)\n"
        "window.grab()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('attr', 'attrs', 'cattrs')"
        " or m.startswith(('cardtable.session', 'cardtable.ui.table.cards'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_opening_a_session_imports_the_model_before_qt() -> None:
    # The window puts the session in place before its first paint, so the model is needed
    # either way; imported before Qt, PySide6's import hook does not read its sources.
    script = (
        "import sys, types\n"
        "seen = []\n"
        "app = types.ModuleType('cardtable.ui.app')\n"
        "app.run = lambda session: seen.extend(\n"
        "    [session, 'cardtable.session' in sys.modules, 'PySide6' in sys.modules]) or 0\n"
        "sys.modules['cardtable.ui.app'] = app\n"
        "from cardtable.cli import main\n"
        "main(['evening.cardtable'])\n"
        "print(seen)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['evening.cardtable', True, False]"
