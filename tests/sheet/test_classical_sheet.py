"""Classical score sheets: East pays and receives double, the losers settle their differences,
the Störspiel pay-for-all, a limit hand, Remis and a penalty, and East's rotation, against the
worked examples of classical-rules.md (tests/sheet/classical_evening.py)."""

from __future__ import annotations

from jantaku.sheet import compute_sheet
from tests.sheet.classical_evening import EXPECTED, evening, stoerspiel_hand


def test_a_classical_evening_gives_the_worked_balances() -> None:
    out = compute_sheet(evening())
    assert [h["error"] for h in out["hands"]] == [None] * 5
    got = [(h["before"]["round"], h["payments"], h["totals"]) for h in out["hands"]]
    assert got == EXPECTED
    assert [(s["player"], s["total"]) for s in out["standings"]] == [
        (2, 34104),
        (3, -10236),
        (0, -10816),
        (1, -13052),
    ]


def test_each_hand_is_explained_in_sheet_order() -> None:
    out = compute_sheet(evening())
    first = out["hands"][0]["results"][0]["score"]
    # §10.5: West 176 (44 x 2^2), East 32, South 96, North 0; players in sheet order
    assert [(p["player"], p["seat_wind"], p["value"]) for p in first["players"]] == [
        (0, "E", 32),
        (1, "S", 96),
        (2, "W", 176),
        (3, "N", 0),
    ]
    assert (first["players"][2]["base"], first["players"][2]["doubles"]) == (44, 2)
    limit = out["hands"][2]["results"][0]["score"]["players"][2]
    assert (limit["base"], limit["doubles"], limit["raw_value"], limit["value"]) == (
        70,
        9,
        35840,
        5000,
    )
    assert out["hands"][1]["results"][0]["score"]["stoerspiel"]["pays_for_all"] is True


def test_east_keeps_the_deal_on_his_own_win_and_passes_it_on_another() -> None:
    out = compute_sheet(evening())
    easts = [h["before"]["dealer"] for h in out["hands"]]
    assert easts == [0, 1, 2, 2, 2]
    assert out["hands"][1]["before"]["seat_winds"] == ["N", "E", "S", "W"]


def test_without_the_violation_every_loser_pays_his_share() -> None:
    sheet = evening()
    hand = stoerspiel_hand()
    del hand["danger_violation"]
    sheet["hands"][1] = hand
    out = compute_sheet(sheet)
    # §10.6: East 1600, West 800, North 800
    assert out["hands"][1]["payments"] == [-800, -1600, 3200, -800]


def test_the_wind_rounds_end_after_the_north_round() -> None:
    sheet = evening()
    # a non-East win every hand passes the deal: 16 passes run through all four wind rounds
    base = stoerspiel_hand()
    del base["danger_violation"]
    losers = [p for i, p in enumerate(base["players"]) if i != 2]
    hands = []
    for i in range(17):
        east = i % 4
        winner = (east + 1) % 4
        rest = iter(losers)
        players = [base["players"][2] if p == winner else next(rest) for p in range(4)]
        hands.append({**base, "players": players, "winner": winner, "discarder": east})
    sheet["hands"] = hands
    out = compute_sheet(sheet)
    rounds = [h["before"]["round"] for h in out["hands"][:16]]
    assert rounds == [f"{w}{n}" for w in "ESWN" for n in range(1, 5)]
    assert [h["error"] for h in out["hands"][:16]] == [None] * 16
    assert out["hands"][15]["ended"] is not None
    assert out["hands"][16]["error"] is not None
