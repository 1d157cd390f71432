"""A classical evening entered as a score sheet, built from the worked examples of
classical-rules.md §10 (10.5 four-player settlement, 10.6 Störspiel pay-for-all, 10.1 the limit
hand, 10.12 a penalty) with the expected balances written by hand. Tiles: c (Kreise) = p,
b (Bambus) = s, s (Schrift) = m; losers not named in an example hold hands worth 0."""

from __future__ import annotations

from typing import Any

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]


def _pung(tiles: str, open_: bool = True) -> dict[str, Any]:
    return {"type": "pung", "tiles": tiles, "open": open_}


def _kong(tiles: str, open_: bool = True) -> dict[str, Any]:
    return {"type": "kong", "tiles": tiles, "open": open_}


def settlement_hand() -> dict[str, Any]:
    """§10.5, East round: West (Cleo) wins on North's (Dirk's) WW, single wait."""
    return {
        "kind": "mahjong",
        "players": [
            # East: DR pung open, s9 pung concealed in hand, F2 (not own)
            {"hand": "999m135p2468s", "melds": [_pung("777z")], "bonus": "2f"},
            # South: b5 kong open, WS pung open
            {"hand": "1357m246p", "melds": [_kong("5555s"), _pung("222z")]},
            # West (winner): DG pung open, c3c4c5 chow open, s2 and b678 concealed, WW pair
            {
                "hand": "222m678s3z",
                "melds": [_pung("666z"), {"type": "chow", "tiles": "345p"}],
                "bonus": "3y",
            },
            {"hand": "2468m13579p1379s"},  # North: nothing
        ],
        "winner": 2,
        "win_tile": "3z",
        "win": "discard",
        "discarder": 3,
    }


def stoerspiel_hand() -> dict[str, Any]:
    """§10.6: South (Cleo, now that Ben is East) has DR kong, b3 and b7 pungs laid out; East
    (Ben) discards b5, South calls it for Mah Jongg: East pays for all, 4 x 800 = 3200."""
    return {
        "kind": "mahjong",
        "players": [
            {"hand": "1357m2468m13579p"},
            {"hand": "1357m2468m24688p"},
            {"hand": "4699s", "melds": [_kong("7777z"), _pung("333s"), _pung("777s")]},
            {"hand": "13579m12345678p"},
        ],
        "winner": 2,
        "win_tile": "5s",
        "win": "discard",
        "discarder": 1,
        "danger_violation": 1,
    }


def limit_hand() -> dict[str, Any]:
    """§10.1: East (Cleo) self-draws the last tile of the wall: 70 x 2^9 = 35,840, capped at
    5000; East receives 10,000 from each."""
    return {
        "kind": "mahjong",
        "players": [
            {"hand": "1357m2468m13579s"},
            {"hand": "1357m2468m24688s"},
            {
                "hand": "2377p",
                "melds": [_kong("1111z"), _kong("6666p", False), _pung("999p")],
                "bonus": "1f",
            },
            {"hand": "13579m12345678s"},
        ],
        "winner": 2,
        "win_tile": "4p",
        "win": "self_draw",
        "last_wall_tile": True,
    }


def evening() -> dict[str, Any]:
    return {
        "version": 1,
        "preset": "sontag",
        "players": list(NAMES),
        "hands": [
            settlement_hand(),
            stoerspiel_hand(),
            limit_hand(),
            {"kind": "remis"},
            # §10.12: West (Anna, with Cleo East) declared Mah Jongg falsely after a reveal
            {"kind": "penalty", "player": 0, "points": 100, "reason": "false Mah Jongg"},
        ],
    }


# (round and East before the hand, payments, balances after)
EXPECTED = [
    ("E1", [-416, 48, 704, -336], [-416, 48, 704, -336]),
    ("E2", [0, -3200, 3200, 0], [-416, -3152, 3904, -336]),
    ("E3", [-10000, -10000, 30000, -10000], [-10416, -13152, 33904, -10336]),
    ("E3", [0, 0, 0, 0], [-10416, -13152, 33904, -10336]),
    ("E3", [-400, 100, 200, 100], [-10816, -13052, 34104, -10236]),
]
