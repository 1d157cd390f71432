"""A classical Mah Jongg where a player held a wrong number of tiles at the end of the hand
(classical-rules.md §8: he pays for all, like a Störspiel offender, and claims nothing): his
hand is not scored (entered empty, worth 0), and the settlement of §6 is taken over by him as in
§6.1. Payments worked out by hand from the values of §10.5 (West 176, East 32, South 96,
North 0) with East paying and receiving double."""

from __future__ import annotations

from typing import Any

from jantaku.sheet import compute_sheet
from tests.sheet.classical_evening import NAMES, settlement_hand


def sheet_with(hand: dict[str, Any], **options: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"version": 1, "preset": "sontag", "players": NAMES, "hands": [hand]}
    if options:
        doc["options"] = options
    return doc


def offended(player: int) -> dict[str, Any]:
    """§10.5 (Anna East, Ben South, Cleo West wins on Dirk's discard) with ``player`` holding
    a wrong number of tiles: his hand is left empty."""
    hand = settlement_hand()
    hand["players"][player] = {"hand": ""}
    hand["wrong_tiles"] = [player]
    return hand


def test_north_with_a_wrong_count_takes_over_every_innocent_payment() -> None:
    # Normal settlement with North 0: East->West 352, South->West 176, North->West 176,
    # East->South (96-32)x2 = 128, North->East 32x2 = 64, North->South 96. North takes over
    # East's and South's payments: North pays West 704, South 224, East 64 (992 in all).
    out = compute_sheet(sheet_with(offended(3)))
    hand = out["hands"][0]
    assert hand["error"] is None
    assert hand["payments"] == [64, 224, 704, -992]
    assert hand["wrong_tiles"] == [3]
    score = hand["results"][0]["score"]
    assert score["settlement"] == {"E": 64, "S": 224, "W": 704, "N": -992}
    assert {p["payer"] for p in score["payments"]} == {"N"}
    dirk = score["players"][3]
    assert (dirk["value"], dirk["items"], dirk["wrong_tiles"]) == (0, [], True)


def test_east_with_a_wrong_count_pays_double_and_claims_nothing() -> None:
    # Anna (East) held a wrong number of tiles: her hand counts 0 instead of 32. Normal
    # settlement: East->West 176x2 = 352, South->West 176, North->West 176, East->South
    # 96x2 = 192, North->South 96 (East and North both 0: no difference). East takes over
    # South's and North's payments: she pays West 704 and South 288; North pays nothing.
    out = compute_sheet(sheet_with(offended(0)))
    hand = out["hands"][0]
    assert hand["payments"] == [-992, 288, 704, 0]
    assert hand["totals"] == [-992, 288, 704, 0]
    amounts = sorted((p["payee"], p["amount"]) for p in hand["results"][0]["score"]["payments"])
    assert amounts == [("S", 96), ("S", 192), ("W", 176), ("W", 176), ("W", 352)]


def test_under_the_kajongg_payment_the_offender_pays_the_winner_alone() -> None:
    # stoerspiel_payment = kajongg: the offender pays the winner everything the winner
    # receives (352 + 176 + 176 = 704) and nobody else pays anything
    out = compute_sheet(sheet_with(offended(3), stoerspiel_payment="kajongg"))
    assert out["hands"][0]["payments"] == [0, 0, 704, -704]


def test_an_offenders_tiles_and_the_winner_as_offender_are_refused() -> None:
    hand = settlement_hand()
    hand["wrong_tiles"] = [3]  # Dirk's tiles are still entered
    out = compute_sheet(sheet_with(hand))
    error = out["hands"][0]["error"]
    assert error["field"] == "hands[0].players[3]"
    assert "wrong number of tiles" in error["message"]
    hand = offended(3)
    hand["wrong_tiles"] = [2, 3]
    error = compute_sheet(sheet_with(hand))["hands"][0]["error"]
    assert (error["field"], "Cleo won" in error["message"]) == ("hands[0].wrong_tiles", True)
    hand["wrong_tiles"] = [3, 3]
    error = compute_sheet(sheet_with(hand))["hands"][0]["error"]
    assert error["field"] == "hands[0].wrong_tiles"
    hand["wrong_tiles"] = "Dirk"
    out = compute_sheet(sheet_with(hand))
    assert out["hands"][0]["error"]["field"] == "hands[0].wrong_tiles"


def test_without_the_offence_the_entry_settles_as_before() -> None:
    hand = settlement_hand()
    hand["wrong_tiles"] = []
    out = compute_sheet(sheet_with(hand))
    # §10.5: West +704, East -416, South +48, North -336
    assert out["hands"][0]["payments"] == [-416, 48, 704, -336]
