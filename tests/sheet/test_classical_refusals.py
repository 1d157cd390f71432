"""A classical hand written wrongly is refused with a code and its values (docs/sheet.md), so
that the page words it in its reader's language; they came as the generic ``bad_hand`` (the
English message plus the field on a German page). Each code has a text in both languages."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from jantaku.sheet import compute_sheet
from tests.server.js_labels import read_dictionary
from tests.sheet import classical_evening

I18N = Path(__file__).parents[2] / "src" / "jantaku" / "server" / "static" / "js" / "i18n"
WINNER = 2
"""Cleo wins the settlement hand (classical_evening.settlement_hand) on Dirk's 3z."""

Change = Callable[[dict[str, Any]], None]


def _player(i: int, key: str, value: Any) -> Change:
    return lambda entry: entry["players"][i].__setitem__(key, value)


def _meld(meld: dict[str, Any]) -> Change:
    return lambda entry: entry["players"][WINNER]["melds"].__setitem__(0, meld)


def _win(**keys: Any) -> Change:
    return lambda entry: entry.update(keys)


def _self_draw(**keys: Any) -> Change:
    def change(entry: dict[str, Any]) -> None:
        del entry["discarder"]
        entry.update(win="self_draw", **keys)

    return change


REFUSALS: list[tuple[str, Change, str, dict[str, Any]]] = [
    ("red five", _player(WINNER, "hand", "222m608s3z"), "no_red_fives", {"player": WINNER}),
    (
        "notation",
        _player(WINNER, "hand", "222m67xs3z"),
        "notation",
        {"text": "222m67xs3z", "position": 7, "player": WINNER},
    ),
    (
        "flower in the hand",
        _player(WINNER, "hand", "222m678s3z1f"),
        "bonus_misplaced",
        {"part": "hand", "player": WINNER},
    ),
    ("a suit tile as bonus", _player(1, "bonus", "1m"), "not_bonus", {"player": 1}),
    (
        "flower in a meld",
        _meld({"type": "pung", "tiles": "111f"}),
        "bonus_misplaced",
        {"part": "meld", "player": WINNER},
    ),
    (
        "concealed pung",
        _meld({"type": "pung", "tiles": "666z", "open": False}),
        "concealed_figure",
        {"kind": "pung", "player": WINNER},
    ),
    (
        "pung of two",
        _meld({"type": "pung", "tiles": "66z"}),
        "meld_size",
        {"kind": "pung", "size": 3, "count": 2, "player": WINNER},
    ),
    (
        "kong of five",
        _meld({"type": "kong", "tiles": "66666z"}),
        "meld_size",
        {"kind": "kong", "size": 4, "count": 5, "player": WINNER},
    ),
    (
        "no pung",
        _meld({"type": "pung", "tiles": "667z"}),
        "bad_meld",
        {"kind": "pung", "tiles": "667z", "player": WINNER},
    ),
    ("two winning tiles", _win(win_tile="3z3z"), "win_tile_count", {"count": 2, "player": WINNER}),
    (
        "a flower as winning tile",
        _win(win_tile="1f"),
        "bonus_misplaced",
        {"part": "win_tile", "player": WINNER},
    ),
    ("own discard", _win(discarder=WINNER), "winner_discarder", {"player": None}),
    (
        "heavenly hand of West",
        _self_draw(heavenly_hand=True),
        "flags",
        {"rule": "heavenly_hand_east", "player": WINNER},
    ),
    (
        "earthly hand on North's discard",
        _win(earthly_hand=True),
        "flags",
        {"rule": "earthly_hand_east", "player": WINNER},
    ),
    (
        "last wall tile on a discard",
        _win(last_wall_tile=True),
        "flags",
        {"rule": "last_wall_tile_self_draw", "player": WINNER},
    ),
    (
        "robbing a kong by self-draw",
        _self_draw(robbing_kong=True),
        "flags",
        {"rule": "robbing_kong_discard", "player": WINNER},
    ),
    ("Störspiel of East", _win(danger_violation=0), "danger_discarder", {"player": None}),
    (
        "five copies on the table",
        _player(3, "hand", "2468m13579p1333z"),
        "table_copies",
        {"tile": "3z", "count": 5, "limit": 4, "player": None},
    ),
]


def _refusal(change: Change) -> dict[str, Any]:
    sheet = copy.deepcopy(classical_evening.evening())
    index = next(i for i, h in enumerate(sheet["hands"]) if h["kind"] == "mahjong")
    change(sheet["hands"][index])
    error = compute_sheet(sheet)["hands"][index]["error"]
    assert error is not None
    return error


@pytest.mark.parametrize(
    ("change", "code", "params"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_a_classical_refusal_carries_a_code_and_its_values(
    change: Change, code: str, params: dict[str, Any]
) -> None:
    error = _refusal(change)
    assert (error["code"], error["params"]) == (code, params)
    assert error["message"]  # the English message stays for the terminal and the CSV


def test_the_winning_tile_and_the_flags_are_refused_as_the_winners() -> None:
    """The page marks the field that is wrong and names whose hand it is."""
    error = _refusal(_win(win_tile="3z3z"))
    assert error["field"].endswith(".win_tile")
    assert error["message"].startswith("Cleo's hand: ")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_classical_refusal_has_a_text(lang: str) -> None:
    labels = read_dictionary(I18N / f"sheet.{lang}.js")
    missing = []
    for name, change, _code, _params in REFUSALS:
        error = _refusal(change)
        keys = [f"sheet.refused.{error['code']}"]
        if error["code"] == "flags":
            keys.append(f"sheet.flag_rule.{error['params']['rule']}")
        missing += [f"{name}: {k}" for k in keys if k not in labels]
    assert missing == []
