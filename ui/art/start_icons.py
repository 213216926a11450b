"""Icons for the welcome screen and the New-session wizard, drawn for Cardtable.

Small SVG drawings in the app icon's colours (felt green, card cream, midnight blue, brass),
rendered once per size and cached. ``start_icon("new")`` is a QIcon; :data:`ICON_NAMES`
lists what there is.
"""

from __future__ import annotations

from functools import cache

from cardtable.ui.qt import Qt, QtCore, QtGui, QtSvg

CREAM, BRASS, NAVY = "#f6efe0", "#c9a441", "#16204a"
# INK and LEAF are mid-tones, so that arrows and figures read on light and dark themes.
FELT, RED, INK, LEAF = "#1f5d3a", "#b52824", "#8a7650", "#2f8a56"

_CARD = (
    '<rect x="{x}" y="{y}" width="22" height="32" rx="3" fill="{face}" stroke="{edge}" '
    'stroke-width="2" transform="rotate({turn} {cx} {cy})"/>'
)


def _card(x: float, y: float, turn: float, face: str, edge: str = BRASS) -> str:
    return _CARD.format(x=x, y=y, turn=turn, face=face, edge=edge, cx=x + 11, cy=y + 16)


_SVGS: dict[str, str] = {
    # a fresh card with a green "+" badge
    "new": (
        _card(10, 6, -6, CREAM)
        + f'<rect x="15" y="12" width="12" height="20" rx="1.5" fill="none" stroke="{BRASS}" '
        'stroke-width="1.2" transform="rotate(-6 21 22)"/>'
        + f'<circle cx="34" cy="34" r="10" fill="{FELT}" stroke="{CREAM}" stroke-width="2"/>'
        + f'<path d="M34 28v12M28 34h12" stroke="{CREAM}" stroke-width="3" '
        'stroke-linecap="round"/>'
    ),
    # a folder with a card peeking out
    "open": (
        '<path d="M4 14h14l4 4h22v22a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z" fill="#8a6a2f"/>'
        + _card(18, 7, 10, CREAM)
        + f'<path d="M4 22h40l-3 18a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z" fill="{BRASS}" '
        f'stroke="#8a6a2f" stroke-width="1.5"/>'
    ),
    # three cards fanned, the front one showing a red pip
    "demo": (
        _card(6, 10, -20, NAVY)
        + _card(13, 7, 0, NAVY)
        + _card(20, 10, 20, CREAM)
        + f'<circle cx="31" cy="26" r="4" fill="{RED}" transform="rotate(20 31 26)"/>'
    ),
    # a session file in the recent list
    "session": (
        _card(8, 8, -8, NAVY)
        + _card(18, 8, 6, CREAM)
        + f'<circle cx="29" cy="24" r="3.5" fill="{RED}" transform="rotate(6 29 24)"/>'
    ),
    # a session file that is no longer there
    "missing": (
        '<rect x="13" y="8" width="22" height="32" rx="3" fill="none" stroke="#9a9a9a" '
        'stroke-width="2" stroke-dasharray="4 3"/>'
        '<path d="M20 20l8 8M28 20l-8 8" stroke="#9a9a9a" stroke-width="2.5" '
        'stroke-linecap="round"/>'
    ),
    "player": (
        f'<circle cx="24" cy="16" r="8" fill="{LEAF}"/>'
        f'<path d="M9 41c1-10 7-15 15-15s14 5 15 15z" fill="{LEAF}"/>'
    ),
    "character": (
        _card(13, 8, 0, CREAM)
        + f'<circle cx="24" cy="19" r="4.5" fill="{NAVY}"/>'
        + f'<path d="M17 33c0.5-5 3.5-7.5 7-7.5s6.5 2.5 7 7.5z" fill="{NAVY}"/>'
    ),
    "remove": (
        '<path d="M15 15l18 18M33 15l-18 18" stroke="#c0392b" stroke-width="4" '
        'stroke-linecap="round"/>'
    ),
    "up": (
        f'<path d="M12 30l12-12 12 12" fill="none" stroke="{INK}" stroke-width="4" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "down": (
        f'<path d="M12 18l12 12 12-12" fill="none" stroke="{INK}" stroke-width="4" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    # a card lit by the guide's ring, as a step of a guided round lights what to press
    "guide": (
        f'<circle cx="24" cy="24" r="19" fill="none" stroke="{BRASS}" stroke-width="3.5"/>'
        + _card(13, 8, 0, CREAM, NAVY)
        + f'<path d="M19 24l4 4 7-9" fill="none" stroke="{LEAF}" stroke-width="3.5" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "info": (
        '<circle cx="24" cy="24" r="18" fill="#c98a1b"/>'
        f'<circle cx="24" cy="15" r="2.8" fill="{CREAM}"/>'
        f'<path d="M24 22v13" stroke="{CREAM}" stroke-width="4.5" stroke-linecap="round"/>'
    ),
}
ICON_NAMES = tuple(_SVGS)
_SIZES = (16, 24, 32, 48, 64, 96)


def svg_text(name: str) -> str:
    """The SVG source of icon ``name`` (48 x 48 units)."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">'
        + _SVGS[name]
        + "</svg>"
    )


def icon_pixmap(name: str, size: int) -> QtGui.QPixmap:
    """Icon ``name`` drawn ``size`` pixels square."""
    renderer = QtSvg.QSvgRenderer(QtCore.QByteArray(svg_text(name).encode("utf-8")))
    image = QtGui.QImage(size, size, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return QtGui.QPixmap.fromImage(image)


@cache
def start_icon(name: str) -> QtGui.QIcon:
    """Icon ``name`` as a QIcon, sharp at the usual sizes (KeyError for an unknown name)."""
    if name not in _SVGS:
        raise KeyError(f"there is no start icon {name!r}; there are {', '.join(ICON_NAMES)}")
    icon = QtGui.QIcon()
    for size in _SIZES:
        icon.addPixmap(icon_pixmap(name, size))
    return icon


def swatch_icon(colour: str, size: int = 20) -> QtGui.QIcon:
    """A round swatch of ``colour`` with a thin dark rim, for colour buttons and menus."""
    icon = QtGui.QIcon()
    for scale in (1, 2):
        pixels = size * scale
        image = QtGui.QImage(pixels, pixels, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QtGui.QPainter(image)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setPen(QtGui.QPen(QtGui.QColor(0, 0, 0, 110), scale))
        painter.setBrush(QtGui.QColor(colour))
        rim = scale
        painter.drawEllipse(QtCore.QRectF(rim, rim, pixels - 2 * rim, pixels - 2 * rim))
        painter.end()
        pixmap = QtGui.QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(scale)
        icon.addPixmap(pixmap)
    return icon
