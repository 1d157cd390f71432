"""The Störspiel warning, deterministically: a scripted player plays classical games at the real
server until its own turn holds a tile the rule forbids; the browser then gets exactly those
server messages (a recorded table behind a mocked WebSocket), must warn before that discard, and
sends it only when confirmed."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import WebSocketRoute, expect

from tests.server.harness import Client, ServerProcess


def _record_a_dangerous_turn(proc: ServerProcess, games: int = 3) -> list[dict[str, Any]] | None:
    """The snapshot and prompt of the first own turn (at a classical table) with a forbidden
    discard, or None."""
    for _ in range(games):
        client = Client(proc, proc.guest())
        client.send({"type": "create", "kind": "classical", "id": 1})
        table = client.expect("created")["table"]["id"]
        # value-seeking puppets open pure and dragon hands, which is what makes a discard dangerous
        client.send({"type": "join", "table": table, "fill_bots": True, "bot": "strongest"})
        view: dict[str, Any] = {}
        try:
            for _step in range(20000):
                msg = client.recv(timeout=30)
                if msg.get("view"):
                    view = msg["view"]
                if msg["type"] == "match_ended":
                    break
                if msg["type"] != "prompt" or msg["table"] != table:
                    continue
                legal = msg["legal_actions"]
                forbidden = [w for w in view.get("discard_warnings", []) if w["exemption"] is None]
                if forbidden and any(a["type"] == "discard" for a in legal):
                    # join again: the snapshot and prompt a (re)joining browser gets right now
                    client.send({"type": "join", "table": table})
                    snapshot = client.expect("snapshot")
                    return [snapshot, client.expect("prompt")]
                pick = next(
                    (a for a in legal if a["type"] in ("tsumo", "ron", "pass")),
                    next(a for a in legal if a["type"] == "discard")
                    if any(a["type"] == "discard" for a in legal)
                    else legal[0],
                )
                time.sleep(0.012)  # stay under the server's 100 messages a second
                client.send({"type": "act", "table": table, "seq": msg["seq"], "action": pick})
        finally:
            client.close()
    return None


def test_a_forbidden_discard_is_warned_and_sent_only_when_confirmed(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    messages = _record_a_dangerous_turn(server_proc)
    if messages is None:
        pytest.skip("no forbidden discard came up in three classical games")
    table = next(m["table"]["id"] for m in messages if m["type"] == "snapshot")
    replay = [m for m in messages if m["type"] in ("snapshot", "events", "prompt", "table_update")]
    view = next(m["view"] for m in reversed(messages) if m.get("view"))
    forbidden = {w["tile"] for w in view["discard_warnings"] if w["exemption"] is None}
    threatened = {w["threatened_by"] for w in view["discard_warnings"] if w["exemption"] is None}
    user = {"id": 1, "name": "recorded", "guest": True, "rank": "Novice", "rank_index": 0}
    sent: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        def on_message(message: str | bytes) -> None:
            msg = json.loads(message)
            sent.append(msg)
            if msg["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "user": user, "ref": msg.get("id")}))
            elif msg["type"] in ("join", "watch"):
                for m in replay:
                    ws.send(json.dumps(m))

        ws.on_message(on_message)

    page = new_page()
    page.route_web_socket("**/ws", route)
    page.add_init_script(
        "localStorage.setItem('jantaku.token', 'recorded');"
        f"localStorage.setItem('jantaku.user', {json.dumps(json.dumps(user))});"
    )
    page.goto(f"{server}/#/table/{table}")
    marked = page.locator(".hand-tile--danger:not([aria-disabled])")
    expect(marked.first).to_be_visible(timeout=20000)
    # exactly the forbidden kinds are marked (a red five counts as a five)
    shown = marked.evaluate_all("(els) => els.map((e) => e.dataset.tile)")
    assert {t.replace("0", "5") for t in shown} == {k.replace("0", "5") for k in forbidden}
    tile = marked.first.get_attribute("data-tile")
    marked.first.click()
    dialog = page.get_by_test_id("danger-dialog")
    expect(dialog).to_be_visible()
    summary = next(m["table"] for m in reversed(replay) if m["type"] == "snapshot")
    names = [s["name"] for s in summary["seats"]]
    assert any(names[i] in dialog.inner_text() for i in threatened)  # names the threat
    assert not [m for m in sent if m["type"] == "act"]  # nothing sent before the answer
    page.get_by_test_id("danger-confirm").click()
    expect(dialog).to_have_count(0)
    for _ in range(100):
        acts = [m for m in sent if m["type"] == "act"]
        if acts:
            break
        page.wait_for_timeout(50)
    assert len(acts) == 1
    assert acts[0]["action"]["type"] == "discard" and acts[0]["action"]["tile"] == tile
    assert acts[0]["table"] == table
