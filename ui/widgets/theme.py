"""The desktop's colours: light, dark or high contrast, and inks that read on each.

The app follows the system's colour scheme and palette (Qt's ``QStyleHints.colorScheme``);
panels draw from the palette's roles, and the few colours that carry a meaning (a refusal in
red, a success in green, a hint in grey) come from :func:`ink`, which picks a shade that
reads on the palette in use. A player whose desktop gives no scheme (or a wrong one) can ask
for one with ``CARDTABLE_COLOURS=light|dark|high-contrast``.

>>> round(contrast(QtGui.QColor("black"), QtGui.QColor("white")), 1)
21.0
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: The environment variable that asks for a scheme whatever the desktop says.
SCHEME_VARIABLE = "CARDTABLE_COLOURS"


class Scheme(enum.Enum):
    LIGHT = "light"
    DARK = "dark"
    HIGH_CONTRAST = "high-contrast"


def luminance(colour: QtGui.QColor) -> float:
    """The WCAG relative luminance of ``colour`` (0 black, 1 white)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(one: QtGui.QColor, other: QtGui.QColor) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


_Role = QtGui.QPalette.ColorRole
#: The least contrast of a high-contrast palette's text (WCAG's AAA).
HIGH = 7.0

#: The roles of each scheme's palette (the Fusion style's light one is Qt's own).
_ROLES: dict[Scheme, dict[QtGui.QPalette.ColorRole, str]] = {
    Scheme.DARK: {
        _Role.Window: "#2b2b2e",
        _Role.WindowText: "#ececec",
        _Role.Base: "#1f1f22",
        _Role.AlternateBase: "#333338",
        _Role.Text: "#ececec",
        _Role.Button: "#3a3a3f",
        _Role.ButtonText: "#ececec",
        _Role.BrightText: "#ffffff",
        _Role.Highlight: "#3d7ad6",
        _Role.HighlightedText: "#ffffff",
        _Role.ToolTipBase: "#3a3a3f",
        _Role.ToolTipText: "#ececec",
        _Role.PlaceholderText: "#a8a8ad",
        _Role.Link: "#8ab4f8",
        _Role.Light: "#4a4a50",
        _Role.Midlight: "#404046",
        _Role.Mid: "#2f2f33",
        _Role.Dark: "#19191b",
        _Role.Shadow: "#000000",
    },
    Scheme.HIGH_CONTRAST: {
        _Role.Window: "#000000",
        _Role.WindowText: "#ffffff",
        _Role.Base: "#000000",
        _Role.AlternateBase: "#101010",
        _Role.Text: "#ffffff",
        _Role.Button: "#000000",
        _Role.ButtonText: "#ffffff",
        _Role.BrightText: "#ffffff",
        _Role.Highlight: "#1aebff",
        _Role.HighlightedText: "#000000",
        _Role.ToolTipBase: "#000000",
        _Role.ToolTipText: "#ffffff",
        _Role.PlaceholderText: "#d0d0d0",
        _Role.Link: "#ffff00",
        _Role.Light: "#ffffff",
        _Role.Midlight: "#c0c0c0",
        _Role.Mid: "#808080",
        _Role.Dark: "#ffffff",
        _Role.Shadow: "#ffffff",
    },
}


def scheme_palette(scheme: Scheme) -> QtGui.QPalette:
    """A whole palette for ``scheme``; disabled text is faded toward its background."""
    style = QtWidgets.QStyleFactory.create("Fusion")
    palette = QtGui.QPalette(style.standardPalette()) if style is not None else QtGui.QPalette()
    if scheme is Scheme.LIGHT:
        return palette
    group = QtGui.QPalette.ColorGroup
    for role, name in _ROLES[scheme].items():
        palette.setColor(role, QtGui.QColor(name))
    for role, ground in (
        (_Role.WindowText, _Role.Window),
        (_Role.Text, _Role.Base),
        (_Role.ButtonText, _Role.Button),
    ):
        palette.setColor(group.Disabled, role, _mix(palette.color(role), palette.color(ground)))
    return palette


def _mix(ink_colour: QtGui.QColor, ground: QtGui.QColor, share: float = 0.55) -> QtGui.QColor:
    return QtGui.QColor.fromRgbF(
        ink_colour.redF() * share + ground.redF() * (1 - share),
        ink_colour.greenF() * share + ground.greenF() * (1 - share),
        ink_colour.blueF() * share + ground.blueF() * (1 - share),
    )


def is_dark(palette: QtGui.QPalette | None = None) -> bool:
    """Whether ``palette`` (the app's by default) has light text on a dark window."""
    palette = palette or QtGui.QGuiApplication.palette()
    return palette.color(_Role.Window).lightnessF() < 0.5


#: Inks that carry a meaning, one shade for light windows and one for dark ones, each at
#: least 4.5:1 on the windows, bases and alternate bases of the palettes above.
_INKS: dict[str, tuple[str, str]] = {
    "error": ("#a61b1b", "#ff8a80"),
    "success": ("#1b6b3a", "#7fd69b"),
    "info": ("#24497a", "#9cc3f5"),
    "warning": ("#7a4b00", "#ffcf70"),
}


def ink(kind: str, palette: QtGui.QPalette | None = None) -> str:
    """The colour of a meaning (``error``, ``success``, ``info``, ``warning``, or ``muted``
    for a hint) that reads on ``palette`` (the app's by default), as ``#rrggbb``."""
    palette = palette or QtGui.QGuiApplication.palette()
    if kind == "muted":
        text, ground = palette.color(_Role.WindowText), palette.color(_Role.Window)
        return _mix(text, ground, 0.62).name()
    light, dark = _INKS[kind]
    return dark if is_dark(palette) else light


def on_window(colour: QtGui.QColor, least: float = 4.5) -> QtGui.QColor:
    """``colour`` (a system's ink) where it stands out ``least`` from the app's window
    colour, else the window's text colour."""
    palette = QtGui.QGuiApplication.palette()
    if contrast(colour, palette.color(_Role.Window)) >= least:
        return colour
    return palette.color(_Role.WindowText)


#: What :func:`follow_palette` was asked to call again, by the widget it styles.
_followers: dict[int, Callable[[], None]] = {}


def follow_palette(widget: QtWidgets.QWidget, restyle: Callable[[], None]) -> None:
    """Call ``restyle`` now and whenever the app's palette (the desktop's scheme) changes,
    for as long as ``widget`` lives: a style sheet's colours are fixed when it is set."""
    restyle()
    key = id(widget)
    _followers[key] = restyle
    widget.destroyed.connect(lambda *_: _followers.pop(key, None))


def ink_text(widget: QtWidgets.QWidget, kind: str, rules: str = "") -> None:
    """Write ``widget``'s text in the :func:`ink` of ``kind`` (with ``rules``, more style
    sheet declarations), on every palette."""
    follow_palette(widget, lambda: widget.setStyleSheet(f"color: {ink(kind)}; {rules}"))


def requested_scheme(environ: dict[str, str] | None = None) -> Scheme | None:
    """The scheme ``CARDTABLE_COLOURS`` asks for, if it names one."""
    value = (environ if environ is not None else os.environ).get(SCHEME_VARIABLE, "")
    try:
        return Scheme(value.strip().lower())
    except ValueError:
        return None


def desktop_scheme(app: QtWidgets.QApplication) -> Scheme | None:
    """The scheme the desktop asks for (None: it says nothing)."""
    hints = app.styleHints()
    if hints.accessibility().contrastPreference() == Qt.ContrastPreference.HighContrast:
        return Scheme.HIGH_CONTRAST
    return {Qt.ColorScheme.Dark: Scheme.DARK, Qt.ColorScheme.Light: Scheme.LIGHT}.get(
        hints.colorScheme()
    )


class _PaletteWatch(QtWidgets.QWidget):
    """Never shown: told, as every widget is, when the app's palette changes, it draws the
    widgets that have a style sheet again. (A style sheet fixes the colours of the widgets
    it styles when it is applied, from the palette of that moment.)"""

    def __init__(self, app: QtWidgets.QApplication) -> None:
        super().__init__()
        self.setObjectName(_WATCH)
        self._app = app
        hints = app.styleHints()
        hints.colorSchemeChanged.connect(self._on_desktop)
        hints.accessibility().contrastPreferenceChanged.connect(self._on_desktop)

    def _on_desktop(self, *_: object) -> None:
        """The desktop's scheme changed: where its style does not change the palette with it
        (Fusion on some desktops), use this app's palette for the scheme."""
        scheme = desktop_scheme(self._app)
        if requested_scheme() is not None or scheme is None:
            return
        palette = self._app.palette()
        text = contrast(palette.color(_Role.WindowText), palette.color(_Role.Window))
        if (
            text < HIGH
            if scheme is Scheme.HIGH_CONTRAST
            else is_dark(palette) != (scheme is Scheme.DARK)
        ):
            self._app.setPalette(scheme_palette(scheme))

    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.ApplicationPaletteChange:
            for key, restyle in list(_followers.items()):
                try:
                    restyle()
                except RuntimeError:  # its widget was deleted without a word
                    _followers.pop(key, None)
            for widget in QtWidgets.QApplication.allWidgets():
                if widget.styleSheet() and id(widget) not in _followers:
                    widget.setStyleSheet(widget.styleSheet())
        return super().event(event)


_WATCH = "cardtablePaletteWatch"
_watches: list[_PaletteWatch] = []


def follow_the_desktop(app: QtWidgets.QApplication) -> None:
    """Use the scheme asked for in ``CARDTABLE_COLOURS``, if any, else the desktop's; and
    follow the desktop's scheme as it changes. (Once per app: again does nothing.)"""
    if any(watch._app is app for watch in _watches):
        return
    watch = _PaletteWatch(app)
    _watches.append(watch)
    app.aboutToQuit.connect(_watches.clear)
    scheme = requested_scheme()
    if scheme is not None:
        app.setPalette(scheme_palette(scheme))
    else:
        watch._on_desktop()
