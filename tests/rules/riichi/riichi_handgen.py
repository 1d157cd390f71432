"""Random winning riichi hands for the differential test and the benchmark, with converters to a
jantaku ``WinContext`` and to a call of the PyPI ``mahjong`` package's ``HandCalculator``.

A case is a plain dict of Tenhou 136 ids (16, 52, 88 are the red fives), so both scorers see the
very same physical tiles."""

from __future__ import annotations

import random
from typing import Any

from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.riichi import WinContext
from jantaku.tiles import Tile, TileKind, Wind, format_tiles

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = (19, 20, 21, 23, 25, 32)


def _take(pool: dict[int, list[int]], kind: int, n: int, rng: random.Random) -> list[int] | None:
    ids = pool[kind]
    if len(ids) < n:
        return None
    rng.shuffle(ids)
    out = [ids.pop() for _ in range(n)]
    return out


def _kinds_for(style: str, rng: random.Random) -> list[int]:
    if style == "chinitsu":
        s = rng.randrange(3) * 9
        return list(range(s, s + 9))
    if style == "honitsu":
        s = rng.randrange(3) * 9
        return [*range(s, s + 9), *range(27, 34)]
    if style == "honors":
        return list(range(27, 34))
    if style == "terminals":
        return list(ORPHANS)
    if style == "green":
        return list(GREEN)
    if style == "dragons":
        s = rng.randrange(3) * 9
        return [31, 32, 33, 31, 32, 33, 27, 28, *range(s, s + 9)]
    return list(range(34))


def generate(rng: random.Random) -> dict[str, Any]:
    """One random winning hand with random melds, flags, winds and dora."""
    while True:
        case = _try_generate(rng)
        if case is not None:
            return case


def _try_generate(rng: random.Random) -> dict[str, Any] | None:
    pool = {k: list(range(4 * k, 4 * k + 4)) for k in range(34)}
    style = rng.choices(
        [
            "any",
            "chinitsu",
            "honitsu",
            "honors",
            "terminals",
            "green",
            "pairs",
            "kokushi",
            "dragons",
            "gates",
        ],
        [56, 9, 11, 3, 5, 2, 6, 2, 4, 2],
    )[0]
    melds: list[tuple[str, list[int], int]] = []
    concealed: list[int] = []
    if style == "pairs":
        kinds = rng.sample(_kinds_for(rng.choice(["any", "any", "honitsu", "chinitsu"]), rng), 7)
        for k in kinds:
            got = _take(pool, k, 2, rng)
            if got is None:
                return None
            concealed += got
    elif style == "gates":
        base = rng.randrange(3) * 9
        for k, n in zip(range(base, base + 9), (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True):
            got = _take(pool, k, n, rng)
            assert got
            concealed += got
        extra = _take(pool, base + rng.randrange(9), 1, rng)
        assert extra
        concealed += extra
    elif style == "kokushi":
        for k in ORPHANS:
            got = _take(pool, k, 1, rng)
            assert got
            concealed += got
        extra = _take(pool, rng.choice(ORPHANS), 1, rng)
        if extra is None:
            return None
        concealed += extra
    else:
        kinds = _kinds_for(style, rng)
        n_open = rng.choices([0, 1, 2, 3, 4], [45, 22, 15, 10, 8])[0]
        for i in range(4):
            chow_ok = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds]
            want_chow = chow_ok and rng.random() < (0.6 if style == "any" else 0.4)
            is_meld = i < n_open
            if want_chow:
                k = rng.choice(chow_ok)
                tiles = []
                for j in range(3):
                    got = _take(pool, k + j, 1, rng)
                    if got is None:
                        return None
                    tiles += got
                if is_meld:
                    melds.append(("chi", tiles, rng.choice(tiles)))
                else:
                    concealed += tiles
            else:
                k = rng.choice(kinds)
                kan = (is_meld and rng.random() < 0.25) or (not is_meld and rng.random() < 0.04)
                got = _take(pool, k, 4 if kan else 3, rng)
                if got is None:
                    return None
                if kan:
                    kind = "ankan" if not is_meld else rng.choice(["kan", "kakan"])
                    melds.append((kind, got, got[0]))
                elif is_meld:
                    melds.append(("pon", got, got[0]))
                else:
                    concealed += got
        pk = rng.choice(kinds)
        got = _take(pool, pk, 2, rng)
        if got is None:
            return None
        concealed += got
    win = rng.choice(concealed)
    concealed.remove(win)
    open_hand = any(m[0] != "ankan" for m in melds)
    has_kan = any(m[0] in ("kan", "kakan", "ankan") for m in melds)
    tsumo = rng.random() < 0.45
    riichi = not open_hand and rng.random() < 0.45
    double_riichi = riichi and rng.random() < 0.1
    ippatsu = riichi and rng.random() < 0.2
    last = rng.random() < 0.08
    rinshan = tsumo and has_kan and rng.random() < 0.3
    chankan = not tsumo and not last and rng.random() < 0.04
    first_turn = tsumo and not melds and not riichi and rng.random() < 0.02
    remaining = [i for ids in pool.values() for i in ids]
    dora = rng.sample(remaining, rng.choice([1, 1, 1, 2, 3]))
    ura = rng.sample([i for i in remaining if i not in dora], len(dora)) if riichi else []
    return {
        "hand": sorted(concealed),
        "melds": melds,
        "win": win,
        "tsumo": tsumo,
        "riichi": riichi and not double_riichi,
        "double_riichi": double_riichi,
        "ippatsu": ippatsu,
        "haitei": last and tsumo and not rinshan,
        "houtei": last and not tsumo,
        "rinshan": rinshan,
        "chankan": chankan,
        "first_turn": first_turn,
        "seat": rng.randrange(4),
        "round": rng.randrange(2),
        "dora": dora,
        "ura": ura,
        "honba": rng.choice([0, 0, 0, 1, 2, 5]),
        "deposits": rng.choice([0, 0, 1, 2]),
    }


_MELD_KIND = {
    "chi": (MeldKind.CHOW, None),
    "pon": (MeldKind.PUNG, None),
    "kan": (MeldKind.KONG, KongKind.EXPOSED),
    "kakan": (MeldKind.KONG, KongKind.ADDED),
    "ankan": (MeldKind.KONG, KongKind.CONCEALED),
}
_RED = (16, 52, 88)


def tile(i: int, red: bool = True) -> Tile:
    return Tile(i, red and i in _RED)


def to_context(case: dict[str, Any], red: bool = True) -> WinContext:
    melds = []
    for kind, ids, called in case["melds"]:
        mk, kong = _MELD_KIND[kind]
        tiles = tuple(sorted((tile(i, red) for i in ids), key=lambda t: t.index))
        melds.append(
            Meld(
                mk,
                tiles,
                kong,
                None if kind == "ankan" else tile(called, red),
                None if kind == "ankan" else 3,
            )
        )
    return WinContext(
        hand=tuple(tile(i, red) for i in case["hand"]),
        win_tile=tile(case["win"], red),
        melds=tuple(melds),
        tsumo=case["tsumo"],
        seat_wind=Wind(case["seat"]),
        round_wind=Wind(case["round"]),
        dora_indicators=tuple(TileKind(i // 4) for i in case["dora"]),
        ura_indicators=tuple(TileKind(i // 4) for i in case["ura"]),
        riichi=case["riichi"],
        double_riichi=case["double_riichi"],
        ippatsu=case["ippatsu"],
        haitei=case["haitei"],
        houtei=case["houtei"],
        rinshan=case["rinshan"],
        chankan=case["chankan"],
        first_turn=case["first_turn"],
        honba=case["honba"],
        deposits=case["deposits"],
    )


class MahjongOracle:
    """The PyPI ``mahjong`` package set up like the ``tenhou`` preset."""

    def __init__(self) -> None:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
        from mahjong.meld import Meld as MMeld

        self.calc = HandCalculator()
        self.HandConfig = HandConfig
        self.MMeld = MMeld
        self.rules = OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=True,
            has_double_yakuman=False,
            kiriage=False,
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
        )

    def prepare(self, case: dict[str, Any]) -> tuple[Any, ...]:
        M = self.MMeld
        types = {"chi": M.CHI, "pon": M.PON, "kan": M.KAN, "kakan": M.SHOUMINKAN, "ankan": M.KAN}
        melds = [
            M(types[k], sorted(ids), opened=k != "ankan", called_tile=c)
            for k, ids, c in case["melds"]
        ]
        tiles = [*case["hand"], case["win"], *(i for _k, ids, _c in case["melds"] for i in ids)]
        dealer = case["seat"] == 0
        config = self.HandConfig(
            is_tsumo=case["tsumo"],
            is_riichi=case["riichi"] or case["double_riichi"],
            is_daburu_riichi=case["double_riichi"],
            is_ippatsu=case["ippatsu"],
            is_rinshan=case["rinshan"],
            is_chankan=case["chankan"],
            is_haitei=case["haitei"],
            is_houtei=case["houtei"],
            is_tenhou=case["first_turn"] and dealer,
            is_chiihou=case["first_turn"] and not dealer,
            player_wind=27 + case["seat"],
            round_wind=27 + case["round"],
            kyoutaku_number=case["deposits"],
            tsumi_number=case["honba"],
            options=self.rules,
        )
        return tiles, case["win"], melds, case["dora"], config, case["ura"]

    def run(self, prepared: tuple[Any, ...]) -> Any:
        tiles, win, melds, dora, config, ura = prepared
        return self.calc.estimate_hand_value(
            tiles,
            win,
            melds=melds,
            dora_indicators=dora,
            config=config,
            ura_dora_indicators=ura or None,
        )


_WINDS = "ESWN"
_REQUEST_FLAGS = (
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "first_turn",
)  # fmt: skip


def _notation(ids: list[int]) -> str:
    return format_tiles([tile(i) for i in sorted(ids)])


def to_request(case: dict[str, Any]) -> dict[str, Any]:
    """A generated hand as a ``jantaku score`` request (doman preset)."""
    out: dict[str, Any] = {
        "rules": "doman",
        "hand": _notation(case["hand"]),
        "win_tile": _notation([case["win"]]),
        "melds": [{"type": kind, "tiles": _notation(ids)} for kind, ids, _ in case["melds"]],
        "win": "tsumo" if case["tsumo"] else "ron",
        "seat_wind": _WINDS[case["seat"]],
        "round_wind": _WINDS[case["round"]],
        "dora_indicators": _notation(case["dora"]),
        "ura_indicators": _notation(case["ura"]),
        "honba": case["honba"],
        "deposits": case["deposits"],
    }
    out.update({flag: True for flag in _REQUEST_FLAGS if case[flag]})
    return out
