"""The table the phone tests play at, and reading a phone's answers.

The cast of :mod:`adventure_table_rig` with cards in hand: Bea (Bartholomew Quince) holds the
Queen of Clubs, the 9 of Spades and the 2 of Hearts; Alex (Isolde Varga) the King of Hearts,
the 3 of Diamonds and the 4 of Clubs; Dana, the GM, (Captain Grimsby) the Ace and the 5 of
Spades, and holds the computer.
"""

from __future__ import annotations

import json

import aiohttp
from adventure_table_rig import BART, GRIMSBY, ISOLDE, cast_session, give, take_seat

from cardtable.session import Session


def phone_table() -> Session:
    session = cast_session()
    give(session, BART, ["QC", "9S", "2H"])
    give(session, ISOLDE, ["KH", "3D", "4C"])
    give(session, GRIMSBY, ["AS", "5S"])
    take_seat(session, "dana")
    return session


def phone_window(qtbot, tmp_path):
    """The main window on :func:`phone_table`, saved in ``tmp_path`` and opened (behind the
    curtain, for Dana), shown; autosaves in ``tmp_path``, unsaved changes discarded."""
    from cardtable.session import save
    from cardtable.ui.window.main_window import DISCARD, MainWindow

    path = tmp_path / "evening.cardtable"
    save(phone_table(), path)
    shown = MainWindow(path, autosave_folder=tmp_path, animation_ms=0)
    shown.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


async def answer(ws: aiohttp.ClientWebSocketResponse, timeout: float = 5.0) -> dict | None:
    """The phone's next answer to a message (views of the table, sent as it changes,
    skipped); None once the socket is closed."""
    while True:
        message = await ws.receive(timeout=timeout)
        if message.type is not aiohttp.WSMsgType.TEXT:
            return None
        frame = json.loads(message.data)
        if frame.get("type") != "view":
            return frame
