"""An unranked match nobody plays any more (its persons withdrew, or stayed away past the grace)
is not played on by computer players: it stops, and ends as abandoned (unrecorded, not counted
against the table limits) unless a person comes back first; a restart keeps all of it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from jantaku.cli import main
from jantaku.server.storage import Store
from tests.server.checks import stored_actions
from tests.server.harness import REPLY_LIMIT, Client, ServerProcess

LIMIT = 4  # ServerSettings.tables_per_user


def _table(c: Client, kind: str = "practice", length: str = "quick") -> tuple[str, int]:
    """A table of ``kind`` with computer players in the other seats: (its id, one's seat)."""
    c.send({"type": "create", "kind": kind, "length": length})
    table = str(c.expect("created")["table"]["id"])
    c.send({"type": "join", "table": table, "fill_bots": True})
    return table, int(c.expect("snapshot")["seat"])


def _watch(server: ServerProcess, table: str) -> Client:
    watcher = Client(server, server.guest())
    watcher.send({"type": "watch", "table": table})
    watcher.expect("snapshot")
    return watcher


def _puppet_moves(database: str, table: str, seat: int) -> list[int]:
    """The stored steps a computer player made for ``seat``."""
    return [
        a.seq
        for a in stored_actions(database, table)
        if a.action.get("seat") == seat and a.source == "bot"
    ]


def _seat(server: ServerProcess, table: str, seat: int) -> dict[str, Any]:
    return dict(server.get(f"/api/tables/{table}").json()["seats"][seat])


def _until_taken_over(server: ServerProcess, table: str, seat: int) -> None:
    deadline = time.monotonic() + 60
    while not _seat(server, table, seat)["takeover"]:
        assert time.monotonic() < deadline, "the absent seat was never taken over"
        time.sleep(0.05)


def _until_stored_left(database: str, table: str, seat: int) -> None:
    """Until the table's row keeps the seat as left (stored after the summary shows it)."""
    deadline = time.monotonic() + REPLY_LIMIT
    store = Store(database)
    try:
        while True:
            row = store.table(table)
            if row is not None and "left_at" in row.seats[seat]:
                return
            assert time.monotonic() < deadline, "the seat taken over was never stored as left"
            time.sleep(0.05)
    finally:
        store.close()


def _game(server: ServerProcess, table: str) -> dict[str, Any]:
    """The stored game of ``table``, once there is one."""
    deadline = time.monotonic() + 120
    while (r := server.get(f"/api/games/{table}")).status_code != 200:
        assert time.monotonic() < deadline, "the match never ended"
        time.sleep(0.1)
    return dict(r.json())


def _check_files(server: ServerProcess, game: dict[str, Any], tmp: Path) -> None:
    """The game as served and its downloads pass ``jantaku replay-check``; the mjai download
    claims no end of the hand the match stopped in."""
    files = [tmp / "game.json"]
    files[0].write_text(json.dumps(game))
    for fmt in game["formats"]:
        text = server.get(f"/api/games/{game['id']}/{fmt}").text
        files.append(tmp / f"game.{fmt}")
        files[-1].write_text(text)
        if fmt == "mjai":
            kinds = [json.loads(line)["type"] for line in text.splitlines()]
            last = len(kinds) - 1 - kinds[::-1].index("start_kyoku")
            hand_over = {"hora", "ryukyoku"} & set(kinds[last:])
            assert ("end_kyoku" in kinds[last:]) == bool(hand_over)
    run = CliRunner().invoke(main, ["replay-check", *map(str, files)])
    assert run.exit_code == 0 and "mismatches=0" in run.output, run.output


def _check_abandoned(server: ServerProcess, table: str, seat: int, user_id: int, tmp: Path) -> None:
    """The record of an abandoned match: unrecorded, said so, no computer player played the
    seat of its person, and the person's statistics and game list say so too; its files
    replay without a mismatch."""
    game = _game(server, table)
    _check_files(server, game, tmp)
    result = game["result"]
    assert (game["recorded"], result["recorded"]) == (False, False)
    assert result["reason_code"] == "abandoned"
    assert (result["rated"], result["ranks"], result["leftover"]) == (False, None, None)
    assert sorted(result["ranking"]) == [0, 1, 2, 3] and len(result["scores"]) == 4
    assert _puppet_moves(server.database, table, seat) == []
    assert server.get(f"/api/players/{user_id}").json()["stats"]["games"] == 0
    listed = server.get(f"/api/players/{user_id}/games").json()["games"]
    assert [(g["id"], g["recorded"], g["reason_code"]) for g in listed] == [
        (table, False, "abandoned")
    ]


@pytest.mark.parametrize("kind", ["practice", "classical"])
def test_leaving_a_table_of_computer_players_abandons_it(
    database: str, kind: str, tmp_path: Path
) -> None:
    """The only person withdraws: no computer player plays the seat, the match ends at once
    as abandoned (nobody can come back), a spectator is told so, and the table no longer
    counts against the player's tables: a fifth one may start beside three kept."""
    server = ServerProcess(database, "--grace-seconds", "30").start()
    alice = Client(server, server.guest())
    try:
        for _ in range(LIMIT - 1):  # three tables alice stays at
            _table(alice, "practice", "full")
        table, seat = _table(alice, kind)
        watcher = _watch(server, table)
        assert alice.play(table, stop_after=2) is None
        alice.send({"type": "leave", "table": table, "id": "l"})
        alice.expect("ok", timeout=30)
        ended = watcher.expect("match_ended", timeout=60)["result"]
        assert (ended["reason_code"], ended["recorded"]) == ("abandoned", False)
        assert ended["seats"][seat]["withdrawn"]
        _check_abandoned(server, table, seat, alice.user["id"], tmp_path)  # type: ignore[index]
        alice.send({"type": "create", "kind": "practice", "length": "quick"})
        again = str(alice.expect("created")["table"]["id"])
        alice.send({"type": "join", "table": again, "fill_bots": True, "id": "j"})
        while (msg := alice.recv(30))["type"] not in ("snapshot", "error"):
            pass
        assert msg["type"] == "snapshot", msg
        watcher.close()
    finally:
        alice.close()
        server.stop()


def test_a_person_away_past_the_grace_stops_the_match_until_it_is_abandoned(
    database: str, tmp_path: Path
) -> None:
    server = ServerProcess(database, "--grace-seconds", "0.3", "--abandon-seconds", "1.5").start()
    try:
        c = Client(server, server.guest())
        user_id = c.user["id"]  # type: ignore[index]
        table, seat = _table(c)
        watcher = _watch(server, table)
        assert c.play(table, stop_after=3) is None
        c.close()
        ended = watcher.expect("match_ended", timeout=120)["result"]
        assert ended["reason_code"] == "abandoned"
        assert not ended["seats"][seat].get("withdrawn")
        _check_abandoned(server, table, seat, user_id, tmp_path)
        watcher.close()
    finally:
        server.stop()


def test_a_stopped_match_tells_its_viewers_when_it_will_be_abandoned(database: str) -> None:
    """While nobody plays it, the table's summary (a spectator's snapshot, the update when the
    last person's seat is taken over) says when the match will be abandoned; a person who
    comes back takes that away."""
    server = ServerProcess(database, "--grace-seconds", "0.3", "--abandon-seconds", "3600").start()
    try:
        token = server.guest()
        c = Client(server, token)
        table, seat = _table(c)
        early = _watch(server, table)
        assert c.play(table, stop_after=3) is None
        left = time.time()
        c.close()
        while not (update := early.expect("table_update", timeout=60))["table"]["seats"][seat][
            "takeover"
        ]:
            pass
        at = update["table"]["abandon_at"]
        assert left + 3600 - 5 <= at <= time.time() + 3600
        late = Client(server, server.guest())
        late.send({"type": "watch", "table": table})
        assert late.expect("snapshot")["table"]["abandon_at"] == at
        back = Client(server, token)
        back.send({"type": "join", "table": table})
        assert back.expect("snapshot")["table"]["abandon_at"] is None
        while (update := late.expect("table_update", timeout=30))["table"]["seats"][seat][
            "takeover"
        ]:
            pass
        assert update["table"]["abandon_at"] is None
        for client in (early, late, back):
            client.close()
    finally:
        server.stop()


def test_a_person_who_comes_back_resumes_the_stopped_match(database: str) -> None:
    server = ServerProcess(database, "--grace-seconds", "0.3", "--abandon-seconds", "3600").start()
    try:
        token = server.guest()
        c = Client(server, token)
        table, seat = _table(c)
        assert c.play(table, stop_after=3) is None
        c.close()
        _until_taken_over(server, table, seat)
        back = Client(server, token)
        back.send({"type": "join", "table": table})
        snap = back.expect("snapshot")
        assert snap["seat"] == seat and snap["table"]["seats"][seat]["takeover"] is False
        result = back.play(table)
        assert result is not None and result["reason_code"] != "abandoned"
        assert result["recorded"]
        assert _puppet_moves(database, table, seat) == []  # nobody played for the person
        back.close()
    finally:
        server.stop()


def test_a_restart_keeps_a_stopped_match_stopped_and_abandons_it_in_time(
    database: str, tmp_path: Path
) -> None:
    """The seat given up after the grace stays given up across a restart (with a long grace
    now, it would otherwise wait for its person again), and the match is abandoned from the
    time its person left."""
    server = ServerProcess(database, "--grace-seconds", "0.3", "--abandon-seconds", "3600").start()
    c = Client(server, server.guest())
    user_id = c.user["id"]  # type: ignore[index]
    table, seat = _table(c)
    assert c.play(table, stop_after=3) is None
    c.close()
    _until_taken_over(server, table, seat)
    _until_stored_left(database, table, seat)  # the kill must not come before the write
    server.kill()
    server = ServerProcess(database, "--grace-seconds", "30", "--abandon-seconds", "3600").start()
    try:
        assert _seat(server, table, seat)["takeover"] is True
        assert server.get(f"/api/games/{table}").status_code == 404  # not abandoned yet
    finally:
        server.stop()
    server = ServerProcess(database, "--grace-seconds", "30", "--abandon-seconds", "1").start()
    try:
        _check_abandoned(server, table, seat, user_id, tmp_path)
    finally:
        server.stop()


def test_a_match_goes_on_while_a_person_remains(database: str, tmp_path: Path) -> None:
    """At a party table of two persons, one withdrawing changes nothing for the other: a
    computer player plays the seat left and the match goes on; only when the second is gone
    too is it abandoned."""
    server = ServerProcess(database, "--grace-seconds", "0.3", "--abandon-seconds", "1").start()
    try:
        alice = Client(server, server.guest())
        bob = Client(server, server.guest())
        bob_id = bob.user["id"]  # type: ignore[index]
        alice.send({"type": "create", "kind": "party", "length": "quick"})
        table = str(alice.expect("created")["table"]["id"])
        bob.send({"type": "join", "table": table})
        bob_seat = int(bob.expect("snapshot")["seat"])
        alice.send({"type": "join", "table": table, "fill_bots": True})
        alice_seat = int(alice.expect("snapshot")["seat"])
        alice.send({"type": "leave", "table": table})
        alice.expect("ok", timeout=30)
        deadline = time.monotonic() + 120
        while not _puppet_moves(database, table, alice_seat):  # bob plays, the puppet too
            assert time.monotonic() < deadline, "the match stopped while bob played"
            assert bob.play(table, stop_after=1) is None
        assert server.get(f"/api/games/{table}").status_code == 404  # still under way
        bob.close()
        _check_abandoned(server, table, bob_seat, bob_id, tmp_path)
        alice.close()
    finally:
        server.stop()


def test_a_person_gone_while_a_result_is_shown_is_not_waited_for_without_end(
    database: str, tmp_path: Path
) -> None:
    """The lone person's result stays on screen through a lost connection, but not past the
    grace: then nobody plays the match, and it is abandoned (not held for the whole pause)."""
    from tests.server.test_fair_table import _play_to_hand_end

    server = ServerProcess(
        database, "--grace-seconds", "0.3", "--abandon-seconds", "0.5", solo_pause=None
    ).start()
    try:
        c = Client(server, server.guest())
        user_id = c.user["id"]  # type: ignore[index]
        table, seat = _table(c)
        _play_to_hand_end(c, table)  # the result is shown: the table waits for its person
        c.close()
        _check_abandoned(server, table, seat, user_id, tmp_path)
    finally:
        server.stop()
