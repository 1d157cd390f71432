"""The special-hand catalogue (spec §4.3): each hand recognised with its value in limits, the
near misses rejected, and the catalogue's knobs (enabled set, values, scoring mode)."""

from __future__ import annotations

from typing import Any

import pytest
from _classical_deal import request, seat

from jantaku.rules.classical import score_request
from jantaku.rules.classical.options import SpecialHandId
from jantaku.rules.classical.special_hands import CATALOGUE


def m(kind: str, tiles: str, open_: bool = True) -> dict[str, Any]:
    return {"type": kind, "tiles": tiles, "open": open_}


def win_by(wind: str, hand: str, tile: str, melds: list[dict[str, Any]] | None = None, **kw: Any):
    how = {"win": "self_draw"} if kw.pop("self_draw", False) else {"win": "discard"}
    if how["win"] == "discard":
        how["discarder"] = kw.pop("discarder", "E" if wind != "E" else "S")
    return request(
        {wind: {"hand": hand, "melds": melds or []}}, winner=wind, win_tile=tile, **how, **kw
    )


# (special hand, request, value in points at limit 5000): every value is the catalogue's (§4.3).
POSITIVE = [
    (
        "himmelsgewinn",
        win_by("E", "123m456p789s111z2z", "2z", self_draw=True, heavenly_hand=True),
        5000,
    ),
    ("erdgewinn", win_by("S", "123m456p789s111z2z", "2z", discarder="E", earthly_hand=True), 5000),
    (
        "drei_grosse_gelehrte",
        win_by("W", "123m9p", "9p", [m("pung", "555z"), m("pung", "666z"), m("pung", "777z")]),
        2500,
    ),
    ("schlange", win_by("W", "1113335557779m", "9m", self_draw=True), 5000),
    ("schlange", win_by("W", "1133355577799s", "9s", self_draw=True), 5000),
    ("gruene_hand", win_by("N", "2223466688s666z", "8s", self_draw=True), 10000),
    ("flush", win_by("E", "456789234p1z", "1z", [m("chow", "123p")]), 2500),
    ("royal_flush", win_by("W", "1233455677899p", "9p"), 5000),
    ("neun_laternen_13", win_by("W", "1112345678999m", "5m", self_draw=True), 5000),
    ("neun_laternen_14", win_by("W", "2345678999m", "5m", [m("pung", "111m")]), 2500),
    ("dreizehn_wunder", win_by("W", "19m19p19s1234567z", "1z"), 5000),
    ("zwillinge_der_erde", win_by("W", "1133m55p77s11z22z3z", "3z"), 2500),
    ("zwillinge_der_erde_einfarbig", win_by("W", "1122335577994p", "4p"), 10000),
    ("zwillinge_des_himmels", win_by("W", "1199m1199p99s11z2z", "2z"), 5000),
    ("zwillinge_des_himmels_ohne_ecksteine", win_by("W", "1122334455667z", "7z"), 10000),
    (
        "himmelsleiter",
        win_by(
            "W",
            "6p",
            "6p",
            [m("pung", "222m"), m("pung", "333p"), m("pung", "444s"), m("pung", "555m")],
        ),
        5000,
    ),
    (
        "himmelsleiter_einfarbig",
        win_by(
            "W",
            "4s",
            "4s",
            [m("pung", "555s"), m("pung", "666s"), m("pung", "777s"), m("kong", "8888s")],
        ),
        10000,
    ),
    (
        "vier_segen",
        win_by(
            "W",
            "5m",
            "5m",
            [m("pung", "111z"), m("pung", "222z"), m("pung", "333z"), m("pung", "444z")],
        ),
        5000,
    ),
]


@pytest.mark.parametrize(
    ("hand", "req", "value"), POSITIVE, ids=[f"{p[0]}-{i}" for i, p in enumerate(POSITIVE)]
)
def test_special_hand_recognised(hand: str, req: dict[str, Any], value: int) -> None:
    result = score_request(req)
    winner = seat(result, result["winner"])
    assert result["win"] is True
    assert winner["special_hand"]["id"] == hand
    assert winner["value"] == value
    assert winner["doubles"] == 0  # no doubles are added to a special hand


def test_every_catalogue_entry_has_a_positive_example() -> None:
    assert {p[0] for p in POSITIVE} == {h.id.value for h in CATALOGUE}


def test_inferred_entries_are_marked() -> None:
    inferred = {h.id for h in CATALOGUE if h.inferred}
    assert inferred == {
        SpecialHandId.DREIZEHN_WUNDER,
        SpecialHandId.ZWILLINGE_ERDE,
        SpecialHandId.ZWILLINGE_ERDE_EINFARBIG,
        SpecialHandId.ZWILLINGE_HIMMEL,
        SpecialHandId.ZWILLINGE_HIMMEL_OHNE_ECKSTEINE,
        SpecialHandId.HIMMELSLEITER,
        SpecialHandId.HIMMELSLEITER_EINFARBIG,
        SpecialHandId.VIER_SEGEN,
    }


NEGATIVE = [
    # a dragon kong is not a pung: no Drei Gelehrte (standard scoring instead)
    win_by("W", "123m9p", "9p", [m("kong", "5555z"), m("pung", "666z"), m("pung", "777z")]),
    # the fourth figure of a Flush from another suit
    win_by("E", "456789p555s1z", "1z", [m("chow", "123p")]),
    # Flush pair of another suit
    win_by("E", "456789234p1s", "1s", [m("chow", "123p")]),
    # four identical tiles are not two of the seven different pairs
    win_by("W", "1111m3355p77s11z2z", "2z"),
    # Himmelsgewinn is East's only
    win_by("S", "123m456p789s111z2z", "2z", self_draw=True),
]


@pytest.mark.parametrize("req", NEGATIVE)
def test_near_misses_are_not_special(req: dict[str, Any]) -> None:
    result = score_request(req)
    winner = seat(result, result["winner"])
    assert winner["special_hand"] is None


def test_nine_lanterns_13_with_a_discard_falls_back_to_14() -> None:
    result = score_request(win_by("W", "1112345678999m", "5m"))
    # by discard the 13-tile form is not declared, but the standard reading (a pure Farbspiel
    # with ohne-Rufe-like value) or the 14-tile form applies: the higher is awarded.
    winner = seat(result, "W")
    assert winner["special_hand"] is None or winner["special_hand"]["id"] == "neun_laternen_14"
    assert winner["value"] >= 2500


def test_disabled_special_hand_is_scored_normally() -> None:
    req = win_by("N", "2223466688s666z", "8s", self_draw=True)
    req["options"] = {"special_hands": [h.value for h in SpecialHandId if h.value != "gruene_hand"]}
    result = score_request(req)
    north = seat(result, "N")
    assert north["special_hand"] is None
    # 20 MJ + 10 Handspiel + b6 b8 pungs 4 + 4 + DG pung 8 = 46; doubles: ohne Rufe 3,
    # Drachenpung 1, Farbspiel 3 + 1 = 2; 46 x 64 = 2944
    assert (north["base"], north["doubles"], north["value"]) == (46, 6, 2944)


def test_special_hand_values_are_an_option() -> None:
    req = win_by("W", "19m19p19s1234567z", "1z")
    req["options"] = {"special_hand_values": {"dreizehn_wunder": 2}}
    assert seat(score_request(req), "W")["value"] == 10000
    req["options"] = {"special_hand_values": {"dreizehn_wunder": 0.5}, "upper_limit": 3000}
    assert seat(score_request(req), "W")["value"] == 1500


def test_higher_of_prefers_the_capped_standard_value() -> None:
    # a concealed pure Flush: standard value exceeds the ½-limit special value
    req = win_by("S", "1234567892344p", "4p", self_draw=True)
    result = score_request(req)
    south = seat(result, "S")
    assert south["special_hand"] is None
    assert south["value"] > 2500
    req["options"] = {"special_hand_scoring": "special_value"}
    south = seat(score_request(req), "S")
    assert south["special_hand"]["id"] == "flush" and south["value"] == 2500


def test_special_hands_ignore_the_lower_limit() -> None:
    req = win_by("S", "123m456p789s111z2z", "2z", discarder="E", earthly_hand=True)
    req["options"] = {"lower_limit": 100000}
    result = score_request(req)
    assert result["win"] is True and seat(result, "S")["value"] == 5000
