"""Playing with phones from the real window, and two phones in a real browser (Chromium).

The cast of :mod:`adventure_table_rig`: Dana (the GM) holds the shared screen and plays
Captain Grimsby; Alex (Isolde Varga) and Bea (Bartholomew Quince) play on their phones.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import shutil
import socket
from pathlib import Path

import pytest
from adventure_table_rig import BART, GRIMSBY, ISOLDE
from curtain_rig import take_the_computer
from phone_rig import phone_window
from pytestqt.qtbot import QtBot

from cardtable.piles import PileId
from cardtable.session import ConfirmSeat, PassSeat, PlayerId, on_screen
from cardtable.steps.adventure import conflict
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.window.main_window import MainWindow

ALEX, BEA, DANA = PlayerId("alex"), PlayerId("bea"), PlayerId("dana")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    shown = phone_window(qtbot, tmp_path)
    qtbot.waitUntil(lambda: hasattr(shown, "phones"), timeout=10_000)
    take_the_computer(qtbot, shown)  # whoever held it when it was saved
    yield shown
    shown.phones.stop()


def _open_dialog(qtbot: QtBot, window: MainWindow):
    action = next(a for a in window.table_menu.actions() if a.objectName() == "phonesAction")
    action.trigger()
    dialog = window.findChild(QtWidgets.QDialog, "phonesDialog")
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def _start(qtbot: QtBot, dialog) -> None:
    dialog.network.setCurrentIndex(dialog.network.findData("127.0.0.1"))
    dialog.port.setValue(_free_port())
    qtbot.mouseClick(dialog.switch, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Listening on 127.0.0.1" in dialog.state.text())


def test_the_gm_starts_the_phones_and_only_the_holder_sees_their_own_code(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = _open_dialog(qtbot, window)
    assert "Off: nothing listens" in dialog.state.text()
    assert dialog.link.text() == ""
    _start(qtbot, dialog)
    service = window.phones
    assert dialog.link.text() == service.url(DANA)
    assert "Dana" in dialog.code_title.text() and dialog.code.pixmap() is not None
    # Bea's code is not on the screen while Dana holds the computer: pass it to her.
    assert service.url(BEA) not in dialog.link.text()
    qtbot.mouseClick(dialog.findChild(QtWidgets.QPushButton, "pass-bea"),
                     Qt.MouseButton.LeftButton)
    assert window.document.session.curtain == BEA
    assert dialog.link.text() == ""  # the curtain is up: no code at all
    window.document.apply(ConfirmSeat(BEA))
    assert dialog.link.text() == service.url(BEA)
    # Only the GM turns the phones off.
    assert not dialog.switch.isEnabled()
    assert dialog.switch.toolTip() == "Only the GM (Dana) may turn the phones on or off."


def test_a_revoked_seat_gets_a_new_link(qtbot: QtBot, window: MainWindow) -> None:
    dialog = _open_dialog(qtbot, window)
    _start(qtbot, dialog)
    old = window.phones.url(BEA)
    qtbot.mouseClick(dialog.findChild(QtWidgets.QPushButton, "revoke-bea"),
                     Qt.MouseButton.LeftButton)
    assert window.phones.url(BEA) != old
    assert window.phones.host.player_for(old.rsplit("/", 1)[1]) is None


# -- two phones in Chromium ----------------------------------------------------------------

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
needs_chromium = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="needs Debian's chromium and chromium-driver"
)


def _browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--window-size=412,915"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


class Phone:
    """A phone's page in its own browser, driven from a worker thread while Qt keeps running."""

    def __init__(self, qtbot: QtBot, pool: concurrent.futures.Executor, url: str) -> None:
        self._qtbot, self._pool = qtbot, pool
        self.driver = self._run(_browser)
        self.frames: list[str] = []
        self._run(lambda: self.driver.get(url))

    def _run(self, work, timeout: int = 30_000):
        future = self._pool.submit(work)
        self._qtbot.waitUntil(future.done, timeout=timeout)
        return future.result()

    def text(self) -> str:
        return self._run(lambda: self.driver.find_element("tag name", "body").text)

    def html(self) -> str:
        return self._run(lambda: self.driver.page_source)

    def wait_for(self, words: str, timeout: int = 10_000) -> None:
        self._qtbot.waitUntil(lambda: words in self.text(), timeout=timeout)

    def click_card(self, name: str) -> None:
        self._run(lambda: self.driver.find_element(
            "css selector", f'.card[aria-label="{name}"]').click())

    def type_into(self, placeholder: str, text: str) -> None:
        self._run(lambda: self.driver.find_element(
            "css selector", f'input[placeholder="{placeholder}"]').send_keys(text))

    def press(self, label: str) -> None:
        self._run(lambda: self.driver.find_element(
            "xpath", f'//button[normalize-space()="{label}"]').click())

    def pictures_drawn(self) -> list[int]:
        """The pixel width of each card picture the page shows (0 for one that failed)."""
        return self._run(lambda: self.driver.execute_script(
            "return [...document.querySelectorAll('img.art')]"
            ".map((i) => i.complete ? i.naturalWidth : -1)"))

    def received(self) -> list[str]:
        """Every WebSocket frame the page has received so far."""
        for entry in self._run(lambda: self.driver.get_log("performance")):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.webSocketFrameReceived":
                self.frames.append(message["params"]["response"]["payloadData"])
        return self.frames

    def quit(self) -> None:
        self._run(self.driver.quit)


@needs_chromium
def test_a_conflict_with_two_phones_and_a_seat_behind_the_curtain(
    qtbot: QtBot, window: MainWindow
) -> None:
    document = window.document
    session = document.session
    dialog = _open_dialog(qtbot, window)
    _start(qtbot, dialog)
    service = window.phones
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    alex = Phone(qtbot, pool, service.url(ALEX))
    bea = Phone(qtbot, pool, service.url(BEA))
    try:
        alex.wait_for("Issue a Challenge as Isolde Varga")
        bea.wait_for("Issue a Challenge as Bartholomew Quince")
        qtbot.waitUntil(lambda: "Phones: " in window.findChild(
            QtWidgets.QLabel, "phonesStatus").text())
        # Alex challenges from his phone, the King of Hearts face down.
        alex.click_card("the King of Hearts")
        alex.type_into("Your goal", "to reach the lighthouse first")
        alex.press("Challenge, card face down")
        bea.wait_for("Answer as Bartholomew Quince")
        status = window.findChild(QtWidgets.QLabel, "phonesStatus")
        qtbot.waitUntil(lambda: "waiting for Bea's phone" in status.text())
        assert session.holder == DANA and session.curtain is None  # nobody passed the computer
        # Bea answers from hers, the 2 of Hearts face down.
        bea.click_card("the 2 of Hearts")
        bea.type_into("Your intent", "to lure Isolde onto the rocks")
        bea.press("Answer, card face down")
        zone = PileId(f"zone/{BART}")
        qtbot.waitUntil(lambda: len(session.table.pile(zone).cards) == 1)
        answer_card = session.table.pile(zone).cards[0]
        # Her hand in the table's art; her face-down answer seen with one tap, hidden with one.
        qtbot.waitUntil(lambda: len(bea.pictures_drawn()) == 2 and min(bea.pictures_drawn()) > 0)
        assert "a face-down card" in bea.html()
        bea.press("Peek")
        bea.wait_for("the 2 of Hearts")
        qtbot.waitUntil(lambda: len(bea.pictures_drawn()) == 3 and min(bea.pictures_drawn()) > 0)
        bea.press("Hide")
        qtbot.waitUntil(lambda: "the 2 of Hearts" not in bea.text())
        # The felt shows the card laid, face down; no screen, page or frame names it yet.
        assert answer_card not in on_screen(session)
        assert "2 of Hearts" not in alex.text() and "2 of Hearts" not in alex.html()
        assert not any("2 of Hearts" in frame for frame in alex.received())
        assert not any(answer_card in frame for frame in alex.received() + bea.received())
        # Dana's Captain Grimsby supports the Challenge at the shared screen, behind the curtain.
        assert document.apply(PassSeat(session.state.seat_of(DANA)))
        assert window.curtain.isVisible()
        assert document.apply(ConfirmSeat(DANA))
        grimsby_card = session.table.pile(PileId(f"hand/{GRIMSBY}")).cards[0]
        refused: list[str] = []
        document.refused.connect(refused.append)
        support = conflict.support(GRIMSBY, conflict.Side.CHALLENGE, grimsby_card)
        assert document.apply(support), refused
        assert document.apply(conflict.reveal())
        qtbot.waitUntil(lambda: answer_card in on_screen(session))
        # Revealed: now the Queen reaches Alex's phone too, in the log it reads.
        qtbot.waitUntil(lambda: any("2 of Hearts" in f for f in alex.received()),
                        timeout=10_000)
        game = conflict.find_game(session.state)
        assert game is not None and game.conflict is not None
        # King of Hearts (Isolde, Hearts Strong) with Grimsby's support against the Queen of
        # Clubs: the showdown waits for a primary, on a phone.
        assert game.conflict.phase.value == "showdown" and game.conflict.to_move is not None
        mover = game.conflict.side(game.conflict.to_move).primary
        phone = {ISOLDE: alex, BART: bea}[mover]
        phone.wait_for("Yield or Push")
        shots = os.environ.get("CARDTABLE_PHONE_SHOTS")
        if shots:
            pool.submit(alex.driver.save_screenshot, f"{shots}/alex.png").result()
            pool.submit(bea.driver.save_screenshot, f"{shots}/bea.png").result()
            window.grab().save(f"{shots}/shared.png")
        phone.press("Yield")
        qtbot.waitUntil(lambda: game.conflict.phase.value == "over", timeout=10_000)
        assert game.conflict.winner is not None
        log = [entry.seen_by_all for entry in session.log]
        assert any("lighthouse" in line for line in log)
        assert any("yield" in line.lower() for line in log[-5:])
    finally:
        alex.quit()
        bea.quit()
        pool.shutdown()
