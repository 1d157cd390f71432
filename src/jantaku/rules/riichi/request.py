"""The JSON face of the scorer (used by ``jantaku score``): a request object becomes a
:class:`WinContext` plus options, a result becomes a JSON object, and :func:`explain` turns that
object into text for a player.

Request keys (all but ``hand`` and ``win_tile`` optional)::

    rules            preset name: doman (default), doman_no_kuitan, tenhou
    options          {knob: value} overrides of the preset (see RiichiOptions)
    hand             concealed tiles without the winning tile, e.g. "234m456p789s11z"
    melds            [{"type": "chi"|"pon"|"kan"|"ankan"|"kakan", "tiles": "555z"}]
    win_tile         "1z";  win: "ron" (default) or "tsumo"
    seat_wind, round_wind   "E", "S", "W", "N" (default E)
    dora_indicators, ura_indicators   tile notation (kan-dora indicators included)
    riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, first_turn   booleans
    honba, deposits  counts of 300-point counters and 1000-point riichi sticks on the table
    discarder        on a ron, who dealt in: "right", "across" or "left" (default left)
    pao              the seat liable for a daisangen/daisuushii: "right", "across" or "left"

Result keys: ``win``; for a win ``han``, ``fu``, ``yakuman`` (multiplier), ``limit``, ``yaku``
[{name, han}], ``fu_items`` [{item, fu, tiles}], ``points`` (the hand value), ``payments`` (score
change per seat relative to the winner: winner, right, across, left; honba and deposits
included, so they sum to 1000 x deposits), ``dealer``, ``wait``, ``shape``, ``reading``,
``pao`` (the liable seat when pao applied, else null); for no win ``reason`` (not_complete,
no_yaku)."""

from __future__ import annotations

from collections.abc import Mapping
from difflib import get_close_matches
from typing import Any

from jantaku.errors import InvalidHandError, NotationError
from jantaku.meld import Meld
from jantaku.rules.riichi.answer import result_json, result_text
from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.options import RiichiOptions, preset
from jantaku.rules.riichi.request_counts import plain_request_text
from jantaku.rules.riichi.request_fast import read_plain
from jantaku.rules.riichi.request_tiles import (
    FLAGS,
    KEYS,
    MAX_COUNT,
    MAX_INDICATORS,
    MAX_NOTATION,
    MELD_SIZES,
    MELD_TYPES,
    SEATS,
    Copies,
    RequestError,
    built_meld,
)
from jantaku.rules.riichi.scorer import score
from jantaku.tiles import Tile, Wind, parse_tiles

__all__ = [
    "RequestError",
    "explain",
    "parse_request",
    "read_checked",
    "result_json",
    "score_request",
    "score_request_text",
]


def _show(value: Any) -> str:
    """``repr`` of a rejected value, cut short so that an error stays one readable line."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


_ANY_SIZE = range(1, MAX_NOTATION)
_ONE = range(1, 2)
_INDICATOR_COUNTS = range(1, MAX_INDICATORS + 1)


def _tiles(value: Any, key: str, red_fives: bool) -> list[Tile]:
    if not isinstance(value, str):
        raise RequestError(f"{key}: expected tile notation as a string, not {_show(value)}")
    if len(value) > MAX_NOTATION:
        raise RequestError(
            f"{key}: {len(value)} characters; tile notation is read up to {MAX_NOTATION}"
        )
    try:
        return parse_tiles(value, red_fives=red_fives)
    except NotationError as e:
        at = None if e.position is None else e.position + 1
        raise RequestError(f"{key}: {e}").coded("notation", text=e.text, position=at) from None


def _count(obj: Mapping[str, Any], key: str) -> int:
    value = obj.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        shown = repr(value) if not isinstance(value, int) or value < 10**9 else "more"
        raise RequestError(f"{key}: expected a whole number from 0 to {MAX_COUNT}, not {shown}")
    return value


def _wind(obj: Mapping[str, Any], key: str) -> Wind:
    value = obj.get(key, "E")
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return Wind.parse(value)
    except ValueError:
        raise RequestError(f"{key}: expected E, S, W or N, not {_show(value)}") from None


def _seat(obj: Mapping[str, Any], key: str) -> int | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or value not in SEATS:
        raise RequestError(f"{key}: expected right, across or left, not {_show(value)}")
    return SEATS[value]


def _options(obj: Mapping[str, Any]) -> RiichiOptions:
    name = obj.get("rules", "doman")
    overrides = obj.get("options", {})
    if not isinstance(name, str):
        raise RequestError(f"rules: expected a preset name, not {_show(name)}")
    if not isinstance(overrides, Mapping):
        raise RequestError("options: expected an object of option overrides")
    return preset(name, **overrides)


def _melds(value: Any, copies: Copies) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise RequestError("melds: expected a list of {type, tiles} objects")
    melds = []
    for n, m in enumerate(value):
        if not isinstance(m, Mapping) or set(m) - {"type", "tiles"} or "tiles" not in m:
            raise RequestError(f'melds[{n}]: expected {{"type": ..., "tiles": ...}}')
        kind = m.get("type")
        if not isinstance(kind, str) or kind not in MELD_TYPES:
            raise RequestError(
                f"melds[{n}].type: expected chi, pon, kan, ankan or kakan, not {_show(kind)}"
            )
        taken = copies.read(m["tiles"], MELD_SIZES[kind])
        if taken is None:
            size = MELD_TYPES[kind][2]
            tiles = _tiles(m["tiles"], f"melds[{n}].tiles", copies.red_fives)
            if len(tiles) != size:
                raise RequestError(
                    f"melds[{n}]: a {kind} has {size} tiles, not {len(tiles)}"
                ).coded("meld_size", kind=kind, size=size, count=len(tiles))
            taken = copies.take(tiles, f"melds[{n}]")
        try:
            melds.append(built_meld(kind, taken))
        except InvalidHandError as e:
            raise RequestError(f"melds[{n}]: {e}").coded(
                "bad_meld", kind=kind, tiles=m["tiles"]
            ) from None
    return tuple(melds)


def parse_request(obj: Any) -> tuple[WinContext, RiichiOptions]:
    """Validate a request object; raise :class:`RequestError` (or an option/hand error)."""
    ctx, options = _parse(obj)
    ctx.validate()
    return ctx, options


def _parse(obj: Any) -> tuple[WinContext, RiichiOptions]:
    """A request object read, every tile a distinct physical copy (so at most four of a
    kind), but the hand's size and the flags not yet checked against each other. The common
    request is read by :func:`.request_fast.read_plain`; the rest by :func:`read_checked`."""
    fast = read_plain(obj)
    return fast if fast is not None else read_checked(obj)


def _known_keys(key: object) -> str:
    """What to write instead of an unknown ``key``: the nearest known key, or every one."""
    near = get_close_matches(key, sorted(KEYS), n=1) if isinstance(key, str) else []
    if near:
        return f" (did you mean {near[0]!r}?)"
    return f" (known keys: {', '.join(sorted(KEYS))})"


def read_checked(obj: Any) -> tuple[WinContext, RiichiOptions]:
    """:func:`_parse` the slow way, every check in turn: any request, and what is wrong."""
    if type(obj) is not dict and not isinstance(obj, Mapping):
        raise RequestError("the request must be a JSON object")
    unknown = sorted(set(obj) - KEYS) if not KEYS.issuperset(obj) else ()
    if unknown:
        raise RequestError(f"unknown key {_show(unknown[0])}{_known_keys(unknown[0])}")
    options = _options(obj)
    red = options.red_fives > 0
    copies = Copies(red)
    for key in ("hand", "win_tile"):
        if key not in obj:
            raise RequestError(f"missing field {key!r}")
    melds = _melds(obj.get("melds", []), copies)
    hand = copies.read(obj["hand"], _ANY_SIZE) or copies.take(
        _tiles(obj["hand"], "hand", red), "hand"
    )
    won = copies.read(obj["win_tile"], _ONE)
    if won is None:
        wins = _tiles(obj["win_tile"], "win_tile", red)
        if len(wins) != 1:
            raise RequestError(f"win_tile: expected one tile, not {len(wins)}").coded(
                "win_tile_count", count=len(wins)
            )
        won = copies.take(wins, "win_tile")
    win_tile = won[0]
    win = obj.get("win", "ron")
    if win not in ("ron", "tsumo"):
        raise RequestError(f"win: expected ron or tsumo, not {_show(win)}")
    if win == "tsumo" and obj.get("discarder") is not None:
        raise RequestError("discarder: only a ron has a discarder (win is tsumo)")
    indicators = []
    for key in ("dora_indicators", "ura_indicators"):
        value = obj.get(key, "")
        taken = copies.read(value, _INDICATOR_COUNTS)
        if taken is None:
            shown = _tiles(value, key, red)
            if len(shown) > MAX_INDICATORS:
                raise RequestError(
                    f"{key}: {len(shown)} indicators; a deal shows at most {MAX_INDICATORS} "
                    "(the first and one per kan)"
                )
            # Indicators are physical tiles too: with the hand they cannot exceed the set.
            taken = copies.take(shown, key)
        indicators.append(tuple(t.kind for t in taken))
    flags = {}
    for key in FLAGS:
        value = obj.get(key, False)
        if value is not True and value is not False:
            raise RequestError(f"{key}: expected true or false, not {_show(value)}")
        flags[key] = value
    ctx = WinContext(
        hand=hand,
        win_tile=win_tile,
        melds=melds,
        tsumo=win == "tsumo",
        seat_wind=_wind(obj, "seat_wind"),
        round_wind=_wind(obj, "round_wind"),
        dora_indicators=indicators[0],
        ura_indicators=indicators[1],
        honba=_count(obj, "honba"),
        deposits=_count(obj, "deposits"),
        discarder=None if win == "tsumo" else _seat(obj, "discarder"),
        pao=_seat(obj, "pao"),
        **flags,
    )
    return ctx, options


def score_request(obj: Any) -> dict[str, Any]:
    """Score one request object and return the result object."""
    ctx, options = _parse(obj)
    # the scorer's own check finds every impossible hand or flag that WinContext.validate
    # does (and raises its message); the copies made by _parse cannot repeat a tile
    return result_json(ctx, score(ctx, options))


def score_request_text(obj: Any) -> str:
    """:func:`score_request` as the JSON text the batch writes (see :func:`result_text`); a
    plain, valid request the short way (:mod:`.request_counts`)."""
    text = plain_request_text(obj)
    if text is not None:
        return text
    ctx, options = _parse(obj)
    return result_text(ctx, score(ctx, options))


_REASONS = {
    "not_complete": "the tiles do not form a complete hand",
    "no_yaku": "the hand is complete but has no yaku (dora alone do not count)",
}


def explain(result: Mapping[str, Any]) -> str:
    """A player-readable explanation of a result object."""
    if not result.get("win"):
        reason = str(result.get("reason"))
        return f"No win: {reason} — {_REASONS.get(reason, reason)}"
    who = "dealer" if result["dealer"] else "non-dealer"
    lines = []
    if result["yakuman"]:
        head = f"{result['limit'].replace('_', ' ')}"
    else:
        head = f"{result['han']} han {result['fu']} fu"
        if result["limit"]:
            head += f" ({result['limit'].replace('_', ' ')})"
    lines.append(f"{who} {result['win_type']}: {head} = {result['points']} points")
    lines.append(f"reading: {result['reading']}  (wait: {result['wait']})")
    if result.get("pao"):
        lines.append(f"pao: the {result['pao']} player is liable for the yakuman")
    lines.append("yaku:")
    for y in result["yaku"]:
        lines.append(f"  {y['name']:<24} {y['han']:>3} han")
    if result["fu_items"]:
        items = ", ".join(
            f"{f['item'].replace('_', ' ')} {f['fu']}" + (f" ({f['tiles']})" if f["tiles"] else "")
            for f in result["fu_items"]
        )
        lines.append(f"fu: {items} = {result['fu']}")
    pay = result["payments"]
    extras = []
    if result["honba"]:
        extras.append(f"{result['honba']} honba")
    if result["deposits"]:
        extras.append(f"{result['deposits']} riichi stick(s)")
    lines.append("payments" + (f" (incl. {', '.join(extras)})" if extras else "") + ":")
    for seat in ("winner", "right", "across", "left"):
        if pay[seat]:
            lines.append(f"  {seat:<7} {pay[seat]:+d}")
    return "\n".join(lines)
