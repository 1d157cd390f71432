"""The riichi scorer: every reading of the hand (decomposition x position of the winning tile)
is scored and the one paying most is kept (ties: more han, then more fu), spec §3.2.

The engine calls :func:`score` to decide whether a win is legal and to settle it, so the hot
path fills one :class:`Facts` object and evaluates the yaku units as predicates over it."""

from __future__ import annotations

from jantaku.meld import KongKind, MeldKind
from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.fu import SEVEN_PAIRS_FU, Group, standard_fu
from jantaku.rules.riichi.options import PRESETS, PaoYakuman, RiichiOptions
from jantaku.rules.riichi.payments import settle
from jantaku.rules.riichi.points import base_points, hand_value
from jantaku.rules.riichi.readings import is_seven_pairs, is_thirteen_orphans, standard_readings
from jantaku.rules.riichi.result import (
    Bonus,
    FuItem,
    FuLine,
    NoWin,
    NoWinReason,
    ScoreResult,
    YakuHan,
)
from jantaku.rules.riichi.yaku import YAKU, YAKUMAN, Facts, Shape, WaitKind, Yaku, YakuDef
from jantaku.tiles import TileKind, format_kinds

__all__ = ["score"]

_DEFAULT = PRESETS["doman"]
_KINDS = tuple(TileKind)
_SUCCESSOR = tuple(int(k.dora_successor) for k in _KINDS[:34])
_PAO_YAKU = {PaoYakuman.DAISANGEN: Yaku.DAISANGEN, PaoYakuman.DAISUUSHII: Yaku.DAISUUSHII}
_RED_INDICES = frozenset({16, 52, 88})


class _Best:
    """The best reading so far (kept apart so the hot loop allocates little)."""

    __slots__ = ("fu", "groups", "han", "hits", "key", "pair", "points", "shape", "wait", "yakuman")

    def __init__(self) -> None:
        self.key: tuple[int, int, int] = (-1, -1, -1)
        self.hits: list[tuple[YakuDef, int]] = []
        self.groups: list[Group] = []
        self.pair = -1
        self.shape = Shape.STANDARD
        self.wait = WaitKind.RYANMEN
        self.han = 0
        self.fu = 0
        self.yakuman = 0
        self.points = 0


def _wait_of_chow(first: int, win: int) -> WaitKind:
    pos = win - first
    if pos == 1:
        return WaitKind.KANCHAN
    if pos == 0:
        return WaitKind.PENCHAN if first % 9 == 6 else WaitKind.RYANMEN
    return WaitKind.PENCHAN if first % 9 == 0 else WaitKind.RYANMEN


def score(
    ctx: WinContext, options: RiichiOptions | None = None, *, validate: bool = True
) -> ScoreResult | NoWin:
    """Score a win, or say why it is none (not complete, no yaku).

    ``validate`` checks tile counts and flag consistency first (raising
    :class:`~jantaku.errors.InvalidHandError`); an engine that built the context itself may skip it."""
    opts = options if options is not None else _DEFAULT
    if validate:
        ctx.validate()
    conc = [0] * 34
    for t in ctx.hand:
        conc[t.index >> 2] += 1
    hand13 = conc[:]
    win = ctx.win_tile.index >> 2
    conc[win] += 1
    melds = ctx.melds
    std = standard_readings(conc)
    pairs = not melds and is_seven_pairs(conc)
    orphans = not melds and not std and not pairs and is_thirteen_orphans(conc)
    if not std and not pairs and not orphans:
        return NoWin(NoWinReason.NOT_COMPLETE)

    f = Facts()
    f.tsumo = tsumo = ctx.tsumo
    f.riichi = ctx.riichi or ctx.double_riichi
    f.double_riichi = ctx.double_riichi
    f.ippatsu = ctx.ippatsu
    f.rinshan = ctx.rinshan
    f.haitei = ctx.haitei and (opts.rinshan_counts_haitei or not ctx.rinshan)
    f.houtei = ctx.houtei
    f.chankan = ctx.chankan
    f.first_turn = ctx.first_turn
    f.dealer = dealer = ctx.seat_wind == 0
    f.kuitan = opts.kuitan
    f.seat = 27 + int(ctx.seat_wind)
    f.round = 27 + int(ctx.round_wind)
    f.hand13 = hand13
    f.win = win

    counts = conc[:]
    meld_groups: list[Group] = []
    meld_chows: list[int] = []
    meld_pungs: list[int] = []
    ankans = 0
    closed = True
    red = 0
    for m in melds:
        first = 99
        for t in m.tiles:
            k = t.index >> 2
            counts[k] += 1
            if k < first:
                first = k
            if t.red:
                red += 1
        if m.kind is MeldKind.CHOW:
            meld_groups.append((0, first, False))
            meld_chows.append(first)
            closed = False
        elif m.kind is MeldKind.PUNG:
            meld_groups.append((1, first, False))
            meld_pungs.append(first)
            closed = False
        else:
            concealed = m.kong is KongKind.CONCEALED
            meld_groups.append((2, first, concealed))
            meld_pungs.append(first)
            if concealed:
                ankans += 1
            else:
                closed = False
    f.closed = closed
    f.n_melds = len(melds)
    f.n_kongs = sum(1 for g in meld_groups if g[0] == 2)
    f.set_hand(counts)

    # dora are the same for every reading
    dora = sum(counts[_SUCCESSOR[k]] for k in ctx.dora_indicators)
    if opts.red_fives:
        red += sum(1 for t in ctx.hand if t.red) + (1 if ctx.win_tile.red else 0)
    else:
        red = 0
    ura = 0
    if f.riichi:
        uras = ctx.ura_indicators if opts.kan_ura else ctx.ura_indicators[:1]
        ura = sum(counts[_SUCCESSOR[k]] for k in uras)
    bonus = dora + red + ura

    best = _Best()
    for pair, read in std:
        cgroups: list[Group] = [(gtype, first, True) for gtype, first in read]
        seen: set[tuple[int, int]] = set()
        readings: list[tuple[WaitKind, int]] = []
        if pair == win:
            readings.append((WaitKind.TANKI, -1))
        for i, (gtype, first) in enumerate(read):
            if gtype == 1:
                if first != win:
                    continue
                wait = WaitKind.SHANPON
            elif first <= win <= first + 2:
                wait = _wait_of_chow(first, win)
            else:
                continue
            if (gtype, first) in seen:
                continue
            seen.add((gtype, first))
            readings.append((wait, i))
        chows = meld_chows + [g[1] for g in read if g[0] == 0]
        pungs = meld_pungs + [g[1] for g in read if g[0] == 1]
        base_ankou = ankans + len(pungs) - len(meld_pungs)
        f.shape = Shape.STANDARD
        f.pair = pair
        f.chows = chows
        f.pungs = pungs
        n_meld_groups = len(meld_groups)
        for wait, i in readings:
            groups = meld_groups + cgroups
            f.ankou = base_ankou
            if wait is WaitKind.SHANPON and not tsumo:
                f.ankou -= 1
                groups[n_meld_groups + i] = (1, win, False)
            f.wait = wait
            _evaluate(f, groups, bonus, opts, best)
    if pairs or orphans:
        f.shape = Shape.SEVEN_PAIRS if pairs else Shape.THIRTEEN_ORPHANS
        f.pair = -1
        f.chows = []
        f.pungs = []
        f.ankou = 0
        f.wait = WaitKind.TANKI
        _evaluate(f, [], bonus, opts, best)
    if best.key[0] < 0:
        return NoWin(NoWinReason.NO_YAKU)
    return _result(ctx, opts, f, best, dora, red, ura)


def _may_be_yakuman(f: Facts) -> bool:
    """A cheap gate: false when no yakuman predicate can hold (most hands)."""
    if f.first_turn or f.shape is Shape.THIRTEEN_ORPHANS or f.ankou == 4 or f.n_kongs == 4:
        return True
    if f.all_honor or f.all_green or f.all_terminal or f.suit_mask in (1, 2, 4):
        return True
    big = 0
    for p in f.pungs:
        if p >= 27:
            big += 1
    return big >= 3


def _evaluate(f: Facts, groups: list[Group], bonus: int, opts: RiichiOptions, best: _Best) -> None:
    hits: list[tuple[YakuDef, int]] = []
    mult = 0
    for y in YAKUMAN if _may_be_yakuman(f) else ():
        if y.check(f):
            value = 2 if y.double_pattern and opts.double_yakuman_patterns else 1
            mult += value
            hits.append((y, value))
    if mult:
        cap = opts.max_yakuman_multiplier
        capped = mult if cap is None else min(mult, cap)
        b = 8000 * capped
        points = hand_value(b, f.dealer, f.tsumo)
        key = (points, 13 * capped, 0)
        if key > best.key:
            best.key = key
            best.hits = hits
            best.yakuman = capped
            best.han = 13 * capped
            best.fu = 0
            best.points = points
            best.groups = groups
            best.pair = f.pair
            best.shape = f.shape
            best.wait = f.wait
        return
    han = 0
    closed = f.closed
    pinfu = False
    for y in YAKU:
        if y.check(f):
            h = y.closed_han if closed else y.open_han
            if h:
                han += h
                hits.append((y, h))
                if y.id is Yaku.PINFU:
                    pinfu = True
    if not hits:
        return
    han += bonus
    if f.shape is Shape.SEVEN_PAIRS:
        fu = SEVEN_PAIRS_FU
    else:
        fu = standard_fu(f, groups, pinfu, opts)
    b, _limit = base_points(han, fu, 0, opts)
    points = hand_value(b, f.dealer, f.tsumo)
    key = (points, han, fu)
    if key > best.key:
        best.key = key
        best.hits = hits
        best.yakuman = 0
        best.han = han
        best.fu = fu
        best.points = points
        best.groups = groups
        best.pair = f.pair
        best.shape = f.shape
        best.wait = f.wait


def _result(
    ctx: WinContext, opts: RiichiOptions, f: Facts, best: _Best, dora: int, red: int, ura: int
) -> ScoreResult:
    lines: list[FuLine] = []
    if best.yakuman:
        yaku = tuple(YakuHan(y.name, 13 * v, y.id, None, v) for y, v in best.hits)
    else:
        items = [YakuHan(y.name, h, y.id) for y, h in best.hits]
        for bonus, n in ((Bonus.DORA, dora), (Bonus.AKA_DORA, red), (Bonus.URA_DORA, ura)):
            if n:
                items.append(YakuHan(bonus.value, n, None, bonus))
        yaku = tuple(items)
        # replay the chosen reading to explain its fu
        f.pair = best.pair
        f.shape = best.shape
        f.wait = best.wait
        if best.shape is Shape.SEVEN_PAIRS:
            lines.append(FuLine(FuItem.SEVEN_PAIRS, SEVEN_PAIRS_FU))
        elif best.shape is Shape.STANDARD:
            pinfu = any(y.id is Yaku.PINFU for y, _h in best.hits)
            standard_fu(f, best.groups, pinfu, opts, lines)
    b, limit = base_points(best.han, best.fu, best.yakuman, opts)
    pao = None
    if best.yakuman and ctx.pao is not None:
        covered = {_PAO_YAKU[p] for p in opts.pao_yakuman}
        if any(y.id in covered for y, _v in best.hits):
            pao = ctx.pao
    payments = settle(b, best.points, ctx.seat_wind, ctx.tsumo, ctx.honba, ctx.discarder, pao, opts)
    return ScoreResult(
        han=best.han,
        fu=best.fu,
        yakuman=best.yakuman,
        limit=limit,
        yaku=yaku,
        fu_items=tuple(lines),
        base_points=b,
        points=best.points,
        payments=payments,
        received=sum(payments) + 1000 * ctx.deposits,
        dealer=f.dealer,
        tsumo=ctx.tsumo,
        reading=_reading(ctx, best),
        wait=best.wait.name.lower(),
    )


def _reading(ctx: WinContext, best: _Best) -> str:
    """The chosen reading in notation: concealed groups, pair, then the melds in brackets."""
    if best.shape is Shape.SEVEN_PAIRS:
        kinds = sorted({t.kind for t in (*ctx.hand, ctx.win_tile)})
        return " ".join(f"{k.number}{k.number}{k.letter}" for k in kinds)
    if best.shape is Shape.THIRTEEN_ORPHANS:
        return format_kinds(sorted(t.kind for t in (*ctx.hand, ctx.win_tile)))
    parts: list[str] = []
    n_melds = len(ctx.melds)
    for gtype, kind, _c in best.groups[n_melds:]:
        k = _KINDS[kind]
        if gtype == 0:
            parts.append(f"{k.number}{k.number + 1}{k.number + 2}{k.letter}")
        else:
            parts.append(f"{k.number}" * 3 + k.letter)
    p = _KINDS[best.pair]
    parts.append(f"{p.number}{p.number}{p.letter}")
    parts.extend(f"[{m.notation}]" for m in ctx.melds)
    return " ".join(parts)
