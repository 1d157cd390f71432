"""Building classical score requests for tests: the hands under test plus zero-scoring fillers."""

from __future__ import annotations

from typing import Any

from jantaku.tiles import TileKind, parse_kinds

SEATS = ("E", "S", "W", "N")


def _used(players: dict[str, dict[str, Any]], win_tile: str | None) -> list[int]:
    used = [0] * 34
    texts = [win_tile or ""]
    for p in players.values():
        texts.append(p.get("hand", ""))
        texts += [m["tiles"] for m in p.get("melds", [])]
    for text in texts:
        for k in parse_kinds(text):
            if k < 34:
                used[k] += 1
    return used


def filler(used: list[int], size: int, avoid: set[int]) -> str:
    """``size`` tiles of distinct suit kinds (no pair, no pung: they score nothing)."""
    out: list[TileKind] = []
    for k in TileKind:
        if len(out) == size:
            break
        if k < 27 and used[k] < 4 and k not in avoid:
            used[k] += 1
            out.append(k)
    assert len(out) == size, "no room for a filler hand"
    return "".join(f"{k.number}{k.letter}" for k in out)


def request(
    players: dict[str, dict[str, Any]], round_wind: str = "E", **top: Any
) -> dict[str, Any]:
    """A full request: seats not given (or given without ``hand``) get a zero-scoring filler."""
    win_tile = top.get("win_tile")
    used = _used(players, win_tile)
    seats = []
    for wind in SEATS:
        p = dict(players.get(wind, {}))
        melds = p.get("melds", [])
        if "hand" not in p:
            own = {int(k) for m in melds for k in parse_kinds(m["tiles"])}
            p["hand"] = filler(used, 13 - 3 * len(melds), own)
        seats.append({"seat_wind": wind, **p})
    req: dict[str, Any] = {"rules": "sontag", "round_wind": round_wind, "players": seats}
    req.setdefault("winner", None)
    req.update(top)
    return req


def seat(result: dict[str, Any], wind: str) -> dict[str, Any]:
    return next(p for p in result["players"] if p["seat_wind"] == wind)


def rows(result: dict[str, Any], wind: str) -> list[tuple[str, int, int]]:
    return [(i["row"], i["points"], i["doubles"]) for i in seat(result, wind)["items"]]
