"""Every text of every panel reads on light, dark and high-contrast desktops.

The real main window on the demo (every system's panels) and the welcome screen are drawn
under each palette, as the app is when the desktop's scheme changes under it. Each panel is
grabbed whole and, for every visible, enabled label, button and group-box title, the test
measures what a player sees: the colour most of the text's box is painted (its background)
against the pixel of the text that stands out most from it (its ink). Under 4.5:1 fails
(WCAG's AA for body text). Disabled controls are left out, as WCAG leaves them.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot
from table_rig import device_rect

from cardtable.randomness import seeded
from cardtable.settings import Settings
from cardtable.ui.panels.dice.tray import DiceTray
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import bring_forward
from cardtable.ui.widgets.theme import (
    SCHEME_VARIABLE,
    Scheme,
    contrast,
    follow_the_desktop,
    ink,
    requested_scheme,
    scheme_palette,
)
from cardtable.ui.window.main_window import MainWindow
from cardtable.ui.window.welcome import WelcomeDialog

#: WCAG's least contrast for body text.
LEAST = 4.5


def _plain(text: str) -> str:
    document = QtGui.QTextDocument()
    document.setHtml(text)
    return document.toPlainText().replace("&", "")


def _text_box(widget: QtWidgets.QWidget) -> QtCore.QRect | None:
    """Where ``widget``'s text is painted, in its own coordinates (None: it shows none)."""
    metrics = QtGui.QFontMetrics(widget.font())
    if isinstance(widget, QtWidgets.QGroupBox):
        title = widget.title().replace("&", "")
        if not title:
            return None
        return QtCore.QRect(
            0, 0, min(widget.width(), metrics.horizontalAdvance(title) + 24), metrics.height() + 2
        )
    if isinstance(widget, QtWidgets.QLabel):
        if not widget.text().strip() or not _plain(widget.text()).strip():
            return None
        return widget.contentsRect()
    if isinstance(widget, QtWidgets.QAbstractButton):
        text = widget.text().replace("&", "")
        if not text.strip():
            return None
        width = min(metrics.horizontalAdvance(text), widget.width() - 8)
        height = min(metrics.height(), widget.height() - 4)
        if isinstance(widget, QtWidgets.QCheckBox | QtWidgets.QRadioButton):
            left = widget.width() - widget.contentsRect().width() + 22
            return QtCore.QRect(left, (widget.height() - height) // 2, width, height)
        box = QtCore.QRect(0, 0, width, height)
        centre = widget.rect().center()
        if not widget.icon().isNull():
            centre.setX(centre.x() + (widget.iconSize().width() + 4) // 2)
        box.moveCenter(centre)
        return box
    return None


def _texts(page: QtWidgets.QWidget) -> Iterator[QtWidgets.QWidget]:
    for kind in (QtWidgets.QLabel, QtWidgets.QAbstractButton, QtWidgets.QGroupBox):
        for widget in page.findChildren(kind):
            if widget.isVisibleTo(page) and widget.isEnabled() and widget.width() > 0:
                yield widget


def _name(widget: QtWidgets.QWidget) -> str:
    group = isinstance(widget, QtWidgets.QGroupBox)
    text = widget.title() if group else widget.text()
    return f"{type(widget).__name__} {_plain(text)[:40]!r}"


def measure(page: QtWidgets.QWidget) -> list[tuple[str, float]]:
    """(text, contrast) for every text shown on ``page``, from its pixels."""
    image = page.grab().toImage().convertToFormat(QtGui.QImage.Format.Format_RGB32)
    width, height = image.width(), image.height()
    pixels = array("I", bytes(image.constBits()))
    stride = image.bytesPerLine() // 4
    found = []
    for widget in _texts(page):
        box = _text_box(widget)
        if box is None:
            continue
        # Only the part in sight: a text cut off by a scroll area's edge is not drawn there.
        box = box.intersected(widget.visibleRegion().boundingRect())
        box = box.translated(widget.mapTo(page, QtCore.QPoint(0, 0)))
        box = device_rect(box, image).intersected(QtCore.QRect(0, 0, width, height))
        if box.width() < 2 or box.height() < 2:
            continue
        counts: Counter[int] = Counter()
        for y in range(box.top(), box.bottom() + 1):
            start = y * stride + box.left()
            counts.update(pixels[start : start + box.width()])
        ground = QtGui.QColor.fromRgb(counts.most_common(1)[0][0])
        if len(counts) == 1:
            found.append((_name(widget), 1.0))
            continue
        best = max(contrast(QtGui.QColor.fromRgb(value), ground) for value in counts)
        found.append((_name(widget), round(best, 1)))
    return found


def _pages(dock: QtWidgets.QDockWidget) -> Iterator[tuple[str, QtWidgets.QWidget]]:
    """Each page ``dock`` shows (a tab of tabs in turn), whole (not only its part in view)."""
    content = dock.widget()
    assert content is not None
    tabs = content if isinstance(content, QtWidgets.QTabWidget) else None
    for index in range(tabs.count() if tabs else 1):
        if tabs is not None:
            tabs.setCurrentIndex(index)
            QtCore.QCoreApplication.processEvents()
        page = tabs.widget(index) if tabs is not None else content
        name = f"{dock.objectName()}/{tabs.tabText(index)}" if tabs else dock.objectName()
        if isinstance(page, QtWidgets.QScrollArea) and page.widget() is not None:
            page = page.widget()
        yield name, page


@pytest.fixture
def palettes() -> Iterator[None]:
    app = QtWidgets.QApplication.instance()
    assert isinstance(app, QtWidgets.QApplication)
    before = app.palette()
    follow_the_desktop(app)  # as the app's start does
    yield
    app.setPalette(before)


def faint_texts(window: MainWindow, welcome: QtWidgets.QWidget) -> list[str]:
    """Every text under 4.5:1, named by scheme, panel and text."""
    app = QtWidgets.QApplication.instance()
    assert isinstance(app, QtWidgets.QApplication)
    faint = []
    for scheme in Scheme:
        app.setPalette(scheme_palette(scheme))
        QtCore.QCoreApplication.processEvents()
        pages = [("welcome", welcome)]
        for dock in [*window.setup.docks.values(), window.hand_dock]:
            dock.show()
            dock.raise_()
            QtCore.QCoreApplication.processEvents()
            pages += _pages(dock)
        for name, page in pages:
            faint += _faint_in(page, scheme, name)
    return faint


def _faint_in(page: QtWidgets.QWidget, scheme: Scheme, where: str) -> list[str]:
    """Texts of ``page`` under 4.5:1 as it is painted now, named by scheme and place."""
    return [
        f"{scheme.value} {where}: {text} {ratio}:1"
        for text, ratio in measure(page)
        if ratio < LEAST
    ]


def test_every_text_of_every_panel_reads_in_every_scheme(
    qtbot: QtBot, tmp_path: Path, palettes: None
) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1280, 800))
    welcome = WelcomeDialog(Settings(), rng_source=lambda: seeded(5))
    qtbot.addWidget(welcome)
    welcome.show()
    faint = faint_texts(window, welcome)
    assert not faint, f"{len(faint)} texts under {LEAST}:1:\n" + "\n".join(faint)


def test_the_measure_sees_pale_text(qtbot: QtBot) -> None:
    page = QtWidgets.QWidget()
    qtbot.addWidget(page)
    page.setStyleSheet("background: #ffffff;")
    layout = QtWidgets.QVBoxLayout(page)
    layout.addWidget(QtWidgets.QLabel("Pale words on white", styleSheet="color: #dddddd;"))
    layout.addWidget(QtWidgets.QLabel("Black words on white", styleSheet="color: #000000;"))
    page.show()
    qtbot.waitExposed(page)
    (pale, pale_ratio), (black, black_ratio) = measure(page)
    assert pale == "QLabel 'Pale words on white'" and pale_ratio < 1.5
    assert black == "QLabel 'Black words on white'" and black_ratio > 15


def _faint_on(page: QtWidgets.QWidget, where: str) -> list[str]:
    """Texts of ``page`` under 4.5:1 in each scheme, as the desktop's scheme changes."""
    app = QtWidgets.QApplication.instance()
    assert isinstance(app, QtWidgets.QApplication)
    faint = []
    for scheme in Scheme:
        app.setPalette(scheme_palette(scheme))
        QtCore.QCoreApplication.processEvents()
        faint += _faint_in(page, scheme, where)
    return faint


def test_a_dice_tray_refusing_an_expression_then_rolling_reads_in_every_scheme(
    qtbot: QtBot, tmp_path: Path, palettes: None
) -> None:
    window = demo_window(qtbot, tmp_path, size=QtCore.QSize(1280, 800))
    tray = window.findChild(DiceTray)
    assert tray is not None
    bring_forward(window.setup.docks["dice"])
    tray.expression.selectAll()
    qtbot.keyClicks(tray.expression, "5k")
    assert tray.error.isVisible()
    faint = _faint_on(tray, "a half-typed expression")
    qtbot.keyClicks(tray.expression, "3")
    qtbot.keyClick(tray.expression, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tray.banner.text() in ("SUCCESS", "FAILURE"))
    faint += _faint_on(tray, "a roll")
    assert not faint, "\n".join(faint)


@pytest.mark.parametrize("scheme", list(Scheme))
def test_each_meanings_ink_reads_on_each_ground_of_each_scheme(scheme: Scheme) -> None:
    palette = scheme_palette(scheme)
    grounds = [
        palette.color(role)
        for role in (
            QtGui.QPalette.ColorRole.Window,
            QtGui.QPalette.ColorRole.Base,
            QtGui.QPalette.ColorRole.AlternateBase,
        )
    ]
    for kind in ("error", "success", "info", "warning", "muted"):
        colour = QtGui.QColor(ink(kind, palette))
        assert min(contrast(colour, ground) for ground in grounds) >= LEAST, kind


def test_a_player_asks_for_a_scheme_in_the_environment() -> None:
    assert requested_scheme({SCHEME_VARIABLE: "Dark"}) is Scheme.DARK
    assert requested_scheme({SCHEME_VARIABLE: "high-contrast"}) is Scheme.HIGH_CONTRAST
    assert requested_scheme({SCHEME_VARIABLE: "purple"}) is None
    assert requested_scheme({}) is None
