"""The strongest riichi level: every choice by expected points.

A discard (or a call, or riichi) is worth ``P(win) * value - risk``: ``P(win)`` comes from a small
Markov chain over the remaining own draws whose first step uses the real tile acceptance of the
hand after that discard; ``value`` is a han estimate (dora, red fives, yakuhai, tanyao, honitsu,
riichi) turned into points; ``risk`` is each threat's chance of being ready times the tile's
deal-in chance (genbutsu, suji, kabe, tiles passed since a riichi) times that threat's expected
hand. Pushing is weighed against folding onto the safest tile, so a cheap slow hand folds early
and a ready valuable one pushes. Reads only the seat's view and the events it may see."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.meld import MeldKind
from jantaku.players.bots import ExpertBot
from jantaku.players.reading import (
    counts_of_tiles,
    danger,
    dora_kinds,
    open_yaku_path,
    visible_counts,
    yakuhai_kinds,
)

__all__ = ["StrongBot", "han_points", "win_chance"]

_TURN = (ActionKind.DISCARD, ActionKind.RIICHI)
# typical unseen tiles that advance a hand one step, by shanten (0: ready -> win)
_TYPICAL_ACCEPT = (5.0, 20.0, 32.0, 42.0, 50.0, 56.0, 60.0, 60.0, 60.0)
# non-dealer points by han at 30 fu (limits from 5 han), a ron; the dealer gets half again
_HAN_POINTS = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000)


def han_points(han: float, dealer: bool) -> float:
    """Points of a hand of ``han`` (fractional han interpolate), at 30 fu."""
    if han <= 0:
        return 0.0
    h = min(han, 13.0)
    lo = int(h)
    base = _HAN_POINTS[min(lo, 12)]
    nxt = _HAN_POINTS[min(lo + 1, 12)] if lo < 13 else 32000
    pts = base + (nxt - base) * (h - lo)
    if lo >= 13:
        pts = 32000
    return pts * (1.5 if dealer else 1.0)


def win_chance(
    sh: int, first_accept: float, unseen: float, draws: int, ron: float, hazard: float = 0.0
) -> float:
    """Chance to win within ``draws`` own draws from shanten ``sh``: a chain whose first step
    advances with ``first_accept / unseen`` per draw and later steps with typical acceptance;
    the last step (ready -> win) counts ron chances too (``ron`` times the draw chance); each
    turn another seat ends the deal with chance ``hazard``."""
    if sh < 0:
        return 1.0
    if draws <= 0 or unseen <= 0:
        return 0.0
    steps = sh + 1  # stages to pass: sh..0 then the win
    qs = []
    for i in range(steps):
        stage = sh - i
        acc = first_accept if i == 0 else _TYPICAL_ACCEPT[min(stage, 8)]
        q = acc / unseen
        if stage == 0:
            q = 1.0 - (1.0 - q) ** ron  # a draw and ``ron`` discards of others per turn
        qs.append(min(0.95, q))
    dist = [1.0] + [0.0] * steps  # dist[i]: stages passed
    keep = 1.0 - hazard
    for _ in range(draws):
        for i in range(steps - 1, -1, -1):
            moved = dist[i] * qs[i]
            dist[i] = (dist[i] - moved) * keep
            dist[i + 1] += moved
    return dist[steps]


class StrongBot(ExpertBot):
    """Expected points with threat-weighed risk (see the module docstring)."""

    name = "strong"

    # tunables (measured in duplicate arenas against ``defensive``)
    ron_factor = 1.6
    risk_scale = 0.01  # danger() units -> deal-in chance against a ready hand
    future_turns = 4.0  # further pushed discards a push commits to
    future_deal_in = 0.06  # deal-in chance of each of those discards against a ready hand
    call_margin = 1.0  # a call must beat passing by this factor
    race = 0.75  # own win chance kept per opponent riichi (they may win first)
    # chance an open hand is ready, by calls, from halfway through the wall (measured on
    # defensive bots: one call makes a hand ready about 35-50% of the time mid-deal)
    open_ready = (0.0, 0.45, 0.6, 0.7, 1.0)
    riichi_han = 3.2  # expected han of a riichi hand (ura, ippatsu, tsumo and hidden dora)
    open_han = 1.9  # of an open hand, besides the dora it shows
    hazard = 0.0  # chance per own turn that another seat ends the deal
    end_bonus = 0.0  # a win also spares the losses another's win would bring
    appeal = True  # ready: weigh waits by how readily others let them go

    # ------------------------------------------------------------------ entry

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a.kind in (ActionKind.TSUMO, ActionKind.RON):
                return a
        if any(a.kind in _TURN for a in legal):
            return self.turn(view, legal)
        return self.call(view, legal)

    # ------------------------------------------------------------------ estimates

    def unseen_total(self, seen: Sequence[int]) -> float:
        return float(max(1, sum(4 - n for n in seen)))

    def draws_left(self, view: SeatView) -> int:
        return max(0, view.live_remaining // 4)

    def threat_model(self, view: SeatView) -> dict[int, tuple[float, float]]:
        """Per other seat: (chance it is ready, its expected hand in points)."""
        me = view.seat
        assert me is not None
        out: dict[int, tuple[float, float]] = {}
        doras = dora_kinds(view)
        ramp = max(0.1, min(1.0, (70 - view.live_remaining) / 35))
        for s, p in enumerate(view.seats):
            if s == me:
                continue
            dealer = s == view.dealer
            melded_dora = sum(
                sum(1 for t in m.tiles if t.red or (t.index >> 2) in doras) for m in p.melds
            )
            if p.riichi:
                han = self.riichi_han + melded_dora
                out[s] = (1.0, han_points(han, dealer))
                continue
            opened = sum(1 for m in p.melds if m.is_open)
            if not opened:
                continue
            yak = sum(
                1
                for m in p.melds
                if m.kind is not MeldKind.CHOW and m.first in yakuhai_kinds(view, s)
            )
            ready = self.open_ready[min(opened, 4)] * (1.0 if opened >= 4 else ramp)
            han = self.open_han + melded_dora + 0.5 * max(0, yak - 1)
            out[s] = (min(0.95, ready), han_points(han, dealer))
        return out

    def hand_han(
        self,
        view: SeatView,
        counts: Sequence[int],
        reds: int,
        closed: bool,
        meld_kinds: list[list[int]],
    ) -> float:
        """Expected han of the hand held (``counts`` after the discard): dora, reds, yakuhai,
        tanyao, honitsu, riichi and its extras; 0 when an open hand has no yaku in sight."""
        me = view.seat
        assert me is not None
        doras = dora_kinds(view)
        yakuhai = yakuhai_kinds(view, me)
        seat_wind = 27 + (me - view.dealer) % 4
        han = float(sum(counts[k] for k in doras) + reds)
        yaku = 0.0
        for group in meld_kinds:
            han += sum(1 for k in group if k in doras)
            if len(set(group)) == 1 and group[0] in yakuhai:
                w = 2.0 if group[0] == seat_wind and group[0] == 27 + view.round_wind else 1.0
                yaku += w
        for k in yakuhai:
            if counts[k] >= 3:
                yaku += 1.0
            elif counts[k] == 2:
                yaku += 0.45
        every = [k for k in range(34) if counts[k]] + [k for g in meld_kinds for k in g]
        off = sum(counts[k] for k in range(34) if k >= 27 or k % 9 in (0, 8))
        off += sum(1 for g in meld_kinds for k in g if k >= 27 or k % 9 in (0, 8))
        if off == 0 and (closed or self.kuitan):
            yaku += 1.0
        elif closed and off <= 2:
            yaku += 0.3 * (3 - off) / 3
        suits = {k // 9 for k in every if k < 27}
        if len(suits) == 1:
            yaku += 3.0 if closed else 2.0
        if closed:
            han += 1.0 + 0.5  # riichi, with ura / ippatsu / tsumo on average
            han += yaku
        else:
            if yaku < 0.9 and not open_yaku_path(counts, meld_kinds, yakuhai, self.kuitan):
                return 0.0
            han += max(yaku, 1.0)
        return han

    def reds_after(self, view: SeatView, discard: int | None) -> int:
        """Red fives kept (in hand and own melds) after discarding ``discard``."""
        me = view.seat
        assert me is not None
        reds = sum(1 for t in view.hand if t.red)
        reds += sum(1 for m in view.seats[me].melds for t in m.tiles if t.red)
        if discard is not None and discard < 27 and discard % 9 == 4:
            same = [t for t in view.hand if t.index >> 2 == discard]
            if same and all(t.red for t in same):
                reds -= 1
        return reds

    def tile_risk(
        self,
        view: SeatView,
        kind: int,
        thr: dict[int, tuple[float, float]],
        seen: Sequence[int],
    ) -> float:
        """Expected points lost by discarding ``kind`` now."""
        total = 0.0
        for s, (ready, value) in thr.items():
            d = danger(kind, view, s, seen, self.safe_extra(s))
            total += ready * min(0.4, d * self.risk_scale) * value
        return total

    def future_risk(self, thr: dict[int, tuple[float, float]], turns: float) -> float:
        return sum(ready * self.future_deal_in * value * turns for ready, value in thr.values())

    def race_factor(self, thr: dict[int, tuple[float, float]]) -> float:
        f = 1.0
        for ready, _v in thr.values():
            f *= 1.0 - (1.0 - self.race) * ready
        return f

    def hand_ev(
        self,
        view: SeatView,
        counts: list[int],
        melds: int,
        meld_kinds: list[list[int]],
        closed: bool,
        reds: int,
        seen: Sequence[int],
        draws: int,
        river: set[int] | None = None,
    ) -> tuple[float, int, float]:
        """(expected points, shanten, win chance) of a 3n+1 hand."""
        me = view.seat
        assert me is not None
        sh = shanten(counts, melds)
        acc = 0.0
        for k in range(34):
            held = counts[k]
            if held == 4:
                continue
            counts[k] = held + 1
            if shanten(counts, melds) < sh:
                left = max(0, 4 - seen[k])  # ``seen`` counts the own tiles already
                if sh == 0 and river is not None and self.appeal:
                    acc += left * self.wait_appeal(k, river)
                else:
                    acc += left
            counts[k] = held
        p = win_chance(sh, acc, self.unseen_total(seen), draws, self.ron_factor, self.hazard)
        han = self.hand_han(view, counts, reds, closed, meld_kinds)
        value = (
            han_points(han, me == view.dealer)
            + 300 * view.honba
            + 1000 * view.deposits
            + self.end_bonus
        )
        if han <= 0:
            value = 0.0
        return p * value, sh, p

    # ------------------------------------------------------------------ turn

    def turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        me = view.seat
        assert me is not None
        for a in legal:
            if a.kind is ActionKind.NINE_TERMINALS:
                return a
        kinds = sorted(
            {a.tile.index >> 2 for a in legal if a.kind is ActionKind.DISCARD and a.tile}
        )
        if not kinds:
            return next(a for a in legal if a.kind in _TURN)
        thr = self.threat_model(view)
        kan = self.concealed_kan(view, legal)
        if kan is not None and not thr:
            return kan
        counts = counts_of_tiles(view.hand)
        own = view.seats[me]
        melds = len(own.melds)
        meld_kinds = [[int(k) for k in m.kinds] for m in own.melds]
        closed = not any(m.is_open for m in own.melds)
        seen = visible_counts(view)
        draws = self.draws_left(view)
        race = self.race_factor(thr)
        river = {t.index >> 2 for t, _g, _r, _c in own.river}
        scored: dict[int, tuple[float, float, int]] = {}  # kind -> (push score, risk, shanten)
        for k in kinds:
            counts[k] -= 1
            ev, sh, _p = self.hand_ev(
                view,
                counts,
                melds,
                meld_kinds,
                closed,
                self.reds_after(view, k),
                seen,
                draws,
                river | {k},
            )
            counts[k] += 1
            risk = self.tile_risk(view, k, thr, seen) if thr else 0.0
            scored[k] = (ev * race - risk, risk, sh)
        low = min(scored[k][2] for k in kinds)
        push = max(
            (k for k in kinds if scored[k][2] == low),
            key=lambda k: (scored[k][0], -self.keep_value(view, k)),
        )
        if thr:
            fold = min(kinds, key=lambda k: (scored[k][1], -scored[k][0]))
            push_total = scored[push][0] - self.future_risk(thr, min(self.future_turns, draws))
            fold_total = -scored[fold][1]
            if fold_total > push_total:
                return self.pick_tile(legal, fold, ActionKind.DISCARD)
        riichi = self.riichi_pick(view, legal, scored, push)
        if riichi is not None:
            return riichi
        return self.pick_tile(legal, push, ActionKind.DISCARD)

    def riichi_pick(
        self,
        view: SeatView,
        legal: Sequence[Action],
        scored: dict[int, tuple[float, float, int]],
        push: int,
    ) -> Action | None:
        """Riichi whenever ready with live waits, on the discard whose waits and value are
        best among the near-best pushes."""
        kinds = {a.tile.index >> 2 for a in legal if a.kind is ActionKind.RIICHI and a.tile}
        if not kinds:
            return None
        evals = self.evaluate(view, legal)
        best_push = scored[push][0]
        good = [
            k
            for k in kinds
            if evals.get(k, (9, 0))[1] > 0
            and scored[k][0] >= best_push - max(500.0, abs(best_push) * 0.25)
        ]
        if not good:
            return None
        choice = max(good, key=lambda k: scored[k][0])
        return self.pick_tile(legal, choice, ActionKind.RIICHI)

    # ------------------------------------------------------------------ calls

    def call(self, view: SeatView, legal: Sequence[Action]) -> Action:
        me = view.seat
        assert me is not None
        pass_ = next(a for a in legal if a.kind is ActionKind.PASS)
        options = [a for a in legal if a.kind in (ActionKind.PON, ActionKind.CHI) and a.tile]
        if not options:
            return pass_
        thr = self.threat_model(view)
        counts = counts_of_tiles(view.hand)
        own = view.seats[me]
        melds = len(own.melds)
        meld_kinds = [[int(k) for k in m.kinds] for m in own.melds]
        closed = not any(m.is_open for m in own.melds)
        seen = visible_counts(view)
        draws = self.draws_left(view)
        race = self.race_factor(thr)
        now_ev, now_sh, _p = self.hand_ev(
            view, counts, melds, meld_kinds, closed, self.reds_after(view, None), seen, draws
        )
        base = now_ev * race
        if thr:
            base -= self.future_risk(thr, min(self.future_turns, draws))
            if now_sh >= 2:
                base = max(base, -self.future_risk(thr, 1.0))
        best: tuple[float, Action] | None = None
        for a in options:
            assert a.tile is not None
            k = a.tile.index >> 2
            after = list(counts)
            for t in a.tiles:
                after[t.index >> 2] -= 1
            group = sorted([k, *(t.index >> 2 for t in a.tiles)])
            kinds_after: list[list[int]] = [*meld_kinds, group]
            reds = self.reds_after(view, None) + (1 if a.tile.red else 0)
            value_best = None
            for j in range(34):
                if not after[j] or j == k:
                    continue
                after[j] -= 1
                ev, sh, _p = self.hand_ev(
                    view, after, melds + 1, kinds_after, False, reds, seen, draws
                )
                after[j] += 1
                if sh >= now_sh:
                    continue
                score = ev * race
                if thr:
                    score -= self.tile_risk(view, j, thr, seen) + self.future_risk(
                        thr, min(self.future_turns, draws)
                    )
                if value_best is None or score > value_best:
                    value_best = score
            if value_best is None:
                continue
            if (
                value_best > base * self.call_margin
                and value_best > 0
                and (best is None or value_best > best[0])
            ):
                best = (value_best, a)
        return best[1] if best is not None else pass_
