"""The riichi scorer: every reading of the hand (decomposition x position of the winning tile)
is scored and the one paying most is kept (ties: a yakuman over kazoe, then more han, then more
fu), spec §3.2.

The engine calls :func:`score` to decide whether a win is legal and to settle it, so the hot
path fills one :class:`Facts` object and evaluates the yaku units as predicates over it, gated
by cheap tests (no chows: no sequence yaku; no flags: no situational yaku; ...)."""

from __future__ import annotations

from collections.abc import Callable

from jantaku.errors import InvalidHandError
from jantaku.meld import KongKind, MeldKind
from jantaku.rules.riichi.breakdown import Breakdown
from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.fu import SEVEN_PAIRS_FU, Group, standard_fu
from jantaku.rules.riichi.options import PRESETS, PaoYakuman, RiichiOptions
from jantaku.rules.riichi.payments import settle
from jantaku.rules.riichi.points import base_points, hand_value
from jantaku.rules.riichi.readings import is_seven_pairs, is_thirteen_orphans, standard_readings
from jantaku.rules.riichi.result import NoWin, NoWinReason, ScoreResult
from jantaku.rules.riichi.yaku import (
    COMMON_FLAGS,
    FLUSH,
    HONOR_PUNGS,
    MANY_PUNGS,
    OUTSIDE,
    PAIRS_UNIT,
    RARE_FLAGS,
    REGISTRY,
    SEQUENCE,
    SIMPLES,
    TERMINALS,
    YAKUMAN,
    Facts,
    WaitKind,
    Yaku,
    YakuDef,
)
from jantaku.rules.riichi.yaku.facts import (
    KANCHAN,
    PENCHAN,
    RYANMEN,
    SEVEN_PAIRS,
    SHANPON,
    STANDARD,
    TANKI,
    TERMINAL_OR_HONOR,
    THIRTEEN_ORPHANS,
)
from jantaku.tiles import TileKind

__all__ = ["score"]

_DEFAULT = PRESETS["doman"]
_SUCCESSOR = tuple(int(k.dora_successor) for k in tuple(TileKind)[:34])
_PAO_YAKU = {PaoYakuman.DAISANGEN: Yaku.DAISANGEN, PaoYakuman.DAISUUSHII: Yaku.DAISUUSHII}
_NOT_COMPLETE = NoWin(NoWinReason.NOT_COMPLETE)
_CHOW = MeldKind.CHOW
_PUNG = MeldKind.PUNG
_ANKAN = KongKind.CONCEALED
_NO_YAKU = NoWin(NoWinReason.NO_YAKU)


def _wait_of_chow(first: int, win: int) -> WaitKind:
    pos = win - first
    if pos == 1:
        return KANCHAN
    if pos == 0:
        return PENCHAN if first % 9 == 6 else RYANMEN
    return PENCHAN if first % 9 == 0 else RYANMEN


def score(
    ctx: WinContext, options: RiichiOptions | None = None, *, validate: bool = True
) -> ScoreResult | NoWin:
    """Score a win, or say why it is none (not complete, no yaku).

    ``validate`` checks tile counts (at most four of a kind, 13 - 3 x melds concealed tiles)
    and flag consistency, raising :class:`~jantaku.errors.InvalidHandError` with the message of
    :meth:`WinContext.validate`; that method also rejects a physical tile used twice, which
    this fast check does not look for. An engine that built the context itself may skip it."""
    opts = options if options is not None else _DEFAULT
    hand = ctx.hand
    melds = ctx.melds
    conc = [0] * 34
    red = 0
    present = 0
    for t in hand:
        k = t.index >> 2
        conc[k] += 1
        present |= 1 << k
        if t.red:
            red += 1
    hand13 = conc[:]
    win_tile = ctx.win_tile
    win = win_tile.index >> 2
    conc[win] += 1
    present |= 1 << win
    if win_tile.red:
        red += 1
    counts = conc[:]
    meld_groups: list[Group] = []
    meld_chows: tuple[int, ...] = ()
    meld_pungs: tuple[int, ...] = ()
    ankans = 0
    kongs = 0
    closed = True
    for m in melds:
        first = 99
        for t in m.tiles:
            k = t.index >> 2
            counts[k] += 1
            present |= 1 << k
            if k < first:
                first = k
            if t.red:
                red += 1
        if m.kind is _CHOW:
            meld_groups.append((0, first, False))
            meld_chows += (first,)
            closed = False
        elif m.kind is _PUNG:
            meld_groups.append((1, first, False))
            meld_pungs += (first,)
            closed = False
        else:
            kongs += 1
            concealed = m.kong is _ANKAN
            meld_groups.append((2, first, concealed))
            meld_pungs += (first,)
            if concealed:
                ankans += 1
            else:
                closed = False
    tsumo = ctx.tsumo
    riichi = ctx.riichi or ctx.double_riichi
    ippatsu = ctx.ippatsu
    haitei = ctx.haitei
    houtei = ctx.houtei
    rinshan = ctx.rinshan
    chankan = ctx.chankan
    first_turn = ctx.first_turn
    rare = ctx.double_riichi or ippatsu or haitei or houtei or rinshan or chankan or first_turn
    if validate:
        discarder = ctx.discarder
        pao = ctx.pao
        if (
            len(hand) != 13 - 3 * len(melds)
            or max(counts) > 4
            or win >= 34
            or (riichi and not closed)
            or ctx.honba < 0
            or ctx.deposits < 0
            or (discarder is not None and (tsumo or not 1 <= discarder <= 3))
            or (pao is not None and not 1 <= pao <= 3)
            or (
                rare
                and (
                    (ippatsu and not riichi)
                    or (haitei and not tsumo)
                    or (houtei and tsumo)
                    or (rinshan and (not tsumo or not kongs))
                    or (chankan and (tsumo or haitei or houtei or rinshan))
                    or (first_turn and (not tsumo or bool(melds) or riichi))
                )
            )
        ):
            ctx.validate()  # raises, naming the problem
            raise InvalidHandError("impossible hand")  # pragma: no cover

    std = standard_readings(conc)
    pairs = not melds and is_seven_pairs(conc)
    orphans = not melds and not std and not pairs and is_thirteen_orphans(conc)
    if not std and not pairs and not orphans:
        return _NOT_COMPLETE

    f = Facts()
    f.tsumo = tsumo
    f.riichi = riichi
    f.double_riichi = ctx.double_riichi
    f.ippatsu = ippatsu
    f.rinshan = rinshan
    f.haitei = haitei and (opts.rinshan_counts_haitei or not rinshan)
    f.houtei = houtei
    f.chankan = chankan
    f.first_turn = first_turn
    f.any_flag = rare
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
    f.set_hand(present)
    hand_yakuman = _hand_may_be_yakuman(f)
    f.flag_bits = (
        (_CLOSED_BIT if closed else 0)
        | (1 if tsumo or riichi else 0)
        | (2 if f.any_flag else 0)
        | (4 if f.all_simple else 8 if f.all_term_honor else 0)
        | (256 if f.suit_mask in (1, 2, 4, 9, 10, 12) else 0)
    )

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

    best = Breakdown(f, opts)
    best.dora = dora
    best.red = red
    best.ura = ura
    n_meld_groups = len(meld_groups)
    for pair, read, rchows, rpungs in std:
        readings: list[tuple[WaitKind, int]] = []
        if pair == win:
            readings.append((TANKI, -1))
        seen: list[Group] = []
        for i, g in enumerate(read):
            first = g[1]
            if g[0]:
                if first != win:
                    continue
                wait = SHANPON
            elif first <= win <= first + 2:
                wait = _wait_of_chow(first, win)
            else:
                continue
            if g in seen:
                continue
            seen.append(g)
            readings.append((wait, i))
        f.shape = STANDARD
        f.pair = pair
        f.chows = meld_chows + rchows if meld_chows else rchows
        f.pungs = meld_pungs + rpungs if meld_pungs else rpungs
        base_ankou = ankans + len(rpungs)
        for wait, i in readings:
            groups = meld_groups + list(read) if meld_groups else list(read)
            f.ankou = base_ankou
            if wait is SHANPON and not tsumo:
                f.ankou -= 1
                groups[n_meld_groups + i] = (1, win, False)
            f.wait = wait
            _evaluate(f, groups, bonus, opts, best, hand_yakuman)
    if pairs or orphans:
        f.shape = SEVEN_PAIRS if pairs else THIRTEEN_ORPHANS
        f.pair = -1
        f.chows = ()
        f.pungs = ()
        f.ankou = 0
        f.wait = TANKI
        _evaluate(f, [], bonus, opts, best, hand_yakuman)
    if best.key[0] < 0:
        return _NO_YAKU
    return _result(ctx, opts, f, best)


def _hand_may_be_yakuman(f: Facts) -> bool:
    """Hand-level gate of the yakuman units (one call per hand)."""
    if f.first_turn or f.n_kongs == 4 or f.all_honor or f.all_green or f.all_terminal:
        return True
    if f.closed and not f.n_melds and f.suit_mask in (1, 2, 4):
        c = f.counts
        base = 0 if f.suit_mask == 1 else 9 if f.suit_mask == 2 else 18
        return c[base] >= 3 and c[base + 8] >= 3
    return False


_PINFU_DEF = REGISTRY[Yaku.PINFU]
_UNITS = (
    COMMON_FLAGS,
    RARE_FLAGS,
    SIMPLES,
    TERMINALS,
    OUTSIDE,
    SEQUENCE,
    HONOR_PUNGS,
    MANY_PUNGS,
    FLUSH,
    PAIRS_UNIT,
)
Unit = tuple[tuple[Callable[[Facts], bool], int, YakuDef], ...]
_UNIT_SETS: dict[int, Unit] = {}
_CLOSED_BIT = 1 << len(_UNITS)


def _units(signature: int) -> Unit:
    """The (predicate, han, yaku) triples of the units whose gate bits are set in
    ``signature``, with the han of a closed or an open hand (``_CLOSED_BIT``); yaku worth
    nothing in this hand are left out. Memoised: there are few signatures."""
    closed = bool(signature & _CLOSED_BIT)
    found = tuple(
        (y.check, y.closed_han if closed else y.open_han, y)
        for i, unit in enumerate(_UNITS)
        if signature >> i & 1
        for y in unit
        if (y.closed_han if closed else y.open_han)
    )
    _UNIT_SETS[signature] = found
    return found


_POINTS: dict[int, tuple[RiichiOptions, dict[int, int]]] = {}


def _points(han: int, fu: int, dealer: bool, tsumo: bool, opts: RiichiOptions) -> int:
    """Hand value, memoised per options object (the table is small: han x fu x 4)."""
    entry = _POINTS.get(id(opts))
    if entry is None or entry[0] is not opts:
        if len(_POINTS) > 64:
            _POINTS.clear()
        entry = _POINTS[id(opts)] = (opts, {})
    table = entry[1]
    key = (han << 10) | (fu << 2) | (2 if dealer else 0) | (1 if tsumo else 0)
    value = table.get(key)
    if value is None:
        value = table[key] = hand_value(base_points(han, fu, 0, opts)[0], dealer, tsumo)
    return value


def _evaluate(
    f: Facts,
    groups: list[Group],
    bonus: int,
    opts: RiichiOptions,
    best: Breakdown,
    hand_yakuman: bool,
) -> None:
    hits: list[tuple[YakuDef, int]] = []
    pungs = f.pungs
    if (
        hand_yakuman
        or f.ankou == 4
        or f.shape is THIRTEEN_ORPHANS
        or (len(pungs) >= 3 and sum(1 for p in pungs if p >= 27) >= 3)
    ):
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
            key = (points, 1, 13 * capped, 0)
            if key > best.key:
                _keep(f, best, key, hits, groups, 13 * capped, 0, capped)
            return
    han = 0
    sig = f.flag_bits
    chows = f.chows
    if chows:
        if f.pair >= 0 and TERMINAL_OR_HONOR[f.pair]:
            sig |= 16
        if len(chows) >= 3 or (f.closed and len(chows) == 2):
            sig |= 32
    if pungs:
        if max(pungs) >= 27:
            sig |= 64
        if len(pungs) >= 3:
            sig |= 128
    if f.shape is SEVEN_PAIRS:
        sig |= 512
    for check, h, y in _UNIT_SETS.get(sig) or _units(sig):
        if check(f):
            han += h
            hits.append((y, h))
    if not hits:
        return
    han += bonus
    if f.shape is SEVEN_PAIRS:
        fu = SEVEN_PAIRS_FU
    else:
        fu = standard_fu(
            f, groups, hits[0][0] is _PINFU_DEF or any(y is _PINFU_DEF for y, _h in hits), opts
        )
    points = _points(han, fu, f.dealer, f.tsumo, opts)
    key = (points, 0, han, fu)
    if key > best.key:
        _keep(f, best, key, hits, groups, han, fu, 0)


def _keep(
    f: Facts,
    best: Breakdown,
    key: tuple[int, int, int, int],
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


def _result(ctx: WinContext, opts: RiichiOptions, f: Facts, best: Breakdown) -> ScoreResult:
    b, limit = base_points(best.han, best.fu, best.yakuman, opts)
    pao = None
    if best.yakuman and ctx.pao is not None:
        covered = {_PAO_YAKU[p] for p in opts.pao_yakuman}
        if any(y.id in covered for y, _v in best.hits):
            pao = ctx.pao
    payments = settle(b, best.points, ctx.seat_wind, ctx.tsumo, ctx.honba, ctx.discarder, pao, opts)
    return ScoreResult(
        best.han,
        best.fu,
        best.yakuman,
        limit,
        b,
        best.points,
        payments,
        payments[0] + payments[1] + payments[2] + 1000 * ctx.deposits,
        f.dealer,
        ctx.tsumo,
        best,
        pao,
    )
