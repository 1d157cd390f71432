"""tenhou.net/6 JSON (the viewer/editor format) ↔ :class:`GameRecord`.

Accepted input: a JSON game object; JSON lines of game objects (mjx writes one kyoku per line:
they are merged into one game); a ``https://tenhou.net/6/#json=…`` viewer URL or a text file of
them (one game per URL). The format names kinds only, so physical copies are assigned
deterministically (:mod:`jantaku.formats.copies`); the per-seat draw and discard lists are
interleaved by replaying the turn order."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any

from jantaku.formats.copies import CopyPool, Holdings
from jantaku.formats.errors import LogFormatError, UnsupportedLog
from jantaku.formats.logtext import read_log_text
from jantaku.formats.record import (
    Abort,
    Action,
    DrawKind,
    DrawResult,
    GameRecord,
    HandRecord,
    HandResult,
    Length,
    LogFormat,
    RulesInfo,
    Win,
    WinResult,
    YakuItem,
)
from jantaku.formats.tenhou6_codes import (
    DRAW_NAMES,
    kind_of_code,
    parse_points,
    parse_yaku,
)
from jantaku.formats.tenhou6_turns import Turns, ended_by_ron
from jantaku.formats.tenhou6_write import write_tenhou6, write_tenhou6_lines
from jantaku.formats.yaku_names import yaku_from_name
from jantaku.jsontext import loads as load_json
from jantaku.tiles import Tile, Wind

__all__ = [
    "parse_tenhou6",
    "read_tenhou6",
    "read_tenhou6_text",
    "write_tenhou6",
    "write_tenhou6_lines",
]

_HEADER = "tenhou6_header"
_MAX_ATTEMPTS = 4096


def rules_from_header(rule: dict[str, Any] | None, names: list[str]) -> RulesInfo:
    rule = rule or {}
    disp = str(rule.get("disp", ""))
    if len(names) == 3 or "三" in disp:
        raise UnsupportedLog(f"three-player game ({disp or 'three names'})")
    if "祝" in disp:
        raise UnsupportedLog(f"chip (祝儀) rules ({disp})")
    if "aka" in rule:
        red = (int(rule["aka"]),) * 3
    else:
        red = (int(rule.get("aka51", 0)), int(rule.get("aka52", 0)), int(rule.get("aka53", 0)))
    length = Length.EAST_ONLY if "東" in disp or "East" in disp else Length.EAST_SOUTH
    special = tuple(s for s, mark in (("fast", "速"), ("hidden_discards", "暗")) if mark in disp)
    rooms = {"般": "ippan", "上": "joukyuu", "特": "tokujou", "鳳": "houou"}
    if disp[:1] in rooms:
        special = (*special, f"room_{rooms[disp[0]]}")
    if isinstance(rule.get("jantaku"), str):  # a game jantaku wrote: its rule preset
        special = (*special, f"jantaku:{rule['jantaku']}")
    kuitan = "喰" in disp or not disp or disp.isascii()
    return RulesInfo(4, (red[0], red[1], red[2]), kuitan, length, special, disp)


class _Kyoku:
    """Interleave the per-seat lists of one kyoku into actions."""

    def __init__(self, k: list[Any], rules: RulesInfo) -> None:
        if not isinstance(k, list) or len(k) < 16:
            raise ValueError("a kyoku needs 16 or 17 entries (header, scores, dora, ura, hands…)")
        self.k = k
        self.rules = rules
        self.pool = CopyPool(rules.red_fives)
        self.warnings: list[str] = []
        self.where = "kyoku header"

    def take(self, code: Any) -> Tile:
        kind, red = kind_of_code(code)
        return self.pool.take(kind, red)

    def run(self) -> HandRecord:
        """Replay the turn order; when a call string could answer more than one discard, try the
        alternatives depth-first (the first failure is the one reported)."""
        choices: list[int] = []
        first: ValueError | None = None
        for _attempt in range(_MAX_ATTEMPTS):
            counts: list[int] = []
            self.pool = CopyPool(self.rules.red_fives)
            try:
                return self._simulate(choices, counts)
            except ValueError as exc:
                if first is None:
                    first, first_where = exc, self.where
            choices = choices[: len(counts)] + [0] * (len(counts) - len(choices))
            while choices and choices[-1] + 1 >= counts[len(choices) - 1]:
                choices.pop()
            if not choices:
                break
            choices[-1] += 1
        self.where = first_where
        raise first if first is not None else ValueError("no consistent order of the calls")

    def _simulate(self, choices: list[int], counts: list[int]) -> HandRecord:
        """One attempt at the turn order, the calls resolved as ``choices`` says (``counts``
        gets the number of alternatives at each call point)."""
        k = self.k
        number, honba, sticks = (int(x) for x in k[0])
        scores = tuple(int(x) for x in k[1])
        if len(scores) != 4:
            raise ValueError("scores must have four entries")
        self.where = "dora indicators"
        dora = [self.take(c) for c in k[2]]
        ura = tuple(self.take(c) for c in k[3])
        hands = []
        for s in range(4):
            self.where = f"starting hand of seat {s}"
            hands.append(tuple(self.take(c) for c in k[4 + 3 * s]))
            if len(hands[-1]) != 13:
                raise ValueError(f"seat {s} starts with {len(hands[-1])} tiles, not 13")
        result = k[16] if len(k) > 16 else None
        turns = Turns(self, k, dora, hands)
        accept_last_riichi = not (ended_by_ron(result) or result is None)
        cur = turns.play(number % 4, accept_last_riichi, choices, counts)
        turns.check_leftovers()
        self.where = "result"
        actions = turns.actions
        res = self._result(result, actions, turns.hold, turns.last_draw, turns.last_discard, cur)
        self.warnings = self.pool.warnings
        return HandRecord(
            Wind(number // 4),
            number % 4,
            honba,
            sticks,
            scores,
            tuple(dora),
            ura,
            tuple(hands),
            tuple(actions),
            res,
        )

    def _result(
        self,
        result: Any,
        actions: list[Action],
        hold: Holdings,
        last_draw: list[Tile | None],
        last_discard: tuple[int, Tile] | None,
        cur: int,
    ) -> HandResult | None:
        if result is None:
            return None
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise ValueError(f"unknown result {result!r}")
        name = result[0]
        if name == "和了":
            wins = []
            for j in range(1, len(result), 2):
                deltas = tuple(int(x) for x in result[j])
                info = result[j + 1]
                who, frm, pao = int(info[0]), int(info[1]), int(info[2])
                if who == frm:
                    tile = last_draw[who]
                    hand = tuple(hold.tiles[who])
                else:
                    if last_discard is None or last_discard[0] != frm:
                        raise ValueError(f"seat {who} wins on an old discard of seat {frm}")
                    tile = last_discard[1]
                    hand = (*hold.tiles[who], tile)
                if tile is None:
                    raise ValueError(f"seat {who} wins by self-draw without a draw")
                actions.append(Win(who, frm, tile))
                wins.append(self._win(who, frm, pao, deltas, info, hand, tile))
            return HandResult(tuple(wins))
        if name not in DRAW_NAMES:
            raise ValueError(f"unknown result {name!r}")
        kind = DRAW_NAMES[name]
        deltas = tuple(int(x) for x in result[1]) if len(result) > 1 else (0, 0, 0, 0)
        tenpai: tuple[int, ...] | None = None
        if kind is DrawKind.EXHAUSTIVE:
            tenpai = tuple(s for s in range(4) if deltas[s] > 0) or (0, 1, 2, 3)
        elif kind is DrawKind.ALL_NOTEN:
            tenpai = ()
        actions.append(Abort(kind, cur if kind is DrawKind.NINE_TERMINALS else None))
        return HandResult((), DrawResult(kind, deltas, tenpai))

    def _win(
        self,
        who: int,
        frm: int,
        pao: int,
        deltas: tuple[int, ...],
        info: list[Any],
        hand: tuple[Tile, ...],
        tile: Tile,
    ) -> WinResult:
        if len(info) < 4:
            pao_seat = None if pao == who else pao
            return WinResult(who, frm, deltas, pao_seat, hand=hand, win_tile=tile)
        fu, han, limit, pays, each = parse_points(str(info[3]))
        if who != frm:
            points = pays[0]
        elif each or len(pays) == 1:
            points = pays[0] * 3
        else:
            points = pays[0] * 2 + pays[1]
        yaku = []
        for text in info[4:]:
            name, yh = parse_yaku(str(text))
            yid, tid = yaku_from_name(name)
            yaku.append(YakuItem(yid, yh, tid, str(text)))
        if han is None:
            han = sum(y.han for y in yaku)
        return WinResult(
            who,
            frm,
            deltas,
            None if pao == who else pao,
            han,
            fu,
            points,
            limit,
            tuple(yaku),
            hand,
            tile,
            str(info[3]),
        )


def parse_tenhou6(obj: Any, source: str = "<tenhou6>", line: int | None = None) -> GameRecord:
    """One game object (``{"name", "rule", "log", …}``) → record."""
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        raise LogFormatError(source, 'not a tenhou.net/6 game (no "log" list)', line)
    names = [str(n) for n in obj.get("name", ["", "", "", ""])]
    rules = rules_from_header(obj.get("rule"), names)
    for k in obj["log"]:
        if isinstance(k, list) and len(k) > 13 and k[13] == [] and k[4]:
            raise UnsupportedLog("three-player game (the fourth seat has no hand)")
    hands = []
    warnings: list[str] = []
    for n, k in enumerate(obj["log"], 1):
        kyoku = None
        try:
            kyoku = _Kyoku(k, rules)
            hands.append(kyoku.run())
            warnings += [f"log entry {n}: {w}" for w in kyoku.warnings]
        except (ValueError, TypeError, IndexError, KeyError, AttributeError) as exc:
            where = kyoku.where if kyoku is not None else "kyoku"
            raise LogFormatError(source, str(exc), line, f"log entry {n}, {where}") from None
    header = {key: value for key, value in obj.items() if key != "log"}
    final = None
    if isinstance(obj.get("sc"), list) and len(obj["sc"]) == 8:
        raw = [float(x) for x in obj["sc"][0::2]]
        scale = 100 if abs(sum(raw)) < 10000 else 1  # Tenhou writes hundreds, tools write points
        final = tuple(round(x * scale) for x in raw)
    return GameRecord(
        source=source,
        format=LogFormat.TENHOU6,
        rules=rules,
        players=tuple(names),
        hands=tuple(hands),
        start_scores=hands[0].scores if hands else (25000,) * 4,
        final_scores=final,
        final_points=tuple(float(x) for x in obj["sc"][1::2]) if final else None,
        game_id=str(obj["ref"]) if "ref" in obj else None,
        title=tuple(str(t) for t in obj.get("title", ())),
        extra={_HEADER: header, "warnings": warnings} if warnings else {_HEADER: header},
    )


def _from_url(text: str) -> str:
    part = text.split("#json=", 1)[1]
    part = part.split("&ts=", 1)[0]
    return urllib.parse.unquote(part)


def read_tenhou6_text(text: str, source: str = "<tenhou6>") -> list[GameRecord]:
    """Games of a text: one JSON object, JSON lines (merged into one game), or viewer URLs."""
    stripped = text.strip()
    if "#json=" in stripped:
        games = []
        for n, raw in enumerate(text.splitlines(), 1):
            if not raw.strip():
                continue
            if "#json=" not in raw:
                raise LogFormatError(source, "a line without a tenhou.net/6 #json= URL", n)
            try:
                obj = load_json(_from_url(raw.strip()))
            except json.JSONDecodeError as exc:
                raise LogFormatError(source, f"bad JSON in the URL ({exc.msg})", n) from None
            games.append(parse_tenhou6(obj, source, n))
        return games
    try:
        return [parse_tenhou6(load_json(stripped), source, 1)]
    except json.JSONDecodeError:
        pass
    parts = []
    for n, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            try:
                parts.append(parse_tenhou6(load_json(raw), source, n))
            except json.JSONDecodeError as exc:
                raise LogFormatError(source, f"bad JSON ({exc.msg})", n) from None
    if not parts:
        raise LogFormatError(source, "empty file")
    first = parts[0]
    extra = dict(first.extra, tenhou6_layout="lines")
    return [
        GameRecord(
            source,
            LogFormat.TENHOU6,
            first.rules,
            first.players,
            tuple(h for g in parts for h in g.hands),
            first.start_scores,
            parts[-1].final_scores,
            parts[-1].final_points,
            first.game_id,
            first.title,
            extra,
        )
    ]


def read_tenhou6(path: str | Path) -> list[GameRecord]:
    text = read_log_text(path)
    return read_tenhou6_text(text, str(path))
