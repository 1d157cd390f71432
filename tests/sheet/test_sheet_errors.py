"""Bad entries: each gets a message naming the tile, meld or field, and the rest of the sheet
still computes; only an unusable sheet (top level) fails as a whole."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.sheet import MAX_HANDS, SheetError, compute_sheet
from tests.sheet import classical_evening, riichi_evening
from tests.sheet.riichi_evening import EXPECTED


def _error(out: dict[str, Any], i: int) -> dict[str, str]:
    error = out["hands"][i]["error"]
    assert error is not None
    return error


def test_a_bad_meld_names_the_meld_and_later_hands_still_compute() -> None:
    sheet = riichi_evening.evening()
    hand = sheet["hands"][1]["winners"][0]["hand"]
    hand["hand"] = "234567m345p55s"
    hand["melds"] = [{"type": "chi", "tiles": "579s"}]
    out = compute_sheet(sheet)
    error = _error(out, 1)
    assert error["field"].startswith("hands[1].winners[0].hand.melds[0]")
    assert "579s" in error["message"] and "Ben" in error["message"]
    assert out["hands"][1]["payments"] == [0, 0, 0, 0]
    # Ben's win still passes the deal: every later hand keeps its round; the totals lack the
    # 3,300 Ben would have taken (the stick stays on the table until Anna's win in hand 4)
    assert [h["before"]["round"] for h in out["hands"]] == [e[0] for e in EXPECTED]
    assert out["hands"][2]["totals"] == [25500, 23500, 26500, 23500]
    assert out["errors"] == 1


def test_a_fifth_copy_is_named() -> None:
    sheet = riichi_evening.evening()
    sheet["hands"][1]["winners"][0]["hand"]["dora_indicators"] = "5s5s5s"
    error = _error(compute_sheet(sheet), 1)
    assert "5s" in error["message"] and error["field"].endswith("dora_indicators")


@pytest.mark.parametrize("key", ["seat_wind", "honba", "riichi", "discarder"])
def test_fields_the_sheet_derives_are_refused_by_name(key: str) -> None:
    sheet = riichi_evening.evening()
    sheet["hands"][1]["winners"][0]["hand"][key] = "E" if key == "seat_wind" else 0
    error = _error(compute_sheet(sheet), 1)
    assert key in error["message"]


def test_a_ron_needs_a_discarder_and_riichi_needs_a_thousand_points() -> None:
    sheet = riichi_evening.evening()
    sheet["hands"][1]["discarder"] = None
    assert "discarder" in _error(compute_sheet(sheet), 1)["message"]
    sheet = riichi_evening.evening()
    sheet["hands"] = [{"kind": "draw", "tenpai": [], "riichi": [0]}]
    assert "not listed as ready" in _error(compute_sheet(sheet), 0)["message"]


def test_a_classical_loser_hand_error_names_its_player() -> None:
    sheet = classical_evening.evening()
    sheet["hands"][0]["players"][1]["hand"] = "1357m24p"
    out = compute_sheet(sheet)
    error = _error(out, 0)
    assert error["field"].startswith("hands[0].players[1]")
    # the winner still passes the deal on: the Störspiel hand is scored with Ben as East
    assert out["hands"][1]["error"] is None
    assert out["hands"][1]["payments"] == [0, -3200, 3200, 0]


def test_a_winner_below_the_lower_limit_may_not_declare_mahjong() -> None:
    sheet = classical_evening.evening()
    # §10.7: open chows c123 and b456, concealed s789, open DG pung, pair c5: 48 < 100
    hand = classical_evening.limit_hand()
    del hand["last_wall_tile"]
    sheet["hands"][0] = {**hand, "win": "discard", "discarder": 3}
    sheet["hands"][0]["players"][2] = {
        "hand": "78m55p",
        "melds": [
            {"type": "chow", "tiles": "123p"},
            {"type": "chow", "tiles": "456s"},
            {"type": "pung", "tiles": "666z"},
        ],
    }
    sheet["hands"][0]["win_tile"] = "9m"  # 78m waits on 6m and 9m: no single-wait premium
    error = _error(compute_sheet(sheet), 0)
    assert "48" in error["message"] and "lower limit 100" in error["message"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"preset": "mahjong-soul"}, "preset"),
        ({"version": 2}, "version"),
        ({"players": ["a", "b", "c"]}, "players"),
        ({"players": ["a", "b", "c", "A"]}, "players"),
        ({"options": {"no_such_option": 1}}, "options"),
        ({"hands": [{"kind": "draw"}] * (MAX_HANDS + 1)}, "hands"),
        ({"family": "classical"}, "family"),
    ],
)
def test_an_unusable_sheet_fails_as_a_whole(change: dict[str, Any], field: str) -> None:
    sheet = {**riichi_evening.evening(), **change}
    with pytest.raises(SheetError) as caught:
        compute_sheet(sheet)
    assert caught.value.field == field


def test_an_unknown_entry_kind_is_an_entry_error() -> None:
    sheet = riichi_evening.evening()
    sheet["hands"].insert(0, {"kind": "chombo"})
    sheet["hands"].insert(0, "not an object")
    out = compute_sheet(sheet)
    assert out["errors"] == 2
    assert "chombo" in _error(out, 1)["message"]
    assert [h["totals"] for h in out["hands"][2:]] == [e[4] for e in EXPECTED]


def test_four_riichi_aborts_only_where_the_preset_has_it() -> None:
    entry = {"kind": "abortive", "reason": "four_riichi", "riichi": [0, 1, 2, 3]}
    sheet = {**riichi_evening.evening(), "hands": [entry]}
    error = _error(compute_sheet(sheet), 0)
    assert error["field"] == "hands[0].reason" and "triple_ron" in error["message"]
    out = compute_sheet({**sheet, "preset": "tenhou"})
    # Tenhou: all four sticks stay on the table, the dealer repeats with a honba (§8 Q9)
    assert out["hands"][0]["error"] is None
    assert out["hands"][0]["totals"] == [24000] * 4
    assert (out["hands"][0]["after"]["sticks"], out["hands"][0]["after"]["honba"]) == (4, 1)
    assert out["hands"][0]["after"]["dealer"] == 0


def test_a_refusal_carries_a_code_and_its_values_for_a_client_to_word() -> None:
    """The message is English; the code and the player's sheet index let a German page say it."""
    sheet = riichi_evening.evening()
    winner = sheet["hands"][1]["winners"][0]
    winner["hand"] = {"hand": "123m456p789s234s1z", "win_tile": "1z", "win": "ron"}
    error = _error(compute_sheet(sheet), 1)
    assert error["code"] == "not_a_win"
    assert error["params"] == {"player": winner["player"], "reason": "no_yaku"}


_SCORER_REFUSALS = [
    ({"hand": "123m456p789s234s"}, "hand_size", {"count": 12, "melds": 0, "expected": 13}),
    ({"hand": "123m456p789s234s1z", "ippatsu": True}, "flags", {"rule": "ippatsu_riichi"}),
    ({"hand": "123m456p789s234s1z", "haitei": True}, "flags", {"rule": "haitei_tsumo"}),
    ({"hand": "123m456p789s2x34s1z"}, "notation", {"text": "123m456p789s2x34s1z", "position": 14}),
    (
        {"hand": "123m456p789s1z", "melds": [{"type": "pon", "tiles": "123s"}]},
        "bad_meld",
        {"kind": "pon", "tiles": "123s"},
    ),
    (
        {"hand": "123m456p789s1z", "melds": [{"type": "pon", "tiles": "22s"}]},
        "meld_size",
        {"kind": "pon", "size": 3, "count": 2},
    ),
    ({"hand": "123m456p789s234s1z", "dora_indicators": "1z1z1z"}, "five_copies", {"tile": "1z"}),
    ({"hand": "123m456p789s234s", "win_tile": "1z1z"}, "win_tile_count", {"count": 2}),
]


@pytest.mark.parametrize(("hand", "code", "params"), _SCORER_REFUSALS)
def test_the_scorers_own_refusals_carry_a_code_and_its_values(
    hand: dict[str, Any], code: str, params: dict[str, Any]
) -> None:
    """A hand written wrongly is refused by the scorer; its English message stood on a German
    page. The code and values (and the player's sheet index) let the page word it."""
    sheet = riichi_evening.evening()
    winner = sheet["hands"][1]["winners"][0]
    winner["hand"] = {"win_tile": "1z", "win": "ron", **hand}
    error = _error(compute_sheet(sheet), 1)
    assert (error["code"], error["params"]) == (code, {**params, "player": winner["player"]})
    assert error["message"]  # the English message stays for the terminal and the CSV


def test_a_classical_hand_of_a_wrong_size_carries_a_code() -> None:
    sheet = classical_evening.evening()
    entry = next(h for h in sheet["hands"] if h["kind"] == "mahjong")
    index = sheet["hands"].index(entry)
    entry["players"][2]["hand"] = "123m"
    entry["players"][2].pop("melds", None)
    error = _error(compute_sheet(sheet), index)
    assert error["code"] == "figures_size"
    assert error["params"] == {"count": 3, "figures": 0, "expected": 13, "player": 2}
