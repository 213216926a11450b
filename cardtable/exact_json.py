"""JSON read into attrs classes with no silent conversions, for every file the app reads.

cattrs is lenient by design: it turns ``1`` into text, ``true`` into a number, and makes a list
of any iterable, so a text where a list belongs would become its letters and an object its
keys. A file a player opens is refused instead, with the kind it held named in a player's words:

>>> from cattrs import Converter
>>> conv = Converter()
>>> strict(conv, (str, int))
>>> conv.structure("orders", tuple[str, ...])
Traceback (most recent call last):
...
TypeError: expected a list, found text
>>> conv.structure(["orders"], tuple[str, ...])
('orders',)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, get_origin

from cattrs import Converter
from cattrs.cols import is_sequence, list_structure_factory

JSON_NAMES: dict[type, str] = {
    str: "text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def json_name(value: Any) -> str:
    """The kind of a JSON value as a player reads it ("text", "a whole number")."""
    return JSON_NAMES.get(type(value), type(value).__name__)


def exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A structure hook taking only values of ``kind`` itself: JSON true is not a number,
    and 1 is not text."""

    def structure(value: Any, _type: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {JSON_NAMES[kind]}, found {json_name(value)}")
        return value

    return structure


def _exactly_a_list(kind: Any, conv: Converter) -> Callable[[Any, Any], Any]:
    items = list_structure_factory(kind, conv)
    as_tuple = get_origin(kind) is tuple

    def structure(value: Any, _type: Any) -> Any:
        if type(value) is not list:
            raise TypeError(f"expected a list, found {json_name(value)}")
        found = items(value, _type)
        return tuple(found) if as_tuple else found

    return structure


def strict(conv: Converter, kinds: Iterable[type]) -> None:
    """Make ``conv`` take each of ``kinds`` only as itself, and a sequence only from a list."""
    for kind in kinds:
        conv.register_structure_hook(kind, exactly(kind))
    conv.register_structure_hook_factory(is_sequence, _exactly_a_list)


__all__ = ["JSON_NAMES", "exactly", "json_name", "strict"]
