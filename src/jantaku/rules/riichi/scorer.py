"""The riichi scorer: every reading of the hand (decomposition x position of the winning tile)
is scored and the one paying most is kept (ties: a yakuman over kazoe, then more han, then more
fu), spec §3.2.

The engine calls :func:`score` to decide whether a win is legal and to settle it, so the hot
path works on plain ints: the hand-level yaku (flags, tile classes, suits, honor pungs) are
looked up once per hand by a key of the facts they read (:mod:`.hand_yaku`), and only the
reading-level units (chows, outside hands, many pungs, seven pairs) run per reading, gated by
cheap tests. Fu is summed from per-kind tables; the explained breakdown is built on demand."""

from __future__ import annotations

from operator import attrgetter

from jantaku.errors import InvalidHandError
from jantaku.meld import KongKind, MeldKind
from jantaku.rules.riichi.breakdown import Breakdown, Reading
from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.fu import (
    CLOSED_PUNG_FU,
    RON_PUNG_LOSS,
    SEVEN_PAIRS_FU,
    Group,
    meld_fu,
    pair_fu,
)
from jantaku.rules.riichi.options import PRESETS, PaoYakuman, RiichiOptions
from jantaku.rules.riichi.payments import settle
from jantaku.rules.riichi.points import base_points, hand_value
from jantaku.rules.riichi.readings import (
    ORPHAN_BITS,
    is_seven_pairs,
    is_thirteen_orphans,
    standard_readings,
)
from jantaku.rules.riichi.result import NoWin, NoWinReason, ScoreResult
from jantaku.rules.riichi.units import (
    CLOSED_GATE,
    MANY_PUNGS_GATE,
    OUTSIDE_GATE,
    PAIRS_GATE,
    PINFU,
    SEQUENCE_GATE,
    Hit,
    hand_hits,
    hand_key,
    reading_units,
)
from jantaku.rules.riichi.yaku import YAKUMAN, Facts, WaitKind, Yaku
from jantaku.rules.riichi.yaku.facts import (
    HONOR_BITS,
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
_NO_YAKU = NoWin(NoWinReason.NO_YAKU)
_CHOW = MeldKind.CHOW
_PUNG = MeldKind.PUNG
_ANKAN = KongKind.CONCEALED
_IS_RED = attrgetter("red")

Candidate = tuple[tuple[int, int, int, int], list[Hit], int, int, int]
"""(comparison key, yaku hits, han, fu, yakuman multiplier) of one scored reading."""


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
    present = 0  # bit k: kind k is in the hand
    for t in hand:
        k = t.index >> 2
        conc[k] += 1
        present |= 1 << k
    win_tile = ctx.win_tile
    win = win_tile.index >> 2
    conc[win] += 1
    present |= 1 << win
    red_fives = opts.red_fives
    red = sum(map(_IS_RED, hand)) + win_tile.red if red_fives else 0
    counts = conc
    meld_groups: list[Group] = []
    meld_chows: tuple[int, ...] = ()
    meld_pungs: tuple[int, ...] = ()
    ankans = 0
    kongs = 0
    closed = True
    if melds:
        counts = conc[:]
        for m in melds:
            tiles = m.tiles
            if red_fives:
                red += sum(map(_IS_RED, tiles))
            if m.kind is _CHOW:  # a Meld is a valid chow, pung or kong by construction
                first = min(tiles[0].index, tiles[1].index, tiles[2].index) >> 2
                counts[first] += 1
                counts[first + 1] += 1
                counts[first + 2] += 1
                present |= 7 << first
                meld_groups.append((0, first, False))
                meld_chows += (first,)
                closed = False
                continue
            first = tiles[0].index >> 2
            present |= 1 << first
            meld_pungs += (first,)
            if m.kind is _PUNG:
                counts[first] += 3
                meld_groups.append((1, first, False))
                closed = False
            else:
                counts[first] += 4
                kongs += 1
                concealed = m.kong is _ANKAN
                meld_groups.append((2, first, concealed))
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
    pairs = not melds and present.bit_count() == 7 and is_seven_pairs(conc)
    orphans = not std and not pairs and not present & ~ORPHAN_BITS and is_thirteen_orphans(conc)
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
    dealer = f.dealer = ctx.seat_wind == 0
    f.kuitan = opts.kuitan
    f.seat = 27 + ctx.seat_wind
    f.round = 27 + ctx.round_wind
    f.win = win
    f.counts = counts
    f.closed = closed
    f.n_melds = len(melds)
    f.n_kongs = kongs
    f.set_hand(present)

    # honors never join a chow: their pungs and pair are the same in every standard reading
    honor_pungs = 0
    honor_pair = -1
    if present & HONOR_BITS:
        for k in range(27, 34):
            n = counts[k]
            if n >= 3:
                honor_pungs |= 1 << (k - 27)
            elif n == 2:
                honor_pair = k
    may_yakuman = _hand_may_be_yakuman(f) or honor_pungs.bit_count() >= 3
    if may_yakuman or orphans:
        hand13 = conc[:]
        hand13[win] -= 1
        f.hand13 = hand13
    hits, han = hand_hits(f, hand_key(f, honor_pungs, honor_pair), honor_pungs, honor_pair)

    # dora are the same for every reading
    dora = 0
    for k in ctx.dora_indicators:
        dora += counts[_SUCCESSOR[k]]
    ura = 0
    if riichi:
        for k in ctx.ura_indicators if opts.kan_ura else ctx.ura_indicators[:1]:
            ura += counts[_SUCCESSOR[k]]
    ev = _Evaluator(opts, hits, han, dora + red + ura, dealer, tsumo, closed, may_yakuman)

    # fu that every standard reading shares: base, win method, melds, the honor pair
    fu = 20 + ((opts.rinshan_tsumo_fu if rinshan else 2) if tsumo else 10 if closed else 0)
    if meld_groups:
        fu += meld_fu(meld_groups)
    if honor_pair >= 0:
        f.pair = honor_pair
        fu += pair_fu(f, opts)

    best: Reading | None = None
    best_key = (-1, -1, -1, -1)
    for pair, read, rchows, rpungs in std:
        positions: list[tuple[WaitKind, int]] = []
        if pair == win:
            positions.append((TANKI, -1))
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
            positions.append((wait, i))
        f.shape = STANDARD
        f.pair = pair
        f.chows = meld_chows + rchows if meld_chows else rchows
        f.pungs = meld_pungs + rpungs if meld_pungs else rpungs
        read_fu = fu
        for k in rpungs:
            read_fu += CLOSED_PUNG_FU[k]
        ankou = ankans + len(rpungs)
        for wait, i in positions:
            ron_pung = -1
            wait_fu = read_fu
            if wait is SHANPON:
                if not tsumo:
                    ron_pung = i
                    wait_fu -= RON_PUNG_LOSS[win]
            elif wait is not RYANMEN:
                wait_fu += 2
            f.ankou = ankou - 1 if ron_pung >= 0 else ankou
            f.wait = wait
            cand = ev.evaluate(f, wait_fu)
            if cand is not None and cand[0] > best_key:
                best_key = cand[0]
                best = (*cand, pair, STANDARD, wait, read, ron_pung)
    if pairs or orphans:
        shape = SEVEN_PAIRS if pairs else THIRTEEN_ORPHANS
        f.shape = shape
        f.pair = -1
        f.chows = ()
        f.pungs = ()
        f.ankou = 0
        f.wait = TANKI
        cand = ev.evaluate(f, SEVEN_PAIRS_FU)
        if cand is not None and cand[0] > best_key:
            best = (*cand, -1, shape, TANKI, (), -1)
    if best is None:
        return _NO_YAKU
    return _result(ctx, opts, Breakdown(f, opts, best, meld_groups, (dora, red, ura)))


def _hand_may_be_yakuman(f: Facts) -> bool:
    """Hand-level gate of the yakuman units (one call per hand; three honor pungs and the
    special shapes are gated by the caller)."""
    if f.first_turn or f.n_kongs == 4 or f.all_honor or f.all_green or f.all_terminal:
        return True
    if f.closed and not f.n_melds and f.suit_mask in (1, 2, 4):
        c = f.counts
        base = 0 if f.suit_mask == 1 else 9 if f.suit_mask == 2 else 18
        return c[base] >= 3 and c[base + 8] >= 3
    return False


class _Evaluator:
    """Scores one reading at a time against the hand-level results of one hand."""

    __slots__ = ("bonus", "closed", "dt", "hand_han", "hits", "may_yakuman", "opts", "table")

    def __init__(
        self,
        opts: RiichiOptions,
        hits: tuple[Hit, ...],
        han: int,
        bonus: int,
        dealer: bool,
        tsumo: bool,
        closed: bool,
        may_yakuman: bool,
    ) -> None:
        self.opts = opts
        self.hits = hits
        self.hand_han = han
        self.bonus = bonus
        self.dt = (2 if dealer else 0) | (1 if tsumo else 0)
        self.closed = closed
        self.may_yakuman = may_yakuman
        self.table = _points_table(opts)

    def evaluate(self, f: Facts, fu: int) -> Candidate | None:
        """The candidate of the reading in ``f`` with unrounded fu ``fu``, or None (no yaku)."""
        if self.may_yakuman or f.ankou == 4 or f.shape is THIRTEEN_ORPHANS:
            found = self._yakuman(f)
            if found is not None:
                return found
        han = self.hand_han
        gates = CLOSED_GATE if self.closed else 0
        chows = f.chows
        if chows:
            n = len(chows)
            if n >= 3 or (n == 2 and self.closed):
                gates |= SEQUENCE_GATE
            if TERMINAL_OR_HONOR[f.pair]:
                gates |= OUTSIDE_GATE
        if len(f.pungs) >= 3:
            gates |= MANY_PUNGS_GATE
        if f.shape is SEVEN_PAIRS:
            gates |= PAIRS_GATE
        hits = list(self.hits)
        pinfu = False
        for check, h, y in reading_units(gates):
            if check(f):
                if y is PINFU:
                    pinfu = True
                han += h
                hits.append((y, h))
        if not han:
            return None
        if f.shape is STANDARD:
            if pinfu and self.dt & 1:
                fu = 20  # pinfu tsumo: no tsumo fu
            elif fu == 20:
                fu = 30  # an open hand without fu
            else:
                fu = (fu + 9) // 10 * 10
        han += self.bonus
        key = han << 10 | fu << 2 | self.dt
        entry = self.table.get(key)
        if entry is None:
            entry = self.table[key] = hand_value(
                base_points(han, fu, 0, self.opts)[0], bool(self.dt & 2), bool(self.dt & 1)
            )
        return (entry, 0, han, fu), hits, han, fu, 0

    def _yakuman(self, f: Facts) -> Candidate | None:
        opts = self.opts
        hits: list[Hit] = []
        mult = 0
        for y in YAKUMAN:
            if y.check(f):
                value = 2 if y.double_pattern and opts.double_yakuman_patterns else 1
                mult += value
                hits.append((y, value))
        if not mult:
            return None
        cap = opts.max_yakuman_multiplier
        capped = mult if cap is None else min(mult, cap)
        points = hand_value(8000 * capped, f.dealer, f.tsumo)
        return (points, 1, 13 * capped, 0), hits, 13 * capped, 0, capped


_POINTS: dict[int, tuple[RiichiOptions, dict[int, int]]] = {}


def _points_table(opts: RiichiOptions) -> dict[int, int]:
    """Hand values by ``han << 10 | fu << 2 | dealer << 1 | tsumo``, one table per options
    object (filled as hands need it: the table is small)."""
    entry = _POINTS.get(id(opts))
    if entry is None or entry[0] is not opts:
        if len(_POINTS) > 64:
            _POINTS.clear()
        entry = _POINTS[id(opts)] = (opts, {})
    return entry[1]


def _result(ctx: WinContext, opts: RiichiOptions, best: Breakdown) -> ScoreResult:
    b, limit = base_points(best.han, best.fu, best.yakuman, opts)
    points = hand_value(b, best.facts.dealer, ctx.tsumo)
    pao = None
    if best.yakuman and ctx.pao is not None:
        covered = {_PAO_YAKU[p] for p in opts.pao_yakuman}
        if any(y.id in covered for y, _v in best.hits):
            pao = ctx.pao
    payments = settle(b, points, ctx.seat_wind, ctx.tsumo, ctx.honba, ctx.discarder, pao, opts)
    return ScoreResult(
        best.han,
        best.fu,
        best.yakuman,
        limit,
        b,
        points,
        payments,
        payments[0] + payments[1] + payments[2] + 1000 * ctx.deposits,
        best.facts.dealer,
        ctx.tsumo,
        best,
        pao,
    )
