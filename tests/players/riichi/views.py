"""Hand-made views of the riichi bots' tests: seat 0 on turn, with a hand of distinct physical
copies, the other seats' rivers and the dora indicators as given."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import PublicSeat, SeatView
from jantaku.tiles import BY_INDEX, Tile, parse_tiles


def copies(text: str, used: dict[int, int] | None = None) -> list[Tile]:
    """The tiles of a notation in order, each a distinct physical copy (``used``: the copies
    of each kind already given out, counted on across calls)."""
    used = {} if used is None else used
    out = []
    for t in sorted(parse_tiles(text), key=BY_INDEX):
        n = used.get(t.kind_id, 0)
        used[t.kind_id] = n + 1
        out.append(Tile(t.kind_id * 4 + n, t.red))
    return out


def seats_with_rivers(rivers: Sequence[str], riichi: Sequence[bool]) -> tuple[PublicSeat, ...]:
    """Four seats of 25,000 points without melds: each river's tiles as discarded by hand."""
    return tuple(
        PublicSeat(
            25000, (), tuple((t, False, False, False) for t in parse_tiles(r)), riichi[s], 13
        )
        for s, r in enumerate(rivers)
    )


def own_turn(
    hand: Sequence[Tile],
    seats: tuple[PublicSeat, ...],
    dora: Sequence[Tile],
    live: int = 50,
    riichi_on: str = "",
) -> SeatView:
    """Seat 0 (the dealer, East round) on turn with ``hand`` (its last tile just drawn): it may
    discard any tile, and declare riichi with a tile of kind ``riichi_on``."""
    legal = tuple(Action(ActionKind.DISCARD, 0, t) for t in hand) + tuple(
        Action(ActionKind.RIICHI, 0, t) for t in hand if t.kind.notation == riichi_on
    )
    return SeatView(
        seat=0,
        phase="turn",
        turn=0,
        dealer=0,
        round_wind=0,
        honba=0,
        deposits=0,
        live_remaining=live,
        dora_indicators=tuple(dora),
        seats=seats,
        hand=tuple(hand),
        drawn=hand[-1],
        last_discard=None,
        waits=(),
        furiten=False,
        legal_actions=legal,
    )
