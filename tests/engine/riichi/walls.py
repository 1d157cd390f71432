"""Hand-made walls for rule tests: name the hands and the draws, the rest is filled in."""

from __future__ import annotations

from jantaku.engine.riichi.wall import WallSetup, full_set
from jantaku.tiles import Tile, parse_tiles


class _Pool:
    def __init__(self) -> None:
        self.free = {t.index: t for t in full_set(3)}

    def take(self, text: str) -> list[Tile]:
        """Free tiles of the named kinds; ``0m`` asks for the red five, ``5m`` for a plain one
        (the red one once the plain ones are gone)."""
        out = []
        for wanted in parse_tiles(text, red_fives=True):
            kind = wanted.kind_id
            same = [t for i, t in sorted(self.free.items()) if i >> 2 == kind]
            tile = next((t for t in same if t.red == wanted.red), None) or same[0]
            del self.free[tile.index]
            out.append(tile)
        return out

    def rest(self, count: int) -> list[Tile]:
        # Fill with honors and terminals last so filler draws rarely change a test hand.
        order = sorted(self.free.values(), key=lambda t: (t.index % 4, t.index))
        picked = order[:count]
        for t in picked:
            del self.free[t.index]
        return picked


def make_wall(
    hands: list[str],
    draws: str = "",
    replacements: str = "",
    dora: str = "",
    ura: str = "",
    tail: str = "",
) -> WallSetup:
    """``hands[i]`` is the hand of the seat i places after the dealer; ``draws`` the first live
    draws in order (the dealer's first), ``tail`` the last ones; unnamed positions get the
    remaining tiles."""
    pool = _Pool()
    hands = hands + [""] * (4 - len(hands))
    dealt = [pool.take(h) for h in hands]
    live = pool.take(draws)
    last = pool.take(tail)
    reps = pool.take(replacements)
    dora_tiles = pool.take(dora)
    ura_tiles = pool.take(ura)
    for hand in dealt:
        hand.extend(pool.rest(13 - len(hand)))
    live.extend(pool.rest(70 - len(live) - len(last)))
    live.extend(last)
    reps.extend(pool.rest(4 - len(reps)))
    dora_tiles.extend(pool.rest(5 - len(dora_tiles)))
    ura_tiles.extend(pool.rest(5 - len(ura_tiles)))
    return WallSetup(
        tuple(tuple(h) for h in dealt),
        tuple(live),
        tuple(reps),
        tuple(dora_tiles),
        tuple(ura_tiles),
    )
