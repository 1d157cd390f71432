"""Reading back what the engine writes as JSON: tiles, melds, events and the seat's own hand.

JSON names tiles by notation (``5m``, ``0p`` for a red five), not by physical copy, except the
legal actions (``tile_index``) and the drawn tile (a view's ``drawn_index``, which the table
server adds). So a tile read from notation is a representative copy of its kind: kind and red
are exact, the copy is not. The own hand is the exception: its tiles named by a legal action or
by ``drawn_index`` get those exact copies, so ``action.tile == view.drawn`` and ``action.tile in
view.hand`` hold as they do at a local table."""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.events import Event
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile, TileKind, parse_kinds, tile_at

__all__ = [
    "claimed_tile",
    "event_types",
    "meld_from_json",
    "meld_to_json",
    "own_tiles",
    "read_drawn",
    "read_event",
    "read_melds",
    "tile_from_notation",
    "tiles_from_notation",
]

T = TypeVar("T")

_OWN_TILE_KINDS = frozenset(
    {
        ActionKind.DISCARD,
        ActionKind.RIICHI,
        ActionKind.TSUMO,
        ActionKind.ADDED_KAN,
        ActionKind.CONCEALED_KAN,
    }
)
"""Actions whose ``tile`` is one of the acting seat's own tiles (the others name a discard)."""


def _copy_order(kind: int) -> tuple[int, ...]:
    """The copies a plain tile of ``kind`` takes, in order: a five leaves copy 0 (the red five
    of a ruleset with red fives) for last."""
    return (1, 2, 3, 0) if kind in (TileKind.M5, TileKind.P5, TileKind.S5) else (0, 1, 2, 3)


def _pick(kind: int, red: bool, taken: set[int]) -> Tile:
    """A copy of ``kind`` not in ``taken`` (a red five is copy 0); bonus kinds have one."""
    if kind >= 34:
        return tile_at(136 + kind - 34)
    if red:
        return tile_at(kind * 4, True)
    for copy in _copy_order(kind):
        if kind * 4 + copy not in taken:
            return tile_at(kind * 4 + copy)
    raise ValueError(f"more than four copies of {TileKind(kind).notation}")


def _kinds_and_reds(text: str) -> list[tuple[int, bool]]:
    kinds = parse_kinds(text)  # malformed text is a NotationError (a ValueError)
    reds = [ch == "0" for ch in text if ch.isdigit()]
    return [(int(k), r) for k, r in zip(kinds, reds, strict=True)]


def tiles_from_notation(text: str | Sequence[Any]) -> tuple[Tile, ...]:
    """Distinct physical tiles for a notation string (an empty JSON list reads as none)."""
    if not isinstance(text, str):
        if text:
            raise ValueError(f"expected tile notation, not {text!r}")
        return ()
    taken: set[int] = set()
    out = []
    for kind, red in _kinds_and_reds(text):
        tile = _pick(kind, red, taken)
        taken.add(tile.index)
        out.append(tile)
    return tuple(out)


def tile_from_notation(text: str) -> Tile:
    """One tile of notation such as ``5m`` or ``0p``."""
    tiles = tiles_from_notation(text)
    if len(tiles) != 1:
        raise ValueError(f"expected exactly one tile, not {text!r}")
    return tiles[0]


def own_tiles(text: str, legal: Iterable[Action], drawn: Tile | None) -> tuple[Tile, ...]:
    """The own concealed tiles of notation ``text``, in its order: each tile that ``drawn`` or a
    legal action names as an own tile takes that exact copy, the others a free copy."""
    slots = _kinds_and_reds(text)
    known: list[Tile] = [] if drawn is None else [drawn]
    for a in legal:
        if a.tile is not None and a.kind in _OWN_TILE_KINDS:
            known.append(a.tile)
        known.extend(a.tiles)
    chosen: list[Tile | None] = [None] * len(slots)
    taken: set[int] = set()
    for tile in known:
        if tile.index in taken:
            continue
        for i, (kind, red) in enumerate(slots):
            if chosen[i] is None and kind == tile.kind_id and red == tile.red:
                chosen[i] = tile
                taken.add(tile.index)
                break
    out = []
    for slot, (kind, red) in zip(chosen, slots, strict=True):
        if slot is None:
            slot = _pick(kind, red, taken)
            taken.add(slot.index)
        out.append(slot)
    return tuple(out)


def read_drawn(data: Mapping[str, Any]) -> Tile | None:
    """A view JSON's own drawn tile: the exact copy when ``drawn_index`` names it."""
    text = data.get("drawn")
    if text is None:
        return None
    tile = tile_from_notation(text)
    index = data.get("drawn_index")
    if isinstance(index, int) and not isinstance(index, bool):
        exact = tile_at(index, tile.red)
        if exact.kind_id == tile.kind_id:
            return exact
    return tile


_CLAIMS = frozenset({ActionKind.RON, ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN})


def claimed_tile(text: str, legal: Iterable[Action]) -> Tile:
    """The last discard of notation ``text``: the exact copy a legal claim of it names."""
    tile = tile_from_notation(text)
    for a in legal:
        t = a.tile
        if t is not None and a.kind in _CLAIMS and (t.kind_id, t.red) == (tile.kind_id, tile.red):
            return t
    return tile


def read_melds(seat: Mapping[str, Any]) -> tuple[Meld, ...]:
    """A seat JSON's melds, from its ``meld_info``."""
    return tuple(meld_from_json(m) for m in seat["meld_info"])


def meld_to_json(meld: Meld) -> dict[str, Any]:
    """A meld with what its notation does not say: its kind, kong kind, called tile, giver."""
    return {
        "tiles": meld.notation,
        "kind": meld.kind.value,
        "kong": meld.kong.value if meld.kong is not None else None,
        "called": meld.called.notation if meld.called is not None else None,
        "from": meld.from_seat,
    }


def meld_from_json(data: Mapping[str, Any]) -> Meld:
    """The inverse of :func:`meld_to_json` (the called tile is one of the meld's own copies)."""
    tiles = tiles_from_notation(data["tiles"])
    called_text = data.get("called")
    called = None
    if called_text is not None:
        want = tile_from_notation(called_text)
        called = next((t for t in tiles if (t.kind_id, t.red) == (want.kind_id, want.red)), None)
        if called is None:
            raise ValueError(f"called tile {called_text!r} is not in meld {data['tiles']!r}")
    kong = data.get("kong")
    return Meld(
        MeldKind(data["kind"]),
        tiles,
        None if kong is None else KongKind(kong),
        called,
        _optional_int(data.get("from")),
    )


def _optional_int(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def event_types(*classes: type[Event]) -> dict[str, type[Event]]:
    """A family's events by their JSON ``type`` (each type names one class)."""
    out: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.type in out:
            raise ValueError(f"event type {cls.type!r} named twice")
        out[cls.type] = cls
    return out


def read_event(data: Mapping[str, Any], types_by_name: Mapping[str, type[Event]]) -> Event:
    """The event of ``data`` (an event's ``to_json()``), of one of ``types_by_name``; an unknown
    type or a field of the wrong shape is a ValueError naming it."""
    name = data.get("type")
    cls = types_by_name.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown event type {name!r}")
    try:
        return _read_dataclass(cls, cls.upgrade_json(data))
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"bad {name} event: {error}") from None


def _read_dataclass(cls: type[T], data: Mapping[str, Any]) -> T:
    if not isinstance(data, Mapping):
        raise TypeError(f"expected an object, not {data!r}")
    hints = get_type_hints(cls)
    values = {f.name: _read(hints[f.name], data[f.name]) for f in fields(cls) if f.init}  # type: ignore[arg-type]
    return cls(**values)


def _read(hint: Any, value: Any) -> Any:
    """``value`` read as the annotation ``hint`` of an event field says."""
    origin = get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        options = [a for a in get_args(hint) if a is not type(None)]
        if value is None and len(options) < len(get_args(hint)):
            return None
        return _read(options[0], value)
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is Tile:
                return tiles_from_notation(value)
            return tuple(_read(args[0], v) for v in _list(value))
        return tuple(_read(a, v) for a, v in zip(args, _list(value), strict=True))
    if hint is Tile:
        return tile_from_notation(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    if isinstance(hint, type) and is_dataclass(hint):
        return _read_dataclass(hint, value)
    if hint in (int, str, bool) and (type(value) is not hint):
        raise TypeError(f"expected {hint.__name__}, not {value!r}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list, not {value!r}")
    return list(value)
