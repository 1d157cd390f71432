"""The riichi scorer: every reading of the hand (decomposition x position of the winning tile)
is scored and the one paying most is kept (ties: a yakuman over kazoe, then more han, then more
fu), spec §3.2.

The engine calls :func:`score` for every candidate win, so the hot path works on plain ints and
tuples: the hand-level yaku (flags, tile classes, suits, honor pungs) are looked up once per
hand by a key of the facts they read (:mod:`.units`); only the reading-level units (chows,
outside hands, many pungs, seven pairs) run per reading, gated by cheap tests; fu are summed
from per-kind tables and hand values come from a per-options table. The explained breakdown
(yaku lines, fu items, groups) is built only when someone asks for it.

The scorer is split into stages (see :func:`score`), but fewer than a cold path would have:
each call on this path, with its arguments and results, costs about 1% of a scoring call."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from jantaku.errors import InvalidHandError
from jantaku.rules.riichi import breakdown, readings
from jantaku.rules.riichi.breakdown import Breakdown, Chosen
from jantaku.rules.riichi.context import WinContext, WinFacts
from jantaku.rules.riichi.fu import (
    RON_PUNG_LOSS,
    SEVEN_PAIRS_FU,
    pair_fu,
)
from jantaku.rules.riichi.options import PRESETS, RiichiOptions
from jantaku.rules.riichi.packed import (
    BITS,
    HONOR_SHIFT,
    ONES,
    TILE_WEIGHT,
    kinds_mask,
)
from jantaku.rules.riichi.payments import settle
from jantaku.rules.riichi.points import ValueEntry, value_entry
from jantaku.rules.riichi.readings import (
    HandReading,
    is_seven_pairs,
    is_thirteen_orphans,
    standard_readings,
)
from jantaku.rules.riichi.result import NoWin, NoWinReason, ScoreResult
from jantaku.rules.riichi.scorer_input import NO_MELDS, Melded, impossible, read_melds
from jantaku.rules.riichi.units import (
    CLOSED_GATE,
    HAND_MEMO,
    HONOR_MEMO,
    MANY_PUNGS_GATE,
    OUTSIDE_GATE,
    PAIRS_GATE,
    PINFU,
    PINFU_GATE,
    READING_MEMO,
    THREE_CHOWS_GATE,
    TWINS_GATE,
    Hit,
    Unit,
    clear_memos,
    hand_hits,
    honor_code,
    honor_groups,
    reading_units,
)
from jantaku.rules.riichi.yaku import Facts, WaitKind
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
from jantaku.rules.riichi.yakuman_check import hand_yakuman_gates, pao_seat, yakuman_candidate
from jantaku.tiles import TileKind

__all__ = ["clear_caches", "score", "score_packed"]

_DEFAULT = PRESETS["doman"]
_DORA_SHIFT = tuple(BITS * k.dora_successor for k in tuple(TileKind)[:34])
_FIVES = kinds_mask((4, 13, 22))
_NOT_COMPLETE = NoWin(NoWinReason.NOT_COMPLETE)
_NO_YAKU = NoWin(NoWinReason.NO_YAKU)
_IS_RED = attrgetter("red")
_SPECIAL: HandReading = (-1, (), (), 0)
"""Stands in the list of readings for seven pairs or thirteen orphans."""
_SINGLE_WAIT = (TANKI,)
"""The waits of seven pairs and thirteen orphans."""
_new_result = tuple.__new__  # builds the ScoreResult without the named tuple's Python-level __new__


def score(
    ctx: WinContext, options: RiichiOptions | None = None, *, validate: bool = True
) -> ScoreResult | NoWin:
    """Score a win, or say why it is none (not complete, no yaku).

    ``validate`` checks tile counts (at most four of a kind, 13 - 3 x melds concealed tiles)
    and flag consistency, raising :class:`~jantaku.errors.InvalidHandError` with the message of
    :meth:`WinContext.validate`; that method also rejects a physical tile used twice, which
    this fast check does not look for. An engine that built the context itself may skip it.

    This reads the request (the tiles packed, see :mod:`.packed`, then the melds:
    :func:`.scorer_input.read_melds`; checked by :func:`.scorer_input.impossible`) and scores
    it with :func:`score_packed`."""
    opts = options if options is not None else _DEFAULT
    hand = ctx.hand
    weight = TILE_WEIGHT
    code = 0
    for t in hand:
        code += weight[t.index]
    win_tile = ctx.win_tile
    code += weight[win_tile.index]
    kinds = (code | code >> 1 | code >> 2) & ONES  # packed.present, inline
    red = sum(map(_IS_RED, hand)) + win_tile.red if opts.red_fives and kinds & _FIVES else 0
    melds = ctx.melds
    n_melds = len(melds)
    if melds:
        total, red, kongs, closed, melded = read_melds(melds, opts.red_fives, code, red)
    else:
        total, kongs, closed, melded = code, 0, True, NO_MELDS
    riichi = ctx.riichi or ctx.double_riichi
    if validate and (
        len(hand) != 13 - 3 * n_melds or impossible(ctx, n_melds, total, closed, kongs, riichi)
    ):
        ctx.validate()  # raises, naming the problem
        raise InvalidHandError("impossible hand")  # pragma: no cover
    return score_packed(
        ctx, opts, code, kinds, total, red, kongs, closed, melded, riichi, win_tile.kind_id, n_melds
    )


def score_packed(
    w: WinFacts,
    opts: RiichiOptions,
    code: int,
    kinds: int,
    total: int,
    red: int,
    kongs: int,
    closed: bool,
    melded: Melded,
    riichi: bool,
    win: int,
    n_melds: int,
) -> ScoreResult | NoWin:
    """Score a win read and checked: ``code`` the concealed tiles and the winning tile packed,
    ``kinds`` their kinds present, ``total`` all tiles packed, ``red`` the red fives, the melds
    read (:func:`.scorer_input.read_melds`), ``win`` the winning tile's kind.

    The stages: decompose the hand, the hand-level facts and yaku (:func:`_hand_level`), the
    dora, every reading valued (:func:`_best_reading`), the payments and the breakdown. The
    short stages stay inline: the engine calls this for every candidate win, and a call with
    its arguments and results costs as much as such a stage itself."""
    # the decompositions: standard readings, seven pairs, thirteen orphans
    std = standard_readings(code, kinds)
    pairs = not n_melds and kinds.bit_count() == 7 and is_seven_pairs(code, kinds)
    orphans = not std and not pairs and not n_melds and is_thirteen_orphans(code, kinds)
    if not std and not pairs and not orphans:
        return _NOT_COMPLETE

    f, base_hits, base_han, honor_pair, yakuman_gates = _hand_level(
        w, opts, kinds, total, closed, kongs, orphans, riichi, n_melds, win
    )

    # the dora: indicated, red fives, ura (under riichi)
    dora = 0
    for k in w.dora_indicators:
        dora += total >> _DORA_SHIFT[k] & 31
    ura = 0
    if riichi:
        for k in w.ura_indicators if opts.kan_ura else w.ura_indicators[:1]:
            ura += total >> _DORA_SHIFT[k] & 31

    readings = [*std, _SPECIAL] if pairs or orphans else std
    best = _best_reading(
        f, opts, readings, win, melded, honor_pair, pairs, base_han, dora + red + ura,
        yakuman_gates,
    )  # fmt: skip
    if best is None:
        return _NO_YAKU

    # the payments (pao only for a yakuman it covers) and the breakdown, built lazily
    cand = best[0]
    points, b, limit = cand[1]
    tsumo = f.tsumo
    pao = pao_seat(w.pao, opts, cand[2]) if cand[5] and w.pao is not None else None
    payments = settle(b, points, w.seat_wind, tsumo, w.honba, w.discarder, pao, opts)
    return _new_result(
        ScoreResult,
        (
            cand[3], cand[4], cand[5], limit, b, points, payments,
            payments[0] + payments[1] + payments[2] + 1000 * w.deposits,
            f.dealer, tsumo, Breakdown(f, opts, best, base_hits, melded[4], (dora, red, ura)), pao,
        ),
    )  # fmt: skip


def _hand_level(
    ctx: WinFacts,
    opts: RiichiOptions,
    kinds: int,
    total: int,
    closed: bool,
    kongs: int,
    orphans: bool,
    riichi: bool,
    n_melds: int,
    win: int,
) -> tuple[Facts, tuple[Hit, ...], int, int, int]:
    """The facts every reading shares (:class:`Facts`), the hand-level yaku and their han
    (looked up by the facts they read, :mod:`.units`), the honor pair (kind or -1) and the
    hand-level yakuman gates."""
    f = Facts()
    tsumo = f.tsumo = ctx.tsumo
    f.closed = closed
    first_turn = f.first_turn = ctx.first_turn
    rinshan = f.rinshan = ctx.rinshan
    f.dealer = ctx.seat_wind == 0
    seat = f.seat = 27 + ctx.seat_wind
    rnd = f.round = 27 + ctx.round_wind
    melded = f.n_melds = n_melds
    f.n_kongs = kongs
    all_kinds = (total | total >> 1 | total >> 2) & ONES if melded else kinds
    f.set_hand(all_kinds)
    # honors never join a chow: their pungs and pair are the same in every standard reading
    if all_kinds >> HONOR_SHIFT:
        key = total >> HONOR_SHIFT
        honor_pungs, honor_pair = HONOR_MEMO.get(key) or honor_groups(key)
    else:
        honor_pungs, honor_pair = 0, -1
    yakuman_gates = (
        hand_yakuman_gates(win, f, orphans, honor_pungs, total)
        if first_turn
        or orphans
        or kongs == 4
        or f.all_term_honor
        or f.all_green
        or f.suit_mask in (1, 2, 4)
        or honor_pungs.bit_count() >= 3
        else 0
    )
    hand_key = (
        closed,
        tsumo,
        riichi,
        ctx.double_riichi,
        ctx.ippatsu,
        rinshan,
        ctx.chankan,
        ctx.haitei and (opts.rinshan_counts_haitei or not rinshan),
        ctx.houtei,
        opts.kuitan,
        f.suit_mask,
        f.all_simple,
        f.all_term_honor,
        honor_code(honor_pungs, honor_pair, seat, rnd) if honor_pungs or honor_pair >= 31 else 0,
    )
    hits, han = HAND_MEMO.get(hand_key) or hand_hits(hand_key, f, honor_pungs, honor_pair)
    return f, hits, han, honor_pair, yakuman_gates


def _best_reading(
    f: Facts,
    opts: RiichiOptions,
    hand_readings: list[HandReading],
    win: int,
    melded: Melded,
    honor_pair: int,
    pairs: bool,
    base_han: int,
    bonus: int,
    yakuman_gates: int,
) -> Chosen | None:
    """Every reading with every place of the winning tile in it, valued: its reading-level yaku
    on top of the hand-level han, its fu, its points; the one paying most (ties: a yakuman over
    kazoe, then more han, then more fu, then the first). The loop over the waits stays in
    this function: it runs for every wait of every reading of every candidate win."""
    meld_chows, meld_pungs, ankans, melded_fu, _groups = melded
    tsumo = f.tsumo
    dealer_tsumo = (2 if f.dealer else 0) | tsumo
    last = _LAST_TABLE[0]
    table = last[1] if last[0] is opts else _table(opts)
    # the fu every standard reading shares: base, win method, melds, the honor pair
    fu = 20 + ((opts.rinshan_tsumo_fu if f.rinshan else 2) if tsumo else 10 if f.closed else 0)
    fu += melded_fu if honor_pair < 0 else melded_fu + pair_fu(honor_pair, f.seat, f.round, opts)
    closed_gate = CLOSED_GATE if f.closed else 0
    best: Chosen | None = None
    best_key = (-1, -1, -1, -1)
    for reading in hand_readings:
        pair, rchows, rpungs, pung_fu = reading
        waits, units = _reading(f, reading, win, meld_chows, meld_pungs, closed_gate, pairs)
        shape = f.shape
        read_fu = fu + pung_fu if shape is STANDARD else SEVEN_PAIRS_FU
        ankou = ankans + len(rpungs)
        for wait in waits:
            ron_pung = -1
            wait_fu = read_fu
            if wait is SHANPON:
                if not tsumo:
                    ron_pung = win
                    wait_fu -= RON_PUNG_LOSS[win]
            elif wait is not RYANMEN and shape is STANDARD:
                wait_fu += 2
            f.ankou = ankou - 1 if ron_pung >= 0 else ankou
            f.wait = wait
            if yakuman_gates or f.ankou == 4:
                cand = yakuman_candidate(f, opts, yakuman_gates)
                if cand is not None:
                    if cand[0] > best_key:
                        best_key = cand[0]
                        best = (cand, pair, shape, wait, rchows, rpungs, ron_pung)
                    continue
            han = base_han  # the reading-level units on top of the hand-level hits
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
                else:  # an open hand without fu has 30
                    wait_fu = 30 if wait_fu == 20 else (wait_fu + 9) // 10 * 10
            han += bonus
            vkey = han << 10 | wait_fu << 2 | dealer_tsumo
            entry = table.get(vkey)
            if entry is None:
                entry = table[vkey] = value_entry(han, wait_fu, dealer_tsumo, opts)
            key = (entry[0], 0, han, wait_fu)
            if key > best_key:
                best_key = key
                cand = (key, entry, extra, han, wait_fu, 0)
                best = (cand, pair, shape, wait, rchows, rpungs, ron_pung)
    return best


def _reading(
    f: Facts,
    reading: HandReading,
    win: int,
    meld_chows: tuple[int, ...],
    meld_pungs: tuple[int, ...],
    closed_gate: int,
    pairs: bool,
) -> tuple[Sequence[WaitKind], Unit]:
    """Set the reading's facts (shape, pair, chows, pungs); return where the winning tile can
    sit in it (each a distinct wait, identical chows read once, in reading order, which
    decides between readings of equal value) and the reading-level units that can hold."""
    pair, rchows, rpungs, _fu = reading
    f.pair = pair
    if pair < 0:  # seven pairs or thirteen orphans: a single wait
        f.shape = SEVEN_PAIRS if pairs else THIRTEEN_ORPHANS
        f.chows = f.pungs = ()
        gates = closed_gate | PAIRS_GATE if pairs else closed_gate
        return _SINGLE_WAIT, READING_MEMO.get(gates) or reading_units(gates)
    f.shape = STANDARD
    waits: list[WaitKind] = []
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
    chows = f.chows = meld_chows + rchows if meld_chows else rchows
    pungs = f.pungs = meld_pungs + rpungs if meld_pungs else rpungs
    gates = closed_gate
    n = len(chows)
    if n:
        if closed_gate and n >= 2:
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
    units = READING_MEMO.get(gates)
    return waits, reading_units(gates) if units is None else units


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


def clear_caches() -> None:
    """Empty every table the scorer fills as it goes (suit readings, hand-level hits, hand
    values, yaku lines). They are bounded by the combinations of counts and flags, not by the
    hands seen; benchmarks call this to measure a cold start."""
    readings.clear_caches()
    breakdown.clear_memos()
    clear_memos()
    _TABLES.clear()
    _LAST_TABLE[0] = (_DEFAULT, _TABLES.setdefault(id(_DEFAULT), (_DEFAULT, {}))[1])
