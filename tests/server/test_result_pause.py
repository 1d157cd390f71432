"""A hand's result at a table of one person and computer players stays until that person has
seen it: no clock, no computer player, nothing moves behind it; a person gone past the grace
ends the wait, and the match, as abandoned."""

from __future__ import annotations

import time

from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess
from tests.server.test_fair_table import _play_to_hand_end, _practice


def test_a_practice_result_waits_for_its_person_and_not_after_it_left(database: str) -> None:
    timed = ("--hand-pause", "0.5", "--turn-seconds", "0.5", "--bank-seconds", "0.5")
    gone = ("--grace-seconds", "0.5", "--abandon-seconds", "0.5")
    server = ServerProcess(database, *timed, *gone, solo_pause=None).start()
    try:
        c = Client(server, server.guest())
        table, _me = _practice(c)
        _play_to_hand_end(c, table)
        before = len(stored_actions(database, table))
        seen = len(c.messages)
        time.sleep(3)  # six times the pause of a table with other persons, six turns' time
        assert len(stored_actions(database, table)) == before
        c.send({"type": "ping"})
        assert c.expect("pong")["type"] == "pong"  # no events came meanwhile
        assert [m["type"] for m in c.messages[seen:]] == ["pong"]
        # gone past the grace: nobody waits for it any more, and nobody plays the match on:
        # it is abandoned (test_abandon.py)
        c.close()
        deadline = time.monotonic() + 60
        while (game := server.get(f"/api/games/{table}")).status_code != 200:
            assert time.monotonic() < deadline, "the table stayed paused without its person"
            time.sleep(0.2)
        assert game.json()["result"]["reason_code"] == "abandoned"
        assert len(stored_actions(database, table)) == before  # no computer player moved
    finally:
        server.stop()
