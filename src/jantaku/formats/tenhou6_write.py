"""Write a :class:`GameRecord` as tenhou.net/6 JSON (opens in the tenhou.net/6 viewer and in
review tools). What the record kept from a tenhou.net/6 source (header, result strings) is
written back verbatim; anything else is generated the way Tenhou prints it."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from jantaku.formats.record import (
    Call,
    CallKind,
    Discard,
    Draw,
    DrawKind,
    GameRecord,
    HandRecord,
    Length,
    Limit,
    LogFormat,
    Riichi,
    RulesInfo,
    WinResult,
    YakuItem,
)
from jantaku.formats.tenhou6_codes import (
    NAME_OF_DRAW,
    NAME_OF_LIMIT,
    TSUMOGIRI,
    code_of,
    format_call,
    parse_points,
    parse_yaku,
)
from jantaku.formats.yaku_names import TENHOU_YAKU, YAKUMAN_IDS
from jantaku.tiles import Tile

__all__ = ["tenhou6_url", "write_tenhou6", "write_tenhou6_lines"]


def _rule(rules: RulesInfo) -> dict[str, Any]:
    room = next((s[5:] for s in rules.special if s.startswith("room_")), "ippan")
    disp = {"ippan": "般", "joukyuu": "上", "tokujou": "特", "houou": "鳳"}.get(room, "般")
    disp += "東" if rules.length is Length.EAST_ONLY else "南"
    disp += "喰" if rules.open_tanyao else ""
    disp += "赤" if any(rules.red_fives) else ""
    disp += "速" if "fast" in rules.special else ""
    out: dict[str, Any] = {"disp": disp}
    if len(set(rules.red_fives)) == 1:
        out["aka"] = rules.red_fives[0]
    else:
        out.update({f"aka5{i + 1}": n for i, n in enumerate(rules.red_fives)})
    preset = next((s.split(":", 1)[1] for s in rules.special if s.startswith("jantaku:")), None)
    if preset is not None:
        out["jantaku"] = preset  # viewers ignore it; jantaku replays under this preset
    return out


def _header(game: GameRecord) -> dict[str, Any]:
    saved = game.extra.get("tenhou6_header")
    if isinstance(saved, dict):
        return dict(saved)
    return {
        "title": list(game.title) or ["", ""],
        "name": list(game.players),
        "rule": _rule(game.rules),
    }


def write_tenhou6(game: GameRecord) -> dict[str, Any]:
    """The whole game as one tenhou.net/6 object. Starting hands are sorted as Tenhou prints
    them, unless the record comes from tenhou.net/6 (then its own order is kept)."""
    out = _header(game)
    keep = game.format is LogFormat.TENHOU6
    out["log"] = [_kyoku(h, keep) for h in game.hands]
    if game.final_scores is not None and "sc" not in out:
        # Tenhou writes scores in hundreds, each followed by the final point value; without a
        # recorded one (no oka/uma), the difference to the start in thousands.
        points = game.final_points or tuple(
            (s - start) / 1000
            for s, start in zip(game.final_scores, game.start_scores, strict=True)
        )
        out["sc"] = [
            x for s, p in zip(game.final_scores, points, strict=True) for x in (s // 100, p)
        ]
    return out


def write_tenhou6_lines(game: GameRecord) -> list[dict[str, Any]]:
    """One object per hand (the layout of mjx's one-kyoku-per-line files)."""
    keep = game.format is LogFormat.TENHOU6
    return [dict(_header(game), log=[_kyoku(h, keep)]) for h in game.hands]


def tenhou6_url(game: GameRecord) -> str:
    """A ``https://tenhou.net/6/#json=…`` viewer URL of the game."""
    text = json.dumps(write_tenhou6(game), ensure_ascii=False, separators=(",", ":"))
    return "https://tenhou.net/6/#json=" + urllib.parse.quote(text, safe=",:")


def _sort_key(tile: Tile) -> tuple[int, bool]:
    return int(tile.kind), tile.red


def _kyoku(hand: HandRecord, keep_order: bool) -> list[Any]:
    draws: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    riichi = [False] * 4
    pons: dict[tuple[int, int], Call] = {}
    for a in hand.actions:
        if isinstance(a, Draw):
            draws[a.seat].append(code_of(a.tile))
        elif isinstance(a, Riichi):
            riichi[a.seat] = True
        elif isinstance(a, Discard):
            code: Any = TSUMOGIRI if a.tsumogiri else code_of(a.tile)
            if riichi[a.seat]:
                code, riichi[a.seat] = f"r{code}", False
            discards[a.seat].append(code)
        elif isinstance(a, Call):
            hand_codes = [code_of(t) for t in a.tiles]
            if a.kind is CallKind.CONCEALED_KAN:
                discards[a.seat].append(format_call(a.kind, hand_codes, None, 0))
            elif a.kind is CallKind.ADDED_KAN:
                pon = pons[(a.seat, a.tiles[0].kind)]
                assert pon.called is not None and pon.from_seat is not None
                text = format_call(
                    a.kind,
                    [code_of(t) for t in pon.tiles],
                    hand_codes[0],
                    (pon.from_seat - a.seat) % 4,
                    code_of(pon.called),
                )
                discards[a.seat].append(text)
            else:
                assert a.called is not None and a.from_seat is not None
                offset = (a.from_seat - a.seat) % 4
                draws[a.seat].append(format_call(a.kind, hand_codes, code_of(a.called), offset))
                if a.kind is CallKind.OPEN_KAN:
                    discards[a.seat].append(0)
                if a.kind is CallKind.PON:
                    pons[(a.seat, a.called.kind)] = a
    out: list[Any] = [
        [hand.round_wind * 4 + hand.number, hand.honba, hand.riichi_deposits],
        list(hand.scores),
        [code_of(t) for t in hand.dora_indicators],
        [code_of(t) for t in hand.ura_indicators],
    ]
    for s in range(4):
        start = hand.hands[s] if keep_order else sorted(hand.hands[s], key=_sort_key)
        out += [[code_of(t) for t in start], draws[s], discards[s]]
    if hand.result is not None:
        out.append(_result(hand))
    return out


def _result(hand: HandRecord) -> list[Any]:
    res = hand.result
    assert res is not None
    if res.wins:
        out: list[Any] = ["和了"]
        for w in res.wins:
            out += [list(w.deltas), _win_info(w, hand.dealer)]
        return out
    assert res.draw is not None
    name = NAME_OF_DRAW[res.draw.kind]
    if res.draw.kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
        return [name, list(res.draw.deltas or (0, 0, 0, 0))]
    return [name]


def _ceil100(x: float) -> int:
    return int(-(-x // 100) * 100)


def points_text(w: WinResult, dealer: int) -> str | None:
    """Tenhou's ``30符4飜7700点`` / ``満貫2000-4000点`` / ``40符2飜1300点∀`` of a win."""
    if w.raw:
        try:
            parse_points(w.raw)
            return w.raw
        except ValueError:
            pass
    if w.limit is None or w.points is None or w.han is None:
        return None
    if w.limit is Limit.NONE:
        if w.fu is None:
            return None
        head = f"{w.fu}符{w.han}飜"
        base = w.fu * 2 ** (w.han + 2)
    else:
        head = NAME_OF_LIMIT[w.limit]
        base = w.points // (6 if w.seat == dealer else 4)
    if w.seat != w.from_seat:
        return f"{head}{w.points}点"
    if w.seat == dealer:
        return f"{head}{_ceil100(2 * base)}点∀"
    return f"{head}{_ceil100(base)}-{_ceil100(2 * base)}点"


def yaku_text(y: YakuItem) -> str:
    if y.raw:
        try:
            parse_yaku(y.raw)
            return y.raw
        except ValueError:
            pass
    name = TENHOU_YAKU[y.tenhou_id][1] if y.tenhou_id is not None else y.id
    if y.tenhou_id in YAKUMAN_IDS:
        return f"{name}(役満)"
    return f"{name}({y.han}飜)"


def _win_info(w: WinResult, dealer: int) -> list[Any]:
    info: list[Any] = [w.seat, w.from_seat, w.seat if w.pao_seat is None else w.pao_seat]
    text = points_text(w, dealer)
    if text is None:
        return info
    # Tenhou prints no zero-han entries (an ura dora of 0 han); a source's own text is kept.
    yaku = [y for y in w.yaku or () if y.han or _is_text(y.raw)]
    return [*info, text, *(yaku_text(y) for y in yaku)]


def _is_text(raw: str) -> bool:
    try:
        parse_yaku(raw)
    except ValueError:
        return False
    return True
