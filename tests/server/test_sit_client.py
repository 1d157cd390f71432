"""``jantaku.client`` against a real server: a built-in puppet, unchanged, plays whole matches
of both families through it; every decision it is asked is legal and its view agrees with the
table; a bot's illegal answer, bad addresses, a refused login and an unknown table are one clear
error each; a server that dies mid-match is joined again and the match played to its end."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from jantaku.client import (
    BotActionError,
    ClientError,
    ServerError,
    TableClient,
    TableRequest,
    sit,
)
from jantaku.client.wire import wire_of
from jantaku.engine.actions import Action, ActionKind
from jantaku.families import family
from tests.server.accounts import registered
from tests.server.harness import Client, ServerProcess

ROOT = Path(__file__).resolve().parents[2]


class Watched:
    """A built-in level, unchanged, and what it was shown."""

    def __init__(self, family_name: str, level: str = "efficiency") -> None:
        fam = family(family_name)
        self.inner = fam.new_player(level, 1, fam.default_preset)
        self.name = self.inner.name
        self.views: list[Any] = []
        self.events: list[Any] = []

    def observe(self, events: Sequence[Any]) -> None:
        self.events.extend(events)
        self.inner.observe(events)

    def choose(self, view: Any) -> Action:
        self.views.append(view)
        return self.inner.choose(view)


def _play(server: ServerProcess, kind: str) -> tuple[Any, Watched]:
    bots: list[Watched] = []

    def make(family_name: str) -> Watched:
        bots.append(Watched(family_name))
        return bots[-1]

    result = sit(None, server.base, TableRequest(kind, "quick"), make_player=make, timeout=60)
    return result, bots[0]


def _check_views(bot: Watched, seat: int) -> None:
    assert bot.views, "the bot was never asked"
    for view in bot.views:
        assert view.seat == seat
        assert view.legal_actions and all(a.seat == seat for a in view.legal_actions)
        assert len(view.hand) == view.seats[seat].concealed_count  # the own hand, whole
        assert len({t.index for t in view.hand}) == len(view.hand)
        for a in view.legal_actions:  # an own tile an action names is the hand's copy
            if a.kind in (ActionKind.DISCARD, ActionKind.TSUMO):
                assert a.tile in view.hand
        if view.drawn is not None:
            assert view.drawn in view.hand


@pytest.mark.parametrize(
    ("kind", "family_name", "start", "end"),
    [
        ("practice", "riichi", "deal_started", "deal_ended"),
        ("classical", "classical", "classical_deal_started", "deal_ended"),
    ],
)
def test_a_puppet_plays_a_whole_match_through_the_client(
    server: ServerProcess, kind: str, family_name: str, start: str, end: str
) -> None:
    result, bot = _play(server, kind)
    assert result.recorded and len(result.scores) == 4
    assert sorted(result.ranking) == [0, 1, 2, 3] and 1 <= result.place <= 4
    assert type(bot.views[0]).__name__ == (
        "SeatView" if family_name == "riichi" else "ClassicalView"
    )
    _check_views(bot, result.seat)
    types = [e.type for e in bot.events]
    assert types[0] == start and end in types
    dealt = bot.events[0].hands
    assert dealt[result.seat] is not None  # its own starting hand, nobody else's
    assert all(h is None for i, h in enumerate(dealt) if i != result.seat)
    game = server.get(f"/api/games/{result.table}").json()
    assert game["result"]["scores"] == list(result.scores)
    # why it ended, as a code with the seats it names, in the result and (riichi) in the event
    assert game["result"]["reason_code"] == result.reason_code
    assert game["result"]["reason_seats"] == list(result.reason_seats)
    if family_name == "riichi":
        (ended,) = [e for e in bot.events if e.type == "match_ended"]
        assert (ended.reason_code.value, ended.reason_seats) == (
            result.reason_code,
            result.reason_seats,
        )


class Cheater:
    """Discards without naming a tile, which is never legal."""

    name = "cheater"

    def observe(self, events: Sequence[Any]) -> None:
        pass

    def choose(self, view: Any) -> Action:
        return Action(ActionKind.DISCARD, view.seat)


def test_an_illegal_choice_is_refused_naming_it(server: ServerProcess) -> None:
    with pytest.raises(
        BotActionError,
        match=r"cheater chose seat \d discard, which is not one of the legal actions \(seat",
    ):
        sit(Cheater(), server.base, TableRequest("practice", "quick"), timeout=60)


def test_bad_addresses_logins_and_tables_are_one_clear_error(server: ServerProcess) -> None:
    with pytest.raises(ClientError, match="bad server URL 'ftp://x'"):
        TableClient("ftp://x")
    with pytest.raises(ClientError, match=r"cannot reach the server at http://127\.0\.0\.1:1"):
        TableClient("http://127.0.0.1:1")
    with pytest.raises(ClientError, match="refused the login of 'nobody'"):
        TableClient(server.base, name="nobody", password="wrong password")
    with pytest.raises(ServerError, match="refused the session token") as bad:
        TableClient(server.base, token="not-a-token").sit(Cheater())
    assert bad.value.code == "bad_token"
    with pytest.raises(ServerError, match="refused joining table 'nosuchtable'") as unknown:
        sit(Cheater(), server.base, TableRequest(table="nosuchtable"))
    assert unknown.value.code == "no_table"
    with pytest.raises(ServerError, match="bad_message"):
        sit(Cheater(), server.base, TableRequest("practice", bot="no-such-level"))


def _seat_log(server: ServerProcess, table: str, seat: int) -> list[dict[str, Any]]:
    """The stored game's events as ``seat`` saw them (``seen_by``), as JSON."""
    game = server.get(f"/api/games/{table}").json()
    wire = wire_of(game["result"]["config"])
    return [e.seen_by(seat).to_json() for e in wire.read_events(game["events"])]


def _observed(bot: Watched) -> list[dict[str, Any]]:
    return [e.to_json() for e in bot.events]


class Away(TableClient):
    """A client whose connection drops right after its ``drops``-th actions are sent (the
    table moves on without it), and that stays away, after the first drop, until ``back`` is
    set."""

    def __init__(self, *args: Any, drops: Sequence[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.drops = set(drops)
        self.acts = 0
        self.back: threading.Event | None = None
        self.away = threading.Event()  # set at the first drop

    def _send(self, message: dict[str, Any]) -> None:
        super()._send(message)
        if message.get("type") == "act":
            self.acts += 1
            if self.acts in self.drops:
                self.away.set()
                self._ws.close()

    def _rejoin(self, *args: Any) -> dict[str, Any]:
        if self.back is not None:
            assert self.back.wait(180), "never let back"
            self.back = None
        return super()._rejoin(*args)


def test_a_dropped_connection_loses_no_event(server: ServerProcess) -> None:
    """The connection drops right after an action, again and again: the events sent meanwhile
    reach ``observe`` all the same, each once and in order, as the seat's own log has them."""
    bot = Watched("riichi")
    drops = (2, 7, 15, 16, 30)
    client = Away(server.base, timeout=60, drops=drops)
    result = client.sit(bot, TableRequest("practice", "quick"))
    # a match that ends early (a player below zero) leaves the later drops unreached
    assert result.recorded and client.acts > drops[0]
    assert client.reconnects >= sum(d < client.acts for d in drops)
    assert _observed(bot) == _seat_log(server, result.table, result.seat)
    _check_views(bot, result.seat)


def _two_persons(server: ServerProcess, away: Away) -> tuple[list[Any], Watched, Watched]:
    """A party table of ``away`` and another client (and two puppets), played in threads:
    the results (``away``'s first) and the two bots."""
    bots = [Watched("riichi"), Watched("riichi")]
    results: list[Any] = [None, None]
    errors: list[BaseException] = []

    def run(i: int, client: TableClient, request: TableRequest) -> None:
        try:
            results[i] = client.sit(bots[i], request)
        except BaseException as error:
            errors.append(error)

    first = threading.Thread(
        target=run, args=(0, away, TableRequest("party", "quick", fill_bots=False)), daemon=True
    )
    first.start()
    for _ in range(200):  # until the first client sits at its new table
        tables = server.get("/api/me/tables", away.token).json()["tables"]
        if tables:
            break
        threading.Event().wait(0.1)
    table = tables[0]["id"]
    other = TableClient(server.base, timeout=60)
    second = threading.Thread(
        target=run, args=(1, other, TableRequest(table=table, bot="random")), daemon=True
    )
    second.start()
    return [first, second, results, errors], bots[0], bots[1]


@pytest.mark.parametrize("until", ["hands_later", "the_end"])
def test_a_seat_away_for_hands_or_the_end_observes_every_event(database: str, until: str) -> None:
    """The client is away while the match goes on for two hands (its seat played by a
    computer player after the grace period), or until it ended: back, its bot observes every
    event it missed, across the hands, exactly once and in order; a match that ended meanwhile
    gives its stored result (no ``no_table``)."""
    server = ServerProcess(database, "--grace-seconds", "1").start()
    try:
        away = Away(server.base, timeout=60, drops=(3,))
        away.back = threading.Event()
        (first, second, results, errors), bot, other_bot = _two_persons(server, away)
        assert away.away.wait(120), errors
        if until == "the_end":
            second.join(300)
        else:
            ended = sum(1 for e in other_bot.events if e.type == "deal_ended")
            while sum(1 for e in other_bot.events if e.type == "deal_ended") < ended + 2:
                assert second.is_alive(), errors
                threading.Event().wait(0.2)
        away.back.set()
        first.join(300)
        second.join(300)
        assert not errors, errors
        mine, theirs = results
        assert mine.table == theirs.table and mine.scores == theirs.scores
        assert mine.place == mine.ranking.index(mine.seat) + 1
        log = _seat_log(server, mine.table, mine.seat)
        assert _observed(bot) == log
        kinds = [e["type"] for e in log]
        assert kinds.count("deal_ended") >= 2
        # back while the match went on, its seat was joined again (a page of events at a time)
        assert (away.reconnects >= 1) == (until == "hands_later")
    finally:
        server.stop()


def test_a_server_that_dies_mid_match_is_joined_again(server: ServerProcess) -> None:
    asked = threading.Event()
    bot = Watched("riichi")
    choose = bot.choose

    def choose_and_tell(view: Any) -> Action:
        if len(bot.views) >= 5:
            asked.set()
        return choose(view)

    bot.choose = choose_and_tell  # type: ignore[method-assign]
    client = TableClient(server.base, timeout=60)
    outcome: list[Any] = []
    thread = threading.Thread(
        target=lambda: outcome.append(client.sit(bot, TableRequest("practice", "quick"))),
        daemon=True,
    )
    thread.start()
    assert asked.wait(60)
    server.kill()  # mid-match: the client loses its connection
    server.start()
    thread.join(120)
    assert outcome, "the match did not end"
    assert client.reconnects >= 1
    assert outcome[0].recorded
    _check_views(bot, outcome[0].seat)
    assert _observed(bot) == _seat_log(server, outcome[0].table, outcome[0].seat)


MY_BOT = """
class FirstLegal:
    name = "first-legal"

    def observe(self, events):
        pass

    def choose(self, view):
        acts = view.legal_actions
        return next((a for a in acts if a.kind.value in ("tsumo", "ron", "pass")), acts[-1])
"""


def _cli(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "jantaku", "sit", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_sit_command_seats_a_level_or_your_own_class(
    server: ServerProcess, tmp_path: Path
) -> None:
    out = _cli("--server", server.base, "--bot", "random", "--family", "classical", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert re.fullmatch(r"table \w+, seat \d: place [1-4] of 4; scores .+\n", out.stdout)
    (tmp_path / "my_bot.py").write_text(MY_BOT, encoding="utf-8")
    out = _cli("--server", server.base, "--bot", "my_bot:FirstLegal", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["recorded"] and len(result["scores"]) == 4


def test_the_sit_command_says_what_is_wrong_in_one_line(tmp_path: Path) -> None:
    for args, said in [
        (("--server", "localhost:8000"), "bad server URL 'localhost:8000'"),
        (("--server", "http://127.0.0.1:1"), "cannot reach the server at http://127.0.0.1:1"),
        (("--server", "http://127.0.0.1:1", "--bot", "no_such_module:Bot"), "cannot import"),
    ]:
        out = _cli(*args, cwd=tmp_path)
        assert out.returncode != 0 and said in out.stderr, out.stderr
        assert "Traceback" not in out.stderr


def test_a_bot_joins_a_persons_private_table_by_invite(server: ServerProcess) -> None:
    """A person makes a private party table without open tanyao; the bot joins by the invite
    code, reads the table's rules into its views, and both play the match out."""
    person = Client(server, server.guest())
    request = {"kind": "party", "length": "quick", "private": True, "kuitan": False}
    person.send({"type": "create", **request})
    created = person.expect("created")
    table, invite = created["table"]["id"], created["invite"]
    person.send({"type": "join", "invite": invite})
    person.expect("snapshot")
    bot = Watched("riichi")
    outcome: list[Any] = []
    thread = threading.Thread(
        target=lambda: outcome.append(
            sit(bot, server.base, TableRequest(invite=invite, fill_bots=False), timeout=60)
        ),
        daemon=True,
    )
    thread.start()
    while True:  # until the bot sits at the table
        seats = person.expect("table_update")["table"]["seats"]
        if sum(1 for s in seats if s["user_id"] is not None) == 2:
            break
    person.send({"type": "start", "table": table, "fill_bots": True, "bot": "random"})
    mine = person.play(table)
    thread.join(120)
    assert outcome and mine is not None
    assert outcome[0].table == table and outcome[0].scores == tuple(mine["scores"])
    assert outcome[0].seat != created["seat"]
    assert all(view.options.kuitan is False for view in bot.views)
    _check_views(bot, outcome[0].seat)


def test_a_server_that_hangs_up_at_once_is_one_clear_error() -> None:
    """Something that accepts the WebSocket and closes it before answering ``hello``."""
    from websockets.sync.server import serve

    from tests.server.harness import free_port

    port = free_port()
    with serve(lambda ws: ws.close(), "127.0.0.1", port) as hangup:
        threading.Thread(target=hangup.serve_forever, daemon=True).start()
        with pytest.raises(ClientError, match="closed the connection \\(the session token\\)"):
            TableClient(f"http://127.0.0.1:{port}", token="t").sit(Cheater())
        hangup.shutdown()


def test_four_clients_are_seated_by_the_ranked_queue(database: str, tmp_path: Path) -> None:
    """Three clients and a ``jantaku sit --queue`` of four registered accounts queue for a
    quick novice table (one address: ``--ranked-shared-addresses``, as at a LAN event): the
    queue seats them at one table, the match is played out and rates them all."""
    server = ServerProcess(database, "--ranked-shared-addresses").start()
    try:
        name = f"cli-{secrets.token_hex(3)}"
        status, body = server.post("/api/register", {"name": name, "password": "a long password"})
        assert status == 200, body
        out: list[subprocess.CompletedProcess[str]] = []
        cli = threading.Thread(
            target=lambda: out.append(
                _cli(
                    "--server",
                    server.base,
                    "--queue",
                    "novice",
                    "--name",
                    name,
                    "--json",
                    cwd=tmp_path,
                    env={"JANTAKU_PASSWORD": "a long password"},
                )
            ),
            daemon=True,
        )
        results: list[Any] = []
        errors: list[BaseException] = []

        def run() -> None:
            try:
                request = TableRequest("novice", "quick", queue=True)
                results.append(
                    sit(
                        Watched("riichi"),
                        server.base,
                        request,
                        token=registered(server),
                        timeout=60,
                    )
                )
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=run, daemon=True) for _ in range(3)]
        for t in (*threads, cli):
            t.start()
        for t in (*threads, cli):
            t.join(300)
        assert not errors, errors
        assert out and out[0].returncode == 0, out and out[0].stderr
        by_cli = json.loads(out[0].stdout)
        assert len({r.table for r in results} | {by_cli["table"]}) == 1
        assert sorted([r.seat for r in results] + [by_cli["seat"]]) == [0, 1, 2, 3]
        assert all(r.scores == tuple(by_cli["scores"]) for r in results)
        assert by_cli["ranked"] and by_cli["rated"] and by_cli["recorded"]
        assert sorted(r.place for r in results) == sorted(
            p for p in (1, 2, 3, 4) if p != by_cli["ranking"].index(by_cli["seat"]) + 1
        )
    finally:
        server.stop()


def test_a_queue_needs_a_ranked_kind_and_a_registered_account(tmp_path: Path) -> None:
    with pytest.raises(ClientError, match="kind 'practice' is not one of novice, advanced"):
        TableRequest("practice", queue=True)
    with pytest.raises(ClientError, match="give no table or invite"):
        TableRequest("novice", table="abc", queue=True)
    for args, said in [
        (("--queue", "novice"), "--queue seats registered accounts only: log in with --name"),
        (("--queue", "novice", "--name", "x", "--puppets", "random"), "drop --puppets"),
        (("--queue", "party"), "'party' is not one of 'novice', 'advanced'"),
    ]:
        out = _cli("--server", "http://127.0.0.1:1", *args, cwd=tmp_path)
        assert out.returncode != 0 and said in out.stderr, out.stderr
        assert "Traceback" not in out.stderr
