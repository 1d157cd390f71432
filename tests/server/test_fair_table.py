"""What the table hides and how it paces: nobody learns who may call, every discard gets the
same call window, the turn clock stops between hands, restarts keep deadlines and time banks,
and computer players see every event."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jantaku.engine.riichi.events import Event
from jantaku.families import Family
from jantaku.players.protocol import Player
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.seating import PLAYERS, register_player
from jantaku.server.storage import Store, StoredAction
from tests.server.checks import stored_actions, stored_bank
from tests.server.clocked import ClockedServer
from tests.server.harness import REPLY_LIMIT, Client, ServerProcess, choose

_RESOLUTIONS = {"drew", "called", "won", "deal_ended"}


def _party(alice: Client, bob: Client) -> str:
    alice.send({"type": "create", "kind": "party", "length": "quick"})
    table = str(alice.expect("created")["table"]["id"])
    alice.send({"type": "join", "table": table})
    alice.expect("snapshot")
    bob.send({"type": "join", "table": table, "fill_bots": True})
    return table


def _play_in_background(client: Client, table: str, calls: list[int]) -> threading.Thread:
    def policy(prompt: dict[str, Any]) -> dict[str, Any]:
        if any(a["type"] == "pass" for a in prompt["legal_actions"]):
            calls.append(prompt["seq"])  # this seat could call: it passes
        return choose(prompt)

    def run() -> None:
        with contextlib.suppress(Exception):  # the test closes the socket when it has seen enough
            client.play(table, policy=policy)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_nobody_learns_who_may_call(database: str) -> None:
    window = 0.25
    server = ServerProcess(database, "--call-window", str(window)).start()
    alice = Client(server, server.guest())
    bob = Client(server, server.guest())
    carol = Client(server, server.guest())
    try:
        table = _party(alice, bob)
        carol.send({"type": "watch", "table": table})
        carol.expect("snapshot")
        calls: list[int] = []
        threads = [_play_in_background(c, table, calls) for c in (alice, bob)]
        discards = 0
        pending = False  # the last discard shown is not resolved yet
        while discards < 300 and not (discards >= 40 and calls):
            msg = carol.recv(30)
            if msg["type"] != "events":
                continue
            kinds = [e["type"] for e in msg["events"]]
            if pending:
                # the message after a discard resolves it: nothing comes in between
                assert _RESOLUTIONS & set(kinds), kinds
                pending = False
            if "discarded" in kinds:
                discards += 1
                after = kinds[kinds.index("discarded") + 1 :]
                assert not _RESOLUTIONS & set(after), kinds  # never in the discard's message
                assert msg["to_act"] == [] and msg["deadlines"] == {}
                assert msg["view"]["phase"] in ("calls", "chankan")
                pending = True
            elif msg["events"]:
                assert not msg["between_hands"] or msg["to_act"] == []
        assert calls, "no person could call in 300 discards"
    finally:
        for c in (alice, bob, carol):
            c.close()
        server.stop()
    for t in threads:
        t.join(10)
    # every discard waited the whole window, whether or not anybody could call: the next turn
    # began a window after it (measured where the server applied them, however late a loaded
    # machine lets the spectator read its messages)
    gaps = _window_gaps(stored_actions(database, table))
    assert len(gaps) >= discards - 1
    assert min(gaps) >= window * 0.98, sorted(gaps)[:5]


#: the actions of a seat's own turn (the answers in a call window are not)
_OWN_TURN = {"discard", "riichi", "tsumo", "added_kan", "concealed_kan", "nine_terminals"}


def _window_gaps(actions: Sequence[StoredAction]) -> list[float]:
    """For each stored discard, the seconds until the next own-turn action (of the next seat,
    or of the caller after a call): at least the call window when every window lasts it."""
    gaps: list[float] = []
    discarded: float | None = None
    for a in actions:
        kind = a.action["type"]
        if kind not in _OWN_TURN:
            continue
        if discarded is not None:
            gaps.append(a.elapsed - discarded)
        discarded = a.elapsed if kind in ("discard", "riichi") else None
    return gaps


def _practice(c: Client) -> tuple[str, int]:
    c.send({"type": "create", "kind": "practice", "length": "quick"})
    table = str(c.expect("created")["table"]["id"])
    c.send({"type": "join", "table": table, "fill_bots": True})
    return table, int(c.expect("snapshot")["seat"])


def _play_to_hand_end(c: Client, table: str) -> dict[str, Any]:
    """Answer prompts until a hand ends; returns that events message."""
    for _ in range(5000):
        msg = c.recv(30)
        if msg["type"] == "events" and msg["between_hands"]:
            return msg
        if msg["type"] == "prompt":
            c.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
    raise AssertionError("no hand ended")


def test_no_clock_runs_while_the_result_is_shown(database: str, tmp_path: Path) -> None:
    pause = 3.0
    # the turn times and banks run on a clock the test moves (clocked.py), the pause on the
    # server's own: what a seat has left is exact, however slowly the machine answers
    server = ClockedServer(
        database,
        tmp_path / "clock",
        *("--turn-seconds", "0.5", "--bank-seconds", "0.5"),
        solo_pause=str(pause),  # a practice table: its one person's pause
    ).start()
    try:
        c = Client(server, server.guest())
        table, me = _practice(c)
        ended = _play_to_hand_end(c, table)
        assert ended["to_act"] == [] and ended["deadlines"] == {}
        before = len(stored_actions(database, table))
        server.advance(5.0)  # while the result is shown: more than a whole turn and bank
        while True:  # the result stays on screen: no prompt until the pause ends
            msg = c.recv()
            assert msg["type"] != "prompt"
            if msg["type"] == "events":
                break
        assert msg["events"] == [] and not msg["between_hands"]
        # the seat on turn has its whole turn time (and bank, told to itself alone) left
        [first] = msg["to_act"]
        own = first == me
        clock = {"turn_left": 0.5, "bank": 0.5} if own else {"turn_left": 0.5}
        assert msg["clocks"] == {str(first): clock}
        assert msg["deadlines"] == {str(first): 1.0 if own else 0.5}
        if own:  # nobody else acts for us on this clock: the prompt is answered
            prompt = c.expect("prompt")
            assert (prompt["turn_left"], prompt["bank"], prompt["deadline"]) == (0.5, 0.5, 1.0)
            c.send({"type": "act", "table": table, "seq": prompt["seq"], "action": choose(prompt)})
        # nobody acted while the result was shown, nor the timer: the next hand's first action
        # (a computer player's, or ours) came the whole pause after the action that ended the
        # hand, by the match time each carries
        deadline = time.monotonic() + REPLY_LIMIT
        while len(actions := stored_actions(database, table)) == before:
            assert time.monotonic() < deadline, "nothing was played after the pause"
            time.sleep(0.1)
        paused = actions[before].elapsed - actions[before - 1].elapsed
        assert paused >= pause - 0.01, paused
        assert actions[before].source != "timeout"
    finally:
        server.stop()


def test_confirming_the_result_starts_the_next_hand(database: str) -> None:
    server = ServerProcess(database, "--hand-pause", "120").start()
    try:
        c = Client(server, server.guest())
        table, _me = _practice(c)
        _play_to_hand_end(c, table)
        c.send({"type": "act", "table": table, "action": {"type": "discard", "tile_index": 0}})
        assert c.expect("error")["code"] == "between_hands"
        c.send({"type": "continue", "table": table})
        msg = c.expect("events", timeout=20)  # not the 120 s pause
        assert msg["events"] == [] and not msg["between_hands"]
    finally:
        server.stop()


_TURN, _BANK = 0.5, 15.0  # seconds: the turn time, and a bank that outlasts a stall


def test_a_restart_gives_deadlines_and_time_banks_back(database: str) -> None:
    # the bank outlasts a loaded machine's stalls: neither our slow turn nor the restart
    # spends all of it before the test looks
    timed = ("--turn-seconds", str(_TURN), "--bank-seconds", str(_BANK), "--grace-seconds", "60")
    server = ServerProcess(database, *timed).start()
    token = server.guest()
    c = Client(server, token)
    table, me = _practice(c)
    prompt = c.expect("prompt")
    while prompt["seat"] != me or not any(a["type"] == "discard" for a in prompt["legal_actions"]):
        c.send({"type": "act", "table": table, "seq": prompt["seq"], "action": choose(prompt)})
        prompt = c.expect("prompt")
    time.sleep(2.0)  # at least 1.5 s of the bank spent on this turn
    c.send({"type": "act", "table": table, "seq": prompt["seq"], "action": choose(prompt)})
    while True:  # stop at our next turn
        msg = c.recv()
        if msg["type"] == "prompt" and any(a["type"] == "discard" for a in msg["legal_actions"]):
            break
        if msg["type"] == "prompt":
            c.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
        if msg["type"] == "events" and msg["between_hands"]:
            c.send({"type": "continue", "table": table})
    c.close()
    server.kill()
    kept = stored_bank(database, table, me)
    assert 0 < kept <= _BANK - 1.5 + 0.001  # the slow turn was taken from the bank, and kept
    restarted = time.monotonic()  # the seat on turn is timed again from the restart, after this
    server = ServerProcess(database, *timed).start()
    try:
        again = Client(server, token)
        again.send({"type": "join", "table": table})
        snap = again.expect("snapshot")
        prompt = again.expect("prompt")
        passed = time.monotonic() - restarted
        # the whole turn time and what the bank kept, less what passed since the restart (the
        # server's clock is this machine's monotonic one): no new bank, nor a lost one
        most = _TURN + kept + 0.001
        assert most - passed - 0.002 <= prompt["deadline"] <= most, (prompt, kept, passed)
        assert prompt["bank"] <= kept + 0.001
        # the match was played again up to the last discard, whose call window's time had run
        # out: it is not open again, the seat is on turn (test_resumed_window.py)
        assert snap["to_act"] == [me]
        assert most - passed - 0.002 <= snap["deadlines"][str(me)] <= most, (snap, passed)
        while True:  # nobody answers: the timer acts for us, the table does not stall
            msg = again.recv()
            if msg["type"] == "events" and any(
                e["type"] == "discarded" and e["seat"] == me for e in msg["events"]
            ):
                break
        mine = [a for a in stored_actions(database, table) if a.action["seat"] == me]
        assert mine[-1].source == "timeout"
    finally:
        server.stop()


class _Recorder:
    """The seat filler, remembering every event it is shown."""

    name = "recorder"

    def __init__(self, family: Family, preset: str, seat: int) -> None:
        self.filler: Player = family.new_filler(seat)
        self.seen: list[dict[str, Any]] = []

    def choose(self, view: Any) -> Any:
        return self.filler.choose(view)

    def observe(self, events: Sequence[Event]) -> None:
        self.filler.observe(events)
        self.seen.extend(e.to_json() for e in events)


def test_computer_players_observe_every_event(tmp_path: Path) -> None:
    register_player("recorder", _Recorder)
    try:
        for kind in ("practice", "classical"):
            store = Store(f"sqlite:///{tmp_path / f'{kind}.sqlite3'}")
            lobby = Lobby(store, ServerSettings(bot_delay=0.0))
            table = lobby.create(kind, "quick")
            table.fill_with_bots("recorder")
            table.start()

            async def play(table: Any = table) -> None:
                table.run()
                deadline = time.monotonic() + 300  # a busy machine plays slowly
                while table.status == "live" and time.monotonic() < deadline:
                    await asyncio.sleep(0.01)

            asyncio.run(play())
            assert table.status == "finished", kind
            log = table.engine.log
            for seat in range(4):
                want = [e.seen_by(seat).to_json() for e in log]
                assert table._players[seat].seen == want, (kind, seat)
            store.close()
    finally:
        del PLAYERS["recorder"]


def test_an_absent_player_is_taken_over_whether_or_not_asked(database: str) -> None:
    """The takeover after the grace period does not wait until the seat is asked something:
    coming exactly then, it would tell everybody that the seat could call."""
    server = ServerProcess(database, "--grace-seconds", "1").start()
    alice = Client(server, server.guest())
    bob = Client(server, server.guest())
    try:
        table = _party(alice, bob)
        while True:  # the table waits for alice's discard (a party table has no timer)
            prompt = alice.expect("prompt", timeout=30)
            if any(a["type"] == "discard" for a in prompt["legal_actions"]):
                break
            act = {"type": "act", "table": table, "seq": prompt["seq"], "action": choose(prompt)}
            alice.send(act)
        bob.close()  # bob is gone; nothing is asked of him while alice thinks
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            msg = alice.recv(20)
            if msg["type"] == "table_update" and any(
                s["takeover"] and s["user_id"] == bob.user["id"] for s in msg["table"]["seats"]
            ):
                break
        else:
            raise AssertionError("bob's seat was not taken over")
    finally:
        alice.close()
        server.stop()
