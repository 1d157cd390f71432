"""The score-sheet document (docs/sheet.md): reading and checking its top level, and the
small readers the entries of both families share. A problem raises :class:`SheetError` (the
whole sheet is unusable) or :class:`EntryError` (one entry is), each naming the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jantaku.errors import JantakuError
from jantaku.families import Family, UnknownFamilyError, family_of_preset

__all__ = [
    "MAX_HANDS",
    "MAX_NAME",
    "MAX_TEXT",
    "VERSION",
    "EntryError",
    "Sheet",
    "SheetError",
    "check_keys",
    "player_index",
    "player_list",
    "read_sheet",
    "show",
]

VERSION = 1
MAX_HANDS = 200
"""Most entries one sheet holds (an evening has some 30; this bounds one computation)."""
MAX_NAME = 40
MAX_TEXT = 100
_TOP_KEYS = frozenset({"version", "preset", "family", "options", "title", "players", "hands"})


class SheetError(JantakuError, ValueError):
    """A sheet that cannot be computed at all; ``field`` is the path of what is wrong."""

    def __init__(self, message: str, field: str = "") -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class EntryError(SheetError):
    """One entry that cannot be scored; the rest of the sheet still computes. ``code`` and
    ``params`` (player numbers, points, names of flags) let a client word the message in its
    reader's language; the message itself is English."""

    def __init__(
        self, message: str, field: str = "", code: str = "", params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message, field)
        self.code = code
        self.params = dict(params or {})

    def to_json(self) -> dict[str, Any]:
        """The ``error`` of a computed hand (docs/sheet.md)."""
        return {
            "message": self.message,
            "field": self.field,
            "code": self.code,
            "params": self.params,
        }


def show(value: Any) -> str:
    """A rejected value, cut short so that an error stays one readable line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_keys(
    obj: Any, allowed: frozenset[str], required: Sequence[str], field: str, error: type[SheetError]
) -> Mapping[str, Any]:
    """``obj`` as an object with only ``allowed`` keys and every ``required`` one."""
    if not isinstance(obj, dict):
        raise error(f"expected an object, got {show(obj)}", field)
    for key in obj:
        if key not in allowed:
            raise error(f"unknown field {show(key)} (allowed: {', '.join(sorted(allowed))})", field)
    for key in required:
        if key not in obj:
            raise error(f"missing field {key!r}", field)
    return obj


def player_index(value: Any, field: str, *, none: bool = False) -> int | None:
    """A player index 0-3 (None allowed when ``none``)."""
    if value is None and none:
        return None
    if type(value) is not int or not 0 <= value <= 3:
        raise EntryError(f"expected a player index 0-3, got {show(value)}", field)
    return value


def player_list(value: Any, field: str) -> tuple[int, ...]:
    """A list of distinct player indexes (missing: empty)."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > 4:
        raise EntryError(f"expected a list of player indexes 0-3, got {show(value)}", field)
    out = []
    for i, v in enumerate(value):
        p = player_index(v, f"{field}[{i}]")
        assert p is not None
        if p in out:
            raise EntryError(f"player {p} is listed twice", field)
        out.append(p)
    return tuple(sorted(out))


@dataclass(frozen=True, slots=True)
class Sheet:
    """A sheet's checked top level; ``hands`` are the raw entries (checked one by one)."""

    family: Family
    preset: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    title: str
    hands: tuple[Any, ...]


def _text(value: Any, field: str, longest: int, *, empty: bool) -> str:
    if not isinstance(value, str):
        raise SheetError(f"expected text, got {show(value)}", field)
    text = value.strip()
    if len(text) > longest or (not text and not empty):
        raise SheetError(f"expected 1 to {longest} characters, got {len(text)}", field)
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in text):
        raise SheetError("control characters are not allowed", field)
    return text


def _players(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != 4:
        raise SheetError("expected a list of four names", "players")
    names = tuple(_text(v, f"players[{i}]", MAX_NAME, empty=False) for i, v in enumerate(value))
    if len({n.casefold() for n in names}) != 4:
        raise SheetError("the four names must differ", "players")
    return names


def read_sheet(obj: Any) -> Sheet:
    """Check a sheet document's top level (not its entries)."""
    spec = check_keys(obj, _TOP_KEYS, ("version", "preset", "players", "hands"), "", SheetError)
    if spec["version"] != VERSION or type(spec["version"]) is not int:
        raise SheetError(f"expected {VERSION}, got {show(spec['version'])}", "version")
    preset = spec["preset"]
    if not isinstance(preset, str):
        raise SheetError(f"expected a preset name, got {show(preset)}", "preset")
    try:
        fam = family_of_preset(preset)
    except UnknownFamilyError as e:
        raise SheetError(str(e), "preset") from None
    if "family" in spec and spec["family"] != fam.name:
        raise SheetError(f"preset {preset!r} is of family {fam.name!r}", "family")
    options = spec.get("options") or {}
    if not isinstance(options, dict):
        raise SheetError("expected an object of option names and values", "options")
    title = _text(spec.get("title", ""), "title", MAX_TEXT, empty=True)
    hands = spec["hands"]
    if not isinstance(hands, list):
        raise SheetError("expected a list of entries", "hands")
    if len(hands) > MAX_HANDS:
        raise SheetError(f"a sheet holds at most {MAX_HANDS} hands, got {len(hands)}", "hands")
    return Sheet(fam, preset, dict(options), _players(spec["players"]), title, tuple(hands))
