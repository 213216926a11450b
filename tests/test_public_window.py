"""The public table window paints the public view: public faces only, large, and cheaply."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from seat_rig import GINA, HAND, OGRE, ZONE, take_seat, three_seats

from cardtable.cards import CardFace
from cardtable.session import Move, Peek, Session, Turn
from cardtable.ui.art import card_art
from cardtable.ui.document import SessionDocument
from cardtable.ui.public.felt import index_px
from cardtable.ui.public.window import COALESCE_MS, PublicTable
from cardtable.ui.qt import QtWidgets


def _table(qtbot: QtBot, session: Session, size: tuple[int, int] = (1280, 720)) -> PublicTable:
    window = PublicTable(SessionDocument(session))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def _painted(window: PublicTable, monkeypatch: pytest.MonkeyPatch) -> list[CardFace]:
    faces: list[CardFace] = []
    real = card_art.face_pixmap

    def watched(face: CardFace, *args: object, **kwargs: object) -> object:
        faces.append(face)
        return real(face, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(card_art, "face_pixmap", watched)
    window.felt.grab()
    return faces


def test_the_gm_at_the_laptop_sees_her_peek_but_the_room_sees_a_back(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    hand = session.table.piles[HAND[OGRE]].cards
    laid, shown = hand[0], hand[1]
    session.apply(Move((laid,), ZONE[OGRE], face_up=False))
    session.apply(Peek(laid))
    session.apply(Move((shown,), ZONE[OGRE], face_up=True))
    session.apply(Turn(shown))
    window = _table(qtbot, session)
    assert _painted(window, monkeypatch) == [session.table.card(shown).face]
    description = window.felt.accessibleDescription()
    assert f"{session.table.card(shown).face.name} (reversed)" in description
    assert session.table.card(laid).face.name not in description


def test_indices_and_labels_are_a_fortieth_of_a_tv_high(qtbot: QtBot) -> None:
    window = _table(qtbot, three_seats(4), (1920, 1080))
    assert index_px(window.height()) >= 27
    for label in window.findChildren(QtWidgets.QLabel):
        assert label.font().pixelSize() >= 27, label.accessibleName()


def test_changes_in_a_row_make_one_refresh_and_none_while_closed(qtbot: QtBot) -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    window = _table(qtbot, session)
    refreshes: list[None] = []
    window.refreshed.connect(lambda: refreshes.append(None))
    laid = list(session.table.piles[HAND[OGRE]].cards[:3])
    for card in laid:
        window.document.apply(Move((card,), ZONE[OGRE], face_up=True))
    qtbot.wait(COALESCE_MS * 3)
    assert len(refreshes) == 1
    assert window.view is not None and len(window.view.shown_cards()) == 3
    window.hide()
    window.document.apply(Move((laid[0],), HAND[OGRE]))
    qtbot.wait(COALESCE_MS * 3)
    assert len(refreshes) == 1
    window.show()
    assert len(refreshes) == 2 and len(window.view.shown_cards()) == 2


def test_a_card_just_shown_is_marked(qtbot: QtBot) -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    window = _table(qtbot, session)
    card = session.table.piles[HAND[OGRE]].cards[0]
    window.document.apply(Move((card,), ZONE[OGRE], face_up=True))
    qtbot.waitUntil(lambda: window.felt.marked() == {card}, timeout=2000)
