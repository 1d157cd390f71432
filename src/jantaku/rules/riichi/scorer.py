"""The riichi scorer: every reading of the hand (decomposition x position of the winning tile)
is scored and the one paying most is kept (ties: a yakuman over kazoe, then more han, then more
fu), spec §3.2.

The engine calls :func:`score` for every candidate win, so the hot path works on plain ints and
tuples: the hand-level yaku (flags, tile classes, suits, honor pungs) are looked up once per
hand by a key of the facts they read (:mod:`.units`); only the reading-level units (chows,
outside hands, many pungs, seven pairs) run per reading, gated by cheap tests; fu are summed
from per-kind tables and hand values come from a per-options table. The explained breakdown
(yaku lines, fu items, groups) is built only when someone asks for it."""

from __future__ import annotations

from operator import attrgetter

from jantaku.errors import InvalidHandError
from jantaku.meld import KongKind, MeldKind
from jantaku.rules.riichi import readings
from jantaku.rules.riichi.breakdown import Breakdown, Candidate, Chosen
from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.fu import (
    KAN_FU,
    OPEN_PUNG_FU,
    RON_PUNG_LOSS,
    SEVEN_PAIRS_FU,
    Group,
    pair_fu,
)
from jantaku.rules.riichi.options import PRESETS, PaoYakuman, RiichiOptions
from jantaku.rules.riichi.packed import (
    BITS,
    CHOW_WEIGHT,
    HONOR_SHIFT,
    KIND_WEIGHT,
    ONES,
    TILE_WEIGHT,
    bad_counts,
    kinds_mask,
)
from jantaku.rules.riichi.payments import settle
from jantaku.rules.riichi.points import ValueEntry, hand_value, value_entry, yakuman_limit
from jantaku.rules.riichi.readings import (
    HandReading,
    is_seven_pairs,
    is_thirteen_orphans,
    standard_readings,
)
from jantaku.rules.riichi.result import NoWin, NoWinReason, ScoreResult
from jantaku.rules.riichi.units import (
    ALL_GREEN_GATE,
    ALL_HONORS_GATE,
    ALL_TERMINALS_GATE,
    CLOSED_GATE,
    FIRST_TURN_GATE,
    FOUR_CONCEALED_GATE,
    FOUR_KONGS_GATE,
    HAND_MEMO,
    HONOR_PUNGS_GATE,
    MANY_PUNGS_GATE,
    NINE_GATES_GATE,
    ORPHANS_GATE,
    OUTSIDE_GATE,
    PAIRS_GATE,
    PINFU,
    PINFU_GATE,
    READING_MEMO,
    THREE_CHOWS_GATE,
    TWINS_GATE,
    Hit,
    clear_memos,
    hand_hits,
    honor_code,
    honor_groups,
    reading_units,
    yakuman_units,
)
from jantaku.rules.riichi.yaku import Facts, WaitKind, Yaku, YakuDef
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

__all__ = ["clear_caches", "score"]

_DEFAULT = PRESETS["doman"]
_DORA_SHIFT = tuple(BITS * k.dora_successor for k in tuple(TileKind)[:34])
_FIVES = kinds_mask((4, 13, 22))
_NINE = sum(n * KIND_WEIGHT[k] for k, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))
_SUIT_ONES = kinds_mask(range(9))
_PAO_YAKU = {PaoYakuman.DAISANGEN: Yaku.DAISANGEN, PaoYakuman.DAISUUSHII: Yaku.DAISUUSHII}
_NOT_COMPLETE = NoWin(NoWinReason.NOT_COMPLETE)
_NO_YAKU = NoWin(NoWinReason.NO_YAKU)
_CHOW = MeldKind.CHOW
_PUNG = MeldKind.PUNG
_ANKAN = KongKind.CONCEALED
_IS_RED = attrgetter("red")
_SPECIAL: HandReading = (-1, (), (), 0)
"""Stands in the list of readings for seven pairs or thirteen orphans."""
_new_result = tuple.__new__  # builds the ScoreResult without the named tuple's Python-level __new__


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
    weight = TILE_WEIGHT
    code = 0  # the concealed tiles, packed (see .packed)
    for t in hand:
        code += weight[t.index]
    win_tile = ctx.win_tile
    win = win_tile.kind_id
    code += weight[win_tile.index]
    kinds = (code | code >> 1 | code >> 2) & ONES  # packed.present, inline
    red_fives = opts.red_fives
    red = sum(map(_IS_RED, hand)) + win_tile.red if red_fives and kinds & _FIVES else 0
    total = code  # all tiles, melds included
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
    tsumo = ctx.tsumo
    double_riichi = ctx.double_riichi
    riichi = ctx.riichi or double_riichi
    ippatsu = ctx.ippatsu
    haitei = ctx.haitei
    houtei = ctx.houtei
    rinshan = ctx.rinshan
    chankan = ctx.chankan
    first_turn = ctx.first_turn
    if validate:
        discarder = ctx.discarder
        pao = ctx.pao
        if (
            len(hand) != 13 - 3 * len(melds)
            or bad_counts(total)
            or (riichi and not closed)
            or ctx.honba < 0
            or ctx.deposits < 0
            or (discarder is not None and (tsumo or not 1 <= discarder <= 3))
            or (pao is not None and not 1 <= pao <= 3)
            or (
                (double_riichi or ippatsu or haitei or houtei or rinshan or chankan or first_turn)
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

    std = standard_readings(code, kinds)
    pairs = not melds and kinds.bit_count() == 7 and is_seven_pairs(code, kinds)
    orphans = not std and not pairs and not melds and is_thirteen_orphans(code, kinds)
    if not std and not pairs and not orphans:
        return _NOT_COMPLETE

    f = Facts()
    f.tsumo = tsumo
    f.closed = closed
    f.first_turn = first_turn
    f.rinshan = rinshan
    dealer = f.dealer = ctx.seat_wind == 0
    seat = f.seat = 27 + ctx.seat_wind
    rnd = f.round = 27 + ctx.round_wind
    f.n_melds = len(melds)
    f.n_kongs = kongs
    all_kinds = (total | total >> 1 | total >> 2) & ONES if melds else kinds
    f.set_hand(all_kinds)
    haitei = haitei and (opts.rinshan_counts_haitei or not rinshan)
    # honors never join a chow: their pungs and pair are the same in every standard reading
    honor_pungs, honor_pair = (
        honor_groups(total >> HONOR_SHIFT) if all_kinds >> HONOR_SHIFT else (0, -1)
    )
    yakuman_gates = (
        _yakuman_gates(f, orphans, honor_pungs, total)
        if first_turn
        or orphans
        or kongs == 4
        or f.all_term_honor
        or f.all_green
        or f.suit_mask in (1, 2, 4)
        or honor_pungs.bit_count() >= 3
        else 0
    )
    if yakuman_gates & (ORPHANS_GATE | NINE_GATES_GATE):  # closed, no melds: count the tiles
        hand13_counts = [0] * 34
        for t in hand:
            hand13_counts[t.kind_id] += 1
        f.hand13 = hand13_counts
        f.counts = hand13_counts[:]
        f.counts[win] += 1
    hand_key = (
        closed,
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        opts.kuitan,
        f.suit_mask,
        f.all_simple,
        f.all_term_honor,
        honor_code(honor_pungs, honor_pair, seat, rnd) if honor_pungs or honor_pair >= 31 else 0,
    )
    base_hits, base_han = HAND_MEMO.get(hand_key) or hand_hits(hand_key, f, honor_pungs, honor_pair)

    dora = 0
    for k in ctx.dora_indicators:
        dora += total >> _DORA_SHIFT[k] & 31
    ura = 0
    if riichi:
        for k in ctx.ura_indicators if opts.kan_ura else ctx.ura_indicators[:1]:
            ura += total >> _DORA_SHIFT[k] & 31
    bonus = dora + red + ura
    dealer_tsumo = (2 if dealer else 0) | tsumo
    last = _LAST_TABLE[0]
    table = last[1] if last[0] is opts else _table(opts)

    # fu that every standard reading shares: base, win method, melds, the honor pair
    fu = 20 + ((opts.rinshan_tsumo_fu if rinshan else 2) if tsumo else 10 if closed else 0)
    fu += melded_fu
    if honor_pair >= 0:
        fu += pair_fu(honor_pair, seat, rnd, opts)

    closed_gate = CLOSED_GATE if closed else 0
    best: Chosen | None = None
    best_key = (-1, -1, -1, -1)
    for pair, rchows, rpungs, pung_fu in [*std, _SPECIAL] if pairs or orphans else std:
        if pair >= 0:
            # where the winning tile can sit: each a distinct wait (identical chows read once)
            waits: list[WaitKind] = []
            # (in reading order, which decides between readings of equal value)
            if pair == win:
                waits.append(TANKI)
            if win - 2 in rchows:
                waits.append(PENCHAN if win % 9 == 2 else RYANMEN)
            if win - 1 in rchows:
                waits.append(KANCHAN)
            if win in rpungs:
                waits.append(SHANPON)
            if win in rchows:
                waits.append(PENCHAN if win % 9 == 6 else RYANMEN)
            shape = STANDARD
            chows = f.chows = meld_chows + rchows if meld_chows else rchows
            pungs = f.pungs = meld_pungs + rpungs if meld_pungs else rpungs
            gates = closed_gate
            n = len(chows)
            if n:
                if closed and n >= 2:
                    if n == 4:
                        gates |= PINFU_GATE
                    if len(set(chows)) < n:
                        gates |= TWINS_GATE
                if n >= 3:
                    gates |= THREE_CHOWS_GATE
                if TERMINAL_OR_HONOR[pair]:
                    gates |= OUTSIDE_GATE
            if len(pungs) >= 3:
                gates |= MANY_PUNGS_GATE
            read_fu = fu + pung_fu
        else:  # seven pairs or thirteen orphans: a single wait, fixed fu
            waits = [TANKI]
            shape = SEVEN_PAIRS if pairs else THIRTEEN_ORPHANS
            f.chows = f.pungs = ()
            gates = closed_gate | PAIRS_GATE if pairs else closed_gate
            read_fu = SEVEN_PAIRS_FU
        f.shape = shape
        f.pair = pair
        units = READING_MEMO.get(gates)
        if units is None:
            units = reading_units(gates)
        ankou = ankans + len(rpungs)
        for wait in waits:
            ron_pung = -1
            wait_fu = read_fu
            if shape is STANDARD:
                if wait is SHANPON:
                    if not tsumo:
                        ron_pung = win
                        wait_fu -= RON_PUNG_LOSS[win]
                elif wait is not RYANMEN:
                    wait_fu += 2
            f.ankou = ankou - 1 if ron_pung >= 0 else ankou
            f.wait = wait
            if yakuman_gates or f.ankou == 4:
                ygates = yakuman_gates | FOUR_CONCEALED_GATE if f.ankou == 4 else yakuman_gates
                cand = _yakuman(f, opts, yakuman_units(ygates))
                if cand is not None:
                    if cand[0] > best_key:
                        best_key = cand[0]
                        best = (cand, pair, shape, wait, rchows, rpungs, ron_pung)
                    continue
            # the reading-level units on top of the hand-level hits
            han = base_han
            extra: list[Hit] = []
            for check, h, y in units:
                if check(f):
                    han += h
                    extra.append((y, h))
            if not han:
                continue
            if shape is STANDARD:
                if dealer_tsumo & 1 and extra and extra[0][0] is PINFU:
                    wait_fu = 20  # pinfu tsumo: no tsumo fu (pinfu is the first unit to run)
                elif wait_fu == 20:
                    wait_fu = 30  # an open hand without fu
                else:
                    wait_fu = (wait_fu + 9) // 10 * 10
            han += bonus
            vkey = han << 10 | wait_fu << 2 | dealer_tsumo
            entry = table.get(vkey)
            if entry is None:
                entry = table[vkey] = value_entry(han, wait_fu, dealer_tsumo, opts)
            key = (entry[0], 0, han, wait_fu)
            if key > best_key:
                best_key = key
                best = (
                    (key, entry, extra, han, wait_fu, 0),
                    pair,
                    shape,
                    wait,
                    rchows,
                    rpungs,
                    ron_pung,
                )
    if best is None:
        return _NO_YAKU
    cand = best[0]
    points, b, limit = cand[1]
    pao = _pao(ctx, opts, cand[2]) if cand[5] and ctx.pao is not None else None
    payments = settle(b, points, ctx.seat_wind, tsumo, ctx.honba, ctx.discarder, pao, opts)
    return _new_result(
        ScoreResult,
        (
            cand[3],
            cand[4],
            cand[5],
            limit,
            b,
            points,
            payments,
            payments[0] + payments[1] + payments[2] + 1000 * ctx.deposits,
            dealer,
            tsumo,
            Breakdown(f, opts, best, base_hits, meld_groups, (dora, red, ura)),
            pao,
        ),
    )


def _yakuman_gates(f: Facts, orphans: bool, honor_pungs: int, total: int) -> int:
    """The hand-level yakuman gates (four concealed pungs are gated per reading)."""
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
    return gates


def _yakuman(f: Facts, opts: RiichiOptions, units: tuple[YakuDef, ...]) -> Candidate | None:
    hits: list[Hit] = []
    mult = 0
    for y in units:
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


_TABLES: dict[int, tuple[RiichiOptions, dict[int, ValueEntry]]] = {}
_LAST_TABLE = [(_DEFAULT, _TABLES.setdefault(id(_DEFAULT), (_DEFAULT, {}))[1])]


def _table(opts: RiichiOptions) -> dict[int, ValueEntry]:
    """Hand values by ``han << 10 | fu << 2 | dealer << 1 | tsumo``, one table per options
    object, filled as hands need it (the table is small). The caller first tries the table
    used last (``_LAST_TABLE``)."""
    entry = _TABLES.get(id(opts))
    if entry is None or entry[0] is not opts:
        if len(_TABLES) > 64:
            _TABLES.clear()
        entry = _TABLES[id(opts)] = (opts, {})
    _LAST_TABLE[0] = entry
    return entry[1]


def _pao(ctx: WinContext, opts: RiichiOptions, hits: list[Hit]) -> int | None:
    """The liable seat, when the yakuman hits include one that pao covers."""
    covered = {_PAO_YAKU[p] for p in opts.pao_yakuman}
    return ctx.pao if any(y.id in covered for y, _v in hits) else None


def clear_caches() -> None:
    """Empty every table the scorer fills as it goes (suit readings, hand-level hits, hand
    values). They are bounded by the combinations of counts and flags, not by the hands seen;
    benchmarks call this to measure a cold start."""
    readings.clear_caches()
    clear_memos()
    _TABLES.clear()
    _LAST_TABLE[0] = (_DEFAULT, _TABLES.setdefault(id(_DEFAULT), (_DEFAULT, {}))[1])
