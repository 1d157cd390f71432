"""The replay sets the winning tile apart from the rest of a winning hand, as the table's result
does (the replay drew it flush against the hand): both families' replay hooks are fed a win as
the stored log has it and drawn in the replay's result box."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.snippets import script

_RENDER = script("""
  const [family, win, state] = args;
  const { familyOf } = await import('/static/js/families/index.js');
  const { t } = await import('/static/js/i18n.js');
  document.querySelector('#replay-box')?.remove();
  const box = document.createElement('div');
  box.id = 'replay-box';
  box.className = 'result-box';
  box.append(familyOf(family).replay.win(win, ['Anna', 'Bert', 'Cora', 'Dirk'], t, state));
  document.body.prepend(box);
  const tiles = (sel) => [...box.querySelectorAll(sel + ' [data-tile]')].map((e) => e.dataset.tile);
  return { win: tiles('.win-tile'), gaps: tileGaps(box), melds: tiles('.result-melds'),
           dora: tiles('[data-testid=dora-indicators]'),
           ura: tiles('[data-testid=ura-indicators]') };
""")


_WINS = {
    "riichi": {
        "seat": 1, "from_seat": 3, "tile": "2s", "hand": "234m45666p34678s", "han": 3, "fu": 30,
        "points": 3900, "yakuman": 0, "limit": None, "yaku": [["riichi", 1], ["pinfu", 1]],
    },
    "classical": {"seat": 0, "from_seat": None, "tile": "5p", "hand": "789m5p"},
}  # fmt: skip


@pytest.mark.parametrize("family", ["riichi", "classical"])
@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (390, 844)])
def test_the_replay_sets_the_winning_tile_apart(
    server: str, new_page, artifacts: Path, family: str, size: tuple[int, int]
) -> None:
    page = new_page(*size)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    win = _WINS[family]
    got = page.evaluate(_RENDER, [family, win])
    assert got["win"] == [win["tile"]], got
    *within, last = got["gaps"]
    # the hand's tiles stand close together; the winning tile stands apart (the table's 8 px)
    assert max(g for g in within if g is not None) < 4, got
    assert last is not None and last >= 6, got
    page.locator("#replay-box").screenshot(
        path=str(artifacts / f"replay-win-tile-{family}-{size[0]}.png")
    )


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_replay_shows_a_riichi_win_with_its_melds_and_indicators(
    server: str, new_page, artifacts: Path, size: tuple[int, int]
) -> None:
    """The replay's win shows what the table's result dialog shows: the winning hand with its
    melds, the deal's dora indicators and the winner's ura indicators (it showed the concealed
    tiles alone). The state is the replay's own at the win (replay/state.js): Bert's pon of red
    dragons called from Anna, the indicators East and 7p, Bert in riichi."""
    page = new_page(*size)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    win = {
        "seat": 1, "from_seat": 3, "tile": "2s", "hand": "234m456p3478s", "han": 2, "fu": 30,
        "points": 2000, "yakuman": 0, "limit": None, "yaku": [["yakuhai_chun", 1]],
        "ura_indicators": "9m",
    }  # fmt: skip
    pon = {"kind": "pon", "tiles": ["7z", "7z", "7z"], "called": "7z", "from": 0}
    state = {"dora": ["1z", "7p"], "ura": ["9m"], "melds": [[], [pon], [], []]}
    got = page.evaluate(_RENDER, ["riichi", win, state])
    shown = {k: got[k] for k in ("melds", "dora", "ura", "win")}
    assert shown == {"melds": ["7z"] * 3, "dora": ["1z", "7p"], "ura": ["9m"], "win": ["2s"]}, got
    page.locator("#replay-box").screenshot(
        path=str(artifacts / f"replay-win-melds-indicators-{size[0]}.png")
    )
