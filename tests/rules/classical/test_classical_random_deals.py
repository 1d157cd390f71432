"""Seeded random finished deals through ``score_request``: whatever the hands, the settlement sums
to zero, every seat's items add up to its base and doubles, values respect the limits, and the
winner is paid 4x (6x as East) his value when nobody pays for all."""

from __future__ import annotations

import random
from typing import Any

import pytest

from jantaku.rules.classical import score_request
from jantaku.tiles import TileKind

WINDS = "ESWN"
KINDS = list(TileKind)[:34]


def _take(wall: list[int], kind: int, n: int) -> bool:
    if wall[kind] < n:
        return False
    wall[kind] -= n
    return True


def _notation(kinds: list[int]) -> str:
    return "".join(f"{KINDS[k].number}{KINDS[k].letter}" for k in sorted(kinds))


def _random_deal(rng: random.Random) -> dict[str, Any]:
    wall = [4] * 34
    bonus = [f"{i}f" for i in range(1, 5)] + [f"{i}y" for i in range(1, 5)]
    rng.shuffle(bonus)
    winner = rng.choice(WINDS + "-")  # "-" : a Remis
    players = []
    win_tile = None
    for wind in WINDS:
        melds: list[dict[str, Any]] = []
        hidden: list[int] = []
        figures = 4 if wind == winner else rng.randint(0, 4)
        laid = rng.randint(0, figures)
        while len(melds) + len(hidden) // 3 < figures:
            if rng.random() < 0.5:
                start = rng.choice([s + v for s in (0, 9, 18) for v in range(7)])
                if not all(_take(wall, start + i, 1) for i in range(3)):
                    continue
                tiles, kind = [start, start + 1, start + 2], "chow"
            else:
                k = rng.randrange(34)
                size = 4 if rng.random() < 0.2 and len(melds) < laid else 3
                if not _take(wall, k, size):
                    continue
                tiles, kind = [k] * size, "kong" if size == 4 else "pung"
            if len(melds) < laid:
                is_open = not (kind == "kong" and rng.random() < 0.3)
                melds.append({"type": kind, "tiles": _notation(tiles), "open": is_open})
            else:
                hidden += tiles[:3]
                if len(tiles) == 4:
                    wall[tiles[0]] += 1
        if wind == winner:
            while True:
                k = rng.randrange(34)
                if _take(wall, k, 2):
                    hidden += [k, k]
                    break
            win_tile = hidden.pop(rng.randrange(len(hidden)))
        else:
            need = 13 - 3 * len(melds) - len(hidden)
            while need:
                k = rng.randrange(34)
                if _take(wall, k, 1):
                    hidden.append(k)
                    need -= 1
        players.append(
            {
                "seat_wind": wind,
                "hand": _notation(hidden),
                "melds": melds,
                "bonus": "".join(bonus.pop() for _ in range(rng.choice([0, 0, 1, 2]))),
            }
        )
    req: dict[str, Any] = {
        "rules": "sontag",
        "round_wind": rng.choice(WINDS),
        "players": players,
        "winner": None,
    }
    if winner != "-":
        assert win_tile is not None
        req.update(winner=winner, win_tile=f"{KINDS[win_tile].number}{KINDS[win_tile].letter}")
        if rng.random() < 0.4:
            req.update(win="self_draw", last_wall_tile=rng.random() < 0.1)
        else:
            discarder = rng.choice([w for w in WINDS if w != winner])
            req.update(win="discard", discarder=discarder, last_discard=rng.random() < 0.1)
            if rng.random() < 0.2:
                req["danger_violation"] = discarder
        req["options"] = {"lower_limit": rng.choice([0, 100])}
    return req


@pytest.mark.parametrize("seed", range(300))
def test_random_deal_invariants(seed: int) -> None:
    result = score_request(_random_deal(random.Random(seed)))
    assert sum(result["settlement"].values()) == 0
    for seat in result["players"]:
        if seat["special_hand"] is None:
            assert seat["base"] == sum(i["points"] for i in seat["items"])
            assert seat["doubles"] == sum(i["doubles"] for i in seat["items"])
            assert seat["raw_value"] == seat["base"] * 2 ** seat["doubles"]
            assert seat["value"] == min(seat["raw_value"], result["upper_limit"])
        else:
            assert seat["winner"] and seat["doubles"] == 0
    if not result["win"]:
        assert all(v == 0 for v in result["settlement"].values())
        return
    winner = next(s for s in result["players"] if s["winner"])
    if winner["special_hand"] is None:
        assert winner["raw_value"] >= result["lower_limit"]
    stoer = result["stoerspiel"]
    if stoer is None or not stoer["pays_for_all"]:
        factor = 6 if result["winner"] == "E" else 4
        received = sum(p["amount"] for p in result["payments"] if p["payee"] == result["winner"])
        assert received == winner["value"] * factor
