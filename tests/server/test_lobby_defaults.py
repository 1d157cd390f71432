"""The lobby's defaults: each family's tables seat exactly their own computer player levels,
an option a table kind does not have is refused, and the ranked queue tells its player alone
how long they have waited (never who waits)."""

from __future__ import annotations

import pytest

from jantaku.families import all_families, family
from jantaku.server.config import TableRequestError, table_config
from jantaku.server.handlers import bot_name
from jantaku.server.protocol import ProtocolError
from tests.server.accounts import registered
from tests.server.clocked import ClockedServer
from tests.server.harness import Client, ServerProcess


def test_each_family_seats_exactly_its_own_levels() -> None:
    riichi, classical = family("riichi"), family("classical")
    # each offered level a measured step above the one before (docs/bots.md)
    assert riichi.table_levels == ("random", "efficiency", "defensive", "strongest")
    assert classical.table_levels == ("random", "efficiency", "strongest")
    for fam in all_families():
        for level in fam.table_levels:
            assert bot_name(level, fam) == level
        assert bot_name("filler", fam) == "filler"  # the seat filler is no level: always there
        for retired in ("expert", "strong"):  # no step above the level below: not offered
            with pytest.raises(ProtocolError, match=f"'{retired}' is not a computer player"):
                bot_name(retired, fam)
    with pytest.raises(ProtocolError, match="'defensive' is not a computer player"):
        bot_name("defensive", classical)  # level with classical ``efficiency``: not offered
    with pytest.raises(ProtocolError, match=r"'expert' is not a computer player level of "):
        bot_name("expert", classical)
    with pytest.raises(ProtocolError) as refused:
        bot_name("expert", classical)
    assert refused.value.code == "bad_message"
    assert "Classical German Mah-Jongg" in refused.value.message
    assert "random, efficiency, strongest" in refused.value.message
    with pytest.raises(ProtocolError, match="unknown bot 'grandmaster'"):
        bot_name("grandmaster", riichi)


@pytest.mark.parametrize(
    ("kind", "kuitan", "refusal"),
    [
        ("classical", True, "classical tables have no kuitan option"),
        ("classical", False, "classical tables have no kuitan option"),
        ("practice", False, "practice tables always play with kuitan"),
        ("novice", False, "novice tables always play with kuitan"),
    ],
)
def test_an_option_the_kind_does_not_have_is_refused(kind: str, kuitan: bool, refusal: str) -> None:
    with pytest.raises(TableRequestError, match=refusal):
        table_config(kind, "quick", kuitan)


def test_kuitan_left_out_gives_each_kind_its_rules() -> None:
    assert table_config("classical", "full").overrides == {}  # four wind rounds
    assert table_config("classical", "quick").overrides == {"wind_rounds": 1}
    assert table_config("party", "quick").preset == "doman"
    assert table_config("party", "quick", False).preset == "doman_no_kuitan"
    assert table_config("practice", "full", True).kuitan


def test_a_classical_table_refuses_a_riichi_level_and_seats_the_chosen_one(
    server: ServerProcess,
) -> None:
    token = server.guest()
    c = Client(server, token)
    try:
        bots = server.get("/api/bots").json()
        assert bots["levels"] == {
            "riichi": ["random", "efficiency", "defensive", "strongest"],
            "classical": ["random", "efficiency", "strongest"],
        }
        c.send({"type": "create", "kind": "classical", "length": "quick", "kuitan": False})
        error = c.expect("error")
        assert error["code"] == "bad_request" and "no kuitan option" in error["message"]
        # an option no table has (red fives are part of a preset) is refused, never ignored
        c.send({"type": "create", "kind": "classical", "red_fives": False})
        error = c.expect("error")
        assert error["code"] == "bad_message" and "red_fives" in error["message"]
        c.send({"type": "create", "kind": "classical", "length": "quick", "private": True})
        table = c.expect("created")["table"]["id"]
        c.send({"type": "join", "table": table, "fill_bots": True, "bot": "expert"})
        error = c.expect("error")
        assert error["code"] == "bad_message"
        assert (
            "'expert'" in error["message"] and "random, efficiency, strongest" in (error["message"])
        )
        seats = server.get(f"/api/tables/{table}", token).json()["seats"]
        assert [s["bot"] for s in seats] == [None] * 4  # nothing seated by the refusal
        c.send({"type": "join", "table": table, "fill_bots": True, "bot": "efficiency"})
        c.expect("snapshot")  # seated, then the puppets sit and the match starts
        summary = server.get(f"/api/tables/{table}", token).json()
        seats = summary["seats"]
        assert sorted(s["bot"] for s in seats if s["bot"]) == ["efficiency"] * 3
        assert sorted(s["name"] for s in seats if s["bot"]) == [
            "efficiency-1",
            "efficiency-2",
            "efficiency-3",
        ]
        assert summary["status"] in ("live", "finished")
    finally:
        c.close()


def test_the_queue_tells_its_player_alone_how_long_they_waited(clocked: ClockedServer) -> None:
    # the waits run on a clock the test moves (clocked.py): each one told is exactly the time
    # the test moved since that player sat down, however slowly the machine answers
    server = clocked
    first_token, second_token = registered(server, "first"), registered(server, "second")
    first, second = Client(server, first_token), Client(server, second_token)
    try:
        first.send({"type": "queue", "kind": "novice", "length": "quick"})
        snap = first.expect("snapshot")
        table = snap["table"]["id"]
        assert snap["waited"] == 0.0
        server.advance(1.5)
        assert _own_waits(server, first_token) == {table: 1.5}
        # the lobby counts who waits, never names them or their table
        lobby = server.get("/api/lobby", second_token)
        assert lobby.json()["queues"] == {"novice-quick": 1}
        assert table not in lobby.text and "first-" not in lobby.text
        assert "waited" not in lobby.text
        assert server.get("/api/me/tables", second_token).json() == {"tables": []}
        second.send({"type": "lobby"})
        page = second.expect("lobby")
        assert page["open"] == [] and page["total"]["open"] == 0
        # the second player's snapshot tells their own wait, the first one's stays theirs
        second.send({"type": "queue", "kind": "novice", "length": "quick"})
        joined = second.expect("snapshot")
        assert joined["table"]["id"] == table
        assert joined["waited"] == 0.0  # the own wait, not the first player's
        assert all("waited" not in s and "since" not in s for s in joined["table"]["seats"])
        update = first.expect("table_update")  # the others hear of the seat, not of its wait
        assert "waited" not in update
        server.advance(2.0)  # each wait goes on from where it began
        assert _own_waits(server, first_token) == {table: 3.5}
        assert _own_waits(server, second_token) == {table: 2.0}
        assert server.get("/api/lobby").json()["queues"] == {"novice-quick": 2}
    finally:
        first.close()
        second.close()


def test_unranked_open_tables_have_no_wait_time(server: ServerProcess) -> None:
    token = server.guest()
    c = Client(server, token)
    try:
        c.send({"type": "create", "kind": "party", "length": "quick"})
        table = c.expect("created")["table"]["id"]
        c.send({"type": "join", "table": table})
        assert "waited" not in c.expect("snapshot")
        assert "waited" not in server.get("/api/me/tables", token).json()["tables"][0]
        listed = server.get("/api/lobby").json()["open"]
        assert [t["id"] for t in listed] == [table]  # an unranked open table is listed
    finally:
        c.close()


def _own_waits(server: ServerProcess, token: str) -> dict[str, float]:
    """The player's own tables and the wait each tells them (/api/me/tables)."""
    tables = server.get("/api/me/tables", token).json()["tables"]
    return {t["id"]: t["waited"] for t in tables}
