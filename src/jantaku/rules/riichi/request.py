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

import re
from collections.abc import Mapping
from typing import Any

from jantaku.errors import InvalidHandError, JantakuError, NotationError
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.options import RiichiOptions, preset
from jantaku.rules.riichi.result import NoWin, ScoreResult
from jantaku.rules.riichi.scorer import score
from jantaku.tiles import Tile, TileKind, Wind, format_tiles, parse_tiles, tile_at

__all__ = ["RequestError", "explain", "parse_request", "result_json", "score_request"]


class RequestError(JantakuError, ValueError):
    """A malformed score request: names the key and what is wrong with it."""


_MAX_NOTATION = 200
"""Longest tile notation read (a hand is at most 14 tiles): keeps error messages short."""


def _show(value: Any) -> str:
    """``repr`` of a rejected value, cut short so that an error stays one readable line."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


_KEYS = frozenset(
    {
        "rules",
        "options",
        "hand",
        "melds",
        "win_tile",
        "win",
        "seat_wind",
        "round_wind",
        "dora_indicators",
        "ura_indicators",
        "riichi",
        "double_riichi",
        "ippatsu",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "first_turn",
        "honba",
        "deposits",
        "discarder",
        "pao",
    }
)
_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "first_turn",
)
_SEATS = {"right": 1, "across": 2, "left": 3}
_SEAT_NAMES = {1: "right", 2: "across", 3: "left"}
_MELD_TYPES = {
    "chi": (MeldKind.CHOW, None, 3),
    "pon": (MeldKind.PUNG, None, 3),
    "kan": (MeldKind.KONG, KongKind.EXPOSED, 4),
    "ankan": (MeldKind.KONG, KongKind.CONCEALED, 4),
    "kakan": (MeldKind.KONG, KongKind.ADDED, 4),
}
_FIVES = frozenset({int(TileKind.M5), int(TileKind.P5), int(TileKind.S5)})
_KINDS = tuple(TileKind)
MAX_INDICATORS = 5
_ANY_SIZE = range(1, _MAX_NOTATION)
_ONE = range(1, 2)
_INDICATOR_COUNTS = range(1, MAX_INDICATORS + 1)
MAX_COUNT = 999
"""Largest honba or deposit count accepted (no real table comes near it)."""


class _Copies:
    """Gives each parsed tile its own physical copy across the whole request."""

    def __init__(self, red_fives: bool) -> None:
        self.red_fives = red_fives
        self.used: set[int] = set()

    def take(self, tiles: list[Tile], where: str) -> tuple[Tile, ...]:
        out = []
        used = self.used
        for t in tiles:
            kind = t.kind_id
            if t.red:
                index = kind * 4
                if index in used:
                    raise RequestError(
                        f"{where}: a second red five {t.notation}; the set has one per suit"
                    )
            else:
                if kind < 34:
                    index = kind * 4 + (1 if self.red_fives and kind in _FIVES else 0)
                    end = kind * 4 + 4
                else:  # a bonus tile: one copy (the scorer then says it is not a riichi tile)
                    index = t.index
                    end = index + 1
                while index in used:
                    index += 1
                if index >= end:
                    raise RequestError(f"{where}: {self._too_many(TileKind(kind))}")
            used.add(index)
            out.append(tile_at(index, t.red))
        return tuple(out)

    def read(self, value: Any, sizes: range) -> tuple[Tile, ...] | None:
        """The fast way for plain notation (digits and m/p/s/z, no spaces) whose number of
        tiles is in ``sizes``: the same tiles ``take(_tiles(...))`` gives, or None (and
        nothing taken) wherever that could raise, so that the slow way names the problem."""
        if type(value) is not str or len(value) > _MAX_NOTATION:
            return None
        kinds = _plain_kinds(value)
        if kinds is None or len(kinds) not in sizes:
            return None
        used = self.used
        red_fives = self.red_fives
        out = []
        for kind, red in kinds:
            if red:
                index = kind * 4
                if not red_fives or index in used:
                    break
            else:
                index = kind * 4 + (1 if red_fives and kind in _FIVES else 0)
                while index in used:
                    index += 1
                if index >= kind * 4 + 4:
                    break
            used.add(index)
            out.append(tile_at(index, red))
        else:
            return tuple(out)
        used.difference_update(t.index for t in out)
        return None

    def _too_many(self, kind: TileKind) -> str:
        """Why one more plain tile of ``kind`` does not exist (the request's tiles so far)."""
        where = "counting hand, melds, win tile and indicators"
        if self.red_fives and kind in _FIVES:
            return (
                f"a fourth plain {kind.notation}; with red fives on the set has three and the "
                f"red 0{kind.letter} ({where})"
            )
        return f"five copies of {kind.notation} ({where})"


_PLAIN_NOTATION = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_RUNS = re.compile(r"([0-9]+)([mpsz])")
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_plain_read: dict[str, tuple[tuple[int, bool], ...] | None] = {}


def _plain_kinds(text: str) -> tuple[tuple[int, bool], ...] | None:
    """(kind, red) of each tile of plain notation, None for anything else (remembered: the
    same melds, winning tiles and indicators come again and again)."""
    known = _plain_read.get(text, _plain_read)
    if known is not _plain_read:
        return known  # type: ignore[return-value]
    kinds: tuple[tuple[int, bool], ...] | None = None
    if _PLAIN_NOTATION.fullmatch(text):
        kinds = tuple(
            (_SUIT_BASE[letter] + 4, True) if digit == "0" else
            (_SUIT_BASE[letter] + int(digit) - 1, False)
            for digits, letter in _RUNS.findall(text)
            for digit in digits
        )  # fmt: skip
    if len(_plain_read) >= 4096:
        _plain_read.clear()
    _plain_read[text] = kinds
    return kinds


def _tiles(value: Any, key: str, red_fives: bool) -> list[Tile]:
    if not isinstance(value, str):
        raise RequestError(f"{key}: expected tile notation as a string, not {_show(value)}")
    if len(value) > _MAX_NOTATION:
        raise RequestError(
            f"{key}: {len(value)} characters; tile notation is read up to {_MAX_NOTATION}"
        )
    try:
        return parse_tiles(value, red_fives=red_fives)
    except NotationError as e:
        raise RequestError(f"{key}: {e}") from None


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
    if not isinstance(value, str) or value not in _SEATS:
        raise RequestError(f"{key}: expected right, across or left, not {_show(value)}")
    return _SEATS[value]


def _options(obj: Mapping[str, Any]) -> RiichiOptions:
    name = obj.get("rules", "doman")
    overrides = obj.get("options", {})
    if not isinstance(name, str):
        raise RequestError(f"rules: expected a preset name, not {_show(name)}")
    if not isinstance(overrides, Mapping):
        raise RequestError("options: expected an object of option overrides")
    return preset(name, **overrides)


def _melds(value: Any, copies: _Copies) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise RequestError("melds: expected a list of {type, tiles} objects")
    melds = []
    for n, m in enumerate(value):
        where = f"melds[{n}]"
        if not isinstance(m, Mapping) or set(m) - {"type", "tiles"} or "tiles" not in m:
            raise RequestError(f'{where}: expected {{"type": ..., "tiles": ...}}')
        kind = m.get("type")
        if not isinstance(kind, str) or kind not in _MELD_TYPES:
            raise RequestError(
                f"{where}.type: expected chi, pon, kan, ankan or kakan, not {_show(kind)}"
            )
        meld_kind, kong, size = _MELD_TYPES[kind]
        taken = copies.read(m["tiles"], range(size, size + 1))
        if taken is None:
            tiles = _tiles(m["tiles"], f"{where}.tiles", copies.red_fives)
            if len(tiles) != size:
                raise RequestError(f"{where}: a {kind} has {size} tiles, not {len(tiles)}")
            taken = copies.take(tiles, where)
        physical = tuple(sorted(taken, key=lambda t: t.index))
        called = None if kong is KongKind.CONCEALED else physical[0]
        try:
            melds.append(Meld(meld_kind, physical, kong, called, None if called is None else 3))
        except InvalidHandError as e:
            raise RequestError(f"{where}: {e}") from None
    return tuple(melds)


def parse_request(obj: Any) -> tuple[WinContext, RiichiOptions]:
    """Validate a request object; raise :class:`RequestError` (or an option/hand error)."""
    ctx, options = _parse(obj)
    ctx.validate()
    return ctx, options


def _parse(obj: Any) -> tuple[WinContext, RiichiOptions]:
    """A request object read, every tile a distinct physical copy (so at most four of a
    kind), but the hand's size and the flags not yet checked against each other."""
    if type(obj) is not dict and not isinstance(obj, Mapping):
        raise RequestError("the request must be a JSON object")
    unknown = sorted(set(obj) - _KEYS) if not _KEYS.issuperset(obj) else ()
    if unknown:
        raise RequestError(f"unknown key {_show(unknown[0])}")
    options = _options(obj)
    red = options.red_fives > 0
    copies = _Copies(red)
    for key in ("hand", "win_tile"):
        if key not in obj:
            raise RequestError(f"{key}: missing")
    melds = _melds(obj.get("melds", []), copies)
    hand = copies.read(obj["hand"], _ANY_SIZE) or copies.take(
        _tiles(obj["hand"], "hand", red), "hand"
    )
    won = copies.read(obj["win_tile"], _ONE)
    if won is None:
        wins = _tiles(obj["win_tile"], "win_tile", red)
        if len(wins) != 1:
            raise RequestError(f"win_tile: expected one tile, not {len(wins)}")
        won = copies.take(wins, "win_tile")
    win_tile = won[0]
    win = obj.get("win", "ron")
    if win not in ("ron", "tsumo"):
        raise RequestError(f"win: expected ron or tsumo, not {_show(win)}")
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
    for key in _FLAGS:
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


def _reading(ctx: WinContext, result: ScoreResult) -> str:
    if result.shape != "standard":
        return format_tiles(sorted((*ctx.hand, ctx.win_tile), key=lambda t: t.index))
    parts = [
        (_CHOW_TEXT if gtype == 0 else _PUNG_TEXT)[kind]
        for gtype, kind, _concealed in result.groups[len(ctx.melds) :]
    ]
    parts.append(_PAIR_TEXT[result.pair])
    parts.extend(f"[{m.notation}]" for m in ctx.melds)
    return " ".join(parts)


def _group_texts(size: int, step: int) -> tuple[str, ...]:
    """Per kind, the notation of ``size`` tiles from it upward by ``step`` (chows stay in
    their suit: only first kinds up to 7 are read)."""
    return tuple(
        "".join(str(min(k.number + i * step, 9)) for i in range(size)) + k.letter for k in _KINDS
    )


_CHOW_TEXT = _group_texts(3, 1)
_PUNG_TEXT = _group_texts(3, 0)
_PAIR_TEXT = _group_texts(2, 0)


def result_json(ctx: WinContext, result: ScoreResult | NoWin) -> dict[str, Any]:
    """The JSON object of a result (see the module docstring)."""
    if isinstance(result, NoWin):
        return {"win": False, "reason": result.reason.value}
    pay = result.payments
    return {
        "win": True,
        "han": result.han,
        "fu": result.fu,
        "yakuman": result.yakuman,
        "limit": None if result.limit is None else result.limit.value,
        "yaku": [{"name": y.name, "han": y.han} for y in result.yaku],
        "fu_items": [
            {"item": f.item._value_, "fu": f.fu, "tiles": f.tiles} for f in result.fu_items
        ],
        "points": result.points,
        "payments": {
            "winner": result.received,
            "right": -pay[0],
            "across": -pay[1],
            "left": -pay[2],
        },
        "dealer": result.dealer,
        "win_type": "tsumo" if result.tsumo else "ron",
        "honba": ctx.honba,
        "deposits": ctx.deposits,
        "pao": None if result.liable is None else _SEAT_NAMES[result.liable],
        "wait": result.wait,
        "shape": result.shape,
        "reading": _reading(ctx, result),
    }


def score_request(obj: Any) -> dict[str, Any]:
    """Score one request object and return the result object."""
    ctx, options = _parse(obj)
    # the scorer's own check finds every impossible hand or flag that WinContext.validate
    # does (and raises its message); the copies made by _parse cannot repeat a tile
    return result_json(ctx, score(ctx, options))


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
