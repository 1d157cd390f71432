"""The JSON face of the classical scorer: ``score_request`` (dict in, dict out) and ``explain``.

The request describes the end of a deal (see ``docs/sontag-score-json.md``); the result lists per
seat the base, the doubles, the value and every item with the table row it comes from, the special
hand if any, and the settlement per seat wind. ``explain`` renders that result as text and uses
nothing but the result dict, so the text and the JSON cannot disagree."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jantaku.errors import JantakuError, NotationError
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.classical.names import doubles_text, english_item, points_text
from jantaku.rules.classical.options import ClassicalOptions, preset
from jantaku.rules.classical.scorer import (
    DealScore,
    FinishedDeal,
    Outcome,
    SeatHand,
    SeatScore,
    Win,
    score_deal,
)
from jantaku.tiles import Tile, TileKind, Wind, parse_kinds

__all__ = ["RequestError", "explain", "score_request"]


class RequestError(JantakuError, ValueError):
    """A classical score request that is malformed; the message names the field."""


_MAX_NOTATION = 200
"""Longest tile notation read (a hand is at most 14 tiles): keeps error messages short."""


def _show(value: Any) -> str:
    """``repr`` of a rejected value, cut short so that an error stays one readable line."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


_TOP_KEYS = {
    "rules",
    "round_wind",
    "players",
    "winner",
    "win_tile",
    "win",
    "discarder",
    "last_wall_tile",
    "last_discard",
    "robbing_kong",
    "danger_violation",
    "heavenly_hand",
    "earthly_hand",
    "options",
}
_PLAYER_KEYS = {"seat_wind", "hand", "melds", "bonus"}
_MELD_KEYS = {"type", "tiles", "open"}
_FLAGS = ("last_wall_tile", "last_discard", "robbing_kong", "heavenly_hand", "earthly_hand")
_MELD_KIND = {"chow": MeldKind.CHOW, "pung": MeldKind.PUNG, "kong": MeldKind.KONG}


def _wind(value: Any, where: str) -> Wind:
    if not isinstance(value, str):
        raise RequestError(f"{where}: expected a wind E, S, W or N, got {_show(value)}")
    try:
        return Wind.parse(value)
    except ValueError:
        raise RequestError(f"{where}: expected a wind E, S, W or N, got {_show(value)}") from None


def _kinds(value: Any, where: str) -> list[TileKind]:
    if not isinstance(value, str):
        raise RequestError(f"{where}: expected tiles in MPSZ notation, got {_show(value)}")
    if len(value) > _MAX_NOTATION:
        raise RequestError(
            f"{where}: {len(value)} characters; tiles are read up to {_MAX_NOTATION}"
        )
    try:
        kinds = parse_kinds(value)
    except NotationError as err:
        at = None if err.position is None else err.position + 1
        raise RequestError(f"{where}: {err}").coded(
            "notation", text=err.text, position=at
        ) from None
    except JantakuError as err:
        raise RequestError(f"{where}: {err}") from None
    if "0" in value:  # notation that parsed: a 0 is a red five
        raise RequestError(f"{where}: a red five (0m, 0p, 0s); the classical set has none").coded(
            "no_red_fives"
        )
    return kinds


def _json_name(value: Any) -> str:
    """What a JSON value is, in JSON's words (``null``, ``a string``), not Python's."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def _keys(obj: Any, allowed: set[str], where: str) -> Mapping[str, Any]:
    if not isinstance(obj, dict):
        raise RequestError(f"{where}: expected a JSON object, not {_json_name(obj)}")
    unknown = sorted(set(obj) - allowed)
    if unknown:
        hint = ""
        if where == "request" and unknown[0] in ("hand", "melds"):  # a riichi request's keys
            hint = " (a sontag request gives the four hands in players[], each with its melds)"
        raise RequestError(f"{where}: unknown field {_show(unknown[0])}{hint}")
    return obj


def _bool(obj: Mapping[str, Any], key: str, where: str) -> bool:
    value = obj.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RequestError(f"{where}{key}: expected true or false, got {_show(value)}")
    return value


def _meld(obj: Any, where: str) -> Meld:
    spec = _keys(obj, _MELD_KEYS, where)
    name = spec.get("type")
    kind = _MELD_KIND.get(name) if isinstance(name, str) else None
    if kind is None:
        raise RequestError(
            f"{where}.type: expected chow, pung or kong, got {_show(spec.get('type'))}"
        )
    if "tiles" not in spec:
        raise RequestError(f"{where}: missing field 'tiles'")
    kinds = sorted(_kinds(spec["tiles"], f"{where}.tiles"))
    if any(k.is_bonus for k in kinds):
        raise RequestError(f"{where}.tiles: flowers and seasons never form figures").coded(
            "bonus_misplaced", part="meld"
        )
    is_open = spec.get("open", True)
    if not isinstance(is_open, bool):
        raise RequestError(f"{where}.open: expected true or false, got {_show(is_open)}")
    if not is_open and kind is not MeldKind.KONG:
        raise RequestError(
            f"{where}.open: only a kong can be laid out concealed; "
            "put a concealed chow or pung into 'hand'"
        ).coded("concealed_figure", kind=name)
    size = 4 if kind is MeldKind.KONG else 3
    if len(kinds) != size:
        raise RequestError(f"{where}: a {name} has {size} tiles, not {len(kinds)}").coded(
            "meld_size", kind=name, size=size, count=len(kinds)
        )
    copies: dict[TileKind, int] = {}
    tiles = []
    for k in kinds:
        copies[k] = copies.get(k, -1) + 1
        if copies[k] > 3:
            raise RequestError(f"{where}.tiles: more than four copies of {k.notation}")
        tiles.append(Tile.of(k, copies[k]))
    kong = None
    if kind is MeldKind.KONG:
        kong = KongKind.EXPOSED if is_open else KongKind.CONCEALED
    try:
        return Meld(kind, tuple(tiles), kong)
    except JantakuError as err:
        raise RequestError(f"{where}: {err}").coded(
            "bad_meld", kind=name, tiles=spec["tiles"]
        ) from None


def _player(obj: Any, where: str) -> SeatHand:
    spec = _keys(obj, _PLAYER_KEYS, where)
    for key in ("seat_wind", "hand"):
        if key not in spec:
            raise RequestError(f"{where}: missing field {key!r}")
    seat = _wind(spec["seat_wind"], f"{where}.seat_wind")
    hand = _kinds(spec["hand"], f"{where}.hand")
    if any(k.is_bonus for k in hand):
        raise RequestError(f"{where}.hand: flowers and seasons belong in 'bonus'").coded(
            "bonus_misplaced", part="hand"
        )
    melds_spec = spec.get("melds") or []
    if not isinstance(melds_spec, list):
        raise RequestError(f"{where}.melds: expected a list")
    melds = tuple(_meld(m, f"{where}.melds[{i}]") for i, m in enumerate(melds_spec))
    bonus = _kinds(spec.get("bonus") or "", f"{where}.bonus")
    if any(not k.is_bonus for k in bonus):
        raise RequestError(f"{where}.bonus: only flowers (1f-4f) and seasons (1y-4y)").coded(
            "not_bonus"
        )
    return SeatHand(seat, tuple(hand), melds, tuple(bonus))


def _options(obj: Mapping[str, Any]) -> ClassicalOptions:
    rules = obj.get("rules")
    if rules != "sontag":
        raise RequestError(f'rules: expected "sontag", got {_show(rules)}')
    overrides = obj.get("options") or {}
    if not isinstance(overrides, dict):
        raise RequestError("options: expected an object of option names and values")
    try:
        return preset(rules, **overrides)
    except JantakuError as err:
        raise RequestError(f"options: {err}") from None


def _win(obj: Mapping[str, Any], winner: Wind) -> Win:
    if "win_tile" not in obj:
        raise RequestError('win_tile: missing (the winning tile, e.g. "3z")')
    tile = _kinds(obj["win_tile"], "win_tile")
    if len(tile) != 1 or tile[0].is_bonus:
        error = RequestError(
            f"win_tile: expected exactly one suit or honor tile, got {_show(obj['win_tile'])}"
        )
        if len(tile) != 1:
            raise error.coded("win_tile_count", count=len(tile))
        raise error.coded("bonus_misplaced", part="win_tile")
    how = obj.get("win")
    if how not in ("discard", "self_draw"):
        raise RequestError(f'win: expected "discard" or "self_draw", got {_show(how)}')
    self_draw = how == "self_draw"
    flags = {key: _bool(obj, key, "") for key in _FLAGS}
    discarder = None
    if self_draw:
        if obj.get("discarder") is not None:
            raise RequestError("discarder: a self-drawn win has no discarder")
        for key in ("last_discard", "robbing_kong", "earthly_hand"):
            if flags[key]:
                raise RequestError(f'{key}: needs "win": "discard"').coded(
                    "flags", rule=f"{key}_discard"
                )
    else:
        discarder = _wind(obj.get("discarder"), "discarder")
        if discarder == winner:
            raise RequestError("discarder: the winner cannot win on his own discard").coded(
                "winner_discarder"
            )
        for key in ("last_wall_tile", "heavenly_hand"):
            if flags[key]:
                raise RequestError(f'{key}: needs "win": "self_draw"').coded(
                    "flags", rule=f"{key}_self_draw"
                )
    if flags["heavenly_hand"] and winner != Wind.EAST:
        raise RequestError("heavenly_hand: only East can win right after the deal").coded(
            "flags", rule="heavenly_hand_east"
        )
    if flags["earthly_hand"] and discarder != Wind.EAST:
        raise RequestError("earthly_hand: the very first discard is East's").coded(
            "flags", rule="earthly_hand_east"
        )
    return Win(winner, tile[0], self_draw, discarder, **flags)


def _deal(obj: Any) -> tuple[FinishedDeal, ClassicalOptions]:
    spec = _keys(obj, _TOP_KEYS, "request")
    options = _options(spec)
    for key in ("round_wind", "players", "winner"):
        if key not in spec:
            raise RequestError(f"request: missing field {key!r}")
    round_wind = _wind(spec["round_wind"], "round_wind")
    players = spec["players"]
    if not isinstance(players, list) or len(players) != 4:
        raise RequestError("players: expected a list of four players")
    hands = tuple(_player(p, f"players[{i}]") for i, p in enumerate(players))
    winds = [h.seat_wind for h in hands]
    if sorted(winds) != list(Wind):
        raise RequestError("players: each seat wind E, S, W, N exactly once")
    win = None
    if spec["winner"] is None:
        for key in ("win_tile", "win", "discarder", "danger_violation", *_FLAGS):
            if spec.get(key) not in (None, False):
                raise RequestError(f'{key}: a Remis ("winner": null) has no {key}')
    else:
        win = _win(spec, _wind(spec["winner"], "winner"))
    violator = None
    if spec.get("danger_violation") is not None:
        violator = _wind(spec["danger_violation"], "danger_violation")
        assert win is not None
        if win.self_draw or win.robbing_kong or violator != win.discarder:
            raise RequestError(
                "danger_violation: must be the player whose discard the winner claimed"
            ).coded("danger_discarder")
    return FinishedDeal(round_wind, hands, win, violator), options


def _seat_dict(score: SeatScore, options: ClassicalOptions) -> dict[str, Any]:
    special = None
    if score.special_hand is not None:
        entry = score.special_hand
        limits = options.special_limits(entry.id)
        special = {
            "id": entry.id.value,
            "name": entry.name,
            "limits": float(limits),
            "inferred": entry.inferred,
        }
    return {
        "seat_wind": score.seat_wind.letter,
        "winner": score.winner,
        "base": score.base,
        "doubles": score.doubles,
        "raw_value": score.raw_value,
        "value": score.value,
        "limit": score.capped,
        "special_hand": special,
        "items": [
            {
                "table": item.table.value,
                "row": item.row,
                "tiles": item.tiles,
                "points": item.points,
                "doubles": item.doubles,
                "text": item.text,
            }
            for item in score.items
        ],
    }


def _result_dict(
    deal: FinishedDeal, result: DealScore, options: ClassicalOptions
) -> dict[str, Any]:
    win = deal.win
    out: dict[str, Any] = {
        "rules": options.name,
        "round_wind": deal.round_wind.letter,
        "outcome": result.outcome.value,
        "win": result.outcome is Outcome.MAH_JONGG,
        "reason": result.reason.value if result.reason is not None else None,
        "winner": win.winner.letter if win is not None else None,
        "win_tile": win.win_tile.notation if win is not None else None,
        "self_draw": win.self_draw if win is not None else None,
        "discarder": win.discarder.letter if win is not None and win.discarder else None,
        "lower_limit": options.lower_limit,
        "upper_limit": options.upper_limit,
        "players": [_seat_dict(s, options) for s in result.scores],
        "settlement": {w.letter: n for w, n in result.settlement.net.items()},
        "payments": [
            {
                "payer": p.payer.letter,
                "payee": p.payee.letter,
                "amount": p.amount,
                "reason": p.reason,
            }
            for p in result.settlement.payments
        ],
        "stoerspiel": None,
    }
    if result.stoerspiel is not None:
        out["stoerspiel"] = {
            "violator": result.stoerspiel.violator.letter,
            "pays_for_all": result.stoerspiel.pays_for_all,
            "reason": result.stoerspiel.reason.value,
            "payment": options.stoerspiel_payment.value,
        }
    return out


def score_request(obj: dict[str, Any]) -> dict[str, Any]:
    """Validate a classical (``"rules": "sontag"``) score request and return the result dict.
    Malformed input raises :class:`RequestError` naming the field."""
    deal, options = _deal(obj)
    try:
        result = score_deal(deal, options)
    except RequestError:
        raise
    except JantakuError as err:
        raise RequestError(str(err)).coded(err.code, **(err.params or {})) from None
    return _result_dict(deal, result, options)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def explain(result: dict[str, Any]) -> str:
    """The human-readable form of a ``score_request`` result, in English with each table row's
    German name beside it (``Terminal pung, concealed (Randpung, verdeckt) 999s: 8 points``)."""
    lines = [f"Rules: {result['rules']}, prevailing wind {result['round_wind']}"]
    if result["winner"] is None:
        lines.append("Remis: no payments")
    else:
        how = "self-drawn" if result["self_draw"] else f"discarded by {result['discarder']}"
        lines.append(f"Mah Jongg by {result['winner']} on {result['win_tile']} ({how})")
    for seat in result["players"]:
        head = f"{seat['seat_wind']} ({'winner' if seat['winner'] else 'loser'}): "
        if seat["special_hand"] is not None:
            name = english_item(seat["special_hand"]["name"])
            head += f"special hand {name} = {seat['value']}"
        else:
            head += f"base {seat['base']} · {doubles_text(seat['doubles'])} = {seat['raw_value']}"
            if seat["limit"]:
                head += f", limited to {seat['value']}"
        lines.append(head)
        lines.extend(f"  {_item_text(item)}" for item in seat["items"])
    if not result["win"] and result["reason"] is not None:
        reasons = {
            "below_lower_limit": f"below the lower limit of {result['lower_limit']}",
            "not_a_winning_hand": "not a complete hand",
        }
        lines.append(f"No Mah Jongg ({result['reason']}): {reasons.get(result['reason'], '')}")
    stoer = result.get("stoerspiel")
    if stoer is not None:
        verdict = "pays for all" if stoer["pays_for_all"] else "does not pay for all"
        lines.append(f"Störspiel: {stoer['violator']} {verdict} ({stoer['reason']})")
    if result["payments"]:
        lines.append("Payments:")
    for p in result["payments"]:
        lines.append(f"  {p['payer']} pays {p['payee']} {p['amount']} ({p['reason']})")
    net = ", ".join(f"{w} {_signed(n)}" for w, n in result["settlement"].items())
    lines.append(f"Settlement: {net}")
    return "\n".join(lines)


def _item_text(item: dict[str, Any]) -> str:
    """``Honour pung, concealed (Trumpfpung, verdeckt) 777z: 8 points``."""
    parts = []
    if item["points"] or not item["doubles"]:
        parts.append(points_text(item["points"]))
    if item["doubles"]:
        parts.append(doubles_text(item["doubles"]))
    tiles = f" {item['tiles']}" if item["tiles"] else ""
    return f"{english_item(item['row'])}{tiles}: {', '.join(parts)}"
