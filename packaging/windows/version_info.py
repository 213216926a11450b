"""The version resource of Cardtable's Windows executables, made from the package's version.

Windows shows it in a file's Properties > Details (and SmartScreen and the installed-apps
list read it). PyInstaller takes it as a text file holding a ``VSVersionInfo(...)``
expression (``EXE(version=...)``); ``packaging/cardtable.spec`` writes one per executable
into PyInstaller's work folder at build time, so the numbers always follow
``cardtable.__version__``.

>>> numbers("0.1.0"), numbers("1.2.3rc1"), numbers("2")
((0, 1, 0, 0), (1, 2, 3, 0), (2, 0, 0, 0))
"""

from __future__ import annotations

import re

PRODUCT = "Cardtable"
PUBLISHER = "The Cardtable developers"
COPYRIGHT = "Copyright (c) The Cardtable developers. MIT licence."
#: US English, Unicode: the language and code page the strings are declared in.
LANGUAGE, CODEPAGE = 0x0409, 1200


def numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows keeps of ``version`` (its leading release numbers, padded
    with zeros); a version that starts with none is a ValueError."""
    found = re.match(r"\d+(?:\.\d+){0,3}", version)
    if found is None:
        raise ValueError(f"{version!r} does not start with a release number such as 0.1.0")
    parts = [int(part) for part in found.group().split(".")]
    if any(part > 0xFFFF for part in parts):
        raise ValueError(f"{version!r}: Windows keeps each number of a version below 65536")
    first, second, third, fourth = (*parts, 0, 0, 0)[:4]
    return first, second, third, fourth


def version_info_text(version: str, exe_name: str, description: str) -> str:
    """The version file for ``exe_name`` (without ``.exe``) at ``version``."""
    fixed = numbers(version)
    strings = {
        "CompanyName": PUBLISHER,
        "FileDescription": description,
        "FileVersion": version,
        "InternalName": exe_name,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{exe_name}.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n".join(
        f"          StringStruct({key!r}, {value!r})" for key, value in strings.items()
    )
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={fixed},
    prodvers={fixed},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0),
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '{LANGUAGE:04X}{CODEPAGE:04X}',
        [
{table},
        ],
      ),
    ]),
    VarFileInfo([VarStruct('Translation', [{LANGUAGE}, {CODEPAGE}])]),
  ],
)
"""
