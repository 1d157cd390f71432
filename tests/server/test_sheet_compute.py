"""``POST /api/sheets/compute`` on a real server: a riichi East round and a classical evening
give the totals worked out by hand from the specs; a bad entry is reported in place; an unusable
sheet, a body too large or not JSON is refused with a message naming what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.server.harness import ServerProcess
from tests.sheet import classical_evening, riichi_evening


def _compute(server: ServerProcess, body: object) -> httpx.Response:
    return httpx.post(server.base + "/api/sheets/compute", json=body, timeout=30, trust_env=False)


def test_compute_gives_the_worked_totals_of_both_families(server: ServerProcess) -> None:
    r = _compute(server, riichi_evening.evening())
    assert r.status_code == 200, r.text
    body = r.json()
    assert [h["totals"] for h in body["hands"]] == [e[4] for e in riichi_evening.EXPECTED]
    assert body["hands"][1]["results"][0]["score"]["points"] == 2000
    r = _compute(server, classical_evening.evening())
    assert r.status_code == 200, r.text
    got = [(h["before"]["round"], h["payments"], h["totals"]) for h in r.json()["hands"]]
    assert got == classical_evening.EXPECTED


def test_a_bad_entry_is_reported_and_the_rest_computes(server: ServerProcess) -> None:
    sheet = riichi_evening.evening()
    sheet["hands"][4]["winners"][0]["hand"]["hand"] = "234567m345p5567x"
    r = _compute(server, sheet)
    assert r.status_code == 200
    body = r.json()
    assert body["errors"] == 1
    error = body["hands"][4]["error"]
    assert error["field"] == "hands[4].winners[0].hand.hand" and "x" in error["message"]
    # the dealer's tsumo failed to score: no payments, but Cleo keeps the deal (1 honba)
    assert body["hands"][5]["before"]["round"] == "E3"
    assert body["hands"][5]["before"]["honba"] == 1
    assert body["hands"][4]["totals"] == riichi_evening.EXPECTED[3][4]


def test_unusable_sheets_are_refused_with_the_field(server: ServerProcess) -> None:
    r = _compute(server, {**riichi_evening.evening(), "players": ["Anna", "Ben"]})
    assert r.status_code == 400
    assert r.json()["field"] == "players" and r.json()["code"] == "bad_sheet"
    r = httpx.post(
        server.base + "/api/sheets/compute", content=b"{not json", timeout=10, trust_env=False
    )
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    big = {**riichi_evening.evening(), "title": "x" * (300 * 1024)}
    r = _compute(server, big)
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    r = _compute(server, [1, 2, 3])
    assert r.status_code == 400


def test_computing_is_charged_by_the_hand() -> None:
    """A sheet of n hands costs n tokens of the address's bucket (limits.TokenBuckets)."""
    from jantaku.server.limits import TokenBuckets

    buckets = TokenBuckets(10, 1.0)
    assert buckets.take("a", now=0.0, cost=8) == 0
    assert buckets.take("a", now=0.0, cost=3) == pytest.approx(1.0)  # one token short
    assert buckets.take("a", now=1.0, cost=3) == 0
    assert buckets.take("b", now=0.0, cost=50) == 0  # at most the burst: a big sheet can pass


def test_the_csv_of_a_browser_sheet_is_the_one_the_terminal_exports(
    server: ServerProcess, tmp_path: Path
) -> None:
    """``POST /api/sheets/compute.csv`` (a guest's sheet, stored nowhere) gives byte for byte
    the CSV of ``jantaku sheet export`` of the same document; a bad sheet gets its field."""
    from click.testing import CliRunner

    from jantaku.cli import main

    for doc in (classical_evening.evening(), riichi_evening.evening()):
        path = tmp_path / "s.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        out = tmp_path / "s.csv"
        args = ["sheet", "export", str(path), "--format", "csv", "-o", str(out)]
        exported = CliRunner().invoke(main, args)
        assert exported.exit_code == 0, exported.output
        r = httpx.post(
            server.base + "/api/sheets/compute.csv", json=doc, timeout=30, trust_env=False
        )
        assert r.status_code == 200, r.text
        assert r.headers["content-type"].startswith("text/csv")
        assert r.content == out.read_bytes()
    r = httpx.post(
        server.base + "/api/sheets/compute.csv",
        json={**riichi_evening.evening(), "preset": "mahjong"},
        timeout=30,
        trust_env=False,
    )
    assert r.status_code == 400 and r.json()["field"] == "preset"


def test_each_csv_request_is_charged_even_for_an_empty_sheet(server: ServerProcess) -> None:
    """The CSV endpoint draws on the address's computing bucket like ``compute`` (600 at once,
    then 20 a second; a sheet costs at least one), so a flood of empty sheets is refused, with
    a time to come back."""
    sheet = {**riichi_evening.evening(), "hands": []}
    with httpx.Client(base_url=server.base, timeout=30, trust_env=False) as http:
        for _ in range(5000):
            r = http.post("/api/sheets/compute.csv", json=sheet)
            if r.status_code != 200:
                break
    assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
    assert int(r.headers["retry-after"]) >= 1
