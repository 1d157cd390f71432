"""What a seat can do. One small frozen type for all actions keeps legality checks a set lookup:
an action is legal exactly when it equals one of ``legal_actions(seat)``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from jantaku.tiles import Tile, format_tiles, parse_kinds

__all__ = ["Action", "ActionKind"]


class ActionKind(Enum):
    DISCARD = "discard"
    RIICHI = "riichi"  # declare riichi with this discard
    TSUMO = "tsumo"
    RON = "ron"
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"  # daiminkan on a discard
    ADDED_KAN = "added_kan"  # kakan: add the fourth tile to an own pon
    CONCEALED_KAN = "concealed_kan"  # ankan
    NINE_TERMINALS = "nine_terminals"  # abort on the first draw
    PASS = "pass"


def _red_flags(text: str) -> list[bool]:
    """One flag per tile of a notation (each tile is one digit; ``0`` is a red five)."""
    parse_kinds(text)  # malformed text is a NotationError
    return [ch == "0" for ch in text if ch.isdigit()]


@dataclass(frozen=True, slots=True)
class Action:
    """``tile`` is the discarded, won, added or claimed tile; ``tiles`` the own tiles a call or
    concealed kan uses (sorted by index)."""

    kind: ActionKind
    seat: int
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind.value, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = self.tile.notation
            out["tile_index"] = self.tile.index
        if self.tiles:
            out["tiles"] = format_tiles(self.tiles)
            out["tile_indices"] = [t.index for t in self.tiles]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """The inverse of :meth:`to_json`: the indices name the physical tiles, the notation
        only says which of them are red (a ``0``), whatever the ruleset."""
        kind = ActionKind(data["type"])
        tile = None
        if "tile_index" in data:
            tile = Tile(int(data["tile_index"]), _red_flags(str(data.get("tile", ""))) == [True])
        indices = [int(i) for i in data.get("tile_indices", ())]
        reds = _red_flags(str(data.get("tiles", "")))
        if len(reds) != len(indices):
            raise ValueError(f"tiles {data.get('tiles')!r} do not match tile_indices {indices}")
        tiles = tuple(Tile(i, red) for i, red in zip(indices, reds, strict=True))
        return cls(kind, int(data["seat"]), tile, tiles)

    def __str__(self) -> str:
        parts = [f"seat {self.seat} {self.kind.value}"]
        if self.tile is not None:
            parts.append(self.tile.notation)
        if self.tiles:
            parts.append(f"with {format_tiles(self.tiles)}")
        return " ".join(parts)
