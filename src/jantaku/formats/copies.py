"""Physical copies for formats that only name tile kinds (tenhou.net/6, mjai).

Copies are assigned deterministically: a red five is copy 0 of its kind; plain tiles take the
lowest free copy (1-3 for a five of a suit with a red five, else 0-3). A hand's holdings are
tracked so a discard or a call removes the very tile that was drawn or dealt."""

from __future__ import annotations

from jantaku.tiles import Tile

__all__ = ["CopyPool", "Holdings"]

_FIVES = (4, 13, 22)


class CopyPool:
    """The 136 physical tiles of one hand, handed out once each."""

    def __init__(self, red_fives: tuple[int, int, int]) -> None:
        self.red_fives = red_fives
        self.used: set[int] = set()
        self.warnings: list[str] = []

    def take(self, kind: int, red: bool) -> Tile:
        """A fresh tile of ``kind``; ValueError when none is left (a fifth copy)."""
        if not 0 <= kind < 34:
            raise ValueError(f"tile kind {kind} is outside 0-33")
        has_red = kind in _FIVES and self.red_fives[kind // 9] > 0
        if red:
            if not has_red:
                raise ValueError(f"a red five of a suit without red fives (kind {kind})")
            if kind * 4 in self.used:
                raise ValueError("a second red five of one suit")
            self.used.add(kind * 4)
            return Tile(kind * 4, True)
        for copy in range(1 if has_red else 0, 4):
            if kind * 4 + copy not in self.used:
                self.used.add(kind * 4 + copy)
                return Tile(kind * 4 + copy)
        if has_red and kind * 4 not in self.used:
            # A fourth plain five in a game with a red one cannot happen in a real game (edited
            # logs do it): lend the red copy's slot, unpainted, and say so.
            self.used.add(kind * 4)
            five = Tile(kind * 4).notation
            self.warnings.append(f"a fourth plain {five} in a game with a red one")
            return Tile(kind * 4)
        raise ValueError(f"more than four tiles of kind {kind}")


class Holdings:
    """The concealed tiles of each seat."""

    def __init__(self, hands: tuple[tuple[Tile, ...], ...]) -> None:
        self.tiles: list[list[Tile]] = [list(h) for h in hands]

    def add(self, seat: int, tile: Tile) -> None:
        self.tiles[seat].append(tile)

    def remove(self, seat: int, kind: int, red: bool) -> Tile:
        """Remove and return the seat's lowest tile of this kind and redness."""
        best: Tile | None = None
        for t in self.tiles[seat]:
            if t.kind == kind and t.red == red and (best is None or t.index < best.index):
                best = t
        if best is None:
            what = f"{'red ' if red else ''}kind {kind}"
            raise ValueError(f"seat {seat} has no tile of {what} in hand")
        self.tiles[seat].remove(best)
        return best

    def remove_tile(self, seat: int, tile: Tile) -> None:
        if tile not in self.tiles[seat]:
            raise ValueError(f"seat {seat} does not hold {tile.notation}")
        self.tiles[seat].remove(tile)
