"""Sheets to and from plain JSON-ready dicts, with cattrs.

A saved sheet is tagged with its system (``{"system": "banzai", ...}``) and its portrait is
base64 PNG text (:func:`configure_portraits` teaches a cattrs converter the portrait). The
tag picks the sheet's class, so only the classes of the sheets read are ever worked out:
opening a session does not wait for all five systems.

>>> from cardtable.sheets import blank
>>> data = sheet_to_dict(blank("crisis"))
>>> data["system"], data["dice"]
('crisis', 3)
>>> sheet_from_dict(data) == blank("crisis")
True
"""

from __future__ import annotations

import functools
from typing import Any

from attrs import has as attrs_has
from cattrs import BaseValidationError, Converter, transform_error
from cattrs.v import format_exception

from cardtable.exact_json import strict
from cardtable.refusals import python_words
from cardtable.sheets import SHEET_TYPES, Sheet
from cardtable.sheets.common import Portrait, Problem, SheetError
from cardtable.sheets.portrait import PortraitError, portrait_from_text, portrait_to_text

#: The key that names a saved sheet's system.
TAG = "system"


def configure_portraits(converter: Converter) -> None:
    """Register the portrait's text form (base64 PNG) alone."""
    converter.register_unstructure_hook(Portrait, portrait_to_text)
    converter.register_structure_hook(Portrait, lambda text, _: portrait_from_text(text))


@functools.cache
def _converter(detailed: bool = True) -> Converter:
    converter = Converter(forbid_extra_keys=True, detailed_validation=detailed)
    # A list only from a list: a text where a sheet's list belongs is refused, not read as
    # its letters.
    strict(converter, ())
    configure_portraits(converter)
    return converter


def sheet_to_dict(sheet: Sheet) -> dict[str, Any]:
    """The sheet as a JSON-ready dict, tagged with its system (the last key)."""
    data: dict[str, Any] = _converter().unstructure(sheet, type(sheet))
    data[TAG] = sheet.system
    return data


def sheet_from_dict(data: dict[str, Any], *, detailed: bool = True) -> Sheet:
    """The sheet a dict describes; :class:`SheetError` with readable reasons otherwise.

    Without ``detailed`` cattrs stops at the first problem and writes less code per class,
    and a damaged sheet may raise any error: for a caller that reads the file again when
    anything fails (the quick way of :func:`cardtable.session.saving.from_bytes`)."""
    system = data.get(TAG) if isinstance(data, dict) else None
    if not isinstance(system, str) or system not in SHEET_TYPES:
        known = ", ".join(SHEET_TYPES)
        raise SheetError([Problem(TAG, f"A saved sheet must name its system ({known}).")])
    try:
        body = {key: value for key, value in data.items() if key != TAG}
        sheet: Sheet = _converter(detailed).structure(body, SHEET_TYPES[system])
    except (SheetError, PortraitError):
        raise
    except BaseValidationError as error:
        nested = _nested_sheet_error(error)
        if nested is not None:
            raise nested from None
        reasons = "; ".join(
            reason.replace(" @ $.", " at ").replace(" @ $", "")
            for reason in transform_error(error, format_exception=_plain_reason)
        )
        raise SheetError([Problem("", f"The saved sheet is damaged: {reasons}.")]) from None
    return sheet


def _plain_reason(error: BaseException, kind: Any) -> str:
    """cattrs' reason for one failure, but never Python's own words."""
    reason = format_exception(error, kind)
    if not python_words(reason):
        return reason
    if isinstance(kind, type) and attrs_has(kind):
        return "expected an object with named fields"
    return "a value of the wrong kind"


def _nested_sheet_error(error: BaseException) -> SheetError | None:
    """The SheetError cattrs wrapped, if that is what went wrong."""
    if isinstance(error, SheetError):
        return error
    if isinstance(error, PortraitError):
        return SheetError([Problem("portrait", str(error))])
    for inner in getattr(error, "exceptions", ()):
        found = _nested_sheet_error(inner)
        if found is not None:
            return found
    return None
