"""mjai JSON lines ↔ :class:`GameRecord`.

mjai names kinds only (``5mr`` is a red five), so copies are assigned as for tenhou.net/6.
Mortal's dialect records no yaku, han, fu or points (a win has deltas and ura indicators only;
the original protocol's ``yakus``/``fu``/``fan``/``hora_points`` and ``tenpais``/``reason`` are
read when present) and no rules (Tenhou rules are assumed). Without a ``reason`` the kind of a
``ryukyoku`` is inferred from the play: a draw without a discard is nine terminals; four accepted
riichi, four kans, four equal winds on the first turn; an empty live wall is exhaustive, or
nagashi mangan when someone gets more than the 3000 of ready payments; otherwise a triple ron.
Logs of one player's view (``?`` tiles) are not supported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jantaku.formats.copies import CopyPool, Holdings
from jantaku.formats.errors import LogFormatError, UnsupportedLog
from jantaku.formats.logtext import read_log_text
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
    LogFormat,
    NewDora,
    Riichi,
    RiichiAccepted,
    RulesInfo,
    Win,
    WinResult,
    YakuItem,
)
from jantaku.formats.yaku_names import TENHOU_YAKU
from jantaku.jsontext import loads as load_json
from jantaku.tiles import Tile, Wind

__all__ = ["read_mjai", "read_mjai_text", "tile_name", "write_mjai"]

_HONORS = "ESWNPFC"
_RULES = RulesInfo(special=("mjai",), raw="mjai (Tenhou rules assumed)")
_CALL_TYPES = {
    "chi": CallKind.CHI,
    "pon": CallKind.PON,
    "daiminkan": CallKind.OPEN_KAN,
    "kakan": CallKind.ADDED_KAN,
    "ankan": CallKind.CONCEALED_KAN,
}
_TYPE_OF_CALL = {v: k for k, v in _CALL_TYPES.items()}


def parse_pai(text: Any) -> tuple[int, bool]:
    """(kind, red) of ``1m``..``9s``, ``5mr``, ``E S W N P F C``."""
    if text == "?":
        raise UnsupportedLog("a player's view with hidden tiles ('?')")
    if isinstance(text, str):
        if len(text) == 1 and text in _HONORS:
            return 27 + _HONORS.index(text), False
        if len(text) in (2, 3) and text[0] in "123456789" and text[1] in "mps":
            red = text[2:] == "r"
            if (len(text) == 3 and not red) or (red and text[0] != "5"):
                raise ValueError(f"bad tile {text!r}")
            return "mps".index(text[1]) * 9 + int(text[0]) - 1, red
    raise ValueError(f"bad tile {text!r}")


_REASONS = (
    ("kyushu", DrawKind.NINE_TERMINALS),
    ("nagashi", DrawKind.NAGASHI_MANGAN),
    ("fon", DrawKind.FOUR_WINDS),
    ("furen", DrawKind.FOUR_WINDS),
    ("kaikan", DrawKind.FOUR_KANS),
    ("sancha", DrawKind.TRIPLE_RON),
    ("reach", DrawKind.FOUR_RIICHI),
    ("fanpai", DrawKind.EXHAUSTIVE),
    ("howanpai", DrawKind.EXHAUSTIVE),
)
_MJAI_YAKU = {
    "menzenchin_tsumoho": "menzen_tsumo",
    "reach": "riichi",
    "rinshankaiho": "rinshan_kaihou",
    "haiteiraoyue": "haitei_raoyue",
    "hoteiraoyui": "houtei_raoyui",
    "tanyaochu": "tanyao",
    "ipeko": "iipeikou",
    "double_reach": "double_riichi",
    "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta",
    "ikkitsukan": "ittsu",
    "sanshokudojun": "sanshoku_doujun",
    "sanshokudoko": "sanshoku_doukou",
    "toitoiho": "toitoi",
    "sananko": "sanankou",
    "shosangen": "shousangen",
    "honroto": "honroutou",
    "ryanpeko": "ryanpeikou",
    "junchantaiyao": "junchan",
    "honiso": "honitsu",
    "chiniso": "chinitsu",
    "renho": "renhou",
    "tenho": "tenhou",
    "chiho": "chiihou",
    "suanko": "suuankou",
    "tsuiso": "tsuuiisou",
    "ryuiso": "ryuuiisou",
    "chinroto": "chinroutou",
    "churenpoton": "chuuren_poutou",
    "kokushimuso": "kokushi_musou",
    "daisushi": "daisuushii",
    "shosushi": "shousuushii",
    "sukantsu": "suukantsu",
    "uradora": "ura_dora",
    "akadora": "aka_dora",
}


def _reason_kind(reason: str) -> DrawKind | None:
    low = reason.lower()
    return next((kind for key, kind in _REASONS if key in low), None)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _yaku_item(name: str, han: int) -> YakuItem:
    yid = _MJAI_YAKU.get(name, name)
    tid = next((i for i, (known, _jp) in enumerate(TENHOU_YAKU) if known == yid), None)
    return YakuItem(yid, han, tid, name)


def tile_name(tile: Tile) -> str:
    kind = int(tile.kind)
    if kind >= 27:
        return _HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}" + ("r" if tile.red else "")


class _Hand:
    def __init__(self, e: dict[str, Any], red: tuple[int, int, int]) -> None:
        self.pool = CopyPool(red)
        self.start = e
        if len(e["tehais"]) == 3 or any(len(h) == 0 for h in e["tehais"]):
            raise UnsupportedLog("three-player game")
        self.dora = [self.take(e["dora_marker"])]
        self.hands = tuple(tuple(self.take(p) for p in h) for h in e["tehais"])
        if len(self.hands) != 4 or any(len(h) != 13 for h in self.hands):
            raise ValueError("tehais must be four hands of 13 tiles")
        self.hold = Holdings(self.hands)
        self.actions: list[Action] = []
        self.last_draw: list[Tile | None] = [None] * 4
        self.last_discard: tuple[int, Tile] | None = None
        self.kan_seat: int | None = None
        self.ura: tuple[Tile, ...] | None = None
        self.wins: list[WinResult] = []
        self.draw: DrawResult | None = None

    def take(self, pai: Any) -> Tile:
        return self.pool.take(*parse_pai(pai))

    def event(self, e: dict[str, Any]) -> None:
        t = e["type"]
        if t == "tsumo":
            seat = int(e["actor"])
            tile = self.take(e["pai"])
            self.hold.add(seat, tile)
            self.actions.append(Draw(seat, tile, self.kan_seat == seat))
            self.last_draw[seat], self.kan_seat = tile, None
        elif t == "dahai":
            seat = int(e["actor"])
            if e.get("tsumogiri"):
                drawn = self.last_draw[seat]
                if drawn is None or parse_pai(e["pai"]) != (drawn.kind, drawn.red):
                    raise ValueError("tsumogiri of a tile that was not just drawn")
                self.hold.remove_tile(seat, drawn)
                tile = drawn
            else:
                tile = self.hold.remove(seat, *parse_pai(e["pai"]))
            self.actions.append(Discard(seat, tile, bool(e.get("tsumogiri"))))
            self.last_discard = (seat, tile)
        elif t in _CALL_TYPES:
            self._call(_CALL_TYPES[t], e)
        elif t == "reach":
            self.actions.append(Riichi(int(e["actor"])))
        elif t == "reach_accepted":
            self.actions.append(RiichiAccepted(int(e["actor"])))
        elif t == "dora":
            tile = self.take(e["dora_marker"])
            self.dora.append(tile)
            self.actions.append(NewDora(tile))
        elif t == "hora":
            self._hora(e)
        elif t == "ryukyoku":
            deltas = tuple(int(x) for x in e.get("deltas", (0, 0, 0, 0)))
            kind, declarer = self._draw_kind()
            reason = _reason_kind(str(e.get("reason", "")))
            if reason is not None:
                kind = reason
            tenpai = None
            if kind is DrawKind.EXHAUSTIVE and max(deltas) > 3000:
                kind = DrawKind.NAGASHI_MANGAN  # ready payments never exceed 3000
            elif kind is DrawKind.EXHAUSTIVE and any(deltas):
                tenpai = tuple(s for s in range(4) if deltas[s] > 0)
            if isinstance(e.get("tenpais"), list):  # the original protocol says who is ready
                tenpai = tuple(s for s, ready in enumerate(e["tenpais"]) if ready)
                if kind is DrawKind.EXHAUSTIVE and not tenpai:
                    kind = DrawKind.ALL_NOTEN
            self.actions.append(Abort(kind, declarer))
            self.draw = DrawResult(kind, deltas, tenpai)
        elif t != "none":
            raise ValueError(f"unknown event type {t!r}")

    def _call(self, kind: CallKind, e: dict[str, Any]) -> None:
        seat = int(e["actor"])
        if kind is CallKind.ADDED_KAN:
            added = self.hold.remove(seat, *parse_pai(e["pai"]))
            self.actions.append(Call(seat, kind, (added,)))
            self.last_discard, self.kan_seat = (seat, added), seat
            return
        if kind is CallKind.CONCEALED_KAN:
            used = tuple(self.hold.remove(seat, *parse_pai(p)) for p in e["consumed"])
            self.actions.append(Call(seat, kind, used))
            self.kan_seat = seat
            return
        target = int(e["target"])
        if self.last_discard is None or self.last_discard[0] != target:
            raise ValueError(f"a call on seat {target}, who did not discard last")
        called = self.last_discard[1]
        if parse_pai(e["pai"]) != (called.kind, called.red):
            raise ValueError(f"the called tile {e['pai']} is not the last discard")
        used = tuple(self.hold.remove(seat, *parse_pai(p)) for p in e["consumed"])
        self.actions.append(Call(seat, kind, used, called, target))
        if kind is CallKind.OPEN_KAN:
            self.kan_seat = seat

    def _hora(self, e: dict[str, Any]) -> None:
        who, frm = int(e["actor"]), int(e["target"])
        if self.ura is None:
            markers = e.get("ura_markers", e.get("uradora_markers", ()))
            self.ura = tuple(self.take(p) for p in markers)
        if who == frm:
            tile = self.last_draw[who]
            hand = tuple(self.hold.tiles[who])
        else:
            if self.last_discard is None or self.last_discard[0] != frm:
                raise ValueError(f"a win on seat {frm}, who did not discard last")
            tile = self.last_discard[1]
            hand = (*self.hold.tiles[who], tile)
        if tile is None:
            raise ValueError("a self-draw win without a draw")
        self.actions.append(Win(who, frm, tile))
        deltas = tuple(int(x) for x in e["deltas"])
        yaku = None
        if isinstance(e.get("yakus"), list):  # the original mjai protocol: [[name, han], ...]
            yaku = tuple(_yaku_item(str(n), int(h)) for n, h in e["yakus"])
        self.wins.append(
            WinResult(
                who,
                frm,
                deltas,
                han=_opt_int(e.get("fan")),
                fu=_opt_int(e.get("fu")),
                points=_opt_int(e.get("hora_points")),
                yaku=yaku,
                hand=hand,
                win_tile=tile,
            )
        )

    def _draw_kind(self) -> tuple[DrawKind, int | None]:
        last = self.actions[-1] if self.actions else None
        if isinstance(last, Draw):
            return DrawKind.NINE_TERMINALS, last.seat
        if sum(isinstance(a, RiichiAccepted) for a in self.actions) == 4:
            return DrawKind.FOUR_RIICHI, None
        kans = sum(
            isinstance(a, Call)
            and a.kind in (CallKind.OPEN_KAN, CallKind.ADDED_KAN, CallKind.CONCEALED_KAN)
            for a in self.actions
        )
        draws = sum(isinstance(a, Draw) and not a.replacement for a in self.actions)
        if draws >= 70 - kans:
            return DrawKind.EXHAUSTIVE, None
        discards = [a for a in self.actions if isinstance(a, Discard)]
        if (
            len(discards) == 4
            and not any(isinstance(a, Call) for a in self.actions)
            and len({d.tile.kind for d in discards}) == 1
            and discards[0].tile.kind.is_wind
        ):
            return DrawKind.FOUR_WINDS, None
        if kans >= 4:
            return DrawKind.FOUR_KANS, None
        return DrawKind.TRIPLE_RON, None

    def record(self) -> HandRecord:
        e = self.start
        result = HandResult(tuple(self.wins), self.draw) if (self.wins or self.draw) else None
        oya, kyoku = int(e["oya"]), int(e["kyoku"])
        if (kyoku - 1) % 4 != oya:
            raise ValueError(f"kyoku {kyoku} does not match oya {oya}")
        return HandRecord(
            Wind.parse(e["bakaze"]),
            oya,
            int(e["honba"]),
            int(e["kyotaku"]),
            tuple(int(x) for x in e["scores"]),
            tuple(self.dora),
            self.ura or (),
            self.hands,
            tuple(self.actions),
            result,
        )


def read_mjai_text(text: str, source: str = "<mjai>") -> GameRecord:
    names: tuple[str, ...] = ("", "", "", "")
    hands: list[HandRecord] = []
    cur: _Hand | None = None
    start: dict[str, Any] = {}
    rules = _RULES
    final = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            e = load_json(line)
            t = e["type"]
            if t == "start_game":
                names, start = tuple(str(x) for x in e.get("names", names)), e
                rules = _jantaku_rules(e.get("jantaku_rules"), rules)
            elif t == "start_kyoku":
                cur = _Hand(e, _RULES.red_fives)
            elif t == "end_kyoku":
                if cur is None:
                    raise ValueError("end_kyoku without start_kyoku")
                hands.append(cur.record())
                cur = None
            elif t == "end_game":
                if "scores" in e:
                    final = tuple(int(x) for x in e["scores"])
            elif cur is None:
                raise ValueError(f"{t} outside a kyoku")
            else:
                cur.event(e)
        except json.JSONDecodeError as exc:
            raise LogFormatError(source, f"bad JSON ({exc.msg})", n) from None
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            problem = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise LogFormatError(source, problem, n, line.strip()[:80]) from None
    if cur is not None:
        hands.append(cur.record())
    if not hands:
        raise LogFormatError(source, "no start_kyoku: the log holds no hand")
    return GameRecord(
        source,
        LogFormat.MJAI,
        rules,
        names,
        tuple(hands),
        hands[0].scores,
        final,
        extra={"mjai_start_game": start},
    )


def _jantaku_rules(data: Any, default: RulesInfo) -> RulesInfo:
    """The rules a jantaku-written mjai log states in its start_game event."""
    if not isinstance(data, dict) or not isinstance(data.get("preset"), str):
        return default
    red = data.get("red_fives", [1, 1, 1])
    return RulesInfo(
        red_fives=(int(red[0]), int(red[1]), int(red[2])),
        open_tanyao=bool(data.get("open_tanyao", True)),
        length=Length(data.get("length", "east_south")),
        special=(f"jantaku:{data['preset']}",),
    )


def read_mjai(path: str | Path) -> GameRecord:
    return read_mjai_text(read_log_text(path), str(path))


def write_mjai(game: GameRecord) -> list[dict[str, Any]]:
    """The game as mjai events (one dict per JSON line)."""
    start = game.extra.get("mjai_start_game")
    first: dict[str, Any] = (
        dict(start)
        if isinstance(start, dict)
        else {"type": "start_game", "names": list(game.players)}
    )
    preset = next(
        (x.split(":", 1)[1] for x in game.rules.special if x.startswith("jantaku:")), None
    )
    if preset is not None and "jantaku_rules" not in first:
        # mjai has no rule field; bots ignore this one, jantaku replays under these rules.
        first["jantaku_rules"] = {
            "preset": preset,
            "length": game.rules.length.value,
            "red_fives": list(game.rules.red_fives),
            "open_tanyao": game.rules.open_tanyao,
        }
    out: list[dict[str, Any]] = [first]
    for h in game.hands:
        out.append(
            {
                "type": "start_kyoku",
                "bakaze": h.round_wind.letter,
                "dora_marker": tile_name(h.dora_indicators[0]),
                "kyoku": h.number + 1,
                "honba": h.honba,
                "kyotaku": h.riichi_deposits,
                "oya": h.dealer,
                "scores": list(h.scores),
                "tehais": [[tile_name(t) for t in hand] for hand in h.hands],
            }
        )
        out += _hand_events(h)
        if h.result is not None:  # a hand cut short (the match stopped in it) did not end
            out.append({"type": "end_kyoku"})
    end: dict[str, Any] = {"type": "end_game"}
    if game.final_scores is not None and game.format is LogFormat.MJAI:
        end["scores"] = list(game.final_scores)
    out.append(end)
    return out


def _hand_events(h: HandRecord) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    wins = list(h.result.wins) if h.result else []
    pons: dict[tuple[int, int], Call] = {}
    for a in h.actions:
        if isinstance(a, Draw):
            out.append({"type": "tsumo", "actor": a.seat, "pai": tile_name(a.tile)})
        elif isinstance(a, Discard):
            out.append(
                {
                    "type": "dahai",
                    "actor": a.seat,
                    "pai": tile_name(a.tile),
                    "tsumogiri": a.tsumogiri,
                }
            )
        elif isinstance(a, Riichi):
            out.append({"type": "reach", "actor": a.seat})
        elif isinstance(a, RiichiAccepted):
            out.append({"type": "reach_accepted", "actor": a.seat})
        elif isinstance(a, NewDora):
            out.append({"type": "dora", "dora_marker": tile_name(a.indicator)})
        elif isinstance(a, Call):
            e: dict[str, Any] = {"type": _TYPE_OF_CALL[a.kind], "actor": a.seat}
            if a.kind is CallKind.ADDED_KAN:
                pon = pons[(a.seat, a.tiles[0].kind)]
                assert pon.called is not None
                e["pai"] = tile_name(a.tiles[0])
                e["consumed"] = [tile_name(t) for t in (pon.called, *pon.tiles)]
            elif a.kind is CallKind.CONCEALED_KAN:
                e["consumed"] = [tile_name(t) for t in a.tiles]
            else:
                assert a.called is not None
                e["target"], e["pai"] = a.from_seat, tile_name(a.called)
                e["consumed"] = [tile_name(t) for t in a.tiles]
                if a.kind is CallKind.PON:
                    pons[(a.seat, a.called.kind)] = a
            out.append(e)
        elif isinstance(a, Win):
            w = next((w for w in wins if w.seat == a.seat), None)
            deltas = list(w.deltas) if w else [0, 0, 0, 0]
            out.append(
                {
                    "type": "hora",
                    "actor": a.seat,
                    "target": a.from_seat,
                    "deltas": deltas,
                    "ura_markers": [tile_name(t) for t in h.ura_indicators],
                }
            )
        elif isinstance(a, Abort):
            d = h.result.draw if h.result else None
            deltas = list(d.deltas) if d and d.deltas else [0, 0, 0, 0]
            out.append({"type": "ryukyoku", "deltas": deltas})
    return out
