"""Scoring all four hands of a finished deal (spec §4-§6).

The engine (or the ``score`` request) describes the deal as a :class:`FinishedDeal`;
:func:`score_deal` returns a :class:`DealScore` with a typed breakdown per seat, the outcome
(Mah Jongg, Remis, or no Mah Jongg with a reason), the Störspiel verdict and the settlement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from jantaku.errors import InvalidHandError
from jantaku.hand import Shape, decompose
from jantaku.hand.shapes import GroupKind
from jantaku.meld import Meld
from jantaku.rules.classical.danger import hand_of_threatened_kind, threats
from jantaku.rules.classical.doubles import hand_double_items
from jantaku.rules.classical.figures import (
    Figure,
    FigureKind,
    bonus_items,
    figure_items,
    pair_item,
)
from jantaku.rules.classical.items import ScoreItem, Table
from jantaku.rules.classical.limits import apply_upper_limit, check_lower_limit, raw_value
from jantaku.rules.classical.options import (
    ClassicalOptions,
    SpecialHandId,
    SpecialHandScoring,
    WinningDiscardFigure,
)
from jantaku.rules.classical.premiums import WinContext, premium_items
from jantaku.rules.classical.settlement import Settlement, settle
from jantaku.rules.classical.special_hands import (
    CompleteHand,
    SpecialHand,
    matching_special_hands,
)
from jantaku.tiles import TileKind, Wind

__all__ = [
    "DealScore",
    "FinishedDeal",
    "NoWinReason",
    "Outcome",
    "SeatHand",
    "SeatScore",
    "StoerspielReason",
    "StoerspielVerdict",
    "Win",
    "WinnerResult",
    "complete_hand",
    "score_deal",
    "score_loser",
    "score_winner",
    "single_wait",
]

_KINDS = tuple(TileKind)[:34]


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One player's tiles at the end of a deal. ``concealed``: the tiles in his hand (for the
    winner without the winning tile); ``melds``: his laid-out figures; ``bonus``: flowers and
    seasons."""

    seat_wind: Wind
    concealed: tuple[TileKind, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[TileKind, ...] = ()


@dataclass(frozen=True, slots=True)
class Win:
    """How the deal was won. ``discarder`` is the player whose discard (or kong tile, when
    ``robbing_kong``) was taken; None for a self-drawn tile."""

    winner: Wind
    win_tile: TileKind
    self_draw: bool
    discarder: Wind | None = None
    last_wall_tile: bool = False
    last_discard: bool = False
    robbing_kong: bool = False
    heavenly_hand: bool = False
    earthly_hand: bool = False


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    round_wind: Wind
    hands: tuple[SeatHand, ...]
    win: Win | None  # None: Remis
    danger_violation: Wind | None = None  # whose winning discard broke the Störspielgebot


class Outcome(Enum):
    MAH_JONGG = "mah_jongg"
    REMIS = "remis"
    NO_MAH_JONGG = "no_mah_jongg"  # the claimed win is not allowed; see NoWinReason


class NoWinReason(Enum):
    BELOW_LOWER_LIMIT = "below_lower_limit"
    NOT_A_WINNING_HAND = "not_a_winning_hand"


class StoerspielReason(Enum):
    APPLIES = "applies"
    NOT_THE_DISCARDER = "not_the_discarder"  # the violator did not discard the winning tile
    NOT_IN_FORCE = "not_in_force"  # the winner's laid-out figures trigger no Störspiel
    TILE_NOT_DANGEROUS = "tile_not_dangerous"
    NOT_THREATENED_KIND = "not_threatened_kind"  # e.g. STS example 2: no Farbspiel of that suit


@dataclass(frozen=True, slots=True)
class StoerspielVerdict:
    violator: Wind
    reason: StoerspielReason

    @property
    def pays_for_all(self) -> bool:
        return self.reason is StoerspielReason.APPLIES


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's breakdown. ``raw_value`` = base x 2^doubles (or the special hand's value);
    ``value`` after the upper limit; ``capped`` when the limit bit."""

    seat_wind: Wind
    winner: bool
    base: int
    doubles: int
    raw_value: int
    value: int
    capped: bool
    items: tuple[ScoreItem, ...]
    special_hand: SpecialHand | None = None


@dataclass(frozen=True, slots=True)
class DealScore:
    outcome: Outcome
    scores: tuple[SeatScore, ...]  # East, South, West, North
    settlement: Settlement
    reason: NoWinReason | None = None
    stoerspiel: StoerspielVerdict | None = None

    def score_of(self, wind: Wind) -> SeatScore:
        return self.scores[wind]


# --- helpers ---------------------------------------------------------------------------------


def _counts(kinds: Sequence[TileKind]) -> list[int]:
    counts = [0] * 34
    for k in kinds:
        if k.is_bonus:
            raise InvalidHandError(f"bonus tile {k.notation} in the hand; list it as bonus")
        counts[k] += 1
    return counts


def _seat_score(
    seat: Wind, winner: bool, items: list[ScoreItem], options: ClassicalOptions
) -> SeatScore:
    base = sum(i.points for i in items)
    doubles = sum(i.doubles for i in items)
    raw = raw_value(base, doubles)
    value, capped = apply_upper_limit(raw, options)
    return SeatScore(seat, winner, base, doubles, raw, value, capped, tuple(items))


_SEVEN_PAIR_HANDS = frozenset(
    {
        SpecialHandId.ZWILLINGE_ERDE,
        SpecialHandId.ZWILLINGE_ERDE_EINFARBIG,
        SpecialHandId.ZWILLINGE_HIMMEL,
        SpecialHandId.ZWILLINGE_HIMMEL_OHNE_ECKSTEINE,
    }
)


def _complete(counts: Sequence[int], melds: int, options: ClassicalOptions) -> bool:
    """A standard hand, or one of the enabled concealed shapes (seven pairs, 13 Wunder)."""
    for d in decompose(counts, melds):
        if d.shape is Shape.STANDARD:
            return True
        if d.shape is Shape.SEVEN_PAIRS and options.special_hands & _SEVEN_PAIR_HANDS:
            return True
        if (
            d.shape is Shape.THIRTEEN_ORPHANS
            and SpecialHandId.DREIZEHN_WUNDER in options.special_hands
        ):
            return True
    return False


def single_wait(
    concealed: Sequence[TileKind], melds: Sequence[Meld], options: ClassicalOptions
) -> bool:
    """Mah Jongg mit dem einzig möglichen Stein: exactly one tile kind completes the hand
    (``single_wait_rule = tile_kinds``: visible copies are ignored; a kind the player holds
    four times himself cannot come)."""
    counts = _counts(concealed)
    own = list(counts)
    for m in melds:
        for kind in m.kinds:
            own[kind] += 1
    found = 0
    for k in range(34):
        if own[k] >= 4:
            continue
        counts[k] += 1
        if _complete(counts, len(melds), options):
            found += 1
        counts[k] -= 1
        if found > 1:
            return False
    return found == 1


def _validate(hand: SeatHand, tiles: int) -> None:
    if len(hand.concealed) + 3 * len(hand.melds) != tiles:
        raise InvalidHandError(
            f"seat {hand.seat_wind.letter}: {len(hand.concealed)} tiles in hand and "
            f"{len(hand.melds)} figures laid out make no {tiles}-tile hand "
            f"(hand tiles + 3 x figures must be {tiles})"
        ).coded("figures_size", count=len(hand.concealed), figures=len(hand.melds), expected=tiles)
    for b in hand.bonus:
        if not b.is_bonus:
            raise InvalidHandError(
                f"seat {hand.seat_wind.letter}: {b.notation} is not a bonus tile"
            )


# --- losers ----------------------------------------------------------------------------------


def score_loser(hand: SeatHand, round_wind: Wind, options: ClassicalOptions) -> SeatScore:
    """A non-winner (§5.5): figure points and figure/bonus doubles, no premiums or hand doubles.
    Hidden pungs count as concealed (four undeclared identical tiles: a concealed pung only);
    at most ``loser_max_scoring_pairs`` pairs, the most valuable."""
    seat = hand.seat_wind
    items: list[ScoreItem] = []
    for meld in hand.melds:
        items += figure_items(Figure.from_meld(meld), seat, round_wind)
    if options.loser_scores_hidden_figures:
        counts = _counts(hand.concealed)
        for k in _KINDS:
            if counts[k] >= 3:
                items += figure_items(Figure(FigureKind.PUNG, k, True), seat, round_wind)
                counts[k] -= 3
        pairs = [pair_item(k, seat, round_wind, options) for k in _KINDS if counts[k] == 2]
        pairs = sorted((p for p in pairs if p.points), key=lambda p: -p.points)
        items += pairs[: options.loser_max_scoring_pairs]
    items += bonus_items(hand.bonus, seat, options)
    return _seat_score(seat, False, items, options)


# --- the winner ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Reading:
    figures: tuple[Figure, ...]
    pair: TileKind


def _readings(hand: SeatHand, win: Win, options: ClassicalOptions) -> list[_Reading]:
    """Every standard reading, with each choice of the figure the winning discard completed."""
    counts = _counts((*hand.concealed, win.win_tile))
    laid = tuple(Figure.from_meld(m) for m in hand.melds)
    claimed = not win.self_draw and options.winning_discard_figure is WinningDiscardFigure.OPEN
    out: list[_Reading] = []
    for d in decompose(counts, len(hand.melds)):
        if d.shape is not Shape.STANDARD:
            continue
        groups = [
            Figure(FigureKind.CHOW if g.kind is GroupKind.CHOW else FigureKind.PUNG, g.first, True)
            for g in d.groups
        ]
        choices: list[int | None] = []
        if not claimed or d.pair == win.win_tile:
            choices.append(None)
        if claimed:
            choices += [i for i, g in enumerate(groups) if win.win_tile in g.kinds]
        seen: set[tuple[Figure, ...]] = set()
        for choice in choices:
            figs = tuple(
                Figure(g.kind, g.first, False) if i == choice else g for i, g in enumerate(groups)
            )
            key = tuple(sorted(figs, key=lambda f: (f.kind.value, f.first, f.concealed)))
            if key not in seen:
                seen.add(key)
                out.append(_Reading(laid + figs, d.pair))
    return out


def _standard_items(
    reading: _Reading,
    hand: SeatHand,
    round_wind: Wind,
    context: WinContext,
    options: ClassicalOptions,
) -> list[ScoreItem]:
    seat = hand.seat_wind
    items: list[ScoreItem] = []
    for fig in reading.figures:
        items += figure_items(fig, seat, round_wind)
    items.append(pair_item(reading.pair, seat, round_wind, options))
    items += bonus_items(hand.bonus, seat, options)
    items += premium_items(reading.figures, context, options)
    items += hand_double_items(reading.figures, reading.pair, context, options)
    return items


def complete_hand(hand: SeatHand, win: Win, options: ClassicalOptions) -> CompleteHand:
    """The winner's hand as the special-hand catalogue and the Störspiel check see it."""
    before = _counts(hand.concealed)
    counts = list(before)
    counts[win.win_tile] += 1
    for m in hand.melds:
        for k in m.kinds:
            counts[k] += 1
    readings = tuple((r.figures, r.pair) for r in _readings(hand, win, options))
    return CompleteHand(
        counts=tuple(counts),
        before=tuple(before),
        readings=readings,
        laid_out=len(hand.melds),
        self_draw=win.self_draw,
        heavenly=win.heavenly_hand,
        earthly=win.earthly_hand,
    )


@dataclass(frozen=True, slots=True)
class WinnerResult:
    """The winner's best score, and whether he may go out with it."""

    score: SeatScore
    reason: NoWinReason | None  # None: Mah Jongg stands


def score_winner(
    hand: SeatHand, round_wind: Wind, win: Win, options: ClassicalOptions
) -> WinnerResult:
    """The best reading of the winner's hand (highest capped value, then raw value), compared
    with the special hands it is (``special_hand_scoring``) and checked against the lower limit."""
    calls = sum(1 for m in hand.melds if m.is_open)
    context = WinContext(
        self_draw=win.self_draw,
        calls=calls,
        single_wait=single_wait(hand.concealed, hand.melds, options),
        last_wall_tile=win.last_wall_tile,
        last_discard=win.last_discard,
        robbing_kong=win.robbing_kong,
    )
    best: SeatScore | None = None
    for reading in _readings(hand, win, options):
        score = _seat_score(
            hand.seat_wind,
            True,
            _standard_items(reading, hand, round_wind, context, options),
            options,
        )
        if best is None or (score.value, score.raw_value, score.base) > (
            best.value,
            best.raw_value,
            best.base,
        ):
            best = score
    specials = matching_special_hands(complete_hand(hand, win, options), options)
    if specials:
        entry, value = specials[0]
        if (
            best is None
            or options.special_hand_scoring is SpecialHandScoring.SPECIAL_VALUE
            or value >= best.value
        ):
            limits = options.special_limits(entry.id)
            item = ScoreItem(Table.SPECIAL_HANDS, f"{entry.name} ({_limits(limits)} Limit)", value)
            special = SeatScore(hand.seat_wind, True, value, 0, value, value, False, (item,), entry)
            return WinnerResult(special, None)
    if best is None:
        return WinnerResult(score_loser(hand, round_wind, options), NoWinReason.NOT_A_WINNING_HAND)
    if not check_lower_limit(best.raw_value, options).passed:
        return WinnerResult(best, NoWinReason.BELOW_LOWER_LIMIT)
    return WinnerResult(best, None)


def _limits(limits: object) -> str:
    text = str(limits)
    return {"1/2": "½", "1/4": "¼", "3/2": "1½"}.get(text, text)


# --- the deal --------------------------------------------------------------------------------


def _stoerspiel(
    deal: FinishedDeal, win: Win, hand: SeatHand, violator: Wind, options: ClassicalOptions
) -> StoerspielVerdict:
    if win.self_draw or win.discarder != violator:
        return StoerspielVerdict(violator, StoerspielReason.NOT_THE_DISCARDER)
    found = threats(hand.melds, options)
    if not found:
        return StoerspielVerdict(violator, StoerspielReason.NOT_IN_FORCE)
    live = [t for t in found if win.win_tile in t.dangerous]
    if not live:
        return StoerspielVerdict(violator, StoerspielReason.TILE_NOT_DANGEROUS)
    complete = complete_hand(hand, win, options)
    if any(hand_of_threatened_kind(t, complete, options) for t in live):
        return StoerspielVerdict(violator, StoerspielReason.APPLIES)
    return StoerspielVerdict(violator, StoerspielReason.NOT_THREATENED_KIND)


def _check_table(deal: FinishedDeal) -> None:
    winds = sorted(h.seat_wind for h in deal.hands)
    if winds != list(Wind):
        raise InvalidHandError(
            "a deal needs one hand per seat wind E S W N, got "
            + " ".join(Wind(w).letter for w in winds)
        )
    seen = [0] * 42
    for h in deal.hands:
        for k in (*h.concealed, *h.bonus, *(k for m in h.melds for k in m.kinds)):
            seen[k] += 1
    if deal.win is not None:
        seen[deal.win.win_tile] += 1
    for index, n in enumerate(seen):
        limit = 1 if index >= 34 else 4
        if n > limit:
            kind = TileKind(index)
            raise InvalidHandError(
                f"{n} copies of {kind.notation} on the table; the set has {limit}"
            ).coded("table_copies", tile=kind.notation, count=n, limit=limit)


def score_deal(deal: FinishedDeal, options: ClassicalOptions) -> DealScore:
    """Score all four hands and settle. Hands that cannot exist raise ``InvalidHandError``;
    a win that is not allowed is a typed result (``Outcome.NO_MAH_JONGG`` with a reason)."""
    for h in deal.hands:
        _validate(h, 13)
    _check_table(deal)
    by_wind = {h.seat_wind: h for h in deal.hands}
    win = deal.win
    scores: dict[Wind, SeatScore] = {}
    for wind, h in by_wind.items():
        if win is None or wind != win.winner:
            scores[wind] = score_loser(h, deal.round_wind, options)

    def ordered() -> tuple[SeatScore, ...]:
        return tuple(scores[w] for w in Wind)

    if win is None:
        return DealScore(Outcome.REMIS, ordered(), settle({}, None, options))
    result = score_winner(by_wind[win.winner], deal.round_wind, win, options)
    scores[win.winner] = result.score
    if result.reason is not None:
        return DealScore(Outcome.NO_MAH_JONGG, ordered(), Settlement(()), result.reason)
    verdict = None
    if deal.danger_violation is not None:
        verdict = _stoerspiel(deal, win, by_wind[win.winner], deal.danger_violation, options)
    values = {w: s.value for w, s in scores.items()}
    violator = verdict.violator if verdict is not None and verdict.pays_for_all else None
    settlement = settle(values, win.winner, options, violator)
    return DealScore(Outcome.MAH_JONGG, ordered(), settlement, None, verdict)
