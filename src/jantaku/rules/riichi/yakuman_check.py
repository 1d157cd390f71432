"""The yakuman side of scoring, off the scorer's common path: which yakuman a hand can be at
all (its gates, so the per-reading checks run only when they can hold), the yakuman candidate
of one reading, and the seat liable (pao) for a yakuman it covers."""

from __future__ import annotations

from jantaku.rules.riichi.breakdown import Candidate
from jantaku.rules.riichi.options import PaoYakuman, RiichiOptions
from jantaku.rules.riichi.packed import KIND_WEIGHT, kinds_mask, unpack
from jantaku.rules.riichi.points import ValueEntry, hand_value, yakuman_limit
from jantaku.rules.riichi.units import (
    ALL_GREEN_GATE,
    ALL_HONORS_GATE,
    ALL_TERMINALS_GATE,
    FIRST_TURN_GATE,
    FOUR_CONCEALED_GATE,
    FOUR_KONGS_GATE,
    HONOR_PUNGS_GATE,
    NINE_GATES_GATE,
    ORPHANS_GATE,
    Hit,
    yakuman_units,
)
from jantaku.rules.riichi.yaku import Facts, Yaku

__all__ = ["hand_yakuman_gates", "pao_seat", "yakuman_candidate"]

_NINE = sum(n * KIND_WEIGHT[k] for k, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))
_SUIT_ONES = kinds_mask(range(9))
_PAO_YAKU = {PaoYakuman.DAISANGEN: Yaku.DAISANGEN, PaoYakuman.DAISUUSHII: Yaku.DAISUUSHII}


def hand_yakuman_gates(win: int, f: Facts, orphans: bool, honor_pungs: int, total: int) -> int:
    """The hand-level yakuman gates (four concealed pungs are gated per reading); for thirteen
    orphans and nine gates (closed, no melds: ``total`` is the concealed tiles and the winning
    tile, of kind ``win``) the tile counts go into ``f`` too."""
    gates = 0
    if f.first_turn:
        gates |= FIRST_TURN_GATE
    if honor_pungs.bit_count() >= 3:
        gates |= HONOR_PUNGS_GATE
    if orphans:
        gates |= ORPHANS_GATE
    if f.n_kongs == 4:
        gates |= FOUR_KONGS_GATE
    if f.all_term_honor:
        if f.all_honor:
            gates |= ALL_HONORS_GATE
        elif f.all_terminal:
            gates |= ALL_TERMINALS_GATE
    if f.all_green:
        gates |= ALL_GREEN_GATE
    if not f.n_melds and f.suit_mask in (1, 2, 4):
        # 1112345678999 of the suit plus one more tile of it
        extra = (total >> (0 if f.suit_mask == 1 else 45 if f.suit_mask == 2 else 90)) - _NINE
        if extra > 0 and extra & _SUIT_ONES == extra and extra.bit_count() == 1:
            gates |= NINE_GATES_GATE
    if gates & (ORPHANS_GATE | NINE_GATES_GATE):
        counts = unpack(total)
        f.counts = counts
        f.hand13 = counts[:]
        f.hand13[win] -= 1
    return gates


def yakuman_candidate(f: Facts, opts: RiichiOptions, hand_gates: int) -> Candidate | None:
    """The yakuman candidate of the reading in ``f``, if any: the hand-level gates plus four
    concealed pungs (per reading); double patterns and the multiplier cap as the options say."""
    hits: list[Hit] = []
    mult = 0
    for y in yakuman_units(hand_gates | FOUR_CONCEALED_GATE if f.ankou == 4 else hand_gates):
        if y.check(f):
            value = 2 if y.double_pattern and opts.double_yakuman_patterns else 1
            mult += value
            hits.append((y, value))
    if not mult:
        return None
    cap = opts.max_yakuman_multiplier
    capped = mult if cap is None else min(mult, cap)
    b = 8000 * capped
    entry: ValueEntry = (hand_value(b, f.dealer, f.tsumo), b, yakuman_limit(capped))
    return (entry[0], 1, 13 * capped, 0), entry, hits, 13 * capped, 0, capped


def pao_seat(pao: int, opts: RiichiOptions, hits: list[Hit]) -> int | None:
    """The liable seat ``pao``, when the yakuman hits include one that pao covers."""
    covered = {_PAO_YAKU[p] for p in opts.pao_yakuman}
    return pao if any(y.id in covered for y, _v in hits) else None
