"""A board drawn from a made-up view, and the geometry of the tiles of each seat as the page lays
them out (for test_table_square.py): which way each tile lies, seen from its owner."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# Each seat's river: 14 discards; the 4th was called away (chi), the 8th declared riichi; at
# the seat across, the riichi tile itself (the 10th) was called, so the 11th lies sideways.
_RIVER = "1m2m3m4m5m6m7m8m9m1p2p3p4p5p"


def _river(seat: int) -> list[dict[str, Any]]:
    tiles = [_RIVER[i : i + 2] for i in range(0, len(_RIVER), 2)]
    out = [
        {"tile": t, "tsumogiri": i % 5 == 4, "riichi": False, "called": i == 3}
        for i, t in enumerate(tiles)
    ]
    if seat == 2:
        out[9].update(riichi=True, called=True)
    else:
        out[7]["riichi"] = True
    return out


# A pung from each giver (1 = the owner's right, 2 = across, 3 = left), and an added kong
_MELDS = [
    {"tiles": "777z", "kind": "pung", "kong": None, "called": "7z", "from": 1},
    {"tiles": "666z", "kind": "pung", "kong": None, "called": "6z", "from": 2},
    {"tiles": "555z", "kind": "pung", "kong": None, "called": "5z", "from": 3},
    {"tiles": "1111z", "kind": "kong", "kong": "added", "called": "1z", "from": 2},
]


def made_up_state(family: str, now_offset_ms: int = 0) -> dict[str, Any]:
    """A table state (state.js's shape) of ``family`` with seat 0 watching from the bottom: every
    seat with the river above and the four melds; the newest discard at seat 1 and the newest
    meld (the kong) at seat 2, ``now_offset_ms`` ago (added to Date.now() in the page)."""
    seats = []
    for seat in range(4):
        s: dict[str, Any] = {
            "river": _river(seat),
            "meld_info": _MELDS,
            "melds": [],
            "concealed_count": 1,
            "riichi": seat != 2,
        }
        if family == "classical":
            s.update(balance=10 * seat, seat_wind=seat, bonus="1f2y")
        else:
            s["score"] = 25000 + 1000 * seat
        seats.append(s)
    view = {
        "dealer": 0,
        "round_wind": 0,
        "honba": 1,
        "deposits": 3,
        "hand_number": 0,
        "live_remaining": 40,
        "dead_remaining": 12,
        "dora_indicators": "3m",
        "seats": seats,
        "hand": "",
        "drawn": None,
    }
    names = ["Anna", "Bert", "Cleo", "Dora"]
    return {
        "family": family,
        "seat": 0,
        "view": view,
        "table": {"seats": [{"name": n} for n in names]},
        "toAct": [1],
        "deadlines": {},
        "lastDiscard": {"seat": 1, "tile": "5p", "ago": now_offset_ms},
        "lastCall": {"seat": 2, "tile": "1z", "ago": now_offset_ms},
    }


_DRAW = """async (state) => {
  const { boardEl } = await import('/static/js/table/board.js');
  const { t } = await import('/static/js/i18n.js');
  for (const k of ['lastDiscard', 'lastCall']) state[k].at = Date.now() - state[k].ago;
  const ui = { showDiffs: false, doraDisplay: 'dora', toggleDiffs() {} };
  const page = document.createElement('div');
  page.className = 'table-page';
  page.dataset.testid = 'made-up-table';
  page.append(boardEl(state, t, ui));
  document.getElementById('app').replaceChildren(page);
}"""

# Every tile of every seat: its box, whether it lies turned, where it sits (river, meld, stack).
_TILES = """() => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height,
            cx: r.left + r.width / 2, cy: r.top + r.height / 2}; };
  const out = {centre: box(document.querySelector('[data-testid=centre]')), seats: {},
    board: box(document.querySelector('[data-testid=board]')),
    all: [...document.querySelectorAll('[data-testid=board] .tile')].map(box)};
  for (const pos of ['self', 'right', 'across', 'left']) {
    const seat = document.querySelector(`[data-testid=seat-${pos}]`);
    out.seats[pos] = {
      box: box(seat),
      river: box(seat.querySelector('.river')),
      cells: [...seat.querySelectorAll('.river .river-cell')].map((c) => ({
        ...box(c.querySelector('.tile')), tile: c.querySelector('.tile').dataset.tile,
        turned: c.querySelector('.tile').classList.contains('tile--turned'),
        classes: c.className})),
      melds: [...seat.querySelectorAll('.melds .meld')].map((m) => ({
        from: m.dataset.from, kong: m.dataset.kong, fresh: m.classList.contains('meld--new'),
        tiles: [...m.querySelectorAll('.tile')].map((n) => ({...box(n),
          turned: n.classList.contains('tile--turned'),
          added: n.classList.contains('meld-added')}))})),
    };
  }
  return out;
}"""

# the owner's reading direction and the direction toward the owner, on the screen
READING = {"self": (1, 0), "right": (0, -1), "across": (-1, 0), "left": (0, 1)}
TOWARD_OWNER = {"self": (0, 1), "right": (1, 0), "across": (0, -1), "left": (-1, 0)}


def along(tile: dict[str, float], axis: tuple[int, int]) -> float:
    return tile["cx"] * axis[0] + tile["cy"] * axis[1]


def draw_made_up_board(page: Page, family: str, ago_ms: int = 0) -> dict[str, Any]:
    """Draw the made-up board into the page (logged in, any page) and return its tiles."""
    page.evaluate(_DRAW, made_up_state(family, ago_ms))
    return dict(page.evaluate(_TILES))


def lies_across(tile: dict[str, float], pos: str) -> bool:
    """Whether a tile lies sideways as its owner at ``pos`` sees it."""
    wide = tile["w"] > tile["h"]
    return wide if pos in ("self", "across") else not wide


def rows(cells: list[dict[str, Any]], pos: str) -> list[list[dict[str, Any]]]:
    """The river's cells by row (tiles of a row lean toward the owner: same owner-side edge)."""
    edge = {
        "self": lambda c: c["y"] + c["h"],
        "right": lambda c: c["x"] + c["w"],
        "across": lambda c: c["y"],
        "left": lambda c: c["x"],
    }[pos]
    out: list[list[dict[str, Any]]] = []
    for c in cells:
        if out and abs(edge(out[-1][-1]) - edge(c)) < 2:
            out[-1].append(c)
        else:
            out.append([c])
    return out
