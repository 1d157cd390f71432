"""Plain-JSON form of a :class:`GameRecord` (the native log): dataclasses become objects, enums
their values, tiles their 136 index (red derived from the rules), actions carry a ``type``."""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from jantaku.formats.record import (
    Abort,
    Action,
    Call,
    CallKind,
    Discard,
    Draw,
    DrawKind,
    DrawResult,
    GameRecord,
    HandRecord,
    HandResult,
    Length,
    Limit,
    LogFormat,
    NewDora,
    Riichi,
    RiichiAccepted,
    RulesInfo,
    Win,
    WinResult,
    YakuItem,
    make_tile,
)
from jantaku.jsontext import loads as load_json
from jantaku.tiles import Tile, Wind

__all__ = ["NATIVE_VERSION", "game_from_json", "game_to_json", "read_native_text"]

_ACTION_TYPES: dict[str, type[Any]] = {
    "draw": Draw,
    "discard": Discard,
    "riichi": Riichi,
    "riichi_accepted": RiichiAccepted,
    "call": Call,
    "new_dora": NewDora,
    "win": Win,
    "abort": Abort,
}
_TYPE_OF = {cls: name for name, cls in _ACTION_TYPES.items()}


def _plain(value: Any, red: tuple[int, int, int] = (1, 1, 1)) -> Any:
    if isinstance(value, Tile):
        if value.index < 136 and make_tile(value.index, red).red != value.red:
            return {"index": value.index, "red": value.red}
        return value.index
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v, red) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v, red) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        if type(value) in _TYPE_OF:
            out["type"] = _TYPE_OF[type(value)]
        for f in dataclasses.fields(value):
            out[f.name] = _plain(getattr(value, f.name), red)
        return out
    return value


NATIVE_VERSION = 1
"""``jantaku_log`` of the native log format; readers refuse a newer one."""


def game_to_json(game: GameRecord) -> dict[str, Any]:
    """The native log: ``{"jantaku_log": 1, "source": …, "hands": [...]}``."""
    out: dict[str, Any] = {"jantaku_log": NATIVE_VERSION, **_plain(game, game.rules.red_fives)}
    return out


def _opt_tuple(value: Any, conv: Any = None) -> Any:
    if value is None:
        return None
    return tuple(conv(v) for v in value) if conv else tuple(value)


def game_from_json(data: dict[str, Any]) -> GameRecord:
    """Rebuild a record from :func:`game_to_json` output (KeyError/ValueError when malformed)."""
    if int(data.get("jantaku_log", NATIVE_VERSION)) > NATIVE_VERSION:
        raise ValueError(f"native log version {data['jantaku_log']} is newer than this reader")
    r = data["rules"]
    rules = RulesInfo(
        players=r["players"],
        red_fives=(r["red_fives"][0], r["red_fives"][1], r["red_fives"][2]),
        open_tanyao=r["open_tanyao"],
        length=Length(r["length"]),
        special=tuple(r["special"]),
        raw=r["raw"],
    )
    reader = _Reader(rules.red_fives)
    return GameRecord(
        source=data["source"],
        format=LogFormat(data["format"]),
        rules=rules,
        players=tuple(data["players"]),
        hands=tuple(reader.hand(h) for h in data["hands"]),
        start_scores=tuple(data["start_scores"]),
        final_scores=_opt_tuple(data["final_scores"]),
        final_points=_opt_tuple(data["final_points"]),
        game_id=data["game_id"],
        title=tuple(data["title"]),
        extra=dict(data.get("extra", {})),
    )


class _Reader:
    """Rebuilds the parts of a game; tiles are 136 indexes, red as the rules' red fives say
    (or an explicit ``{"index": i, "red": r}``)."""

    def __init__(self, red_fives: tuple[int, int, int]) -> None:
        self.red_fives = red_fives

    def tile(self, i: int | dict[str, Any]) -> Tile:
        if isinstance(i, dict):
            return Tile(i["index"], i["red"])
        return make_tile(i, self.red_fives)

    def tiles(self, xs: Any) -> Any:
        return _opt_tuple(xs, self.tile)

    def hand(self, h: dict[str, Any]) -> HandRecord:
        tiles = self.tiles
        result = None
        if h["result"] is not None:
            d = h["result"]["draw"]
            draw = None
            if d is not None:
                draw = DrawResult(
                    DrawKind(d["kind"]), _opt_tuple(d["deltas"]), _opt_tuple(d["tenpai"])
                )
            result = HandResult(tuple(self.win(w) for w in h["result"]["wins"]), draw)
        return HandRecord(
            round_wind=Wind(h["round_wind"]),
            number=h["number"],
            honba=h["honba"],
            riichi_deposits=h["riichi_deposits"],
            scores=tuple(h["scores"]),
            dora_indicators=tiles(h["dora_indicators"]),
            ura_indicators=tiles(h["ura_indicators"]),
            hands=tuple(tiles(x) for x in h["hands"]),
            actions=tuple(self.action(a) for a in h["actions"]),
            result=result,
            wall=tiles(h["wall"]),
        )

    def action(self, a: dict[str, Any]) -> Action:
        tile = self.tile
        t = a["type"]
        if t == "draw":
            return Draw(a["seat"], tile(a["tile"]), a["replacement"])
        if t == "discard":
            return Discard(a["seat"], tile(a["tile"]), a["tsumogiri"])
        if t == "riichi":
            return Riichi(a["seat"])
        if t == "riichi_accepted":
            return RiichiAccepted(a["seat"])
        if t == "call":
            called = None if a["called"] is None else tile(a["called"])
            kind = CallKind(a["kind"])
            return Call(a["seat"], kind, self.tiles(a["tiles"]), called, a["from_seat"])
        if t == "new_dora":
            return NewDora(tile(a["indicator"]))
        if t == "win":
            return Win(a["seat"], a["from_seat"], tile(a["tile"]))
        return Abort(DrawKind(a["kind"]), a["seat"])

    def win(self, w: dict[str, Any]) -> WinResult:
        yaku = None
        if w["yaku"] is not None:
            yaku = tuple(YakuItem(y["id"], y["han"], y["tenhou_id"], y["raw"]) for y in w["yaku"])
        return WinResult(
            seat=w["seat"],
            from_seat=w["from_seat"],
            deltas=tuple(w["deltas"]),
            pao_seat=w["pao_seat"],
            han=w["han"],
            fu=w["fu"],
            points=w["points"],
            limit=None if w["limit"] is None else Limit(w["limit"]),
            yaku=yaku,
            hand=self.tiles(w["hand"]),
            win_tile=None if w["win_tile"] is None else self.tile(w["win_tile"]),
            raw=w["raw"],
        )


def read_native_text(text: str, source: str = "<native>") -> list[GameRecord]:
    """Native logs: one JSON game object, or JSON lines of them."""
    from jantaku.formats.errors import LogFormatError

    try:
        objs = [(1, load_json(text))]
    except json.JSONDecodeError:
        objs = []
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    objs.append((n, load_json(line)))
                except json.JSONDecodeError as exc:
                    raise LogFormatError(source, f"bad JSON ({exc.msg})", n) from None
    games = []
    for n, obj in objs:
        try:
            games.append(game_from_json(obj))
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            problem = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise LogFormatError(source, problem, n, "native game record") from None
    return games
