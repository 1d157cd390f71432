"""Corpus test: every AGARI tag of the Tenhou mjlog files in ``mjx/tests_py_mjlog`` and
``mjx/tests_cpp_mjlog`` (621 tags), scored under the ``tenhou`` preset from the recorded hand and
situation, gives the recorded fu, points and limit, the han of the recorded yaku, and the
recorded score changes (honba, riichi deposits and pao included).

A small private reader: AGARI attributes and the 16-bit meld codes (see the data folder's README).
The situational flags come from the recorded yaku ids; the winds from INIT (seed and oya)."""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass

from tests.validation import validation_data

from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.riichi import Limit, NoWin, WinContext, preset, score
from jantaku.tiles import Tile, TileKind, Wind

RED = (16, 52, 88)
TAG = re.compile(r"<(INIT|AGARI)\s([^>]*?)/?>")
ATTR = re.compile(r'(\w+)="([^"]*)"')
LIMITS = {0: None, 1: Limit.MANGAN, 2: Limit.HANEMAN, 3: Limit.BAIMAN, 4: Limit.SANBAIMAN}
# Tenhou yaku ids that are situational flags
FLAG_IDS = {
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    21: "double_riichi",
    37: "first_turn",
    38: "first_turn",
}


def tile(i: int) -> Tile:
    return Tile(i, i in RED)


def decode_meld(m: int) -> Meld:
    """A Tenhou 16-bit meld code as a jantaku meld (``from_seat`` relative to the caller)."""
    src = m & 3
    if m & 4:  # chi
        t = m >> 10
        r = t % 3
        t //= 3
        base = t // 7 * 9 + t % 7
        offsets = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        ids = [(base + i) * 4 + offsets[i] for i in range(3)]
        return Meld(MeldKind.CHOW, tuple(tile(i) for i in ids), None, tile(ids[r]), src)
    if m & 8 or m & 16:  # pon, or kakan (a pon with the fourth tile added)
        other = (m >> 5) & 3
        t = m >> 9
        r = t % 3
        t //= 3
        if m & 8:
            ids = [t * 4 + i for i in range(4) if i != other]
            return Meld(MeldKind.PUNG, tuple(tile(i) for i in ids), None, tile(ids[r]), src)
        ids = [t * 4 + i for i in range(4)]
        pon = [i for i in ids if i != t * 4 + other]
        return Meld(MeldKind.KONG, tuple(tile(i) for i in ids), KongKind.ADDED, tile(pon[r]), src)
    if m & 32:
        raise ValueError("nuki (three-player) is not a four-player meld")
    hai0 = m >> 8
    ids = [hai0 // 4 * 4 + i for i in range(4)]
    if src == 0:
        return Meld(MeldKind.KONG, tuple(tile(i) for i in ids), KongKind.CONCEALED)
    return Meld(MeldKind.KONG, tuple(tile(i) for i in ids), KongKind.EXPOSED, tile(hai0), src)


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


@dataclass
class Agari:
    where: str
    ctx: WinContext
    fu: int
    points: int
    limit: int
    han: int | None  # None for a yakuman
    yakuman: list[int]
    deltas: list[int]  # score change of who, who+1, who+2, who+3 (points)


def read_agari(path: pathlib.Path) -> list[Agari]:
    out: list[Agari] = []
    oya = 0
    round_wind = 0
    previous = ""
    for n, match in enumerate(TAG.finditer(path.read_text())):
        attrs = dict(ATTR.findall(match.group(2)))
        second_ron = previous == "AGARI"
        previous = match.group(1)
        if match.group(1) == "INIT":
            oya = int(attrs["oya"])
            round_wind = ints(attrs["seed"])[0] // 4
            continue
        who, from_who = int(attrs["who"]), int(attrs["fromWho"])
        hai = ints(attrs["hai"])
        machi = int(attrs["machi"])
        hai.remove(machi)
        yaku = ints(attrs.get("yaku", ""))
        yakuman = ints(attrs.get("yakuman", ""))
        ids = yaku[0::2] + yakuman
        flags = {FLAG_IDS[i]: True for i in ids if i in FLAG_IDS}
        honba, sticks = ints(attrs["ba"])
        if second_ron:
            # double ron: honba and sticks go to the winner nearest the discarder only (Q6); the
            # tag repeats the honba count, the engine passes 0 for the other winner
            honba = sticks = 0
        fu, points, limit = ints(attrs["ten"])
        sc = ints(attrs["sc"])
        tsumo = who == from_who
        ctx = WinContext(
            hand=tuple(tile(i) for i in hai),
            win_tile=tile(machi),
            melds=tuple(decode_meld(m) for m in ints(attrs.get("m", ""))),
            tsumo=tsumo,
            seat_wind=Wind((who - oya) % 4),
            round_wind=Wind(round_wind),
            dora_indicators=tuple(TileKind(i // 4) for i in ints(attrs["doraHai"])),
            ura_indicators=tuple(TileKind(i // 4) for i in ints(attrs.get("doraHaiUra", ""))),
            honba=honba,
            deposits=sticks,
            discarder=None if tsumo else (from_who - who) % 4,
            pao=(int(attrs["paoWho"]) - who) % 4 if "paoWho" in attrs else None,
            **flags,
        )
        deltas = [sc[2 * ((who + i) % 4) + 1] * 100 for i in range(4)]
        han = sum(yaku[1::2]) if not yakuman else None
        out.append(Agari(f"{path.name} tag {n}", ctx, fu, points, limit, han, yakuman, deltas))
    return out


def all_agari() -> list[Agari]:
    root = validation_data() / "mjx"
    files = sorted((root / "tests_py_mjlog").glob("*.mjlog")) + sorted(
        (root / "tests_cpp_mjlog").glob("*.mjlog")
    )
    return [a for f in files for a in read_agari(f)]


def test_meld_decoding_known_codes() -> None:
    # the melds of the first AGARI of 2010081709gm-00a9-0000-fe3371ad (yaku 11 = seat wind
    # South): a chi 3-4-5m and pons of South and West, all called from the left
    chi = decode_meld(6367)
    assert chi.kind is MeldKind.CHOW and chi.from_seat == 3
    assert chi.notation == "345m"
    assert decode_meld(43051).notation == "222z"
    assert decode_meld(45067).notation == "333z"


def test_every_mjlog_win_scores_as_recorded() -> None:
    wins = all_agari()
    assert len(wins) == 621
    options = preset("tenhou")
    misses = []
    for a in wins:
        result = score(a.ctx, options)
        if isinstance(result, NoWin):
            misses.append((a.where, "no win", result.reason))
            continue
        got: tuple[object, ...]
        want: tuple[object, ...]
        payments = [result.received, *(-p for p in result.payments)]
        if a.yakuman:
            got = (result.points, result.yakuman, payments)
            want = (a.points, len(a.yakuman), a.deltas)
        else:
            limit = result.limit if result.limit is not Limit.KAZOE_YAKUMAN else "kazoe"
            got = (result.han, result.fu, result.points, limit, payments)
            want_limit = LIMITS.get(a.limit, "kazoe")
            want = (a.han, a.fu, a.points, want_limit, a.deltas)
        if got != want:
            misses.append((a.where, got, want))
    assert not misses, f"{len(misses)} of {len(wins)} differ: {misses[:8]}"
