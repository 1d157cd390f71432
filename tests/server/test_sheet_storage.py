"""Stored score sheets on a real server (SQLite, and PostgreSQL with JANTAKU_TEST_POSTGRES):
only registered players keep sheets, only the owner reads, changes or deletes one, a read-only
share link works until it is revoked, the exports carry the sheet, and the limits hold."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from jantaku.server.sheet_store import SheetStore, TooManySheets
from jantaku.server.storage import Store
from tests.server.accounts import registered
from tests.server.harness import ServerProcess
from tests.sheet import riichi_evening


def _call(
    server: ServerProcess, method: str, path: str, token: str | None = None, body: Any = None
) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.request(
        method, server.base + path, json=body, headers=headers, timeout=30, trust_env=False
    )


def test_only_registered_players_keep_sheets(server: ServerProcess) -> None:
    sheet = riichi_evening.evening()
    assert _call(server, "POST", "/api/sheets", None, sheet).status_code == 401
    r = _call(server, "POST", "/api/sheets", server.guest(), sheet)
    assert r.status_code == 403 and r.json()["code"] == "login_required"


def test_the_owner_keeps_corrects_and_deletes_a_sheet(server: ServerProcess) -> None:
    anna, ben = registered(server, "anna"), registered(server, "ben")
    r = _call(server, "POST", "/api/sheets", anna, riichi_evening.evening())
    assert r.status_code == 201, r.text
    sheet_id = r.json()["id"]
    assert len(sheet_id) == 16 and r.json()["share"] is None
    totals = [h["totals"] for h in r.json()["result"]["hands"]]
    assert totals == [e[4] for e in riichi_evening.EXPECTED]
    listed = _call(server, "GET", "/api/me/sheets", anna).json()["sheets"]
    assert [(s["id"], s["hands"], s["players"]) for s in listed] == [
        (sheet_id, 8, riichi_evening.NAMES)
    ]
    assert _call(server, "GET", "/api/me/sheets", ben).json()["sheets"] == []
    # another player sees nothing of it, under any method
    for method in ("GET", "PUT", "DELETE"):
        body = riichi_evening.evening() if method == "PUT" else None
        r = _call(server, method, f"/api/sheets/{sheet_id}", ben, body)
        assert r.status_code == 404, method
    assert _call(server, "GET", f"/api/sheets/{sheet_id}.csv", ben).status_code == 404
    assert _call(server, "POST", f"/api/sheets/{sheet_id}/share", ben).status_code == 404
    # correcting hand 2 (two dora) recomputes every later total
    corrected = riichi_evening.evening()
    corrected["hands"][1]["winners"][0]["hand"]["dora_indicators"] = "4s"
    r = _call(server, "PUT", f"/api/sheets/{sheet_id}", anna, corrected)
    assert r.status_code == 200
    assert r.json()["result"]["hands"][-1]["totals"] == [33000, 35300, 28800, 2900]
    got = _call(server, "GET", f"/api/sheets/{sheet_id}", anna).json()
    assert got["sheet"] == corrected
    assert _call(server, "DELETE", f"/api/sheets/{sheet_id}", anna).json() == {"ok": True}
    assert _call(server, "GET", f"/api/sheets/{sheet_id}", anna).status_code == 404


def test_exports_and_a_revocable_share_link(server: ServerProcess) -> None:
    anna = registered(server, "anna")
    sheet = riichi_evening.evening()
    sheet["players"][3] = "=HYPERLINK(1)"
    sheet_id = _call(server, "POST", "/api/sheets", anna, sheet).json()["id"]
    r = _call(server, "GET", f"/api/sheets/{sheet_id}.json", anna)
    assert r.json() == sheet and "attachment" in r.headers["content-disposition"]
    rows = list(
        csv.reader(io.StringIO(_call(server, "GET", f"/api/sheets/{sheet_id}.csv", anna).text))
    )
    assert rows[0][:7] == ["hand", "round", "honba", "sticks", "kind", "result", "error"]
    assert rows[0][10] == "'=HYPERLINK(1) change"  # no formula in a spreadsheet
    assert rows[2][:4] == ["2", "E1", "1", "1"]
    assert [int(x) for x in rows[2][7:11]] == [0, 3300, 0, -2300]
    assert rows[-1][0] == "final"
    assert [int(x) for x in rows[-1][11:]] == [33000, 29600, 28800, 8600]
    shared = _call(server, "POST", f"/api/sheets/{sheet_id}/share", anna).json()
    token = shared["token"]
    assert len(token) == 32 and shared["path"] == f"/api/shared-sheets/{token}"
    assert _call(server, "POST", f"/api/sheets/{sheet_id}/share", anna).json()["token"] == token
    r = _call(server, "GET", f"/api/shared-sheets/{token}")  # no login needed
    assert r.status_code == 200 and r.json()["sheet"] == sheet
    assert "owner" not in r.json() and "id" not in r.json()
    assert _call(server, "GET", f"/api/shared-sheets/{token}.csv").text.startswith("hand,")
    # read only: the token opens nothing else
    assert _call(server, "PUT", f"/api/shared-sheets/{token}", None, sheet).status_code == 405
    assert _call(server, "DELETE", f"/api/sheets/{sheet_id}/share", anna).json() == {"ok": True}
    assert _call(server, "GET", f"/api/shared-sheets/{token}").status_code == 404
    again = _call(server, "POST", f"/api/sheets/{sheet_id}/share", anna).json()["token"]
    assert again != token


def test_a_sheet_that_cannot_be_computed_is_not_stored(server: ServerProcess) -> None:
    anna = registered(server, "anna")
    r = _call(server, "POST", "/api/sheets", anna, {**riichi_evening.evening(), "preset": "x"})
    assert r.status_code == 400 and r.json()["field"] == "preset"
    # a sheet whose entries have errors is kept: nothing entered is lost
    sheet = riichi_evening.evening()
    sheet["hands"][0]["tenpai"] = [7]
    r = _call(server, "POST", "/api/sheets", anna, sheet)
    assert r.status_code == 201 and r.json()["result"]["errors"] == 1
    assert len(_call(server, "GET", "/api/me/sheets", anna).json()["sheets"]) == 1


def test_a_player_keeps_at_most_the_limit(database: str) -> None:
    store = Store(database)
    try:
        user = store.add_user("Keeper", None, guest=False)
        sheets = SheetStore(store, max_per_owner=2)
        document = riichi_evening.evening()
        first = sheets.add(user.id, document)
        sheets.add(user.id, document)
        with pytest.raises(TooManySheets):
            sheets.add(user.id, document)
        assert sheets.delete(user.id, first.id)
        sheets.add(user.id, document)
        assert len(sheets.listing(user.id)) == 2
        other = store.add_user("Other", None, guest=False)
        assert sheets.get(other.id, first.id) is None
    finally:
        store.close()


def test_the_migration_matches_the_model_and_goes_both_ways(database: str) -> None:
    from alembic import command
    from alembic.autogenerate import compare_metadata
    from alembic.config import Config
    from alembic.migration import MigrationContext

    from jantaku.server import storage
    from jantaku.server.models import Base

    store = Store(database)  # upgrades to the newest revision
    try:
        with store.engine.connect() as connection:
            diffs = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert diffs == []  # every table, the sheets and the secrets too
        config = Config()
        config.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0004")
        with store.engine.connect() as connection:
            assert "sheets" not in sa.inspect(connection).get_table_names()
        storage.migrate(store.engine)
        with store.engine.connect() as connection:
            assert "sheets" in sa.inspect(connection).get_table_names()
    finally:
        store.close()


def test_floods_are_refused_with_a_time_to_come_back(server: ServerProcess) -> None:
    anna = registered(server, "anna")
    for _ in range(200):  # the bucket holds 60 and refills at 2 a second
        r = _call(server, "GET", "/api/me/sheets", anna)
        if r.status_code == 429:
            break
    assert r.status_code == 429 and r.json()["code"] == "rate_limited"
    assert int(r.headers["retry-after"]) >= 1
    # computing is charged by the hand and one for the request: 600 at once, then 20 a
    # second; three sheets of 150 hands (453) always pass, six (906) would need 15 s of refill
    sheet = riichi_evening.evening()
    sheet["options"] = {}
    sheet["hands"] = [sheet["hands"][2]] * 150  # four winds, again and again
    codes = [
        _call(server, "POST", "/api/sheets/compute", None, sheet).status_code for _ in range(6)
    ]
    assert codes[:3] == [200, 200, 200] and 429 in codes
