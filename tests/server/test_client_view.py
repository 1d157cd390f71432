"""The views sent with every events message (what the browser table draws from) agree with the
events themselves: the own hand rebuilt from the seat's events, the called tile of each meld,
and the drawn tile named by the prompt is the one a tsumogiri discard throws."""

from __future__ import annotations

from collections import Counter
from typing import Any

from jantaku.tiles import parse_tiles
from tests.server.harness import Client, ServerProcess


def _kinds(text: str | None) -> Counter[str]:
    return Counter(t.notation for t in parse_tiles(text or ""))


def _discard_drawn(prompt: dict[str, Any]) -> dict[str, Any]:
    """Win or pass when offered, else throw the tile the prompt says was just drawn."""
    legal = prompt["legal_actions"]
    for kind in ("tsumo", "ron", "pass"):
        for a in legal:
            if a["type"] == kind:
                return dict(a)
    drawn = prompt.get("drawn_index")
    for a in legal:
        if a["type"] == "discard" and a.get("tile_index") == drawn:
            return dict(a)
    return next(dict(a) for a in legal if a["type"] == "discard")


def test_events_carry_a_view_that_matches_the_events(server: ServerProcess) -> None:
    c = Client(server, server.guest())
    c.send({"type": "create", "kind": "practice"})
    table = c.expect("created")["table"]["id"]
    c.send({"type": "join", "table": table, "fill_bots": True})
    result = c.play(table, policy=_discard_drawn)
    assert result is not None
    me = next(m["seat"] for m in c.messages if m["type"] == "snapshot" and m.get("view"))
    hand: Counter[str] = Counter()
    prompts_with_draw = 0
    own_discards = 0
    checked = 0
    called_tiles: list[list[str | None]] = [[] for _ in range(4)]
    for m in c.messages:
        if m["type"] == "prompt" and m.get("drawn_index") is not None:
            legal = {a.get("tile_index") for a in m["legal_actions"] if a["type"] == "discard"}
            assert m["drawn_index"] in legal
            prompts_with_draw += 1
        if m["type"] != "events":
            continue
        for e in m["events"]:
            if e["type"] == "deal_started":
                hand = _kinds(e["hands"][me])
                called_tiles = [[] for _ in range(4)]
            elif e["type"] == "drew" and e["seat"] == me:
                hand[e["tile"]] += 1
            elif e["type"] == "discarded" and e["seat"] == me:
                hand[e["tile"]] -= 1
                own_discards += 1
                assert e["tsumogiri"]  # the policy always threw the drawn tile
            elif e["type"] == "called":
                called_tiles[e["seat"]].append(e["tile"])
                if e["seat"] == me:
                    hand -= _kinds(e["tiles"])
            elif e["type"] == "kan_declared":
                if e["kind"] == "concealed_kan":
                    called_tiles[e["seat"]].append(None)
                if e["seat"] == me:
                    hand -= _kinds(e["tiles"])
        view = m["view"]
        assert view["seat"] == me
        if view["phase"] != "ended" and not any(
            e["type"] in ("deal_ended", "match_ended") for e in m["events"]
        ):
            assert +hand == _kinds(view["hand"]), (m["seq"], hand, view["hand"])
            checked += 1
            for s, seat in enumerate(view["seats"]):
                info = seat["meld_info"]
                assert [i["tiles"] for i in info] == seat["melds"]
                assert [i["called"] for i in info] == called_tiles[s][: len(info)]
    assert checked > 50 and prompts_with_draw > 5 and own_discards > 5
    c.close()


def test_spectators_get_the_public_view(server: ServerProcess) -> None:
    player = Client(server, server.guest())
    player.send({"type": "create", "kind": "party"})
    table = player.expect("created")["table"]["id"]
    watcher = Client(server, server.guest())
    watcher.send({"type": "watch", "table": table})
    watcher.expect("snapshot")
    player.send({"type": "join", "table": table, "fill_bots": True})
    player.play(table, stop_after=3)
    msg = watcher.expect("events")
    assert msg["view"]["seat"] is None and msg["view"]["hand"] == ""
    assert msg["view"]["drawn_index"] is None
    player.close()
    watcher.close()
