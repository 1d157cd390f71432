"""Corpus test: RiichiEnv's 816 four-player winning hands (``riichienv/agari_4p.json``, Mahjong Soul
hands plus synthetic yakuman), scored under the ``tenhou`` preset, must give the recorded han and
fu. The data counts the four special yakuman forms double (Mahjong Soul rules), so this test sets
``double_yakuman_patterns``; yakuman stack without a cap as in the ``tenhou`` preset."""

from __future__ import annotations

import json
from typing import Any

from tests.validation import validation_data

from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.riichi import NoWin, WinContext, preset, score
from jantaku.tiles import Tile, TileKind, Wind

RED = (16, 52, 88)
KINDS = {
    "chi": (MeldKind.CHOW, None),
    "pon": (MeldKind.PUNG, None),
    "daiminkan": (MeldKind.KONG, KongKind.EXPOSED),
    "kakan": (MeldKind.KONG, KongKind.ADDED),
    "ankan": (MeldKind.KONG, KongKind.CONCEALED),
}


def tile(i: int) -> Tile:
    return Tile(i, i in RED)


def hand_and_win(case: dict[str, Any]) -> tuple[list[int], int]:
    """The synthetic yakuman cases (803-815) reuse the winning tile's id inside ``tiles_136``
    (13 ids) or list all 14 tiles; take another copy of the kind, or drop the win id."""
    hand = list(case["tiles_136"])
    win = case["win_tile_136"]
    if win in hand:
        if len(hand) + 3 * len(case["melds"]) == 14:
            hand.remove(win)
        else:
            used = set(hand) | {i for m in case["melds"] for i in m["tiles"]}
            win = next(i for i in range(win // 4 * 4, win // 4 * 4 + 4) if i not in used)
    return hand, win


def context(case: dict[str, Any]) -> WinContext:
    cond = case["conditions"]
    hand, win = hand_and_win(case)
    melds = []
    for m in case["melds"]:
        kind, kong = KINDS[m["meld_type"]]
        tiles = tuple(sorted((tile(i) for i in m["tiles"]), key=lambda t: t.index))
        melds.append(Meld(kind, tiles, kong))
    return WinContext(
        hand=tuple(tile(i) for i in hand),
        win_tile=tile(win),
        melds=tuple(melds),
        tsumo=cond["tsumo"],
        seat_wind=Wind(cond["player_wind"]),
        round_wind=Wind(cond["round_wind"]),
        dora_indicators=tuple(TileKind(i // 4) for i in case["dora_indicators"]),
        ura_indicators=tuple(TileKind(i // 4) for i in case["ura_indicators"]),
        riichi=cond["riichi"],
        double_riichi=cond["double_riichi"],
        ippatsu=cond["ippatsu"],
        haitei=cond["haitei"],
        houtei=cond["houtei"],
        rinshan=cond["rinshan"],
        chankan=cond["chankan"],
        first_turn=cond["tsumo_first_turn"],
        honba=cond["honba"],
    )


def test_agari_4p_han_and_fu() -> None:
    cases = json.loads((validation_data() / "riichienv" / "agari_4p.json").read_text())["cases"]
    assert len(cases) == 816
    options = preset("tenhou", double_yakuman_patterns=True)
    misses = []
    for n, case in enumerate(cases):
        result = score(context(case), options)
        want = case["expected"]
        if isinstance(result, NoWin):
            misses.append((n, "no win", result.reason, want))
            continue
        fu = 0 if result.yakuman else result.fu
        if (result.han, fu) != (want["han"], want["fu"]):
            misses.append((n, (result.han, fu), (want["han"], want["fu"])))
    assert not misses, f"{len(misses)} of {len(cases)} differ: {misses[:10]}"
