"""The table's state model (js/table/state.js) fed with a real server's messages, in the browser:
every legal discard and riichi of every prompt is reachable by clicking exactly one tile of the
drawn hand, the drawn tile carries the prompt's drawn copy, every other choice gets a button, and
the automatic answers (riichi discard, auto-win, no calls) pick legal actions."""

from __future__ import annotations

from typing import Any

from jantaku.hand import shanten
from jantaku.tiles import counts_of, parse_kinds
from tests.server.harness import Client, ServerProcess
from tests.web.helpers import login_guest

_CHECK = """async (messages) => {
  const m = await import('/static/js/table/state.js');
  const { sortTiles } = await import('/static/js/tiles.js');
  const problems = [];
  const seen = {prompts: 0, riichi: 0, autoRiichi: 0, calls: 0, wins: 0};
  let s = m.createState();
  const key = (a) => JSON.stringify(a);
  for (const msg of messages) {
    if (msg.type === 'snapshot') s = m.applySnapshot(s, msg, 0);
    else if (msg.type === 'events') s = m.applyEvents(s, msg, 0);
    else if (msg.type === 'match_ended') s = m.applyMatchEnded(s, msg);
    else if (msg.type === 'prompt') {
      s = m.applyPrompt(s, msg, 0);
      seen.prompts += 1;
      const legal = msg.legal_actions;
      if (m.currentLegal(s).length !== legal.length) problems.push(['stale prompt', msg.seq]);
      const hand = m.ownHand(s, sortTiles);
      const entries = [...hand.tiles, ...(hand.drawn ? [hand.drawn] : [])];
      const tiles = entries.map((e) => e.tile).sort().join(',');
      const viewTiles = m.splitTiles(s.view.hand).sort().join(',');
      if (tiles !== viewTiles) problems.push(['hand', msg.seq, tiles, viewTiles]);
      for (const type of ['discard', 'riichi']) {
        const want = legal.filter((a) => a.type === type).map((a) => a.tile_index).sort();
        const got = entries.map((e) => e[type]).filter(Boolean).map((a) => a.tile_index).sort();
        if (key(want) !== key(got)) problems.push([type, msg.seq, want, got]);
        for (const e of entries) {
          if (e[type] && e[type].tile !== e.tile) {
            problems.push([type + ' tile', msg.seq, e.tile, e[type]]);
          }
        }
      }
      if (hand.drawn && hand.drawn.discard && msg.drawn_index !== null &&
          hand.drawn.discard.tile_index !== msg.drawn_index) problems.push(['drawn', msg.seq]);
      const c = m.choices(s);
      const grouped = Object.values(c).flat().length;
      const others = legal.filter((a) => a.type !== 'discard').length;
      if (grouped !== others) problems.push(['choices', msg.seq, grouped, others]);
      if (c.riichi.length) seen.riichi += 1;
      if (c.chi.length || c.pon.length || c.kan.length) seen.calls += 1;
      if (c.win.length) seen.wins += 1;
      for (const opts of [{}, {autoWin: true}, {noCalls: true}, {autoWin: true, noCalls: true}]) {
        const a = m.autoAction(s, opts);
        if (a && !legal.some((l) => key(l) === key(a))) problems.push(['auto illegal', msg.seq]);
        const won = a && ['tsumo', 'ron'].includes(a.type);
        if (opts.autoWin && c.win.length && !won) problems.push(['auto win', msg.seq]);
        const passed = a && a.type === 'pass';
        if (opts.noCalls && !c.win.length && c.pass.length && !passed) {
          problems.push(['no calls', msg.seq]);
        }
      }
      const me = s.view.seats[s.seat];
      const auto = m.autoAction(s, {});
      if (me.riichi && legal.length === 1 && legal[0].type === 'discard') {
        seen.autoRiichi += 1;
        if (!auto || auto.tile_index !== msg.drawn_index) {
          problems.push(['riichi auto discard', msg.seq]);
        }
      } else if (auto) problems.push(['unasked auto', msg.seq, auto]);
    }
  }
  return {problems, seen};
}"""


def _shanten_policy(client: Client) -> Any:
    """Win when possible, declare riichi when possible, pass on calls, else throw the tile whose
    loss leaves the best shanten (so riichi and the automatic discard after it happen)."""

    def choose(prompt: dict[str, Any]) -> dict[str, Any]:
        legal = prompt["legal_actions"]
        for kind in ("tsumo", "ron", "riichi", "pass"):
            for a in legal:
                if a["type"] == kind:
                    return dict(a)
        view = next(m["view"] for m in reversed(client.messages) if m.get("view"))
        hand = list(parse_kinds(view["hand"]))
        melds = len(view["seats"][prompt["seat"]]["melds"])

        def after(a: dict[str, Any]) -> int:
            rest = list(hand)
            rest.remove(parse_kinds(a["tile"])[0])
            return shanten(counts_of(rest), melds)

        discards = [a for a in legal if a["type"] == "discard"]
        return dict(min(discards, key=after)) if discards else dict(legal[0])

    return choose


def _play_a_match(proc: ServerProcess) -> list[dict[str, Any]]:
    client = Client(proc, proc.guest())
    client.send({"type": "create", "kind": "practice", "length": "full"})
    table = client.expect("created")["table"]["id"]
    client.send({"type": "join", "table": table, "fill_bots": True})
    assert client.play(table, policy=_shanten_policy(client)) is not None
    client.close()
    return [m for m in client.messages if m["type"] != "error"]


def test_state_model_maps_every_prompt_of_a_real_match(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    page = new_page()
    login_guest(page, server)
    total = {"prompts": 0, "riichi": 0, "autoRiichi": 0}
    for _ in range(3):  # until a riichi was declared and the page had to discard after it
        out = page.evaluate(_CHECK, _play_a_match(server_proc))
        assert out["problems"] == []
        for key in total:
            total[key] += out["seen"][key]
        if total["riichi"] and total["autoRiichi"]:
            break
    assert total["prompts"] > 40
    assert total["riichi"] >= 1 and total["autoRiichi"] >= 1, total
