"""``score_request`` and ``explain``: the text agrees with the JSON on every value, the result is
JSON-serialisable, and malformed requests raise one clear ``RequestError`` naming the field."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from _classical_deal import request

from jantaku.errors import JantakuError
from jantaku.rules.classical import RequestError, explain, score_request
from jantaku.rules.classical.names import english_item


def meld(kind: str, tiles: str, open_: bool = True) -> dict[str, Any]:
    return {"type": kind, "tiles": tiles, "open": open_}


REQUESTS = {
    "limit": request(
        {
            "E": {
                "hand": "2377p",
                "melds": [
                    meld("kong", "1111z"),
                    meld("kong", "6666p", False),
                    meld("pung", "999p"),
                ],
                "bonus": "1f",
            }
        },
        winner="E",
        win_tile="4p",
        win="self_draw",
        last_wall_tile=True,
    ),
    "four_players": request(
        {
            "W": {
                "hand": "222m678s3z",
                "melds": [meld("pung", "666z"), meld("chow", "345p")],
                "bonus": "3y",
            },
            "E": {"hand": "999m1357p136s", "melds": [meld("pung", "777z")], "bonus": "2f"},
            "S": {"hand": "1478m258p", "melds": [meld("kong", "5555s"), meld("pung", "222z")]},
        },
        winner="W",
        win_tile="3z",
        win="discard",
        discarder="N",
    ),
    "stoerspiel": request(
        {
            "S": {
                "hand": "4699s",
                "melds": [meld("kong", "7777z"), meld("pung", "333s"), meld("pung", "777s")],
            }
        },
        winner="S",
        win_tile="5s",
        win="discard",
        discarder="E",
        danger_violation="E",
    ),
    "below_limit": request(
        {
            "N": {
                "hand": "78m55p",
                "melds": [meld("chow", "123p"), meld("chow", "456s"), meld("pung", "666z")],
            }
        },
        winner="N",
        win_tile="9m",
        win="discard",
        discarder="W",
    ),
    "special": request(
        {"S": {"hand": "2223466688s666z"}}, winner="S", win_tile="8s", win="self_draw"
    ),
    # a Remis; West holds four undeclared white dragons (a concealed pung)
    "remis": request({"W": {"hand": "5555z123m456p789s"}}),
}


def _blocks(text: str) -> dict[str, list[str]]:
    """Seat wind -> the lines of its block in the explanation."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        head = re.match(r"^([ESWN]) \((winner|loser)\): ", line)
        if head:
            current = head.group(1)
            blocks[current] = [line]
        elif line.startswith("  ") and current is not None and not re.search(r" pays ", line):
            blocks[current].append(line)
        else:
            current = None
    return blocks


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_text_and_json_agree(name: str) -> None:
    result = score_request(REQUESTS[name])
    json.dumps(result)  # serialisable
    text = explain(result)
    blocks = _blocks(text)
    assert set(blocks) == {"E", "S", "W", "N"}
    for seat in result["players"]:
        head, *lines = blocks[seat["seat_wind"]]
        if seat["special_hand"] is None:
            numbers = [int(n) for n in re.findall(r"-?\d+", re.sub(r"\(×\d+\)", "", head))]
            doubles = [seat["doubles"]] if seat["doubles"] else []
            assert numbers[:3] == [seat["base"], *doubles, seat["raw_value"]][:3]
            assert numbers[-1] == seat["value"]
        else:
            assert head.endswith(f"= {seat['value']}")
        assert len(lines) == len(seat["items"])
        for line, item in zip(lines, seat["items"], strict=True):
            body = line.strip()
            name = english_item(item["row"]) + (f" {item['tiles']}" if item["tiles"] else "")
            assert body.startswith(f"{name}: "), "every item names its table row"
            points = doubles = 0
            for part in body[len(name) + 2 :].split(", "):
                number, _, unit = part.partition(" ")
                if unit.startswith("double"):
                    doubles = int(number)
                else:
                    points = int(number)
            assert (points, doubles) == (item["points"], item["doubles"])
    net = dict(re.findall(r"([ESWN]) ([+-]?\d+)", text.splitlines()[-1]))
    assert {w: int(n) for w, n in net.items()} == result["settlement"]
    assert sum(result["settlement"].values()) == 0
    payments = re.findall(r"^  ([ESWN]) pays ([ESWN]) (\d+)", text, re.M)
    assert [(a, b, int(n)) for a, b, n in payments] == [
        (p["payer"], p["payee"], p["amount"]) for p in result["payments"]
    ]


def test_item_text_example() -> None:
    req = request({"S": {"hand": "2345679s777z444z"}}, winner="S", win_tile="9s", win="self_draw")
    text = explain(score_request(req))
    assert "Honour pung, concealed (Trumpfpung, verdeckt) 777z: 8 points" in text
    assert "Mah Jongg without calls (Mah Jongg ohne Rufe): 3 doubles (×8)" in text
    assert "S (winner): base " in text and " · " in text and "Settlement: " in text
    assert not re.search(r"zahlt|Verdopplung|Gewinner|Abrechnung", text)  # one language


def test_below_lower_limit_output() -> None:
    result = score_request(REQUESTS["below_limit"])
    assert result["win"] is False and result["reason"] == "below_lower_limit"
    assert "below_lower_limit" in explain(result)


def test_not_a_winning_hand_is_a_result() -> None:
    req = request({"S": {"hand": "1234679s777z444z"}}, winner="S", win_tile="9s", win="self_draw")
    result = score_request(req)
    assert result["win"] is False and result["reason"] == "not_a_winning_hand"
    assert all(v == 0 for v in result["settlement"].values())


def _with(base: str, path: str, value: Any) -> dict[str, Any]:
    req = copy.deepcopy(REQUESTS[base])
    target: Any = req
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    if value is _DELETE:
        del target[int(last) if last.isdigit() else last]
    elif last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return req


_DELETE = object()

MALFORMED = [
    ("rules", "doman", "rules"),
    ("round_wind", "X", "round_wind"),
    ("players", [], "players"),
    ("players.0.seat_wind", "S", "each seat wind"),
    ("players.0.hand", "12x", "players[0].hand"),
    ("players.0.hand", "2377p1f", "bonus"),
    ("players.0.melds.0.type", "pong", "players[0].melds[0].type"),
    ("players.0.melds.2.open", False, "only a kong"),
    ("players.0.melds.2.tiles", "9999p", "pung has 3 tiles"),
    ("players.0.melds.2.tiles", "789p", "not a pung"),
    ("players.0.bonus", "1m", "players[0].bonus"),
    ("players.0.hand", "23777p", "13-tile hand"),
    ("players.1.hand", "123m", "13-tile hand"),
    ("win_tile", "1f", "win_tile"),
    ("win_tile", _DELETE, "win_tile"),
    ("win", "ron", "win"),
    ("discarder", "S", "discarder"),
    ("last_discard", True, "last_discard"),
    ("last_wall_tile", "yes", "last_wall_tile"),
    ("danger_violation", "N", "danger_violation"),
    ("heavenly", True, "unknown field 'heavenly'"),
    ("options", {"upper_limt": 1}, "options"),
    ("winner", "Q", "winner"),
    ("players.2.hand", "1111p234567m123s", "copies of 1p on the table; the set has 4"),
    ("hand", "234m456p789s1z", "request: unknown field 'hand' (a sontag request gives the four"),
    ("players.0.melds.0", None, "players[0].melds[0]: expected a JSON object, not null"),
    ("players.0.melds.0", "1111z", "players[0].melds[0]: expected a JSON object, not a string"),
    ("players.0.melds.0", [1], "players[0].melds[0]: expected a JSON object, not a list"),
    ("players.0.melds.0", 1.5, "players[0].melds[0]: expected a JSON object, not a number"),
    ("players.0.melds.0", True, "players[0].melds[0]: expected a JSON object, not a boolean"),
]


@pytest.mark.parametrize(("path", "value", "message"), MALFORMED)
def test_malformed_requests(path: str, value: Any, message: str) -> None:
    with pytest.raises(RequestError, match=re.escape(message)) as err:
        score_request(_with("limit", path, value))
    assert isinstance(err.value, JantakuError)
    assert "\n" not in str(err.value)


def test_request_must_be_an_object() -> None:
    with pytest.raises(RequestError, match="expected a JSON object"):
        score_request([])  # type: ignore[arg-type]


def test_remis_with_win_fields_is_malformed() -> None:
    req = copy.deepcopy(REQUESTS["remis"])
    req["win_tile"] = "1m"
    with pytest.raises(RequestError, match="Remis"):
        score_request(req)


def test_discard_win_needs_a_discarder() -> None:
    req = copy.deepcopy(REQUESTS["four_players"])
    req["discarder"] = "W"
    with pytest.raises(RequestError, match="own discard"):
        score_request(req)


def _one_win() -> dict[str, Any]:
    return copy.deepcopy(REQUESTS["four_players"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["players"][0].update(hand="2305p"), "red five"),
        (lambda r: r.update(win_tile="0p"), "win_tile: a red five"),
        (lambda r: r["players"][1].update(bonus="3y"), "2 copies of 3y"),
        (lambda r: r["players"][0].update(bonus="2f2f"), "2 copies of 2f"),
        (lambda r: r["players"][0].update(hand="1" * 5000 + "m"), "5001 characters"),
        (
            lambda r: r["players"][1].update(hand="1499m258p"),
            "copies of 9m on the table; the set has 4",
        ),
    ],
)
def test_tiles_beyond_the_set_are_refused(change: Any, message: str) -> None:
    request = _one_win()
    assert score_request(copy.deepcopy(request))["win"] is True
    change(request)
    with pytest.raises(RequestError, match=message) as info:
        score_request(request)
    assert len(str(info.value)) < 200
