"""Render the app icon's SVG to the PNG sizes desktops ask for.

    python packaging/render_icons.py

Writes ``assets/icons/cardtable-<size>.png`` for every size in :data:`SIZES` from
``assets/icons/cardtable.svg`` with Qt's own SVG renderer. Run it after editing the SVG and
keep the PNGs in the repository (the bundle and the Linux install use them as they are).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6 import QtCore, QtGui, QtSvg

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"
SVG = ICONS / "cardtable.svg"
SIZES = (16, 32, 48, 64, 128, 256, 512)


def png_path(size: int) -> Path:
    return ICONS / f"cardtable-{size}.png"


def render(svg: Path, size: int) -> QtGui.QImage:
    """The icon drawn ``size`` pixels square on a transparent ground."""
    renderer = QtSvg.QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg} is not an SVG Qt can draw")
    image = QtGui.QImage(size, size, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QtCore.Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QtCore.QRectF(0, 0, size, size))
    painter.end()
    return image


def main() -> int:
    app = QtGui.QGuiApplication.instance() or QtGui.QGuiApplication(sys.argv[:1])
    for size in SIZES:
        target = png_path(size)
        if not render(SVG, size).save(str(target)):  # PNG, from the suffix
            print(f"could not write {target}", file=sys.stderr)
            return 1
        print(f"{target.relative_to(ROOT)}  {target.stat().st_size:>7,} bytes")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
