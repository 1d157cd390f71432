"""Hints against a real server (docs/table.md, "Hints"): at practice, party and classical
tables a seated player's ``hint`` answers its prompt with the choice the named puppet makes
on the very view and events the seat was sent (the test asks the puppet itself); a ranked
table refuses hints, a spectator gets none, nobody else learns that a seat asked, and a
prompt's hint is made once however often it is asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jantaku.client.wire import FamilyWire, wire_of
from jantaku.families import family
from jantaku.players.protocol import Player
from tests.server.accounts import registered
from tests.server.cluster_env import needs_cluster
from tests.server.counting import CountingServer
from tests.server.harness import Client, ServerProcess, until_own_turn

LEVEL = "strongest"  # the hints' puppet (the review's default)


class Seat:
    """A scripted seat that reads its messages as the engine's view and events, and keeps the
    named puppet shown every event the seat was sent (the reference a hint is checked on)."""

    def __init__(self, client: Client, table: str) -> None:
        self.client, self.table = client, table
        self.wire: FamilyWire | None = None
        self.puppet: Player | None = None
        self.view: dict[str, Any] | None = None

    def _read(self, msg: dict[str, Any]) -> None:
        if msg.get("table") != self.table and not (
            msg["type"] == "snapshot" and msg["table"]["id"] == self.table
        ):
            return
        if msg["type"] == "snapshot":
            config = msg["table"]["config"]
            self.wire = wire_of(config)
            self.puppet = family(config["family"]).new_player(LEVEL, "review", config["preset"])
            self.view = msg.get("view") or self.view
        elif msg["type"] == "events":
            assert self.wire is not None and self.puppet is not None
            self.puppet.observe(self.wire.read_events(msg["events"]))
            self.view = msg["view"]
            if msg.get("between_hands"):
                self.client.send({"type": "continue", "table": self.table})

    def prompt(self) -> dict[str, Any]:
        """The next prompt of this seat (what comes before it is read)."""
        while True:
            msg = self.client.recv()
            assert msg["type"] != "match_ended", "the match ended first"
            if msg["type"] == "prompt" and msg["table"] == self.table:
                return msg
            self._read(msg)

    def expected(self, prompt: dict[str, Any]) -> dict[str, Any]:
        """The named puppet's own choice on the seat's view of ``prompt``."""
        assert self.wire is not None and self.puppet is not None and self.view is not None
        data = {**self.view, "legal_actions": prompt["legal_actions"]}
        data["drawn_index"] = prompt.get("drawn_index")
        return self.puppet.choose(self.wire.view(data)).to_json()

    def hint(self, prompt: dict[str, Any], ref: str) -> dict[str, Any]:
        self.client.send({"type": "hint", "table": self.table, "seq": prompt["seq"], "id": ref})
        return replies(self.client, [ref])[0]

    def act(self, prompt: dict[str, Any], action: dict[str, Any]) -> None:
        self.client.send(
            {"type": "act", "table": self.table, "seq": prompt["seq"], "action": action}
        )


def replies(client: Client, refs: list[Any]) -> list[dict[str, Any]]:
    """The answers to the messages of ``refs`` (whatever their type), in that order; what
    comes between them is kept in ``client.messages``."""
    found: dict[Any, dict[str, Any]] = {}
    while len(found) < len(refs):
        msg = client.recv()
        if msg.get("ref") in refs:
            found[msg["ref"]] = msg
    return [found[r] for r in refs]


def _solo(server: ServerProcess, kind: str) -> Seat:
    c = Client(server, server.guest())
    c.send({"type": "create", "kind": kind, "length": "quick", "id": "c"})
    table = c.expect("created")["table"]["id"]
    c.send({"type": "join", "table": table, "fill_bots": True, "bot": "efficiency"})
    return Seat(c, table)


def _follow_hints(seat: Seat, prompts: int) -> list[dict[str, Any]]:
    """Ask a hint at each of ``prompts`` prompts, check it, and play it."""
    hints = []
    for i in range(prompts):
        prompt = seat.prompt()
        hint = seat.hint(prompt, f"h{i}")
        assert hint["type"] == "hint", hint
        assert hint["seq"] == prompt["seq"] and hint["level"] == LEVEL
        assert hint["action"] in prompt["legal_actions"]
        assert hint["action"] == seat.expected(prompt)
        hand = {t["tile_index"] for t in hint["danger"]}
        assert hand <= set(range(144))
        assert all(t["level"] in ("risky", "dangerous") for t in hint["danger"])
        hints.append(hint)
        seat.act(prompt, hint["action"])
    return hints


def test_a_hint_is_the_named_puppets_choice_at_practice_and_none_for_a_spectator(
    server: ServerProcess,
) -> None:
    seat = _solo(server, "practice")
    watcher = Client(server, server.guest())
    watcher.send({"type": "watch", "table": seat.table})
    watcher.expect("snapshot")
    prompt = seat.prompt()
    watcher.send({"type": "hint", "table": seat.table, "id": "w"})
    refusal = replies(watcher, ["w"])[0]
    assert refusal["type"] == "error" and refusal["code"] == "not_seated", refusal
    hint = seat.hint(prompt, "first")
    assert hint["type"] == "hint", hint
    assert hint["action"] == seat.expected(prompt)
    seat.act(prompt, hint["action"])
    _follow_hints(seat, 20)
    watcher.send({"type": "ping", "id": "p"})
    seen = [watcher.recv()]
    while seen[-1]["type"] != "pong":
        seen.append(watcher.recv())
    assert all(m["type"] != "hint" for m in seen)


def test_a_classical_table_gives_hints_through_the_same_contract(server: ServerProcess) -> None:
    _follow_hints(_solo(server, "classical"), 6)


def test_a_ranked_table_refuses_hints(server: ServerProcess) -> None:
    clients = [Client(server, registered(server)) for _ in range(4)]
    for c in clients:
        c.send({"type": "queue", "kind": "novice", "length": "quick"})
        c.expect("snapshot")
    table = clients[0].expect("snapshot")["table"]["id"]  # the match started
    for c in clients:  # what the start sent each arrives before the answer to a ping
        c.send({"type": "ping"})
        c.expect("pong")
    dealer = next(c for c in clients if any(m["type"] == "prompt" for m in c.messages))
    prompt = next(m for m in dealer.messages if m["type"] == "prompt")
    dealer.send({"type": "hint", "table": table, "seq": prompt["seq"], "id": "r"})
    refusal = replies(dealer, ["r"])[0]
    assert refusal["type"] == "error" and refusal["code"] == "hints_ranked", refusal
    assert "unranked tables only" in refusal["message"]
    for c in clients:
        c.close()


def test_nobody_else_learns_that_a_seat_asked(server: ServerProcess) -> None:
    """A party table of two persons, two puppets and a spectator: while the first person's
    own turn waits (no turn timer), it asks for hints; the other person and the spectator
    are sent nothing (their next message is the answer to their ping)."""
    a, b = Client(server, server.guest()), Client(server, server.guest())
    a.send({"type": "create", "kind": "party", "length": "quick", "id": "c"})
    table = a.expect("created")["table"]["id"]
    a.send({"type": "join", "table": table})
    a.expect("snapshot")
    b.send({"type": "join", "table": table})
    b.expect("snapshot")
    watcher = Client(server, server.guest())
    watcher.send({"type": "watch", "table": table})
    watcher.expect("snapshot")
    a.send({"type": "start", "table": table, "fill_bots": True, "bot": "efficiency"})
    prompt = until_own_turn(a, b, table)
    for viewer in (b, watcher):  # everything of the step a is asked at has reached them
        while not any(m["type"] == "events" and m["seq"] == prompt["seq"] for m in viewer.messages):
            viewer.recv()
    for i in range(3):
        a.send({"type": "hint", "table": table, "seq": prompt["seq"], "id": i})
    answers = replies(a, list(range(3)))
    assert all(h["type"] == "hint" for h in answers), answers
    assert len({str(h["action"]) for h in answers}) == 1
    for viewer in (b, watcher):
        viewer.send({"type": "ping", "id": "after"})
        assert viewer.recv()["type"] == "pong"


def test_a_prompt_is_advised_once_however_often_asked(database: str, tmp_path: Path) -> None:
    server = CountingServer(database, tmp_path / "calls", "--grace-seconds", "30").start()
    try:
        seat = _solo(server, "practice")
        prompt = seat.prompt()
        for i in range(5):
            seat.client.send({"type": "hint", "table": seat.table, "seq": prompt["seq"], "id": i})
        answers = replies(seat.client, list(range(5)))
        assert all(h["type"] == "hint" for h in answers), answers
        assert len({str((h["action"], h["danger"])) for h in answers}) == 1
        assert server.count("advise") == 1
        seat.act(prompt, answers[0]["action"])
        nxt = seat.prompt()
        assert seat.hint(nxt, "again")["type"] == "hint"
        assert seat.hint(nxt, "and again")["type"] == "hint"
        assert server.count("advise") == 2
    finally:
        server.stop()


@needs_cluster
def test_a_hint_is_answered_through_another_door(servers: list[ServerProcess]) -> None:
    """Several processes: a table made at one process, played from another (its door), gets
    its hints there, from the process that drives it."""
    s0, s1, _s2 = servers
    token = s0.guest()
    maker = Client(s0, token)
    maker.send({"type": "create", "kind": "practice", "length": "quick", "id": "c"})
    table = maker.expect("created")["table"]["id"]
    door = Client(s1, token)
    door.send({"type": "join", "table": table, "fill_bots": True, "bot": "efficiency"})
    seat = Seat(door, table)
    prompt = seat.prompt()
    hint = seat.hint(prompt, "there")
    assert hint["type"] == "hint", hint
    assert hint["action"] == seat.expected(prompt)
    for c in (maker, door):
        c.close()
