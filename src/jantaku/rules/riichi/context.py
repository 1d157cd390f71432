"""The situation of a win: the winner's tiles and melds, the winning tile and every flag that
scoring reads. The engine builds one per candidate win; ``jantaku score`` builds one from JSON.

Seats are given relative to the winner: 1 = the next player in turn order (shimocha, on the
right), 2 = across (toimen), 3 = the previous player (kamicha, on the left)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from jantaku.errors import InvalidHandError
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile, TileKind, Wind

__all__ = ["WinContext", "WinFacts"]


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything the scorer needs about one win.

    ``hand`` holds the concealed tiles without the winning tile (13 - 3 x melds tiles).
    ``dora_indicators`` include the kan-dora indicators revealed so far (Tenhou timing, §8 Q1);
    ``ura_indicators`` are read only for a riichi winner. ``discarder`` is the relative seat
    (1-3) that dealt in on a ron; None means "not known" (payments then name seat 3, the left
    player). ``pao`` is the relative seat liable for a daisangen/daisuushii (None: no liability).
    """

    hand: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: Wind = Wind.EAST
    round_wind: Wind = Wind.EAST
    dora_indicators: tuple[TileKind, ...] = ()
    ura_indicators: tuple[TileKind, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False
    honba: int = 0
    deposits: int = 0
    discarder: int | None = None
    pao: int | None = None

    @property
    def dealer(self) -> bool:
        return self.seat_wind is Wind.EAST

    @property
    def is_closed(self) -> bool:
        return all(m.kong is KongKind.CONCEALED for m in self.melds)

    def validate(self) -> None:
        """Raise :class:`InvalidHandError` for a situation that cannot occur."""
        need = 13 - 3 * len(self.melds)
        if len(self.melds) > 4:
            raise InvalidHandError(f"{len(self.melds)} melds; a hand has at most 4")
        if len(self.hand) != need:
            raise InvalidHandError(
                f"{len(self.hand)} concealed tiles with {len(self.melds)} "
                f"meld{'' if len(self.melds) == 1 else 's'}; expected {need} "
                "(without the winning tile)"
            ).coded("hand_size", count=len(self.hand), melds=len(self.melds), expected=need)
        seen: dict[int, int] = {}
        tiles = [*self.hand, self.win_tile, *(t for m in self.melds for t in m.tiles)]
        for t in tiles:
            k = t.kind_id
            if k >= 34:
                raise InvalidHandError(f"{t.notation} is not a riichi tile")
            n = seen.get(k, 0) + 1
            seen[k] = n
            if n > 4:
                raise InvalidHandError(f"five copies of {t.kind.notation}").coded(
                    "five_copies", tile=t.kind.notation
                )
        if len({t.index for t in tiles}) != len(tiles):
            raise InvalidHandError("one physical tile is used twice")
        if not (
            self.ippatsu
            or self.riichi
            or self.double_riichi
            or self.haitei
            or self.houtei
            or self.rinshan
            or self.chankan
            or self.first_turn
            or self.honba
            or self.deposits
            or self.discarder is not None
            or self.pao is not None
        ):
            return
        self._check_flags()

    def _check_flags(self) -> None:
        """Raise :class:`InvalidHandError` (coded ``flags`` with the rule) for situation flags
        that contradict each other or the hand."""
        kongs = sum(1 for m in self.melds if m.kind is MeldKind.KONG)
        closed = self.is_closed
        riichi = self.riichi or self.double_riichi
        flags = (  # (broken, message, the rule's code for a client's wording)
            (self.ippatsu and not riichi, "ippatsu needs riichi", "ippatsu_riichi"),
            (riichi and not closed, "riichi needs a closed hand", "riichi_closed"),
            (self.haitei and not self.tsumo, "haitei needs a tsumo win", "haitei_tsumo"),
            (self.houtei and self.tsumo, "houtei needs a ron win", "houtei_ron"),
            (self.rinshan and not self.tsumo, "rinshan needs a tsumo win", "rinshan_tsumo"),
            (self.rinshan and kongs == 0, "rinshan needs a kan", "rinshan_kan"),
            (self.chankan and self.tsumo, "chankan needs a ron win", "chankan_ron"),
            (
                self.chankan and (self.haitei or self.houtei or self.rinshan),
                "chankan cannot combine with haitei, houtei or rinshan",
                "chankan_alone",
            ),
            (
                self.first_turn and not self.tsumo,
                "a first-turn win (tenhou/chiihou) is a tsumo",
                "first_turn_tsumo",
            ),
            (
                self.first_turn and bool(self.melds),
                "a first-turn win has no melds",
                "first_turn_melds",
            ),
            (
                self.first_turn and riichi,
                "a first-turn win cannot follow riichi",
                "first_turn_riichi",
            ),
            (self.honba < 0 or self.deposits < 0, "honba and deposits cannot be negative", ""),
            (
                self.discarder is not None and (self.tsumo or self.discarder not in (1, 2, 3)),
                "discarder is a relative seat 1-3 of a ron",
                "",
            ),
            (self.pao is not None and self.pao not in (1, 2, 3), "pao is a relative seat 1-3", ""),
        )
        for bad, message, rule in flags:
            if bad:
                raise InvalidHandError(message).coded("flags" if rule else "", rule=rule)


class WinFacts(Protocol):
    """What scoring reads of a win besides its tiles and melds: a :class:`WinContext` has it,
    and so has the lighter record the batch's reader of plain requests builds (seats and winds
    as ints, indicators as kind numbers)."""

    @property
    def tsumo(self) -> bool: ...
    @property
    def seat_wind(self) -> int: ...
    @property
    def round_wind(self) -> int: ...
    @property
    def dora_indicators(self) -> Sequence[int]: ...
    @property
    def ura_indicators(self) -> Sequence[int]: ...
    @property
    def riichi(self) -> bool: ...
    @property
    def double_riichi(self) -> bool: ...
    @property
    def ippatsu(self) -> bool: ...
    @property
    def haitei(self) -> bool: ...
    @property
    def houtei(self) -> bool: ...
    @property
    def rinshan(self) -> bool: ...
    @property
    def chankan(self) -> bool: ...
    @property
    def first_turn(self) -> bool: ...
    @property
    def honba(self) -> int: ...
    @property
    def deposits(self) -> int: ...
    @property
    def discarder(self) -> int | None: ...
    @property
    def pao(self) -> int | None: ...
