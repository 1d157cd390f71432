"""mjx proto JSON (one kyoku per line, as written by mjx-project/mjx) → :class:`GameRecord`.

The best replay input: ``hiddenState.wall`` holds the whole 136-tile wall. Proto3 JSON leaves out
default values, so a missing ``type`` is a discard, a missing ``who`` or ``tile`` is 0. Public
draw events carry no tile; the drawn ids come from each seat's ``drawHistory``. mjx states no
rules: the games are Tenhou's (red fives, open tanyao, east-south)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jantaku.formats.errors import LogFormatError
from jantaku.formats.logtext import read_log_text
from jantaku.formats.mjlog import decode_meld
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
    Limit,
    LogFormat,
    NewDora,
    Riichi,
    RiichiAccepted,
    RulesInfo,
    Win,
    WinResult,
    YakuItem,
)
from jantaku.formats.yaku_names import yaku_id
from jantaku.jsontext import loads as load_json
from jantaku.tiles import Tile, Wind

__all__ = ["limit_of", "read_mjx", "read_mjx_text"]

_RULES = RulesInfo(special=("mjx",), raw="mjx (Tenhou rules)")
_CALLS = {
    "EVENT_TYPE_CHI",
    "EVENT_TYPE_PON",
    "EVENT_TYPE_ADDED_KAN",
    "EVENT_TYPE_CLOSED_KAN",
    "EVENT_TYPE_OPEN_KAN",
}
_ENDS = {
    "EVENT_TYPE_EXHAUSTIVE_DRAW_NORMAL": DrawKind.EXHAUSTIVE,
    "EVENT_TYPE_EXHAUSTIVE_DRAW_NAGASHI_MANGAN": DrawKind.NAGASHI_MANGAN,
    "EVENT_TYPE_ABORTIVE_DRAW_NINE_TERMINALS": DrawKind.NINE_TERMINALS,
    "EVENT_TYPE_ABORTIVE_DRAW_FOUR_RIICHIS": DrawKind.FOUR_RIICHI,
    "EVENT_TYPE_ABORTIVE_DRAW_THREE_RONS": DrawKind.TRIPLE_RON,
    "EVENT_TYPE_ABORTIVE_DRAW_FOUR_KANS": DrawKind.FOUR_KANS,
    "EVENT_TYPE_ABORTIVE_DRAW_FOUR_WINDS": DrawKind.FOUR_WINDS,
}


def limit_of(han: int, fu: int, yakuman: bool) -> Limit:
    """Tenhou's limit of a hand (no rounding up of 4 han 30 fu; 13 han and more is yakuman)."""
    if yakuman or han >= 13:
        return Limit.YAKUMAN
    if han >= 11:
        return Limit.SANBAIMAN
    if han >= 8:
        return Limit.BAIMAN
    if han >= 6:
        return Limit.HANEMAN
    if han >= 5 or (han == 4 and fu >= 40) or (han == 3 and fu >= 70):
        return Limit.MANGAN
    return Limit.NONE


def _pao(who: int, frm: int, deltas: tuple[int, ...]) -> int | None:
    """mjx does not name the liable player; the payments do: a self-draw paid by one seat, or a
    win on a discard paid by two."""
    payers = [s for s in range(4) if deltas[s] < 0]
    if who == frm and len(payers) == 1:
        return payers[0]
    if who != frm and len(payers) == 2:
        return next(s for s in payers if s != frm)
    return None


def _tile(i: Any) -> Tile:
    if not isinstance(i, int) or not 0 <= i < 136:
        raise ValueError(f"tile id {i!r} is outside 0-135")
    return Tile(i, i in (16, 52, 88))


def _tiles(xs: Any) -> tuple[Tile, ...]:
    return tuple(_tile(i) for i in xs or ())


def _kyoku(d: dict[str, Any]) -> HandRecord:
    """One kyoku line: its events in order, then the results its terminal block holds."""
    pub = d["publicObservation"]
    init = pub["initScore"]
    rnd = int(init.get("round", 0))
    privs = {int(p.get("who", 0)): p for p in d["privateObservations"]}
    hands = tuple(_tiles(privs[s]["initHand"]["closedTiles"]) for s in range(4))
    draw_hist = [list(_tiles(privs[s].get("drawHistory"))) for s in range(4)]
    events = _Events(draw_hist)
    for n, e in enumerate(pub["events"], 1):
        t, who = e.get("type", "EVENT_TYPE_DISCARD"), int(e.get("who", 0))
        try:
            events.apply(t, who, e)
        except (KeyError, ValueError) as exc:
            raise ValueError(f"event {n} ({json.dumps(e)}): {exc}") from None
    actions = events.actions
    dora = _tiles(pub.get("doraIndicators"))
    ura: tuple[Tile, ...] = ()
    result = None
    term = d.get("roundTerminal")
    if term:
        wins = []
        for w in term.get("wins", []):
            win, win_ura = _win(w, actions)
            if win_ura is not None:
                ura = win_ura
            wins.append(win)
        draw = None
        if "noWinner" in term:
            draw = _no_winner(term["noWinner"], events.ends, actions)
        result = HandResult(tuple(wins), draw)
    return HandRecord(
        round_wind=Wind(rnd // 4),
        number=rnd % 4,
        honba=int(init.get("honba", 0)),
        riichi_deposits=int(init.get("riichi", 0)),
        scores=tuple(int(x) for x in init["tens"]),
        dora_indicators=dora,
        ura_indicators=ura,
        hands=hands,
        actions=tuple(actions),
        result=result,
        wall=_tiles(d["hiddenState"]["wall"]),
    )


class _Events:
    """The public events of one kyoku read into actions: the draws come from each seat's
    drawHistory, a draw right after a kan is its replacement tile."""

    def __init__(self, draw_hist: list[list[Tile]]) -> None:
        self.draw_hist = draw_hist
        self.actions: list[Action] = []
        self.kan_seat: int | None = None
        self.last_draw: list[Tile | None] = [None] * 4
        self.ends: list[tuple[DrawKind, int | None]] = []

    def apply(self, t: str, who: int, e: dict[str, Any]) -> None:
        """Read one event of type ``t`` by seat ``who``."""
        actions = self.actions
        if t == "EVENT_TYPE_DRAW":
            if not self.draw_hist[who]:
                raise ValueError(f"seat {who} draws more tiles than its drawHistory holds")
            tile = self.draw_hist[who].pop(0)
            actions.append(Draw(who, tile, self.kan_seat == who))
            self.last_draw[who], self.kan_seat = tile, None
        elif t in ("EVENT_TYPE_DISCARD", "EVENT_TYPE_TSUMOGIRI"):
            tile = _tile(e.get("tile", 0))
            tsumogiri = t == "EVENT_TYPE_TSUMOGIRI"
            if tsumogiri and tile != self.last_draw[who]:
                raise ValueError("tsumogiri of a tile that was not just drawn")
            actions.append(Discard(who, tile, tsumogiri))
        elif t == "EVENT_TYPE_RIICHI":
            actions.append(Riichi(who))
        elif t == "EVENT_TYPE_RIICHI_SCORE_CHANGE":
            actions.append(RiichiAccepted(who))
        elif t in _CALLS:
            kind, ids, called, frm = decode_meld(who, int(e["open"]))
            called_tile = None if called is None else _tile(called)
            actions.append(Call(who, kind, tuple(_tile(i) for i in ids), called_tile, frm))
            if kind in (CallKind.OPEN_KAN, CallKind.ADDED_KAN, CallKind.CONCEALED_KAN):
                self.kan_seat = who
        elif t == "EVENT_TYPE_NEW_DORA":
            actions.append(NewDora(_tile(e.get("tile", 0))))
        elif t in ("EVENT_TYPE_TSUMO", "EVENT_TYPE_RON"):
            pass  # written with the results (the loser is there)
        elif t in _ENDS:
            end = _ENDS[t]
            self.ends.append((end, who if end is DrawKind.NINE_TERMINALS else None))
        else:
            raise ValueError(f"unknown event type {t!r}")


def _win(w: dict[str, Any], actions: list[Action]) -> tuple[WinResult, tuple[Tile, ...] | None]:
    """One win of the terminal block (its Win action appended) and the ura dora it shows."""
    who, frm = int(w.get("who", 0)), int(w.get("fromWho", 0))
    win_tile = _tile(w.get("winTile", 0))
    actions.append(Win(who, frm, win_tile))
    yaku = [
        YakuItem(yaku_id(y), h, y, f"{y},{h}")
        for y, h in zip(w.get("yakus", []), w.get("fans", []), strict=True)
    ]
    yaku += [YakuItem(yaku_id(y), 13, y, str(y)) for y in w.get("yakumans", [])]
    han = sum(y.han for y in yaku)
    fu = int(w.get("fu", 0))
    ura = _tiles(w["uraDoraIndicators"]) if w.get("uraDoraIndicators") else None
    hand = tuple(sorted(_tiles(w["hand"].get("closedTiles"))))
    deltas = tuple(int(x) for x in w["tenChanges"])
    result = WinResult(
        who,
        frm,
        deltas,
        _pao(who, frm, deltas),
        han,
        fu or None,
        int(w.get("ten", 0)),
        limit_of(han, fu, bool(w.get("yakumans"))),
        tuple(yaku),
        hand,
        win_tile,
        f"fu={fu},ten={w.get('ten', 0)}",
    )
    return result, ura


def _no_winner(
    nw: dict[str, Any], ends: list[tuple[DrawKind, int | None]], actions: list[Action]
) -> DrawResult:
    """The draw of the terminal block (its Abort action appended): the kind the last end
    event named (an exhaustive draw without a ready hand is all-noten), deltas, ready seats."""
    dk, seat = ends[-1] if ends else (DrawKind.EXHAUSTIVE, None)
    tenpai = tuple(sorted(int(x.get("who", 0)) for x in nw.get("tenpais", [])))
    if dk is DrawKind.EXHAUSTIVE and not tenpai:
        dk = DrawKind.ALL_NOTEN
    exhaustive = dk in (DrawKind.EXHAUSTIVE, DrawKind.ALL_NOTEN, DrawKind.NAGASHI_MANGAN)
    deltas = tuple(int(x) for x in nw.get("tenChanges", [0, 0, 0, 0]))
    actions.append(Abort(dk, seat))
    return DrawResult(dk, deltas, tenpai if exhaustive else None)


def read_mjx_text(text: str, source: str = "<mjx>") -> GameRecord:
    """All kyoku lines of one file as one game."""
    hands = []
    names: tuple[str, ...] = ("", "", "", "")
    final = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = load_json(line)
            hands.append(_kyoku(d))
            names = tuple(str(x) for x in d["publicObservation"].get("playerIds", names))
            term = d.get("roundTerminal") or {}
            if term.get("isGameOver"):
                final = tuple(int(x) for x in term["finalScore"]["tens"])
        except json.JSONDecodeError as exc:
            raise LogFormatError(source, f"bad JSON ({exc.msg})", n) from None
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            problem = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise LogFormatError(source, problem, n, "kyoku record") from None
    if not hands:
        raise LogFormatError(source, "no kyoku records")
    return GameRecord(
        source=source,
        format=LogFormat.MJX,
        rules=_RULES,
        players=names,
        hands=tuple(hands),
        start_scores=hands[0].scores,
        final_scores=final,
        game_id=Path(source).stem if source != "<mjx>" else None,
    )


def read_mjx(path: str | Path) -> GameRecord:
    return read_mjx_text(read_log_text(path), str(path))
