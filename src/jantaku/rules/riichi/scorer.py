"""The riichi scorer: every reading of the hand (decomposition x position of the winning tile)
is scored and the one paying most is kept (ties: more han, then more fu), spec §3.2.

The engine calls :func:`score` to decide whether a win is legal and to settle it, so the hot
path fills one :class:`Facts` object and evaluates the yaku units as predicates over it, gated
by cheap tests (no chows: no sequence yaku; no flags: no situational yaku; ...)."""

from __future__ import annotations

from jantaku.errors import InvalidHandError
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
from jantaku.rules.riichi.yaku.facts import TERMINAL_OR_HONOR
from jantaku.rules.riichi.yaku import (
    COMMON_FLAGS,
    FLUSH,
    HONOR_PUNGS,
    MANY_PUNGS,
    OUTSIDE,
    RARE_FLAGS,
    SEQUENCE,
    SEVEN_PAIRS,
    SIMPLES,
    TERMINALS,
    YAKUMAN,
    Facts,
    Shape,
    WaitKind,
    Yaku,
    YakuDef,
)
from jantaku.tiles import TileKind

__all__ = ["score"]

_DEFAULT = PRESETS["doman"]
_SUCCESSOR = tuple(int(k.dora_successor) for k in tuple(TileKind)[:34])
_PAO_YAKU = {PaoYakuman.DAISANGEN: Yaku.DAISANGEN, PaoYakuman.DAISUUSHII: Yaku.DAISUUSHII}
_NOT_COMPLETE = NoWin(NoWinReason.NOT_COMPLETE)
_NO_YAKU = NoWin(NoWinReason.NO_YAKU)
_SHAPE_NAMES = {Shape.STANDARD: "standard", Shape.SEVEN_PAIRS: "seven_pairs",
                Shape.THIRTEEN_ORPHANS: "thirteen_orphans"}
_WAIT_NAMES = {w: w.name.lower() for w in WaitKind}
_YAKU_LINES: dict[tuple[Yaku, int, int], YakuHan] = {}


def _yaku_line(y: YakuDef, han: int, yakuman: int) -> YakuHan:
    key = (y.id, han, yakuman)
    line = _YAKU_LINES.get(key)
    if line is None:
        line = _YAKU_LINES[key] = YakuHan(y.id.value, han, y.id, None, yakuman)
    return line


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

    ``validate`` checks tile counts and flag consistency (raising
    :class:`~jantaku.errors.InvalidHandError`); an engine that built the context itself may skip it."""
    opts = options if options is not None else _DEFAULT
    hand = ctx.hand
    melds = ctx.melds
    conc = [0] * 34
    red = 0
    for t in hand:
        conc[t.index >> 2] += 1
        if t.red:
            red += 1
    hand13 = conc[:]
    win_tile = ctx.win_tile
    win = win_tile.index >> 2
    conc[win] += 1
    if win_tile.red:
        red += 1
    counts = conc[:]
    meld_groups: list[Group] = []
    meld_chows: list[int] = []
    meld_pungs: list[int] = []
    ankans = 0
    kongs = 0
    closed = True
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
            kongs += 1
            concealed = m.kong is KongKind.CONCEALED
            meld_groups.append((2, first, concealed))
            meld_pungs.append(first)
            if concealed:
                ankans += 1
            else:
                closed = False
    if validate and (
        len(hand) != 13 - 3 * len(melds) or max(counts) > 4 or win >= 34 or _flags_suspect(ctx)
    ):
        ctx.validate()
        if max(counts) > 4 or len(hand) != 13 - 3 * len(melds) or win >= 34:
            raise InvalidHandError("impossible hand")  # pragma: no cover - validate() names it

    std = standard_readings(conc)
    pairs = not melds and is_seven_pairs(conc)
    orphans = not melds and not std and not pairs and is_thirteen_orphans(conc)
    if not std and not pairs and not orphans:
        return _NOT_COMPLETE

    f = Facts()
    f.tsumo = tsumo = ctx.tsumo
    f.riichi = riichi = ctx.riichi or ctx.double_riichi
    f.double_riichi = ctx.double_riichi
    f.ippatsu = ctx.ippatsu
    f.rinshan = ctx.rinshan
    f.haitei = ctx.haitei and (opts.rinshan_counts_haitei or not ctx.rinshan)
    f.houtei = ctx.houtei
    f.chankan = ctx.chankan
    f.first_turn = ctx.first_turn
    f.any_flag = (
        ctx.double_riichi or ctx.ippatsu or ctx.haitei or ctx.houtei or ctx.chankan or ctx.rinshan
    )
    f.dealer = ctx.seat_wind == 0
    f.kuitan = opts.kuitan
    f.seat = 27 + ctx.seat_wind
    f.round = 27 + ctx.round_wind
    f.hand13 = hand13
    f.win = win
    f.counts = counts
    f.closed = closed
    f.n_melds = len(melds)
    f.n_kongs = kongs
    present = 0
    for k in range(34):
        if counts[k]:
            present |= 1 << k
    f.set_hand(present)

    # dora are the same for every reading
    dora = 0
    for k in ctx.dora_indicators:
        dora += counts[_SUCCESSOR[k]]
    if not opts.red_fives:
        red = 0
    ura = 0
    if riichi:
        for k in ctx.ura_indicators if opts.kan_ura else ctx.ura_indicators[:1]:
            ura += counts[_SUCCESSOR[k]]
    bonus = dora + red + ura

    best = _Best()
    n_meld_groups = len(meld_groups)
    for pair, read in std:
        cgroups: list[Group] = [(gtype, first, True) for gtype, first in read]
        seen: list[tuple[int, int]] = []
        readings: list[tuple[WaitKind, int]] = []
        if pair == win:
            readings.append((WaitKind.TANKI, -1))
        for i, g in enumerate(read):
            gtype, first = g
            if gtype == 1:
                if first != win:
                    continue
                wait = WaitKind.SHANPON
            elif first <= win <= first + 2:
                wait = _wait_of_chow(first, win)
            else:
                continue
            if g in seen:
                continue
            seen.append(g)
            readings.append((wait, i))
        chows = meld_chows + [g[1] for g in read if g[0] == 0]
        pungs = meld_pungs + [g[1] for g in read if g[0] == 1]
        base_ankou = ankans + len(pungs) - len(meld_pungs)
        f.shape = Shape.STANDARD
        f.pair = pair
        f.chows = chows
        f.pungs = pungs
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
        return _NO_YAKU
    return _result(ctx, opts, f, best, dora, red, ura)


def _flags_suspect(ctx: WinContext) -> bool:
    """True when some flag needs the full consistency check of :meth:`WinContext.validate`."""
    return bool(
        ctx.ippatsu or ctx.haitei or ctx.houtei or ctx.rinshan or ctx.chankan or ctx.first_turn
        or ctx.honba < 0 or ctx.deposits < 0 or ctx.discarder is not None or ctx.pao is not None
        or ((ctx.riichi or ctx.double_riichi) and not ctx.is_closed)
    )


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
    if _may_be_yakuman(f):
        mult = 0
        for y in YAKUMAN:
            if y.check(f):
                value = 2 if y.double_pattern and opts.double_yakuman_patterns else 1
                mult += value
                hits.append((y, value))
        if mult:
            cap = opts.max_yakuman_multiplier
            capped = mult if cap is None else min(mult, cap)
            points = hand_value(8000 * capped, f.dealer, f.tsumo)
            key = (points, 13 * capped, 0)
            if key > best.key:
                _keep(f, best, key, hits, groups, 13 * capped, 0, capped)
            return
    han = 0
    closed = f.closed
    pinfu = False
    units: list[tuple[YakuDef, ...]] = []
    if f.tsumo or f.riichi:
        units.append(COMMON_FLAGS)
    if f.any_flag:
        units.append(RARE_FLAGS)
    if f.all_simple:
        units.append(SIMPLES)
    elif f.all_term_honor:
        units.append(TERMINALS)
    chows = f.chows
    if chows:
        if f.pair >= 0 and TERMINAL_OR_HONOR[f.pair]:
            units.append(OUTSIDE)
        if len(chows) >= 3 or (closed and len(chows) == 2):
            units.append(SEQUENCE)
    pungs = f.pungs
    if pungs:
        if max(pungs) >= 27:
            units.append(HONOR_PUNGS)
        if len(pungs) >= 3:
            units.append(MANY_PUNGS)
    if f.suit_mask in (1, 2, 4, 9, 10, 12):
        units.append(FLUSH)
    if f.shape is Shape.SEVEN_PAIRS:
        units.append(SEVEN_PAIRS)
    for unit in units:
        for y in unit:
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
        _keep(f, best, key, hits, groups, han, fu, 0)


def _keep(
    f: Facts,
    best: _Best,
    key: tuple[int, int, int],
    hits: list[tuple[YakuDef, int]],
    groups: list[Group],
    han: int,
    fu: int,
    yakuman: int,
) -> None:
    best.key = key
    best.hits = hits
    best.yakuman = yakuman
    best.han = han
    best.fu = fu
    best.points = key[0]
    best.groups = groups
    best.pair = f.pair
    best.shape = f.shape
    best.wait = f.wait


def _result(
    ctx: WinContext, opts: RiichiOptions, f: Facts, best: _Best, dora: int, red: int, ura: int
) -> ScoreResult:
    lines: list[FuLine] = []
    hits = best.hits
    if best.yakuman:
        yaku = tuple(_yaku_line(y, 13 * v, v) for y, v in hits)
    else:
        items = [_yaku_line(y, h, 0) for y, h in hits]
        if dora:
            items.append(YakuHan(Bonus.DORA.value, dora, None, Bonus.DORA))
        if red:
            items.append(YakuHan(Bonus.AKA_DORA.value, red, None, Bonus.AKA_DORA))
        if ura:
            items.append(YakuHan(Bonus.URA_DORA.value, ura, None, Bonus.URA_DORA))
        yaku = tuple(items)
        # replay the chosen reading to explain its fu
        f.pair = best.pair
        f.shape = best.shape
        f.wait = best.wait
        if best.shape is Shape.SEVEN_PAIRS:
            lines.append(FuLine(FuItem.SEVEN_PAIRS, SEVEN_PAIRS_FU))
        elif best.shape is Shape.STANDARD:
            pinfu = any(y.id is Yaku.PINFU for y, _h in hits)
            standard_fu(f, best.groups, pinfu, opts, lines)
    b, limit = base_points(best.han, best.fu, best.yakuman, opts)
    pao = None
    if best.yakuman and ctx.pao is not None:
        covered = {_PAO_YAKU[p] for p in opts.pao_yakuman}
        if any(y.id in covered for y, _v in hits):
            pao = ctx.pao
    payments = settle(b, best.points, ctx.seat_wind, ctx.tsumo, ctx.honba, ctx.discarder, pao, opts)
    return ScoreResult(
        best.han,
        best.fu,
        best.yakuman,
        limit,
        yaku,
        tuple(lines),
        b,
        best.points,
        payments,
        payments[0] + payments[1] + payments[2] + 1000 * ctx.deposits,
        f.dealer,
        ctx.tsumo,
        _SHAPE_NAMES[best.shape],
        tuple(best.groups),
        best.pair,
        _WAIT_NAMES[best.wait],
    )
