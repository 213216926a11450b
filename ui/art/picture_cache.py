"""The pictures a start draws (the toolbar's icons, the backs on the felt), kept between runs.

Cardtable draws its art with QPainter rather than shipping images, and a start draws the same
pictures every time. As kpat keeps the cards it renders in a disk cache (KDE's
``KImageCache``), this keeps the pictures drawn before the first session is shown in one file
of the user's cache folder (:mod:`cardtable.cachefile`), as raw pixels, read back whole at the
next start.

A picture is kept by a key that says all it shows (what, how many device pixels, which
colours); the file is stamped with the app's version, Qt's, and the size and time of every
module of the front end, so a picture drawn by other code is never shown. Only what this start
drew or used is written (when the process ends, if anything was new), so a long evening of
zooming does not make the next start read more.

The file is a series of records, each a little-endian header (the key's length in bytes, the
width, the height, each two bytes), the key in UTF-8, then the pixels (premultiplied ARGB,
four bytes each, row by row). A file cut short or malformed anywhere is read as empty.

Nothing is kept unless the app installs the cache (:func:`install`): tests draw afresh.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import struct
import zlib
from pathlib import Path
from typing import Any

from cardtable import __version__, cachefile
from cardtable.ui.qt import QtCore, QtGui

#: How the files are named in the user's cache folder (then the version).
FILE_PREFIX = "drawn-pictures-"
_FORMAT = QtGui.QImage.Format.Format_ARGB32_Premultiplied

_installed: PictureCache | None = None


#: The front end's package folder (``cardtable.ui``): the code that draws what is kept.
_FRONT_END = Path(__file__).parent.parent
#: A record's header: the key's length in bytes, the width and the height.
_HEADER = struct.Struct("<HHH")
_LARGEST = 4096


def _stamp() -> bytes:
    """What made the pictures: this version, Qt's, and every module of the front end as it is
    on disk (a drawing change in a working copy counts)."""
    parts = [__version__, QtCore.qVersion()]
    parts += sorted(_sources(_FRONT_END))
    digest = zlib.crc32("\n".join(parts).encode())
    return b"CTPICT2 " + f"{digest:08x}".encode() + b"\n"


def _sources(folder: Path) -> list[str]:
    """Each Python source under ``folder`` as its path, size and time; none in a frozen build,
    which ships no sources and whose version says all."""
    found = []
    # os.walk, not glob: a glob pattern is compiled to a regular expression on every start.
    for root, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if name != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(root, name)
                with contextlib.suppress(OSError):
                    status = os.stat(path)
                    relative = os.path.relpath(path, folder)
                    found.append(f"{relative}:{status.st_size}:{status.st_mtime_ns}")
    return found


class PictureCache:
    """Pictures by key, read from and written to ``path``."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._stamp: bytes | None = None
        self._pictures: dict[str, tuple[int, int, bytes]] | None = None
        #: The keys found or kept while :attr:`recording`: all the next start needs.
        self._used: set[str] = set()
        self._new = 0
        #: Whether pictures are still kept (until the first session is shown).
        self.recording = True

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = cachefile.cache_folder() / f"{FILE_PREFIX}{__version__}.bin"
        return self._path

    def _known(self) -> dict[str, tuple[int, int, bytes]]:
        if self._pictures is None:
            self._stamp = _stamp()
            read = cachefile.read(self.path, self._stamp)
            self._pictures = {} if read is None else _unpack(read)
        return self._pictures

    def find(self, key: str) -> QtGui.QImage | None:
        """The picture kept as ``key``, or None."""
        found = self._known().get(key)
        if found is None:
            return None
        width, height, pixels = found
        if self.recording:
            self._used.add(key)
        # A copy: the image owns its pixels, not the bytes read from the file.
        return QtGui.QImage(pixels, width, height, width * 4, _FORMAT).copy()

    def keep(self, key: str, image: QtGui.QImage) -> None:
        """Keep ``image`` as ``key`` for the next start (while still :attr:`recording`)."""
        if not self.recording or image.isNull():
            return
        if image.format() != _FORMAT:
            image = image.convertToFormat(_FORMAT)
        if image.bytesPerLine() != image.width() * 4:
            return
        self._known()[key] = (image.width(), image.height(), bytes(image.constBits()))
        self._used.add(key)
        self._new += 1

    def save(self) -> bool:
        """Write the pictures this start found or kept, if any were new; True if written."""
        if not self._new or self._stamp is None:
            return False
        known = self._known()
        kept = {key: known[key] for key in self._used if key in known}
        if not cachefile.write(self.path, self._stamp, _pack(kept), kind=FILE_PREFIX):
            return False
        self._new = 0
        return True


def _pack(pictures: dict[str, tuple[int, int, bytes]]) -> bytes:
    parts = []
    for key, (width, height, pixels) in pictures.items():
        name = key.encode()
        if len(name) <= 0xFFFF and _fits(width, height):
            parts += [_HEADER.pack(len(name), width, height), name, pixels]
    return b"".join(parts)


def _unpack(data: memoryview) -> dict[str, tuple[int, int, bytes]]:
    """The pictures of a file's records; none at all if any record is malformed."""
    pictures = {}
    at = 0
    try:
        while at < len(data):
            length, width, height = _HEADER.unpack_from(data, at)
            at += _HEADER.size
            key = str(data[at : at + length], "utf-8")
            at += length
            size = width * height * 4
            if not _fits(width, height) or at + size > len(data):
                return {}
            pictures[key] = (width, height, bytes(data[at : at + size]))
            at += size
    except (struct.error, UnicodeDecodeError):
        return {}
    return pictures


def _fits(width: int, height: int) -> bool:
    return 0 < width <= _LARGEST and 0 < height <= _LARGEST


def install(path: Path | None = None) -> PictureCache:
    """Keep and find the pictures the app draws in the cache at ``path`` (the user's cache
    folder by default) for the rest of the process; write it when the process ends."""
    global _installed
    if _installed is None:
        _installed = PictureCache(path)
        atexit.register(_installed.save)
    return _installed


def installed() -> PictureCache | None:
    """The cache the app installed, if it did."""
    return _installed


def start_shown() -> None:
    """The first session is shown: what is drawn from now on is not kept."""
    if _installed is not None:
        _installed.recording = False


def drawn(key: str, width: int, height: int, draw: Any) -> QtGui.QImage:
    """The picture ``key``, ``width`` x ``height`` device pixels: from the cache if it has
    it, else made by ``draw(image)`` on a transparent image (and kept)."""
    cache = _installed
    if cache is not None:
        found = cache.find(key)
        if found is not None and found.width() == width and found.height() == height:
            return found
    image = QtGui.QImage(width, height, _FORMAT)
    image.fill(0)
    draw(image)
    if cache is not None:
        cache.keep(key, image)
    return image
