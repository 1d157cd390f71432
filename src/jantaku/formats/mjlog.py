"""Tenhou mjlog XML (``<mjloggm ver="2.3">``, plain or gzip) → :class:`GameRecord`.

Physical tile ids are exact (136 ids). Calls are decoded from the 16-bit ``m`` codes; three-player
and chip-rule games raise :class:`UnsupportedLog`. When the log has its ``SHUFFLE`` seed, each
hand gets its full wall (:mod:`jantaku.formats.tenhou_wall`), kept only if it agrees with every
tile the log shows."""

from __future__ import annotations

import dataclasses
import re
import urllib.parse
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

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
from jantaku.formats.tenhou_wall import SEED_PREFIX, tenhou_walls
from jantaku.formats.wall import seen_positions
from jantaku.formats.yaku_names import yaku_id
from jantaku.tiles import Tile, Wind

__all__ = ["decode_meld", "read_mjlog", "read_mjlog_text", "rules_from_go_type"]

_LIMITS = (Limit.NONE, Limit.MANGAN, Limit.HANEMAN, Limit.BAIMAN, Limit.SANBAIMAN, Limit.YAKUMAN)
_DRAW_TYPES = {
    "yao9": DrawKind.NINE_TERMINALS,
    "reach4": DrawKind.FOUR_RIICHI,
    "ron3": DrawKind.TRIPLE_RON,
    "kan4": DrawKind.FOUR_KANS,
    "kaze4": DrawKind.FOUR_WINDS,
    "nm": DrawKind.NAGASHI_MANGAN,
}


def rules_from_go_type(go_type: int) -> RulesInfo:
    """The rules a ``GO type`` bit field states; raises UnsupportedLog for what we do not play."""
    if go_type & 0x10:
        raise UnsupportedLog(f"three-player game (GO type {go_type})")
    if go_type & 0x200:
        raise UnsupportedLog(f"chip (祝儀) rules (GO type {go_type})")
    special: list[str] = []
    if go_type & 0x40:
        special.append("fast")
    if go_type & 0x100:
        special.append("hidden_discards")
    room = {0x00: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}[go_type & 0xA0]
    special.append(f"room_{room}")
    if not go_type & 0x01:
        special.append("vs_computer")
    if go_type & ~0x3FF:
        special.append(f"unknown_flags_{go_type & ~0x3FF:#x}")
    red = 0 if go_type & 0x02 else 1
    return RulesInfo(
        players=4,
        red_fives=(red, red, red),
        open_tanyao=not go_type & 0x04,
        length=Length.EAST_SOUTH if go_type & 0x08 else Length.EAST_ONLY,
        special=tuple(special),
        raw=f"GO type={go_type}",
    )


def _tenhou_order(ids: list[int]) -> tuple[int, ...]:
    """Tenhou's order of the tiles a call takes from the hand: by kind, a red five (copy 0 of a
    five) after the plain ones."""
    return tuple(sorted(ids, key=lambda i: (i // 4, i % 4 == 0 and i // 4 in (4, 13, 22), i)))


def decode_meld(who: int, m: int) -> tuple[CallKind, tuple[int, ...], int | None, int | None]:
    """Decode an ``N m=`` code: (kind, 136 ids from the caller's hand, called id, from seat).

    The hand ids are in Tenhou's order (:func:`_tenhou_order`); for an added kan they are the one
    added tile, for a concealed kan all four."""
    offset = m & 3
    from_seat = (who + offset) % 4
    if m & 0x4:  # chi: base run and the copy of each of its three tiles
        t = m >> 10
        r, t = t % 3, t // 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        called = ids[r]
        return CallKind.CHI, _tenhou_order([i for i in ids if i != called]), called, from_seat
    if m & 0x18:  # pon or added kan
        t = m >> 9
        r, t = t % 3, t // 3
        unused = (m >> 5) & 3
        ids = [t * 4 + i for i in range(4) if i != unused]
        called = ids[r]
        if m & 0x10:
            return CallKind.ADDED_KAN, (t * 4 + unused,), None, None
        return CallKind.PON, _tenhou_order([i for i in ids if i != called]), called, from_seat
    if m & 0x20:
        raise ValueError("a nukidora (three-player) code")
    hai = m >> 8
    ids = [hai // 4 * 4 + i for i in range(4)]
    if offset == 0:
        return CallKind.CONCEALED_KAN, _tenhou_order(ids), None, None
    return CallKind.OPEN_KAN, _tenhou_order([i for i in ids if i != hai]), hai, from_seat


def read_mjlog(path: str | Path) -> GameRecord:
    """Read a file (gzip detected by its magic bytes)."""
    text = read_log_text(path)
    return read_mjlog_text(text, str(path))


def _ints(value: str | None) -> list[int]:
    return [int(x) for x in value.split(",")] if value else []


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.rules = rules_from_go_type(169)
        self.names: tuple[str, ...] = ("", "", "", "")
        self.hands: list[HandRecord] = []
        self.cur: dict[str, object] | None = None
        self.actions: list[Action] = []
        self.wins: list[WinResult] = []
        self.draw: DrawResult | None = None
        self.doras: list[Tile] = []
        self.ura: tuple[Tile, ...] = ()
        self.last_kan_seat: int | None = None
        self.last_drawer = 0
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.start_scores: tuple[int, ...] | None = None
        self.walls: Iterator[tuple[tuple[int, ...], tuple[int, int]]] | None = None
        self.wall: tuple[Tile, ...] | None = None
        self.warnings: list[str] = []

    def tile(self, index: int) -> Tile:
        if not 0 <= index < 136:
            raise ValueError(f"tile id {index} is outside 0-135")
        return make_tile(index, self.rules.red_fives)

    def tiles(self, value: str | None) -> tuple[Tile, ...]:
        return tuple(self.tile(i) for i in _ints(value))

    def flush(self) -> None:
        if self.cur is None:
            return
        c = self.cur
        result = HandResult(tuple(self.wins), self.draw) if (self.wins or self.draw) else None
        hand = HandRecord(
            round_wind=Wind(int(c["round"]) // 4),  # type: ignore[call-overload]
            number=int(c["oya"]),  # type: ignore[call-overload]
            honba=int(c["honba"]),  # type: ignore[call-overload]
            riichi_deposits=int(c["sticks"]),  # type: ignore[call-overload]
            scores=c["scores"],  # type: ignore[arg-type]
            dora_indicators=tuple(self.doras),
            ura_indicators=self.ura,
            hands=c["hands"],  # type: ignore[arg-type]
            actions=tuple(self.actions),
            result=result,
        )
        if self.wall is not None:
            seen = seen_positions(hand)
            if all(self.wall[p] == t for p, t in seen.items()):
                hand = dataclasses.replace(hand, wall=self.wall)
            else:
                self.warnings.append(f"hand {len(self.hands) + 1}: the SHUFFLE wall does not fit")
        self.hands.append(hand)
        self.cur = None

    def element(self, el: ET.Element) -> None:
        tag, a = el.tag, el.attrib
        if tag == "SHUFFLE" and a.get("seed", "").startswith(SEED_PREFIX):
            self.walls = tenhou_walls(a["seed"])
        elif tag == "GO":
            self.rules = rules_from_go_type(int(a["type"]))
        elif tag == "UN" and "n0" in a:
            if self.cur is None and not self.hands:
                self.names = tuple(urllib.parse.unquote(a.get(f"n{i}", "")) for i in range(4))
        elif tag == "INIT":
            self.flush()
            seed = _ints(a["seed"])
            hands = tuple(self.tiles(a[f"hai{i}"]) for i in range(4))
            scores = tuple(x * 100 for x in _ints(a["ten"]))
            if int(a["oya"]) != seed[0] % 4:
                raise ValueError("oya does not match the round number of the seed")
            self.cur = {
                "round": seed[0],
                "honba": seed[1],
                "sticks": seed[2],
                "oya": int(a["oya"]),
                "scores": scores,
                "hands": hands,
            }
            if self.start_scores is None:
                self.start_scores = scores
            self.actions, self.wins, self.draw = [], [], None
            self.doras, self.ura = [self.tile(seed[5])], ()
            self.last_kan_seat = None
            self.last_drawer = int(a["oya"])
            if self.walls is not None:
                self.wall = tuple(self.tile(i) for i in next(self.walls)[0])
        elif len(tag) >= 2 and tag[0] in "TUVWDEFG" and tag[1:].isdigit():
            self._tile_event(tag)
        elif tag == "N":
            self._call(int(a["who"]), int(a["m"]))
        elif tag == "REACH":
            who = int(a["who"])
            step = int(a["step"])
            self._need_hand()
            self.actions.append(Riichi(who) if step == 1 else RiichiAccepted(who))
        elif tag == "DORA":
            self._need_hand()
            t = self.tile(int(a["hai"]))
            self.doras.append(t)
            self.actions.append(NewDora(t))
        elif tag == "AGARI":
            self._agari(a)
        elif tag == "RYUUKYOKU":
            self._ryuukyoku(a)
        if "owari" in a:
            ow = a["owari"].split(",")
            self.final_scores = tuple(int(float(x)) * 100 for x in ow[0::2])
            self.final_points = tuple(float(x) for x in ow[1::2])

    def _need_hand(self) -> None:
        if self.cur is None:
            raise ValueError("an event before the first INIT")

    def _tile_event(self, tag: str) -> None:
        self._need_hand()
        t = self.tile(int(tag[1:]))
        if tag[0] in "TUVW":
            seat = "TUVW".index(tag[0])
            self.actions.append(Draw(seat, t, replacement=self.last_kan_seat == seat))
            self.last_kan_seat = None
            self.last_drawer = seat
        else:
            seat = "DEFG".index(tag[0])
            prev = next(
                (x for x in reversed(self.actions) if not isinstance(x, Riichi | NewDora)), None
            )
            tsumogiri = isinstance(prev, Draw) and prev.seat == seat and prev.tile == t
            self.actions.append(Discard(seat, t, tsumogiri))

    def _call(self, who: int, m: int) -> None:
        self._need_hand()
        kind, hand_ids, called, from_seat = decode_meld(who, m)
        tiles = tuple(self.tile(i) for i in hand_ids)
        called_tile = None if called is None else self.tile(called)
        self.actions.append(Call(who, kind, tiles, called_tile, from_seat))
        if kind in (CallKind.OPEN_KAN, CallKind.ADDED_KAN, CallKind.CONCEALED_KAN):
            self.last_kan_seat = who

    def _agari(self, a: dict[str, str]) -> None:
        self._need_hand()
        who, from_who = int(a["who"]), int(a["fromWho"])
        fu, points, limit = _ints(a["ten"])
        yaku: list[YakuItem] = []
        pairs = _ints(a.get("yaku"))
        for i in range(0, len(pairs), 2):
            tid, han = pairs[i], pairs[i + 1]
            yaku.append(YakuItem(yaku_id(tid), han, tid, f"{tid},{han}"))
        for y in _ints(a.get("yakuman")):
            yaku.append(YakuItem(yaku_id(y), 13, y, str(y)))
        sc = _ints(a["sc"])
        win_tile = self.tile(int(a["machi"]))
        self.ura = self.tiles(a.get("doraHaiUra"))
        self.actions.append(Win(who, from_who, win_tile))
        self.wins.append(
            WinResult(
                seat=who,
                from_seat=from_who,
                deltas=tuple(x * 100 for x in sc[1::2]),
                pao_seat=int(a["paoWho"]) if "paoWho" in a else None,
                han=sum(y.han for y in yaku),
                fu=fu,
                points=points,
                limit=_LIMITS[limit],
                yaku=tuple(yaku),
                hand=self.tiles(a["hai"]),
                win_tile=win_tile,
                raw=a["ten"],
            )
        )

    def _ryuukyoku(self, a: dict[str, str]) -> None:
        self._need_hand()
        kind = _DRAW_TYPES.get(a.get("type", ""), DrawKind.EXHAUSTIVE)
        if "type" in a and a["type"] not in _DRAW_TYPES:
            raise ValueError(f"unknown RYUUKYOKU type {a['type']!r}")
        tenpai = tuple(i for i in range(4) if f"hai{i}" in a)
        if kind is DrawKind.EXHAUSTIVE and not tenpai:
            kind = DrawKind.ALL_NOTEN
        seat = self.last_drawer if kind is DrawKind.NINE_TERMINALS else None
        sc = _ints(a["sc"])
        self.actions.append(Abort(kind, seat))
        exhaustive = kind in (DrawKind.EXHAUSTIVE, DrawKind.ALL_NOTEN, DrawKind.NAGASHI_MANGAN)
        deltas = tuple(x * 100 for x in sc[1::2])
        self.draw = DrawResult(kind, deltas, tenpai if exhaustive else None)


def read_mjlog_text(text: str, source: str = "<mjlog>") -> GameRecord:
    """Read mjlog XML text; errors name ``source``, the line and the tag."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else None
        raise LogFormatError(source, f"broken XML ({exc})", line) from None
    if root.tag != "mjloggm":
        raise LogFormatError(source, f"not an mjlog (root element <{root.tag}>)", 1)
    reader = _Reader(source)
    for number, el in enumerate(root, 1):
        try:
            reader.element(el)
        except UnsupportedLog:
            raise
        except (KeyError, ValueError, IndexError) as exc:
            problem = f"missing attribute {exc}" if isinstance(exc, KeyError) else str(exc)
            shown = " ".join(f'{k}="{v}"' for k, v in list(el.attrib.items())[:3])
            raise LogFormatError(
                source, problem, _line_of(text, number), f"element {number} <{el.tag} {shown}>"
            ) from None
    reader.flush()
    if not reader.hands:
        raise LogFormatError(source, "no INIT: the log holds no hand")
    return GameRecord(
        source=source,
        format=LogFormat.MJLOG,
        rules=reader.rules,
        players=reader.names,
        hands=tuple(reader.hands),
        start_scores=reader.start_scores or (25000,) * 4,
        final_scores=reader.final_scores,
        final_points=reader.final_points,
        game_id=Path(source).stem if source != "<mjlog>" else None,
        extra={"warnings": reader.warnings} if reader.warnings else {},
    )


def _line_of(text: str, number: int) -> int:
    """The line of the ``number``-th child element (mjlog elements are flat; files are often one
    line)."""
    if "\n" not in text:
        return 1
    for count, match in enumerate(_OPEN_TAG.finditer(text)):
        if count == number:  # the root is tag 0
            return text.count("\n", 0, match.start()) + 1
    return 1


_OPEN_TAG = re.compile(r"<(?![/?!])")
