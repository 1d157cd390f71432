"""Expected value of a discard over the seat's own next draws (one from ready or closer).

Tile acceptance counts how many draws improve a hand but not what the hand is worth once
ready: a kanchan wait and a two-sided one, a cheap hand and a tanyao-pinfu-dora one look the
same to it. Here a ready hand is worth its win chance times its points, both taken from the
real scorer and the unseen tiles, and a one-from-ready hand is worth the chance of each
improving draw times the best ready hand that draw allows, over the draws left. Draws that do
not improve the hand are assumed thrown back (tsumogiri); the other seats are only a source of
ron and a drain on the wall. Everything is per seat and per turn; ready hands are cached by
their tiles so the many one-from-ready hands of a turn share their work."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import InitVar, dataclass, field
from itertools import repeat
from operator import add, mul

from jantaku.engine.riichi.view import SeatView
from jantaku.hand.incremental import HandAnalysis
from jantaku.meld import Meld
from jantaku.players.riichi.reading import visible_counts
from jantaku.rules.riichi import NoWin, RiichiOptions, WinContext, score
from jantaku.tiles import Tile, TileKind, Wind

__all__ = ["HandSpot", "discard_values"]

_DEFAULT_OPTIONS = RiichiOptions()
_TILES = tuple(Tile(i) for i in range(136))  # tiles are frozen values: built once, shared
_RED_TILES = {k: Tile(k * 4, red=True) for k in (4, 13, 22)}
# Ron chances per own draw on a wait others do not know, relative to drawing it oneself
# (riichi wins in jantaku's bot tables: about 0.8 ron for every tsumo). A factor per wait, by
# how safe it looks, chose no better (docs/bots.md).
_RON_FACTOR = 0.8
# Chance per own draw that the deal ends by another seat's win: three seats win about 55% of
# deals over some twelve draws each. Without it a slow wait looks nearly as good as a wide one.
_END = 0.045
# Once a closed hand is ready it riichis, and most tables fold against a riichi: the deal ends
# by another win less often.
_END_AFTER_RIICHI = 0.02


@dataclass
class HandSpot:
    """What the evaluation needs to know about the seat this turn."""

    melds: tuple[Meld, ...]
    seat_wind: Wind
    round_wind: Wind
    dora: tuple[TileKind, ...]
    unseen: list[int]  # copies of each kind this seat cannot see
    river: frozenset[int]  # kinds in the own river: waits on them cannot ron (furiten)
    reds: frozenset[int]  # kinds of which the hand holds the red five
    draws: int  # own draws left after this discard
    closed: bool
    options: RiichiOptions = _DEFAULT_OPTIONS  # the table's rules, which the scorer reads
    end: float = _END  # chance per own draw that another win ends the deal
    ready_end: float = _END_AFTER_RIICHI  # the same once the hand is ready
    wall: int = 0  # unseen tiles in all
    ready_cache: dict[bytes, tuple[float, float]] = field(default_factory=dict)
    shared: InitVar[HandAnalysis | None] = None  # the bot's analysis of this decision
    # ron points already scored in this scoring context (the bot keeps them across turns)
    known: dict[tuple[bytes, int, bool], int] | None = None
    analysis: HandAnalysis = field(init=False)  # this turn's incremental hand analysis
    # win chances over 0..draws-1 draws, per (chance, draws, end), and the same times the
    # points, per (chance, points, draws, end): the discards of a turn share most ready hands
    curves: dict[tuple[float, int, float], list[float]] = field(init=False, default_factory=dict)
    rows: dict[tuple[float, float, int, float], list[float]] = field(
        init=False, default_factory=dict
    )

    def __post_init__(self, shared: HandAnalysis | None) -> None:
        self.wall = max(1, sum(self.unseen))
        self.analysis = shared or HandAnalysis(len(self.melds), [max(0, n) for n in self.unseen])
        if not self.closed:
            self.ready_end = max(self.ready_end, self.end)

    @classmethod
    def of(
        cls,
        view: SeatView,
        analysis: HandAnalysis | None = None,
        known: dict[tuple[bytes, int, bool], int] | None = None,
        seen: Sequence[int] | None = None,
    ) -> HandSpot:
        """The seat's spot this turn; ``analysis`` (of the same view) is shared when given, and
        ``known`` (points scored before in the same melds, winds, dora, red fives and rules),
        and ``seen`` (the view's :func:`visible_counts`)."""
        me = view.seat
        assert me is not None
        seat = view.seats[me]
        return cls(
            melds=seat.melds,
            seat_wind=Wind((me - view.dealer) % 4),
            round_wind=Wind(view.round_wind),
            dora=tuple(t.kind for t in view.dora_indicators),
            unseen=[4 - n for n in (visible_counts(view) if seen is None else seen)],
            river=frozenset(t.kind_id for t, _g, _r, _c in seat.river),
            reds=frozenset(t.kind_id for t in view.hand if t.red),
            draws=max(0, view.live_remaining // 4),
            closed=all(not m.is_open for m in seat.melds),
            options=view.options,
            shared=analysis,
            known=known,
        )

    # ------------------------------------------------------------------ ready hands

    def ready(self, counts: list[int]) -> tuple[float, float]:
        """(win chance per own draw, average points) of a ready 13-tile hand. A wait in the own
        river forbids every ron, not only on that kind (doman-rules.md §2.7): then the hand
        wins by tsumo alone. (The discard that made it ready is never one of its waits: with
        it back the hand would be complete.)"""
        key = bytes(counts)
        hit = self.ready_cache.get(key)
        if hit is not None:
            return hit
        tiles = None  # built on the first wait whose points are not known yet
        known = self.known if self.known is not None else {}
        sh, _accepted, kinds, _mask = self.analysis.analyse(counts)
        found = list(kinds) if sh == 0 else []  # a ready hand's improving kinds are its waits
        ron = 1.0 if any(w in self.river for w in found) else 1.0 + _RON_FACTOR
        weight = 0.0
        value = 0.0
        for w in found:
            left = self.unseen[w]
            if not left:
                continue
            points = known.get((key, w, self.closed))
            if points is None:
                if tiles is None:
                    tiles = self._tiles(counts)
                points = self.points(counts, w, tiles=tiles)
            if not points:
                continue
            weight += left
            value += left * points
        out = (min(1.0, ron * weight / self.wall), value / weight if weight else 0.0)
        self.ready_cache[key] = out
        return out

    def _tiles(self, counts: Sequence[int]) -> tuple[Tile, ...]:
        tiles: list[Tile] = []
        reds = self.reds
        for k, n in enumerate(counts):
            if n:
                red = k in reds
                tiles += _TILES[k * 4 : k * 4 + n]
                if red:
                    tiles[-n] = _RED_TILES[k]
        return tuple(tiles)

    def points(
        self,
        counts: Sequence[int],
        w: int,
        riichi: bool | None = None,
        tiles: tuple[Tile, ...] | None = None,
    ) -> int:
        """Ron points of the ready hand ``counts`` on ``w`` (0 without a yaku); riichi when
        the hand is closed unless ``riichi`` says otherwise."""
        flag = self.closed if riichi is None else riichi
        known = self.known
        if known is not None:
            key = (bytes(counts), w, flag)
            hit = known.get(key)
            if hit is not None:
                return hit
        ctx = WinContext(
            hand=tiles if tiles is not None else self._tiles(counts),
            win_tile=Tile(w * 4 + min(3, counts[w])),
            melds=self.melds,
            seat_wind=self.seat_wind,
            round_wind=self.round_wind,
            dora_indicators=self.dora,
            riichi=flag,
            discarder=1,
        )
        result = score(ctx, self.options, validate=False)
        points = 0 if isinstance(result, NoWin) else result.points
        if known is not None:
            known[key] = points
        return points

    def _ready_draws(self, counts: list[int]) -> list[int]:
        """The kinds whose draw makes a 13-tile hand ready: from one from ready, the kinds
        that improve it; otherwise each draw is tried."""
        an = self.analysis
        sh, _accepted, kinds, _mask = an.analyse(counts)
        if sh == 1:
            return list(kinds)
        out = []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if an.shanten(counts) == 0:
                    out.append(k)
                counts[k] -= 1
        return out

    # ------------------------------------------------------------------ values

    def ready_value(self, counts: list[int], draws: int) -> float:
        chance, points = self.ready(counts)
        return points * win_chance(chance, draws, self.ready_end)

    def one_away_value(self, counts: list[int], draws: int) -> float:
        """Expected points of a one-from-ready 13-tile hand over ``draws`` own draws."""
        if draws <= 0:
            return 0.0
        # per improving kind: its draw chance and the best (chance, points) ready hand it allows
        options: list[tuple[float, list[tuple[float, float]]]] = []
        an = self.analysis
        for k in self._ready_draws(counts):
            left = self.unseen[k]
            if not left:
                continue
            counts[k] += 1
            readies = []
            _sh, stays = an.keeps(counts)  # the discards that leave the hand ready
            while stays:
                low = stays & -stays  # lowest kind first
                stays ^= low
                j = low.bit_length() - 1
                counts[j] -= 1
                readies.append(self.ready(counts))
                counts[j] += 1
            if readies:
                options.append((left / self.wall, readies))
            counts[k] -= 1
        if not options:
            return 0.0
        # best ready value after each improving kind, with r draws still to come
        # (each distinct ready hand once, its win chances over r draws computed once per chance;
        # the same products and sums as a loop over r, done a row at a time)
        best = [0.0] * draws
        curves, rows_of, end = self.curves, self.rows, self.ready_end
        for p, readies in options:
            rows = []
            for c, points in dict.fromkeys(readies):
                row = rows_of.get((c, points, draws, end))
                if row is None:
                    curve = curves.get((c, draws, end))
                    if curve is None:
                        curve = curves[c, draws, end] = [
                            win_chance(c, r, end) for r in range(draws)
                        ]
                    row = rows_of[c, points, draws, end] = list(map(mul, repeat(points), curve))
                rows.append(row)
            top = rows[0] if len(rows) == 1 else list(map(max, *rows))
            best = list(map(add, best, map(mul, repeat(p), top)))  # b + p * x, term by term
        stay = 1.0 - sum(p for p, _r in options)
        total = 0.0
        keep = 1.0 - self.end
        for i in range(draws):
            total += keep * best[draws - 1 - i]
            keep *= stay * (1.0 - self.end)
        return total


def win_chance(chance: float, draws: int, end: float) -> float:
    """The chance that a ready hand winning with ``chance`` per own draw wins within ``draws``
    draws while the deal may end each draw with the chance ``end``."""
    if chance <= 0.0 or draws <= 0:
        return 0.0
    go_on = (1.0 - chance) * (1.0 - end)
    return (1.0 - end) * chance * (1.0 - go_on**draws) / (1.0 - go_on)


def discard_values(spot: HandSpot, counts: list[int], kinds: Sequence[int]) -> dict[int, float]:
    """Expected points of discarding each of ``kinds`` from a 14-tile hand that is ready or
    one from ready, for the discards that keep it so (a discard that backs off is left out:
    the model undervalues an early riichi, so it must not trade a ready hand for a wider one)."""
    fastest = spot.analysis.shanten(counts)
    value = {0: spot.ready_value, 1: spot.one_away_value}.get(fastest)
    out: dict[int, float] = {}
    if value is None:
        return out
    for d in kinds:
        counts[d] -= 1
        if spot.analysis.analyse(counts)[0] == fastest:
            out[d] = value(counts, spot.draws)
        counts[d] += 1
    return out
