"""The scorer's input read and checked: the melds added to the packed tiles (see :mod:`.packed`)
and the fast check that a win is possible at all (tile counts, seats, flags).

Shared by :func:`.scorer.score` (a :class:`~.context.WinContext`) and the batch's reader of
plain requests (:mod:`.request_counts`), which packs the tiles itself."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.riichi.context import WinFacts
from jantaku.rules.riichi.fu import KAN_FU, OPEN_PUNG_FU, Group
from jantaku.rules.riichi.packed import CHOW_WEIGHT, KIND_WEIGHT, bad_counts

__all__ = ["NO_MELDS", "Melded", "contradicting_flags", "impossible", "read_melds"]

Melded = tuple[tuple[int, ...], tuple[int, ...], int, int, Sequence[Group]]
"""The melds as the readings need them: the called chows (first kinds), the melded pungs and
kongs (kinds), the concealed kongs, the melds' fu, and the melds as fu groups."""

NO_MELDS: Melded = ((), (), 0, 0, ())

_CHOW = MeldKind.CHOW
_PUNG = MeldKind.PUNG
_ANKAN = KongKind.CONCEALED
_IS_RED = attrgetter("red")


def read_melds(
    melds: tuple[Meld, ...], red_fives: int, code: int, red: int
) -> tuple[int, int, int, bool, Melded]:
    """Add the melds to the packed concealed tiles ``code`` and the red fives ``red``: all
    tiles packed, red fives, kongs, whether the hand is still closed, and the melds' parts."""
    total = code
    meld_groups: list[Group] = []
    meld_chows: tuple[int, ...] = ()
    meld_pungs: tuple[int, ...] = ()
    ankans = 0
    kongs = 0
    melded_fu = 0
    closed = True
    for m in melds:
        tiles = m.tiles
        if red_fives:
            red += sum(map(_IS_RED, tiles))
        if m.kind is _CHOW:  # a Meld is a valid chow, pung or kong by construction
            first = min(tiles[0].kind_id, tiles[1].kind_id, tiles[2].kind_id)
            total += CHOW_WEIGHT[first]
            meld_groups.append((0, first, False))
            meld_chows += (first,)
            closed = False
            continue
        first = tiles[0].kind_id
        meld_pungs += (first,)
        if m.kind is _PUNG:
            total += 3 * KIND_WEIGHT[first]
            melded_fu += OPEN_PUNG_FU[first]
            meld_groups.append((1, first, False))
            closed = False
        else:
            total += 4 * KIND_WEIGHT[first]
            kongs += 1
            concealed = m.kong is _ANKAN
            melded_fu += KAN_FU[concealed][first]
            meld_groups.append((2, first, concealed))
            if concealed:
                ankans += 1
            else:
                closed = False
    return total, red, kongs, closed, (meld_chows, meld_pungs, ankans, melded_fu, meld_groups)


def impossible(
    w: WinFacts, n_melds: int, total: int, closed: bool, kongs: int, riichi: bool
) -> bool:
    """Whether the fast check finds the win impossible, the concealed tiles' number aside:
    tile counts, seats, deposits, and flags that contradict each other or the hand
    (:meth:`.WinContext.validate` says which)."""
    tsumo = w.tsumo
    discarder = w.discarder
    pao = w.pao
    return bool(
        bad_counts(total)
        or (riichi and not closed)
        or w.honba < 0
        or w.deposits < 0
        or (discarder is not None and (tsumo or not 1 <= discarder <= 3))
        or (pao is not None and not 1 <= pao <= 3)
        or (
            (
                w.double_riichi
                or w.ippatsu
                or w.haitei
                or w.houtei
                or w.rinshan
                or w.chankan
                or w.first_turn
            )
            and contradicting_flags(w, n_melds, tsumo, riichi, kongs)
        )
    )


def contradicting_flags(w: WinFacts, n_melds: int, tsumo: bool, riichi: bool, kongs: int) -> bool:
    """Whether the situational flags contradict each other or the hand."""
    haitei = w.haitei
    houtei = w.houtei
    rinshan = w.rinshan
    return bool(
        (w.ippatsu and not riichi)
        or (haitei and not tsumo)
        or (houtei and tsumo)
        or (rinshan and (not tsumo or not kongs))
        or (w.chankan and (tsumo or haitei or houtei or rinshan))
        or (w.first_turn and (not tsumo or bool(n_melds) or riichi))
    )
